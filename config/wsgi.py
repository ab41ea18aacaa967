"""WSGI entry point (gunicorn config.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

from config.checks import require_secret_key
from config.startup import warm_and_freeze

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# Settings leave an unset key empty (pure commands need none); serving the site does.
require_secret_key()
# Each gunicorn worker imports this module, so each settles its own heap before serving.
warm_and_freeze()
