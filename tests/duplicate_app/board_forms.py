"""Random board forms as a scorekeeper posts them, and the server's board preview's
answer to each: shared by the parity tests of the board's engine (here in CPython,
tests/browser/test_engine_parity.py in Pyodide)."""

from __future__ import annotations

import random
from typing import Any

from django.http import QueryDict

from tournaments.models import Board, Seat, Table
from tournaments.rules.boards import trumps_dealt
from tournaments.services.hands import table_seats
from tournaments.views.duplicate_entry import _form, _preview


def random_board_fields(
    rng: random.Random, table: Table, board: Board, *, seats: list[Seat] | None = None
) -> dict[str, str]:
    """One board form as posted: mostly plain results, and every kind of mistake the
    board's checks refuse (more trumps shown than dealt, a chelem or a Petit au bout
    the cards forbid, the form's own mistakes, another taker or no contract on a board
    that names its taker). `seats`: the table's (table_seats), for a caller that has
    them already: the same fields, without reading them again for each form."""
    if seats is None:
        seats = table_seats(table)
    ids = [seat.player_id for seat in seats]
    fields: dict[str, str] = {"points_camp": rng.choice(["taker", "taker", "defence"])}
    if rng.random() < 0.2:  # what a tampered or stale form may post for fixed fields
        fields["dealer"] = str(rng.choice(ids))
    if rng.random() < 0.06:
        fields["contract"] = ""
        if rng.random() < 0.3:
            fields["taker"] = str(rng.choice(ids))
        return fields
    fields["contract"] = rng.choice(["prise", "garde", "garde", "garde_sans", "garde_contre"])
    fields["taker"] = "" if rng.random() < 0.04 else str(rng.choice(ids))
    fields["oudlers"] = "" if rng.random() < 0.04 else str(rng.choices(range(4), [2, 4, 4, 2])[0])
    roll = rng.random()
    if roll < 0.05:
        fields["points"] = rng.choice(["abc", "95", "-3", "", "40,5"])
    else:
        fields["points"] = str(rng.randint(0, 91) if roll < 0.15 else rng.randint(25, 65))
    fields["petit_au_bout"] = rng.choices(["", "taker", "defence"], [8, 1, 1])[0]
    trumps = trumps_dealt(board.deal) if board.deal is not None else [0, 0, 0, 0]
    for seat in seats:
        if rng.random() < 0.12:
            # Now and then one the cards allow: at least 10 (13, 15) trumps dealt.
            fits = [
                s
                for s, n in (("simple", 10), ("double", 13), ("triple", 15))
                if trumps[seat.position] >= n
            ]
            fields[f"poignee_{seat.player_id}"] = rng.choice(fits or ["simple", "double", "triple"])
    if rng.random() < 0.05:
        fields["chelem_announced"] = "on"
    if fields["points"] in ("91", "0") or rng.random() < 0.05:
        fields["chelem_made_by"] = rng.choice(["", "taker", "defence"])
    return fields


def server_board_answer(table: Table, board: Board, fields: dict[str, str]) -> dict[str, Any]:
    """What the server's live board preview answers (views.duplicate_entry._preview),
    scores by player id."""
    data = QueryDict(mutable=True)
    data.update(fields)
    form = _form(table, board, None, data)
    shown = _preview(form)
    if shown.get("result") is None:
        return {"ok": False, "errors": {name: list(errors) for name, errors in form.errors.items()}}
    result = shown["result"]
    return {
        "ok": True,
        "scores": {row["player"].pk: row["score"] for row in shown["rows"]},
        "made": result.made,
        "value": result.value,
    }


def engine_board_answer(answer: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer (rules.board_entry.score_board_fields) in the same shape."""
    if not answer["ok"]:
        return {"ok": False, "errors": answer["errors"]}
    return {
        "ok": True,
        "scores": {int(row["id"]): row["score"] for row in answer["scores"]},
        "made": answer["made"],
        "value": answer["value"],
    }
