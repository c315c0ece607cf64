"""EventResult: each player's total and place per event, derived from the ledger."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Count, QuerySet, Sum

from ..models import PLAYED_HAND, Event, EventResult, HandScore
from ..selectors.ranking import rank_rows


def _ranked(event_id: int, totals: list[tuple[int, int, int]]) -> list[EventResult]:
    """Places by total, equal totals sharing the place, as on the results page."""
    rows = [
        EventResult(
            event_id=event_id,
            player_id=player_id,
            total=total,
            hands=hands,
            rank=0,
            field_size=len(totals),
        )
        for player_id, total, hands in totals
    ]
    return rank_rows(rows, lambda r: -r.total, lambda r: r.player_id)


def _aggregate(scores: Iterable[dict[str, Any]]) -> dict[int, list[tuple[int, int, int]]]:
    by_event: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for item in scores:
        by_event[item["event_id"]].append((item["player_id"], item["total"], item["hands"]))
    return by_event


def _scores(**filters: object) -> QuerySet[Any]:
    return (
        HandScore.objects.filter(**filters)
        .order_by()
        .values("event_id", "player_id")
        .annotate(
            total=Sum("points"),
            hands=Count("id", filter=PLAYED_HAND),
        )
    )


@transaction.atomic
def refresh_event_results(*, event_id: int) -> None:
    """Rewrite one event's results; the event row is locked so that two tables saving
    at once cannot both rewrite them from stale totals."""
    list(Event.objects.select_for_update().filter(pk=event_id).values_list("pk", flat=True))
    by_event = _aggregate(_scores(event_id=event_id))
    EventResult.objects.filter(event_id=event_id).delete()
    EventResult.objects.bulk_create(_ranked(event_id, by_event.get(event_id, [])))


@transaction.atomic
def refresh_all_event_results() -> int:
    """Rebuild every event's results in one aggregate pass (bulk loads, migrations)."""
    by_event = _aggregate(_scores())
    EventResult.objects.all().delete()
    rows = [row for event_id, totals in by_event.items() for row in _ranked(event_id, totals)]
    EventResult.objects.bulk_create(rows, batch_size=5000)
    return len(rows)
