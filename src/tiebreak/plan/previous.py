"""What Rank wrote last time, told from the Standings sheet: its block there and the values beside each player (imports tiebreak.core and plan.model/cells)."""

from __future__ import annotations

from typing import Any

from tiebreak.core.a1 import cell_address, range_address, same_sheet
from tiebreak.core.errors import WriteBlockedError
from tiebreak.core.i18n import _
from tiebreak.core.model import Tournament
from tiebreak.plan.cells import Cells, cell_at, cells_of, is_empty, player_key
from tiebreak.plan.model import (
    MAX_OWN_COLUMNS,
    MAX_STANDINGS_ROWS,
    STANDINGS,
    BookSource,
    OwnBlock,
)

__all__ = ["previous_output", "standings_block"]


def previous_output(
    book: BookSource, standings: str | None, t: Tournament, top: int, own: list[int], header_row: int | None
) -> dict[tuple[int, int], Any] | None:
    """What Rank wrote in its columns last time, cell by cell (0-based), from the Standings sheet (``standings``, None when absent); None if that cannot be told."""
    if not own or standings is None:
        return None
    existing = cells_of(book.values(standings))
    block = standings_block(book, standings, existing)
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
        if is_empty(row[0]) or is_empty(row[2]):
            continue
        by_player[(player_key(row[1]), player_key(row[2]))] = [row[0], *row[4 : 4 + n_crit]]
    out: dict[tuple[int, int], Any] = {}
    start = min(own)
    if header_row is not None:
        for j, label in enumerate([head[0], *head[4 : 4 + n_crit]]):
            out[(header_row, start + j)] = label
    for p in t.players:
        r = top + (p.row or 1) - 1
        old = by_player.get((player_key(p.number), player_key(p.name)))
        for j in range(len(own)):
            out[(r, start + j)] = None if old is None else (old[j] if j < len(old) else None)
    return out


def standings_block(book: BookSource, standings: str, existing: Cells, kind: OwnBlock = STANDINGS) -> tuple[int, int, int, int] | None:
    """Rank's block on one of its own sheets (0-based, inclusive): the defined name, else the mark in A1 and its table.

    ``kind`` says which sheet (the Standings sheet, the Compare sheet): its defined name and its mark.
    """
    named = book.named_range(kind.name)
    if named is not None and same_sheet(named[0], standings):
        _sheet, r1, c1, r2, c2 = named
        if c2 - c1 + 1 > MAX_OWN_COLUMNS or r2 - r1 + 1 > MAX_STANDINGS_ROWS:
            raise WriteBlockedError(
                _(
                    "the defined name '{name}' points to {range}, far more than Rank's standings; "
                    "correct or delete the name (Formulas > Name Manager), then run Rank again (nothing was changed)."
                ).format(name=kind.name, range=range_address(r1, c1, r2, c2)),
                cell=f"{standings}!{cell_address(r1, c1)}",
            )
        return r1 - 1, c1 - 1, r2 - 1, c2 - 1
    mark = cell_at(existing, 0, 0)
    if not (isinstance(mark, str) and mark.startswith(kind.mark)):
        return None
    width = 0
    while not is_empty(cell_at(existing, 2, width)):
        width += 1
    bottom = 2
    while not is_empty(cell_at(existing, bottom + 1, 0)):
        bottom += 1
    return 0, 0, bottom, max(width - 1, 0)
