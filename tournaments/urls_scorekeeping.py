"""Scorekeeping URLs, mounted at "score/"."""

from django.urls import path

from .views import scorekeeping, sheet

urlpatterns = [
    path("", scorekeeping.my_tables, name="my_tables"),
    path("table/<int:table_id>/", sheet.table_sheet, name="table_sheet"),
    path("table/<int:table_id>/hand/new/", scorekeeping.hand_new, name="hand_new"),
    path("table/<int:table_id>/hand/preview/", scorekeeping.hand_preview, name="hand_preview"),
    path("table/<int:table_id>/validate/", sheet.table_validate, name="table_validate"),
    path("table/<int:table_id>/reopen/", sheet.table_reopen, name="table_reopen"),
    path("table/<int:table_id>/history/", sheet.table_history, name="table_history"),
    path("hand/<int:hand_id>/edit/", scorekeeping.hand_edit, name="hand_edit"),
    path("hand/<int:hand_id>/delete/", scorekeeping.hand_delete, name="hand_delete"),
    path("hand/<int:hand_id>/history/", sheet.hand_history, name="hand_history"),
]
