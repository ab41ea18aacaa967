"""Reading an archive file and checking it before anything is written."""

import json
from typing import Any

from django.utils.translation import gettext as _

from scoring import HandError, UnknownRuleset, get_ruleset, score_hand
from scoring.jsonio import dumps, loads
from tournaments.archive.common import FORMAT, VERSION, ArchiveError, checksum
from tournaments.exact_json import ExactDecoder


def load(text: str | bytes) -> dict[str, Any]:
    """The document in an archive file's text; a file that is not whole JSON is refused."""
    try:
        document = json.loads(text, cls=ExactDecoder)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ArchiveError(
            _("The file is damaged (not complete JSON: %(error)s); nothing was imported.")
            % {"error": error}
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ArchiveError(_("The file is not a tournament archive; nothing was imported."))
    return document


def verify(document: dict[str, Any]) -> None:
    """Refuse an archive of another format version, one edited since it was written (its
    checksum, or a hand whose settlement the engine no longer gives), or one played by a
    ruleset this site does not know."""
    if document.get("version") != VERSION:
        raise ArchiveError(
            _(
                "The archive has format version %(found)s; this site reads version %(known)s. "
                "Nothing was imported."
            )
            % {"found": document.get("version"), "known": VERSION}
        )
    if document.get("checksum") != checksum(document):
        raise ArchiveError(
            _(
                "The archive was changed after it was written (its checksum does not match "
                "its content); nothing was imported."
            )
        )
    try:
        tournament = document["tournament"]
        get_ruleset(tournament["ruleset"])
        for round_ in document["rounds"]:
            for table in round_["tables"]:
                for hand in table["hands"]:
                    where = {"round": round_["number"], "table": table["number"]}
                    _check_settlement(tournament, hand, {**where, "hand": hand["number"]})
                    for revision in hand["revisions"]:
                        _check_settlement(
                            tournament,
                            revision,
                            {**where, "hand": f"{hand['number']} r{revision['revision']}"},
                        )
    except UnknownRuleset:
        raise ArchiveError(
            _(
                "The archive is played by the ruleset %(ruleset)s, which this site does not "
                "know; nothing was imported."
            )
            % {"ruleset": document["tournament"]["ruleset"]}
        ) from None
    except (KeyError, TypeError, AttributeError) as error:
        raise ArchiveError(
            _("The archive is incomplete (missing %(what)s); nothing was imported.")
            % {"what": error}
        ) from None


def _amounts(settlement: dict[str, Any]) -> tuple:
    """What a settlement moves: its deltas and each line's item and deltas. Labels are
    wording and may be improved between versions of the site; amounts may not."""
    lines = [(line["item"], line["deltas"]) for line in settlement["lines"]]
    return settlement["ruleset"], settlement["deltas"], lines


def _check_settlement(tournament: dict, hand: dict, where: dict) -> None:
    ruleset = tournament["ruleset"]
    try:
        fresh = score_hand(ruleset, {**hand["data"], "ruleset": ruleset}, tournament["house_rules"])
    except HandError as error:
        raise ArchiveError(
            _(
                "Round %(round)s, table %(table)s, hand %(hand)s cannot be scored (%(error)s); "
                "nothing was imported."
            )
            % {**where, "error": error}
        ) from None
    if _amounts(loads(dumps(fresh.to_json()))) != _amounts(hand["settlement"]):
        raise ArchiveError(
            _(
                "Round %(round)s, table %(table)s, hand %(hand)s: the stored settlement is not "
                "what its hand scores; the archive was edited. Nothing was imported."
            )
            % where
        )
