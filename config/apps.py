"""The site itself as an app: its system checks, and the end of a request's log id."""

from django.apps import AppConfig
from django.core.signals import request_finished


class SiteConfig(AppConfig):
    name = "config"
    verbose_name = "Site configuration"

    def ready(self) -> None:
        from config import checks  # noqa: F401  (registers the checks)
        from config.request_id import forget_request_id

        request_finished.connect(forget_request_id, dispatch_uid="config.forget_request_id")
