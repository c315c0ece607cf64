"""Scorekeeping URLs, mounted at "score/"."""

from django.urls import path

from .views import scorekeeping

urlpatterns = [
    path("", scorekeeping.my_tables, name="my_tables"),
    path("table/<int:table_id>/", scorekeeping.table_sheet, name="table_sheet"),
    path("table/<int:table_id>/hand/new/", scorekeeping.hand_new, name="hand_new"),
    path("table/<int:table_id>/hand/preview/", scorekeeping.hand_preview, name="hand_preview"),
    path("table/<int:table_id>/validate/", scorekeeping.table_validate, name="table_validate"),
    path("table/<int:table_id>/reopen/", scorekeeping.table_reopen, name="table_reopen"),
    path("table/<int:table_id>/history/", scorekeeping.table_history, name="table_history"),
    path("hand/<int:hand_id>/edit/", scorekeeping.hand_edit, name="hand_edit"),
    path("hand/<int:hand_id>/delete/", scorekeeping.hand_delete, name="hand_delete"),
    path("hand/<int:hand_id>/history/", scorekeeping.hand_history, name="hand_history"),
]
