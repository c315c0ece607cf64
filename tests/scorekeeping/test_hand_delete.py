"""Deleting a hand: a confirmation page, the version, and a history record."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Hand, HandScore, Table
from tournaments.selectors import running_totals
from tournaments.selectors import sheet as sheet_selectors
from tournaments.selectors.sheet import sheet
from tournaments.services.hands import delete_hand

from ..factories import make_table, store_hand
from .conftest import assert_login_redirect, hand_data, seated


def test_delete_asks_for_confirmation_showing_the_scores(login, scorekeeper, table4, play):
    hand = play(table4)
    response = login(scorekeeper).get(reverse("hand_delete", args=[hand.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "+240" in html and 'name="version" value="1"' in html
    assert Hand.objects.filter(pk=hand.pk).exists()


def test_confirmed_delete_removes_hand_and_scores_and_keeps_history(
    login, scorekeeper, table4, play
):
    hand = play(table4)
    response = login(scorekeeper).post(reverse("hand_delete", args=[hand.pk]), {"version": 1})
    assert response.status_code == 302
    assert response.url == reverse("table_sheet", args=[table4.pk])
    assert not Hand.objects.filter(pk=hand.pk).exists()
    assert not HandScore.objects.filter(hand_id=hand.pk).exists()
    record = Hand.history.filter(id=hand.pk).latest("history_date")
    assert record.history_type == "-"
    assert record.history_user == scorekeeper


def test_delete_without_version_is_refused(login, scorekeeper, table4, play):
    hand = play(table4)
    response = login(scorekeeper).post(reverse("hand_delete", args=[hand.pk]), {})
    assert response.status_code == 200
    assert response.context["form"].has_error("version")
    assert Hand.objects.filter(pk=hand.pk).exists()


def test_delete_from_an_old_version_shows_the_conflict_and_keeps_the_hand(
    login, scorekeeper, organiser, table4, play
):
    hand = play(table4)
    play_edit = login(organiser).post(
        reverse("hand_edit", args=[hand.pk]),
        {
            "dealer": hand.dealer_id,
            "contract": "prise",
            "taker": hand.taker_id,
            "oudlers": "2",
            "points": "56",
            "version": 1,
        },
    )
    assert play_edit.status_code == 302
    response = login(scorekeeper).post(reverse("hand_delete", args=[hand.pk]), {"version": 1})
    assert response.status_code == 409
    assert response.context["conflict"]["current"].version == 2
    assert 'name="version" value="2"' in response.content.decode()
    assert "+120" in response.content.decode()  # the current version's scores
    assert Hand.objects.filter(pk=hand.pk, version=2).exists()
    # Confirming again deletes the current version.
    again = login(scorekeeper).post(reverse("hand_delete", args=[hand.pk]), {"version": 2})
    assert again.status_code == 302
    assert not Hand.objects.filter(pk=hand.pk).exists()


@pytest.mark.parametrize("method", ["get", "post"])
def test_delete_permissions(login, organiser, other_scorekeeper, stranger, table4, play, method):
    hand = play(table4)
    url = reverse("hand_delete", args=[hand.pk])
    assert getattr(login(other_scorekeeper), method)(url, {"version": 1}).status_code == 403
    assert getattr(login(stranger), method)(url, {"version": 1}).status_code == 403
    assert_login_redirect(getattr(login(None), method)(url, {"version": 1}))
    assert Hand.objects.filter(pk=hand.pk).exists()
    expected = 200 if method == "get" else 302
    assert getattr(login(organiser), method)(url, {"version": 1}).status_code == expected


# --- renumbering: no gap after a deletion ------------------------------------------------


def six_hands(table, user) -> list[Hand]:
    """Six hands following the rotation (seat 1 deals hand 1), each with another taker."""
    seats = seated(table)
    return [
        store_hand(table, user, dealer=seats[n % len(seats)], taker=seats[(n + 1) % len(seats)])
        for n in range(6)
    ]


def test_deleting_a_hand_numbers_the_later_ones_down(login, scorekeeper, table4):
    hands = six_hands(table4, scorekeeper)
    dealers = {hand.pk: hand.dealer_id for hand in hands}
    client = login(scorekeeper)
    assert (
        client.post(reverse("hand_delete", args=[hands[2].pk]), {"version": 1}).status_code == 302
    )
    left = list(Hand.objects.filter(table=table4).order_by("number"))
    assert [h.number for h in left] == [1, 2, 3, 4, 5]
    assert [h.pk for h in left] == [h.pk for h in hands if h.pk != hands[2].pk]
    # Who dealt a played hand is a fact: renumbering changes the label only.
    assert {h.pk: h.dealer_id for h in left} == {
        k: v for k, v in dealers.items() if k in {h.pk for h in left}
    }
    assert {h.version for h in left} == {1}  # the inputs did not change: no false conflict
    # The sheet, the history and the running totals (charts) count the same hands alike.
    assert [row.hand.number for row in sheet(table4).rows] == [1, 2, 3, 4, 5]
    history = sheet_selectors.table_history(table4).entries
    renumbered = [e for e in history if e.reason == str(Hand.ChangeReason.RENUMBERED.label)]
    assert [(e.hand_id, e.number) for e in renumbered] == [(h.pk, h.number) for h in left[2:]]
    change = {c.label: (c.before, c.after) for c in renumbered[0].changes}
    assert change == {str(Hand._meta.get_field("number").verbose_name): ("4", "3")}
    assert all(e.who == scorekeeper for e in renumbered)
    # A renumbered hand's history is titled by its number now.
    assert sheet_selectors.hand_history(left[2].pk).number == 3
    # The charts' running totals are the sheet's, hand for hand.
    shown = sheet(table4)
    series = {
        s.player_id: s.totals for s in running_totals.event_running_totals(table4.round.event)
    }
    for i, player in enumerate(shown.players):
        assert series[player.pk] == [row.cells[i].total for row in shown.rows]


def test_the_next_hand_follows_the_last_one(login, scorekeeper, table4):
    hands = six_hands(table4, scorekeeper)
    login(scorekeeper).post(reverse("hand_delete", args=[hands[0].pk]), {"version": 1})
    # The next dealer follows the last hand's stored dealer (seat 6 % 4 + 1 = seat 3),
    # not the count of hands left, and the next hand takes number 6.
    response = login(scorekeeper).get(reverse("hand_new", args=[table4.pk]))
    assert response.context["form"].initial["dealer"] == seated(table4)[2].pk
    assert store_hand(table4, scorekeeper).number == 6


def test_an_edit_open_on_a_renumbered_hand_still_saves(login, scorekeeper, organiser, table4):
    hands = six_hands(table4, scorekeeper)
    login(organiser).post(reverse("hand_delete", args=[hands[1].pk]), {"version": 1})
    # The scorekeeper had hand 6 open (version 1): it is hand 5 now, and his edit saves.
    last = hands[5]
    response = login(scorekeeper).post(
        reverse("hand_edit", args=[last.pk]),
        hand_data(table4, taker=last.taker_id, dealer=last.dealer_id, points="60", version=1),
    )
    assert response.status_code == 302 and response.url.endswith("#hand-5")
    last.refresh_from_db()
    assert (last.number, last.points, last.version) == (5, 60, 2)


def test_deleting_the_last_hand_renumbers_nothing(scorekeeper, table4):
    hands = six_hands(table4, scorekeeper)
    delete_hand(hand=hands[-1], user=scorekeeper, expected_version=1)
    assert list(Hand.objects.filter(table=table4).values_list("number", flat=True)) == [
        1,
        2,
        3,
        4,
        5,
    ]
    assert not Hand.history.filter(history_change_reason=Hand.ChangeReason.RENUMBERED).exists()


def test_a_sitting_out_dealer_stays_out_of_his_renumbered_hand(organiser, night_round, players):
    table = make_table(night_round, players[4:9], number=3, five_mode=Table.FiveMode.DEALER_OUT)
    hands = [
        store_hand(table, organiser, dealer=players[4 + n], taker=players[4 + (n + 1) % 5])
        for n in range(5)
    ]
    delete_hand(hand=hands[0], user=organiser, expected_version=1)
    for hand in Hand.objects.filter(table=table):
        assert (
            hand.sitting_out_id
            == hand.dealer_id
            == next(h for h in hands if h.pk == hand.pk).dealer_id
        )
        assert HandScore.objects.get(hand=hand, player_id=hand.dealer_id).points == 0
