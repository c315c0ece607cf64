"""PlayerCareer: each player's published results added up, stored (services.careers),
filled here from the stored results.

Self-contained on purpose (see 0006): historical models only, and a frozen copy of the
addition selectors.careers made when this migration was written. The dependency on
0018 is re-chained at merge if another 0019 lands first.
"""

import django.db.models.deletion
from django.db import migrations, models

COUNTS = (
    "taken",
    "made",
    "petits_won",
    "petits_lost",
    "chelems_announced",
    "chelems_made",
    "chelems_conceded",
)


def _add(into, counts):
    for key, values in counts.items():
        entry = into.setdefault(key, [0] * len(values))
        for i, value in enumerate(values):
            entry[i] += value


def _career(player_id, rows):
    """rows: the player's published results, newest first (the earliest event wins a
    tie of best or worst hands)."""
    career = {
        "player_id": player_id,
        "events": 0,
        "hands": 0,
        "total": 0,
        **dict.fromkeys(COUNTS, 0),
        "poignees": {},
        "contracts": {},
        "partners": {"called": {}, "called_by": {}},
        "opponents": {},
        "best_points": None,
        "best_hand_id": None,
        "worst_points": None,
        "worst_hand_id": None,
    }
    for row in rows:
        career["events"] += 1
        career["hands"] += row["hands"]
        career["total"] += row["total"]
        for name in COUNTS:
            career[name] += row[name]
        for size, shown in (row["poignees"] or {}).items():
            career["poignees"][size] = career["poignees"].get(size, 0) + shown
        _add(career["contracts"], row["contracts"] or {})
        for side in ("called", "called_by"):
            _add(career["partners"][side], (row["partners"] or {}).get(side, {}))
        _add(career["opponents"], row["opponents"] or {})
        if row["best_hand_id"] is not None and (
            career["best_points"] is None or row["best_points"] >= career["best_points"]
        ):
            career["best_points"], career["best_hand_id"] = row["best_points"], row["best_hand_id"]
        if row["worst_hand_id"] is not None and (
            career["worst_points"] is None or row["worst_points"] <= career["worst_points"]
        ):
            career["worst_points"] = row["worst_points"]
            career["worst_hand_id"] = row["worst_hand_id"]
    return career


def fill_careers(apps, schema_editor):
    EventResult = apps.get_model("tournaments", "EventResult")
    PlayerCareer = apps.get_model("tournaments", "PlayerCareer")
    columns = (
        "player_id",
        "total",
        "hands",
        *COUNTS,
        "poignees",
        "contracts",
        "partners",
        "opponents",
        "best_points",
        "best_hand_id",
        "worst_points",
        "worst_hand_id",
    )
    players = sorted(
        EventResult.objects.filter(event__published=True)
        .order_by()
        .values_list("player_id", flat=True)
        .distinct()
    )
    for start in range(0, len(players), 200):
        chunk = players[start : start + 200]
        rows = (
            EventResult.objects.filter(event__published=True, player_id__in=chunk)
            .order_by("player_id", "-event__date", "-event_id")
            .values(*columns)
        )
        by_player = {}
        for row in rows.iterator(chunk_size=5000):
            by_player.setdefault(row["player_id"], []).append(row)
        PlayerCareer.objects.bulk_create(
            [PlayerCareer(**_career(pk, found)) for pk, found in by_player.items()],
            batch_size=500,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0019_board_comparison"),
    ]

    operations = [
        migrations.CreateModel(
            name="PlayerCareer",
            fields=[
                (
                    "player",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="career",
                        serialize=False,
                        to="tournaments.player",
                        verbose_name="player",
                    ),
                ),
                ("events", models.PositiveIntegerField(default=0, verbose_name="events played")),
                ("hands", models.PositiveIntegerField(default=0, verbose_name="hands played")),
                ("total", models.IntegerField(default=0, verbose_name="total")),
                ("taken", models.PositiveIntegerField(default=0, verbose_name="contracts taken")),
                ("made", models.PositiveIntegerField(default=0, verbose_name="contracts made")),
                (
                    "petits_won",
                    models.PositiveIntegerField(default=0, verbose_name="petits au bout won"),
                ),
                (
                    "petits_lost",
                    models.PositiveIntegerField(default=0, verbose_name="petits au bout lost"),
                ),
                (
                    "chelems_announced",
                    models.PositiveIntegerField(default=0, verbose_name="chelems announced"),
                ),
                (
                    "chelems_made",
                    models.PositiveIntegerField(default=0, verbose_name="chelems made"),
                ),
                (
                    "chelems_conceded",
                    models.PositiveIntegerField(default=0, verbose_name="chelems conceded"),
                ),
                ("poignees", models.JSONField(blank=True, default=dict, verbose_name="poignées")),
                ("contracts", models.JSONField(blank=True, default=dict, verbose_name="contracts")),
                ("partners", models.JSONField(blank=True, default=dict, verbose_name="partners")),
                ("opponents", models.JSONField(blank=True, default=dict, verbose_name="opponents")),
                (
                    "best_points",
                    models.IntegerField(blank=True, null=True, verbose_name="best hand"),
                ),
                (
                    "worst_points",
                    models.IntegerField(blank=True, null=True, verbose_name="worst hand"),
                ),
                (
                    "best_hand",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="tournaments.hand",
                        verbose_name="best hand",
                    ),
                ),
                (
                    "worst_hand",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="tournaments.hand",
                        verbose_name="worst hand",
                    ),
                ),
            ],
            options={
                "verbose_name": "player career",
                "verbose_name_plural": "player careers",
            },
        ),
        migrations.RunPython(fill_careers, migrations.RunPython.noop),
    ]
