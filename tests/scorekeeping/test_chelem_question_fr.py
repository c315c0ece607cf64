"""The engine's refusal of an impossible hand reaches the scorekeeper in his language.

Kept apart from test_chelem_question.py, whose English override would also decide
the language of the pages it requests.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from tournaments.forms.hand import HAND_ERROR_MESSAGES

from .conftest import hand_data


def test_impossible_chelem_message_follows_the_page_language(login, scorekeeper, table4):
    data = hand_data(table4, points="40", chelem_announced="on", chelem_made_by="taker")
    url = reverse("hand_preview", args=[table4.pk])
    response = login(scorekeeper).post(url, data, HTTP_ACCEPT_LANGUAGE="fr")
    with translation.override("fr"):
        expected = HAND_ERROR_MESSAGES["taker_chelem_points"] % {  # 2 bouts: the plural
            "oudlers": 2,
            "low": "87",
            "value": "40",
        }
    assert expected.startswith("Dans un chelem")
    assert escape(expected) in response.content.decode()
