"""The Content-Security-Policy of the engine's worker (js/engine-worker.js).

Pyodide compiles its WebAssembly interpreter, which a strict script-src forbids. It
runs in a worker, and a worker is governed by the policy delivered with its own
script, not by its page's: the pages keep settings.CONTENT_SECURITY_POLICY unchanged
(no 'wasm-unsafe-eval' on any page), and the worker's script comes with this policy,
ours plus 'wasm-unsafe-eval' alone (compiling WebAssembly, not JavaScript's eval).
whitenoise adds it in production (settings.WHITENOISE_ADD_HEADERS_FUNCTION);
tests/browser/test_engine_parity.py serves the worker with it and checks the engine
starts under it.
"""

from __future__ import annotations

import re

WORKER_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'"
)
# The worker's static file, under its own name or collectstatic's hashed one.
WORKER_URL = re.compile(r"/js/engine-worker(\.[0-9a-f]{12})?\.js$")


def add_worker_policy(headers: dict[str, str], path: str, url: str) -> None:
    """whitenoise's hook for each static file it serves: the worker gets its policy."""
    if WORKER_URL.search(url):
        headers["Content-Security-Policy"] = WORKER_POLICY
