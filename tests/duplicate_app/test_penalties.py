"""The arbiter's penalties (models.Penalty, services.penalties): a penalty lowers the
penalised player's or team's result by its amount, on every page and in the workbook,
the board results staying as compared; given and withdrawn once each, audited, refused
at the field when wrong.

Expected figures are worked out here from the ledger (test_ranking.recomputed: the
session percentages from the HandScore rows) and the penalty's rule written out: the
amount taken off the sum of the board percentages before the mean, or off the sum of
the differences."""

from __future__ import annotations

import io
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import openpyxl
import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import translation

from tournaments.errors import Refused
from tournaments.exports.duplicate import duplicate_workbook
from tournaments.models import AuditEntry, Board, EventResult, Penalty, Player, Table, Team
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.duplicate import duplicate_data
from tournaments.selectors.duplicate_ranking import (
    compare,
    duplicate_ranking,
    ranking_rows,
    team_rows,
)
from tournaments.selectors.duplicate_stored import stored_ranking
from tournaments.services import duplicate as duplicate_services
from tournaments.services.penalties import give_penalty, withdraw_penalty

from ..factories import make_club, make_member
from .helpers import enter_board
from .test_ranking import board_percentages, played_world, recomputed
from .test_team_match import make_match, play_match, team_of
from .worlds import SharedWorld


def cents(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("0.01"), ROUND_HALF_UP
    )


def session_exact(event) -> tuple[dict[int, Fraction], dict[int, int]]:
    """Each player's sum of board percentages as an exact fraction, and his number of
    boards, from the ledger (test_ranking.board_percentages)."""
    boards = board_percentages(event)
    return (
        {player: sum(values, Fraction(0)) for player, values in boards.items()},
        {player: len(values) for player, values in boards.items()},
    )


class TestPenaltiesOnAPlayedEvent(SharedWorld):
    build = staticmethod(played_world)

    @pytest.fixture
    def penalised(self, seated_event):
        """The player ranked third, and what he and everybody scored before any penalty."""
        before = {row.player_id: row.result for row in stored_ranking(seated_event)}
        third = stored_ranking(seated_event)[2]
        return third.player_id, before

    def test_an_event_penalty_lowers_the_players_result_by_its_amount_over_his_boards(
        self, seated_event, organiser, penalised
    ):
        event = seated_event
        player_id, before = penalised
        totals, counts = session_exact(event)
        assert recomputed(event)[player_id] == before[player_id]
        give_penalty(
            by=organiser,
            event=event,
            player=Player.objects.get(pk=player_id),
            amount=Decimal("25"),
            reason="téléphone en jeu",
        )
        expected = cents((totals[player_id] - 25) / counts[player_id])
        assert expected < before[player_id]
        # The stored ranking (the pages'), the comparison from scratch (the workbook's)
        # and the public's, which counts an event penalty whatever the boards.
        for rows in (
            stored_ranking(event),
            ranking_rows(compare(duplicate_data(event))),
            duplicate_ranking(event),
        ):
            found = {row.player_id: row for row in rows}
            assert found[player_id].result == expected
            assert found[player_id].penalty == Decimal("25")
            others = {pid: row.result for pid, row in found.items() if pid != player_id}
            assert others == {pid: r for pid, r in before.items() if pid != player_id}
        # His stored place follows (the player pages' and the seasons').
        place = EventResult.objects.get(event=event, player_id=player_id).rank
        assert place == next(r.rank for r in stored_ranking(event) if r.player_id == player_id)

    def test_a_board_penalty_counts_the_same_and_is_written_on_the_traveller(
        self, seated_event, organiser, organiser_client, penalised
    ):
        event = seated_event
        player_id, _before = penalised
        totals, counts = session_exact(event)
        board = Board.objects.get(event=event, number=3)
        give_penalty(
            by=organiser,
            event=event,
            player=Player.objects.get(pk=player_id),
            board=board,
            amount=Decimal("12.5"),
            reason="retard",
        )
        expected = cents((totals[player_id] - Fraction(25, 2)) / counts[player_id])
        assert {r.player_id: r.result for r in stored_ranking(event)}[player_id] == expected
        name = Player.objects.get(pk=player_id).name
        traveller = organiser_client.get(reverse("duplicate_traveller", args=[event.pk, 3]))
        text = traveller.content.decode()
        assert 'id="board-penalties"' in text
        assert f"Pénalité sur la donne 3\u00a0: {name}, −12,5\u00a0% d’une donne (retard)." in text
        other = organiser_client.get(reverse("duplicate_traveller", args=[event.pk, 4]))
        assert "retard" not in other.content.decode()

    def test_the_ranking_the_player_page_and_the_workbook_say_it(
        self, seated_event, organiser, organiser_client, client, penalised
    ):
        event = seated_event
        player_id, _before = penalised
        give_penalty(
            by=organiser,
            event=event,
            player=Player.objects.get(pk=player_id),
            amount=Decimal("25"),
            reason="téléphone en jeu",
        )
        result = {r.player_id: r.result for r in stored_ranking(event)}[player_id]
        shown = f"{result:.2f}".replace(".", ",")
        ranking = organiser_client.get(reverse("duplicate_ranking", args=[event.pk]))
        text = ranking.content.decode()
        row = text[text.index(f'data-player="{player_id}"') :]
        row = row[: row.index("</tr>")]
        assert "Pénalité\u00a0: −25\u00a0% d’une donne (téléphone en jeu)" in row
        assert shown in row
        page = organiser_client.get(reverse("duplicate_player", args=[event.pk, player_id]))
        text = page.content.decode()
        assert 'id="player-penalties"' in text
        assert "Pénalité sur le tournoi" in text and "téléphone en jeu" in text
        assert shown in text[text.index('id="player-result"') :][:400]
        # The workbook: the result lowered, the penalty as a number and in words.
        with translation.override("fr"):
            buffer = io.BytesIO()
            duplicate_workbook(event).write(buffer)
        book = openpyxl.load_workbook(io.BytesIO(buffer.getvalue()))
        sheet = book["Classement"]
        header = [c.value for c in sheet[1]]
        line = next(
            [c.value for c in r]
            for r in sheet.iter_rows(min_row=2)
            if r[header.index("ID joueur")].value == player_id
        )
        assert Decimal(str(line[header.index("Pourcentage")])) == result
        assert line[header.index("Pénalité")] == 25
        assert "téléphone en jeu" in line[header.index("Pénalités")]
        listed = [[c.value for c in r] for r in book["Pénalités"].iter_rows(min_row=2)]
        assert len(listed) == 1 and listed[0][2] == 25 and listed[0][4] == "téléphone en jeu"

    def test_withdrawn_the_result_is_back_and_both_are_audited(
        self, seated_event, organiser, penalised
    ):
        event = seated_event
        player_id, before = penalised
        penalty = give_penalty(
            by=organiser,
            event=event,
            player=Player.objects.get(pk=player_id),
            amount=Decimal("40"),
            reason="annonce illicite",
        )
        assert {r.player_id: r.result for r in stored_ranking(event)}[player_id] != before[
            player_id
        ]
        withdraw_penalty(by=organiser, penalty=penalty)
        withdraw_penalty(by=organiser, penalty=penalty)  # a second tap: nothing more
        assert {r.player_id: r.result for r in stored_ranking(event)} == before
        lines = AuditEntry.objects.filter(event=event, action=AuditEntry.Action.PENALTY)
        assert lines.count() == 2
        with translation.override("fr"):
            words = [entry.details for entry in lines.order_by("pk")]
        assert "annonce illicite" in words[0] and "retirée" in words[1].lower()

    @pytest.mark.parametrize(
        "change, field",
        [
            ({"amount": Decimal(0)}, "amount"),
            ({"amount": Decimal(101)}, "amount"),
            ({"reason": "  "}, "reason"),
            ({"player": None}, "player"),
        ],
    )
    def test_a_wrong_penalty_is_refused_at_its_field_and_nothing_is_stored(
        self, seated_event, organiser, penalised, change, field
    ):
        player_id, before = penalised
        values = {
            "player": Player.objects.get(pk=player_id),
            "amount": Decimal(25),
            "reason": "retard",
            **change,
        }
        with pytest.raises(Refused) as refused:
            give_penalty(by=organiser, event=seated_event, **values)
        assert refused.value.field == field
        assert not Penalty.objects.filter(event=seated_event).exists()
        assert {r.player_id: r.result for r in stored_ranking(seated_event)} == before

    def test_a_player_of_another_event_and_a_team_of_an_individual_event_are_refused(
        self, seated_event, dup_club, organiser
    ):
        stranger = Player.objects.create(club=dup_club, name="Passant Ailleurs")
        with pytest.raises(Refused) as refused:
            give_penalty(
                by=organiser, event=seated_event, player=stranger, amount=Decimal(5), reason="x"
            )
        assert refused.value.field == "player"
        team = Team.objects.create(event=seated_event, name="Équipe")
        with pytest.raises(Refused) as refused:
            give_penalty(by=organiser, event=seated_event, team=team, amount=Decimal(5), reason="x")
        assert refused.value.field == "team"

    def test_an_organiser_of_another_club_is_refused(self, seated_event, penalised):
        other = make_member("autre", make_club("Autre Club", "autre"))
        with pytest.raises(PermissionDenied):
            give_penalty(
                by=other,
                event=seated_event,
                player=Player.objects.get(pk=penalised[0]),
                amount=Decimal(5),
                reason="x",
            )
        assert not Penalty.objects.exists()

    def test_the_page_gives_one_penalty_however_often_it_is_posted(
        self, seated_event, organiser_client, penalised
    ):
        event = seated_event
        player_id, _before = penalised
        url = reverse("duplicate_penalties", args=[event.pk])
        page = organiser_client.get(url + "?board=3")
        assert page.status_code == 200
        assert b'id="penalty-form"' in page.content
        post = {
            "holder": f"p{player_id}",
            "board": "3",
            "amount": "12,5",
            "reason": "retard",
            "submission_key": "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9",
        }
        for _ in range(2):
            answer = organiser_client.post(url, post)
            assert answer.status_code == 302
        assert Penalty.objects.filter(event=event).count() == 1
        penalty = Penalty.objects.get(event=event)
        assert penalty.amount == Decimal("12.5") and penalty.board.number == 3
        listed = organiser_client.get(url).content.decode()
        assert "retard" in listed
        # A wrong amount: at its field, in French, nothing stored.
        bad = organiser_client.post(
            url, {**post, "amount": "0", "submission_key": "1f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9"}
        )
        assert bad.status_code == 200
        assert Penalty.objects.filter(event=event).count() == 1
        text = bad.content.decode()
        field = text[text.index('id="div_id_amount"') :]
        field = field[: field.index("</div>\n</div>") if "</div>\n</div>" in field else 2000]
        assert "is-invalid" in field
        assert "Une pénalité est supérieure à zéro." in field


def test_a_board_penalty_stays_off_the_public_ranking_until_the_board_is_complete(
    dup_club, organiser
):
    """The first set's first board played at every table that plays it (complete), its
    second at one table only: a penalty on the second tells the public nothing, not
    in the ranking nor in the places stored for the players' pages, while other tables
    still play it; the organisers count it; an event penalty counts for everybody."""
    from tournaments.selectors.duplicate_ranking import session_places

    from .conftest import make_duplicate
    from .helpers import play_everywhere

    event = make_duplicate(dup_club)
    duplicate_services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    table = Table.objects.filter(round__event=event, round__number=1).order_by("number")[0]
    first, second = table.board_set * 2 - 1, table.board_set * 2
    play_everywhere(table, first, organiser)
    enter_board(table, second, organiser)
    # The player placed first on the complete board: a penalty of a whole board would
    # put him last of the field.
    places = session_places(event)
    player_id = min(places, key=lambda p: (places[p], p))
    player = Player.objects.get(pk=player_id)
    assert player_id in {seat.player_id for seat in table.seats.all()}
    stored = dict(EventResult.objects.filter(event=event).values_list("player_id", "rank"))
    board = Board.objects.get(event=event, number=second)
    give_penalty(
        by=organiser, event=event, player=player, board=board, amount=Decimal(100), reason="r"
    )
    public = {row.player_id: row for row in duplicate_ranking(event)}
    assert public[player_id].penalties == [] and public[player_id].rank == places[player_id]
    assert session_places(event) == places
    after = dict(EventResult.objects.filter(event=event).values_list("player_id", "rank"))
    assert after == stored
    organisers = {row.player_id: row for row in stored_ranking(event)}
    assert organisers[player_id].penalty == Decimal(100)
    give_penalty(by=organiser, event=event, player=player, amount=Decimal(100), reason="e")
    public = {row.player_id: row for row in stored_ranking(event, boards={first})}
    assert public[player_id].penalty == Decimal(100)
    assert public[player_id].rank == max(row.rank for row in public.values())
    assert dict(EventResult.objects.filter(event=event).values_list("player_id", "rank")) != stored


def test_in_differences_a_penalty_is_taken_off_the_sum(dup_club, organiser):
    from .conftest import make_duplicate
    from .test_ranking import play_everything

    event = make_duplicate(dup_club, comparison="difference")
    duplicate_services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    play_everything(event, organiser)
    before = {row.player_id: row.result for row in stored_ranking(event)}
    player_id = next(iter(before))
    give_penalty(
        by=organiser,
        event=event,
        player=Player.objects.get(pk=player_id),
        amount=Decimal(40),
        reason="r",
    )
    after = {row.player_id: row.result for row in stored_ranking(event)}
    assert after[player_id] == before[player_id] - 40
    assert {p: r for p, r in after.items() if p != player_id} == {
        p: r for p, r in before.items() if p != player_id
    }


def test_a_team_penalty_lowers_its_team_match_result(dup_club, organiser):
    """Four quadrettes whose every board ties (test_team_match's ruling test): 50 % each.
    20 % of a board off team A over its 2 boards: (50 + 50 - 20) / 2 = 40.00, last."""
    event = make_match(dup_club, teams=4, rounds=1)
    duplicate_services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    play_match(event, organiser)
    team = Team.objects.get(event=event, name="A")
    give_penalty(by=organiser, event=event, team=team, amount=Decimal(20), reason="bruit")
    for rows in (duplicate_ranking(event), stored_ranking(event)):
        found = {row.name: row for row in team_rows(rows, event)}
        assert found["A"].result == Decimal("40.00") and found["A"].rank == 4
        assert found["A"].penalty == Decimal(20)
        assert {found[n].result for n in "BCD"} == {Decimal("50.00")}
    # The members' own results do not move: the penalty is the team's.
    assert {row.result for row in stored_ranking(event)} == {Decimal("50.00")}
    assert set(team_of(event).values()) == set("ABCD")
