"""Names in French order on both databases, names stored clean, "My tables" order and
the default club of a new tournament ("French order and clean names")."""

from __future__ import annotations

import datetime
import random

import pytest
from django.db import connection
from django.db.models.functions import Collate
from django.urls import reverse
from django.utils import timezone

from tournaments.errors import Refused
from tournaments.models import AuditEntry, Event, Player, Registration, Round
from tournaments.models.collation import by_name
from tournaments.rules.collation import COLLATION, sort_key
from tournaments.rules.names import clean_name
from tournaments.selectors.access import SYSTEM
from tournaments.services.players import create_player, update_player

from ..factories import logged_in, make_club, make_event, make_member, make_round, make_table

FRENCH = ["Cédric", "Clémence", "Élodie", "émile", "Zoé"]
# Code point order puts capitals first and accented capitals after "z".
SHUFFLED = ["Zoé", "émile", "Clémence", "Élodie", "Cédric"]
HARDER = [
    "Aesa",
    "Æsa",
    "anne x",
    "cedric",
    "Cedric",
    "Cédric",
    "d'Arc",
    "Darc",
    "DARC",
    "Emile",
    "émile",
    "Émile",
    "Jean Marc",
    "Jean-Marc",
    "Jeanne",
    "O'Neil",
    "Ølaf",
    "Ołga",
    "Oneil",
    "Zoé",
]


def test_python_key_gives_french_order():
    assert sorted(SHUFFLED, key=sort_key) == FRENCH
    assert sorted(reversed(HARDER), key=sort_key) == HARDER
    assert sorted(SHUFFLED) != FRENCH  # the code point order this replaces


@pytest.mark.django_db
def test_database_collation_agrees_with_python_key(club):
    """The same order from the database (ICU on PostgreSQL, pyuca on SQLite) as in
    Python, on names where case, accents, ligatures and punctuation interact."""
    names = HARDER[:]
    random.Random(15).shuffle(names)
    for name in names:
        Player.objects.create(club=club, name=name)
    collated = list(
        Player.objects.order_by(Collate("name", COLLATION), "pk").values_list("name", flat=True)
    )
    assert collated == HARDER, connection.vendor
    # Meta.ordering uses the collation too.
    assert list(Player.objects.values_list("name", flat=True)) == HARDER


@pytest.mark.django_db
def test_organiser_player_list_in_french_order(organiser_client, club):
    for name in SHUFFLED:
        Player.objects.create(club=club, name=name)
    response = organiser_client.get(reverse("player_list"), {"club": club.slug})
    assert [row.record.name for row in response.context["table"].paginated_rows] == FRENCH
    # Sorting by the column keeps the French order, both ways.
    for sort, expected in (("name", FRENCH), ("-name", FRENCH[::-1])):
        response = organiser_client.get(reverse("player_list"), {"club": club.slug, "sort": sort})
        names = [row.record.name for row in response.context["table"].paginated_rows]
        assert names == expected


@pytest.mark.django_db
def test_registrations_page_and_choices_in_french_order(organiser_client, club):
    event = make_event(club, kind=Event.Kind.TOURNAMENT, name="Open")
    players = [Player.objects.create(club=club, name=name) for name in SHUFFLED]
    for player in players[:4]:
        Registration.objects.create(event=event, player=player)
    url = reverse("tournament_registrations", args=[event.pk])
    response = organiser_client.get(url)
    assert response.status_code == 200
    rows = [row.record.player.name for row in response.context["table"].paginated_rows]
    assert rows == [n for n in FRENCH if n != "Cédric"]
    response = organiser_client.get(url, {"sort": "-player"})
    rows = [row.record.player.name for row in response.context["table"].paginated_rows]
    assert rows == [n for n in FRENCH[::-1] if n != "Cédric"]


@pytest.mark.django_db
def test_seat_choices_in_french_order(club):
    from tournaments.forms.organiser import TableForm

    for name in SHUFFLED:
        Player.objects.create(club=club, name=name)
    form = TableForm(club=club, candidates=Player.objects.none())
    labels = [label for value, label in form.fields["seat_1"].choices if value]
    assert labels == FRENCH


# --- clean names ---------------------------------------------------------------


def test_clean_name_collapses_spaces_and_composes():
    assert clean_name("  Anne \t Dupont\u00a0 ") == "Anne Dupont"
    assert clean_name("E\u0301lodie") == "Élodie"


@pytest.mark.django_db
def test_service_refuses_a_name_with_doubled_spaces_at_the_name_field(club):
    create_player(by=SYSTEM, club=club, name="Anne Dupont")
    with pytest.raises(Refused) as caught:
        create_player(by=SYSTEM, club=club, name="  Anne  Dupont ")
    assert caught.value.field == "name"
    other = create_player(by=SYSTEM, club=club, name=" Bruno   Martin ")
    assert other.name == "Bruno Martin"
    with pytest.raises(Refused):
        update_player(by=SYSTEM, player=other, name="anne   dupont")
    assert Player.objects.filter(club=club).count() == 2


@pytest.mark.django_db
def test_player_form_refuses_a_name_with_doubled_spaces(organiser_client, club):
    Player.objects.create(club=club, name="Anne Dupont")
    response = organiser_client.post(
        reverse("player_create") + f"?club={club.slug}",
        {"name": "Anne  Dupont", "licence": "", "active": "on", "public_name_style": "full"},
    )
    assert response.status_code in (200, 400, 409, 422)
    assert response.context["form"].errors.get("name")
    assert Player.objects.filter(club=club).count() == 1


@pytest.mark.django_db
def test_registration_of_a_new_entrant_with_doubled_spaces_finds_the_clash(club):
    from tournaments.services.registrations import register_entrant

    event = make_event(club, kind=Event.Kind.TOURNAMENT, name="Open")
    Player.objects.create(club=club, name="Anne Dupont")
    with pytest.raises(Refused) as caught:
        register_entrant(
            by=SYSTEM,
            event=event,
            player=None,
            club=club,
            name="Anne  Dupont",
            licence="",
            team_name="",
        )
    assert caught.value.field == "name"


@pytest.mark.django_db
def test_import_row_with_doubled_spaces_matches_the_stored_player(club):
    from tournaments.imports import check_rows, load_context
    from tournaments.imports.files import ImportRow

    event = make_event(club, kind=Event.Kind.TOURNAMENT, name="Open")
    anne = Player.objects.create(club=club, name="Anne Dupont")
    row = ImportRow(number=2, name=" Anne   Dupont ", licence="", club="", team="")
    errors = check_rows([row], load_context(event, [row]))
    assert errors == []
    assert row.name == "Anne Dupont" and row.player == anne


# --- My tables -----------------------------------------------------------------


@pytest.mark.django_db
def test_my_tables_lists_open_tables_of_today_first(club):
    keeper = make_member("marc", club, role="scorekeeper")
    people = [Player.objects.create(club=club, name=f"P{i}") for i in range(4)]
    today = timezone.localdate()
    old = make_event(club, name="Old", date=today - datetime.timedelta(days=30))
    older_open = make_event(club, name="Older open", date=today - datetime.timedelta(days=60))
    now = make_event(club, name="Now", date=today)
    tables = {}
    for label, event in (("old", old), ("older_open", older_open), ("now", now)):
        table = make_table(make_round(event), people)
        table.scorekeepers.add(keeper)
        tables[label] = table
    old_done = tables["old"]
    old_done.validated_at = timezone.now()
    old_done.save(update_fields=["validated_at"])
    locked_round = make_round(now, number=2)
    locked = make_table(locked_round, people, number=1)
    locked.scorekeepers.add(keeper)
    Round.objects.filter(pk=locked_round.pk).update(status=Round.Status.LOCKED)
    response = logged_in(keeper).get(reverse("my_tables"))
    listed = [t.pk for t in response.context["tables"]]
    assert listed == [tables["now"].pk, tables["older_open"].pk, locked.pk, old_done.pk]


# --- the default club of a new tournament ---------------------------------------


@pytest.mark.django_db
def test_import_of_other_clubs_keeps_the_default_club(club):
    """A federation user who organises one club by membership: clubs created by an
    import (with more players, or first by name) never become his default."""
    boss = make_member("boss", club)
    from django.contrib.auth.models import Permission

    boss.user_permissions.add(Permission.objects.get(codename="federation"))
    aix = make_club("Aix Tarot", "aix")
    for i in range(12):
        Player.objects.create(club=aix, name=f"Joueur {i}")
    response = logged_in(boss).get(reverse("tournament_create"))
    assert response.context["form"].initial["club"] == club


@pytest.mark.django_db
def test_default_club_of_an_organiser_of_two_clubs_is_his_last_events(club):
    second = make_club("Aix Tarot", "aix")
    boss = make_member("boss", club)
    from tournaments.models import Membership

    Membership.objects.create(user=boss, club=second, role="organiser")
    event = make_event(club, name="Ours")
    AuditEntry.objects.create(
        club=club, event=event, user=boss, username="boss", action="import", target="x"
    )
    response = logged_in(boss).get(reverse("tournament_create"))
    assert response.context["form"].initial["club"] == club
    assert list(Player.objects.order_by(by_name())) == []
