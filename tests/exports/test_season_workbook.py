"""The season ranking: points by place, best N counted, written to Excel."""

from __future__ import annotations

import datetime
import random

import pytest
from django.db.models import Sum
from django.utils.translation import gettext as _

from tests.exports.conftest import give_licences, play, read_back, read_values, sheet_dicts
from tournaments.demo import random_hand
from tournaments.exports.season import NOT_COUNTED, season_workbook
from tournaments.exports.writer import DATE, wrapped_lines
from tournaments.models import Event, HandScore, Registration, Round, Season
from tournaments.rules.season import (
    DEFAULT_SCALE,
    Placing,
    parse_scale,
    public_season_standings,
    season_standings,
)
from tournaments.selectors.access import SYSTEM, full_names
from tournaments.selectors.ranking import tournament_ranking
from tournaments.selectors.season import season_placings, season_standing_lines
from tournaments.services.hands import save_hand, seat_table, table_seats
from tournaments.services.standings import refresh_season_standings

# --- the pure computation ------------------------------------------------------------


def placings(event_id: int, *results: tuple[int, int, int]) -> list[Placing]:
    return [Placing(event_id, player, place, total) for player, place, total in results]


NAMES = {1: "Anne", 2: "Bruno", 3: "Chloé", 4: "David"}


def test_points_follow_the_scale_by_place():
    table = season_standings(
        placings(10, (1, 1, 300), (2, 2, 100), (3, 3, -400)), names=NAMES, scale=(25, 20, 16)
    )
    assert [(r.name, r.total, r.rank) for r in table] == [
        ("Anne", 25, 1),
        ("Bruno", 20, 2),
        ("Chloé", 16, 3),
    ]


def test_places_beyond_the_scale_earn_nothing_and_equal_places_earn_equal_points():
    table = season_standings(
        placings(10, (1, 1, 50), (2, 1, 50), (3, 3, 0), (4, 4, -100)), names=NAMES, scale=(10, 5, 3)
    )
    assert {r.name: r.total for r in table} == {"Anne": 10, "Bruno": 10, "Chloé": 3, "David": 0}
    assert [r.rank for r in table] == [1, 1, 3, 4]
    assert table[-1].events_played == 1


def test_only_the_best_n_results_count():
    results = [
        *placings(10, (1, 1, 0), (2, 2, 0)),
        *placings(11, (1, 2, 0), (2, 1, 0)),
        *placings(12, (1, 3, 0), (2, 1, 0)),
    ]
    table = season_standings(
        results, names=NAMES, scale=(25, 20, 16), best_n=2, event_order=[10, 11, 12]
    )
    by_name = {r.name: r for r in table}
    assert by_name["Anne"].total == 25 + 20
    assert by_name["Anne"].counted == {10, 11}
    assert by_name["Bruno"].total == 25 + 25
    assert by_name["Bruno"].counted == {11, 12}
    assert by_name["Bruno"].events_played == 3
    assert [r.name for r in table] == ["Bruno", "Anne"]


def test_of_two_equal_results_the_later_is_dropped():
    results = [*placings(10, (1, 1, 0)), *placings(11, (1, 1, 0))]
    (row,) = season_standings(results, names=NAMES, scale=(5,), best_n=1, event_order=[11, 10])
    assert row.counted == {11}


def test_without_a_scale_the_event_totals_add_up():
    results = [*placings(10, (1, 2, -40), (2, 1, 40)), *placings(11, (1, 1, 300), (2, 2, -300))]
    table = season_standings(results, names=NAMES, scale=None)
    assert [(r.name, r.total) for r in table] == [("Anne", 260), ("Bruno", -260)]


def test_equal_season_totals_are_split_by_the_best_result_then_shared():
    results = [
        *placings(10, (1, 1, 0), (2, 2, 0), (3, 2, 0)),
        *placings(11, (2, 1, 0), (3, 1, 0), (1, 3, 0)),
    ]
    table = season_standings(results, names=NAMES, scale=(10, 6, 5))
    # Anne 10+5=15 (best 10); Bruno 6+10=16; Chloé 6+10=16 (tie: same total and best).
    assert [(r.rank, r.name) for r in table] == [(1, "Bruno"), (1, "Chloé"), (3, "Anne")]


@pytest.mark.parametrize(
    ("text", "scale"),
    [("25,20,16", (25, 20, 16)), ("25; 20 ;16", (25, 20, 16)), (" 10 5 5 0 ", (10, 5, 5, 0))],
)
def test_parse_scale_reads_commas_semicolons_and_spaces(text, scale):
    assert parse_scale(text) == scale


@pytest.mark.parametrize("text", ["", "25,x", "25,-3", "10,20", "2.5"])
def test_parse_scale_refuses_bad_scales(text):
    with pytest.raises(ValueError):
        parse_scale(text)


# --- from the database -----------------------------------------------------------------


def club_night(club, players, organiser, *, day: int, hands: int, seed: int) -> Event:
    event = Event.objects.create(
        club=club, name=f"Soirée {day}", date=datetime.date(2026, 10, day), published=True
    )
    round_ = Round.objects.create(event=event, number=1)
    table = seat_table(by=SYSTEM, round=round_, number=1, players=players)
    seats = table_seats(table)
    rng = random.Random(seed)
    for number in range(1, hands + 1):
        save_hand(table=table, hand=random_hand(rng, seats, number), user=organiser)
    return event


def make_season(club, *, best_n: int = 0, scale: str | None = None, **fields) -> Season:
    """A season of October 2026 (unsaved unless `save`); scale None adds up the totals."""
    save = fields.pop("save", False)
    season = Season(
        club=club,
        name=fields.pop("name", "Saison d'automne"),
        start=fields.pop("start", datetime.date(2026, 10, 1)),
        end=fields.pop("end", datetime.date(2026, 11, 30)),
        mode=Season.Mode.TOTALS if scale is None else Season.Mode.PLACES,
        scale=scale or "25,20,16",
        best_n=best_n,
        **fields,
    )
    if save:
        season.save()
        refresh_season_standings([season])  # as services.seasons.save_season does
    return season


SCALE_TEXT = ",".join(map(str, DEFAULT_SCALE))


def build_season(club, players, organiser, tournament, hands: int) -> list[Event]:
    play(tournament, players, organiser, hands_per_table=hands)
    tournament.published = True
    tournament.save()
    return [
        club_night(club, players[:4], organiser, day=1, hands=hands, seed=1),
        club_night(club, players[3:8], organiser, day=8, hands=hands, seed=2),
        tournament,
    ]


def ledger_places(event) -> dict[int, int]:
    """Places as the event's own page ranks them."""
    if event.kind == Event.Kind.TOURNAMENT:
        return {r.player_id: r.rank for r in tournament_ranking(event)}
    totals = sorted(
        HandScore.objects.filter(event=event)
        .values_list("player_id")
        .annotate(total=Sum("points"))
        .order_by(),
        key=lambda item: -item[1],
    )
    return {
        player_id: 1 + sum(1 for _p, other in totals if other > total)
        for player_id, total in totals
    }


def test_season_workbook_points_and_counted_totals_match_the_events(
    club, players, organiser, tournament
):
    events = build_season(club, players, organiser, tournament, hands=4)
    season = make_season(club, best_n=2, scale=SCALE_TEXT)
    workbook = read_back(season_workbook(season, events))
    ws = workbook[_("Season")]
    header = [c.value for c in ws[1]]
    rows = sheet_dicts(ws)
    expected_points = {}
    for event in events:
        for player_id, place in ledger_places(event).items():
            points = DEFAULT_SCALE[place - 1] if place <= len(DEFAULT_SCALE) else 0
            expected_points.setdefault(player_id, {})[event.pk] = points
    names = {p.pk: p.name for p in players}
    assert {r[_("Player")] for r in rows} == {names[p] for p in expected_points}
    for line, row in enumerate(rows, 2):
        player_id = next(p for p, n in names.items() if n == row[_("Player")])
        points = expected_points[player_id]
        assert row[_("Season total")] == sum(sorted(points.values(), reverse=True)[:2])
        assert row[_("Events played")] == len(points)
        for event in events:
            column = next(i for i, h in enumerate(header) if h.startswith(event.name)) + 1
            cell = ws.cell(line, column)
            assert cell.value == points.get(event.pk)
        dropped = [
            ws.cell(line, 5 + i)
            for i in range(len(events))
            if ws.cell(line, 5 + i).number_format == NOT_COUNTED
        ]
        assert len(dropped) == max(0, len(points) - 2)
        assert all(c.font.i for c in dropped)
    totals = [r[_("Season total")] for r in rows]
    assert totals == sorted(totals, reverse=True)
    assert ws.freeze_panes == "A2"
    assert all(c.font.b for c in ws[1])


def test_season_of_raw_totals_adds_the_ledger_totals(club, players, organiser, tournament):
    events = build_season(club, players, organiser, tournament, hands=3)
    workbook = read_back(season_workbook(make_season(club), events))
    expected = dict(
        HandScore.objects.filter(event__in=events)
        .values_list("player__name")
        .annotate(total=Sum("points"))
        .order_by()
    )
    rows = sheet_dicts(workbook[_("Season")])
    assert {r[_("Player")]: r[_("Season total")] for r in rows} == expected


def test_registered_players_who_never_played_are_not_in_the_season(
    club, players, organiser, tournament
):
    events = build_season(club, players, organiser, tournament, hands=2)
    absent = players[0].__class__.objects.create(club=club, name="Absent")
    Registration.objects.create(event=tournament, player=absent)
    data = season_placings(events)
    assert absent.pk not in {p.player_id for p in data.placings}


def test_events_and_settings_sheets(club, players, organiser, tournament):
    events = build_season(club, players, organiser, tournament, hands=2)
    season = make_season(club, best_n=5, scale="10,5,1")
    workbook = read_back(season_workbook(season, events))
    assert workbook.sheetnames == [_("Season"), _("Events"), _("Settings")]
    listed = sheet_dicts(workbook[_("Events")])
    assert [r[_("Event")] for r in listed] == ["Soirée 1", "Soirée 8", tournament.name]
    assert [r[_("Players")] for r in listed] == [4, 5, 9]
    assert workbook[_("Events")].cell(2, 2).number_format == DATE
    assert workbook[_("Events")].cell(2, 2).value.date() == datetime.date(2026, 10, 1)
    settings = {row[0]: row[1] for row in workbook[_("Settings")].iter_rows(values_only=True)}
    assert settings[_("Season")] == "Saison d'automne"
    assert settings[_("Club")] == club.name
    assert settings[_("First day")].date() == datetime.date(2026, 10, 1)
    assert settings[_("Last day")].date() == datetime.date(2026, 11, 30)
    assert workbook[_("Settings")]["B4"].number_format == DATE
    assert settings[_("Counting")] == Season.Mode.PLACES.label
    assert settings[_("Results counted")] == 5
    assert settings[_("Points per place")] == "10, 5, 1"
    assert settings[_("Events")] == 3
    totals = workbook_settings(make_season(club), events)
    assert totals[_("Counting")] == Season.Mode.TOTALS.label
    assert totals[_("Points per place")] == _("the event total")
    assert totals[_("Results counted")] == _("all")


def workbook_settings(season, events) -> dict:
    workbook = read_back(season_workbook(season, events))
    return {row[0]: row[1] for row in workbook[_("Settings")].iter_rows(values_only=True)}


@pytest.mark.parametrize("hands", [2, 10])
def test_season_query_count_does_not_grow_with_the_hands(
    club, players, organiser, tournament, hands, django_assert_max_num_queries
):
    events = build_season(club, players, organiser, tournament, hands=hands)
    season = make_season(club, best_n=3, scale=SCALE_TEXT)
    with django_assert_max_num_queries(3):  # placings, licences (the club is loaded)
        read_back(season_workbook(season, events))


def test_a_season_without_events_is_an_empty_table(club):
    export = season_workbook(make_season(club, save=True), [])
    workbook = read_back(export)
    assert workbook[_("Season")].max_row == 1
    assert export.filename.endswith(".xlsx")


def test_two_seasons_never_download_under_one_name(club):
    autumn = make_season(club, save=True)
    again = make_season(club, save=True)  # same name, same days
    spring = make_season(
        club, name="Saison d'été", start=datetime.date(2027, 3, 1), end=datetime.date(2027, 6, 30)
    )
    spring.save()
    names = [season_workbook(s, []).name for s in (autumn, again, spring)]
    assert names[0].ascii == f"saison-dautomne_2026-10-01_2026-11-30_s{autumn.pk}.xlsx"
    assert names[0].display == f"Saison d'automne_2026-10-01_2026-11-30_s{autumn.pk}.xlsx"
    assert names[2].ascii == f"saison-dete_2027-03-01_2027-06-30_s{spring.pk}.xlsx"
    assert len({n.ascii for n in names}) == 3


def test_long_event_headings_wrap_in_a_header_tall_enough(club, players, organiser, tournament):
    events = build_season(club, players, organiser, tournament, hands=1)
    workbook = read_back(season_workbook(make_season(club, scale=SCALE_TEXT), events))
    ws = workbook[_("Season")]
    assert all(c.alignment.wrap_text for c in ws[1])
    heading = next(c for c in ws[1] if str(c.value).startswith(tournament.name))
    width = ws.column_dimensions[heading.column_letter].width
    assert ws.row_dimensions[1].height >= 15 * wrapped_lines(heading.value, width) > 15


def test_the_workbook_counts_as_the_season_page_in_its_stored_values(
    club, players, organiser, tournament
):
    """Stored values (openpyxl's data_only) equal the page's ranking; an unpublished event shows in
    brackets, uncounted, as the page shows it to organisers."""
    licences = give_licences(players)
    events = build_season(club, players, organiser, tournament, hands=3)
    draft = club_night(club, players[:4], organiser, day=15, hands=3, seed=3)
    draft.published = False
    draft.save()
    events.append(draft)
    season = make_season(club, best_n=2, scale=SCALE_TEXT, save=True)
    # The page's ranking is the stored one (services.standings); the per-event grid is
    # the workbook's own, counted by the season rules with the draft shown, uncounted.
    page = {line.player_id: line for line in season_standing_lines(season, namer=full_names)}
    grid = public_season_standings(
        season_placings(events, namer=full_names),
        sorted(events, key=lambda e: (e.date, e.pk)),
        best_n=2,
        scale=parse_scale(SCALE_TEXT),
        with_unpublished=True,
    )
    workbook = read_back(season_workbook(season, events))
    rows = read_values(season_workbook(season, events))[_("Season")]
    assert len(rows) == len(page) == len(grid)
    header = [c.value for c in workbook[_("Season")][1]]
    draft_column = next(i for i, h in enumerate(header) if h.startswith(draft.name)) + 1
    assert _("unpublished") in header[draft_column - 1]
    for line, (row, expected) in enumerate(zip(rows, grid, strict=True), 2):
        shown = page[expected.player_id]
        assert row[_("Player")] == shown.name == expected.name
        assert row[_("Licence")] == licences[shown.player_id]
        assert row[_("Rank")] == shown.rank
        assert row[_("Season total")] == shown.total
        for event in events:
            title = next(h for h in header if h.startswith(event.name))
            points = expected.unpublished.get(event.pk, expected.points.get(event.pk))
            assert row[title] == points
        draft_cell = workbook[_("Season")].cell(line, draft_column)
        if draft_cell.value is not None:
            assert draft_cell.number_format == NOT_COUNTED
