"""The Club directors group gets the tournaments' permissions (see clubs 0006)."""

from django.db import migrations

from clubs.role_permissions import grant_club_director_permissions


def grant(apps, schema_editor):
    grant_club_director_permissions(apps, "tournaments")


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0006_club_directors_group"),
        ("tournaments", "0010_offline_sheet_and_contact"),
    ]

    operations = [migrations.RunPython(grant, migrations.RunPython.noop)]
