"""The pure rule of who makes whose password link (rules.permissions.person_refusal)."""

from __future__ import annotations

import pytest

from tournaments.rules.permissions import (
    ELSEWHERE,
    PRIVILEGED,
    SUPERUSER,
    Person,
    Viewer,
    person_refusal,
)

ORGANISER_OF_1_2 = Viewer(clubs=frozenset({1, 2}), events=frozenset({9}))
FEDERATION = Viewer(federation=True)


@pytest.mark.parametrize(
    ("person", "expected"),
    [
        (Person(clubs=frozenset({1})), None),
        (Person(clubs=frozenset({1, 2})), None),
        (Person(clubs=frozenset()), None),
        (Person(clubs=frozenset({1, 3})), ELSEWHERE),
        (Person(clubs=frozenset({3})), ELSEWHERE),
        (Person(clubs=frozenset({1}), staff=True), PRIVILEGED),
        (Person(clubs=frozenset({1}), federation=True), PRIVILEGED),
        (Person(clubs=frozenset({1}), superuser=True), PRIVILEGED),
    ],
)
def test_an_organiser_manages_only_people_wholly_within_his_clubs(person, expected):
    found = person_refusal(acting=ORGANISER_OF_1_2, acting_superuser=False, person=person)
    assert found == expected


@pytest.mark.parametrize(
    ("person", "acting_superuser", "expected"),
    [
        (Person(clubs=frozenset({1, 3}), staff=True, federation=True), False, None),
        (Person(superuser=True), False, SUPERUSER),
        (Person(superuser=True), True, None),
    ],
)
def test_the_federation_manages_everyone_but_a_superuser(person, acting_superuser, expected):
    found = person_refusal(acting=FEDERATION, acting_superuser=acting_superuser, person=person)
    assert found == expected
