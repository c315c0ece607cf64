"""Clubs, their players and their season challenges."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from ..rules.collation import sort_key
from ..rules.names import NameStyle
from .collation import by_name


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    slug = models.SlugField(_("slug"), max_length=120, unique=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        # The federation role: sees and manages every club (superusers hold it too).
        permissions = [("federation", _("Can manage every club"))]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="players"
    )
    name = models.CharField(_("name"), max_length=120)
    licence = models.CharField(
        _("FFT licence number"), max_length=20, blank=True, help_text=_("Optional.")
    )
    active = models.BooleanField(_("active"), default=True)
    # How the player appears on public pages (rules.names); organisers and the
    # scorekeepers of his events still see the full name.
    public_name_style = models.CharField(
        _("public name"),
        max_length=20,
        choices=[
            (NameStyle.FULL.value, _("full name")),
            (NameStyle.FIRST_INITIAL.value, _("first name and initial")),
            (NameStyle.INITIALS.value, _("initials")),
        ],
        default=NameStyle.FULL.value,
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )

    class Meta:
        # French order (rules.collation): "Élodie" before "Zoé"; pk breaks exact ties.
        ordering = [by_name(), "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["licence"],
                condition=~models.Q(licence=""),
                name="player_licence_unique",
                violation_error_message=_("A player with this licence number already exists."),
            ),
            models.UniqueConstraint(
                fields=["club", "name"],
                name="player_name_unique_in_club",
                violation_error_message=_("This club already has a player with this name."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player_public", args=[self.pk])

    @property
    def sort_key(self) -> tuple[tuple[int, ...], str]:
        """The name's key in French order, for sorts in Python (tables of lists)."""
        return sort_key(self.name)


class Season(models.Model):
    """A club's season challenge: its events between two dates, best N results counted."""

    class Mode(models.TextChoices):
        PLACES = "places", _("points by finishing place")
        TOTALS = "totals", _("raw totals")

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(_("name"), max_length=120)
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))
    mode = models.CharField(_("counting"), max_length=10, choices=Mode.choices, default=Mode.PLACES)
    scale = models.CharField(
        _("points scale"),
        max_length=200,
        default="25,20,16,13,11,10,9,8,7,6,5,4,3,2,1",
        help_text=_("Points for 1st, 2nd, 3rd... place, separated by commas."),
    )
    best_n = models.PositiveSmallIntegerField(
        _("results counted"),
        default=10,
        help_text=_("Each player's best N events count; 0 counts them all."),
    )
    published = models.BooleanField(_("published"), default=False)

    class Meta:
        ordering = ["club", "-start"]
        verbose_name = _("season challenge")
        verbose_name_plural = _("season challenges")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("season_detail", args=[self.pk])
