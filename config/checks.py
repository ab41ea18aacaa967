"""The site refuses to be served without a SECRET_KEY when DEBUG is off.

Settings leave the key empty rather than failing at import, so that commands that need
no secret (`manage.py score_hand`) run with no environment set. Everything that serves or
sets up the site still stops: the WSGI and ASGI entry points call
:func:`require_secret_key` at start-up, and :func:`secret_key_is_set` is a system check,
so `check`, `runserver` and `migrate` fail with the same message.
"""

from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured

MESSAGE = "SECRET_KEY must be set in the environment when DEBUG is off"


def _has_secret_key() -> bool:
    try:
        return bool(settings.SECRET_KEY)
    except ImproperlyConfigured:  # Django refuses to hand out an empty key
        return False


@checks.register
def secret_key_is_set(app_configs, **kwargs) -> list[checks.CheckMessage]:
    """A system check: an error when the site has no secret key."""
    if _has_secret_key():
        return []
    return [checks.Error(MESSAGE, hint="See README.md, Configuration.", id="config.E001")]


def require_secret_key() -> None:
    """Stop the start of the web server when the site has no secret key."""
    if not _has_secret_key():
        raise ImproperlyConfigured(MESSAGE)
