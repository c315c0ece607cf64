"""The public pages' versions, kept in the database instead of the cache (a cache that
is lost or stale must never make a page older than the database):
models.PageVersion, raised by services.cache.touch. A subject without a row counts 0.

One row filled: the site's counter, at the time in microseconds, as
touch(everything=True) would set it (self-contained on purpose, see 0006). A database
that reaches this migration (a new one, or a backup from before it restored and
migrated again) then keys every page on a value never used before, so no page the
cache still holds can answer for it.
"""

import time

from django.db import migrations, models


def start_the_site_counter(apps, schema_editor):
    PageVersion = apps.get_model("tournaments", "PageVersion")
    PageVersion.objects.using(schema_editor.connection.alias).create(
        key="site", counter=time.time_ns() // 1000
    )


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0014_fill_stored_rankings'),
    ]

    operations = [
        migrations.CreateModel(
            name='PageVersion',
            fields=[
                ('key', models.CharField(max_length=40, primary_key=True, serialize=False, verbose_name='key')),
                ('counter', models.BigIntegerField(default=0, verbose_name='counter')),
            ],
            options={
                'verbose_name': 'page version',
                'verbose_name_plural': 'page versions',
            },
        ),
        migrations.RunPython(start_the_site_counter, migrations.RunPython.noop),
    ]
