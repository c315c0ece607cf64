"""Who may act on what: the one module that asks the database for the facts and
tournaments.rules.permissions for the answer.

Roles are per club (Membership): an organiser acts on his club's players, events,
seasons and people; a scorekeeper on the tables he is named to. An event may have
guests from other clubs (EventGuest). The federation role (the `federation`
permission, which superusers hold) acts on every club. Selectors, services, views
and the admin all import these checks from here.

A user's roles are read once per request: they are cached on the user object.

In three parts, imported from here: roles.py (the roles and the checks), naming.py
(who reads full names), people.py (whose password link an organiser makes).
"""

from __future__ import annotations

from .naming import NAMER_FIELDS, Namer, full_names, namer, public_names, sees_full_names
from .people import (
    PERSON_REFUSALS,
    may_manage_person,
    people_facts,
    person_refusal,
    person_refusals,
)
from .roles import (
    SYSTEM,
    Actor,
    SystemActor,
    User,
    can_reopen_sheet,
    can_score,
    can_view_sheet,
    forget_roles,
    home_club,
    is_federation,
    is_organiser,
    is_table_scorekeeper,
    organised_clubs,
    organised_events,
    organises_club,
    organises_event,
    remember_scorekeeper,
    require_club,
    require_event,
    scorekeeper_candidates,
    viewer,
)

__all__ = [
    "NAMER_FIELDS",
    "PERSON_REFUSALS",
    "SYSTEM",
    "Actor",
    "Namer",
    "SystemActor",
    "User",
    "can_reopen_sheet",
    "can_score",
    "can_view_sheet",
    "forget_roles",
    "full_names",
    "home_club",
    "is_federation",
    "is_organiser",
    "is_table_scorekeeper",
    "may_manage_person",
    "namer",
    "organised_clubs",
    "organised_events",
    "organises_club",
    "organises_event",
    "people_facts",
    "person_refusal",
    "person_refusals",
    "public_names",
    "remember_scorekeeper",
    "require_club",
    "require_event",
    "scorekeeper_candidates",
    "sees_full_names",
    "viewer",
]
