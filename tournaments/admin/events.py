"""The back office for events: the form that changes a rule set through the services."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from ..errors import Refused
from ..models import Event, Round, Team
from ..services import admin_events
from ..services import events as event_services
from .scope import ScopedAdmin, ScopedInline, club_filter
from .seating import KeepScoredTablesFormSet


class RoundInline(ScopedInline, admin.TabularInline):
    model = Round
    formset = KeepScoredTablesFormSet
    extra = 0
    fields = ["number", "status"]
    readonly_fields = ["status"]


class TeamInline(ScopedInline, admin.TabularInline):
    model = Team
    extra = 0


class EventAdminForm(forms.ModelForm):
    """A new rule set must be known and able to score every stored hand of the event."""

    class Meta:
        model = Event
        fields = [
            "club",
            "kind",
            "name",
            "date",
            "rules_name",
            "published",
            "rounds_planned",
            "deals_per_round",
            "team_size",
            "seed",
        ]

    def clean_rules_name(self) -> str:
        rules_name = self.cleaned_data["rules_name"]
        if self.instance.pk is not None and rules_name == self.instance.rules_name:
            return rules_name
        try:
            if self.instance.pk is None:
                event_services.check_rules_name(rules_name)
            else:
                event_services.check_rules_change(event=self.instance, rules_name=rules_name)
        except Refused as error:
            raise forms.ValidationError(error.message) from error
        return rules_name


@admin.register(Event)
class EventAdmin(ScopedAdmin, admin.ModelAdmin):
    form = EventAdminForm
    list_display = ["name", "date", "kind", "club", "rules_name", "published", "team_size"]
    list_filter = ["kind", "published", club_filter("club"), "rules_name"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    list_select_related = ["club"]
    readonly_fields = ["rules_json"]
    inlines = [RoundInline, TeamInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Event | None = None) -> list[str]:
        fields = list(super().get_readonly_fields(request, obj))
        # No service moves an event to another club (its players, seasons, audit trail).
        return [*fields, "club"] if obj is not None else fields

    def save_model(self, request: HttpRequest, obj: Event, form: Any, change: bool) -> None:
        # Through the services, which check the role, rescore, renew the cached pages
        # and audit (publication, rules, format); the admin view is one transaction.
        if change:
            admin_events.change_event(by=request.user, event=obj)
            obj.refresh_from_db()
        else:
            admin_events.create_event(by=request.user, event=obj)

    def delete_model(self, request: HttpRequest, obj: Event) -> None:
        # Refused while it holds hands, the bulk action included.
        admin_events.delete_event(by=request.user, event=obj)
