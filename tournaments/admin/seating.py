"""The back office for rounds, tables and seats: locked once a table has hands."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db.models import Count, Q, QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from ..forms.typed import field_of
from ..models import Event, Hand, Round, Seat, Table
from ..selectors import access
from ..services import admin_writes
from ..services import sheets as sheet_services
from .scope import ScopedAdmin, ScopedInline, club_filter

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
    """The game mode of a table with hands is shown but not taken from the form.
    Scorekeepers are named only from access.scorekeeper_candidates (the club's people
    and the event's guests), as on the organiser pages."""

    class Meta:
        model = Table
        fields = ["round", "number", "five_mode", "scorekeepers"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "five_mode" in self.fields and table_has_hands(self.instance):
            self.fields["five_mode"].disabled = True
            self.fields["five_mode"].help_text = HAS_HANDS
        if "scorekeepers" in self.fields:
            round_ = self.instance.round if self.instance.round_id else None
            # A new table's event is not known yet: anybody who is someone's candidate is
            # offered, and clean() holds him to the chosen round's event.
            field_of(self, "scorekeepers", forms.ModelMultipleChoiceField).queryset = (
                access.scorekeeper_candidates(round_.event)
                if round_ is not None
                else get_user_model()
                .objects.filter(
                    Q(memberships__isnull=False) | Q(guest_of__isnull=False), is_active=True
                )
                .distinct()
                .order_by("username")
            )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        assert cleaned is not None  # Django's ModelForm.clean answers cleaned_data
        round_ = cleaned.get("round") or (self.instance.round if self.instance.round_id else None)
        chosen = cleaned.get("scorekeepers")
        if round_ is not None and chosen:
            allowed = set(access.scorekeeper_candidates(round_.event).values_list("pk", flat=True))
            outsiders = [user for user in chosen if user.pk not in allowed]
            if outsiders:
                self.add_error(
                    "scorekeepers",
                    _("Not a person of this club nor a guest of the event: %(users)s.")
                    % {"users": ", ".join(user.get_username() for user in outsiders)},
                )
        return cleaned


class TableInline(ScopedInline, admin.TabularInline):
    model = Table
    parent_club_path = "event__club"  # the parent is the round
    form = TableAdminForm
    formset = KeepScoredTablesFormSet
    extra = 0
    fields = ["number", "five_mode", "validated_at"]
    readonly_fields = ["validated_at"]
    show_change_link = True


@admin.register(Round)
class RoundAdmin(ScopedAdmin, admin.ModelAdmin):
    club_path = "event__club"
    list_display = ["__str__", "event", "number", "status"]
    list_filter = ["status", club_filter("event__club")]
    search_fields = ["event__name"]
    list_select_related = ["event"]
    readonly_fields = ["status"]
    inlines = [TableInline]

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        # A table added to a locked round reopens it; removing the last open one locks it.
        sheet_services.refresh_round_status(form.instance)

    def save_model(self, request: HttpRequest, obj: Round, form: Any, change: bool) -> None:
        admin_writes.save_round(by=request.user, round=obj)

    def delete_model(self, request: HttpRequest, obj: Round) -> None:
        admin_writes.delete_round(by=request.user, round=obj)


class SeatInline(ScopedInline, admin.TabularInline):
    """Read-only once the table has hands (`obj` is the table)."""

    model = Seat
    parent_club_path = "round__event__club"
    extra = 0
    autocomplete_fields = ["player"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not table_has_hands(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not table_has_hands(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not table_has_hands(obj) and super().has_delete_permission(request, obj)


@admin.register(Table)
class TableAdmin(ScopedAdmin, admin.ModelAdmin):
    club_path = "round__event__club"
    form = TableAdminForm
    list_display = ["__str__", "event", "round", "five_mode", "player_count", "validated_at"]
    list_filter = ["round__status", "five_mode", club_filter("round__event")]
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
        # The rounds' status follows (the service refreshes the old and the new round).
        admin_writes.save_table(by=request.user, table=obj)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # The scorekeepers through the service (checked and audited), not the form's
        # save_m2m, which writes only the fields left in cleaned_data.
        chosen = form.cleaned_data.pop("scorekeepers", None)
        super().save_related(request, form, formsets, change)
        if chosen is not None:
            admin_writes.set_table_scorekeepers(by=request.user, table=form.instance, users=chosen)

    def delete_model(self, request: HttpRequest, obj: Table) -> None:
        # Refused for a table with hands, the bulk action included: the
        # ledger is not the admin's.
        admin_writes.delete_table(by=request.user, table=obj)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        return super().get_queryset(request).annotate(n_seats=Count("seats", distinct=True))

    @admin.display(description=_("event"), ordering="round__event__date")
    def event(self, obj: Table) -> Event:
        return obj.round.event

    @admin.display(description=_("players"), ordering="n_seats")
    def player_count(self, obj: Table) -> int:
        return obj.n_seats  # type: ignore[attr-defined]  # annotated by get_queryset


class SeatAdminForm(forms.ModelForm):
    class Meta:
        model = Seat
        fields = ["table", "position", "player"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        assert cleaned is not None  # Django's ModelForm.clean answers cleaned_data
        tables = [cleaned.get("table"), self.instance.table if self.instance.table_id else None]
        if any(table_has_hands(table) for table in tables):
            raise forms.ValidationError(HAS_HANDS)
        return cleaned


@admin.register(Seat)
class SeatAdmin(ScopedAdmin, admin.ModelAdmin):
    club_path = "table__round__event__club"
    form = SeatAdminForm
    list_display = ["table", "position", "player", "event"]
    list_filter = [club_filter("table__round__event")]
    search_fields = ["player__name", "table__round__event__name"]
    list_select_related = ["table__round__event", "player"]
    autocomplete_fields = ["player"]

    def has_change_permission(self, request: HttpRequest, obj: Seat | None = None) -> bool:
        locked = obj is not None and table_has_hands(obj.table)
        return not locked and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Seat | None = None) -> bool:
        locked = obj is not None and table_has_hands(obj.table)
        return not locked and super().has_delete_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: Seat, form: Any, change: bool) -> None:
        admin_writes.save_seat(by=request.user, seat=obj)

    def delete_model(self, request: HttpRequest, obj: Seat) -> None:
        # Refused once the table has hands, the bulk action included.
        admin_writes.delete_seat(by=request.user, seat=obj)

    @admin.display(description=_("event"))
    def event(self, obj: Seat) -> Event:
        return obj.table.round.event
