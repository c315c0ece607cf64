"""Team mates apart in a duplicate movement: give each team places that never meet.

Pure Python. A movement's places ("slots") meet when they share a table in some
round; in the usual movements places of one orientation never meet (they all move
alike), so a team is placed first in one orientation, and across orientations only
on places that never meet. A depth-first search with a budget: a field that cannot
be kept apart raises TeamsApart rather than searching for ever.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterator, Sequence
from typing import TypeVar

Slot = TypeVar("Slot", bound=Hashable)

SEARCH_BUDGET = 200_000


class TeamsApart(Exception):
    """No placing keeps every team's members at different tables."""


def keep_teams_apart(
    slots: Sequence[Slot],
    meetings: Collection[frozenset[Slot]],
    groups: Sequence[Sequence[int]],
) -> dict[Slot, int]:
    """Slot -> player for every player of `groups` (teams, and players alone as groups
    of one), so that no two players of a group sit in slots that meet. Slots are taken
    in their given order where possible (the caller's order: a draw, or registration)."""
    if sum(len(g) for g in groups) > len(slots):
        raise TeamsApart
    meet: dict[Slot, set[Slot]] = {slot: set() for slot in slots}
    for pair in meetings:
        a, b = tuple(pair)
        if a in meet and b in meet:
            meet[a].add(b)
            meet[b].add(a)
    teams = sorted((g for g in groups if len(g) > 1), key=len, reverse=True)
    alone = [p for g in groups if len(g) == 1 for p in g]
    placed: dict[Slot, int] = {}
    budget = [SEARCH_BUDGET]

    def ways(size: int, chosen: list[Slot], start: int) -> Iterator[list[Slot]]:
        """Every set of `size` free slots that pairwise never meet, in slot order."""
        if len(chosen) == size:
            yield list(chosen)
            return
        for index in range(start, len(slots)):
            slot = slots[index]
            if slot in placed or any(slot in meet[c] for c in chosen):
                continue
            budget[0] -= 1
            if budget[0] < 0:
                raise TeamsApart
            chosen.append(slot)
            yield from ways(size, chosen, index + 1)
            chosen.pop()

    def place(team: int) -> bool:
        if team == len(teams):
            return True
        members = teams[team]
        for chosen in ways(len(members), [], 0):
            placed.update(zip(chosen, members, strict=True))
            if place(team + 1):
                return True
            for slot in chosen:
                del placed[slot]
        return False

    if not place(0):
        raise TeamsApart
    rest = [slot for slot in slots if slot not in placed]
    placed.update(zip(rest, alone, strict=False))
    return placed
