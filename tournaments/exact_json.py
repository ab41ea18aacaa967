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
    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("parse_float", Decimal)
        super().__init__(*args, **kwargs)
