"""{% jinja "name.html" key=value ... %}: the HTML of a Jinja2 template (templates/jinja2/)
inside a Django template, given only the values named in the tag.

Used where Django's engine was the cost of a page's cache miss (tarot_club/jinja.py says
which and why); everything else is written for Django's engine."""

from __future__ import annotations

from typing import Any

from django import template
from django.template import engines
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def jinja(name: str, **context: Any) -> SafeString:
    html = engines["jinja2"].get_template(name).render(context)
    # Already HTML: the Jinja2 environment escapes every value it prints (autoescape is
    # forced on in tarot_club.jinja), so it must not be escaped a second time here.
    return SafeString(html)
