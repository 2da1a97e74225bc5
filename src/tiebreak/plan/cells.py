"""A sheet's cells as planning sees them: non-empty cells, rows of a rectangle, comparisons (imports tiebreak.core only)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["Cells", "cell_at", "cells_of", "is_empty", "player_key", "rows_of", "same_value"]

Cells = dict[tuple[int, int], Any]
"""A sheet's non-empty cells: (row, column) → value, 0-based."""


def is_empty(v: Any) -> bool:
    """Whether a cell counts as empty: nothing, or only spaces."""
    return v is None or (isinstance(v, str) and not v.strip())


class _Clean(dict[tuple[int, int], Any]):
    """Cells already without empty values (so they are not filtered again)."""


def cells_of(values: Sequence[Sequence[Any]] | Cells) -> Cells:
    """The non-empty cells of a sheet given as rows from A1 (or already as cells)."""
    if isinstance(values, _Clean):
        return values
    if isinstance(values, dict):
        return _Clean({k: v for k, v in values.items() if v is not None and (v.__class__ is not str or v.strip())})
    return _Clean({(r, c): v for r, row in enumerate(values) for c, v in enumerate(row) if not is_empty(v)})


def rows_of(cells: Cells, top: int = 0, left: int = 0, bottom: int | None = None, right: int | None = None) -> list[list[Any]]:
    """Rows of values of a rectangle (inclusive, 0-based); the whole used area by default."""
    if bottom is None:
        bottom = max((r for r, _ in cells), default=-1)
    if right is None:
        right = max((c for _, c in cells), default=-1)
    return [[cells.get((r, c)) for c in range(left, right + 1)] for r in range(top, bottom + 1)]


def cell_at(values: Cells | Sequence[Sequence[Any]], r: int, c: int) -> Any:
    """A cell (0-based) of a sheet's cells or rows of values; None beyond them."""
    if isinstance(values, dict):
        return values.get((r, c))
    if 0 <= r < len(values) and 0 <= c < len(values[r]):
        return values[r][c]
    return None


def same_value(a: Any, b: Any) -> bool:
    """Whether two cell values are the same as Rank compares what it wrote: numbers by value, texts without edge spaces."""
    if is_empty(a) and is_empty(b):
        return True
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) and not isinstance(b, bool):
        return abs(float(a) - float(b)) < 1e-9
    return str(a).strip() == str(b).strip()


def player_key(v: Any) -> str:
    """A player's number or name as a key matching the Standings sheet's (``3.0`` as ``3``)."""
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v).strip()
