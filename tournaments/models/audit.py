"""The audit trail: one organiser action a line, put into words when read
(models.audit_text), in the reader's language."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy as _

from .audit_text import render_lines, render_target
from .clubs import Club
from .events import Event


class AuditEntry(models.Model):
    """One organiser action, kept for the club's organisers to read: who, when, what.

    The acting user's name is copied so the line still reads after the account goes.
    """

    class Action(models.TextChoices):
        PUBLISH = "publish", _("published")
        UNPUBLISH = "unpublish", _("unpublished")
        VALIDATE = "validate", _("sheet validated")
        REOPEN = "reopen", _("sheet reopened")
        RULES = "rules", _("rules changed")
        SEATING = "seating", _("seating changed")
        IMPORT = "import", _("players imported")
        ROLE = "role", _("role changed")
        PASSWORD = "password", _("password reset link made")
        PUBLIC_NAME = "public_name", _("public name changed")
        ACCOUNT = "account", _("player's account linked")
        DELETE = "delete", _("deleted")
        RULING = "ruling", _("arbiter's ruling")
        DEAL_REFUSED = "deal_refused", _("result refused by the board's deal")
        PENALTY = "penalty", _("penalty")

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="audit_entries"
    )
    event = models.ForeignKey(
        Event,
        verbose_name=_("event"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    username = models.CharField(_("by"), max_length=150, blank=True)
    at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    target = models.CharField(_("what"), max_length=300)
    detail = models.TextField(_("detail"), blank=True)
    # What happened as a code with its data (models.audit_text), put into words when
    # read, in the reader's language. A line without a code is older than the codes and
    # could not be parsed (migration 0015): it reads as stored, in `target` and `detail`.
    code = models.CharField(_("code"), max_length=40, blank=True)
    data = models.JSONField(_("data"), default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit trail")
        indexes = [models.Index(fields=["club", "-at"], name="audit_club_recent")]

    def __str__(self) -> str:
        when = date_format(localtime(self.at), "SHORT_DATETIME_FORMAT")
        return f"{when} {self.username} {self.get_action_display()} {self.what}"

    @property
    def what(self) -> str:
        """The target in the reader's language (as stored for a line without a code)."""
        if self.code and "target" in self.data:
            return render_target(self.data["target"])
        return self.target

    @property
    def details(self) -> str:
        """What changed, in the reader's language (as stored for a line without a code)."""
        if self.code:
            return render_lines(self.data.get("lines", ()))
        return self.detail
