"""Who acts for which club: memberships and an event's guests (their roles)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .clubs import Club
from .events import Event


class Role(models.TextChoices):
    ORGANISER = "organiser", _("organiser")
    SCOREKEEPER = "scorekeeper", _("scorekeeper")


class Membership(models.Model):
    """A person's role in one club. Organisers run the club's events, players and
    people; scorekeepers keep score at the tables they are named to."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="memberships",
    )
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["club", "user__username"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="membership_once_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.club} ({self.get_role_display()})"


class EventGuest(models.Model):
    """A person of another club lent to one event: a guest scorekeeper may be named to
    its tables; a guest organiser runs this event (not its club's others)."""

    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="guests"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="guest_of",
    )
    role = models.CharField(
        _("role"), max_length=20, choices=Role.choices, default=Role.SCOREKEEPER
    )

    class Meta:
        ordering = ["event", "user__username"]
        verbose_name = _("event guest")
        verbose_name_plural = _("event guests")
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="guest_once_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.event} ({self.get_role_display()})"
