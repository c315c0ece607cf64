"""Reads for the numbers players want to see: season statistics, head-to-head, chart series.

Only published events count. Every figure is summed by the database from the
HandScore ledger with aggregate queries; Python only reshapes bounded results
(one row per event, contract, partner or opponent). Running totals for charts
are summed by a window over one event's rows.

A player's camp in a hand: the taker camp is the taker and his called partner;
the defence is everybody else who played it; the player sitting out has no camp.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Count, F, Q, QuerySet, Sum, Window
from django.urls import reverse

import scoring

from ..models import PLAYED_HAND, Event, EventResult, Hand, HandScore, Player

# At most five players in a hand, each showing at most one poignée (the engine checks it),
# so a poignée list has at most five entries.
MAX_POIGNEES = 5
OPPONENTS_SHOWN = 10

PUBLISHED = Q(event__published=True)


def published_scores(player: Player) -> QuerySet[HandScore]:
    return HandScore.objects.filter(PUBLISHED, player=player)


def _camps(player: Player) -> tuple[Q, Q]:
    """Conditions on the player's own score rows: in the taker camp, in the defence."""
    taker_camp = Q(is_taker=True) | Q(hand__partner_id=player.pk)
    defence = (
        ~Q(hand__contract="")
        & ~Q(is_taker=True)
        & ~Q(hand__partner_id=player.pk)
        & ~Q(hand__sitting_out_id=player.pk)
    )
    return taker_camp, defence


def _camp_won(taker_camp: Q, defence: Q, field_name: str, *, won: bool) -> Q:
    """The player's camp won (or lost) what `field_name` records for the taker or defence."""
    mine, theirs = (Hand.Camp.TAKER, Hand.Camp.DEFENCE)
    if not won:
        mine, theirs = theirs, mine
    return (taker_camp & Q(**{f"hand__{field_name}": mine})) | (
        defence & Q(**{f"hand__{field_name}": theirs})
    )


def _showed_poignee(player: Player, size: str) -> Q:
    condition = Q()
    for index in range(MAX_POIGNEES):
        condition |= Q(
            **{
                f"hand__poignees__{index}__player": player.pk,
                f"hand__poignees__{index}__size": size,
            }
        )
    return condition


def _not_sitting_out(player_field: str = "player") -> Q:
    return PLAYED_HAND if player_field == "player" else ~Q(hand__sitting_out=F(player_field))


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

    def get_absolute_url(self) -> str:
        return reverse("event_detail", args=[self.event_id])


def player_event_rows(player: Player) -> list[PlayerEventRow]:
    """The published events the player has scores in, newest first, with his rank.

    Read from EventResult, which the services keep in step with the ledger: one
    row per event, whatever the number of hands (equal totals share the rank, as
    in the standings).
    """
    results = (
        EventResult.objects.filter(player=player, event__published=True)
        .order_by("-event__date", "-event_id")
        .values_list(
            "event_id", "event__name", "event__date", "total", "hands", "rank", "field_size"
        )
    )
    return [PlayerEventRow(*values) for values in results]


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
    def poignees_shown(self) -> int:
        return sum(self.poignees.values())

    @property
    def poignee_rows(self) -> list[tuple[str, int]]:
        return [(size, self.poignees.get(size, 0)) for size in scoring.POIGNEE_SIZES]


def player_summary(player: Player) -> PlayerSummary:
    """Totals, averages, petits au bout, poignées and chelems: one aggregate query."""
    taker_camp, defence = _camps(player)
    sizes = {
        f"poignee_{size}": Count("id", filter=_showed_poignee(player, size))
        for size in scoring.POIGNEE_SIZES
    }
    data = published_scores(player).aggregate(
        events=Count("event_id", distinct=True),
        hands=Count("id", filter=_not_sitting_out()),
        total=Sum("points", default=0),
        taken=Count("id", filter=Q(is_taker=True)),
        made=Count("id", filter=Q(is_taker=True, made=True)),
        petits_won=Count("id", filter=_camp_won(taker_camp, defence, "petit_au_bout", won=True)),
        petits_lost=Count("id", filter=_camp_won(taker_camp, defence, "petit_au_bout", won=False)),
        chelems_announced=Count("id", filter=taker_camp & Q(hand__chelem_announced=True)),
        chelems_made=Count("id", filter=_camp_won(taker_camp, defence, "chelem_made_by", won=True)),
        chelems_conceded=Count(
            "id", filter=_camp_won(taker_camp, defence, "chelem_made_by", won=False)
        ),
        **sizes,
    )
    poignees = {size: data.pop(f"poignee_{size}") for size in scoring.POIGNEE_SIZES}
    return PlayerSummary(poignees=poignees, **data)


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


def player_contracts(player: Player) -> list[ContractRow]:
    """Hands taken by contract, in the order of the bids; one aggregate query."""
    rows = (
        published_scores(player)
        .filter(is_taker=True)
        .values("hand__contract")
        .annotate(taken=Count("id"), made=Count("id", filter=Q(made=True)), points=Sum("points"))
        .order_by()
    )
    labels = dict(Hand.Contract.choices)
    order = list(labels)
    result = [
        ContractRow(
            contract=item["hand__contract"],
            label=str(labels.get(item["hand__contract"], item["hand__contract"])),
            taken=item["taken"],
            made=item["made"],
            points=item["points"],
        )
        for item in rows
    ]
    result.sort(key=lambda r: order.index(r.contract) if r.contract in order else len(order))
    return result


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


def _hand_record(score: HandScore | None) -> HandRecord | None:
    if score is None:
        return None
    return HandRecord(
        points=score.points,
        event_id=score.event_id,
        event_name=score.event.name,
        date=score.event.date,
        round_number=score.round.number,
        table_id=score.table_id,
        table_number=score.table.number,
        hand_number=score.hand.number,
        contract=score.hand.get_contract_display() if score.hand.contract else "",
    )


def player_extreme_hands(player: Player) -> tuple[HandRecord | None, HandRecord | None]:
    """The player's best and worst single hands (earliest first on a tie); two queries."""
    scores = (
        published_scores(player)
        .filter(_not_sitting_out())
        .select_related("event", "round", "table", "hand")
    )
    order = ("event__date", "event_id", "round__number", "hand__number")
    best = scores.order_by("-points", *order).first()
    worst = scores.order_by("points", *order).first()
    return _hand_record(best), _hand_record(worst)


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


def _partner_rows(hands: QuerySet[Hand], other: str, player: Player) -> list[PartnerRow]:
    # One join to the hand's score rows serves all three aggregates: a hand counts once
    # (distinct), the taker's row says whether it was made, the player's row his points.
    rows = (
        hands.values(f"{other}_id", f"{other}__name")
        .annotate(
            hands=Count("id", distinct=True),
            made=Count("scores", filter=Q(scores__is_taker=True, scores__made=True)),
            points=Sum("scores__points", filter=Q(scores__player=player)),
        )
        .order_by("-hands", f"{other}__name")
    )
    return [
        PartnerRow(
            player_id=item[f"{other}_id"],
            name=item[f"{other}__name"],
            hands=item["hands"],
            made=item["made"],
            points=item["points"] or 0,
        )
        for item in rows
    ]


def player_partners(player: Player) -> Partners:
    """At a table of 5: whom the player called, who called him, and how it went; two queries."""
    hands = Hand.objects.filter(table__round__event__published=True, partner__isnull=False)
    return Partners(
        called=_partner_rows(hands.filter(taker=player), "partner", player),
        called_by=_partner_rows(hands.filter(partner=player), "taker", player),
    )


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


def _together(a: int, b: int | F) -> Q:
    """Both players played the hand: neither sat it out."""
    return Q(hand__sitting_out__isnull=True) | (~Q(hand__sitting_out=a) & ~Q(hand__sitting_out=b))


def player_opponents(player: Player, *, limit: int = OPPONENTS_SHOWN) -> list[OpponentRow]:
    """The players who shared the most tables with this one; one aggregate query."""
    rows = (
        HandScore.objects.filter(PUBLISHED, hand__scores__player=player)
        .exclude(player=player)
        .values("player_id", "player__name")
        .annotate(
            tables=Count("table", distinct=True),
            hands=Count("id", filter=_together(player.pk, F("player"))),
        )
        .order_by("-tables", "-hands", "player__name")[:limit]
    )
    return [
        OpponentRow(
            player_id=item["player_id"],
            name=item["player__name"],
            tables=item["tables"],
            hands=item["hands"],
            versus_id=player.pk,
        )
        for item in rows
    ]


# --- head-to-head ------------------------------------------------------------


@dataclass
class SharedTable:
    table_id: int
    table_number: int
    round_number: int
    event_name: str
    date: datetime.date
    hands: int
    a_total: int
    b_total: int

    def get_absolute_url(self) -> str:
        return reverse("table_public", args=[self.table_id])


@dataclass
class Encounter:
    """A set of hands of the head-to-head: how many, how many made, each one's points."""

    hands: int
    made: int
    a_points: int
    b_points: int


@dataclass
class HeadToHead:
    tables: int
    hands: int
    a_total: int
    b_total: int
    a_took: Encounter  # a took, b defended
    b_took: Encounter  # b took, a defended
    partners: Encounter  # one took and called the other
    shared_tables: list[SharedTable]

    @property
    def met(self) -> bool:
        return self.tables > 0


def head_to_head(a: Player, b: Player) -> HeadToHead:
    """How two players fared at the same table; two aggregate queries.

    Each of a's score rows is joined to b's row of the same hand, so every figure is
    a sum over hands both had a row in; sums on `hand__scores__` are b's side.
    """
    shared = HandScore.objects.filter(PUBLISHED, player=a, hand__scores__player=b)
    together = _together(a.pk, b.pk)
    a_took = together & Q(is_taker=True) & ~Q(hand__partner_id=b.pk)
    b_took = together & Q(hand__taker_id=b.pk) & ~Q(hand__partner_id=a.pk)
    partners = together & (
        Q(is_taker=True, hand__partner_id=b.pk) | Q(hand__taker_id=b.pk, hand__partner_id=a.pk)
    )

    def encounter(prefix: str, condition: Q, made: Q) -> dict[str, Count | Sum]:
        return {
            f"{prefix}_hands": Count("id", filter=condition),
            f"{prefix}_made": Count("id", filter=condition & made),
            f"{prefix}_a": Sum("points", filter=condition, default=0),
            f"{prefix}_b": Sum("hand__scores__points", filter=condition, default=0),
        }

    a_made = Q(made=True)
    b_made = Q(hand__scores__made=True)
    data = shared.aggregate(
        tables=Count("table", distinct=True),
        hands=Count("id", filter=together),
        a_total=Sum("points", filter=together, default=0),
        b_total=Sum("hand__scores__points", filter=together, default=0),
        **encounter("a_took", a_took, a_made),
        **encounter("b_took", b_took, b_made),
        **encounter("partners", partners, a_made | b_made),
    )

    def pick(prefix: str) -> Encounter:
        return Encounter(
            hands=data[f"{prefix}_hands"],
            made=data[f"{prefix}_made"],
            a_points=data[f"{prefix}_a"],
            b_points=data[f"{prefix}_b"],
        )

    tables = (
        shared.values(
            "table_id", "table__number", "round__number", "event_id", "event__name", "event__date"
        )
        .annotate(
            hands=Count("id", filter=together),
            a_total=Sum("points", filter=together, default=0),
            b_total=Sum("hand__scores__points", filter=together, default=0),
        )
        .order_by("-event__date", "-event_id", "-round__number")
    )
    return HeadToHead(
        tables=data["tables"],
        hands=data["hands"],
        a_total=data["a_total"],
        b_total=data["b_total"],
        a_took=pick("a_took"),
        b_took=pick("b_took"),
        partners=pick("partners"),
        shared_tables=[
            SharedTable(
                table_id=item["table_id"],
                table_number=item["table__number"],
                round_number=item["round__number"],
                event_name=item["event__name"],
                date=item["event__date"],
                hands=item["hands"],
                a_total=item["a_total"],
                b_total=item["b_total"],
            )
            for item in tables
        ],
    )


# --- running totals (chart series, bounded by one event) ---------------------


@dataclass
class RunningSeries:
    player_id: int
    name: str
    totals: list[int]  # the running total after each of the player's hands, in order

    @property
    def final(self) -> int:
        return self.totals[-1] if self.totals else 0


def _running(scores: QuerySet[HandScore]) -> QuerySet[HandScore]:
    # Hands in the order they were played: a player sits at one table per round.
    order = [F("round__number").asc(), F("hand__number").asc(), F("hand_id").asc()]
    return (
        scores.filter(_not_sitting_out())
        .annotate(running=Window(Sum("points"), partition_by=[F("player_id")], order_by=order))
        .order_by("player__name", "player_id", *order)
    )


def event_running_totals(event: Event) -> list[RunningSeries]:
    """Every player's running total through one event, best final total first; one query."""
    rows = _running(HandScore.objects.filter(event=event)).values_list(
        "player_id", "player__name", "running"
    )
    series: dict[int, RunningSeries] = {}
    for player_id, name, running in rows:
        series.setdefault(player_id, RunningSeries(player_id, name, [])).totals.append(running)
    return sorted(series.values(), key=lambda s: (-s.final, s.name.casefold(), s.player_id))


def player_running_total(player: Player, event_id: int) -> list[int]:
    """The player's running total through one published event, hand by hand; one query."""
    rows = _running(published_scores(player).filter(event_id=event_id))
    return list(rows.values_list("running", flat=True))
