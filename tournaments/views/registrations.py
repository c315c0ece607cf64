"""Tournament registrations: registering entrants one by one, importing them from a
file, and marking them present or withdrawn.

Pages for the tournament's organisers only (access.require_event: its club's
organisers, its guest organisers, the federation).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from ..errors import Refused
from ..forms.tournament import ImportForm, RegistrationForm
from ..imports import ImportReport
from ..models import Club, Event, Registration
from ..models.collation import by_name
from ..rules import typography
from ..selectors import access, fairness
from ..selectors import tournament as selectors
from ..services import imports as import_services
from ..services import registrations as services
from ..tables import RegistrationTable
from ..tables.tournament import ImportErrorTable
from .organiser import organiser_required
from .submissions import Outcome, replayed, replays_submission, submit, submit_form
from .tournament import ENTRY_KINDS, TEMPLATES, organised_entry_event, posted

# The import names the column at fault by its key; the page shows it in words.
IMPORT_COLUMNS = {
    "name": gettext_lazy("name"),
    "licence": gettext_lazy("licence"),
    "club": gettext_lazy("club"),
    "team": gettext_lazy("team"),
    "fields": gettext_lazy("all columns"),
}


def _registrations_page(
    request: HttpRequest, event: Event, form: RegistrationForm, status: int = 200
) -> HttpResponse:
    registrations = selectors.event_registrations(event)
    table = RegistrationTable(registrations, teams=bool(event.team_size))
    RequestConfig(request).configure(table)
    return render(
        request,
        TEMPLATES + "registrations.html",
        {
            "event": event,
            "registrations": table,
            "counts": selectors.registration_counts(registrations),
            # Not refused at the desk (people arrive one by one); seating refuses.
            "teams_warning": fairness.teams_warning(event),
            "form": form,
            "import_form": ImportForm(),
        },
        status=status,
    )


def _new_player_clubs(request: HttpRequest, event: Event) -> Any:
    """The clubs a new entrant may be created in: the event's and the person's own
    (services.registrations.register_entrant)."""
    return Club.objects.filter(
        Q(pk=event.club_id) | Q(pk__in=access.organised_clubs(request.user))
    ).order_by(by_name())


@organiser_required
@replays_submission
def tournament_registrations(request: HttpRequest, pk: int) -> HttpResponse:
    event = organised_entry_event(request, pk)
    form = RegistrationForm(
        *posted(request),
        event=event,
        players=selectors.unregistered_players(event),
        clubs=_new_player_clubs(request, event),
        initial={"club": event.club},
    )
    if request.method == "POST" and form.is_valid():

        def write() -> Outcome:
            data = form.cleaned_data
            registration = services.register_entrant(
                by=request.user,
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

        response = submit_form(request, form, write)
        if response is not None:
            return response
    return _registrations_page(request, event, form)


@organiser_required
def tournament_import(request: HttpRequest, pk: int) -> HttpResponse:
    event = organised_entry_event(request, pk)
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
                by=request.user, event=event, file=upload.read(), filename=upload.name
            )
            if not done.ok:
                raise _NotImported(done)  # nothing was imported: the key stays unused
            return Outcome(data=_report_data(done))

        try:
            report = ImportReport(**submit(request, write).data)
        except _NotImported as refused:
            report = refused.report
        except Refused as error:  # the file itself (at "file"), or another refusal
            form.add_service_error(error)
    row_errors = [
        (e.row, IMPORT_COLUMNS.get(e.field, e.field), e.message)
        for e in (report.errors if report else [])
    ]
    return render(
        request,
        TEMPLATES + "import.html",
        {
            "event": event,
            "form": form,
            "report": report,
            "row_errors": row_errors,
            "error_table": ImportErrorTable(row_errors),
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
        event__kind__in=ENTRY_KINDS,
    )
    access.require_event(request.user, registration.event)
    present = request.POST.get("present") == "1"
    services.set_registration_present(by=request.user, registration=registration, present=present)
    if present:
        message = _("%(of_name)s presence counts from the next round seated.")
    else:
        message = _("%(of_name)s withdrawal counts from the next round seated.")
    # "Anne's presence" / "Présence d'Anne": the owner's form of the name, per language.
    of_name = typography.of_name(registration.player.name, get_language())
    messages.success(request, message % {"of_name": of_name})
    return redirect("tournament_registrations", pk=registration.event_id)
