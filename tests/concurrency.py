"""Requests released together from threads, each with its own database connection, as
two phones' requests reach two workers (tests of double taps and simultaneous saves)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def at_once(posts: list[Callable[[], Any]]) -> list[Any]:
    """Run the posts in threads released together; returns their responses."""
    barrier = threading.Barrier(len(posts))
    responses: list[Any] = [None] * len(posts)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            barrier.wait()
            responses[i] = posts[i]()
        except BaseException as exc:  # reported below; a thread must not die silently
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(posts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return responses
