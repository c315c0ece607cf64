"""How an audit line reads. A line is stored as codes with their data (who, what,
which event, round, table): services.audit writes them, this module puts them into
words when the line is read, in the reader's language, never in the language of the
person who acted.

A line's data (AuditEntry.data) is ``{"target": [part, ...], "lines": [[code,
params], ...]}``. A target part is a name as typed (a player, a user, a file) or a
value to put into words (``{"c": "round", "v": 2}`` reads "Round 2", "Séance 2").
A param is a number, a name, or such a value. Codes are never renamed: old lines keep
reading; a new wording is a new msgid under the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date
from typing import Any

from django.utils.formats import date_format
from django.utils.translation import get_language, gettext, gettext_noop, ngettext, ngettext_lazy

from ..rules import typography
from .clubs import Player
from .duplicate import SpecialResult, orientation_letter
from .events import Event, Table
from .hands import Hand
from .people import Role

Line = list[Any]  # [code, params]: JSON has no tuples

# The sentences of the trail, by code. gettext_noop marks them for makemessages; they
# are translated when read (render_lines).
MESSAGES: dict[str, str] = {
    # seating: rounds
    "round_added": gettext_noop("Round added."),
    "round_deleted": gettext_noop("Round deleted."),
    "round_moved": gettext_noop("Moved to %(event)s."),
    "number_changed": gettext_noop("Number %(old)s → %(new)s."),
    "seats_swapped": gettext_noop(
        "%(a)s (table %(table_a)s) and %(b)s (table %(table_b)s) swapped seats."
    ),
    "movement_seated": gettext_noop(
        "%(rounds)s rounds seated from the movement: %(tables)s tables, %(players)s players."
    ),
    "team_matches_seated": gettext_noop(
        "%(rounds)s rounds of team matches seated: %(teams)s teams, %(tables)s tables."
    ),
    "seating_cleared": gettext_noop("Seating cleared."),
    # seating: tables and seats
    "table_added": gettext_noop("Table added (%(round)s)."),
    "table_moved": gettext_noop("Moved to %(round)s."),
    "table_seated": gettext_noop(
        "Table seated. Players: %(players)s. Scorekeepers: %(scorekeepers)s."
    ),
    "table_players": gettext_noop("Players: %(players)s."),
    "table_scorekeepers": gettext_noop("Scorekeepers: %(old)s → %(new)s."),
    "table_deleted": gettext_noop("Table deleted. Players: %(players)s."),
    "five_mode": "%(mode)s",
    "seat_added": gettext_noop("Seat %(position)s: %(player)s (added)."),
    "seat_removed": gettext_noop("Seat %(position)s: %(player)s (removed)."),
    "seat_changed": gettext_noop(
        "Seat %(old_position)s: %(old_player)s → Seat %(position)s: %(player)s."
    ),
    # people
    "member_added": gettext_noop("added as %(role)s"),
    "role_changed": "%(old)s → %(new)s",
    "member_removed": gettext_noop("removed from the club"),
    "guest_added": gettext_noop("guest %(role)s of %(event)s"),
    "guest_removed": gettext_noop("no longer a guest of %(event)s"),
    "public_name": "%(style)s",
    "account_linked": "%(username)s",
    "account_unlinked": gettext_noop("no account"),
    # rules and format
    "rules_set": "%(old)s → %(new)s",
    "field_changed": gettext_noop("%(field)s: %(old)s → %(new)s"),
    "kind_changed": gettext_noop("kind: %(old)s → %(new)s"),
    "seed_changed": gettext_noop("seating seed: %(old)s → %(new)s"),
    # duplicate rulings
    "ruling": "%(kind)s",
    "ruling_withdrawn": gettext_noop("Ruling withdrawn: %(kind)s"),
    "penalty_given": gettext_noop("Penalty: %(amount)s (%(reason)s)."),
    "penalty_withdrawn": gettext_noop("Penalty withdrawn: %(amount)s (%(reason)s)."),
    "taker_ruling": gettext_noop(
        "Ruling: %(taker)s takes a %(contract)s instead of %(named)s (named by the board)."
    ),
    # a board's result refused by its cards (services.duplicate_results.note_deal_refusal):
    # the detail the player was not told, for the arbiter
    "deal_poignee_trumps": gettext_noop(
        "%(orientation)s showed a %(size)s poignée (%(needed)s trumps) and was dealt"
        " %(held)s (the Excuse counted, and the dog for a taker who took it)."
    ),
    "deal_chelem_21": gettext_noop(
        "A chelem by the camp that did not play the 21 (dealt to %(holder)s)."
    ),
    "deal_petit_in_dog": gettext_noop(
        "A petit au bout with the Petit in the dog of a garde sans or a garde contre."
    ),
    "deal_oudlers": gettext_noop(
        "%(value)s oudlers typed: the deal gives the taker camp %(low)s to %(high)s."
    ),
    "deal_points": gettext_noop(
        "%(value)s card points typed: the deal gives the taker camp %(low)s to %(high)s."
    ),
    # imports
    "imported": gettext_noop(
        "%(rows)s rows: %(registered)s registered, %(already)s already registered, "
        "%(created)s players and %(clubs)s clubs created, %(teams)s teams created, "
        "%(licences)s licences added."
    ),
}

# The format fields an organiser changes (field_changed's "field").
FIELDS: dict[str, str] = {
    "rounds_planned": gettext_noop("rounds"),
    "deals_per_round": gettext_noop("deals per round"),
    "boards_per_round": gettext_noop("boards per round"),
    "team_size": gettext_noop("team size"),
    "app_deals": gettext_noop("boards dealt by the app"),
    "comparison": gettext_noop("comparison"),
    "team_match": gettext_noop("team match"),
    "free_bidding": gettext_noop("free bidding"),
    "taker": gettext_noop("taker"),
    "dealer": gettext_noop("dealer"),
    "contract": gettext_noop("contract"),
}


def _choice_label(choices: Iterable[tuple[Any, Any]]) -> Callable[[Any], str]:
    labels = dict(choices)
    return lambda value: str(labels.get(value, value))


def _event(value: Mapping[str, Any]) -> str:
    when = date_format(date.fromisoformat(value["date"]), "SHORT_DATE_FORMAT")
    return f"{value['name']} ({when})"


def _yes_no(value: Any) -> str:
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    return str(value)


# How a value `{"c": kind, "v": value}` reads.
VALUES: dict[str, Callable[[Any], str]] = {
    "round": lambda n: gettext("Round %(number)s") % {"number": n},
    "table": lambda n: gettext("Table %(number)s") % {"number": n},
    "board": lambda n: gettext("Board %(number)s") % {"number": n},
    "seat": lambda n: gettext("Seat %(position)s") % {"position": n},
    "orientation": lambda n: orientation_letter(int(n)),
    # who holds a card of a deal: an orientation ("N", "E", "S", "W"), or the dog
    "holder": lambda n: gettext("the dog") if n == "dog" else orientation_letter(n),
    "taker": lambda n: gettext("nobody") if n is None else orientation_letter(int(n)),
    "contract": lambda c: str(Hand.Contract(c).label) if c in Hand.Contract.values else "—",
    "event": _event,
    "role": _choice_label(Role.choices),
    "five_mode": _choice_label(Table.FiveMode.choices),
    "name_style": _choice_label(Player._meta.get_field("public_name_style").choices or ()),
    "ruling": _choice_label(SpecialResult.Kind.choices),
    "event_kind": _choice_label(Event.Kind.choices),
    "comparison": _choice_label(Event.Comparison.choices),
    "field": lambda name: gettext(FIELDS[name]) if name in FIELDS else str(name),
    "flag": _yes_no,
}


def value(kind: str, v: Any) -> dict[str, Any]:
    """A value put into words when read: `kind` is a key of VALUES."""
    return {"c": kind, "v": v}


def event_part(event: Event) -> dict[str, Any]:
    """An event as a target part: its name as typed, its date in the reader's format."""
    when = event.date if isinstance(event.date, date) else date.fromisoformat(str(event.date))
    return value("event", {"name": event.name, "date": when.isoformat()})


def line(code: str, **params: Any) -> Line:
    """One sentence of a line: `code` a key of MESSAGES (or "scorekeepers_named")."""
    return [code, params]


def _read(v: Any) -> Any:
    if isinstance(v, dict) and "c" in v:
        reader = VALUES.get(v["c"])
        return reader(v["v"]) if reader else str(v["v"])
    return v


def _scorekeepers_named(params: Mapping[str, Any]) -> str:
    """One clause per table number and names, with the rounds it was named for: a table
    named for every round of a duplicate event reads once, naming its rounds."""
    clauses = []
    for group in params["tables"]:
        rounds = list(group["rounds"])
        if not rounds:  # a line older than the codes never named the round
            table = gettext("Table %(number)s") % {"number": group["table"]}
            clauses.append(gettext("%(table)s: %(names)s") % {**group, "table": table})
            continue
        clause = ngettext(
            "Table %(table)s, round %(rounds)s: %(names)s",
            "Table %(table)s, rounds %(rounds)s: %(names)s",
            len(rounds),
        ) % {"table": group["table"], "rounds": _span(rounds), "names": group["names"]}
        clauses.append(clause)
    separator = typography.punctuation(";", get_language()) + " "  # " ; " in French
    return (
        typography.label(gettext("Scorekeepers named"), get_language())
        + " "
        + separator.join(clauses)
    )


def _span(numbers: Sequence[int]) -> str:
    """ "1–4" for consecutive numbers, "1, 3" otherwise."""
    numbers = sorted(numbers)
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}–{numbers[-1]}"
    return ", ".join(str(n) for n in numbers)


# Lines whose wording depends on their data: a list put into words.
SPECIAL: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "scorekeepers_named": _scorekeepers_named,
}

# Lines with a plural: ngettext_lazy with the name of the param that counts (read when
# the line is put into words, in the reader's language).
PLURALS: dict[str, Any] = {
    "round_seated": ngettext_lazy(
        "Round %(number)s seated: %(tables)s table, %(players)s players.",
        "Round %(number)s seated: %(tables)s tables, %(players)s players.",
        "tables",
    ),
    "round_redrawn": ngettext_lazy(
        "Round %(number)s redrawn: %(tables)s table, %(players)s players.",
        "Round %(number)s redrawn: %(tables)s tables, %(players)s players.",
        "tables",
    ),
}


def render_line(code: str, params: Mapping[str, Any]) -> str:
    if code in SPECIAL:
        return SPECIAL[code](params)
    if code in PLURALS:
        return PLURALS[code] % {key: _read(v) for key, v in params.items()}
    message = MESSAGES.get(code)
    if message is None:  # a code this version does not know: show what is stored
        return " ".join(f"{key}={_read(v)}" for key, v in params.items()) or code
    return gettext(message) % {key: _read(v) for key, v in params.items()}


def render_lines(lines: Iterable[Sequence[Any]]) -> str:
    """The sentences joined: after a full stop a space, between fragments a comma."""
    text = ""
    for code, params in lines:
        part = render_line(code, params)
        if text:
            text += " " if text.endswith(".") else ", "
        text += part
    return text


def render_target(parts: Iterable[Any]) -> str:
    return " · ".join(str(_read(part)) for part in parts)
