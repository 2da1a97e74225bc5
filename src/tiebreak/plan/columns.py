"""Rank's Place and criteria columns beside the table: where they go, what they hold, whether the cells are free (imports tiebreak.core and the plan modules below plan.sheet)."""

from __future__ import annotations

from typing import Any

from tiebreak.core.a1 import cell_address, column_letter, quote_sheet, range_address
from tiebreak.core.criteria import Criterion
from tiebreak.core.errors import WriteBlockedError
from tiebreak.core.grammar import parse_number
from tiebreak.core.i18n import _
from tiebreak.core.localformat import decimal_separator, format_number, players
from tiebreak.core.model import Tournament
from tiebreak.core.numbers import half_up
from tiebreak.core.numbers import text as number_text
from tiebreak.core.ranking import Ranking
from tiebreak.core.record import Record
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
    criterion_label,
    display,
    looks_like_ours,
    place_headers,
    place_label,
    place_value,
)
from tiebreak.reading.base import TableLayout
from tiebreak.reading.labels import is_coefficient_label

__all__ = ["Columns", "Table", "check_columns", "lay_out_columns", "user_column_notes", "write_columns"]


class Table(Record):
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

    _fields = ("sheet", "values", "box", "grid", "named", "own", "own_rows")

    def __init__(
        self,
        sheet: str,
        values: Cells,
        box: tuple[int, int, int, int],
        grid: list[list[Any]],
        named: bool,
        own: list[int],
        own_rows: list[int] | None,
    ) -> None:
        self.sheet = sheet
        self.values = values
        self.box = box
        self.grid = grid
        self.named = named
        self.own = own
        self.own_rows = own_rows


class Columns(Record):
    """Where Rank writes beside the table and what: 0-based columns ``start``..``clear_to``, the values by row."""

    start: int
    width: int
    """The number of Rank's columns now (Place and the criteria)."""
    clear_to: int
    header_row: int | None
    block: dict[int, list[Any]]
    rows: list[int]
    """Every row written: the header, the players' rows, rows Rank wrote before but not now (cleared)."""

    _fields = ("start", "width", "clear_to", "header_row", "block", "rows")

    def __init__(
        self,
        start: int,
        width: int,
        clear_to: int,
        header_row: int | None,
        block: dict[int, list[Any]],
        rows: list[int],
    ) -> None:
        self.start = start
        self.width = width
        self.clear_to = clear_to
        self.header_row = header_row
        self.block = block
        self.rows = rows


def lay_out_columns(table: Table, t: Tournament, ranking: Ranking, header_row: int | None, lang: str, user_place: bool = False) -> Columns:
    """Rank's columns: right after the table (its user columns), or where Rank wrote before; their header and values.

    Beside a table with a place column of its own (``user_place``) Rank's place column is headed
    'Place (tiebreak)', never a second 'Place' beside the user's.
    """
    values, own = table.values, table.own
    top, _left, bottom, _right = table.box
    place = place_label(lang, bool(user_place))
    headers: list[Any] = [place] + [criterion_label(c, lang) for c in ranking.criteria]
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
    if previous is not None and cols.header_row is not None and own:
        # the Standings sheet heads its place column 'Place'; beside a table's own place column Rank's says 'Place (tiebreak)'
        key = (cols.header_row, min(own))
        if previous.get(key) in place_headers() and cell_at(values, *key) in place_headers():
            previous[key] = cell_at(values, *key)
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
    if at in formulas:
        span_cols = _where(table, cols, at)
        raise WriteBlockedError(
            _(
                "sheet '{sheet}', cell {cell} holds the formula {formula}, which Rank did not write; it would write its columns "
                "{first}–{last} there. Move the formula or the table, then run Rank again (nothing was changed)."
            ).format(formula=formulas[at], **span_cols),
            cell=span_cols["cell"],
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
            raise _typed_over(current, previous[at], standings, _where(table, cols, at))
    span_cols = _where(table, cols, at)
    raise WriteBlockedError(
        _(
            "sheet '{sheet}', cell {cell} holds {value}, which Rank did not write; it would write its "
            "columns {first}–{last} there. Move that data or the table, "
            "then run Rank again (nothing was changed)."
        ).format(value=repr(current), **span_cols),
        cell=span_cols["cell"],
    )


def _where(table: Table, cols: Columns, at: tuple[int, int]) -> dict[str, str]:
    """What a refusal of cell ``at`` names: the sheet, the cell, and the first and last column Rank writes (made only to refuse)."""
    r, c = at
    return {"sheet": table.sheet, "cell": cell_address(r + 1, c + 1), "first": column_letter(cols.start + 1), "last": column_letter(cols.start + cols.width)}


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


# ------------------------------------------------- the table's own Place and coefficient columns
_LISTED = 5  # differences named in a note; the rest counted


def user_column_notes(table: Table, t: Tournament, ranking: Ranking, layout: TableLayout, lang: str) -> list[str]:
    """Notes listing where the table's own place column and its coefficient column ('Коэф.') differ from tiebreak's.

    The user's columns are never changed: what they hold is compared, cell by cell (empty cells skipped),
    with the places and with the first criterion (the coefficient such a table keeps).
    """
    notes = []
    by_player = ranking.by_player()
    if layout.place_col is not None:
        ours = [by_player[i].label for i in range(len(t.players))]
        note = _differences(table, t, layout, layout.place_col, ours, _same_place, None)
        if note:
            notes.append(
                _("the table's own {label} column ({column}) differs from the places tiebreak computed for {count}: {differences}; "
                  "the column is left as it is").format(**note)
            )
    coefficient = next((c for c, label in layout.labels.items() if c not in layout.result_cols and is_coefficient_label(label)), None)
    if coefficient is not None and ranking.criteria:
        crit = ranking.criteria[0]
        values = [by_player[i].values.get(crit.code) for i in range(len(t.players))]
        if all(isinstance(v, (int, float)) for v in values):
            note = _differences(table, t, layout, coefficient, values, _same_value, crit)
            if note:
                notes.append(
                    _("the table's own {label} column ({column}) differs from {criterion} as tiebreak computed it for {count}: "
                      "{differences}; the column is left as it is").format(criterion=criterion_label(crit, lang), **note)
                )
    return notes


def _differences(table: Table, t: Tournament, layout: TableLayout, col: int, ours: list[Any], same: Any, crit: Criterion | None) -> dict[str, str] | None:
    """The fields of a note on the column ``col``: its label, its letter, how many differ and the first few; None when none differs."""
    differ = []
    for i, p in enumerate(t.players):
        if p.row is None or p.row > len(table.grid):
            continue
        line = table.grid[p.row - 1]
        theirs = line[col] if col < len(line) else None
        if is_empty(theirs) or same(theirs, ours[i]):
            continue
        shown_ours = ours[i] if crit is None else number_text(ours[i], crit.decimals, decimal_separator())
        differ.append(_("{name} {theirs} (tiebreak: {ours})").format(name=p.label(), theirs=_as_typed(theirs), ours=shown_ours))
    if not differ:
        return None
    listed = "; ".join(differ[:_LISTED]) + (" ..." if len(differ) > _LISTED else "")
    return {
        "label": str(layout.labels.get(col, "")),
        "column": column_letter(table.box[1] + col + 1),
        "count": players(len(differ)),
        "differences": listed,
    }


def _as_typed(v: Any) -> str:
    return format_number(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v).strip()


def _same_place(theirs: Any, ours: str) -> bool:
    """A place as typed ('3', 3, '6-7', '6 – 7') against tiebreak's label ('6–7')."""
    if isinstance(theirs, (int, float)) and not isinstance(theirs, bool):
        return float(theirs).is_integer() and str(int(theirs)) == ours
    return "".join(str(theirs).split()).replace("-", "–").replace("—", "–") == ours


def _same_value(theirs: Any, ours: float) -> bool:
    """A coefficient as typed against tiebreak's, at the precision the user typed (8,5 matches 8.5; 8,3 matches 8.25)."""
    x = theirs if isinstance(theirs, (int, float)) and not isinstance(theirs, bool) else parse_number(str(theirs))
    if x is None:
        return False
    typed = (format_number(x, ".") if isinstance(theirs, (int, float)) else str(theirs).strip()).replace(",", ".")
    decimals = len(typed.split(".", 1)[1]) if "." in typed else 0
    return half_up(ours, min(decimals, 4)) == half_up(float(x), min(decimals, 4))  # the one rounding rule, at the user's decimals
