"""'wasm-unsafe-eval' in script-src on the pages that run the engine in the browser.

Pyodide compiles its WebAssembly interpreter, which a strict script-src forbids;
'wasm-unsafe-eval' allows compiling WebAssembly only, not JavaScript's eval. Only the
pages that render {% hand_engine_data %} (tournaments/templatetags/hand_engine.py
marks the request) get it; every other page keeps settings.CONTENT_SECURITY_POLICY.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

WASM = "'wasm-unsafe-eval'"


class WasmPolicyMiddleware:
    """Listed after csp.middleware.CSPMiddleware, so that it marks the response first."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(request, "runs_wasm", False):
            update = dict(getattr(response, "_csp_update", None) or {})
            update["script-src"] = [*update.get("script-src", []), WASM]
            response._csp_update = update  # type: ignore[attr-defined]  # django-csp reads it
        return response
