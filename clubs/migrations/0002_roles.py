"""Create the Directors and Judges groups with their permissions."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

DIRECTOR_APPS = ("clubs", "tournaments")


def create_groups(apps, schema_editor):
    # Permissions are normally created after all migrations; make them now so the
    # groups can be given them on a fresh database.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    directors, _ = Group.objects.get_or_create(name="Directors")
    judges, _ = Group.objects.get_or_create(name="Judges")
    directors.permissions.add(
        *Permission.objects.filter(content_type__app_label__in=DIRECTOR_APPS)
    )
    judges.permissions.add(
        *Permission.objects.filter(
            content_type__app_label__in=DIRECTOR_APPS, codename__startswith="view_"
        )
    )


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=["Directors", "Judges"]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_groups, remove_groups)]
