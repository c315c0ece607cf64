"""The duplicate workbook: ranking, travellers with marques and matchpoints, movement."""

from __future__ import annotations

import io

from django.urls import reverse
from openpyxl import load_workbook

from tournaments.exports.duplicate import duplicate_workbook
from tournaments.selectors.duplicate_ranking import duplicate_ranking

from ..factories import logged_in
from .test_ranking import play_everything
from .worlds import module_world

# Every database test here starts from the seated event: built once for the module.
world, dup_club, duplicate_event, seated_event, organiser = module_world()


def test_the_workbook_holds_the_ranking_travellers_and_movement(seated_event, organiser):
    play_everything(seated_event, organiser)
    buffer = io.BytesIO()
    duplicate_workbook(seated_event).write(buffer)
    book = load_workbook(io.BytesIO(buffer.getvalue()))
    assert book.sheetnames[:1] == ["Classement"] or book.sheetnames[:1] == ["Ranking"]
    ranking, travellers, movement = (book[name] for name in book.sheetnames[:3])
    rows = list(ranking.iter_rows(min_row=2, values_only=True))
    expected = duplicate_ranking(seated_event)
    assert [(r[0], r[1], r[3]) for r in rows] == [
        (row.rank, row.name, float(row.result)) for row in expected
    ]
    lines = list(travellers.iter_rows(min_row=2, values_only=True))
    assert len(lines) == 50  # 10 boards x 5 tables
    header = [cell.value for cell in travellers[1]]
    marques = [header.index(h) for h in header if h and h.startswith(("Marque", "marque"))][:4]
    assert all(sum(line[i] for i in marques) == 0 for line in lines)  # each line sums to 0
    assert len(list(movement.iter_rows(min_row=2))) == 25  # 5 rounds x 5 tables


def test_the_workbook_is_for_the_events_organisers(seated_event, stranger, organiser_client):
    url = reverse("duplicate_export", args=[seated_event.pk])
    assert logged_in(stranger).get(url).status_code == 403
    response = organiser_client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
