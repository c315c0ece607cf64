"""{% offline_config %}: what static/js/offline.js needs, as JSON for a data attribute."""

from __future__ import annotations

import json

from django import template
from django.template.context import Context
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tarot_club.offline import page_config

register = template.Library()


def others_waiting(count: int) -> str:
    """The notice of `count` hands another account typed on the phone, the count left
    for js/offline.js to put in."""
    return ngettext(
        "%(count)s hand typed by another account is waiting on this phone. Let that "
        "person log in to send it.",
        "%(count)s hands typed by another account are waiting on this phone. Let that "
        "person log in to send them.",
        count,
    )


@register.simple_tag(takes_context=True)
def offline_config(context: Context) -> str:
    """The worker's address, the entry forms' and sheets' addresses in the current
    language, the account signed in (its pk only: the queue keeps whose each hand is)
    and the words of the notices. Escaped by the template."""
    request = context.get("request")
    user = getattr(request, "user", None)
    return json.dumps(
        {
            **page_config(),
            "user": user.pk if user is not None and user.is_authenticated else None,
            # The singular's words, then the plural's.
            "others": [others_waiting(1), others_waiting(2)],
            "copy": _(
                "No signal: this is the copy of this page kept on this phone. Hands you "
                "save wait on the phone and are sent as soon as the signal returns."
            ),
            "impossible": _("This hand cannot be saved:"),
        }
    )
