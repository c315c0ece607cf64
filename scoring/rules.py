"""Rule sets: the FFT default and the variants found in the rule texts.

A rule set is an immutable value with a stable name and a JSON form, so that an
event can store the exact rules its hands were scored with and rescore them
years later with the same result.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any, TypeGuard

from .errors import HandError

CONTRACTS_FFT: tuple[str, ...] = ("prise", "garde", "garde_sans", "garde_contre")
ALL_CONTRACTS: tuple[str, ...] = ("prise", "pousse", "garde", "garde_sans", "garde_contre")
POIGNEE_SIZES: tuple[str, ...] = ("simple", "double", "triple")
MISERE_SIZES: tuple[str, ...] = ("simple", "double")
FIVE_PLAYER_SPLITS: tuple[str, ...] = ("fft", "equal")
ROUNDINGS: tuple[int, ...] = (1, 5, 10)


@dataclass(frozen=True)
class RuleSet:
    """Every number the scoring of one hand depends on.

    Multipliers are Fractions because the pousse is worth 1.5 in one rule text.
    `contract_bases` switches to the "alternative scoring" of the English text:
    no multiplier, a base that depends on the contract instead of 25.
    """

    name: str = "fft"
    base: int = 25
    multipliers: tuple[tuple[str, Fraction], ...] = (
        ("prise", Fraction(1)),
        ("garde", Fraction(2)),
        ("garde_sans", Fraction(4)),
        ("garde_contre", Fraction(6)),
    )
    contract_bases: tuple[tuple[str, int], ...] | None = None
    petit_au_bout: int = 10
    poignee_values: tuple[int, int, int] = (20, 30, 40)
    # Trumps to show for a simple / double / triple poignée, by number of players.
    poignee_trumps: tuple[tuple[int, tuple[int, int, int]], ...] = (
        (3, (13, 15, 18)),
        (4, (10, 13, 15)),
        (5, (8, 10, 13)),
    )
    chelem_announced_made: int = 400
    chelem_unannounced_made: int = 200
    chelem_announced_failed: int = 200
    chelem_defence: int = 200
    # Per-defender value rounded to this unit, half away from zero.
    rounding: int = 1
    five_player_split: str = "fft"
    # None: no misère in this rule set; else (simple, double) paid by each other player.
    misere_values: tuple[int, int] | None = None
    label: str = field(default="FFT (Fédération Française de Tarot)", compare=False)

    def __post_init__(self) -> None:
        check_rules(self)

    @property
    def contracts(self) -> tuple[str, ...]:
        """The bids this rule set allows, weakest first."""
        names = dict(self.contract_bases or self.multipliers)
        return tuple(c for c in ALL_CONTRACTS if c in names)

    def multiplier(self, contract: str) -> Fraction:
        if self.contract_bases is not None:
            return Fraction(1)
        return dict(self.multipliers)[contract]

    def contract_base(self, contract: str) -> int:
        if self.contract_bases is None:
            return self.base
        return dict(self.contract_bases)[contract]

    def poignee_thresholds(self, player_count: int) -> dict[str, int]:
        return dict(zip(POIGNEE_SIZES, dict(self.poignee_trumps)[player_count], strict=True))

    def poignee_value(self, size: str) -> int:
        return dict(zip(POIGNEE_SIZES, self.poignee_values, strict=True))[size]

    @property
    def allows_misere(self) -> bool:
        return self.misere_values is not None

    def misere_value(self, size: str) -> int:
        assert self.misere_values is not None
        return dict(zip(MISERE_SIZES, self.misere_values, strict=True))[size]

    def to_json(self) -> dict[str, Any]:
        """The stable JSON form: every field, numbers as JSON numbers."""

        def number(value: Fraction) -> int | float:
            return int(value) if value.denominator == 1 else float(value)

        return {
            "name": self.name,
            "label": self.label,
            "base": self.base,
            "multipliers": {c: number(m) for c, m in self.multipliers},
            "contract_bases": None if self.contract_bases is None else dict(self.contract_bases),
            "petit_au_bout": self.petit_au_bout,
            "poignee_values": list(self.poignee_values),
            "poignee_trumps": {str(n): list(t) for n, t in self.poignee_trumps},
            "chelem_announced_made": self.chelem_announced_made,
            "chelem_unannounced_made": self.chelem_unannounced_made,
            "chelem_announced_failed": self.chelem_announced_failed,
            "chelem_defence": self.chelem_defence,
            "rounding": self.rounding,
            "five_player_split": self.five_player_split,
            "misere_values": None if self.misere_values is None else list(self.misere_values),
        }

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, ensure_ascii=False)


def _rules_error(message: str, code: str = "invalid_rules", **params: Any) -> HandError:
    return HandError("rules", code, message, **params)


# Sane bounds for a rule set's numbers (docs/ENGINE.md, "The scoring engine and its JSON
# face"): generous for any real variant, small enough that no score overflows a
# database integer or takes long to compute.
MAX_MULTIPLIER = 100
MAX_POINTS_VALUE = 10_000
MAX_NAME_LENGTH = 200


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check_rules(rules: RuleSet) -> None:
    """Reject a rule set that could not score every hand to zero, or whose numbers are
    not sane: every FFT contract present, multipliers in (0, 100], values 0..10,000."""
    if rules.contract_bases is not None and not rules.contract_bases:
        raise _rules_error("rules: contract_bases must name the contracts (or be null)")
    for table in (rules.multipliers, *([rules.contract_bases] if rules.contract_bases else [])):
        names = [c for c, _ in table]
        unknown = [c for c in names if c not in ALL_CONTRACTS]
        missing = [c for c in CONTRACTS_FFT if c not in names]
        if unknown or missing or len(set(names)) != len(names):
            raise _rules_error(
                f"rules: unknown, missing or repeated contracts {names}"
                f" (needed: {', '.join(CONTRACTS_FFT)})"
            )
    for _, m in rules.multipliers:
        if (
            not isinstance(m, Fraction)
            or not 0 < m <= MAX_MULTIPLIER
            or m.denominator > MAX_MULTIPLIER
        ):
            raise _rules_error(
                f"rules: multipliers must be numbers above 0 and at most {MAX_MULTIPLIER}"
            )
    values = [
        rules.base,
        *(b for _, b in rules.contract_bases or ()),
        rules.petit_au_bout,
        *rules.poignee_values,
        rules.chelem_announced_made,
        rules.chelem_unannounced_made,
        rules.chelem_announced_failed,
        rules.chelem_defence,
        *(rules.misere_values or ()),
    ]
    if not all(_is_int(v) and 0 <= v <= MAX_POINTS_VALUE for v in values):
        raise _rules_error(
            f"rules: bases, bonuses and values must be whole numbers from 0 to {MAX_POINTS_VALUE}"
        )
    if not all(
        isinstance(text, str) and len(text) <= MAX_NAME_LENGTH for text in (rules.name, rules.label)
    ):
        raise _rules_error(f"rules: name and label: texts of at most {MAX_NAME_LENGTH} characters")
    if rules.rounding not in ROUNDINGS:
        raise _rules_error(f"rules: rounding must be one of {ROUNDINGS}")
    if rules.five_player_split not in FIVE_PLAYER_SPLITS:
        raise _rules_error(f"rules: five_player_split must be one of {FIVE_PLAYER_SPLITS}")
    if (
        len(rules.poignee_values) != 3
        or sorted(dict(rules.poignee_trumps)) != [3, 4, 5]
        or any(len(levels) != 3 for _, levels in rules.poignee_trumps)
    ):
        raise _rules_error("rules: poignée values and trumps need three levels for 3, 4, 5 players")
    if not all(_is_int(t) and 1 <= t <= 22 for _, levels in rules.poignee_trumps for t in levels):
        raise _rules_error("rules: a poignée shows from 1 to 22 trumps")
    if rules.misere_values is not None and len(rules.misere_values) != 2:
        raise _rules_error("rules: misere_values needs a simple and a double value")


FFT = RuleSet()

PRESETS: dict[str, RuleSet] = {
    r.name: r
    for r in (
        FFT,
        replace(
            FFT,
            name="fft_old_poignees",
            poignee_values=(20, 40, 60),
            label="FFT, old poignée values 20/40/60",
        ),
        replace(FFT, name="fft_round_5", rounding=5, label="FFT, rounded to 5"),
        replace(FFT, name="fft_round_10", rounding=10, label="FFT, rounded to 10"),
        replace(
            FFT,
            name="fft_equal_split5",
            five_player_split="equal",
            label="FFT, 5 players: taker and partner share equally",
        ),
        replace(
            FFT,
            name="pousse_x1_5",
            multipliers=(("prise", Fraction(1)), ("pousse", Fraction(3, 2)), *FFT.multipliers[1:]),
            label="FFT with pousse (x1.5)",
        ),
        replace(
            FFT,
            name="pousse_x1",
            multipliers=(("prise", Fraction(1)), ("pousse", Fraction(1)), *FFT.multipliers[1:]),
            label="FFT with pousse (x1, scored as a prise)",
        ),
        replace(FFT, name="misere", misere_values=(10, 20), label="FFT with misère (10/20)"),
        replace(
            FFT,
            name="garde_contre_x8",
            multipliers=(*FFT.multipliers[:3], ("garde_contre", Fraction(8))),
            label="FFT, garde contre x8",
        ),
        replace(
            FFT,
            name="garde_contre_x7",
            multipliers=(*FFT.multipliers[:3], ("garde_contre", Fraction(7))),
            label="FFT, garde contre x7",
        ),
        replace(
            FFT,
            name="alternative",
            contract_bases=(
                ("prise", 10),
                ("pousse", 20),
                ("garde", 40),
                ("garde_sans", 80),
                ("garde_contre", 160),
            ),
            label="Alternative scoring: base 10/20/40/80/160, no multiplier",
        ),
    )
}

_FIELD_NAMES = {f.name for f in fields(RuleSet)}


def rules_from_json(data: str | dict[str, Any] | None) -> RuleSet:
    """A preset name, or a rules object; a missing field takes the FFT value.

    An object may name a preset in "preset" and override some of its fields,
    e.g. {"preset": "misere", "rounding": 10}.
    """
    if data is None:
        return FFT
    if isinstance(data, str):
        try:
            return PRESETS[data]
        except KeyError:
            raise _rules_error(
                f"rules: unknown preset {data!r} (known: {', '.join(PRESETS)})",
                code="unknown_preset",
                value=data,
            ) from None
    if not isinstance(data, dict):
        raise _rules_error("rules: must be a preset name or an object")
    data = dict(data)
    preset = data.pop("preset", "fft")
    if not isinstance(preset, str):
        raise _rules_error("rules: preset must be a preset name")
    start = rules_from_json(preset)
    unknown = set(data) - _FIELD_NAMES
    if unknown:
        raise _rules_error(f"rules: unknown field(s) {sorted(unknown)}")
    changes: dict[str, Any] = {}
    try:
        for key, value in data.items():
            if key == "multipliers":
                changes[key] = _in_bid_order(
                    (str(c), _multiplier(m)) for c, m in _items(value, len(ALL_CONTRACTS))
                )
            elif key == "contract_bases":
                changes[key] = (
                    None
                    if value is None
                    else _in_bid_order(
                        (str(c), _whole(b)) for c, b in _items(value, len(ALL_CONTRACTS))
                    )
                )
            elif key == "poignee_values":
                changes[key] = tuple(_whole(v) for v in _list(value, 3))
            elif key == "poignee_trumps":
                changes[key] = tuple(
                    sorted(
                        (_whole(int(n)), tuple(_whole(t) for t in _list(ts, 3)))
                        for n, ts in _items(value, 3)
                        if n in ("3", "4", "5") or _is_int(n)
                    )
                )
                if len(changes[key]) != len(value):
                    raise ValueError(key)
            elif key == "misere_values":
                changes[key] = None if value is None else tuple(_whole(v) for v in _list(value, 2))
            elif key in ("name", "label", "five_player_split"):
                if not isinstance(value, str):
                    raise TypeError(key)
                changes[key] = value
            else:
                changes[key] = _whole(value)
    except (TypeError, ValueError, AttributeError, ZeroDivisionError, OverflowError):
        raise _rules_error("rules: a field has the wrong type") from None
    if "name" not in changes and changes:
        changes["name"] = "custom"
        changes.setdefault("label", "Custom rules")
    return replace(start, **changes)


# A multiplier given as text: "1.5" or "3/2", a few digits only (Fraction("1e10000000")
# would compute a ten-million-digit number).
MULTIPLIER_TEXT_RE = re.compile(r"\d{1,3}(?:\.\d{1,6})?|\d{1,3}/\d{1,3}")


def _multiplier(value: Any) -> Fraction:
    if isinstance(value, str) and MULTIPLIER_TEXT_RE.fullmatch(value.strip()):
        return Fraction(value.strip())
    if _is_int(value) and abs(value) <= MAX_MULTIPLIER:
        return Fraction(value)
    if isinstance(value, float) and math.isfinite(value) and abs(value) <= MAX_MULTIPLIER:
        return Fraction(str(value))
    raise ValueError("multiplier")


def _whole(value: Any) -> int:
    """A whole number given as a JSON number (20 or 20.0), within the sane bounds."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if not _is_int(value) or abs(value) > MAX_POINTS_VALUE:
        raise ValueError("not a sane whole number")
    return value


def _items(value: Any, most: int) -> list[tuple[Any, Any]]:
    if not isinstance(value, dict) or len(value) > most:
        raise TypeError("object")
    return list(value.items())


def _list(value: Any, most: int) -> list[Any]:
    if not isinstance(value, list | tuple) or len(value) > most:
        raise TypeError("list")
    return list(value)


def _in_bid_order(pairs: Any) -> tuple[Any, ...]:
    """Contracts weakest first, whatever order a JSON object (or jsonb) gave them in,
    so that a stored rule set reads back equal to the one that was stored."""
    order = {c: i for i, c in enumerate(ALL_CONTRACTS)}
    return tuple(sorted(pairs, key=lambda pair: order.get(pair[0], len(order))))
