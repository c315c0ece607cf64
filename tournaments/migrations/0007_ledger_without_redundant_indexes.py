import django.db.models.deletion
from django.db import migrations, models

# Django would rebuild the whole ledger table on SQLite (three times) and drop and
# re-check the foreign keys on PostgreSQL to drop three indexes; dropping them is all
# the database needs. The names are the ones Django gave them on both databases.
INDEXES = {
    "tournaments_handscore_event_id_5a014e7a": "event_id",
    "tournaments_handscore_hand_id_d79fb79d": "hand_id",
    "tournaments_handscore_player_id_ba1427f8": "player_id",
}


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0006_fill_event_statistics"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{name}"',
                    f'CREATE INDEX "{name}" ON "tournaments_handscore" ("{column}")',
                )
                for name, column in INDEXES.items()
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="handscore",
                    name="event",
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name="hand_scores", to="tournaments.event", verbose_name="event"),
                ),
                migrations.AlterField(
                    model_name="handscore",
                    name="hand",
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name="scores", to="tournaments.hand", verbose_name="hand"),
                ),
                migrations.AlterField(
                    model_name="handscore",
                    name="player",
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name="hand_scores", to="tournaments.player", verbose_name="player"),
                ),
            ],
        ),
    ]
