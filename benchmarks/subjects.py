"""What benchmarks/pages.py measures each page on: FIXED subjects, the same at every
size of database, and GROWING ones (the busiest), see pages.py's docstring."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Subjects:
    """What each page is measured on (see the module's docstring)."""

    open_table: Any
    sheet_table: Any
    night: Any
    big: Any
    big_rounds: int
    big_rows: int
    big_table: Any
    fixed_season: Any
    busiest_season: Any
    busiest_season_rows: int
    winner: int
    runner_up: int  # his neighbour at his first table of the Grand Open
    busiest: dict[str, int]
    rival: dict[str, int]


def pick_subjects() -> Subjects:
    from django.db.models import Count

    from tournaments.models import (
        Event,
        EventResult,
        HandScore,
        Player,
        Round,
        Season,
        Seat,
        Table,
    )
    from tournaments.selectors.access import SYSTEM
    from tournaments.services.seasons import save_season

    open_table = (
        Table.objects.filter(
            round__status=Round.Status.OPEN,
            validated_at=None,
            round__event__kind=Event.Kind.CLUB_NIGHT,
        )
        .annotate(n=Count("seats"))
        .filter(n=4)
        .select_related("round__event")
        .order_by("-pk")
        .first()
    )
    sheet_table = (
        Table.objects.filter(round__event__kind=Event.Kind.CLUB_NIGHT, round__event__published=True)
        .annotate(n=Count("hands"))
        .order_by("-n", "pk")
        .first()
    )
    night = (
        Event.objects.filter(kind=Event.Kind.CLUB_NIGHT, published=True)
        .annotate(n=Count("hand_scores"))
        .order_by("-n", "pk")
        .first()
    )
    big = (
        Event.objects.filter(kind=Event.Kind.TOURNAMENT, published=True)
        .annotate(n=Count("registrations", distinct=True), r=Count("rounds", distinct=True))
        .order_by("-n", "-r", "pk")
        .first()
    )
    big_table = (
        Table.objects.filter(round__event=big)
        .annotate(n=Count("seats"))
        .filter(n=4)
        .select_related("round__event")
        .order_by("-round__number", "number")
        .first()
    )
    # FIXED season: the Grand Open's club, the Grand Open's day only.
    fixed_name = "Bench: the Grand Open's day"
    fixed_season = Season.objects.filter(club=big.club, name=fixed_name).first()
    if fixed_season is None:
        fixed_season = save_season(
            by=SYSTEM,
            season=None,
            club=big.club,
            name=fixed_name,
            start=big.date,
            end=big.date,
            mode=Season.Mode.PLACES,
            scale="25,20,16,13,11,10,9,8,7,6,5,4,3,2,1",
            best_n=10,
            published=True,
        )
    # GROWING season: the biggest club's last full season (the one before the current).
    club_id = Player.objects.values("club_id").annotate(n=Count("id")).order_by("-n")[0]["club_id"]
    seasons = list(
        Season.objects.filter(club_id=club_id).exclude(name=fixed_name).order_by("-start")[:2]
    )
    busiest_season = seasons[-1]
    busiest_season_rows = HandScore.objects.filter(
        event__club_id=club_id,
        event__date__gte=busiest_season.start,
        event__date__lte=busiest_season.end,
    ).count()
    winner = (
        EventResult.objects.filter(event=big)
        .order_by("rank", "player_id")
        .values_list("player_id", flat=True)
        .first()
    )
    # His neighbour at his first table of the Grand Open (they met there at least).
    first_table = (
        Seat.objects.filter(table__round__event=big, player_id=winner)
        .order_by("table__round__number")
        .values_list("table_id", flat=True)
        .first()
    )
    neighbour = (
        Seat.objects.filter(table_id=first_table)
        .exclude(player_id=winner)
        .order_by("position")
        .values_list("player_id", flat=True)
        .first()
    )
    busiest = (
        HandScore.objects.values("player_id").annotate(n=Count("id")).order_by("-n", "player_id")
    )[0]
    his_tables = HandScore.objects.filter(player_id=busiest["player_id"]).values("table_id")
    rival = (
        HandScore.objects.filter(table_id__in=his_tables)
        .exclude(player_id=busiest["player_id"])
        .values("player_id")
        .annotate(n=Count("table_id", distinct=True))
        .order_by("-n", "player_id")
    )[0]
    return Subjects(
        open_table=open_table,
        sheet_table=sheet_table,
        night=night,
        big=big,
        big_rounds=big.r,
        big_rows=HandScore.objects.filter(event=big).count(),
        big_table=big_table,
        fixed_season=fixed_season,
        busiest_season=busiest_season,
        busiest_season_rows=busiest_season_rows,
        winner=winner,
        runner_up=neighbour,
        busiest=busiest,
        rival=rival,
    )


def player_rows(player_id: int) -> str:
    from tournaments.models import EventResult, HandScore

    rows = HandScore.objects.filter(player_id=player_id).count()
    events = EventResult.objects.filter(player_id=player_id).count()
    return f"player {player_id}: {rows} score rows, {events} events"


def shared_tables(a: int, b: int) -> int:
    from tournaments.models import HandScore

    return (
        HandScore.objects.filter(player_id=a)
        .filter(table_id__in=HandScore.objects.filter(player_id=b).values("table_id"))
        .values("table_id")
        .distinct()
        .count()
    )
