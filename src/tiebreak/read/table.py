"""Reading a crosstable grid (cell values as Excel hands them over) into a Tournament.

The grid may be the results block alone or the whole table with a header row
and the columns around it.  How the parts are found (also in the README):

1. Empty rows and columns around the table are ignored; title rows (a single
   text cell) above the header are skipped.
2. The first row is a **header** when one of its cells is a known column
   label (``No``, ``№``, ``#``, ``Name``, ``Фамилия``, ``Rating``, ``Pts``,
   ``Очки``, ``Place``, ``Место``, ``Round 1``, ``R1``, ``Тур 1`` ...).
   Every other non-empty row is a **player row**.
3. **Swiss**: every column whose cells are pairings (``12w1``, ``5б½``,
   ``12+``, ``+``, ``bye``, ``-1`` ...) with at least one opponent number is a
   round, left to right.  **Round robin**: otherwise, a block of N columns
   (N = player rows) whose diagonal holds ``X``/``x``/``Х``/``*``/``—`` or is
   blank, with results elsewhere; a double round robin has two results per
   cell or 2N columns (two sub-columns per opponent).
4. The **number column** is the one headed No/№/#, or without a header the
   first column left of the results holding distinct whole numbers; the
   **name column** is the one headed Name/Фамилия/Участник..., or the first
   text column left of the results.  **Rating** and **points** columns are
   found by their headers only; a points column is checked against the results.
   Any other column is left alone.
5. In a Swiss table, opponent numbers refer to the number column when there is
   one, otherwise to the row order (1 = first player row).

>>> t = read_table([
...     ["No", "Name", 1, 2, 3, "Pts"],
...     [1, "Ann", "X", 1, "½", 1.5],
...     [2, "Bob", 0, "X", 1, 1],
...     [3, "Cid", "½", 0, "X", 0.5],
... ])
>>> t.system, t.points, [p.name for p in t.players]
('round robin', [1.5, 1.0, 0.5], ['Ann', 'Bob', 'Cid'])
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress, permutations
from operator import eq, itemgetter, not_
from typing import Any, NoReturn, cast

from .._gc import paused_gc
from ..errors import (
    ConsistencyError,
    LayoutError,
    Location,
    NotationError,
    TiebreakError,
)
from ..model import CHESS, DRAUGHTS, Kind, Player, Scoring, Tournament, round_consistent
from ..notation import (
    _COLOURS,
    _FAST_MARKS,
    DRAW_MARK,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    MAX_TEXT,
    RR_NOTATIONS,
    CellProblem,
    Mark,
    SwissCell,
    is_diagonal,
    normalize,
    parse_number,
    result_marks,
    show,
    split_digits,
    swiss_cell,
    typing_hint,
)
from .labels import RESULT_TEXTS as _RESULT_TEXTS
from .labels import ROUND_RE as _ROUND_RE
from .labels import fold as _fold
from .labels import is_other_label as _is_other_label
from .layout import Frame, find_frame

_NO_FRAME = Frame([], [])

__all__ = ["MAX_PLAYERS", "MAX_ROUNDS", "TableLayout", "read_table"]

FOOTBALL = Scoring(3.0, 1.0, 0.0)  # three points for a win, as in some clubs' events
MAX_PLAYERS = 20000
MAX_ROUNDS = 100
MAX_CELLS = 2_000_000
SAMPLE = 64
# the common Swiss cell, one per line of a joined column: opponent, colour letter, one-character result
_FAST_COLUMN = re.compile(r"^(?:(\d{1,6})([wbWBбчБЧ])([10½=+\-−–2])|[^\n]*)$", re.MULTILINE)

Grid = Sequence[Sequence[Any]]


@dataclass
class TableLayout:
    """Where the parts of the table were found (0-based grid indices)."""

    height: int
    width: int
    header_row: int | None
    player_rows: list[int]
    result_cols: list[int]
    number_col: int | None = None
    name_col: int | None = None
    rating_col: int | None = None
    points_col: int | None = None
    place_col: int | None = None
    labels: dict[int, str] = field(default_factory=dict)
    header_rows: list[int] = field(default_factory=list)
    footer_rows: list[int] = field(default_factory=list)
    # what the reader had to guess, said to the user (e.g. which column it took for names)
    notes: list[str] = field(default_factory=list)

    @property
    def last_col(self) -> int:
        """The rightmost column of the table that holds anything."""
        return self.width - 1


def _normalized(v: Any) -> Any:
    """A cell value normalized, or a :class:`_Bad` holding why it cannot be."""
    try:
        return normalize(v)
    except CellProblem as problem:
        return _Bad(problem)


class _Bad:
    """A cell that could not be normalized; raised only if the cell is used."""

    __slots__ = ("problem",)

    def __init__(self, problem: CellProblem) -> None:
        self.problem = problem


# ------------------------------------------------------------------- reading
@paused_gc
def read_table(
    grid: Grid,
    *,
    scoring: Scoring | None = None,
    origin: tuple[int, int] | None = None,
    sheet: str | None = None,
    ignore_cols: Sequence[int] = (),
) -> Tournament:
    """Read a crosstable grid into a :class:`~tiebreak.model.Tournament`.

    ``scoring`` fixes the points of a win/draw/loss; left out, 1/½/0 is used
    unless the table plainly uses 2/1/0.  ``origin`` (sheet row and column of
    the grid's top-left cell, 1-based) and ``sheet`` make error messages name
    cells; ``ignore_cols`` are grid columns to leave out (e.g. the columns the
    ranking itself wrote).  The returned tournament's ``layout`` tells where
    each part was found.
    """
    reader = _Reader(grid, scoring, ignore_cols)
    try:
        try:
            return reader.read()
        except (NotationError, ConsistencyError):
            # The results alone can leave the scale open (a double round robin on 2/1/0 with every game
            # drawn reads '11' like two wins on 1/0.5/0): a points column then tells which scale it is.
            if scoring is not None or "points" not in getattr(reader, "frame", _NO_FRAME).roles.values():
                raise
            for other in (DRAUGHTS, FOOTBALL):
                try:
                    t = _Reader(grid, other, ignore_cols).read()
                except TiebreakError:
                    continue
                t.layout.notes.append(f"scoring {other.label} taken from the points column")  # type: ignore[attr-defined]
                return t
            raise
    except (LayoutError, NotationError, ConsistencyError) as err:
        if origin is not None or sheet is not None:
            raise err.relocate(origin, sheet) from None
        raise


class _Reader:
    def __init__(self, grid: Grid, scoring: Scoring | None, ignore_cols: Sequence[int]) -> None:
        if grid is None or not isinstance(grid, (list, tuple)):
            grid = [[grid]]
        rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in grid]
        self.height = len(rows)
        self.width = max((len(r) for r in rows), default=0)
        if self.height * max(self.width, 1) > MAX_CELLS:
            raise LayoutError(f"the table has {self.height} rows and {self.width} columns; more than {MAX_CELLS:,} cells is beyond what tiebreak reads")
        self.ignore = set(ignore_cols)
        self.cells: list[list[Any]] = []
        ignore = sorted(c for c in self.ignore if c >= 0)
        width = self.width
        for r in rows:
            # clean text and ordinary numbers pass as they are (the common case); anything else is normalized
            out = [
                v
                if v is None
                or (v.__class__ is str and v and v.isprintable() and len(v) <= MAX_TEXT and v[0] not in "#= " and v[-1] != " ")
                or (v.__class__ is float and -1e12 < v < 1e12)
                else _normalized(v)
                for v in r
            ]
            for c in ignore:
                if c < len(out):
                    out[c] = None
            if len(out) < width:
                out.extend([None] * (width - len(out)))
            self.cells.append(out)
        self.fixed_scoring = scoring
        self.names: dict[int, str] = {}

    # -------------------------------------------------------------- helpers
    def loc(self, r: int, c: int | None = None, **kw: Any) -> Location:
        player = kw.pop("player", None)
        if player is None and r in self.names:
            player = self.names[r]
        return Location(row=r + 1, column=None if c is None else c + 1, player=player, **kw)

    def value(self, r: int, c: int) -> Any:
        v = self.cells[r][c]
        if isinstance(v, _Bad):
            raise NotationError(str(v.problem), self.loc(r, c))
        return v

    def value_at(self, r: int, c: int, where: Location) -> Any:
        """A cell's value; an unreadable one raises with ``where`` (round or opponent named)."""
        v = self.cells[r][c]
        if isinstance(v, _Bad):
            raise NotationError(str(v.problem), where)
        return v

    # ----------------------------------------------------------------- read
    def read(self) -> Tournament:
        nonempty_rows = [r for r in range(self.height) if any(v is not None for v in self.cells[r])]
        if not nonempty_rows:
            raise LayoutError("the range is empty: select the crosstable (players' rows with their results)")
        frame = find_frame(self.cells, nonempty_rows, self._looks_like_data)
        header = frame.header
        data_rows = frame.player_rows
        if len(data_rows) > MAX_PLAYERS:
            raise LayoutError(f"{len(data_rows)} player rows: more than {MAX_PLAYERS} players is beyond what tiebreak reads")
        labels = frame.labels
        roles = frame.roles
        self.frame = frame
        self.labels_now = labels
        used_cols = [c for c in range(self.width) if any(self.cells[r][c] is not None for r in data_rows)]
        if not used_cols:
            raise LayoutError("no player rows below the header")

        block = self.find_block(data_rows, roles) if len(data_rows) >= 2 else None
        swiss_cols = [] if block is not None and block[2] > 0 else self.swiss_columns(data_rows, used_cols, roles, labels)
        if self.choose_format(data_rows, block, swiss_cols, roles) == "swiss":
            return self.read_swiss(header, data_rows, swiss_cols, roles, labels)
        return self.read_round_robin(header, data_rows, used_cols, roles, labels, block)

    def choose_format(
        self, rows: list[int], block: tuple[int, int, int, list[tuple[int, int]]] | None, swiss_cols: list[int], roles: dict[int, str]
    ) -> str:
        """Round robin or Swiss, from the layout alone (before any result is decoded).

        A marked diagonal makes a round robin; no square block of results, a
        Swiss table when there are round columns.  A square block with a blank
        diagonal beside round columns is a Swiss table when the pairings point
        back (row i's opponent in a round names row i in that round), else a
        round robin ('1 0' in a double round robin cell also reads as a pairing).
        """
        if block is not None and block[2] > 0:
            return "round robin"
        if not swiss_cols:
            return "round robin"
        if block is None:
            return "swiss"
        return "swiss" if self.pairings_point_back(rows, swiss_cols, roles) else "round robin"

    def pairings_point_back(self, rows: list[int], cols: list[int], roles: dict[int, str]) -> bool:
        """Whether nine in ten of the (sampled) pairing cells are answered by the opponent's cell of that round."""
        numbers = self.start_numbers(rows, roles)
        at = {x: i for i, x in enumerate(numbers[1])} if numbers else {i + 1: i for i in range(len(rows))}
        own = numbers[1] if numbers else list(range(1, len(rows) + 1))
        step = max(1, len(rows) // SAMPLE)
        agree = total = 0
        for c in cols:
            for i in range(0, len(rows), step):
                opponent = self._opponent(rows[i], c)
                if opponent is None:
                    continue
                total += 1
                j = at.get(opponent)
                if j is not None and j != i and self._opponent(rows[j], c) == own[i]:
                    agree += 1
        return total > 0 and agree * 10 >= total * 9

    def _opponent(self, r: int, c: int) -> int | None:
        v = self.cells[r][c]
        if v is None or isinstance(v, _Bad):
            return None
        try:
            return swiss_cell(v).opponent
        except CellProblem:
            return None

    def _looks_like_data(self, r: int) -> bool:
        """A row with a pairing, a result other than a column number, or a diagonal marker is a player row."""
        for v in self.cells[r]:
            if isinstance(v, float):
                if v in (0.0, 0.5):
                    return True
                continue
            if isinstance(v, str):
                if is_diagonal(v) or v in _RESULT_TEXTS:
                    return True
                try:
                    cell = swiss_cell(v)
                except CellProblem:
                    continue
                if cell.opponent is not None:
                    return True
        return False

    # ---------------------------------------------------------------- swiss
    def swiss_columns(self, rows: list[int], cols: list[int], roles: dict[int, str], labels: dict[int, str]) -> list[int]:
        """Round columns: mostly pairing cells, at least one with an opponent number.

        Once a Swiss table is recognised, a column headed as a round (R3, Тур 3),
        a column between two rounds, and an unlabelled column holding Excel
        errors are rounds too: their unreadable cells are reported, never
        skipped.
        """
        found: list[int] = []
        cells = self.cells
        step = max(1, len(rows) // SAMPLE)  # a column's kind is judged on a sample of its cells
        sample = rows[::step]
        for c in cols:
            if roles.get(c) in ("number", "name", "rating", "points", "place"):
                continue
            pairings = byes = bad = 0
            for r in sample:
                v = cells[r][c]
                if v is None:
                    continue
                if isinstance(v, _Bad):
                    bad += 1
                    continue
                try:
                    cell = swiss_cell(v)
                except CellProblem:
                    bad += 1
                    continue
                if cell[0] is not None:
                    pairings += 1
                else:
                    byes += 1
            if pairings and pairings + byes > bad:
                found.append(c)
        if not found:
            return found
        extra = set()
        for c in cols:
            if c in found or roles.get(c) in ("number", "name", "rating", "points", "place"):
                continue
            if roles.get(c) == "round" or found[0] < c < found[-1] or c not in labels and c > found[0] and any(isinstance(self.cells[r][c], _Bad) for r in rows):
                extra.add(c)
        return sorted(set(found) | extra)

    def read_swiss(self, header: int | None, rows: list[int], cols: list[int], roles: dict[int, str], labels: dict[int, str]) -> Tournament:
        first = cols[0]
        self.check_round_columns(header, rows, cols, roles, labels)
        layout = self.side_columns(header, rows, first, cols, roles, labels)
        n = len(rows)
        n_rounds = len(cols)
        if n_rounds > MAX_ROUNDS:
            raise LayoutError(f"{n_rounds} round columns: more than {MAX_ROUNDS} rounds is beyond what tiebreak reads")
        players = self.players(rows, layout)
        if n < 2:
            raise LayoutError("a tournament needs at least two players", self.loc(rows[0]))
        by_number = {p.number: i for i, p in enumerate(players)}
        numbered = layout.number_col is not None

        cells = self.cells
        values: set[float] = set()
        # Pass 1, per round: the common cells ('12w1', '5б½') read by one pattern over the whole column;
        # the others (byes, absences, other notations) cell by cell.
        fast_cols: list[list[tuple[str, str, str]]] = []
        slow_cols: list[dict[int, SwissCell]] = []
        for k, c in enumerate(cols):
            raw = [cells[r][c] for r in rows]
            found = _FAST_COLUMN.findall("\n".join(["" if v is None else v if v.__class__ is str else "\x00" for v in raw]))
            if len(found) != n:  # cannot happen for normalized text; read everything cell by cell then
                found = [("", "", "")] * n
            slow: dict[int, SwissCell] = {}
            for i in compress(range(n), map(not_, map(itemgetter(0), found))):
                v = raw[i]
                if v is None:
                    continue
                if isinstance(v, _Bad):
                    raise NotationError(str(v.problem), self.loc(rows[i], c, round=k + 1))
                try:
                    cell = slow[i] = swiss_cell(v)
                except CellProblem as problem:
                    raise NotationError(str(problem), self.loc(rows[i], c, round=k + 1)) from None
                if cell[2].__class__ is float and (cell[3] is None or cell[2] != 3.0):  # a bye of 3 alone makes no 3/1/0
                    values.add(cell[2])
            values.update(m for m in (_FAST_MARKS[x] for x in set(map(itemgetter(2), found)) if x) if isinstance(m, float))
            fast_cols.append(found)
            slow_cols.append(slow)
        sc = self.scoring(values, lambda: self.first_cell_with(rows, cols, 2.0, swiss=True), lambda r, c: self.loc(r, c, round=cols.index(c) + 1))

        games = {
            FORFEIT_WIN: (int(Kind.FORFEIT_WIN), sc.win),
            FORFEIT_LOSS: (int(Kind.FORFEIT_LOSS), sc.loss),
            DRAW_MARK: (int(Kind.PLAYED), sc.draw),
            sc.win: (int(Kind.PLAYED), sc.win),
            sc.draw: (int(Kind.PLAYED), sc.draw),
            sc.loss: (int(Kind.PLAYED), sc.loss),
        }
        by_char = {x: games.get(m) for x, m in _FAST_MARKS.items()}  # '1' -> (kind, points) on this scoring
        absent = int(Kind.ABSENT)
        # Pass 2, per round: the arrays, then turned into one row per player
        opp_cols: list[list[int]] = []
        pts_cols: list[list[float]] = []
        kind_cols: list[list[int]] = []
        colour_cols: list[list[str | None]] = []
        consistent = True
        get_number = by_number.get
        colours = _COLOURS
        none_pair = (absent, 0.0)
        by_text = {str(p.number): i for i, p in enumerate(players)}  # opponent as written -> player index
        for k, found in enumerate(fast_cols):
            c = cols[k]
            # the common cells, a column at a time
            o_col = [(by_text.get(o, -2) if o in by_text else _index_of(o, get_number)) if o else -1 for o, _col, _x in found]
            kp = [by_char[x] if o else none_pair for o, _col, x in found]
            if -2 in o_col or None in kp or any(map(eq, o_col, range(n))):
                for i, (o, _col, x) in enumerate(found):  # name the first bad cell
                    if o and (o_col[i] in (-2, i) or kp[i] is None):
                        j = None if o_col[i] == -2 else o_col[i]
                        self.pairing_error(rows[i], c, k, i, j, int(o), cells[rows[i]][c], n, numbered, sc)
            known = cast("list[tuple[int, float]]", kp)  # a None was reported above
            k_col = [kk for kk, _pp in known]
            p_col = [pp for _kk, pp in known]
            c_col: list[str | None] = [colours.get(col) for _o, col, _x in found]
            for i, cell in slow_cols[k].items():
                if cell[3] is not None:  # a bye
                    kind, pts = self.bye(cell, sc, self.loc(rows[i], c, round=k + 1), v=cells[rows[i]][c])
                    p_col[i] = pts
                    k_col[i] = int(kind)
                    continue
                j = get_number(cell[0]) if cell[0] is not None else None
                got = games.get(cell[2]) if cell[2] is not None else None
                if j is None or j == i or got is None:
                    self.pairing_error(rows[i], c, k, i, j, cell[0], cells[rows[i]][c], n, numbered, sc, cell[2])
                k_col[i], p_col[i] = got
                o_col[i] = j
                c_col[i] = cell[1]
            if consistent:
                consistent = round_consistent(o_col, k_col, p_col, c_col, sc)
            opp_cols.append(o_col)
            pts_cols.append(p_col)
            kind_cols.append(k_col)
            colour_cols.append(c_col)
        t = Tournament(
            players,
            n_rounds,
            [list(x) for x in zip(*opp_cols)],
            [list(x) for x in zip(*pts_cols)],
            [list(x) for x in zip(*kind_cols)],
            [list(x) for x in zip(*colour_cols)],
            scoring=sc,
            system="swiss",
        )

        def locate(p: int, i: int) -> Location:
            return self.loc(rows[p], cols[i], round=i + 1)

        if not consistent:  # find and name the first inconsistency
            try:
                t.check_pairings(locate)
            except ConsistencyError:
                self.check_twice(t, locate)  # the more precise message, when that is the cause
                raise
        t.layout = layout
        self.check_points(t, layout, rows)
        return t

    def pairing_error(
        self, r: int, c: int, k: int, i: int, j: int | None, opponent: Any, v: Any, n: int, numbered: bool, sc: Scoring, mark: Any = None
    ) -> NoReturn:
        """Raise the message for a pairing cell that names a wrong opponent or holds no result on this scoring."""
        where = self.loc(r, c, round=k + 1)
        if j == i:
            raise ConsistencyError(f"{show(v)}: a player cannot meet himself", where)
        if j is None:
            numbers = "the No. column" if numbered else f"rows 1–{n}"
            raise ConsistencyError(f"opponent {opponent} is not in the table (numbers refer to {numbers})", where)
        if mark is None:
            mark = swiss_cell(v)[2]
        self.game(mark, sc, where, v)
        raise NotationError(f"{show(v)} is not a result", where)  # pragma: no cover - game() raised already

    def check_round_columns(self, header: int | None, rows: list[int], cols: list[int], roles: dict[int, str], labels: dict[int, str]) -> None:
        if header is None:
            return
        numbers = []
        for c in cols:
            text = labels.get(c, "")
            m = _ROUND_RE.match(_fold(text)) if text else None
            if m:
                numbers.append(int(m.group(1) or m.group(2)))
            elif text.isdigit():
                numbers.append(int(text))
            else:
                return
        if numbers != list(range(numbers[0], numbers[0] + len(numbers))) or numbers[0] != 1:
            raise LayoutError(
                f"the round columns are headed {', '.join(map(str, numbers))}: they must be rounds 1, 2, 3 ... left to right",
                Location(row=header + 1),
            )

    def check_twice(self, t: Tournament, locate: Any) -> None:
        for k in range(t.rounds):
            seen: dict[int, int] = {}
            for p in range(len(t.players)):
                q = t.opp[p][k]
                if q < 0:
                    continue
                if q in seen:
                    other = t.players[seen[q]].label()
                    raise ConsistencyError(
                        f"{t.players[q].label()} is already the opponent of {other} in this round", locate(p, k)
                    )
                seen[q] = p

    def bye(self, cell: SwissCell, sc: Scoring, where: Location, v: Any) -> tuple[Kind, float]:
        b = cell.bye
        if b in ("pab", "U"):
            return Kind.PAIRING_BYE, sc.win
        if b == "absent":
            return Kind.ABSENT, 0.0
        if b == "H":
            return Kind.HALF_BYE, sc.draw
        if b == "F":
            return Kind.FULL_BYE, sc.win
        if b == "Z":
            return Kind.ZERO_BYE, 0.0
        mark = cell.mark
        pts = sc.draw if mark == DRAW_MARK else mark
        if pts == sc.win:
            return Kind.PAIRING_BYE, sc.win
        if pts == sc.draw:
            return Kind.HALF_BYE, sc.draw
        if pts == sc.loss:
            return Kind.ABSENT, sc.loss
        raise NotationError(f"{show(v)}: a bye worth {pts:g} points is not possible on {sc.label} scoring", where)

    def game(self, mark: Mark | None, sc: Scoring, where: Location, v: Any) -> tuple[Kind, float]:
        if mark == FORFEIT_WIN:
            return Kind.FORFEIT_WIN, sc.win
        if mark == FORFEIT_LOSS:
            return Kind.FORFEIT_LOSS, sc.loss
        if mark == DRAW_MARK:
            return Kind.PLAYED, sc.draw
        if isinstance(mark, float) and sc.outcome(mark) is not None:
            return Kind.PLAYED, mark
        raise NotationError(f"{show(v)} is not a result on {sc.label} scoring{typing_hint(v, swiss=False)} (write {_scale(sc)})", where)

    # ---------------------------------------------------------- round robin
    def read_round_robin(
        self,
        header: int | None,
        rows: list[int],
        cols: list[int],
        roles: dict[int, str],
        labels: dict[int, str],
        block: tuple[int, int, int, list[tuple[int, int]]] | None,
    ) -> Tournament:
        n = len(rows)
        if n < 2:
            raise LayoutError("a tournament needs at least two players", self.loc(rows[0]))
        if block is None:
            self.explain_sorted_rows(rows, cols, roles)
            raise LayoutError(self.explain_no_block(rows, cols, roles, labels))
        start, width, _markers, bad = block
        sub = width // n  # 1, or 2 for two sub-columns per opponent
        order = self.order  # position of each player's own column in the block
        player_at = {q: j for j, q in enumerate(order)}
        result_cols = list(range(start, start + width))
        layout = self.side_columns(header, rows, start, result_cols, roles, labels)
        players = self.players(rows, layout)
        self.check_rr_header(header, rows, start, sub, players, labels)
        if bad:
            r, c = bad[0]
            j = player_at[(c - start) // sub]
            where = self.loc(r, c, opponent=self.opp_label(players, j))
            v = self.value_at(r, c, where)
            if j == rows.index(r):
                raise LayoutError(f"{show(v)} stands on the diagonal: a player cannot play himself (mark the cell X or leave it blank)", where)
            if isinstance(v, str) and is_diagonal(v):
                raise LayoutError(f"{show(v)} marks the diagonal, but this is not the player's own column", where)
            raise NotationError(f"{show(v)} is not a result{typing_hint(v, swiss=False)} ({RR_NOTATIONS})", where)

        # gather marks per (i, j)
        marks: list[list[tuple[Mark, ...] | None]] = [[None] * n for _ in range(n)]
        numbers: list[float] = []
        numeric_cells: set[tuple[int, int]] = set()
        two = sub == 2
        for i, r in enumerate(rows):
            for j in range(n):
                if i == j:
                    continue
                got: list[Mark] = []
                for s in range(sub):
                    c = start + order[j] * sub + s
                    v = self.value_at(r, c, self.loc(r, c, opponent=self.opp_label(players, j)))
                    if v is None:
                        continue
                    if is_diagonal(v):
                        raise LayoutError(f"{show(v)} marks the diagonal, but this is not the player's own column", self.loc(r, c, opponent=self.opp_label(players, j)))
                    try:
                        ms = result_marks(v)
                    except CellProblem as problem:
                        raise NotationError(str(problem), self.loc(r, c, opponent=self.opp_label(players, j))) from None
                    if isinstance(v, float):
                        numeric_cells.add((i, j))
                    got.extend(ms)
                if got:
                    if len(got) == 2 or any(isinstance(m, str) and ":" in m for m in got):
                        two = two or len(got) == 2
                    marks[i][j] = tuple(got)
                    numbers.extend(m for m in got if isinstance(m, float) and m < 10)
        # two-digit numbers (10, 21 ...) only make sense as two games
        has_big = any(isinstance(m, float) and m >= 10 for row in marks for ms in row if ms for m in ms)
        cycles = 2 if two or has_big else 1
        sc = self.scoring(
            numbers,
            lambda: self.first_rr_cell_with(rows, start, sub, 2.0),
            lambda r, c: self.loc(r, c, opponent=self.opp_label(players, player_at[(c - start) // sub])),
        )
        if cycles == 1:
            # match scores a:b decide between one game and a two-game match
            for line in marks:
                for cell_marks in line:
                    if cell_marks and isinstance(cell_marks[0], str) and ":" in cell_marks[0]:
                        x, y = (float(part) for part in cell_marks[0].split(":"))
                        if abs(x + y - 2 * (sc.win + sc.loss)) < 1e-9:
                            cycles = 2
        games: list[list[list[tuple[Kind, float]]]] = [[[] for _ in range(n)] for _ in range(n)]
        for i, r in enumerate(rows):
            for j in range(n):
                cell_marks = marks[i][j]
                if not cell_marks:
                    continue
                c = start + order[j] * sub
                where = self.loc(r, c, opponent=self.opp_label(players, j))
                games[i][j] = self.rr_games(cell_marks, sc, cycles, where, self.cells[r][c])
        # mirror check
        for i in range(n):
            for j in range(i + 1, n):
                mine_games, theirs_games = games[i][j], games[j][i]
                if self.mirrors(mine_games, theirs_games, sc):
                    continue
                r, c = rows[i], start + order[j] * sub
                where = self.loc(r, c, opponent=self.opp_label(players, j))
                hint = ""
                if cycles == 2 and len(mine_games) != len(theirs_games):
                    fewer = (i, j) if len(mine_games) < len(theirs_games) else (j, i)
                    if fewer in numeric_cells:
                        hint = " (Excel drops a leading zero from 01 or 00 typed as a number: type it as text, '01)"
                mine = self.describe(self.cells[r][c], sub, r, start + order[j] * sub)
                theirs = self.describe(self.cells[rows[j]][start + order[i] * sub], sub, rows[j], start + order[i] * sub)
                if not mine_games or not theirs_games:
                    missing = players[j].label() if not theirs_games else players[i].label()
                    raise ConsistencyError(
                        f"the game against {self.opp_label(players, j)} is entered only on one side: {missing}'s row has nothing", where
                    )
                raise ConsistencyError(
                    f"{mine} does not mirror {players[j].label()}'s result {theirs} (row {rows[j] + 1}){hint}", where
                )
        slots = (n - 1) * cycles
        t = Tournament.empty(players, slots, scoring=sc, system="round robin", has_rounds=False, cycles=cycles)
        for i in range(n):
            k = 0
            for j in range(n):
                if j == i:
                    continue
                gs = games[i][j]
                for g in range(cycles):
                    if g < len(gs):
                        kind, pts = gs[g]
                        t.set_entry(i, k + 1, j, None, pts, kind)
                    k += 1
        layout.result_cols = result_cols
        t.layout = layout
        self.check_points(t, layout, rows)
        return t

    def describe(self, v: Any, sub: int, r: int, c: int) -> str:
        if sub == 2:
            parts = [self.cells[r][c], self.cells[r][c + 1]]
            return " / ".join(show(p) if p is not None else "empty" for p in parts)
        return show(v)

    @staticmethod
    def opp_label(players: list[Player], j: int) -> str:
        p = players[j]
        return f"{p.name} (No. {p.number})" if p.name else f"No. {p.number}"

    def rr_games(self, ms: tuple[Mark, ...], sc: Scoring, cycles: int, where: Location, v: Any) -> list[tuple[Kind, float]]:
        out: list[tuple[Kind, float]] = []
        marks: list[Mark] = []
        for m in ms:
            if isinstance(m, str) and ":" in m:
                a, b = (float(x) for x in m.split(":"))
                marks.extend(self.match_marks(a, b, sc, cycles, where, v))
            elif isinstance(m, float) and m >= 10:
                split = split_digits(m)
                if split is None or cycles != 2:
                    raise NotationError(f"{show(v)} is not a result on {sc.label} scoring{typing_hint(v, swiss=False)} (write {_scale(sc)})", where)
                marks.extend(split)
            else:
                marks.append(m)
        if len(marks) > cycles:
            raise NotationError(f"{show(v)} holds {len(marks)} results; a {'single' if cycles == 1 else 'double'} round robin has {cycles} per cell", where)
        for m in marks:
            out.append(self.game(m, sc, where, v))
        return out

    def match_marks(self, a: float, b: float, sc: Scoring, cycles: int, where: Location, v: Any) -> list[Mark]:
        one = sc.win + sc.loss
        if abs(a + b - one) < 1e-9:
            return [a]
        if abs(a + b - 2 * one) < 1e-9:
            options = {
                2 * sc.win: [sc.win, sc.win],
                sc.win + sc.draw: [sc.win, sc.draw],
                sc.draw + sc.loss: [sc.draw, sc.loss],
                2 * sc.loss: [sc.loss, sc.loss],
            }
            if abs(a - (sc.win + sc.loss)) < 1e-9 and abs(a - 2 * sc.draw) < 1e-9:
                raise NotationError(
                    f"{show(v)} could be two draws or a win and a loss; write the two games, e.g. '==' or '10'", where
                )
            for total, games in options.items():
                if abs(a - total) < 1e-9:
                    return list(games)
        raise NotationError(f"{show(v)} is not a match score on {sc.label} scoring", where)

    @staticmethod
    def mirrors(a: list[tuple[Kind, float]], b: list[tuple[Kind, float]], sc: Scoring) -> bool:
        """Whether the games of cell (i, j) are those of cell (j, i) seen from the other side.

        In a double round robin the order inside the cells may differ.
        """
        if len(a) != len(b):
            return False
        return any(all(_pair_ok(*a[i], *b[j], sc) for i, j in enumerate(order)) for order in permutations(range(len(b))))

    def find_block(self, rows: list[int], roles: dict[int, str]) -> tuple[int, int, int, list[tuple[int, int]]] | None:
        """The round robin block: (start column, width, diagonal marks, unreadable cells), or None.

        A candidate has the diagonal blank or marked in every row and more
        readable results than unreadable cells; the one with the most diagonal
        marks, then the most results, wins.
        """
        n = len(rows)
        best: tuple[tuple[int, int], int, int, int, list[tuple[int, int]], list[int]] | None = None
        numbers = self.start_numbers(rows, roles)
        identity = list(range(n))
        for sub in (1, 2):
            width = n * sub
            for start in range(self.width - width + 1):
                if any(roles.get(c) in ("number", "name", "rating", "points", "place", "row_number") for c in range(start, start + width)):
                    continue
                for order in self.column_orders(start, sub, n, numbers):
                    found = self.block_score(rows, start, sub, order)
                    if found is None:
                        continue
                    markers, results, bad = found
                    if sub == 2 and markers == 0:
                        continue
                    score = (markers, results)
                    if best is None or score > best[0]:
                        best = (score, start, width, markers, bad, order)
        if best is None:
            self.order = identity
            return None
        _, start, width, markers, bad, self.order = best
        return start, width, markers, bad

    def start_numbers(self, rows: list[int], roles: dict[int, str]) -> tuple[int, list[int]] | None:
        """(column, start number per row) of the number column, when it holds distinct whole numbers."""
        cols = [c for c, role in sorted(roles.items()) if role == "number"] or [c for c, role in sorted(roles.items()) if role == "row_number"]
        if not cols:
            cols = [c for c in range(min(self.width, 3)) if c not in roles]
        for c in cols:
            if self.is_number_column(rows, c, guessed=roles.get(c) is None):
                return c, [int(parse_number(v) if isinstance(v, str) else v) for v in (self.cells[r][c] for r in rows)]  # type: ignore[arg-type]
        return None

    def column_orders(self, start: int, sub: int, n: int, numbers: tuple[int, list[int]] | None) -> list[list[int]]:
        """Candidate positions of each row's own column in the block at ``start``.

        The rows in the columns' order first; then, when the rows were sorted
        (by place, after Excel's Sort), each row's column found through its
        start number: the column headed with that number, or the number-th
        column when the columns are not numbered.
        """
        identity = list(range(n))
        if numbers is None or numbers[0] >= start:
            return [identity]
        nums = numbers[1]
        heads = [self.labels_now.get(start + q * sub, "") for q in range(n)]
        if all(h.isdigit() for h in heads):
            at = {int(h): q for q, h in enumerate(heads)}
            if len(at) == n and all(x in at for x in nums):
                order = [at[x] for x in nums]
                return [order] if order == identity else [identity, order]
            return [identity]
        if sorted(nums) == list(range(1, n + 1)) and nums != list(range(1, n + 1)):
            return [identity, [x - 1 for x in nums]]
        return [identity]

    def block_score(self, rows: list[int], start: int, sub: int, order: list[int]) -> tuple[int, int, list[tuple[int, int]]] | None:
        """(diagonal marks, results, unreadable cells) of the block at ``start``; None if it cannot be one.

        ``order[i]`` is the position of row ``i``'s own column in the block.
        """
        n = len(rows)
        markers = 0
        results = 0
        bad: list[tuple[int, int]] = []
        on_diagonal = 0
        for i, r in enumerate(rows):
            line = self.cells[r]
            for s in range(sub):
                d = line[start + order[i] * sub + s]
                if d is None:
                    continue
                if isinstance(d, str) and is_diagonal(d):
                    markers += 1
                    continue
                if on_diagonal or isinstance(d, _Bad) or not _plausible_result(d, sub):
                    return None  # one stray result on the diagonal is reported; more make it no block
                on_diagonal += 1
                bad.insert(0, (r, start + order[i] * sub + s))
            own = order[i]
            for j in range(n):
                if j == own:
                    continue
                for s in range(sub):
                    c = start + j * sub + s
                    v = line[c]
                    if v is None:
                        continue
                    if isinstance(v, _Bad) or (isinstance(v, str) and is_diagonal(v)) or not _plausible_result(v, sub):
                        bad.append((r, c))
                        if len(bad) > results + 2 * n:
                            return None
                        continue
                    results += 1
        if results == 0 or len(bad) >= results:
            return None
        return markers, results, bad

    def explain_sorted_rows(self, rows: list[int], cols: list[int], roles: dict[int, str]) -> None:
        """Raise when every row has its diagonal mark, but not on the diagonal: the rows were sorted."""
        n = len(rows)
        free = [c for c in cols if roles.get(c) not in ("number", "name", "rating", "points", "place", "row_number")]
        for start in free:
            window = list(range(start, start + n))
            if window[-1] > free[-1]:
                break
            marks = []
            for r in rows:
                at = [q for q, c in enumerate(window) if isinstance(self.cells[r][c], str) and is_diagonal(self.cells[r][c])]
                if len(at) != 1:
                    break
                marks.append(at[0])
            else:
                if sorted(marks) != list(range(n)) or marks == list(range(n)):
                    continue
                i = next(i for i, q in enumerate(marks) if q != i)
                numbers = self.start_numbers(rows, roles)
                how = (
                    "the numbers in the No. column do not match the numbers over the result columns: head each result column with the start number of its player"
                    if numbers is not None
                    else "add a No. column holding each player's start number (the number of his result column), or sort the rows back by start number"
                )
                raise LayoutError(
                    f"the diagonal marks are not on the diagonal: the rows look sorted (e.g. by place) while the result columns keep the start order; {how}",
                    self.loc(rows[i], window[marks[i]]),
                )

    def explain_no_block(self, rows: list[int], cols: list[int], roles: dict[int, str], labels: dict[int, str] | None = None) -> str:
        n = len(rows)
        numbered = [c for c in cols if (labels or {}).get(c, "").isdigit()]
        if numbered and [int(labels[c]) for c in numbered] == list(range(1, len(numbered) + 1)) and len(numbered) != n:  # type: ignore[index]
            return f"the table has {n} player rows but {len(numbered)} result columns: a round robin needs one result column per player"
        resultish = [
            c for c in cols
            if roles.get(c) is None and sum(1 for r in rows if self.cells[r][c] is not None and not isinstance(self.cells[r][c], _Bad) and (is_diagonal(self.cells[r][c]) or _plausible_result(self.cells[r][c], 1))) * 2 > n
        ]
        if resultish and len(resultish) != n and len(resultish) == resultish[-1] - resultish[0] + 1:
            return f"the table has {n} player rows but {len(resultish)} result columns: a round robin needs one result column per player"
        # the most common helpful message: which cell stops the diagonal or results
        result_like = [c for c in cols if roles.get(c) not in ("number", "name", "rating", "points", "place")]
        return (
            f"no results found: a round robin needs {n} result columns (one per player row, "
            f"with the diagonal marked X or left blank), a Swiss table one column per round with cells such as '12w1'"
            + ("" if result_like else "; the table has only name and number columns")
        )

    def check_rr_header(self, header: int | None, rows: list[int], start: int, sub: int, players: list[Player], labels: dict[int, str]) -> None:
        if header is None:
            return
        order = self.order
        for j, p in enumerate(players):
            text = labels.get(start + order[j] * sub)
            if text is None or not text.isdigit():
                return
        for j, p in enumerate(players):
            text = labels[start + order[j] * sub]
            if int(text) not in (p.number, j + 1):
                raise LayoutError(
                    f"the result column headed {text} stands where the column of {p.label()} (No. {p.number}) belongs: "
                    "the columns must follow the order of the rows",
                    Location(row=header + 1, column=start + order[j] * sub + 1),
                )
        after = start + len(players) * sub
        text = labels.get(after)
        if text is not None and text.isdigit() and int(text) == len(players) + 1:
            raise LayoutError(
                f"a result column headed {text}, but the table has {len(players)} player rows: a round robin needs one result column per player",
                Location(row=header + 1, column=after + 1),
            )

    # --------------------------------------------------------- side columns
    def side_columns(self, header: int | None, rows: list[int], first_result: int, result_cols: list[int], roles: dict[int, str], labels: dict[int, str]) -> TableLayout:
        layout = TableLayout(
            height=self.height, width=self.width, header_row=header, player_rows=list(rows), result_cols=list(result_cols), labels=labels,
            header_rows=list(self.frame.header_rows), footer_rows=list(self.frame.footer_rows),
        )
        taken = set(result_cols)
        for c, role in sorted(roles.items()):
            if c in taken or role in ("round", "row_number"):
                continue
            attr = f"{role}_col"
            if getattr(layout, attr, None) is None:
                setattr(layout, attr, c)
                taken.add(c)
        if layout.number_col is None:  # "№ п/п" is the number column only when there is no other
            row_numbers = [c for c, role in sorted(roles.items()) if role == "row_number" and c not in taken]
            if row_numbers:
                layout.number_col = row_numbers[-1]
                taken.add(row_numbers[-1])
        left = [c for c in range(first_result) if c not in taken and c not in self.ignore]
        if layout.number_col is None and header is None:
            for c in left:
                if self.is_number_column(rows, c):
                    layout.number_col = c
                    taken.add(c)
                    break
        if layout.name_col is None:
            layout.name_col = self.guess_name_column(rows, [c for c in left if c not in taken and roles.get(c) is None], labels, layout)
        if layout.number_col is None and header is not None:
            # an unlabelled first column of 1..N next to a header is still the number column
            for c in left:
                if c in taken or c in roles:
                    continue
                if self.is_number_column(rows, c) and (layout.name_col is None or c < layout.name_col):
                    layout.number_col = c
                    break
        return layout

    def guess_name_column(self, rows: list[int], candidates: list[int], labels: dict[int, str], layout: TableLayout) -> int | None:
        """The column of person names when no column is labelled as one.

        A column labelled as a club, city, team, federation, title or category is
        never taken; among the other text columns the one whose cells differ from
        row to row and look like people's names wins.  The guess is noted.
        """
        texts = [c for c in candidates if self.is_text_column(rows, c)]
        if not texts:
            return None
        free = [c for c in texts if not (c in labels and _is_other_label(labels[c]))]
        if not free:
            c = texts[0]
            layout.notes.append(
                f"no column of names: column {_column_letter(c)} of the table is headed {show(labels[c])}, not taken for names; "
                "players are shown by number (label the names column 'Name' or 'Фамилия')"
            )
            return None

        def score(c: int) -> tuple[int, int, int]:
            values = [self.cells[r][c] for r in rows]
            words = [v for v in values if isinstance(v, str)]
            distinct = len({" ".join(v.casefold().split()) for v in words}) == len(words)
            personlike = sum(1 for v in words if _PERSON_RE.search(v))
            return (int(distinct), personlike, -c)

        best = max(free, key=score)
        if len(texts) > 1 or best in labels:
            what = f"headed {show(labels[best])}" if best in labels else "without a header"
            layout.notes.append(f"names taken from column {_column_letter(best)} of the table ({what}); label it 'Name' or 'Фамилия' to be sure")
        return best

    def is_number_column(self, rows: list[int], c: int, guessed: bool = True) -> bool:
        """Distinct whole numbers; a guessed (unlabelled) one also small enough to be start numbers, not dates."""
        seen = set()
        top = 10 * len(rows) + 1000 if guessed else 10 * MAX_PLAYERS
        for r in rows:
            v = self.cells[r][c]
            if isinstance(v, str):
                f = parse_number(v)
                v = f
            if not isinstance(v, float) or not v.is_integer() or v < 1 or v > top or v in seen:
                return False
            seen.add(v)
        return True

    def is_text_column(self, rows: list[int], c: int) -> bool:
        texts = 0
        for r in rows:
            v = self.cells[r][c]
            if isinstance(v, str) and parse_number(v) is None:
                texts += 1
        return texts * 2 >= len(rows) and texts > 0

    def players(self, rows: list[int], layout: TableLayout) -> list[Player]:
        players: list[Player] = []
        numbers: dict[int, int] = {}
        names: dict[str, int] = {}
        for i, r in enumerate(rows):
            number = i + 1
            if layout.number_col is not None:
                v = self.value(r, layout.number_col)
                f = parse_number(v) if isinstance(v, str) else v
                if not isinstance(f, float) or not f.is_integer() or f < 1:
                    raise LayoutError(f"{'an empty cell' if v is None else show(v)} is not a player number", self.loc(r, layout.number_col))
                number = int(f)
                if number in numbers:
                    raise LayoutError(f"number {number} is also the number of row {numbers[number] + 1}: numbers must differ", self.loc(r, layout.number_col))
                numbers[number] = r
            name = ""
            if layout.name_col is not None:
                v = self.value(r, layout.name_col)
                if v is not None:
                    name = show(v).strip("'") if isinstance(v, float) else v
                    if len(name) > 100:
                        raise NotationError(f"a name of {len(name)} characters is too long", self.loc(r, layout.name_col))
                    key = " ".join(name.casefold().split())
                    if key in names:
                        raise LayoutError(f"the name {show(name)} is also in row {names[key] + 1}: players must be told apart", self.loc(r, layout.name_col))
                    names[key] = r
                    self.names[r] = name
            rating = None
            if layout.rating_col is not None:
                rating = self.rating(r, layout.rating_col)
            stated = None
            if layout.points_col is not None:
                v = self.value(r, layout.points_col)
                if v is not None:
                    f = parse_number(v) if isinstance(v, str) else v
                    if not isinstance(f, float) or f < 0:
                        raise NotationError(f"{show(v)} is not a number of points", self.loc(r, layout.points_col))
                    stated = f
            players.append(Player(number=number, name=name, rating=rating, row=r + 1, stated_points=stated))
            if name:
                self.names[r] = name
        return players

    def rating(self, r: int, c: int) -> float | None:
        """A rating cell: empty or 0 for none, thousands separators allowed ("1 500", "1,500"); 100–4000."""
        v = self.value(r, c)
        if v is None:
            return None
        if isinstance(v, str):
            m = _THOUSANDS_RE.match(v.strip())
            f = float(m.group(1) + m.group(2)) if m else parse_number(v)
        else:
            f = v
        if not isinstance(f, float) or f < 0 or not f.is_integer() and f >= 100:
            raise NotationError(f"{show(v)} is not a rating", self.loc(r, c))
        if f == 0:
            return None
        if f < 100 or f > 4000:
            hint = " (a thousands separator read as a decimal point? type the rating without it, e.g. 1500)" if f < 10 else ""
            raise NotationError(f"{show(v)} is not a rating: ratings lie between 100 and 4000{hint}", self.loc(r, c))
        return f

    def check_points(self, t: Tournament, layout: TableLayout, rows: list[int]) -> None:
        if layout.points_col is None:
            return
        pts = t.points
        for i, p in enumerate(t.players):
            if p.stated_points is not None and abs(p.stated_points - pts[i]) > 1e-9:
                raise ConsistencyError(
                    f"the points column says {p.stated_points:g}, but the results add up to {pts[i]:g}",
                    self.loc(rows[i], layout.points_col),
                )

    # -------------------------------------------------------------- scoring
    def scoring(self, values: Any, where_two: Any, locate: Any) -> Scoring:
        if self.fixed_scoring is not None:
            return self.fixed_scoring
        vs = set(values)
        if 3.0 in vs and not vs & {0.5, 1.5, 2.0}:
            return FOOTBALL  # 3 for a win (with half points or 2s beside it, a 3 is a typing error, reported as such)
        if 2.0 in vs:
            if vs & {0.5, 1.5}:
                r, c = where_two()
                raise NotationError(
                    "the table mixes 2-point results with half points: set the scoring (1/0.5/0 or 2/1/0)", locate(r, c)
                )
            return DRAUGHTS
        return CHESS

    def first_cell_with(self, rows: list[int], cols: list[int], value: float, swiss: bool) -> tuple[int, int]:
        for r in rows:
            for c in cols:
                v = self.cells[r][c]
                try:
                    if v is not None and not isinstance(v, _Bad) and swiss_cell(v).mark == value:
                        return r, c
                except CellProblem:
                    continue
        return rows[0], cols[0]

    def first_rr_cell_with(self, rows: list[int], start: int, sub: int, value: float) -> tuple[int, int]:
        for i, r in enumerate(rows):
            for c in range(start, start + len(rows) * sub):
                v = self.cells[r][c]
                try:
                    if v is not None and not isinstance(v, _Bad) and not is_diagonal(v) and value in result_marks(v):
                        return r, c
                except CellProblem:
                    continue
        return rows[0], start


# a person's name: a surname with initials or a first name, "Иванов И.", "Ivanov, Ivan", "Ann Lee"
_PERSON_RE = re.compile(r"^[^\W\d_][\w'’\-]+,?\s+(?:[^\W\d_]\.\s?){1,2}$|^[^\W\d_][\w'’\-]+,?\s+[^\W\d_][\w'’\-.]+(?:\s+[^\W\d_][\w'’\-.]+)?$")


_THOUSANDS_RE = re.compile(r"^(\d{1,2})[ ,.\u00a0\u202f'’](\d{3})$")


def _scale(sc: Scoring) -> str:
    """A scoring's results in a few words: '1, 0.5 or 0' or '2, 1 or 0'."""
    return f"{sc.win:g}, {sc.draw:g} or {sc.loss:g}"


def _column_letter(c: int) -> str:
    """The 1-based column of the table as a letter (A for its first column)."""
    out = ""
    n = c + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(65 + rem) + out
    return out


def _index_of(text: str, get_number: Any) -> int:
    """Player index for an opponent number written with leading zeros ('007'), -2 for none."""
    j = get_number(int(text))
    return -2 if j is None else j


def _pair_ok(k1: Kind, p1: float, k2: Kind, p2: float, sc: Scoring) -> bool:
    if k1 == Kind.FORFEIT_WIN:
        return k2 == Kind.FORFEIT_LOSS
    if k1 == Kind.FORFEIT_LOSS:
        return k2 in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)
    if k2 != Kind.PLAYED:
        return False
    o1, o2 = sc.outcome(p1), sc.outcome(p2)
    return o1 is not None and o2 is not None and o1 == -o2


_RESULT_VALUES = (0.0, 0.5, 1.0, 2.0, 3.0)


def _plausible_result(v: Any, sub: int) -> bool:
    """Could this cell be a round robin result (cheap check used to find the block)?"""
    if isinstance(v, float):
        if v in _RESULT_VALUES:
            return True
        return sub == 1 and split_digits(v) is not None
    try:
        ms = result_marks(v)
    except CellProblem:
        return False
    for m in ms:
        if isinstance(m, float) and not (m in _RESULT_VALUES or (sub == 1 and split_digits(m) is not None)):
            return False
    return True
