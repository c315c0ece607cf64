"""A duplicate board's result and the board, without Django: the board's named taker,
the result its cards contradict, and (for the browser) the board form's POST fields to
each orientation's marque or the refusals at their fields.

Pure Python on purpose, as rules/hand_entry.py: the server's checks
(services.duplicate_results.check_board_result) call `named_taker_error` and
`deal_contradictions`, and the browser runs `score_board_fields` with the same code in
Pyodide when the network is gone (js/engine-worker.js, docs/OFFLINE_ENGINE.md), so an
offline refusal is the server's, at the same field, in the same words.

The page gives the board as forms/duplicate.BoardHandForm fixes it (templatetags
hand_engine `engine_page`): its dealer, its named taker and contract (disabled fields:
Django keeps their initial value whatever is posted, and so does this), and its deal,
which only the table entering the board receives (rules/board_visibility.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import scoring
from scoring import deal_checks

from . import boards as board_rules
from .hand_entry import score_fields


class DealContradicted(scoring.HandError):
    """A result the board's cards make impossible: the first contradiction, as the
    engine's errors are, and `errors`, every one (each shown at its own field)."""

    def __init__(self, errors: Sequence[scoring.HandError]) -> None:
        first = errors[0]
        super().__init__(first.field, first.code, first.message, **first.params)
        self.errors = list(errors)


class NamedTakerRefused(scoring.HandError):
    """A result whose taker is not the one the board names (or nobody took): at the
    taker's field (the contract's, for "all passed"), in the reader's language
    (forms.hand_errors.BOARD_ERROR_MESSAGES)."""


def named_taker_error(
    *,
    number: int,
    named_orientation: str | None,
    named_player: Any,
    named_contract: str,
    contract_label: Any,
    passed: bool,
    taker: Any,
    contract: str,
) -> NamedTakerRefused | None:
    """Why a result does not follow the taker (and the contract, when the organiser
    fixed one) board `number` names; None when it does, or when the tables bid freely
    (`named_orientation` None). `named_orientation`: the letter the reader sees;
    `named_player`: who sits there (None: nobody); `contract_label`: the named
    contract's name in the reader's language."""
    if named_orientation is None:
        return None
    params = {"number": number, "orientation": named_orientation}
    if passed:
        return NamedTakerRefused("contract", "board_passed", "the board names a taker", **params)
    if named_player is not None and taker != named_player:
        return NamedTakerRefused(
            "taker", "board_taker", "not the board's taker", value=taker, **params
        )
    if named_contract and contract != named_contract:
        return NamedTakerRefused(
            "contract",
            "board_contract",
            "not the board's contract",
            contract=contract_label,
            **params,
        )
    return None


def deal_contradictions(
    deal: Mapping[str, Any] | None,
    hand: scoring.Hand,
    orientation_of: Mapping[Any, str],
    rules: scoring.RuleSet = scoring.FFT,
) -> list[scoring.HandError]:
    """Every fact of the result the board's cards (`deal`: rules.boards.deal_to_json)
    contradict (scoring.deal_checks); none for a board dealt by hand (no deal), a
    passed hand or a table not of 4. `orientation_of`: player -> "N", "E", "S", "W".
    Ask once the engine accepts the hand."""
    if deal is None or hand.contract is None or len(hand.players) != 4:
        return []
    found = deal_checks.contradictions(
        board_rules.deal_from_json(dict(deal)), hand, orientation_of, rules
    )
    return [contradiction.as_error() for contradiction in found]


def board_checks(
    board: Mapping[str, Any], rules: scoring.RuleSet, *, ruling: bool = False
) -> Callable[[scoring.Hand], list[scoring.HandError]]:
    """The board's checks of an engine hand, in the server's order: the named taker
    (unless the organiser enters a `ruling`), the engine, the cards. `board`: as the
    page holds it (see `score_board_fields`). Returns a function hand -> the errors."""
    orientation_of = {int(pid): letter for pid, letter in board["orientations"].items()}

    def check(hand: scoring.Hand) -> list[scoring.HandError]:
        if not ruling:
            refused = named_taker_error(
                number=board["number"],
                named_orientation=board["named_orientation"],
                named_player=board["named_taker"],
                named_contract=board["named_contract"],
                contract_label=board["named_contract_label"],
                passed=hand.contract is None,
                taker=hand.taker,
                contract=hand.contract or "",
            )
            if refused is not None:
                return [refused]
        try:
            scoring.validate(hand, rules)
        except scoring.HandError as error:
            return [error]
        return deal_contradictions(board["deal"], hand, orientation_of, rules)

    return check


def score_board_fields(fields: Mapping[str, Any], page: Mapping[str, Any]) -> dict[str, Any]:
    """The board form's POST fields -> the answer of rules/hand_entry.score_fields, as
    the server's board preview (views.duplicate_entry._preview) would give it. `page`
    is the hand form's, with "board": {number, dealer, named_taker, named_orientation,
    named_contract, named_contract_label, orientations: {player id: letter}, deal}."""
    board = page["board"]
    posted = dict(fields)
    # The form's disabled fields: the board's, whatever is posted (Django's rule), but a
    # taker posted other than the board's, which the board's check refuses
    # (forms.duplicate.BoardHandForm.clean).
    posted["dealer"] = "" if board["dealer"] is None else str(board["dealer"])
    if board["taker_fixed"] and not str(posted.get("taker") or ""):
        posted["taker"] = str(board["named_taker"])
    if board["named_contract"] and board["taker_fixed"]:
        posted["contract"] = board["named_contract"]
    rules = scoring.rules_from_json(page["rules"])
    return score_fields(posted, page, checks=board_checks(board, rules))
