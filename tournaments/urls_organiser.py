from django.urls import path

from .views import exports, organiser

urlpatterns = [
    path("players/", organiser.player_list, name="player_list"),
    path("players/new/", organiser.player_create, name="player_create"),
    path("players/<int:pk>/edit/", organiser.player_edit, name="player_edit"),
    path("events/new/", organiser.event_create, name="event_create"),
    path("events/<int:pk>/", organiser.event_manage, name="event_manage"),
    path("events/<int:pk>/export/", exports.club_night_export, name="club_night_export"),
    path("events/<int:pk>/edit/", organiser.event_edit, name="event_edit"),
    path("events/<int:pk>/publish/", organiser.event_publish, name="event_publish"),
    path("events/<int:pk>/unpublish/", organiser.event_unpublish, name="event_unpublish"),
    path("events/<int:pk>/tables/new/", organiser.table_create, name="table_create"),
    path("tables/<int:pk>/edit/", organiser.table_edit, name="table_edit"),
    path("tables/<int:pk>/delete/", organiser.table_delete, name="table_delete"),
]
