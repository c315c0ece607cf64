"""A player's public name: full, first name and initial, or initials."""

from __future__ import annotations

import pytest

from tournaments.rules.names import NameStyle, public_name, shown_name


@pytest.mark.parametrize(
    ("name", "style", "expected"),
    [
        ("Anne Dupont", NameStyle.FULL, "Anne Dupont"),
        ("Anne Dupont", NameStyle.FIRST_INITIAL, "Anne D."),
        ("Anne Dupont", NameStyle.INITIALS, "A. D."),
        ("Anne-Sophie de La Tour", NameStyle.FIRST_INITIAL, "Anne-Sophie T."),
        ("Anne-Sophie de La Tour", NameStyle.INITIALS, "A.-S. T."),
        ("Jeanne d'Arc", NameStyle.FIRST_INITIAL, "Jeanne A."),
        ("Élodie  Martin", NameStyle.INITIALS, "É. M."),
        ("Zoé", NameStyle.FIRST_INITIAL, "Zoé"),
        ("Zoé", NameStyle.INITIALS, "Z."),
        ("", NameStyle.INITIALS, ""),
    ],
)
def test_public_name(name: str, style: str, expected: str) -> None:
    assert public_name(name, style) == expected


def test_those_entitled_read_the_full_name_whatever_the_choice() -> None:
    assert shown_name("Anne  Dupont", NameStyle.INITIALS, full=True) == "Anne Dupont"
    assert shown_name("Anne Dupont", NameStyle.INITIALS, full=False) == "A. D."
