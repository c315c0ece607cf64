"""Fill EventResult's statistics (0005) and tournament places from the ledger.

Self-contained on purpose: a migration runs against the schema of its own time, so
it uses only the historical models (apps.get_model) and a frozen copy of the code
that tournaments/services/results.py and selectors/ranking.py held when 0005 was
written. Importing the live code made every upgrade from 0005 or earlier break as
soon as a column was added to EventResult, Hand or HandScore.
"""

from collections import defaultdict

from django.db import migrations
from django.db.models import Count, Exists, OuterRef, Q, Sum

TAKER, DEFENCE = "taker", "defence"
TOURNAMENT = "tournament"

# The ledger row with what the statistics need of its hand, in this order.
LEDGER_FIELDS = (
    "hand_id",
    "table_id",
    "round__number",
    "hand__number",
    "player_id",
    "points",
    "is_taker",
    "made",
    "hand__contract",
    "hand__taker_id",
    "hand__partner_id",
    "hand__sitting_out_id",
    "hand__petit_au_bout",
    "hand__chelem_announced",
    "hand__chelem_made_by",
    "hand__poignees",
)
NAMES = (
    "hand_id",
    "table_id",
    "round_number",
    "hand_number",
    "player_id",
    "points",
    "is_taker",
    "made",
    "contract",
    "taker_id",
    "partner_id",
    "sitting_out_id",
    "petit_au_bout",
    "chelem_announced",
    "chelem_made_by",
    "poignees",
)


class Row:
    __slots__ = NAMES

    def __init__(self, values):
        for name, value in zip(NAMES, values, strict=True):
            setattr(self, name, value)


class Stats:
    def __init__(self):
        self.taken = self.made = 0
        self.petits_won = self.petits_lost = 0
        self.chelems_announced = self.chelems_made = self.chelems_conceded = 0
        self.poignees = {}
        self.contracts = {}
        self.called = {}
        self.called_by = {}
        self.tables_with = {}
        self.hands_with = {}
        self.best = None  # (points, round number, hand number, hand id)
        self.worst = None

    def fields(self):
        return {
            "taken": self.taken,
            "made": self.made,
            "petits_won": self.petits_won,
            "petits_lost": self.petits_lost,
            "chelems_announced": self.chelems_announced,
            "chelems_made": self.chelems_made,
            "chelems_conceded": self.chelems_conceded,
            "poignees": self.poignees,
            "contracts": self.contracts,
            "partners": {"called": self.called, "called_by": self.called_by},
            "opponents": {
                str(pid): [len(tables), self.hands_with.get(pid, 0)]
                for pid, tables in self.tables_with.items()
            },
            "best_points": self.best[0] if self.best else None,
            "best_hand_id": self.best[3] if self.best else None,
            "worst_points": self.worst[0] if self.worst else None,
            "worst_hand_id": self.worst[3] if self.worst else None,
        }


def _count(counts, key, made, points):
    entry = counts.setdefault(str(key), [0, 0, 0])
    entry[0] += 1
    entry[1] += int(made)
    entry[2] += points


def _add_row(stats, row, hand):
    player = row.player_id
    played = row.sitting_out_id != player
    taker_camp = row.is_taker or row.partner_id == player
    camp = TAKER if taker_camp else DEFENCE if (row.contract and played) else None
    taker_made = any(r.made for r in hand if r.is_taker)

    if row.is_taker:
        stats.taken += 1
        stats.made += int(bool(row.made))
        _count(stats.contracts, row.contract, bool(row.made), row.points)
        if row.partner_id is not None:
            _count(stats.called, row.partner_id, taker_made, row.points)
    if row.partner_id == player and row.taker_id is not None:
        _count(stats.called_by, row.taker_id, taker_made, row.points)
    if camp is not None:
        if row.petit_au_bout:
            if row.petit_au_bout == camp:
                stats.petits_won += 1
            else:
                stats.petits_lost += 1
        if row.chelem_made_by:
            if row.chelem_made_by == camp:
                stats.chelems_made += 1
            else:
                stats.chelems_conceded += 1
    if taker_camp and row.chelem_announced:
        stats.chelems_announced += 1
    for size in {p.get("size") for p in row.poignees or [] if p.get("player") == player}:
        stats.poignees[str(size)] = stats.poignees.get(str(size), 0) + 1

    for other in hand:
        if other.player_id == player:
            continue
        stats.tables_with.setdefault(other.player_id, set()).add(row.table_id)
        if row.sitting_out_id is None or row.sitting_out_id not in (player, other.player_id):
            stats.hands_with[other.player_id] = stats.hands_with.get(other.player_id, 0) + 1

    if played:
        best = (row.points, row.round_number, row.hand_number, row.hand_id)
        if stats.best is None or (-best[0], *best[1:3]) < (-stats.best[0], *stats.best[1:3]):
            stats.best = best
        if stats.worst is None or best[:3] < stats.worst[:3]:
            stats.worst = best


def _event_stats(HandScore, event_id):
    by_hand = defaultdict(list)
    rows = HandScore.objects.filter(event_id=event_id).order_by().values_list(*LEDGER_FIELDS)
    for values in rows:
        row = Row(values)
        by_hand[row.hand_id].append(row)
    stats = {}
    for hand in by_hand.values():
        for row in hand:
            _add_row(stats.setdefault(row.player_id, Stats()), row, hand)
    return stats


def _lines(Hand, HandScore, event_id):
    """Per player: [player_id, total, hands played, contracts won, {round id: total}]."""
    per_round = (
        HandScore.objects.filter(event_id=event_id)
        .order_by()
        .values_list("player_id", "round_id")
        .annotate(
            total=Sum("points"),
            rows=Count("id"),
            won=Count("id", filter=Q(is_taker=True, made=True)),
        )
    )
    sat_out = dict(
        Hand.objects.filter(table__round__event_id=event_id, sitting_out__isnull=False)
        .order_by()
        .values_list("sitting_out_id")
        .annotate(n=Count("id"))
    )
    lines = {}
    for player_id, round_id, total, rows, won in per_round:
        line = lines.setdefault(
            player_id, {"player": player_id, "total": 0, "hands": 0, "won": 0, "rounds": {}}
        )
        line["rounds"][round_id] = total
        line["total"] += total
        line["hands"] += rows
        line["won"] += won
    for player_id, n in sat_out.items():
        if player_id in lines:
            lines[player_id]["hands"] -= n
    return list(lines.values())


def _ranked(lines, kind):
    """Equal keys share the place (1, 2, 2, 4); a tournament breaks equal totals by the
    best round, then contracts won."""
    if kind == TOURNAMENT:

        def key(line):
            return (-line["total"], -max(line["rounds"].values(), default=0), -line["won"])
    else:

        def key(line):
            return -line["total"]

    lines.sort(key=lambda line: (key(line), line["player"]))
    for position, line in enumerate(lines, 1):
        tied = position > 1 and key(lines[position - 2]) == key(line)
        line["rank"] = lines[position - 2]["rank"] if tied else position
    return lines


def fill_statistics(apps, schema_editor):
    """Every event's results rebuilt from the ledger, as the services wrote them then."""
    Event = apps.get_model("tournaments", "Event")
    Hand = apps.get_model("tournaments", "Hand")
    HandScore = apps.get_model("tournaments", "HandScore")
    EventResult = apps.get_model("tournaments", "EventResult")

    EventResult.objects.all().delete()
    scored = HandScore.objects.filter(event=OuterRef("pk"))
    pending = []
    events = Event.objects.filter(Exists(scored)).order_by("pk").values_list("pk", "kind")
    for event_id, kind in events:
        lines = _ranked(_lines(Hand, HandScore, event_id), kind)
        stats = _event_stats(HandScore, event_id)
        for line in lines:
            own = stats.get(line["player"], Stats())
            pending.append(
                EventResult(
                    event_id=event_id,
                    player_id=line["player"],
                    total=line["total"],
                    hands=line["hands"],
                    rank=line["rank"],
                    field_size=len(lines),
                    **own.fields(),
                )
            )
        if len(pending) >= 5000:
            EventResult.objects.bulk_create(pending)
            pending = []
    EventResult.objects.bulk_create(pending)


class Migration(migrations.Migration):
    # Apart from 0005: on PostgreSQL, rows written in the migration that adds the
    # foreign keys would leave constraint triggers pending when Django then creates
    # their indexes ("pending trigger events").

    dependencies = [
        ("tournaments", "0005_event_result_statistics"),
    ]

    operations = [
        migrations.RunPython(fill_statistics, migrations.RunPython.noop),
    ]
