"""A small cache of read tables, keyed by the grid's content.

A sheet that fills ``=BUCHHOLZ($C$2:$M$41, A2)`` down a column calls the
function once per row with the same grid.  The first call reads and checks the
table; the others find it here.  A table is found by its content, compared in
full: first against the few most recent tables by plain equality (one pass in
C, about as fast as looking at every cell once), then by a hashed copy.  Any
changed cell is a different table, so a stale value is impossible.  Errors are
cached too, so a bad table is not re-read for every row.  Their messages (and
the reader's notes) are written in the language current when the table was
read, so the language is part of the key: a table refused in Russian is
refused again in English for a caller speaking English.

Cells are compared by type as well as value where it matters: ``TRUE`` is not
``1`` (Python's equality would say it is); ``1`` and ``1.0`` are the same
number (desktop Excel and Office.js hand the same table over either way).

>>> cache = TableCache()
>>> grid = [["X", 1], [0, "X"]]
>>> cache.tournament(grid).points
[1.0, 0.0]
>>> _ = cache.tournament([row[:] for row in grid]); cache.reads
1
>>> cache.tournament([["X", 1], [1, "X"]])
Traceback (most recent call last):
...
tiebreak.core.errors.ConsistencyError: row 1, against No. 2: 1 does not mirror No. 2's result 1 (row 2)
>>> cache.reads
2
>>> cache.tournament([["X", True], [False, "X"]])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tiebreak.core.errors.LayoutError: no results found: ...
>>> cache.reads
3
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from itertools import chain, repeat
from typing import Any

from tiebreak.core.counting import Evaluation
from tiebreak.core.errors import TiebreakError
from tiebreak.core.i18n import current_language
from tiebreak.core.model import Scoring, Tournament
from tiebreak.core.rules import get_rules
from tiebreak.reading import read_table

__all__ = ["TableCache", "grid_key", "grid_types", "shared"]


def grid_key(grid: Sequence[Sequence[Any]]) -> Any:
    """A hashable key with the full content of a grid (rows as tuples)."""
    if isinstance(grid, (list, tuple)):
        try:
            return tuple(map(tuple, grid))
        except TypeError:
            return tuple(tuple(r) if isinstance(r, (list, tuple)) else (r,) for r in grid)
    return ((grid,),)


def grid_types(grid: Sequence[Sequence[Any]]) -> tuple[int, ...]:
    """Where the grid holds TRUE or FALSE (cell positions, row by row): what equality of values does not tell.

    ``True == 1`` in Python, but a logical cell is not a result; ``1`` and
    ``1.0`` are the same number (desktop Excel and Office.js hand numbers over
    either way), so only the logical cells are told apart.
    """
    def cells() -> Iterator[Any]:
        if isinstance(grid, (list, tuple)) and all(map(isinstance, grid, repeat((list, tuple)))):
            return chain.from_iterable(grid)
        if isinstance(grid, (list, tuple)):
            return chain.from_iterable(r if isinstance(r, (list, tuple)) else (r,) for r in grid)
        return iter((grid,))

    if bool not in set(map(type, cells())):  # the common case: one pass in C
        return ()
    return tuple(i for i, ty in enumerate(map(type, cells())) if ty is bool)


def _ones(grid: list[list[Any]]) -> list[tuple[int, int, bool]]:
    """The cells holding 0, 1 or a logical value: (row, column, whether logical).

    Only there can another grid equal to this one by value hold a logical
    value where this one holds a number, or the other way round.
    """
    out: list[tuple[int, int, bool]] = []
    for r, row in enumerate(grid):
        if not _may_hold_one(row):
            continue
        out.extend(
            (r, c, type(v) is bool)
            for c, v in enumerate(row)
            if type(v) is bool or (type(v) in (int, float) and (v == 0 or v == 1))
        )
    return out


def _may_hold_one(row: Sequence[Any]) -> bool:
    """Whether a row may hold 0, 1 or a logical value: one comparison per cell in C (most rows of a Swiss table hold none)."""
    try:
        return 0 in row or 1 in row
    except Exception:  # noqa: BLE001 - a cell whose equality raises (not one from a worksheet): look at every cell
        return True


def _same_logicals(grid: Sequence[Sequence[Any]], ones: list[tuple[int, int, bool]]) -> bool:
    """Whether ``grid`` (equal by value to the grid ``ones`` was taken from) has its logical values in the same cells."""
    return all((type(grid[r][c]) is bool) is logical for r, c, logical in ones)


class _Entry:
    __slots__ = ("error", "evaluations", "tournament")

    def __init__(self, tournament: Tournament | None, error: TiebreakError | None) -> None:
        self.tournament = tournament
        self.error = error
        self.evaluations: dict[str, Evaluation] = {}


class TableCache:
    """Read tables once per content; keep the last ``size`` of them."""

    RECENT = 4

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._entries: OrderedDict[Any, _Entry] = OrderedDict()
        self._recent: list[tuple[list[list[Any]], list[tuple[int, int, bool]], Scoring | None, str, _Entry]] = []
        """The last tables seen, each with the cells where a logical value could pass for a number (see _ones)."""
        self._own: list[tuple[list[list[Any]], list[tuple[int, int, bool]], Any]] = []
        """The cache's own copies of the last tables handed to :meth:`own_copy`, with what was found in each."""
        self.reads = 0
        """How many times a table was actually read (for tests and benchmarks)."""

    def clear(self) -> None:
        self._entries.clear()
        self._recent.clear()
        self._own.clear()

    def own_copy(self, grid: list[list[Any]], look: Callable[[list[list[Any]]], Any]) -> tuple[list[list[Any]], Any]:
        """The cache's own copy of a table equal to ``grid``, and ``look(grid)`` remembered with it.

        A caller that needs something of the table before reading it (the
        worksheet functions: the language of its labels) compares the table
        once here and then hands the copy on: the cache finds the copy by
        identity, so the table is compared once per call, not twice.  The
        copy is never changed.
        """
        for seen, ones, found in self._own[:]:  # a copy of the list: another thread may insert meanwhile
            if seen == grid and _same_logicals(grid, ones):  # equal to a list of lists: rows are lists
                return seen, found
        if not all(map(isinstance, grid, repeat(list))):  # not rows of cells: nothing kept
            return grid, look(grid)
        copy = [list(r) for r in grid]
        found = look(copy)
        self._own.insert(0, (copy, _ones(copy), found))
        del self._own[self.RECENT :]
        return copy, found

    def _entry(self, grid: Sequence[Sequence[Any]], scoring: Scoring | None) -> _Entry:
        lang = current_language()
        for seen, ones, scoring_seen, lang_seen, entry in self._recent[:]:
            if scoring_seen == scoring and lang_seen == lang and (seen is grid or seen == grid and _same_logicals(grid, ones)):
                return entry
        entry = self._lookup(grid, grid_types(grid), scoring, lang)
        if isinstance(grid, list) and all(map(isinstance, grid, repeat((list, tuple)))):
            own = any(grid is seen for seen, _ones_seen, _found in self._own[:])
            copy = grid if own else [list(r) for r in grid]
            self._recent.insert(0, (copy, _ones(copy), scoring, lang, entry))
            del self._recent[self.RECENT :]
        return entry

    def _lookup(self, grid: Sequence[Sequence[Any]], types: tuple[int, ...], scoring: Scoring | None, lang: str) -> _Entry:
        try:
            key = (grid_key(grid), types, scoring, lang)
            hash(key)
        except TypeError:  # an unhashable cell value (a dict from Office.js, say): read uncached
            return self._read(grid, scoring)
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
            return entry
        entry = self._read(grid, scoring)
        self._entries[key] = entry
        if len(self._entries) > self.size:
            self._entries.popitem(last=False)
        return entry

    def _read(self, grid: Sequence[Sequence[Any]], scoring: Scoring | None) -> _Entry:
        self.reads += 1
        try:
            return _Entry(read_table(grid, scoring=scoring), None)
        except TiebreakError as err:
            return _Entry(None, err)

    def tournament(self, grid: Sequence[Sequence[Any]], scoring: Scoring | None = None) -> Tournament:
        entry = self._entry(grid, scoring)
        if entry.error is not None:
            raise entry.error
        assert entry.tournament is not None
        return entry.tournament

    def evaluation(self, grid: Sequence[Sequence[Any]], rules: str | None = None, scoring: Scoring | None = None) -> Evaluation:
        """The table read and evaluated under a rule set (both cached)."""
        rs = get_rules(rules)
        entry = self._entry(grid, scoring)
        if entry.error is not None:
            raise entry.error
        ev = entry.evaluations.get(rs.name)
        if ev is None:
            assert entry.tournament is not None
            ev = entry.evaluations[rs.name] = rs.evaluate(entry.tournament)
        return ev


shared = TableCache()
"""The cache the worksheet functions share."""
