"""manage.py generate_data: realistic data whose every score is the engine's."""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.db.models import Count, Sum

from tournaments.models import (
    Club,
    Event,
    Hand,
    HandScore,
    Player,
    Registration,
    Round,
    Season,
    Seat,
    Table,
)
from tournaments.planning import seating
from tournaments.services.hands import score_stored_hand

UNTIL = datetime.date(2026, 11, 20)


def generate(**options: Any) -> None:
    options = {"players": 40, "hands": 300, "clubs": 2, "seed": 7, "until": UNTIL, **options}
    call_command("generate_data", stdout=_Quiet(), **options)


class _Quiet:
    def write(self, text: str) -> None:
        pass

    def flush(self) -> None:
        pass


@pytest.fixture
def generated(db) -> None:
    generate()


def test_counts_are_the_ones_asked_for(generated):
    assert Club.objects.count() == 2
    assert Player.objects.count() == 40
    assert Hand.objects.count() == 300
    assert Season.objects.count() == 4  # one per club and season
    assert Player.objects.exclude(licence="").count() >= 30
    licences = list(Player.objects.exclude(licence="").values_list("licence", flat=True))
    assert all(len(licence) == 7 and licence.isdigit() for licence in licences)


def test_every_hand_has_one_score_row_per_player_and_sums_to_zero(generated):
    seated = dict(Table.objects.annotate(n=Count("seats")).values_list("pk", "n"))
    per_hand = HandScore.objects.values("hand_id", "hand__table_id").annotate(
        total=Sum("points"), rows=Count("id")
    )
    assert len(per_hand) == 300
    for row in per_hand:
        assert row["total"] == 0, row
        assert row["rows"] == seated[row["hand__table_id"]]


def test_every_score_row_is_a_fresh_engine_score_of_its_stored_hand(generated):
    seats_of: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.order_by("table_id", "position"):
        seats_of[seat.table_id].append(seat)
    rows_of: dict[int, list[HandScore]] = defaultdict(list)
    for row in HandScore.objects.all():
        rows_of[row.hand_id].append(row)
    checked = 0
    for hand in Hand.objects.select_related("table__round__event"):
        table = hand.table
        result = score_stored_hand(hand, seats_of[table.pk], table.round.event.rules)
        stored = {r.player_id: r for r in rows_of[hand.pk]}
        assert {p: r.points for p, r in stored.items()} == result.scores
        for player_id, row in stored.items():
            assert row.is_taker == (player_id == hand.taker_id)
            assert row.contract_made == (result.made if player_id == hand.taker_id else None)
            assert (row.event_id, row.round_id, row.table_id) == (
                table.round.event_id,
                table.round_id,
                table.pk,
            )
        checked += 1
    assert checked == 300


def test_hands_are_realistic_a_mix_of_contracts_and_bonuses(db):
    generate(players=60, hands=1500, seed=3)
    contracts = Counter(Hand.objects.values_list("contract", flat=True))
    assert contracts["prise"] > contracts["garde"] > contracts["garde_sans"] > 0
    assert contracts[""] > 0  # everybody passed now and then
    made = HandScore.objects.filter(is_taker=True, contract_made=True).count()
    taken = HandScore.objects.filter(is_taker=True).count()
    assert 0.4 < made / taken < 0.9
    assert Hand.objects.exclude(petit_au_bout="").exists()
    assert Hand.objects.exclude(poignees=[]).exists()
    # Tables of 5 where the dealer sits out: the dealer scores 0 that hand.
    sat_out = Hand.objects.filter(sitting_out__isnull=False)
    assert sat_out.exists()
    for hand in sat_out[:20]:
        assert hand.sitting_out_id == hand.dealer_id
        assert HandScore.objects.get(hand=hand, player_id=hand.dealer_id).points == 0


def test_tournaments_are_seated_by_rounds_at_tables_of_3_to_5(generated):
    tournaments = Event.objects.filter(kind=Event.Kind.TOURNAMENT)
    assert tournaments.exists()
    for event in tournaments:
        registered = set(
            Registration.objects.filter(event=event).values_list("player_id", flat=True)
        )
        rounds = list(Round.objects.filter(event=event).order_by("number"))
        assert 4 <= len(rounds) <= 6
        for round_ in rounds:
            tables = list(Table.objects.filter(round=round_).annotate(n=Count("seats")))
            sizes = sorted(t.n for t in tables)
            assert all(3 <= size <= 5 for size in sizes)
            seated = list(Seat.objects.filter(table__round=round_).values_list("player", flat=True))
            assert len(seated) == len(set(seated))  # nobody at two tables
            assert set(seated) <= registered
            assert sizes == sorted(seating.table_sizes(len(seated)))


def test_club_nights_have_2_to_6_tables_and_finished_events_are_locked(generated):
    for event in Event.objects.filter(kind=Event.Kind.CLUB_NIGHT):
        assert Table.objects.filter(round__event=event).count() <= 6
    latest = Event.objects.order_by("-date", "-pk").first()
    assert not latest.published  # still being played
    assert Round.objects.filter(event=latest, status=Round.Status.OPEN).exists()
    finished = Event.objects.exclude(pk=latest.pk).filter(date__lt=UNTIL - datetime.timedelta(2))
    assert finished.exists()
    assert not Round.objects.filter(event__in=finished, status=Round.Status.OPEN).exists()
    assert not Table.objects.filter(round__event__in=finished, validated_at=None).exists()
    assert finished.filter(published=True).count() >= finished.count() * 0.8


def _snapshot() -> dict[str, Any]:
    """Everything generated, ids replaced by what they stand for."""
    names = dict(Player.objects.values_list("pk", "name"))

    def who(pk: int | None) -> str | None:
        return names.get(pk) if pk else None

    return {
        "clubs": list(Club.objects.order_by("slug").values_list("name", "slug")),
        "players": sorted(
            Player.objects.values_list("club__slug", "name", "licence", "active")
        ),
        "events": list(
            Event.objects.order_by("date", "name", "club__slug").values_list(
                "club__slug", "kind", "name", "date", "published", "rules_name"
            )
        ),
        "seats": sorted(
            (s.table.round.event.name, str(s.table.round.event.date), s.table.round.number,
             s.table.number, s.position, names[s.player_id])
            for s in Seat.objects.select_related("table__round__event")
        ),
        "hands": sorted(
            (h.table.round.event.name, str(h.table.round.event.date), h.table.round.number,
             h.table.number, h.number, who(h.dealer_id), h.contract, who(h.taker_id),
             who(h.partner_id), who(h.sitting_out_id), h.oudlers, str(h.points),
             h.petit_au_bout, str([(who(p["player"]), p["size"]) for p in h.poignees]),
             h.chelem_announced, h.chelem_made_by)
            for h in Hand.objects.select_related("table__round__event")
        ),
        "scores": sorted(
            (r.hand.table.round.event.name, str(r.event.date), r.hand.table.round.number,
             r.hand.table.number, r.hand.number, names[r.player_id], r.points, r.is_taker,
             r.contract_made)
            for r in HandScore.objects.select_related("hand__table__round__event", "event")
        ),
        "tables": sorted(
            (t.round.event.name, str(t.round.event.date), t.round.number, t.round.status,
             t.number, t.five_mode, t.validated_at is not None)
            for t in Table.objects.select_related("round__event")
        ),
        "registrations": sorted(
            (r.event.name, str(r.event.date), names[r.player_id], r.present)
            for r in Registration.objects.select_related("event")
        ),
        "seasons": sorted(Season.objects.values_list("club__slug", "name", "start", "end")),
    }  # fmt: skip


def _generated_then_undone(**options: Any) -> dict[str, Any]:
    with transaction.atomic():
        generate(**options)
        snapshot = _snapshot()
        transaction.set_rollback(True)
    assert not Hand.objects.exists()
    return snapshot


@pytest.mark.slow
def test_the_same_seed_gives_the_same_data_and_another_seed_other_data(db):
    first = _generated_then_undone(seed=11)
    again = _generated_then_undone(seed=11)
    other = _generated_then_undone(seed=12)
    assert first["hands"] and first["scores"]
    assert first == again
    assert other["hands"] != first["hands"]


@pytest.mark.slow
def test_the_orm_writer_and_the_bulk_writer_write_the_same_rows(db):
    bulk = _generated_then_undone(seed=5, hands=200)
    orm = _generated_then_undone(seed=5, hands=200, orm=True)
    assert bulk["hands"]
    assert orm == bulk


def test_small_numbers_work_even_without_room_for_a_tournament(db):
    generate(players=9, hands=25, clubs=1)
    assert Hand.objects.count() == 25
    assert not Event.objects.filter(kind=Event.Kind.TOURNAMENT).exists()
    assert not HandScore.objects.values("hand").annotate(t=Sum("points")).exclude(t=0).exists()


def test_refuses_to_generate_the_same_clubs_twice(generated):
    with pytest.raises(CommandError):
        generate()
    assert Hand.objects.count() == 300


def test_tiny_clubs_still_seat_every_table_with_3_to_5_players(db):
    generate(players=12, hands=120, clubs=6, seed=1)
    assert Club.objects.count() == 6
    assert Hand.objects.count() == 120
    # The case at hand: a club too small to fill a table on its own.
    assert Player.objects.values("club").annotate(n=Count("id")).filter(n__lt=3).exists()
    sizes = Table.objects.annotate(n=Count("seats")).values_list("n", flat=True)
    assert sizes and all(3 <= n <= 5 for n in sizes)
