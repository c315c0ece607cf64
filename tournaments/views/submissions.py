"""Views' side of the one-time submission keys (services.submissions).

A writing view puts its write in `submit`, which answers with an Outcome, and
`respond` turns it into the redirect and message, the first time as on a repeat.
`@replays_submission` answers a repeated post before the view reads anything, so
that the second tap of a delete gets the first tap's answer, not a 404.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.messages.storage.base import BaseStorage
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from ..errors import Refused
from ..forms.organiser import ServiceErrorMixin
from ..services import submissions
from ..services.submissions import Outcome

View = Callable[..., HttpResponse]

__all__ = [
    "Outcome",
    "action_of",
    "carried_fields",
    "edited_event_page",
    "replayed",
    "replays_submission",
    "respond",
    "submit",
    "submit_form",
    "submit_or_back",
    "submitted_form_page",
    "validation_message",
]


def action_of(request: HttpRequest) -> str:
    """The form a key belongs to: the view and its target, e.g. "hand_edit:12"."""
    match = request.resolver_match
    if match is None:
        return request.path[:100]
    target = ",".join(str(value) for value in (*match.args, *match.kwargs.values()))
    return f"{match.view_name}:{target}"[:100]


def submit(request: HttpRequest, write: Callable[[], Outcome]) -> Outcome:
    """Run `write` once for this post's key (see services.submissions.once)."""
    return submissions.once(
        submissions.posted_key(request.POST),
        user=request.user,
        action=action_of(request),
        write=write,
    )


def submit_form(
    request: HttpRequest, form: ServiceErrorMixin, write: Callable[[], Outcome]
) -> HttpResponse | None:
    """`submit` for a form page: the redirect once written, or None when the service
    refused (its Refused then stands on `form`, and the view renders the form again)."""
    try:
        outcome = submit(request, write)
    except Refused as error:
        form.add_service_error(error)
        return None
    return respond(request, outcome)


def submitted_form_page(
    request: HttpRequest,
    form: ServiceErrorMixin,
    write: Callable[[], Outcome],
    template: str,
    context: dict[str, Any],
) -> HttpResponse:
    """A page that creates something: a valid post is written once (`write`) and
    redirected; otherwise the page shows `form` again, with the service's refusal."""
    if request.method == "POST" and form.is_valid():
        response = submit_form(request, form, write)
        if response is not None:
            return response
    return render(request, template, {**context, "form": form})


def edited_event_page(
    request: HttpRequest,
    form: Any,
    update: Callable[..., object],
    *,
    message: str,
    manage: str,
    template: str,
    context: dict[str, Any],
) -> HttpResponse:
    """The page that edits `form.event`: a valid post goes to the service `update` (the
    form's service_fields, and whether to rescore the stored hands; no submission key: saving
    the same values twice saves the same) and back to its `manage` page with `message`;
    otherwise the page shows `form` again, with the service's refusal."""
    event = form.event
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            update(
                by=request.user,
                event=event,
                rescore=data.get("rescore", False),
                **form.service_fields(),
            )
        except Refused as error:
            form.add_service_error(error)
        else:
            messages.success(request, message)
            return redirect(manage, pk=event.pk)
    return render(request, template, {**context, "form": form, "event": event})


def validation_message(error: ValidationError) -> str:
    return " ".join(error.messages)


def submit_or_back(
    request: HttpRequest, write: Callable[[], Outcome], *, back: str
) -> HttpResponse:
    """Write once and follow the outcome; a refusal (ValidationError, or the service's
    Refused) is shown as a message on the page the button was on, `back`."""
    try:
        return respond(request, submit(request, write))
    except ValidationError as error:
        messages.error(request, validation_message(error))
    except Refused as error:
        messages.error(request, error.message)
    return redirect(back)


def carried_fields(request: HttpRequest) -> list[tuple[str, str]]:
    """The posted values a confirmation page sends back with its "confirm" button.

    The submission key goes back too, so the confirmed post is still the same one; the
    CSRF token is the page's own and "confirm" is what the page adds.
    """
    return [
        (name, value)  # type: ignore[misc]  # a posted name's last value: a str
        for name, value in request.POST.items()
        if name not in ("csrfmiddlewaretoken", "confirm")
    ]


def respond(request: HttpRequest, outcome: Outcome) -> HttpResponse:
    if outcome.message and not (outcome.replayed and _already_queued(request, outcome.message)):
        messages.add_message(request, outcome.level, outcome.message)
    return redirect(outcome.redirect_url)


def _already_queued(request: HttpRequest, message: str) -> bool:
    # The first tap's message may still wait to be shown: once is enough.
    storage = messages.get_messages(request)
    queued = any(str(m.message) == message for m in storage)
    if isinstance(storage, BaseStorage):  # always: MessageMiddleware is installed
        storage.used = False  # looking is not showing: keep them for the next page
    return queued


def replayed(request: HttpRequest) -> Outcome | None:
    if request.method != "POST":
        return None
    return submissions.recorded(
        submissions.posted_key(request.POST), user=request.user, action=action_of(request)
    )


def replays_submission(view: View) -> View:
    """Answer a post whose key was already used with the answer it got the first time."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        outcome = replayed(request)
        if outcome is not None and outcome.redirect_url:
            return respond(request, outcome)
        return view(request, *args, **kwargs)

    return wrapper
