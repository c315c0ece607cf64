"""Fair tables: a table of 5 plays 5 deals for every 4 so that every player
plays the same number, the organiser is told when the format makes it impossible, and
teams must match the event's team size (warned at registration, refused at seating)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from tournaments.errors import Refused
from tournaments.models import Player, Registration, Round, Table, Team
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.tournament import redraw_refusal
from tournaments.services.rounds import generate_round
from tournaments.services.sheets import planned_deals

from ..factories import store_hand


@pytest.fixture
def seventeen(tournament, registered, club) -> list[Player]:
    """16 registered players and a 17th: tables of 4, 4, 4 and 5."""
    extra = Player.objects.create(club=club, name="Zacharie")
    Registration.objects.create(event=tournament, player=extra)
    return [*registered, extra]


def by_size(round_: Round) -> dict[int, list]:
    tables: dict[int, list] = {}
    for table in round_.tables.all():
        tables.setdefault(table.seats.count(), []).append(table)
    return tables


def test_a_table_of_five_plans_five_deals_where_the_others_play_four(tournament, seventeen):
    round_ = generate_round(by=SYSTEM, event=tournament)  # deals_per_round = 4
    tables = by_size(round_)
    assert [planned_deals(t) for t in tables[4]] == [4, 4, 4]
    assert planned_deals(tables[5][0]) == 5


def test_eight_deals_make_ten_at_a_table_of_five(tournament, seventeen):
    tournament.deals_per_round = 8
    tournament.save()
    round_ = generate_round(by=SYSTEM, event=tournament)
    assert planned_deals(by_size(round_)[5][0]) == 10


def test_pages_and_printables_show_the_planned_deals(organiser_client, tournament, seventeen):
    round_ = generate_round(by=SYSTEM, event=tournament)
    page = organiser_client.get(reverse("round_manage", args=[round_.pk]))
    assert page.context["deals_notice"] is None
    assert [row["plan"].deals for row in page.context["rows"]] == [4, 4, 4, 5]
    sheets = organiser_client.get(reverse("round_sheets", args=[round_.pk]))
    rows = {len(s["seats"]): len(s["deals"]) for s in sheets.context["sheets"]}
    assert rows == {4: 4, 5: 5}
    # Five deals at five seats: every seat deals (and sits out) once.
    five = next(s for s in sheets.context["sheets"] if len(s["seats"]) == 5)
    assert {d["dealer"] for d in five["deals"]} == {s.player for s in five["seats"]}
    printed = organiser_client.get(reverse("round_print", args=[round_.pk])).content.decode()
    assert printed.count('class="small mb-0 planned-deals"') == 4


def test_the_round_page_says_why_a_format_cannot_be_fair(organiser_client, tournament, seventeen):
    tournament.deals_per_round = 10
    tournament.save()
    round_ = generate_round(by=SYSTEM, event=tournament)
    page = organiser_client.get(reverse("round_manage", args=[round_.pk]))
    notice = page.context["deals_notice"]
    assert notice and "10" in notice and "8" in notice and "12" in notice
    assert 'id="deals-notice"' in page.content.decode()
    assert planned_deals(by_size(round_)[5][0]) == 10  # the format's, as before


def test_a_round_of_fours_has_no_notice(organiser_client, tournament, registered):
    tournament.deals_per_round = 10
    tournament.save()
    round_ = generate_round(by=SYSTEM, event=tournament)
    page = organiser_client.get(reverse("round_manage", args=[round_.pk]))
    assert page.context["deals_notice"] is None


def _two_teams(tournament, registered) -> tuple[Team, Team]:
    tournament.team_size = 4
    tournament.save()
    full = Team.objects.create(event=tournament, name="Les Rois")
    short = Team.objects.create(event=tournament, name="Les Valets")
    Registration.objects.filter(player__in=registered[:4]).update(team=full)
    Registration.objects.filter(player__in=registered[4:6]).update(team=short)
    return full, short


def test_registering_a_short_team_warns(organiser_client, tournament, registered):
    _two_teams(tournament, registered)
    page = organiser_client.get(reverse("tournament_registrations", args=[tournament.pk]))
    warning = page.context["teams_warning"]
    assert "Les Valets" in warning and "Les Rois" not in warning
    assert 'id="teams-warning"' in page.content.decode()


def test_seating_refuses_a_team_whose_present_members_do_not_match(
    organiser_client, tournament, registered
):
    _full, short = _two_teams(tournament, registered)
    with pytest.raises(Refused) as refused:
        generate_round(by=SYSTEM, event=tournament)
    assert "Les Valets" in refused.value.message and "Les Rois" not in refused.value.message
    response = organiser_client.post(reverse("round_generate", args=[tournament.pk]), follow=True)
    assert not Round.objects.exists()
    assert any("Les Valets" in str(m) for m in get_messages(response.wsgi_request))
    # A member of the full team withdraws: that team is short now.
    Registration.objects.filter(player=registered[0]).update(present=False)
    Registration.objects.filter(team=short).update(team=None)
    with pytest.raises(Refused, match="Les Rois"):
        generate_round(by=SYSTEM, event=tournament)
    # A team none of whose members is present plays no more: no refusal.
    Registration.objects.filter(player__in=registered[:4]).update(present=False)
    assert generate_round(by=SYSTEM, event=tournament).number == 1


def test_no_warning_in_an_individual_event(organiser_client, tournament, registered):
    page = organiser_client.get(reverse("tournament_registrations", args=[tournament.pk]))
    assert page.context["teams_warning"] is None


def test_a_called_king_table_of_five_is_not_said_to_rest_its_dealer(
    organiser_client, tournament, seventeen
):
    """The round pages took "5 seats" for "the dealer sits out"; a table of 5
    switched to called king (everybody plays) was told to rest its dealer."""
    round_ = generate_round(by=SYSTEM, event=tournament)
    five = by_size(round_)[5][0]
    said = {  # what each page says of such a table, in the pages' language (French)
        "round_manage": "Table of 5: the dealer sits out each deal (seat 1 deals first, "
        "then seat 2, and so on).",
        "round_print": "The dealer sits out each deal.",
        "round_sheets": "Table of 5: the dealer sits out each deal and scores 0.",
    }
    with translation.override("fr"):
        said = {name: escape(gettext(text)) for name, text in said.items()}
    urls = {name: reverse(name, args=[round_.pk]) for name in said}
    for name, url in urls.items():  # the tournament's mode: the dealer sits out
        assert organiser_client.get(url).content.decode().count(said[name]) == 1, name
    Table.objects.filter(pk=five.pk).update(five_mode=Table.FiveMode.CALLED_KING)
    for name, url in urls.items():
        assert said[name] not in organiser_client.get(url).content.decode(), name
    page = organiser_client.get(urls["round_manage"])
    row = next(r for r in page.context["rows"] if r["table"].pk == five.pk)
    assert row["mode"].dealer_sits_out is False and row["plan"].each_plays is None


def test_the_round_page_and_the_redraw_ask_one_selector(
    organiser, organiser_client, tournament, seventeen
):
    """The round page (no button, the reason) and the redraw (refused) give the same
    answer, from selectors.tournament.redraw_refusal(round)."""
    round_ = generate_round(by=SYSTEM, event=tournament)
    assert redraw_refusal(round_) is None
    store_hand(round_.tables.first(), organiser)
    page = organiser_client.get(reverse("round_manage", args=[round_.pk]))
    reason = redraw_refusal(round_)
    assert reason and page.context["redraw_refusal"] == reason
    response = organiser_client.post(
        reverse("round_redraw", args=[round_.pk]), {"confirm": "1"}, follow=True
    )
    assert [str(m) for m in response.context["messages"]] == [reason]
