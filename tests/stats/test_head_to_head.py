"""Head-to-head: two players at the same tables, figures from the season of conftest.py."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.models import Round
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.head_to_head import head_to_head
from tournaments.services.hands import seat_table


@pytest.fixture
def anne_bruno(season):
    return season.players["Anne"], season.players["Bruno"]


def url(a, b) -> str:
    return reverse("head_to_head", args=[a.pk, b.pk])


def test_head_to_head_totals_over_shared_tables(anne_bruno):
    anne, bruno = anne_bruno
    h2h = head_to_head(anne, bruno)
    # Soirée 1 (6 hands) and Soirée 2 (4 hands); the draft is not counted.
    # Anne 1913 + 438 = 2351; Bruno -251 + 643 = 392.
    assert (h2h.tables, h2h.hands, h2h.a_total, h2h.b_total) == (2, 10, 2351, 392)


def test_head_to_head_as_taker_against_the_other(anne_bruno):
    anne, bruno = anne_bruno
    h2h = head_to_head(anne, bruno)
    # Anne took against Bruno: H1 (+240/-80, made), H2 (-123/+41, failed), H6 (+1680/-560,
    # made): 3 hands, 2 made, Anne 240-123+1680 = 1797, Bruno -80+41-560 = -599.
    a = h2h.a_took
    assert (a.hands, a.contracts_made, a.a_points, a.b_points) == (3, 2, 1797, -599)
    # Bruno took against Anne: H3 (Bruno +174, Anne -58, made).
    b = h2h.b_took
    assert (b.hands, b.contracts_made, b.a_points, b.b_points) == (1, 1, -58, 174)


def test_head_to_head_as_partners(anne_bruno):
    anne, bruno = anne_bruno
    partners = head_to_head(anne, bruno).partners
    # K1 Anne called Bruno (+58/+29), K3 Bruno called Anne (+90/+180): both made.
    assert (partners.hands, partners.contracts_made, partners.a_points, partners.b_points) == (
        2,
        2,
        148,
        209,
    )


def test_head_to_head_lists_shared_tables_newest_first(anne_bruno, season):
    anne, bruno = anne_bruno
    tables = head_to_head(anne, bruno).shared_tables
    assert [(t.table_id, t.hands, t.a_total, t.b_total) for t in tables] == [
        (season.second_table.pk, 4, 438, 643),
        (season.first_table.pk, 6, 1913, -251),
    ]


def test_head_to_head_is_symmetric(anne_bruno):
    anne, bruno = anne_bruno
    there, back = head_to_head(anne, bruno), head_to_head(bruno, anne)
    assert (back.a_total, back.b_total) == (there.b_total, there.a_total)
    assert back.a_took.hands == there.b_took.hands and back.b_took.hands == there.a_took.hands


def test_page_shows_the_figures(client, anne_bruno):
    anne, bruno = anne_bruno
    response = client.get(url(anne, bruno))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="h2h-a-took"' in html and "1797" in html and "-599" in html
    assert response.context["h2h"].hands == 10
    for table in response.context["h2h"].shared_tables:  # linked to their public pages
        assert f'href="{reverse("table_public", args=[table.table_id])}"' in html


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "séance 1, table 1 · 4 donnes"), ("en", "round 1, table 1 · 4 hands")],
)
def test_shared_tables_are_worded_in_the_readers_language(client, anne_bruno, language, words):
    anne, bruno = anne_bruno
    with translation.override(language):  # the page's address names its language
        html = client.get(url(anne, bruno)).content.decode()
    shared = html[html.index('id="shared-tables"') :]
    assert words in shared and "6" in shared


def test_players_who_never_met_get_a_page_saying_so(client, season):
    chloe, emma = season.players["Chloé"], season.players["Emma"]
    response = client.get(url(chloe, emma))
    assert response.status_code == 200
    assert 'id="never-met"' in response.content.decode()
    assert not response.context["h2h"].met


def test_meeting_only_in_an_unpublished_event_is_never_met(
    client, season, players, enter, organiser
):
    hugo, ines = players[7], players[8]
    anne, bruno = season.players["Anne"], season.players["Bruno"]
    table = seat_table(
        by=SYSTEM,
        round=Round.objects.create(event=season.draft, number=2),
        number=1,
        players=[hugo, ines, anne, bruno],
    )
    enter(table, hugo, hugo, "garde", 2, 56)
    assert not head_to_head(hugo, ines).met
    # Neither played a published event: the public does not know them (a name would
    # tell who plays an unpublished event);
    # organisers see the page, which counts published events only.
    assert client.get(url(hugo, ines)).status_code == 404
    client.force_login(organiser)
    assert 'id="never-met"' in client.get(url(hugo, ines)).content.decode()


def test_unknown_player_is_404(client, season):
    anne = season.players["Anne"]
    assert client.get(reverse("head_to_head", args=[anne.pk, 9999])).status_code == 404
    assert client.get(reverse("head_to_head", args=[9999, anne.pk])).status_code == 404


def test_player_against_himself_goes_to_his_page(client, season):
    anne = season.players["Anne"]
    response = client.get(url(anne, anne))
    assert response.status_code == 302
    assert response.url == anne.get_absolute_url()


@pytest.mark.parametrize("extra_hands", [0, 20])
def test_head_to_head_queries_do_not_grow_with_hands(
    uncached, client, season, many_hands, extra_hands, django_assert_max_num_queries
):
    anne, bruno = season.players["Anne"], season.players["Bruno"]
    many_hands(season.first_table, extra_hands)
    with django_assert_max_num_queries(4):
        response = client.get(url(anne, bruno))
    assert response.context["h2h"].hands == 10 + extra_hands
