"""Recompute every score row from the stored hand inputs and each event's rules."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.errors import Refused
from tournaments.models import Event
from tournaments.services.hands import rescore_event


class Command(BaseCommand):
    help = (
        "Rescore every hand (or those of the given event ids) through the engine. An event "
        "holding a hand the engine refuses keeps its scores, and the hand is named."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("event_ids", nargs="*", type=int)

    def handle(self, *args: Any, event_ids: list[int], **opts: Any) -> None:
        events = Event.objects.all()
        if event_ids:
            events = events.filter(pk__in=event_ids)
        total = 0
        refused: list[str] = []
        for event in events.iterator():
            try:
                total += rescore_event(event=event)
            except Refused as error:  # a stored hand the engine refuses (its params name it)
                # Go on with the other events: an upgrade names every hand to correct.
                hand = error.params["hand"]
                refused.append(
                    f"event {event.pk} ({event}), table {hand.table_id}, hand {hand.number}"
                    f" (id {hand.pk}): {error.message}"
                )
        self.stdout.write(f"{total} hands rescored.")
        if refused:
            raise CommandError(
                f"{len(refused)} event(s) left unchanged, each holding a hand the engine "
                "refuses; correct it on the score sheet, then rescore:\n" + "\n".join(refused)
            )
