"""Who reads a player's full name and who his public name (Player.public_name_style):
the namers that selectors take, and the one that decides it for a user and a page."""

from __future__ import annotations

from collections.abc import Callable

from ...rules.names import shown_name
from .roles import Actor, viewer


def sees_full_names(user: Actor, *, club_id: int, event_id: int | None = None) -> bool:
    return viewer(user).sees_full_names(club_id=club_id, event_id=event_id)


# (name, public_name_style, player's club id) -> the name this viewer reads.
Namer = Callable[[str, str, int | None], str]
# What a Namer reads of a player, seen from a row that points to him (values_list).
NAMER_FIELDS = ("player__name", "player__public_name_style", "player__club_id")


def full_names(name: str, style: str, club_id: int | None = None) -> str:
    """The namer of organiser pages and workbooks: everybody by his full name. Asked for
    explicitly: every selector that names players defaults to public_names."""
    return shown_name(name, style, full=True)


def public_names(name: str, style: str, club_id: int | None = None) -> str:
    """The namer of the public: everybody by his public name (Player.public_name_style).
    The default of every selector that names players, so a caller that forgets the
    namer never shows a full name to the wrong reader."""
    return shown_name(name, style, full=False)


def namer(user: Actor, *, club_id: int | None = None, event_id: int | None = None) -> Namer:
    """How the page about this club (and event) names each player for this user: his
    full name to the federation, to an organiser of his own club, to the organisers
    of the club or event the page is about and to that event's scorekeepers; his
    public name (Player.public_name_style) to everybody else. The one place that
    decides who reads full names; no query beyond the user's cached roles."""
    found = viewer(user)
    page = club_id is not None and found.sees_full_names(club_id=club_id, event_id=event_id)

    def name(full: str, style: str, player_club_id: int | None = None) -> str:
        own_club = player_club_id is not None and found.organises(club_id=player_club_id)
        return shown_name(full, style, full=page or own_club)

    return name
