"""PlayerLink.folded_key: the key as a person reads it (any case, 0 for O, 1 for l or I), so
that a token typed from a slip with a look-alike still finds its link; filled in for the links
already issued, whose tokens are kept as they are."""

from django.db import migrations, models

# tournament.models.event.LOOK_ALIKES as it was when this migration was written.
_LOOK_ALIKES = str.maketrans({"o": "0", "i": "1", "l": "1", "_": "-"})


def _fold_keys(apps, schema_editor):
    PlayerLink = apps.get_model("tournament", "PlayerLink")
    links = list(PlayerLink.objects.only("pk", "key"))
    for link in links:
        link.folded_key = link.key.lower().translate(_LOOK_ALIKES)
    PlayerLink.objects.bulk_update(links, ["folded_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0016_totals_checks"),
    ]

    operations = [
        migrations.AddField(
            model_name="playerlink",
            name="folded_key",
            field=models.CharField(db_index=True, default="", max_length=12),
        ),
        migrations.RunPython(_fold_keys, migrations.RunPython.noop),
    ]
