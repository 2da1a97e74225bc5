"""The Standings sheet: its grid, and the writes that replace Rank's block there and nothing else (imports tiebreak.core and plan.model/cells/values/previous/blocked)."""

from __future__ import annotations

from typing import Any

from tiebreak.core.a1 import cell_address
from tiebreak.core.errors import WriteBlockedError
from tiebreak.core.i18n import _, use_language
from tiebreak.core.labels import standings_head
from tiebreak.core.places import decided_texts
from tiebreak.core.progress import after_round_text, progress
from tiebreak.core.ranking import Ranking
from tiebreak.core.rules import get_rules
from tiebreak.plan.blocked import first_cell, formulas_in, refuse_protected
from tiebreak.plan.cells import Cells, cell_at, cells_of, is_empty, same_value
from tiebreak.plan.model import (
    STANDINGS,
    STANDINGS_MARK,
    BookSource,
    OwnBlock,
    Plan,
    Write,
)
from tiebreak.plan.previous import standings_block
from tiebreak.plan.values import (
    criterion_label,
    decided_label,
    display,
    place_value,
)

__all__ = ["plan_standings", "standings_grid"]


def standings_grid(ranking: Ranking, rules: str, lang: str) -> list[list[Any]]:
    """The Standings sheet's rows: a title, the header, one row per player by place, then the ranking's notes."""
    t = ranking.tournament
    rs = get_rules(rules)
    crit = ranking.criteria
    head = standings_head(lang)
    head += [criterion_label(c, lang) for c in crit] + [decided_label(lang)]
    with use_language(lang):
        # TRANSLATORS: the Standings sheet's title; {mark} is tiebreak's mark of its own sheet and stays first.
        title = _("{mark}: rules {name} ({title}); criteria {criteria}").format(
            mark=STANDINGS_MARK, name=rs.name, title=rs.title, criteria=", ".join(c.code for c in crit) or "-"
        )
        stands = progress(t)
        if not stands.finished:  # where the event stands
            title += "; " + after_round_text(stands)
    rows: list[list[Any]] = [
        [title] + [""] * (len(head) - 1),
        [""] * len(head),
        head,
    ]
    decided = decided_texts(ranking, lang)
    for s in ranking.standings:
        p = t.players[s.player]
        rows.append(
            [place_value(s.label), p.number, p.name, display(t.points[s.player], None)]
            + [display(s.values.get(c.code), c) for c in crit]
            + [decided[s.player]]
        )
    if ranking.notes:
        rows.append([""] * len(head))
        for note in ranking.notes:
            rows.append([note] + [""] * (len(head) - 1))
    return rows


def plan_standings(plan: Plan, book: BookSource, sheet: str | None, grid: list[list[Any]], *, check: bool, kind: OwnBlock = STANDINGS) -> None:
    """Add the writes of one of Rank's own sheets to the plan: a new sheet, or the workbook's own (``sheet``, as the workbook spells it) updated.

    On an existing sheet Rank's block (recorded by a defined name, else found
    by the mark in A1) is replaced; anything else is kept, and a cell the new
    block would cover that Rank did not write stops the run.  ``kind`` says
    which sheet: the Standings sheet, or the Compare sheet, kept the same way.
    """
    height, width = len(grid), len(grid[0])
    if sheet is None:
        plan.create_sheets.append(kind.sheet)
        plan.writes.append(Write(kind.sheet, 1, 1, grid))
        plan.names[kind.name] = (kind.sheet, 1, 1, height, width)
        return
    existing = cells_of(book.values(sheet))
    old_block = standings_block(book, sheet, existing, kind)
    s_top, s_left = (old_block[0], old_block[1]) if old_block else (0, 0)
    mark = cell_at(existing, s_top, s_left)
    if not (isinstance(mark, str) and mark.startswith(kind.mark)) and existing:
        raise WriteBlockedError(
            _("a sheet named '{sheet}' exists and was not written by tiebreak; rename it and run Rank again (nothing was changed)").format(sheet=sheet),
            cell=first_cell(sheet),
        )
    old = old_block or (0, 0, -1, -1)
    last_row = max(old[2], s_top + height - 1)
    formulas = formulas_in(book, sheet, list(range(s_top, last_row + 1)), s_left, max(old[3], s_left + width - 1))
    if check:
        refuse_protected(book, sheet)
    for r in range(s_top, last_row + 1):
        row = _standings_row(sheet, grid, existing, formulas, (s_top, s_left), old, r, check=check)
        if row:
            plan.writes.append(Write(sheet, r + 1, s_left + 1, [row]))
    plan.names[kind.name] = (sheet, s_top + 1, s_left + 1, s_top + height, s_left + width)


def _standings_row(
    sheet: str,
    grid: list[list[Any]],
    existing: Cells,
    formulas: dict[tuple[int, int], str],
    origin: tuple[int, int],
    old: tuple[int, int, int, int],
    r: int,
    *,
    check: bool,
) -> list[Any]:
    """Row ``r`` (0-based) as Rank writes it: the new grid's values, blanks over the rest of the old block; checked when ``check``."""
    s_top, s_left = origin
    height, width = len(grid), len(grid[0])
    in_grid = r < s_top + height
    in_old = old[0] <= r <= old[2]
    right = max(s_left + width - 1 if in_grid else -1, old[3] if in_old else -1)
    row: list[Any] = []
    for c in range(s_left, right + 1):
        v = grid[r - s_top][c - s_left] if in_grid and c < s_left + width else ""
        if check:
            _refuse_standings_cell(sheet, existing, formulas, (r, c), v, inside_old=in_old and old[1] <= c <= old[3], size=(height, width))
        row.append(v)
    return row


def _refuse_standings_cell(
    sheet: str, existing: Cells, formulas: dict[tuple[int, int], str], at: tuple[int, int], v: Any, *, inside_old: bool, size: tuple[int, int]
) -> None:
    """Stop when the new standings would cover a value outside Rank's old block, or a formula."""
    r, c = at
    current = cell_at(existing, r, c)
    if not inside_old and not is_empty(current) and not same_value(current, v):
        cell = cell_address(r + 1, c + 1)
        raise WriteBlockedError(
            _(
                "sheet '{sheet}', cell {cell} holds {value}, outside the block Rank wrote there; the new standings "
                "({height} rows × {width} columns) would cover it. Move it below or beside the standings, then run Rank again (nothing was changed)."
            ).format(sheet=sheet, cell=cell, value=repr(current), height=size[0], width=size[1]),
            cell=f"{sheet}!{cell}",
        )
    if at in formulas:
        cell = cell_address(r + 1, c + 1)
        raise WriteBlockedError(
            _(
                "sheet '{sheet}', cell {cell} holds the formula {formula}, which Rank did not write; "
                "move it beside the standings, then run Rank again (nothing was changed)."
            ).format(sheet=sheet, cell=cell, formula=formulas[at]),
            cell=f"{sheet}!{cell}",
        )
