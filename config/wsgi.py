"""WSGI entry point (gunicorn config.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

from config.checks import require_secret_key
from config.startup import warm_and_freeze

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()

# Once Django is set up (it imports an app's module): an anonymous client the worker has
# refused is refused again before Django's handler, so a flood of the scoring API costs
# the judges' workers less.
from scoring.limits import ApiDoor  # noqa: E402

application = ApiDoor(django_application)
# Settings leave an unset key empty (pure commands need none); serving the site does.
require_secret_key()
# Each gunicorn worker imports this module, so each settles its own heap before serving.
warm_and_freeze()
