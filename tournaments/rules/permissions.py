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


def may_manage_person(
    *,
    acting_federation: bool,
    acting_clubs: frozenset[int],
    target_clubs: frozenset[int],
    target_is_federation: bool,
) -> bool:
    """An organiser manages (role, password) only people whose every club he
    organises: resetting the password of someone who also organises another club
    would hand him that club. The federation role manages everyone but is managed
    only by itself."""
    if acting_federation:
        return True
    return not target_is_federation and target_clubs <= acting_clubs
