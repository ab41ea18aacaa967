"""The federation (the Directors group) gets the club roles' permissions, and the Club
directors group its own. Every director before club roles stays in the Directors group,
which is now the federation role: federation-wide, as before, so nothing breaks."""

from django.db import migrations

from clubs.role_permissions import grant_club_director_permissions, grant_role_permissions


def grant(apps, schema_editor):
    grant_role_permissions(apps, "clubs")
    grant_club_director_permissions(apps, "clubs")


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("clubs", "0005_club_roles"),
    ]

    operations = [migrations.RunPython(grant, migrations.RunPython.noop)]
