"""Login throttling behind the documented proxy: per username and address, never spoofed.

Behind nginx (AXES_PROXY_COUNT=1) every request reaches gunicorn from 127.0.0.1; the
client is in X-Forwarded-For. Five failures for one username from one address lock that
username from that address only.
"""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.test import Client, override_settings
from django.urls import reverse

from tarot_club.client_ip import client_address
from tests.conftest import PASSWORD

A = "203.0.113.5"
B = "198.51.100.9"
PROXY = "127.0.0.1"


def through_proxy(forwarded_for: str) -> Client:
    """A client whose requests arrive the way nginx passes them on."""
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded_for)


def log_in(client: Client, username: str, password: str) -> int:
    return client.post(reverse("login"), {"username": username, "password": password}).status_code


@pytest.mark.django_db
@override_settings(TRUSTED_PROXY_COUNT=1)
def test_five_failures_from_one_address_lock_that_address_only(scorekeeper, organiser):
    from_a = through_proxy(A)
    for _ in range(4):
        assert log_in(from_a, scorekeeper.username, "wrong") == 200
    assert log_in(from_a, scorekeeper.username, "wrong") == 429  # the fifth locks
    assert log_in(from_a, scorekeeper.username, PASSWORD) == 429
    # The same username from another address: the account is not locked for others.
    assert log_in(through_proxy(B), scorekeeper.username, PASSWORD) == 302
    # Another username from the locked address is not locked either.
    assert log_in(through_proxy(A), organiser.username, PASSWORD) == 302
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {A}


@pytest.mark.django_db
@override_settings(TRUSTED_PROXY_COUNT=1)
def test_a_forged_forwarded_entry_does_not_change_the_address(scorekeeper):
    # The attacker at A claims to be B; a proxy appending to the header passes "B, A".
    forger = through_proxy(f"{B}, {A}")
    for _ in range(5):
        log_in(forger, scorekeeper.username, "wrong")
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {A}
    assert log_in(through_proxy(B), scorekeeper.username, PASSWORD) == 302
    assert log_in(through_proxy(A), scorekeeper.username, PASSWORD) == 429


@pytest.mark.django_db
@override_settings(TRUSTED_PROXY_COUNT=0)
def test_without_a_proxy_the_header_is_ignored(scorekeeper):
    # Not behind a proxy: X-Forwarded-For is the client's own word, so it is not read.
    for forged in ("192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5"):
        log_in(Client(REMOTE_ADDR=A, HTTP_X_FORWARDED_FOR=forged), scorekeeper.username, "x")
    assert log_in(Client(REMOTE_ADDR=A), scorekeeper.username, PASSWORD) == 429
    assert log_in(Client(REMOTE_ADDR=B), scorekeeper.username, PASSWORD) == 302


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, f"{B}", PROXY),
        (1, f"{A}", A),
        (1, f"{B}, {A}", A),
        (2, f"{B}, {A}, 10.0.0.2", A),
        (1, "", PROXY),  # came around the proxy
        (2, f"{A}", PROXY),
        (1, "not-an-address", PROXY),
        (1, "2001:db8::1", "2001:db8::1"),
    ],
)
def test_client_address_is_the_entry_the_outermost_trusted_proxy_wrote(
    rf, settings, proxies, forwarded, expected
):
    settings.TRUSTED_PROXY_COUNT = proxies
    request = rf.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected
