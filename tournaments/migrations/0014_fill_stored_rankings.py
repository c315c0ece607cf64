"""Fill what 0013 added: each result's rounds and running total, every season's ranking.

Self-contained on purpose (see 0006): historical models only, and a frozen copy of
what services.results, services.event_stats and rules.season computed when 0013 was
written.
"""

import re
from collections import defaultdict

from django.db import migrations
from django.db.models import Count, Q, Sum

TOURNAMENT = "tournament"
TOTALS = "totals"
DEFAULT_SCALE = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)


def _event_figures(HandScore, event_id, tournament):
    """player id -> (rounds {"number": [total, won]}, running totals)."""
    rounds = defaultdict(dict)
    if tournament:
        per_round = (
            HandScore.objects.filter(event_id=event_id)
            .order_by()
            .values_list("player_id", "round__number")
            .annotate(total=Sum("points"), won=Count("id", filter=Q(is_taker=True, made=True)))
        )
        for player_id, number, total, won in per_round:
            rounds[player_id][str(number)] = [total, won]
    played = defaultdict(list)
    rows = (
        HandScore.objects.filter(event_id=event_id)
        .order_by()
        .values_list(
            "player_id", "round__number", "hand__number", "hand_id", "points", "hand__sitting_out_id"
        )
    )
    for player_id, round_number, hand_number, hand_id, points, sitting_out in rows:
        if sitting_out != player_id:
            played[player_id].append((round_number, hand_number, hand_id, points))
    running = {}
    for player_id, hands in played.items():
        total, totals = 0, []
        for *_order, points in sorted(hands):
            total += points
            totals.append(total)
        running[player_id] = totals
    return rounds, running


def fill_results(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    HandScore = apps.get_model("tournaments", "HandScore")
    EventResult = apps.get_model("tournaments", "EventResult")
    kinds = dict(Event.objects.values_list("pk", "kind"))
    event_ids = sorted(set(EventResult.objects.values_list("event_id", flat=True)))
    for event_id in event_ids:
        tournament = kinds.get(event_id) == TOURNAMENT
        rounds, running = _event_figures(HandScore, event_id, tournament)
        results = list(EventResult.objects.filter(event_id=event_id).only("pk", "player_id"))
        for result in results:
            result.rounds = dict(sorted(rounds.get(result.player_id, {}).items(), key=lambda i: int(i[0])))
            result.running = running.get(result.player_id, [])
        EventResult.objects.bulk_update(results, ["rounds", "running"], batch_size=500)


def _scale(season):
    if season.mode == TOTALS:
        return None
    parts = [p for p in re.split(r"[\s,;]+", season.scale.strip()) if p]
    if not parts or not all(p.isdigit() for p in parts):
        return DEFAULT_SCALE
    return tuple(int(p) for p in parts)


def _standings(EventResult, season):
    """rules.season.season_standings over the season's published events."""
    scale = _scale(season)
    rows = EventResult.objects.filter(
        event__published=True,
        event__club_id=season.club_id,
        event__date__gte=season.start,
        event__date__lte=season.end,
    ).values_list("event_id", "player_id", "rank", "total", "event__date")
    points = defaultdict(dict)
    dates = {}
    for event_id, player_id, rank, total, date in rows:
        if scale is None:
            earned = total
        else:
            earned = scale[rank - 1] if rank <= len(scale) else 0
        points[player_id][event_id] = earned
        dates[event_id] = date
    order = {pk: i for i, pk in enumerate(sorted(dates, key=lambda pk: (dates[pk], pk)))}
    lines = []
    for player_id, mine in points.items():
        best_first = sorted(mine, key=lambda e: (-mine[e], order[e]))
        kept = best_first[: season.best_n] if season.best_n else best_first
        lines.append(
            {
                "player": player_id,
                "total": sum(mine[e] for e in kept),
                "events": len(mine),
                "counted": len(kept),
                "best": max(mine.values()),
            }
        )

    def key(line):
        return (-line["total"], -line["best"])

    lines.sort(key=lambda line: (key(line), line["player"]))
    for position, line in enumerate(lines, 1):
        tied = position > 1 and key(lines[position - 2]) == key(line)
        line["rank"] = lines[position - 2]["rank"] if tied else position
    return lines


def fill_standings(apps, schema_editor):
    Season = apps.get_model("tournaments", "Season")
    EventResult = apps.get_model("tournaments", "EventResult")
    SeasonStanding = apps.get_model("tournaments", "SeasonStanding")
    SeasonStanding.objects.all().delete()
    pending = []
    for season in Season.objects.all():
        for line in _standings(EventResult, season):
            pending.append(
                SeasonStanding(
                    season_id=season.pk,
                    player_id=line["player"],
                    rank=line["rank"],
                    total=line["total"],
                    events=line["events"],
                    counted=line["counted"],
                    best=line["best"],
                )
            )
    SeasonStanding.objects.bulk_create(pending, batch_size=2000)


class Migration(migrations.Migration):
    # Apart from 0013 for the same reason as 0006 (PostgreSQL's pending trigger events).

    dependencies = [
        ("tournaments", "0013_stored_rankings"),
    ]

    operations = [
        migrations.RunPython(fill_results, migrations.RunPython.noop),
        migrations.RunPython(fill_standings, migrations.RunPython.noop),
    ]
