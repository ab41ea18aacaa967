"""The words of the embeddable standings widget (static/js/widget/standings.js) in the
reader's language: the widget asks with the host page's language in Accept-Language, so
a club's Czech or Slovenian page shows Czech or Slovenian headings, from the site's own
catalogues like every page."""

from django.utils.translation import get_language, gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.conditional import ReadView


class WidgetWordsSerializer(serializers.Serializer):
    language = serializers.CharField(help_text="The language of the words: cs, sl or en.")
    standings = serializers.CharField()
    place = serializers.CharField()
    player = serializers.CharField()
    club = serializers.CharField()
    points = serializers.CharField()
    total = serializers.CharField()
    final = serializers.CharField(help_text="Said once the tournament is finished.")
    failed = serializers.CharField(help_text="Said while the standings cannot be loaded.")
    full = serializers.CharField(help_text="The link to the standings page on this site.")


def widget_words() -> dict[str, str]:
    """The widget's words in the active language."""
    return {
        "language": get_language() or "en",
        "standings": gettext("Standings"),
        "place": gettext("Place"),
        "player": gettext("Player"),
        "club": gettext("Club"),
        "points": gettext("Points"),
        "total": gettext("Total"),
        "final": gettext("Final standings"),
        "failed": gettext("The standings could not be loaded; trying again shortly."),
        "full": gettext("The full standings"),
    }


@extend_schema(tags=["widget"])
class WidgetWords(ReadView):
    """The standings widget's headings in the reader's language (Accept-Language)."""

    serializer_class = WidgetWordsSerializer
    pagination_class = None

    def get(self, request: Request) -> Response:
        return Response(self.get_serializer(widget_words()).data)
