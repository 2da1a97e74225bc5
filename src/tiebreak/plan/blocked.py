"""What Excel would refuse or Rank must not overwrite: protection, merged cells, formulas, table headers (imports tiebreak.core and plan.model/cells)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tiebreak.core.a1 import cell_address, column_letter, range_address
from tiebreak.core.errors import WriteBlockedError
from tiebreak.core.i18n import _, ngettext
from tiebreak.plan.cells import Cells, cell_at, same_value
from tiebreak.plan.model import Area, BookSource, Plan

__all__ = [
    "first_cell",
    "first_merged",
    "formulas_in",
    "merged_cells_error",
    "merged_elsewhere_error",
    "protected_error",
    "refuse_blocked",
    "refuse_protected",
    "refuse_table_headers",
    "structure_protected_error",
]


def first_cell(sheet: str) -> str:
    """The cell a message about a whole sheet points to: its A1."""
    return f"{sheet}!A1"


def formulas_in(book: BookSource, sheet: str, rows: Sequence[int], c1: int, c2: int) -> dict[tuple[int, int], str]:
    """Formula cells (0-based) among the rows and columns Rank would write, when the book can tell."""
    get = getattr(book, "formulas_in", None)
    if get is None or not rows:
        return {}
    found: dict[tuple[int, int], str] = get(sheet, min(rows) + 1, c1 + 1, max(rows) + 1, c2 + 1)
    wanted = set(rows)
    return {k: v for k, v in found.items() if k[0] in wanted}


def first_merged(book: BookSource, sheet: str, cells: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], Area] | None:
    """The first of the cells (1-based, in the order given) that is part of merged cells, and the merged area.

    A book that can be asked about given cells (``merged_at``, Excel through
    xlwings) is asked; one that lists its merged ranges (``merged``, a package)
    is searched.
    """
    at = getattr(book, "merged_at", None)
    if at is not None:
        found: tuple[tuple[int, int], Area] | None = at(sheet, cells)
        return found
    get = getattr(book, "merged", None)
    if get is None or not cells:
        return None
    merges = get(sheet)
    if not merges:
        return None
    r1, r2 = min(r for r, _ in cells), max(r for r, _ in cells)
    c1, c2 = min(c for _, c in cells), max(c for _, c in cells)
    near = [m for m in merges if m[2] >= r1 and m[0] <= r2 and m[3] >= c1 and m[1] <= c2]
    if not near:
        return None
    for r, c in cells:
        for m in near:
            if m[0] <= r <= m[2] and m[1] <= c <= m[3]:
                return (r, c), (m[0], m[1], m[2], m[3])
    return None


def merged_cells_error(sheet: str, cell: tuple[int, int], area: Area, first: int, last: int) -> WriteBlockedError:
    """The message for a cell of Rank's columns (``first``–``last``, 1-based) inside merged cells."""
    where = cell_address(*cell)
    return WriteBlockedError(
        _(
            "sheet '{sheet}', cell {cell} is part of the merged cells {merged}; Rank writes its columns "
            "{first}–{last} there. Unmerge them or move the table, then run Rank again (nothing was changed)."
        ).format(
            sheet=sheet,
            cell=where,
            merged=range_address(*area),
            first=column_letter(first),
            last=column_letter(last),
        ),
        cell=where,
    )


def merged_elsewhere_error(sheet: str, cell: tuple[int, int], area: Area) -> WriteBlockedError:
    """The message for a cell Rank writes on its own sheets (Standings, settings) inside merged cells."""
    where = cell_address(*cell)
    return WriteBlockedError(
        _(
            "sheet '{sheet}', cell {cell} is part of the merged cells {merged}, where Rank writes. "
            "Unmerge them, then run Rank again (nothing was changed)."
        ).format(sheet=sheet, cell=where, merged=range_address(*area)),
        cell=f"{sheet}!{where}",
    )


def protected_error(sheet: str) -> WriteBlockedError:
    """The message for a protected sheet Rank would write on."""
    return WriteBlockedError(
        _(
            "sheet '{sheet}' is protected, so Rank cannot write its cells; unprotect it (Review > Unprotect Sheet), then run Rank again (nothing was changed)."
        ).format(sheet=sheet),
        cell=first_cell(sheet),
    )


def structure_protected_error(sheets: Sequence[str]) -> WriteBlockedError:
    """The message for a workbook whose structure is protected when Rank would add sheets."""
    return WriteBlockedError(
        ngettext(
            "the workbook's structure is protected, so Rank cannot add the sheet {sheets}; unprotect it "
            "(Review > Protect Workbook), then run Rank again (nothing was changed).",
            "the workbook's structure is protected, so Rank cannot add the sheets {sheets}; unprotect it "
            "(Review > Protect Workbook), then run Rank again (nothing was changed).",
            len(sheets),
        ).format(sheets=", ".join(repr(s) for s in sheets)),
    )


def refuse_protected(book: BookSource, sheet: str) -> None:
    """Stop when the book says the sheet is protected."""
    get = getattr(book, "protected", None)
    if get is not None and get(sheet):
        raise protected_error(sheet)


def refuse_blocked(book: BookSource, plan: Plan) -> None:
    """The button's last checks of what Excel itself would refuse, on every sheet the plan changes.

    The crosstable sheet's cells were checked while planning; here: a protected
    sheet among those written or cleared, merged cells among the cells written
    on Rank's own sheets, and a protected workbook structure when sheets are
    added.  Each check runs when the book can tell (``protected``,
    ``merged_at``/``merged``, ``structure_protected``).
    """
    written = {w.sheet for w in plan.writes}
    existing = [s for s in dict.fromkeys([*(w.sheet for w in plan.writes), *plan.clear_sheets]) if s not in plan.create_sheets]
    for sheet in existing:
        refuse_protected(book, sheet)
    # the crosstable's cells were checked while planning; a new sheet has no merges
    targets = plan.targets([s for s in existing if s != plan.sheet and s in written])
    for sheet, cells in targets.items():
        found = first_merged(book, sheet, sorted(cells))
        if found is not None:
            raise merged_elsewhere_error(sheet, *found)
    locked = getattr(book, "structure_protected", None)
    if plan.create_sheets and locked is not None and locked():
        raise structure_protected_error(plan.create_sheets)


def refuse_table_headers(book: BookSource, sheet: str, values: Cells, header_row: int, start: int, labels: list[Any]) -> None:
    """Rank's header cells inside an Excel table's header row must keep their text (a table's header is its column names)."""
    get = getattr(book, "tables", None)
    if get is None:
        return
    for name, tr1, tc1, tr2, tc2 in get(sheet):
        if tr1 != header_row + 1:
            continue
        for j, label in enumerate(labels):
            c = start + j
            if tc1 <= c + 1 <= tc2 and not same_value(cell_at(values, header_row, c), label):
                cell = cell_address(header_row + 1, c + 1)
                raise WriteBlockedError(
                    _(
                        "sheet '{sheet}', cell {cell} is a header of the Excel table '{table}' ({range}); "
                        "Rank would change it from {old} to {new}, which a table does not allow. Resize the table to end "
                        "before Rank's columns (Table Design > Resize Table), then run Rank again (nothing was changed)."
                    ).format(
                        sheet=sheet,
                        cell=cell,
                        table=name,
                        range=range_address(tr1, tc1, tr2, tc2),
                        old=repr(cell_at(values, header_row, c)),
                        new=repr(label),
                    ),
                    cell=cell,
                )
