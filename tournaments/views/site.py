from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from ..rules.permissions import PUBLIC
from ..selectors import public as public_selectors
from ..selectors.access import is_organiser, viewer

EVENTS_PER_PAGE = 20


def home(request: HttpRequest) -> HttpResponse:
    """Published events, newest first; organisers also see their clubs' drafts."""
    # The list is the public one for everybody; organisers get their drafts apart.
    events = public_selectors.visible_events(PUBLIC).order_by("-date", "-pk")
    page = Paginator(events, EVENTS_PER_PAGE).get_page(request.GET.get("page"))
    drafts = (
        list(
            public_selectors.unpublished_events(viewer(request.user)).order_by("-date", "-pk")[:50]
        )
        if is_organiser(request.user)
        else []
    )
    seasons = public_selectors.visible_seasons(PUBLIC)[:10]
    return render(request, "home.html", {"page": page, "drafts": drafts, "seasons": seasons})
