"""A tournament whose hands are scored by the engine (save_hand), at any size."""

from __future__ import annotations

import io
import random
import re

import pandas as pd
import pytest
from django.utils.translation import gettext as _
from openpyxl import load_workbook
from openpyxl.utils import column_index_from_string

from tournaments.demo import random_hand
from tournaments.models import Event, Player, Round, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import save_hand, seat_table, table_seats


def play(event: Event, players, organiser, *, hands_per_table: int, seed: int = 7) -> None:
    """Two rounds: a table of 4 and a table of 5 each; the second round's table of 5 has
    the dealer sitting out."""
    rng = random.Random(seed)
    for number in (1, 2):
        round_ = Round.objects.create(event=event, number=number)
        order = rng.sample(players, len(players))
        tables = [
            seat_table(by=SYSTEM, round=round_, number=1, players=order[:4]),
            seat_table(
                by=SYSTEM,
                round=round_,
                number=2,
                players=order[4:9],
                five_mode=Table.FiveMode.DEALER_OUT if number == 2 else Table.FiveMode.CALLED_KING,
            ),
        ]
        for table in tables:
            seats = table_seats(table)
            dealer_out = table.five_mode == Table.FiveMode.DEALER_OUT
            for hand_number in range(1, hands_per_table + 1):
                hand = random_hand(rng, seats, hand_number, dealer_out=dealer_out)
                save_hand(table=table, hand=hand, user=organiser)


@pytest.fixture
def tournament(club_night) -> Event:
    club_night.kind = Event.Kind.TOURNAMENT
    club_night.name = "Open de Lyon"
    club_night.rounds_planned = 2
    club_night.save()
    return club_night


def read_back(export) -> object:
    buffer = io.BytesIO()
    export.write(buffer)
    buffer.seek(0)
    return load_workbook(buffer)


def read_frames(export) -> dict[str, pd.DataFrame]:
    """Every sheet as pandas reads it: stored values only (a formula reads as nothing).
    Licence numbers are read as the text they are (pandas would make "0141" 141)."""
    buffer = io.BytesIO()
    export.write(buffer)
    buffer.seek(0)
    return pd.read_excel(buffer, sheet_name=None, engine="openpyxl", dtype={_("Licence"): str})


def records(frame: pd.DataFrame) -> list[dict[str, object]]:
    """The frame's rows with None for empty cells and Python ints for whole numbers."""
    rows = frame.astype(object).where(frame.notna(), None).to_dict("records")
    return [
        {k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in row.items()}
        for row in rows
    ]


def give_licences(players) -> dict[int, str]:
    """A licence number for each player, some with a leading zero (text, not numbers)."""
    licences = {}
    for i, player in enumerate(players):
        licences[player.pk] = f"0{i}4{i}" if i % 2 else f"7{i:03d}12"
        Player.objects.filter(pk=player.pk).update(licence=licences[player.pk])
    return licences


def sheet_dicts(ws) -> list[dict[str, object]]:
    rows = list(ws.iter_rows(values_only=True))
    header = rows[0]
    return [dict(zip(header, row, strict=True)) for row in rows[1:]]


_SUMIFS = re.compile(
    r"^=SUMIFS\((?P<sum_sheet>'[^']+'|\w+)!\$(?P<sum_col>[A-Z]+):\$[A-Z]+,"
    r"(?P<crit_sheet>'[^']+'|\w+)!\$(?P<crit_col>[A-Z]+):\$[A-Z]+,"
    r"\$?(?P<ref_col>[A-Z]+)\$?(?P<ref_row>\d+)\)$"
)


def evaluate_sumifs(workbook, ws, formula: str) -> int:
    """What Excel computes for the one-criterion SUMIFS the exports write."""
    match = _SUMIFS.match(formula)
    assert match, formula
    sum_ws = workbook[match["sum_sheet"].strip("'")]
    crit_ws = workbook[match["crit_sheet"].strip("'")]
    criterion = ws[f"{match['ref_col']}{match['ref_row']}"].value
    sum_col = column_index_from_string(match["sum_col"])
    crit_col = column_index_from_string(match["crit_col"])
    assert sum_ws is crit_ws
    total = 0
    for row in sum_ws.iter_rows(min_row=1, values_only=True):
        if row[crit_col - 1] == criterion and isinstance(row[sum_col - 1], int | float):
            total += row[sum_col - 1]
    return total
