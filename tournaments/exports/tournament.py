"""The workbook of one event: ranking, one sheet per round, every hand, the rules.

Every number comes from the HandScore ledger (or, for the ranking, from the
ranking selector that sums it); nothing here scores a hand. The ranking's
"check" column re-adds the Hands sheet with SUMIFS, so anyone can audit in
Excel that the totals are the sum of the hands.

The ranking and its tie-break are those of tournaments.selectors.ranking, so
the file and the web page agree: total decreasing, then the better best round,
then more contracts won as taker; players still equal share the rank and are
listed by name.

Queries: a fixed number whatever the number of hands (rounds, seats, ranking,
round totals, and one streamed query over the ledger, read 2000 rows at a time).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from django.db.models import FloatField, Sum, TextField
from django.db.models.functions import Cast
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from openpyxl.utils import get_column_letter

from ..models import Event, Hand, HandScore, Round, Seat
from ..selectors.access import full_names
from ..selectors.ranking import RankingRow, team_ranking, tournament_ranking
from .writer import (
    INTEGER,
    SCORE,
    Column,
    Export,
    Formula,
    Sheet,
    export_filename,
    sheet_ref,
    sheet_title,
)

CHUNK_SIZE = 2000

POIGNEE_SIZES = {
    "simple": gettext_lazy("simple"),
    "double": gettext_lazy("double"),
    "triple": gettext_lazy("triple"),
}


class _Names:
    """Player names by id, from the rows already loaded (no query of its own)."""

    def __init__(self) -> None:
        self.names: dict[int, str] = {}
        self.clubs: dict[int, str] = {}

    def add(self, player_id: int, name: str, club: str) -> None:
        self.names.setdefault(player_id, name)
        self.clubs.setdefault(player_id, club)

    def __call__(self, player_id: int | None) -> str:
        if player_id is None:
            return ""
        return self.names.get(player_id, f"#{player_id}")


def tournament_workbook(event: Event) -> Export:
    """The event's workbook; write it with `.write(fp)` or serve it with `.response()`."""
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    seats = list(
        Seat.objects.filter(table__round__event=event)
        .select_related("player__club", "table")
        .order_by("table__round__number", "table__number", "position")
    )
    ranking = tournament_ranking(event, namer=full_names)  # an organiser's workbook
    names = _Names()
    for seat in seats:
        names.add(seat.player_id, seat.player.name, seat.player.club.name)
    for row in ranking:
        names.add(row.player_id, row.name, row.club)

    # The title the writer will give the sheet, so that formulas point at it.
    hands_title = sheet_title(_("Hands"), set())
    hand_columns = _hand_columns(event)
    # The hands sheet ends with player, score, player id: the columns SUMIFS reads.
    score_col, id_col = len(hand_columns) - 1, len(hand_columns)

    sheets = [_ranking_sheet(event, ranking, rounds, hands_title, score_col, id_col)]
    if event.team_size:
        sheets.append(_teams_sheet(ranking))
    sheets.extend(_round_sheets(event, rounds, seats, names))
    sheets.append(Sheet(hands_title, hand_columns, _hand_rows(event, seats, names)))
    sheets.append(_rules_sheet(event))
    return Export(
        filename=export_filename(slugify(event.name) or "event", f"{event.date:%Y-%m-%d}"),
        sheets=sheets,
    )


# --- ranking -----------------------------------------------------------------


def _ranking_sheet(
    event: Event,
    ranking: list[RankingRow],
    rounds: list[Round],
    hands_title: str,
    score_col: int,
    id_col: int,
) -> Sheet:
    columns = [
        Column(_("Rank"), 7, INTEGER),
        Column(_("Player"), 28),
        Column(_("Club"), 24),
    ]
    if event.team_size:
        columns.append(Column(_("Team"), 20))
    columns += [Column(str(r), 11, SCORE) for r in rounds]
    columns += [
        Column(_("Total"), 11, SCORE),
        Column(_("Check (sum of the hands)"), 14, SCORE),
        Column(_("Player ID"), 10, INTEGER),
    ]
    id_letter_index = len(columns)
    scores_ref = sheet_ref(hands_title, score_col)
    ids_ref = sheet_ref(hands_title, id_col)

    def rows() -> Iterator[list[Any]]:
        id_letter = get_column_letter(id_letter_index)
        for line, row in enumerate(ranking, 2):
            values: list[Any] = [row.rank, row.name, row.club]
            if event.team_size:
                values.append(row.team or "")
            values += [row.round_totals.get(r.number) for r in rounds]
            values += [
                row.total,
                Formula(f"=SUMIFS({scores_ref},{ids_ref},${id_letter}{line})"),
                row.player_id,
            ]
            yield values

    return Sheet(_("Ranking"), columns, rows())


def _teams_sheet(ranking: list[RankingRow]) -> Sheet:
    columns = [
        Column(_("Rank"), 7, INTEGER),
        Column(_("Team"), 24),
        Column(_("Players"), 48),
        Column(_("Total"), 11, SCORE),
    ]
    rows = (
        [team.rank, team.name, ", ".join(m.name for m in team.members), team.total]
        for team in team_ranking(ranking)
    )
    return Sheet(_("Teams"), columns, rows)


# --- rounds ------------------------------------------------------------------


def _round_sheets(
    event: Event, rounds: list[Round], seats: list[Seat], names: _Names
) -> list[Sheet]:
    totals: dict[tuple[int, int], int] = {}
    table_numbers: dict[int, tuple[int, int]] = {}  # table id -> (round id, table number)
    for seat in seats:
        table_numbers[seat.table_id] = (seat.table.round_id, seat.table.number)
    per_table = (
        HandScore.objects.filter(event=event)
        .values_list("round_id", "table_id", "table__number", "player_id")
        .annotate(total=Sum("points"))
        .order_by()
    )
    by_round: dict[int, list[tuple[int, int, int]]] = {r.pk: [] for r in rounds}
    for round_id, table_id, table_number, player_id, total in per_table:
        totals[(table_id, player_id)] = total
        table_numbers.setdefault(table_id, (round_id, table_number))

    # Seated players in seat order; a score row of a player no longer seated still shows.
    listed: set[tuple[int, int]] = set()
    for seat in seats:
        key = (seat.table_id, seat.player_id)
        listed.add(key)
        by_round[seat.table.round_id].append((seat.table.number, seat.position, seat.player_id))
        totals.setdefault(key, 0)
    for table_id, player_id in totals:
        if (table_id, player_id) not in listed:
            round_id, table_number = table_numbers[table_id]
            by_round[round_id].append((table_number, 99, player_id))
    table_ids = {(rid, number): tid for tid, (rid, number) in table_numbers.items()}

    columns = [
        Column(_("Table"), 8, INTEGER),
        Column(_("Player"), 28),
        Column(_("Club"), 24),
        Column(_("Round total"), 13, SCORE),
        Column(_("Player ID"), 10, INTEGER),
    ]
    sheets = []
    for round_ in rounds:
        lines = sorted(by_round[round_.pk])
        rows = [
            [
                number,
                names(player_id),
                names.clubs.get(player_id, ""),
                totals[(table_ids[(round_.pk, number)], player_id)],
                player_id,
            ]
            for number, _position, player_id in lines
        ]
        sheets.append(Sheet(str(round_), columns, rows))
    return sheets


# --- hands -------------------------------------------------------------------


def _hand_columns(event: Event) -> list[Column]:
    # Small whole numbers show as they are in the General format: only the score gets a
    # format of its own, which keeps the biggest sheet fast to write.
    columns = [
        Column(pgettext("tournament", "Round"), 8),
        Column(_("Table"), 8),
        Column(_("Hand"), 8),
        Column(_("Dealer"), 18),
        Column(_("Contract"), 14),
        Column(_("Taker"), 18),
        Column(_("Partner"), 18),
        Column(_("Oudlers"), 9),
        Column(_("Points"), 9),
        Column(_("Made"), 8),
        Column(_("Petit au bout"), 14),
        Column(_("Poignées"), 22),
        Column(_("Chelem"), 22),
    ]
    if event.rules.allows_misere:
        columns.append(Column(_("Misères"), 22))
    columns += [
        Column(_("Player"), 22),
        Column(_("Score"), 10, SCORE),
        Column(_("Player ID"), 10),
    ]
    return columns


# Read raw: every hand comes once per player, and decoding its JSON and its decimal on
# each of those rows was a fifth of the export's time. The JSON is decoded once a hand
# (and not at all when empty); the taker camp's points are halves at most, exact in a
# float.
_RAW = {
    "points": Cast("hand__points", FloatField()),
    "poignees": Cast("hand__poignees", TextField()),
    "miseres": Cast("hand__miseres", TextField()),
}

_HAND_FIELDS = (
    "hand_id",
    "round__number",
    "table__number",
    "table_id",
    "hand__number",
    # hand__dealer_id, hand__contract, ...: players as ids, the names come from _Names.
    *(f"hand__{Hand._meta.get_field(name).attname}" for name in Hand.INPUT_FIELDS),
    "player_id",
    "points",
    "is_taker",
    "made",
)
# What the query reads: the same, the raw ones under their own names.
_QUERY_FIELDS = tuple(
    f"raw_{name[6:]}" if name.startswith("hand__") and name[6:] in _RAW else name
    for name in _HAND_FIELDS
)


def _words() -> dict[Any, str]:
    """Every word of the hands sheet, translated once rather than on each of 100 000 rows."""
    words: dict[Any, str] = {c.value: str(c.label) for c in Hand.Contract}
    words.update({("camp", c.value): str(c.label) for c in Hand.Camp})
    words.update({("size", size): str(label) for size, label in POIGNEE_SIZES.items()})
    words.update(
        {
            "passed": _("passed"),
            True: _("yes"),
            False: _("no"),
            # (announced, made by)
            ("chelem", True, Hand.Camp.TAKER): _("announced, made"),
            ("chelem", False, Hand.Camp.TAKER): _("made, not announced"),
            ("chelem", True, Hand.Camp.DEFENCE): _("made by the defence"),
            ("chelem", False, Hand.Camp.DEFENCE): _("made by the defence"),
            ("chelem", True, ""): _("announced, failed"),
        }
    )
    return words


def _hand_rows(event: Event, seats: list[Seat], names: _Names) -> Iterator[list[Any]]:
    """One row per (hand, player) in seat order; streamed, one query for the whole ledger."""
    positions = {(s.table_id, s.player_id): s.position for s in seats}
    with_miseres = event.rules.allows_misere
    words = _words()
    scores = (
        HandScore.objects.filter(event=event)
        .annotate(**{f"raw_{name}": value for name, value in _RAW.items()})
        .order_by("round__number", "table__number", "hand__number", "hand_id")
        .values_list(*_QUERY_FIELDS, named=True)
        .iterator(chunk_size=CHUNK_SIZE)
    )
    group: list[Any] = []
    for score in scores:
        if group and group[0].hand_id != score.hand_id:
            yield from _hand_group(group, positions, names, words, with_miseres)
            group = []
        group.append(score)
    if group:
        yield from _hand_group(group, positions, names, words, with_miseres)


def _hand_group(
    group: list[Any],
    positions: dict[tuple[int, int], int],
    names: _Names,
    words: dict[Any, str],
    with_miseres: bool,
) -> Iterator[list[Any]]:
    """The rows of one hand: its inputs repeated on each player's score row."""
    first = group[0]
    made = next((row.made for row in group if row.is_taker), None)
    passed = not first.hand__contract
    hand: list[Any] = [
        first.round__number,
        first.table__number,
        first.hand__number,
        names(first.hand__dealer_id),
        words["passed"] if passed else words[first.hand__contract],
        names(first.hand__taker_id),
        names(first.hand__partner_id),
        None if passed else first.hand__oudlers,
        None if passed else _number(first.raw_points),
        None if made is None else words[made],
        words.get(("camp", first.hand__petit_au_bout)),
        _announcements(_json(first.raw_poignees), names, words),
        words.get(("chelem", first.hand__chelem_announced, first.hand__chelem_made_by)),
    ]
    if with_miseres:
        hand.append(_announcements(_json(first.raw_miseres), names, words))
    if len(group) > 1:
        group.sort(
            key=lambda row: (positions.get((row.table_id, row.player_id), 99), row.player_id)
        )
    for row in group:
        yield [*hand, names(row.player_id), row.points, row.player_id]


def _number(value: float | Decimal) -> int | float:
    return int(value) if value == int(value) else float(value)


def _json(raw: str | None) -> Any:
    return json.loads(raw) if raw and raw not in ("[]", "null") else None


def _announcements(items: Any, names: _Names, words: dict[Any, str]) -> str | None:
    if not items:
        return None
    return ", ".join(
        f"{names(item.get('player'))} ({words.get(('size', item.get('size')), item.get('size'))})"
        for item in items
    )


# --- rules -------------------------------------------------------------------


def _rules_sheet(event: Event) -> Sheet:
    """The stored rule set, one key per row ("multipliers.garde": 2), as the hands were
    scored with it."""
    rows: list[list[Any]] = []

    def add(key: str, value: Any) -> None:
        if isinstance(value, dict):
            for sub_key, sub_value in value.items():
                add(f"{key}.{sub_key}", sub_value)
        elif isinstance(value, list):
            rows.append([key, ", ".join(str(v) for v in value)])
        else:
            rows.append([key, value])

    for key, value in (event.rules_json or event.rules.to_json()).items():
        add(key, value)
    columns = [Column(_("Rule"), 30), Column(_("Value"), 40)]
    return Sheet(_("Rules"), columns, rows)
