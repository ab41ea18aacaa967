"""Grant the role groups their permissions on an app's models (the admin's model level).

Called from data migrations (each app's own), so it takes the migration's `apps`.
Directors (the federation) get every permission of the app, club directors those of the
models a club keeps (`clubs.permissions` then keeps them to their own clubs' rows), judges
the view permissions.
"""

from django.contrib.auth.management import create_permissions

from accounts.roles import CLUB_DIRECTORS, DIRECTORS, JUDGES

# What only the federation changes: seasons, who holds which role, and which clubs exist.
FEDERATION_MODELS = {"season", "clubrole"}
FEDERATION_CODENAMES = {"add_club", "delete_club"}


def _app_permissions(apps, app_label: str):
    # Permissions are normally created after all migrations have run; make them now so
    # a fresh database gets its groups complete.
    app_config = apps.get_app_config(app_label)
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Permission = apps.get_model("auth", "Permission")
    return Permission.objects.filter(content_type__app_label=app_label)


def grant_role_permissions(apps, app_label: str) -> None:
    """Create the groups if needed and give them the app's permissions."""
    permissions = _app_permissions(apps, app_label)
    Group = apps.get_model("auth", "Group")
    directors, _ = Group.objects.get_or_create(name=DIRECTORS)
    judges, _ = Group.objects.get_or_create(name=JUDGES)
    directors.permissions.add(*permissions)
    judges.permissions.add(*permissions.filter(codename__startswith="view_"))


def grant_club_director_permissions(apps, app_label: str) -> None:
    """Create the Club directors group if needed and give it the app's permissions but
    the federation's."""
    permissions = _app_permissions(apps, app_label)
    Group = apps.get_model("auth", "Group")
    club_directors, _ = Group.objects.get_or_create(name=CLUB_DIRECTORS)
    club_directors.permissions.add(
        *permissions.exclude(content_type__model__in=FEDERATION_MODELS).exclude(
            codename__in=FEDERATION_CODENAMES
        )
    )
