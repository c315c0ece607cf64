"""Hostile posts to the hand pages: new, edit, preview, delete, validate, reopen.

Whoever sends whatever, the answer is a clear 2xx/3xx/4xx, a stored hand always
sums to zero, and nobody writes at a table they may not score.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tournaments.models import Hand, HandScore, Table
from tournaments.selectors.access import can_score, is_organiser

from .conftest import (
    HOSTILE,
    ROLES,
    World,
    assert_refused,
    fingerprint,
    form_data,
    post,
    unbalanced_hands,
)

CONTRACTS = ["", "prise", "garde", "garde_sans", "garde_contre", "pousse"]


def hand_fields(world: World, table: Table | None) -> dict[str, st.SearchStrategy[Any]]:
    """Valid-looking values for every field of the hand form at `table`, mixed with ids of
    players from other tables and clubs."""
    seats = list(table.seats.values_list("player_id", flat=True)) if table else []
    anyone = st.sampled_from(seats + world.ids("player"))
    seated = st.sampled_from(seats) if seats else anyone
    fields: dict[str, st.SearchStrategy[Any]] = {
        "dealer": st.one_of(seated, anyone),
        "contract": st.sampled_from(CONTRACTS),
        "taker": st.one_of(st.just(""), seated, anyone),
        "partner": st.one_of(st.just(""), seated, anyone),
        "oudlers": st.sampled_from(["0", "1", "2", "3", "4", "-1"]),
        "points": st.one_of(
            st.integers(0, 91).map(str),
            st.sampled_from(["40,5", "45.5", "91", "0", "56", "90,5", "0,5"]),
            st.decimals(min_value=-100, max_value=200, places=2).map(str),
        ),
        "points_camp": st.sampled_from(["taker", "defence"]),
        "petit_au_bout": st.sampled_from(["", "taker", "defence"]),
        "chelem_announced": st.sampled_from(["on", ""]),
        "chelem_made_by": st.sampled_from(["", "taker", "defence"]),
    }
    for player_id in [*seats, world.other_players[0].pk]:
        fields[f"poignee_{player_id}"] = st.sampled_from(["", "simple", "double", "triple"])
        fields[f"misere_{player_id}"] = st.sampled_from(["", "simple", "double"])
    return fields


def sent(body: dict[str, Any], name: str) -> str | None:
    """The value Django reads for `name`: the last one when a field is sent several times."""
    value = body.get(name)
    if isinstance(value, list):
        value = value[-1] if value else None
    return None if value is None else str(value)


def may_score(world: World, role: str, table: Table | None) -> bool:
    return table is not None and role != "anonymous" and can_score(world.users[role], table)


def hands_at(table: Table | None) -> list[tuple[int, int]]:
    if table is None:
        return []
    return list(table.hands.order_by("number").values_list("pk", "version"))


@HOSTILE
@given(data=st.data())
def test_hand_new_answers_every_post_clearly_and_stores_only_balanced_hands(world, clients, data):
    role = data.draw(st.sampled_from(ROLES), label="role")
    table_id = data.draw(st.sampled_from(world.ids("table")), label="table")
    table = Table.objects.filter(pk=table_id).first()
    body = data.draw(form_data(hand_fields(world, table)), label="body")
    allowed = may_score(world, role, table)
    before, hands_before = fingerprint(), hands_at(table)
    numbers_before = list(table.hands.values_list("number", flat=True)) if table else []

    response = post(clients[role], reverse("hand_new", args=[table_id]), body)

    assert response.status_code < 500
    assert unbalanced_hands() == []
    if not allowed:
        assert_refused(response, role)
        assert fingerprint() == before
    elif response.status_code == 302:
        after = hands_at(table)
        assert len(after) == len(hands_before) + 1
        new = Hand.objects.get(pk=after[-1][0])
        assert new.number == max(numbers_before, default=0) + 1
        assert new.version == 1
        assert new.entered_by == world.users[role]
        assert response.url.endswith(f"#hand-{new.number}")
    else:
        assert response.status_code == 200
        assert response.context["form"].errors
        assert fingerprint() == before


def edit_versions(hand: Hand | None) -> st.SearchStrategy[Any]:
    current = hand.version if hand else 1
    return st.sampled_from([current, current, current - 1, current + 1, "", 0, 2**63])


@HOSTILE
@given(data=st.data())
def test_hand_edit_saves_only_from_the_current_version(world, clients, data):
    role = data.draw(st.sampled_from(ROLES), label="role")
    hand_id = data.draw(st.sampled_from(world.ids("hand")), label="hand")
    hand = Hand.objects.select_related("table__round").filter(pk=hand_id).first()
    table = hand.table if hand else None
    fields = hand_fields(world, table)
    fields["version"] = edit_versions(hand)
    body = data.draw(form_data(fields), label="body")
    allowed = may_score(world, role, table)
    before = fingerprint()

    response = post(clients[role], reverse("hand_edit", args=[hand_id]), body)

    assert response.status_code < 500
    assert unbalanced_hands() == []
    if not allowed:
        assert_refused(response, role)
        assert fingerprint() == before
        return
    assert hand is not None
    if response.status_code == 302:
        saved = Hand.objects.get(pk=hand.pk)
        assert sent(body, "version") == str(hand.version)
        assert saved.version == hand.version + 1
        assert saved.number == hand.number
        assert Hand.objects.count() == len(before["tournaments.Hand"])
    else:
        assert response.status_code in (200, 409)
        assert fingerprint() == before


@HOSTILE
@given(data=st.data())
def test_hand_preview_never_writes_whoever_asks(world, clients, data):
    role = data.draw(st.sampled_from(ROLES), label="role")
    table_id = data.draw(st.sampled_from(world.ids("table")), label="table")
    table = Table.objects.filter(pk=table_id).first()
    body = data.draw(form_data(hand_fields(world, table)), label="body")
    before = fingerprint()

    response = post(clients[role], reverse("hand_preview", args=[table_id]), body)

    assert response.status_code < 500
    assert fingerprint() == before
    if may_score(world, role, table):
        assert response.status_code == 200
    else:
        assert_refused(response, role)


@HOSTILE
@given(data=st.data())
def test_hand_delete_removes_a_hand_only_for_its_scorer_and_current_version(world, clients, data):
    role = data.draw(st.sampled_from(ROLES), label="role")
    hand_id = data.draw(st.sampled_from(world.ids("hand")), label="hand")
    hand = Hand.objects.select_related("table__round").filter(pk=hand_id).first()
    table = hand.table if hand else None
    body = data.draw(form_data({"version": edit_versions(hand)}), label="body")
    allowed = may_score(world, role, table)
    before = fingerprint()

    response = post(clients[role], reverse("hand_delete", args=[hand_id]), body)

    assert response.status_code < 500
    assert unbalanced_hands() == []
    if not allowed:
        assert_refused(response, role)
        assert fingerprint() == before
        return
    assert hand is not None
    if response.status_code == 302:
        assert sent(body, "version") == str(hand.version)
        assert not Hand.objects.filter(pk=hand.pk).exists()
        assert not HandScore.objects.filter(hand_id=hand.pk).exists()
    else:
        assert response.status_code in (200, 409)
        assert fingerprint() == before


@HOSTILE
@given(data=st.data())
def test_validate_and_reopen_change_a_sheet_only_for_those_allowed(world, clients, data):
    role = data.draw(st.sampled_from(ROLES), label="role")
    action = data.draw(st.sampled_from(["table_validate", "table_reopen"]), label="action")
    table_id = data.draw(st.sampled_from(world.ids("table")), label="table")
    body = data.draw(
        form_data({"validated_at": st.just("2020-01-01"), "confirm": st.just("1")}), label="body"
    )
    table = Table.objects.filter(pk=table_id).first()
    user = world.users.get(role)
    if table is None or user is None:
        allowed = False
    elif action == "table_validate":
        allowed = is_organiser(user) or table.scorekeepers.filter(pk=user.pk).exists()
    else:
        allowed = is_organiser(user)
    before = fingerprint()

    response = post(clients[role], reverse(action, args=[table_id]), body)

    assert response.status_code < 500
    if not allowed:
        assert_refused(response, role)
        assert fingerprint() == before
        return
    if action == "table_validate" and sent(body, "confirm") != "1":
        # The button asks first (the question, or the sheet when already validated):
        # nothing changes until the answer.
        assert response.status_code in (200, 302)
        assert fingerprint() == before
        return
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.is_validated == (action == "table_validate")
    if action == "table_validate":
        # Validated: the table's scorekeepers can no longer change it, organisers can.
        for name in ("scorekeeper", "other_scorekeeper"):
            assert can_score(world.users[name], table) is False
