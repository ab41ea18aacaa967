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


def add_score_endpoint(result: dict, generator, request, public) -> dict:
    """drf-spectacular postprocessing hook: add `POST /api/score/` and its schemas."""
    result.setdefault("paths", {})[SCORE_PATH] = {"post": SCORE_OPERATION}
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.update({"ScoreHand": _HAND, "ScoreSettlement": _SETTLEMENT, "ScoreErrors": _ERRORS})
    tags = result.setdefault("tags", [])
    if not any(tag.get("name") == "scoring" for tag in tags):
        tags.append({"name": "scoring", "description": "The stateless scoring calculator."})
    return result
