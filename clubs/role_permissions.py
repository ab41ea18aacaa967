"""Grant the Directors and Judges groups their permissions on an app's models.

Called from data migrations (each app's own), so it takes the migration's `apps`.
Directors get every permission of the app, judges the view permissions.
"""

from django.contrib.auth.management import create_permissions

from accounts.roles import DIRECTORS, JUDGES


def grant_role_permissions(apps, app_label: str) -> None:
    """Create the groups if needed and give them the app's permissions."""
    # Permissions are normally created after all migrations have run; make them now so
    # a fresh database gets its groups complete.
    app_config = apps.get_app_config(app_label)
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    permissions = Permission.objects.filter(content_type__app_label=app_label)
    directors, _ = Group.objects.get_or_create(name=DIRECTORS)
    judges, _ = Group.objects.get_or_create(name=JUDGES)
    directors.permissions.add(*permissions)
    judges.permissions.add(*permissions.filter(codename__startswith="view_"))
