"""`python -m scoring`: one JSON hand (or a list of hands) on stdin, scores on stdout."""

from __future__ import annotations

import json
import sys
from typing import Any

from .errors import HandError
from .jsonio import score_json


def main() -> int:
    try:
        data = json.load(sys.stdin)
    except json.JSONDecodeError as exc:
        print(json.dumps({"error": f"input: not valid JSON ({exc})"}))
        return 2
    hands = data if isinstance(data, list) else [data]
    results: list[dict[str, Any]] = []
    for index, item in enumerate(hands):
        try:
            results.append(score_json(item))
        except HandError as exc:
            error: dict[str, Any] = {"error": exc.message, "field": exc.field, "code": exc.code}
            if isinstance(data, list):
                error["index"] = index
            print(json.dumps(error, ensure_ascii=False))
            return 2
    print(json.dumps(results if isinstance(data, list) else results[0], ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
