"""Fair play in a tournament, read from the database: the deals each table plays
(rules.deals) and teams whose size does not match the event's team size.

Read only: the services refuse with these (services.rounds), the pages warn with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import Event, Table, Team
from ..rules import dealing
from ..rules import deals as deal_rules


def table_plan(table: Table, event: Event | None = None) -> deal_rules.TableDeals | None:
    """The deals a tournament table plays (None: a club night or no set number).

    Seats are counted from `table.seats.all()`, so tables loaded by round_tables
    (seats prefetched) with their `event` given cost no query."""
    event = event or table.round.event
    if event.kind != Event.Kind.TOURNAMENT or not event.deals_per_round:
        return None
    return deal_rules.table_deals(
        event.deals_per_round,
        len(table.seats.all()),
        dealer_sits_out=table.five_mode == Table.FiveMode.DEALER_OUT,
    )


@dataclass(frozen=True)
class TableMode:
    """How a table plays, for the pages that say it (rules.dealing decides)."""

    dealer_sits_out: bool  # the dealer sits out each deal (a table of 5 in that mode)
    five_mode: str | None  # the mode's name at a table of 5 ("called king"...); else None


def table_mode(table: Table, size: int | None = None) -> TableMode:
    """The table's mode; `size` when the caller knows it, else its seats are counted
    from `table.seats.all()` (no query when they are prefetched)."""
    size = len(table.seats.all()) if size is None else size
    return TableMode(
        dealer_sits_out=dealing.dealer_sits_out(
            size, dealer_out_mode=table.five_mode == Table.FiveMode.DEALER_OUT
        ),
        five_mode=str(table.get_five_mode_display()) if dealing.has_five_mode(size) else None,
    )


def deals_notice(event: Event, tables: Sequence[Table]) -> str | None:
    """Why the players of this round cannot all play the same number of deals (None:
    they can). Said on the round page so the organiser can change the format."""
    plans = [table_plan(table, event) for table in tables]
    unfair = [plan for plan in plans if plan is not None and plan.reason]
    if not unfair:
        return None
    d = event.deals_per_round
    plays = sorted(set(unfair[0].plays))
    formats = deal_rules.nearest_fair_formats(d)
    return _(
        "With %(deals)s deals per round, a table of 5 where the dealer sits out cannot give "
        "each player %(deals)s deals: each seat sits out once every 5 deals, so its players "
        "play %(plays)s deals instead. Every player plays the same number of deals only "
        "when the deals per round are a multiple of 4 (for example %(formats)s: the table "
        "of 5 then plays 5 deals for every 4)."
    ) % {
        "deals": d,
        "plays": _either(plays),
        "formats": _either(formats),
    }


def _either(numbers: Sequence[int]) -> str:
    """'8' or '8 or 12' (the rules give one or two numbers)."""
    if len(numbers) == 1:
        return str(numbers[0])
    return _("%(first)s or %(second)s") % {"first": numbers[0], "second": numbers[-1]}


@dataclass(frozen=True)
class TeamCount:
    name: str
    members: int  # registered (warning at the desk) or present (refusal at seating)


def mismatched_teams(event: Event, *, present_only: bool) -> list[TeamCount]:
    """The event's teams whose members do not number `event.team_size`.

    `present_only`: count present members only, and ignore a team none of whose
    members is present (it plays no more). Empty for an individual event."""
    if not event.team_size:
        return []
    members = Q(members__present=True) if present_only else Q()
    teams = Team.objects.filter(event=event).annotate(n=Count("members", filter=members))
    return [
        TeamCount(team.name, team.n)
        for team in teams.order_by("name")
        if team.n != event.team_size and (team.n or not present_only)
    ]


def teams_warning(event: Event) -> str | None:
    """The registrations page's warning: teams not (yet) of the event's size."""
    teams = mismatched_teams(event, present_only=False)
    if not teams:
        return None
    return _(
        "This event has teams of %(size)s players; these teams do not: %(teams)s. A round "
        "cannot be seated while a team present has another number of players present."
    ) % {"size": event.team_size, "teams": describe_teams(teams)}


def describe_teams(teams: Sequence[TeamCount]) -> str:
    """'Les As (2 players), Les Rois (5 players)'."""
    return ", ".join(
        ngettext("%(name)s (%(count)s player)", "%(name)s (%(count)s players)", t.members)
        % {"name": t.name, "count": t.members}
        for t in teams
    )
