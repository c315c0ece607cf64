"""One-time submission keys: a form posted twice writes once.

Every writing form carries a fresh key (templatetags.submissions). `once` claims
the key by inserting it, in the same transaction as the write, and stores the
answer the write gave (where to go next, what to say). The unique key is the
guarantee: on PostgreSQL a second insert of the same key waits for the first
transaction and then fails; on SQLite transactions begin IMMEDIATE, so the
second post waits at BEGIN and then finds the key. Either way the second post
gets the first one's answer, and writes nothing.

A write that fails (a form error, a conflict, a refusal) raises, which rolls the
claim back with it: the key is not burnt, and the corrected form posts it again.

A post without a key (a page cached before keys existed, a script) is written as
before, without this protection. A key already claimed by another user, or by
another form, gets none of their answer: the post is written as if it had no key.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from ..models import Submission

User = AbstractBaseUser | AnonymousUser

FIELD = "submission_key"
KEEP = timedelta(days=30)
SUCCESS = 25  # django.contrib.messages.SUCCESS, kept here so services need no messages


@dataclass(frozen=True)
class Outcome:
    """The answer to a write: where the browser goes next and the message it shows there.

    `data` holds what a page that answers in place (the import report) needs to be
    shown again. `replayed` is True when this is the stored answer to an earlier post.
    """

    redirect_url: str = ""
    message: str = ""
    level: int = SUCCESS
    data: dict[str, Any] = field(default_factory=dict)
    replayed: bool = False


def parse_key(value: object) -> uuid.UUID | None:
    """The key a form posted, or None when there is none or it is not a UUID."""
    if not isinstance(value, str) or not value:
        return None
    try:
        return uuid.UUID(value)
    except ValueError:
        return None


def posted_key(data: Mapping[str, Any]) -> uuid.UUID | None:
    return parse_key(data.get(FIELD))


def _user_id(user: User | None) -> int | None:
    return user.pk if user is not None and user.is_authenticated else None


def _answer_for(row: Submission | None, user_id: int | None, action: str) -> Outcome | None:
    if row is None or user_id is None or row.user_id != user_id or row.action != action:
        return None
    return Outcome(
        redirect_url=row.redirect_url,
        message=row.message,
        level=row.message_level,
        data=row.data or {},
        replayed=True,
    )


def recorded(key: uuid.UUID | None, *, user: User | None, action: str) -> Outcome | None:
    """The answer already stored for `key`, when this user posted it for this action.

    A cheap look before the view reads anything: the second tap of a delete must
    not fall on the 404 of the hand the first tap deleted.
    """
    if key is None:
        return None
    return _answer_for(Submission.objects.filter(key=key).first(), _user_id(user), action)


def once(
    key: uuid.UUID | None,
    *,
    user: User | None,
    action: str,
    write: Callable[[], Outcome],
) -> Outcome:
    """Run `write` and store its answer under `key`; give the stored answer if the key
    was already used by this user for this action. One transaction for both."""
    user_id = _user_id(user)
    with transaction.atomic():
        if key is None or user_id is None:
            return write()
        try:
            # A savepoint: the failed insert must leave the transaction usable.
            with transaction.atomic():
                claim = Submission.objects.create(key=key, user_id=user_id, action=action)
        except IntegrityError:
            first = _answer_for(Submission.objects.filter(key=key).first(), user_id, action)
            return first if first is not None else write()
        outcome = write()
        claim.redirect_url = outcome.redirect_url
        claim.message = str(outcome.message)
        claim.message_level = outcome.level
        claim.data = outcome.data
        claim.save(update_fields=["redirect_url", "message", "message_level", "data"])
        return outcome


def purge(*, older_than: timedelta = KEEP) -> int:
    """Forget the keys older than `older_than`; returns how many were deleted.

    A key is only needed while its form can still be posted again: a double tap,
    a re-sent form, a page kept open over a weekend.
    """
    deleted, _ = Submission.objects.filter(created_at__lt=timezone.now() - older_than).delete()
    return deleted
