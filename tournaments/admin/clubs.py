"""The back office for clubs, players, seasons, teams and registrations: each save and
delete goes through a service, for the clubs the user organises (scope.py)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from ..models import Club, Player, Registration, Season, Team
from ..selectors import access
from ..services import admin_writes, seasons
from ..services import players as player_services
from .scope import ScopedAdmin, ScopedInline, club_filter


@admin.register(Club)
class ClubAdmin(ScopedAdmin, admin.ModelAdmin):
    club_path = "pk"
    list_display = ["name", "slug", "player_count"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Club]:
        return super().get_queryset(request).annotate(n_players=Count("players"))

    @admin.display(description=_("players"), ordering="n_players")
    def player_count(self, obj: Club) -> int:
        return obj.n_players  # type: ignore[attr-defined]  # annotated by get_queryset

    # A club is created and removed by the federation; its organisers may rename it.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return access.is_federation(request.user)

    def has_delete_permission(self, request: HttpRequest, obj: Club | None = None) -> bool:
        return access.is_federation(request.user)

    def save_model(self, request: HttpRequest, obj: Club, form: Any, change: bool) -> None:
        admin_writes.save_club(by=request.user, club=obj)

    def delete_model(self, request: HttpRequest, obj: Club) -> None:
        admin_writes.delete_club(by=request.user, club=obj)


@admin.register(Player)
class PlayerAdmin(ScopedAdmin, admin.ModelAdmin):
    list_display = ["name", "club", "licence", "active", "user"]
    list_filter = [club_filter("club"), "active"]
    search_fields = ["name", "licence", "user__username"]
    list_select_related = ["club", "user"]
    autocomplete_fields = ["user"]

    def get_readonly_fields(self, request: HttpRequest, obj: Player | None = None) -> list[str]:
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            fields.append("club")  # no service moves a player to another club
        if not access.is_federation(request.user):
            # Choosing among every account of the site is the federation's.
            fields.append("user")
        return fields

    def save_model(self, request: HttpRequest, obj: Player, form: Any, change: bool) -> None:
        values: dict[str, Any] = {
            "name": obj.name,
            "licence": obj.licence,
            "active": obj.active,
            "public_name_style": obj.public_name_style,
        }
        if change:
            player = player_services.update_player(
                by=request.user, player=Player.objects.get(pk=obj.pk), **values
            )
        else:
            player = player_services.create_player(by=request.user, club=obj.club, **values)
            obj.pk = player.pk
        if "user" in form.changed_data:
            admin_writes.set_player_account(by=request.user, player=player, user=obj.user)

    def delete_model(self, request: HttpRequest, obj: Player) -> None:
        admin_writes.delete_player(by=request.user, player=obj)


class RegistrationInline(ScopedInline, admin.TabularInline):
    model = Registration
    parent_club_path = "event__club"  # the parent is the team
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Team)
class TeamAdmin(ScopedAdmin, admin.ModelAdmin):
    club_path = "event__club"
    list_display = ["name", "event", "member_count"]
    list_filter = [club_filter("event")]
    search_fields = ["name", "event__name"]
    list_select_related = ["event"]
    inlines = [RegistrationInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Team]:
        return super().get_queryset(request).annotate(n_members=Count("members"))

    @admin.display(description=_("members"), ordering="n_members")
    def member_count(self, obj: Team) -> int:
        return obj.n_members  # type: ignore[attr-defined]  # annotated by get_queryset

    def save_model(self, request: HttpRequest, obj: Team, form: Any, change: bool) -> None:
        admin_writes.save_team(by=request.user, team=obj)

    def delete_model(self, request: HttpRequest, obj: Team) -> None:
        admin_writes.delete_team(by=request.user, team=obj)


@admin.register(Season)
class SeasonAdmin(ScopedAdmin, admin.ModelAdmin):
    list_display = ["name", "club", "start", "end", "mode", "published"]
    list_filter = [club_filter("club"), "mode", "published"]
    search_fields = ["name", "club__name"]
    list_select_related = ["club"]
    date_hierarchy = "start"

    def save_model(self, request: HttpRequest, obj: Season, form: Any, change: bool) -> None:
        saved = seasons.save_season(
            by=request.user,
            season=Season.objects.get(pk=obj.pk) if change else None,
            club=obj.club,
            name=obj.name,
            start=obj.start,
            end=obj.end,
            mode=obj.mode,
            scale=obj.scale,
            best_n=obj.best_n,
            published=obj.published,
        )
        obj.pk = saved.pk

    def delete_model(self, request: HttpRequest, obj: Season) -> None:
        admin_writes.delete_season(by=request.user, season=obj)


@admin.register(Registration)
class RegistrationAdmin(ScopedAdmin, admin.ModelAdmin):
    club_path = "event__club"
    list_display = ["player", "event", "team", "present"]
    list_filter = ["present", club_filter("event")]
    search_fields = ["player__name", "player__licence", "event__name"]
    list_select_related = ["player", "event", "team"]
    autocomplete_fields = ["player", "team"]

    def save_model(self, request: HttpRequest, obj: Registration, form: Any, change: bool) -> None:
        saved = admin_writes.save_registration(by=request.user, registration=obj)
        obj.pk = saved.pk

    def delete_model(self, request: HttpRequest, obj: Registration) -> None:
        admin_writes.delete_registration(by=request.user, registration=obj)
