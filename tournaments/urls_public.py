from django.urls import path

from .views import public, screen

urlpatterns = [
    path("events/<int:pk>/", public.event_detail, name="event_detail"),
    path("events/<int:pk>/results/", public.event_results, name="event_results"),
    path("events/<int:pk>/screen/", screen.event_screen, name="event_screen"),
    path("tables/<int:pk>/", public.table_public, name="table_public"),
    path("players/<int:pk>/", public.player_public, name="player_public"),
]
