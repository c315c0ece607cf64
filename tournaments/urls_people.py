"""The people pages: a club's people and audit trail, an event's guests (under
/organise/ like the other organiser pages), and a player's public name (/me/)."""

from django.urls import path

from .views import people

urlpatterns = [
    path("organise/club/", people.club_people, name="club_people"),
    path("organise/club/audit/", people.club_audit, name="club_audit"),
    path("organise/club/people/<int:pk>/role/", people.member_role, name="member_role"),
    path("organise/club/people/<int:pk>/remove/", people.member_remove, name="member_remove"),
    path("organise/club/people/<int:pk>/password/", people.member_password, name="member_password"),
    path("organise/events/<int:pk>/guests/", people.event_guests, name="event_guests"),
    path("organise/guests/<int:pk>/remove/", people.guest_remove, name="guest_remove"),
    path("me/name/", people.my_public_name, name="my_public_name"),
]
