"""Decoding a round robin matrix: the square block, its diagonal, the rows matched to their columns."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import Any, NoReturn

from tiebreak.core.errors import (
    ConsistencyError,
    InputError,
    LayoutError,
    Location,
    NotationError,
)
from tiebreak.core.grammar import SCORE_SEPARATOR
from tiebreak.core.i18n import _, pgettext
from tiebreak.core.localformat import players
from tiebreak.core.model import Kind, Player, Scoring, Tournament
from tiebreak.core.notation import (
    FORFEIT_LOSS,
    FORFEIT_WIN,
    CellProblem,
    Mark,
    is_diagonal,
    is_uniform_diagonal_mark,
    not_a_result,
    parse_number,
    result_marks,
    score_total,
    show,
    split_digits,
    swiss_cell,
    typing_hint,
)
from tiebreak.reading.base import TableLayout, _Bad, _scale
from tiebreak.reading.columns import SideColumns
from tiebreak.reading.labels import cycle_label
from tiebreak.reading.layout import is_cycle_row

# the location given to a cell's decoding, replaced by the cell's own when the decoding refuses it
_SOMEWHERE = Location()


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

def _cycle_at(line: list[Any], c: int) -> bool:
    """Whether a cycle row heads columns ``c`` and ``c + 1`` as the first and second cycles ('1 кр.' | '2 кр.')."""
    a, b = line[c], line[c + 1]
    return isinstance(a, str) and isinstance(b, str) and cycle_label(a) == 1 and cycle_label(b) == 2


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


def _has_match_score(marks: Iterable[tuple[Mark, ...]], sc: Scoring) -> bool:
    """Whether a cell's marks hold a match score a:b of two games' worth on this scoring (then the event is a double round robin)."""
    for cell_marks in marks:
        if cell_marks and isinstance(cell_marks[0], str) and ":" in cell_marks[0]:
            x, y = (float(part) for part in cell_marks[0].split(":"))
            if abs(x + y - 2 * (sc.win + sc.loss)) < 1e-9:
                return True
    return False


def _sign_counts(marks: list[list[tuple[Mark, ...] | None]], draw: float) -> tuple[int, int, bool, int]:
    """The games written + and those written −, whether a decisive game is written otherwise (1, 0, a match score), all the games (each side once).

    Each distinct marks tuple is looked at once, weighted by the cells that
    hold it (most cells of a large table share one of a few).
    """
    cells: Counter[int] = Counter()
    held: dict[int, tuple[Mark, ...] | None] = {}
    for line in marks:
        cells.update(map(id, line))
        held.update(zip(map(id, line), line))
    pluses = minuses = games = 0
    numbers = False
    for key, count in cells.items():
        for m in held[key] or ():
            games += count
            pluses += count * (m == FORFEIT_WIN)
            minuses += count * (m == FORFEIT_LOSS)
            numbers = numbers or (isinstance(m, float) and m != draw) or (isinstance(m, str) and SCORE_SEPARATOR in m)
    return pluses, minuses, numbers, games


def _rr_tournament(players: list[Player], games: list[list[Sequence[tuple[Kind, float]]]], sc: Scoring, cycles: int) -> Tournament:
    """The tournament of the games read: each player's games against the others, in the order of the columns, a slot per game.

    The rows are built whole; each distinct cell's games (most cells share one
    of a few: 1, 0, ½) are turned into their slots once.
    """
    n = len(players)
    slots: dict[int, tuple[tuple[bool, float, int], ...]] = {}  # id of a cell's games -> (played?, points, kind) for each slot
    absent = (False, 0.0, int(Kind.ABSENT))
    opp: list[list[int]] = []
    pts: list[list[float]] = []
    kind: list[list[int]] = []
    for i in range(n):
        row = games[i]
        for gs in row:
            if id(gs) not in slots:
                slots[id(gs)] = tuple([(True, float(pt), int(kd)) for kd, pt in gs[:cycles]] + [absent] * (cycles - len(gs)))
        others = [j for j in range(n) if j != i]
        cells = [slots[id(row[j])] for j in others]
        if cycles == 1:
            opp.append([j if cell[0][0] else -1 for j, cell in zip(others, cells)])
            pts.append([cell[0][1] for cell in cells])
            kind.append([cell[0][2] for cell in cells])
        else:
            opp.append([j if slot[0] else -1 for j, cell in zip(others, cells) for slot in cell])
            pts.append([slot[1] for cell in cells for slot in cell])
            kind.append([slot[2] for cell in cells for slot in cell])
    rounds = (n - 1) * cycles
    colour: list[list[str | None]] = [[None] * rounds for _ in range(n)]
    return Tournament(players=players, rounds=rounds, opp=opp, pts=pts, kind=kind, colour=colour, scoring=sc, system="round robin", has_rounds=False, cycles=cycles)


class RoundRobinDecoding(SideColumns):
    """The block of results found (also when the rows were sorted), each game read and mirrored."""

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
        """The tournament of a round robin matrix: its block read cell by cell, every game mirrored by the opponent's cell."""
        n = len(rows)
        if n < 2:
            raise LayoutError(_("a tournament needs at least two players"), self.loc(rows[0]))
        if block is None:
            self.explain_sorted_rows(rows, cols, roles)
            # a row that is no player's (a sub-header, a note) first: the counts would include it
            raise LayoutError(*(self.row_without_player(rows, roles) or self.explain_no_block(rows, cols, roles, labels)))
        start, width, _markers, bad = block
        sub = width // n  # 1, or 2 for two sub-columns per opponent
        player_at = {q: j for j, q in enumerate(self.order)}  # self.order: position of each player's own column in the block
        result_cols = list(range(start, start + width))
        layout = self.side_columns(header, rows, start, result_cols, roles, labels)
        players = self.players(rows, layout)
        if layout.number_col is None and self.order != list(range(n)):
            for p, q in zip(players, self.order):  # sorted rows without a No. column: the number is the player's column
                p.number = q + 1
            layout.notes.append(
                _("the rows are not in start order and there is no No. column: each player's number taken from the blank cell of his row (his own column)")
            )
        self.check_rr_header(header, rows, start, sub, players, labels)
        if bad:
            self.report_unreadable(rows, start, sub, players, player_at, bad[0])
        marks, numbers, two, distinct = self.rr_marks(rows, start, sub, players)
        # two-digit numbers (10, 21 ...) only make sense as two games
        has_big = any(isinstance(m, float) and m >= 10 for ms in distinct for m in ms)
        cycles = 2 if two or has_big else 1
        sc = self.scoring(
            numbers,
            lambda: self.first_rr_cell_with(rows, start, sub, 2.0),
            lambda r, c: self.loc(r, c, opponent=self.opp_label(players, player_at[(c - start) // sub])),
        )
        if cycles == 1 and _has_match_score(distinct, sc):
            cycles = 2
        self.read_signs(*_sign_counts(marks, sc.draw), swiss=False)
        games = self.rr_game_matrix(rows, start, sub, players, marks, sc, cycles)
        try:
            self.check_mirrors(rows, start, sub, players, games, sc, cycles)
        except ConsistencyError as err:
            if layout.number_col is None and self.looks_sorted_by_place(rows, layout):
                raise ConsistencyError(
                    err.detail
                    + "; "
                    + _(
                        "the rows look sorted by place and there is no No. column: if the result columns keep the start order, "
                        "add a No. column holding each player's start number (the number of his result column)"
                    ),
                    err.location,
                ) from None
            raise
        t = _rr_tournament(players, games, sc, cycles)
        layout.result_cols = result_cols
        t.layout = layout
        self.check_points(t, layout, rows)
        return t
    def report_unreadable(self, rows: list[int], start: int, sub: int, players: list[Player], player_at: dict[int, int], cell: tuple[int, int]) -> NoReturn:
        """Raise the message for an unreadable cell of the block: a result on the diagonal, a stray diagonal mark, or no result."""
        r, c = cell
        j = player_at[(c - start) // sub]
        where = self.loc(r, c, opponent=self.opp_label(players, j))
        v = self.value_at(r, c, where)
        if j == rows.index(r):
            raise LayoutError(
                _("{text} stands on the diagonal: a player cannot play himself (mark the cell X or leave it blank)").format(text=show(v)), where
            )
        if isinstance(v, str) and is_diagonal(v):
            raise LayoutError(_("{text} marks the diagonal, but this is not the player's own column").format(text=show(v)), where)
        raise NotationError(not_a_result(v, swiss=False), where)
    def rr_marks(
        self, rows: list[int], start: int, sub: int, players: list[Player]
    ) -> tuple[list[list[tuple[Mark, ...] | None]], set[float], bool, list[tuple[Mark, ...]]]:
        """The marks of each cell (i, j) of the block, gathered over its sub-columns.

        Also the single-digit numbers seen (for the scoring), whether some
        cell holds two games, and the distinct marks of the cells.  Each
        distinct cell value is read once: most cells of a large table hold one
        of a few values (1, 0, ½).
        """
        n = len(rows)
        read: dict[Any, tuple[Mark, ...]] = {}  # a cell value (a float or a text: the cells are normalized) -> its marks
        first = [start + self.order[j] * sub for j in range(n)]  # each opponent's first column
        if sub == 1:
            marks = [self._rr_line(i, r, first, read, players) for i, r in enumerate(rows)]
            distinct = list(read.values())
            two = any(len(ms) == 2 for ms in distinct)
        else:
            marks, distinct = self._rr_pairs(rows, first, read, players)
            two = True
        numbers = {m for ms in read.values() for m in ms if isinstance(m, float) and m < 10}
        return marks, numbers, two, distinct

    def _rr_line(self, i: int, r: int, first: list[int], read: dict[Any, tuple[Mark, ...]], players: list[Player]) -> list[tuple[Mark, ...] | None]:
        """The marks of row ``r``'s cells, one column per opponent; the values not read before are read in the row's order."""
        row = self.cells[r]
        line = [row[c] for c in first]
        line[i] = None  # the player's own cell
        new = set(line).difference(read)
        new.discard(None)
        for j, v in enumerate(line):
            if not new:
                break
            if v in new:
                read[v] = self._cell_marks(r, first[j], v, players, j)
                new.discard(v)
        return [None if v is None else read[v] or None for v in line]

    def _rr_pairs(
        self, rows: list[int], first: list[int], read: dict[Any, tuple[Mark, ...]], players: list[Player]
    ) -> tuple[list[list[tuple[Mark, ...] | None]], list[tuple[Mark, ...]]]:
        """The marks of each cell of a block with two sub-columns per opponent, and the distinct marks."""
        n = len(rows)
        marks: list[list[tuple[Mark, ...] | None]] = [[None] * n for _ in range(n)]
        distinct: dict[tuple[Mark, ...], None] = {}
        for i, r in enumerate(rows):
            row, out = self.cells[r], marks[i]
            for j in range(n):
                if i == j:
                    continue
                got: tuple[Mark, ...] = ()
                for c in (first[j], first[j] + 1):
                    v = row[c]
                    if v is None:
                        continue
                    ms = read.get(v) if v.__class__ is not _Bad else None
                    if ms is None:
                        ms = read[v] = self._cell_marks(r, c, v, players, j)
                    got = ms if not got else got + ms
                if got:
                    out[j] = got
                    distinct[got] = None
        return marks, list(distinct)

    def _cell_marks(self, r: int, c: int, v: Any, players: list[Player], j: int) -> tuple[Mark, ...]:
        """The marks of one cell value of the block against player ``j``; an unreadable one raises, naming the cell."""
        if isinstance(v, _Bad):
            self.value_at(r, c, self.loc(r, c, opponent=self.opp_label(players, j)))
        if is_diagonal(v):
            raise LayoutError(
                _("{text} marks the diagonal, but this is not the player's own column").format(text=show(v)),
                self.loc(r, c, opponent=self.opp_label(players, j)),
            )
        try:
            return tuple(result_marks(v))
        except CellProblem as problem:
            raise NotationError(str(problem), self.loc(r, c, opponent=self.opp_label(players, j))) from None

    def rr_game_matrix(
        self, rows: list[int], start: int, sub: int, players: list[Player], marks: list[list[tuple[Mark, ...] | None]], sc: Scoring, cycles: int
    ) -> list[list[Sequence[tuple[Kind, float]]]]:
        """The games (kind, points) of each cell (i, j), read from its marks on this scoring."""
        order = self.order
        games: list[list[Sequence[tuple[Kind, float]]]] = []  # () where nothing is entered
        decoded: dict[tuple[Mark, ...], tuple[tuple[Kind, float], ...]] = {}
        by_id: dict[int, tuple[tuple[Kind, float], ...]] = {id(None): ()}  # the marks of most cells are one shared tuple (see rr_marks)
        for i, r in enumerate(rows):
            line = marks[i]
            new = set(map(id, line)).difference(by_id)
            for j, cell_marks in enumerate(line):  # the marks not seen before, decoded in the row's order
                if not new:
                    break
                if id(cell_marks) not in new:
                    continue
                new.discard(id(cell_marks))
                assert cell_marks is not None
                known = decoded.get(cell_marks)
                if known is None:  # the same marks decode to the same games: most cells are 1, 0 or ½
                    c = start + order[j] * sub
                    try:
                        known = decoded[cell_marks] = tuple(self.rr_games(cell_marks, sc, cycles, _SOMEWHERE, self.cells[r][c]))
                    except InputError as err:  # the place is named only when there is something to say
                        if err.location is not _SOMEWHERE:
                            raise
                        raise err.at(self.loc(r, c, opponent=self.opp_label(players, j))) from None
                by_id[id(cell_marks)] = known
            games.append([by_id[id(m)] for m in line])
        return games
    def check_mirrors(
        self,
        rows: list[int],
        start: int,
        sub: int,
        players: list[Player],
        games: list[list[Sequence[tuple[Kind, float]]]],
        sc: Scoring,
        cycles: int,
    ) -> None:
        """Raise at the first cell (i, j) whose games are not those of cell (j, i) seen from the other side."""
        n = len(rows)
        order = self.order
        seen: dict[tuple[int, int], bool] = {}  # (id, id) of two cells' games -> whether they mirror: most pairs are one of a few
        for i in range(n):
            line = games[i]
            for j in range(i + 1, n):
                mine_games, theirs_games = line[j], games[j][i]
                key = (id(mine_games), id(theirs_games))
                ok = seen.get(key)
                if ok is None:
                    ok = seen[key] = self.mirrors(mine_games, theirs_games, sc)
                if ok:
                    continue
                r, c = rows[i], start + order[j] * sub
                where = self.loc(r, c, opponent=self.opp_label(players, j))
                hint = ""
                if cycles == 2 and len(mine_games) != len(theirs_games):
                    fewer = (i, j) if len(mine_games) < len(theirs_games) else (j, i)
                    if isinstance(self.cells[rows[fewer[0]]][start + order[fewer[1]] * sub], float):  # typed as a number
                        hint = " (" + _("Excel drops a leading zero from 01 or 00 typed as a number: type it as text, '01") + ")"
                mine = self.describe(self.cells[r][c], sub, r, start + order[j] * sub)
                theirs = self.describe(self.cells[rows[j]][start + order[i] * sub], sub, rows[j], start + order[i] * sub)
                if not mine_games or not theirs_games:
                    missing = players[j].label() if not theirs_games else players[i].label()
                    raise ConsistencyError(
                        _("the game against {opponent} is entered only on one side: {player}'s row has nothing").format(
                            opponent=self.opp_label(players, j), player=missing
                        ),
                        where,
                    )
                raise ConsistencyError(
                    _("{mine} does not mirror {player}'s result {theirs} (row {row}){hint}").format(
                        mine=mine, player=players[j].label(), theirs=theirs, row=self.sheet_row(rows[j]), hint=hint
                    ),
                    where,
                )
    def describe(self, v: Any, sub: int, r: int, c: int) -> str:
        if sub == 2:
            parts = [self.cells[r][c], self.cells[r][c + 1]]
            return " / ".join(show(p) if p is not None else pgettext("cell", "empty") for p in parts)
        return show(v)
    @staticmethod
    def opp_label(players: list[Player], j: int) -> str:
        p = players[j]
        return _("{name} (No. {number})").format(name=p.name, number=p.number) if p.name else _("No. {number}").format(number=p.number)
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
                    if score_total(v) is not None:
                        raise NotationError(not_a_result(v, swiss=False), where)
                    raise NotationError(
                        _("{text} is not a result on {scoring} scoring{hint} (write {scale})").format(
                            text=show(v), scoring=sc.label, hint=typing_hint(v, swiss=False), scale=_scale(sc)
                        ),
                        where,
                    )
                marks.extend(split)
            else:
                marks.append(m)
        if len(marks) > cycles:
            message = (
                _("{text} holds {count} results; a single round robin has {cycles} per cell")
                if cycles == 1
                else _("{text} holds {count} results; a double round robin has {cycles} per cell")
            )
            raise NotationError(message.format(text=show(v), count=len(marks), cycles=cycles), where)
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
                    _("{text} could be two draws or a win and a loss; write the two games, e.g. '==' or '10'").format(text=show(v)), where
                )
            for total, games in options.items():
                if abs(a - total) < 1e-9:
                    return list(games)
        raise NotationError(_("{text} is not a match score on {scoring} scoring").format(text=show(v), scoring=sc.label), where)
    @staticmethod
    def mirrors(a: Sequence[tuple[Kind, float]], b: Sequence[tuple[Kind, float]], sc: Scoring) -> bool:
        """Whether the games of cell (i, j) are those of cell (j, i) seen from the other side.

        In a double round robin the order inside the cells may differ.
        """
        if len(a) != len(b):
            return False
        if len(a) == 1:  # a single round robin: one game a cell, no orders to try
            return _pair_ok(*a[0], *b[0], sc)
        return any(all(_pair_ok(*a[i], *b[j], sc) for i, j in enumerate(order)) for order in permutations(range(len(b))))
    def find_block(self, rows: list[int], roles: dict[int, str]) -> tuple[int, int, int, list[tuple[int, int]]] | None:
        """The round robin block: (start column, width, diagonal marks, unreadable cells), or None.

        A candidate has the diagonal blank or marked in every row and more
        readable results than unreadable cells; the one with the most diagonal
        marks, then the most results, wins.
        """
        n = len(rows)
        identity = list(range(n))
        if n > self.width:  # no block of n columns fits (a Swiss of more players than columns): none, as the search below finds
            self.order = identity
            return None
        best: tuple[tuple[int, int], int, int, int, list[tuple[int, int]], list[int]] | None = None
        numbers = self.start_numbers(rows, roles)
        # without a No. column, rows sorted by place are matched to their columns by their blank cells, when nothing else reads
        for by_blanks in (False, True) if numbers is None else (False,):
            if best is not None:
                break
            for sub in (1,) if by_blanks else (2,) if self.header_pairs(n) else (1, 2):
                width = n * sub
                for start in range(self.width - width + 1):
                    if any(roles.get(c) in ("number", "name", "rating", "points", "place", "row_number") for c in range(start, start + width)):
                        continue
                    for order in self.blank_orders(start, n) if by_blanks else self.column_orders(start, sub, n, numbers):
                        found = self.block_score(rows, start, sub, order)
                        if found is None:
                            continue
                        markers, results, bad = found
                        if sub == 2 and markers == 0 and not self.paired_blank_diagonal(rows, start, order):
                            continue
                        score = (markers, results)
                        if best is None or score > best[0]:
                            best = (score, start, width, markers, bad, order)
        if best is None:
            self.order = identity
            return None
        _score, start, width, markers, bad, self.order = best
        return start, width, markers, bad
    def paired_blank_diagonal(self, rows: list[int], start: int, order: list[int]) -> bool:
        """Whether the block at ``start`` is a double round robin in two sub-columns with its diagonal left blank.

        Only when the header says so (a cycle row, or each opponent's number
        over two columns, the second unheaded) and each player's own pair of
        sub-columns is blank on his row: then nothing else can be his.
        """
        if not self.paired_header(start, len(rows)):
            return False
        return all(self.cells[r][start + 2 * order[i] + s] is None for i, r in enumerate(rows) for s in range(2))

    def header_pairs(self, n: int) -> bool:
        """Whether the header shows two sub-columns per opponent somewhere (then one column per opponent is no block)."""
        return any(self.paired_header(start, n) for start in range(self.width - 2 * n + 1))

    def paired_header(self, start: int, n: int) -> bool:
        """Whether the header shows ``n`` opponents in two sub-columns each from ``start``: a cycle row, or each
        opponent's number over his two columns (the second unheaded)."""
        if start + 2 * n > self.width:
            return False
        heads = [self.labels_now.get(start + q) for q in range(2 * n)]
        if all(heads[2 * q] == str(q + 1) and not heads[2 * q + 1] for q in range(n)):
            return True
        return any(is_cycle_row(line) and all(_cycle_at(line, start + 2 * q) for q in range(n)) for line in (self.cells[h] for h in self.frame.header_rows))

    def explain_paired_diagonal(self, rows: list[int], roles: dict[int, str]) -> tuple[str, Location] | None:
        """A double round robin in two sub-columns whose diagonal is blank but for a result on some row's own pair: that cell named."""
        n = len(rows)
        for start in range(self.width - 2 * n + 1):
            if not self.paired_header(start, n) or any(roles.get(c) not in (None, "round") for c in range(start, start + 2 * n)):
                continue
            own = [(r, start + 2 * i + s) for i, r in enumerate(rows) for s in range(2)]
            stray = [(r, c) for r, c in own if self.cells[r][c] is not None and not (isinstance(self.cells[r][c], str) and is_diagonal(self.cells[r][c]))]
            if stray and len(stray) * 2 <= len(own):
                r, c = stray[0]
                message = _(
                    "a result stands on the diagonal of a double round robin in two sub-columns: these are the sub-columns of "
                    "this row's own player; mark them X or leave them blank, and write his games under his opponents' numbers"
                )
                return message, self.loc(r, c)
            return None
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
    def looks_sorted_by_place(self, rows: list[int], layout: TableLayout) -> bool:
        """Whether a place column holds 1, 2, 3 ... down the rows (ties allowed): the table was sorted by place."""
        if layout.place_col is None:
            return False
        places = [parse_number(v) if isinstance(v, str) else v for v in (self.cells[r][layout.place_col] for r in rows)]
        numbers = [p for p in places if isinstance(p, float)]
        return len(numbers) == len(rows) and numbers == sorted(numbers) and numbers[0] == 1

    def blank_orders(self, start: int, n: int) -> list[list[int]]:
        """The order of :meth:`blank_diagonal_order` as the one candidate, or none."""
        order = self.blank_diagonal_order(start, 1, n)
        return [order] if order is not None else []

    def blank_diagonal_order(self, start: int, sub: int, n: int) -> list[int] | None:
        """Each row's own column, from the one blank (or marked) cell of its row in the block at ``start``, or None.

        A finished round robin whose rows were sorted (by place) without a No.
        column still shows whose column is whose: a player's row is blank only
        in his own column.
        """
        if sub != 1:
            return None
        rows = self.frame.player_rows
        order: list[int] = []
        for r in rows:
            line = self.cells[r]
            own = [q for q in range(n) if line[start + q] is None or (isinstance(line[start + q], str) and is_diagonal(line[start + q]))]
            if len(own) != 1:
                return None
            order.append(own[0])
        return order if sorted(order) == list(range(n)) else None

    def block_score(self, rows: list[int], start: int, sub: int, order: list[int]) -> tuple[int, int, list[tuple[int, int]]] | None:
        """(diagonal marks, results, unreadable cells) of the block at ``start``; None if it cannot be one.

        ``order[i]`` is the position of row ``i``'s own column in the block.
        """
        n = len(rows)
        markers = 0
        results = 0
        bad: list[tuple[int, int]] = []
        on_diagonal = 0
        plausible: dict[Any, bool] = {}  # a cell value (a float or a text) -> whether it can be a result here
        uniform = self.uniform_diagonal(rows, start, sub, order)
        for i, r in enumerate(rows):
            line = self.cells[r]
            for s in range(sub):
                d = line[start + order[i] * sub + s]
                if d is None:
                    continue
                if uniform or isinstance(d, str) and is_diagonal(d):
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
                    ok = plausible.get(v) if v.__class__ is not _Bad else False
                    if ok is None:
                        ok = plausible[v] = not (isinstance(v, str) and is_diagonal(v)) and _plausible_result(v, sub)
                    if not ok:
                        bad.append((r, c))
                        if len(bad) > results + 2 * n:
                            return None
                        continue
                    results += 1
        if results == 0 or len(bad) >= results:
            return None
        return markers, results, bad
    def uniform_diagonal(self, rows: list[int], start: int, sub: int, order: list[int]) -> bool:
        """Whether every player's own cell holds the same dash or zero (a diagonal mark only then: elsewhere they are results)."""
        if len(rows) < 3:
            return False
        own = {self.cells[r][start + order[i] * sub + s] for i, r in enumerate(rows) for s in range(sub)}
        if len(own) != 1:
            return False
        mark = own.pop()
        return is_uniform_diagonal_mark(mark)

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
                message = (
                    _(
                        "the diagonal marks are not on the diagonal: the rows look sorted (e.g. by place) while the result columns keep the start order; "
                        "the numbers in the No. column do not match the numbers over the result columns: head each result column with the start number of its player"
                    )
                    if numbers is not None
                    else _(
                        "the diagonal marks are not on the diagonal: the rows look sorted (e.g. by place) while the result columns keep the start order; "
                        "add a No. column holding each player's start number (the number of his result column), or sort the rows back by start number"
                    )
                )
                raise LayoutError(
                    message,
                    self.loc(rows[i], window[marks[i]]),
                )
        self.explain_sorted_blank_rows(rows, free, roles)

    def explain_sorted_blank_rows(self, rows: list[int], free: list[int], roles: dict[int, str]) -> None:
        """Raise when the diagonal is blank, a result stands where a row's own cell belongs and there is no No. column to tell."""
        n = len(rows)
        if self.start_numbers(rows, roles) is not None or len(free) < n:
            return
        start = free[0]
        window = range(start, start + n)
        lines = [self.cells[r] for r in rows]
        if any(all(line[c] is not None for c in window) for line in lines):
            return  # a row without a blank cell: not a round robin with a blank diagonal
        i = next((i for i, line in enumerate(lines) if line[start + i] is not None), None)
        if i is None:
            return
        raise LayoutError(
            _(
                "a result stands on the diagonal and there is no No. column: the rows look sorted (e.g. by place) while the result "
                "columns keep the start order, and with games still to play the blank cells do not tell whose column is whose; "
                "add a No. column holding each player's start number (the number of his result column), or mark the diagonal X"
            ),
            self.loc(rows[i], start + i),
        )
    def explain_no_block(
        self, rows: list[int], cols: list[int], roles: dict[int, str], labels: dict[int, str] | None = None
    ) -> tuple[str, Location | None]:
        """Why no round robin block was found, and the cell to look at (the last player row, when rows and columns differ)."""
        n = len(rows)
        result_like = [c for c in cols if roles.get(c) not in ("number", "name", "rating", "points", "place")]
        candidates = [c for c in result_like if roles.get(c) in (None, "round")]
        first = self.explain_paired_diagonal(rows, roles) or self.explain_unread_block(rows, candidates, roles, labels or {})
        first = first or self.explain_column_count(rows, cols, roles, labels or {})
        if first is not None:
            return first
        # the most common helpful message: which cell stops the diagonal or results
        unread = self.unread_results(rows, candidates) or self.unread_results(rows, candidates, numbers=True) or self.results_without_opponents(rows, candidates)
        if unread is not None:
            return unread
        message = (
            _(
                "no results found: a round robin needs {n} result columns (one per player row, "
                "with the diagonal marked X or left blank), a Swiss table one column per round with cells such as '12w1'"
            )
            if result_like
            else _(
                "no results found: a round robin needs {n} result columns (one per player row, "
                "with the diagonal marked X or left blank), a Swiss table one column per round with cells such as '12w1'; "
                "the table has only name and number columns"
            )
        )
        return message.format(n=n), None

    def explain_column_count(self, rows: list[int], cols: list[int], roles: dict[int, str], labels: dict[int, str]) -> tuple[str, Location] | None:
        """'n player rows but m result columns' when the columns headed 1, 2 ... or those holding results are not one per row."""
        n = len(rows)
        numbered = [c for c in cols if labels.get(c, "").isdigit()]
        last_row = Location(row=rows[-1] + 1)
        if numbered and [int(labels[c]) for c in numbered] == list(range(1, len(numbered) + 1)) and len(numbered) != n:
            return self.count_mismatch(n, len(numbered)), last_row
        resultish = [
            c for c in cols
            if roles.get(c) is None and sum(1 for r in rows if self.cells[r][c] is not None and not isinstance(self.cells[r][c], _Bad) and (is_diagonal(self.cells[r][c]) or _plausible_result(self.cells[r][c], 1))) * 2 > n
        ]
        if resultish and len(resultish) != n and len(resultish) == resultish[-1] - resultish[0] + 1:
            return self.count_mismatch(n, len(resultish)), last_row
        return None

    def row_without_player(self, rows: list[int], roles: dict[int, str]) -> tuple[str, Location] | None:
        """A row among the players' with neither a number nor a name (a sub-header, a note): not counted, named."""
        who = [c for c, role in roles.items() if role in ("number", "name")]
        if not who:
            return None
        blank = [r for r in rows if all(self.cells[r][c] is None for c in who)]
        if not blank or len(blank) == len(rows):
            return None
        r = blank[0]
        message = _(
            "this row stands among the players' but has no number and no name: a sub-header (such as '1 кр. | 2 кр.') or a "
            "note inside the table is not read; without it the table has {count}: delete the row, or give --range without it"
        )
        return message.format(count=players(len(rows) - len(blank))), Location(row=r + 1)

    def diagonal_window(self, rows: list[int], cols: list[int]) -> list[int] | None:
        """The columns of a round robin whose diagonal is marked (row i's mark in the window's column i), or None."""
        n = len(rows)
        for k in range(len(cols) - n + 1):
            window = cols[k : k + n]
            if window[-1] - window[0] != n - 1:
                continue
            marks = [self.cells[r][window[i]] for i, r in enumerate(rows)]
            if all(isinstance(v, str) and is_diagonal(v) for v in marks):
                return window
        return None

    def unread_results(self, rows: list[int], cols: list[int], *, numbers: bool = False) -> tuple[str, Location] | None:
        """'No results found' naming the first cell, row by row, where results could stand whose text (with
        ``numbers``: or number) is neither a result nor a Swiss cell (results there in a notation tiebreak does not
        read); None when there is none."""
        for r in rows:
            for c in cols:
                v = self.cells[r][c]
                if numbers and isinstance(v, float) and not _plausible_result(v, 1):
                    message = _(
                        "no results found: {text} here is neither a round robin result (1, ½, 0, + or −) nor a Swiss cell such as "
                        "'12w1' (opponent, colour, result); write the results in one of these notations (see 'How a table is read' "
                        "in the README), or give --range if the crosstable is elsewhere on the sheet"
                    )
                    return message.format(text=show(v)), self.loc(r, c)
                if not isinstance(v, str) or is_diagonal(v) or _plausible_result(v, 1):
                    continue
                try:
                    swiss_cell(v)
                except CellProblem:
                    message = _(
                        "no results found: {text} here is neither a round robin result (1, ½, 0, + or −) nor a Swiss cell such as "
                        "'12w1' (opponent, colour, result); write the results in one of these notations (see 'How a table is read' "
                        "in the README), or give --range if the crosstable is elsewhere on the sheet"
                    )
                    return message.format(text=show(v)), self.loc(r, c)
        return None

    def explain_unread_block(self, rows: list[int], cols: list[int], roles: dict[int, str], labels: dict[int, str]) -> tuple[str, Location] | None:
        """The first cell of a round robin's columns (its diagonal marked, or headed 1 to n) that is no result; else the
        first result with no opponent in a table too narrow for a round robin; None when neither is found."""
        n = len(rows)
        window = self.diagonal_window(rows, cols)
        if window is None:
            headed = [c for c in range(self.width) if labels.get(c, "").isdigit()]
            if [int(labels[c]) for c in headed] == list(range(1, n + 1)) and all(roles.get(c) in (None, "round") for c in headed):
                window = headed  # the columns headed 1 to n, one per player
        if window is not None:
            return self.unread_results(rows, window, numbers=True)
        return self.bare_results(rows, cols)

    def bare_results(self, rows: list[int], cols: list[int]) -> tuple[str, Location] | None:
        """Results with no opponent in fewer columns than a round robin has opponents and no diagonal mark: a Swiss
        table without its pairings, its first such cell named (None for any other table)."""
        if len(cols) >= len(rows) - 1 or any(isinstance(v, str) and is_diagonal(v) for r in rows for v in (self.cells[r][c] for c in cols)):
            return None
        return self.results_without_opponents(rows, cols)

    def results_without_opponents(self, rows: list[int], cols: list[int]) -> tuple[str, Location] | None:
        """'No results found' naming the first cell holding a result with no opponent (``1``, ``+`` in a round's
        column): the results are there but not whom they were scored against; None when there is none."""
        for r in rows:
            for c in cols:
                v = self.cells[r][c]
                if v is None or isinstance(v, _Bad) or (isinstance(v, str) and is_diagonal(v)) or not _plausible_result(v, 1):
                    continue
                message = _(
                    "no results found: {text} here looks like a result but names no opponent: a round robin needs {n} result "
                    "columns (one per player row, the diagonal marked X or left blank), a Swiss table the opponent's number in "
                    "each round's cell, e.g. '12w1' or '12+'; write the opponents' numbers before the results (see 'How a table "
                    "is read' in the README), or give --range if the crosstable is elsewhere on the sheet"
                )
                return message.format(text=show(v), n=len(rows)), self.loc(r, c)
        return None

    @staticmethod
    def count_mismatch(rows: int, columns: int) -> str:
        message = (
            _(
                "the table has {rows} player rows but {columns} result columns: a round robin needs one result column per player "
                "(a player's column is missing, or a row or column that is not a player's is inside the range)"
            )
            if rows > columns
            else _(
                "the table has {rows} player rows but {columns} result columns: a round robin needs one result column per player "
                "(a player's row is missing, or a row or column that is not a player's is inside the range)"
            )
        )
        return message.format(rows=rows, columns=columns)
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
                    _(
                        "the result column headed {text} stands where the column of {player} (No. {number}) belongs: "
                        "the columns must follow the order of the rows"
                    ).format(text=text, player=p.label(), number=p.number),
                    Location(row=header + 1, column=start + order[j] * sub + 1),
                )
        after = start + len(players) * sub
        text = labels.get(after)
        if text is not None and text.isdigit() and int(text) == len(players) + 1:
            raise LayoutError(
                _("a result column headed {text}, but the table has {count} player rows: a round robin needs one result column per player").format(
                    text=text, count=len(players)
                ),
                Location(row=header + 1, column=after + 1),
            )
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