"""The scoring engine in the browser (Pyodide, js/engine.js) is the server's: same scores,
same refusals at the same fields with the same French messages, and the preview shows
offline (docs/OFFLINE_ENGINE.md).

- The engine's worked examples (RULES.md and the rule texts: tests/scoring) scored in
  Chromium by `scoring` under Pyodide and by the server's Python: both give the
  expected scores.
- A few hundred random hand forms, valid and impossible, at tables of 3, 4 and 5 (the
  called king and the dealer sitting out, FFT and misère rules): the browser's
  `tarotEngine.score(fields)` and the server's preview (views.scorekeeping._preview,
  the very code of the live preview) give the same scores, or the same messages at the
  same fields.
- With the network cut after the page and the engine loaded, the preview appears and
  an impossible hand is refused at its field, in French.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.http import QueryDict
from django.urls import reverse
from django.utils import translation

import scoring
from tarot_club.csp_engine import WORKER_POLICY
from tests.conftest import PASSWORD
from tests.scoring import test_worked_examples as worked
from tests.scoring.rule_text_examples import EXAMPLES
from tests.waiting import ENGINE, ceiling_ms
from tournaments.forms.hand import HandForm
from tournaments.models import Table
from tournaments.services import hands as hand_services
from tournaments.views.scorekeeping import _preview

from ..factories import make_event, make_round, make_table
from .conftest import choose, log_in

pytestmark = pytest.mark.slow

# Pyodide is slow to start, slower on a loaded machine.
READY_MS = ceiling_ms(ENGINE)


def open_engine(page, table: Table) -> None:
    """The table's new-hand page, with the engine loaded in the browser."""
    response = page.goto(reverse("hand_new", args=[table.pk]))
    assert response.status == 200 and page.url.endswith(reverse("hand_new", args=[table.pk]))
    engine_ready(page)


def engine_ready(page) -> None:
    page.wait_for_function("window.tarotEngine !== undefined", timeout=READY_MS)
    page.evaluate(
        """ms => Promise.race([window.tarotEngine.ready,
              new Promise((_, no) => setTimeout(() => no(new Error('engine not ready')), ms))])""",
        READY_MS,
    )


# --- the worked examples ------------------------------------------------------------


def worked_examples() -> list[tuple[str, dict[str, Any], dict[str, int]]]:
    rows: list[tuple[str, dict[str, Any], dict[str, int]]] = [
        (example["id"], example["hand"], example["expected"]["scores"]) for example in EXAMPLES
    ]
    for table_name in (
        "CONTRACTS",
        "TARGETS",
        "HALF_POINTS",
        "PETIT_AU_BOUT",
        "POIGNEES",
        "CHELEM",
        "PASSED",
        "FIVE_PLAYERS",
        "SITTING_OUT",
        "PRESET_ROWS",
    ):
        for param in getattr(worked, table_name):
            data, scores, _made, _value = param.values
            rows.append((param.id, data, scores))
    return rows


def test_worked_examples_score_the_same_in_the_browser(phone, scorekeeper, table4):
    rows = worked_examples()
    assert len(rows) > 100
    log_in(phone, scorekeeper.username, PASSWORD)
    open_engine(phone, table4)
    in_browser = phone.evaluate(
        "hands => Promise.all(hands.map(h => window.tarotEngine.scoreJson(h)))",
        [data for _, data, _ in rows],
    )
    for (name, data, expected), browser in zip(rows, in_browser, strict=True):
        server = scoring.score_json(data)
        assert server["scores"] == expected, name
        assert browser["scores"] == expected, name
        assert (browser["made"], browser["value"]) == (server["made"], server["value"]), name


# --- random hand forms, both ways ---------------------------------------------------


def _points_text(rng: random.Random, players: int) -> str:
    """Card points as a scorekeeper types them, now and then mistyped."""
    roll = rng.random()
    if roll < 0.06:
        return rng.choice(["abc", "95", "-3", "40,25", "12.5.1", "", "91,5", "1e3", " 41 "])
    if players == 4:
        value = str(rng.randint(0, 91))
    else:
        half = rng.randint(0, 182)
        value = str(half // 2) + ("" if half % 2 == 0 else rng.choice([",5", ".5"]))
        if rng.random() < 0.03:  # half points at 4 players' style mistakes elsewhere
            value += "0"
    return value


def random_fields(
    rng: random.Random, ids: list[int], *, has_partner: bool, misere: bool, contracts: list[str]
) -> dict[str, str]:
    """One hand form as posted: mostly possible hands, and every kind of mistake."""
    fields = {
        "dealer": str(rng.choice(ids)),
        "points_camp": rng.choice(["taker", "taker", "defence"]),
    }
    if rng.random() < 0.07:
        fields["contract"] = ""
        if rng.random() < 0.3:
            fields["taker"] = str(rng.choice(ids))  # passed with a taker: refused
        if rng.random() < 0.2:
            fields["petit_au_bout"] = "taker"
        return fields
    fields["contract"] = rng.choice(contracts)
    fields["taker"] = "" if rng.random() < 0.04 else str(rng.choice(ids))
    if has_partner:
        fields["partner"] = rng.choice(["", *map(str, ids)])
    fields["oudlers"] = "" if rng.random() < 0.04 else str(rng.randint(0, 3))
    fields["points"] = _points_text(rng, len(ids))
    fields["petit_au_bout"] = rng.choices(["", "taker", "defence"], [8, 1, 1])[0]
    for pid in ids:
        if rng.random() < 0.08:
            fields[f"poignee_{pid}"] = rng.choice(["simple", "double", "triple"])
        if misere and rng.random() < 0.08:
            fields[f"misere_{pid}"] = rng.choice(["simple", "double"])
    if rng.random() < 0.06:
        fields["chelem_announced"] = "on"
    points = fields["points"]
    if points in ("91", "0") or rng.random() < 0.04:
        fields["chelem_made_by"] = rng.choice(["", "taker", "defence"])
    return fields


def server_answer(table: Table, fields: dict[str, str]) -> dict[str, Any]:
    """What the server's live preview answers for these fields (its own code)."""
    data = QueryDict(mutable=True)
    data.update(fields)
    seats = hand_services.table_seats(table)
    form = HandForm(data, table=table, seats=seats, rules=table.round.event.rules)
    shown = _preview(form)
    if shown.get("result") is None:
        return {"ok": False, "errors": {name: list(errors) for name, errors in form.errors.items()}}
    result = shown["result"]
    return {
        "ok": True,
        "scores": {row["player"].name: row["score"] for row in shown["rows"]},
        "made": result.made,
        "value": result.value,
    }


def browser_answer(answer: dict[str, Any]) -> dict[str, Any]:
    if not answer["ok"]:
        return {"ok": False, "errors": answer["errors"]}
    return {
        "ok": True,
        "scores": {row["player"]: row["score"] for row in answer["scores"]},
        "made": answer["made"],
        "value": answer["value"],
    }


@pytest.fixture
def tables(night_round, players, table4, table5, scorekeeper, club, organiser):
    """Tables of 4 and 5 (called king) at FFT, 5 with the dealer sitting out, and 3
    under the misère rules: every shape of the hand form."""
    dealer_out = make_table(
        night_round,
        [players[0], players[2], players[4], players[6], players[8]],
        number=3,
        five_mode=Table.FiveMode.DEALER_OUT,
        scorekeepers=[scorekeeper],
    )
    misere_round = make_round(make_event(club, name="Soirée misère", rules_name="misere"))
    three = make_table(misere_round, players[1:4], number=1, scorekeepers=[scorekeeper])
    table5.scorekeepers.add(scorekeeper)
    return [table4, table5, dealer_out, three]


def test_random_hands_score_and_are_refused_alike(phone, scorekeeper, tables):
    rng = random.Random(23)
    log_in(phone, scorekeeper.username, PASSWORD)
    valid = refused = 0
    for table in tables:
        seats = hand_services.table_seats(table)
        ids = [seat.player_id for seat in seats]
        form = HandForm(table=table, seats=seats, rules=table.round.event.rules)
        contracts = [value for value, _ in form.fields["contract"].choices if value]
        hands = [
            random_fields(
                rng,
                ids,
                has_partner=form.has_partner,
                misere=table.round.event.rules.allows_misere,
                contracts=contracts,
            )
            for _ in range(90)
        ]
        open_engine(phone, table)
        in_browser = phone.evaluate(
            "hands => Promise.all(hands.map(h => window.tarotEngine.score(h)))", hands
        )
        with translation.override("fr"):
            on_server = [server_answer(table, fields) for fields in hands]
        for fields, browser, server in zip(hands, in_browser, on_server, strict=True):
            assert browser_answer(browser) == server, fields
            valid += server["ok"]
            refused += not server["ok"]
    # Both kinds in number, or the comparison proves little.
    assert valid >= 120 and refused >= 80, (valid, refused)


# --- offline ------------------------------------------------------------------------


def test_the_preview_and_the_refusals_show_offline(phone, scorekeeper, table4):
    bruno = table4.seats.get(position=2).player_id
    log_in(phone, scorekeeper.username, PASSWORD)
    open_engine(phone, table4)
    previews: list[str] = []
    phone.on("request", lambda r: previews.append(r.url) if "/preview/" in r.url else None)
    phone.context.set_offline(True)

    choose(phone, "taker", bruno)
    choose(phone, "contract", "garde")
    choose(phone, "oudlers", 2)
    phone.fill("#id_points", "56")
    scores = phone.locator("#preview #preview-scores[data-scored-by=browser]")
    scores.wait_for()
    assert scores.locator(f"[data-player='{bruno}'] .score").inner_text() == "+240"
    assert scores.locator(".score.score-neg").all_inner_texts() == ["-80", "-80", "-80"]
    text = scores.inner_text()
    assert "Faite" in text and "de 15" in text and "preneur" in text

    # Impossible: 3 oudlers and 5 points. Refused at the points, in the server's words.
    choose(phone, "oudlers", 3)
    phone.fill("#id_points", "5")
    phone.locator("#err-points div").wait_for()
    assert phone.locator("#err-points").inner_text() == (
        "Avec 3 bouts, le camp du preneur a entre 13,5 et 91 points, pas 5."
    )
    assert phone.locator("#preview #preview-errors a[href='#field-points']").count() == 1

    # Fixed: the message goes, the scores come back.
    phone.fill("#id_points", "41")
    scores.wait_for()
    assert phone.locator("#err-points").inner_text() == ""
    assert previews == [], "offline, no preview request is even tried"


def test_the_engine_starts_under_its_worker_policy(phone, scorekeeper, table4):
    """The worker's script served with the policy whitenoise gives it in production
    (the test server serves static files without headers): Pyodide starts under it,
    and the page's own policy has no 'wasm-unsafe-eval'."""

    def with_policy(route):
        response = route.fetch()
        route.fulfill(
            response=response,
            headers={**response.headers, "content-security-policy": WORKER_POLICY},
        )

    phone.route("**/static/js/engine-worker.js", with_policy)
    log_in(phone, scorekeeper.username, PASSWORD)
    response = phone.goto(reverse("hand_new", args=[table4.pk]))
    assert "wasm" not in response.headers["content-security-policy"]
    engine_ready(phone)
    anne = table4.seats.get(position=1).player_id
    answer = phone.evaluate(
        "f => window.tarotEngine.score(f)",
        {"dealer": str(anne), "contract": "garde", "taker": str(anne), "oudlers": "1"},
    )
    assert answer == {
        "ok": False,
        "errors": {"points": ["Saisissez les points du camp du preneur ou de la défense."]},
    }


def test_the_engine_answers_when_the_server_preview_fails(phone, scorekeeper, table4):
    """Online by the browser's account, but the preview request dies (the hall's Wi-Fi
    without a way out): the engine answers instead."""
    anne = table4.seats.get(position=1).player_id
    log_in(phone, scorekeeper.username, PASSWORD)
    open_engine(phone, table4)
    phone.route("**/hand/preview/", lambda route: route.abort())
    choose(phone, "taker", anne)
    choose(phone, "contract", "prise")
    choose(phone, "oudlers", 1)
    phone.fill("#id_points", "51")
    scores = phone.locator("#preview #preview-scores[data-scored-by=browser]")
    scores.wait_for()
    assert scores.locator(f"[data-player='{anne}'] .score").inner_text() == "+75"
