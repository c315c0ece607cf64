"""The statistics kept in EventResult: equal to the ledger's, whatever wrote the hands.

The oracle here is independent of services.results (which works the figures out in
Python): SQL aggregates over the HandScore ledger, one player at a time, as the
player's page used to read them before they were pre-aggregated.
"""

from __future__ import annotations

import datetime
import importlib
import random
from decimal import Decimal
from io import StringIO
from typing import Any

import pytest
from django.apps import apps as live_apps
from django.core.management import call_command
from django.db import connection
from django.db.migrations import RenameField
from django.db.migrations.loader import MigrationLoader
from django.db.models import Count, F, Q, Sum

import scoring
from tournaments.models import (
    PLAYED_HAND,
    Event,
    EventResult,
    Hand,
    HandScore,
    Player,
    Round,
    SeasonStanding,
)
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.ranking import tournament_ranking
from tournaments.selectors.season import season_placings
from tournaments.services.hands import delete_hand, save_hand, seat_table
from tournaments.services.results import rebuild_all_event_results

from ..factories import store_hand

COPIED_INPUTS = (
    "dealer_id",
    "contract",
    "taker_id",
    "partner_id",
    "sitting_out_id",
    "oudlers",
    "points",
    "petit_au_bout",
    "poignees",
    "chelem_announced",
    "chelem_made_by",
    "miseres",
)


@pytest.fixture
def generated(db) -> None:
    call_command(
        "generate_data",
        players=30,
        hands=800,
        clubs=1,
        seed=3,  # a tournament and a club night with dealers sitting out
        until=datetime.date(2026, 11, 20),
        stdout=StringIO(),
    )


# --- the oracle: SQL over the ledger ---------------------------------------------


def _camp_won(player: int, field: str, *, won: bool) -> Q:
    taker_camp = Q(is_taker=True) | Q(hand__partner_id=player)
    defence = (
        ~Q(hand__contract="")
        & ~Q(is_taker=True)
        & ~Q(hand__partner_id=player)
        & ~Q(hand__sitting_out_id=player)
    )
    mine, theirs = (Hand.Camp.TAKER, Hand.Camp.DEFENCE) if won else ("defence", "taker")
    return (taker_camp & Q(**{f"hand__{field}": mine})) | (
        defence & Q(**{f"hand__{field}": theirs})
    )


def _showed(player: int, size: str) -> Q:
    condition = Q()
    for index in range(5):
        condition |= Q(
            **{f"hand__poignees__{index}__player": player, f"hand__poignees__{index}__size": size}
        )
    return condition


def oracle(player: int) -> dict[int, dict[str, Any]]:
    """event id -> the player's statistics there, summed by the database."""
    scores = HandScore.objects.filter(player_id=player).order_by()
    taker_camp = Q(is_taker=True) | Q(hand__partner_id=player)
    counts = scores.values("event_id").annotate(
        total=Sum("points"),
        hands=Count("id", filter=PLAYED_HAND),
        taken=Count("id", filter=Q(is_taker=True)),
        contracts_made=Count("id", filter=Q(is_taker=True, contract_made=True)),
        petits_won=Count("id", filter=_camp_won(player, "petit_au_bout", won=True)),
        petits_lost=Count("id", filter=_camp_won(player, "petit_au_bout", won=False)),
        chelems_announced=Count("id", filter=taker_camp & Q(hand__chelem_announced=True)),
        chelems_made=Count("id", filter=_camp_won(player, "chelem_made_by", won=True)),
        chelems_conceded=Count("id", filter=_camp_won(player, "chelem_made_by", won=False)),
        **{
            f"poignee_{size}": Count("id", filter=_showed(player, size))
            for size in scoring.POIGNEE_SIZES
        },
    )
    result: dict[int, dict[str, Any]] = {}
    for item in counts:
        event_id = item.pop("event_id")
        item["poignees"] = {
            size: n for size in scoring.POIGNEE_SIZES if (n := item.pop(f"poignee_{size}"))
        }
        item.update(contracts={}, called={}, called_by={}, opponents={})
        result[event_id] = item
    for row in (
        scores.filter(is_taker=True)
        .values("event_id", "hand__contract")
        .annotate(
            n=Count("id"), won=Count("id", filter=Q(contract_made=True)), points=Sum("points")
        )
    ):
        result[row["event_id"]]["contracts"][row["hand__contract"]] = [
            row["n"],
            row["won"],
            row["points"],
        ]
    for key, filters, other in (
        ("called", {"taker_id": player}, "partner_id"),
        ("called_by", {"partner_id": player}, "taker_id"),
    ):
        for row in (
            Hand.objects.filter(partner__isnull=False, **filters)
            .values("table__round__event_id", other)
            .annotate(
                n=Count("id", distinct=True),
                won=Count("scores", filter=Q(scores__is_taker=True, scores__contract_made=True)),
                points=Sum("scores__points", filter=Q(scores__player_id=player)),
            )
            .order_by()
        ):
            result[row["table__round__event_id"]][key][str(row[other])] = [
                row["n"],
                row["won"],
                row["points"],
            ]
    together = Q(hand__sitting_out__isnull=True) | (
        ~Q(hand__sitting_out=player) & ~Q(hand__sitting_out=F("player"))
    )
    for row in (
        HandScore.objects.filter(hand__scores__player_id=player)
        .exclude(player_id=player)
        .values("event_id", "player_id")
        .annotate(tables=Count("table", distinct=True), hands=Count("id", filter=together))
        .order_by()
    ):
        result[row["event_id"]]["opponents"][str(row["player_id"])] = [
            row["tables"],
            row["hands"],
        ]
    order = ("round__number", "hand__number")
    tournaments = set(Event.objects.filter(kind=Event.Kind.TOURNAMENT).values_list("pk", flat=True))
    for event_id, item in result.items():
        played = scores.filter(PLAYED_HAND, event_id=event_id)
        best = played.order_by("-points", *order).values_list("points", "hand_id").first()
        worst = played.order_by("points", *order).values_list("points", "hand_id").first()
        item["best"], item["worst"] = best, worst
        running, total = [], 0
        for points in played.order_by(*order, "hand_id").values_list("points", flat=True):
            total += points
            running.append(total)
        item["running"] = running
        item["rounds"] = {}
        if event_id in tournaments:
            for number, points, won in (
                scores.filter(event_id=event_id)
                .values_list("round__number")
                .annotate(
                    t=Sum("points"), w=Count("id", filter=Q(is_taker=True, contract_made=True))
                )
            ):
                item["rounds"][str(number)] = [points, won]
    return result


def stored(player: int) -> dict[int, dict[str, Any]]:
    result = {}
    for row in EventResult.objects.filter(player_id=player):
        result[row.event_id] = {
            "total": row.total,
            "hands": row.hands,
            "taken": row.taken,
            "contracts_made": row.contracts_made,
            "petits_won": row.petits_won,
            "petits_lost": row.petits_lost,
            "chelems_announced": row.chelems_announced,
            "chelems_made": row.chelems_made,
            "chelems_conceded": row.chelems_conceded,
            "poignees": row.poignees,
            "contracts": row.contracts,
            "called": row.partners.get("called", {}),
            "called_by": row.partners.get("called_by", {}),
            "opponents": row.opponents,
            "best": (row.best_points, row.best_hand_id) if row.best_hand_id else None,
            "worst": (row.worst_points, row.worst_hand_id) if row.worst_hand_id else None,
            "running": row.running,
            "rounds": row.rounds,
        }
    return result


def assert_every_player_matches_the_ledger() -> int:
    compared = 0
    for player in Player.objects.values_list("pk", flat=True):
        expected = oracle(player)
        assert stored(player) == expected, f"player {player}"
        compared += len(expected)
    return compared


def season_rows() -> list[tuple[Any, ...]]:
    fields = [f.attname for f in SeasonStanding._meta.concrete_fields if f.name != "id"]
    return sorted(SeasonStanding.objects.values_list(*fields))


def full_rows() -> list[tuple[Any, ...]]:
    fields = [f.attname for f in EventResult._meta.concrete_fields if f.name != "id"]
    return sorted(EventResult.objects.values_list(*fields))


# --- the tests -------------------------------------------------------------------


@pytest.mark.slow
def test_generated_data_statistics_equal_the_ledgers(generated):
    # generate_data fills EventResult in one pass: every player's figures in every
    # event must be what SQL finds in the ledger.
    compared = assert_every_player_matches_the_ledger()
    assert compared == EventResult.objects.count() > 100
    # The data exercises every kind of figure, so the comparison means something.
    assert EventResult.objects.filter(petits_won__gt=0).exists()
    assert EventResult.objects.filter(petits_lost__gt=0).exists()
    assert EventResult.objects.exclude(poignees={}).exists()
    assert EventResult.objects.exclude(partners__called={}).exists()
    assert Hand.objects.filter(sitting_out__isnull=False).count() > 50
    assert Event.objects.filter(kind=Event.Kind.TOURNAMENT).exists()


@pytest.mark.slow
def test_saves_and_deletes_keep_statistics_as_a_rebuild_would(generated, federation):
    # The generated clubs are not the fixtures' club: the federation writes there.
    # Hands added (copies of a table's own hands, so valid there) and deleted through
    # the services, at random tables: each write refreshes only its table's players'
    # statistics, and the result must equal a rebuild from scratch and the ledger.
    rng = random.Random(5)
    hands = list(Hand.objects.select_related("table").order_by("pk"))
    for hand in rng.sample(hands, 25):
        copy = Hand(**{name: getattr(hand, name) for name in COPIED_INPUTS})
        save_hand(table=hand.table, hand=copy, user=federation)
    # Chelems are rare in generated data: add some, made by either camp, announced or not.
    for i, hand in enumerate(rng.sample([h for h in hands if h.contract], 8)):
        chelem = Hand(**{name: getattr(hand, name) for name in COPIED_INPUTS})
        chelem.petit_au_bout, chelem.poignees, chelem.miseres = "", [], []
        if i % 2:
            chelem.oudlers, chelem.points, chelem.chelem_made_by = 3, Decimal(91), "taker"
        else:
            chelem.oudlers, chelem.points, chelem.chelem_made_by = 0, Decimal(0), "defence"
        chelem.chelem_announced = i % 4 < 2
        save_hand(table=hand.table, hand=chelem, user=federation)
    for hand in rng.sample(hands, 25):
        delete_hand(hand=hand, user=federation, expected_version=hand.version)
    incremental = full_rows()
    rebuild_all_event_results()
    assert full_rows() == incremental
    assert_every_player_matches_the_ledger()
    assert EventResult.objects.filter(chelems_made__gt=0).exists()
    assert EventResult.objects.filter(chelems_conceded__gt=0).exists()
    assert EventResult.objects.filter(chelems_announced__gt=0).exists()


def test_an_edit_moves_statistics_and_a_last_delete_drops_the_row(
    table4, scorekeeper, club_night, players
):
    anne, bruno = players[0], players[1]
    hand = save_hand(
        table=table4,
        hand=Hand(
            dealer=anne,
            taker=anne,
            contract="garde",
            oudlers=2,
            points=Decimal(56),
            petit_au_bout="taker",
            poignees=[{"player": anne.pk, "size": "simple"}],
        ),
        user=scorekeeper,
    ).hand
    row = EventResult.objects.get(event=club_night, player=anne)
    assert (row.taken, row.contracts_made, row.petits_won, row.poignees) == (1, 1, 1, {"simple": 1})
    assert EventResult.objects.get(event=club_night, player=bruno).petits_lost == 1
    hand.taker, hand.petit_au_bout, hand.poignees = bruno, "", []
    save_hand(table=table4, hand=hand, user=scorekeeper, expected_version=1)
    row = EventResult.objects.get(event=club_night, player=anne)
    assert (row.taken, row.petits_won, row.poignees, row.contracts) == (0, 0, {}, {})
    assert EventResult.objects.get(event=club_night, player=bruno).contracts == {
        "garde": [1, 1, 240]
    }
    delete_hand(hand=hand, user=scorekeeper, expected_version=2)
    assert not EventResult.objects.filter(event=club_night).exists()


def test_tournament_places_break_ties_as_the_ranking_does(club, players, organiser):
    # Anne and Bruno end on 60 each; Anne's best round (+105) beats Bruno's (+90), so
    # she is placed above him in EventResult as on the ranking page and in the season
    # (a club night would have them share the place).
    event = Event.objects.create(
        club=club,
        name="Open",
        date=datetime.date(2026, 10, 3),
        kind=Event.Kind.TOURNAMENT,
        rules_name="fft",
    )
    anne, bruno, o0, o1, o2, o3, o4, o5 = players[:8]

    def play(round_: Round, number: int, seated: list[Player], taker: Player, pts: int) -> None:
        table = seat_table(by=SYSTEM, round=round_, number=number, players=seated)
        store_hand(table, organiser, dealer=seated[0], taker=taker, contract="prise", points=pts)

    # A prise with 2 oudlers needs 41: made by 10 is 35 a defender, by 5 is 30, by 20 is 45.
    first = Round.objects.create(event=event, number=1)
    play(first, 1, [anne, o0, o1, o2], anne, 51)  # Anne +105, o0 o1 o2 -35
    play(first, 2, [bruno, o3, o4, o5], bruno, 46)  # Bruno +90, o3 o4 o5 -30
    second = Round.objects.create(event=event, number=2)
    play(second, 1, [anne, o0, o3, o4], o3, 61)  # o3 +135: 105 in all; Anne -45: 60
    play(second, 2, [bruno, o1, o2, o5], o1, 46)  # o1 +90: 55 in all; Bruno -30: 60
    places = dict(EventResult.objects.filter(event=event).values_list("player_id", "rank"))
    assert (places[o3.pk], places[anne.pk], places[bruno.pk], places[o1.pk]) == (1, 2, 3, 4)
    ranking = {row.player_id: row.rank for row in tournament_ranking(event)}
    season = {p.player_id: p.place for p in season_placings([event]).placings}
    assert ranking == places
    assert season == places


def models_on_todays_columns(name: str) -> Any:
    """The app's models at migration `name`, each field renamed since (RenameField moves
    no data) on its column of today: the migration's frozen code, which names the fields
    as they were, runs on today's tables."""
    loader = MigrationLoader(connection)
    target = ("tournaments", name)
    state = loader.project_state(target)
    (leaf,) = [node for node in loader.graph.leaf_nodes() if node[0] == "tournaments"]
    before = set(loader.graph.forwards_plan(target))
    now: dict[tuple[str, str], str] = {}  # (model, field's name at `name`) -> its name now
    for key in loader.graph.forwards_plan(leaf):
        if key in before or key[0] != "tournaments":
            continue
        for operation in loader.graph.nodes[key].operations:
            if isinstance(operation, RenameField):
                model, old = operation.model_name_lower, operation.old_name_lower
                then = next((f for (m, f), n in now.items() if (m, n.lower()) == (model, old)), old)
                now[model, then] = operation.new_name
    for (model, then), current in now.items():
        model_state = state.models.get(("tournaments", model))
        if model_state is not None and then in model_state.fields:
            field = model_state.fields[then].clone()  # the migrations' own one stays as written
            live = live_apps.get_model("tournaments", model)
            field.db_column = live._meta.get_field(current).column
            model_state.fields[then] = field
    return state.apps


@pytest.mark.slow
def test_the_migration_fills_what_the_services_write(generated):
    # 0006 fills existing databases with the historical models, then 0014 each result's
    # rounds and running total (0013) and every season's ranking: same rows as the app.
    # (Both run with the models of 0014: the columns 0013 added have no database default;
    # the fields renamed since, on their columns of today.)
    expected, standings = full_rows(), season_rows()
    assert standings
    EventResult.objects.all().delete()
    SeasonStanding.objects.all().delete()
    apps = models_on_todays_columns("0014_fill_stored_rankings")
    migration = importlib.import_module("tournaments.migrations.0006_fill_event_statistics")
    migration.fill_statistics(apps, None)
    later = importlib.import_module("tournaments.migrations.0014_fill_stored_rankings")
    later.fill_results(apps, None)
    later.fill_standings(apps, None)
    assert full_rows() == expected
    assert season_rows() == standings


def test_the_oracle_compares_every_statistics_column():
    # A column added to EventResult must be added to `stored` and the oracle too.
    compared = {
        "total",
        "hands",
        "taken",
        "contracts_made",
        "petits_won",
        "petits_lost",
        "chelems_announced",
        "chelems_made",
        "chelems_conceded",
        "poignees",
        "contracts",
        "partners",
        "opponents",
        "best_points",
        "best_hand",
        "worst_points",
        "worst_hand",
        "running",
        "rounds",
    }
    placing = {"id", "event", "player", "rank", "field_size"}
    assert {f.name for f in EventResult._meta.concrete_fields} == compared | placing
