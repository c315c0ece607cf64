"""Reads for the numbers players want to see: a player's season statistics.

Only published events count. A player's page adds up his EventResult rows, one
per event, in which services.results keeps each event's figures in step with
the HandScore ledger: its cost grows with the events he played, not with his
hands. Head-to-head (two players' shared hands) is in selectors.head_to_head, the
chart series (running totals) in selectors.running_totals.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse

import scoring

from ..models import EventResult, Hand, Player
from ..rules.collation import sort_key
from .access import Namer, public_names
from .json_text import as_text, parse_all
from .public import published

OPPONENTS_SHOWN = 10

# Player pages and head-to-head count published events only, whoever looks (organisers
# preview an unpublished event on its own pages): rules.publication.counts_in_public_results.
PUBLISHED = published("event__")


# --- the player's events -----------------------------------------------------


@dataclass
class PlayerEventRow:
    event_id: int
    name: str
    date: datetime.date
    total: int
    hands: int
    rank: int
    field_size: int
    # His running total through the event as stored text, parsed only for the event
    # whose chart the page draws (one query less than reading it on its own).
    running_text: str = field(default="[]", repr=False)

    def running(self) -> list[int]:
        """His running total after each hand he played in this event, in order."""
        return list(json.loads(self.running_text or "[]"))

    def get_absolute_url(self) -> str:
        return reverse("event_detail", args=[self.event_id])


# --- the season summary ------------------------------------------------------


@dataclass
class PlayerSummary:
    events: int
    hands: int
    total: int
    taken: int
    made: int
    petits_won: int
    petits_lost: int
    poignees: dict[str, int]
    chelems_announced: int
    chelems_made: int
    chelems_conceded: int

    @property
    def per_hand(self) -> float | None:
        return self.total / self.hands if self.hands else None

    @property
    def per_event(self) -> float | None:
        return self.total / self.events if self.events else None

    @property
    def poignee_rows(self) -> list[tuple[str, int]]:
        return [(size, self.poignees.get(size, 0)) for size in scoring.POIGNEE_SIZES]


# --- contracts ---------------------------------------------------------------


@dataclass
class ContractRow:
    contract: str
    label: str
    taken: int
    made: int
    points: int

    @property
    def success_rate(self) -> float:
        """Percentage of the contracts of this kind the player made."""
        return 100 * self.made / self.taken if self.taken else 0.0


# --- best and worst hands ----------------------------------------------------


@dataclass
class HandRecord:
    points: int
    event_id: int
    event_name: str
    date: datetime.date
    round_number: int
    table_id: int
    table_number: int
    hand_number: int
    contract: str

    def get_absolute_url(self) -> str:
        return reverse("table_public", args=[self.table_id])


# --- partners and opponents --------------------------------------------------


@dataclass
class PartnerRow:
    player_id: int
    name: str
    hands: int
    made: int
    points: int

    def get_absolute_url(self) -> str:
        return reverse("player_public", args=[self.player_id])


@dataclass
class Partners:
    called: list[PartnerRow] = field(default_factory=list)  # the player took and called them
    called_by: list[PartnerRow] = field(default_factory=list)  # they took and called the player


@dataclass
class OpponentRow:
    player_id: int
    name: str
    tables: int
    hands: int
    versus_id: int

    def get_absolute_url(self) -> str:
        return reverse("player_public", args=[self.player_id])

    def head_to_head_url(self) -> str:
        return reverse("head_to_head", args=[self.versus_id, self.player_id])


# --- everything on the player's page, from his EventResult rows ----------------


@dataclass
class PlayerStatistics:
    events: list[PlayerEventRow]  # newest first
    summary: PlayerSummary
    contracts: list[ContractRow]  # in the order of the bids
    best: HandRecord | None
    worst: HandRecord | None
    partners: Partners
    opponents: list[OpponentRow]  # most tables shared first


STAT_COUNTS = (
    "taken",
    "made",
    "petits_won",
    "petits_lost",
    "chelems_announced",
    "chelems_made",
    "chelems_conceded",
)
_EVENT_COLUMNS = (
    "event_id",
    "event__name",
    "event__date",
    "total",
    "hands",
    "rank",
    "field_size",
    "running_text",
)
_STAT_COLUMNS = (
    *STAT_COUNTS,
    "poignees",
    "contracts",
    "partners",
    "opponents",
    "best_points",
    "best_hand_id",
    "worst_points",
    "worst_hand_id",
)


_JSON_COLUMNS = ("poignees", "contracts", "partners", "opponents")


def _stat_rows(results: QuerySet[EventResult]) -> list[list[Any]]:
    """Each result's _EVENT_COLUMNS then _STAT_COLUMNS, its four JSON columns read as
    text and parsed in one call for all the player's events (json_text)."""
    texts = {f"{name}_text": as_text(name) for name in (*_JSON_COLUMNS, "running")}
    columns = [f"{c}_text" if c in _JSON_COLUMNS else c for c in _STAT_COLUMNS]
    raw = list(results.annotate(**texts).values_list(*_EVENT_COLUMNS, *columns))
    width = len(_EVENT_COLUMNS)
    at = [width + _STAT_COLUMNS.index(name) for name in _JSON_COLUMNS]
    parsed = iter(parse_all([row[i] for row in raw for i in at]))
    rows = []
    for row in raw:
        values = list(row)
        for i in at:
            values[i] = next(parsed)
        rows.append(values)
    return rows


def _add_counts(
    into: dict[Any, list[int]], counts: dict[str, list[int]], key: Callable[[str], Any] = int
) -> None:
    """Add one event's counts (JSON: string keys) to the running sums, key by key."""
    for name, values in counts.items():
        entry = into.setdefault(key(name), [0] * len(values))
        for i, value in enumerate(values):
            entry[i] += value


def _top(counts: dict[int, list[int]], limit: int | None) -> list[int]:
    """Ids by decreasing counts; with a limit, those that can still make the cut on a tie
    of counts (the caller breaks ties by name)."""
    ids = sorted(counts, key=lambda pk: [-c for c in counts[pk]])
    if limit is None or len(ids) <= limit:
        return ids
    cut = counts[ids[limit - 1]]
    return [pk for pk in ids if counts[pk] >= cut]


def _hand_records(points_by_hand: dict[int, int]) -> dict[int, HandRecord]:
    # The columns shown only: the hand, its table, round and event as model instances
    # cost a millisecond of the player page for two hands.
    hands = Hand.objects.filter(pk__in=points_by_hand).values_list(
        "pk",
        "table__round__event_id",
        "table__round__event__name",
        "table__round__event__date",
        "table__round__number",
        "table_id",
        "table__number",
        "number",
        "contract",
    )
    labels = dict(Hand.Contract.choices)
    return {
        pk: HandRecord(
            points=points_by_hand[pk],
            event_id=event_id,
            event_name=event_name,
            date=date,
            round_number=round_number,
            table_id=table_id,
            table_number=table_number,
            hand_number=number,
            contract=str(labels.get(contract, contract)) if contract else "",
        )
        for (
            pk,
            event_id,
            event_name,
            date,
            round_number,
            table_id,
            table_number,
            number,
            contract,
        ) in hands
    }


def player_statistics(
    player: Player, *, opponents_shown: int = OPPONENTS_SHOWN, namer: Namer = public_names
) -> PlayerStatistics:
    """Everything the player's page shows over his published events; three queries
    (his results, the names of partners and opponents shown, the best and worst hands),
    whatever the number of hands: each event's figures are pre-aggregated in
    EventResult by services.results, only the events are added up here. Partners and
    opponents are named as `namer` shows them (access.namer on public pages).

    A player's camp in a hand: the taker camp is the taker and his called partner;
    the defence is everybody else who played it; the player sitting out has no camp.
    """
    rows = _stat_rows(
        EventResult.objects.filter(PUBLISHED, player=player).order_by("-event__date", "-event_id")
    )
    events: list[PlayerEventRow] = []
    counts = dict.fromkeys(STAT_COUNTS, 0)
    poignees = dict.fromkeys(scoring.POIGNEE_SIZES, 0)
    contracts: dict[str, list[int]] = {}
    called: dict[int, list[int]] = {}
    called_by: dict[int, list[int]] = {}
    opponents: dict[int, list[int]] = {}
    # (points, date, event id, hand id); the earliest event wins a tie
    best: tuple[int, datetime.date, int, int] | None = None
    worst: tuple[int, datetime.date, int, int] | None = None
    width = len(_EVENT_COLUMNS)
    for values in rows:
        event = PlayerEventRow(*values[:width])
        events.append(event)
        stat = dict(zip(_STAT_COLUMNS, values[width:], strict=True))
        for name in STAT_COUNTS:
            counts[name] += stat[name]
        for size, shown in stat["poignees"].items():
            poignees[size] = poignees.get(size, 0) + shown
        _add_counts(contracts, stat["contracts"], key=str)
        _add_counts(called, stat["partners"].get("called", {}))
        _add_counts(called_by, stat["partners"].get("called_by", {}))
        _add_counts(opponents, stat["opponents"])
        # Rows come newest first: an equal hand replaces the one found in a later event.
        if stat["best_hand_id"] is not None:
            here = (stat["best_points"], event.date, event.event_id, stat["best_hand_id"])
            if best is None or here[0] >= best[0]:
                best = here
        if stat["worst_hand_id"] is not None:
            here = (stat["worst_points"], event.date, event.event_id, stat["worst_hand_id"])
            if worst is None or here[0] <= worst[0]:
                worst = here

    summary = PlayerSummary(
        events=len(events),
        hands=sum(e.hands for e in events),
        total=sum(e.total for e in events),
        poignees=poignees,
        **counts,
    )
    shown_opponents = _top(opponents, opponents_shown)
    # The partners most often called or calling him, as many as the opponents shown: a
    # player of many seasons has called a hundred people.
    shown_called = _top({pk: v[:1] for pk, v in called.items()}, opponents_shown)
    shown_called_by = _top({pk: v[:1] for pk, v in called_by.items()}, opponents_shown)
    wanted = {*shown_called, *shown_called_by, *shown_opponents}
    found = (
        Player.objects.filter(pk__in=wanted).values_list(
            "pk", "name", "public_name_style", "club_id"
        )
        if wanted
        else ()
    )
    names = {pk: namer(name, style, club_id) for pk, name, style, club_id in found}

    def partner_rows(counts_: dict[int, list[int]], shown: list[int]) -> list[PartnerRow]:
        rows_ = [PartnerRow(pk, names.get(pk, ""), *counts_[pk]) for pk in shown]
        ordered = sorted(rows_, key=lambda r: (-r.hands, sort_key(r.name), r.player_id))
        return ordered[:opponents_shown]

    opponent_rows = sorted(
        (
            OpponentRow(pk, names.get(pk, ""), *opponents[pk], versus_id=player.pk)
            for pk in shown_opponents
        ),
        key=lambda r: (-r.tables, -r.hands, sort_key(r.name), r.player_id),
    )[:opponents_shown]

    labels = dict(Hand.Contract.choices)
    order = list(labels)
    contract_rows = sorted(
        (
            ContractRow(code, str(labels.get(code, code)), *figures)
            for code, figures in contracts.items()
        ),
        key=lambda r: order.index(r.contract) if r.contract in order else len(order),
    )
    extremes = {e[3]: e[0] for e in (best, worst) if e is not None}
    records = _hand_records(extremes) if extremes else {}
    return PlayerStatistics(
        events=events,
        summary=summary,
        contracts=contract_rows,
        best=records.get(best[3]) if best else None,
        worst=records.get(worst[3]) if worst else None,
        partners=Partners(
            called=partner_rows(called, shown_called),
            called_by=partner_rows(called_by, shown_called_by),
        ),
        opponents=opponent_rows,
    )
