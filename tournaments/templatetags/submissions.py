"""{% submission_key %}: the hidden one-time key of a writing form (services.submissions),
printed by templates/includes/submission_key.html."""

from __future__ import annotations

import uuid
from typing import Any

from django import template

from ..services.submissions import FIELD, posted_key

register = template.Library()


@register.inclusion_tag("includes/submission_key.html", takes_context=True)
def submission_key(context: dict[str, Any]) -> dict[str, Any]:
    """A fresh key; on a page answering a post (a form error, a conflict) the posted key
    again, so that correcting and re-posting the form is still one submission. A page
    that answers a successful post in place sets `submission_done` for fresh keys."""
    request = context.get("request")
    again = request is not None and request.method == "POST" and not context.get("submission_done")
    key = posted_key(request.POST) if again else None
    return {"field": FIELD, "key": key or uuid.uuid4()}
