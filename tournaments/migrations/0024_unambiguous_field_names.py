# Names that mean one thing each (the columns renamed in place: no data moves).

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0023_event_kept_scorekeepers'),
    ]

    operations = [
        # A hand's ledger row: whether the contract was made (None off the taker's row).
        migrations.RenameField(
            model_name='handscore',
            old_name='made',
            new_name='contract_made',
        ),
        # The counts beside chelems_made: how many contracts the player made.
        migrations.RenameField(
            model_name='eventresult',
            old_name='made',
            new_name='contracts_made',
        ),
        migrations.RenameField(
            model_name='playercareer',
            old_name='made',
            new_name='contracts_made',
        ),
        # Present at the event (ticked off for a withdrawal); Player.active stays the
        # club membership.
        migrations.RenameField(
            model_name='registration',
            old_name='active',
            new_name='present',
        ),
    ]
