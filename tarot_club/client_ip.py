"""The client's address behind the reverse proxies of docs/DEPLOYING.md, for django-axes.

Each trusted proxy in front of gunicorn writes the address it received the request from
into X-Forwarded-For, either replacing the header (nginx `$remote_addr`, as documented)
or appending to it (`$proxy_add_x_forwarded_for`). So with N trusted proxies the client is
the N-th entry from the right: whatever a client puts in the header itself sits further
left and is never read. Without proxies (N = 0) the socket's address is the client.

django-ipware was tried first: with one proxy its `proxy_count=1` expects two entries
and returns no address for nginx's single-entry header, and locks then fall on "None".
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The address django-axes counts failed logins against (AXES_CLIENT_IP_CALLABLE)."""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies: int = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if proxies <= 0:
        return remote
    forwarded = [
        entry.strip()
        for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if entry.strip()
    ]
    if len(forwarded) < proxies:
        # Fewer hops than proxies: the request did not come the documented way.
        return remote
    candidate = forwarded[-proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote  # not an address: a proxy we do not know wrote it
