"""{% submission_key %}: the hidden one-time key of a writing form (services.submissions)."""

from __future__ import annotations

import uuid
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from ..services.submissions import FIELD, posted_key

register = template.Library()


@register.simple_tag(takes_context=True)
def submission_key(context: dict[str, Any]) -> SafeString:
    """A fresh key; on a page answering a post (a form error, a conflict) the posted key
    again, so that correcting and re-posting the form is still one submission. A page
    that answers a successful post in place sets `submission_done` for fresh keys."""
    request = context.get("request")
    again = request is not None and request.method == "POST" and not context.get("submission_done")
    key = posted_key(request.POST) if again else None
    return format_html('<input type="hidden" name="{}" value="{}">', FIELD, key or uuid.uuid4())
