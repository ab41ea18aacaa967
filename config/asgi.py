"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

from config.checks import require_secret_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()
# Settings leave an unset key empty (pure commands need none); serving the site does.
require_secret_key()
