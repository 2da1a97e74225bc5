"""Numbers for display: one rounding rule and the formatters built on it.

Tie-break values are compared exactly; they are rounded only where they are
shown, and always the same way: half up (away from zero) at the criterion's
decimals (:func:`half_up`).  On it are built :func:`shown` for a cell Rank
writes (the columns beside the crosstable, the Standings sheet), :func:`text`
for every text (the command line, CSV, the HTML page, explanations, the
comparison), :func:`json_value` for JSON, and :func:`cell` for what a
worksheet function returns (exact, without binary noise: Excel's number
format rounds it).  Numbers that are not a criterion's value (a score in a
message, a CSV field) are written with :data:`TEXT_DECIMALS`
(:func:`tiebreak.core.localformat.format_number`), points with
:data:`POINTS_DECIMALS`.

The same value is the same everywhere: 39.125 at 2 decimals is 39.13 (not the
39.12 that ``round`` gives, halving to even), 2.00005 at 4 decimals is 2.0001:

>>> shown(39.125, 2), text(39.125, 2, ","), json_value(2.00005, 4), text(2.00005, 4), round(2.00005, 4)
(39.13, '39,13', 2.0001, '2.0001', 2.0)

>>> half_up(39.4375, 2), half_up(2.5), half_up(-2.5)
(39.44, 3.0, -3.0)
>>> shown(39.4375, 2), shown(3.0, 2), shown(0.1 + 0.2, 2), shown(None, 2)
(39.44, 3, 0.3, '')
>>> shown((1.0, 0.5), 1)
'1 0.5'
>>> text(13.333333, 4), text(2.0, 2), text(None, 2), text(12345.6789, 2), text((1.0, 0.25), 1, ",")
('13.3333', '2', '', '12345.68', '1 0,3')
>>> cell(0.1 + 0.2), cell(-0.0), cell(None), cell(39.4375)
(0.3, 0.0, '', 39.4375)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

__all__ = ["POINTS_DECIMALS", "RESULTS_SEPARATOR", "TEXT_DECIMALS", "cell", "cells", "decimals_of", "half_up", "json_value", "shown", "text"]

POINTS_DECIMALS = 2
"""Decimals of a player's points where they are shown beside the criteria."""
TEXT_DECIMALS = 4
"""Decimals of a number that is not a criterion's value (a score in a message, a CSV field)."""


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


RESULTS_SEPARATOR = " · "
"""Between the results of a value made of several (results in order of places) where a table prints them: '1 · 0.5 · 0'."""


def text(v: Any, decimals: int, decimal: str = ".", between: str = " ") -> str:
    """A value as text: as :func:`shown`, then written without trailing zeros, with ``decimal`` as the separator.

    Text that is not a number (a place label) is returned as it is; a value made of several numbers
    has ``between`` between them (:data:`RESULTS_SEPARATOR` in a printed table).

    >>> text((1.0, 0.5, 0.0), 1, ",", RESULTS_SEPARATOR)
    '1 · 0,5 · 0'
    """
    if isinstance(v, str):
        return v
    if isinstance(v, tuple):
        return between.join(text(x, decimals, decimal) for x in v)
    s = shown(v, decimals)
    if not isinstance(s, float):
        return str(s)
    if not math.isfinite(s):
        return str(s)
    out = f"{s:.{decimals}f}".rstrip("0").rstrip(".") if decimals > 0 else f"{s:.0f}"
    if out in ("-0", ""):
        out = "0"
    return out if decimal == "." else out.replace(".", decimal)


def json_value(v: Any, decimals: int) -> Any:
    """A value as JSON carries it: a number rounded as :func:`shown`, a tuple as a list of them, None as null."""
    if v is None or v == "":
        return None
    if isinstance(v, tuple):
        return [json_value(x, decimals) for x in v]
    return shown(v, decimals)


def decimals_of(criterion: Any) -> int:
    """The decimals a criterion's values are shown with (:data:`POINTS_DECIMALS` for points, ``None``)."""
    return POINTS_DECIMALS if criterion is None else int(criterion.decimals)


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


_EXACT = 1024.0
"""Multiples of 1/1024 (halves, quarters ... of a point) have at most 10 decimals: :func:`cell` leaves them as they are."""


def cells(values: Sequence[Any]) -> list[Any]:
    """:func:`cell` of every value; a column of floats on a grid of 1/1024 (the usual tie-break values) passes as it is.

    >>> cells([1.5, 0.25, 3.0]), cells([0.1 + 0.2, None, -0.0, 2])
    ([1.5, 0.25, 3.0], [0.3, '', 0.0, 2])
    """
    if set(map(type, values)) == {float}:
        distinct = set(values)
        if 0.0 not in distinct and all(map(float.is_integer, map(_EXACT.__mul__, distinct))) and max(map(abs, distinct)) < 2.0**40:  # in C
            return list(values)
    return [cell(v) for v in values]
