"""Each board's comparison is stored (models.BoardResult, services.board_results) and a
write rewrites its own board's rows only. Property: after any sequence of results
entered, corrected and deleted and of rulings set and withdrawn, the stored rows, the
rankings read from them (the organisers' and the public's) and the places stored for
the players equal a comparison of the whole event from scratch. And the writes and the
pages read a bounded number of queries."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.models import ORIENTATIONS, Board, BoardResult, Hand, SpecialResult, Table
from tournaments.selectors.board_visibility import complete_boards, hidden_results, public_view
from tournaments.selectors.duplicate import duplicate_data
from tournaments.selectors.duplicate_ranking import compare, duplicate_ranking, ranking_rows
from tournaments.selectors.duplicate_stored import completion, stored_boards, stored_ranking
from tournaments.services.duplicate_results import (
    clear_special_result,
    save_board_result,
    set_special_result,
)
from tournaments.services.hands import delete_hand, table_seats
from tournaments.services.results import stale_event_results

from ..factories import logged_in
from ..tournament_ui.test_table_templates import _normalised
from .helpers import enter_board, play_everywhere
from .worlds import SharedWorld, World, refetched, seated, with_organiser

KINDS = [kind.value for kind in SpecialResult.Kind]


def stored_rows(event) -> list[tuple]:
    return sorted(
        BoardResult.objects.filter(board__event=event).values_list(
            "board__number",
            "table_id",
            "orientation",
            "player_id",
            "marque",
            "special",
            "compared",
            "rank",
            "matchpoints",
            "exact_num",
            "exact_den",
        )
    )


def recomputed_rows(event) -> list[tuple]:
    """The whole event compared from its travellers (selectors.duplicate_ranking)."""
    data = compare(duplicate_data(event))
    return sorted(
        (
            s.board,
            s.table,
            ORIENTATIONS.index(s.orientation),
            s.player,
            s.marque,
            s.special or "",
            s.compared,
            s.rank,
            s.matchpoints,
            s.exact.numerator,
            s.exact.denominator,
        )
        for s in data.scores
    )


def ranking(rows) -> list[tuple]:
    return [(r.player_id, r.result, r.rank, r.board_count, r.exact) for r in rows]


def assert_completion_in_step(event) -> None:
    """Board.complete (stored by the writes) is the rule over the lines read now, and
    what the public may read and what it may not follow from it."""
    data = duplicate_data(event)
    computed = complete_boards(data)
    stored = set(Board.objects.filter(event=event, complete=True).values_list("number", flat=True))
    assert stored == computed
    seen = completion(event)
    assert seen.complete == computed
    assert seen.hidden(event) == hidden_results(data)


def assert_in_step(event) -> None:
    event.refresh_from_db()
    assert stored_rows(event) == recomputed_rows(event)
    assert_completion_in_step(event)
    organisers = ranking_rows(compare(duplicate_data(event)))
    assert ranking(stored_ranking(event)) == ranking(organisers)
    public = stored_ranking(event, boards=completion(event).complete)
    assert ranking(public) == ranking(duplicate_ranking(event))
    assert_player_pages_in_step(event, organisers)
    assert_progress_in_step(event)


def assert_progress_in_step(event) -> None:
    """The organiser's page's counts (duplicate_cards.event_progress) are those of the
    whole event read (round_progress of duplicate_data): each round's tables, boards
    entered and players, and each board's completion, entered lines and lines."""
    from tournaments.selectors.access import full_names
    from tournaments.selectors.duplicate_cards import event_progress, round_progress

    data = duplicate_data(event, namer=full_names)
    expected = round_progress(data)

    def table(t, players: bool) -> tuple:
        names = [p.name if p else None for p in t.players] if players else None
        place = (t.round_number, t.table_id, t.table_number, t.board_set, t.boards)
        return (*place, t.entered, t.done, t.status, names)

    progress, _chosen = event_progress(event, namer=full_names, shown=lambda _rounds: None)
    for shown in expected:
        progress, chosen = event_progress(
            event, namer=full_names, shown=lambda _rounds, shown=shown: shown
        )
        assert chosen == shown and progress.seated == bool(data.rounds)
        assert sorted(progress.rounds) == sorted(expected)
        for number, tables in expected.items():
            here = number == shown
            assert [table(t, here) for t in progress.rounds[number]] == [
                table(t, here) for t in tables
            ]
    boards = [(b.number, b.complete, b.entered, len(b.lines)) for b in data.boards.values()]
    assert [(b.number, b.complete, b.entered, b.tables) for b in progress.boards] == boards
    lines = {t.table_number for b in data.boards.values() for t in b.lines}
    assert progress.table_numbers == sorted(lines)


def details(boards) -> list[tuple]:
    """A player's page's lines: board, round, table, seat, marque (none under a
    ruling: the page prints the ruling), the score and its place among the marques."""
    lines = []
    for d in boards:
        score = d.score
        marque = None if score.special else d.marque
        lines.append((d.board_number, d.round_number, d.table_number, d.orientation, marque))
        lines[-1] += (score.value, score.matchpoints, score.rank, score.of, score.special)
    return lines


def assert_player_pages_in_step(event, organisers) -> None:
    """Each player's boards from the stored comparison (his page, selectors.
    duplicate_stored.stored_boards) are those a comparison from scratch gives his row,
    for the organisers (every board) and for the public (the complete boards only)."""
    complete = completion(event).complete
    public = ranking_rows(compare(public_view(duplicate_data(event))), visible_boards=complete)
    for everybody, boards in ((organisers, None), (public, complete)):
        for row in everybody:
            stored = stored_boards(event, row.player_id, boards=boards)
            assert details(stored) == details(row.boards)


# An operation: (what, which table of the event, which board of its set, a value).
operation = st.tuples(
    st.sampled_from(["save", "save", "save", "delete", "rule", "clear"]),
    st.integers(0, 200),
    st.integers(0, 1),
    st.integers(0, 91),
)


def apply(event, tables: list[Table], user, op: tuple[str, int, int, int]) -> None:
    what, which, offset, value = op
    table = tables[which % len(tables)]
    number = (table.board_set - 1) * 2 + 1 + offset
    board = Board.objects.get(event=event, number=number)
    stored = Hand.objects.filter(table=table, board=board).first()
    if what == "save":
        seats = table_seats(table)
        hand = stored or Hand()
        hand.contract = "garde" if value % 3 else "prise"
        hand.taker_id = seats[value % 4].player_id
        hand.oudlers = value % 4
        hand.points = Decimal(20 + value % 57)  # possible with any number of oudlers
        save_board_result(
            table=table,
            board=board,
            hand=hand,
            user=user,
            expected_version=stored.version if stored else None,
        )
    elif what == "delete" and stored is not None:
        delete_hand(hand=stored, user=user, expected_version=stored.version)
    elif what == "rule":
        kind = KINDS[value % len(KINDS)]
        orientation = None if kind == SpecialResult.Kind.FOULED or value % 2 else value % 4
        set_special_result(by=user, board=board, table=table, kind=kind, orientation=orientation)
    elif what == "clear":
        special = SpecialResult.objects.filter(board=board, table=table).first()
        if special is not None:
            clear_special_result(by=user, special=special)


def every_board_played() -> World:
    """The seated event and its organiser, who entered every board at every table (each
    table of round 1 plays its two boards, then every other table of their sets): all
    10 boards complete, 50 hands. Built once for TestEveryBoardPlayed."""
    world = with_organiser(seated())
    first_round = Table.objects.filter(round__event=world["event"], round__number=1)
    for table in first_round.select_related("round__event"):
        for offset in (1, 2):
            play_everywhere(table, (table.board_set - 1) * 2 + offset, world["organiser"])
    return world


def first_boards_played() -> World:
    """The seated event and its organiser, who entered the first board of each round 1
    table's set at every table that plays it: 5 boards complete of 10, 25 hands. Built
    once for TestFirstBoardsPlayed."""
    world = with_organiser(seated())
    for table in Table.objects.filter(round__event=world["event"], round__number=1):
        play_everywhere(table, (table.board_set - 1) * 2 + 1, world["organiser"])
    return world


def board_1_played_here_and_there() -> World:
    """The seated event, its organiser, and _board_1_played_but_at_one_table_here's
    second event and board 1 played (its answer: world["board_1"]). Built once for
    TestBoard1PlayedHereAndThere."""
    world = with_organiser(seated())
    world["board_1"] = _board_1_played_but_at_one_table_here(
        world["event"], world["dup_club"], world["organiser"]
    )
    return world


class TestSeatedEvent(SharedWorld):
    """The tests that start from the seated event (built once for them)."""

    # Well over the quick loop's budget (tests/budget.py): each of its ~50 operations is
    # followed by a comparison of the whole event from scratch, both rankings, every
    # player's page and every round's progress (assert_in_step); fewer examples would
    # test less.
    @pytest.mark.slow
    @pytest.mark.django_db(transaction=False)
    @settings(
        max_examples=12,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(operations=st.lists(operation, min_size=1, max_size=14))
    def test_the_stored_comparison_equals_a_comparison_from_scratch(
        self, seated_event, organiser, operations
    ):
        # The tables of sets 1 and 2 only (boards 1 to 4, five tables each): in a few
        # operations a board may complete, or stop being complete.
        tables = list(
            Table.objects.filter(round__event=seated_event, board_set__in=[1, 2])
            .select_related("round__event")
            .order_by("round__number", "number")
        )
        with transaction.atomic():
            for op in operations:
                apply(seated_event, tables, organiser, op)
                assert_in_step(seated_event)
            assert stale_event_results() == []
            transaction.set_rollback(True)  # the next example starts from the seated event

    def test_a_save_rewrites_its_own_board_only(self, seated_event, organiser):
        tables = list(
            Table.objects.filter(round__event=seated_event, board_set=1).order_by("round__number")
        )
        enter_board(tables[0], 1, organiser)
        other = Table.objects.get(round__event=seated_event, round__number=1, board_set=2)
        enter_board(other, 3, organiser)
        kept = set(
            BoardResult.objects.filter(board__number=3, board__event=seated_event).values_list(
                "pk", flat=True
            )
        )
        enter_board(tables[1], 1, organiser, points=Decimal(60))
        after = set(
            BoardResult.objects.filter(board__number=3, board__event=seated_event).values_list(
                "pk", flat=True
            )
        )
        assert kept and after == kept  # board 3's rows were not rewritten
        assert_in_step(seated_event)

    def test_a_save_reads_a_bounded_number_of_queries(
        self, seated_event, organiser, django_assert_max_num_queries
    ):
        """Whatever the event's size (the board's lines are read, not the event's)."""
        tables = list(
            Table.objects.filter(round__event=seated_event, board_set=1)
            .select_related("round__event")
            .order_by("round__number")
        )
        for table in tables[:-1]:
            enter_board(table, 1, organiser)
        with django_assert_max_num_queries(32):  # still to play at one table
            enter_board(tables[0], 2, organiser)
        with django_assert_max_num_queries(45):  # completes board 1: everybody's figures
            enter_board(tables[-1], 1, organiser)
        board = Board.objects.get(event=seated_event, number=1)
        with django_assert_max_num_queries(40):
            set_special_result(
                by=organiser, board=board, table=tables[0], kind=SpecialResult.Kind.AVERAGE_MINUS
            )

    def test_the_completion_migration_fills_what_the_service_stores(self, seated_event, organiser):
        """0021's frozen copy of the rule marks complete the boards services.board_results
        marks: played everywhere, settled by a whole-table ruling, and not those with a
        table still to play or a ruling for one orientation only."""
        import importlib

        from django.apps import apps

        fill = importlib.import_module("tournaments.migrations.0021_board_complete").fill
        first = Table.objects.filter(round__event=seated_event, round__number=1).order_by("number")
        for table in first[:2]:
            play_everywhere(table, (table.board_set - 1) * 2 + 1, organiser)
        board = Board.objects.get(event=seated_event, number=(first[2].board_set - 1) * 2 + 1)
        tables = list(Table.objects.filter(round__event=seated_event, board_set=first[2].board_set))
        for table in tables[:-1]:
            set_special_result(by=organiser, board=board, table=table, kind="not_played")
        set_special_result(
            by=organiser, board=board, table=tables[-1], kind="average_plus", orientation=2
        )
        enter_board(first[3], (first[3].board_set - 1) * 2 + 2, organiser)
        stored = set(
            Board.objects.filter(event=seated_event, complete=True).values_list("pk", flat=True)
        )
        assert len(stored) == 2 and stored == {
            Board.objects.get(event=seated_event, number=n).pk
            for n in complete_boards(duplicate_data(seated_event))
        }
        Board.objects.update(complete=False)
        fill(apps, None)
        assert set(Board.objects.filter(complete=True).values_list("pk", flat=True)) == stored

    @pytest.mark.parametrize("comparison", ["matchpoints", "difference"])
    def test_the_public_travellers_template_prints_what_its_columns_print(
        self, seated_event, organiser, client, comparison
    ):
        """The public traveller writes its rows in tables/traveller.html (7 template cells
        a line): the same HTML as its columns through the generic template, with a ruling
        and a fouled line among the played ones."""
        from tournaments.models import Event
        from tournaments.services.events import publish_event

        from ..tournament_ui.test_table_templates import GENERIC, _assert_same

        Event.objects.filter(pk=seated_event.pk).update(comparison=comparison)
        seated_event.refresh_from_db()
        for table in Table.objects.filter(round__event=seated_event, round__number=1):
            play_everywhere(table, (table.board_set - 1) * 2 + 1, organiser)
        board = Board.objects.get(event=seated_event, number=1)
        tables = list(Table.objects.filter(round__event=seated_event, board_set=1))
        # Every bonus the cells print (petit au bout, poignées, chelem), and a line passed.
        bonuses = Hand.objects.get(table=tables[3], board=board)
        east, south = (tables[3].seats.get(position=p).player_id for p in (1, 2))
        bonuses.contract, bonuses.oudlers, bonuses.points = "garde_contre", 3, Decimal(91)
        bonuses.petit_au_bout, bonuses.chelem_announced = "taker", True
        bonuses.chelem_made_by = "taker"
        bonuses.poignees = [{"player": east, "size": "simple"}, {"player": south, "size": "simple"}]
        save_board_result(
            table=tables[3], board=board, hand=bonuses, user=organiser,
            expected_version=bonuses.version,
        )  # fmt: skip
        passed = Hand.objects.get(table=tables[4], board=board)
        passed.contract, passed.taker_id, passed.oudlers, passed.points = "", None, 0, Decimal(0)
        save_board_result(
            table=tables[4],
            board=board,
            hand=passed,
            user=organiser,
            expected_version=passed.version,
        )
        set_special_result(
            by=organiser, board=board, table=tables[0], kind="average_plus", orientation=1
        )
        set_special_result(by=organiser, board=board, table=tables[1], kind="fouled")
        publish_event(by=organiser, event=seated_event)
        response = client.get(reverse("duplicate_board", args=[seated_event.pk, 1]))
        assert response.status_code == 200
        table = response.context["traveller_table"]
        html = _assert_same(table, rows=len(table.data))
        assert len(table.data) > 4 and 'class="badge text-bg-warning"' in html
        assert html.count("poignée") == 2 and "chelem" in html and "petit au bout" in html
        # The cells read the page's `average` (difference mode): as the page renders them.
        average = comparison == "difference"
        in_page = _in_page(table, response.wsgi_request, average)
        table.template_name, own = GENERIC, table.template_name
        assert _in_page(table, response.wsgi_request, average) == in_page
        table.template_name = own
        assert ("%" in in_page) != average  # a percentage per line, or a signed difference

    @pytest.mark.parametrize("change", ["replace", "remove", "add"])
    def test_a_seat_changed_after_a_ruling_rewrites_its_boards_stored_rows(
        self, seated_event, organiser, change
    ):
        """A ruling stores rows for a table that has no hand yet, whose seats the admin may
        still change (services.admin_writes refuses only tables with hands): the stored
        comparison must name the players seated now, as a recompute does."""
        from tournaments.models import Player, Seat
        from tournaments.services.admin_writes import delete_seat, save_seat

        table = Table.objects.filter(round__event=seated_event, round__number=1).first()
        other = Table.objects.filter(round__event=seated_event, board_set=table.board_set)
        other = other.exclude(pk=table.pk).first()
        board = Board.objects.get(event=seated_event, number=(table.board_set - 1) * 2 + 1)
        set_special_result(by=organiser, board=board, table=table, kind="not_played")
        set_special_result(
            by=organiser, board=board, table=other, kind="average_plus", orientation=0
        )
        seat = Seat.objects.filter(table=table).order_by("position").first()
        assert BoardResult.objects.filter(table=table, player=seat.player_id).exists()
        newcomer = Player.objects.create(club=seated_event.club, name="Remplaçant")
        if change == "replace":
            seat.player = newcomer
            save_seat(by=organiser, seat=seat)
        elif change == "remove":
            delete_seat(by=organiser, seat=seat)
        else:
            delete_seat(by=organiser, seat=seat)
            assert stored_rows(seated_event) == recomputed_rows(seated_event)
            save_seat(by=organiser, seat=Seat(table=table, player=newcomer, position=seat.position))
        assert stored_rows(seated_event) == recomputed_rows(seated_event)
        assert BoardResult.objects.filter(table=table, player=newcomer).exists() == (
            change != "remove"
        )
        # The ranking names everybody registered, and the newcomer seated without a
        # registration (the admin's) once.
        ranked = [row.player_id for row in stored_ranking(seated_event)]
        registered = set(seated_event.registrations.values_list("player_id", flat=True))
        assert registered <= set(ranked)
        assert ranked.count(newcomer.pk) == (change != "remove")
        assert len(ranked) == len(registered) + (change != "remove")

    def test_a_swap_that_would_play_boards_twice_is_refused(self, seated_event, organiser):
        """In a movement, a player moved to another table of a round plays its boards in
        another round too: his line would be on their travellers twice (a comparison
        refuses such a traveller). rounds.swap_players refuses it, and nothing changes."""
        from tournaments.errors import Refused
        from tournaments.models import Round
        from tournaments.services.rounds import swap_players

        round_ = Round.objects.get(event=seated_event, number=1)
        tables = _ruled_everywhere(seated_event, round_, organiser)
        refusals = _swaps(round_, tables)
        twice = "deux fois les mêmes donnes"  # in French, the site's default language
        assert refusals and all(twice in refusal for refusal in refusals.values())
        player_a, player_b = next(iter(refusals))
        before = stored_rows(seated_event)
        with pytest.raises(Refused, match=twice):
            swap_players(by=organiser, round=round_, player_a=player_a, player_b=player_b)
        assert stored_rows(seated_event) == before


class TestBoard1PlayedHereAndThere(SharedWorld):
    """The seated event, another seated event of the club, and board 1 played at every
    table there and at four of its five tables here (board_1_played_here_and_there,
    built once)."""

    build = staticmethod(board_1_played_here_and_there)

    @pytest.fixture
    def board_1_here_and_there(self, world, db) -> tuple:
        """_board_1_played_but_at_one_table_here's answer, fetched again."""
        return refetched(world["board_1"])

    def test_a_table_moved_to_another_event_in_the_admin_refreshes_both_events_boards(
        self, seated_event, board_1_here_and_there, organiser
    ):
        """A duplicate table without hands may move to another round, of its event or of
        another (services.admin_writes.save_table, the admin's): its line leaves its boards'
        travellers in one event and joins them in the other. Board 1, played at four of its
        five tables here and at every table there, becomes complete where the fifth table
        left and incomplete where it arrives; the stored completion, comparison and what
        the public may read follow at once."""
        from tournaments.models import Round
        from tournaments.services.admin_writes import save_table

        other, last, board_here, board_there = board_1_here_and_there
        assert_completion_in_step(seated_event)
        assert_completion_in_step(other)

        number, round_ = last.number, last.round
        last.round, last.number = Round.objects.get(event=other, number=1), 6  # a sixth table
        save_table(by=organiser, table=last)

        _assert_refreshed((board_here, board_there), (True, False), (seated_event, other))
        assert stale_event_results() == []
        # And back to its round: both as they were.
        last.round, last.number = round_, number
        save_table(by=organiser, table=last)
        _assert_refreshed((board_here, board_there), (False, True), (seated_event, other))

    def test_a_round_moved_to_another_event_in_the_admin_refreshes_both_events_boards(
        self, seated_event, board_1_here_and_there, organiser
    ):
        """A duplicate round without hands moved to another event (services.admin_writes.
        save_round, the admin's): its tables' lines leave their boards' travellers here and
        join them there. Board 1, played at every other table of its set here and at every
        table there, becomes complete here and incomplete there."""
        from tournaments.services.admin_writes import save_round

        other, last, board_here, board_there = board_1_here_and_there

        moving = last.round
        moving.event, moving.number = other, 99
        save_round(by=organiser, round=moving)

        _assert_refreshed((board_here, board_there), (True, False), (seated_event, other))
        assert stale_event_results() == []


class TestEveryBoardPlayed(SharedWorld):
    """Every board played at every table: every_board_played, built once."""

    build = staticmethod(every_board_played)

    def test_a_complete_event_and_its_corrections_stay_in_step(self, seated_event, organiser):
        """Every board played everywhere, then corrected, deleted and ruled on: the stored
        comparison, the rankings and the stored places follow (the deterministic companion
        of the property above, with every board complete)."""
        first_round = Table.objects.filter(round__event=seated_event, round__number=1)
        assert BoardResult.objects.filter(board__event=seated_event).count() == 10 * 5 * 4
        assert_in_step(seated_event)
        table = first_round.first()
        hand = Hand.objects.get(table=table, board__number=1)
        hand.points = Decimal(80)
        save_board_result(
            table=table, board=hand.board, hand=hand, user=organiser, expected_version=hand.version
        )
        assert_in_step(seated_event)
        set_special_result(
            by=organiser, board=hand.board, table=table, kind=SpecialResult.Kind.AVERAGE_PLUS
        )
        assert_in_step(seated_event)
        hand.refresh_from_db()
        delete_hand(hand=hand, user=organiser, expected_version=hand.version)
        assert_in_step(seated_event)
        assert stale_event_results() == []

    def test_the_pages_read_a_bounded_number_of_queries(
        self, seated_event, organiser, client, django_assert_max_num_queries
    ):
        from tournaments.services.events import publish_event

        publish_event(by=organiser, event=seated_event)
        pages = [
            (client, reverse("duplicate_ranking", args=[seated_event.pk]), 10),
            (client, reverse("duplicate_board", args=[seated_event.pk, 1]), 14),
            (
                logged_in(organiser),
                reverse("duplicate_traveller", args=[seated_event.pk, 1]),
                24,
            ),
        ]
        for reader, url, most in pages:
            with django_assert_max_num_queries(most):
                assert reader.get(url).status_code == 200

    def test_a_deletion_rewrites_its_own_boards_rows_only(self, seated_event, organiser):
        hand = Hand.objects.filter(board__event=seated_event, board__number=1).first()
        others = dict(
            BoardResult.objects.filter(board__event=seated_event)
            .exclude(board_id=hand.board_id)
            .values_list("pk", "board_id")
        )
        delete_hand(hand=hand, user=organiser, expected_version=hand.version)
        assert stored_rows(seated_event) == recomputed_rows(seated_event)
        # The other boards' rows were left alone (not deleted and stored again).
        kept = BoardResult.objects.filter(board__event=seated_event).exclude(board_id=hand.board_id)
        assert dict(kept.values_list("pk", "board_id")) == others


class TestFirstBoardsPlayed(SharedWorld):
    """Round 1's first boards played everywhere: first_boards_played, built once."""

    build = staticmethod(first_boards_played)

    def test_the_traveller_of_a_board_nobody_entered_reads_no_results(
        self, seated_event, organiser
    ):
        """A board not played yet has no hand, ledger row or stored comparison to read: the
        organiser's traveller does not ask for them (three queries a page the
        organiser opens for every board before play), nor for its players' registrations."""
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        last = Board.objects.filter(event=seated_event).order_by("number").last()
        assert not Hand.objects.filter(board=last).exists()
        reader = logged_in(organiser)
        url = reverse("duplicate_traveller", args=[seated_event.pk, last.number])
        with CaptureQueriesContext(connection) as queries:
            response = reader.get(url)
        assert response.status_code == 200
        assert response.content.decode().count('name="t') > 0  # its lines are open forms
        sql = [query["sql"] for query in queries if " FROM " in query["sql"]]
        tables = [text.split(" FROM ", 1)[1].split()[0] for text in sql]
        assert '"tournaments_hand"' in tables  # duplicate_data's, which finds none
        assert tables.count('"tournaments_hand"') == 1
        assert '"tournaments_handscore"' not in tables
        assert '"tournaments_boardresult"' not in tables
        # Its players are named as seated: their registrations (teams) are not read.
        assert '"tournaments_registration"' not in tables

    def test_the_ranking_tables_templates_print_what_their_columns_print(
        self, seated_event, organiser
    ):
        """The ranking and team tables write their rows in their own templates (a 120-player
        ranking is 600 cells): on stored rows, the same HTML as their columns through the
        site's generic table template, cell for cell."""
        from tournaments.tables.duplicate import DuplicateRankingTable, DuplicateTeamTable

        from ..tournament_ui.test_table_templates import _assert_same

        rows = stored_ranking(seated_event)
        unranked = stored_ranking(seated_event, boards=[])  # nobody has a board yet
        assert all(row.result is not None for row in rows)
        assert all(row.result is None for row in unranked)
        for average in (False, True):
            for shown in (rows, unranked):
                _assert_same(
                    DuplicateRankingTable(shown, event=seated_event, average=average),
                    rows=len(shown),
                )
        teams = [
            type("Team", (), {"name": f"T{n}", "members": rows[n::4], "result": rows[n].result,
                              "rank": n + 1})()
            for n in range(4)
        ]  # fmt: skip
        _assert_same(DuplicateTeamTable(teams, average=False), rows=4)

    def test_the_migration_fills_what_the_service_stores(self, seated_event, organiser):
        """0019's frozen copy of the comparison (run here with today's models, which hold
        0019's) stores the rows services.board_results stores: results, rulings for an
        orientation and for a whole table, a fouled board, in both comparison methods."""
        import importlib

        from django.apps import apps

        fill = importlib.import_module("tournaments.migrations.0019_board_comparison").fill
        enter_board(
            Table.objects.get(round__event=seated_event, round__number=1, number=1), 2, organiser
        )
        tables = list(Table.objects.filter(round__event=seated_event, board_set=1))
        board = Board.objects.get(event=seated_event, number=1)
        set_special_result(
            by=organiser, board=board, table=tables[0], kind="average_plus", orientation=1
        )
        set_special_result(by=organiser, board=board, table=tables[1], kind="fouled")
        set_special_result(by=organiser, board=board, table=tables[2], kind="not_played")
        for comparison in ("matchpoints", "difference"):
            type(seated_event).objects.filter(pk=seated_event.pk).update(comparison=comparison)
            seated_event.refresh_from_db()
            from tournaments.services.board_results import refresh_board_results

            refresh_board_results(seated_event)
            stored = stored_rows(seated_event)
            assert stored == recomputed_rows(seated_event)
            BoardResult.objects.all().delete()
            fill(apps, None)
            assert stored_rows(seated_event) == stored

    def test_the_ranking_is_paged_50_lines_a_page(self, seated_event, organiser, client):
        """As the site's other rankings (tables.ranking.RANKING_PER_PAGE, tables.configure):
        a long duplicate ranking reads 50 lines a page with the same page links, through its
        own row template as through the generic one; the page asks for `?page=`."""
        from dataclasses import replace

        from django.test import RequestFactory

        from tournaments.services.events import publish_event
        from tournaments.tables import configure
        from tournaments.tables.duplicate import DuplicateRankingTable

        from ..tournament_ui.test_table_templates import _assert_same

        rows = stored_ranking(seated_event)
        many = [replace(row, player_id=row.player_id + 1000 * n) for n in range(6) for row in rows]
        assert len(many) > 100
        for page, shown in ((1, 50), (3, len(many) - 100)):
            request = RequestFactory().get("/", {"page": page})
            table = configure(
                DuplicateRankingTable(many, event=seated_event, average=False), request
            )
            html = _assert_same(table, request, rows=shown)
            assert 'class="pagination' in html and f"?page={page + 1 if page == 1 else 2}" in html
        publish_event(by=organiser, event=seated_event)
        url = reverse("duplicate_ranking", args=[seated_event.pk])
        response = client.get(url, {"page": 2})
        assert response.status_code == 200
        table = response.context["ranking_table"]
        assert table.paginator.per_page == 50 and table.page.number == 1  # one page: the last
        assert len(list(table.paginated_rows)) == len(rows) < 50

    @pytest.mark.parametrize("reader", ["public", "organiser"])
    def test_a_players_page_prints_what_a_comparison_from_scratch_gives(
        self, seated_event, organiser, client, reader
    ):
        """His page reads the stored comparison (duplicate_stored.stored_boards): its place
        and board lines are those the page printed from a comparison of the whole event,
        with a board complete, one played at one table only and a ruling."""
        import itertools
        import re

        from django.template.loader import render_to_string
        from django.utils import translation

        from tournaments.selectors.duplicate_ranking import player_row
        from tournaments.services.events import publish_event

        tables = list(Table.objects.filter(round__event=seated_event, round__number=1))
        enter_board(tables[0], (tables[0].board_set - 1) * 2 + 2, organiser)  # one table only
        board = Board.objects.get(event=seated_event, number=1)
        ruled = Table.objects.filter(round__event=seated_event, board_set=1).first()
        set_special_result(
            by=organiser, board=board, table=ruled, kind=SpecialResult.Kind.AVERAGE_PLUS
        )
        publish_event(by=organiser, event=seated_event)
        browser = client if reader == "public" else logged_in(organiser)
        read = duplicate_data(seated_event)
        complete = completion(seated_event).complete
        data = compare(read if reader == "organiser" else public_view(read))
        shown = None if reader == "organiser" else complete
        rows = ranking_rows(data, visible_boards=shown)
        result = re.compile(r'<p class="mb-3" id="player-result">.*?</p>', re.S)
        lines = re.compile(r'<div class="list-group" id="player-boards">(.*?)</div>', re.S)
        printed = []
        for player_id, language in itertools.product([r.player_id for r in rows], ("fr", "en")):
            with translation.override(language):
                url = reverse("duplicate_player", args=[seated_event.pk, player_id])
                response = browser.get(url)
                assert response.status_code == 200
                keys = (
                    "event",
                    "provisional",
                    "shown_boards",
                    "board_links",
                    "organiser",
                    "average",
                )
                context = {key: response.context[key] for key in keys}
                context.update(rows=rows, row=player_row(rows, player_id))
                request = response.wsgi_request
                expected = render_to_string("tournaments/duplicate/player.html", context, request)
            page = response.content.decode()
            assert result.search(page).group(0) == result.search(expected).group(0)
            shown = lines.search(page).group(1)
            assert shown.count("player-board-") == len(context["row"].boards)
            printed.append(page)
        assert any("player-board-" in page for page in printed)
        assert any("badge text-bg-warning" in page for page in printed)  # the ruling


def _in_page(table, request, average: bool) -> str:
    from django.template import engines

    page = engines["django"].from_string("{% load django_tables2 %}{% render_table table %}")
    return _normalised(page.render({"table": table, "average": average}, request))


def _ruled_everywhere(event, round_, organiser) -> list[Table]:
    """Round `round_`'s first board settled by a ruling at every table that plays it,
    and a ruling for one orientation on another board: rows stored, no hand."""
    tables = list(Table.objects.filter(round=round_).order_by("number"))
    per_round = event.deals_per_round
    for board_set in {table.board_set for table in tables}:
        board = Board.objects.get(event=event, number=(board_set - 1) * per_round + 1)
        for other in Table.objects.filter(round__event=event, board_set=board_set):
            set_special_result(by=organiser, board=board, table=other, kind="not_played")
    set_special_result(
        by=organiser,
        board=Board.objects.get(event=event, number=(tables[0].board_set - 1) * per_round + 2),
        table=tables[0],
        kind="average_minus",
        orientation=1,
    )
    assert_in_step(event)
    assert Board.objects.filter(event=event, complete=True).exists()
    return tables


def _swaps(round_, tables: list[Table]) -> dict[tuple, str | None]:
    """Every swap of a player of the first table with one of another table, and why it
    is refused (None: allowed)."""
    from tournaments.models import Seat
    from tournaments.selectors.tournament import swap_refusal, swap_seats

    pairs = [
        (seat_a.player, seat_b.player)
        for seat_a in Seat.objects.filter(table=tables[0]).select_related("player")
        for table in tables[1:]
        for seat_b in Seat.objects.filter(table=table).select_related("player")
    ]
    return {pair: swap_refusal(round_, *pair, swap_seats(round_, *pair)) for pair in pairs}


def test_a_swap_at_tables_with_rulings_only_keeps_the_stored_comparison(dup_club, organiser):
    """rounds.swap_players is refused once a table has hands, not rulings: at a team
    match (every table of a round plays the round's boards) two takers may swap, and
    the stored rows of their boards must name the players seated after the swap, the
    boards' completion stay what the rule says."""
    from tournaments.models import Round, Seat
    from tournaments.services import duplicate as services
    from tournaments.services.rounds import swap_players

    from .test_team_match import make_match

    event = make_match(dup_club, teams=4)
    services.seat_duplicate(by=organiser, event=event, draw=False)
    round_ = Round.objects.get(event=event, number=1)
    tables = _ruled_everywhere(event, round_, organiser)
    allowed = [pair for pair, refusal in _swaps(round_, tables).items() if refusal is None]
    assert allowed
    player_a, player_b = allowed[0]
    seat_a = Seat.objects.get(table__round=round_, player=player_a)
    assert BoardResult.objects.filter(table=seat_a.table, player=player_a).exists()
    swap_players(by=organiser, round=round_, player_a=player_a, player_b=player_b)
    assert Seat.objects.get(pk=seat_a.pk).player_id == player_b.pk
    assert BoardResult.objects.filter(table=seat_a.table, player=player_b).exists()
    assert not BoardResult.objects.filter(table=seat_a.table, player=player_a).exists()
    assert_in_step(event)
    assert stale_event_results() == []


def _board_1_played_but_at_one_table_here(seated_event, dup_club, organiser) -> tuple:
    """A second event of the club, seated, board 1 played at all its tables; here board 1
    played at every table of its set but the last: (the other event, that last table,
    board 1 here, board 1 there)."""
    from django.db.models import F, Value
    from django.db.models.functions import Concat

    from tournaments.models import Player
    from tournaments.services import duplicate as services

    from .conftest import make_duplicate

    # The other event's twenty players, named as this one's were (a club's names are
    # unique): this event's renamed first.
    Player.objects.filter(club=dup_club).update(name=Concat(F("name"), Value(" (1)")))
    other = make_duplicate(dup_club)
    services.seat_duplicate(by=organiser, event=other, draw=False)
    there = Table.objects.filter(round__event=other).order_by("round__number", "number")
    play_everywhere(next(t for t in there if t.board_set == 1), 1, organiser)
    here = Table.objects.filter(round__event=seated_event, board_set=1)
    *played, last = here.order_by("round__number", "number")
    for table in played:
        enter_board(table, 1, organiser)
    board_here = Board.objects.get(event=seated_event, number=1)
    board_there = Board.objects.get(event=other, number=1)
    assert (board_here.complete, board_there.complete) == (False, True)
    return other, last, board_here, board_there


def _assert_refreshed(boards: tuple, complete: tuple[bool, ...], events: tuple) -> None:
    """The boards' stored completion as `complete`, and each event's completion and
    comparison in step with a reading from scratch."""
    for board in boards:
        board.refresh_from_db()
    assert tuple(board.complete for board in boards) == complete
    for event in events:
        assert_completion_in_step(event)
        assert_in_step(event)
