"""Tournament pages: the event itself (list, create, edit, manage), publication and
the workbook, plus the helpers the other tournament views share. Registrations live
in registrations.py, rounds in rounds.py, rankings in tournament_public.py.

Thin views: permission check, form, service call, render. Organiser pages need the
"organise" permission (anonymous users go to the login page, others get 403);
public pages show a published tournament to everyone and an unpublished one to
organisers only, as a preview (404 for everybody else).

The Excel workbook is for organisers only, even once the tournament is published:
it lists every hand with who took what, more than the public pages show.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.validators import slug_re
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..errors import EventError
from ..exports.tournament import tournament_workbook
from ..forms.organiser import rules_label
from ..forms.tournament import TournamentForm, team_mode_label
from ..models import Club, Event, Round
from ..selectors import tournament as selectors
from ..services import events as event_services
from ..services import tournament as services
from .organiser import organiser_required
from .submissions import Outcome, replays_submission, respond, submit

TEMPLATES = "tournaments/tournament/"


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
