"""Duplicate events, mounted at "": organiser pages under "organise/duplicate/", the
scorekeeper's board entry under "score/", public pages under "duplicate/"."""

from django.urls import include, path

from .views import (
    duplicate,
    duplicate_boards,
    duplicate_entry,
    duplicate_penalties,
    duplicate_public,
    duplicate_teams,
)

# An organiser's pages of one duplicate event, under "organise/duplicate/<pk>/".
event_pages = [
    path("", duplicate.duplicate_manage, name="duplicate_manage"),
    path("edit/", duplicate.duplicate_edit, name="duplicate_edit"),
    path("seat/", duplicate.duplicate_seat, name="duplicate_seat"),
    path("unseat/", duplicate.duplicate_unseat, name="duplicate_unseat"),
    path("scorekeepers/", duplicate.duplicate_scorekeepers, name="duplicate_scorekeepers"),
    path("publish/", duplicate.duplicate_publish, name="duplicate_publish"),
    path("unpublish/", duplicate.duplicate_unpublish, name="duplicate_unpublish"),
    path("export/", duplicate.duplicate_export, name="duplicate_export"),
    path("boards/print/", duplicate_boards.duplicate_boards_print, name="duplicate_boards_print"),
    path("cards/", duplicate_boards.duplicate_cards, name="duplicate_cards"),
    path("board/<int:number>/", duplicate_boards.duplicate_traveller, name="duplicate_traveller"),
    path(
        "board/<int:number>/special/",
        duplicate_boards.duplicate_special,
        name="duplicate_special",
    ),
    path(
        "board/<int:number>/roles/",
        duplicate_boards.duplicate_board_roles,
        name="duplicate_board_roles",
    ),
    path("diagrams/", duplicate_boards.duplicate_diagrams, name="duplicate_diagrams"),
    path("penalties/", duplicate_penalties.duplicate_penalties, name="duplicate_penalties"),
]

# A scorekeeper's boards of one table, under "score/table/<table_id>/board/".
entry_pages = [
    path("", duplicate_entry.board_next, name="board_next"),
    path("<int:number>/", duplicate_entry.board_entry, name="board_entry"),
    path("<int:number>/preview/", duplicate_entry.board_preview, name="board_preview"),
]

# Everyone's pages of one published duplicate event, under "duplicate/<pk>/".
public_pages = [
    path("", duplicate_public.duplicate_ranking, name="duplicate_ranking"),
    path("player/<int:player_id>/", duplicate_public.duplicate_player, name="duplicate_player"),
    path("board/<int:number>/", duplicate_public.duplicate_board, name="duplicate_board"),
    path("teams/", duplicate_teams.duplicate_teams, name="duplicate_teams"),
]

urlpatterns = [
    path("organise/duplicate/new/", duplicate.duplicate_create, name="duplicate_create"),
    path("organise/duplicate/<int:pk>/", include(event_pages)),
    path(
        "organise/duplicate/special/<int:pk>/clear/",
        duplicate_boards.duplicate_special_clear,
        name="duplicate_special_clear",
    ),
    path(
        "organise/duplicate/penalty/<int:pk>/withdraw/",
        duplicate_penalties.duplicate_penalty_withdraw,
        name="duplicate_penalty_withdraw",
    ),
    path("score/table/<int:table_id>/board/", include(entry_pages)),
    path("duplicate/<int:pk>/", include(public_pages)),
]
