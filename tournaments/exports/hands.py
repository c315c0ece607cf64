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


def hand_groups(event: Event) -> Iterator[list[Any]]:
    """The ledger rows of each hand (round, table, hand order), one list per hand;
    streamed, one query for the whole event."""
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
            yield group
            group = []
        group.append(score)
    if group:
        yield group


def hand_inputs(
    group: list[Any], names: Names, found: dict[Any, str], *, with_miseres: bool
) -> list[Any]:
    """The input columns' values for the hand of these ledger rows."""
    first = group[0]
    made = next((row.made for row in group if row.is_taker), None)
    passed = not first.hand__contract
    hand: list[Any] = [
        names(first.hand__dealer_id),
        found["passed"] if passed else found[first.hand__contract],
        names(first.hand__taker_id),
        names(first.hand__partner_id),
        None if passed else first.hand__oudlers,
        None if passed else _number(first.raw_points),
        None if made is None else found[made],
        found.get(("camp", first.hand__petit_au_bout)),
        _announcements(_json(first.raw_poignees), names, found),
        found.get(("chelem", first.hand__chelem_announced, first.hand__chelem_made_by)),
    ]
    if with_miseres:
        hand.append(_announcements(_json(first.raw_miseres), names, found))
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
