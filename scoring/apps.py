from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    """The web side of the scoring engine: calculator, API and command line.

    The rules themselves live in the pure-Python modules of this package and never
    import Django.
    """

    name = "scoring"
    verbose_name = _("Scoring")
