"""Rank's Place and criteria columns beside the table: where they go, what they hold, whether the cells are free (imports tiebreak.core and the plan modules below plan.sheet)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tiebreak.core.a1 import cell_address, column_letter, quote_sheet, range_address
from tiebreak.core.errors import WriteBlockedError
from tiebreak.core.i18n import _
from tiebreak.core.model import Tournament
from tiebreak.core.ranking import Ranking
from tiebreak.plan.blocked import (
    first_merged,
    formulas_in,
    merged_cells_error,
    refuse_protected,
    refuse_table_headers,
)
from tiebreak.plan.cells import Cells, cell_at, is_empty, same_value
from tiebreak.plan.model import (
    OUTPUT_NAME,
    STANDINGS_SHEET,
    Area,
    BookSource,
    Plan,
    Write,
)
from tiebreak.plan.ownership import own_rows, refuse_unrecorded_output
from tiebreak.plan.previous import previous_output
from tiebreak.plan.values import (
    PLACE_LABELS,
    criterion_label,
    display,
    looks_like_ours,
    place_value,
)

__all__ = ["Columns", "Table", "check_columns", "lay_out_columns", "write_columns"]


@dataclass
class Table:
    """The crosstable being ranked: its sheet and cells, where it is, and Rank's columns from last time."""

    sheet: str
    values: Cells
    box: tuple[int, int, int, int]
    """first row, first column, last row, last column: 0-based, inclusive."""
    grid: list[list[Any]]
    named: bool
    """Whether the range named ``crosstable`` is on this sheet (the user's columns may continue right of it)."""
    own: list[int]
    """Rank's columns from last time (0-based)."""
    own_rows: list[int] | None
    """Rank's rows from last time, when the defined name records them."""


@dataclass
class Columns:
    """Where Rank writes beside the table and what: 0-based columns ``start``..``clear_to``, the values by row."""

    start: int
    width: int
    """The number of Rank's columns now (Place and the criteria)."""
    clear_to: int
    header_row: int | None
    block: dict[int, list[Any]]
    rows: list[int]
    """Every row written: the header, the players' rows, rows Rank wrote before but not now (cleared)."""


def lay_out_columns(table: Table, t: Tournament, ranking: Ranking, header_row: int | None, lang: str) -> Columns:
    """Rank's columns: right after the table (its user columns), or where Rank wrote before; their header and values."""
    values, own = table.values, table.own
    top, _left, bottom, _right = table.box
    headers: list[Any] = [PLACE_LABELS[lang]] + [criterion_label(c, lang) for c in ranking.criteria]
    start = _first_free_column(table)
    clear_to = max([*own, start + len(headers) - 1])
    if header_row is not None:
        header_row = top + header_row
    elif top > 0 and all(is_empty(cell_at(values, top - 1, c)) for c in range(start, clear_to + 1)):
        header_row = top - 1
    by_player = ranking.by_player()
    block: dict[int, list[Any]] = {}
    if header_row is not None:
        block[header_row] = headers
    for i, p in enumerate(t.players):
        st = by_player[i]
        block[top + (p.row or 1) - 1] = [place_value(st.label)] + [display(st.values.get(c.code), c) for c in ranking.criteria]
    rows = sorted(block)
    if own:
        # rows Rank wrote before but not now (the table shrank) are cleared
        extra = table.own_rows if table.own_rows is not None else own_rows(values, own, top, bottom)
        rows = sorted(set(rows) | set(extra))
    return Columns(start=start, width=len(headers), clear_to=clear_to, header_row=header_row, block=block, rows=rows)


def _first_free_column(table: Table) -> int:
    """The first column (0-based) of Rank's block: after the table's own columns and any the user added right of a named range."""
    values, own, grid = table.values, table.own, table.grid
    top, left, bottom, right = table.box
    ignore = [c - left for c in own if left <= c <= right]
    user_right = max([c for c in range(right - left + 1) if c not in ignore and any(not is_empty(r[c]) for r in grid)] + [0]) + left
    if table.named:
        # the user's own columns may continue right of the named range: write after them
        c = user_right + 1
        while c not in own and any(not is_empty(cell_at(values, r, c)) for r in range(top, bottom + 1)):
            user_right = c
            c += 1
    start = min(own) if own else user_right + 1
    return user_right + 1 if own and start <= user_right else start


def check_columns(book: BookSource, table: Table, t: Tournament, cols: Columns, standings: str | None) -> None:
    """Stop, with nothing written, when a cell Rank would write is neither empty nor Rank's own (or Excel would refuse it)."""
    target, values, own = table.sheet, table.values, table.own
    if cols.header_row is not None:
        refuse_unrecorded_output(values, cols.header_row, own, target)
    previous = previous_output(book, standings, t, table.box[0], own, cols.header_row)
    formulas = formulas_in(book, target, cols.rows, cols.start, cols.clear_to)
    refuse_protected(book, target)
    span = range(cols.start, cols.clear_to + 1)
    merged = first_merged(book, target, [(r + 1, c + 1) for r in cols.rows for c in span])
    if cols.header_row is not None:
        header = cols.block.get(cols.header_row, [])
        refuse_table_headers(book, target, values, cols.header_row, cols.start, [header[i] if i < len(header) else "" for i in range(len(span))])
    for r in cols.rows:
        for c in span:
            _refuse_cell(table, cols, (r, c), formulas, merged, previous, standings or STANDINGS_SHEET)


def _refuse_cell(
    table: Table,
    cols: Columns,
    at: tuple[int, int],
    formulas: dict[tuple[int, int], str],
    merged: tuple[tuple[int, int], Area] | None,
    previous: dict[tuple[int, int], Any] | None,
    standings: str,
) -> None:
    """One target cell must be empty or Rank's own: not a formula, not merged, not a value Rank did not write."""
    r, c = at
    cell = cell_address(r + 1, c + 1)
    span_cols = {"sheet": table.sheet, "cell": cell, "first": column_letter(cols.start + 1), "last": column_letter(cols.start + cols.width)}
    if at in formulas:
        raise WriteBlockedError(
            _(
                "sheet '{sheet}', cell {cell} holds the formula {formula}, which Rank did not write; it would write its columns "
                "{first}–{last} there. Move the formula or the table, then run Rank again (nothing was changed)."
            ).format(formula=formulas[at], **span_cols),
            cell=cell,
        )
    if merged is not None and merged[0] == (r + 1, c + 1):
        raise merged_cells_error(table.sheet, merged[0], merged[1], cols.start + 1, cols.start + cols.width)
    current = cell_at(table.values, r, c)
    if is_empty(current):
        return
    if c in table.own:
        if previous is None or at not in previous:
            # what Rank wrote there cannot be told: values of Rank's kinds are taken as its own
            if looks_like_ours(current):
                return
        elif same_value(current, previous[at]):
            return
        else:
            raise _typed_over(current, previous[at], standings, span_cols)
    raise WriteBlockedError(
        _(
            "sheet '{sheet}', cell {cell} holds {value}, which Rank did not write; it would write its "
            "columns {first}–{last} there. Move that data or the table, "
            "then run Rank again (nothing was changed)."
        ).format(value=repr(current), **span_cols),
        cell=cell,
    )


def _typed_over(current: Any, expected: Any, standings: str, span_cols: dict[str, str]) -> WriteBlockedError:
    """The message for a cell of Rank's columns holding something else than Rank wrote there last time."""
    if is_empty(expected):
        text = _(
            "sheet '{sheet}', cell {cell} holds {value}, but Rank wrote nothing there last time "
            "(see the '{standings}' sheet): it was typed over. Clear the cell or move the value, "
            "then run Rank again (nothing was changed)."
        )
    else:
        text = _(
            "sheet '{sheet}', cell {cell} holds {value}, but Rank wrote {expected} there last time "
            "(see the '{standings}' sheet): it was typed over. Clear the cell or move the value, "
            "then run Rank again (nothing was changed)."
        )
    return WriteBlockedError(
        text.format(value=repr(current), expected=repr(expected), standings=standings, **span_cols),
        cell=span_cols["cell"],
    )


def write_columns(plan: Plan, table: Table, cols: Columns) -> None:
    """Add the columns' writes to the plan, and the record of where they are (the output setting, the defined name)."""
    target = table.sheet
    span = cols.clear_to - cols.start + 1
    for r in cols.rows:
        row = list(cols.block.get(r, []))
        plan.writes.append(Write(target, r + 1, cols.start + 1, [row + [""] * (span - len(row))]))
    first_row = cols.header_row if cols.header_row is not None else min(cols.block)
    last_col = cols.start + cols.width
    plan.output = f"{quote_sheet(target)}!{range_address(first_row + 1, cols.start + 1, first_row + 1, last_col)}"
    plan.names[OUTPUT_NAME] = (target, first_row + 1, cols.start + 1, max(cols.block) + 1, last_col)
