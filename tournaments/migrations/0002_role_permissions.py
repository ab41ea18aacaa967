"""Give the Directors and Judges groups their permissions on the tournaments app."""

from django.db import migrations

from clubs.role_permissions import grant_role_permissions


def grant(apps, schema_editor):
    grant_role_permissions(apps, "tournaments")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial"), ("clubs", "0002_roles")]

    operations = [migrations.RunPython(grant, migrations.RunPython.noop)]
