"""Tournament and season pages, mounted at "": organiser pages under "organise/",
public ones under "tournament/" and "season/"."""

from django.urls import include, path

from .views import registrations, rounds, screen, season, tournament, tournament_public

# An organiser's pages of one tournament, under "organise/tournament/<pk>/".
tournament_pages = [
    path("", tournament.tournament_manage, name="tournament_manage"),
    path("edit/", tournament.tournament_edit, name="tournament_edit"),
    path("players/", registrations.tournament_registrations, name="tournament_registrations"),
    path("players/import/", registrations.tournament_import, name="tournament_import"),
    path("rounds/generate/", rounds.round_generate, name="round_generate"),
    path("publish/", tournament.tournament_publish, name="tournament_publish"),
    path("unpublish/", tournament.tournament_unpublish, name="tournament_unpublish"),
    path("export/", tournament.tournament_export, name="tournament_export"),
]

# An organiser's pages of one round, under "organise/tournament/round/<pk>/".
round_pages = [
    path("", rounds.round_manage, name="round_manage"),
    path("swap/", rounds.round_swap, name="round_swap"),
    path("redraw/", rounds.round_redraw, name="round_redraw"),
    path("scorekeepers/", rounds.round_scorekeepers, name="round_scorekeepers"),
    path("print/", rounds.round_print, name="round_print"),
    path("sheets/", rounds.round_sheets, name="round_sheets"),
]

urlpatterns = [
    # organisers
    path("organise/tournaments/", tournament.tournament_list, name="tournament_list"),
    path("organise/tournament/new/", tournament.tournament_create, name="tournament_create"),
    path("organise/tournament/<int:pk>/", include(tournament_pages)),
    path(
        "organise/tournament/registration/<int:pk>/present/",
        registrations.registration_present,
        name="registration_present",
    ),
    path("organise/tournament/round/<int:pk>/", include(round_pages)),
    path("organise/season/new/", season.season_create, name="season_create"),
    path("organise/season/<int:pk>/edit/", season.season_edit, name="season_edit"),
    path("organise/season/<int:pk>/export/", season.season_export, name="season_export"),
    # everyone, once published
    path(
        "tournament/<int:pk>/", tournament_public.tournament_ranking_page, name="tournament_ranking"
    ),
    path(
        "tournament/<int:pk>/round/<int:number>/",
        tournament_public.tournament_round_results,
        name="tournament_round_results",
    ),
    path("tournament/<int:pk>/screen/", screen.tournament_screen, name="tournament_screen"),
    path("season/<int:pk>/", season.season_detail, name="season_detail"),
]
