"""Reads for the scorekeeper's pages: their tables, one table's score sheet, hand history.

Every function here reads a bounded number of queries whatever the number of
hands: the sheet is built from one query for the hands and one for their score
rows. Totals are sums of HandScore rows (the ledger); nothing here scores a hand.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, NamedTuple

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Value,
    When,
)
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from ..models import Hand, HandScore, Player, Round, Seat, Table
from ..rules import typography
from ..rules.collation import sort_key
from ..rules.dealing import next_dealer
from .access import is_organiser, organised_events, remember_scorekeeper
from .fairness import TableMode, table_mode
from .hand_details import HandDetail, hand_details

User = AbstractBaseUser | AnonymousUser

# --- lookups -----------------------------------------------------------------


def table_for_scoring(table_id: int) -> Table:
    """The table with what the permission checks and the rules need (404 if unknown)."""
    return get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)


def hand_for_scoring(hand_id: int) -> Hand:
    return get_object_or_404(
        Hand.objects.select_related("table__round__event", "dealer", "taker", "partner"),
        pk=hand_id,
    )


def entry_seats(table_id: int, user: User) -> QuerySet[Seat]:
    """A table's seats in order, with their players, the table, its round and event, and
    whether `user` keeps score there (`keeps_score`): what a hand's entry reads of its
    table, in one query (services.table_lock.lock_table takes it with the table's lock)."""
    keeps = Table.scorekeepers.through.objects.filter(
        table_id=OuterRef("table_id"), user_id=user.pk if user.is_authenticated else None
    )
    return (
        Seat.objects.filter(table_id=table_id)
        .select_related("table__round__event", "player")
        .annotate(keeps_score=Exists(keeps))
        .order_by("position")
    )


def seated_table(seats: list[Seat], user: User) -> Table:
    """The one table of `entry_seats` (every seat shares its instance), whose scorekeeping
    right of `user` is remembered for the permission checks (selectors.access)."""
    table = seats[0].table
    for seat in seats:
        seat.table = table  # one instance, as table.seats would share it
    keeps_score = seats[0].keeps_score  # type: ignore[attr-defined]  # entry_seats annotates it
    remember_scorekeeper(user, table.pk, keeps_score)
    return table


def table_for_entry(table_id: int, user: User) -> tuple[Table, list[Seat]]:
    """The table a hand is posted at and its seats, read (not locked) in one query, for
    the view to parse the posted form at before the write (404 if unknown)."""
    if not 0 < table_id <= 2**63 - 1:  # no such row; SQLite would overflow on the lookup
        raise Http404
    seats = list(entry_seats(table_id, user))
    if not seats:
        raise Http404
    return seated_table(seats, user), seats


def tables_for_user(user: User) -> QuerySet[Table]:
    """The tables a user keeps score for; an organiser also gets every table of an open
    round of the events he organises. Open tables of today come first, then other open
    tables, then validated ones, newest first.

    Three queries whatever the number of tables: tables (with their hand count),
    then seats with players.
    """
    seats = Seat.objects.select_related("player").order_by("position")
    tables = Table.objects.select_related("round__event").prefetch_related(
        Prefetch("seats", queryset=seats)
    )
    # His own tables, and every table of an open round of the events he organises.
    mine = Table.objects.filter(pk=OuterRef("pk"), scorekeepers=user)
    organised = Q(round__status=Round.Status.OPEN, round__event__in=organised_events(user))
    tables = tables.filter(Exists(mine) | organised if is_organiser(user) else Exists(mine))
    # Open tables of today first (the ones to play now), then other open ones, then
    # the validated (or locked) ones; newest first within each.
    open_ = Q(validated_at__isnull=True, round__status=Round.Status.OPEN)
    today = timezone.localdate()
    rank = Case(
        When(open_ & Q(round__event__date=today), then=Value(0)),
        When(open_, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    # A duplicate event seats every round at once: its tables come in the order they are
    # played (round 1 first), where other events show their newest round first.
    played_order = Case(
        When(board_set__isnull=False, then=F("round__number")),
        default=Value(0),
        output_field=IntegerField(),
    )
    return tables.annotate(
        hand_count=Count("hands", distinct=True), list_rank=rank, played_order=played_order
    ).order_by(
        "list_rank",
        "-round__event__date",
        "-round__event_id",
        "played_order",
        "-round__number",
        "number",
    )


@dataclass(frozen=True)
class NextHand:
    """What a new hand's form opens with: its number and the dealer suggested."""

    number: int
    dealer: int | None


def next_hand(table: Table, seats: Sequence[Seat]) -> NextHand:
    """The number the next hand will take (the form posts it back, so that a hand
    stored meanwhile by another phone is noticed: a Conflict with its next number) and the
    dealer after the previous hand's (seat position 1 deals first). One query, two when
    the previous dealer is unknown."""
    last = table.hands.order_by("-number").values_list("number", "dealer_id").first()
    number, last_dealer = last if last is not None else (0, None)
    if not seats:
        return NextHand(number=number + 1, dealer=None)
    order = [seat.player_id for seat in sorted(seats, key=lambda s: s.position)]
    if last_dealer in order:
        return NextHand(number + 1, next_dealer(order, last_dealer, hands_played=0))
    # The hand count is only needed (and only read) when the previous dealer is unknown.
    played = 0 if last is None else table.hands.count()
    return NextHand(number + 1, next_dealer(order, None, hands_played=played))


@dataclass(frozen=True)
class PlayerScore:
    player: Player
    points: int


def hand_scores(hand: Hand) -> list[PlayerScore]:
    """A saved hand's ledger rows, in seat order (for conflict and delete pages)."""
    positions = dict(
        Seat.objects.filter(table_id=hand.table_id).values_list("player_id", "position")
    )
    rows = HandScore.objects.filter(hand=hand).select_related("player")
    ordered = sorted(rows, key=lambda r: (positions.get(r.player_id, 99), sort_key(r.player.name)))
    return [PlayerScore(player=r.player, points=r.points) for r in ordered]


# --- the score sheet ---------------------------------------------------------


@dataclass
class SheetCell:
    points: int | None  # None: the player has no score row for this hand
    total: int  # running total (bilan) after this hand

    # As the template would print them ({{ value }}: number_format), worked out here:
    # a sheet of 30 hands at 5 players prints 300 of them, each localised on its own.
    @property
    def points_text(self) -> str:
        return "" if self.points is None else _shown(self.points)

    @property
    def total_text(self) -> str:
        return _shown(self.total)

    @property
    def signed_text(self) -> str:
        """Points won with their "+" sign, as the sheet prints them."""
        if self.points is None:
            return ""
        return "+" + _shown(self.points) if self.points > 0 else _shown(self.points)


def _shown(value: int) -> str:
    """An integer as a template prints it; under 1,000 no grouping can apply."""
    return str(value) if -1000 < value < 1000 else number_format(value)


@dataclass
class SheetRow:
    hand: Hand
    cells: list[SheetCell]
    contract_made: bool | None  # the taker's row says; None for a passed hand
    check: int  # the sum of the hand's score rows: 0 on a sound sheet
    # Oudlers and bonuses (petit au bout, poignées, chelem, misères), shown compactly.
    details: list[HandDetail] = field(default_factory=list)

    # The hand's edit, delete and history links (made once per sheet: _HandLinks).
    edit_url: str = ""
    delete_url: str = ""
    history_url: str = ""

    @property
    def balanced(self) -> bool:
        return self.check == 0

    @property
    def detail_line(self) -> str:
        """ "2 oudlers · petit au bout (defence)": worded when the page prints it."""
        return " · ".join(str(detail) for detail in self.details)

    @property
    def line(self) -> SheetLine:
        """The row as the scorekeeper's sheet prints it (templates/tournaments/
        scorekeeping/_sheet_rows.html unpacks it): its words and numbers worked out here,
        in the reader's language, when the page prints them, once where the sheet prints
        them twice (phone and wide rows)."""
        hand = self.hand
        passed = hand.passed
        return SheetLine(
            hand.number,
            passed,
            _("all passed") if passed else hand.get_contract_display(),
            hand.dealer.name if hand.dealer_id else "—",
            hand.taker.name if hand.taker_id else "",  # the wide row prints "—"
            hand.partner.name if hand.partner_id else _("alone"),
            self.contract_made,
            "—" if passed else _points(hand.points),
            self.detail_line,
            [(cell.points, cell.signed_text, cell.total_text) for cell in self.cells],
            self.check,
            self.edit_url,
            self.delete_url,
            self.history_url,
        )


class SheetLine(NamedTuple):
    """What a row of the scorekeeper's sheet prints, in the order its template names
    them: `{% for number, passed, ... in sheet.lines %}`."""

    number: int
    passed: bool
    contract: str  # "all passed" for a passed hand
    dealer: str  # "—" when unknown
    taker: str  # "" for a passed hand
    partner: str  # "alone" when the taker called himself or nobody
    contract_made: bool | None
    points: str  # the taker's card points, "—" for a passed hand
    details: str  # oudlers and bonuses, "" for a passed hand
    cells: list[tuple[int | None, str, str]]  # each player's points, signed, and total
    check: int  # the hand's sum: 0 on a sound sheet
    edit_url: str
    delete_url: str
    history_url: str


def _points(points: Decimal | None) -> str:
    """Card points as {{ points|floatformat:"-1" }} prints them: integers (nearly every
    hand) as their digits, which is what floatformat gives them under 1,000."""
    if points is None:
        return ""
    if points == points.to_integral_value():
        return str(int(points))
    return str(floatformat(points, "-1"))


@dataclass
class Sheet:
    table: Table
    players: list[Player]
    rows: list[SheetRow]
    totals: list[int]
    shows_partner: bool
    mode: TableMode  # the dealer sits out; the mode's name at a table of 5
    total_check: int = 0
    unbalanced: list[int] = field(default_factory=list)

    @property
    def hand_count(self) -> int:
        return len(self.rows)

    @property
    def last_number(self) -> int:
        """The number of the last hand stored (0: none), which the phone remembers so
        that a kept copy of the new-hand form takes the next (js/offline.js)."""
        return max((row.hand.number for row in self.rows), default=0)

    @property
    def lines(self) -> list[SheetLine]:
        return [row.line for row in self.rows]

    @property
    def words(self) -> dict[str, str]:
        """The words every row repeats, translated once for the sheet's rows
        (templates/tournaments/scorekeeping/_sheet_rows.html receives them translated)."""
        return {
            "made": _("made"),
            "failed": _("failed"),
            "edit": _("Edit"),
            "delete": _("Delete"),
            "history": _("History"),
            "no_hand": _("No hand yet."),
        }


_STAND_IN = 987654321  # an id no hand has, replaced by each hand's own


class _HandLinks:
    """A hand's edit, delete and history URLs, each view reversed once per sheet: the
    sheet printed six {% url %} a hand (two lines per hand, phone and wide), 180
    reverse() for 30 hands, a large part of its page's cost."""

    def __init__(self) -> None:
        self.patterns = [
            reverse(name, args=[_STAND_IN]) for name in ("hand_edit", "hand_delete", "hand_history")
        ]

    def __call__(self, hand_id: int) -> list[str]:
        return [pattern.replace(str(_STAND_IN), str(hand_id)) for pattern in self.patterns]


_HAND_PLAYERS = ("dealer", "taker", "partner", "sitting_out")


def _attach_players(hands: Sequence[Hand], by_id: dict[int, Player]) -> None:
    """Give each hand its dealer, taker, partner and player sitting out from `by_id` (the
    sheet's columns), shared instances; one query for any not among them (a dealer who
    left the table without a score row here)."""
    wanted = {getattr(hand, f"{name}_id") for hand in hands for name in _HAND_PLAYERS} - {
        None,
        *by_id,
    }
    others = (
        {player.pk: player for player in Player.objects.filter(pk__in=wanted)} if wanted else {}
    )
    for hand in hands:
        for name in _HAND_PLAYERS:
            player_id = getattr(hand, f"{name}_id")
            if player_id is not None:
                setattr(hand, name, by_id.get(player_id) or others[player_id])


def sheet(table: Table) -> Sheet:
    """The feuille de marque: every hand with each player's score and running total.

    Queries: seats, hands, score rows: three whatever the number of hands (four when a
    player moved away after scoring here, five when a hand names a player who has
    neither a seat nor a score here). The hands' players are the columns' instances.
    """
    seats = list(table.seats.select_related("player").order_by("position"))
    # The hands' players are the sheet's own Player instances (below), not four joined
    # copies a hand: 150 model instances fewer for 30 hands.
    hands = list(table.hands.order_by("number"))
    scores: dict[int, dict[int, tuple[int, bool | None]]] = defaultdict(dict)  # points, made
    # By the row's own table (indexed), not through its hand: no join with the hands.
    rows_ = HandScore.objects.filter(table_id=table.pk).order_by()
    ledger = rows_.values_list("hand", "player", "points", "contract_made")
    for hand_id, player_id, points, made in ledger:
        scores[hand_id][player_id] = (points, made)
    # A player moved away after scoring here still gets a column (a query only then).
    moved = {p for by_player in scores.values() for p in by_player} - {s.player_id for s in seats}
    extra = Player.objects.filter(pk__in=moved) if moved else []
    players = [seat.player for seat in seats] + sorted(extra, key=lambda p: sort_key(p.name))
    by_id = {player.pk: player for player in players}
    _attach_players(hands, by_id)
    running = [0] * len(players)
    rows: list[SheetRow] = []
    links = _HandLinks()
    for hand in hands:
        by_player = scores.get(hand.pk, {})
        cells = []
        for i, player in enumerate(players):
            points = by_player.get(player.pk, (None,))[0]
            if points is not None:
                running[i] += points
            cells.append(SheetCell(points=points, total=running[i]))
        taker_row = by_player.get(hand.taker_id) if hand.taker_id else None
        rows.append(
            SheetRow(
                hand=hand,
                cells=cells,
                contract_made=taker_row[1] if taker_row else None,
                check=sum(points for points, _made in by_player.values()),
                details=hand_details(hand, by_id),
            )
        )
        rows[-1].edit_url, rows[-1].delete_url, rows[-1].history_url = links(hand.pk)
    return Sheet(
        table=table,
        players=players,
        rows=rows,
        totals=list(running),
        shows_partner=len(seats) == 5 and table.five_mode == Table.FiveMode.CALLED_KING,
        mode=table_mode(table, len(seats)),
        total_check=sum(running),
        unbalanced=[row.hand.number for row in rows if not row.balanced],
    )


# --- history -----------------------------------------------------------------

# The inputs, with the player sitting out shown next to the other players.
_PLAYERS_END = Hand.INPUT_FIELDS.index("partner") + 1
HISTORY_FIELDS: tuple[str, ...] = (
    "number",
    *Hand.INPUT_FIELDS[:_PLAYERS_END],
    "sitting_out",
    *Hand.INPUT_FIELDS[_PLAYERS_END:],
    "version",
)
PLAYER_FIELDS = frozenset({"dealer", "taker", "partner", "sitting_out"})


@dataclass(frozen=True)
class FieldChange:
    label: str
    before: str
    after: str


@dataclass(frozen=True)
class HistoryEntry:
    hand_id: int
    table_id: int
    number: int
    when: datetime
    who: Any  # a user or None
    change_type: str  # "+", "~", "-"
    change_label: str
    reason: str  # why, in the reader's language ("" when nothing was said)
    changes: list[FieldChange]


def _change_label(history_type: str) -> str:
    return {"+": _("created"), "~": _("changed"), "-": _("deleted")}.get(history_type, "?")


def _reason(stored: str | None) -> str:
    """The stored reason code (Hand.ChangeReason) in the reader's language; a reason
    that is no code (written by hand in the admin's history) is shown as it is."""
    if not stored:
        return ""
    if stored in Hand.ChangeReason.values:
        return str(Hand.ChangeReason(stored).label)
    return stored


def _display(name: str, value: Any, players: dict[int, Player]) -> str:
    if value is None or value == "" or value == []:
        return "—"
    if name in PLAYER_FIELDS:
        player = players.get(value)
        return player.name if player else f"#{value}"
    if name == "contract":
        return str(Hand.Contract(value).label) if value in Hand.Contract.values else str(value)
    if name in ("petit_au_bout", "chelem_made_by"):
        return str(Hand.Camp(value).label) if value in Hand.Camp.values else str(value)
    if name in ("poignees", "miseres"):
        parts = []
        for item in value if isinstance(value, list) else []:
            player = players.get(item.get("player")) if isinstance(item, dict) else None
            who = player.name if player else f"#{item.get('player')}"
            parts.append(f"{typography.label(who, get_language())} {item.get('size')}")
        return ", ".join(parts) or "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Decimal):
        return str(int(value)) if value == value.to_integral() else number_format(value)
    return str(value)


def _player_ids(records: Iterable[Any]) -> set[int]:
    ids: set[int] = set()
    for record in records:
        for name in PLAYER_FIELDS:
            if getattr(record, f"{name}_id"):
                ids.add(getattr(record, f"{name}_id"))
        for name in ("poignees", "miseres"):
            for item in getattr(record, name) or []:
                if isinstance(item, dict) and isinstance(item.get("player"), int):
                    ids.add(item["player"])
    return ids


def _changes(record: Any, before: Any, players: dict[int, Player]) -> list[FieldChange]:
    """The fields a history record changed: django-simple-history's own diff against
    the previous record of the hand, or, for the first record, every field given."""
    if record.history_type == "-":
        return []
    if before is None:
        # A creation has nothing to diff against: show what was entered.
        # A player field's value is the player's id (its attname).
        given = {n: getattr(record, f"{n}_id" if n in PLAYER_FIELDS else n) for n in HISTORY_FIELDS}
        deltas = [(n, None, v) for n, v in given.items() if v not in (None, "", [], False)]
    else:
        delta = record.diff_against(before, included_fields=HISTORY_FIELDS)
        deltas = [(change.field, change.old, change.new) for change in delta.changes]
        # The diff comes sorted by field name; the page lists fields in sheet order.
        deltas.sort(key=lambda item: _FIELD_ORDER[item[0]])
    return [
        FieldChange(
            label=str(Hand._meta.get_field(name).verbose_name),
            before="" if before is None else _display(name, old, players),
            after=_display(name, new, players),
        )
        for name, old, new in deltas
    ]


_FIELD_ORDER = {name: index for index, name in enumerate(HISTORY_FIELDS)}


def _history(records: list[Any]) -> list[HistoryEntry]:
    """Each record with the fields that differ from the previous record of its hand."""
    players = Player.objects.in_bulk(_player_ids(records))
    previous: dict[int, Any] = {}
    entries: list[HistoryEntry] = []
    for record in records:
        changes = _changes(record, previous.get(record.id), players)
        previous[record.id] = record
        entries.append(
            HistoryEntry(
                hand_id=record.id,
                table_id=record.table_id,
                number=record.number,
                when=record.history_date,
                who=record.history_user,
                change_type=record.history_type,
                change_label=_change_label(record.history_type),
                reason=_reason(record.history_change_reason),
                changes=changes,
            )
        )
    return entries


def _records(**filters: Any) -> list[Any]:
    return list(
        Hand.history.filter(**filters)
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )


@dataclass(frozen=True)
class History:
    table: Table | None
    entries: list[HistoryEntry]

    @property
    def number(self) -> int | None:
        """The hand's number as the sheet shows it now (or did when it was deleted): its
        latest record's, since deleting an earlier hand numbers it down."""
        return self.entries[-1].number if self.entries else None


def hand_history(hand_id: int) -> History:
    """Every change to one hand, oldest first (also for a deleted hand)."""
    entries = _history(_records(id=hand_id))
    table = None
    if entries:
        table = Table.objects.select_related("round__event").filter(pk=entries[-1].table_id).first()
    return History(table=table, entries=entries)


def table_history(table: Table) -> History:
    """Every change to every hand of a table, deleted hands included, oldest first."""
    return History(table=table, entries=_history(_records(table_id=table.pk)))
