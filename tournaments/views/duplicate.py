"""Duplicate events, the organiser's side: create and configure one, seat its rounds
from the movement, name the tables' scorekeepers, publish it, download its workbook.
Boards, travellers and rulings are in duplicate_boards.py; registrations use the
tournament's pages (views.registrations).

Thin views: permission check (access.require_event), form, service call, render.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ..exports.duplicate import duplicate_workbook
from ..forms.duplicate import DuplicateForm, SeatingForm, TableScorekeepersForm
from ..forms.organiser import rules_label
from ..models import Event
from ..selectors import access
from ..selectors import duplicate as selectors
from ..selectors import tournament as tournament_selectors
from ..selectors.access import full_names
from ..selectors.duplicate_cards import TableRound, event_progress
from ..services import duplicate as services
from ..tables.duplicate import RoundProgressTable
from ..tables.links import url_maker
from .organiser import organiser_action, organiser_required, publication_views
from .submissions import Outcome, replays_submission, submit_or_back
from .tournament import event_form_views

TEMPLATES = "tournaments/duplicate/"


def organised_duplicate(request: HttpRequest, pk: int) -> Event:
    event = selectors.duplicate_event(pk)
    access.require_event(request.user, event)
    return event


duplicate_create, duplicate_edit = event_form_views(
    DuplicateForm,
    organised=organised_duplicate,
    create=services.create_duplicate,
    update=services.update_duplicate,
    manage="duplicate_manage",
    template=TEMPLATES + "form.html",
    created=gettext_lazy("The duplicate tournament was created. Now register the players."),
    saved=gettext_lazy("The duplicate tournament was saved."),
    context={"section": "edit"},
)


@organiser_required
def duplicate_manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = organised_duplicate(request, pk)
    # Counts, not every result (duplicate_cards.event_progress): an organiser's page.
    progress, shown = event_progress(
        event, namer=full_names, shown=lambda rounds: _shown_round(request.GET.get("round"), rounds)
    )
    traveller = url_maker("duplicate_traveller", 2)
    tables_done = _tables_done()
    return render(
        request,
        TEMPLATES + "manage.html",
        {
            "event": event,
            "section": "manage",
            "seated": progress.seated,
            # One round at a time (the one being played by default; 300 rows at 30
            # tables x 10 rounds made the page far too slow), the others one tap away
            # in the rounds' links.
            "shown_round": shown,
            "round_table": (
                RoundProgressTable(progress.rounds[shown], event=event)
                if shown is not None
                else None
            ),
            "round_links": [
                (number, f"?round={number}#rounds", all(t.done for t in tables))
                for number, tables in progress.rounds.items()
            ],
            # Each board's button, worded here (30 translation tags with a count).
            "board_buttons": [
                (
                    board.number,
                    traveller(event.pk, board.number),
                    "btn-success"
                    if board.complete
                    else "btn-outline-success"
                    if board.entered
                    else "btn-outline-secondary",
                    tables_done(board.entered, board.tables),
                )
                for board in progress.boards
            ],
            "counts": tournament_selectors.count_registrations(event),
            "rules_label": rules_label(event.rules_name, event.rules.label),
            "seating_form": SeatingForm(),
            # The scorekeepers are named on their own page (duplicate_scorekeepers).
            "tables_kept": selectors.tables_with_scorekeepers(event),
            "table_count": len(progress.table_numbers),
        },
    )


def _tables_done() -> Callable[[int, int], str]:
    """The words of a board's button ("3 of 30 tables"), translated once a pair: the 30
    buttons say few different ones (most boards are at none or all of their tables),
    and ngettext was 40 Python calls a button."""
    said: dict[tuple[int, int], str] = {}

    def words(done: int, tables: int) -> str:
        if (done, tables) not in said:
            said[done, tables] = ngettext(
                "%(done)s of %(counter)s table", "%(done)s of %(counter)s tables", tables
            ) % {"done": done, "counter": tables}
        return said[done, tables]

    return words


def _shown_round(asked: str | None, progress: dict[int, list[TableRound]]) -> int | None:
    """The round `?round=` names, else the first with a board left to enter at one of
    its tables, else the last; None before the rounds are seated."""
    if not progress:
        return None
    if asked and asked.isdigit() and int(asked) in progress:
        return int(asked)
    playing = (n for n, tables in progress.items() if not all(t.done for t in tables))
    return next(playing, max(progress))


@organiser_action
def duplicate_seat(request: HttpRequest, pk: int) -> HttpResponse:
    event = organised_duplicate(request, pk)
    form = SeatingForm(request.POST)
    draw = form.is_valid() and form.cleaned_data["draw"]

    def write() -> Outcome:
        rounds = services.seat_duplicate(by=request.user, event=event, draw=draw)
        return Outcome(
            redirect_url=reverse("duplicate_manage", args=[event.pk]),
            message=_("%(count)s rounds are seated and the boards are ready.")
            % {"count": len(rounds)},
        )

    return submit_or_back(request, write, back=reverse("duplicate_manage", args=[event.pk]))


@organiser_action
def duplicate_unseat(request: HttpRequest, pk: int) -> HttpResponse:
    event = organised_duplicate(request, pk)

    def write() -> Outcome:
        services.clear_seating(by=request.user, event=event)
        return Outcome(
            redirect_url=reverse("duplicate_manage", args=[event.pk]),
            message=_("The seating and the boards were cleared."),
        )

    return submit_or_back(request, write, back=reverse("duplicate_manage", args=[event.pk]))


@organiser_required
@replays_submission
def duplicate_scorekeepers(request: HttpRequest, pk: int) -> HttpResponse:
    """The tables' scorekeepers (named once for every round: a table keeps its number).
    On their own page, not the event page the organiser reloads during play."""
    event = organised_duplicate(request, pk)
    page = reverse("duplicate_scorekeepers", args=[event.pk])
    if request.method != "POST":
        return _scorekeepers_page(request, event)
    form = TableScorekeepersForm(request.POST, candidates=access.scorekeeper_candidates(event))
    if not form.is_valid():
        messages.error(request, _("Choose the scorekeepers among the club's people."))
        return redirect(page)
    number = form.cleaned_data["number"]

    def write() -> Outcome:
        services.set_table_scorekeepers(
            by=request.user,
            event=event,
            number=number,
            users=list(form.cleaned_data["scorekeepers"]),
        )
        return Outcome(
            redirect_url=f"{page}#keepers-table-{number}",
            message=_("The scorekeepers of table %(number)s are saved.") % {"number": number},
        )

    # Refused: someone's role ended since the page was shown.
    return submit_or_back(request, write, back=page)


def _scorekeepers_page(request: HttpRequest, event: Event) -> HttpResponse:
    keepers = selectors.table_scorekeepers(event)
    candidates = access.scorekeeper_candidates(event)
    choices = TableScorekeepersForm.shown_choices(candidates)
    names = dict(choices)
    numbers = selectors.table_numbers(event)
    # One table's form is open: the one asked for (?table=, from its link), else the
    # first without a scorekeeper, so that after each save the next one waits; the
    # others are shown in words. A form a table listing the club's people, thirty
    # times, was most of the page.
    try:
        opened: int | None = int(request.GET.get("table", ""))
    except ValueError:
        opened = None
    if opened not in numbers:
        opened = next((number for number in numbers if not keepers.get(number)), None)
    keeper_tables = [
        (
            number,
            [names[user_id] for user_id in keepers.get(number, []) if user_id in names],
            TableScorekeepersForm(
                candidates=candidates,
                choices=choices,
                initial={"number": number, "scorekeepers": keepers.get(number, [])},
                auto_id=f"table{number}_%s",
            )
            if number == opened
            else None,
        )
        for number in numbers
    ]
    return render(
        request,
        TEMPLATES + "scorekeepers.html",
        {"event": event, "section": "scorekeepers", "keeper_tables": keeper_tables},
    )


duplicate_publish, duplicate_unpublish = publication_views(
    selectors.duplicate_event,
    manage="duplicate_manage",
    published=gettext_lazy("The duplicate tournament is published: everyone can see its ranking."),
    unpublished=gettext_lazy("The duplicate tournament is no longer public."),
    # Its boards are entered and compared, not its tables' sheets validated.
    sheets_validated=False,
)


@organiser_required
def duplicate_export(request: HttpRequest, pk: int) -> FileResponse:
    return duplicate_workbook(organised_duplicate(request, pk)).response()
