"""Tournament pages: the event itself (list, create, edit, manage), publication and
the workbook, plus the helpers the other tournament views share. Registrations live
in registrations.py, rounds in rounds.py, rankings in tournament_public.py.

Thin views: permission check, form, service call, render. Organiser pages are for
the people who organise the tournament (its club's organisers, its guest organisers,
the federation: access.require_event; anonymous users go to the login page, others
get 403); public pages show a published tournament to everyone and an unpublished one to
organisers only, as a preview (404 for everybody else).

The Excel workbook is for organisers only, even once the tournament is published:
it lists every hand with who took what, more than the public pages show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy
from django_tables2 import RequestConfig

from ..exports.tournament import tournament_workbook
from ..forms.organiser import ClubEventForm, rules_label
from ..forms.tournament import TournamentForm, team_mode_label
from ..models import Club, Event, Round
from ..selectors import access
from ..selectors import tournament as selectors
from ..services import events as event_services
from ..services import tournament as services
from ..tables import SeasonTable, TournamentTable
from .organiser import organiser_required, publication_views, resolve_club
from .submissions import Outcome, View, edited_event_page, replays_submission, submitted_form_page

TEMPLATES = "tournaments/tournament/"


def posted(request: HttpRequest, *, files: bool = False) -> tuple[Any, ...]:
    """A form's data: bound on POST, even to an empty POST (so that it shows its errors)."""
    if request.method != "POST":
        return ()
    return (request.POST, request.FILES) if files else (request.POST,)


def get_tournament(pk: int) -> Event:
    return get_object_or_404(
        Event.objects.select_related("club"), pk=pk, kind=Event.Kind.TOURNAMENT
    )


def get_round(pk: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("event__club"), pk=pk, event__kind=Event.Kind.TOURNAMENT
    )


# Events whose players register (the registration pages serve both).
ENTRY_KINDS = (Event.Kind.TOURNAMENT, Event.Kind.DUPLICATE)


def organised_entry_event(request: HttpRequest, pk: int) -> Event:
    """A tournament or a duplicate event, for a person who organises it."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk, kind__in=ENTRY_KINDS)
    access.require_event(request.user, event)
    return event


def organised_tournament(request: HttpRequest, pk: int) -> Event:
    """The tournament, for a person who organises it (else 404 or PermissionDenied)."""
    event = get_tournament(pk)
    access.require_event(request.user, event)
    return event


def organised_round(request: HttpRequest, pk: int) -> Round:
    """The tournament round, for a person who organises its tournament."""
    round_ = get_round(pk)
    access.require_event(request.user, round_.event)
    return round_


# --- the tournament ----------------------------------------------------------


@organiser_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    # Only what the person organises: his clubs' tournaments and seasons, and the
    # tournaments he is a guest organiser of.
    mine = selectors.tournaments().filter(pk__in=access.organised_events(request.user))
    tournaments = TournamentTable(mine.order_by("-date", "-pk"), prefix="t-")
    clubs = access.organised_clubs(request.user)
    seasons = SeasonTable(selectors.seasons().filter(club__in=clubs), prefix="s-")
    for table in (tournaments, seasons):
        RequestConfig(request).configure(table)
    return render(
        request, TEMPLATES + "list.html", {"tournaments": tournaments, "seasons": seasons}
    )


def _default_club(request: HttpRequest) -> Club | None:
    """The form's initial club: ?club=, the only club he organises, else his own club
    (access.home_club), never the first club by name, which an import of players from
    other clubs could change."""
    # Only the form's initial choice: a wrong ?club= leaves it empty instead of a 404.
    try:
        club = resolve_club(request)
    except Http404:
        return None
    if club is None:
        return access.home_club(request.user)
    return club if access.organises_club(request.user, club) else None


def new_event_form_args(request: HttpRequest) -> dict[str, Any]:
    """What the form of a new tournament or duplicate event takes: the clubs it may
    belong to and its initial values. A guest organiser only organises no club's
    events: PermissionDenied."""
    clubs = access.organised_clubs(request.user)
    if not clubs.exists():
        raise PermissionDenied
    initial = {"date": timezone.localdate(), "rules_name": "fft", "club": _default_club(request)}
    return {"clubs": clubs, "initial": initial}


def event_form_views(
    form_class: type[ClubEventForm],
    *,
    organised: Callable[[HttpRequest, int], Event],
    create: Callable[..., Event],
    update: Callable[..., Event],
    manage: str,
    template: str,
    created: Promise,
    saved: Promise,
    context: dict[str, Any],
) -> tuple[View, View]:
    """The create and edit views of one kind of club event (tournaments, duplicates): the
    services take the form's service_fields (and a new event its club); a new event goes
    on to its registrations, an edited one back to its `manage` page."""

    @organiser_required
    @replays_submission
    def create_view(request: HttpRequest) -> HttpResponse:
        form = form_class(*posted(request), **new_event_form_args(request))

        def write() -> Outcome:
            club = form.cleaned_data["club"]
            event = create(by=request.user, club=club, **form.service_fields())
            return Outcome(
                redirect_url=reverse("tournament_registrations", args=[event.pk]),
                message=str(created),
            )

        return submitted_form_page(request, form, write, template, {"event": None})

    @organiser_required
    def edit_view(request: HttpRequest, pk: int) -> HttpResponse:
        event = organised(request, pk)
        has_hands = event_services.event_has_hands(event)
        form = form_class.editing(event, *posted(request), has_hands=has_hands)
        return edited_event_page(
            request,
            form,
            update,
            message=str(saved),
            manage=manage,
            template=template,
            context={**context, "has_hands": has_hands},
        )

    return create_view, edit_view


@organiser_required
def tournament_manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = organised_tournament(request, pk)
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


tournament_create, tournament_edit = event_form_views(
    TournamentForm,
    organised=organised_tournament,
    create=services.create_tournament,
    update=services.update_tournament,
    manage="tournament_manage",
    template=TEMPLATES + "form.html",
    created=gettext_lazy("The tournament was created. Now register the players."),
    saved=gettext_lazy("The tournament was saved."),
    context={},
)

tournament_publish, tournament_unpublish = publication_views(
    get_tournament,
    manage="tournament_manage",
    published=gettext_lazy("The tournament is published: everyone can see its ranking."),
    unpublished=gettext_lazy("The tournament is no longer public."),
)


@organiser_required
def tournament_export(request: HttpRequest, pk: int) -> FileResponse:
    return tournament_workbook(organised_tournament(request, pk)).response()
