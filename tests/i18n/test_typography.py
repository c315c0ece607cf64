"""French typography: a no-break space before ":;!?" in French and none in
English, and "de" elided before a vowel ("d'Anne"), from tournaments.rules.typography
through the template tags and the messages that name a player or a table."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from tournaments.models import Event, Registration
from tournaments.rules import typography

from ..factories import logged_in, store_hand

NBSP, NNBSP = "\u00a0", "\u202f"


# --- the rules (pure) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mark", "french"),
    [(":", NBSP + ":"), (";", NNBSP + ";"), ("!", NNBSP + "!"), ("?", NNBSP + "?")],
)
def test_french_sets_a_space_before_high_punctuation_and_english_none(mark, french):
    assert typography.punctuation(mark, "fr") == french
    assert typography.punctuation(mark, "fr-ca") == french
    assert typography.punctuation(mark, "en") == mark
    assert typography.punctuation(".", "fr") == "."


def test_a_label_gets_its_colon_once():
    assert typography.label("Règles", "fr") == "Règles" + NBSP + ":"
    assert typography.label("Règles ", "fr") == "Règles" + NBSP + ":"
    assert typography.label("Rule set", "en") == "Rule set:"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Anne", "d'Anne"),
        ("Bernard", "de Bernard"),
        ("Émilie", "d'Émilie"),
        ("Hugo", "d'Hugo"),  # the h of first names is mute
        ("Yves", "d'Yves"),  # y before a consonant sounds as a vowel
        ("Yann", "de Yann"),  # ...not before a vowel
        ("Ugo", "d'Ugo"),
        ("A. D.", "d'A. D."),  # a public name by initials
        ("  Inès ", "d'Inès"),
        ("3 Rois", "de 3 Rois"),
    ],
)
def test_de_elides_before_a_vowel_sound(name, expected):
    assert typography.de_name(name) == expected


def test_the_owner_of_a_message_in_each_language():
    assert typography.of_name("Anne", "fr") == "d'Anne"
    assert typography.of_name("Bernard", "fr") == "de Bernard"
    assert typography.of_name("Anne", "en") == "Anne's"


# --- templates -------------------------------------------------------------------------


def render(source: str, language: str, **context: object) -> str:
    with translation.override(language):
        return Template("{% load typography %}" + source).render(Context(context))


def test_template_tags_follow_the_active_language():
    assert render("Règles{% colon %}", "fr") == "Règles" + NBSP + ":"
    assert render("Rules{% colon %}", "en") == "Rules:"
    assert render("Vraiment{% punct '?' %}", "fr") == "Vraiment" + NNBSP + "?"
    assert render("{{ text|label }}", "fr", text="Joueurs") == "Joueurs" + NBSP + ":"
    assert render("{{ name|of_name }}", "fr", name="Anne") == escape("d'Anne")
    assert render("{{ name|of_name }}", "en", name="Anne") == escape("Anne's")
    assert render("{{ name|de_name }}", "en", name="Hugo") == escape("d'Hugo")


def test_no_template_writes_a_colon_after_a_translated_label():
    """'{% translate "Rule set" %}:' printed 'Règles:'; {% colon %} spaces it."""
    root = Path(__file__).resolve().parents[2] / "templates"
    pattern = re.compile(r'(translate "[^"]*"|endblocktranslate) ?%\} ?[:;!?]')
    found = [
        f"{path.relative_to(root)}:{n}"
        for path in sorted(root.rglob("*.html"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found


# --- pages and messages ----------------------------------------------------------------


def fr(message: str, **values: object) -> str:
    with translation.override("fr"):
        return gettext(message) % values


def test_labels_on_the_organiser_pages_are_spaced_in_french(organiser, club_night, table4):
    html = logged_in(organiser).get(reverse("event_manage", args=[club_night.pk])).content
    html = html.decode()
    for label in ("Rule set", "Hands", "Scorekeepers"):
        assert fr(label) + NBSP + ":" in html, label
        assert fr(label) + ":" not in html, label


def test_a_table_named_as_a_subject_is_its_number(organiser, club_night, night_round, players):
    """ "Table 3 est installée" read badly: the message takes the number, so the French
    can say "La table 3 est installée"."""
    client = logged_in(organiser)
    data = {"number": 3, "five_mode": "called_king", "scorekeepers": []}
    data.update({f"seat_{i}": p.pk for i, p in enumerate(players[:4], 1)})
    response = client.post(reverse("table_create", args=[club_night.pk]), data, follow=True)
    assert [str(m) for m in response.context["messages"]] == [
        fr("Table %(number)s is seated.", number=3)
    ]


def test_the_registration_message_names_the_player_as_an_owner(organiser, club, players):
    event = Event.objects.create(
        club=club, kind=Event.Kind.TOURNAMENT, name="Open", date=datetime.date(2026, 12, 5)
    )
    registration = Registration.objects.create(event=event, player=players[0])  # Anne
    response = logged_in(organiser).post(
        reverse("registration_present", args=[registration.pk]), {"present": "1"}, follow=True
    )
    # The French reads "Présence d'Anne", not "Présence de Anne".
    assert [str(m) for m in response.context["messages"]] == [
        fr("%(of_name)s presence counts from the next round seated.", of_name="d'Anne")
    ]


def test_the_head_to_head_page_links_back_to_the_players_page(
    organiser, club_night, table4, players
):
    anne, bruno = players[:2]
    store_hand(table4, organiser)
    Event.objects.filter(pk=club_night.pk).update(published=True)
    html = Client().get(reverse("head_to_head", args=[anne.pk, bruno.pk])).content.decode()
    assert escape(fr("Back to %(of_name)s page", of_name="d'Anne")) in html


# --- the catalogue, dates, plurals --------------------------------------------------------


def test_every_french_message_spaces_its_high_punctuation():
    """No "Chelem réalisé par:" nor "marqueur; Table 2": a (narrow) no-break space before
    ":;!?" in every French message, and never an ordinary one (it could break the line
    before the mark)."""
    import polib

    catalogue = Path(__file__).resolve().parents[2] / "locale/fr/LC_MESSAGES/django.po"
    mark = re.compile(r"(?:(?<=[\w»)%\]'’.])|( ))([:;!?])(?=[\s<\"»]|$)")
    found = []
    for entry in polib.pofile(str(catalogue)):
        if entry.obsolete:
            continue
        texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        found += [(entry.msgid, text) for text in texts if mark.search(text)]
    assert not found


@pytest.mark.parametrize(
    ("day", "french", "english"),
    [(1, "1er septembre 2026", "1 Sep 2026"), (11, "11 septembre 2026", "11 Sep 2026")],
)
def test_the_first_of_the_month_is_1er_in_french(day, french, english):
    date = datetime.date(2026, 9, day)
    assert render("{{ date|long_date }}", "fr", date=date) == french
    assert render("{{ date|long_date }}", "en", date=date) == english
    assert typography.first_of_month("21 septembre 2026", "fr") == "21 septembre 2026"


def test_long_dates_kept_per_language_follow_the_settings(settings):
    """long_date keeps each date's text per language (templatetags.typography): the
    languages never mix, each is what date_format gives, and a test's changed setting
    empties what was kept (Django's own cache of formats is emptied then too)."""
    from django.utils.formats import date_format

    from tournaments.selectors.dates import _long_date

    for day in (1, 2, 1, 2):
        date = datetime.date(2026, 9, day)
        for language in ("fr", "en"):
            with translation.override(language):
                expected = typography.first_of_month(date_format(date, "DATE_FORMAT"), language)
            assert render("{{ date|long_date }}", language, date=date) == expected
    assert _long_date.cache_info().hits >= 4
    settings.DATE_FORMAT = "Y-m-d"
    assert _long_date.cache_info().currsize == 0
    moment = datetime.datetime(2026, 9, 1, 23, 30, tzinfo=datetime.UTC)  # not kept
    assert render("{{ moment|long_date }}", "fr", moment=moment) == "1er septembre 2026"
    assert _long_date.cache_info().currsize == 0


def test_an_event_on_the_first_shows_1er_on_its_pages(organiser, club_night):
    Event.objects.filter(pk=club_night.pk).update(date=datetime.date(2026, 9, 1))
    html = logged_in(organiser).get(reverse("event_manage", args=[club_night.pk])).content
    assert "1er septembre 2026" in html.decode()


def test_a_round_of_one_table_is_said_in_the_singular(organiser, club, players):
    from tournaments.models import AuditEntry, Registration
    from tournaments.services.rounds import generate_round

    event = Event.objects.create(
        club=club, kind=Event.Kind.TOURNAMENT, name="Petit open", date=datetime.date(2026, 9, 1)
    )
    for player in players[:4]:
        Registration.objects.create(event=event, player=player)
    with translation.override("fr"):
        generate_round(by=organiser, event=event)
    entry = AuditEntry.objects.filter(event=event).latest("pk")
    with translation.override("fr"):
        assert entry.details == "Séance 1 placée\u00a0: 1 table, 4 joueurs."


def test_an_oudler_count_is_a_plural_not_bout_s():
    import scoring
    from tournaments.forms.hand_errors import hand_error_message

    error = scoring.HandError(
        "points", "points_impossible_for_oudlers", "x", oudlers=1, low=51, high=91, value=20
    )
    with translation.override("fr"):
        one = hand_error_message(error)
        error.params["oudlers"] = 2
        two = hand_error_message(error)
    assert one.startswith("Avec 1 bout, ") and two.startswith("Avec 2 bouts, ")
    assert "(s)" not in one + two


def test_the_redraw_page_separates_its_tables_the_french_way(organiser, club, players):
    from tournaments.models import Registration
    from tournaments.services.rounds import generate_round

    event = Event.objects.create(
        club=club, kind=Event.Kind.TOURNAMENT, name="Open", date=datetime.date(2026, 9, 2)
    )
    for player in players[:8]:
        Registration.objects.create(event=event, player=player)
    round_ = generate_round(by=organiser, event=event)
    for table in round_.tables.all():
        table.scorekeepers.add(organiser)
    html = logged_in(organiser).post(reverse("round_redraw", args=[round_.pk])).content.decode()
    assert f"(orga){NNBSP}; Table 2" in html
