"""{% offline_config %}: what static/js/offline.js needs, as JSON for a data attribute."""

from __future__ import annotations

import json

from django import template
from django.utils.translation import gettext as _

from tarot_club.offline import page_config

register = template.Library()


@register.simple_tag
def offline_config() -> str:
    """The worker's address, the entry forms' and sheets' addresses in the current
    language, and the words of the "no signal" notice. Escaped by the template."""
    return json.dumps(
        {
            **page_config(),
            "copy": _(
                "No signal: this is the copy of this page kept on this phone. Hands you "
                "save wait on the phone and are sent as soon as the signal returns."
            ),
            "impossible": _("This hand cannot be saved:"),
        }
    )
