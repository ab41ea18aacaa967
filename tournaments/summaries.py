"""One-line summaries of a recorded hand, for score sheets and exports.

>>> hand_summary({"contract": "povinost", "declarer": 1, "partner": 3, "declarer_points": 59})
'Povinost 1+3: 59'
>>> hand_summary({"contract": "prever", "declarer": 2, "prever_talon": 2, "declarer_points": 47, "challenge": 1})
'Prever 2: 47, Kontra'
>>> hand_summary({"penalties": [{"code": "spjst.misdeal", "seat": 4}]})
'misdeal (4)'
"""

from collections.abc import Mapping
from typing import Any

CHALLENGES = {1: "Kontra", 2: "Re", 3: "Supre", 4: "Mort"}
FLEKS = {1: "flek", 2: "reflek", 3: "superflek"}


def _game(hand: Mapping[str, Any]) -> str:
    contract = hand.get("contract")
    if not contract:
        return ""
    side = str(hand.get("declarer", ""))
    if hand.get("partner"):
        side += f"+{hand['partner']}"
    text = f"{contract.replace('_', ' ').capitalize()} {side}".strip()
    if hand.get("declarer_points") is not None:
        text += f": {hand['declarer_points']}"
    extras = [CHALLENGES.get(hand.get("challenge", 0), ""), FLEKS.get(hand.get("flek", 0), "")]
    extras += [name.capitalize() for name in ("pagat", "valat") if hand.get(name)]
    return ", ".join([text, *(e for e in extras if e)])


def hand_summary(hand: Mapping[str, Any]) -> str:
    """The contract, the declaring side, the points and what else happened, briefly."""
    penalties = [
        f"{p['code'].rsplit('.', 1)[-1].replace('_', ' ')} ({p.get('seat')})"
        for p in hand.get("penalties", [])
    ]
    return "; ".join(part for part in (_game(hand), *penalties) if part) or "—"
