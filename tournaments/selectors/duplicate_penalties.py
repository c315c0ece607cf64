"""The arbiter's penalties of a duplicate event (models.Penalty), as the ranking, the
player's page, the travellers and the workbook read them.

A penalty on a board counts where that board counts: on a public page only once the
board is complete (rules.board_visibility, the boards the public ranking adds up), so
a penalty never tells the public anything of a board still being played. A penalty on
the event counts everywhere.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import TypeVar

from django.shortcuts import get_object_or_404
from django.utils.formats import number_format
from django.utils.translation import gettext

from ..models import Board, Event, Penalty, Player, Registration, Seat, Team
from ..rules.collation import sort_key
from .access import NAMER_FIELDS, Namer, full_names, public_names

_K = TypeVar("_K", bound=Hashable)


def amount_text(amount: Decimal) -> str:
    """An amount as a reader writes it: 25, 12,5 (not 25.00 nor 1E+2)."""
    shown = amount.quantize(Decimal(1)) if amount == amount.to_integral() else amount.normalize()
    return number_format(shown, use_l10n=True)


def unit_text(event: Event, amount: Decimal) -> str:
    """ "25 % of a board" under matchpoints, "25 points" under differences."""
    if event.comparison == Event.Comparison.DIFFERENCE:
        return gettext("%(amount)s points") % {"amount": amount_text(amount)}
    return gettext("%(amount)s %% of a board") % {"amount": amount_text(amount)}


@dataclass(frozen=True)
class PenaltyInfo:
    pk: int
    board_number: int | None
    player_id: int | None
    team_id: int | None
    holder: str  # the player's name as the reader may read it, or the team's
    amount: Decimal
    reason: str
    given_by: str
    given_at: datetime
    words: str  # the amount in the event's unit, "25 % of a board"

    @property
    def sentence(self) -> str:
        """The penalty in one sentence, as the pages and the workbook write it."""
        where = (
            gettext("board %(number)s") % {"number": self.board_number}
            if self.board_number is not None
            else gettext("the event")
        )
        return gettext("Penalty on %(where)s: %(holder)s, −%(amount)s (%(reason)s).") % {
            "where": where,
            "holder": self.holder,
            "amount": self.words,
            "reason": self.reason,
        }

    @property
    def short(self) -> str:
        """The penalty beside its holder's name: "−25 % of a board (board 3: late)"."""
        if self.board_number is None:
            return gettext("−%(amount)s (%(reason)s)") % {
                "amount": self.words,
                "reason": self.reason,
            }
        return gettext("−%(amount)s (board %(number)s: %(reason)s)") % {
            "amount": self.words,
            "number": self.board_number,
            "reason": self.reason,
        }

    @property
    def exact(self) -> Fraction:
        return Fraction(self.amount)


def event_penalties(
    event: Event, *, namer: Namer = public_names, boards: Collection[int] | None = None
) -> list[PenaltyInfo]:
    """Every penalty of the event that counts on `boards` (board numbers: the complete
    ones for the public; None: every board, as organisers read them), in the order they
    were given; one query."""
    rows = Penalty.objects.filter(event=event).order_by("given_at", "pk")
    values = rows.values_list(
        "pk",
        "board__number",
        "player_id",
        "team_id",
        "team__name",
        *NAMER_FIELDS,
        "amount",
        "reason",
        "given_by__username",
        "given_at",
    )
    found = []
    for (
        pk,
        number,
        player_id,
        team_id,
        team,
        name,
        style,
        club_id,
        amount,
        reason,
        by,
        at,
    ) in values:
        if number is not None and boards is not None and number not in boards:
            continue
        holder = namer(name, style, club_id) if player_id is not None else team or ""
        found.append(
            PenaltyInfo(
                pk=pk,
                board_number=number,
                player_id=player_id,
                team_id=team_id,
                holder=holder,
                amount=amount,
                reason=reason,
                given_by=by or "",
                given_at=at,
                words=unit_text(event, amount),
            )
        )
    return found


def penalty_text(penalties: Iterable[PenaltyInfo]) -> str:
    """A holder's penalties in words ("" without one), as the ranking prints them."""
    shown = [penalty.short for penalty in penalties]
    if not shown:
        return ""
    return gettext("Penalty: %(penalties)s") % {"penalties": "; ".join(shown)}


def by_player(penalties: Iterable[PenaltyInfo]) -> dict[int, list[PenaltyInfo]]:
    """Player id -> his penalties, in the order given."""
    found: dict[int, list[PenaltyInfo]] = defaultdict(list)
    for penalty in penalties:
        if penalty.player_id is not None:
            found[penalty.player_id].append(penalty)
    return dict(found)


def by_team(penalties: Iterable[PenaltyInfo]) -> dict[str, list[PenaltyInfo]]:
    """Team name (a team penalty's holder) -> its penalties, in the order given."""
    found: dict[str, list[PenaltyInfo]] = defaultdict(list)
    for penalty in penalties:
        if penalty.team_id is not None:
            found[penalty.holder].append(penalty)
    return dict(found)


def totals(grouped: Mapping[_K, list[PenaltyInfo]]) -> dict[_K, Fraction]:
    """by_player's or by_team's groups as the sums the rules take off a session
    (rules.duplicate.session_from_totals, rules.team_match.team_match_results)."""
    return {key: sum((p.exact for p in found), Fraction(0)) for key, found in grouped.items()}


def player_totals(penalties: Iterable[PenaltyInfo]) -> dict[int, Fraction]:
    return totals(by_player(penalties))


def team_totals(penalties: Iterable[PenaltyInfo]) -> dict[str, Fraction]:
    return totals(by_team(penalties))


class Penalised:
    """What a ranking row (a player's or a team's) says of the penalties it holds in
    `penalties`: their sum, and their words as the ranking prints them."""

    penalties: list[PenaltyInfo]

    @property
    def penalty(self) -> Decimal | None:
        """The sum of the penalties, or None without one."""
        return sum((p.amount for p in self.penalties), Decimal(0)) if self.penalties else None

    @property
    def penalty_text(self) -> str:
        return penalty_text(self.penalties)


def on_board(penalties: Iterable[PenaltyInfo], number: int) -> list[PenaltyInfo]:
    return [penalty for penalty in penalties if penalty.board_number == number]


def penalty_holders(event: Event) -> list[tuple[str, str]]:
    """Whom the organiser may penalise, as PenaltyForm's choices: every player
    registered or seated ("p<id>", full name), then a team match's teams ("t<id>")."""
    ids = set(Registration.objects.filter(event=event).values_list("player_id", flat=True))
    ids |= set(Seat.objects.filter(table__round__event=event).values_list("player_id", flat=True))
    players = sorted(
        (
            (f"p{pk}", full_names(name, style, club_id))
            for pk, name, style, club_id in Player.objects.filter(pk__in=ids).values_list(
                "pk", "name", "public_name_style", "club_id"
            )
        ),
        key=lambda choice: sort_key(choice[1]),
    )
    if not event.team_match:
        return players
    teams = [
        (f"t{pk}", gettext("Team %(name)s") % {"name": name})
        for pk, name in Team.objects.filter(event=event).order_by("name").values_list("pk", "name")
    ]
    return players + teams


def penalty_targets(
    event: Event, player_id: int | None, team_id: int | None, board_number: int | None
) -> tuple[Player | None, Team | None, Board | None]:
    """What PenaltyForm chose, read (services.penalties checks they are the event's)."""
    player = Player.objects.filter(pk=player_id).first() if player_id is not None else None
    team = Team.objects.filter(pk=team_id).first() if team_id is not None else None
    board = (
        Board.objects.filter(event=event, number=board_number).first()
        if board_number is not None
        else None
    )
    return player, team, board


def penalty_of(pk: int) -> Penalty:
    """One penalty with what its withdrawal and its audit line read."""
    return get_object_or_404(
        Penalty.objects.select_related("event__club", "board", "player", "team"), pk=pk
    )


__all__ = [
    "Penalised",
    "PenaltyInfo",
    "amount_text",
    "by_player",
    "by_team",
    "event_penalties",
    "on_board",
    "penalty_holders",
    "penalty_of",
    "penalty_targets",
    "penalty_text",
    "player_totals",
    "team_totals",
    "totals",
    "unit_text",
]
