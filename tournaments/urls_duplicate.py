"""Duplicate events, mounted at "": organiser pages under "organise/duplicate/", the
scorekeeper's board entry under "score/", public pages under "duplicate/"."""

from django.urls import path

from .views import duplicate, duplicate_boards, duplicate_entry, duplicate_public

urlpatterns = [
    # organisers
    path("organise/duplicate/new/", duplicate.duplicate_create, name="duplicate_create"),
    path("organise/duplicate/<int:pk>/", duplicate.duplicate_manage, name="duplicate_manage"),
    path("organise/duplicate/<int:pk>/edit/", duplicate.duplicate_edit, name="duplicate_edit"),
    path("organise/duplicate/<int:pk>/seat/", duplicate.duplicate_seat, name="duplicate_seat"),
    path(
        "organise/duplicate/<int:pk>/unseat/", duplicate.duplicate_unseat, name="duplicate_unseat"
    ),
    path(
        "organise/duplicate/<int:pk>/scorekeepers/",
        duplicate.duplicate_scorekeepers,
        name="duplicate_scorekeepers",
    ),
    path(
        "organise/duplicate/<int:pk>/publish/",
        duplicate.duplicate_publish,
        name="duplicate_publish",
    ),
    path(
        "organise/duplicate/<int:pk>/unpublish/",
        duplicate.duplicate_unpublish,
        name="duplicate_unpublish",
    ),
    path(
        "organise/duplicate/<int:pk>/export/", duplicate.duplicate_export, name="duplicate_export"
    ),
    path(
        "organise/duplicate/<int:pk>/boards/print/",
        duplicate_boards.duplicate_boards_print,
        name="duplicate_boards_print",
    ),
    path(
        "organise/duplicate/<int:pk>/cards/",
        duplicate_boards.duplicate_cards,
        name="duplicate_cards",
    ),
    path(
        "organise/duplicate/<int:pk>/board/<int:number>/",
        duplicate_boards.duplicate_traveller,
        name="duplicate_traveller",
    ),
    path(
        "organise/duplicate/<int:pk>/board/<int:number>/special/",
        duplicate_boards.duplicate_special,
        name="duplicate_special",
    ),
    path(
        "organise/duplicate/special/<int:pk>/clear/",
        duplicate_boards.duplicate_special_clear,
        name="duplicate_special_clear",
    ),
    # scorekeepers
    path("score/table/<int:table_id>/board/", duplicate_entry.board_next, name="board_next"),
    path(
        "score/table/<int:table_id>/board/<int:number>/",
        duplicate_entry.board_entry,
        name="board_entry",
    ),
    path(
        "score/table/<int:table_id>/board/<int:number>/preview/",
        duplicate_entry.board_preview,
        name="board_preview",
    ),
    # everyone, once published
    path("duplicate/<int:pk>/", duplicate_public.duplicate_ranking, name="duplicate_ranking"),
    path(
        "duplicate/<int:pk>/player/<int:player_id>/",
        duplicate_public.duplicate_player,
        name="duplicate_player",
    ),
    path(
        "duplicate/<int:pk>/board/<int:number>/",
        duplicate_public.duplicate_board,
        name="duplicate_board",
    ),
]
