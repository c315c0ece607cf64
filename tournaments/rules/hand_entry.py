"""The hand form and the engine, without Django: which form field an engine error
belongs to, the parameters of its message, and (for the browser) the whole way from
the form's POST fields to each player's score or the refusals at their fields.

Pure Python on purpose: the server runs the first part (forms/hand.py and
forms/hand_errors.py call `error_field`, `pick_template` and `message_params`), and
the browser runs all of it with the `scoring` package itself, in Pyodide, when the
network is gone (tarot_club/static/js/engine.js, docs/OFFLINE_ENGINE.md). The rules
stay in `scoring`; what the browser adds is the form's own checks (`score_fields`
follows HandForm's cleaning step by step), and tests/browser/test_engine_parity.py
checks both give the same scores and the same refusals.

The messages come in the page's language from the server (`page["messages"]`, made
by forms/hand_errors.py `browser_catalogue`): one place for the French text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

import scoring
from scoring.hand import TOTAL_POINTS

# The hand form field an engine error's JSON field belongs to (the dealer is the one
# who sits out at a table of 5).
ENGINE_FIELD_TO_HAND_FIELD: dict[str, str] = {
    "points": "points",
    "defence_points": "points",
    "oudlers": "oudlers",
    "taker": "taker",
    "partner": "partner",
    "contract": "contract",
    "petit_au_bout": "petit_au_bout",
    "chelem": "chelem_made_by",
    "poignees": "poignees",
    "miseres": "miseres",
    "sitting_out": "dealer",
}
# The numbers a message may be put in the singular or the plural by.
COUNT_KEYS = ("oudlers", "count")
# The form's card points as typed ("41", "40,5").
POINTS_RE = re.compile(r"[+-]?\d{1,4}(?:[.,]\d{1,4})?")
NUMBER_TEXT_RE = re.compile(r"-?\d+\.\d+")


def poignee_name(player_id: Any) -> str:
    return f"poignee_{player_id}"


def misere_name(player_id: Any) -> str:
    return f"misere_{player_id}"


class Params(dict[str, Any]):
    """Interpolation that never fails on a parameter the engine did not send."""

    def __missing__(self, key: str) -> str:
        return "?"


def is_whole(value: Any) -> bool:
    try:
        int(value)
    except (TypeError, ValueError):
        return False
    return True


def error_field(
    error: scoring.HandError,
    field_names: Collection[str],
    player_ids: Collection[Any],
    declared_poignees: Sequence[str],
) -> str | None:
    """The form field an engine error belongs to (None: a non-field error).
    `declared_poignees`: the poignée fields with a poignée chosen, in seat order."""
    value = error.params.get("value")
    if error.field == "poignees" and value in player_ids:
        name: str | None = poignee_name(value)
    elif error.field == "poignees":
        # Poignées of several players together (more trumps shown than there are):
        # at the last one declared, so the message sits among the poignées.
        name = declared_poignees[-1] if declared_poignees else None
    elif error.field == "miseres" and value in player_ids:
        name = misere_name(value)
    else:
        name = ENGINE_FIELD_TO_HAND_FIELD.get(error.field)
    return name if name in field_names else None


def pick_template(
    error: scoring.HandError,
    messages: Mapping[str, Any],
    field_messages: Mapping[tuple[str, str], Any],
    fallback: Any,
) -> Any:
    """The message for an error: the one of its field and code, else of its code."""
    return field_messages.get((error.field, error.code), messages.get(error.code, fallback))


def message_params(
    error: scoring.HandError,
    player_names: Mapping[Any, str],
    localise: Callable[[Any], Any],
    this_player: Any,
    a_player: Any,
) -> Params:
    """The error's parameters as its message shows them: numbers in the page's
    language, the player named by his name."""
    params = Params({key: localise(value) for key, value in error.params.items()})
    value = error.params.get("value")
    params["player"] = player_names.get(value, this_player) if value is not None else a_player
    # A message in the singular and the plural is chosen by the number it is formatted
    # with ("1 bout", "2 bouts"): that number must be one.
    for key in COUNT_KEYS:
        if not is_whole(params.get(key)):
            params[key] = 0
    return params


def decimal_text(value: Decimal, separator: str) -> str:
    """A decimal as Django's number_format writes it without grouping ("40,5")."""
    text = f"{value:f}"
    return text.replace(".", separator)


# --- the browser's side: the form's POST fields -> scores or refusals -------------


class PluralTemplate:
    """A message in the singular and the plural, from the server's catalogue: its
    translations for a count of 0, 1 and 2 (French and English put every count from 2
    up in the form of 2; French puts 0 in the singular, English in the plural)."""

    def __init__(self, key: str, forms: Sequence[str]) -> None:
        self.key = key
        self.forms = list(forms)

    def __mod__(self, params: Mapping[str, Any]) -> str:
        count = params.get(self.key)
        index = min(max(int(count), 0), 2) if count is not None and is_whole(count) else 2
        return self.forms[index] % params


def _template(entry: Any) -> Any:
    if isinstance(entry, dict):
        return PluralTemplate(entry["key"], entry["forms"])
    return entry


class _Refusals:
    """The form's errors as Django lists them: field -> messages, in order."""

    def __init__(self) -> None:
        self.errors: dict[str, list[str]] = {}

    def add(self, field: str | None, message: str) -> None:
        self.errors.setdefault(field or "__all__", []).append(message)


def _choice(
    fields: Mapping[str, Any],
    name: str,
    choices: Collection[str],
    refusals: _Refusals,
    messages: Mapping[str, Any],
    *,
    required: bool = False,
) -> str | None:
    """A ChoiceField: "" when empty, None when refused (required or not a choice)."""
    value = fields.get(name)
    value = "" if value is None else str(value)
    if value == "":
        if required:
            refusals.add(name, str(messages["required"]))
            return None
        return ""
    if value not in choices:
        refusals.add(name, str(messages["invalid_choice"]) % {"value": value})
        return None
    return value


def _checked(fields: Mapping[str, Any], name: str) -> bool:
    """A tick box as Django's CheckboxInput and BooleanField read it."""
    value = fields.get(name)
    if value is None:
        return False
    if isinstance(value, str):
        lowered = value.lower()
        if lowered in ("true", "false"):
            return lowered == "true"
    return bool(value)


def _parse_points(raw: str, refusals: _Refusals, messages: Mapping[str, Any]) -> Decimal | None:
    """HandForm.clean_points (forms/hand.py parse_points): None when empty or refused."""
    raw = raw.strip()
    if not raw:
        return None
    if not POINTS_RE.fullmatch(raw):
        refusals.add("points", str(messages["codes"]["not_a_number"]))
        return None
    try:
        value = Decimal(raw.replace(",", "."))
    except InvalidOperation:  # pragma: no cover - the pattern allows only numbers
        refusals.add("points", str(messages["codes"]["not_a_number"]))
        return None
    if not 0 <= value <= TOTAL_POINTS:
        shown = (
            str(int(value))
            if value == value.to_integral()
            else decimal_text(value, messages["decimal_separator"])
        )
        refusals.add("points", messages["codes"]["points_range"] % {"value": shown})
        return None
    return value


def score_fields(
    fields: Mapping[str, Any],
    page: Mapping[str, Any],
    checks: Callable[[scoring.Hand], Sequence[scoring.HandError]] | None = None,
) -> dict[str, Any]:
    """The hand form's POST fields -> {"ok": True, "scores": [...], ...} or
    {"ok": False, "errors": {field: [message, ...]}}, as the server's preview would
    answer. `page`: the table as the hand form's page holds it (templatetags
    hand_engine `engine_page`): seats, rules, allowed contracts, messages. `checks`:
    what the server asks of the hand before scoring it (a duplicate board's:
    rules/board_entry.py), every error it gives placed at its field."""
    messages = page["messages"]
    players = [(int(pid), name) for pid, name in page["players"]]
    ids = [pid for pid, _ in players]
    names = dict(players)
    id_texts = [str(pid) for pid in ids]
    has_partner = bool(page["has_partner"])
    rules = scoring.rules_from_json(page["rules"])
    refusals = _Refusals()
    camps = ("taker", "defence")

    # HandForm's fields, in their order (Django cleans them one by one).
    dealer = _choice(fields, "dealer", id_texts, refusals, messages, required=True)
    contract = _choice(
        fields,
        "contract",
        page["contracts"],
        refusals,
        messages,
        required=bool(page.get("contract_required")),
    )
    taker = _choice(fields, "taker", id_texts, refusals, messages)
    partner = _choice(fields, "partner", id_texts, refusals, messages) if has_partner else ""
    oudlers = _choice(fields, "oudlers", ("0", "1", "2", "3"), refusals, messages)
    raw_points = fields.get("points")
    points = _parse_points("" if raw_points is None else str(raw_points), refusals, messages)
    points_camp = _choice(fields, "points_camp", camps, refusals, messages)
    petit_au_bout = _choice(fields, "petit_au_bout", camps, refusals, messages)
    chelem_announced = _checked(fields, "chelem_announced")
    chelem_made_by = _choice(fields, "chelem_made_by", camps, refusals, messages)
    sizes = ("simple", "double", "triple")
    poignees = {pid: _choice(fields, poignee_name(pid), sizes, refusals, messages) for pid in ids}
    miseres: dict[int, str | None] = {}
    if rules.allows_misere:
        for pid in ids:
            miseres[pid] = _choice(
                fields, misere_name(pid), ("simple", "double"), refusals, messages
            )

    # HandForm.clean: a played hand needs its oudlers and points; the defence's
    # points are turned into the taker camp's.
    if contract and oudlers == "" and "oudlers" not in refusals.errors:
        refusals.add("oudlers", str(messages["codes"]["oudlers_missing"]))
    if contract and "points" not in refusals.errors:
        if points is None:
            refusals.add("points", str(messages["codes"]["points_missing"]))
        elif points_camp == "defence":
            points = TOTAL_POINTS - points
    if refusals.errors:
        return {"ok": False, "errors": refusals.errors}

    # HandForm.build_hand, services.hands.apply_table_mode and engine_hand.
    assert dealer is not None
    passed = not contract
    hand = scoring.Hand(
        players=tuple(ids),
        taker=int(taker) if taker else None,
        contract=contract or None,
        partner=int(partner) if has_partner and partner else None,
        oudlers=0 if passed else int(oudlers or 0),
        points=Fraction(0) if passed else Fraction(str(points)),
        petit_au_bout=petit_au_bout or None,
        poignees=tuple(
            scoring.Poignee(player=pid, size=size) for pid, size in poignees.items() if size
        ),
        chelem=scoring.Chelem(announced=chelem_announced, made_by=chelem_made_by or None),
        miseres=tuple(
            scoring.Misere(player=pid, size=size) for pid, size in miseres.items() if size
        ),
        sitting_out=int(dealer) if page["dealer_sits_out"] else None,
    )
    result: scoring.HandResult | None = None
    try:
        errors = list(checks(hand)) if checks is not None else []
        if not errors:
            result = scoring.score_hand(hand, rules)
    except scoring.HandError as error:
        errors = [error]
    if result is None:
        field_names = {"dealer", "contract", "taker", "oudlers", "points", "points_camp"}
        field_names |= {"petit_au_bout", "chelem_announced", "chelem_made_by", "no_chelem"}
        field_names |= {poignee_name(pid) for pid in ids}
        if has_partner:
            field_names.add("partner")
        if rules.allows_misere:
            field_names |= {misere_name(pid) for pid in ids}
        declared = [poignee_name(pid) for pid in ids if poignees.get(pid)]
        for refused in errors:
            field = error_field(refused, field_names, ids, declared)
            refusals.add(field, browser_message(refused, names, messages))
            if field in declared:  # Django's add_error drops the field's cleaned value
                declared.remove(field)
        return {"ok": False, "errors": refusals.errors}

    def role(pid: int) -> str:
        if pid == hand.sitting_out:
            return "sits_out"
        if pid == hand.taker:
            return "taker"
        return "partner" if pid == hand.partner else ""

    return {
        "ok": True,
        "scores": [
            {"player": name, "id": pid, "score": result.scores.get(pid, 0), "role": role(pid)}
            for pid, name in players
        ],
        "made": result.made,
        "margin": _number(result.margin),
        "value": result.value,
        "points": None if passed else _number(hand.points),
        "defence_points": None if passed else _number(TOTAL_POINTS - hand.points),
    }


def _number(value: Any) -> Any:
    """A count of points for JSON: whole as an int, else a float (40.5)."""
    if value is None:
        return None
    fraction = Fraction(value)
    return int(fraction) if fraction.denominator == 1 else float(fraction)


def browser_message(
    error: scoring.HandError, player_names: Mapping[Any, str], messages: Mapping[str, Any]
) -> str:
    """forms/hand_errors.py hand_error_message, with the page's catalogue."""
    codes = {code: _template(entry) for code, entry in messages["codes"].items()}
    by_field = {
        tuple(key.split("|", 1)): _template(entry) for key, entry in messages["fields"].items()
    }
    template = pick_template(error, codes, by_field, messages["fallback"])
    separator = messages["decimal_separator"]

    def localise(value: Any) -> Any:
        if isinstance(value, str) and NUMBER_TEXT_RE.fullmatch(value):
            return decimal_text(Decimal(value), separator)
        return value

    params = message_params(
        error, player_names, localise, messages["this_player"], messages["a_player"]
    )
    return str(template % params)
