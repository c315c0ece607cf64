"""A user's roles (read once per request, cached on the user object) and what they
allow: organising clubs and events, keeping score at a table, reopening a sheet."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group, Permission
from django.core.exceptions import PermissionDenied
from django.db import connections, router
from django.db.models import Q, QuerySet

from ...models import (
    AuditEntry,
    Club,
    Event,
    EventGuest,
    Membership,
    Role,
    Round,
    Table,
)
from ...rules import permissions
from ...rules.permissions import PUBLIC, Viewer

User = AbstractBaseUser | AnonymousUser

_CACHE = "_tarot_viewer"


class SystemActor:
    """The site operator acting from the command line (demo data, generated data,
    repairs): not a person, allowed everything, recorded as nobody."""

    is_authenticated = True
    is_anonymous = False
    is_superuser = True
    pk = None
    id = None
    username = "system"

    def has_perm(self, perm: str, obj: Any = None) -> bool:
        return True

    def __str__(self) -> str:
        return self.username


SYSTEM = SystemActor()
Actor = User | SystemActor


def is_federation(user: Actor) -> bool:
    return bool(user.is_authenticated and user.has_perm("tournaments.federation"))


def viewer(user: Actor) -> Viewer:
    """The user's roles as facts (rules.permissions.Viewer); PUBLIC for the anonymous."""
    if not user.is_authenticated:
        return PUBLIC
    cached = getattr(user, _CACHE, None)
    if cached is not None:
        return cached
    # An active superuser holds every permission (ModelBackend), without a query.
    superuser = user.is_superuser and getattr(user, "is_active", True)
    found = Viewer(federation=True) if superuser else _roles(user)
    setattr(user, _CACHE, found)
    return found


def _role_rows(user_id: int) -> list[tuple[int, str]]:
    """(id, kind) rows in one query: clubs organised, events organised as a guest,
    events scored at, the federation permission (his own or a group's).

    Plain SQL, its tables and columns named by the models (a renamed field renames it
    here too), run with the user's id as a parameter: every signed-in request asks it,
    and the ORM compiling the same UNION anew each time was most of a light page's work
    (benchmarks/roles_cpu.py)."""
    alias = router.db_for_read(Membership)
    connection = connections[alias]
    q = connection.ops.quote_name

    def t(model: Any) -> str:
        return q(model._meta.db_table)

    def c(model: Any, field: str) -> str:
        return f"{q(model._meta.db_table)}.{q(model._meta.get_field(field).column)}"

    user_model = get_user_model()
    keeps = Table.scorekeepers.through
    own = user_model.user_permissions.through
    groups = user_model.groups.through
    grants = Group.permissions.through
    ct = Permission._meta.get_field("content_type").related_model
    federation = f"{c(Permission, 'codename')} = %s AND {c(ct, 'app_label')} = %s"
    perm_join = (
        f"INNER JOIN {t(Permission)} ON {{}} = {c(Permission, 'id')} "
        f"INNER JOIN {t(ct)} ON {c(Permission, 'content_type')} = {c(ct, 'id')}"
    )
    sql = " UNION ALL ".join(
        [
            f"SELECT {c(Membership, 'club')}, 'club' FROM {t(Membership)} "
            f"WHERE {c(Membership, 'user')} = %s AND {c(Membership, 'role')} = %s",
            f"SELECT {c(EventGuest, 'event')}, 'event' FROM {t(EventGuest)} "
            f"WHERE {c(EventGuest, 'user')} = %s AND {c(EventGuest, 'role')} = %s",
            f"SELECT {c(Round, 'event')}, 'scored' FROM {t(keeps)} "
            f"INNER JOIN {t(Table)} ON {c(keeps, 'table')} = {c(Table, 'id')} "
            f"INNER JOIN {t(Round)} ON {c(Table, 'round')} = {c(Round, 'id')} "
            f"WHERE {c(keeps, 'user')} = %s",
            f"SELECT {c(own, 'permission')}, 'federation' FROM {t(own)} "
            + perm_join.format(c(own, "permission"))
            + f" WHERE {c(own, 'user')} = %s AND {federation}",
            f"SELECT {c(grants, 'permission')}, 'federation' FROM {t(grants)} "
            f"INNER JOIN {t(groups)} ON {c(grants, 'group')} = {c(groups, 'group')} "
            + perm_join.format(c(grants, "permission"))
            + f" WHERE {c(groups, 'user')} = %s AND {federation}",
        ]
    )
    params: list[int | str] = [
        user_id,
        Role.ORGANISER,
        user_id,
        Role.ORGANISER,
        user_id,
        user_id,
        "federation",
        "tournaments",
        user_id,
        "federation",
        "tournaments",
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _roles(user: Actor) -> Viewer:
    """The federation permission (his own or a group's, as ModelBackend.has_perm reads
    it), clubs organised, events organised as a guest, events with a table he keeps
    score at: one query (a UNION) for the four. (has_perm alone cost two queries on
    every page an organiser or scorekeeper opens, every hand saved included.)"""
    if not getattr(user, "is_active", True) or user.pk is None:
        return PUBLIC
    rows = _role_rows(user.pk)
    found: dict[str, set[int]] = {
        "club": set(),
        "event": set(),
        "scored": set(),
        "federation": set(),
    }
    for pk, kind in rows:
        found[kind].add(pk)
    if found["federation"]:
        return Viewer(federation=True)
    return Viewer(
        clubs=frozenset(found["club"]),
        events=frozenset(found["event"]),
        scored_events=frozenset(found["scored"]),
    )


def forget_roles(user: Actor) -> None:
    """After a role change, so the next check reads the database again."""
    for cached in (_CACHE, _KEEPS):
        if hasattr(user, cached):
            delattr(user, cached)


def is_organiser(user: Actor) -> bool:
    """Organises some club or event (the organiser menu, the organiser pages' door)."""
    return viewer(user).organises_anything


def organises_club(user: Actor, club: Club | int) -> bool:
    club_id = club if isinstance(club, int) else club.pk
    return viewer(user).organises(club_id=club_id)


def organises_event(user: Actor, event: Event) -> bool:
    """His club's organisers, the event's guest organisers and the federation."""
    return viewer(user).organises(club_id=event.club_id, event_id=event.pk)


def require_club(user: Actor, club: Club | int) -> None:
    """For services and views: PermissionDenied unless the user organises the club."""
    if not organises_club(user, club):
        raise PermissionDenied


def require_event(user: Actor, event: Event) -> None:
    """For services and views: PermissionDenied unless the user organises the event."""
    if not organises_event(user, event):
        raise PermissionDenied


def organised_clubs(user: Actor) -> QuerySet[Club]:
    """The clubs the user organises (every club for the federation)."""
    clubs = Club.objects.order_by("name")
    found = viewer(user)
    if found.federation:
        return clubs
    return clubs.filter(pk__in=sorted(found.clubs))


def home_club(user: Actor) -> Club | None:
    """The organiser's own club, the default club of a new event: the only club he is an
    organiser of (a membership, not federation powers), else the club of the last event
    he worked on (his audit trail) among those he organises, else the newest event's
    club among his memberships; None when nothing tells (he chooses). The clubs an
    import creates, or that hold the most players, never count."""
    if not user.is_authenticated:
        return None
    organised = organised_clubs(user).order_by()
    own = list(
        Membership.objects.filter(user=user, role=Role.ORGANISER)
        .order_by("club_id")
        .values_list("club_id", flat=True)[:2]
    )
    if len(own) == 1:
        return organised.filter(pk=own[0]).first()
    last = (
        AuditEntry.objects.filter(user=user, event__isnull=False, club__in=organised)
        .order_by("-at", "-pk")
        .values_list("club_id", flat=True)
        .first()
    )
    if last is None and own:
        own_clubs = Membership.objects.filter(user=user, role=Role.ORGANISER).values("club_id")
        last = (
            Event.objects.filter(club_id__in=own_clubs)
            .order_by("-created_at", "-pk")
            .values_list("club_id", flat=True)
            .first()
        )
    return organised.filter(pk=last).first() if last is not None else None


def organised_events(user: Actor) -> QuerySet[Event]:
    """The events the user organises: his clubs' and those he is a guest organiser of."""
    found = viewer(user)
    if found.federation:
        return Event.objects.all()
    return Event.objects.filter(Q(club_id__in=sorted(found.clubs)) | Q(pk__in=sorted(found.events)))


def scorekeeper_candidates(event: Event) -> QuerySet:
    """Who may be named scorekeeper at the event's tables: its club's people
    (organisers and scorekeepers) and the event's guests."""
    return (
        get_user_model()
        .objects.filter(
            Q(memberships__club_id=event.club_id) | Q(guest_of__event_id=event.pk), is_active=True
        )
        .distinct()
        .order_by("username")
    )


_KEEPS = "_tarot_keeps_score"  # table id -> whether he keeps score there, this request


def is_table_scorekeeper(user: Actor, table: Table) -> bool:
    """One query a table and request: the view's check and the service's after it read
    the answer cached on the user (or the one remember_scorekeeper stored)."""
    if not user.is_authenticated or user.pk is None:
        return False
    known: dict[int, bool] = getattr(user, _KEEPS, None) or {}
    if table.pk not in known:
        known[table.pk] = table.scorekeepers.filter(pk=user.pk).exists()
        setattr(user, _KEEPS, known)
    return known[table.pk]


def remember_scorekeeper(user: Actor, table_id: int, keeps_score: bool) -> None:
    """Whether the user keeps score at the table, read with another query (the lock of
    services.hands.lock_table), for is_table_scorekeeper."""
    if user.is_authenticated and user.pk is not None:
        known: dict[int, bool] = getattr(user, _KEEPS, None) or {}
        known[table_id] = keeps_score
        setattr(user, _KEEPS, known)


def _table_event(table: Table) -> Event:
    return table.round.event


def can_score(user: Actor, table: Table, *, scorekeeper: bool | None = None) -> bool:
    """Scorekeepers of the table, and the event's organisers; nobody once the sheet is
    validated, except an organiser.

    `scorekeeper=True` when the caller already knows the user keeps score at the
    table (a list filtered on it): it saves one query per table.
    """
    if not user.is_authenticated:
        return False
    # An organiser may always: skip the table's and round's queries.
    if organises_event(user, _table_event(table)):
        return permissions.may_score(organiser=True, scorekeeper=False, sheet_closed=False)
    closed = permissions.sheet_closed(
        validated=table.is_validated, round_locked=table.round.status == Round.Status.LOCKED
    )
    # The scorekeeper query only when its answer can change the outcome.
    keeps_score = not closed and (
        scorekeeper if scorekeeper is not None else is_table_scorekeeper(user, table)
    )
    return permissions.may_score(organiser=False, scorekeeper=keeps_score, sheet_closed=closed)


def can_view_sheet(user: Actor, table: Table) -> bool:
    """The sheet (even a validated one) is for its scorekeepers and the event's organisers."""
    organiser = user.is_authenticated and organises_event(user, _table_event(table))
    return permissions.may_view_sheet(
        organiser=organiser, scorekeeper=not organiser and is_table_scorekeeper(user, table)
    )


def can_reopen_sheet(user: Actor, table: Table) -> bool:
    return permissions.may_reopen_sheet(
        organiser=user.is_authenticated and organises_event(user, _table_event(table))
    )
