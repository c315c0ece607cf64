"""The JSON face answers everything: a result (exit 0) or {"error": ...} (exit 2),
quickly, for any bytes on stdin; and it no longer guesses missing inputs."""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import HandError, score_json
from scoring.__main__ import main
from scoring.jsonio import HAND_FIELDS, MAX_DEPTH, MAX_HANDS, MAX_INPUT_BYTES
from tests.waiting import START, ceiling

ROOT = Path(__file__).resolve().parents[2]
HAND = {"players": ["A", "B", "C", "D"], "taker": "A", "contract": "garde", "oudlers": 2}
TIME_LIMIT = 1.0  # seconds, for any input


def run_in_process(raw: bytes) -> tuple[int, object, float]:
    """main() on `raw` as stdin: (exit status, the JSON printed, CPU seconds taken).

    CPU time, not wall time: the suite runs in parallel on a shared machine, and the
    limit is about the engine's work, not about what the neighbours are doing."""
    out = io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    start = time.process_time()
    with mock.patch.object(sys, "stdin", stdin), contextlib.redirect_stdout(out):
        status = main()
    elapsed = time.process_time() - start
    return status, json.loads(out.getvalue()), elapsed


def assert_answered(raw: bytes) -> tuple[int, object]:
    status, out, elapsed = run_in_process(raw)
    assert elapsed < TIME_LIMIT, elapsed
    if status == 0:
        results = out if isinstance(out, list) else [out]
        for result in results:
            assert sum(result["scores"].values()) == 0
    else:
        assert status == 2
        assert isinstance(out, dict) and isinstance(out["error"], str)
        # The last-resort catch is for bugs: every input must meet a real check.
        assert not out["error"].startswith("internal"), out
    return status, out


# --------------------------------------------------------------------------- fuzzing

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["taker", "defence", "garde", "prise", "A", "B", "simple", "fft", "1e5000"])
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)
RULE_KEYS = [
    "preset",
    "base",
    "multipliers",
    "contract_bases",
    "petit_au_bout",
    "poignee_values",
    "poignee_trumps",
    "rounding",
    "misere_values",
    "chelem_defence",
    "name",
]
hand_like = st.fixed_dictionaries(
    {
        "players": st.sampled_from(
            [["A", "B", "C"], ["A", "B", "C", "D"], ["A", "B", "C", "D", "E"]]
        )
    },
    optional={
        **{key: json_values for key in HAND_FIELDS - {"players", "rules"}},
        "taker": st.sampled_from(["A", "B", "Z"]),
        "contract": st.sampled_from(["prise", "garde", "garde_sans", "garde_contre", None]),
        "oudlers": st.integers(-1, 4),
        "points": st.integers(-5, 95) | st.floats(-5, 95) | st.text(max_size=8),
        "chelem": st.fixed_dictionaries(
            {}, optional={"announced": st.booleans(), "made_by": st.sampled_from(["taker", None])}
        ),
        "rules": st.sampled_from(["fft", "misere", "alternative"])
        | st.dictionaries(st.sampled_from(RULE_KEYS), json_values, max_size=3),
    },
)
FUZZ = settings(
    max_examples=400,
    deadline=None,  # timed by assert_answered, which a slow shrink does not distort
    suppress_health_check=[HealthCheck.too_slow],
)


@FUZZ
@given(json_values | hand_like | st.lists(hand_like, max_size=3))
@pytest.mark.slow
def test_any_json_value_gets_a_result_or_an_error(value):
    assert_answered(json.dumps(value).encode())


@FUZZ
@given(st.binary(max_size=2000))
def test_any_bytes_get_a_result_or_an_error(raw):
    assert_answered(raw)


@FUZZ
@given(hand_like)
@pytest.mark.slow
def test_any_bytes_cut_from_a_hand_get_a_result_or_an_error(value):
    text = json.dumps(value).encode()
    for end in range(0, len(text), max(1, len(text) // 8)):
        assert_answered(text[:end])


# --------------------------------------------------------------------------- the crash inputs


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_cli(stdin: bytes) -> tuple[int, dict, str, float]:
    """The command on `stdin`: (exit status, its JSON, its stderr, the CPU seconds the
    child took: not wall time, which a busy machine stretches)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = _children_cpu()
    proc = subprocess.run(
        [sys.executable, "-m", "scoring"],
        input=stdin,
        capture_output=True,
        env=env,
        timeout=ceiling(START),
    )
    return (
        proc.returncode,
        json.loads(proc.stdout),
        proc.stderr.decode(),
        _children_cpu() - start,
    )


def hand_text(**fields: str) -> bytes:
    """HAND as JSON text with raw (unquoted) JSON for `fields`."""
    body = json.dumps(HAND)[:-1]
    return (body + "".join(f', "{k}": {v}' for k, v in fields.items()) + "}").encode()


CRASH_INPUTS = {
    "int-of-5000-digits": hand_text(points="9" * 5000),
    "points-1e5000": hand_text(points='"1e5000"'),
    "deep-nesting": b"[" * 100_000 + b"]" * 100_000,
    "deep-nesting-unclosed": b"[" * 1_000_000,
    "rules-infinity": hand_text(points="56", rules='{"base": Infinity}'),
    "rules-nan": hand_text(points="56", rules='{"multipliers": {"garde": NaN}}'),
    "rules-1e400": hand_text(points="56", rules='{"base": 1e400}'),
    "contract-bases-empty": hand_text(points="56", rules='{"contract_bases": {}}'),
    "multiplier-1e5000": hand_text(points="56", rules='{"multipliers": {"garde": "1e5000"}}'),
    "points-1e10000000": hand_text(points='"1e10000000"'),
    "not-utf8": b'{"players": ["\xff"]}',
    "too-large": b"[" + b"1," * (MAX_INPUT_BYTES // 2) + b"1]",
    "too-many-hands": json.dumps([{**HAND, "points": 56}] * (MAX_HANDS + 1)).encode(),
}


@pytest.mark.parametrize("raw", CRASH_INPUTS.values(), ids=CRASH_INPUTS.keys())
def test_the_inputs_that_crashed_now_exit_2_with_an_error_quickly(raw):
    status, out, err, elapsed = run_cli(raw)
    assert status == 2, out
    assert isinstance(out["error"], str) and not out["error"].startswith("internal")
    assert "Traceback" not in err
    assert elapsed < 3  # a fresh interpreter included; in-process below TIME_LIMIT
    assert run_in_process(raw)[2] < TIME_LIMIT


def test_the_limits_are_not_hit_by_ordinary_input():
    hands = [{**HAND, "points": 56}] * MAX_HANDS
    status, out = assert_answered(json.dumps(hands).encode())
    assert status == 0 and len(out) == MAX_HANDS
    nested = {**HAND, "points": 56, "poignees": [{"player": "A", "size": "simple"}]}
    assert assert_answered(json.dumps([nested]).encode())[0] == 0
    assert MAX_DEPTH >= 5


def test_nesting_just_past_the_depth_limit_is_refused_and_brackets_in_strings_are_not_counted():
    status, out = assert_answered(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    assert status == 2 and "deeper" in out["error"]
    names = ["[[[[[[[[[[[[[[[[[[[[[[[[", '\\"{{{{{{{{{{{{{{{{{{{{{{{{{{', "C", "D"]
    data = {**HAND, "players": names, "taker": names[0], "points": 56}
    status, out = assert_answered(json.dumps(data).encode())
    assert status == 0, out


def test_a_utf8_byte_order_mark_is_allowed():
    assert assert_answered(b"\xef\xbb\xbf" + json.dumps({**HAND, "points": 56}).encode())[0] == 0


# --------------------------------------------------------------------------- no guessing


def rejects(data, field, code):
    with pytest.raises(HandError) as info:
        score_json(data)
    assert (info.value.field, info.value.code) == (field, code), info.value
    return info.value


def test_a_played_hand_without_oudlers_is_refused():
    rejects({**HAND, "oudlers": None, "points": 56}, "oudlers", "oudlers_missing")
    data = {k: v for k, v in HAND.items() if k != "oudlers"}
    rejects({**data, "points": 56}, "oudlers", "oudlers_missing")
    # A passed hand has no oudlers to give.
    assert score_json({"players": ["A", "B", "C"], "contract": None})["value"] == 0


def test_points_and_defence_points_given_together_must_add_up_to_91():
    assert score_json({**HAND, "points": 40, "defence_points": 51})["made"] is False
    error = rejects(
        {**HAND, "points": 40, "defence_points": 50}, "defence_points", "points_mismatch"
    )
    assert "90" in error.message
    three = {**HAND, "players": ["A", "B", "C"]}
    assert score_json({**three, "points": "40,5", "defence_points": 50.5})["margin"] == 1


@pytest.mark.parametrize("key", ["poignees", "miseres"])
def test_a_poignee_or_misere_without_its_size_is_refused(key):
    data = {**HAND, "points": 56, key: [{"player": "B"}], "rules": "misere"}
    rejects(data, key, "size_missing")
    rejects({**data, key: [{"player": "B", "size": None}]}, key, "size_missing")


@pytest.mark.parametrize("text", ["56", "40.5", "40,5", " 41 ", "+41", "41.0", "40,50"])
def test_points_as_decimal_text_are_accepted(text):
    three = {**HAND, "players": ["A", "B", "C"], "points": text}
    assert sum(score_json(three)["scores"].values()) == 0


@pytest.mark.parametrize(
    "text", ["1e1", "4.1e1", "0x29", "4_1", "41.", ".5", "41/1", "inf", "NaN", "", "quarante"]
)
def test_points_as_other_text_are_refused(text):
    rejects({**HAND, "points": text}, "points", "not_a_number")


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), float("nan")])
def test_non_finite_points_from_python_are_refused(value):
    rejects({**HAND, "points": value}, "points", "not_a_number")


def test_huge_points_are_refused_as_out_of_range_without_arithmetic():
    rejects({**HAND, "points": 10**5000}, "points", "points_range")
    rejects({**HAND, "points": 1e308}, "points", "points_range")


@pytest.mark.parametrize(
    "rules",
    [
        {"base": 10_001},
        {"base": -1},
        {"chelem_defence": 1.5},
        {"petit_au_bout": "10"},
        {"multipliers": {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 101}},
        {"multipliers": {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 1e-9}},
        {"multipliers": {"prise": 1, "garde": 2, "garde_sans": 4}},
        {"multipliers": {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": "6e0"}},
        {"contract_bases": {}},
        {"contract_bases": {"prise": 10, "garde": 40}},
        {"poignee_trumps": {"3": [13, 15, 18], "4": [10, 13, 15], "5": [8, 10, 99]}},
        {"poignee_trumps": {"3": [13, 15, 18], "4": [10, 13, 15], "6": [8, 10, 13]}},
        {"misere_values": [10, 20, 30]},
        {"name": ["x"]},
        {"label": "x" * 201},
        {"preset": {"preset": "fft"}},
    ],
)
def test_rules_objects_out_of_bounds_are_refused(rules):
    rejects({**HAND, "points": 56, "rules": rules}, "rules", "invalid_rules")


def test_rules_objects_within_bounds_are_accepted():
    rules = {
        "multipliers": {"prise": 1, "garde": 2.0, "garde_sans": "4", "garde_contre": "13/2"},
        "poignee_values": [20.0, 30, 40],
        "chelem_announced_made": 10_000,
    }
    result = score_json({**HAND, "points": 56, "oudlers": 2, "rules": rules})
    assert result["value"] == 80
