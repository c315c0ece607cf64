"""`python -m scoring`: one JSON hand (or a list of hands) on stdin, scores on stdout."""

from __future__ import annotations

import json
import sys
from typing import Any

from .errors import HandError
from .jsonio import MAX_INPUT_BYTES, InputError, load_input, score_json


def _error(message: str, **extra: Any) -> int:
    print(json.dumps({"error": message, **extra}, ensure_ascii=False))
    return 2


def main() -> int:
    """Score stdin; exit 0 with the results, or 2 with {"error": ...}, for any input."""
    try:
        return _score(sys.stdin.buffer.read(MAX_INPUT_BYTES + 1))
    except Exception as exc:  # the JSON face never prints a traceback
        return _error(f"internal: the engine could not score this input ({type(exc).__name__})")


def _score(raw: bytes) -> int:
    try:
        data = load_input(raw)
    except InputError as exc:
        return _error(str(exc))
    hands = data if isinstance(data, list) else [data]
    results: list[dict[str, Any]] = []
    for index, item in enumerate(hands):
        try:
            results.append(score_json(item))
        except HandError as exc:
            extra: dict[str, Any] = {"field": exc.field, "code": exc.code}
            if isinstance(data, list):
                extra["index"] = index
            return _error(exc.message, **extra)
    print(json.dumps(results if isinstance(data, list) else results[0], ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
