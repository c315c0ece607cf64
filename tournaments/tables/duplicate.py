"""A duplicate event's public tables: the ranking by session percentage (or difference
from the average) and the team ranking (selectors.duplicate_ranking's rows, in its
order: rankings are not orderable)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import django_tables2 as tables
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy

from ..models.duplicate import ORIENTATION_LETTERS, ORIENTATIONS, orientation_letter
from .common import NUMBER, TABLET_UP, WIDE_ONLY

STRIPED = "table table-striped align-middle"
RESULT = {"th": {"class": "text-end"}, "td": {"class": "text-end fw-bold result"}}


def result_label(average: bool) -> str:
    """The result's heading: a difference from the average, or a percentage."""
    return gettext("Difference") if average else "%"


def shown_result(value: Decimal | None, *, average: bool = False) -> str:
    """Two decimals in the page's language; a difference carries its sign."""
    if value is None:
        return "—"
    shown = floatformat(value, 2)
    return f"+{shown}" if average and value > 0 else shown


class DuplicateRankingTable(tables.Table):
    """The players of a duplicate event (DuplicateRow), by rank; unranked rows blank."""

    rank = tables.Column(
        verbose_name=gettext_lazy("Rank"),
        attrs={"th": {"class": "text-end"}, "td": {"class": "text-end rank"}},
        empty_values=(),
    )
    name = tables.Column(verbose_name=gettext_lazy("Player"))
    detail = tables.Column(attrs=TABLET_UP, empty_values=())
    result = tables.Column(attrs=RESULT, empty_values=())
    # Every board the result is computed on, whoever reads: the count is the result's
    # basis, not the boards this reader may open (DuplicateRow.board_count).
    boards = tables.Column(
        verbose_name=gettext_lazy("Boards"), accessor="board_count", attrs=WIDE_ONLY
    )

    class Meta:
        attrs = {"class": STRIPED, "id": "duplicate-ranking"}
        row_attrs = {"data-player": lambda record: record.player_id}
        orderable = False
        empty_text = gettext_lazy("No player yet.")

    def __init__(self, rows: Sequence[Any], *, event: Any, average: bool) -> None:
        super().__init__(rows)
        self.event, self.average = event, average
        detail = gettext_lazy("Team") if event.team_size else gettext_lazy("Club")
        self.columns["detail"].column.verbose_name = detail
        self.columns["result"].column.verbose_name = result_label(average)

    def render_rank(self, record: Any) -> str:
        return "" if record.result is None else str(record.rank)

    def render_name(self, record: Any, value: str) -> str:
        url = reverse("duplicate_player", args=[self.event.pk, record.player_id])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_detail(self, record: Any) -> str:
        return (record.team or "—") if self.event.team_size else record.club

    def render_result(self, value: Decimal | None) -> str:
        return shown_result(value, average=self.average)

    def render_boards(self, value: int) -> int:
        return value


class DuplicateTeamTable(tables.Table):
    """The teams of a duplicate event (selectors.duplicate_ranking.DuplicateTeamRow), by rank."""

    rank = tables.Column(verbose_name=gettext_lazy("Rank"), attrs=NUMBER, empty_values=())
    name = tables.Column(verbose_name=gettext_lazy("Team"))
    members = tables.Column(verbose_name=gettext_lazy("Players"), attrs={"td": {"class": "small"}})
    result = tables.Column(
        attrs={"th": {"class": "text-end"}, "td": {"class": "text-end fw-bold"}}, empty_values=()
    )

    class Meta:
        attrs = {"class": STRIPED, "id": "team-ranking"}
        orderable = False

    def __init__(self, rows: Sequence[Any], *, average: bool) -> None:
        super().__init__(rows)
        self.columns["result"].column.verbose_name = result_label(average)

    def render_rank(self, record: Any) -> str:
        return "" if record.result is None else str(record.rank)  # no member has a result

    def render_members(self, value: list[Any]) -> str:
        return ", ".join(member.name for member in value)

    def render_result(self, value: Decimal | None) -> str:
        return shown_result(value)


# Each cell of a traveller from a template file (the loader keeps it compiled): a
# template_code column compiles its code again for every cell (django-tables2's
# TemplateColumn), 180 compilations for a 30-table traveller.
_CELL = "tournaments/duplicate/_traveller_cell.html"


def _orientation_cell(index: int, letter: str) -> tables.TemplateColumn:
    return tables.TemplateColumn(
        template_name=_CELL,
        extra_context={"orientation": index},
        verbose_name=orientation_letter(index),
        # data-label: the reader's letter, which a phone prints before each cell once the
        # table is stacked (site.css): the header row is hidden there.
        attrs={
            "td": {
                "class": "cell",
                "data-orientation": letter,
                "data-label": orientation_letter(index),
            }
        },
        empty_values=(),
    )


class TravellerTable(tables.Table):
    """A board's traveller (selectors.duplicate.Line), table by table: the contract,
    its bonuses (petit au bout, poignées, chelem) and each orientation's player, marque
    and compared result."""

    table_number = tables.Column(verbose_name=gettext_lazy("Table"))
    contract = tables.TemplateColumn(
        verbose_name=gettext_lazy("Contract"),
        template_name="tournaments/duplicate/_traveller_contract.html",
        attrs={"td": {"class": "small contract", "data-label": gettext_lazy("Contract")}},
        empty_values=(),
    )
    bonuses = tables.TemplateColumn(
        verbose_name=gettext_lazy("Bonuses"),
        template_name="tournaments/duplicate/_traveller_bonuses.html",
        attrs={"td": {"class": "small bonuses", "data-label": gettext_lazy("Bonuses")}},
        empty_values=(),
    )

    class Meta:
        attrs = {"class": "table table-sm table-striped align-middle", "id": "board-traveller"}
        row_attrs = {"id": lambda record: f"line-table-{record.table_number}"}
        orderable = False

    def render_table_number(self, record: Any) -> SafeString:
        return format_html(
            '{}<small class="d-block text-body-secondary fw-normal">{}</small>',
            record.table_number,
            gettext("round %(number)s") % {"number": record.round_number},
        )

    def __init__(self, lines: Sequence[Any]) -> None:
        orientations = [
            (letter, _orientation_cell(index, letter)) for index, letter in enumerate(ORIENTATIONS)
        ]
        super().__init__(lines, extra_columns=orientations)


def _seat_column(index: int) -> tables.Column:
    return tables.Column(
        # The reader's letter (O for West in French), lazily: the columns are built once.
        verbose_name=ORIENTATION_LETTERS[index],
        accessor=tables.A(f"players__{index}__name"),
        default="—",
    )


class RoundProgressTable(tables.Table):
    """A round's tables on the organiser's page (selectors.duplicate_cards.TableRound):
    their boards, players, how many boards are entered, and the links to enter."""

    table_number = tables.Column(verbose_name=gettext_lazy("Table"))
    boards = tables.Column(
        verbose_name=gettext_lazy("Boards"), attrs={"td": {"class": "text-nowrap"}}
    )
    north, east, south, west = (_seat_column(index) for index in range(4))
    entered = tables.Column(verbose_name=gettext_lazy("Entered"), empty_values=())
    actions = tables.Column(
        verbose_name="", attrs={"td": {"class": "text-nowrap"}}, empty_values=()
    )

    class Meta:
        attrs = {"class": "table table-sm align-middle mb-0"}
        row_attrs = {
            "id": lambda record: f"round-{record.round_number}-table-{record.table_number}"
        }
        orderable = False

    def __init__(self, rows: Sequence[Any], *, event: Any) -> None:
        super().__init__(rows)
        self.event = event

    def render_boards(self, value: range) -> SafeString:
        links = (
            (reverse("duplicate_traveller", args=[self.event.pk, board]), board) for board in value
        )
        return format_html_join(", ", '<a href="{}">{}</a>', links)

    def render_entered(self, record: Any) -> SafeString:
        badge = "text-bg-success" if record.done else "text-bg-light border"
        return format_html(
            '<span class="badge {}">{}/{}</span>', badge, record.entered, len(record.boards)
        )

    def render_actions(self, record: Any) -> SafeString:
        return format_html(
            '<a class="btn btn-sm btn-outline-success" href="{}">{}</a> '
            '<a class="btn btn-sm btn-outline-secondary" href="{}">{}</a>',
            reverse("board_next", args=[record.table_id]),
            gettext("Enter"),
            reverse("table_sheet", args=[record.table_id]),
            gettext("Sheet"),
        )
