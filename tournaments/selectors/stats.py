"""Reads for the numbers players want to see: a player's season statistics.

Only published events count. A player's page adds up his EventResult rows, one
per event, in which services.results keeps each event's figures in step with
the HandScore ledger: its cost grows with the events he played, not with his
hands. Head-to-head (two players' shared hands) is in selectors.head_to_head, the
chart series (running totals) in selectors.running_totals.
"""

from __future__ import annotations

import datetime
import heapq
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import overload

from django.db.models import OuterRef, QuerySet, Subquery
from django.urls import reverse
from django.utils.html import format_html

import scoring

from ..models import EventResult, Hand, Player, PlayerCareer
from ..rules.collation import sort_key
from .access import Namer, public_names
from .careers import COUNTS
from .dates import long_date
from .json_text import as_text
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
    contracts_made: int
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
    contracts_made: int
    points: int

    @property
    def success_rate(self) -> float:
        """Percentage of the contracts of this kind the player made."""
        return 100 * self.contracts_made / self.taken if self.taken else 0.0


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
    contracts_made: int
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


def _event_rows(player_id: int) -> QuerySet[EventResult]:
    """His published results, newest first: the page's list of events."""
    # His running totals as text through a subquery on the row itself: PostgreSQL then
    # works it out after the sort and the page's limit, for 20 rows, where a plain cast
    # was worked out for all 600 results of the busiest before sorting them.
    running = EventResult.objects.filter(pk=OuterRef("pk")).values(text=as_text("running"))
    return (
        EventResult.objects.filter(PUBLISHED, player_id=player_id)
        .annotate(running_text=Subquery(running))
        .order_by("-event__date", "-event_id")
    )


def player_events(player: Player, start: int = 0, stop: int | None = None) -> list[PlayerEventRow]:
    """His published events, newest first, from `start` to `stop` (all by default); one
    query reading those rows only."""
    rows = _event_rows(player.pk).values_list(*_EVENT_COLUMNS)
    return [PlayerEventRow(*values) for values in rows[start:stop]]


def player_event(player: Player, event_id: int) -> PlayerEventRow | None:
    """His result in one published event; None if he has none there. One query."""
    found = _event_rows(player.pk).filter(event_id=event_id).values_list(*_EVENT_COLUMNS).first()
    return PlayerEventRow(*found) if found else None


class PlayerEvents(Sequence[PlayerEventRow]):
    """His published events as a paginator reads them: the count from his stored
    career, each page one query (the busiest player has about 600 events)."""

    def __init__(self, player: Player, count: int) -> None:
        self.player, self._count = player, count

    def count(self) -> int:
        return self._count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> PlayerEventRow: ...
    @overload
    def __getitem__(self, index: slice) -> list[PlayerEventRow]: ...
    def __getitem__(self, index: int | slice) -> PlayerEventRow | list[PlayerEventRow]:
        if isinstance(index, slice):
            return player_events(self.player, index.start or 0, index.stop)
        return player_events(self.player, index, index + 1)[0]


def _top(counts: dict[str, list[int]], limit: int | None, width: int | None = None) -> list[int]:
    """The ids (stored as text keys) that make the first `limit` by decreasing counts
    (their first `width` counts, all by default), and those tied with the last of them
    (the caller breaks ties by name); in no particular order. The busiest player has
    met 1,186 opponents: the cut comes from a heap, no key is converted but those kept,
    no count sorted."""
    if width is not None:
        counts = {pk: values[:width] for pk, values in counts.items()}
    if limit is None or len(counts) <= limit:
        return [int(pk) for pk in counts]
    cut = heapq.nlargest(limit, counts.values())[-1]  # lists compare count by count
    return [int(pk) for pk, values in counts.items() if values >= cut]


def _hand_records(points_by_hand: dict[int, int]) -> dict[int, HandRecord]:
    # The columns shown only: the hand, its table, round and event as model instances
    # cost the player page more than the rest of its two records.
    # No order (a dict follows): the hand's default order walks its table's, round's and
    # event's orders, four joins for Django to work out at every request.
    hands = (
        Hand.objects.filter(pk__in=points_by_hand)
        .order_by()
        .values_list(
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


@dataclass
class CareerFigures:
    """What the player page shows above and beside his list of events."""

    summary: PlayerSummary
    contracts: list[ContractRow]  # in the order of the bids
    best: HandRecord | None
    worst: HandRecord | None
    partners: Partners
    opponents: list[OpponentRow]  # most tables shared first


def career_figures(
    player: Player, *, opponents_shown: int = OPPONENTS_SHOWN, namer: Namer = public_names
) -> CareerFigures | None:
    """His figures over every published event, from his stored career (models.
    PlayerCareer, kept by services.careers); None before his first published result.
    Three queries (the career, the names of the partners and opponents shown, the best
    and worst hands) whatever the number of his events. Partners and opponents are
    named as `namer` shows them (access.namer on public pages).

    A player's camp in a hand: the taker camp is the taker and his called partner;
    the defence is everybody else who played it; the player sitting out has no camp.
    """
    career = PlayerCareer.objects.filter(player_id=player.pk).first()
    if career is None or not career.events:
        return None
    poignees = dict.fromkeys(scoring.POIGNEE_SIZES, 0)
    for size, shown in career.poignees.items():
        poignees[size] = poignees.get(size, 0) + shown
    summary = PlayerSummary(
        events=career.events,
        hands=career.hands,
        total=career.total,
        poignees=poignees,
        **{name: getattr(career, name) for name in COUNTS},
    )
    opponents = career.opponents
    called = career.partners.get("called", {})
    called_by = career.partners.get("called_by", {})
    shown_opponents = _top(opponents, opponents_shown)
    # The partners most often called or calling him, as many as the opponents shown: a
    # player of many seasons has called a hundred people.
    shown_called = _top(called, opponents_shown, width=1)
    shown_called_by = _top(called_by, opponents_shown, width=1)
    wanted = {*shown_called, *shown_called_by, *shown_opponents}
    found = (
        Player.objects.filter(pk__in=wanted)
        .order_by()  # a dict follows: no order by collated name
        .values_list("pk", "name", "public_name_style", "club_id")
        if wanted
        else ()
    )
    names = {pk: namer(name, style, club_id) for pk, name, style, club_id in found}

    def partner_rows(counts_: dict[str, list[int]], shown: list[int]) -> list[PartnerRow]:
        rows_ = [PartnerRow(pk, names.get(pk, ""), *counts_[str(pk)]) for pk in shown]
        ordered = sorted(rows_, key=lambda r: (-r.hands, sort_key(r.name), r.player_id))
        return ordered[:opponents_shown]

    opponent_rows = sorted(
        (
            OpponentRow(pk, names.get(pk, ""), *opponents[str(pk)], versus_id=player.pk)
            for pk in shown_opponents
        ),
        key=lambda r: (-r.tables, -r.hands, sort_key(r.name), r.player_id),
    )[:opponents_shown]

    labels = dict(Hand.Contract.choices)
    order = list(labels)
    contract_rows = sorted(
        (
            ContractRow(code, str(labels.get(code, code)), *figures)
            for code, figures in career.contracts.items()
        ),
        key=lambda r: order.index(r.contract) if r.contract in order else len(order),
    )
    extremes = {
        hand_id: points
        for hand_id, points in (
            (career.best_hand_id, career.best_points),
            (career.worst_hand_id, career.worst_points),
        )
        if hand_id is not None and points is not None
    }
    records = _hand_records(extremes) if extremes else {}
    return CareerFigures(
        summary=summary,
        contracts=contract_rows,
        best=records.get(career.best_hand_id) if career.best_hand_id else None,
        worst=records.get(career.worst_hand_id) if career.worst_hand_id else None,
        partners=Partners(
            called=partner_rows(called, shown_called),
            called_by=partner_rows(called_by, shown_called_by),
        ),
        opponents=opponent_rows,
    )


def player_statistics(
    player: Player, *, opponents_shown: int = OPPONENTS_SHOWN, namer: Namer = public_names
) -> PlayerStatistics:
    """Everything about the player over his published events: every event (newest
    first) and his career's figures (`career_figures`). Four queries."""
    figures = career_figures(player, opponents_shown=opponents_shown, namer=namer)
    if figures is None:
        empty = PlayerSummary(0, 0, 0, 0, 0, 0, 0, dict.fromkeys(scoring.POIGNEE_SIZES, 0), 0, 0, 0)
        return PlayerStatistics([], empty, [], None, None, Partners(), [])
    return PlayerStatistics(
        events=player_events(player),
        summary=figures.summary,
        contracts=figures.contracts,
        best=figures.best,
        worst=figures.worst,
        partners=figures.partners,
        opponents=figures.opponents,
    )


def event_choices(rows: Sequence[PlayerEventRow]) -> list[tuple[int, str]]:
    """The player page's event picker's choices: each event's id, and its name and date
    in words, the name escaped as {{ name }} would print it (format_html), once."""
    return [(row.event_id, format_html("{} · {}", row.name, long_date(row.date))) for row in rows]
