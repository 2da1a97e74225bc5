"""Where the table is: the largest block of non-empty cells, as Excel's "current region" (imports tiebreak.core and plan.cells)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tiebreak.plan.cells import Cells, cells_of

__all__ = ["find_region"]

Box = list[int]  # first row, first column, last row, last column: 0-based, inclusive


def find_region(values: Sequence[Sequence[Any]] | Cells, blocks: list[list[int]] | None = None) -> tuple[int, int, int, int] | None:
    """The largest block of non-empty cells, as Excel's "current region" (0-based, inclusive).

    Cells joined side by side or corner to corner form a block; blocks whose
    rectangles touch are merged until none touch.  Works on runs of adjacent
    cells in each row, so a big table costs little.  ``blocks``, when given,
    receives every block, for the caller to tell the user about the others.
    """
    cells = cells_of(values)  # as given when they are cells already
    if not cells:
        return None
    runs, row_runs = _runs(cells)
    boxes = _merge_touching(_joined_boxes(runs, row_runs))
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
