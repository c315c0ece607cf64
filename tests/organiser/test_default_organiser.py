"""The suite's default organiser organises one club, `club`: the pages of its objects
open to him, another club's refuse him (so a feature test of a page that forgot its
club check fails), and the federation, who organises every club, is a fixture of its
own."""

from __future__ import annotations

from django.urls import reverse

from ..factories import logged_in, make_club, make_event


def test_the_default_organiser_manages_his_club_s_event_only(organiser, federation, club_night):
    other = make_event(make_club("Tarot Club de Paris", "paris"), name="Soirée de Paris")
    mine, theirs = (reverse("event_manage", args=[e.pk]) for e in (club_night, other))
    assert logged_in(organiser).get(mine).status_code == 200
    assert logged_in(organiser).get(theirs).status_code == 403
    assert logged_in(federation).get(theirs).status_code == 200
