"""Writes for a club's players: create and change them, and the public name style.

Every function first checks that the acting person (`by`) organises the player's club
(selectors.access; PermissionDenied before any write), then refuses (Refused at the
field) two players of one club with one name or two players with one licence.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from ..errors import Refused
from ..models import AuditEntry, Club, Player, audit_text
from ..rules.names import NameStyle, clean_name, name_skeleton
from ..selectors import access
from ..selectors.access import Actor
from . import audit
from .cache import touch_players


def _checked(
    *,
    club: Club,
    name: str,
    licence: str,
    style: str,
    exclude_pk: int | None,
    another_person: bool = False,
) -> tuple[str, str]:
    """The name cleaned (rules.names.clean_name: "Anne  Dupont" is "Anne Dupont") and
    the licence stripped, once they clash with no other player and the name style is
    known. A name that only looks like another player's is refused until the organiser
    says it is `another_person`."""
    name, licence = clean_name(name), licence.strip()
    others = Player.objects.exclude(pk=exclude_pk) if exclude_pk else Player.objects.all()
    # Names compare case-insensitively: "anne" and "Anne" on one sheet would be unreadable.
    if others.filter(club=club, name__iexact=name).exists():
        raise Refused(_("This club already has a player with this name."), field="name")
    if not another_person:
        lookalike = _lookalike(others.filter(club=club), name)
        if lookalike is not None:
            raise Refused(
                _(
                    "This name looks like %(name)s, already a player of this club. If it "
                    "is another person, tick “Another person” and save again."
                )
                % {"name": lookalike},
                field="name",
                code="lookalike",
            )
    # The licence is unique across clubs: the FFT gives each player one number.
    if licence and others.filter(licence=licence).exists():
        raise Refused(_("A player with this licence number already exists."), field="licence")
    if style not in {s.value for s in NameStyle}:
        raise Refused(_("Choose how the name appears."), field="public_name_style")
    return name, licence


def _lookalike(players: QuerySet[Player], name: str) -> str | None:
    """The name of a player who reads like `name` once look-alike characters are
    folded (rules.names.name_skeleton): a Greek, Cyrillic or full-width letter, or an
    invisible one, would otherwise make a second "Bruno Petit". The club's names are
    read and folded here, a few thousand at most (cheap next to the save)."""
    skeleton = name_skeleton(name)
    for other in players.values_list("name", flat=True).iterator(chunk_size=2000):
        if name_skeleton(other) == skeleton:
            return other
    return None


@transaction.atomic
def create_player(
    *,
    by: Actor,
    club: Club,
    name: str,
    licence: str = "",
    active: bool = True,
    public_name_style: str | None = None,
    another_person: bool = False,
) -> Player:
    """A player of `club`; `public_name_style` None keeps the default (full name);
    `another_person` when the organiser confirmed a name that looks like another's."""
    access.require_club(by, club)
    style = public_name_style or NameStyle.FULL.value
    name, licence = _checked(
        club=club,
        name=name,
        licence=licence,
        style=style,
        exclude_pk=None,
        another_person=another_person,
    )
    try:
        with transaction.atomic():
            return Player.objects.create(
                club=club, name=name, licence=licence, active=active, public_name_style=style
            )
    except IntegrityError as exc:  # a concurrent save won the race past the check above
        raise Refused(_("This player was just created by someone else.")) from exc


@transaction.atomic
def update_player(
    *,
    by: Actor,
    player: Player,
    name: str,
    licence: str = "",
    active: bool = True,
    public_name_style: str | None = None,
    another_person: bool = False,
) -> Player:
    """Change a player; `public_name_style` None keeps his choice. The club sets the
    public name on the player's request: the change is audited."""
    access.require_club(by, player.club_id)
    old_style = player.public_name_style
    style = public_name_style or old_style
    name, licence = _checked(
        club=player.club,
        name=name,
        licence=licence,
        style=style,
        exclude_pk=player.pk,
        # A name kept as it was is not asked about again (a licence added, say).
        another_person=another_person or clean_name(name) == player.name,
    )
    player.name, player.licence, player.active = name, licence, active
    player.public_name_style = style
    try:
        with transaction.atomic():
            player.save(update_fields=["name", "licence", "active", "public_name_style"])
    except IntegrityError as exc:
        raise Refused(_("Another player was just saved with this name or licence.")) from exc
    touch_players([player])  # his name is on his events' pages
    if style != old_style:
        audit.record(
            by=by,
            club=player.club_id,
            action=AuditEntry.Action.PUBLIC_NAME,
            target=player.name,
            lines=[audit_text.line("public_name", style=audit_text.value("name_style", style))],
        )
    return player
