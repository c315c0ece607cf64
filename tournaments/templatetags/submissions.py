"""{% submission_key %}: the hidden one-time key of a writing form (services.submissions),
printed by templates/includes/submission_key.html."""

from __future__ import annotations

import uuid
from typing import Any

from django import template
from django.http import HttpRequest

from ..services.submissions import FIELD, posted_key

register = template.Library()


@register.inclusion_tag("includes/submission_key.html", takes_context=True)
def submission_key(context: dict[str, Any]) -> dict[str, Any]:
    """A fresh key; on a page answering a post (a form error, a conflict) the posted key
    again, so that correcting and re-posting the form is still one submission. A page
    that answers a successful post in place sets `submission_done` for fresh keys."""
    return {
        "field": FIELD,
        "key": key_for(context.get("request"), done=bool(context.get("submission_done"))),
    }


def key_for(request: HttpRequest | None, *, done: bool = False) -> str:
    """The key {% submission_key %} prints (its docstring says which)."""
    again = request is not None and request.method == "POST" and not done
    key = posted_key(request.POST) if again and request is not None else None
    return str(key or uuid.uuid4())
