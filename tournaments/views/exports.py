"""Workbook downloads for organisers. A workbook names every player in full with his
licence number, which no public page shows: each download is for the organisers of
the event's club (or the event's guest organisers, who run it) and the federation,
checked by selectors.access like every organiser page. The tournament and season
downloads live beside their pages (views.tournament, views.season)."""

from __future__ import annotations

from django.http import FileResponse, HttpRequest
from django.shortcuts import get_object_or_404

from ..exports.club_night import club_night_workbook
from ..models import Event
from ..selectors import access
from .organiser import organiser_required


@organiser_required
def club_night_export(request: HttpRequest, pk: int) -> FileResponse:
    event = get_object_or_404(
        Event.objects.select_related("club"), pk=pk, kind=Event.Kind.CLUB_NIGHT
    )
    access.require_event(request.user, event)
    return club_night_workbook(event).response()
