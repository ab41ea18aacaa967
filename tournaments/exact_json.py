"""JSON for the database with exact amounts: a `Decimal` in, a `Decimal` out.

Taroky ve třech pays halves (1.5 Kč) and a Czech house rule may be a decimal multiplier,
so settlements and pinned house rules hold `Decimal` amounts. The encoder writes a whole
amount as an integer and any other as the shortest number that reads back the same; the
decoder reads every number with a fraction as `Decimal`, never float.

>>> import json
>>> from decimal import Decimal
>>> text = json.dumps({"1": Decimal("-1.5"), "2": Decimal("3.0")}, cls=ExactEncoder)
>>> text, json.loads(text, cls=ExactDecoder)
('{"1": -1.5, "2": 3}', {'1': Decimal('-1.5'), '2': 3})
"""

import json
from decimal import Decimal
from typing import Any


class ExactEncoder(json.JSONEncoder):
    def default(self, o: Any) -> Any:
        if isinstance(o, Decimal):
            # A float's repr is the shortest text that reads back the same number, so an
            # amount of up to 15 significant digits is written exactly as it is.
            return int(o) if o == o.to_integral_value() else float(o)
        return super().default(o)


class ExactDecoder(json.JSONDecoder):
    """Reads a number with a fraction as `Decimal`.

    Django makes one for every JSON value it reads (`JSONField` calls `json.loads` with
    this class), and building a decoder's scanner took half the time of reading a hand's
    data; so one made without arguments takes the parts of one built once. A scanner
    keeps nothing from one call to the next, so one can serve them all.
    """

    def __init__(self, *args, **kwargs) -> None:
        if not args and not kwargs and _SHARED:
            self.__dict__.update(_SHARED)
            return
        kwargs.setdefault("parse_float", Decimal)
        super().__init__(*args, **kwargs)


_SHARED: dict[str, Any] = {}
_SHARED.update(vars(ExactDecoder()))
