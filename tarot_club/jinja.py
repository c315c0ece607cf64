"""The Jinja2 environment of the few templates written in Jinja2 (templates/jinja2/).

Why Jinja2 at all: the score sheet prints two rows a hand, and Django's template engine
spent about 10 ms of CPU on 30 hands, half a cache miss of the page (benchmarks/
RESULTS.md, "The score sheet's rows in Jinja2"); the same rows cost 1.2 ms in Jinja2.
They are included in Django templates by {% jinja %} (tournaments/templatetags/jinja.py).
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, StrictUndefined


def environment(**options: Any) -> Environment:
    """Django's Jinja2 options, with autoescaping forced on and a name the template does
    not receive an error rather than an empty string (every value is passed by name)."""
    options["autoescape"] = True
    options["undefined"] = StrictUndefined
    return Environment(**options)
