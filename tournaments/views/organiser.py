"""Organiser pages: club players, club nights, seating, publication.

Thin views: permission check, form, service call, render. Anonymous users are
sent to the login page; logged-in users who organise nothing get 403, and so does an
organiser on a page of an object (player, event, table) of a club he does not organise
(selectors.access.require_club / require_event, the services check again).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.validators import slug_re
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ..errors import Refused
from ..forms.organiser import (
    ClubNightForm,
    PlayerFilterForm,
    PlayerForm,
    TableForm,
    rules_label,
)
from ..models import Club, Event, Player, Table
from ..selectors import access
from ..selectors import public as public_selectors
from ..selectors.access import is_organiser
from ..selectors.standings import club_players, event_dashboard
from ..services import events as services
from ..services import players as player_services
from ..services import tables as table_services
from ..tables import PlayerTable, configure
from .submissions import (
    Outcome,
    carried_fields,
    edited_event_page,
    replays_submission,
    respond,
    submit,
    submit_or_back,
    submitted_form_page,
)

View = Callable[..., HttpResponse]


# A page or a file (an export's FileResponse): the guarded view's own type.
AnyView = TypeVar("AnyView", bound=Callable[..., HttpResponseBase])


def organiser_required(view: AnyView) -> AnyView:
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not is_organiser(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    # The wrapper takes what `view` takes and answers what it answers.
    return cast(AnyView, login_required(wrapper))


def organiser_action(view: View) -> View:
    """An organiser's button: a POST only, by an organiser, done once however often the
    same submission arrives (replays_submission)."""
    return require_POST(organiser_required(replays_submission(view)))


# --- the club being worked on ------------------------------------------------


def resolve_club(request: HttpRequest) -> Club | None:
    """The club named by ?club=<slug> (403 unless the user organises it), else the only
    club he organises; None when there is a choice to make (or no club at all)."""
    slug = request.GET.get("club")
    if slug:
        if not slug_re.fullmatch(slug):  # e.g. a NUL byte, which PostgreSQL refuses
            raise Http404
        club = get_object_or_404(Club, slug=slug)
        access.require_club(request.user, club)
        return club
    clubs = list(access.organised_clubs(request.user)[:2])
    return clubs[0] if len(clubs) == 1 else None


def choose_club(request: HttpRequest) -> HttpResponse:
    """The clubs the user organises (every club for the federation)."""
    return render(
        request,
        "tournaments/organiser/club_choice.html",
        {"clubs": access.organised_clubs(request.user), "path": request.path},
    )


def club_page(view: Callable[..., HttpResponse]) -> View:
    """A page about one club: `view(request, club, ...)` with resolve_club's club, or
    the choice of his clubs when he must choose."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        club = resolve_club(request)
        if club is None:
            return choose_club(request)
        return view(request, club, *args, **kwargs)

    return wrapper


def with_club(url: str, club: Club) -> str:
    return f"{url}?{urlencode({'club': club.slug})}"


# --- players -----------------------------------------------------------------


@organiser_required
@club_page
def player_list(request: HttpRequest, club: Club) -> HttpResponse:
    filter_form = PlayerFilterForm(request.GET)
    status, search = filter_form.filters()
    table = PlayerTable(club_players(club, status=status, search=search))
    configure(table, request)  # pages of the table's own size (tables.common.PER_PAGE)
    return render(
        request,
        "tournaments/organiser/player_list.html",
        {"club": club, "table": table, "filter_form": filter_form, "status": status},
    )


@organiser_required
@replays_submission
@club_page
def player_create(request: HttpRequest, club: Club) -> HttpResponse:
    form = PlayerForm(request.POST or None)

    def write() -> Outcome:
        player = player_services.create_player(by=request.user, club=club, **form.cleaned_data)
        return Outcome(
            redirect_url=with_club(reverse("player_list"), club),
            message=_("%(player)s was added.") % {"player": player.name},
        )

    return submitted_form_page(
        request,
        form,
        write,
        "tournaments/organiser/player_form.html",
        {"club": club, "player": None},
    )


@organiser_required
def player_edit(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    access.require_club(request.user, player.club_id)
    initial = {
        "name": player.name,
        "licence": player.licence,
        "active": player.active,
        "public_name_style": player.public_name_style,
    }
    form = PlayerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            player_services.update_player(by=request.user, player=player, **form.cleaned_data)
        except Refused as error:
            form.add_service_error(error)
        else:
            messages.success(request, _("%(player)s was saved.") % {"player": player.name})
            return redirect(with_club(reverse("player_list"), player.club))
    return render(
        request,
        "tournaments/organiser/player_form.html",
        {"club": player.club, "form": form, "player": player},
    )


# --- club nights -------------------------------------------------------------


@organiser_required
@replays_submission
@club_page
def event_create(request: HttpRequest, club: Club) -> HttpResponse:
    today = timezone.localdate()
    form = ClubNightForm(
        request.POST or None,
        initial={
            "date": today,
            "rules_name": "fft",
            "name": _("Club night of %(date)s") % {"date": date_format(today, "SHORT_DATE_FORMAT")},
        },
    )

    def write() -> Outcome:
        event = services.create_club_night(by=request.user, club=club, **form.service_fields())
        return Outcome(
            redirect_url=reverse("event_manage", args=[event.pk]),
            message=_("The club night was created. Now seat the tables."),
        )

    return submitted_form_page(
        request, form, write, "tournaments/organiser/event_form.html", {"club": club, "event": None}
    )


@organiser_required
def event_edit(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    access.require_event(request.user, event)
    has_hands = services.event_has_hands(event)
    form = ClubNightForm.editing(event, request.POST or None, has_hands=has_hands)

    return edited_event_page(
        request,
        form,
        services.update_event,
        message=_("The event was saved."),
        manage="event_manage",
        template="tournaments/organiser/event_form.html",
        context={"club": event.club, "has_hands": has_hands},
    )


@organiser_required
def event_manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    access.require_event(request.user, event)
    if event.is_duplicate:  # its rounds, tables and boards come from the movement
        return redirect(event.get_manage_url())
    return render(
        request,
        "tournaments/organiser/event_manage.html",
        {
            "event": event,
            "dashboard": event_dashboard(event),
            "rules_label": rules_label(event.rules_name, event.rules.label),
        },
    )


def publication_views(
    event_of: Callable[[int], Event],
    *,
    manage: str,
    published: Promise,
    unpublished: Promise,
    sheets_validated: bool = True,
) -> tuple[View, View]:
    """The publish and unpublish views of one kind of event (club nights, tournaments):
    `event_of` finds it, `manage` names its page, the messages say what was done.
    Where sheets are validated (`sheets_validated`), publishing with some still open
    asks first."""

    def view(change: Callable[..., Any], message: Promise, *, asks: bool = False) -> View:
        @organiser_action
        def change_publication(request: HttpRequest, pk: int) -> HttpResponse:
            event = event_of(pk)
            access.require_event(request.user, event)
            if asks and request.POST.get("confirm") != "1":
                # Published with open sheets, the results may still change: the public
                # page says "provisional", but the organiser should know before, not after.
                sheets = public_selectors.sheet_count(event)
                if sheets.open:
                    return render(
                        request,
                        "tournaments/organiser/publish_confirm.html",
                        {
                            "event": event,
                            "sheets": sheets,
                            "manage_url": reverse(manage, args=[event.pk]),
                            "carried": carried_fields(request),
                        },
                    )

            def write() -> Outcome:
                change(by=request.user, event=event)
                return Outcome(redirect_url=reverse(manage, args=[event.pk]), message=str(message))

            return respond(request, submit(request, write))

        return change_publication

    return (
        view(services.publish_event, published, asks=sheets_validated),
        view(services.unpublish_event, unpublished),
    )


event_publish, event_unpublish = publication_views(
    lambda pk: get_object_or_404(Event, pk=pk),
    manage="event_manage",
    published=gettext_lazy("The event is published: everyone can see its results."),
    unpublished=gettext_lazy("The event is no longer public."),
)


# --- tables ------------------------------------------------------------------


def _seating_kwargs(form: TableForm) -> dict[str, Any]:
    return {
        "number": form.cleaned_data["number"],
        "players": form.players(),
        "five_mode": form.cleaned_data["five_mode"],
        "scorekeepers": list(form.cleaned_data["scorekeepers"]),
    }


@organiser_required
@replays_submission
def table_create(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    access.require_event(request.user, event)
    initial = {"number": table_services.next_table_number(table_services.current_round(event))}
    form = TableForm(
        request.POST or None,
        club=event.club,
        candidates=access.scorekeeper_candidates(event),
        initial=initial,
    )

    def write() -> Outcome:
        table = table_services.add_table(by=request.user, event=event, **_seating_kwargs(form))
        return Outcome(
            redirect_url=reverse("event_manage", args=[event.pk]),
            message=_("Table %(number)s is seated.") % {"number": table.number},
        )

    return submitted_form_page(
        request,
        form,
        write,
        "tournaments/organiser/table_form.html",
        {"event": event, "table": None},
    )


@organiser_required
def table_edit(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("round__event__club"), pk=pk)
    event = table.round.event
    access.require_event(request.user, event)
    form = TableForm(
        request.POST or None,
        club=event.club,
        candidates=access.scorekeeper_candidates(event),
        table=table,
        initial=TableForm.initial_for(table),
    )
    if request.method == "POST" and form.is_valid():
        try:
            table_services.edit_table(by=request.user, table=table, **_seating_kwargs(form))
        except Refused as error:
            form.add_service_error(error)
        else:
            messages.success(request, _("Table %(number)s was saved.") % {"number": table.number})
            return redirect("event_manage", pk=event.pk)
    return render(
        request,
        "tournaments/organiser/table_form.html",
        {"event": event, "form": form, "table": table, "has_hands": table.hands.exists()},
    )


@organiser_required
@replays_submission
def table_delete(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=pk)
    event = table.round.event
    access.require_event(request.user, event)
    if request.method == "POST":

        def write() -> Outcome:
            table_services.delete_table(by=request.user, table=table)
            return Outcome(
                redirect_url=reverse("event_manage", args=[event.pk]),
                message=_("Table %(number)s was deleted.") % {"number": table.number},
            )

        return submit_or_back(request, write, back=reverse("event_manage", args=[event.pk]))
    return render(
        request,
        "tournaments/organiser/table_confirm_delete.html",
        {"event": event, "table": table, "has_hands": table.hands.exists()},
    )
