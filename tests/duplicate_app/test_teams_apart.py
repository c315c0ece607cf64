"""planning.duplicate_teams: team mates on places that never meet (pure)."""

from __future__ import annotations

from itertools import combinations

import pytest

from tournaments.planning.duplicate_teams import TeamsApart, keep_teams_apart

# Eight places: 0-3 meet each other, 4-7 meet each other, no place meets across.
SLOTS = list(range(8))
GROUPS = ([0, 1, 2, 3], [4, 5, 6, 7])
MEETINGS = [frozenset(pair) for group in GROUPS for pair in combinations(group, 2)]


def test_mates_land_on_places_that_never_meet():
    placed = keep_teams_apart(SLOTS, MEETINGS, [[10, 11], [12, 13], [14], [15], [16], [17]])
    where = {player: slot for slot, player in placed.items()}
    for a, b in ([10, 11], [12, 13]):
        assert frozenset((where[a], where[b])) not in MEETINGS
    assert sorted(placed.values()) == [10, 11, 12, 13, 14, 15, 16, 17]


def test_players_alone_keep_the_given_order_of_places():
    placed = keep_teams_apart(SLOTS, MEETINGS, [[p] for p in range(8)])
    assert placed == {slot: slot for slot in SLOTS}


def test_a_team_larger_than_the_places_that_never_meet_is_refused():
    with pytest.raises(TeamsApart):
        keep_teams_apart(SLOTS, MEETINGS, [[1, 2, 3], [4], [5], [6], [7], [8]])


def test_more_players_than_places_are_refused():
    with pytest.raises(TeamsApart):
        keep_teams_apart(SLOTS[:2], [], [[1], [2], [3]])
