"""Players' names on public pages, as each viewer may read them (a player may ask to
be shown by his initials).

Who reads a full name is decided once, in selectors.access.namer; selectors that
build rows take the namer, and the model instances a page loads (seats, a sheet's
players, a player page's subject) are renamed here before the template prints
`player.name`, so no template can forget a player's choice.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpRequest

from ..models import Event, Player, Table
from ..selectors.access import Namer, namer


def event_namer(request: HttpRequest, event: Event) -> Namer:
    """How the pages about `event` name its players for this viewer."""
    return namer(request.user, club_id=event.club_id, event_id=event.pk)


def rename(players: Iterable[Player | None], name: Namer) -> None:
    """Give players loaded for this page only the name the viewer reads. These
    instances are never saved."""
    for player in players:
        if player is not None:
            player.name = name(player.name, player.public_name_style, player.club_id)


def rename_seated(tables: Iterable[Table], name: Namer) -> None:
    """The seated players of tables loaded by selectors.standings.seated_tables."""
    rename((seat.player for table in tables for seat in table.seats.all()), name)
