"""Organiser lists (registrations, tournaments, seasons) and a player's events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import django_tables2 as tables
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .common import LINK, NUMBER, PER_PAGE, PHONE_HIDDEN, TABLET_UP, FramedTable, ScoreColumn

if TYPE_CHECKING:  # a lazy translation of a str, as django-stubs types gettext_lazy
    from django_stubs_ext import StrPromise

# A tournament's entrants: a big open tournament has a few hundred.
REGISTRATIONS_PER_PAGE = 100


class RegistrationTable(tables.Table):
    """A tournament's registrations (models.Registration with player, club and team),
    withdrawn entrants greyed; sortable by player, licence, club or team."""

    player = tables.Column(
        verbose_name=gettext_lazy("Player"),
        accessor="player__name",
        order_by=("player__sort_key", "pk"),  # French order (rules.collation)
        linkify=lambda record: record.player.get_absolute_url(),
        attrs=LINK,
    )
    licence = tables.Column(
        verbose_name=gettext_lazy("Licence"),
        accessor="player__licence",
        default="—",
        attrs=PHONE_HIDDEN,
    )
    club = tables.Column(verbose_name=gettext_lazy("Club"), accessor="player__club__name")
    team = tables.Column(verbose_name=gettext_lazy("Team"), accessor="team__name", default="—")
    present = tables.TemplateColumn(
        verbose_name=gettext_lazy("Present"),
        template_name="tournaments/tournament/_registration_present.html",
        orderable=False,
        empty_values=(),
    )

    class Meta:
        attrs = {"class": "table table-striped align-middle", "id": "registrations"}
        row_attrs = {"class": lambda record: None if record.present else "text-body-secondary"}
        empty_text = gettext_lazy("No player is registered yet.")
        per_page = REGISTRATIONS_PER_PAGE

    def __init__(self, data: Any, *, teams: bool, **kwargs: Any) -> None:
        super().__init__(data, exclude=() if teams else ("team",), **kwargs)


def _draft_name(verbose_name: str | StrPromise, linkify: Any) -> tables.TemplateColumn:
    """An event's or a season's name in bold, a draft badged
    (templates/tables/cells/draft_name.html), linked to its page."""
    return tables.TemplateColumn(
        template_name="tables/cells/draft_name.html",
        verbose_name=verbose_name,
        accessor="name",
        linkify=linkify,
        attrs=LINK,
    )


class _DraftsListed(tables.Table):
    """An organiser's list of events or seasons (with their club): drafts badged."""

    club = tables.Column(verbose_name=gettext_lazy("Club"), accessor="club__name", attrs=TABLET_UP)

    class Meta:
        sequence = ("...", "club")
        per_page = PER_PAGE


class TournamentTable(_DraftsListed):
    """The organiser's tournaments (models.Event with its club), newest first."""

    name = _draft_name(gettext_lazy("Tournament"), lambda record: record.get_manage_url())
    kind = tables.Column(verbose_name=gettext_lazy("Kind"), attrs=TABLET_UP)
    date = tables.DateColumn(verbose_name=gettext_lazy("Date"), format="DATE_FORMAT")

    class Meta(_DraftsListed.Meta):
        attrs = {"class": "table table-striped align-middle", "id": "tournaments"}
        empty_text = gettext_lazy("No tournament yet.")


class SeasonTable(_DraftsListed):
    """The organiser's season challenges (models.Season with its club)."""

    name = _draft_name(gettext_lazy("Season"), True)
    start = tables.DateColumn(verbose_name=gettext_lazy("From"), format="SHORT_DATE_FORMAT")
    end = tables.DateColumn(verbose_name=gettext_lazy("To"), format="SHORT_DATE_FORMAT")

    class Meta(_DraftsListed.Meta):
        attrs = {"class": "table table-striped align-middle", "id": "seasons"}
        empty_text = gettext_lazy("No season yet.")


class PlayerEventsTable(FramedTable):
    """A player's events, newest first (selectors.stats event rows). The page of events
    also drives the chart and the event picker, so the view paginates, not this table.
    Its cells are written in templates/tables/player_events.html."""

    # The event's link and its date under it (templates/tables/cells/player_event.html).
    name = tables.TemplateColumn(
        template_name="tables/cells/player_event.html", verbose_name=gettext_lazy("Event")
    )
    hands = tables.Column(verbose_name=gettext_lazy("Hands"), attrs=NUMBER)
    total = ScoreColumn(verbose_name=gettext_lazy("Score"))
    rank = tables.Column(
        verbose_name=gettext_lazy("Rank"),
        attrs={"th": {"class": "text-end"}, "td": {"class": "text-end text-nowrap"}},
    )

    class Meta:
        attrs = {"class": "table table-striped align-middle", "id": "player-events"}
        orderable = False
        template_name = "tables/player_events.html"

    def render_rank(self, record: Any) -> str:
        return _("%(rank)s of %(size)s") % {"rank": record.rank, "size": record.field_size}


class ImportErrorTable(tables.Table):
    """What an import refused, row by row: (row, column, problem) tuples, in file order."""

    row = tables.Column(verbose_name=gettext_lazy("Row"), accessor="0", attrs=NUMBER)
    column = tables.Column(verbose_name=gettext_lazy("Column"), accessor="1")
    problem = tables.Column(verbose_name=gettext_lazy("Problem"), accessor="2")

    class Meta:
        attrs = {"class": "table table-sm align-middle", "id": "import-errors"}
        orderable = False
