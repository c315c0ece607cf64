"""Tournament and season pages, mounted at "": organiser pages under "organise/",
public ones under "tournament/" and "season/"."""

from django.urls import path

from .views import registrations, rounds, screen, season, tournament, tournament_public

urlpatterns = [
    # organisers
    path("organise/tournaments/", tournament.tournament_list, name="tournament_list"),
    path("organise/tournament/new/", tournament.tournament_create, name="tournament_create"),
    path("organise/tournament/<int:pk>/", tournament.tournament_manage, name="tournament_manage"),
    path("organise/tournament/<int:pk>/edit/", tournament.tournament_edit, name="tournament_edit"),
    path(
        "organise/tournament/<int:pk>/players/",
        registrations.tournament_registrations,
        name="tournament_registrations",
    ),
    path(
        "organise/tournament/<int:pk>/players/import/",
        registrations.tournament_import,
        name="tournament_import",
    ),
    path(
        "organise/tournament/registration/<int:pk>/present/",
        registrations.registration_present,
        name="registration_present",
    ),
    path(
        "organise/tournament/<int:pk>/rounds/generate/",
        rounds.round_generate,
        name="round_generate",
    ),
    path(
        "organise/tournament/<int:pk>/publish/",
        tournament.tournament_publish,
        name="tournament_publish",
    ),
    path(
        "organise/tournament/<int:pk>/unpublish/",
        tournament.tournament_unpublish,
        name="tournament_unpublish",
    ),
    path(
        "organise/tournament/<int:pk>/export/",
        tournament.tournament_export,
        name="tournament_export",
    ),
    path("organise/tournament/round/<int:pk>/", rounds.round_manage, name="round_manage"),
    path("organise/tournament/round/<int:pk>/swap/", rounds.round_swap, name="round_swap"),
    path("organise/tournament/round/<int:pk>/redraw/", rounds.round_redraw, name="round_redraw"),
    path(
        "organise/tournament/round/<int:pk>/scorekeepers/",
        rounds.round_scorekeepers,
        name="round_scorekeepers",
    ),
    path("organise/tournament/round/<int:pk>/print/", rounds.round_print, name="round_print"),
    path("organise/tournament/round/<int:pk>/sheets/", rounds.round_sheets, name="round_sheets"),
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
