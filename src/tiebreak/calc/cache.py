"""A small cache of read tables, keyed by the grid's content.

A sheet that fills ``=BUCHHOLZ($C$2:$M$41, A2)`` down a column calls the
function once per row with the same grid.  The first call reads and checks the
table; the others find it here.  A table is found by its content, compared in
full against the tables held, most recent first, by plain equality (one pass in
C, about as fast as looking at every cell once; a different table usually
differs within its first rows).  Any changed cell is a different table, so a
stale value is impossible.  Errors are cached too, so a bad table is not re-read
for every row.  Their messages (and the reader's notes) are written in the
language current when the table was read, so the language is part of the key:
a table refused in Russian is refused again in English for a caller speaking
English.

The cache is bounded by the cells it holds, not only by a count of tables: at
most ``size`` tables (16) and at most ``cells`` cells (:data:`CELLS`, a million)
in the tables and copies it keeps, the last table always kept.  A cell held
costs about 230 bytes with what was read and computed from it (measured on a
10,000-player Swiss: the copy, the caller's texts it keeps alive, the table,
its evaluation, the criteria's columns and a ranking), so the cache stays
under about 250 MB however many tables are edited.

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

from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Any

from tiebreak.core.collector import while_paused
from tiebreak.core.counting import Evaluation
from tiebreak.core.errors import TiebreakError
from tiebreak.core.i18n import current_language
from tiebreak.core.match import MatchSettings
from tiebreak.core.model import Scoring, Tournament
from tiebreak.core.rules import get_rules
from tiebreak.reading import grid_texts, read_table

__all__ = ["CELLS", "TableCache", "shared"]

CELLS = 1_000_000
"""At most this many cells in the tables a cache keeps (the last table is kept whatever its size)."""


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


_NOUGHT_OR_ONE = frozenset({0, 1})


def _may_hold_one(row: Sequence[Any]) -> bool:
    """Whether a row may hold 0, 1 or a logical value: one look per cell in C (most rows of a Swiss table hold none).

    A set's look finds every cell value a worksheet gives that equals 0 or 1 (0.0, -0.0, 1.0,
    TRUE, FALSE: equal values hash alike), in one pass instead of a comparison with 0, then with 1.
    """
    try:
        return not _NOUGHT_OR_ONE.isdisjoint(row)
    except Exception:  # noqa: BLE001 - a cell that cannot be hashed or compared (not one from a worksheet): look at every cell
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


_How = tuple[Scoring | None, MatchSettings | None]
"""How a table is read: the scoring of a game, what the caller says of a match event (None: read from the table)."""

_Seen = tuple[list[list[Any]], list[tuple[int, int, bool]], _How, str, _Entry, int]
"""A table held: its copy, the cells where a logical value could pass for a number (see _ones), how it is read, language, what was read, its cells."""


def _cells(grid: list[list[Any]]) -> int:
    return sum(map(len, grid)) or 1


class TableCache:
    """Read tables once per content; keep the last ``size`` of them, at most ``cells`` cells in all."""

    RECENT = 4
    """Own copies kept for :meth:`own_copy`."""

    def __init__(self, size: int = 16, cells: int = CELLS) -> None:
        self.size = size
        self.cells = cells
        self._seen: list[_Seen] = []
        """The tables read, most recent first."""
        self._own: list[tuple[list[list[Any]], list[tuple[int, int, bool]], Any, int, str]] = []
        """The cache's own copies of the last tables handed to :meth:`own_copy`, with what was found in each, their cells and texts."""
        self.reads = 0
        """How many times a table was actually read (for tests and benchmarks)."""

    def clear(self) -> None:
        self._seen.clear()
        self._own.clear()

    def held(self) -> int:
        """The cells of the tables and copies the cache keeps (a copy both read and looked at counted once)."""
        seen = {id(s[0]): s[5] for s in self._seen[:]}
        seen.update((id(o[0]), o[3]) for o in self._own[:])
        return sum(seen.values())

    def own_copy(self, grid: list[list[Any]], look: Callable[[list[list[Any]], str | None], Any]) -> tuple[list[list[Any]], Any]:
        """The cache's own copy of a table equal to ``grid``, and ``look(grid, texts)`` remembered with it.

        A caller that needs something of the table before reading it (the
        worksheet functions: the language of its labels) compares the table
        once here and then hands the copy on: the cache finds the copy by
        identity, so the table is compared once per call, not twice.  The
        copy is never changed.  ``texts`` are the table's texts joined
        (:func:`tiebreak.reading.grid_texts`), which the reader, reading the
        copy, then takes instead of joining them again (None for a grid that
        is not rows of cells, which is not kept).
        """
        for seen, ones, found, _cells_seen, _texts in self._own[:]:  # a copy of the list: another thread may insert meanwhile
            if seen == grid and _same_logicals(grid, ones):  # equal to a list of lists: rows are lists
                return seen, found
        if not all(map(isinstance, grid, repeat(list))):  # not rows of cells: nothing kept
            return grid, look(grid, None)
        copy = [list(r) for r in grid]
        texts = grid_texts(copy)
        found = look(copy, texts)
        self._own.insert(0, (copy, _ones(copy), found, _cells(copy), texts))
        self._trim()
        return copy, found

    def _trim(self) -> None:
        """Forget the oldest tables and copies beyond ``size`` / ``RECENT`` of them or beyond ``cells`` cells (never the last one)."""
        del self._seen[self.size :]
        del self._own[self.RECENT :]
        while self.held() > self.cells:
            if len(self._own) > 1 and (len(self._seen) <= 1 or self._own[-1][3] >= self._seen[-1][5]):
                del self._own[-1]
            elif len(self._seen) > 1:
                del self._seen[-1]
            else:
                break

    def _entry(self, grid: Sequence[Sequence[Any]], how: _How) -> _Entry:
        lang = current_language()
        rows: Any = grid
        seen_list = self._seen[:]  # a copy of the list: another thread may insert meanwhile
        # A copy the cache holds (own_copy hands it on: the usual cached call) is rows of lists already:
        # a look at the few tables held spares a pass over every row (a tenth of a cached call, twice that in Pyodide).
        held = any(s[0] is grid for s in seen_list)
        if not held and not (isinstance(grid, list) and all(map(isinstance, grid, repeat(list)))):
            if not (isinstance(grid, (list, tuple)) and all(map(isinstance, grid, repeat((list, tuple))))):
                return self._read(grid, how)  # not rows of cells: read uncached
            rows = [list(r) for r in grid]
        for at, (seen, ones, how_seen, lang_seen, entry, _count) in enumerate(seen_list):
            if how_seen == how and lang_seen == lang and (seen is rows or seen == rows and _same_logicals(rows, ones)):
                if at:
                    self._to_front(seen_list[at])
                return entry
        own = next((o for o in self._own[:] if o[0] is rows), None)
        entry = self._read(rows, how, None if own is None else own[4])
        copy = rows if own is not None else [list(r) for r in rows]
        self._seen.insert(0, (copy, own[1] if own is not None else _ones(copy), how, lang, entry, _cells(copy)))
        self._trim()
        return entry

    def _to_front(self, item: _Seen) -> None:
        at = next((i for i, x in enumerate(self._seen) if x is item), None)  # by identity: == would compare the tables
        if at is not None:  # else another thread moved or dropped it meanwhile
            del self._seen[at]
            self._seen.insert(0, item)

    @while_paused  # one computation: the collector paused while it reads (tiebreak.core.collector)
    def _read(self, grid: Sequence[Sequence[Any]], how: _How, texts: str | None = None) -> _Entry:
        self.reads += 1
        try:
            return _Entry(read_table(grid, scoring=how[0], match=how[1], texts=texts), None)
        except TiebreakError as err:
            return _Entry(None, err)

    def tournament(self, grid: Sequence[Sequence[Any]], scoring: Scoring | None = None, match: MatchSettings | None = None) -> Tournament:
        entry = self._entry(grid, (scoring, match))
        if entry.error is not None:
            raise entry.error
        assert entry.tournament is not None
        return entry.tournament

    @while_paused  # one computation: the table read and evaluated with the collector paused (tiebreak.core.collector)
    def evaluation(self, grid: Sequence[Sequence[Any]], rules: str | None = None, scoring: Scoring | None = None, match: MatchSettings | None = None) -> Evaluation:
        """The table read and evaluated under a rule set (both cached); ``match``: what the caller says of a match event."""
        rs = get_rules(rules)
        entry = self._entry(grid, (scoring, match))
        if entry.error is not None:
            raise entry.error
        ev = entry.evaluations.get(rs.name)
        if ev is None:
            assert entry.tournament is not None
            ev = entry.evaluations[rs.name] = rs.evaluate(entry.tournament)
        return ev


shared = TableCache()
"""The cache the worksheet functions share."""
