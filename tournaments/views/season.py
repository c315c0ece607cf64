"""Season challenge pages: organisers create and edit a season; its ranking is public
once the season is published (organisers see it before, as a preview).

A season counts the published events of its club dated between its first and last
day that have scores (rules.publication); its ranking is stored (services.standings)
and shown 50 lines a page. Organisers are told which unpublished events do not count
yet. The Excel workbook is for organisers only: every event of the season, each
player's points in each, unpublished ones marked.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from ..exports.season import season_workbook
from ..forms.tournament import SeasonForm
from ..forms.typed import field_of
from ..models import Season
from ..rules import publication
from ..selectors import access
from ..selectors import public as public_selectors
from ..selectors import season as season_selectors
from ..selectors import tournament as selectors
from ..selectors.access import organises_club, viewer
from ..services import seasons
from ..tables import SeasonRankingTable, configure
from . import cached
from .cached import cached_page
from .organiser import organiser_required
from .submissions import Outcome, replays_submission, respond, submit
from .tournament import posted

TEMPLATES = "tournaments/season/"


def _season_form(request: HttpRequest, **kwargs: object) -> SeasonForm:
    """The season form offering only the clubs the user organises."""
    form = SeasonForm(*posted(request), **kwargs)
    field_of(form, "club", forms.ModelChoiceField).queryset = access.organised_clubs(request.user)
    return form


@organiser_required
@replays_submission
def season_create(request: HttpRequest) -> HttpResponse:
    start, end = selectors.default_season_dates(timezone.localdate())
    clubs = list(access.organised_clubs(request.user)[:2])
    if not clubs:  # a guest organiser only: a season is a club's, he runs no club
        raise PermissionDenied
    initial = {"start": start, "end": end, "club": clubs[0] if len(clubs) == 1 else None}
    form = _season_form(request, initial=initial)
    if request.method == "POST" and form.is_valid():

        def write() -> Outcome:
            season = seasons.save_season(by=request.user, season=None, **form.cleaned_data)
            return Outcome(
                redirect_url=season.get_absolute_url(), message=_("The season was created.")
            )

        return respond(request, submit(request, write))
    return render(request, TEMPLATES + "form.html", {"form": form, "season": None})


@organiser_required
def season_edit(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    access.require_club(request.user, season.club_id)
    form = _season_form(request, instance=season)
    if request.method == "POST" and form.is_valid():
        seasons.save_season(by=request.user, season=season, **form.cleaned_data)
        messages.success(request, _("The season was saved."))
        return redirect(season.get_absolute_url())
    return render(request, TEMPLATES + "form.html", {"form": form, "season": season})


@cached_page(cached.season_page, query=("page",))
def season_detail(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(public_selectors.visible_seasons(viewer(request.user)), pk=pk)
    # The club's organisers also see which unpublished events do not count yet.
    organiser = organises_club(request.user, season.club_id)
    lines = season_selectors.season_standing_lines(
        season, namer=access.namer(request.user, club_id=season.club_id)
    )
    ranking = configure(SeasonRankingTable(lines), request)
    events = season_selectors.season_event_links(season, viewer_is_organiser=organiser)
    counted = [e for e in events if publication.counts_in_public_results(e)]
    return render(
        request,
        TEMPLATES + "detail.html",
        {
            "season": season,
            "ranking": ranking,
            "events": counted,
            # Not `e not in counted`: 90 events compared field by field with 90 others.
            "unpublished": [e for e in events if not publication.counts_in_public_results(e)],
        },
    )


@organiser_required
def season_export(request: HttpRequest, pk: int) -> FileResponse:
    season = get_object_or_404(Season.objects.select_related("club"), pk=pk)
    access.require_club(request.user, season.club_id)
    return season_workbook(
        season, selectors.season_events(season, viewer_is_organiser=True)
    ).response()
