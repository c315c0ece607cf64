"""Writes of a registration import: clubs, players, teams and registrations.

The file is read and checked by tournaments.imports (all or nothing: one bad row
and nothing is written); this module locks the event, asks for that check, and
writes in the same transaction.

Who may import: the event's organisers (its club's, its guest organisers, the
federation). Players of other clubs: a stored player of any club may be registered
(found by licence, or by name in the club the row names), since registering changes
nothing of him; but new players are created only in the event's club, in clubs the
importer organises, and in clubs the file names that are not stored yet (created
with their players, as before); a row that would add a player to another stored
club is refused. A stored player of a club the importer does not organise is never
modified (a licence the file gives him is not written).
"""

from __future__ import annotations

from typing import Any, BinaryIO

from django.db import transaction
from django.utils.text import slugify

from .. import imports as reading
from ..models import AuditEntry, Club, Event, Player, Registration, Team, audit_text
from ..selectors import access
from ..selectors.access import Actor
from . import audit
from .cache import touch


def _unique_slug(name: str, taken: set[str]) -> str:
    base = (slugify(name) or "club")[:110]
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


def _write(
    rows: list[reading.ImportRow],
    ctx: reading.ImportContext,
    report: reading.ImportReport,
    editable_clubs: frozenset[int] | None,
) -> None:
    """Write the checked rows; `editable_clubs` are the clubs whose stored players
    may be changed (None: any)."""
    event = ctx.event
    new_clubs: dict[Any, Club] = {}
    taken_slugs = set(Club.objects.values_list("slug", flat=True))
    new_players: list[Player] = []
    for row in rows:
        if row.player is not None:
            report.players_matched += 1
            editable = editable_clubs is None or row.player.club_id in editable_clubs
            if row.licence and not row.player.licence and editable:
                row.player.licence = row.licence
                row.player.save(update_fields=["licence"])
                report.licences_added += 1
            continue
        if isinstance(row.club_key, int):
            club_id = row.club_key
        else:
            club = new_clubs.get(row.club_key)
            if club is None:
                club = Club.objects.create(name=row.club, slug=_unique_slug(row.club, taken_slugs))
                new_clubs[row.club_key] = club
                report.clubs_created += 1
            club_id = club.pk
        row.player = Player(club_id=club_id, name=row.name, licence=row.licence)
        new_players.append(row.player)
    Player.objects.bulk_create(new_players)  # sets the pks (PostgreSQL, SQLite >= 3.35)
    report.players_created = len(new_players)

    teams = dict(ctx.teams)
    registrations: list[Registration] = []
    for row in rows:
        assert row.player is not None
        team = None
        if row.team:
            team = teams.get(reading.name_key(row.team))
            if team is None:
                team = teams[reading.name_key(row.team)] = Team.objects.create(
                    event=event, name=row.team
                )
                report.teams_created += 1
        if row.player.pk in ctx.registrations:
            report.already_registered += 1
            if team is not None and ctx.registrations[row.player.pk] is None:
                Registration.objects.filter(event=event, player=row.player).update(team=team)
            continue
        registrations.append(Registration(event=event, player=row.player, team=team))
    Registration.objects.bulk_create(registrations)
    report.registrations_created = len(registrations)


def import_registrations(
    *, by: Actor, event: Event, file: BinaryIO | bytes, filename: str
) -> reading.ImportReport:
    """Register the players listed in a CSV or .xlsx file in `event`.

    Returns a report; when `report.ok` is False, `report.errors` lists every bad
    row and nothing was written. Raises Refused (at "file") when the file itself
    cannot be read (unknown type, no name column, empty), PermissionDenied when `by`
    does not organise the event. An import that wrote is audited with its counts.
    """
    access.require_event(by, event)
    roles = access.viewer(by)
    editable = None if roles.federation else roles.clubs
    creatable = None if editable is None else editable | {event.club_id}
    data = file if isinstance(file, bytes) else file.read()
    rows = reading.parse_file(data, filename)
    report = reading.ImportReport(rows=len(rows))
    with transaction.atomic():
        # Lock the event so two imports into it run one after the other.
        event = Event.objects.select_for_update(no_key=True).select_related("club").get(pk=event.pk)
        ctx = reading.load_context(event, rows, creatable)
        report.errors = sorted(reading.check_rows(rows, ctx), key=lambda e: e.row)
        if report.errors:
            return report
        _write(rows, ctx, report, editable)
        touch(events=[event])
        audit.record(
            by=by,
            club=event.club_id,
            event=event,
            action=AuditEntry.Action.IMPORT,
            target=[audit_text.event_part(event), filename[:200]],
            lines=[
                audit_text.line(
                    "imported",
                    rows=report.rows,
                    registered=report.registrations_created,
                    already=report.already_registered,
                    created=report.players_created,
                    clubs=report.clubs_created,
                    teams=report.teams_created,
                    licences=report.licences_added,
                )
            ],
        )
    return report
