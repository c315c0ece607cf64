"""A workbook printed by LibreOffice (headless, to PDF): the print set-up holds.

A 30-player tournament's ranking prints on one page, every column on it (the issue
measured 3 pages wide); every page is landscape and carries the event's name in its
header. Needs Debian's libreoffice-calc-nogui (scripts/install.sh --system).
"""

from __future__ import annotations

import datetime
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from django.utils.translation import gettext as _
from pypdf import PdfReader

from tournaments.demo import random_hand
from tournaments.exports import tournament_workbook
from tournaments.models import Event, Player, Round
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import save_hand, seat_table, table_seats

pytestmark = pytest.mark.slow


def to_pdf(xlsx: Path) -> PdfReader:
    soffice = shutil.which("soffice")
    assert soffice, "LibreOffice is missing: install libreoffice-calc-nogui (install.sh --system)"
    # A profile of its own: two LibreOffice processes sharing one refuse to start.
    profile = xlsx.parent / "profile"
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(xlsx.parent),
            str(xlsx),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return PdfReader(xlsx.with_suffix(".pdf"))


@pytest.fixture
def open_of_30(club, organiser) -> Event:
    event = Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name="Grand Open de Lyon",
        date=datetime.date(2026, 6, 1),
        rounds_planned=2,
    )
    players = [Player.objects.create(club=club, name=f"Joueur {i:02d}") for i in range(1, 31)]
    rng = random.Random(30)
    for number in (1, 2):
        round_ = Round.objects.create(event=event, number=number)
        order = rng.sample(players, len(players))
        for t in range(6):
            table = seat_table(
                by=SYSTEM, round=round_, number=t + 1, players=order[t * 5 : t * 5 + 5]
            )
            hand = random_hand(rng, table_seats(table), 1)
            save_hand(table=table, hand=hand, user=organiser)
    return event


def test_a_30_player_ranking_prints_on_one_page_landscape_with_titles(open_of_30, tmp_path):
    xlsx = tmp_path / "open.xlsx"
    with xlsx.open("wb") as out:
        tournament_workbook(open_of_30).write(out)
    pdf = to_pdf(xlsx)
    # Words as printed: a wrapped heading breaks its line.
    pages = [" ".join(page.extract_text().split()) for page in pdf.pages]

    ranking = pages[0]
    for i in range(1, 31):
        assert f"Joueur {i:02d}" in ranking
    for heading in (_("Rank"), _("Licence"), _("Total"), _("Player ID")):
        assert heading in ranking, heading
    # The next sheet starts on page 2: the ranking took one page, not three across.
    assert _("Round total") in pages[1]
    assert _("Round total") not in ranking

    for number, page in enumerate(pdf.pages):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert width > height, f"page {number + 1} is not landscape"
        assert "Grand Open de Lyon" in pages[number], f"page {number + 1} has no title"
    # Ranking, two rounds, 60 hand rows and the rules: a handful of pages, not dozens.
    assert len(pages) <= 8
