"""Every engine error code has a translated message and lands on the right field."""

from __future__ import annotations

import pytest

import scoring
from tournaments.forms.hand import (
    HAND_ERROR_FIELD_MESSAGES,
    HAND_ERROR_MESSAGES,
    HandForm,
    hand_error_message,
)
from tournaments.models import Table


def test_every_engine_error_code_has_a_message():
    # scoring exports its codes; tests/scoring checks the engine raises no other.
    missing = set(scoring.ERROR_CODES) - set(HAND_ERROR_MESSAGES)
    assert not missing, missing


def test_no_message_for_a_code_the_engine_never_raises():
    stale = set(HAND_ERROR_MESSAGES) - set(scoring.ERROR_CODES)
    assert not stale, stale
    assert {code for _, code in HAND_ERROR_FIELD_MESSAGES} <= set(scoring.ERROR_CODES)


@pytest.mark.parametrize(
    "code",
    sorted(HAND_ERROR_MESSAGES) + [f"{f}:{c}" for f, c in HAND_ERROR_FIELD_MESSAGES],
)
def test_every_message_interpolates_without_params(code):
    field, _, code = code.rpartition(":")
    message = hand_error_message(scoring.HandError(field or "points", code, "english"))
    assert message and "%(" not in message and message != "english"


def test_message_interpolates_params_and_player_names():
    error = scoring.HandError("poignees", "two_poignees", "x", value=7)
    assert "Gaëlle" in hand_error_message(error, {7: "Gaëlle"})
    error = scoring.HandError(
        "points",
        "points_impossible_for_oudlers",
        "x",
        value="40.5",
        oudlers=2,
        low="9",
        high="86.5",
    )
    message = hand_error_message(error)
    assert "40,5" in message and "86,5" in message and "2" in message


def test_unknown_code_gets_a_generic_message_not_the_english_one():
    message = hand_error_message(scoring.HandError("points", "brand_new_code", "english text"))
    assert message and "english text" not in message


@pytest.mark.parametrize(
    ("engine_field", "value", "form_field"),
    [
        ("points", None, "points"),
        ("defence_points", None, "points"),
        ("oudlers", None, "oudlers"),
        ("taker", None, "taker"),
        ("contract", None, "contract"),
        ("petit_au_bout", None, "petit_au_bout"),
        ("chelem", None, "chelem_made_by"),
        ("sitting_out", None, "dealer"),
        ("partner", None, None),  # no partner field at a table of 4
        ("poignees", "seat2", "poignee_"),
        ("poignees", None, None),
        ("miseres", "seat2", None),  # no misère field under FFT rules
        ("players", None, None),
        ("rules", None, None),
    ],
)
def test_engine_fields_map_to_form_fields(table4, engine_field, value, form_field):
    seats = list(table4.seats.select_related("player").order_by("position"))
    form = HandForm(table=table4, seats=seats, rules=scoring.FFT)
    if value == "seat2":
        value = seats[1].player_id
    error = scoring.HandError(engine_field, "not_a_player", "x", value=value)
    expected = f"poignee_{seats[1].player_id}" if form_field == "poignee_" else form_field
    assert form.error_field(error) == expected


def test_partner_maps_to_the_partner_field_at_a_called_king_table(table5):
    seats = list(table5.seats.select_related("player").order_by("position"))
    assert table5.five_mode == Table.FiveMode.CALLED_KING
    form = HandForm(table=table5, seats=seats, rules=scoring.FFT)
    assert form.error_field(scoring.HandError("partner", "partner_is_taker", "x")) == "partner"
