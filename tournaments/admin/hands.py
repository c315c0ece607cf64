"""The back office for hands and the ledger: hands go through services.hands,
HandScore and EventResult are read-only.
"""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.contrib import admin
from django.forms.models import construct_instance
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

import scoring

from ..forms.hand import ENGINE_FIELD_TO_HAND_FIELD, hand_error_message
from ..models import Event, EventResult, Hand, HandScore
from ..services import duplicate_results
from ..services import hands as hand_services
from .scope import ScopedAdmin, ScopedInline, club_filter


class ReadOnlyAdminMixin:
    """The ledger is written by services only."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class HandScoreInline(ReadOnlyAdminMixin, ScopedInline, admin.TabularInline):
    model = HandScore
    parent_club_path = "table__round__event__club"  # the parent is the hand
    extra = 0
    fields = readonly_fields = ("player", "points", "is_taker", "contract_made")
    can_delete = False


class HandAdminForm(forms.ModelForm):
    """Checks the hand with the engine and the version before save_hand is called."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Hand
        fields = ["table", *Hand.INPUT_FIELDS, "version"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        assert cleaned is not None  # Django's ModelForm.clean answers cleaned_data
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
            if probe.board_id is not None:  # a duplicate board's result: its dealer and cards
                seats = hand_services.table_seats(table)
                duplicate_results.prepare_hand(
                    table=table, board=probe.board, hand=probe, seats=seats
                )
                duplicate_results.check_board_result(
                    table=table, board=probe.board, hand=probe, seats=seats
                )
            hand_services.preview_hand(table=table, hand=probe)
        except scoring.HandError as error:
            names = dict(table.seats.values_list("player_id", "player__name"))
            field = ENGINE_FIELD_TO_HAND_FIELD.get(error.field)
            self.add_error(
                field if field in self.fields else None, hand_error_message(error, names)
            )
        return cleaned


@admin.register(Hand)
class HandAdmin(ScopedAdmin, SimpleHistoryAdmin):
    club_path = "table__round__event__club"
    form = HandAdminForm
    list_display = ["__str__", "table", "event", "dealer", "contract", "taker", "points", "version"]
    list_filter = ["contract", club_filter("table__round__event"), "table__validated_at"]
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
        obj._history_user = request.user  # type: ignore[attr-defined]  # read by simple_history
        board = obj.board
        if board is not None:
            duplicate_results.save_board_result(
                table=obj.table,
                board=board,
                hand=obj,
                user=request.user,
                expected_version=form.cleaned_data.get("version") if change else None,
            )
            return
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
        # Changed since the page was read: a Conflict, which ScopedAdmin says as a
        # message, never a 500; the bulk action goes on with the other hands.
        hand_services.delete_hand(hand=obj, user=request.user, expected_version=obj.version)


@admin.register(HandScore)
class HandScoreAdmin(ReadOnlyAdminMixin, ScopedAdmin, admin.ModelAdmin):
    club_path = "event__club"
    list_display = ["hand", "player", "points", "is_taker", "contract_made", "table", "event"]
    list_filter = [club_filter("event"), "is_taker", "contract_made"]
    search_fields = ["player__name", "event__name"]
    list_select_related = ["hand", "player", "table", "event"]


@admin.register(EventResult)
class EventResultAdmin(ReadOnlyAdminMixin, ScopedAdmin, admin.ModelAdmin):
    """Derived from the ledger by services.results: shown, never edited."""

    club_path = "event__club"
    list_display = ["event", "player", "rank", "total", "hands", "field_size"]
    list_filter = [club_filter("event")]
    search_fields = ["player__name", "event__name"]
    list_select_related = ["event", "player"]
