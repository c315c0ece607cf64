"""Entering and editing a hand: form fields, conversions, engine errors at their fields."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tournaments.models import Event, Hand, HandScore, Round, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import seat_table

from .conftest import assert_login_redirect, hand_data, seated


def scores(hand: Hand) -> dict[str, int]:
    return {s.player.name: s.points for s in hand.scores.select_related("player")}


@pytest.fixture
def dealer_out_table(night_round, players, scorekeeper) -> Table:
    """Emma, Fabien, Gaëlle, Hugo, Inès; the dealer sits out each hand."""
    return seat_table(
        by=SYSTEM,
        round=night_round,
        number=3,
        players=players[4:9],
        five_mode=Table.FiveMode.DEALER_OUT,
        scorekeepers=[scorekeeper],
    )


# --- the empty form ------------------------------------------------------------


def test_new_hand_form_offers_seated_players_and_event_contracts(login, scorekeeper, table4):
    response = login(scorekeeper).get(reverse("hand_new", args=[table4.pk]))
    assert response.status_code == 200
    form = response.context["form"]
    names = [label for _, label in form.fields["taker"].choices]
    # The empty taker is a button ("nobody", shown once everybody passed): a tap.
    assert names == ["personne", "Anne", "Bruno", "Chloé", "David"]
    contracts = [value for value, _ in form.fields["contract"].choices]
    assert contracts == ["", "prise", "garde", "garde_sans", "garde_contre"]
    assert "partner" not in form.fields
    assert not any(name.startswith("misere_") for name in form.fields)
    assert 'name="misere_' not in response.content.decode()
    preview_url = reverse("hand_preview", args=[table4.pk])
    assert f'hx-post="{preview_url}"' in response.content.decode()


def test_pousse_is_offered_only_when_the_rules_have_it(login, organiser, club, players):
    event = Event.objects.create(
        club=club, name="Pousse", date="2026-11-20", rules_name="pousse_x1_5"
    )
    table = seat_table(
        by=SYSTEM, round=Round.objects.create(event=event, number=1), number=1, players=players[:4]
    )
    response = login(organiser).get(reverse("hand_new", args=[table.pk]))
    assert "pousse" in [value for value, _ in response.context["form"].fields["contract"].choices]


def test_misere_selects_appear_only_when_the_rules_allow_misere(login, organiser, club, players):
    event = Event.objects.create(club=club, name="Misère", date="2026-11-20", rules_name="misere")
    table = seat_table(
        by=SYSTEM, round=Round.objects.create(event=event, number=1), number=1, players=players[:4]
    )
    client = login(organiser)
    response = client.get(reverse("hand_new", args=[table.pk]))
    anne = players[0]
    assert f'name="misere_{anne.pk}"' in response.content.decode()
    data = hand_data(table, **{f"misere_{anne.pk}": "simple"})
    response = client.post(reverse("hand_new", args=[table.pk]), data)
    assert response.status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.miseres == [{"player": anne.pk, "size": "simple"}]
    # Garde 240 for Anne plus her misère paid 10 by each of the three others.
    assert scores(hand) == {"Anne": 270, "Bruno": -90, "Chloé": -90, "David": -90}


def test_first_hand_suggests_seat_one_as_dealer(login, scorekeeper, table4):
    response = login(scorekeeper).get(reverse("hand_new", args=[table4.pk]))
    assert response.context["form"].initial["dealer"] == seated(table4)[0].pk


def test_next_hand_suggests_the_seat_after_the_previous_dealer(login, scorekeeper, table4, play):
    players = seated(table4)
    play(table4, dealer=players[2])
    response = login(scorekeeper).get(reverse("hand_new", args=[table4.pk]))
    assert response.context["form"].initial["dealer"] == players[3].pk
    play(table4, dealer=players[3])
    response = login(scorekeeper).get(reverse("hand_new", args=[table4.pk]))
    assert response.context["form"].initial["dealer"] == players[0].pk


# --- saving ----------------------------------------------------------------------


def test_scorekeeper_saves_a_hand_and_lands_on_the_sheet(login, scorekeeper, table4):
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), hand_data(table4))
    assert response.status_code == 302
    assert response.url.startswith(reverse("table_sheet", args=[table4.pk]))
    hand = Hand.objects.get(table=table4)
    assert (hand.number, hand.version, hand.entered_by) == (1, 1, scorekeeper)
    assert scores(hand) == {"Anne": 240, "Bruno": -80, "Chloé": -80, "David": -80}


def test_defence_points_are_turned_into_the_taker_camps(login, scorekeeper, table4):
    data = hand_data(table4, points="35", points_camp="defence")
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    assert response.status_code == 302
    hand = Hand.objects.get(table=table4)
    assert hand.points == Decimal(56)
    assert scores(hand)["Anne"] == 240


@pytest.mark.parametrize("typed", ["40,5", "40.5", " 40,5 "])
def test_french_decimal_comma_and_point_are_both_accepted(login, other_scorekeeper, table5, typed):
    players = seated(table5)
    data = hand_data(table5, points=typed, partner=players[1].pk)
    response = login(other_scorekeeper).post(reverse("hand_new", args=[table5.pk]), data)
    assert response.status_code == 302
    hand = Hand.objects.get(table=table5)
    assert hand.points == Decimal("40.5")
    # 40.5 for 41 fails by 1: (25 + 1) x 2 = 52 per defender.
    assert scores(hand)["Emma"] == -104


def test_half_point_at_four_players_is_refused_at_the_points_field(login, scorekeeper, table4):
    data = hand_data(table4, points="40,5")
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    assert response.status_code == 200
    assert response.context["form"].has_error("points")
    assert "40,5" in response.context["form"].errors["points"][0]
    assert not Hand.objects.exists()


@pytest.mark.parametrize("typed", ["abc", "4O", "1e3", "40,5,5", "nan"])
def test_points_that_are_not_a_number_are_refused(login, scorekeeper, table4, typed):
    response = login(scorekeeper).post(
        reverse("hand_new", args=[table4.pk]), hand_data(table4, points=typed)
    )
    assert response.status_code == 200
    assert response.context["form"].has_error("points", "not_a_number")
    assert not Hand.objects.exists()


def test_points_out_of_range_are_refused_as_typed(login, scorekeeper, table4):
    data = hand_data(table4, points="95", points_camp="defence")
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    assert response.context["form"].has_error("points", "points_range")
    assert "95" in response.context["form"].errors["points"][0]


def test_missing_points_for_a_contract_are_asked_for(login, scorekeeper, table4):
    data = hand_data(table4, points="")
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    assert response.context["form"].has_error("points")
    assert not Hand.objects.exists()


def test_impossible_points_for_the_oudlers_show_at_the_points_field(login, scorekeeper, table4):
    data = hand_data(table4, oudlers="3", points="5")
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    form = response.context["form"]
    assert list(form.errors) == ["points"]
    # The parameters of the engine error are interpolated, not the English engine text.
    assert "13,5" in form.errors["points"][0]
    assert "points:" not in form.errors["points"][0]
    assert not Hand.objects.exists()


def test_taker_missing_shows_at_the_taker_field(login, scorekeeper, table4):
    response = login(scorekeeper).post(
        reverse("hand_new", args=[table4.pk]), hand_data(table4, taker="")
    )
    assert list(response.context["form"].errors) == ["taker"]


def test_all_passed_is_an_empty_contract_scoring_zero(login, scorekeeper, table4):
    data = hand_data(table4, contract="", taker="", points="")
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    assert response.status_code == 302
    hand = Hand.objects.get(table=table4)
    assert hand.passed and hand.points == 0
    assert set(scores(hand).values()) == {0}


def test_all_passed_with_a_taker_is_refused_at_the_taker_field(login, scorekeeper, table4):
    data = hand_data(table4, contract="", points="")
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    assert list(response.context["form"].errors) == ["taker"]


def test_poignees_chelem_and_petit_au_bout_are_stored(login, scorekeeper, table4):
    players = seated(table4)
    data = hand_data(
        table4,
        oudlers="3",
        points="40",
        **{f"poignee_{players[2].pk}": "simple"},
    )
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    assert response.status_code == 302
    hand = Hand.objects.get(table=table4)
    assert hand.poignees == [{"player": players[2].pk, "size": "simple"}]
    # Worked example of RULES.md: (25 + 4) x 2 + 20 = 78.
    assert scores(hand) == {"Anne": 234, "Bruno": -78, "Chloé": -78, "David": -78}


def test_defence_petit_au_bout_is_multiplied(login, scorekeeper, table4):
    data = hand_data(table4, points="40", petit_au_bout="defence")
    login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    assert scores(Hand.objects.get(table=table4))["Anne"] == -216


def test_announced_chelem_made(login, scorekeeper, table4):
    data = hand_data(
        table4, oudlers="3", points="91", chelem_announced="on", chelem_made_by="taker"
    )
    login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    hand = Hand.objects.get(table=table4)
    assert hand.chelem_announced and hand.chelem_made_by == "taker"
    # ((25 + 55) x 2 + 400) = 560 per defender.
    assert scores(hand)["Bruno"] == -560


def test_too_many_trumps_shown_is_said_once_at_the_poignees(login, scorekeeper, table4):
    """The message once showed at the top and in the preview, not among the
    poignées; it belongs to the last poignée declared, and only there."""
    players = seated(table4)
    data = hand_data(
        table4,
        **{f"poignee_{players[1].pk}": "triple", f"poignee_{players[2].pk}": "double"},
    )
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    form = response.context["form"]
    assert not form.non_field_errors()
    (message,) = form.errors[f"poignee_{players[2].pk}"]
    assert "28" in message
    assert set(form.errors) == {f"poignee_{players[2].pk}"}
    html = response.content.decode()
    assert html.count("28 atouts") == 1, "the message is written once on the page"
    assert not Hand.objects.exists()


# --- tables of five ----------------------------------------------------------------


def test_called_partner_at_five_shares_the_win(login, other_scorekeeper, table5):
    players = seated(table5)
    data = hand_data(table5, partner=players[3].pk)
    response = login(other_scorekeeper).post(reverse("hand_new", args=[table5.pk]), data)
    assert response.status_code == 302
    hand = Hand.objects.get(table=table5)
    assert hand.partner == players[3]
    assert scores(hand) == {"Emma": 160, "Hugo": 80, "Fabien": -80, "Gaëlle": -80, "Inès": -80}


def test_taker_alone_at_five_takes_from_four_defenders(login, other_scorekeeper, table5):
    response = login(other_scorekeeper).post(
        reverse("hand_new", args=[table5.pk]), hand_data(table5, partner="")
    )
    assert response.status_code == 302
    assert scores(Hand.objects.get(table=table5))["Emma"] == 320


def test_taker_as_own_partner_is_refused_at_the_partner_field(login, other_scorekeeper, table5):
    players = seated(table5)
    response = login(other_scorekeeper).post(
        reverse("hand_new", args=[table5.pk]), hand_data(table5, partner=players[0].pk)
    )
    assert list(response.context["form"].errors) == ["partner"]


def test_dealer_out_table_has_no_partner_and_the_dealer_scores_zero(
    login, scorekeeper, dealer_out_table
):
    players = seated(dealer_out_table)
    client = login(scorekeeper)
    response = client.get(reverse("hand_new", args=[dealer_out_table.pk]))
    assert "partner" not in response.context["form"].fields
    data = hand_data(dealer_out_table, dealer=players[0].pk, taker=players[1].pk)
    response = client.post(reverse("hand_new", args=[dealer_out_table.pk]), data)
    assert response.status_code == 302
    hand = Hand.objects.get(table=dealer_out_table)
    assert hand.sitting_out == players[0]
    assert scores(hand) == {"Emma": 0, "Fabien": 240, "Gaëlle": -80, "Hugo": -80, "Inès": -80}


def test_dealer_out_table_refuses_the_dealer_as_taker(login, scorekeeper, dealer_out_table):
    data = hand_data(dealer_out_table)  # Emma deals and takes
    response = login(scorekeeper).post(reverse("hand_new", args=[dealer_out_table.pk]), data)
    form = response.context["form"]
    assert list(form.errors) == ["taker"]
    assert "Emma" in form.errors["taker"][0]


def test_poignee_of_the_sitting_out_dealer_shows_at_his_poignee(
    login, scorekeeper, dealer_out_table
):
    players = seated(dealer_out_table)
    data = hand_data(
        dealer_out_table, taker=players[1].pk, **{f"poignee_{players[0].pk}": "simple"}
    )
    response = login(scorekeeper).post(reverse("hand_new", args=[dealer_out_table.pk]), data)
    assert list(response.context["form"].errors) == [f"poignee_{players[0].pk}"]


# --- editing ---------------------------------------------------------------------


def test_edit_form_starts_from_the_stored_hand_with_its_scores(login, scorekeeper, table4, play):
    hand = play(table4, points=Decimal(56))
    response = login(scorekeeper).get(reverse("hand_edit", args=[hand.pk]))
    assert response.status_code == 200
    form = response.context["form"]
    assert form.initial["points"] == "56"
    assert form.initial["version"] == 1
    assert response.context["preview"]["result"].scores[seated(table4)[1].pk] == 240
    assert 'name="version" value="1"' in response.content.decode()


def test_edit_rewrites_the_hand_and_its_scores(login, scorekeeper, table4, play):
    hand = play(table4)
    data = hand_data(table4, taker=seated(table4)[2].pk, contract="prise", version=1)
    response = login(scorekeeper).post(reverse("hand_edit", args=[hand.pk]), data)
    assert response.status_code == 302
    hand.refresh_from_db()
    assert (hand.contract, hand.version, hand.number) == ("prise", 2, 1)
    assert scores(hand) == {"Anne": -40, "Bruno": -40, "Chloé": 120, "David": -40}
    assert HandScore.objects.filter(hand=hand).count() == 4


def test_edit_with_an_impossible_hand_keeps_the_stored_one(login, scorekeeper, table4, play):
    hand = play(table4)
    data = hand_data(table4, oudlers="0", points="91,5", version=1)
    response = login(scorekeeper).post(reverse("hand_edit", args=[hand.pk]), data)
    assert response.status_code == 200
    assert response.context["form"].has_error("points")
    hand.refresh_from_db()
    assert (hand.version, hand.points) == (1, Decimal(56))


# --- permissions -------------------------------------------------------------------


@pytest.mark.parametrize("method", ["get", "post"])
def test_organiser_may_enter_hands_at_any_table(login, organiser, table4, method):
    response = getattr(login(organiser), method)(
        reverse("hand_new", args=[table4.pk]), hand_data(table4)
    )
    assert response.status_code == (200 if method == "get" else 302)


@pytest.mark.parametrize("method", ["get", "post"])
def test_scorekeeper_of_other_table_gets_403(login, other_scorekeeper, table4, method):
    response = getattr(login(other_scorekeeper), method)(
        reverse("hand_new", args=[table4.pk]), hand_data(table4)
    )
    assert response.status_code == 403
    assert not Hand.objects.exists()


@pytest.mark.parametrize("method", ["get", "post"])
def test_stranger_gets_403(login, stranger, table4, method):
    response = getattr(login(stranger), method)(
        reverse("hand_new", args=[table4.pk]), hand_data(table4)
    )
    assert response.status_code == 403


@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_is_sent_to_login(login, table4, method):
    assert_login_redirect(
        getattr(login(None), method)(reverse("hand_new", args=[table4.pk]), hand_data(table4))
    )
    assert not Hand.objects.exists()


def test_edit_permissions(login, organiser, other_scorekeeper, stranger, table4, play):
    hand = play(table4)
    url = reverse("hand_edit", args=[hand.pk])
    assert login(organiser).get(url).status_code == 200
    assert login(other_scorekeeper).get(url).status_code == 403
    assert login(stranger).post(url, hand_data(table4, version=1)).status_code == 403
    assert_login_redirect(login(None).get(url))
    hand.refresh_from_db()
    assert hand.version == 1


def test_unknown_table_is_404(login, organiser, db):
    assert login(organiser).get(reverse("hand_new", args=[999999])).status_code == 404
