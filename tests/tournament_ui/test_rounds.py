"""Seating rounds: generate, see the tables and meetings, swap, redraw, scorekeepers."""

from __future__ import annotations

from django.contrib.messages import constants
from django.urls import reverse

from tournaments.models import (
    EventGuest,
    Membership,
    Registration,
    Role,
    Round,
    Seat,
    Table,
    Team,
)
from tournaments.planning import seating
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.tournament import previous_seatings
from tournaments.services.rounds import generate_round

from ..factories import logged_in, make_club, make_member
from .conftest import lock_round, play_round


def generate(client, event):
    return client.post(reverse("round_generate", args=[event.pk]))


def seating_of(round_: Round) -> list[list[int]]:
    return [
        list(t.seats.order_by("position").values_list("player_id", flat=True))
        for t in round_.tables.order_by("number")
    ]


def test_round_one_seats_16_players_at_4_tables_of_4(organiser_client, tournament, registered):
    response = generate(organiser_client, tournament)
    round_ = Round.objects.get(event=tournament, number=1)
    assert response.status_code == 302
    assert response.url == reverse("round_manage", args=[round_.pk])
    assert [t.seats.count() for t in round_.tables.all()] == [4, 4, 4, 4]
    seated = Seat.objects.filter(table__round=round_).values_list("player_id", flat=True)
    assert sorted(seated) == sorted(p.pk for p in registered)
    assert set(round_.tables.values_list("five_mode", flat=True)) == {Table.FiveMode.DEALER_OUT}


def error_messages(response) -> list[str]:
    return [str(m) for m in response.context["messages"] if m.level == constants.ERROR]


def test_the_next_round_waits_for_the_current_one_to_lock(organiser_client, tournament, registered):
    generate(organiser_client, tournament)
    response = organiser_client.post(reverse("round_generate", args=[tournament.pk]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("tournament_manage", args=[tournament.pk])
    assert Round.objects.filter(event=tournament).count() == 1
    assert len(error_messages(response)) == 1
    assert 'class="alert alert-danger"' in response.content.decode()


def test_too_few_present_players_is_an_error_message(organiser_client, tournament, registered):
    Registration.objects.filter(event=tournament).exclude(player=registered[0]).update(
        present=False
    )
    response = organiser_client.post(reverse("round_generate", args=[tournament.pk]), follow=True)
    assert not Round.objects.exists()
    assert len(error_messages(response)) == 1


def test_impossible_teams_are_an_error_message(organiser_client, tournament, registered):
    # 16 players at 4 tables: a team of 5 cannot avoid two mates at one table.
    team = Team.objects.create(event=tournament, name="Trop")
    Registration.objects.filter(event=tournament, player__in=registered[:5]).update(team=team)
    response = organiser_client.post(reverse("round_generate", args=[tournament.pk]), follow=True)
    assert not Round.objects.exists()
    assert len(error_messages(response)) == 1


def test_round_two_after_round_one_is_locked(organiser_client, tournament, registered, organiser):
    generate(organiser_client, tournament)
    first = Round.objects.get(event=tournament, number=1)
    play_round(first, organiser, hands_per_table=2)
    lock_round(first, organiser)
    response = generate(organiser_client, tournament)
    second = Round.objects.get(event=tournament, number=2)
    assert response.url == reverse("round_manage", args=[second.pk])
    assert second.tables.count() == 4
    # 16 players: round 2 can (and does) avoid every meeting of round 1.
    assert seating.repeated_meetings([seating_of(first), seating_of(second)]) == 0


def test_a_withdrawn_player_is_not_seated_next_round(
    organiser_client, tournament, registered, organiser
):
    first = generate_round(by=organiser, event=tournament)
    lock_round(first, organiser)
    Registration.objects.filter(event=tournament, player=registered[0]).update(present=False)
    generate(organiser_client, tournament)
    second = Round.objects.get(event=tournament, number=2)
    sizes = sorted(t.seats.count() for t in second.tables.all())
    assert sizes == [3, 4, 4, 4]
    assert not Seat.objects.filter(table__round=second, player=registered[0]).exists()


def test_round_page_shows_tables_seats_status_and_meetings(
    organiser_client, tournament, registered, organiser
):
    first = generate_round(by=organiser, event=tournament)
    lock_round(first, organiser)
    second = generate_round(by=organiser, event=tournament)
    response = organiser_client.get(reverse("round_manage", args=[second.pk]))
    content = response.content.decode()
    assert response.status_code == 200
    assert len(response.context["rows"]) == 4
    for player in registered:
        assert player.name in content
    expected = seating.repeated_meetings(previous_seatings(tournament, 3))
    assert response.context["meetings"].total == expected
    assert 'id="repeated-meetings"' in content
    assert response.context["validated"] == 0
    assert reverse("table_sheet", args=[second.tables.first().pk]) in content


def test_round_page_names_pairs_who_met_before(organiser_client, tournament, registered, organiser):
    first = generate_round(by=organiser, event=tournament)
    lock_round(first, organiser)
    # Bring round 1's table 1 back together in round 2 by re-seating it as it was.
    second = generate_round(by=organiser, event=tournament)
    table = first.tables.order_by("number").first()
    a, b = list(table.seats.order_by("position"))[:2]
    # Swap b to sit with a in round 2 (they are at different tables there).
    seat_a = Seat.objects.get(table__round=second, player=a.player)
    other = Seat.objects.filter(table=seat_a.table).exclude(player=a.player).first()
    organiser_client.post(
        reverse("round_swap", args=[second.pk]),
        {"player_a": other.player_id, "player_b": b.player_id, "confirm": "1"},
    )
    response = organiser_client.get(reverse("round_manage", args=[second.pk]))
    assert response.context["meetings"].this_round >= 1
    pairs = [p for row in response.context["rows"] for p in row["pairs"]]
    assert any({p.first, p.second} == {a.player.name, b.player.name} for p in pairs)


def test_round_page_queries_do_not_grow_with_tables(
    organiser_client, tournament, registered, django_assert_max_num_queries
):
    round_ = generate_round(by=SYSTEM, event=tournament)
    with django_assert_max_num_queries(16):
        organiser_client.get(reverse("round_manage", args=[round_.pk]))


def test_swap_two_players_of_different_tables(organiser_client, tournament, registered):
    round_ = generate_round(by=SYSTEM, event=tournament)
    t1, t2 = list(round_.tables.order_by("number"))[:2]
    a = t1.seats.order_by("position").first()
    b = t2.seats.order_by("position").first()
    url = reverse("round_swap", args=[round_.pk])
    chosen = {"player_a": a.player_id, "player_b": b.player_id}
    # The first press asks (a swap once applied without a word, where a redraw asks).
    response = organiser_client.post(url, chosen)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="confirm-swap"' in html
    assert f"{a.player.name} va à la table {t2.number}." in html
    assert f"{b.player.name} va à la table {t1.number}." in html
    assert Seat.objects.get(pk=a.pk).player_id == a.player_id
    response = organiser_client.post(url, {**chosen, "confirm": "1"})
    assert response.status_code == 302
    assert Seat.objects.get(pk=a.pk).player_id == b.player_id
    assert Seat.objects.get(pk=b.pk).player_id == a.player_id


def test_swap_at_one_table_is_refused_with_the_reason(organiser_client, tournament, registered):
    round_ = generate_round(by=SYSTEM, event=tournament)
    before = seating_of(round_)
    a, b = list(round_.tables.order_by("number").first().seats.all())[:2]
    response = organiser_client.post(
        reverse("round_swap", args=[round_.pk]), {"player_a": a.player_id, "player_b": b.player_id}
    )
    assert response.status_code == 200
    assert response.context["swap_form"].non_field_errors()
    assert seating_of(round_) == before


def test_swap_with_oneself_is_an_error_at_the_second_field(
    organiser_client, tournament, registered
):
    round_ = generate_round(by=SYSTEM, event=tournament)
    a = Seat.objects.filter(table__round=round_).first()
    response = organiser_client.post(
        reverse("round_swap", args=[round_.pk]), {"player_a": a.player_id, "player_b": a.player_id}
    )
    assert "player_b" in response.context["swap_form"].errors


def test_swap_refused_once_hands_are_entered(organiser_client, tournament, registered, organiser):
    round_ = generate_round(by=organiser, event=tournament)
    play_round(round_, organiser, hands_per_table=1)
    before = seating_of(round_)
    t1, t2 = list(round_.tables.order_by("number"))[:2]
    response = organiser_client.post(
        reverse("round_swap", args=[round_.pk]),
        {"player_a": t1.seats.first().player_id, "player_b": t2.seats.first().player_id},
    )
    assert response.context["swap_form"].non_field_errors()
    assert seating_of(round_) == before


def test_redraw_seats_the_round_again(organiser_client, tournament, registered):
    round_ = generate_round(by=SYSTEM, event=tournament)
    old_tables = set(round_.tables.values_list("pk", flat=True))
    response = organiser_client.post(reverse("round_redraw", args=[round_.pk]), {"confirm": "1"})
    assert response.status_code == 302
    assert not set(round_.tables.values_list("pk", flat=True)) & old_tables
    assert [t.seats.count() for t in round_.tables.all()] == [4, 4, 4, 4]


def test_redraw_is_refused_once_a_hand_exists(organiser_client, tournament, registered, organiser):
    round_ = generate_round(by=organiser, event=tournament)
    play_round(round_, organiser, hands_per_table=1)
    before = seating_of(round_)
    response = organiser_client.post(reverse("round_redraw", args=[round_.pk]), follow=True)
    assert seating_of(round_) == before
    assert len(error_messages(response)) == 1
    assert response.context["redraw_refusal"]
    assert 'id="redraw"' not in response.content.decode()


def test_redraw_is_refused_once_a_later_round_is_seated(
    organiser_client, tournament, registered, organiser
):
    first = generate_round(by=organiser, event=tournament)
    lock_round(first, organiser)
    generate_round(by=organiser, event=tournament)
    before = seating_of(first)
    organiser_client.post(reverse("round_redraw", args=[first.pk]), {"confirm": "1"})
    assert seating_of(first) == before


def test_organiser_assigns_scorekeepers_per_table(
    organiser_client, tournament, registered, scorekeeper, other_scorekeeper
):
    # Both are scorekeepers of the club (the fixtures): only the club's people and the
    # event's guests may be named.
    round_ = generate_round(by=SYSTEM, event=tournament)
    t1, t2 = list(round_.tables.order_by("number"))[:2]
    response = organiser_client.post(
        reverse("round_scorekeepers", args=[round_.pk]),
        {
            f"table_{t1.pk}": [scorekeeper.pk, other_scorekeeper.pk],
            f"table_{t2.pk}": [scorekeeper.pk],
        },
    )
    assert response.status_code == 302
    assert set(t1.scorekeepers.all()) == {scorekeeper, other_scorekeeper}
    assert set(t2.scorekeepers.all()) == {scorekeeper}
    organiser_client.post(reverse("round_scorekeepers", args=[round_.pk]), {})
    assert not t1.scorekeepers.exists()


def test_an_unknown_scorekeeper_is_an_error_at_the_table(
    organiser_client, tournament, registered, scorekeeper
):
    round_ = generate_round(by=SYSTEM, event=tournament)
    t1 = round_.tables.order_by("number").first()
    response = organiser_client.post(
        reverse("round_scorekeepers", args=[round_.pk]), {f"table_{t1.pk}": [99999]}
    )
    assert response.status_code == 200
    assert f"table_{t1.pk}" in response.context["scorekeepers_form"].errors
    assert not t1.scorekeepers.exists()


def test_only_the_clubs_people_and_the_events_guests_are_offered_as_scorekeepers(
    organiser_client, tournament, registered, scorekeeper, stranger
):
    # `scorekeeper` is one of the club's people (the fixture); `guest`, of another club,
    # is lent to this event; the stranger is nobody's.
    guest = make_member("invite", make_club("Tarot Club de Paris", "paris"), Role.SCOREKEEPER)
    EventGuest.objects.create(event=tournament, user=guest, role=Role.SCOREKEEPER)
    round_ = generate_round(by=SYSTEM, event=tournament)
    t1 = round_.tables.order_by("number").first()
    page = organiser_client.get(reverse("round_manage", args=[round_.pk]))
    offered = {
        pk for pk, _label in page.context["scorekeepers_form"].fields[f"table_{t1.pk}"].choices
    }
    assert {scorekeeper.pk, guest.pk} <= offered
    assert stranger.pk not in offered
    response = organiser_client.post(
        reverse("round_scorekeepers", args=[round_.pk]), {f"table_{t1.pk}": [stranger.pk]}
    )
    assert response.status_code == 200
    assert f"table_{t1.pk}" in response.context["scorekeepers_form"].errors
    assert not t1.scorekeepers.exists()


def test_round_pages_are_for_organisers_only(assert_denied, tournament, registered, scorekeeper):
    round_ = generate_round(by=SYSTEM, event=tournament)
    # Scoring a table of the round gives no right to its organiser pages.
    round_.tables.order_by("number").first().scorekeepers.add(scorekeeper)
    before = seating_of(round_)
    seats = list(Seat.objects.filter(table__round=round_))
    assert_denied(reverse("tournament_manage", args=[tournament.pk]))
    assert_denied(reverse("round_manage", args=[round_.pk]))
    assert_denied(reverse("round_generate", args=[tournament.pk]), "post")
    assert_denied(
        reverse("round_swap", args=[round_.pk]),
        "post",
        {"player_a": seats[0].player_id, "player_b": seats[-1].player_id},
    )
    assert_denied(reverse("round_redraw", args=[round_.pk]), "post")
    assert_denied(reverse("round_scorekeepers", args=[round_.pk]), "post", {})
    assert_denied(reverse("round_print", args=[round_.pk]))
    assert_denied(reverse("round_sheets", args=[round_.pk]))
    assert seating_of(round_) == before
    assert Round.objects.filter(event=tournament).count() == 1


def test_manage_page_lists_rounds_and_offers_the_next_one(
    organiser_client, tournament, registered, organiser
):
    response = organiser_client.get(reverse("tournament_manage", args=[tournament.pk]))
    assert response.context["can_generate"]
    assert 'id="generate-round"' in response.content.decode()
    round_ = generate_round(by=organiser, event=tournament)
    response = organiser_client.get(reverse("tournament_manage", args=[tournament.pk]))
    assert not response.context["can_generate"]
    assert reverse("round_manage", args=[round_.pk]) in response.content.decode()
    lock_round(round_, organiser)
    response = organiser_client.get(reverse("tournament_manage", args=[tournament.pk]))
    assert response.context["can_generate"] and response.context["next_number"] == 2


def test_impossible_teams_message_names_the_tables_and_the_team_size(
    organiser_client, tournament, registered
):
    # The service converts the planner's error once; the organiser reads its numbers.
    team = Team.objects.create(event=tournament, name="Trop")
    Registration.objects.filter(event=tournament, player__in=registered[:5]).update(team=team)
    response = organiser_client.post(reverse("round_generate", args=[tournament.pk]), follow=True)
    [message] = error_messages(response)
    # "4 tables for a team of 5" (in French or English).
    assert "4 tables" in message and " 5" in message, message


def test_manage_page_says_every_planned_round_is_seated(
    organiser_client, tournament, registered, organiser
):
    for _ in range(tournament.rounds_planned):
        lock_round(generate_round(by=organiser, event=tournament), organiser)
    response = organiser_client.get(reverse("tournament_manage", args=[tournament.pk]))
    assert not response.context["can_generate"] and response.context["all_rounds_seated"]
    assert 'id="generate-help"' in response.content.decode()


def test_scorekeepers_stay_at_their_table_number_for_the_next_round(
    organiser_client, tournament, registered, organiser, scorekeeper, other_scorekeeper
):
    """Round 2's tables once had no scorekeeper, who then got a 403 at his table."""
    first = generate_round(by=SYSTEM, event=tournament)
    t1, t2, t3 = list(first.tables.order_by("number"))[:3]
    t1.scorekeepers.set([scorekeeper])
    t2.scorekeepers.set([scorekeeper, other_scorekeeper])
    gone = make_member("parti", tournament.club, role="scorekeeper")
    t3.scorekeepers.set([gone])
    play_round(first, organiser, hands_per_table=1)
    lock_round(first, organiser)
    Membership.objects.filter(user=gone).delete()  # his role ended between the rounds
    generate(organiser_client, tournament)
    second = Round.objects.get(event=tournament, number=2)
    kept = {t.number: set(t.scorekeepers.all()) for t in second.tables.order_by("number")}
    assert kept == {1: {scorekeeper}, 2: {scorekeeper, other_scorekeeper}, 3: set(), 4: set()}
    # He reaches his table's sheet of the new round, without the organiser's help.
    new_t1 = second.tables.get(number=1)
    page = logged_in(scorekeeper).get(reverse("hand_new", args=[new_t1.pk]))
    assert page.status_code == 200
    # And the organiser may still change them.
    organiser_client.post(reverse("round_scorekeepers", args=[second.pk]), {})
    assert not new_t1.scorekeepers.exists()
