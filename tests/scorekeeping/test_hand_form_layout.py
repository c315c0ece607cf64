"""The hand form in fewer taps: rows of buttons instead of selects, the bonuses
folded until opened. The posted names and values are those of before; what is drawn
ticked and what is drawn open is checked here on the server's HTML (the taps
themselves: tests/browser/test_taps.py)."""

from __future__ import annotations

import re

from django.urls import reverse

from tournaments.models import Event, Hand, Round
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import seat_table

from .conftest import hand_data, seated

# Every name the form posts, as before the buttons (the submission key and the hidden
# number included): the server, the one-time key and the offline replay rely on them.
POSTED = {
    "csrfmiddlewaretoken",
    "submission_key",
    "version",
    "number",
    "dealer",
    "taker",
    "contract",
    "oudlers",
    "points",
    "points_camp",
    "petit_au_bout",
    "chelem_announced",
    "chelem_made_by",
}


def names(html: str) -> set[str]:
    """The names of the hand form's fields (not the language switch's)."""
    form = re.search(r'<form[^>]*id="hand-form".*?</form>', html, re.S).group(0)
    return set(re.findall(r'<(?:input|select)[^>]* name="([^"]+)"', form))


def ticked(html: str, name: str) -> list[str]:
    radios = re.findall(rf'<input type="radio" name="{name}"[^>]*>', html)
    return [re.search(r'value="([^"]*)"', r).group(1) for r in radios if "checked" in r]


def bonuses_open(html: str) -> bool:
    tag = re.search(r'<details[^>]*id="bonuses"[^>]*>', html)
    assert tag, "no bonuses fold"
    return " open" in tag.group(0)


def test_the_new_hand_form_posts_the_same_names(login, scorekeeper, table4):
    html = login(scorekeeper).get(reverse("hand_new", args=[table4.pk])).content.decode()
    poignees = {f"poignee_{player.pk}" for player in seated(table4)}
    assert names(html) == POSTED | poignees
    # Taker, contract and oudlers are radios now, a tap each; the dealer stays a select.
    for name in ("taker", "contract", "oudlers"):
        assert re.search(rf'<input type="radio" name="{name}"', html), name
    assert '<select name="dealer"' in html


def test_a_new_hand_has_nothing_chosen_and_its_bonuses_folded(login, other_scorekeeper, table5):
    url = reverse("hand_new", args=[table5.pk])
    html = login(other_scorekeeper).get(url).content.decode()
    # Neither "all passed", nor "nobody", nor "alone" already chosen: each is a tap.
    for name in ("taker", "contract", "partner", "oudlers"):
        assert ticked(html, name) == [], name
    assert ticked(html, "points_camp") == ["taker"]
    assert ticked(html, "petit_au_bout") == [""]
    assert not bonuses_open(html)


def test_editing_shows_what_was_stored(login, other_scorekeeper, table5, play):
    emma = seated(table5)[0]
    alone = play(table5, taker=emma, partner=None)
    passed = play(table5, contract="")
    client = login(other_scorekeeper)
    html = client.get(reverse("hand_edit", args=[alone.pk])).content.decode()
    assert ticked(html, "taker") == [str(emma.pk)]
    assert ticked(html, "partner") == [""]  # "alone", as stored
    assert not bonuses_open(html)
    html = client.get(reverse("hand_edit", args=[passed.pk])).content.decode()
    assert ticked(html, "contract") == [""]
    assert ticked(html, "taker") == [""]  # "nobody"


def test_a_stored_bonus_opens_the_fold(login, scorekeeper, table4, play):
    chloe = seated(table4)[2]
    client = login(scorekeeper)
    with_petit = play(table4, petit_au_bout="taker")
    with_poignee = play(table4, poignees=[{"player": chloe.pk, "size": "simple"}])
    for hand in (with_petit, with_poignee):
        html = client.get(reverse("hand_edit", args=[hand.pk])).content.decode()
        assert bonuses_open(html), hand


def test_an_error_at_a_bonus_or_the_chelem_question_opens_the_fold(login, scorekeeper, table4):
    client = login(scorekeeper)
    url = reverse("hand_new", args=[table4.pk])
    players = seated(table4)
    # Too many trumps shown: the error sits at a poignée.
    data = hand_data(table4, **{f"poignee_{players[1].pk}": "triple"})
    data[f"poignee_{players[2].pk}"] = "double"
    html = client.post(url, data).content.decode()
    assert "28 atouts" in html and bonuses_open(html)
    # 91 points without a chelem: asked at the chelem field, inside the fold.
    html = client.post(url, hand_data(table4, oudlers="3", points="91")).content.decode()
    assert 'name="no_chelem"' in html and bonuses_open(html)
    assert not Hand.objects.exists()


def test_the_misere_selects_are_folded_with_the_bonuses(login, organiser, club, players):
    event = Event.objects.create(club=club, name="Misère", date="2026-11-20", rules_name="misere")
    round_ = Round.objects.create(event=event, number=1)
    table = seat_table(by=SYSTEM, round=round_, number=1, players=players[:4])
    html = login(organiser).get(reverse("hand_new", args=[table.pk])).content.decode()
    fold = re.search(r'<details[^>]*id="bonuses".*?</details>', html, re.S).group(0)
    assert "misères)</span></summary>" in fold
    legends = re.findall(r"<legend[^>]*>([^<]*)</legend>", fold)
    assert legends == ["Petit au bout", "Poignées", "Chelem", "Chelem réalisé par", "Misères"]
    assert f'name="misere_{players[0].pk}"' in fold
