"""Form data for the judge's hand form, in the shape the browser sends it."""

import uuid

HAND_FORM = {"contract": "povinost", "challenge": "0", "pagat_challenge": "0"}


def hand_post(table, *, action: str = "save", submission=None, **fields) -> dict:
    """A POST body for `hand_add`: a Povinost hand unless `fields` say otherwise."""
    data = {**HAND_FORM, **{k: str(v) for k, v in fields.items()}}
    data.update(
        action=action,
        submission=str(submission or uuid.uuid4()),
        version=str(table.version),
    )
    return data
