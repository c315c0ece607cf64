"""The engine's JSON face: the same format for the CLI, imports and exports."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .engine import score_hand
from .errors import HandError
from .hand import Chelem, Hand, Misere, Poignee
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


def _points(data: dict[str, Any]) -> Fraction:
    """The taker camp's points, given directly or as the defence's (91 - those)."""
    if "points" in data and data["points"] is not None:
        key, raw = "points", data["points"]
    elif data.get("defence_points") is not None:
        key, raw = "defence_points", data["defence_points"]
    elif data.get("contract") is None:
        return Fraction(0)  # a passed hand has no card points
    else:
        raise HandError("points", "points_missing", "points: the taker camp's card points?")
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        raise _fail(key, "must be a number", "not_a_number")
    try:
        value = Fraction(str(raw).strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise _fail(key, f"{raw!r} is not a number", "not_a_number") from None
    if value.denominator not in (1, 2):
        raise HandError(
            key, "half_points_only", f"{key}: card points are counted in half points, not {raw}"
        )
    return value if key == "points" else 91 - value


def _player_entries(data: dict[str, Any], key: str, cls: type) -> tuple[Any, ...]:
    raw = data.get(key) or []
    if not isinstance(raw, list):
        raise _fail(key, "must be a list")
    entries = []
    for item in raw:
        if not isinstance(item, dict) or set(item) - {"player", "size"} or "player" not in item:
            raise _fail(key, 'each entry is {"player": ..., "size": ...}')
        entries.append(cls(player=item["player"], size=item.get("size", "simple")))
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
    oudlers = data.get("oudlers", 0)
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
