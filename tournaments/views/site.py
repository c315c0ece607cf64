from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from ..models import Season
from ..selectors.standings import published_events, unpublished_events
from ..services.hands import is_organiser

EVENTS_PER_PAGE = 20


def home(request: HttpRequest) -> HttpResponse:
    """Published events, newest first; organisers also see the events not yet public."""
    page = Paginator(published_events(), EVENTS_PER_PAGE).get_page(request.GET.get("page"))
    drafts = list(unpublished_events()[:50]) if is_organiser(request.user) else []
    seasons = Season.objects.filter(published=True).select_related("club")[:10]
    return render(request, "home.html", {"page": page, "drafts": drafts, "seasons": seasons})
