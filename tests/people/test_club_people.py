"""The club's people page: add a person, password link, role change, removal, and
what an organiser of another club may not do."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments.errors import NotAllowed
from tournaments.models import AuditEntry, Membership, Role
from tournaments.services import people

from ..factories import assert_denied, logged_in, make_club, make_member
from .conftest import key

pytestmark = pytest.mark.django_db


def people_url(club) -> str:
    return f"{reverse('club_people')}?club={club.slug}"


def add(client: Client, club, submission_key: str | None = None, **fields):
    data = {"username": "nadia", "first_name": "Nadia", "last_name": "Roux", "role": "scorekeeper"}
    data.update(fields)
    data["submission_key"] = submission_key or key()
    return client.post(people_url(club), data)


def test_the_page_lists_the_club_people_only(client_a, club_a, orga_a, keeper_a, orga_b):
    response = client_a.get(reverse("club_people"))  # his only club: no ?club= needed
    assert response.status_code == 200
    content = response.content.decode()
    assert "keeper_a" in content and "orga_a" in content
    assert "orga_b" not in content


def test_an_organiser_adds_a_person_without_a_usable_password(client_a, club_a):
    response = add(client_a, club_a)
    assert response.status_code == 302
    person = User.objects.get(username="nadia")
    assert not person.has_usable_password()
    assert person.get_full_name() == "Nadia Roux"
    assert Membership.objects.get(user=person, club=club_a).role == Role.SCOREKEEPER
    entry = AuditEntry.objects.get(club=club_a, target="nadia")
    assert entry.action == AuditEntry.Action.ROLE and entry.username == "orga_a"


def test_a_double_post_of_add_person_adds_once(client_a, club_a):
    same = key()
    first = add(client_a, club_a, same)
    second = add(client_a, club_a, same)
    assert first.status_code == second.status_code == 302
    assert second.url == first.url
    assert Membership.objects.filter(club=club_a, user__username="nadia").count() == 1
    assert AuditEntry.objects.filter(club=club_a, target="nadia").count() == 1


def test_adding_someone_already_there_is_refused_at_the_field(client_a, club_a, keeper_a):
    response = add(client_a, club_a, username="keeper_a")
    assert response.status_code == 400
    assert "déjà membre du club" in str(response.context["form"].errors["username"])


def test_a_bad_user_name_is_refused_at_the_field(client_a, club_a):
    response = add(client_a, club_a, username="has space")
    assert response.status_code == 400
    assert response.context["form"].errors["username"]
    assert not User.objects.filter(username="has space").exists()


def test_the_password_link_works_once(client_a, club_a):
    add(client_a, club_a)
    membership = Membership.objects.get(user__username="nadia")
    response = client_a.post(
        reverse("member_password", args=[membership.pk]), {"submission_key": key()}
    )
    assert response.status_code == 200
    link = response.context["link"]
    assert link.startswith("http://testserver/") and link in response.content.decode()
    assert "no-store" in response["Cache-Control"]

    person_client = Client()
    opened = person_client.get(link, follow=True)
    assert opened.context["validlink"]
    set_url = opened.redirect_chain[-1][0]
    done = person_client.post(
        set_url, {"new_password1": "Une-nouvelle-clé-42", "new_password2": "Une-nouvelle-clé-42"}
    )
    assert done.status_code == 302
    person = User.objects.get(username="nadia")
    assert person.check_password("Une-nouvelle-clé-42")

    again = Client().get(link, follow=True)
    assert again.context["validlink"] is False
    assert "link-used" in again.content.decode()
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PASSWORD, target="nadia").count() == 1


def test_a_repeated_password_post_does_not_show_or_store_the_link(client_a, club_a, keeper_a):
    membership = Membership.objects.get(user=keeper_a)
    url = reverse("member_password", args=[membership.pk])
    same = key()
    first = client_a.post(url, {"submission_key": same})
    second = client_a.post(url, {"submission_key": same})
    assert first.status_code == 200
    assert second.status_code == 302 and second.url == people_url(club_a)
    assert first.context["link"].split("/reset/")[1] not in str(second.cookies)
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PASSWORD).count() == 1


def test_role_change_and_removal(client_a, club_a, keeper_a):
    membership = Membership.objects.get(user=keeper_a)
    response = client_a.post(
        reverse("member_role", args=[membership.pk]),
        {"role": "organiser", "submission_key": key()},
    )
    assert response.status_code == 302
    membership.refresh_from_db()
    assert membership.role == Role.ORGANISER

    response = client_a.post(
        reverse("member_remove", args=[membership.pk]), {"submission_key": key()}
    )
    assert response.status_code == 302
    assert not Membership.objects.filter(pk=membership.pk).exists()
    assert User.objects.filter(pk=keeper_a.pk).exists()  # the account stays
    details = list(AuditEntry.objects.filter(target="keeper_a").values_list("detail", flat=True))
    assert len(details) == 2


def test_the_club_keeps_at_least_one_organiser(client_a, club_a, orga_a):
    membership = Membership.objects.get(user=orga_a)
    demoted = client_a.post(
        reverse("member_role", args=[membership.pk]),
        {"role": "scorekeeper", "submission_key": key()},
    )
    assert demoted.status_code == 400
    assert "au moins un organisateur" in demoted.content.decode()
    removed = client_a.post(
        reverse("member_remove", args=[membership.pk]), {"submission_key": key()}
    )
    assert removed.status_code == 400
    membership.refresh_from_db()
    assert membership.role == Role.ORGANISER
    # With a second organiser, he may step down.
    make_member("second", club_a)
    assert (
        client_a.post(
            reverse("member_role", args=[membership.pk]),
            {"role": "scorekeeper", "submission_key": key()},
        ).status_code
        == 302
    )


def test_another_club_organiser_cannot_manage_club_a(client_b, club_a, keeper_a, orga_b):
    membership = Membership.objects.get(user=keeper_a)
    assert client_b.get(people_url(club_a)).status_code == 403
    assert add(client_b, club_a).status_code == 403
    for name in ("member_role", "member_remove", "member_password"):
        response = client_b.post(
            reverse(name, args=[membership.pk]), {"role": "organiser", "submission_key": key()}
        )
        assert response.status_code == 403, name
    membership.refresh_from_db()
    assert membership.role == Role.SCOREKEEPER
    assert not User.objects.filter(username="nadia").exists()
    assert not AuditEntry.objects.exists()


def test_the_pages_need_an_organiser(club_a, keeper_a):
    assert_denied(people_url(club_a), [keeper_a])
    assert_denied(reverse("club_audit") + "?club=lyon", [keeper_a])


def test_no_password_link_for_someone_who_also_organises_another_club(
    client_a, club_a, club_b, orga_a
):
    both = make_member("both", club_b)  # organiser of B...
    Membership.objects.create(user=both, club=club_a, role=Role.SCOREKEEPER)  # ...kept by A
    membership = Membership.objects.get(user=both, club=club_a)
    response = client_a.post(
        reverse("member_password", args=[membership.pk]), {"submission_key": key()}
    )
    assert response.status_code == 403
    with pytest.raises(NotAllowed):
        people.password_link(by=orga_a, club=club_a, person=both)
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.PASSWORD).exists()
    # The page offers him no buttons.
    page = client_a.get(people_url(club_a)).content.decode()
    assert reverse("member_password", args=[membership.pk]) not in page


def test_an_organiser_of_two_clubs_chooses_among_his_own(club_a, club_b, orga_a):
    Membership.objects.create(user=orga_a, club=club_b, role=Role.ORGANISER)
    make_club("Tarot Club de Nice", "nice")
    response = logged_in(orga_a).get(reverse("club_people"))
    assert response.status_code == 200
    assert [c.slug for c in response.context["clubs"]] == ["lyon", "paris"]
