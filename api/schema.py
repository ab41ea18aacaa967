"""The OpenAPI schema's part that REST framework cannot see: the stateless scoring
endpoint `POST /api/score/` (scoring.views.api_score, a plain Django view kept as it is),
described here as the README describes it and added to the schema by a postprocessing
hook (settings.SPECTACULAR_SETTINGS)."""

from scoring import RULESETS

SCORE_PATH = "/api/score/"

_HAND = {
    "type": "object",
    "description": (
        "One hand as the README's table shows it: the ruleset, the contract, the seats and "
        "what was won; or a whole rubber (whist). Unknown keys are refused."
    ),
    "properties": {"ruleset": {"type": "string", "enum": list(RULESETS)}},
    "required": ["ruleset"],
    "additionalProperties": True,
}
_SETTLEMENT = {
    "type": "object",
    "description": "What each seat wins or loses, and the lines that add up to it.",
    "properties": {
        "ruleset": {"type": "string"},
        "deltas": {"type": "object", "additionalProperties": {"type": "number"}},
        "lines": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "item": {"type": "string"},
                    "label": {"type": "string"},
                    "deltas": {"type": "object", "additionalProperties": {"type": "number"}},
                },
                "additionalProperties": True,
            },
        },
    },
    "additionalProperties": True,
}
_ERRORS = {
    "type": "object",
    "properties": {
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"field": {"type": "string"}, "message": {"type": "string"}},
                "required": ["field", "message"],
            },
        }
    },
    "required": ["errors"],
}


def _errors(description: str) -> dict:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ScoreErrors"}}},
    }


SCORE_OPERATION = {
    "operationId": "score_hands",
    "summary": "Score one hand or a list of hands (stores nothing)",
    "description": (
        "POST one hand, or an array of at most API_MAX_HANDS (50) hands, as JSON; get the "
        "settlement of each. No login and no CSRF token: it stores nothing. Rate-limited "
        "per address, for all anonymous clients together and per account."
    ),
    "tags": ["scoring"],
    "security": [{}],
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {
                "schema": {
                    "oneOf": [
                        {"$ref": "#/components/schemas/ScoreHand"},
                        {"type": "array", "items": {"$ref": "#/components/schemas/ScoreHand"}},
                    ]
                }
            }
        },
    },
    "responses": {
        "200": {
            "description": "The settlement, or a list of them in the order sent.",
            "content": {
                "application/json": {
                    "schema": {
                        "oneOf": [
                            {"$ref": "#/components/schemas/ScoreSettlement"},
                            {
                                "type": "array",
                                "items": {"$ref": "#/components/schemas/ScoreSettlement"},
                            },
                        ]
                    }
                }
            },
        },
        "400": _errors("The hand is not valid; the error names the field."),
        "405": _errors("Another method than POST."),
        "413": _errors("The body or the list of hands is beyond the limits."),
        "429": _errors("Past a rate limit; Retry-After says when to try again."),
    },
}


_DETAIL = {
    "type": "object",
    "properties": {"detail": {"type": "string"}},
    "required": ["detail"],
}
_VALIDATION = {
    "type": "object",
    "additionalProperties": {"type": "array", "items": {"type": "string"}},
}


def _answer(description: str, schema: str) -> dict:
    ref = {"$ref": f"#/components/schemas/{schema}"}
    return {"description": description, "content": {"application/json": {"schema": ref}}}


_VALIDATOR_HEADERS = {
    "ETag": {"schema": {"type": "string"}, "description": "A hash of the body as sent."},
    "Last-Modified": {
        "schema": {"type": "string"},
        "description": "When this site first served this body.",
    },
}


# The query parameters a list checks (api/filters.py, the rating list's form): a value
# that is not valid is a 400 naming it.
CHECKED_FILTERS = {"club", "season", "ruleset", "status", "active", "min_tables", "months"}


def _read_answers(path: str, operation: dict) -> None:
    """What every read endpoint may also answer, REST framework's views saying nothing of
    it: the 304 of a conditional GET, 429 past the throttle, 404 for an unknown id, 400
    for a filter the list refuses; and the validators on its 200."""
    responses = operation["responses"]
    ok = responses.get("200")
    if ok is not None:
        ok.setdefault("headers", {}).update(_VALIDATOR_HEADERS)
    responses["304"] = {
        "description": "Not modified: the ETag sent in If-None-Match (or the time in "
        "If-Modified-Since) is still current. No body.",
        "headers": _VALIDATOR_HEADERS,
    }
    responses["429"] = _answer("Too many requests; Retry-After says when to try again.", "Detail")
    queried = {p["name"] for p in operation.get("parameters", ()) if p.get("in") == "query"}
    # An unknown id in the path, a page past the last, a roster of an unknown club.
    if "{" in path or queried & {"page", "club"}:
        responses["404"] = _answer("No such thing (an id or a game unknown).", "Detail")
    if queried & CHECKED_FILTERS:
        responses["400"] = _answer("A filter that is not valid, by field.", "ValidationErrors")


def add_score_endpoint(result: dict, generator, request, public) -> dict:
    """drf-spectacular postprocessing hook: add `POST /api/score/` and its schemas, and
    the answers every read endpoint may give besides its 200."""
    paths = result.setdefault("paths", {})
    for path, item in paths.items():
        for operation in item.values():
            _read_answers(path, operation)
    paths[SCORE_PATH] = {"post": SCORE_OPERATION}
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.update(
        {
            "ScoreHand": _HAND,
            "ScoreSettlement": _SETTLEMENT,
            "ScoreErrors": _ERRORS,
            "Detail": _DETAIL,
            "ValidationErrors": _VALIDATION,
        }
    )
    tags = result.setdefault("tags", [])
    if not any(tag.get("name") == "scoring" for tag in tags):
        tags.append({"name": "scoring", "description": "The stateless scoring calculator."})
    return result
