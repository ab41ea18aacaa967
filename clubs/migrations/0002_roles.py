"""Create the Directors and Judges groups with their permissions on the clubs app."""

from django.db import migrations

from clubs.role_permissions import grant_role_permissions


def create_groups(apps, schema_editor):
    grant_role_permissions(apps, "clubs")


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=["Directors", "Judges"]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_groups, remove_groups)]
