"""Which of the cells Rank writes are merged, asked of Excel in few calls.

Excel answers for a whole range whether its cells are merged: ``True`` (all of
them), ``False`` (none) or ``None`` (some) - ``Range.MergeCells`` in COM,
``Range.merge_cells`` in classic xlwings, ``await Range.get_merge_cells()`` in
xlwings Lite.  :func:`search` asks once per column of target cells; only a
column with a merge is halved until its first merged target cell is found,
whose merged area (``MergeArea``, ``get_merge_area()``) names the cells in
the message.

The search is written once, as a generator of questions, and driven by
:func:`ask_classic` (synchronous) or :func:`ask_lite` (awaiting Lite's client).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator, Sequence
from typing import Any

from tiebreak.core.a1 import parse_range
from tiebreak.plan.model import Area

__all__ = ["Question", "ask_classic", "ask_lite", "search"]

# ("cells", first row, column, last row) -> True / False / None;  ("area", row, column) -> Area
Question = tuple[str, int, int, int]
Found = tuple[tuple[int, int], Area] | None


def search(cells: Sequence[tuple[int, int]]) -> Generator[Question, Any, Found]:
    """The first cell (1-based (row, column), by row then column) inside merged cells, and its merged area."""
    by_column: dict[int, list[int]] = {}
    for r, c in cells:
        by_column.setdefault(c, []).append(r)
    best: Found = None
    for c in sorted(by_column):
        rows = sorted(set(by_column[c]))
        if best is not None:
            rows = [r for r in rows if r < best[0][0]]  # only an earlier row can come first
            if not rows:
                continue
        hit = yield from _first_in(rows, 0, len(rows) - 1, c)
        if hit is None:
            continue
        area = yield ("area", hit, c, hit)
        if best is None or (hit, c) < best[0]:
            best = ((hit, c), area)
    return best


def _first_in(rows: Sequence[int], lo: int, hi: int, c: int) -> Generator[Question, Any, int | None]:
    """The first of ``rows[lo..hi]`` in column ``c`` that is merged: the range, then its halves when needed.

    A range can be partly merged through a row between the target rows (one
    Rank does not write), so a half that turns out clean sends the search on
    to the other half.
    """
    answer = yield ("cells", rows[lo], c, rows[hi])
    if answer is False:
        return None
    if lo == hi:
        return rows[lo]
    mid = (lo + hi) // 2
    hit = yield from _first_in(rows, lo, mid, c)
    if hit is not None:
        return hit
    return (yield from _first_in(rows, mid + 1, hi, c))


def _area(address: str) -> Area:
    parsed = parse_range(address)
    if parsed is None:  # pragma: no cover - Excel's own address
        raise ValueError(address)
    return parsed[1], parsed[2], parsed[3], parsed[4]


def ask_classic(sheet: Any, cells: Sequence[tuple[int, int]]) -> Found:
    """:func:`search` answered by classic xlwings (``Range.merge_cells``, ``Range.merge_area``)."""
    questions = search(cells)
    try:
        q = next(questions)
        while True:
            kind, r1, c, r2 = q
            rng = sheet.range((r1, c), (r2, c))
            q = questions.send(rng.merge_cells if kind == "cells" else _area(rng.merge_area.address))
    except StopIteration as done:
        found: Found = done.value
        return found


async def ask_lite(range_of: Callable[[int, int, int], Any], cells: Sequence[tuple[int, int]]) -> Found:
    """:func:`search` answered by xlwings Lite's client (``get_merge_cells()``, ``get_merge_area()``)."""
    questions = search(cells)
    try:
        q = next(questions)
        while True:
            kind, r1, c, r2 = q
            rng = range_of(r1, c, r2)
            if kind == "cells":
                answer: Awaitable[Any] = rng.get_merge_cells()
                q = questions.send(await answer)
            else:
                q = questions.send(_area((await rng.get_merge_area()).address))
    except StopIteration as done:
        found: Found = done.value
        return found
