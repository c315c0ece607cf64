from django.urls import path

from .views import stats

urlpatterns = [
    path("players/<int:a>/vs/<int:b>/", stats.head_to_head, name="head_to_head"),
    path("events/<int:pk>/chart/", stats.event_running_chart, name="event_chart"),
]
