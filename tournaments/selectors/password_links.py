"""The token of a one-time password link, tied to the person's roles.

Django's reset token dies once the password is set or the person logs in. A link an
organiser made must also die when the person leaves the club or his roles change:
the link was handed over for the account as it was then (a scorekeeper of this club),
and an organiser who has just removed him must not leave a live way into it behind.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import Permission
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.db.models import Q

from ..models import EventGuest, Membership


def roles_digest(user: AbstractBaseUser) -> str:
    """A digest of every role the person holds: his (club, role) memberships, his
    (event, role) guest places, his permissions (the federation role is one) and the
    back-office flags. Any change of one changes the digest; the order the rows come
    back in does not."""
    clubs = sorted(Membership.objects.filter(user_id=user.pk).values_list("club_id", "role"))
    guests = sorted(EventGuest.objects.filter(user_id=user.pk).values_list("event_id", "role"))
    granted = Permission.objects.filter(Q(user=user.pk) | Q(group__user=user.pk))
    permissions = sorted(set(granted.values_list("content_type__app_label", "codename")))
    flags = (bool(getattr(user, "is_staff", False)), bool(getattr(user, "is_superuser", False)))
    text = repr((clubs, guests, permissions, flags))
    return hashlib.sha256(text.encode()).hexdigest()


class RoleBoundTokenGenerator(PasswordResetTokenGenerator):
    """Django's reset token (password, last login, e-mail, age) plus the person's
    roles: the same person with other roles no longer matches the hash."""

    def _make_hash_value(self, user: AbstractBaseUser, timestamp: int) -> str:
        return super()._make_hash_value(user, timestamp) + roles_digest(user)


# One instance for the link's maker and its checker alike (services.people, the
# reset views in tarot_club.urls): two generators would never agree on a token.
password_link_tokens = RoleBoundTokenGenerator()
