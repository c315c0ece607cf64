"""Checking the rows of a registration file against each other and the database.

Every row is checked and every fault reported (all or nothing: the caller writes only
when there is none); each row is matched with its database player on the way.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import Club, Event, Player, Registration, Team
from ..rules.names import clean_name, name_skeleton
from .files import ImportRow, header_key

NAME_MAX = 120
CLUB_MAX = 120
TEAM_MAX = 120
LICENCE_RE = re.compile(r"[0-9A-Za-z]{1,20}")


class Complaint(Protocol):
    """Reports a bad cell: `message` is formatted with `params` when there are any."""

    def __call__(self, row: ImportRow, column: str, message: str, /, **params: Any) -> None: ...


@dataclass(frozen=True)
class RowError:
    """A bad row: `row` as the spreadsheet numbers it (header = 1), `field` the column at fault
    ("name", "licence", "club", "team"), or "fields" when the row's cells do not line up
    with the header's."""

    row: int
    field: str
    message: str


@dataclass
class ImportReport:
    rows: int = 0
    errors: list[RowError] = field(default_factory=list)
    players_created: int = 0
    players_matched: int = 0
    licences_added: int = 0
    clubs_created: int = 0
    registrations_created: int = 0
    already_registered: int = 0
    teams_created: int = 0

    @property
    def ok(self) -> bool:
        """True when the file was imported; False when it had bad rows (nothing imported)."""
        return not self.errors

    def error_rows(self) -> list[int]:
        return sorted({e.row for e in self.errors})


def name_key(text: str) -> str:
    """A player or team name as compared: case and runs of spaces ignored."""
    return clean_name(text).casefold()


def _club_key(text: str) -> str:
    return header_key(text)


@dataclass
class ImportContext:
    event: Event
    clubs: dict[str, Club]  # normalised name or slug -> club
    by_licence: dict[str, Player]
    by_club_name: dict[tuple[int, str], list[Player]]  # a club may hold "Anne" and "anne"
    registrations: dict[int, int | None]  # player id -> team id
    teams: dict[str, Team]  # name key -> team
    team_members: dict[int, set[int]]  # team id -> registered player ids
    # The stored clubs new players may be created in (None: any). An importer may
    # register any stored player, but add players only to the clubs he organises and
    # the event's own; a club not stored yet is created with its players.
    creatable_clubs: frozenset[int] | None = None
    # (club id, rules.names.name_skeleton) -> a stored player: a new name that only
    # looks like his ("Bruno Ρetit" with a Greek Rho) is refused, not a second player.
    by_club_skeleton: dict[tuple[int, str], Player] = field(default_factory=dict)


def load_context(
    event: Event, rows: list[ImportRow], creatable_clubs: frozenset[int] | None = None
) -> ImportContext:
    clubs: dict[str, Club] = {}
    for club in Club.objects.all():
        clubs.setdefault(_club_key(club.name), club)
        clubs.setdefault(_club_key(club.slug), club)
    club_ids = {event.club_id} | {
        clubs[_club_key(r.club)].pk for r in rows if r.club and _club_key(r.club) in clubs
    }
    licences = {r.licence for r in rows if r.licence}
    by_licence = {p.licence: p for p in Player.objects.filter(licence__in=licences)}
    by_club_name: dict[tuple[int, str], list[Player]] = defaultdict(list)
    by_club_skeleton: dict[tuple[int, str], Player] = {}
    for player in Player.objects.filter(club_id__in=club_ids).order_by("pk"):
        by_club_name[(player.club_id, name_key(player.name))].append(player)
        by_club_skeleton.setdefault((player.club_id, name_skeleton(player.name)), player)
    registrations: dict[int, int | None] = dict(
        Registration.objects.filter(event=event).values_list("player_id", "team_id")
    )
    teams = {name_key(t.name): t for t in Team.objects.filter(event=event)}
    team_members: dict[int, set[int]] = defaultdict(set)
    for player_id, team_id in registrations.items():
        if team_id is not None:
            team_members[team_id].add(player_id)
    return ImportContext(
        event,
        clubs,
        by_licence,
        by_club_name,
        registrations,
        teams,
        team_members,
        creatable_clubs,
        by_club_skeleton,
    )


def check_rows(rows: list[ImportRow], ctx: ImportContext) -> list[RowError]:
    errors: list[RowError] = []
    event = ctx.event

    def bad(row: ImportRow, column: str, message: str, /, **params: Any) -> None:
        text = message % params if params else message
        errors.append(RowError(row=row.number, field=column, message=text))

    shifted = [row for row in rows if row.fields is not None]
    for row in shifted:
        _complain_of_fields(row, bad)
    # A shifted row's cells are not what their columns say: checking them would only
    # add noise (a "licence" that is a first name) to the one fault that matters.
    rows = [row for row in rows if row.fields is None]
    for row in rows:
        for column, text in (("name", row.name), ("club", row.club), ("team", row.team)):
            # A control character is a damaged file, and PostgreSQL refuses NUL bytes.
            if any(ord(c) < 32 for c in text):
                bad(row, column, _("This cell contains a control character."))
        # Stored as the player form stores it: "Anne  Dupont" finds "Anne Dupont".
        row.name = clean_name(row.name)
        if not row.name:
            bad(row, "name", _("The name is missing."))
        elif len(row.name) > NAME_MAX:
            bad(row, "name", _("The name is longer than %(max)s characters."), max=NAME_MAX)
        if row.licence and not LICENCE_RE.fullmatch(row.licence):
            bad(
                row,
                "licence",
                _(
                    "The licence number “%(licence)s” is not valid: "
                    "1 to 20 letters or digits expected."
                ),
                licence=row.licence,
            )
        if len(row.club) > CLUB_MAX:
            message = _("The club name is longer than %(max)s characters.")
            bad(row, "club", message, max=CLUB_MAX)
        if row.team and event.team_size == 0:
            bad(row, "team", _("This event is individual: the team column must stay empty."))
        elif len(row.team) > TEAM_MAX:
            message = _("The team name is longer than %(max)s characters.")
            bad(row, "team", message, max=TEAM_MAX)
        club = ctx.clubs.get(_club_key(row.club)) if row.club else event.club
        row.club_key = club.pk if club else ("new", _club_key(row.club))

    named = [row for row in rows if row.name]
    _check_duplicates(named, bad)
    # A name already refused (a control character) is not compared for look-alikes too:
    # one fault, one message.
    refused = {error.row for error in errors if error.field == "name"}
    for row in named:
        _match_player(row, ctx, bad, lookalikes=row.number not in refused)
    _check_same_player(named, bad)
    _check_teams(named, ctx, bad)
    return errors


def _complain_of_fields(row: ImportRow, bad: Complaint) -> None:
    count = row.fields or 0
    if count > row.header_fields:
        message = ngettext(
            "This row has %(count)s field, the first row %(header)s: a cell holding the "
            "separator (; or ,) must be in quotes.",
            "This row has %(count)s fields, the first row %(header)s: a cell holding the "
            "separator (; or ,) must be in quotes.",
            count,
        )
    else:
        message = ngettext(
            "This row has %(count)s field, the first row %(header)s: a separator or a cell "
            "is missing.",
            "This row has %(count)s fields, the first row %(header)s: a separator or a cell "
            "is missing.",
            count,
        )
    bad(row, "fields", message, count=count, header=row.header_fields)


def _earlier(first: dict[Any, ImportRow], key: Any, row: ImportRow) -> ImportRow | None:
    """The earlier row with this key, or None when `row` is the first (it is kept as such)."""
    other = first.setdefault(key, row)
    return None if other is row else other


def _check_duplicates(rows: list[ImportRow], bad: Complaint) -> None:
    """The same person twice in the file: by name within a club, or by licence."""
    first_name: dict[tuple[Any, str], ImportRow] = {}
    first_licence: dict[str, ImportRow] = {}
    for row in rows:
        # Compared on the skeleton: a look-alike written twice is the same person twice.
        other = _earlier(first_name, (row.club_key, name_skeleton(row.name)), row)
        if other is not None:
            bad(
                row,
                "name",
                _("%(name)s of this club is already on row %(row)s."),
                name=row.name,
                row=other.number,
            )
            continue
        if not row.licence:
            continue
        other = _earlier(first_licence, row.licence, row)
        if other is None:
            continue
        if name_key(other.name) != name_key(row.name):
            message = _("The licence %(licence)s is already on row %(row)s, for %(name)s.")
        else:  # same person written for two clubs
            message = _("The licence %(licence)s is already on row %(row)s.")
        bad(
            row,
            "licence",
            message,
            licence=row.licence,
            row=other.number,
            name=other.name,
        )


def _outside(club_key: Any, creatable: frozenset[int] | None) -> bool:
    """A stored club (an int key) the importer may not add players to."""
    return creatable is not None and isinstance(club_key, int) and club_key not in creatable


def _match_player(
    row: ImportRow, ctx: ImportContext, bad: Complaint, *, lookalikes: bool = True
) -> None:
    player = ctx.by_licence.get(row.licence) if row.licence else None
    if player is not None:
        if name_key(player.name) != name_key(row.name):
            bad(
                row,
                "licence",
                _("The licence %(licence)s belongs to %(name)s."),
                licence=row.licence,
                name=player.name,
            )
            return
    elif isinstance(row.club_key, int):
        same_name = ctx.by_club_name.get((row.club_key, name_key(row.name)), [])
        exact = [p for p in same_name if p.name == row.name]
        player = exact[0] if exact else same_name[0] if same_name else None
        if player is not None and row.licence and player.licence:
            # One name in a club with two licences: two people the club cannot tell apart.
            bad(
                row,
                "licence",
                _("%(name)s of this club already has the licence %(licence)s."),
                name=player.name,
                licence=player.licence,
            )
            return
        lookalike = ctx.by_club_skeleton.get((row.club_key, name_skeleton(row.name)))
        if player is None and lookalike is not None and lookalikes:
            bad(
                row,
                "name",
                _(
                    "This name looks like %(name)s, already a player of this club: "
                    "write it as it is stored."
                ),
                name=lookalike.name,
            )
            return
    creatable = ctx.creatable_clubs
    if player is None and _outside(row.club_key, creatable):
        bad(
            row,
            "club",
            _(
                "%(club)s has no player %(name)s, and only its organisers may add one "
                "(give the licence number of a player it already has)."
            ),
            club=row.club,
            name=row.name,
        )
        return
    row.player = player


def _check_same_player(rows: list[ImportRow], bad: Complaint) -> None:
    """Two rows that look different but find the same database player."""
    first: dict[int, ImportRow] = {}
    for row in rows:
        if row.player is None:
            continue
        other = _earlier(first, row.player.pk, row)
        if other is not None:
            bad(
                row,
                "name",
                _("This is the same player as on row %(row)s."),
                row=other.number,
            )


def _check_teams(rows: list[ImportRow], ctx: ImportContext, bad: Complaint) -> None:
    size = ctx.event.team_size
    if size == 0:
        return
    members: dict[str, set[Any]] = defaultdict(set)
    for key, known in ctx.teams.items():
        members[key] |= ctx.team_members.get(known.pk, set())
    added: dict[str, list[ImportRow]] = defaultdict(list)
    for row in rows:
        if not row.team:
            continue
        key = name_key(row.team)
        if row.player is not None:
            current = ctx.registrations.get(row.player.pk)
            team = ctx.teams.get(key)
            if current is not None and (team is None or team.pk != current):
                # Existing registrations are kept: moving a player is done by hand.
                bad(
                    row,
                    "team",
                    _("%(name)s is already registered in another team."),
                    name=row.name,
                )
                continue
        member = row.player.pk if row.player is not None else ("row", row.number)
        if member not in members[key]:
            members[key].add(member)
            added[key].append(row)
    # Too few is refused too: a team of 2 in an event of quadrettes would otherwise pass
    # here and be refused only when round 1 is seated, with the hall waiting. The file
    # is meant to list whole teams (with the members already registered).
    for key, team_rows in added.items():
        count = len(members[key])
        if count != size:
            for row in team_rows:
                bad(
                    row,
                    "team",
                    ngettext(
                        "The team %(team)s would have %(count)s player; "
                        "teams of this event have %(size)s.",
                        "The team %(team)s would have %(count)s players; "
                        "teams of this event have %(size)s.",
                        count,
                    ),
                    team=row.team,
                    count=count,
                    size=size,
                )
