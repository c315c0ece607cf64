"""A club's people (with their action buttons) and its audit trail."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.template.loader import render_to_string
from django.utils.formats import date_format
from django.utils.safestring import SafeString
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy as _

from ..models import AuditEntry, Membership
from .common import PER_PAGE, PHONE_HIDDEN


class MemberTable(tables.Table):
    """Rows are Membership (selectors.people.club_members). The actions cell holds
    small forms (role, remove, password link); `refusals` maps the user id of each
    person whose password link this organiser may not make to the reason, shown
    instead of that button; `errors` maps a membership's pk to the refusal its
    role form got, shown in its row."""

    username = tables.Column(verbose_name=_("User name"), accessor="user__username")
    full_name = tables.Column(
        verbose_name=_("Full name"),
        accessor="user",
        empty_values=(),
        orderable=False,
        attrs=PHONE_HIDDEN,
    )
    role = tables.Column(verbose_name=_("Role"))
    actions = tables.Column(verbose_name=_("Actions"), empty_values=(), orderable=False)

    class Meta:
        model = Membership
        fields = ("username", "full_name", "role", "actions")
        attrs = {"class": "table table-striped align-middle", "id": "people"}
        empty_text = _("The club has nobody yet.")
        orderable = False

    def __init__(
        self, data: Any, *, refusals: dict[int, str], errors: dict[int, str] | None = None
    ) -> None:
        super().__init__(data)
        self.refusals = refusals
        self.errors = errors or {}

    def render_full_name(self, value: Any) -> str:
        return value.get_full_name() or "—"

    def render_actions(self, record: Membership) -> SafeString:
        # Rendered with the request: the forms need their CSRF token and one-time key.
        return render_to_string(
            "tournaments/people/_member_actions.html",
            {
                "membership": record,
                "refusal": self.refusals.get(record.user_id, ""),
                "error": self.errors.get(record.pk, ""),
            },
            request=getattr(self, "request", None),
        )


class AuditTable(tables.Table):
    """Rows are AuditEntry, newest first (selectors.people.club_audit)."""

    at = tables.Column(verbose_name=_("When"), attrs={"td": {"class": "text-nowrap"}})
    username = tables.Column(verbose_name=_("Who"), empty_values=())
    action = tables.Column(verbose_name=_("Action"))
    # Put into words for this reader (AuditEntry.what, .details), not as written.
    what = tables.Column(verbose_name=_("What"), accessor="what", empty_values=())
    event = tables.Column(verbose_name=_("Event"), attrs=PHONE_HIDDEN)
    details = tables.Column(verbose_name=_("Detail"), accessor="details", empty_values=())

    class Meta:
        model = AuditEntry
        fields = ("at", "username", "action", "what", "event", "details")
        attrs = {"class": "table table-sm align-top", "id": "audit"}
        empty_text = _("Nothing recorded yet.")
        orderable = False
        per_page = PER_PAGE

    def render_at(self, value: Any) -> str:
        return date_format(localtime(value), "SHORT_DATETIME_FORMAT")

    def render_username(self, value: str) -> str:
        # The command line (load_demo, repairs) acts as nobody.
        return value or "—"

    def render_event(self, value: Any) -> str:
        return value.name

    def render_details(self, value: str) -> str:
        return value or ""
