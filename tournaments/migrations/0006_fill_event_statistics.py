from django.db import migrations


def fill_statistics(apps, schema_editor):
    """Existing databases get every player's statistics (and tournament places broken
    by best round and contracts won) from the ledger, as the services would write them."""
    from tournaments.services.results import ResultModels, rebuild_all_event_results

    rebuild_all_event_results(
        ResultModels(
            event=apps.get_model("tournaments", "Event"),
            hand=apps.get_model("tournaments", "Hand"),
            score=apps.get_model("tournaments", "HandScore"),
            result=apps.get_model("tournaments", "EventResult"),
        )
    )


class Migration(migrations.Migration):
    # Apart from 0005: on PostgreSQL, rows written in the migration that adds the
    # foreign keys would leave constraint triggers pending when Django then creates
    # their indexes ("pending trigger events").

    dependencies = [
        ("tournaments", "0005_event_result_statistics"),
    ]

    operations = [
        migrations.RunPython(fill_statistics, migrations.RunPython.noop),
    ]
