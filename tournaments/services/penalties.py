"""The arbiter's penalties of a duplicate event (models.Penalty): given and withdrawn
by an organiser of the event's club, each audited, each changing the places stored
for the event's players (services.results) and the event's pages (services.cache).
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import Refused
from ..models import AuditEntry, Board, Event, Penalty, Player, Registration, Seat, Team, audit_text
from ..selectors import access
from ..selectors.access import Actor
from . import audit
from .audit import Target
from .cache import touch
from .results import refresh_event_results

# The largest penalty: a whole board's percentage, or a generous number of points
# (a garde contre's chelem is worth about 1,000 to a defender).
MAX_PERCENT = Decimal(100)
MAX_POINTS = Decimal(5000)


def _target(penalty: Penalty) -> list[Target]:
    """The event, the holder's name as typed, and the board if the penalty has one."""
    holder = penalty.player or penalty.team
    where: list[Target] = [audit_text.event_part(penalty.event), holder.name if holder else ""]
    if penalty.board is not None:
        where.append(audit_text.value("board", penalty.board.number))
    return where


def _changed(event: Event) -> None:
    # No board's comparison changes; every place may.
    refresh_event_results(event_id=event.pk, player_ids=(), boards=())
    touch(events=[event.pk])


@transaction.atomic
def give_penalty(
    *,
    by: Actor,
    event: Event,
    amount: Decimal,
    reason: str,
    player: Player | None = None,
    team: Team | None = None,
    board: Board | None = None,
) -> Penalty:
    """A penalty of `amount` (the comparison's unit: percent of a board, or points) to
    `player` or, in a team match, to `team`, on `board` or (None) on the event."""
    access.require_event(by, event)
    event = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
    if event.kind != Event.Kind.DUPLICATE:
        raise Refused(_("Penalties belong to duplicate events."))
    if (player is None) == (team is None):
        raise Refused(_("Choose a player or a team."), field="player")
    if player is not None and not (
        Registration.objects.filter(event=event, player=player).exists()
        or Seat.objects.filter(table__round__event=event, player=player).exists()
    ):
        raise Refused(_("This player does not play this event."), field="player")
    if team is not None:
        if not event.team_match:
            raise Refused(
                _("Only a team match penalises a team: penalise one of its members."),
                field="team",
            )
        if team.event_id != event.pk:
            raise Refused(_("This team does not play this event."), field="team")
    if board is not None and board.event_id != event.pk:
        raise Refused(_("This board is not one of this event's."), field="board")
    ceiling = MAX_POINTS if event.comparison == Event.Comparison.DIFFERENCE else MAX_PERCENT
    if amount <= 0:
        raise Refused(_("A penalty is more than zero."), field="amount")
    if amount > ceiling:
        raise Refused(_("A penalty is at most %(ceiling)s.") % {"ceiling": ceiling}, field="amount")
    reason = reason.strip()
    if not reason:
        raise Refused(_("Say why: the reason is printed with the penalty."), field="reason")
    penalty = Penalty.objects.create(
        event=event,
        board=board,
        player=player,
        team=team,
        amount=amount,
        reason=reason,
        given_by=by if isinstance(by, User) else None,
    )
    audit.record_event(
        by=by,
        event=event,
        action=AuditEntry.Action.PENALTY,
        target=_target(penalty),
        lines=[audit_text.line("penalty_given", amount=str(amount), reason=reason)],
    )
    _changed(event)
    return penalty


@transaction.atomic
def withdraw_penalty(*, by: Actor, penalty: Penalty) -> None:
    """The penalty withdrawn (a second withdrawal finds nothing and writes nothing)."""
    event = penalty.event
    access.require_event(by, event)
    event = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
    target = _target(penalty)
    deleted, _count = Penalty.objects.filter(pk=penalty.pk).delete()
    if not deleted:
        return
    audit.record_event(
        by=by,
        event=event,
        action=AuditEntry.Action.PENALTY,
        target=target,
        lines=[
            audit_text.line("penalty_withdrawn", amount=str(penalty.amount), reason=penalty.reason)
        ],
    )
    _changed(event)
