"""A post whose database connection is lost before its write commits (a PostgreSQL
restart, a cut network between the app and its database): the page "not saved, send
again", with what was typed, instead of a 500.

Nothing of such a post is stored (its transaction never committed), or, when only the
answer was lost after the commit, its one-time submission key makes the second send
get the first one's answer (services.submissions): either way, sending the same fields
again is safe. The page is rendered without the database (no context processor, no
session read): whatever broke, it renders. The posted fields go back as they came,
the CSRF token and the submission key included (still valid: the cookie has not
changed).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import get_language

logger = logging.getLogger(__name__)

# Not shown in the list of what was typed (they go back hidden all the same).
UNSHOWN = ("csrfmiddlewaretoken", "submission_key", "version", "number")


class NotSavedMiddleware:
    """Turns a lost database connection during a post into the "send again" page (503)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if request.method != "POST" or not isinstance(exception, OperationalError | InterfaceError):
            return None
        if any("password" in name for name in request.POST):
            return None  # a password is never written back into a page
        logger.error("Database lost during a post to %s: %s", request.path, exception)
        fields = [(name, value) for name, values in request.POST.lists() for value in values]
        html = render_to_string(
            "errors/not_saved.html",
            {
                "action": request.get_full_path(),
                "fields": fields,
                "shown": [(name, value) for name, value in fields if name not in UNSHOWN and value],
                "files": bool(request.FILES),
                "language": get_language(),
            },
        )
        response = HttpResponse(html, status=503)
        response["Retry-After"] = "5"
        response["Cache-Control"] = "no-store"
        return response
