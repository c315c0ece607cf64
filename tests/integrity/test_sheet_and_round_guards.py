"""Guards on sheets and rounds: no empty sheet validated, an unexpected number of deals
confirmed, no swap in a locked round, and a redraw confirmed that keeps the scorekeepers
of tables keeping their number."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.messages import constants
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.errors import Refused
from tournaments.models import Event, Player, Registration, Round, Seat, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services.registrations import set_registration_present
from tournaments.services.rounds import generate_round, regenerate_round, swap_players
from tournaments.services.sheets import DEAL_COUNT, EMPTY_SHEET, validate_sheet

from ..factories import logged_in, store_hand


def store(table: Table, user: Any, count: int = 1) -> None:
    """`count` gardes by seat 2, 2 oudlers, 56 points."""
    for _number in range(count):
        store_hand(table, user)


def errors(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"] if m.level == constants.ERROR]


@pytest.fixture
def tournament(club) -> Event:
    """16 registered players, 4 deals planned per table and round."""
    event = Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name="Open de Lyon",
        date=datetime.date(2026, 12, 5),
        rules_name="fft",
        rounds_planned=3,
        deals_per_round=4,
        seed=2026,
    )
    for i in range(16):
        Registration.objects.create(
            event=event, player=Player.objects.create(club=club, name=f"Joueur {i:02}")
        )
    return event


# --- validating a sheet --------------------------------------------------------------


def test_an_empty_sheet_cannot_be_validated(table4, table5, scorekeeper):
    with pytest.raises(Refused) as refused:
        validate_sheet(table=table4, user=scorekeeper)
    assert refused.value.code == EMPTY_SHEET
    table4.refresh_from_db()
    assert not table4.is_validated
    assert Round.objects.get(pk=table4.round_id).status == Round.Status.OPEN


def test_validating_an_empty_sheet_shows_the_sheet_with_a_message(table4, scorekeeper):
    response = logged_in(scorekeeper).post(reverse("table_validate", args=[table4.pk]), follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == table4.get_absolute_url()
    assert errors(response) == [_("This sheet has no hand: enter the hands before validating it.")]
    table4.refresh_from_db()
    assert not table4.is_validated


def test_a_club_night_sheet_validates_whatever_its_number_of_deals(table4, scorekeeper):
    store(table4, scorekeeper, count=3)
    validate_sheet(table=table4, user=scorekeeper)
    table4.refresh_from_db()
    assert table4.is_validated


def test_a_tournament_sheet_with_the_planned_deals_validates_at_once(tournament, organiser):
    table = generate_round(by=organiser, event=tournament).tables.first()
    store(table, organiser, count=4)
    validate_sheet(table=table, user=organiser)
    table.refresh_from_db()
    assert table.is_validated


@pytest.mark.parametrize("entered", [1, 5])
def test_other_deal_counts_need_a_confirmation(tournament, organiser, entered):
    table = generate_round(by=organiser, event=tournament).tables.first()
    store(table, organiser, count=entered)
    with pytest.raises(Refused) as refused:
        validate_sheet(table=table, user=organiser)
    assert refused.value.code == DEAL_COUNT
    assert refused.value.params == {"planned": 4, "entered": entered}
    table.refresh_from_db()
    assert not table.is_validated
    validate_sheet(table=table, user=organiser, confirm=True)
    table.refresh_from_db()
    assert table.is_validated


def test_the_sheet_page_asks_to_confirm_an_unexpected_count(tournament, organiser):
    table = generate_round(by=organiser, event=tournament).tables.first()
    store(table, organiser, count=2)
    client = logged_in(organiser)
    url = reverse("table_validate", args=[table.pk])
    response = client.post(url)
    assert response.status_code == 200
    html = response.content.decode()
    expected = ngettext(
        "%(planned)s deal was planned, %(entered)s were entered: validate anyway?",
        "%(planned)s deals were planned, %(entered)s were entered: validate anyway?",
        4,
    )
    assert expected % {"planned": 4, "entered": 2} in html
    assert 'name="confirm" value="1"' in html and 'id="confirm-validate"' in html
    table.refresh_from_db()
    assert not table.is_validated
    assert client.post(url, {"confirm": "1"}).status_code == 302
    table.refresh_from_db()
    assert table.is_validated


def test_the_planned_deals_are_confirmed_too_without_the_warning(tournament, organiser):
    """Validating always asks; the deal-count warning only when it applies."""
    table = generate_round(by=organiser, event=tournament).tables.first()
    store(table, organiser, count=4)
    client = logged_in(organiser)
    url = reverse("table_validate", args=[table.pk])
    response = client.post(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="confirm-validate"' in html and 'id="deal-count-mismatch"' not in html
    assert response.context["preview"].planned == response.context["preview"].entered == 4
    table.refresh_from_db()
    assert not table.is_validated
    assert client.post(url, {"confirm": "1"}).status_code == 302
    table.refresh_from_db()
    assert table.is_validated


# --- swaps -----------------------------------------------------------------------------


def locked() -> str:
    return _("This round is locked: its seating can no longer change.")


def legacy_locked_round(tournament: Event) -> Round:
    """A round locked on empty sheets, as could happen before sheets needed hands."""
    round_ = generate_round(by=SYSTEM, event=tournament)
    round_.tables.update(validated_at=datetime.datetime(2026, 12, 5, tzinfo=datetime.UTC))
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.LOCKED)
    round_.refresh_from_db()
    return round_


def first_seats(round_: Round) -> tuple[Seat, Seat]:
    t1, t2 = list(round_.tables.order_by("number"))[:2]
    return t1.seats.order_by("position").first(), t2.seats.order_by("position").first()


def test_a_swap_is_refused_in_a_locked_round(tournament):
    round_ = legacy_locked_round(tournament)
    a, b = first_seats(round_)
    with pytest.raises(Refused) as refused:
        swap_players(by=SYSTEM, round=round_, player_a=a.player, player_b=b.player)
    assert refused.value.message == locked()
    assert Seat.objects.get(pk=a.pk).player_id == a.player_id


def test_the_round_page_refuses_a_swap_in_a_locked_round_with_the_reason(tournament, organiser):
    round_ = legacy_locked_round(tournament)
    generate_round(by=organiser, event=tournament)  # a later round, seated from this one's meetings
    a, b = first_seats(round_)
    response = logged_in(organiser).post(
        reverse("round_swap", args=[round_.pk]), {"player_a": a.player_id, "player_b": b.player_id}
    )
    assert response.status_code == 200
    assert response.context["swap_form"].non_field_errors() == [locked()]
    assert 'id="swap-refusal"' in response.content.decode()
    assert Seat.objects.get(pk=a.pk).player_id == a.player_id


# --- redraws ---------------------------------------------------------------------------


def scorekeepers_by_number(round_: Round) -> dict[int, set[int]]:
    return {
        table.number: set(table.scorekeepers.values_list("pk", flat=True))
        for table in round_.tables.all()
    }


def test_a_redraw_asks_for_confirmation_and_changes_nothing_until_then(
    tournament, organiser, scorekeeper
):
    round_ = generate_round(by=organiser, event=tournament)
    round_.tables.get(number=1).scorekeepers.set([scorekeeper])
    before = list(Seat.objects.filter(table__round=round_).values_list("pk", flat=True))
    response = logged_in(organiser).post(reverse("round_redraw", args=[round_.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="redraw-plan"' in html and 'name="confirm" value="1"' in html
    assert response.context["plan"].present == 16 and response.context["plan"].tables_after == 4
    assert scorekeeper.username in html
    assert list(Seat.objects.filter(table__round=round_).values_list("pk", flat=True)) == before


def test_a_confirmed_redraw_keeps_the_scorekeepers_of_tables_keeping_their_number(
    tournament, organiser, scorekeeper, other_scorekeeper
):
    round_ = generate_round(by=organiser, event=tournament)
    round_.tables.get(number=1).scorekeepers.set([scorekeeper])
    round_.tables.get(number=4).scorekeepers.set([other_scorekeeper])
    # Four players leave: the redraw seats 12 at 3 tables, and table 4 goes.
    for registration in Registration.objects.filter(event=tournament)[:4]:
        set_registration_present(by=organiser, registration=registration, present=False)
    client = logged_in(organiser)
    page = client.post(reverse("round_redraw", args=[round_.pk])).content.decode()
    assert 'id="redraw-dropped"' in page and other_scorekeeper.username in page
    old = set(round_.tables.values_list("pk", flat=True))
    response = client.post(reverse("round_redraw", args=[round_.pk]), {"confirm": "1"})
    assert response.status_code == 302
    assert not set(round_.tables.values_list("pk", flat=True)) & old  # really redrawn
    assert scorekeepers_by_number(round_) == {1: {scorekeeper.pk}, 2: set(), 3: set()}


def test_the_service_refuses_to_redraw_a_locked_round_or_one_with_later_rounds(tournament):
    round_ = legacy_locked_round(tournament)
    with pytest.raises(Refused) as refused:
        regenerate_round(by=SYSTEM, round=round_)
    assert refused.value.message == _("This round is locked: reopen a sheet before redrawing it.")
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.OPEN)
    Round.objects.create(event=tournament, number=2)
    round_.refresh_from_db()
    with pytest.raises(Refused) as refused:
        regenerate_round(by=SYSTEM, round=round_)
    assert refused.value.message == _(
        "A later round is already seated: this round can no longer be redrawn."
    )
