"""The planners' refusals as the error model's Refused, in the reader's language: the one
place they cross into it.

The planners (tournaments.planning) import nothing of the app (an import contract), so
they raise their own pure-Python errors, worded in English for a programmer and carrying
a code: SeatingError (a round's tables), TeamMatchImpossible (a duplicate team match),
TeamsApart (a duplicate movement that cannot keep team mates apart). The services that
call a planner turn its error into a Refused here, with its code kept, so that a view
answers it as any other refusal (tournaments.views.errors).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from ..errors import Refused
from ..planning.duplicate_teams import TeamsApart
from ..planning.seating import SeatingError
from ..planning.team_match import TeamMatchImpossible

__all__ = ["SEATING_MESSAGES", "TEAMS_APART", "refused_seating", "refused_team_match"]

# %(tables)s and %(size)s come from the planner's params (see refused_seating).
SEATING_MESSAGES = {
    "too_few_players": _lazy("At least 3 present players are needed to seat a round."),
    "teams_infeasible": _lazy(
        "The teams cannot be seated without team mates at one table: %(tables)s tables for "
        "a team of %(size)s. Check the teams and who is present."
    ),
    "duplicate_player": _lazy("A player is registered twice."),
}

TEAMS_APART = "teams_apart"


def refused_seating(error: SeatingError) -> Refused:
    """A round that cannot be seated (planning.seating), for the whole form."""
    message = SEATING_MESSAGES.get(error.code, _lazy("These players cannot be seated."))
    params = {"tables": error.params.get("tables"), "size": error.params.get("largest_team")}
    return Refused(str(message) % params, code=error.code, params=params)


def refused_team_match(error: TeamMatchImpossible | TeamsApart, *, rounds: int) -> Refused:
    """Duplicate teams that cannot be seated in `rounds` rounds (planning.team_match, or
    planning.duplicate_teams for a movement): at the number of rounds planned."""
    if isinstance(error, TeamsApart):
        message = _(
            "The teams cannot be placed so that team mates never share a table in "
            "%(rounds)s rounds: plan fewer rounds."
        ) % {"rounds": rounds}
        return Refused(message, field="rounds_planned", code=TEAMS_APART)
    messages = {
        "sizes": _("Every player must be in a team of the event's size (3 to 6)."),
        "too_few": _("A team match needs at least two complete teams."),
        "triplettes": _(
            "Triplettes play team matches in groups of four teams: register a multiple "
            "of four triplettes."
        ),
        "rounds": _("Plan at least one round."),
    }
    return Refused(messages[error.code], field="rounds_planned", code=error.code)
