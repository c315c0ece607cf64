"""The back office for rounds, tables and seats: locked once a table has hands."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from ..models import Event, Hand, Round, Seat, Table
from ..services import hands as hand_services

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
