"""Duplicate events, the organiser's side: create and configure one, seat its rounds
from the movement, name the tables' scorekeepers, publish it, download its workbook.
Boards, travellers and rulings are in duplicate_boards.py; registrations use the
tournament's pages (views.registrations).

Thin views: permission check (access.require_event), form, service call, render.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..exports.duplicate import duplicate_workbook
from ..forms.duplicate import DuplicateForm, SeatingForm, TableScorekeepersForm
from ..forms.organiser import rules_label
from ..models import Event
from ..selectors import access
from ..selectors import duplicate as selectors
from ..selectors import tournament as tournament_selectors
from ..selectors.access import full_names
from ..selectors.duplicate_cards import round_progress
from ..services import duplicate as services
from ..tables.duplicate import RoundProgressTable
from .organiser import organiser_action, organiser_required, publication_views
from .submissions import Outcome, submit_or_back
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
    data = selectors.duplicate_data(event, namer=full_names)  # an organiser's page
    registrations = tournament_selectors.event_registrations(event)
    progress = round_progress(data)
    table_numbers = sorted({t.table_number for b in data.boards.values() for t in b.lines})
    keepers = selectors.table_scorekeepers(event)
    candidates = access.scorekeeper_candidates(event)
    keeper_forms = [
        (
            number,
            TableScorekeepersForm(
                initial={"number": number, "scorekeepers": keepers.get(number, [])},
                candidates=candidates,
                auto_id=f"table{number}_%s",
            ),
        )
        for number in table_numbers
    ]
    return render(
        request,
        TEMPLATES + "manage.html",
        {
            "event": event,
            "section": "manage",
            "seated": bool(data.rounds),
            "round_tables": {
                number: RoundProgressTable(tables, event=event)
                for number, tables in progress.items()
            },
            "boards": list(data.boards.values()),
            "counts": tournament_selectors.registration_counts(registrations),
            "rules_label": rules_label(event.rules_name, event.rules.label),
            "seating_form": SeatingForm(),
            "keeper_forms": keeper_forms,
        },
    )


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


@organiser_action
def duplicate_scorekeepers(request: HttpRequest, pk: int) -> HttpResponse:
    event = organised_duplicate(request, pk)
    form = TableScorekeepersForm(request.POST, candidates=access.scorekeeper_candidates(event))
    if not form.is_valid():
        messages.error(request, _("Choose the scorekeepers among the club's people."))
        return redirect("duplicate_manage", pk=event.pk)

    def write() -> Outcome:
        services.set_table_scorekeepers(
            by=request.user,
            event=event,
            number=form.cleaned_data["number"],
            users=list(form.cleaned_data["scorekeepers"]),
        )
        return Outcome(
            redirect_url=reverse("duplicate_manage", args=[event.pk]),
            message=_("The scorekeepers of table %(number)s are saved.")
            % {"number": form.cleaned_data["number"]},
        )

    # Refused: someone's role ended since the page was shown.
    return submit_or_back(request, write, back=reverse("duplicate_manage", args=[event.pk]))


duplicate_publish, duplicate_unpublish = publication_views(
    selectors.duplicate_event,
    manage="duplicate_manage",
    published=gettext_lazy("The duplicate tournament is published: everyone can see its ranking."),
    unpublished=gettext_lazy("The duplicate tournament is no longer public."),
    # Its boards are entered and compared, not its tables' sheets validated.
    sheets_validated=False,
)


@organiser_required
def duplicate_export(request: HttpRequest, pk: int) -> HttpResponse:
    return duplicate_workbook(organised_duplicate(request, pk)).response()
