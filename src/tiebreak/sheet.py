"""What "Rank" does to a workbook, decided without touching one.

The Rank button (xlwings) and ``tiebreak rank --out`` (openpyxl) both hand a
:class:`BookSource` to :func:`plan_rank`, get back a :class:`Plan` (every cell
to write, every sheet to create or clear) and apply it.  Nothing is applied
when planning fails, so bad input and blocked cells leave the workbook as it
was.

Where the table is: the range named ``crosstable``, else the largest block of
non-empty cells on the sheet (Excel's "current region").  Rank writes a Place
column and one column per criterion right after the table, in the header row
and the player rows only; a ``Standings`` sheet sorted by place; and the
``tiebreak`` settings sheet.  It overwrites only cells it wrote itself: the
settings sheet records where its columns are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

from .criteria import Criterion, parse_criteria
from .errors import InputError, LayoutError, SettingsError, WriteBlockedError, column_letter
from .read import which
from .ranking import Ranking, rank
from .reader import TableLayout, read_table
from .rules import get_rules
from .settings import LABELS, SETTINGS_SHEET, Settings, settings_grid

__all__ = ["BookSource", "Cells", "Write", "Plan", "plan_rank", "STANDINGS_SHEET", "find_region", "parse_address", "cells_of", "rows_of"]

STANDINGS_SHEET = "Standings"
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


# ------------------------------------------------------------------ regions
Cells = dict[tuple[int, int], Any]
"""A sheet's non-empty cells: (row, column) → value, 0-based."""


def _empty(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def cells_of(values: Sequence[Sequence[Any]] | Cells) -> Cells:
    """The non-empty cells of a sheet given as rows from A1 (or already as cells)."""
    if isinstance(values, dict):
        return {k: v for k, v in values.items() if not _empty(v)}
    return {(r, c): v for r, row in enumerate(values) for c, v in enumerate(row) if not _empty(v)}


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
    cells = cells_of(values)
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
def plan_rank(
    book: BookSource,
    *,
    sheet: str | None = None,
    rules: str | None = None,
    criteria: str | None = None,
    check: bool = True,
    scoring: str | None = None,
    cell_range: str | None = None,
) -> Plan:
    """Work out everything Rank writes; raise a :class:`TiebreakError` (nothing written) on bad input.

    ``rules``, ``criteria`` and ``scoring`` override the workbook's settings;
    ``cell_range`` (``A3:N13``) picks the table instead of the largest block.  With
    ``check=False`` (ranking only, nothing to be written) cells in the way
    of Rank's columns are not an error.
    """
    if rules:
        get_rules(rules)
    if criteria:
        parse_criteria(criteria)
    names = book.sheet_names()
    settings = Settings.from_grid(rows_of(cells_of(book.values(SETTINGS_SHEET)))) if SETTINGS_SHEET in names else Settings()
    try:
        settings.validate()
    except SettingsError as err:
        if not (rules or criteria):
            raise SettingsError(f"sheet '{SETTINGS_SHEET}': {err}") from None
    if rules:
        settings.rules = rules
    if criteria:
        settings.criteria = criteria
    if scoring:
        settings.scoring = scoring
    try:
        settings.validate()
    except SettingsError as err:
        raise SettingsError(f"sheet '{SETTINGS_SHEET}': {err}") from None

    named = book.named_range("crosstable")
    ranged = which.parse_range(cell_range, parse_address) if cell_range else None
    target = sheet or (ranged[0] if ranged and ranged[0] else None) or (named[0] if named and not sheet else book.active_sheet())
    target = which.match_sheet(target, names) or target
    if target not in names:
        raise SettingsError(f"there is no sheet '{target}' (sheets: {', '.join(names)})")
    if target in (SETTINGS_SHEET, STANDINGS_SHEET):
        raise SettingsError(f"'{target}' is tiebreak's own sheet: activate the sheet with the crosstable and run Rank again")
    values = cells_of(book.values(target))
    blocks: list[list[int]] = []
    if ranged:
        box = ranged[1]
    elif named and named[0] == target:
        _, r1, c1, r2, c2 = named
        box = (r1 - 1, c1 - 1, r2 - 1, c2 - 1)
    else:
        found = find_region(values, blocks=blocks)
        if found is None:
            raise InputError(f"sheet '{target}' is empty: put the crosstable on it (or name its range 'crosstable')" + _elsewhere(book, names, target))
        box = found
    top, left, bottom, right = box
    width = right - left + 1
    grid = rows_of(values, top, left, bottom, right)

    own = _own_columns(settings, target, values, box)
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
    sample = " ".join(p.name for p in t.players) + " ".join(str(v) for v in layout.labels.values())
    lang = settings.lang(sample)

    # columns: right after the table (its user columns), or where Rank wrote before
    user_right = max([c for c in range(width) if c not in ignore and any(not _empty(r[c]) for r in grid)] + [0]) + left
    if named and named[0] == target:
        # the user's own columns may continue right of the named range: write after them
        c = user_right + 1
        while c not in own and any(not _empty(_at(values, r, c)) for r in range(top, bottom + 1)):
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
    elif top > 0 and all(_empty(_at(values, top - 1, c)) for c in range(start, clear_to + 1)):
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
        rows_touched = sorted(set(rows_touched) | set(_own_rows(values, own, top, bottom)))

    # every target cell must be empty or Rank's own
    for r in rows_touched if check else ():
        for c in range(start, clear_to + 1):
            current = _at(values, r, c)
            if _empty(current):
                continue
            if c in own and _looks_like_ours(current):
                continue
            cell = f"{column_letter(c + 1)}{r + 1}"
            raise WriteBlockedError(
                f"sheet '{target}', cell {cell} holds {current!r}, which Rank did not write; it would write its "
                f"columns {column_letter(start + 1)}–{column_letter(start + n_cols)} there. Move that data or the table, "
                "then run Rank again (nothing was changed).",
                cell=cell,
            )

    plan = Plan(sheet=target, table=f"{column_letter(left + 1)}{top + 1}:{column_letter(right + 1)}{bottom + 1}", ranking=ranking)
    span = clear_to - start + 1
    for r in rows_touched:
        row = block.get(r, [])
        row = list(row) + [""] * (span - len(row))
        plan.writes.append(Write(target, r + 1, start + 1, [row]))
    _merge_writes(plan)
    first_row = header_row if header_row is not None else min(block)
    plan.output = f"{_quote(target)}!{column_letter(start + 1)}{first_row + 1}:{column_letter(start + n_cols)}{first_row + 1}"

    # the Standings sheet
    if STANDINGS_SHEET in names:
        existing = cells_of(book.values(STANDINGS_SHEET))
        mark = _at(existing, 0, 0)
        if not (isinstance(mark, str) and mark.startswith(STANDINGS_MARK)) and existing:
            raise WriteBlockedError(
                f"a sheet named '{STANDINGS_SHEET}' exists and was not written by tiebreak; rename it and run Rank again (nothing was changed)",
                cell=f"{STANDINGS_SHEET}!A1",
            )
        plan.clear_sheets.append(STANDINGS_SHEET)
    else:
        plan.create_sheets.append(STANDINGS_SHEET)
    plan.writes.append(Write(STANDINGS_SHEET, 1, 1, standings_grid(ranking, settings.rules, lang)))

    # the settings sheet: defaults the first time, the output record every time
    crit_text = ", ".join(c.code for c in crits)
    settings.criteria = settings.criteria or crit_text
    settings.output = plan.output
    if SETTINGS_SHEET not in names:
        plan.create_sheets.append(SETTINGS_SHEET)
        plan.writes.append(Write(SETTINGS_SHEET, 1, 1, settings_grid(settings, settings.criteria)))
    else:
        plan.writes.extend(_settings_updates(rows_of(cells_of(book.values(SETTINGS_SHEET))), settings))

    plan.notes = list(ranking.notes) + list(layout.notes)
    plan.message = (
        f"Ranked {len(t.players)} players on '{target}' ({plan.table}); rules {get_rules(settings.rules).name}; "
        f"criteria {', '.join(c.code for c in ranking.criteria) or 'none'}. "
        f"Wrote columns {column_letter(start + 1)}–{column_letter(start + n_cols)} and the '{STANDINGS_SHEET}' sheet."
        + ("" if not plan.notes else " Notes: " + "; ".join(plan.notes))
    )
    return plan


def _elsewhere(book: BookSource, names: list[str], target: str) -> str:
    """'; sheets with a crosstable: ...' when other sheets hold a table (for a message about ``target``)."""

    def reads(name: str) -> None:
        vals = cells_of(book.values(name))
        box = find_region(vals)
        if box is None:
            raise LayoutError("empty")
        read_table(rows_of(vals, *box))

    found = which.sheets_with_tables(names, [target, SETTINGS_SHEET, STANDINGS_SHEET], reads)
    if not found:
        return ""
    return f"; the crosstable may be on {'sheet' if len(found) == 1 else 'sheets'} {', '.join(repr(n) for n in found)}: activate it or choose it with --sheet"


def _quote(sheet: str) -> str:
    return f"'{sheet}'" if re.search(r"[^A-Za-z0-9_]", sheet) else sheet


def _at(values: Cells | Sequence[Sequence[Any]], r: int, c: int) -> Any:
    if isinstance(values, dict):
        return values.get((r, c))
    if 0 <= r < len(values) and 0 <= c < len(values[r]):
        return values[r][c]
    return None


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
        from .criteria import CRITERIA

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
    where, r1, c1, r2, c2 = parsed
    if where is not None and where != sheet:
        return []
    cols = list(range(c1 - 1, c2))
    header = [_at(values, r1 - 1, c) for c in cols]
    if not header or not all(_looks_like_ours(h) or _empty(h) for h in header):
        return []
    place = header[0]
    if isinstance(place, str) and place not in PLACE_LABELS.values() and not _PLACE.match(place.strip()):
        return []
    return cols


def _own_rows(values: Cells, cols: list[int], top: int, bottom: int) -> list[int]:
    return [r for r in range(top, bottom + 1) if any(not _empty(_at(values, r, c)) for c in cols)]


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
    """A value as Rank writes it: rounded to the criterion's decimals, whole numbers as integers."""
    if v is None:
        return ""
    if isinstance(v, tuple):
        return " ".join(f"{x:g}" for x in v)
    if isinstance(v, float):
        if v.is_integer():
            return int(v)
        r = round(v, 2 if c is None else c.decimals)
        return int(r) if r == int(r) else r
    return v


def standings_grid(ranking: Ranking, rules: str, lang: str) -> list[list[Any]]:
    t = ranking.tournament
    rs = get_rules(rules)
    crit = ranking.criteria
    ru = lang == "ru"
    head = [PLACE_LABELS[lang], "№" if ru else "No.", "Участник" if ru else "Name", "Очки" if ru else "Points"]
    head += [_label(c, lang) for c in crit] + [DECIDED_LABELS[lang]]
    rows: list[list[Any]] = [
        [f"{STANDINGS_MARK}: rules {rs.name} ({rs.title}); criteria {', '.join(c.code for c in crit) or '-'}"] + [""] * (len(head) - 1),
        [""] * len(head),
        head,
    ]
    names = {c.code: _label(c, lang) for c in crit}
    names["points"] = "Очки" if ru else "Points"
    for s in ranking.standings:
        p = t.players[s.player]
        rows.append(
            [_place_value(s.label), p.number, p.name, _display(t.points[s.player], None)]
            + [_display(s.values.get(c.code), c) for c in crit]
            + [names.get(s.decided_by or "", "")]
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
            current = _at(existing, found[key], 1)
            if current != value:
                writes.append(Write(SETTINGS_SHEET, found[key] + 1, 2, [[value]]))
        else:
            end += 1
            writes.append(Write(SETTINGS_SHEET, end, 1, [[LABELS[key], value]]))
    return writes

