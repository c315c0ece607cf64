"""The arbiter's penalties of a duplicate event: the organiser's page that lists,
gives and withdraws them (services.penalties)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from ..forms.duplicate import PenaltyForm
from ..selectors.access import full_names
from ..selectors.duplicate_penalties import (
    event_penalties,
    penalty_holders,
    penalty_of,
    penalty_targets,
)
from ..selectors.duplicate_stored import board_numbers
from ..services import penalties as services
from .duplicate import TEMPLATES, organised_duplicate
from .organiser import organiser_action, organiser_required
from .submissions import Outcome, replays_submission, respond, submit, submit_form


def _form(event: Any, data: Any = None, initial: dict[str, Any] | None = None) -> PenaltyForm:
    return PenaltyForm(
        data,
        initial=initial,
        holders=penalty_holders(event),
        boards=[(n, _("Board %(number)s") % {"number": n}) for n in board_numbers(event)],
        unit=(
            _("In points, taken off the sum of differences.")
            if event.comparison == event.Comparison.DIFFERENCE
            else _("In percent of a board: 25 on a session of 20 boards takes 1.25 off.")
        ),
    )


def _page(request: HttpRequest, event: Any, form: PenaltyForm) -> HttpResponse:
    return render(
        request,
        TEMPLATES + "penalties.html",
        {
            "event": event,
            "section": "penalties",
            "form": form,
            "penalties": event_penalties(event, namer=full_names),
        },
    )


@organiser_required
@replays_submission
def duplicate_penalties(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's penalties, and the form that gives one (`?board=N` chooses the
    board, from its traveller)."""
    event = organised_duplicate(request, pk)
    if request.method != "POST":
        board = request.GET.get("board", "")
        return _page(request, event, _form(event, initial={"board": board} if board else None))
    form = _form(event, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        player_id, team_id = form.holder_ids()

        def write() -> Outcome:
            player, team, board = penalty_targets(event, player_id, team_id, data["board"])
            services.give_penalty(
                by=request.user,
                event=event,
                amount=data["amount"],
                reason=data["reason"],
                player=player,
                team=team,
                board=board,
            )
            return Outcome(
                redirect_url=reverse("duplicate_penalties", args=[event.pk]),
                message=_("The penalty is given."),
            )

        response = submit_form(request, form, write)
        if response is not None:
            return response
    return _page(request, event, form)


@organiser_action
def duplicate_penalty_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    penalty = penalty_of(pk)
    event = organised_duplicate(request, penalty.event_id)

    def write() -> Outcome:
        services.withdraw_penalty(by=request.user, penalty=penalty)
        return Outcome(
            redirect_url=reverse("duplicate_penalties", args=[event.pk]),
            message=_("The penalty was withdrawn."),
        )

    return respond(request, submit(request, write))


__all__ = ["duplicate_penalties", "duplicate_penalty_withdraw"]
