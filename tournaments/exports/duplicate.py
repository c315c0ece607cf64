"""The workbook of a duplicate event: the ranking, every board's traveller with its
marques and results, the movement, and the team ranking in a team form.

Every marque is the ledger's (selectors.duplicate) and every result the comparison's
(selectors.duplicate_ranking, tournaments.rules.duplicate): the file and the web pages
agree to the cent. Values are stored, not formulas. Seven queries whatever the size.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from ..models import ORIENTATIONS, Event, Hand, SpecialResult
from ..models.duplicate import orientation_letter
from ..selectors.access import full_names
from ..selectors.duplicate import DuplicateData, Line, duplicate_data
from ..selectors.duplicate_cards import movement_cards
from ..selectors.duplicate_penalties import PenaltyInfo, event_penalties, on_board
from ..selectors.duplicate_ranking import DuplicateRow, compare, ranking_rows, team_rows
from .duplicate_teams import team_figures_sheets
from .files import Export
from .hands import event_export
from .writer import INTEGER, SCORE, Column, Sheet

PERCENT = "0.00"
DIFFERENCE = "+0.00;-0.00;0.00"


def _number(value: Decimal | None) -> float | None:
    return None if value is None else float(value)


def duplicate_workbook(event: Event) -> Export:
    """The event's workbook; `.write(fp)` or `.response()`."""
    data = compare(duplicate_data(event, namer=full_names))  # an organiser's workbook
    penalties = event_penalties(event, namer=full_names)
    rows = ranking_rows(data, penalties=penalties)
    average = event.comparison == Event.Comparison.DIFFERENCE
    sheets = [_ranking_sheet(event, rows, average)]
    if event.team_size:
        sheets.append(_teams_sheet(event, rows, average, penalties))
    sheets += team_figures_sheets(event, rows, penalties)  # a team match's teams by board
    sheets.append(_travellers_sheet(data, average, penalties))
    sheets.append(_movement_sheet(data))
    if penalties:
        sheets.append(_penalties_sheet(penalties))
    return event_export(event, sheets)


def _result_column(average: bool) -> Column:
    if average:
        return Column(_("Difference from the average"), 14, DIFFERENCE)
    return Column(_("Percentage"), 12, PERCENT)


def _ranking_sheet(event: Event, rows: list[DuplicateRow], average: bool) -> Sheet:
    columns = [Column(_("Rank"), 7, INTEGER), Column(_("Player"), 28), Column(_("Club"), 24)]
    if event.team_size:
        columns.append(Column(_("Team"), 20))
    columns += [
        _result_column(average),
        Column(_("Boards"), 8, INTEGER),
        Column(_("Marques"), 11, SCORE),
        Column(_("Player ID"), 10, INTEGER),
        Column(_("Penalty"), 9, "0.##"),
        Column(_("Penalties"), 40),
    ]

    def lines() -> Iterator[list[Any]]:
        for row in rows:
            values: list[Any] = [row.rank, row.name, row.club]
            if event.team_size:
                values.append(row.team or "")
            values += [_number(row.result), row.board_count, row.marques, row.player_id]
            values += [_number(row.penalty), row.penalty_text]
            yield values

    return Sheet(_("Ranking"), columns, lines())


def _teams_sheet(
    event: Event, rows: list[DuplicateRow], average: bool, penalties: list[PenaltyInfo]
) -> Sheet:
    columns = [
        Column(_("Rank"), 7, INTEGER),
        Column(_("Team"), 24),
        Column(_("Players"), 48),
        _result_column(average),
        Column(_("Penalty"), 9, "0.##"),
        Column(_("Penalties"), 40),
    ]
    lines = (
        [
            team.rank,
            team.name,
            ", ".join(m.name for m in team.members),
            _number(team.result),
            _number(team.penalty),
            team.penalty_text,
        ]
        for team in team_rows(rows, event, penalties)
    )
    return Sheet(_("Teams"), columns, lines)


def _contract(line: Line) -> str:
    result = line.result
    if result is None:
        return ""
    if result.passed:
        return _("all passed")
    return str(Hand.Contract(result.contract).label)


def _bonuses(line: Line) -> str:
    result = line.result
    if result is None:
        return ""
    parts = []
    if result.petit_au_bout:
        parts.append(_("petit au bout: %(camp)s") % {"camp": Hand.Camp(result.petit_au_bout).label})
    for orientation, size in result.poignees:
        parts.append(
            _("poignée %(size)s %(who)s") % {"size": size, "who": orientation_letter(orientation)}
        )
    if result.chelem_made_by or result.chelem_announced:
        made = Hand.Camp(result.chelem_made_by).label if result.chelem_made_by else _("not made")
        announced = _("announced") if result.chelem_announced else ""
        parts.append(" ".join(filter(None, [_("chelem"), announced, str(made)])))
    return ", ".join(str(p) for p in parts)


def _rulings(line: Line, penalties: Sequence[PenaltyInfo] = ()) -> str:
    """The arbiter's rulings on the line, in words, a line entered with a taker other
    than the one the board names (Line.taker_by_ruling) first, and the penalties given
    on the board to its players last."""
    labels = dict(SpecialResult.Kind.choices)
    parts = [
        f"{orientation_letter(o) if o is not None else _('table')}: {labels.get(kind, kind)}"
        for o, kind in sorted(
            line.specials.items(), key=lambda item: -1 if item[0] is None else item[0]
        )
    ]
    if line.taker_by_ruling:
        assert line.result is not None and line.result.taker is not None
        assert line.named_taker is not None
        taker, named = line.result.taker, line.named_taker
        parts.insert(
            0,
            _("taker by ruling: %(taker)s instead of %(named)s")
            % {"taker": orientation_letter(taker), "named": orientation_letter(named)},
        )
    seated = set(line.player_ids())
    parts += [p.sentence for p in penalties if p.player_id is not None and p.player_id in seated]
    return ", ".join(parts)


def _travellers_sheet(data: DuplicateData, average: bool, penalties: list[PenaltyInfo]) -> Sheet:
    result_format = DIFFERENCE if average else PERCENT
    columns = [
        Column(_("Board"), 7, INTEGER),
        Column(_("Round"), 7, INTEGER),
        Column(_("Table"), 7, INTEGER),
        # The board's label: its dealer and the taker it names (none when tables bid
        # freely), the same on every line of the board.
        Column(_("Dealer"), 8),
        Column(_("Named taker"), 9),
        *(Column(orientation_letter(o), 18) for o in ORIENTATIONS),
        Column(_("Contract"), 12),
        Column(_("Taker"), 7),
        Column(_("Oudlers"), 8, INTEGER),
        Column(_("Points"), 8),
        Column(_("Bonuses"), 28),
        *(
            Column(_("Marque %(o)s") % {"o": orientation_letter(o)}, 10, SCORE)
            for o in ORIENTATIONS
        ),
    ]
    if not average:
        columns += [
            Column(_("Matchpoints %(o)s") % {"o": orientation_letter(o)}, 12, "0.##")
            for o in ORIENTATIONS
        ]
    columns += [
        *(
            Column(
                (_("Difference %(o)s") if average else _("%% %(o)s"))
                % {"o": orientation_letter(o)},
                10,
                result_format,
            )
            for o in ORIENTATIONS
        ),
        Column(_("Rulings"), 24),
    ]

    free_bidding = data.event.free_bidding

    def lines() -> Iterator[list[Any]]:
        for board in data.boards.values():
            on_this = on_board(penalties, board.number)
            named = None if free_bidding or board.taker is None else board.taker
            for line in board.lines:
                result = line.result
                played = result if result is not None and not result.passed else None
                values: list[Any] = [
                    board.number,
                    line.round_number,
                    line.table_number,
                    orientation_letter(board.dealer),
                    orientation_letter(named) if named is not None else "",
                    *(p.name if p else "" for p in line.players),
                    _contract(line),
                    orientation_letter(played.taker) if played and played.taker is not None else "",
                    played.oudlers if played else None,
                    float(played.points) if played else None,
                    _bonuses(line),
                    *(line.marques[o] if result is not None else None for o in range(4)),
                ]
                if not average:
                    values += [
                        _number(s.matchpoints) if s is not None else None for s in line.scores
                    ]
                values += [_number(s.value) if s is not None else None for s in line.scores]
                values.append(_rulings(line, on_this))
                yield values

    return Sheet(_("Travellers"), columns, lines())


def _penalties_sheet(penalties: list[PenaltyInfo]) -> Sheet:
    """Every penalty, as the organisers' page lists them: an arbiter checks a result by
    taking its holder's penalties off the sum of his board results."""
    columns = [
        Column(_("Penalised"), 28),
        Column(_("Board"), 7, INTEGER),
        Column(_("Amount"), 9, "0.##"),
        Column(_("In words"), 22),
        Column(_("Reason"), 40),
        Column(_("Given by"), 16),
    ]
    lines = (
        [p.holder, p.board_number, float(p.amount), p.words, p.reason, p.given_by]
        for p in penalties
    )
    return Sheet(_("Penalties"), columns, lines)


def _movement_sheet(data: DuplicateData) -> Sheet:
    columns = [
        Column(_("Round"), 7, INTEGER),
        Column(_("Table"), 7, INTEGER),
        Column(_("Set"), 6, INTEGER),
        Column(_("Boards"), 10),
        *(Column(orientation_letter(o), 22) for o in ORIENTATIONS),
        Column(_("Set goes to table"), 12, INTEGER),
    ]
    cards = movement_cards(data)

    def lines() -> Iterator[list[Any]]:
        rounds = sorted(
            (table_round for card in cards.tables for table_round in card.rounds),
            key=lambda t: (t.round_number, t.table_number),
        )
        for table_round in rounds:
            boards = table_round.boards
            yield [
                table_round.round_number,
                table_round.table_number,
                table_round.board_set,
                f"{boards.start}–{boards.stop - 1}" if len(boards) > 1 else str(boards.start),
                *(p.name if p else "" for p in table_round.players),
                table_round.set_goes_to,
            ]

    return Sheet(_("Movement"), columns, lines())
