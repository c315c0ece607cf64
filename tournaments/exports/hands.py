"""What every event workbook shares: the hands as read from the ledger, in words; the
players' licence numbers; the rule set.

Every number comes from the HandScore ledger; nothing here scores a hand. The hands
are read in two streamed queries (the hands and their ledger rows, 2,000 rows at a
time) whatever their number.
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
from .files import Export, file_name
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

    def person(self, player_id: int) -> list[Any]:
        """The cells under person_columns(): his name, licence and club."""
        return [self(player_id), self.licence(player_id), self.clubs.get(player_id, "")]


def person_columns() -> list[Column]:
    """Who a row is about, in every workbook: the player, his licence and his club."""
    return [Column(_("Player"), 26), Column(_("Licence"), 11), Column(_("Club"), 22)]


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


# Two streams in one order (round, table, hand number, hand id): the hands, one row
# each with its inputs, and their ledger rows. Reading the inputs once per player row
# instead (one query joining them to the ledger) cost twice as much to sort and fetch.
_ORDER = ("table__round__number", "table__number", "number", "id")

# Read raw: the JSON is decoded once a hand (and not at all when empty); the taker
# camp's points are halves at most, exact in a float.
_RAW = {
    "points": Cast("points", FloatField()),
    "poignees": Cast("poignees", TextField()),
    "miseres": Cast("miseres", TextField()),
}

HAND_FIELDS = (
    "id",
    "table__round__number",
    "table__number",
    "number",
    # dealer_id, contract, ...: players as ids, the names come from Names.
    *(Hand._meta.get_field(name).attname for name in Hand.INPUT_FIELDS),  # type: ignore[union-attr]  # the model's own fields, no relation
)
# What the query reads: the same, the raw ones under their own names.
_HAND_QUERY = tuple(f"raw_{name}" if name in _RAW else name for name in HAND_FIELDS)
_SCORE_QUERY = ("hand_id", "player_id", "points", "is_taker", "contract_made", "table_id")

# Where each field is in the rows of hand_groups: a hand's, then a ledger row's.
_AT = {name: index for index, name in enumerate(_HAND_QUERY)}
ROUND, TABLE_NUMBER, HAND_NUMBER = (
    _AT[name] for name in ("table__round__number", "table__number", "number")
)
_DEALER, _CONTRACT, _TAKER, _PARTNER, _OUDLERS, _PETIT, _ANNOUNCED, _MADE_BY = (
    _AT[name]
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
PLAYER, POINTS, _IS_TAKER, _MADE, TABLE_ID = range(1, 6)


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


def _raw_rows(queryset: Any) -> Iterator[tuple[Any, ...]]:
    """The rows as the database driver gives them, CHUNK_SIZE at a time (a server-side
    cursor on PostgreSQL, as QuerySet.iterator() reads), without Django's per-row
    converters, which cost a tenth of a 100,000-row export. Nothing here needs them: a
    boolean read as 1 or 0 (SQLite) finds the same word as True or False (equal keys)."""
    compiler = queryset.query.get_compiler(using=queryset.db)
    for chunk in compiler.execute_sql(MULTI, chunked_fetch=True, chunk_size=CHUNK_SIZE):
        yield from chunk


def hand_groups(event: Event) -> Iterator[tuple[tuple[Any, ...], list[tuple[Any, ...]]]]:
    """Each hand of the event that has ledger rows, with them: (hand, rows), in round,
    table and hand order; the fields at the indexes above (ROUND, PLAYER, POINTS...).
    Streamed: two queries for the whole event, whatever its size."""
    hands = _raw_rows(
        Hand.objects.filter(table__round__event=event)
        .annotate(**{f"raw_{name}": value for name, value in _RAW.items()})
        .order_by(*_ORDER)
        .values_list(*_HAND_QUERY)
    )
    scores = _raw_rows(
        HandScore.objects.filter(event=event)
        .order_by(*(f"hand__{name}" for name in _ORDER))
        .values_list(*_SCORE_QUERY)
    )
    pending = next(scores, None)
    for hand in hands:
        hand_id, rows = hand[0], []
        while pending is not None and pending[0] == hand_id:
            rows.append(pending)
            pending = next(scores, None)
        if rows:
            yield hand, rows


def hand_inputs(
    hand: tuple[Any, ...],
    rows: list[tuple[Any, ...]],
    names: Names,
    found: dict[Any, str],
    *,
    with_miseres: bool,
) -> list[Any]:
    """The input columns' values for a hand (its ledger rows say whether it was made)."""
    made = next((row[_MADE] for row in rows if row[_IS_TAKER]), None)
    passed = not hand[_CONTRACT]
    values: list[Any] = [
        names(hand[_DEALER]),
        found["passed"] if passed else found[hand[_CONTRACT]],
        names(hand[_TAKER]),
        names(hand[_PARTNER]),
        None if passed else hand[_OUDLERS],
        None if passed else _number(hand[_RAW_POINTS]),
        None if made is None else found[bool(made)],
        found.get(("camp", hand[_PETIT])),
        _announcements(_json(hand[_RAW_POIGNEES]), names, found),
        found.get(("chelem", bool(hand[_ANNOUNCED]), hand[_MADE_BY])),
    ]
    if with_miseres:
        values.append(_announcements(_json(hand[_RAW_MISERES]), names, found))
    return values


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


def _rule_labels() -> dict[str, str]:
    """The reader's words for the rule set's JSON keys ("chelem_defence" is "Chelem
    réalisé par la défense" in French): the sheet is read by a club, not a program."""
    return {
        "name": _("Rule set code"),
        "label": _("Rule set"),
        "base": _("Base value of a contract"),
        "multipliers": _("Multiplier"),
        "contract_bases": _("Base value"),
        "petit_au_bout": _("Petit au bout"),
        "poignee_values": _("Poignée values (simple, double, triple)"),
        "poignee_trumps": _("Trumps shown in a poignée (simple, double, triple)"),
        "chelem_announced_made": _("Chelem announced and made"),
        "chelem_unannounced_made": _("Chelem made, not announced"),
        "chelem_announced_failed": _("Chelem announced, not made"),
        "chelem_defence": _("Chelem made by the defence"),
        "rounding": _("Scores rounded to"),
        "five_player_split": _("Sharing at 5 players"),
        "misere_values": _("Misère values (simple, double)"),
    }


def _sub_label(key: str, sub_key: str) -> str:
    """A nested key: a contract's multiplier or base, a poignée's trumps by player count."""
    if key == "poignee_trumps":
        return _("at %(count)s players") % {"count": sub_key}
    if sub_key in Hand.Contract.values:
        return str(Hand.Contract(sub_key).label)
    return sub_key


def rule_rows(event: Event) -> list[list[Any]]:
    """The stored rule set, one setting per row ("Multiplier: garde sans", 4), as the
    hands were scored with it, in the reader's language; a key the labels do not know
    yet (a newer rule set) shows as stored rather than not at all."""
    labels = _rule_labels()
    rows: list[list[Any]] = []

    def cell(value: Any) -> Any:
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        return "—" if value is None else value

    for key, value in (event.rules_json or event.rules.to_json()).items():
        label = labels.get(key, key)
        if isinstance(value, dict):
            for sub_key, sub_value in value.items():
                rows.append([f"{label} · {_sub_label(key, sub_key)}", cell(sub_value)])
        else:
            rows.append([label, cell(value)])
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


def event_export(event: Event, sheets: list[Sheet]) -> Export:
    """An event's workbook: its file named after the event, its day and its id; every
    printed page headed by the event, its day and its club."""
    return Export(
        name=file_name(event.name, [event.date], f"e{event.pk}"),
        sheets=sheets,
        title=f"{event.name} — {event.date:%d/%m/%Y} — {event.club.name}",
    )
