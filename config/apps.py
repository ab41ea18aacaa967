"""The site itself as an app, so that its system checks are registered."""

from django.apps import AppConfig


class SiteConfig(AppConfig):
    name = "config"
    verbose_name = "Site configuration"

    def ready(self) -> None:
        from config import checks  # noqa: F401  (registers the checks)
