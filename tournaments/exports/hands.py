"""What every event workbook shares: the hands as read from the ledger, in words; the
players' licence numbers; the rule set.

Every number comes from the HandScore ledger; nothing here scores a hand. The hands
are read in one streamed query (2,000 rows at a time) whatever their number.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from django.db.models import FloatField, TextField
from django.db.models.functions import Cast
from django.db.models.sql.constants import MULTI
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from ..models import Event, Hand, HandScore, Player
from .writer import DATE, Column, Sheet, Styled

CHUNK_SIZE = 2000

POIGNEE_SIZES = {
    "simple": gettext_lazy("simple"),
    "double": gettext_lazy("double"),
    "triple": gettext_lazy("triple"),
}


class Names:
    """Player names by id, from the rows already loaded (no query of its own)."""

    def __init__(self) -> None:
        self.names: dict[int, str] = {}
        self.clubs: dict[int, str] = {}
        self.licences: dict[int, str] = {}

    def add(self, player: Player) -> None:
        self.names.setdefault(player.pk, player.name)
        self.clubs.setdefault(player.pk, player.club.name)
        self.licences.setdefault(player.pk, player.licence)

    def __call__(self, player_id: int | None) -> str:
        if player_id is None:
            return ""
        return self.names.get(player_id, f"#{player_id}")

    def licence(self, player_id: int) -> str | None:
        return self.licences.get(player_id) or None


def read_licences(names: Names, player_ids: Iterable[int]) -> None:
    """The licence numbers (and clubs) of players not seated anywhere: one query, none
    when every player is known already."""
    missing = [pk for pk in player_ids if pk not in names.licences]
    if missing:
        for player in Player.objects.filter(pk__in=missing).select_related("club"):
            names.add(player)


def input_columns(event: Event) -> list[Column]:
    """A hand's inputs, as the scorekeeper entered them. Small whole numbers show as they
    are in the General format, which keeps the biggest sheet fast to write."""
    columns = [
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

HAND_FIELDS = (
    "hand_id",
    "round__number",
    "table__number",
    "table_id",
    "hand__number",
    # hand__dealer_id, hand__contract, ...: players as ids, the names come from Names.
    *(f"hand__{Hand._meta.get_field(name).attname}" for name in Hand.INPUT_FIELDS),
    "player_id",
    "points",
    "is_taker",
    "made",
)
# What the query reads: the same, the raw ones under their own names.
_QUERY_FIELDS = tuple(
    f"raw_{name[6:]}" if name.startswith("hand__") and name[6:] in _RAW else name
    for name in HAND_FIELDS
)


def words() -> dict[Any, str]:
    """Every word of the hands, translated once rather than on each of 100 000 rows."""
    found: dict[Any, str] = {c.value: str(c.label) for c in Hand.Contract}
    found.update({("camp", c.value): str(c.label) for c in Hand.Camp})
    found.update({("size", size): str(label) for size, label in POIGNEE_SIZES.items()})
    found.update(
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
    return found


# Where each field is in a ledger row of hand_groups.
_AT = {name: index for index, name in enumerate(_QUERY_FIELDS)}
HAND_ID, ROUND, TABLE_NUMBER, TABLE_ID, HAND_NUMBER = (
    _AT[name] for name in ("hand_id", "round__number", "table__number", "table_id", "hand__number")
)
PLAYER, POINTS, IS_TAKER, MADE = (_AT[name] for name in ("player_id", "points", "is_taker", "made"))
_DEALER, _CONTRACT, _TAKER, _PARTNER, _OUDLERS, _PETIT, _ANNOUNCED, _MADE_BY = (
    _AT[f"hand__{name}"]
    for name in (
        "dealer_id",
        "contract",
        "taker_id",
        "partner_id",
        "oudlers",
        "petit_au_bout",
        "chelem_announced",
        "chelem_made_by",
    )
)
_RAW_POINTS, _RAW_POIGNEES, _RAW_MISERES = (
    _AT[f"raw_{name}"] for name in ("points", "poignees", "miseres")
)


def hand_groups(event: Event) -> Iterator[list[tuple[Any, ...]]]:
    """The ledger rows of each hand (round, table, hand order), one list per hand, each
    row a tuple read at the indexes above (PLAYER, POINTS...); streamed, one query for
    the whole event, read CHUNK_SIZE rows at a time (a server-side cursor on
    PostgreSQL, as QuerySet.iterator() reads)."""
    scores = (
        HandScore.objects.filter(event=event)
        .annotate(**{f"raw_{name}": value for name, value in _RAW.items()})
        .order_by("round__number", "table__number", "hand__number", "hand_id")
        .values_list(*_QUERY_FIELDS)
    )
    # The rows as the driver gives them, without Django's converters, which cost a tenth
    # of a 100,000-row export (per row and field). Nothing here needs them: a boolean
    # read as 1 or 0 (SQLite) finds the same word as True or False (equal dict keys).
    compiler = scores.query.get_compiler(using=scores.db)
    chunks = compiler.execute_sql(MULTI, chunked_fetch=True, chunk_size=CHUNK_SIZE)
    group: list[tuple[Any, ...]] = []
    current = None
    for chunk in chunks:
        for score in chunk:
            if score[HAND_ID] != current:
                if group:
                    yield group
                group, current = [], score[HAND_ID]
            group.append(score)
    if group:
        yield group


def hand_inputs(
    group: list[tuple[Any, ...]], names: Names, found: dict[Any, str], *, with_miseres: bool
) -> list[Any]:
    """The input columns' values for the hand of these ledger rows."""
    first = group[0]
    made = next((row[MADE] for row in group if row[IS_TAKER]), None)
    passed = not first[_CONTRACT]
    hand: list[Any] = [
        names(first[_DEALER]),
        found["passed"] if passed else found[first[_CONTRACT]],
        names(first[_TAKER]),
        names(first[_PARTNER]),
        None if passed else first[_OUDLERS],
        None if passed else _number(first[_RAW_POINTS]),
        None if made is None else found[bool(made)],
        found.get(("camp", first[_PETIT])),
        _announcements(_json(first[_RAW_POIGNEES]), names, found),
        found.get(("chelem", bool(first[_ANNOUNCED]), first[_MADE_BY])),
    ]
    if with_miseres:
        hand.append(_announcements(_json(first[_RAW_MISERES]), names, found))
    return hand


def _number(value: float | Decimal) -> int | float:
    return int(value) if value == int(value) else float(value)


def _json(raw: str | None) -> Any:
    return json.loads(raw) if raw and raw not in ("[]", "null") else None


def _announcements(items: Any, names: Names, found: dict[Any, str]) -> str | None:
    if not items:
        return None
    return ", ".join(
        f"{names(item.get('player'))} ({found.get(('size', item.get('size')), item.get('size'))})"
        for item in items
    )


def round_column() -> Column:
    return Column(pgettext("tournament", "Round"), 8)


# --- rules and settings ---------------------------------------------------------------


def rule_rows(event: Event) -> list[list[Any]]:
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
    return rows


def rules_sheet(event: Event, *, ranking: str) -> Sheet:
    """The event (name, day, club, kind), how its ranking is ordered, then its rule set."""
    rows: list[list[Any]] = [
        [_("Event"), event.name],
        [_("Date"), Styled(event.date, DATE)],
        [_("Club"), event.club.name],
        [_("Kind"), event.get_kind_display()],
        [_("Ranking"), ranking],
        *rule_rows(event),
    ]
    columns = [Column(_("Rule"), 30), Column(_("Value"), 60)]
    return Sheet(_("Rules"), columns, rows, autofilter=False)


def event_title(event: Event) -> str:
    """What heads every printed page: the event, its day and its club."""
    return f"{event.name} — {event.date:%d/%m/%Y} — {event.club.name}"
