"""The back office for clubs, players, seasons, teams and registrations."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from ..models import Club, Player, Registration, Season, Team


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


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["player", "event", "team", "active"]
    list_filter = ["active", "event"]
    search_fields = ["player__name", "player__licence", "event__name"]
    list_select_related = ["player", "event", "team"]
    autocomplete_fields = ["player", "team"]
