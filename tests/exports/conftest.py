"""A tournament whose hands are scored by the engine (save_hand), at any size."""

from __future__ import annotations

import io
import random
import re

import pytest
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


def read_values(export) -> dict[str, list[dict[str, object]]]:
    """Every sheet as a reader of stored values sees it (openpyxl's data_only, as a
    script or another spreadsheet reading the file without computing it): a row a dict
    under the first row's headings, empty cells and formulas None (a formula's value is
    not stored), whole numbers stored as floats read as ints, text as the text it is
    (a licence "0141" stays "0141")."""
    buffer = io.BytesIO()
    export.write(buffer)
    buffer.seek(0)
    workbook = load_workbook(buffer, data_only=True)
    sheets = {}
    for ws in workbook.worksheets:
        header, *rows = ws.iter_rows(values_only=True)
        sheets[ws.title] = [
            {
                key: int(value) if isinstance(value, float) and value.is_integer() else value
                for key, value in zip(header, row, strict=True)
            }
            for row in rows
        ]
    return sheets


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
