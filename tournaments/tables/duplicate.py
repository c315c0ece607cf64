"""A duplicate event's public tables: the ranking by session percentage (or difference
from the average) and the team ranking (selectors.duplicate_ranking's rows, in its
order: rankings are not orderable)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext, gettext_lazy

from ..models.duplicate import ORIENTATION_LETTERS, ORIENTATIONS, orientation_letter
from .common import NUMBER, TABLET_UP, WIDE_ONLY, FramedTable
from .ranking import RANKING_PER_PAGE

STRIPED = "table table-striped align-middle"
RESULT = {"th": {"class": "text-end"}, "td": {"class": "text-end fw-bold result"}}


def result_label(average: bool) -> str:
    """The result's heading: a difference from the average, or a percentage."""
    return gettext("Difference") if average else "%"


# A result with two decimals in the page's language, a difference with its sign
# (templates/tables/cells/duplicate_result.html, when its column's `signed`). The cell
# templates read the event from their column's extra_context, set per table (tables2
# copies the columns into each table): a cell's context has no `table` outside
# {% render_table %}.
_RESULT_CELL = "tables/cells/duplicate_result.html"


class DuplicateRankingTable(tables.Table):
    """The players of a duplicate event (DuplicateRow), by rank; unranked rows blank.
    Its rows are written out by templates/tables/duplicate_ranking.html (a 120-player
    ranking is 600 cells), which prints what these columns print through the generic
    template (tests/tournament_ui/test_table_templates.py)."""

    rank = tables.TemplateColumn(
        verbose_name=gettext_lazy("Rank"),
        template_name="tables/cells/duplicate_rank.html",
        attrs={"th": {"class": "text-end"}, "td": {"class": "text-end rank"}},
        empty_values=(),
    )
    name = tables.TemplateColumn(
        verbose_name=gettext_lazy("Player"), template_name="tables/cells/duplicate_player.html"
    )
    detail = tables.TemplateColumn(
        template_name="tables/cells/duplicate_detail.html", attrs=TABLET_UP, empty_values=()
    )
    result = tables.TemplateColumn(template_name=_RESULT_CELL, attrs=RESULT, empty_values=())
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
        per_page = RANKING_PER_PAGE  # views.duplicate_public pages it (tables.configure)
        template_name = "tables/duplicate_ranking.html"

    def __init__(self, rows: Sequence[Any], *, event: Any, average: bool) -> None:
        super().__init__(rows)
        self.event, self.average, self.signed = event, average, average
        detail = gettext_lazy("Team") if event.team_size else gettext_lazy("Club")
        self.columns["detail"].column.verbose_name = detail
        self.columns["result"].column.verbose_name = result_label(average)
        self.columns["name"].column.extra_context = {"event_id": event.pk}
        self.columns["detail"].column.extra_context = {"teams": bool(event.team_size)}
        self.columns["result"].column.extra_context = {"signed": average}

    def render_boards(self, value: int) -> int:
        return value


class DuplicateTeamTable(tables.Table):
    """The teams of a duplicate event (selectors.duplicate_ranking.DuplicateTeamRow), by
    rank; rows written out by templates/tables/duplicate_teams.html, as the ranking's."""

    rank = tables.TemplateColumn(
        verbose_name=gettext_lazy("Rank"),
        template_name="tables/cells/duplicate_rank.html",
        attrs=NUMBER,
        empty_values=(),
    )
    name = tables.TemplateColumn(
        verbose_name=gettext_lazy("Team"), template_name="tables/cells/duplicate_team.html"
    )
    members = tables.TemplateColumn(
        verbose_name=gettext_lazy("Players"),
        template_name="tables/cells/duplicate_members.html",
        attrs={"td": {"class": "small"}},
    )
    result = tables.TemplateColumn(
        template_name=_RESULT_CELL,
        attrs={"th": {"class": "text-end"}, "td": {"class": "text-end fw-bold"}},
        empty_values=(),
    )

    class Meta:
        attrs = {"class": STRIPED, "id": "team-ranking"}
        orderable = False
        template_name = "tables/duplicate_teams.html"

    def __init__(self, rows: Sequence[Any], *, average: bool) -> None:
        super().__init__(rows)
        # A sum of differences is signed (+12, -12), as the players' are; a percentage
        # is not.
        self.signed = average
        self.columns["result"].column.verbose_name = result_label(average)
        self.columns["result"].column.extra_context = {"signed": average}


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

    table_number = tables.TemplateColumn(
        verbose_name=gettext_lazy("Table"),
        template_name="tournaments/duplicate/_traveller_table.html",
    )
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
        # Its rows written out (7 template cells a line, each with includes): checked against the
        # columns by tests/tournament_ui/test_table_templates.py.
        template_name = "tables/traveller.html"

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


class RoundProgressTable(FramedTable):
    """A round's tables on the organiser's page (selectors.duplicate_cards.TableRound):
    their boards, players, how many boards are entered, and the links to enter."""

    table_number = tables.Column(verbose_name=gettext_lazy("Table"))
    boards = tables.TemplateColumn(
        verbose_name=gettext_lazy("Boards"),
        template_name="tournaments/duplicate/_round_boards.html",
        attrs={"td": {"class": "text-nowrap"}},
    )
    north, east, south, west = (_seat_column(index) for index in range(4))
    entered = tables.TemplateColumn(
        verbose_name=gettext_lazy("Entered"),
        template_name="tournaments/duplicate/_round_entered.html",
        empty_values=(),
    )
    actions = tables.TemplateColumn(
        verbose_name="",
        template_name="tournaments/duplicate/_round_actions.html",
        attrs={"td": {"class": "text-nowrap"}},
        empty_values=(),
    )

    class Meta:
        attrs = {"class": "table table-sm align-middle mb-0"}
        row_attrs = {
            "id": lambda record: f"round-{record.round_number}-table-{record.table_number}"
        }
        orderable = False
        # Its rows written out in the frame of tables/frame.html (three template cells
        # a row): checked against the columns by tests/tournament_ui/test_table_templates.py.
        template_name = "tables/round_progress.html"

    def __init__(self, rows: Sequence[Any], *, event: Any) -> None:
        super().__init__(rows)
        self.event = event
        # The board links' event (a cell's context has no `table`: see _RESULT_CELL).
        self.columns["boards"].column.extra_context = {"event_id": event.pk}
