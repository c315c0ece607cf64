"""The French and English catalogues are complete, translated, and compiled.

Fails when a string in the code has no entry in a catalogue, when an entry is
untranslated or fuzzy, or when a committed .mo file no longer matches its .po.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import polib
import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["fr", "en"]
SOURCES = ["tarot_club", "tournaments", "templates"]


def catalogue(lang: str) -> Path:
    return ROOT / "locale" / lang / "LC_MESSAGES" / "django.po"


@pytest.fixture(scope="module")
def fresh_template(tmp_path_factory) -> polib.POFile:
    """The catalogue template extracted from the code as it is now."""
    work = tmp_path_factory.mktemp("messages")
    for name in SOURCES:
        shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("static"))
    (work / "locale").mkdir()
    old = os.getcwd()
    os.chdir(work)
    try:
        from django.test import override_settings

        with override_settings(LOCALE_PATHS=[work / "locale"]):
            call_command("makemessages", locale=["fr"], keep_pot=True, verbosity=0)
    finally:
        os.chdir(old)
    return polib.pofile(str(work / "locale" / "django.pot"))


def ids(entries) -> set[tuple[str | None, str]]:
    return {(e.msgctxt, e.msgid) for e in entries if not e.obsolete}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_in_the_code_is_in_the_catalogue(lang, fresh_template):
    missing = ids(fresh_template) - ids(polib.pofile(str(catalogue(lang))))
    assert not missing, f"{len(missing)} messages missing from {lang}: {sorted(missing)[:10]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(lang):
    po = polib.pofile(str(catalogue(lang)))
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert not untranslated, f"untranslated in {lang}: {untranslated[:10]}"
    assert not fuzzy, f"fuzzy in {lang}: {fuzzy[:10]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_compiled_catalogue_matches_its_source(lang):
    po = polib.pofile(str(catalogue(lang)))
    mo_path = catalogue(lang).with_suffix(".mo")
    assert mo_path.exists(), f"{mo_path} missing: run manage.py compilemessages"
    mo = polib.mofile(str(mo_path))
    compiled = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in mo}
    expected = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in po.translated_entries()}
    assert compiled == expected, "the .mo is out of date: run manage.py compilemessages"


def test_the_site_speaks_french_by_default(client, db):
    response = client.get("/accounts/login/")
    assert response.headers["Content-Language"] == "fr"
    assert "Se connecter" in response.content.decode()
