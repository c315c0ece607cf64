"""Tournament pages: the event, registrations and imports, rounds and their seating,
printables, rankings, publication and the workbook.

Thin views: permission check, form, service call, render. Organiser pages need the
"organise" permission (anonymous users go to the login page, others get 403);
public pages show a published tournament to everyone and an unpublished one to
organisers only, as a preview (404 for everybody else).

The Excel workbook is for organisers only, even once the tournament is published:
it lists every hand with who took what, more than the public pages show.
"""

from __future__ import annotations

import random
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.validators import slug_re
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ..errors import EventError
from ..exports.tournament import tournament_workbook
from ..forms.organiser import rules_label
from ..forms.tournament import (
    ImportForm,
    RegistrationForm,
    ScorekeepersForm,
    SwapForm,
    TournamentForm,
    team_mode_label,
)
from ..imports import ImportFileError, ImportReport
from ..models import Club, Event, Registration, Round
from ..rules.dealing import dealer_for
from ..selectors import public as public_selectors
from ..selectors import tournament as selectors
from ..selectors.ranking import round_numbers, team_ranking, tournament_ranking
from ..services import events as event_services
from ..services import imports as import_services
from ..services import tournament as services
from .organiser import organiser_required
from .public import visible_event
from .submissions import Outcome, replayed, replays_submission, respond, submit

TEMPLATES = "tournaments/tournament/"

# The import names the column at fault by its key; the page shows it in words.
IMPORT_COLUMNS = {
    "name": gettext_lazy("name"),
    "licence": gettext_lazy("licence"),
    "club": gettext_lazy("club"),
    "team": gettext_lazy("team"),
}


def posted(request: HttpRequest, *, files: bool = False) -> tuple[Any, ...]:
    """A form's data: bound on POST, even to an empty POST (so that it shows its errors)."""
    if request.method != "POST":
        return ()
    return (request.POST, request.FILES) if files else (request.POST,)


def validation_message(error: ValidationError) -> str:
    return " ".join(error.messages)


def get_tournament(pk: int) -> Event:
    return get_object_or_404(
        Event.objects.select_related("club"), pk=pk, kind=Event.Kind.TOURNAMENT
    )


def get_round(pk: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("event__club"), pk=pk, event__kind=Event.Kind.TOURNAMENT
    )


# --- the tournament ----------------------------------------------------------


@organiser_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        TEMPLATES + "list.html",
        {
            "tournaments": selectors.tournaments().order_by("-date", "-pk"),
            "seasons": selectors.seasons(),
        },
    )


def _default_club(request: HttpRequest) -> Club | None:
    slug = request.GET.get("club")
    if slug:
        if not slug_re.fullmatch(slug):  # e.g. a NUL byte, which PostgreSQL refuses
            return None
        return Club.objects.filter(slug=slug).first()
    clubs = list(Club.objects.all()[:2])
    return clubs[0] if len(clubs) == 1 else None


@organiser_required
@replays_submission
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(
        *posted(request),
        initial={"date": timezone.localdate(), "rules_name": "fft", "club": _default_club(request)},
    )
    if request.method == "POST" and form.is_valid():

        def write() -> Outcome:
            data = form.cleaned_data
            event = services.create_tournament(
                club=data["club"],
                name=data["name"],
                date=data["date"],
                rules_name=data["rules_name"],
                rounds_planned=data["rounds_planned"],
                deals_per_round=data["deals_per_round"],
                team_size=data["team_size"],
            )
            return Outcome(
                redirect_url=reverse("tournament_registrations", args=[event.pk]),
                message=_("The tournament was created. Now register the players."),
            )

        return respond(request, submit(request, write))
    return render(request, TEMPLATES + "form.html", {"form": form, "event": None})


@organiser_required
def tournament_edit(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_tournament(pk)
    has_hands = event_services.event_has_hands(event)
    form = TournamentForm(
        *posted(request),
        initial=TournamentForm.initial_for(event),
        event=event,
        has_hands=has_hands,
        current_rules=(event.rules_name, rules_label(event.rules_name, event.rules.label)),
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.update_tournament(
                event=event,
                name=data["name"],
                date=data["date"],
                rules_name=data["rules_name"],
                rescore=data.get("rescore", False),
                rounds_planned=data["rounds_planned"],
                deals_per_round=data["deals_per_round"],
                team_size=data["team_size"],
            )
        except EventError as error:
            form.add_service_error(error)
        else:
            messages.success(request, _("The tournament was saved."))
            return redirect("tournament_manage", pk=event.pk)
    return render(
        request, TEMPLATES + "form.html", {"form": form, "event": event, "has_hands": has_hands}
    )


@organiser_required
def tournament_manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_tournament(pk)
    rounds = selectors.event_rounds(event)
    registrations = selectors.event_registrations(event)
    upcoming = selectors.next_round_of(event, rounds[-1] if rounds else None)
    return render(
        request,
        TEMPLATES + "manage.html",
        {
            "event": event,
            "rounds": rounds,
            "counts": selectors.registration_counts(registrations),
            "rules_label": rules_label(event.rules_name, event.rules.label),
            "team_mode": team_mode_label(event.team_size),
            "can_generate": upcoming.can_generate,
            "all_rounds_seated": upcoming.all_seated,
            "next_number": upcoming.number,
        },
    )


@require_POST
@organiser_required
@replays_submission
def tournament_publish(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_tournament(pk)

    def write() -> Outcome:
        event_services.publish_event(event=event)
        return Outcome(
            redirect_url=reverse("tournament_manage", args=[event.pk]),
            message=_("The tournament is published: everyone can see its ranking."),
        )

    return respond(request, submit(request, write))


@require_POST
@organiser_required
@replays_submission
def tournament_unpublish(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_tournament(pk)

    def write() -> Outcome:
        event_services.unpublish_event(event=event)
        return Outcome(
            redirect_url=reverse("tournament_manage", args=[event.pk]),
            message=_("The tournament is no longer public."),
        )

    return respond(request, submit(request, write))


@organiser_required
def tournament_export(request: HttpRequest, pk: int) -> HttpResponse:
    return tournament_workbook(get_tournament(pk)).response()


# --- registrations -----------------------------------------------------------


def _registrations_page(
    request: HttpRequest, event: Event, form: RegistrationForm, status: int = 200
) -> HttpResponse:
    registrations = selectors.event_registrations(event)
    return render(
        request,
        TEMPLATES + "registrations.html",
        {
            "event": event,
            "registrations": registrations,
            "counts": selectors.registration_counts(registrations),
            "form": form,
            "import_form": ImportForm(),
        },
        status=status,
    )


@organiser_required
@replays_submission
def tournament_registrations(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_tournament(pk)
    form = RegistrationForm(
        *posted(request),
        event=event,
        players=selectors.unregistered_players(event),
        initial={"club": event.club},
    )
    if request.method == "POST" and form.is_valid():

        def write() -> Outcome:
            data = form.cleaned_data
            registration = services.register_entrant(
                event=event,
                player=data["player"],
                club=data["club"],
                name=data["name"],
                licence=data["licence"],
                team_name=data.get("team", ""),
            )
            return Outcome(
                redirect_url=reverse("tournament_registrations", args=[event.pk]),
                message=_("%(player)s is registered.") % {"player": registration.player.name},
            )

        try:
            outcome = submit(request, write)
        except EventError as error:
            form.add_service_error(error)
        else:
            return respond(request, outcome)
    return _registrations_page(request, event, form)


@organiser_required
def tournament_import(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_tournament(pk)
    form = ImportForm(*posted(request, files=True))
    report = None
    # The report is the answer, shown on this page rather than after a redirect: posting
    # the same file again is harmless (nobody is registered twice), and a repeated
    # submission key shows the first import's report, not "already registered: all".
    first = replayed(request)
    if first is not None:
        report = ImportReport(**first.data)
    elif request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]

        def write() -> Outcome:
            done = import_services.import_registrations(
                event=event, file=upload.read(), filename=upload.name
            )
            if not done.ok:
                raise _NotImported(done)  # nothing was imported: the key stays unused
            return Outcome(data=_report_data(done))

        try:
            report = ImportReport(**submit(request, write).data)
        except _NotImported as refused:
            report = refused.report
        except ImportFileError as error:
            form.add_error("file", error.message)
    return render(
        request,
        TEMPLATES + "import.html",
        {
            "event": event,
            "form": form,
            "report": report,
            "row_errors": [
                (e.row, IMPORT_COLUMNS.get(e.field, e.field), e.message)
                for e in (report.errors if report else [])
            ],
            # After an import the form is for another file: a new key, not the one used.
            "submission_done": report is not None and report.ok,
        },
    )


class _NotImported(Exception):
    def __init__(self, report: ImportReport) -> None:
        super().__init__()
        self.report = report


def _report_data(report: ImportReport) -> dict[str, Any]:
    # Only reports without errors are stored: their counts are all there is to show.
    return {name: value for name, value in vars(report).items() if name != "errors"}


@require_POST
@organiser_required
def registration_present(request: HttpRequest, pk: int) -> HttpResponse:
    registration = get_object_or_404(
        Registration.objects.select_related("player", "event"),
        pk=pk,
        event__kind=Event.Kind.TOURNAMENT,
    )
    present = request.POST.get("present") == "1"
    services.set_registration_present(registration=registration, present=present)
    if present:
        message = _("%(player)s is present from the next round seated.")
    else:
        message = _("%(player)s is withdrawn from the next round seated.")
    messages.success(request, message % {"player": registration.player.name})
    return redirect("tournament_registrations", pk=registration.event_id)


# --- rounds ------------------------------------------------------------------


@require_POST
@organiser_required
@replays_submission
def round_generate(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_tournament(pk)

    def write() -> Outcome:
        round_ = services.generate_round(event=event)
        return Outcome(
            redirect_url=reverse("round_manage", args=[round_.pk]),
            message=_("Round %(number)s is seated.") % {"number": round_.number},
        )

    try:
        return respond(request, submit(request, write))
    except ValidationError as error:
        messages.error(request, validation_message(error))
    return redirect("tournament_manage", pk=event.pk)


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
    scorekeepers_form = scorekeepers_form or ScorekeepersForm(tables=tables)
    fields = dict(scorekeepers_form.rows())
    later = Round.objects.filter(event=event, number__gt=round_.number).exists()
    refusal = selectors.redraw_refusal(
        round_, later_rounds=later, has_hands=any(t.hand_count for t in tables)
    )
    rows = [
        {
            "table": table,
            "seats": list(table.seats.all()),
            "pairs": meetings.by_table.get(table.pk, []),
            "scorekeepers": fields[table],
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
            "redraw_refusal": refusal,
        },
    )


@organiser_required
def round_manage(request: HttpRequest, pk: int) -> HttpResponse:
    return _round_page(request, get_round(pk))


@require_POST
@organiser_required
@replays_submission
def round_swap(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = get_round(pk)
    form = SwapForm(request.POST, tables=selectors.round_tables(round_))
    if form.is_valid():
        player_a, player_b = form.chosen()

        def write() -> Outcome:
            services.swap_players(round=round_, player_a=player_a, player_b=player_b)
            return Outcome(
                redirect_url=reverse("round_manage", args=[round_.pk]),
                message=_("%(a)s and %(b)s swapped seats.")
                % {"a": player_a.name, "b": player_b.name},
            )

        try:
            return respond(request, submit(request, write))
        except ValidationError as error:
            form.add_error(None, validation_message(error))
    return _round_page(request, round_, swap_form=form)


@require_POST
@organiser_required
@replays_submission
def round_redraw(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = get_round(pk)
    later = Round.objects.filter(event=round_.event, number__gt=round_.number).exists()
    has_hands = services.round_started(round_)
    refusal = selectors.redraw_refusal(round_, later_rounds=later, has_hands=has_hands)
    if refusal:
        messages.error(request, refusal)
        return redirect("round_manage", pk=round_.pk)
    if request.POST.get("confirm") != "1":
        # The first press only shows what the redraw would do; it takes a second one.
        carried = [
            (name, value)
            for name, value in request.POST.items()
            if name not in ("csrfmiddlewaretoken", "confirm")
        ]
        return render(
            request,
            TEMPLATES + "round_redraw_confirm.html",
            {
                "event": round_.event,
                "round": round_,
                "plan": selectors.redraw_plan(round_),
                "carried": carried,
            },
        )

    def write() -> Outcome:
        # A fresh attempt number each time: the same one would draw the same seating again.
        services.regenerate_round(round=round_, attempt=random.SystemRandom().randrange(1, 2**31))
        return Outcome(
            redirect_url=reverse("round_manage", args=[round_.pk]),
            message=_("Round %(number)s was redrawn.") % {"number": round_.number},
        )

    try:
        return respond(request, submit(request, write))
    except ValidationError as error:
        messages.error(request, validation_message(error))
    return redirect("round_manage", pk=round_.pk)


@require_POST
@organiser_required
@replays_submission
def round_scorekeepers(request: HttpRequest, pk: int) -> HttpResponse:
    round_ = get_round(pk)
    tables = selectors.round_tables(round_, with_scorekeepers=True)
    form = ScorekeepersForm(request.POST, tables=tables)
    if form.is_valid():

        def write() -> Outcome:
            services.set_scorekeepers(choices=form.choices())
            return Outcome(
                redirect_url=reverse("round_manage", args=[round_.pk]),
                message=_("The scorekeepers were saved."),
            )

        return respond(request, submit(request, write))
    return _round_page(request, round_, scorekeepers_form=form)


@organiser_required
def round_print(request: HttpRequest, pk: int) -> HttpResponse:
    """The seating of a round on one sheet, to pin up: by table, and players A to Z."""
    round_ = get_round(pk)
    tables = selectors.round_tables(round_)
    by_name = sorted(
        ((seat.player.name, table.number) for table in tables for seat in table.seats.all()),
        key=lambda item: item[0].casefold(),
    )
    return render(
        request,
        TEMPLATES + "round_print.html",
        {"event": round_.event, "round": round_, "tables": tables, "by_name": by_name},
    )


@organiser_required
def round_sheets(request: HttpRequest, pk: int) -> HttpResponse:
    """Blank paper score sheets, one table per printed page."""
    round_ = get_round(pk)
    event = round_.event
    tables = selectors.round_tables(round_)
    deals = event.deals_per_round or 10
    sheets = []
    for table in tables:
        seats = list(table.seats.all())
        # Seat 1 deals first and the deal moves on seat by seat (at 5 the dealer sits out).
        sheets.append(
            {
                "table": table,
                "seats": seats,
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


# --- rankings (public once published) ----------------------------------------


def _visible_tournament(request: HttpRequest, pk: int) -> Event:
    return visible_event(request, pk, kind=Event.Kind.TOURNAMENT)


def _ranking_context(event: Event, up_to_round: int | None) -> dict[str, Any]:
    rows = tournament_ranking(event, up_to_round=up_to_round)
    numbers = round_numbers(event)
    if up_to_round is not None:
        numbers = [n for n in numbers if n <= up_to_round]
    return {
        "event": event,
        "provisional": public_selectors.is_provisional(event),
        "numbers": numbers,
        "lines": selectors.ranking_lines(rows, numbers),
        "teams": team_ranking(rows) if event.team_size else [],
    }


def tournament_ranking_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = _visible_tournament(request, pk)
    context = _ranking_context(event, None)
    context["rounds"] = selectors.event_rounds(event)
    return render(request, TEMPLATES + "ranking.html", context)


def tournament_round_results(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = _visible_tournament(request, pk)
    round_ = get_object_or_404(Round, event=event, number=number)
    context = _ranking_context(event, number)
    context.update(
        {
            "round": round_,
            "tables": selectors.round_tables(round_),
            "rounds": selectors.event_rounds(event),
        }
    )
    return render(request, TEMPLATES + "round_results.html", context)
