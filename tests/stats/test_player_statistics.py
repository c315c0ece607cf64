"""A player's season figures, checked against the hand-worked season of conftest.py."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tournaments.models import Event, Round
from tournaments.selectors import stats
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.running_totals import event_running_totals
from tournaments.services.hands import seat_table

from ..factories import store_hand


@pytest.fixture
def anne(season):
    return season.players["Anne"]


@pytest.fixture
def bruno(season):
    return season.players["Bruno"]


def test_events_list_published_events_newest_first_with_rank(season, anne):
    rows = stats.player_statistics(anne).events
    # Soirée 2 (08/10): Anne 438, second behind Bruno's 643 of 5 players.
    # Soirée 1 (01/10): Anne 1913, first of 4. The draft's +828 is not there.
    assert [(r.name, r.date, r.total, r.hands, r.rank, r.field_size) for r in rows] == [
        ("Soirée 2", datetime.date(2026, 10, 8), 438, 4, 2, 5),
        ("Soirée 1", datetime.date(2026, 10, 1), 1913, 6, 1, 4),
    ]


def test_rank_is_shared_by_equal_totals(season, players, enter):
    # A further published evening of two hands at the 4-player table:
    #   Anne garde, 2 oudlers, 56 -> Anne +240, others -80
    #   Bruno garde, 2 oudlers, 56 -> Bruno +240, others -80
    # Totals: Anne 240-80 = 160, Bruno 160, Chloé -160, David -160: ranks 1, 1, 3, 3.
    anne, bruno, chloe, david = (season.players[n] for n in ("Anne", "Bruno", "Chloé", "David"))
    event = Event.objects.create(
        club=anne.club, name="Égalité", date=datetime.date(2026, 10, 22), published=True
    )
    table = seat_table(
        by=SYSTEM,
        round=Round.objects.create(event=event, number=1),
        number=1,
        players=[anne, bruno, chloe, david],
    )
    enter(table, anne, anne, "garde", 2, 56)
    enter(table, bruno, bruno, "garde", 2, 56)
    rows = {r.name: r for r in stats.player_statistics(chloe).events}
    assert rows["Égalité"].rank == 3
    assert {r.name: r.rank for r in stats.player_statistics(anne).events}["Égalité"] == 1
    assert {r.name: r.rank for r in stats.player_statistics(bruno).events}["Égalité"] == 1


def test_summary_totals_and_averages(season, anne):
    summary = stats.player_statistics(anne).summary
    # 1913 + 438 = 2351 over 6 + 4 = 10 hands and 2 events.
    assert (summary.events, summary.hands, summary.total) == (2, 10, 2351)
    assert summary.per_hand == pytest.approx(235.1)  # 2351 / 10
    assert summary.per_event == pytest.approx(1175.5)  # 2351 / 2
    # Taken: H1 garde made, H2 prise failed, H6 garde made, K1 prise made.
    assert (summary.taken, summary.contracts_made) == (4, 3)


def test_petits_au_bout_count_for_the_players_camp(season, anne, bruno):
    # Anne: H2 taker, petit to the defence -> lost; H3 defence, petit to the defence -> won;
    # K3 called partner, petit to the taker camp -> won.
    summary = stats.player_statistics(anne).summary
    assert (summary.petits_won, summary.petits_lost) == (2, 1)
    # Bruno: H2 defence, defence's petit -> won; H3 taker, defence's -> lost; K3 taker -> won.
    summary = stats.player_statistics(bruno).summary
    assert (summary.petits_won, summary.petits_lost) == (2, 1)


def test_poignees_shown_by_the_player_by_size(season, anne, bruno):
    assert stats.player_statistics(anne).summary.poignees == {"simple": 1, "double": 1, "triple": 0}
    assert stats.player_statistics(bruno).summary.poignees == {
        "simple": 0,
        "double": 0,
        "triple": 0,
    }


def test_chelems_announced_made_and_conceded_by_camp(season, anne, bruno):
    summary = stats.player_statistics(anne).summary
    # H6: Anne announced and made it; K4: Anne defended, the defence made it.
    assert (summary.chelems_announced, summary.chelems_made, summary.chelems_conceded) == (1, 2, 0)
    summary = stats.player_statistics(bruno).summary
    # H6: Bruno defended against Anne's chelem (conceded); K4: Bruno's defence made it.
    assert (summary.chelems_announced, summary.chelems_made, summary.chelems_conceded) == (0, 1, 1)


def test_contracts_with_success_rate(season, anne):
    rows = stats.player_statistics(anne).contracts
    # prise: H2 -123 (failed), K1 +58 (made) -> 1 of 2, 50 %, -65.
    # garde: H1 +240, H6 +1680 -> 2 of 2, 100 %, 1920. Bid order: prise before garde.
    assert [(r.contract, r.taken, r.contracts_made, r.points) for r in rows] == [
        ("prise", 2, 1, -65),
        ("garde", 2, 2, 1920),
    ]
    assert [r.success_rate for r in rows] == [50.0, 100.0]


def test_best_and_worst_hands(season, anne):
    found = stats.player_statistics(anne)
    best, worst = found.best, found.worst
    # Best: H6 +1680 at Soirée 1; worst: H2 -123 at Soirée 1 (K2's -72 is less bad).
    assert (best.points, best.event_name, best.hand_number) == (1680, "Soirée 1", 6)
    assert (worst.points, worst.event_name, worst.hand_number) == (-123, "Soirée 1", 2)
    assert best.get_absolute_url() == reverse("table_public", args=[season.first_table.pk])


def test_partners_at_five(season, anne):
    partners = stats.player_statistics(anne).partners
    # Anne called Bruno in K1 (made, Anne +58); Bruno called Anne in K3 (made, Anne +90);
    # Emma called Anne in K2 (failed, Anne -72).
    assert [(p.name, p.hands, p.contracts_made, p.points) for p in partners.called] == [
        ("Bruno", 1, 1, 58)
    ]
    assert [(p.name, p.hands, p.contracts_made, p.points) for p in partners.called_by] == [
        ("Bruno", 1, 1, 90),
        ("Emma", 1, 0, -72),
    ]


def test_most_met_opponents_ignore_unpublished_events(season, anne):
    rows = stats.player_statistics(anne).opponents
    # Bruno at both tables (6 + 4 hands); Chloé and David at Soirée 1 only (the draft,
    # where they met again, does not count); Emma, Fabien, Gaëlle at Soirée 2.
    assert [(r.name, r.tables, r.hands) for r in rows] == [
        ("Bruno", 2, 10),
        ("Chloé", 1, 6),
        ("David", 1, 6),
        ("Emma", 1, 4),
        ("Fabien", 1, 4),
        ("Gaëlle", 1, 4),
    ]
    assert rows[0].head_to_head_url() == reverse("head_to_head", args=[anne.pk, rows[0].player_id])


def test_running_totals_of_one_event(season, anne):
    # H1..H6: 240, 240-123 = 117, 117-58 = 59, 59+174 = 233, 233, 233+1680 = 1913.
    events = {row.event_id: row for row in stats.player_statistics(anne).events}
    assert events[season.first.pk].running() == [240, 117, 59, 233, 233, 1913]
    assert season.draft.pk not in events  # unpublished


def test_event_running_totals_for_every_player_best_first(season):
    series = event_running_totals(season.first)
    assert [(s.name, s.totals) for s in series] == [
        ("Anne", [240, 117, 59, 233, 233, 1913]),
        ("Bruno", [-80, -39, 135, 309, 309, -251]),
        ("David", [-80, -39, -97, 77, 77, -483]),
        ("Chloé", [-80, -39, -97, -619, -619, -1179]),
    ]


def test_sitting_out_player_has_no_camp_and_no_hand(club, players, organiser):
    # Dealer-out table of 5: Anne deals and sits out; the other four play a 4-player hand.
    # Bruno garde, 2 oudlers, 56 (+15), petit au bout to the defence:
    # (25 + 15 - 10) x 2 = 60 -> Bruno +180, Chloé, David, Emma -60, Anne 0.
    anne, bruno = players[0], players[1]
    event = Event.objects.create(
        club=club, name="Dealer out", date=datetime.date(2026, 9, 1), published=True
    )
    table = seat_table(
        by=SYSTEM,
        round=Round.objects.create(event=event, number=1),
        number=1,
        players=players[:5],
        five_mode="dealer_out",
    )
    store_hand(table, organiser, dealer=anne, taker=bruno, petit_au_bout="defence")
    summary = stats.player_statistics(anne).summary
    assert (summary.events, summary.hands, summary.total) == (1, 0, 0)
    assert (summary.petits_won, summary.petits_lost) == (0, 0)
    assert stats.player_statistics(bruno).summary.total == 180
    assert stats.player_statistics(players[2]).summary.petits_won == 1  # Chloé defended
    found = stats.player_statistics(anne)
    assert (found.best, found.worst) == (None, None)
    assert [row.running() for row in found.events] == [[]]


@pytest.mark.parametrize("seed", range(30))
def test_the_opponents_shown_are_those_of_a_full_sort(seed):
    """selectors.stats._top keeps, from the stored counts (text keys, as the career's
    JSON has them), the ids a full sort by decreasing counts keeps: the first `limit`
    and every id tied with the last of them; partners by their first count only."""
    import random

    from tournaments.selectors.stats import _top

    rng = random.Random(seed)
    counts = {
        str(rng.randint(1, 10**6)): [rng.randint(0, 4), rng.randint(0, 6)]
        for _ in range(rng.choice([0, 3, 10, 11, 60, 300]))
    }
    for limit in (None, 1, 10):
        for width in (None, 1):
            keyed = {int(pk): values[:width] for pk, values in counts.items()}
            ids = sorted(keyed, key=lambda pk: [-c for c in keyed[pk]])
            if limit is not None and len(ids) > limit:
                ids = [pk for pk in ids if keyed[pk] >= keyed[ids[limit - 1]]]
            assert sorted(_top(counts, limit, width)) == sorted(ids)
