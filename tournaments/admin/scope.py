"""Each ModelAdmin acts for the clubs its user organises, and writes through services.

Who may enter the admin stays Django's `is_staff`; what a staff user sees and may do
there is his club role, not Django's model permissions: the organiser of a club sees,
changes and deletes that club's rows only; the federation (superusers and holders of
the `federation` permission) every club's; a staff user with no club role nothing.
Each admin names its path to the owning club (`club_path`), from which come its list,
its objects' permissions, and the choices of its foreign keys. An object of another
club typed into the address is refused (403), not shown.

Writes: save_model/delete_model and the inlines' rows call a service (which checks the
role again and raises PermissionDenied, Refused or Conflict). A Refused is shown on the
form like a validation error (a refused or conflicting deletion as a message), and
nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Model, Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from ..errors import Conflict, Refused
from ..models import Club, Event, Hand, Player, Registration, Round, Season, Seat, Table, Team
from ..selectors import access
from ..services import admin_writes

if TYPE_CHECKING:  # the mixins go before Django's admin classes, whose methods they extend
    _BaseAdmin = admin.options.BaseModelAdmin[Any]
    _ModelAdmin = admin.ModelAdmin[Any]
    _InlineAdmin = admin.options.InlineModelAdmin[Any, Any]
else:
    _BaseAdmin = _ModelAdmin = _InlineAdmin = object

_SERVICE_ERROR = "_tarot_admin_service_error"

Writer = Callable[[Any, Any], Any]


def _writers(
    save: Callable[..., Any], delete: Callable[..., Any], name: str
) -> tuple[Writer, Writer]:
    """A model's save and delete services, called with the row as keyword `name`."""
    return (
        lambda by, obj: save(by=by, **{name: obj}),
        lambda by, obj: delete(by=by, **{name: obj}),
    )


# The inlines' rows go through the same services as their own admins.
INLINE_WRITERS: dict[type[Model], tuple[Writer, Writer]] = {
    Round: _writers(admin_writes.save_round, admin_writes.delete_round, "round"),
    Table: _writers(admin_writes.save_table, admin_writes.delete_table, "table"),
    Seat: _writers(admin_writes.save_seat, admin_writes.delete_seat, "seat"),
    Team: _writers(admin_writes.save_team, admin_writes.delete_team, "team"),
    Registration: _writers(
        admin_writes.save_registration, admin_writes.delete_registration, "registration"
    ),
}


# How each model a form may point to reaches its club (None: the club itself).
_CHOICE_PATHS: dict[type[Model], str | None] = {
    Club: None,
    Event: "club",
    Season: "club",
    Round: "event__club",
    Team: "event__club",
    Table: "round__event__club",
    Hand: "table__round__event__club",
}


def organises_a_club(user: Any) -> bool:
    """The door to the admin's lists: the federation or an organiser of some club."""
    found = access.viewer(user)
    return bool(found.federation or found.clubs)


def club_id_of(obj: Any, path: str) -> int | None:
    """The id of the club owning `obj`, following `path` ("pk" when obj is a club)."""
    if path == "pk":
        return obj.pk
    *hops, last = path.split("__")
    for hop in hops:
        obj = getattr(obj, hop, None)
        if obj is None:
            return None
    return getattr(obj, f"{last}_id", None)


def may_act_on(user: Any, obj: Any, path: str) -> bool:
    if obj is None:
        return organises_a_club(user)
    club_id = club_id_of(obj, path)
    return club_id is not None and access.organises_club(user, club_id)


def choices(model: type[Model], user: Any) -> QuerySet | None:
    """The rows of `model` a form may point to (None: leave the default, every row)."""
    if access.is_federation(user):
        return None
    clubs = access.organised_clubs(user)
    if model is Player:
        # His clubs' players, and those of other clubs entered in his clubs' events.
        return Player.objects.filter(
            Q(club__in=clubs)
            | Q(pk__in=Registration.objects.filter(event__club__in=clubs).values("player_id"))
            | Q(pk__in=Seat.objects.filter(table__round__event__club__in=clubs).values("player_id"))
        )
    if model is get_user_model():
        # The people of his clubs and his events' guests (scorekeepers of their tables).
        return (
            model._default_manager.filter(
                Q(memberships__club__in=clubs) | Q(guest_of__event__club__in=clubs)
            )
            .distinct()
            .order_by("username")
        )
    if model not in _CHOICE_PATHS:
        return None
    path = _CHOICE_PATHS[model]
    return model._default_manager.filter(**{"pk__in" if path is None else f"{path}__in": clubs})


class _ScopedChoices(_BaseAdmin):
    """Foreign-key and many-to-many choices limited to the user's clubs."""

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        limited = choices(db_field.related_model, request.user)
        if limited is not None and "queryset" not in kwargs:
            kwargs["queryset"] = limited
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        limited = choices(db_field.related_model, request.user)
        if limited is not None and "queryset" not in kwargs:
            kwargs["queryset"] = limited
        return super().formfield_for_manytomany(db_field, request, **kwargs)


class ScopedAdmin(_ScopedChoices, _ModelAdmin):
    """Mixed in before admin.ModelAdmin. `club_path`: the lookup from the model to its
    club ("club", "event__club", "round__event__club"...; "pk" for Club)."""

    club_path: str = "club"

    # --- what the user sees -------------------------------------------------------------

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        queryset = super().get_queryset(request)
        if access.is_federation(request.user):
            return queryset
        clubs = access.organised_clubs(request.user)
        lookup = "pk__in" if self.club_path == "pk" else f"{self.club_path}__in"
        return queryset.filter(**{lookup: clubs})

    def get_object(self, request: HttpRequest, object_id: str, from_field: Any = None) -> Any:
        obj = super().get_object(request, object_id, from_field)
        if obj is None:
            # Another club's object: refused (403), rather than "does not exist".
            field = (
                self.model._meta.pk
                if from_field is None
                else self.model._meta.get_field(from_field)
            )
            try:
                exists = self.model._default_manager.filter(
                    **{field.attname: field.to_python(object_id)}
                ).exists()
            except (ValidationError, ValueError):
                exists = False
            if exists:
                raise PermissionDenied
        return obj

    def has_module_permission(self, request: HttpRequest) -> bool:
        return organises_a_club(request.user)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_act_on(request.user, obj, self.club_path)

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return organises_a_club(request.user)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_act_on(request.user, obj, self.club_path)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_act_on(request.user, obj, self.club_path)

    # --- writes through services ----------------------------------------------------------

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any):
        form = super().get_form(request, obj, change, **kwargs)
        error: Refused | None = getattr(request, _SERVICE_ERROR, None)
        if error is None:
            return form
        refused = error

        class WithServiceError(form):  # type: ignore[misc, valid-type]  # a class built at run time by get_form
            """The second pass of a refused save: the service's message at its field."""

            def clean(self) -> dict[str, Any]:
                cleaned = super().clean()
                self.add_error(
                    refused.field if refused.field in self.fields else None, refused.message
                )
                return cleaned

        return WithServiceError

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except Refused as error:
            # The service refused: the view's transaction rolled back. Show the form
            # again with the message (the second pass cannot save: its form is invalid).
            if request.method != "POST" or hasattr(request, _SERVICE_ERROR):
                raise
            setattr(request, _SERVICE_ERROR, error)
            return super().changeform_view(request, object_id, form_url, extra_context)

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        try:
            return super().delete_view(request, object_id, extra_context)
        except (Refused, Conflict) as error:  # refused, or changed since the page was read
            self.message_user(request, error.message, level=messages.ERROR)
            return HttpResponseRedirect(request.path)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        # The bulk action too goes through the service, one object at a time.
        for obj in queryset:
            try:
                self.delete_model(request, obj)
            except (Refused, Conflict) as error:
                self.message_user(request, f"{obj}: {error.message}", level=messages.ERROR)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        writers = INLINE_WRITERS.get(formset.model)
        if writers is None:
            super().save_formset(request, form, formset, change)
            return
        save, delete = writers
        rows = formset.save(commit=False)
        for obj in formset.deleted_objects:
            delete(request.user, obj)
        for obj in rows:
            save(request.user, obj)
        formset.save_m2m()


class ScopedInline(_ScopedChoices, _InlineAdmin):
    """Mixed in before an InlineModelAdmin: its rows follow the parent object's club
    (`parent_club_path` from the parent, the `obj` Django passes)."""

    parent_club_path: str = "club"

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_act_on(request.user, obj, self.parent_club_path)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_act_on(request.user, obj, self.parent_club_path)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_act_on(request.user, obj, self.parent_club_path)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return may_act_on(request.user, obj, self.parent_club_path)


def club_filter(field: str) -> tuple[str, type[admin.RelatedOnlyFieldListFilter]]:
    """A list filter offering only the clubs/events of the rows the user sees."""
    return (field, admin.RelatedOnlyFieldListFilter)
