"""The player page's event picker (forms.stats.EventChoiceForm) and players most met,
and the head-to-head's shared tables (templates/tournaments/stats/_opponents.html,
_shared_tables.html), read back and checked against the database: each event of the
player's with its date in full and the chosen one selected, each player met with his
links and his tables and hands counted here, each shared table with its link, its
event, date, round, table and hands and both players' totals summed here from the score
rows, in French and in English, names escaped, and the empty list's sentence."""

from __future__ import annotations

import datetime
import re
from html import unescape

import pytest
from django.db.models import Sum
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Event, HandScore, Player, Table
from tournaments.selectors.dates import long_date

from ..factories import make_event, make_round, make_table, store_hand

ESCAPED = "Bruno d&#x27;Ô &lt;B&gt; &amp; fils"


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _options(html: str) -> list[tuple[str, bool, str]]:
    """The picker's options: (value, selected, text)."""
    select = re.search(r'<select name="event"[^>]*>(.*?)</select>', html, re.S)
    assert select, "no event picker"
    return [
        (value, bool(selected), _text(text))
        for value, selected, text in re.findall(
            r'<option value="([^"]*)"( selected)?[^>]*>(.*?)</option>', select.group(1), re.S
        )
    ]


def _opponents(html: str) -> list[tuple[str, str, str, str]]:
    """The players met: (player link, name as printed, counts, head-to-head link)."""
    found = re.search(
        r'<div class="list-group" id="opponent-list">(.*?)</div>\s*</section>', html, re.S
    )
    assert found, "no list of players met"
    return re.findall(
        r'<div><a href="([^"]+)">([^<]*)</a>\s*<small[^>]*>([^<]*)</small></div>\s*'
        r'<a class="btn[^"]*" href="([^"]+)">([^<]*)</a>',
        found.group(1),
    )


def _two_published_events(club, club_night, table4, organiser, players) -> Event:
    """Anne and Bruno (his name to escape) at two published events: two hands at the
    club night's table 1, one at a tournament's; returns the tournament."""
    Player.objects.filter(pk=players[1].pk).update(name="Bruno d'Ô <B> & fils")
    second = make_event(club, name="Tournoi « d'hiver »", date=datetime.date(2026, 11, 26))
    # Published first: the stored careers count the hands saved in published events.
    Event.objects.filter(pk__in=[club_night.pk, second.pk]).update(published=True)
    store_hand(table4, organiser)
    store_hand(table4, organiser, points=30)
    store_hand(make_table(make_round(second), players[:4]), organiser)
    return second


@pytest.mark.parametrize("query", ["", "?event=first"])
def test_the_picker_and_the_players_met_say_what_the_database_holds(
    client, club, club_night, table4, organiser, players, query
) -> None:
    second = _two_published_events(club, club_night, table4, organiser, players)
    anne = players[0]
    events = sorted((club_night, second), key=lambda event: event.date, reverse=True)
    # Without ?event= the page's first (the latest) is chosen.
    chosen = club_night if query else events[0]
    query = query.replace("first", str(club_night.pk))
    tables = Table.objects.filter(seats__player=anne)
    for language in ("fr", "en"):
        with translation.override(language):
            url = reverse("player_public", args=[anne.pk]) + query
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200
            html = response.content.decode()
            assert _options(html) == [
                (str(event.pk), event == chosen, f"{event.name} · {long_date(event.date)}")
                for event in events
            ]
            met = _opponents(html)
            assert [name for _url, name, *_rest in met][:1] == [ESCAPED]  # met the most
            assert {unescape(name) for _url, name, *_rest in met} == {
                p.name for p in Player.objects.filter(pk__in=[p.pk for p in players[1:4]])
            }
            for link, name, counts, h2h_link, h2h_word in met:
                other = Player.objects.get(name=unescape(name))
                assert link == reverse("player_public", args=[other.pk])
                assert h2h_link == reverse("head_to_head", args=[anne.pk, other.pk])
                assert h2h_word == _("Head-to-head")
                shared = tables.filter(seats__player=other).distinct().count()
                hands = (
                    HandScore.objects.filter(player=anne, hand__scores__player=other)
                    .values("hand")
                    .distinct()
                    .count()
                )
                assert counts == " · ".join(
                    (
                        ngettext("%(tables)s table", "%(tables)s tables", shared)
                        % {"tables": shared},
                        ngettext("%(hands)s hand", "%(hands)s hands", hands) % {"hands": hands},
                    )
                ), (other.name, counts)
            assert ESCAPED in html and "Bruno d'Ô <B>" not in html


def test_an_empty_list_of_players_met() -> None:
    for language in ("fr", "en"):
        with translation.override(language):
            html = render_to_string("tournaments/stats/_opponents.html", {"opponents": []})
            # A word the template translates, printed as it is ("l'instant" in French).
            assert _text(html) == translation.gettext("Nobody yet.")
            assert "list-group-item" not in html


def test_the_head_to_head_lists_the_shared_tables_with_their_totals(
    client, club, club_night, table4, organiser, players
) -> None:
    _two_published_events(club, club_night, table4, organiser, players)
    anne, bruno = players[0], Player.objects.get(pk=players[1].pk)
    shared = (
        Table.objects.filter(seats__player=anne)
        .filter(seats__player=bruno)
        .select_related("round__event")
        .order_by("-round__event__date")
    )
    assert shared.count() == 2
    for language in ("fr", "en"):
        with translation.override(language):
            url = reverse("head_to_head", args=[anne.pk, bruno.pk])
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200
            html = response.content.decode()
            found = re.search(r'<div class="list-group" id="shared-tables">(.*?)</div>', html, re.S)
            items = re.findall(
                r'<a class="list-group-item list-group-item-action[^"]*" href="([^"]+)">(.*?)</a>',
                found.group(1),
                re.S,
            )
            assert [link for link, _item in items] == [
                reverse("table_public", args=[table.pk]) for table in shared
            ]
            for (_link, item), table in zip(items, shared, strict=True):
                event = table.round.event
                hands = table.hands.count()
                where = _("round %(round)s, table %(table)s") % {
                    "round": table.round.number,
                    "table": table.number,
                }
                counted = ngettext("%(hands)s hand", "%(hands)s hands", hands) % {"hands": hands}
                totals = []
                for player in (anne, bruno):
                    total = HandScore.objects.filter(hand__table=table, player=player).aggregate(
                        total=Sum("points")
                    )["total"]
                    sign = "score-pos" if total > 0 else "score-neg" if total < 0 else ""
                    assert f'<span class="{sign}">{total}</span>' in item, (player, item)
                    totals.append(f"{player.name} {total}")
                assert _text(item) == (
                    f"{event.name} {long_date(event.date)} · {where} · {counted} "
                    f"{totals[0]} · {totals[1]}"
                )
                assert ESCAPED in item
