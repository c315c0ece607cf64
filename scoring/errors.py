"""The one exception the engine raises for a hand it cannot score, and its codes."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

# Every `HandError.code` the engine raises, with what it means (English, for
# developers: the web app keeps its own translated messages per code and checks it
# has one for each of these). Adding a new code means adding it here.
ERROR_CODES: Mapping[str, str] = MappingProxyType(
    {
        # scoring/hand/: the hand itself is impossible or disallowed
        "player_count": "a hand is played by 3, 4 or 5 players",
        "duplicate_player": "a player is listed twice",
        "not_a_player": "a named player (taker, partner, bonus) does not play this hand",
        "sitting_out_needs_five": "only the dealer of a table of 5 sits out",
        "passed_with_taker": "nobody took when everybody passed",
        "passed_with_bonus": "a passed hand has no petit au bout, poignée or chelem",
        "unknown_contract": "the contract is not a known contract",
        "contract_not_allowed": "the contract is not played under these rules",
        "taker_missing": "a hand that was taken needs a taker",
        "partner_needs_five": "only a table of 5 calls a partner",
        "partner_is_taker": "the taker cannot be his own partner",
        "oudlers_range": "oudlers are 0, 1, 2 or 3",
        "half_points_only": "card points are counted in half points",
        "points_range": "card points are between 0 and 91",
        "half_points_at_four": "at 4 players card points are whole numbers",
        "points_impossible_for_oudlers": "card points impossible with this many oudlers",
        "unknown_camp": "a chelem is made by the taker camp, the defence or nobody",
        "taker_chelem_oudlers": "too few oudlers for a chelem by the taker camp",
        "taker_chelem_points": "too few points for a chelem by the taker camp",
        "defence_chelem_oudlers": "too many oudlers for a chelem by the defence",
        "defence_chelem_points": "too many points for a chelem by the defence",
        "petit_au_bout_no_trick": "the camp that lost every trick cannot have the petit au bout",
        "petit_au_bout_without_oudler": "a petit au bout by the taker camp needs an oudler",
        "petit_au_bout_all_oudlers": "the defence has no Petit when the taker has all oudlers",
        "unknown_poignee": "a poignée is simple, double or triple",
        "two_poignees": "a player shows at most one poignée",
        "too_many_cards_shown": "the poignées show more than the 22 trumps",
        "misere_not_allowed": "these rules have no misère",
        "unknown_misere": "a misère is simple or double",
        "two_miseres": "a player declares at most one misère",
        # scoring/deal_checks.py: a duplicate board's result contradicts its known deal
        "deal_poignee_trumps": "a poignée shows more trumps than the player held at this deal",
        "deal_chelem_21": "the other camp played the 21, so it took a trick: no chelem",
        "deal_petit_in_dog": "the Petit lies in the dog of a garde sans or contre: never played",
        "deal_oudlers": "the taker camp's oudlers are impossible with this deal",
        "deal_points": "the taker camp's card points are impossible with this deal",
        # scoring/jsonio.py: the JSON input is malformed
        "invalid": "a value has the wrong shape",
        "not_a_number": "card points are not a number",
        "unknown_field": "the hand has a field the engine does not know",
        "points_missing": "neither camp's card points are given",
        "oudlers_missing": "the taker camp's oudlers are not given",
        "points_mismatch": "both camps' card points do not add up to 91",
        "size_missing": "a poignée or misère does not give its size",
        # scoring/rules.py: the rule set is broken
        "invalid_rules": "the rule set is invalid",
        "unknown_preset": "the rule set names an unknown preset",
    }
)


class HandError(ValueError):
    """An impossible or disallowed hand.

    `field` names the input field at fault (a JSON key such as "points" or
    "poignees"), `code` is a stable identifier (a key of ERROR_CODES) the web
    app translates, and
    `params` carries the values the message mentions.
    """

    def __init__(self, field: str, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.field = field
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"HandError({self.field!r}, {self.code!r}, {self.message!r})"
