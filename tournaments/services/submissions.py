"""One-time submission keys: a form posted twice writes once.

Every writing form carries a fresh key (templatetags.submissions). `once` runs the
write and claims the key with the answer the write gave (where to go next, what to
say), in the same transaction. The unique key is the guarantee: on PostgreSQL a
second insert of the same key waits for the first transaction and then finds it
taken; on SQLite transactions begin IMMEDIATE, so the second post waits at BEGIN
and then finds the key. Either way the second post undoes its own write and gets
the first one's answer.

A write that fails (a form error, a conflict, a refusal) raises before the claim:
the key is not burnt, and the corrected form posts it again.

A post without a key (a page cached before keys existed, a script) is written as
before, without this protection. A key already claimed by another user, or by
another form, gets none of their answer: the post is written as if it had no key.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import OperationalError, transaction
from django.utils import timezone

from ..models import Submission

User = AbstractBaseUser | AnonymousUser

logger = logging.getLogger(__name__)

FIELD = "submission_key"
# PostgreSQL's deadlock_detected and serialization_failure: the transaction was undone
# whole and may simply run again (RETRIES runs in all).
RETRYABLE_STATES = {"40P01", "40001"}
RETRIES = 3
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


class Replayed(Exception):
    """This post's key was used first by the same user for the same form: the write this
    post did is undone and the first answer given (inside `once`)."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.redirect_url)
        self.outcome = outcome


def once(
    key: uuid.UUID | None,
    *,
    user: User | None,
    action: str,
    write: Callable[[], Outcome],
) -> Outcome:
    """Run `write` and store its answer under `key`; give the stored answer if the key
    was already used by this user for this action. One transaction for both.

    The key is claimed after the write, with its answer, in one statement that does
    nothing when the key is taken (INSERT ... ON CONFLICT DO NOTHING): a write refused
    before it writes anything leaves the key unclaimed with no savepoint, and a post
    that finds its key taken by its own first post undoes its write. Two statements
    and a savepoint fewer than claiming first (a hand is saved in at most 12 queries).
    A write refused because the same post was answered meanwhile (the
    second tap of an edit finds a newer version) gets that answer too.
    """
    attempts = 1 if transaction.get_connection().in_atomic_block else RETRIES
    for attempt in range(1, attempts + 1):
        try:
            return _once(key, user=user, action=action, write=write)
        except OperationalError as error:
            # A write whose transaction the database chose to abort (two writers
            # waiting for each other's rows, as an organiser's change to a table and
            # a save at it can): undone whole, so it is run again, as the scorekeeper's
            # second tap would, instead of answering a 500. Not inside a caller's own
            # transaction: that one is broken and only its owner may start again.
            if attempt == attempts or not retryable(error):
                raise
            logger.warning("Write %s aborted by the database (%s): run again", action, error)
    raise AssertionError("unreachable")  # the loop returns or raises


def retryable(error: BaseException) -> bool:
    """Whether the database aborted the transaction to break a deadlock, or as a
    serialization failure: errors that running the same transaction again resolves."""
    return getattr(error.__cause__, "sqlstate", None) in RETRYABLE_STATES


def _once(
    key: uuid.UUID | None,
    *,
    user: User | None,
    action: str,
    write: Callable[[], Outcome],
) -> Outcome:
    user_id = _user_id(user)
    try:
        with transaction.atomic():
            outcome = write()
            if key is None or user_id is None or _claim(key, user_id, action, outcome):
                return outcome
            first = _answer_for(Submission.objects.filter(key=key).first(), user_id, action)
            if first is None:
                return outcome  # another user's or form's key: written as if it had none
            raise Replayed(first)  # undoes this post's write
    except Replayed as replayed:
        return replayed.outcome
    except Exception:
        first = recorded(key, user=user, action=action)
        if first is not None:
            return first
        raise


def _claim(key: uuid.UUID, user_id: int, action: str, outcome: Outcome) -> bool:
    """Store the key with its answer unless it is taken; whether it was stored."""
    connection = transaction.get_connection()
    meta = Submission._meta
    values = {
        "key": key,
        "user_id": user_id,
        "action": action,
        "created_at": timezone.now(),
        "redirect_url": outcome.redirect_url,
        "message": str(outcome.message),
        "message_level": outcome.level,
        "data": outcome.data,
    }
    fields = [meta.get_field(name) for name in values]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in fields)
    params = [
        field.get_db_prep_save(value, connection)
        for field, value in zip(fields, values.values(), strict=True)
    ]
    placeholders = ", ".join(["%s"] * len(fields))
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({placeholders}) "
        f"ON CONFLICT ({quote(meta.get_field('key').column)}) DO NOTHING RETURNING {quote('id')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone() is not None


def purge(*, older_than: timedelta = KEEP) -> int:
    """Forget the keys older than `older_than`; returns how many were deleted.

    A key is only needed while its form can still be posted again: a double tap,
    a re-sent form, a page kept open over a weekend.
    """
    deleted, _ = Submission.objects.filter(created_at__lt=timezone.now() - older_than).delete()
    return deleted
