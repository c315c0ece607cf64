"""A post whose database connection is lost before its write commits gets the page
"not saved, send again" (tarot_club/not_saved.py) with what was typed, never a 500;
sent again, the hand is stored once."""

from __future__ import annotations

import re
import uuid
from html import unescape
from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import reverse

from tournaments.models import Hand, Table
from tournaments.services import hand_entry

from ..scorekeeping.conftest import hand_data

pytestmark = pytest.mark.django_db


def hidden_fields(html: str) -> list[tuple[str, str]]:
    return [
        (unescape(name), unescape(value))
        for name, value in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', html)
    ]


def test_a_save_whose_connection_is_lost_says_not_saved_and_sends_again_once(
    scorekeeper, table4: Table
):
    client = Client(enforce_csrf_checks=True)
    client.force_login(scorekeeper)
    form = client.get(reverse("hand_new", args=[table4.pk])).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    data = {
        **hand_data(table4, points="61"),
        "csrfmiddlewaretoken": token,
        "submission_key": str(uuid.uuid4()),
    }
    url = reverse("hand_new", args=[table4.pk])
    lost = OperationalError("server closed the connection unexpectedly")
    with mock.patch.object(hand_entry, "write_hand", side_effect=lost):
        response = client.post(url, data)
    assert response.status_code == 503
    html = response.content.decode()
    assert "Non enregistré" in html and 'id="send-again"' in html
    assert f'action="{url}"' in html
    sent_back = hidden_fields(html)
    assert sorted(sent_back) == sorted((k, str(v)) for k, v in data.items())
    assert ("points", "61") in sent_back
    assert not Hand.objects.filter(table=table4).exists()

    again = client.post(url, dict(sent_back))
    assert again.status_code == 302
    assert client.post(url, dict(sent_back)).status_code == 302  # a third tap: the same
    assert Hand.objects.filter(table=table4).count() == 1


def test_another_error_is_not_turned_into_the_page(scorekeeper, table4):
    client = Client()
    client.force_login(scorekeeper)
    client.raise_request_exception = False
    url = reverse("hand_new", args=[table4.pk])
    with mock.patch.object(hand_entry, "write_hand", side_effect=ValueError("a bug")):
        response = client.post(url, {**hand_data(table4), "submission_key": str(uuid.uuid4())})
    assert response.status_code == 500


def test_a_password_is_never_written_back_into_the_page(rf):
    from tarot_club.not_saved import NotSavedMiddleware

    request = rf.post("/accounts/login/", {"username": "anne", "password": "secret-1"})
    lost = OperationalError("server closed the connection unexpectedly")
    assert NotSavedMiddleware(lambda r: None).process_exception(request, lost) is None
    request = rf.post("/score/table/1/hand/new/", {"points": "61"})
    answer = NotSavedMiddleware(lambda r: None).process_exception(request, lost)
    assert answer is not None and answer.status_code == 503
