"""Players' public names, for players who do not want their full name online: a
player set to "initials" reads as "A. D." on every
public page and chart, to the public, to a signed-in person without a role and to an
organiser of another club; his club's organisers, the event's scorekeepers and the
federation read his full name. The licence number is on no public page.

One published team tournament of club A (Lyon): one round, one table of four, three
hands, a season of the club counting it. Arthur Dupuis (initials) plays Bruno, Chloé
and David; the Dupuis name appears nowhere else.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Event, Player, Registration, Season, Table, Team
from tournaments.selectors.access import SYSTEM, namer
from tournaments.services.events import publish_event
from tournaments.services.seasons import save_season

from ..factories import make_club, make_member, make_round, make_table, store_hand

FULL = "Arthur Dupuis"
INITIALS = "A. D."
FIRST_INITIAL = "Arthur D."
LICENCE = "9876543"


@pytest.fixture
def arthur(club) -> Player:
    return Player.objects.create(
        club=club, name=FULL, licence=LICENCE, public_name_style="initials"
    )


@pytest.fixture
def event(club, players, arthur, scorekeeper, organiser) -> Event:
    bruno, chloe, david = players[1:4]
    event = Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name="Open de Lyon",
        date=datetime.date(2026, 12, 5),
        rules_name="fft",
        rounds_planned=1,
        deals_per_round=3,
        team_size=2,
    )
    red, blue = (
        Team.objects.create(event=event, name="Rouges"),
        Team.objects.create(event=event, name="Bleus"),
    )
    for player, team in ((arthur, red), (bruno, red), (chloe, blue), (david, blue)):
        Registration.objects.create(event=event, player=player, team=team)
    table = make_table(make_round(event), [arthur, bruno, chloe, david], scorekeepers=[scorekeeper])
    store_hand(table, organiser, dealer=arthur, taker=bruno)
    store_hand(table, organiser, dealer=bruno, taker=arthur)
    store_hand(table, organiser, dealer=chloe, taker=arthur, contract="prise", points=30)
    publish_event(by=SYSTEM, event=event)  # through the service: the careers count it
    save_season(  # through the service: its ranking is stored
        by=SYSTEM,
        season=None,
        club=club,
        name="Saison 2026-2027",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 8, 31),
        mode=Season.Mode.PLACES,
        scale="25,20,16,13",
        best_n=10,
        published=True,
    )
    event.refresh_from_db()
    return event


def pages(event: Event, arthur: Player, bruno: Player) -> dict[str, str]:
    table = Table.objects.get(round__event=event)
    season = Season.objects.get(club=event.club)
    return {
        "event detail": reverse("event_detail", args=[event.pk]),
        "event results": reverse("event_results", args=[event.pk]),
        "table sheet": reverse("table_public", args=[table.pk]),
        "tournament ranking": reverse("tournament_ranking", args=[event.pk]),
        "round results": reverse("tournament_round_results", args=[event.pk, 1]),
        "season": reverse("season_detail", args=[season.pk]),
        "player page": reverse("player_public", args=[arthur.pk]),
        "head-to-head": reverse("head_to_head", args=[arthur.pk, bruno.pk]),
        "head-to-head, other way": reverse("head_to_head", args=[bruno.pk, arthur.pk]),
        "partner's page": reverse("player_public", args=[bruno.pk]),
        "event chart": reverse("event_chart", args=[event.pk]),
        "event chart (htmx)": reverse("event_chart", args=[event.pk]),
    }


# The pages about no event: only his club's organisers and the federation read his name.
EVENT_PAGES = {
    "event detail",
    "event results",
    "table sheet",
    "tournament ranking",
    "round results",
    "event chart",
    "event chart (htmx)",
}


def read(client: Client, name: str, url: str) -> str:
    headers = {"HX-Request": "true"} if "htmx" in name else {}
    response = client.get(url, headers=headers)
    assert response.status_code == 200, name
    return response.content.decode()


@pytest.fixture
def other_club() -> Club:
    return make_club("Tarot Club de Grenoble", "grenoble")


@pytest.fixture
def viewers(stranger, other_club, club, scorekeeper, organiser) -> dict[str, Client]:
    def client(user) -> Client:
        c = Client()
        if user is not None:
            c.force_login(user)
        return c

    return {
        "anonymous": client(None),
        "signed in without role": client(stranger),
        "organiser of another club": client(make_member("orga_grenoble", other_club)),
        "scorekeeper of another club": client(
            make_member("marqueur_grenoble", other_club, role="scorekeeper")
        ),
        "his club's organiser": client(make_member("orga_lyon", club)),
        "the event's scorekeeper": client(scorekeeper),
        "federation": client(organiser),
    }


PUBLIC_VIEWERS = [
    "anonymous",
    "signed in without role",
    "organiser of another club",
    "scorekeeper of another club",
]


@pytest.mark.parametrize("who", PUBLIC_VIEWERS)
def test_the_public_reads_initials_on_every_page(who, viewers, event, arthur, players):
    for name, url in pages(event, arthur, players[1]).items():
        content = read(viewers[who], name, url)
        assert INITIALS in content, name
        assert "Dupuis" not in content, name
        assert "Arthur" not in content, name
        assert LICENCE not in content, name


@pytest.mark.parametrize("who", ["his club's organiser", "federation"])
def test_his_club_and_the_federation_read_his_full_name_everywhere(
    who, viewers, event, arthur, players
):
    for name, url in pages(event, arthur, players[1]).items():
        content = read(viewers[who], name, url)
        assert FULL in content, name
        assert INITIALS not in content, name
        assert LICENCE not in content, name


def test_the_events_scorekeeper_reads_full_names_on_its_pages(viewers, event, arthur, players):
    for name, url in pages(event, arthur, players[1]).items():
        content = read(viewers["the event's scorekeeper"], name, url)
        if name in EVENT_PAGES:
            assert FULL in content, name
            assert INITIALS not in content, name
        else:  # not about his event: he is one of the public there
            assert INITIALS in content, name
            assert "Dupuis" not in content, name


def test_the_chart_names_the_series_by_initials(viewers, event):
    content = read(viewers["anonymous"], "event chart", reverse("event_chart", args=[event.pk]))
    # The line's hover title, the legend and the screen readers' table.
    assert f"<title>{INITIALS}</title>" in content
    assert f'<th scope="col">{INITIALS}</th>' in content


def test_the_team_ranking_lists_members_by_public_name(viewers, event):
    response = viewers["anonymous"].get(reverse("tournament_ranking", args=[event.pk]))
    members = {m.name for team in response.context["teams"] for m in team.members}
    assert INITIALS in members
    assert FULL not in members


def test_a_guest_organiser_of_the_event_reads_full_names(event, arthur, other_club):
    from tournaments.models import EventGuest, Role

    guest = make_member("invite", other_club)
    EventGuest.objects.create(event=event, user=guest, role=Role.ORGANISER)
    client = Client()
    client.force_login(guest)
    content = read(client, "ranking", reverse("tournament_ranking", args=[event.pk]))
    assert FULL in content


def test_first_initial_reads_as_first_name_and_initial(viewers, event, arthur):
    Player.objects.filter(pk=arthur.pk).update(public_name_style="first_initial")
    url = reverse("tournament_ranking", args=[event.pk])
    content = read(viewers["anonymous"], "ranking", url)
    assert FIRST_INITIAL in content
    assert "Dupuis" not in content
    assert FULL in read(viewers["his club's organiser"], "ranking", url)


def test_full_style_is_public(viewers, event, arthur):
    Player.objects.filter(pk=arthur.pk).update(public_name_style="full")
    content = read(viewers["anonymous"], "results", reverse("event_results", args=[event.pk]))
    assert FULL in content


def test_public_names_sort_the_results_by_the_shown_name(viewers, event):
    response = viewers["anonymous"].get(reverse("event_results", args=[event.pk]), {"sort": "name"})
    names = [row.record.name for row in response.context["standings"].rows]
    assert names == sorted(names, key=str.casefold)
    assert INITIALS in names


# --- the rule itself, through access.namer ---------------------------------------


def test_namer_keeps_full_names_for_his_club_only(club, other_club, stranger):
    own = make_member("orga_own", club)
    other = make_member("orga_other", other_club)
    for user, full in ((own, True), (other, False), (stranger, False)):
        name = namer(user)
        expected = FULL if full else INITIALS
        assert name(FULL, "initials", club.pk) == expected
    # An organiser of the page's club reads every player's full name, whatever his club.
    assert namer(other, club_id=other_club.pk)(FULL, "initials", club.pk) == FULL


# --- the safe default: a selector names players publicly unless told otherwise --------


def test_every_naming_selector_defaults_to_public_names(event, arthur, players):
    """A caller that forgets the namer shows public names; full names are asked for
    (access.full_names: organiser pages and workbooks)."""
    from tournaments.selectors import running_totals, screen, season, standings, stats
    from tournaments.selectors.access import full_names
    from tournaments.selectors.ranking import tournament_ranking

    named = {
        "event_standings": lambda **n: [r.name for r in standings.event_standings(event, **n)],
        "tournament_ranking": lambda **n: [r.name for r in tournament_ranking(event, **n)],
        "event_running_totals": lambda **n: [
            s.name for s in running_totals.event_running_totals(event, **n)
        ],
        "season_placings": lambda **n: list(season.season_placings([event], **n).names.values()),
        "season_standing_lines": lambda **n: [
            line.name for line in season.season_standing_lines(Season.objects.get(), **n)
        ],
        "player_statistics": lambda **n: [
            o.name for o in stats.player_statistics(players[1], **n).opponents
        ],
        "ranking_lines": lambda **n: [line.name for line in screen.ranking_lines(event, **n)],
        "open_round_tables": lambda **n: screen.open_round_tables(event, **n)[1][0].players,
        "hall_screen": lambda **n: [line.name for line in screen.hall_screen(event, **n).lines],
    }
    for selector, names in named.items():
        assert INITIALS in names(), selector
        assert FULL not in names(), selector
        assert FULL in names(namer=full_names), selector


@pytest.mark.parametrize("export", ["tournament_export", "season_export"])
def test_the_organisers_workbooks_name_players_in_full(export, viewers, event):
    """The workbooks are the organiser's: they ask for full names (access.full_names)."""
    import io

    from openpyxl import load_workbook

    pk = event.pk if export == "tournament_export" else Season.objects.get().pk
    response = viewers["his club's organiser"].get(reverse(export, args=[pk]))
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(b"".join(response.streaming_content)), read_only=True)
    cells = {str(v) for sheet in book for row in sheet.iter_rows(values_only=True) for v in row}
    assert FULL in cells
    assert INITIALS not in cells
