"""Board.complete: whether every table that plays a duplicate board has played it (a
result, or a ruling for the whole table), stored by services.board_results; filled
here for the events already played.

Self-contained on purpose (see 0006 and 0019): historical models only, and a frozen
copy of rules.board_visibility.board_complete over a board's lines as it was when this
migration was written (a board no table plays is not complete).
"""

from collections import defaultdict

from django.db import migrations, models


def fill(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Board = apps.get_model("tournaments", "Board")
    Table = apps.get_model("tournaments", "Table")
    Hand = apps.get_model("tournaments", "Hand")
    SpecialResult = apps.get_model("tournaments", "SpecialResult")
    for event_id, per_round in Event.objects.filter(kind="duplicate").values_list(
        "pk", "deals_per_round"
    ):
        per_round = per_round or 1
        lines = defaultdict(dict)  # board number -> table id -> done
        tables = Table.objects.filter(round__event_id=event_id, board_set__isnull=False)
        for table_id, board_set in tables.values_list("pk", "board_set"):
            first = (board_set - 1) * per_round + 1
            for number in range(first, first + per_round):
                lines[number][table_id] = False
        done = list(
            Hand.objects.filter(table__round__event_id=event_id, board__isnull=False).values_list(
                "table_id", "board__number"
            )
        ) + list(
            SpecialResult.objects.filter(
                board__event_id=event_id, orientation__isnull=True
            ).values_list("table_id", "board__number")
        )
        for table_id, number in done:
            if table_id in lines[number]:
                lines[number][table_id] = True
        numbers = [n for n, line in lines.items() if line and all(line.values())]
        Board.objects.filter(event_id=event_id, number__in=numbers).update(complete=True)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0020_player_career"),
    ]

    operations = [
        migrations.AddField(
            model_name="board",
            name="complete",
            field=models.BooleanField(default=False, editable=False, verbose_name="complete"),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
