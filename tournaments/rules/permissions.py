"""Who may act on a sheet: pure predicates over facts (no ORM).

tournaments.selectors.access gathers the facts (is the user an organiser, a
scorekeeper of this table; is the sheet closed) and asks these; so the rule is
stated once, and the queries that feed it live in one module too.
"""

from __future__ import annotations

from dataclasses import dataclass


def sheet_closed(*, validated: bool, round_locked: bool) -> bool:
    """A validated sheet, or any sheet of a locked round, takes no more hands from
    its scorekeepers."""
    return validated or round_locked


def may_score(*, organiser: bool, scorekeeper: bool, sheet_closed: bool) -> bool:
    """Scorekeepers of the table while the sheet is open; organisers always."""
    return organiser or (scorekeeper and not sheet_closed)


def may_view_sheet(*, organiser: bool, scorekeeper: bool) -> bool:
    """The sheet (even a validated one) is for its scorekeepers and the organisers."""
    return organiser or scorekeeper


def may_reopen_sheet(*, organiser: bool) -> bool:
    """Only an organiser undoes a validation."""
    return organiser


@dataclass(frozen=True)
class Viewer:
    """What a person may see beyond the public, as facts: the federation role, the
    clubs he organises, the events he organises as a guest and the events where he
    keeps score at some table. tournaments.selectors.access builds it from the
    database; publication and names ask it."""

    federation: bool = False
    clubs: frozenset[int] = frozenset()
    events: frozenset[int] = frozenset()
    scored_events: frozenset[int] = frozenset()

    def organises(self, *, club_id: int, event_id: int | None = None) -> bool:
        """Whether he organises this club (or this event, as its guest organiser)."""
        return self.federation or club_id in self.clubs or event_id in self.events

    @property
    def organises_anything(self) -> bool:
        return self.federation or bool(self.clubs) or bool(self.events)

    def sees_full_names(self, *, club_id: int, event_id: int | None = None) -> bool:
        """Full names on an event's pages: its organisers and its scorekeepers."""
        return self.organises(club_id=club_id, event_id=event_id) or (
            event_id is not None and event_id in self.scored_events
        )


PUBLIC = Viewer()


# Why a person's account is not this organiser's to manage (None: it is).
ELSEWHERE = "elsewhere"  # he also acts for, or is linked to, a club the organiser does not run
PRIVILEGED = "privileged"  # staff, superuser or federation: only the federation manages him
SUPERUSER = "superuser"  # only a superuser manages a superuser


@dataclass(frozen=True)
class Person:
    """What a person's account opens, as facts: `clubs`, every club where he holds a
    role, a guest role at one of its events, a table to keep score at, or a player
    linked to his account; and whether he enters the back office (`staff`), is a
    `superuser` or holds the `federation` role."""

    clubs: frozenset[int] = frozenset()
    staff: bool = False
    superuser: bool = False
    federation: bool = False


def person_refusal(*, acting: Viewer, acting_superuser: bool, person: Person) -> str | None:
    """Whether the acting person may make this person's password link (None) or why not.

    A password link hands over the account, with everything it opens: an organiser
    makes one only for a person whose every role and link lies within the clubs he
    organises, and never for the staff, a superuser or the federation (taking over
    such an account would give him other clubs). The federation makes any link but a
    superuser's, which only a superuser makes."""
    if person.superuser and not acting_superuser:
        return SUPERUSER if acting.federation else PRIVILEGED
    if acting.federation:
        return None
    if person.staff or person.federation:
        return PRIVILEGED
    if not person.clubs <= acting.clubs:
        return ELSEWHERE
    return None
