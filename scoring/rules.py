"""Rule sets: the FFT default and the variants found in the rule texts.

A rule set is an immutable value with a stable name and a JSON form, so that an
event can store the exact rules its hands were scored with and rescore them
years later with the same result.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any

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


def check_rules(rules: RuleSet) -> None:
    """Reject a rule set that could not score a hand to zero."""
    names = [c for c, _ in (rules.contract_bases or rules.multipliers)]
    unknown = [c for c in names if c not in ALL_CONTRACTS]
    if unknown or not names or len(set(names)) != len(names):
        raise _rules_error(f"rules: unknown or repeated contracts {names}")
    for _, m in rules.multipliers:
        if not isinstance(m, Fraction) or m <= 0:
            raise _rules_error("rules: multipliers must be positive numbers")
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
    start = rules_from_json(data.pop("preset", "fft"))
    unknown = set(data) - _FIELD_NAMES
    if unknown:
        raise _rules_error(f"rules: unknown field(s) {sorted(unknown)}")
    changes: dict[str, Any] = {}
    try:
        for key, value in data.items():
            if key == "multipliers":
                changes[key] = _in_bid_order((str(c), Fraction(str(m))) for c, m in value.items())
            elif key == "contract_bases":
                changes[key] = (
                    None
                    if value is None
                    else _in_bid_order((str(c), int(b)) for c, b in value.items())
                )
            elif key == "poignee_values":
                changes[key] = tuple(int(v) for v in value)
            elif key == "poignee_trumps":
                changes[key] = tuple(
                    sorted((int(n), tuple(int(t) for t in ts)) for n, ts in value.items())
                )
            elif key == "misere_values":
                changes[key] = None if value is None else tuple(int(v) for v in value)
            elif key in ("name", "label", "five_player_split"):
                changes[key] = str(value)
            else:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise TypeError(key)
                changes[key] = value
    except (TypeError, ValueError, AttributeError, ZeroDivisionError):
        raise _rules_error("rules: a field has the wrong type") from None
    if "name" not in changes and changes:
        changes["name"] = "custom"
        changes.setdefault("label", "Custom rules")
    return replace(start, **changes)


def _in_bid_order(pairs: Any) -> tuple[Any, ...]:
    """Contracts weakest first, whatever order a JSON object (or jsonb) gave them in,
    so that a stored rule set reads back equal to the one that was stored."""
    order = {c: i for i, c in enumerate(ALL_CONTRACTS)}
    return tuple(sorted(pairs, key=lambda pair: order.get(pair[0], len(order))))
