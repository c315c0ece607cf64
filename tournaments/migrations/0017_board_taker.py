"""Boards name their taker (the federation's practice); events may keep
free bidding. Existing events keep free bidding (their results were bid freely): the
column is added with True for the rows already there, then new events default to
False. Existing boards get no taker (None: nothing to enforce) and no fixed contract
("": the taker's choice)."""

import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0016_audit_codes'),
    ]

    operations = [
        migrations.AddField(
            model_name='board',
            name='taker',
            field=models.PositiveSmallIntegerField(blank=True, choices=[(0, 'North'), (1, 'East'), (2, 'South'), (3, 'West')], null=True, validators=[django.core.validators.MaxValueValidator(3)], verbose_name='taker'),
        ),
        migrations.AddField(
            model_name='board',
            name='contract',
            field=models.CharField(blank=True, default='', max_length=16, verbose_name='contract'),
        ),
        migrations.AddField(
            model_name='event',
            name='free_bidding',
            field=models.BooleanField(default=True, help_text='Each table bids freely instead of the taker named by the board.', verbose_name='free bidding'),
        ),
        migrations.AlterField(
            model_name='event',
            name='free_bidding',
            field=models.BooleanField(default=False, help_text='Each table bids freely instead of the taker named by the board.', verbose_name='free bidding'),
        ),
    ]
