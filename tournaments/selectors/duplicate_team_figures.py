"""A team match's figures board by board, for an arbiter to check the team ranking by
hand: the team match page (views.duplicate_teams) and the workbook's sheet of teams by
board (exports.duplicate_teams).

For each team, in the ranking's order, on each board: its members' marques (a member
under a ruling shows his ruling instead), their sum (the team's result on the board),
its value on the team scale, the ruling that replaced the team's result where one did,
and the running total after the board (the running sum of the values; on the
matchpoints scale also their running mean, since the session is the mean); the team's
session result closes the list, as the ranking gives it.

Nothing is computed twice. The inputs are selectors.duplicate_ranking.team_match_input's,
which team_match_rows ranks on; each board's values are rules.team_match's
team_match_results on that board alone (a session of one board is worth that board's
value on either scale: its mean and its sum are the value itself); the session result
and the order are team_match_rows' own. The page and the ranking cannot disagree:
without a penalty, the last running mean (matchpoints) or sum (total) is the session
result; a team's penalties, listed with it, are what separates them.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from ..models import Event, SpecialResult
from ..rules import team_match as team_rules
from ..rules.collation import sort_key
from ..rules.duplicate import two_decimals
from .duplicate_penalties import PenaltyInfo
from .duplicate_ranking import DuplicateRow, team_match_input, team_match_rows


def ruling_label(code: str) -> str:
    """A ruling's words, as the traveller's ruling form names it ("average plus")."""
    return str(SpecialResult.Kind(code).label)


@dataclass
class MemberMarque:
    """One member of a team on one board: his marque, or his ruling (then no marque:
    a ruled member's marque counts in no sum, rules.team_match)."""

    player_id: int
    name: str
    marque: int | None
    ruling: str | None = None

    @property
    def ruling_label(self) -> str:
        return ruling_label(self.ruling) if self.ruling else ""


@dataclass
class TeamBoard:
    """A team on one board. `result` is its result there (the sum of its members'
    marques) when that counts; `exact` its value on the scale, None while the board
    does not count for the team yet (an organiser reads a board some table of its match
    has still to enter)."""

    number: int
    members: list[MemberMarque]
    result: int | None
    exact: Fraction | None
    ruling: str | None  # the team's ruling (rules.team_match.team_board_rulings)
    playing: int  # members of a team who play each board
    running_exact: Fraction | None = None  # the sum of the values so far
    counted: int = 0  # the boards counted so far, this one included
    mean: bool = True  # the session is the mean of the values (matchpoints)

    @property
    def value(self) -> Decimal | None:
        """The value on the scale, to two decimals as the ranking rounds."""
        return None if self.exact is None else two_decimals(self.exact)

    @property
    def running_sum(self) -> Decimal | None:
        return None if self.running_exact is None else two_decimals(self.running_exact)

    @property
    def running_mean_exact(self) -> Fraction | None:
        if self.running_exact is None or not self.mean or not self.counted:
            return None
        return self.running_exact / self.counted

    @property
    def running_mean(self) -> Decimal | None:
        exact = self.running_mean_exact
        return None if exact is None else two_decimals(exact)

    @property
    def entered(self) -> int:
        """How many of the members on the board have a marque."""
        return sum(1 for member in self.members if member.marque is not None)

    @property
    def ruling_words(self) -> str:
        """The ruling that replaced the team's result, in words; "" without one."""
        if self.ruling is None:
            return ""
        ruled = [member.name for member in self.members if member.ruling == self.ruling]
        return gettext("%(ruling)s for %(members)s, in place of the team's result") % {
            "ruling": capfirst(ruling_label(self.ruling)),
            "members": ", ".join(ruled) if ruled else gettext("the team"),
        }

    @property
    def pending_words(self) -> str:
        """Why the board does not count yet for the team; "" once it does."""
        if self.exact is not None:
            return ""
        return ngettext(
            "Not counted yet: %(entered)s of the %(playing)s members has a marque.",
            "Not counted yet: %(entered)s of the %(playing)s members have a marque.",
            self.entered,
        ) % {"entered": self.entered, "playing": self.playing}


@dataclass
class TeamFigures:
    """One team's boards, in order, and its session result as the ranking gives it."""

    name: str
    rank: int
    result: Decimal | None
    members: list[DuplicateRow]
    boards: list[TeamBoard] = field(default_factory=list)
    penalties: list[PenaltyInfo] = field(default_factory=list)

    @property
    def penalty(self) -> Decimal | None:
        return sum((p.amount for p in self.penalties), Decimal(0)) if self.penalties else None


def session_is_mean(event: Event) -> bool:
    """Whether the event's team scale makes the session the mean of the board values
    (matchpoints), not their sum (total): rules.team_match.TEAM_SCALES."""
    _convert, mean = team_rules.TEAM_SCALES[team_rules.scale_of(event.comparison)]
    return mean


def board_values(
    board_results: Mapping[int, Mapping[Hashable, int]],
    rulings: Mapping[int, Mapping[Hashable, str]],
    scale: str,
) -> dict[int, dict[Hashable, Fraction]]:
    """Board -> team -> its value on `scale`: rules.team_match.team_match_results on
    that board alone, whose session (the mean, or the sum, of one value) is the value."""
    values: dict[int, dict[Hashable, Fraction]] = {}
    for number in sorted(set(board_results) | set(rulings)):
        alone = team_rules.team_match_results(
            {number: board_results.get(number, {})}, scale, {number: rulings.get(number, {})}
        )
        values[number] = {result.team: result.exact for result in alone}
    return values


def _members_on(members: list[DuplicateRow]) -> dict[int, list[MemberMarque]]:
    """Board -> the team's members with a result or a ruling there, in the team's order."""
    found: dict[int, list[MemberMarque]] = {}
    for row in members:
        for number, marque, ruling in row.results:
            found.setdefault(number, []).append(
                MemberMarque(row.player_id, row.name, None if ruling else marque, ruling)
            )
    return found


def team_figures(
    rows: list[DuplicateRow], event: Event, penalties: list[PenaltyInfo] | None = None
) -> list[TeamFigures]:
    """Every team of a team match, in the ranking's order (team_match_rows, called with
    the same `rows` and `penalties` as the ranking's), with its boards: from the boards
    each row's result is computed on (on a public page, those every table has played).
    Teams without a board counted yet come last, without a result."""
    match = team_match_input(rows, event)
    values = board_values(match.board_results, match.rulings, match.scale)
    mean = session_is_mean(event)
    ranked = team_match_rows(rows, event, penalties)
    teams = [
        TeamFigures(t.name, t.rank, t.result, t.members, penalties=t.penalties) for t in ranked
    ]
    listed = {team.name for team in teams}
    teams += [
        TeamFigures(name, 0, None, members)
        for name, members in sorted(match.members.items(), key=lambda item: sort_key(item[0]))
        if name not in listed
    ]
    for team in teams:
        running, counted = Fraction(0), 0
        for number, members in sorted(_members_on(team.members).items()):
            ruling = match.rulings.get(number, {}).get(team.name)
            exact = values.get(number, {}).get(team.name)
            board = TeamBoard(
                number=number,
                members=members,
                result=None if ruling else match.board_results.get(number, {}).get(team.name),
                exact=exact,
                ruling=ruling,
                playing=match.playing,
                mean=mean,
            )
            if exact is not None:
                running, counted = running + exact, counted + 1
                board.running_exact, board.counted = running, counted
            team.boards.append(board)
    return teams


__all__ = [
    "MemberMarque",
    "TeamBoard",
    "TeamFigures",
    "board_values",
    "ruling_label",
    "session_is_mean",
    "team_figures",
]
