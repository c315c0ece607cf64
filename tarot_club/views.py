"""Site pages that are not the club's: password reset according to the mail set-up, and
the scoring engine's code for the browser."""

from __future__ import annotations

import functools
import hashlib
import importlib
import io
import zipfile
from pathlib import Path

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseNotModified
from django.shortcuts import render

from tournaments.selectors.password_links import password_link_tokens


def password_reset(request: HttpRequest) -> HttpResponseBase:
    """Django's reset by mail when a mail server is configured (EMAIL_HOST); otherwise
    no form that would claim to send a mail: the person is told to ask his club's
    organiser, who makes him a one-time password link."""
    if settings.MAIL_CONFIGURED:
        return auth_views.PasswordResetView.as_view(token_generator=password_link_tokens)(request)
    return render(request, "registration/password_reset_unavailable.html")


# Checks the links password_link and the reset mail make, with their generator: Django's
# own confirm view would use default_token_generator and refuse every one of them.
password_reset_confirm = auth_views.PasswordResetConfirmView.as_view(
    token_generator=password_link_tokens
)


# --- the scoring engine for the browser (js/engine.js, docs/OFFLINE_ENGINE.md) ------

# What the browser runs: the engine, and the pure code between the hand form and it.
BUNDLE_MODULES = (
    "scoring",
    "tournaments.rules.hand_entry",
    # A duplicate board's checks (its named taker, its cards) and its deal's JSON form.
    "tournaments.rules.board_entry",
    "tournaments.rules.boards",
)


@functools.cache
def _scoring_bundle() -> tuple[bytes, str]:
    """A zip of the installed modules' .py files (their packages' __init__.py too), and
    its ETag: built once per process, the same bytes in every process (fixed dates)."""
    files: dict[str, Path] = {}
    for name in BUNDLE_MODULES:
        module = importlib.import_module(name)
        source = Path(module.__file__ or "")
        root = source.parents[name.count(".") + (source.name == "__init__.py")]
        parts = name.split(".")
        for depth in range(1, len(parts)):
            init = root.joinpath(*parts[:depth], "__init__.py")
            files[init.relative_to(root).as_posix()] = init
        paths = source.parent.rglob("*.py") if source.name == "__init__.py" else [source]
        for path in paths:
            files[path.relative_to(root).as_posix()] = path
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for arcname in sorted(files):
            info = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, files[arcname].read_bytes())
    data = buffer.getvalue()
    return data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"'


def scoring_bundle(request: HttpRequest) -> HttpResponse:
    """The `scoring` package as the browser loads it into Pyodide (unpackArchive): the
    same code as the server's, so an offline preview scores as the server would. The
    browser asks again each time (no-cache) and gets 304 while the code is the same."""
    data, etag = _scoring_bundle()
    response: HttpResponse
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(data, content_type="application/zip")
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response
