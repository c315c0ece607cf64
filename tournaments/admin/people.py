"""The back office for a club's people and its audit trail.

People are added from the organiser pages (services.people.add_member creates the
account and its password link, which an admin form of a membership cannot): here a
membership's role changes (set_role) and a membership or a guest is removed
(remove_member, remove_guest), through the services that check and audit it. The
audit trail is read-only for everyone, the federation included.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from ..models import AuditEntry, EventGuest, Membership
from ..services import people
from .hands import ReadOnlyAdminMixin
from .scope import ScopedAdmin, club_filter

ADD_ON_ORGANISER_PAGES = _(
    "People are added on the organiser pages (the club's people), which create the "
    "account and its password link."
)


@admin.register(Membership)
class MembershipAdmin(ScopedAdmin, admin.ModelAdmin):
    list_display = ["user", "club", "role", "created_at"]
    list_filter = [club_filter("club"), "role"]
    search_fields = ["user__username", "user__first_name", "user__last_name", "club__name"]
    list_select_related = ["user", "club"]
    fields = ["user", "club", "role", "created_at"]
    readonly_fields = ["user", "club", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def changelist_view(self, request: HttpRequest, extra_context: dict | None = None) -> Any:
        extra_context = {**(extra_context or {}), "subtitle": ADD_ON_ORGANISER_PAGES}
        return super().changelist_view(request, extra_context)

    def save_model(self, request: HttpRequest, obj: Membership, form: Any, change: bool) -> None:
        stored = Membership.objects.select_related("club", "user").get(pk=obj.pk)
        people.set_role(by=request.user, membership=stored, role=obj.role)

    def delete_model(self, request: HttpRequest, obj: Membership) -> None:
        people.remove_member(by=request.user, membership=obj)


@admin.register(EventGuest)
class EventGuestAdmin(ScopedAdmin, admin.ModelAdmin):
    """Shown and removed here; added (and given a role) on the organiser pages."""

    club_path = "event__club"
    list_display = ["user", "event", "role"]
    list_filter = [club_filter("event"), "role"]
    search_fields = ["user__username", "event__name"]
    list_select_related = ["user", "event"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def delete_model(self, request: HttpRequest, obj: EventGuest) -> None:
        people.remove_guest(by=request.user, guest=obj)


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdminMixin, ScopedAdmin, admin.ModelAdmin):
    # What and detail in the reader's language (codes put into words), not as stored.
    list_display = ["at", "club", "event", "username", "action", "what", "details"]
    list_filter = [club_filter("club"), "action"]
    search_fields = ["username", "target", "detail"]
    list_select_related = ["club", "event"]
    date_hierarchy = "at"
