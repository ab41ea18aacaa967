# Hands, their revisions and the pinned house rules keep Decimal amounts exact
# (tournaments.exact_json): Taroky ve třech pays halves.

from django.db import migrations, models

from tournaments.exact_json import ExactDecoder, ExactEncoder

EXACT = {"decoder": ExactDecoder, "encoder": ExactEncoder}
HAND_FIELDS = [("hand", "data"), ("hand", "settlement"), ("handrevision", "data"),
               ("handrevision", "settlement")]


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0002_role_permissions")]

    operations = [
        *(
            migrations.AlterField(model_name=model, name=name, field=models.JSONField(**EXACT))
            for model, name in HAND_FIELDS
        ),
        migrations.AlterField(
            model_name="tournament",
            name="house_rules",
            field=models.JSONField(blank=True, default=dict, verbose_name="house rules", **EXACT),
        ),
    ]
