"""Tournament rounds: seating the next round, swapping players, redrawing, choosing
scorekeepers, and the printables (seating sheet, blank score sheets).

Pages for the tournament's organisers only (access.require_event: its club's
organisers, its guest organisers, the federation), the printables included.
"""

from __future__ import annotations

import random

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from ..forms.tournament import ScorekeepersForm, SwapForm
from ..models import Round
from ..rules.collation import sort_key
from ..rules.dealing import dealer_for
from ..selectors import access, fairness
from ..selectors import tournament as selectors
from ..services import rounds as services
from ..services import tables as table_services
from .names import rename_seated
from .organiser import organiser_action, organiser_required
from .submissions import (
    Outcome,
    carried_fields,
    submit_form,
    submit_or_back,
)
from .tournament import TEMPLATES, organised_round, organised_tournament


@organiser_action
def round_generate(request: HttpRequest, pk: int) -> HttpResponse:
    event = organised_tournament(request, pk)

    def write() -> Outcome:
        round_ = services.generate_round(by=request.user, event=event)
        return Outcome(
            redirect_url=reverse("round_manage", args=[round_.pk]),
            message=_("Round %(number)s is seated.") % {"number": round_.number},
        )

    return submit_or_back(request, write, back=reverse("tournament_manage", args=[event.pk]))


def _round_page(
    request: HttpRequest,
    round_: Round,
    *,
    swap_form: SwapForm | None = None,
    scorekeepers_form: ScorekeepersForm | None = None,
) -> HttpResponse:
    event = round_.event
    tables = selectors.round_tables(round_, with_scorekeepers=True)
    meetings = selectors.round_meetings(round_, tables)
    scorekeepers_form = scorekeepers_form or ScorekeepersForm(
        tables=tables, candidates=access.scorekeeper_candidates(event)
    )
    fields = dict(scorekeepers_form.rows())
    rows = [
        {
            "table": table,
            "seats": list(table.seats.all()),
            "pairs": meetings.by_table.get(table.pk, []),
            "scorekeepers": fields[table],
            "plan": fairness.table_plan(table, event),
            "mode": fairness.table_mode(table),
        }
        for table in tables
    ]
    return render(
        request,
        TEMPLATES + "round.html",
        {
            "event": event,
            "round": round_,
            "rows": rows,
            "meetings": meetings,
            "validated": sum(1 for t in tables if t.is_validated),
            "swap_form": swap_form or SwapForm(tables=tables),
            "scorekeepers_form": scorekeepers_form,
            "redraw_refusal": selectors.redraw_refusal(round_),
            "deals_notice": fairness.deals_notice(event, tables),
        },
    )


@organiser_required
def round_manage(request: HttpRequest, pk: int) -> HttpResponse:
    return _round_page(request, organised_round(request, pk))


@organiser_action
def round_swap(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = organised_round(request, pk)
    form = SwapForm(request.POST, tables=selectors.round_tables(round_))
    if form.is_valid():
        player_a, player_b = form.chosen()
        if request.POST.get("confirm") != "1":
            # A swap moves two players at once and the printed seating goes stale, as a
            # redraw does: the first press says what would move (or why it cannot).
            seats = selectors.swap_seats(round_, player_a, player_b)
            refusal = selectors.swap_refusal(round_, player_a, player_b, seats)
            if refusal is None:
                return render(
                    request,
                    TEMPLATES + "round_swap_confirm.html",
                    {
                        "event": round_.event,
                        "round": round_,
                        "seat_a": seats[player_a.pk],
                        "seat_b": seats[player_b.pk],
                        "carried": carried_fields(request),
                    },
                )
            form.add_error(None, refusal)
            return _round_page(request, round_, swap_form=form)

        def write() -> Outcome:
            services.swap_players(
                by=request.user, round=round_, player_a=player_a, player_b=player_b
            )
            return Outcome(
                redirect_url=reverse("round_manage", args=[round_.pk]),
                message=_("%(a)s and %(b)s swapped seats.")
                % {"a": player_a.name, "b": player_b.name},
            )

        response = submit_form(request, form, write)
        if response is not None:
            return response
    return _round_page(request, round_, swap_form=form)


@organiser_action
def round_redraw(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = organised_round(request, pk)
    refusal = selectors.redraw_refusal(round_)
    if refusal:
        messages.error(request, refusal)
        return redirect("round_manage", pk=round_.pk)
    if request.POST.get("confirm") != "1":
        # The first press only shows what the redraw would do; it takes a second one.
        return render(
            request,
            TEMPLATES + "round_redraw_confirm.html",
            {
                "event": round_.event,
                "round": round_,
                "plan": selectors.redraw_plan(round_),
                "carried": carried_fields(request),
            },
        )

    def write() -> Outcome:
        # A fresh attempt number each time: the same one would draw the same seating again.
        services.regenerate_round(
            by=request.user, round=round_, attempt=random.SystemRandom().randrange(1, 2**31)
        )
        return Outcome(
            redirect_url=reverse("round_manage", args=[round_.pk]),
            message=_("Round %(number)s was redrawn.") % {"number": round_.number},
        )

    return submit_or_back(request, write, back=reverse("round_manage", args=[round_.pk]))


@organiser_action
def round_scorekeepers(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = organised_round(request, pk)
    tables = selectors.round_tables(round_, with_scorekeepers=True)
    form = ScorekeepersForm(
        request.POST, tables=tables, candidates=access.scorekeeper_candidates(round_.event)
    )
    if form.is_valid():

        def write() -> Outcome:
            table_services.set_scorekeepers(by=request.user, choices=form.choices())
            return Outcome(
                redirect_url=reverse("round_manage", args=[round_.pk]),
                message=_("The scorekeepers were saved."),
            )

        # Refused: a person's role ended since the page was shown.
        response = submit_form(request, form, write)
        if response is not None:
            return response
    return _round_page(request, round_, scorekeepers_form=form)


@organiser_required
def round_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The seating of a round on one sheet, to pin up: by table, and players A to Z.
    It hangs in a public hall, so players read as they chose (public names), as on the
    hall screen; the score sheets handed to each table (round_sheets) keep full names."""
    round_ = organised_round(request, pk)
    tables = selectors.round_tables(round_)
    rename_seated(tables, access.public_names)
    by_name = sorted(
        ((seat.player.name, table.number) for table in tables for seat in table.seats.all()),
        key=lambda item: sort_key(item[0]),  # French order (rules.collation)
    )
    # The deals each table plays (a table of 5 where the dealer sits out plays more).
    for table in tables:
        table.plan = fairness.table_plan(table, round_.event)  # type: ignore[attr-defined]  # for the template
        table.mode = fairness.table_mode(table)  # type: ignore[attr-defined]  # for the template
    return render(
        request,
        TEMPLATES + "round_print.html",
        {"event": round_.event, "round": round_, "tables": tables, "by_name": by_name},
    )


@organiser_required
def round_sheets(request: HttpRequest, pk: int) -> HttpResponse:
    """Blank paper score sheets, one table per printed page."""
    round_ = organised_round(request, pk)
    event = round_.event
    tables = selectors.round_tables(round_)
    sheets = []
    for table in tables:
        seats = list(table.seats.all())
        plan = fairness.table_plan(table, event)
        # The table's planned deals (5 for every 4 at a table of 5 where the dealer sits
        # out); 10 rows when the format sets no number.
        deals = plan.deals if plan else event.deals_per_round or 10
        # Seat 1 deals first and the deal moves on seat by seat (at 5 the dealer sits out).
        sheets.append(
            {
                "table": table,
                "seats": seats,
                "plan": plan,
                "mode": fairness.table_mode(table, len(seats)),
                "deals": [
                    {"number": n, "dealer": dealer_for(n, seats).player if seats else None}
                    for n in range(1, deals + 1)
                ],
            }
        )
    return render(
        request,
        TEMPLATES + "round_sheets.html",
        {"event": event, "round": round_, "sheets": sheets},
    )
