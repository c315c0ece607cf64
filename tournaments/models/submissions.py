"""Posted forms remembered by their one-time key."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Submission(models.Model):
    """One posted form, by its one-time key: the answer the first post got.

    A double tap or a re-sent form posts the same key again; the write is not
    repeated and the stored answer is given instead (services.submissions).
    """

    key = models.UUIDField(_("key"), unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    action = models.CharField(_("action"), max_length=100)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)
    redirect_url = models.CharField(_("redirect URL"), max_length=500, blank=True)
    message = models.TextField(_("message"), blank=True)
    message_level = models.PositiveSmallIntegerField(_("message level"), default=25)
    data = models.JSONField(_("data"), default=dict, blank=True)

    class Meta:
        verbose_name = _("form submission")
        verbose_name_plural = _("form submissions")

    def __str__(self) -> str:
        return f"{self.action} {self.key}"
