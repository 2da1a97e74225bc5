"""What "Rank" does to a workbook, decided without touching one.

The Rank button (xlwings) and ``tiebreak rank --out`` (the package editor) both hand a
:class:`BookSource` to :func:`plan_rank`, get back a :class:`Plan` (every cell
to write, every sheet to create or clear) and apply it.  Nothing is applied
when planning fails, so bad input and blocked cells leave the workbook as it
was.

Where the table is: the range named ``crosstable``, else the largest block of
non-empty cells on the sheet (Excel's "current region").  Rank writes a Place
column and one column per criterion right after the table, in the header row
and the player rows only; a ``Standings`` sheet sorted by place; and the
``tiebreak`` settings sheet.  It overwrites only cells it wrote itself:
workbook-level defined names (``tiebreak_output``, ``tiebreak_standings``),
which Excel moves as rows and columns are inserted, record where its blocks
are, and the Standings sheet what it wrote there last time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tiebreak.core.criteria import Criterion, parse_criteria
from tiebreak.core.errors import (
    FileFormatError,
    InputError,
    LayoutError,
    SettingsError,
    WriteBlockedError,
    column_letter,
)
from tiebreak.core.i18n import (
    _,
    choose_language,
    keeps_language,
    ngettext,
    set_language,
    use_language,
)
from tiebreak.core.localformat import players
from tiebreak.core.model import Scoring
from tiebreak.core.numbers import shown
from tiebreak.core.places import decided_texts
from tiebreak.core.ranking import Ranking, rank
from tiebreak.core.rules import get_rules
from tiebreak.plan.settings import LABELS, SETTINGS_SHEET, Settings, settings_grid
from tiebreak.read import TableLayout, read_table, which

__all__ = [
    "OUTPUT_NAME",
    "STANDINGS_NAME",
    "STANDINGS_SHEET",
    "Area",
    "BookSource",
    "Cells",
    "Plan",
    "Write",
    "cell_at",
    "cells_of",
    "find_region",
    "merged_cells_error",
    "merged_elsewhere_error",
    "parse_address",
    "plan_rank",
    "protected_error",
    "reference",
    "refuse_blocked",
    "rows_of",
    "structure_protected_error",
]

STANDINGS_SHEET = "Standings"
# workbook-level defined names recording Rank's blocks; Excel moves and resizes them as rows and columns are inserted
OUTPUT_NAME = "tiebreak_output"
STANDINGS_NAME = "tiebreak_standings"
# a recorded block larger than this is not Rank's (a name edited by hand, or hostile)
MAX_OWN_COLUMNS = 64
MAX_EXTRA_ROWS = 10_000
MAX_STANDINGS_ROWS = 100_000
STANDINGS_MARK = "Standings (tiebreak)"
PLACE_LABELS = {"en": "Place", "ru": "Место"}
DECIDED_LABELS = {"en": "Decided by", "ru": "Решено по"}


class BookSource(Protocol):
    """What planning needs to know of a workbook."""

    def sheet_names(self) -> list[str]: ...

    def active_sheet(self) -> str: ...

    def values(self, sheet: str) -> list[list[Any]] | dict[tuple[int, int], Any]:
        """The sheet's cell values: rows from A1, or a dict of (row, column) → value, 0-based, for sparse sheets."""
        ...

    def named_range(self, name: str) -> tuple[str, int, int, int, int] | None:
        """(sheet, first row, first column, last row, last column), 1-based, or None."""
        ...


@dataclass
class Write:
    sheet: str
    row: int
    column: int
    values: list[list[Any]]

    @property
    def address(self) -> str:
        r2 = self.row + len(self.values) - 1
        c2 = self.column + max((len(v) for v in self.values), default=1) - 1
        return f"{column_letter(self.column)}{self.row}:{column_letter(c2)}{r2}"


@dataclass
class Plan:
    sheet: str
    table: str
    writes: list[Write] = field(default_factory=list)
    create_sheets: list[str] = field(default_factory=list)
    clear_sheets: list[str] = field(default_factory=list)
    ranking: Ranking | None = None
    output: str = ""
    message: str = ""
    notes: list[str] = field(default_factory=list)
    # workbook-level defined names to set: name -> (sheet, first row, first column, last row, last column), 1-based
    names: dict[str, tuple[str, int, int, int, int]] = field(default_factory=dict)
    # the language of the messages, notes and labels ("en" or "ru")
    language: str = "en"
    # cells the writes would cover, per sheet (1-based (row, column)), for the appliers' last checks
    def targets(self, sheets: Collection[str] | None = None) -> dict[str, set[tuple[int, int]]]:
        """Per sheet (all, or those in ``sheets``), the cells the writes cover."""
        out: dict[str, set[tuple[int, int]]] = {}
        for w in self.writes:
            if sheets is not None and w.sheet not in sheets:
                continue
            cells = out.setdefault(w.sheet, set())
            for i, row in enumerate(w.values):
                for j in range(len(row)):
                    cells.add((w.row + i, w.column + j))
        return out


def reference(sheet: str, r1: int, c1: int, r2: int, c2: int) -> str:
    """An absolute reference as Excel writes it in a defined name: ``'My sheet'!$H$2:$M$6``."""
    return f"{_quote(sheet)}!${column_letter(c1)}${r1}:${column_letter(c2)}${r2}"


# ------------------------------------------------------------------ regions
Cells = dict[tuple[int, int], Any]
"""A sheet's non-empty cells: (row, column) → value, 0-based."""


def _empty(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


class _Clean(dict):  # type: ignore[type-arg]
    """Cells already without empty values (so they are not filtered again)."""


def cells_of(values: Sequence[Sequence[Any]] | Cells) -> Cells:
    """The non-empty cells of a sheet given as rows from A1 (or already as cells)."""
    if isinstance(values, _Clean):
        return values
    if isinstance(values, dict):
        return _Clean({k: v for k, v in values.items() if v is not None and (v.__class__ is not str or v.strip())})
    return _Clean({(r, c): v for r, row in enumerate(values) for c, v in enumerate(row) if not _empty(v)})


def rows_of(cells: Cells, top: int = 0, left: int = 0, bottom: int | None = None, right: int | None = None) -> list[list[Any]]:
    """Rows of values of a rectangle (inclusive, 0-based); the whole used area by default."""
    if bottom is None:
        bottom = max((r for r, _ in cells), default=-1)
    if right is None:
        right = max((c for _, c in cells), default=-1)
    return [[cells.get((r, c)) for c in range(left, right + 1)] for r in range(top, bottom + 1)]


def find_region(values: Sequence[Sequence[Any]] | Cells, blocks: list[list[int]] | None = None) -> tuple[int, int, int, int] | None:
    """The largest block of non-empty cells, as Excel's "current region" (0-based, inclusive).

    Cells joined side by side or corner to corner form a block; blocks whose
    rectangles touch are merged until none touch.  Works on runs of adjacent
    cells in each row, so a big table costs little.
    """
    cells = values if isinstance(values, _Clean) else cells_of(values)
    if not cells:
        return None
    by_row: dict[int, list[int]] = {}
    for r, c in cells:
        by_row.setdefault(r, []).append(c)
    runs: list[tuple[int, int, int]] = []  # (row, first column, last column)
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
    boxes_by_root: dict[int, list[int]] = {}
    for i, (r, c0, c1) in enumerate(runs):
        box = boxes_by_root.setdefault(root(i), [r, c0, r, c1])
        box[0], box[1], box[2], box[3] = min(box[0], r), min(box[1], c0), max(box[2], r), max(box[3], c1)
    boxes = list(boxes_by_root.values())
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
    if blocks is not None:  # every block, for the caller to tell the user about the others
        blocks.extend(boxes)
    best = max(boxes, key=lambda b: ((b[2] - b[0] + 1) * (b[3] - b[1] + 1), -b[0], -b[1]))
    return best[0], best[1], best[2], best[3]


_ADDRESS = re.compile(r"(?:'?(?P<sheet>[^'!]+)'?!)?\$?(?P<c1>[A-Za-z]{1,3})\$?(?P<r1>\d+)(?::\$?(?P<c2>[A-Za-z]{1,3})\$?(?P<r2>\d+))?\Z")


def parse_address(text: str) -> tuple[str | None, int, int, int, int] | None:
    """``Sheet1!N1:S1`` → (sheet, row1, col1, row2, col2), 1-based; None if it is not an address."""
    m = _ADDRESS.match(text.strip())
    if not m:
        return None

    def col(letters: str) -> int:
        n = 0
        for ch in letters.upper():
            n = n * 26 + ord(ch) - 64
        return n

    r1, c1 = int(m.group("r1")), col(m.group("c1"))
    r2 = int(m.group("r2") or r1)
    c2 = col(m.group("c2") or m.group("c1"))
    return m.group("sheet"), min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


# ------------------------------------------------------------------ planning
@keeps_language
def plan_rank(
    book: BookSource,
    *,
    sheet: str | None = None,
    rules: str | None = None,
    criteria: str | None = None,
    check: bool = True,
    scoring: str | None = None,
    cell_range: str | None = None,
    language: Callable[[object, Iterable[object]], str] | None = None,
) -> Plan:
    """Work out everything Rank writes; raise a :class:`TiebreakError` (nothing written) on bad input.

    ``rules``, ``criteria`` and ``scoring`` override the workbook's settings;
    ``cell_range`` (``A3:N13``) picks the table instead of the largest block.  With
    ``check=False`` (ranking only, nothing to be written) cells in the way
    of Rank's columns are not an error.

    ``language(setting, labels)`` chooses the language from the settings
    sheet's Language value and the table's labels (default:
    :func:`tiebreak.core.i18n.choose_language`); the messages, notes and labels
    speak it, and :attr:`Plan.language` says which it was.  The caller's
    current language is unchanged afterwards.
    """
    choose = language or choose_language
    if rules:
        get_rules(rules)
    if criteria:
        parse_criteria(criteria)
    names = book.sheet_names()
    settings = Settings.from_grid(rows_of(cells_of(book.values(SETTINGS_SHEET)))) if SETTINGS_SHEET in names else Settings()
    set_language(choose(settings.language, ()))
    try:
        settings.validate()
    except SettingsError as err:
        if not (rules or criteria):
            raise SettingsError(_("sheet '{sheet}': {error}").format(sheet=SETTINGS_SHEET, error=err)) from None
    # what the caller gives (the command line's options) is checked, and reported, as its own, not the sheet's
    if rules:
        get_rules(rules)
        settings.rules = rules
    if criteria:
        if criteria.strip():
            parse_criteria(criteria)
        settings.criteria = criteria
    if scoring:
        if scoring.strip().casefold() not in ("auto", "авто"):
            Scoring.parse(scoring)
        settings.scoring = scoring
    try:
        settings.validate()
    except SettingsError as err:
        raise SettingsError(_("sheet '{sheet}': {error}").format(sheet=SETTINGS_SHEET, error=err)) from None

    named = book.named_range("crosstable")
    ranged = which.parse_range(cell_range, parse_address) if cell_range else None
    target = sheet or (ranged[0] if ranged and ranged[0] else None) or (named[0] if named and not sheet else book.active_sheet())
    target = which.match_sheet(target, names) or target
    if target not in names:
        raise SettingsError(_("there is no sheet '{sheet}' (sheets: {sheets})").format(sheet=target, sheets=", ".join(names)))
    if target in (SETTINGS_SHEET, STANDINGS_SHEET):
        raise SettingsError(_("'{sheet}' is tiebreak's own sheet: activate the sheet with the crosstable and run Rank again").format(sheet=target))
    try:
        values = cells_of(book.values(target))
    except FileFormatError as err:  # a chart sheet as the active tab: say where the tables are
        raise FileFormatError(str(err) + _elsewhere(book, names, target)) from None
    box: tuple[int, int, int, int]
    blocks: list[list[int]] = []
    if ranged:
        box = ranged[1]
    elif named and named[0] == target:
        _sheet, r1, c1, r2, c2 = named
        box = (r1 - 1, c1 - 1, r2 - 1, c2 - 1)
    else:
        found = find_region(values, blocks=blocks)
        if found is None:
            raise InputError(
                _("sheet '{sheet}' is empty: put the crosstable on it (or name its range 'crosstable')").format(sheet=target)
                + _elsewhere(book, names, target)
            )
        box = found
    top, left, bottom, right = box
    width = right - left + 1
    grid = rows_of(values, top, left, bottom, right)
    lang = choose(settings.language, _labels(grid))
    set_language(lang)

    own, own_rows = _own_block(book, settings, target, values, box)
    ignore = [c - left for c in own if left <= c <= right]
    scale = settings.scoring_value()
    try:
        t = read_table(grid, scoring=scale, origin=(top + 1, left + 1), sheet=target, ignore_cols=ignore)
    except LayoutError as err:
        raise LayoutError(str(err) + _elsewhere(book, names, target)) from None
    layout: TableLayout = t.layout  # type: ignore[assignment]
    note = which.other_tables_note(box, [tuple(b) for b in blocks]) if blocks else None  # type: ignore[misc]
    if note:
        layout.notes.append(note)
    crits = settings.criteria_list(round_robin=t.is_round_robin)
    ranking = rank(t, crits, settings.rules)

    # columns: right after the table (its user columns), or where Rank wrote before
    user_right = max([c for c in range(width) if c not in ignore and any(not _empty(r[c]) for r in grid)] + [0]) + left
    if named and named[0] == target:
        # the user's own columns may continue right of the named range: write after them
        c = user_right + 1
        while c not in own and any(not _empty(cell_at(values, r, c)) for r in range(top, bottom + 1)):
            user_right = c
            c += 1
    start = min(own) if own else user_right + 1
    if own and start <= user_right:
        start = user_right + 1
    headers = [PLACE_LABELS[lang]] + [_label(c, lang) for c in ranking.criteria]
    n_cols = len(headers)
    clear_to = max([c for c in own] + [start + n_cols - 1])

    header_row: int | None
    if layout.header_row is not None:
        header_row = top + layout.header_row
    elif top > 0 and all(_empty(cell_at(values, top - 1, c)) for c in range(start, clear_to + 1)):
        header_row = top - 1
    else:
        header_row = None

    by_player = ranking.by_player()
    block: dict[int, list[Any]] = {}
    if header_row is not None:
        block[header_row] = headers
    for i, p in enumerate(t.players):
        r = top + (p.row or 1) - 1
        st = by_player[i]
        block[r] = [_place_value(st.label)] + [_display(st.values.get(c.code), c) for c in ranking.criteria]
    rows_touched = sorted(block)
    if own:
        # rows Rank wrote before but not now (the table shrank) are cleared
        extra = own_rows if own_rows is not None else _own_rows(values, own, top, bottom)
        rows_touched = sorted(set(rows_touched) | set(extra))

    if check:
        if header_row is not None:
            _refuse_unrecorded_output(values, header_row, own, target)
        previous = _previous_output(book, names, t, top, own, header_row)
        formulas = _formulas_in(book, target, rows_touched, start, clear_to)
        _refuse_protected(book, target)
        merged = _first_merged(book, target, [(r + 1, c + 1) for r in rows_touched for c in range(start, clear_to + 1)])
        if header_row is not None:
            _refuse_table_headers(book, target, values, header_row, start, [block.get(header_row, [])[i] if i < len(block.get(header_row, [])) else "" for i in range(clear_to - start + 1)])
        # every target cell must be empty or Rank's own
        for r in rows_touched:
            for c in range(start, clear_to + 1):
                cell = f"{column_letter(c + 1)}{r + 1}"
                span_cols = {"sheet": target, "cell": cell, "first": column_letter(start + 1), "last": column_letter(start + n_cols)}
                if (r, c) in formulas:
                    raise WriteBlockedError(
                        _(
                            "sheet '{sheet}', cell {cell} holds the formula {formula}, which Rank did not write; it would write its columns "
                            "{first}–{last} there. Move the formula or the table, then run Rank again (nothing was changed)."
                        ).format(formula=formulas[(r, c)], **span_cols),
                        cell=cell,
                    )
                if merged is not None and merged[0] == (r + 1, c + 1):
                    raise merged_cells_error(target, merged[0], merged[1], start + 1, start + n_cols)
                current = cell_at(values, r, c)
                if _empty(current):
                    continue
                if c in own:
                    if previous is None or (r, c) not in previous:
                        # what Rank wrote there cannot be told: values of Rank's kinds are taken as its own
                        if _looks_like_ours(current):
                            continue
                    elif _same(current, previous[(r, c)]):
                        continue
                    else:
                        expected = previous[(r, c)]
                        if _empty(expected):
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
                        raise WriteBlockedError(
                            text.format(value=repr(current), expected=repr(expected), standings=STANDINGS_SHEET, **span_cols),
                            cell=cell,
                        )
                raise WriteBlockedError(
                    _(
                        "sheet '{sheet}', cell {cell} holds {value}, which Rank did not write; it would write its "
                        "columns {first}–{last} there. Move that data or the table, "
                        "then run Rank again (nothing was changed)."
                    ).format(value=repr(current), **span_cols),
                    cell=cell,
                )

    plan = Plan(sheet=target, table=f"{column_letter(left + 1)}{top + 1}:{column_letter(right + 1)}{bottom + 1}", ranking=ranking, language=lang)
    span = clear_to - start + 1
    for r in rows_touched:
        row = block.get(r, [])
        row = list(row) + [""] * (span - len(row))
        plan.writes.append(Write(target, r + 1, start + 1, [row]))
    first_row = header_row if header_row is not None else min(block)
    plan.output = f"{_quote(target)}!{column_letter(start + 1)}{first_row + 1}:{column_letter(start + n_cols)}{first_row + 1}"
    plan.names[OUTPUT_NAME] = (target, first_row + 1, start + 1, max(block) + 1, start + n_cols)

    # the Standings sheet: Rank's block in it (recorded by a defined name) is replaced; anything else is kept
    grid_s = standings_grid(ranking, settings.rules, lang)
    height, width_s = len(grid_s), len(grid_s[0])
    if STANDINGS_SHEET in names:
        existing = cells_of(book.values(STANDINGS_SHEET))
        old_block = _standings_block(book, existing)
        s_top, s_left = (old_block[0], old_block[1]) if old_block else (0, 0)
        mark = cell_at(existing, s_top, s_left)
        if not (isinstance(mark, str) and mark.startswith(STANDINGS_MARK)) and existing:
            raise WriteBlockedError(
                _("a sheet named '{sheet}' exists and was not written by tiebreak; rename it and run Rank again (nothing was changed)").format(
                    sheet=STANDINGS_SHEET
                ),
                cell=_first_cell(STANDINGS_SHEET),
            )
        ob = old_block or (0, 0, -1, -1)
        s_formulas = _formulas_in(book, STANDINGS_SHEET, list(range(s_top, max(ob[2], s_top + height - 1) + 1)), s_left, max(ob[3], s_left + width_s - 1))
        if check:
            _refuse_protected(book, STANDINGS_SHEET)
        for r in range(s_top, max(ob[2], s_top + height - 1) + 1):
            in_grid = r < s_top + height
            in_old = ob[0] <= r <= ob[2]
            right_s = max(s_left + width_s - 1 if in_grid else -1, ob[3] if in_old else -1)
            row_vals: list[Any] = []
            for c in range(s_left, right_s + 1):
                v = grid_s[r - s_top][c - s_left] if in_grid and c < s_left + width_s else ""
                inside_old = in_old and ob[1] <= c <= ob[3]
                current = cell_at(existing, r, c)
                if check and not inside_old and not _empty(current) and not _same(current, v):
                    cell = f"{column_letter(c + 1)}{r + 1}"
                    raise WriteBlockedError(
                        _(
                            "sheet '{sheet}', cell {cell} holds {value}, outside the block Rank wrote there; the new standings "
                            "({height} rows × {width} columns) would cover it. Move it below or beside the standings, then run Rank again (nothing was changed)."
                        ).format(sheet=STANDINGS_SHEET, cell=cell, value=repr(current), height=height, width=width_s),
                        cell=f"{STANDINGS_SHEET}!{cell}",
                    )
                if check and (r, c) in s_formulas:
                    cell = f"{column_letter(c + 1)}{r + 1}"
                    raise WriteBlockedError(
                        _(
                            "sheet '{sheet}', cell {cell} holds the formula {formula}, which Rank did not write; "
                            "move it beside the standings, then run Rank again (nothing was changed)."
                        ).format(sheet=STANDINGS_SHEET, cell=cell, formula=s_formulas[(r, c)]),
                        cell=f"{STANDINGS_SHEET}!{cell}",
                    )
                row_vals.append(v)
            if row_vals:
                plan.writes.append(Write(STANDINGS_SHEET, r + 1, s_left + 1, [row_vals]))
        plan.names[STANDINGS_NAME] = (STANDINGS_SHEET, s_top + 1, s_left + 1, s_top + height, s_left + width_s)
    else:
        plan.create_sheets.append(STANDINGS_SHEET)
        plan.writes.append(Write(STANDINGS_SHEET, 1, 1, grid_s))
        plan.names[STANDINGS_NAME] = (STANDINGS_SHEET, 1, 1, height, width_s)

    # the settings sheet: defaults the first time, the output record every time
    crit_text = ", ".join(c.code for c in crits)
    settings.criteria = settings.criteria or crit_text
    settings.output = plan.output
    if SETTINGS_SHEET not in names:
        plan.create_sheets.append(SETTINGS_SHEET)
        plan.writes.append(Write(SETTINGS_SHEET, 1, 1, settings_grid(settings, settings.criteria)))
    else:
        plan.writes.extend(_settings_updates(rows_of(cells_of(book.values(SETTINGS_SHEET))), settings))

    _merge_writes(plan)
    plan.notes = list(ranking.notes) + list(layout.notes)
    plan.message = _(
        "Ranked {players} on '{sheet}' ({table}); rules {rules}; criteria {criteria}. Wrote columns {first}–{last} and the '{standings}' sheet."
    ).format(
        players=players(len(t.players)),
        sheet=target,
        table=plan.table,
        rules=get_rules(settings.rules).name,
        criteria=", ".join(c.code for c in ranking.criteria) or _("none"),
        first=column_letter(start + 1),
        last=column_letter(start + n_cols),
        standings=STANDINGS_SHEET,
    )
    if plan.notes:
        plan.message = _("{message} Notes: {notes}").format(message=plan.message, notes="; ".join(plan.notes))
    if settings.compare.strip():  # the settings' Compare option: a Compare sheet (tiebreak.plan.compare)
        from tiebreak.plan.compare import compare_sheet

        extra = compare_sheet(ranking, book, settings, lang)
        (plan.clear_sheets if extra.replace else plan.create_sheets).append(extra.sheet)
        plan.writes.append(Write(extra.sheet, 1, 1, extra.grid))
        plan.message += extra.message
    return plan


def _elsewhere(book: BookSource, names: list[str], target: str) -> str:
    """'; sheets with a crosstable: ...' when other sheets hold a table (for a message about ``target``)."""

    def reads(name: str) -> None:
        vals = cells_of(book.values(name))
        box = find_region(vals)
        if box is None:
            raise LayoutError(_("empty"))
        read_table(rows_of(vals, *box))

    found = which.sheets_with_tables(names, [target, SETTINGS_SHEET, STANDINGS_SHEET], reads)
    if not found:
        return ""
    # TRANSLATORS: the end of a message about an empty or unreadable sheet; it starts with "; ".
    return ngettext(
        "; the crosstable may be on sheet {sheets}: activate it or choose it with --sheet",
        "; the crosstable may be on sheets {sheets}: activate it or choose it with --sheet",
        len(found),
    ).format(sheets=", ".join(repr(n) for n in found))


def _quote(sheet: str) -> str:
    return "'" + sheet.replace("'", "''") + "'" if re.search(r"[^A-Za-z0-9_]", sheet) else sheet


def cell_at(values: Cells | Sequence[Sequence[Any]], r: int, c: int) -> Any:
    """A cell (0-based) of a sheet's cells or rows of values; None beyond them."""
    if isinstance(values, dict):
        return values.get((r, c))
    if 0 <= r < len(values) and 0 <= c < len(values[r]):
        return values[r][c]
    return None


def _labels(grid: Sequence[Sequence[Any]]) -> list[str]:
    """The table's texts that tell its language: headers and names (a lone letter, such as a diagonal's X, does not)."""
    return [
        v
        for row in grid
        for v in row
        if isinstance(v, str) and len(v) > 1 and (not (v[0].isspace() or v[-1].isspace()) or len(v.strip()) > 1)
    ]


def _label(c: Criterion, lang: str) -> str:
    return c.name_ru if lang == "ru" else c.name


_PLACE = re.compile(r"\d+(?:\s*[–-]\s*\d+)?\Z")
_NUMBERS = re.compile(r"-?\d+(?:[.,]\d+)?(?: -?\d+(?:[.,]\d+)?)+\Z")  # the "order" column's results


def _looks_like_ours(v: Any) -> bool:
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return True
    if isinstance(v, str):
        t = v.strip()
        if _PLACE.match(t) or _NUMBERS.match(t) or t in PLACE_LABELS.values():
            return True
        from tiebreak.core.criteria import CRITERIA

        if any(t in (c.name, c.name_ru) for c in CRITERIA.values()):
            return True
        try:
            float(t.replace(",", "."))
            return True
        except ValueError:
            return False
    return False


def _own_columns(settings: Settings, sheet: str, values: Cells, box: tuple[int, int, int, int]) -> list[int]:
    """Columns (0-based) Rank wrote last time, if the record still matches the sheet."""
    if not settings.output:
        return []
    parsed = parse_address(settings.output)
    if parsed is None:
        return []
    where, r1, c1, _, c2 = parsed
    if where is not None and where != sheet:
        return []
    cols = list(range(c1 - 1, c2))
    header = [cell_at(values, r1 - 1, c) for c in cols]
    if not header or not all(_looks_like_ours(h) or _empty(h) for h in header):
        return []
    place = header[0]
    if isinstance(place, str) and place not in PLACE_LABELS.values() and not _PLACE.match(place.strip()):
        return []
    return cols


def _same(a: Any, b: Any) -> bool:
    if _empty(a) and _empty(b):
        return True
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) and not isinstance(b, bool):
        return abs(float(a) - float(b)) < 1e-9
    return str(a).strip() == str(b).strip()


def _key(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v).strip()


def _own_block(book: BookSource, settings: Settings, sheet: str, values: Cells, box: tuple[int, int, int, int]) -> tuple[list[int], list[int] | None]:
    """Rank's columns from last time (0-based) and, when the defined name records them, its rows.

    The workbook-level name ``tiebreak_output`` is what Excel keeps up to date when
    the user inserts rows or columns; the settings sheet's text record is the
    fallback for workbooks ranked before the name existed.
    """
    named = book.named_range(OUTPUT_NAME)
    if named is not None:
        where, r1, c1, r2, c2 = named
        if where != sheet:
            return [], None
        top, _left, bottom, _right = box
        if c2 - c1 + 1 > MAX_OWN_COLUMNS or r2 - r1 + 1 > bottom - top + 1 + MAX_EXTRA_ROWS:
            raise WriteBlockedError(
                _(
                    "the defined name '{name}' points to {range} on sheet '{sheet}', far more than "
                    "Rank's Place and criteria columns beside the table; correct or delete the name (Formulas > Name Manager), then run Rank again "
                    "(nothing was changed)."
                ).format(name=OUTPUT_NAME, range=f"{column_letter(c1)}{r1}:{column_letter(c2)}{r2}", sheet=sheet),
                cell=f"{column_letter(c1)}{r1}",
            )
        return list(range(c1 - 1, c2)), list(range(r1 - 1, r2))
    return _own_columns(settings, sheet, values, box), None


def _refuse_unrecorded_output(values: Cells, header_row: int, own: list[int], sheet: str) -> None:
    """Old Place/criteria columns that no record locates any more: refuse rather than leave them stale beside new ones."""
    from tiebreak.core.criteria import CRITERIA

    labels = {n for c in CRITERIA.values() for n in (c.name, c.name_ru)}
    cols = sorted(c for (r, c) in values if r == header_row)
    for c in cols:
        v = values.get((header_row, c))
        if c in own or not isinstance(v, str) or v.strip() not in PLACE_LABELS.values():
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
            cell=f"{column_letter(c + 1)}{header_row + 1}",
        )


def _previous_output(book: BookSource, names: list[str], t: Any, top: int, own: list[int], header_row: int | None) -> dict[tuple[int, int], Any] | None:
    """What Rank wrote in its columns last time, cell by cell (0-based), from the Standings sheet; None if that cannot be told."""
    if not own or STANDINGS_SHEET not in names:
        return None
    existing = cells_of(book.values(STANDINGS_SHEET))
    block = _standings_block(book, existing)
    if block is None:
        return None
    s_top, s_left, s_bottom, s_right = block
    head = [cell_at(existing, s_top + 2, c) for c in range(s_left, s_right + 1)]
    if len(head) < 5:
        return None
    n_crit = len(head) - 5  # Place, No, Name, Points, criteria..., Decided by
    by_player: dict[tuple[str, str], list[Any]] = {}
    for r in range(s_top + 3, s_bottom + 1):
        row = [cell_at(existing, r, c) for c in range(s_left, s_right + 1)]
        if _empty(row[0]) or _empty(row[2]):
            continue
        by_player[(_key(row[1]), _key(row[2]))] = [row[0]] + row[4 : 4 + n_crit]
    out: dict[tuple[int, int], Any] = {}
    start = min(own)
    if header_row is not None:
        for j, label in enumerate([head[0]] + head[4 : 4 + n_crit]):
            out[(header_row, start + j)] = label
    for p in t.players:
        r = top + (p.row or 1) - 1
        old = by_player.get((_key(p.number), _key(p.name)))
        for j in range(len(own)):
            out[(r, start + j)] = None if old is None else (old[j] if j < len(old) else None)
    return out


def _standings_block(book: BookSource, existing: Cells) -> tuple[int, int, int, int] | None:
    """Rank's block on the Standings sheet (0-based, inclusive): the defined name, else the mark in A1 and its table."""
    named = book.named_range(STANDINGS_NAME)
    if named is not None and named[0] == STANDINGS_SHEET:
        _sheet, r1, c1, r2, c2 = named
        if c2 - c1 + 1 > MAX_OWN_COLUMNS or r2 - r1 + 1 > MAX_STANDINGS_ROWS:
            raise WriteBlockedError(
                _(
                    "the defined name '{name}' points to {range}, far more than Rank's standings; "
                    "correct or delete the name (Formulas > Name Manager), then run Rank again (nothing was changed)."
                ).format(name=STANDINGS_NAME, range=f"{column_letter(c1)}{r1}:{column_letter(c2)}{r2}"),
                cell=f"{STANDINGS_SHEET}!{column_letter(c1)}{r1}",
            )
        return r1 - 1, c1 - 1, r2 - 1, c2 - 1
    mark = cell_at(existing, 0, 0)
    if not (isinstance(mark, str) and mark.startswith(STANDINGS_MARK)):
        return None
    width = 0
    while not _empty(cell_at(existing, 2, width)):
        width += 1
    bottom = 2
    while not _empty(cell_at(existing, bottom + 1, 0)):
        bottom += 1
    return 0, 0, bottom, max(width - 1, 0)


def _formulas_in(book: BookSource, sheet: str, rows: Sequence[int], c1: int, c2: int) -> dict[tuple[int, int], str]:
    """Formula cells (0-based) among the rows and columns Rank would write, when the book can tell."""
    get = getattr(book, "formulas_in", None)
    if get is None or not rows:
        return {}
    found: dict[tuple[int, int], str] = get(sheet, min(rows) + 1, c1 + 1, max(rows) + 1, c2 + 1)
    wanted = set(rows)
    return {k: v for k, v in found.items() if k[0] in wanted}


Area = tuple[int, int, int, int]
"""A rectangle of cells: (first row, first column, last row, last column), 1-based."""


def _first_merged(book: BookSource, sheet: str, cells: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], Area] | None:
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
    where = f"{column_letter(cell[1])}{cell[0]}"
    return WriteBlockedError(
        _(
            "sheet '{sheet}', cell {cell} is part of the merged cells {merged}; Rank writes its columns "
            "{first}–{last} there. Unmerge them or move the table, then run Rank again (nothing was changed)."
        ).format(
            sheet=sheet,
            cell=where,
            merged=f"{column_letter(area[1])}{area[0]}:{column_letter(area[3])}{area[2]}",
            first=column_letter(first),
            last=column_letter(last),
        ),
        cell=where,
    )


def merged_elsewhere_error(sheet: str, cell: tuple[int, int], area: Area) -> WriteBlockedError:
    """The message for a cell Rank writes on its own sheets (Standings, settings) inside merged cells."""
    where = f"{column_letter(cell[1])}{cell[0]}"
    return WriteBlockedError(
        _(
            "sheet '{sheet}', cell {cell} is part of the merged cells {merged}, where Rank writes. "
            "Unmerge them, then run Rank again (nothing was changed)."
        ).format(sheet=sheet, cell=where, merged=f"{column_letter(area[1])}{area[0]}:{column_letter(area[3])}{area[2]}"),
        cell=f"{sheet}!{where}",
    )


def protected_error(sheet: str) -> WriteBlockedError:
    """The message for a protected sheet Rank would write on."""
    return WriteBlockedError(
        _(
            "sheet '{sheet}' is protected, so Rank cannot write its cells; unprotect it (Review > Unprotect Sheet), then run Rank again (nothing was changed)."
        ).format(sheet=sheet),
        cell=_first_cell(sheet),
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
        _refuse_protected(book, sheet)
    # the crosstable's cells were checked while planning; a new sheet has no merges
    targets = plan.targets([s for s in existing if s != plan.sheet and s in written])
    for sheet, cells in targets.items():
        found = _first_merged(book, sheet, sorted(cells))
        if found is not None:
            raise merged_elsewhere_error(sheet, *found)
    locked = getattr(book, "structure_protected", None)
    if plan.create_sheets and locked is not None and locked():
        raise structure_protected_error(plan.create_sheets)


def _refuse_table_headers(book: BookSource, sheet: str, values: Cells, header_row: int, start: int, labels: list[Any]) -> None:
    """Rank's header cells inside an Excel table's header row must keep their text (a table's header is its column names)."""
    get = getattr(book, "tables", None)
    if get is None:
        return
    for name, tr1, tc1, tr2, tc2 in get(sheet):
        if tr1 != header_row + 1:
            continue
        for j, label in enumerate(labels):
            c = start + j
            if tc1 <= c + 1 <= tc2 and not _same(cell_at(values, header_row, c), label):
                cell = f"{column_letter(c + 1)}{header_row + 1}"
                raise WriteBlockedError(
                    _(
                        "sheet '{sheet}', cell {cell} is a header of the Excel table '{table}' ({range}); "
                        "Rank would change it from {old} to {new}, which a table does not allow. Resize the table to end "
                        "before Rank's columns (Table Design > Resize Table), then run Rank again (nothing was changed)."
                    ).format(
                        sheet=sheet,
                        cell=cell,
                        table=name,
                        range=f"{column_letter(tc1)}{tr1}:{column_letter(tc2)}{tr2}",
                        old=repr(cell_at(values, header_row, c)),
                        new=repr(label),
                    ),
                    cell=cell,
                )


def _refuse_protected(book: BookSource, sheet: str) -> None:
    get = getattr(book, "protected", None)
    if get is not None and get(sheet):
        raise protected_error(sheet)


def _first_cell(sheet: str) -> str:
    """The cell a message about a whole sheet points to: its A1."""
    return f"{sheet}!A1"


def _own_rows(values: Cells, cols: list[int], top: int, bottom: int) -> list[int]:
    return [r for r in range(top, bottom + 1) if any(not _empty(cell_at(values, r, c)) for c in cols)]


def _merge_writes(plan: Plan) -> None:
    """Consecutive one-row writes into one block (fewer actions for Excel)."""
    merged: list[Write] = []
    for w in plan.writes:
        last = merged[-1] if merged else None
        if last and last.sheet == w.sheet and last.column == w.column and last.row + len(last.values) == w.row and len(last.values[0]) == len(w.values[0]):
            last.values.extend(w.values)
        else:
            merged.append(Write(w.sheet, w.row, w.column, [list(r) for r in w.values]))
    plan.writes = merged


def _place_value(label: str) -> Any:
    return int(label) if label.isdigit() else label


def _display(v: Any, c: Criterion | None) -> Any:
    """A value as Rank writes it: rounded half up to the criterion's decimals (as the command line
    shows it, :func:`tiebreak.core.numbers.shown`), whole numbers as integers."""
    return shown(v, 2 if c is None else c.decimals)


def standings_grid(ranking: Ranking, rules: str, lang: str) -> list[list[Any]]:
    t = ranking.tournament
    rs = get_rules(rules)
    crit = ranking.criteria
    ru = lang == "ru"
    head = [PLACE_LABELS[lang], "№" if ru else "No.", "Участник" if ru else "Name", "Очки" if ru else "Points"]
    head += [_label(c, lang) for c in crit] + [DECIDED_LABELS[lang]]
    with use_language(lang):
        # TRANSLATORS: the Standings sheet's title; {mark} is tiebreak's mark of its own sheet and stays first.
        title = _("{mark}: rules {name} ({title}); criteria {criteria}").format(
            mark=STANDINGS_MARK, name=rs.name, title=rs.title, criteria=", ".join(c.code for c in crit) or "-"
        )
    rows: list[list[Any]] = [
        [title] + [""] * (len(head) - 1),
        [""] * len(head),
        head,
    ]
    decided = decided_texts(ranking, lang)
    for s in ranking.standings:
        p = t.players[s.player]
        rows.append(
            [_place_value(s.label), p.number, p.name, _display(t.points[s.player], None)]
            + [_display(s.values.get(c.code), c) for c in crit]
            + [decided[s.player]]
        )
    if ranking.notes:
        rows.append([""] * len(head))
        for note in ranking.notes:
            rows.append([note] + [""] * (len(head) - 1))
    return rows


def _settings_updates(existing: Sequence[Sequence[Any]], s: Settings) -> list[Write]:
    """Write the effective values into the existing settings sheet's value cells."""
    found = Settings.from_grid(existing).found
    writes: list[Write] = []
    end = len(existing)
    values = {"rules": s.rules, "criteria": s.criteria, "scoring": s.scoring, "language": s.language, "output": s.output}
    for key, value in values.items():
        if key in found:
            current = cell_at(existing, found[key], 1)
            if current != value:
                writes.append(Write(SETTINGS_SHEET, found[key] + 1, 2, [[value]]))
        else:
            end += 1
            writes.append(Write(SETTINGS_SHEET, end, 1, [[LABELS[key], value]]))
    return writes

