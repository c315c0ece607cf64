"""A small duplicate tournament end to end in a real browser: 5 tables, 20 players, 5 rounds
of 2 boards. The organiser creates it, imports the players, seats every round, prints
the boards and the movement cards; a scorekeeper enters the first round's boards on the
phone form, the later rounds' through the same view; the public ranking's percentages
equal a recomputation written here from the marques the public travellers show; the
workbook opens with openpyxl."""

from __future__ import annotations

import random
import re
import uuid
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

import scoring
from tests.conftest import PASSWORD
from tournaments.models import Board, Event, Hand, Registration, Table
from tournaments.services.duplicate_results import deal_contradictions, prepare_hand
from tournaments.services.hands import preview_hand, table_seats

from ..factories import make_member
from .conftest import choose, log_in, screenshot

NAMES = [
    "Anne Martin", "Bruno Petit", "Chloé Roy", "David Leroy", "Emma Morel", "Fabien Girard",
    "Gaëlle Blanc", "Hugo Fournier", "Inès Mercier", "Jules Faure", "Karim Rousseau",
    "Léa Vincent", "Marc Muller", "Nadia Lefèvre", "Olivier André", "Pauline Garnier",
    "Quentin Robin", "Rose Lemaire", "Samuel Colin", "Tina Perrot",
]  # fmt: skip


def players_csv() -> bytes:
    lines = ["Nom;Licence"] + [f"{name};{7000 + i}" for i, name in enumerate(NAMES)]
    return ("\r\n".join(lines) + "\r\n").encode("cp1252")


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def submit(page, form: str) -> None:
    """Sends the form and waits for the page its post leads to, loaded."""
    with page.expect_navigation():
        page.click(f"{form} button[type=submit]")


def a_result(table: Table, board: Board, rng: random.Random) -> dict[str, str]:
    """Inputs a scorekeeper could type for this board at this table: varied, and possible
    with the board's cards (the app would refuse the others; here they are not typed)."""
    seats = table_seats(table)
    board.event = table.round.event
    for _attempt in range(200):
        # The board names its taker (the federation's practice, the default).
        taker = board.named_taker if board.named_taker is not None else rng.randrange(4)
        values = {
            "contract": rng.choice(["prise", "garde", "garde"]),
            "taker": str(seats[taker].player_id),
            "oudlers": str(rng.choice([1, 2, 2, 3])),
            "points": str(rng.randrange(30, 62)),
        }
        hand = Hand(
            contract=values["contract"],
            taker_id=seats[taker].player_id,
            oudlers=int(values["oudlers"]),
            points=Decimal(values["points"]),
        )
        prepare_hand(table=table, board=board, hand=hand, seats=seats)
        try:
            preview_hand(table=table, hand=hand)
        except scoring.HandError:
            continue
        if not deal_contradictions(board, hand, seats):
            return values
    raise AssertionError(f"no possible result found for board {board.number}")


def enter_on_phone(
    page, table: Table, board: Board, values: dict[str, str], shot: str | None = None
) -> None:
    page.goto(reverse("board_entry", args=[table.pk, board.number]))
    # Fixed when the board names the taker: said, with no button to choose.
    if page.locator("input[name=taker]").count():
        choose(page, "taker", values["taker"])
    choose(page, "contract", values["contract"])
    choose(page, "oudlers", values["oudlers"])
    page.fill("#id_points", values["points"])
    page.locator("#preview-scores").wait_for()  # the marques, live, before saving
    assert page.locator("#preview-scores [data-orientation]").count() == 4
    if shot:
        screenshot(page, shot)
    with page.expect_navigation():  # the sheet, saying it is saved
        page.click("#save-hand")
    page.locator(".alert-success").first.wait_for()


def recompute(travellers: dict[int, list[dict[str, tuple[str, int]]]]) -> dict[str, Decimal]:
    """Session percentages from the marques shown: per board and orientation, 2 points
    per marque beaten and 1 per tie, over 2 (n - 1); a player's mean over his boards,
    to two decimals (half up)."""
    boards: dict[str, list[Fraction]] = defaultdict(list)
    for lines in travellers.values():
        for letter in "NESW":
            compared = [line[letter] for line in lines]
            n = len(compared)
            for name, marque in compared:
                points = sum(
                    2 if marque > other else 1 if marque == other else 0
                    for other_name, other in compared
                    if other_name != name
                )
                boards[name].append(Fraction(points * 100, 2 * (n - 1)))
    result = {}
    for name, values in boards.items():
        mean = sum(values) / len(values)
        exact = Decimal(mean.numerator) / Decimal(mean.denominator)
        result[name] = exact.quantize(Decimal("0.01"), ROUND_HALF_UP)
    return result


def french(value: str) -> Decimal:
    return Decimal(value.strip().replace("\u202f", "").replace(" ", "").replace(",", "."))


@pytest.mark.django_db(transaction=True)
def test_a_duplicate_tournament_from_creation_to_published_percentages(
    desktop, phone, organiser, club, tmp_path
):
    page = desktop
    log_in(page, organiser.username, PASSWORD)

    # 1. Create it: 5 rounds of 2 boards, matchpoints, boards dealt by the app.
    page.goto(reverse("duplicate_create"))
    page.fill("#id_name", "Duplicate de Lyon")
    page.fill("#id_rounds_planned", "5")
    page.fill("#id_boards_per_round", "2")
    screenshot(page, "duplicate-create")
    submit(page, "#duplicate-form")
    event = Event.objects.get(name="Duplicate de Lyon")
    assert event.kind == Event.Kind.DUPLICATE and event.app_deals
    page.wait_for_url(f"**{reverse('tournament_registrations', args=[event.pk])}")

    # 2. Import the 20 players.
    page.set_input_files(
        "#import-form input[type=file]",
        files=[{"name": "joueurs.csv", "mimeType": "text/csv", "buffer": players_csv()}],
    )
    submit(page, "#import-form")
    page.locator("#import-report.alert-success").wait_for()
    assert Registration.objects.filter(event=event).count() == 20

    # 3. Seat every round from the movement: 5 tables, boards made.
    page.goto(reverse("duplicate_manage", args=[event.pk]))
    page.click("#seat-rounds")
    page.locator("#rounds").wait_for()
    # One round at a time (the one being played), the five in the rounds' links.
    assert page.locator("#round-links .page-link").count() == 5
    assert page.locator("#rounds .card").count() == 1
    assert page.locator("#round-1 tbody tr").count() == 5
    page.click("#round-links .page-link >> text=3")
    page.locator("#round-3").wait_for()
    assert page.locator("#round-3 tbody tr").count() == 5
    assert Board.objects.filter(event=event, deal__isnull=False).count() == 10
    screenshot(page, "duplicate-manage")

    # 4. Print the boards (one A5 page each: four hands and the dog) and the cards.
    page.goto(reverse("duplicate_boards_print", args=[event.pk]))
    assert page.locator("#boards-print .board-page").count() == 10
    assert page.locator("#board-1 .board-hand").count() == 5  # N, E, S, W and the dog
    assert pdf_pages(page.pdf(format="A5")) == 10
    page.emulate_media(media="print")
    screenshot(page, "duplicate-boards-print")
    page.emulate_media(media="screen")
    page.goto(reverse("duplicate_cards", args=[event.pk]))
    assert page.locator("#table-cards .table-card").count() == 5
    assert page.locator(".player-card").count() == 20

    # 5. A scorekeeper for every table (the same one: a small club), named on their page,
    # reached from the event page's summary.
    keeper = make_member("marqueur_dup", club, role="scorekeeper")
    page.goto(reverse("duplicate_manage", args=[event.pk]))
    page.click("#scorekeepers-summary a")
    page.wait_for_url(f"**{reverse('duplicate_scorekeepers', args=[event.pk])}")
    for number in range(1, 6):
        form = f"#scorekeepers form:has(#table{number}_scorekeepers)"
        page.select_option(f"#table{number}_scorekeepers", str(keeper.pk))
        submit(page, form)
    assert Table.objects.filter(round__event=event, scorekeepers=keeper).count() == 25

    # 6. Every board at every table, round after round: the first table's two boards of
    # the first round on the phone, every other posted to the same view as the phone
    # posts them (the same form, the same service). The phone's part is the same for
    # every board, and each board page starts the browser's engine (seconds of CPU):
    # tests/browser/test_board_engine.py checks the board form's every shape.
    log_in(phone, keeper.username, PASSWORD)
    poster = Client()
    poster.force_login(keeper)
    rng = random.Random(2026)
    boards = {b.number: b for b in Board.objects.filter(event=event)}
    tables = Table.objects.filter(round__event=event).select_related("round__event")
    for table in tables.order_by("round__number", "number"):
        first = table.board_set * 2 - 1
        for number in (first, first + 1):
            values = a_result(table, boards[number], rng)
            if table.round.number == 1 and table.number == 1:
                shot = "duplicate-board-form" if number == 1 else None
                enter_on_phone(phone, table, boards[number], values, shot)
            else:
                posted = {
                    **values,
                    "points_camp": "taker",
                    "submission_key": str(uuid.uuid4()),
                }
                url = reverse("board_entry", args=[table.pk, number])
                assert poster.post(url, posted).status_code == 302, (table, number)
    assert Hand.objects.filter(table__round__event=event, table__round__number=1).count() == 10
    assert Hand.objects.filter(table__round__event=event).count() == 50
    screenshot(phone, "duplicate-board-phone")

    # 7. Publish; the public reads the travellers and the ranking.
    page.goto(reverse("duplicate_manage", args=[event.pk]))
    submit(page, "#main form:has(#publish)")
    page.locator("#event-status.text-bg-success").wait_for()
    phone.context.clear_cookies()
    travellers: dict[int, list[dict[str, tuple[str, int]]]] = {}
    for number in range(1, 11):
        phone.goto(reverse("duplicate_board", args=[event.pk, number]))
        lines = []
        for row in phone.locator("#board-traveller tbody tr").all():
            line = {}
            for cell in row.locator("td.cell").all():
                name = cell.locator("span.small").inner_text().strip()
                marque = int(cell.locator(".marque").inner_text().replace("+", ""))
                line[cell.get_attribute("data-orientation")] = (name, marque)
            lines.append(line)
        assert len(lines) == 5
        travellers[number] = lines
    expected = recompute(travellers)

    assert phone.goto(reverse("duplicate_ranking", args=[event.pk])).status == 200
    shown = {}
    for row in phone.locator("#duplicate-ranking tbody tr").all():
        name = row.locator("td >> nth=1").inner_text().strip()
        shown[name] = french(row.locator("td.result").inner_text())
    assert len(shown) == 20
    assert shown == expected
    assert "," in phone.locator("#duplicate-ranking td.result").first.inner_text()
    screenshot(phone, "duplicate-public-ranking")
    # A player's board by board detail.
    phone.click("#duplicate-ranking tbody tr >> nth=0 >> a")
    phone.locator("#player-boards").wait_for()
    assert phone.locator("#player-boards a").count() == 10

    # 8. The workbook: the ranking, the travellers with marques and matchpoints, the movement.
    page.goto(reverse("duplicate_manage", args=[event.pk]))
    with page.expect_download() as info:
        page.click("#export")
    saved = tmp_path / info.value.suggested_filename
    info.value.save_as(saved)
    workbook = load_workbook(saved)
    ranking, travellers_sheet, movement = workbook.worksheets[:3]
    results = {row[1]: row[3] for row in ranking.iter_rows(min_row=2, values_only=True)}
    assert {name: Decimal(str(value)) for name, value in results.items()} == expected
    assert travellers_sheet.max_row == 1 + 50
    assert movement.max_row == 1 + 25
