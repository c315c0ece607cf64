"""What may be done to a table once it is seated (pure: no Django)."""

from __future__ import annotations


def may_delete_table(*, hand_count: int) -> bool:
    """A table with hands is the record of what was played (its hands and their score
    rows would go with it): it is never deleted; an empty one may be."""
    return hand_count == 0
