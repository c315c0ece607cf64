"""Duplicate events, the organiser's boards: the printed boards (one page per board)
and the movement cards, each board's traveller with the quick entry of paper
travellers, and the arbiter's rulings.

Organisers of the event only (access.require_event); every write goes through
services.duplicate_results, once per submission key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..forms.duplicate import BoardRolesForm, SpecialResultForm, TravellerLineForm
from ..models import Hand, SpecialResult
from ..selectors import duplicate as selectors
from ..selectors import duplicate_boards as board_selectors
from ..selectors.access import full_names
from ..selectors.duplicate_cards import movement_cards
from ..selectors.duplicate_penalties import event_penalties, on_board
from ..selectors.duplicate_stored import attach_stored, board_numbers
from ..services import duplicate as event_services
from ..services import duplicate_results as services
from .duplicate import TEMPLATES, organised_duplicate
from .errors import place_line
from .organiser import organiser_action, organiser_required
from .submissions import Outcome, replays_submission, respond, submit, submit_form


@organiser_required
def duplicate_boards_print(request: HttpRequest, pk: int) -> HttpResponse:
    """One page per board: the four hands and the dog (or, dealt by hand, its label)."""
    event = organised_duplicate(request, pk)
    return render(
        request,
        TEMPLATES + "boards_print.html",
        {"event": event, "boards": board_selectors.printed_boards(event)},
    )


@organiser_required
def duplicate_diagrams(request: HttpRequest, pk: int) -> HttpResponse:
    """A diagram of the pack per board and orientation, several to an A4 page;
    `?marked=1` circles the cards the app dealt (to rebuild a board)."""
    event = organised_duplicate(request, pk)
    marked = request.GET.get("marked") == "1" and event.app_deals
    return render(
        request,
        TEMPLATES + "diagrams.html",
        {
            "event": event,
            "marked": marked,
            "diagrams": board_selectors.board_diagrams(event, marked=marked),
        },
    )


@organiser_required
def duplicate_cards(request: HttpRequest, pk: int) -> HttpResponse:
    event = organised_duplicate(request, pk)
    cards = movement_cards(selectors.duplicate_data(event, namer=full_names))
    return render(request, TEMPLATES + "cards.html", {"event": event, "cards": cards})


# --- the traveller ----------------------------------------------------------------------


FRESH = "__prefix__"  # the prefix of a traveller's form for the lines nobody entered


@dataclass(frozen=True)
class FreshLine:
    """A line nobody entered, on a GET: its prefix, for the copy of the page's one
    empty form (FRESH) that js/traveller.js puts in its row."""

    prefix: str
    fresh: bool = True
    open: bool = True
    non_field_errors: tuple[str, ...] = ()


def _line_forms(
    request: HttpRequest, event: Any, board: Any, info: Any, data: Any = None
) -> tuple[list[tuple[Any, TravellerLineForm | FreshLine | None]], TravellerLineForm | None]:
    """Each line with its form (or None), and the form the lines nobody entered are
    printed from on a GET (prefixed FRESH), if any."""
    # An entered line is shown in words with a link that opens its form (?edit=<table
    # number>): printing every line's open form made the page slow; on a GET it
    # has no form (None). A line not entered yet, or posted with a contract (to show
    # its errors), is open. A post builds every line's form (a line not posted is left
    # as it is: an empty contract).
    try:
        edit = int(request.GET.get("edit", ""))
    except ValueError:
        edit = None
    # The seats and stored hands of the lines that may get a form only (line.result
    # comes from the same hands): none on a GET of an entered traveller.
    with_form = [
        line
        for line in info.lines
        if data is not None or line.result is None or line.table_number == edit
    ]
    # A line's result is its stored hand's (duplicate_data read them): no query for the
    # hands of lines without one (a board nobody entered).
    stored = board_selectors.board_hands(
        board, [line for line in with_form if line.result is not None]
    )
    # Seats for a form that may be posted or starts from a stored hand: a line nobody
    # entered is only printed on a GET (its taker is chosen among orientations).
    seats = board_selectors.line_seats(
        [line for line in with_form if data is not None or line.table_id in stored]
    )
    rules = event.rules if with_form else None  # parsed from JSON: only for a form
    forms: list[tuple[Any, TravellerLineForm | FreshLine | None]] = []
    fresh: TravellerLineForm | None = None
    for line in info.lines:
        hand = stored.get(line.table_id)  # read for the lines with a result only
        if data is None and line.result is not None and line.table_number != edit:
            forms.append((line, None))  # shown in words: no form built for nothing
            continue
        line_seats = seats.get(line.table_id, [])
        prefix = f"t{line.table_id}"
        assert rules is not None  # this line is one of with_form
        if data is None and hand is None and line.table_number != edit:
            # A line nobody entered, on a GET: the same empty form (the board's taker
            # and contract, ready to confirm) for every such line. It is printed once,
            # in a <template> under the prefix FRESH, and the page's script
            # (js/traveller.js) puts a copy under each line's prefix, as Django's
            # formsets' empty_form is cloned: thirty forms built and printed one by
            # one were most of the page. Without the script, a line's link opens its
            # own form (?edit=).
            if fresh is None:
                initial = {"taker": board.named_taker, "contract": board.named_contract or None}
                fresh = TravellerLineForm(seats=[], rules=rules, prefix=FRESH, initial=initial)
            forms.append((line, FreshLine(prefix)))
            continue
        else:
            positions = {seat.player_id: seat.position for seat in line_seats}
            initial = (
                TravellerLineForm.initial_from_hand(hand, positions)
                if hand
                else {"taker": board.named_taker, "contract": board.named_contract or None}
            )
            form = TravellerLineForm(
                data, seats=line_seats, rules=rules, prefix=prefix, initial=initial
            )
            form.fresh = False
        form.line, form.stored = line, hand
        form.open = (
            hand is None
            or line.table_number == edit
            or bool(data and data.get(f"{form.prefix}-contract"))
        )
        forms.append((line, form))
    return forms, fresh


def _traveller_context(
    request: HttpRequest, event: Any, number: int, data: Any = None
) -> dict[str, Any]:
    board = selectors.board_of(event, number)
    # This board's lines only, their scores from the stored comparison
    # (services.board_results): not the whole event compared again.
    compared = attach_stored(selectors.duplicate_data(event, namer=full_names, board=board))
    info = compared.boards[number]
    forms, fresh = _line_forms(request, event, board, info, data)
    return {
        "board": board,
        "info": info,
        "forms": forms,
        "fresh": fresh,
        "numbers": board_numbers(event),
    }


def _render_traveller(request: HttpRequest, event: Any, context: dict[str, Any]) -> HttpResponse:
    info = context["info"]
    special_form = context.get("special_form") or SpecialResultForm(
        tables=[
            (line.table_id, _("Table %(number)s") % {"number": line.table_number})
            for line in info.lines
        ]
    )
    numbers = context["numbers"]
    return render(
        request,
        TEMPLATES + "traveller.html",
        {
            **context,
            "event": event,
            "special_form": special_form,
            # Read only when the board has some (duplicate_data counted them).
            "specials": board_selectors.board_specials(context["board"]) if info.rulings else [],
            "deal_refusals": board_selectors.deal_refusals(context["board"]),
            "penalties": on_board(event_penalties(event, namer=full_names), info.number),
            "roles_form": context.get("roles_form")
            or BoardRolesForm(
                initial={
                    "taker": context["board"].taker,
                    "dealer": context["board"].dealer,
                    "contract": context["board"].contract,
                }
            ),
            "average": event.comparison == event.Comparison.DIFFERENCE,
            "previous": max((n for n in numbers if n < info.number), default=None),
            "next": min((n for n in numbers if n > info.number), default=None),
        },
    )


def _changed_lines(forms: list[tuple[Any, TravellerLineForm]]) -> list[services.TravellerLine]:
    lines = []
    for line, form in forms:
        if not form.entered or not form.has_changed():
            continue
        stored: Hand | None = form.stored
        hand = form.build_hand(Hand(pk=stored.pk) if stored else None)
        lines.append(
            services.TravellerLine(
                table=board_selectors.table_of(line.table_id),
                hand=hand,
                expected_version=form.cleaned_data.get("version") if stored else None,
                ruling=bool(form.cleaned_data.get("ruling")),
            )
        )
    return lines


@organiser_required
@replays_submission
def duplicate_traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = organised_duplicate(request, pk)
    if request.method != "POST":
        return _render_traveller(request, event, _traveller_context(request, event, number))
    context = _traveller_context(request, event, number, request.POST)
    forms = context["forms"]
    if all(form.is_valid() for _line, form in forms):
        lines = _changed_lines(forms)

        def write() -> Outcome:
            saved = services.save_traveller(by=request.user, board=context["board"], lines=lines)
            return Outcome(
                redirect_url=reverse("duplicate_traveller", args=[event.pk, number]),
                message=ngettext(
                    "Board %(number)s: %(count)s line saved.",
                    "Board %(number)s: %(count)s lines saved.",
                    saved,
                )
                % {"number": number, "count": saved},
            )

        try:
            return respond(request, submit(request, write))
        except services.TravellerRefused as refused:
            for line, form in forms:
                error = refused.lines.get(line.table_id)
                if error is not None:
                    place_line(form, error)
    return _render_traveller(request, event, context)


@organiser_action
def duplicate_special(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = organised_duplicate(request, pk)
    board = selectors.board_of(event, number)
    context = _traveller_context(request, event, number)
    info = context["info"]
    form = SpecialResultForm(
        request.POST,
        tables=[(line.table_id, str(line.table_number)) for line in info.lines],
    )
    if form.is_valid():
        data = form.cleaned_data

        def write() -> Outcome:
            services.set_special_result(
                by=request.user,
                board=board,
                table=board_selectors.table_of(data["table"]),
                kind=data["kind"],
                orientation=data["orientation"],
            )
            return Outcome(
                redirect_url=reverse("duplicate_traveller", args=[event.pk, number]),
                message=_("The ruling on board %(number)s is saved.") % {"number": number},
            )

        response = submit_form(request, form, write)
        if response is not None:
            return response
    context["special_form"] = form
    return _render_traveller(request, event, context)


@organiser_action
def duplicate_special_clear(request: HttpRequest, pk: int) -> HttpResponse:
    special: SpecialResult = selectors.special_result(pk)
    event = special.board.event
    organised_duplicate(request, event.pk)
    number = special.board.number

    def write() -> Outcome:
        services.clear_special_result(by=request.user, special=special)
        return Outcome(
            redirect_url=reverse("duplicate_traveller", args=[event.pk, number]),
            message=_("The ruling was withdrawn."),
        )

    return respond(request, submit(request, write))


@organiser_action
def duplicate_board_roles(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The organiser names another taker or dealer for a board, until it is played."""
    event = organised_duplicate(request, pk)
    board = selectors.board_of(event, number)
    form = BoardRolesForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data

        def write() -> Outcome:
            event_services.set_board_roles(
                by=request.user,
                board=board,
                taker=data["taker"],
                dealer=data["dealer"],
                contract=data["contract"],
            )
            return Outcome(
                redirect_url=reverse("duplicate_traveller", args=[event.pk, number]),
                message=_("Board %(number)s: taker, dealer and contract saved.")
                % {"number": number},
            )

        response = submit_form(request, form, write)
        if response is not None:
            return response
    context = _traveller_context(request, event, number)
    context["roles_form"] = form
    return _render_traveller(request, event, context)
