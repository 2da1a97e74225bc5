"""Numbers for display: one rounding rule and the formatters built on it.

Tie-break values are compared exactly; they are rounded only where they are
shown: :func:`shown` for a column Rank writes (the criterion's decimals),
:func:`text` for the command line, :func:`cell` for what a worksheet function
returns (exact, without binary noise).

>>> half_up(39.4375, 2), half_up(2.5), half_up(-2.5)
(39.44, 3.0, -3.0)
>>> shown(39.4375, 2), shown(3.0, 2), shown(0.1 + 0.2, 2), shown(None, 2)
(39.44, 3, 0.3, '')
>>> shown((1.0, 0.5), 1)
'1 0.5'
>>> text(13.333333, 4), text(2.0, 2), text(None, 2)
('13.3333', '2', '')
>>> cell(0.1 + 0.2), cell(-0.0), cell(None), cell(39.4375)
(0.3, 0.0, '', 39.4375)
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

__all__ = ["cell", "half_up", "shown", "text"]


def half_up(x: float, places: int = 0) -> float:
    """``x`` rounded to ``places`` decimals, halves away from zero (as FIDE's tables and the checker round)."""
    if not math.isfinite(x):
        return x
    # whole numbers, halves and quarters (what most tie-breaks are) need no rounding: skip Decimal
    if x.is_integer() or (places >= 1 and (x * 2).is_integer()) or (places >= 2 and (x * 4).is_integer()):
        return float(x)
    q = Decimal(1).scaleb(-places)
    return float(Decimal(repr(x)).quantize(q, rounding=ROUND_HALF_UP))


def shown(v: Any, decimals: int) -> Any:
    """A value as a cell shows it: rounded half up to ``decimals``, whole numbers as ints, None as ''.

    A tuple (results in order of places) is shown as its numbers separated by spaces.
    """
    if v.__class__ is float and v.is_integer():  # the common case first
        return int(v)
    if v is None:
        return ""
    if isinstance(v, tuple):
        return " ".join(text(x, decimals) for x in v)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return v
    r = half_up(float(v), decimals)
    return int(r) if r.is_integer() else r


def text(v: Any, decimals: int) -> str:
    """A value as text: as :func:`shown`, then written without trailing zeros."""
    s = shown(v, decimals)
    return f"{s:g}" if isinstance(s, float) else str(s)


def cell(v: Any) -> Any:
    """A value as a worksheet function returns it: exact but without binary noise (10 decimals), None as ''.

    Excel's number format does the display rounding there.
    """
    if v is None:
        return ""
    if isinstance(v, float):
        r = round(v, 10)
        return 0.0 if r == 0 else r
    return v
