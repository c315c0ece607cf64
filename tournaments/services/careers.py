"""Keeping each player's stored career (models.PlayerCareer) in step with his results.

A career is the sum of a player's results in published events (selectors.careers), so
it changes when those results change while the event is published, when an event is
published or unpublished, and when a published event changes date (the earliest event
wins a tie of best hands). Each of those writes calls one function here, in its own
transaction:

- services.results.refresh_event_results: `refresh_event_careers` (the players whose
  hands changed, or everybody named in the event), for a published event only: a save
  at an unpublished event costs nothing here;
- services.events (publication, date): `publication_changed`, which also renews the
  pages of the event's players (services.cache: an unpublished event no longer renews
  its players' pages when it is touched);
- bulk loads and repairs: `rebuild_all_careers`; `stale_careers` compares.

A career is worked out again from the player's published results rather than adjusted
by the difference a write made: one query for the players reached (a table's four or
five at a save), the same addition the page used to make at each request.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db import transaction

from ..models import Event, EventResult, PlayerCareer, Registration, Seat
from ..selectors.careers import career_sums, stored_careers
from .cache import touch

_BATCH = 500  # players per query when every career is rebuilt


def refresh_careers(player_ids: Collection[int]) -> None:
    """Work out these players' careers again and store them (a player left with no
    published result loses his row). Two or three queries."""
    wanted = set(player_ids)
    if not wanted:
        return
    sums = career_sums(wanted)
    gone = wanted - set(sums)
    if gone:
        PlayerCareer.objects.filter(player_id__in=sorted(gone)).delete()
    rows = [PlayerCareer(player_id=pk, **sums[pk].model_fields()) for pk in sorted(sums)]
    if rows:
        fields = [f.name for f in PlayerCareer._meta.concrete_fields if f.name != "player"]
        PlayerCareer.objects.bulk_create(
            rows, update_conflicts=True, unique_fields=["player"], update_fields=fields
        )


def _event_players(event_id: int) -> set[int]:
    """Everyone with a result in the event, or seated there (a player whose last hand
    there was just deleted has lost his result, not his seat). One query."""
    results = EventResult.objects.filter(event_id=event_id)
    seated = Seat.objects.filter(table__round__event_id=event_id)
    registered = Registration.objects.filter(event_id=event_id)
    ids = [rows.order_by().values_list("player_id") for rows in (results, seated, registered)]
    return {pk for (pk,) in ids[0].union(*ids[1:])}


def refresh_event_careers(event: Event, player_ids: Collection[int] | None = None) -> None:
    """After services.results rewrote `event`'s results: the careers of `player_ids`
    (the players whose hands changed), or of everyone in the event when None, if the
    event is published (only published results count in a career)."""
    if not event.published:
        return
    refresh_careers(_event_players(event.pk) if player_ids is None else player_ids)


def publication_changed(event: Event) -> None:
    """`event` was published or unpublished, or its date moved: its players' careers
    count it or no longer do, and their pages are renewed (an event touched once
    unpublished no longer reaches its players' pages: services.cache)."""
    players = _event_players(event.pk)
    refresh_careers(players)
    touch(players=players)


@transaction.atomic
def rebuild_all_careers() -> int:
    """Every career from the stored results (bulk loads, repairs, migrations' data);
    returns how many players have one."""
    PlayerCareer.objects.all().delete()
    players = sorted(
        EventResult.objects.filter(event__published=True)
        .order_by()
        .values_list("player_id", flat=True)
        .distinct()
    )
    for start in range(0, len(players), _BATCH):
        refresh_careers(players[start : start + _BATCH])
    return len(players)


def stale_careers() -> list[int]:
    """The players whose stored career differs from one worked out again from their
    published results (or who should have one, or should not); changes nothing."""
    before = stored_careers()
    with transaction.atomic():
        rebuild_all_careers()
        after: dict[int, dict[str, Any]] = stored_careers()
        transaction.set_rollback(True)
    return sorted(pk for pk in before.keys() | after.keys() if before.get(pk) != after.get(pk))
