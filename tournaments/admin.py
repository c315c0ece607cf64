"""The back office: every model of tournaments/models.py.

Hands and scores keep the house rule "scores are written by services only":
- HandScore (the ledger) is read-only everywhere in the admin: no add, change
  or delete; it is shown read-only inline under its hand.
- Hand may be added, changed or deleted, but every save goes through
  services.hands.save_hand (which scores it, bumps its version and rewrites its
  score rows) and every delete through services.hands.delete_hand. The form
  checks the hand with the engine first (services.hands.preview_hand) so that an
  impossible hand is refused with the message at its field, and carries the
  version it was opened at, so a concurrent change is refused, not overwritten.
  simple_history's "revert" is switched off: reverting would bypass the form.
"""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, QuerySet
from django.forms.models import construct_instance
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

import scoring

from .forms.hand import ENGINE_FIELD_TO_HAND_FIELD, hand_error_message
from .models import (
    Club,
    Event,
    Hand,
    HandScore,
    Player,
    Registration,
    Round,
    Seat,
    Table,
    Team,
)
from .services import hands as hand_services


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "player_count"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Club]:
        return super().get_queryset(request).annotate(n_players=Count("players"))

    @admin.display(description=_("players"), ordering="n_players")
    def player_count(self, obj: Club) -> int:
        return obj.n_players


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "licence", "active", "user"]
    list_filter = ["club", "active"]
    search_fields = ["name", "licence", "user__username"]
    list_select_related = ["club", "user"]
    autocomplete_fields = ["user"]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "status"]


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "kind", "club", "rules_name", "published", "team_size"]
    list_filter = ["kind", "published", "club", "rules_name"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    list_select_related = ["club"]
    inlines = [RoundInline, TeamInline]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ["number", "five_mode", "validated_at"]
    readonly_fields = ["validated_at"]
    show_change_link = True


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "number", "status"]
    list_filter = ["status", "event__club"]
    search_fields = ["event__name"]
    list_select_related = ["event"]
    inlines = [TableInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "round", "five_mode", "player_count", "validated_at"]
    list_filter = ["round__status", "five_mode", "round__event"]
    search_fields = ["round__event__name", "seats__player__name"]
    list_select_related = ["round__event"]
    filter_horizontal = ["scorekeepers"]
    readonly_fields = ["validated_at", "validated_by"]
    inlines = [SeatInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        return super().get_queryset(request).annotate(n_seats=Count("seats", distinct=True))

    @admin.display(description=_("event"), ordering="round__event__date")
    def event(self, obj: Table) -> Event:
        return obj.round.event

    @admin.display(description=_("players"), ordering="n_seats")
    def player_count(self, obj: Table) -> int:
        return obj.n_seats


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "position", "player", "event"]
    list_filter = ["table__round__event"]
    search_fields = ["player__name", "table__round__event__name"]
    list_select_related = ["table__round__event", "player"]
    autocomplete_fields = ["player"]

    @admin.display(description=_("event"))
    def event(self, obj: Seat) -> Event:
        return obj.table.round.event


class ReadOnlyAdminMixin:
    """The ledger is written by services only."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class HandScoreInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = HandScore
    extra = 0
    fields = ["player", "points", "is_taker", "made"]
    readonly_fields = fields
    can_delete = False


class HandAdminForm(forms.ModelForm):
    """Checks the hand with the engine and the version before save_hand is called."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Hand
        fields = [
            "table",
            "dealer",
            "contract",
            "taker",
            "partner",
            "oudlers",
            "points",
            "petit_au_bout",
            "poignees",
            "chelem_announced",
            "chelem_made_by",
            "miseres",
            "version",
        ]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        hand = self.instance
        table = hand.table if hand.table_id else cleaned.get("table")
        if table is None:
            return cleaned
        if hand.pk:
            saved = Hand.objects.filter(pk=hand.pk).values_list("version", flat=True).first()
            if saved != cleaned.get("version"):
                raise forms.ValidationError(
                    _("This hand was changed by someone else since you opened it; reload it.")
                )
        # Score a copy with the submitted values (the instance gets them only after
        # clean()); the preview must not touch the instance the admin saves.
        probe = construct_instance(self, copy.copy(hand))
        try:
            hand_services.preview_hand(table=table, hand=probe)
        except scoring.HandError as error:
            names = dict(table.seats.values_list("player_id", "player__name"))
            field = ENGINE_FIELD_TO_HAND_FIELD.get(error.field)
            self.add_error(
                field if field in self.fields else None, hand_error_message(error, names)
            )
        return cleaned


@admin.register(Hand)
class HandAdmin(SimpleHistoryAdmin):
    form = HandAdminForm
    list_display = ["__str__", "table", "event", "dealer", "contract", "taker", "points", "version"]
    list_filter = ["contract", "table__round__event", "table__validated_at"]
    search_fields = ["taker__name", "dealer__name", "table__round__event__name"]
    list_select_related = ["table__round__event", "dealer", "taker"]
    readonly_fields = ["number", "sitting_out", "entered_by", "created_at", "updated_at"]
    autocomplete_fields = ["dealer", "taker", "partner"]
    inlines = [HandScoreInline]
    history_list_display = ["version", "contract", "points"]

    @admin.display(description=_("event"))
    def event(self, obj: Hand) -> Event:
        return obj.table.round.event

    def get_readonly_fields(self, request: HttpRequest, obj: Hand | None = None) -> list[str]:
        fields = list(super().get_readonly_fields(request, obj))
        # save_hand rewrites a hand within its own table only.
        return [*fields, "table"] if obj is not None else fields

    def revert_disabled(self, request: HttpRequest, obj: Hand | None = None) -> bool:
        return True

    def save_model(self, request: HttpRequest, obj: Hand, form: Any, change: bool) -> None:
        obj._history_user = request.user
        hand_services.save_hand(
            table=obj.table,
            hand=obj,
            user=request.user,
            expected_version=form.cleaned_data.get("version") if change else None,
        )

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> tuple[Any, ...]:
        deleted, model_count, perms_needed, protected = super().get_deleted_objects(objs, request)
        # Score rows go with their hand (delete_hand); their read-only admin must not
        # block the deletion of the hand itself.
        ledger = str(HandScore._meta.verbose_name)
        perms_needed = {name for name in perms_needed if str(name) != ledger}
        return deleted, model_count, perms_needed, protected

    def delete_model(self, request: HttpRequest, obj: Hand) -> None:
        hand_services.delete_hand(hand=obj, user=request.user, expected_version=obj.version)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Hand]) -> None:
        for hand in queryset:
            hand_services.delete_hand(hand=hand, user=request.user, expected_version=hand.version)


@admin.register(HandScore)
class HandScoreAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["hand", "player", "points", "is_taker", "made", "table", "event"]
    list_filter = ["event", "is_taker", "made"]
    search_fields = ["player__name", "event__name"]
    list_select_related = ["hand", "player", "table", "event"]


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "member_count"]
    list_filter = ["event"]
    search_fields = ["name", "event__name"]
    list_select_related = ["event"]
    inlines = [RegistrationInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Team]:
        return super().get_queryset(request).annotate(n_members=Count("members"))

    @admin.display(description=_("members"), ordering="n_members")
    def member_count(self, obj: Team) -> int:
        return obj.n_members


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["player", "event", "team", "active"]
    list_filter = ["active", "event"]
    search_fields = ["player__name", "player__licence", "event__name"]
    list_select_related = ["player", "event", "team"]
    autocomplete_fields = ["player", "team"]
