from django.urls import include, path

from .views import site

urlpatterns = [
    path("", site.home, name="home"),
    path("", include("tournaments.urls_public")),
    path("score/", include("tournaments.urls_scorekeeping")),
    path("organise/", include("tournaments.urls_organiser")),
    path("", include("tournaments.urls_people")),
    path("", include("tournaments.urls_tournament")),
    path("", include("tournaments.urls_duplicate")),
    path("", include("tournaments.urls_stats")),
]
