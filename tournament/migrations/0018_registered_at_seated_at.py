"""Registration.registered_at and Round.seated_at: a player registered after a round was seated
was not in its draw, so that round is "not yet registered" for them, not a bye. The rows
already here keep both empty (unknown: registered from the start, as before); new
registrations are stamped when made."""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0017_playerlink_folded_key"),
    ]

    operations = [
        # Added empty first, so that the registrations already made are not stamped "now".
        migrations.AddField(
            model_name="registration",
            name="registered_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="registration",
            name="registered_at",
            field=models.DateTimeField(blank=True, null=True, default=django.utils.timezone.now),
        ),
        migrations.AddField(
            model_name="round",
            name="seated_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
