"""Where the table is: the largest block of non-empty cells, as Excel's "current region" (imports tiebreak.core and plan.cells)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tiebreak.plan.cells import Cells, cells_of
from tiebreak.reading.labels import label_role, name_part

__all__ = ["find_region"]

Box = list[int]  # first row, first column, last row, last column: 0-based, inclusive


def find_region(values: Sequence[Sequence[Any]] | Cells, blocks: list[list[int]] | None = None) -> tuple[int, int, int, int] | None:
    """The largest block of non-empty cells, as Excel's "current region" (0-based, inclusive).

    Cells joined side by side or corner to corner form a block; blocks whose
    rectangles touch are merged until none touch.  Unlike Excel's region, a
    table with a blank spacer column between its names and its results, or
    blank rows between its player rows, is one block (:func:`_bridged`); two
    tables side by side or one above the other, each with its own header,
    stay two.  Works on runs of adjacent
    cells in each row, so a big table costs little.  ``blocks``, when given,
    receives every block, for the caller to tell the user about the others.
    """
    cells = cells_of(values)  # as given when they are cells already
    if not cells:
        return None
    runs, row_runs = _runs(cells)
    boxes = _bridged(_merge_touching(_joined_boxes(runs, row_runs)), cells)
    if blocks is not None:
        blocks.extend(boxes)
    best = max(boxes, key=lambda b: ((b[2] - b[0] + 1) * (b[3] - b[1] + 1), -b[0], -b[1]))
    return best[0], best[1], best[2], best[3]


def _runs(cells: Cells) -> tuple[list[tuple[int, int, int]], dict[int, list[int]]]:
    """Runs of adjacent cells in each row, (row, first column, last column), and each row's runs by index."""
    by_row: dict[int, list[int]] = {}
    for r, c in cells:
        by_row.setdefault(r, []).append(c)
    runs: list[tuple[int, int, int]] = []
    row_runs: dict[int, list[int]] = {}
    for r in sorted(by_row):
        cols = sorted(by_row[r])
        start = prev = cols[0]
        for c in cols[1:]:
            if c != prev + 1:
                row_runs.setdefault(r, []).append(len(runs))
                runs.append((r, start, prev))
                start = c
            prev = c
        row_runs.setdefault(r, []).append(len(runs))
        runs.append((r, start, prev))
    return runs, row_runs


def _joined_boxes(runs: list[tuple[int, int, int]], row_runs: dict[int, list[int]]) -> list[Box]:
    """The bounding boxes of runs joined to the next row's side by side or corner to corner (union-find)."""
    parent = list(range(len(runs)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for r, ids in row_runs.items():
        below = row_runs.get(r + 1)
        if not below:
            continue
        j = 0
        for i in ids:
            _, a0, a1 = runs[i]
            while j < len(below) and runs[below[j]][2] < a0 - 1:
                j += 1
            k = j
            while k < len(below) and runs[below[k]][1] <= a1 + 1:
                parent[root(below[k])] = root(i)
                k += 1
    boxes_by_root: dict[int, Box] = {}
    for i, (r, c0, c1) in enumerate(runs):
        box = boxes_by_root.setdefault(root(i), [r, c0, r, c1])
        box[0], box[1], box[2], box[3] = min(box[0], r), min(box[1], c0), max(box[2], r), max(box[3], c1)
    return list(boxes_by_root.values())


def _merge_touching(boxes: list[Box]) -> list[Box]:
    """Boxes whose rectangles touch merged, until none touch (given up beyond 5,000 boxes)."""
    merged = True
    while merged and len(boxes) < 5000:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                if a[0] - 1 <= b[2] and b[0] - 1 <= a[2] and a[1] - 1 <= b[3] and b[1] - 1 <= a[3]:
                    boxes[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    return boxes


MAX_SPACER_ROWS = 3  # blank rows between two player rows of one table
MAX_SPACER_COLUMNS = 2  # blank columns between the names and the results


def _top_labels(box: Box, cells: Cells, rows: int = 1) -> list[str]:
    """The texts of a block's first ``rows`` rows."""
    return [v for r in range(box[0], box[0] + rows) for c in range(box[1], box[3] + 1) if isinstance(v := cells.get((r, c)), str)]


def _heads_a_table(text: str) -> bool:
    return label_role(text) in ("name", "number", "row_number") or name_part(text) is not None


def _starts_a_table(box: Box, cells: Cells) -> bool:
    """Whether a block's first row heads a table of its own: a No. or name label, or a title alone in its row."""
    filled = sum(1 for c in range(box[1], box[3] + 1) if (box[0], c) in cells)
    return filled < 2 or any(_heads_a_table(t) for t in _top_labels(box, cells))


def _spacer_column(a: Box, b: Box, cells: Cells) -> bool:
    """``b`` is the results of the table whose names ``a`` holds, blank columns apart, on the same rows.

    The header of either may start a row higher (a group label over the results, or over the names).
    """
    gap = b[1] - a[3] - 1
    if not 1 <= gap <= MAX_SPACER_COLUMNS or abs(a[0] - b[0]) > 1 or abs(a[2] - b[2]) > 1 or min(a[2] - a[0], b[2] - b[0]) < 2:
        return False
    return any(_heads_a_table(t) for t in _top_labels(a, cells, 2)) and not any(_heads_a_table(t) for t in _top_labels(b, cells, 2))


def _spacer_rows(a: Box, b: Box, cells: Cells) -> bool:
    """``b`` holds more player rows of the table ``a``, blank rows under it, in its columns."""
    gap = b[0] - a[2] - 1
    if not 1 <= gap <= MAX_SPACER_ROWS or (a[2] == a[0] and not any(_heads_a_table(t) for t in _top_labels(a, cells))):
        return False  # one row above is a title or a note, unless it is the table's header
    inside = b[1] >= a[1] - 1 and b[3] <= a[3] + 1 and 2 * (b[3] - b[1] + 1) >= a[3] - a[1] + 1
    return inside and not _starts_a_table(b, cells)


def _union(a: Box, b: Box) -> Box:
    return [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]


def _bridged(boxes: list[Box], cells: Cells) -> list[Box]:
    """Blocks that are parts of one table joined: rows under blank spacer rows, results beside a blank spacer column."""
    boxes = _join_rows(boxes, cells)
    if len(boxes) > 1 and len(boxes) <= 200:
        joined = True
        while joined:
            joined = False
            for i, a in enumerate(boxes):
                j = next((j for j, b in enumerate(boxes) if j != i and _spacer_column(a, b, cells)), None)
                if j is not None:
                    boxes[i] = _union(a, boxes[j])
                    del boxes[j]
                    joined = True
                    break
        boxes = _join_rows(boxes, cells)
    return boxes


def _join_rows(boxes: list[Box], cells: Cells) -> list[Box]:
    """Top to bottom, each block joined to a recent block above it when it continues that table's rows."""
    out: list[Box] = []
    for b in sorted(boxes, key=lambda x: (x[0], x[1])):
        for k in range(len(out) - 1, max(-1, len(out) - 9), -1):
            if _spacer_rows(out[k], b, cells):
                out[k] = _union(out[k], b)
                break
        else:
            out.append(b)
    return out
