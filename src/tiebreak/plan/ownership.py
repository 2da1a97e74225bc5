"""Which cells beside the table are Rank's own from last time: the defined name, the settings' record, the look of old columns (imports tiebreak.core and plan.model/cells/values/settings)."""

from __future__ import annotations

from tiebreak.core.a1 import (
    cell_address,
    column_letter,
    parse_range,
    range_address,
    same_sheet,
)
from tiebreak.core.criteria import CRITERIA
from tiebreak.core.errors import WriteBlockedError
from tiebreak.core.i18n import _
from tiebreak.plan.cells import Cells, cell_at, is_empty
from tiebreak.plan.model import MAX_EXTRA_ROWS, MAX_OWN_COLUMNS, OUTPUT_NAME, BookSource
from tiebreak.plan.settings import Settings
from tiebreak.plan.values import looks_like_ours, looks_like_place, place_headers

__all__ = ["own_block", "own_rows", "refuse_unrecorded_output"]


def own_block(book: BookSource, settings: Settings, sheet: str, values: Cells, box: tuple[int, int, int, int]) -> tuple[list[int], list[int] | None]:
    """Rank's columns from last time (0-based) and, when the defined name records them, its rows.

    The workbook-level name ``tiebreak_output`` is what Excel keeps up to date when
    the user inserts rows or columns; the settings sheet's text record is the
    fallback for workbooks ranked before the name existed.
    """
    named = book.named_range(OUTPUT_NAME)
    if named is not None:
        where, r1, c1, r2, c2 = named
        if not same_sheet(where, sheet):
            return [], None
        top, _left, bottom, _right = box
        if c2 - c1 + 1 > MAX_OWN_COLUMNS or r2 - r1 + 1 > bottom - top + 1 + MAX_EXTRA_ROWS:
            raise WriteBlockedError(
                _(
                    "the defined name '{name}' points to {range} on sheet '{sheet}', far more than "
                    "Rank's Place and criteria columns beside the table; correct or delete the name (Formulas > Name Manager), then run Rank again "
                    "(nothing was changed)."
                ).format(name=OUTPUT_NAME, range=range_address(r1, c1, r2, c2), sheet=sheet),
                cell=cell_address(r1, c1),
            )
        return list(range(c1 - 1, c2)), list(range(r1 - 1, r2))
    return _own_columns(settings, sheet, values), None


def _own_columns(settings: Settings, sheet: str, values: Cells) -> list[int]:
    """Columns (0-based) Rank wrote last time, if the settings' record still matches the sheet."""
    if not settings.output:
        return []
    parsed = parse_range(settings.output)
    if parsed is None:
        return []
    where, r1, c1, _, c2 = parsed
    if where is not None and not same_sheet(where, sheet):
        return []
    cols = list(range(c1 - 1, c2))
    header = [cell_at(values, r1 - 1, c) for c in cols]
    if not header or not all(looks_like_ours(h) or is_empty(h) for h in header):
        return []
    place = header[0]
    if isinstance(place, str) and place not in place_headers() and not looks_like_place(place):
        return []
    return cols


def own_rows(values: Cells, cols: list[int], top: int, bottom: int) -> list[int]:
    """The rows (0-based) of the table's span where Rank's old columns hold something."""
    return [r for r in range(top, bottom + 1) if any(not is_empty(cell_at(values, r, c)) for c in cols)]


def refuse_unrecorded_output(values: Cells, header_row: int, own: list[int], sheet: str) -> None:
    """Old Place/criteria columns that no record locates any more: refuse rather than leave them stale beside new ones."""
    labels = {n for c in CRITERIA.values() for n in (c.name, c.name_ru)}
    cols = sorted(c for (r, c) in values if r == header_row)
    for c in cols:
        v = values.get((header_row, c))
        if c in own or not isinstance(v, str) or v.strip() not in place_headers():
            continue
        end = c
        while isinstance(values.get((header_row, end + 1)), str) and str(values[(header_row, end + 1)]).strip() in labels and end + 1 not in own:
            end += 1
        if end == c:
            continue
        raise WriteBlockedError(
            _(
                "sheet '{sheet}': columns {first}–{last} look like Rank's Place and criteria columns from an earlier run, "
                "but the workbook no longer records them (the defined name '{name}' is missing or points elsewhere). "
                "Delete those columns (or restore the name), then run Rank again (nothing was changed)."
            ).format(sheet=sheet, first=column_letter(c + 1), last=column_letter(end + 1), name=OUTPUT_NAME),
            cell=cell_address(header_row + 1, c + 1),
        )
