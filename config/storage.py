"""Where the static files live in production (settings.STORAGES when DEBUG is off)."""

from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Django's patterns for the `import ... from "./x.js";` lines of an ES module.
_, _MODULE_IMPORTS = ManifestStaticFilesStorage._js_module_import_aggregation_patterns


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed files under hashed names, where the judge's ES modules
    (static/js/judge/) import each other under their hashed names too. A page then loads
    one deploy's modules together, and the service worker, which keeps the files under
    their hashed names (tournaments.views.offline), has every module the page imports
    when the phone is offline. Only this site's modules are rewritten so: Django's
    `support_js_module_import_aggregation` would read every *.js file as a module, and
    django-htmx's extensions import a name no file has."""

    patterns = (*CompressedManifestStaticFilesStorage.patterns, ("js/judge/*.js", _MODULE_IMPORTS))
