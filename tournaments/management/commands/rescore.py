"""Recompute every score row from the stored hand inputs and each event's rules."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.models import Event
from tournaments.services.hands import rescore_event


class Command(BaseCommand):
    help = "Rescore every hand (or those of the given event ids) through the engine."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("event_ids", nargs="*", type=int)

    def handle(self, *args: Any, event_ids: list[int], **opts: Any) -> None:
        events = Event.objects.all()
        if event_ids:
            events = events.filter(pk__in=event_ids)
        total = 0
        for event in events.iterator():
            total += rescore_event(event=event)
        self.stdout.write(f"{total} hands rescored.")
