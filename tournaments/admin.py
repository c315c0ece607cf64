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

No other side door either:
- An event's rule set changes through services.events.update_event, which rescores
  every stored hand in the same transaction; the form refuses a rule set under
  which a stored hand cannot be scored (then nothing changes). The exact rules
  (rules_json) follow the rule set and are read-only.
- A round's status follows its sheets (services.hands.refresh_round_status): it is
  read-only, and refreshed whenever tables are added or removed here.
- Once a table has hands, its seats and game mode are what the hands were scored
  with: read-only, and such a table (or round) cannot be deleted from an inline.
- EventResult is derived from the ledger: read-only like HandScore.
"""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, QuerySet
from django.forms.models import BaseInlineFormSet, construct_instance
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

import scoring

from .errors import EventError
from .forms.hand import ENGINE_FIELD_TO_HAND_FIELD, hand_error_message
from .models import (
    Club,
    Event,
    EventResult,
    Hand,
    HandScore,
    Player,
    Registration,
    Round,
    Season,
    Seat,
    Table,
    Team,
)
from .services import events as event_services
from .services import hands as hand_services
from .services.results import refresh_event_results

HAS_HANDS = _(
    "This table already has hands: its players, their order and the game mode can no "
    "longer change, and it cannot be deleted. Delete its hands first."
)


def table_has_hands(table: Table | None) -> bool:
    return bool(table is not None and table.pk and table.hands.exists())


class KeepScoredTablesFormSet(BaseInlineFormSet):
    """Refuses to delete, from an inline, a table (or a round) that holds hands: the
    cascade would drop hands and ledger rows without the services."""

    def clean(self) -> None:
        super().clean()
        for form in self.deleted_forms:
            obj = form.instance
            hands = Hand.objects.filter(
                **({"table": obj} if isinstance(obj, Table) else {"table__round": obj})
            )
            if obj.pk and hands.exists():
                raise forms.ValidationError(
                    _("%(object)s has hands: it cannot be deleted.") % {"object": obj}
                )


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
    formset = KeepScoredTablesFormSet
    extra = 0
    fields = ["number", "status"]
    readonly_fields = ["status"]


class TeamInline(admin.TabularInline):
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
class EventAdmin(admin.ModelAdmin):
    form = EventAdminForm
    list_display = ["name", "date", "kind", "club", "rules_name", "published", "team_size"]
    list_filter = ["kind", "published", "club", "rules_name"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "date"
    list_select_related = ["club"]
    readonly_fields = ["rules_json"]
    inlines = [RoundInline, TeamInline]

    def save_model(self, request: HttpRequest, obj: Event, form: Any, change: bool) -> None:
        if not change or "rules_name" not in form.changed_data:
            super().save_model(request, obj, form, change)
        else:
            # The other fields first, under the old rules; then the rule set through
            # the service, which rescores every hand (the admin view is one transaction).
            new_rules = obj.rules_name
            old = Event.objects.values("rules_name", "rules_json").get(pk=obj.pk)
            obj.rules_name, obj.rules_json = old["rules_name"], old["rules_json"]
            obj.save()
            event_services.update_event(
                event=obj, name=obj.name, date=obj.date, rules_name=new_rules, rescore=True
            )
            obj.refresh_from_db()
        if change:
            # The kind decides how places are broken: the stored places follow it.
            refresh_event_results(event_id=obj.pk)


class TableAdminForm(forms.ModelForm):
    """The game mode of a table with hands is shown but not taken from the form."""

    class Meta:
        model = Table
        fields = ["round", "number", "five_mode", "scorekeepers"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "five_mode" in self.fields and table_has_hands(self.instance):
            self.fields["five_mode"].disabled = True
            self.fields["five_mode"].help_text = HAS_HANDS


class TableInline(admin.TabularInline):
    model = Table
    form = TableAdminForm
    formset = KeepScoredTablesFormSet
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
    readonly_fields = ["status"]
    inlines = [TableInline]

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        # A table added to a locked round reopens it; removing the last open one locks it.
        hand_services.refresh_round_status(form.instance)


class SeatInline(admin.TabularInline):
    """Read-only once the table has hands (`obj` is the table)."""

    model = Seat
    extra = 0
    autocomplete_fields = ["player"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not table_has_hands(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not table_has_hands(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not table_has_hands(obj) and super().has_delete_permission(request, obj)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    form = TableAdminForm
    list_display = ["__str__", "event", "round", "five_mode", "player_count", "validated_at"]
    list_filter = ["round__status", "five_mode", "round__event"]
    search_fields = ["round__event__name", "seats__player__name"]
    list_select_related = ["round__event"]
    filter_horizontal = ["scorekeepers"]
    readonly_fields = ["validated_at", "validated_by"]
    inlines = [SeatInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Table | None = None) -> list[str]:
        fields = list(super().get_readonly_fields(request, obj))
        # Hands are scored within their round: a table with hands stays in it.
        return [*fields, "round", "five_mode"] if table_has_hands(obj) else fields

    def has_delete_permission(self, request: HttpRequest, obj: Table | None = None) -> bool:
        return not table_has_hands(obj) and super().has_delete_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: Table, form: Any, change: bool) -> None:
        previous = Table.objects.filter(pk=obj.pk).values_list("round_id", flat=True).first()
        super().save_model(request, obj, form, change)
        hand_services.refresh_round_status(obj.round)
        if previous is not None and previous != obj.round_id:
            hand_services.refresh_round_status(Round(pk=previous))

    def delete_model(self, request: HttpRequest, obj: Table) -> None:
        round_ = obj.round
        super().delete_model(request, obj)
        hand_services.refresh_round_status(round_)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        # The bulk action too: a table with hands is kept (the ledger is not the admin's).
        for table in queryset.select_related("round"):
            if table_has_hands(table):
                self.message_user(request, HAS_HANDS, level="error")
                continue
            self.delete_model(request, table)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        return super().get_queryset(request).annotate(n_seats=Count("seats", distinct=True))

    @admin.display(description=_("event"), ordering="round__event__date")
    def event(self, obj: Table) -> Event:
        return obj.round.event

    @admin.display(description=_("players"), ordering="n_seats")
    def player_count(self, obj: Table) -> int:
        return obj.n_seats


class SeatAdminForm(forms.ModelForm):
    class Meta:
        model = Seat
        fields = ["table", "position", "player"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        tables = [cleaned.get("table"), self.instance.table if self.instance.table_id else None]
        if any(table_has_hands(table) for table in tables):
            raise forms.ValidationError(HAS_HANDS)
        return cleaned


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    form = SeatAdminForm
    list_display = ["table", "position", "player", "event"]
    list_filter = ["table__round__event"]
    search_fields = ["player__name", "table__round__event__name"]
    list_select_related = ["table__round__event", "player"]
    autocomplete_fields = ["player"]

    def has_change_permission(self, request: HttpRequest, obj: Seat | None = None) -> bool:
        locked = obj is not None and table_has_hands(obj.table)
        return not locked and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Seat | None = None) -> bool:
        locked = obj is not None and table_has_hands(obj.table)
        return not locked and super().has_delete_permission(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Seat]) -> None:
        scored = queryset.filter(table__hands__isnull=False)
        if scored.exists():
            self.message_user(request, HAS_HANDS, level="error")
        queryset.exclude(pk__in=scored.values("pk")).delete()

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
        fields = ["table", *Hand.INPUT_FIELDS, "version"]

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


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "start", "end", "mode", "published"]
    list_filter = ["club", "mode", "published"]
    search_fields = ["name", "club__name"]
    list_select_related = ["club"]
    date_hierarchy = "start"


@admin.register(EventResult)
class EventResultAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Derived from the ledger by services.results: shown, never edited."""

    list_display = ["event", "player", "rank", "total", "hands", "field_size"]
    list_filter = ["event"]
    search_fields = ["player__name", "event__name"]
    list_select_related = ["event", "player"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["player", "event", "team", "active"]
    list_filter = ["active", "event"]
    search_fields = ["player__name", "player__licence", "event__name"]
    list_select_related = ["player", "event", "team"]
    autocomplete_fields = ["player", "team"]
