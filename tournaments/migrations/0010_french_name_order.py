"""Names in French order and stored clean.

1. PostgreSQL gets the ICU collation "fr-tarot" (root/French order at the default,
   tertiary, strength: accents sort with their letter, case only breaks ties), the
   order rules.collation computes in Python and registers on SQLite connections
   (models.collation); SQLite needs nothing stored.
2. Player and Registration list players in that order.
3. Stored player names are cleaned as new ones are (rules.names.clean_name: NFC, outer
   spaces gone, one space between words) unless the clean name would clash with
   another player of the club (same name ignoring case): such a pair is two rows the
   club must merge or rename by hand, so it is left untouched and reported here
   instead of being merged behind the organisers' backs.
"""

import sys
import unicodedata

import django.db.models.functions.comparison
from django.db import migrations

CREATE = "CREATE COLLATION IF NOT EXISTS \"fr-tarot\" (provider = icu, locale = 'fr')"
DROP = 'DROP COLLATION IF EXISTS "fr-tarot"'


def create_collation(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def drop_collation(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


def _clean(text):
    # rules.names.clean_name as of this migration (kept here: migrations must not
    # change when the app's code does).
    return " ".join(unicodedata.normalize("NFC", text).split())


def clean_names(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    taken = {}
    for pk, club_id, name in Player.objects.order_by("pk").values_list("pk", "club_id", "name"):
        taken.setdefault((club_id, _clean(name).casefold()), []).append((pk, name))
    for (club_id, _key), players in taken.items():
        if len(players) > 1:
            names = ", ".join(repr(name) for _pk, name in players)
            sys.stdout.write(
                f"\n  club {club_id}: players {names} are one name once cleaned;"
                " left as they are, merge or rename them by hand."
            )
            continue
        pk, name = players[0]
        if _clean(name) != name:
            Player.objects.filter(pk=pk).update(name=_clean(name))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_clubs_people_audit"),
    ]

    operations = [
        migrations.RunPython(create_collation, drop_collation, elidable=False),
        migrations.AlterModelOptions(
            name="player",
            options={
                "ordering": [
                    django.db.models.functions.comparison.Collate("name", "fr-tarot"),
                    "pk",
                ],
                "verbose_name": "player",
                "verbose_name_plural": "players",
            },
        ),
        migrations.AlterModelOptions(
            name="registration",
            options={
                "ordering": [
                    "event",
                    django.db.models.functions.comparison.Collate("player__name", "fr-tarot"),
                    "pk",
                ],
                "verbose_name": "registration",
                "verbose_name_plural": "registrations",
            },
        ),
        migrations.RunPython(clean_names, migrations.RunPython.noop),
    ]
