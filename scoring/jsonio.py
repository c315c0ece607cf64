"""The engine's JSON face: the same format for the CLI, imports and exports."""

from __future__ import annotations

import json
import math
import operator
import re
from fractions import Fraction
from itertools import accumulate, repeat
from typing import Any

from .engine import score_hand
from .errors import HandError
from .hand import TOTAL_POINTS, Chelem, Hand, Misere, Poignee
from .rules import RuleSet, rules_from_json

HAND_FIELDS = frozenset(
    {
        "players",
        "taker",
        "contract",
        "partner",
        "oudlers",
        "points",
        "defence_points",
        "petit_au_bout",
        "poignees",
        "chelem",
        "miseres",
        "sitting_out",
        "rules",
    }
)


def _fail(field: str, message: str, code: str = "invalid") -> HandError:
    return HandError(field, code, f"{field}: {message}")


# Card points given as text: a decimal number with a point or a comma, no exponent
# ("40.5", "40,5"); anything longer is no count of cards.
POINTS_TEXT_RE = re.compile(r"[+-]?\d{1,6}(?:[.,]\d{1,6})?")
# Card points given as a JSON number: far outside 0..91 is refused before any
# arithmetic (a float such as 1e308 would make a 309-digit Fraction).
POINTS_LIMIT = 1_000_000


def _card_points(key: str, raw: Any) -> Fraction:
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        raise _fail(key, "must be a number", "not_a_number")
    if isinstance(raw, str):
        if not POINTS_TEXT_RE.fullmatch(raw.strip()):
            raise _fail(key, f"{raw[:20]!r} is not a number such as 40.5", "not_a_number")
        value = Fraction(raw.strip().replace(",", "."))
    elif isinstance(raw, float) and not math.isfinite(raw):
        raise _fail(key, f"{raw} is not a number", "not_a_number")
    elif abs(raw) > POINTS_LIMIT:
        shown = f"{'-' if raw < 0 else ''}{POINTS_LIMIT}+"
        raise HandError(key, "points_range", f"{key}: must be between 0 and 91", value=shown)
    else:
        value = Fraction(raw) if isinstance(raw, int) else Fraction(str(raw))
    if value.denominator not in (1, 2):
        raise HandError(
            key, "half_points_only", f"{key}: card points are counted in half points, not {raw}"
        )
    return value


def _points(data: dict[str, Any]) -> Fraction:
    """The taker camp's points, given directly or as the defence's (91 - those);
    both given must add up to 91."""
    points = data.get("points")
    defence = data.get("defence_points")
    if points is None and defence is None:
        if data.get("contract") is None:
            return Fraction(0)  # a passed hand has no card points
        raise HandError("points", "points_missing", "points: the taker camp's card points?")
    taker = None if points is None else _card_points("points", points)
    if defence is None:
        assert taker is not None
        return taker
    from_defence = TOTAL_POINTS - _card_points("defence_points", defence)
    if taker is not None and taker != from_defence:
        raise HandError(
            "defence_points",
            "points_mismatch",
            f"defence_points: points and defence_points add up to 91, not"
            f" {_number(taker + TOTAL_POINTS - from_defence)}",
            value=_number(TOTAL_POINTS - from_defence),
            points=_number(taker),
        )
    return from_defence


def _number(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


def _player_entries(data: dict[str, Any], key: str, cls: type) -> tuple[Any, ...]:
    raw = data.get(key) or []
    if not isinstance(raw, list):
        raise _fail(key, "must be a list")
    entries = []
    for item in raw:
        if not isinstance(item, dict) or set(item) - {"player", "size"} or "player" not in item:
            raise _fail(key, 'each entry is {"player": ..., "size": ...}')
        if item.get("size") is None:
            # No silent default: a poignée entered without its size is a mistake.
            raise _fail(key, "each entry gives its size", "size_missing")
        player = item["player"]
        if isinstance(player, bool) or not isinstance(player, str | int):
            raise _fail(key, "player must be a player name")
        entries.append(cls(player=player, size=item["size"]))
    return tuple(entries)


def hand_from_json(data: Any) -> tuple[Hand, RuleSet]:
    """Parse one hand object; raises HandError naming the field at fault."""
    if not isinstance(data, dict):
        raise _fail("hand", "a hand is a JSON object")
    unknown = set(data) - HAND_FIELDS
    if unknown:
        raise _fail(sorted(unknown)[0], "unknown field", "unknown_field")
    players = data.get("players")
    if not isinstance(players, list) or not all(
        isinstance(p, str | int) and not isinstance(p, bool) for p in players
    ):
        raise _fail("players", "must be a list of player names")
    oudlers = data.get("oudlers")
    if oudlers is None:
        if data.get("contract") is not None:
            raise HandError(
                "oudlers", "oudlers_missing", "oudlers: how many oudlers had the taker's camp?"
            )
        oudlers = 0  # a passed hand has none
    if isinstance(oudlers, bool) or not isinstance(oudlers, int):
        raise HandError("oudlers", "oudlers_range", "oudlers: must be 0, 1, 2 or 3")
    chelem = data.get("chelem") or {}
    if not isinstance(chelem, dict) or set(chelem) - {"announced", "made_by"}:
        raise _fail("chelem", 'must be {"announced": bool, "made_by": "taker"|"defence"|null}')
    if not isinstance(chelem.get("announced", False), bool):
        raise _fail("chelem", "announced must be true or false")
    rules = rules_from_json(data.get("rules"))
    hand = Hand(
        players=tuple(players),
        taker=data.get("taker"),
        contract=data.get("contract"),
        partner=data.get("partner"),
        oudlers=oudlers,
        points=_points(data),
        petit_au_bout=data.get("petit_au_bout"),
        poignees=_player_entries(data, "poignees", Poignee),
        chelem=Chelem(announced=chelem.get("announced", False), made_by=chelem.get("made_by")),
        miseres=_player_entries(data, "miseres", Misere),
        sitting_out=data.get("sitting_out"),
    )
    return hand, rules


def hand_to_json(hand: Hand, rules: RuleSet | None = None) -> dict[str, Any]:
    """The inverse of hand_from_json (rules by preset name, or in full if custom)."""
    points = hand.points
    data: dict[str, Any] = {
        "players": list(hand.players),
        "taker": hand.taker,
        "contract": hand.contract,
        "partner": hand.partner,
        "oudlers": hand.oudlers,
        "points": int(points) if points.denominator == 1 else float(points),
        "petit_au_bout": hand.petit_au_bout,
        "poignees": [{"player": p.player, "size": p.size} for p in hand.poignees],
        "chelem": {"announced": hand.chelem.announced, "made_by": hand.chelem.made_by},
        "miseres": [{"player": m.player, "size": m.size} for m in hand.miseres],
    }
    if hand.sitting_out is not None:
        data["sitting_out"] = hand.sitting_out
    if rules is not None:
        from .rules import PRESETS

        data["rules"] = rules.name if PRESETS.get(rules.name) == rules else rules.to_json()
    return data


def score_json(data: Any) -> dict[str, Any]:
    """Score one JSON hand; the result's JSON form."""
    hand, rules = hand_from_json(data)
    result = score_hand(hand, rules).to_json()
    result["rules"] = rules.name
    return result


# --- reading untrusted JSON text (the CLI, imports) ----------------------------

# Limits of the JSON face (docs/ENGINE.md).
MAX_INPUT_BYTES = 1024 * 1024
MAX_DEPTH = 20
MAX_HANDS = 2000
MAX_NUMBER_CHARS = 30

_ESCAPE = re.compile(r"\\.", re.S)
_STRING = re.compile(r'"[^"]*"')  # once escapes are gone; linear, never backtracks
_BRACKET_STEPS = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


class InputError(ValueError):
    """JSON text the engine refuses to read (too large, too deep, not UTF-8...)."""


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before the json module recurses into it.

    Strings are cut out (escapes first), the brackets left become +1/-1 steps, and the
    deepest running sum is the nesting depth: all in C loops, so the check stays cheap
    next to the parse it guards.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    outside_strings = _STRING.sub("", _ESCAPE.sub("", text))
    steps = outside_strings.encode("utf-8").translate(_BRACKET_STEPS, _NOT_BRACKETS)
    if max(accumulate(map(operator.sub, steps, repeat(1))), default=0) > MAX_DEPTH:
        raise InputError(f"input: nested deeper than {MAX_DEPTH} levels")


def _reject_constant(name: str) -> Any:
    raise InputError(f"input: {name} is not a number JSON allows")


def _parse_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise InputError(f"input: a number of more than {MAX_NUMBER_CHARS} characters")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise InputError(f"input: a number of more than {MAX_NUMBER_CHARS} characters")
    value = float(text)
    if not math.isfinite(value):
        raise InputError(f"input: {text} is too large a number")
    return value


def load_input(raw: bytes) -> Any:
    """The JSON value of untrusted bytes, within the limits; raises InputError."""
    if len(raw) > MAX_INPUT_BYTES:
        raise InputError(f"input: more than {MAX_INPUT_BYTES} bytes")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("input: not UTF-8 text") from None
    _check_depth(text)
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_reject_constant,
        )
    except json.JSONDecodeError as exc:
        raise InputError(f"input: not valid JSON ({exc})") from None
    except RecursionError:  # cannot happen past _check_depth; kept as a guard
        raise InputError(f"input: nested deeper than {MAX_DEPTH} levels") from None
    if isinstance(data, list) and len(data) > MAX_HANDS:
        raise InputError(f"input: more than {MAX_HANDS} hands")
    return data
