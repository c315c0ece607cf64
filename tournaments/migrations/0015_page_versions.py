"""The public pages' versions, kept in the database instead of the cache (issue 21):
models.PageVersion, raised by services.cache.touch. No row to fill: a subject without
one counts 0, and the pages the cache holds under the old Redis versions are never
asked for again (their keys had random tokens)."""

from django.db import migrations, models


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
    ]
