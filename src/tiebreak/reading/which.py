"""Which table of a workbook to read: sheet names as Excel matches them, a --range, the other tables.

Excel compares sheet names without regard to case; so does tiebreak.  When a
sheet holds more than one table, the reader says which one it ranked and how
to choose another; when the chosen sheet holds none, it names the sheets that do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tiebreak.core.a1 import Range, find_sheet, range_address
from tiebreak.core.a1 import parse_range as a1_parse_range
from tiebreak.core.errors import LayoutError, SettingsError, TiebreakError
from tiebreak.core.i18n import _
from tiebreak.reading.base import MAX_CELLS

Box = tuple[int, int, int, int]  # top, left, bottom, right: 0-based, inclusive


def match_sheet(name: str, names: Sequence[str]) -> str | None:
    """The sheet called ``name``, compared as Excel compares sheet names (ignoring case); None if there is none."""
    return find_sheet(name, names)


def address(box: Box) -> str:
    """A 0-based box as an A1 range, e.g. ``A3:N13``."""
    top, left, bottom, right = box
    return range_address(top + 1, left + 1, bottom + 1, right + 1)


def parse_range(text: str, parse_address: Callable[[str], Range | None] = a1_parse_range) -> tuple[str | None, Box]:
    """``A3:N13`` or ``Sheet!A3:N13`` -> (sheet or None, 0-based box); a clear error otherwise."""
    found = parse_address(text)
    if found is None:
        raise SettingsError(_("--range {text}: write the table's cells as Excel does, e.g. A3:N13 or 'Round robin'!A3:N13").format(text=text))
    sheet, r1, c1, r2, c2 = found
    if r1 == r2 or c1 == c2:
        raise SettingsError(_("--range {text}: a crosstable spans several rows and columns, e.g. A3:N13").format(text=text))
    rows, columns = r2 - r1 + 1, c2 - c1 + 1
    if rows * columns > MAX_CELLS:  # checked before any cell of the rectangle is built
        raise SettingsError(
            _("--range {text}: {rows} rows and {columns} columns; more than {limit} cells is beyond what tiebreak reads").format(
                text=text, rows=rows, columns=columns, limit=f"{MAX_CELLS:,}"
            )
        )
    return sheet, (r1 - 1, c1 - 1, r2 - 1, c2 - 1)


def check_box(box: Box) -> Box:
    """``box`` when its rectangle is within :data:`MAX_CELLS` cells; :class:`LayoutError` naming it otherwise.

    A few cells far apart (a diagonal chain joins corner to corner) can span a
    rectangle of billions of cells: the size is checked from the corners,
    before the rectangle is built.
    """
    top, left, bottom, right = box
    rows, columns = bottom - top + 1, right - left + 1
    if rows * columns > MAX_CELLS:
        raise LayoutError(
            _("the table {address} has {rows} rows and {columns} columns; more than {limit} cells is beyond what tiebreak reads").format(
                address=address(box), rows=rows, columns=columns, limit=f"{MAX_CELLS:,}"
            )
        )
    return box


def looks_like_a_table(box: Box) -> bool:
    """A block of at least three rows and three columns (a title or a note is not a table)."""
    top, left, bottom, right = box
    return bottom - top >= 2 and right - left >= 2


def other_tables_note(chosen: Box, boxes: Sequence[Box]) -> str | None:
    """The note saying which table was ranked when the sheet holds others."""
    others = [b for b in boxes if tuple(b) != tuple(chosen) and looks_like_a_table(b)]
    if not others:
        return None
    listed = ", ".join(address(b) for b in others[:3]) + (" ..." if len(others) > 3 else "")
    return _(
        "the sheet holds {count} tables; ranked the largest, {chosen} (others: {others}); "
        "to rank another, give --range (e.g. --range {example}) or name its range 'crosstable'"
    ).format(count=len(others) + 1, chosen=address(chosen), others=listed, example=address(others[0]))


def sheets_with_tables(names: Sequence[str], skip: Sequence[str], reads: Callable[[str], Any]) -> list[str]:
    """The sheets (other than ``skip``) whose largest block reads as a crosstable; ``reads`` raises if it does not."""
    found = []
    for name in names:
        if name in skip:
            continue
        try:
            reads(name)
        except TiebreakError:  # that sheet holds no readable table
            continue
        found.append(name)
    return found
