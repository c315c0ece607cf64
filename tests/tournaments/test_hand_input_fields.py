"""Hand.INPUT_FIELDS: the one list of what a scorekeeper enters for a hand."""

from __future__ import annotations

from tournaments.admin.hands import HandAdminForm
from tournaments.exports.tournament import _HAND_FIELDS
from tournaments.models import Hand
from tournaments.selectors.sheet import HISTORY_FIELDS

# Hand columns that are not inputs: where the hand is, its id, what is derived
# from the inputs, and bookkeeping.
NOT_INPUTS = {
    "id",
    "table",
    "number",
    "board",  # a duplicate result's board: where the hand is, like its table
    "sitting_out",
    "entered_by",
    "version",
    "created_at",
    "updated_at",
}


def test_every_hand_column_is_an_input_or_known_not_to_be_one():
    # A new Hand field must be added to INPUT_FIELDS (and so to the admin form,
    # the history and the export) or here, knowingly.
    columns = {field.name for field in Hand._meta.concrete_fields}
    assert set(Hand.INPUT_FIELDS) <= columns
    assert columns - set(Hand.INPUT_FIELDS) == NOT_INPUTS


def test_the_admin_form_history_and_export_read_every_input():
    assert set(Hand.INPUT_FIELDS) <= set(HandAdminForm._meta.fields)
    assert set(Hand.INPUT_FIELDS) <= set(HISTORY_FIELDS)
    exported = {name.removeprefix("hand__") for name in _HAND_FIELDS}
    assert {Hand._meta.get_field(name).attname for name in Hand.INPUT_FIELDS} <= exported
