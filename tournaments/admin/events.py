"""The back office for events: the form that changes a rule set through the services."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from ..errors import EventError
from ..models import Event, Round, Team
from ..selectors import access
from ..services import admin_writes
from ..services import events as event_services
from ..services.results import refresh_event_results
from ..services.standings import refresh_seasons_of
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
        except EventError as error:
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

    def save_model(self, request: HttpRequest, obj: Event, form: Any, change: bool) -> None:
        if not change:
            # The club's choices are the user's clubs; checked again, the admin's way in.
            access.require_club(request.user, obj.club_id)
            super().save_model(request, obj, form, change)
        else:
            # The other fields first, under the old rules and publication; then the
            # services: the rule set (which rescores every hand) and the publication,
            # both checked and audited (the admin view is one transaction).
            old = Event.objects.values(
                "club_id", "date", "rules_name", "rules_json", "published"
            ).get(pk=obj.pk)
            access.require_club(request.user, old["club_id"])
            new_rules, published = obj.rules_name, obj.published
            obj.rules_name, obj.rules_json = old["rules_name"], old["rules_json"]
            obj.published = old["published"]
            obj.save()
            event_services.update_event(
                by=request.user,
                event=obj,
                name=obj.name,
                date=obj.date,
                rules_name=new_rules,
                rescore=True,
            )
            if published != old["published"]:
                publish = (
                    event_services.publish_event if published else event_services.unpublish_event
                )
                publish(by=request.user, event=obj)
            obj.refresh_from_db()
        if change:
            # The kind decides how places are broken: the stored places follow it (and
            # the seasons of its club and day now); the seasons it left count again.
            refresh_event_results(event_id=obj.pk)
            if old["published"]:
                refresh_seasons_of(old["club_id"], [old["date"]])

    def delete_model(self, request: HttpRequest, obj: Event) -> None:
        admin_writes.delete_event(by=request.user, event=obj)
