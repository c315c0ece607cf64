"""Duplicate tarot (DUPLICATE.md): the boards (étuis) an event plays and the arbiter's
special results.

A duplicate event is an Event of kind DUPLICATE. Its rounds, tables and seats are the
usual ones: each table plays one board set per round (Table.board_set) and each seat's
position is the player's orientation, 0 to 3 for North, East, South, West. A board's
result at a table is an ordinary Hand linked to its Board (Hand.board; one per table
and board), so its score rows in the ledger are the marques of the four orientations
and every rule of the free-deal path (versions, history, submission keys, sheet
validation, audit) applies unchanged.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.cards import ORIENTATIONS

from .events import Event, Table
from .hands import Hand

NORTH, EAST, SOUTH, WEST = range(4)
# ORIENTATIONS (scoring.cards) are the orientations' codes: keys in stored deals, forms
# and the pages' data attributes. What a reader sees is orientation_letter's: West is
# "O" (Ouest) on a French page.
ORIENTATION_LETTERS = (
    pgettext_lazy("orientation letter", "N"),
    pgettext_lazy("orientation letter", "E"),
    pgettext_lazy("orientation letter", "S"),
    pgettext_lazy("orientation letter", "W"),
)


class Orientation(models.IntegerChoices):
    NORTH = NORTH, pgettext_lazy("orientation", "North")
    EAST = EAST, pgettext_lazy("orientation", "East")
    SOUTH = SOUTH, pgettext_lazy("orientation", "South")
    WEST = WEST, pgettext_lazy("orientation", "West")


@lru_cache(maxsize=16)
def _letters(language: str | None) -> tuple[str, ...]:
    # Translated once per language: a traveller prints about 140 letters.
    return tuple(str(letter) for letter in ORIENTATION_LETTERS)


def orientation_letter(orientation: int | str) -> str:
    """The letter a reader sees for an orientation (its number or its code)."""
    index = ORIENTATIONS.index(orientation) if isinstance(orientation, str) else orientation
    return _letters(get_language())[index]


def boards_of_set(board_set: int, boards_per_round: int) -> range:
    """The board numbers of a set: set 1 holds boards 1..B, set 2 boards B+1..2B..."""
    first = (board_set - 1) * boards_per_round + 1
    return range(first, first + boards_per_round)


def set_of_board(number: int, boards_per_round: int) -> int:
    return (number - 1) // boards_per_round + 1


class Board(models.Model):
    """One deal (étui) of a duplicate event, played once at every table that gets its set."""

    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="boards"
    )
    number = models.PositiveSmallIntegerField(_("board number"))
    dealer = models.PositiveSmallIntegerField(
        _("dealer"), choices=Orientation.choices, validators=[MaxValueValidator(3)]
    )
    # The orientation that takes at every table (the federation's practice: takers are
    # compared with takers), chosen with the deal and changeable until a result of the
    # board is entered; None on boards made before it existed. Enforced only when the
    # event does not bid freely (Event.free_bidding).
    taker = models.PositiveSmallIntegerField(
        _("taker"),
        choices=Orientation.choices,
        null=True,
        blank=True,
        validators=[MaxValueValidator(3)],
    )
    # The contract the organiser fixes for every table (optional: "" leaves it to the
    # taker, as the federation's practice was found to), enforced like the taker.
    contract = models.CharField(_("contract"), max_length=16, blank=True, default="")
    # The four hands and the dog when the app dealt the board (scoring.cards' JSON form,
    # kept as dealt so that the printed étuis and the checks of results always agree);
    # None for a board dealt by hand at the club.
    deal = models.JSONField(_("deal"), null=True, blank=True)
    # Whether every table that plays the board has played it (a result, or a ruling for
    # the whole table): rules.board_visibility.board_complete over its lines, stored by
    # services.board_results in the same transaction as each write that may change it,
    # so that the public pages ask the rule about one flag per board instead of reading
    # every table and result of the event.
    complete = models.BooleanField(_("complete"), default=False, editable=False)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="board_number_unique")
        ]

    def __str__(self) -> str:
        return _("Board %(number)s") % {"number": self.number}

    @property
    def dealt(self) -> bool:
        return self.deal is not None

    def get_contract_label(self) -> str:
        """The fixed contract as a reader says it ("garde"), "" when none is."""
        return str(Hand.Contract(self.contract).label) if self.contract else ""

    @property
    def named_contract(self) -> str:
        """The contract every table must play, or "" (the taker's choice)."""
        return "" if self.event.free_bidding else self.contract

    @property
    def named_taker(self) -> int | None:
        """The orientation every table must take with, or None when tables bid freely."""
        if self.event.free_bidding:
            return None
        return self.taker


class SpecialResult(models.Model):
    """An arbiter's ruling on one board at one table (DUPLICATE.md): for one orientation,
    or for the whole table when `orientation` is None. A ruling for one orientation
    takes precedence over the table's."""

    class Kind(models.TextChoices):
        NOT_PLAYED = "not_played", _("not played (average)")
        AVERAGE_PLUS = "average_plus", _("average plus")
        AVERAGE_MINUS = "average_minus", _("average minus")
        FOULED = "fouled", _("fouled board")

    board = models.ForeignKey(
        Board, verbose_name=_("board"), on_delete=models.CASCADE, related_name="specials"
    )
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="specials"
    )
    kind = models.CharField(_("ruling"), max_length=16, choices=Kind.choices)
    orientation = models.PositiveSmallIntegerField(
        _("orientation"), choices=Orientation.choices, null=True, blank=True
    )
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("set by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    set_at = models.DateTimeField(_("set at"), auto_now=True)

    class Meta:
        ordering = ["board", "table", "orientation"]
        verbose_name = _("special result")
        verbose_name_plural = _("special results")
        constraints = [
            # NULLs are distinct in a unique index: the table-wide ruling has its own.
            models.UniqueConstraint(
                fields=["board", "table", "orientation"],
                condition=Q(orientation__isnull=False),
                name="special_result_orientation_unique",
            ),
            models.UniqueConstraint(
                fields=["board", "table"],
                condition=Q(orientation__isnull=True),
                name="special_result_table_unique",
            ),
            # A fouled board is the table's: its line leaves the comparison whole.
            models.CheckConstraint(
                condition=~Q(kind="fouled") | Q(orientation__isnull=True),
                name="special_result_fouled_whole_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board} · {self.table}: {self.get_kind_display()}"


class BoardResult(models.Model):
    """One orientation's compared result on a board at a table, as rules.duplicate's
    comparison gives it (services.board_results keeps these rows in step with the
    board's traveller: a save rewrites its own board's rows only). The pages and the
    stored places read them instead of comparing the whole event again.

    Every row of a board is the organiser's view of it (every line entered so far); the
    public reads the rows of complete boards only (rules.board_visibility). `exact_num`
    / `exact_den` is the board result as an exact fraction (a percentage, or a
    difference from the average): a session's mean is worked out from the exact
    values, as rules.duplicate.session_results does, rounding once."""

    board = models.ForeignKey(
        Board, verbose_name=_("board"), on_delete=models.CASCADE, related_name="compared"
    )
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="+"
    )
    orientation = models.PositiveSmallIntegerField(_("orientation"), choices=Orientation.choices)
    player = models.ForeignKey(
        "tournaments.Player", verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    marque = models.IntegerField(_("marque"), null=True, blank=True)  # None: a ruling
    special = models.CharField(_("ruling"), max_length=16, blank=True, default="")
    compared = models.PositiveSmallIntegerField(_("marques compared"))
    rank = models.PositiveSmallIntegerField(_("rank"), null=True, blank=True)
    matchpoints = models.PositiveIntegerField(_("matchpoints"), null=True, blank=True)
    exact_num = models.BigIntegerField()
    exact_den = models.PositiveBigIntegerField()

    class Meta:
        ordering = ["board", "table", "orientation"]
        verbose_name = _("board result")
        verbose_name_plural = _("board results")
        constraints = [
            models.UniqueConstraint(
                fields=["board", "table", "orientation"], name="board_result_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.board} · {self.table} · {orientation_letter(self.orientation)}"


class Penalty(models.Model):
    """An arbiter's penalty in a duplicate event (docs/DUPLICATE.md, "Penalties"): kept
    apart from the result it lowers, given to a player or, in a team match, to a team,
    on one board or on the whole event, in the comparison's unit: percent of a board
    (matchpoints) or points (differences). It is taken off the session's total before
    the mean (rules.duplicate.session_from_totals), so 25 on a session of 20 boards
    lowers a percentage by 1.25; the board results themselves stay as compared."""

    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="penalties"
    )
    board = models.ForeignKey(
        Board,
        verbose_name=_("board"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="penalties",
    )
    player = models.ForeignKey(
        "tournaments.Player",
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    team = models.ForeignKey(
        "tournaments.Team",
        verbose_name=_("team"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="penalties",
    )
    amount = models.DecimalField(_("amount"), max_digits=7, decimal_places=2)
    reason = models.CharField(_("reason"), max_length=200)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("given by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    given_at = models.DateTimeField(_("given at"), auto_now_add=True)

    class Meta:
        ordering = ["event", "given_at", "pk"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        constraints = [
            # A player's or a team's, never both nor neither.
            models.CheckConstraint(
                condition=Q(player__isnull=False, team__isnull=True)
                | Q(player__isnull=True, team__isnull=False),
                name="penalty_one_holder",
            ),
            models.CheckConstraint(condition=Q(amount__gt=0), name="penalty_amount_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.event_id} · {self.amount} · {self.reason}"
