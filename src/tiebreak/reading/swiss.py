"""Decoding a Swiss table: one column per round, cells such as ``12w1``, ``5б½``, ``+``, ``-1``."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial
from itertools import chain, islice
from operator import add, attrgetter, eq, itemgetter
from typing import Any, NamedTuple, NoReturn, cast

from tiebreak.core import grammar as g
from tiebreak.core.a1 import column_letter
from tiebreak.core.errors import (
    ConsistencyError,
    LayoutError,
    Location,
    NotationError,
)
from tiebreak.core.i18n import _
from tiebreak.core.model import (
    DRAW,
    LOSS,
    WIN,
    Kind,
    Player,
    Scoring,
    Tournament,
    positions,
    round_consistent,
)
from tiebreak.core.notation import (
    DRAW_MARK,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    CellProblem,
    SwissCell,
    show,
    swiss_cell,
)
from tiebreak.core.text import compiled_later
from tiebreak.reading.base import MAX_ROUNDS, SAMPLE, TableLayout, _Bad
from tiebreak.reading.columns import SideColumns
from tiebreak.reading.labels import ROUND_RE as _ROUND_RE
from tiebreak.reading.labels import fold as _fold

# the common Swiss cell, one per line of a joined column: opponent, colour letter, one-character result
_COLOURS, _FAST_MARKS = g.COLOURS, g.ONE_CHAR_MARKS
# a pairing written without its result ('12w', '5б'): the game is pending
_PENDING = compiled_later(rf"^\s*(\d{{1,6}})\s*({g.COLOUR})\s*$")
# an opponent's number alone ('12', or 12 typed as a number): a pending pairing when the opponent's cell names the player back
_BARE = compiled_later(r"^\s*(\d{1,6})\s*$")


def _bare_number(v: object) -> int | None:
    """The number of a cell holding a whole number alone (text or a number), else None."""
    if isinstance(v, float):
        return int(v) if v.is_integer() and 0 < v < 1e6 else None
    m = _BARE.match(v) if isinstance(v, str) else None
    return int(m.group(1)) if m else None

# one group, the whole common cell (its last two characters are the colour and the result): findall
# returns one text per cell, not a tuple, so a column's cells leave no containers to the garbage collector
_FAST_COLUMN = compiled_later(rf"^(?:(\d{{1,6}}{g.COLOUR}{g.one_of(_FAST_MARKS)})|[^\n]*)$", re.MULTILINE)
_OPPONENT, _COLOUR_CHAR, _RESULT_CHAR = itemgetter(slice(None, -2)), itemgetter(slice(-2, -1)), itemgetter(slice(-1, None))
# the last two characters of a common cell, its colour letter and result ('w1'), and their code: 1, 2 ... in
# this order (0: a cell that is not a common one); a round's cells are coded once, then looked up by code
_TAIL = itemgetter(slice(-2, None))
_NUMBER = attrgetter("number")
_TAIL_TEXTS = [c + x for c in _COLOURS for x in _FAST_MARKS]
_TAIL_CODE = {t: i for i, t in enumerate(_TAIL_TEXTS, start=1)}
_MARK_OF_CODE: list[Any] = [None, *(_FAST_MARKS[t[-1]] for t in _TAIL_TEXTS)]
# (at most 256 codes: scan_rounds counts them as bytes; tests/test_fast_paths.py holds it)
_COLOUR_OF_CODE: list[str | None] = [None, *(_COLOURS[t[0]] for t in _TAIL_TEXTS)]

def _common_opponent(v: object) -> int | None:
    """The opponent's number of a common cell ('12w1': 12), None for any other cell.

    A common cell is what _FAST_COLUMN reads as a whole cell, seen here by its slices (no
    pattern search): one to six decimal digits, then a colour and result swiss_cell reads
    as the cell's (``_TAIL_CODE``).
    """
    if v.__class__ is not str:
        return None
    head = _OPPONENT(v)
    return int(head) if _TAIL(v) in _TAIL_CODE and 0 < len(head) <= 6 and head.isdecimal() else None


def _is_common(v: object) -> bool:
    """Whether a cell is a common one ('12w1'): swiss_cell reads it as the opponent ``int(v[:-2])``, its colour and result."""
    return _common_opponent(v) is not None


def _colours_of(columns: list[tuple[bool, list[Any]]]) -> list[list[str | None]]:
    """Each player's colours, a row each, from the rounds' columns: a proven round's codes (True) or its colours (False)."""
    rounds = (list(map(_COLOUR_OF_CODE.__getitem__, col)) if coded else col for coded, col in columns)
    return cast("list[list[str | None]]", list(zip(*rounds)))


def _games_on(sc: Scoring, signs_played: bool = False) -> dict[Any, tuple[int, float]]:
    """A game's (kind, points) on this scoring, by its mark: a forfeit (or, signs played, a game), the draw mark, or the points."""
    return {
        FORFEIT_WIN: (int(Kind.PLAYED if signs_played else Kind.FORFEIT_WIN), sc.win),
        FORFEIT_LOSS: (int(Kind.PLAYED if signs_played else Kind.FORFEIT_LOSS), sc.loss),
        g.WIN_MARK: (int(Kind.PLAYED), sc.win),
        g.LOSS_MARK: (int(Kind.PLAYED), sc.loss),
        DRAW_MARK: (int(Kind.PLAYED), sc.draw),
        sc.win: (int(Kind.PLAYED), sc.win),
        sc.draw: (int(Kind.PLAYED), sc.draw),
        sc.loss: (int(Kind.PLAYED), sc.loss),
    }


def _sign_counts(scanned: _Scanned, slow_cols: list[dict[int, SwissCell]], draw: float) -> tuple[int, int, bool, int]:
    """The games written + and those written − beside an opponent, whether a decisive game is written otherwise (1, 0, W12), all the games."""
    plus = minus = 0
    for code, count in scanned.signs.items():  # the common cells with a + or a −, counted by their colour and result
        if _MARK_OF_CODE[code] == FORFEIT_WIN:
            plus += count
        else:
            minus += count
    marks = {_MARK_OF_CODE[code] for code in scanned.present if code}
    games = scanned.common
    for slow in slow_cols:
        for cell in slow.values():
            if cell[0] is not None and cell[3] is None and cell[2] is not None:
                marks.add(cell[2])
                games += 1
                plus += cell[2] == FORFEIT_WIN
                minus += cell[2] == FORFEIT_LOSS
    numbers = any(m in (g.WIN_MARK, g.LOSS_MARK) or m.__class__ is float and m != draw for m in marks)
    return plus, minus, numbers, games


class _Tails(dict[str, int]):
    """A cell's last two characters -> its colour and result's code (_TAIL_CODE); 0 for any other."""

    def __missing__(self, key: str) -> int:
        return 0


_CODE_OF_ANY_TAIL = _Tails(_TAIL_CODE)


def _common_cells(texts: list[str], players: Sequence[Player]) -> tuple[list[int], list[int]]:
    """Each cell's colour and result code (0: not a common cell) and opponent (a player index, -2: a number not in the table, -1: none).

    A common cell is what _FAST_COLUMN reads: one to six decimal digits, a
    colour letter and a one-character result.  Its last two characters are
    coded and the rest looked up among the players' numbers as written, for all
    cells at once; only the cells that are not plainly one (no code, an
    opponent not written as a start number is) are looked at one by one.
    ``texts``: the cells, '' for an empty one and a character no cell holds
    for a number.
    """
    if max(map(_NUMBER, players), default=0) >= 10**6:  # a start number of seven digits is no common cell's opponent
        found = _FAST_COLUMN.findall("\n".join(texts))
        texts = found if len(found) == len(texts) else [""] * len(texts)
    codes = list(map(_CODE_OF_ANY_TAIL.__getitem__, map(_TAIL, texts)))
    by_text = _ByText(zip(map(str, map(_NUMBER, players)), range(len(players))))  # opponent as written -> player index
    by_text[""] = -1  # no opponent: a cell of two characters or fewer
    opponents = list(map(by_text.__getitem__, map(_OPPONENT, texts)))
    for i in positions(codes, 0):  # no colour and result: no common cell, whatever comes before them
        opponents[i] = -1
    for i in positions(opponents, -1):  # a colour and result alone ('w1'): no common cell
        codes[i] = 0
    if -3 in opponents:  # an opponent not written as a start number: leading zeros ('007'), not in the table, no number
        get_number = {p.number: i for i, p in enumerate(players)}.get
        for i in positions(opponents, -3):
            number = _common_opponent(texts[i])
            if number is not None:
                opponents[i] = get_number(number, -2)  # '007' is No. 7; -2: a number not in the table
            else:
                codes[i], opponents[i] = 0, -1
    return codes, opponents


class _Scanned(NamedTuple):
    """What :meth:`SwissDecoding.scan_rounds` found of the common cells: one entry per cell, row by row (a player's rounds in turn)."""

    codes: list[int]
    """Each common cell's colour and result by code (_TAIL_CODE), 0 for the other cells."""
    opponents: list[int]
    """Each common cell's opponent: a player index, or -2 for a number not in the table; -1 for the other cells."""
    present: set[int]
    """The codes the cells have."""
    signs: dict[int, int]
    """How many cells have each code whose result is a forfeit sign (FORFEIT_WIN, FORFEIT_LOSS)."""
    common: int
    """How many common cells there are."""


class _ByText(dict[str, int]):
    """Player index by start number as written ('' for no opponent: -1); -3 for a text that is none (leading zeros, not in the table)."""

    def __missing__(self, key: str) -> int:
        return -3


# The round check's codes (_mirrored): a colour (w 0, b 100) plus what the entry is (a win 0, a loss 1,
# a draw 3, a forfeit win 7, a forfeit loss 12: no two pairs of these add up alike).  Two sides of a game
# add up to one of _MIRRORED exactly when they mirror each other: colours apart, and a win and a loss, two
# draws, a forfeit win and loss or two forfeit losses.  An unpaired entry (0) meets the sentinel _UNPAIRED.
_UNREAD, _UNPAIRED = 10**7, 10**6
_MIRRORED = frozenset({100 + 0 + 1, 100 + 3 + 3, 100 + 7 + 12, 100 + 12 + 12, _UNPAIRED})


def _check_codes(kinds: list[int | None], pts: list[float | None], sc: Scoring) -> list[int]:
    """Each colour and result's code for the round check, by its code; _UNREAD for one it cannot vouch for."""
    outcome = {sc.loss: LOSS, sc.draw: DRAW, sc.win: WIN}
    of_outcome = {WIN: 0, LOSS: 1, DRAW: 3}
    out = [0]
    for code in range(1, len(kinds)):
        kind, colour, points = kinds[code], _COLOUR_OF_CODE[code], pts[code]
        side = 0 if colour == "w" else 100 if colour == "b" else None
        if kind == Kind.PLAYED and points is not None:
            what = of_outcome.get(outcome.get(points, 2))
        else:
            what = 7 if kind == Kind.FORFEIT_WIN else 12 if kind == Kind.FORFEIT_LOSS else None
        out.append(_UNREAD if side is None or what is None else side + what)
    return out


# the letter of the other colour written alike, in the same alphabet and case (w and b, W and B, б and ч, Б and Ч):
# the letter a partner's cell has
_OTHER_LETTER = {
    a: b
    for a in _COLOURS
    for b in _COLOURS
    if _COLOURS[a] != _COLOURS[b] and a.isupper() == b.isupper() and a.isascii() == b.isascii()
}
_NO_PARTNER, _PAIRED_WITH_NONE = -2, -1


def _partners(check: list[int]) -> list[int]:
    """Each code's partner: the code the opponent's cell has when the two mirror each other, written alike.

    By check code the partner of ``w1`` is any ``b0`` (``B0``, ``ч0``); the one written alike
    is chosen (the other letter of the same alphabet and case, a forfeit win before a
    forfeit loss, the same draw mark).  A round is proven at once when every cell's opponent
    has its partner (:func:`_mirrored`); a round written otherwise, mixing letters or with a
    double forfeit, is proven by its check codes instead.  Code 0, an unpaired entry, is met
    by _PAIRED_WITH_NONE; a code the check cannot vouch for has no partner (_NO_PARTNER).

    >>> from tiebreak.core.model import CHESS
    >>> games = _games_on(CHESS)
    >>> kinds = [0] + [games[m][0] if m in games else None for m in _MARK_OF_CODE[1:]]
    >>> pts = [0.0] + [games[m][1] if m in games else None for m in _MARK_OF_CODE[1:]]
    >>> partner = _partners(_check_codes(kinds, pts, CHESS))
    >>> [_TAIL_TEXTS[partner[_TAIL_CODE[t]] - 1] for t in ("w1", "b½", "Б+", "ч-")]
    ['b0', 'w½', 'Ч-', 'б+']
    """
    out = [_PAIRED_WITH_NONE]
    for a in range(1, len(check)):
        fits = [b for b in range(1, len(check)) if check[a] != _UNREAD and check[b] != _UNREAD and check[a] + check[b] in _MIRRORED]
        out.append(max(fits, key=partial(_alike, a, check=check)) if fits else _NO_PARTNER)  # max keeps the first of the best
    return out


def _alike(a: int, b: int, *, check: list[int]) -> tuple[bool, bool, bool]:
    """How alike code ``b``, which mirrors ``a``, is written: the other letter of its alphabet and case, no double forfeit, the same mark."""
    mine, theirs = _TAIL_TEXTS[a - 1], _TAIL_TEXTS[b - 1]
    return theirs[0] == _OTHER_LETTER[mine[0]], check[a] + check[b] != 100 + 12 + 12, theirs[1] == mine[1]


def _mirrored(o_col: list[int], codes: list[int], check: list[int], partner: list[int], identity: list[int]) -> bool:
    """Whether a round of common cells (and unpaired entries) is consistent: True only when it is (False: not proven).

    Every opponent names the player back (one list comparison against the identity,
    ``list(range(n))``, the unpaired entries marked), and the two sides of every game
    mirror each other: each opponent's code is the player's partner (:func:`_partners`,
    one list comparison), or else the check codes of the two sides add up to one of
    _MIRRORED (one sum per entry).  A player naming himself is never his own partner and
    adds up to twice his code, never one of _MIRRORED.
    """
    n = len(o_col)
    expected = identity.copy()
    for at in positions(o_col, -1):
        expected[at] = -1
    # each column with a sentinel at its end for the unpaired entries (-1), taken off again
    o_col.append(-1)
    codes.append(_PAIRED_WITH_NONE)
    try:
        if list(map(o_col.__getitem__, islice(o_col, n))) != expected:
            return False
        theirs = list(map(codes.__getitem__, islice(o_col, n)))
        if list(map(partner.__getitem__, islice(codes, n))) == theirs:
            return True
        mine = list(map(check.__getitem__, islice(codes, n)))
        mine.append(_UNPAIRED)
        return _MIRRORED.issuperset(map(add, islice(mine, n), map(mine.__getitem__, islice(o_col, n))))
    except (IndexError, TypeError):  # an opponent beyond the table
        return False
    finally:
        o_col.pop()
        codes.pop()


# a rank as chess-results prints it: '3', '3.', a shared place '3-4' or '3–4'
_RANK_TEXT = compiled_later(rf"\s*(\d{{1,4}})\s*\.?\s*(?:{g.MINUS_SIGN}\s*(\d{{1,4}})\s*\.?)?\s*\Z")


class SwissDecoding(SideColumns):
    """Round columns found, read a column at a time, and checked (every opponent answers back)."""

    def pairings_point_back(self, rows: list[int], cols: list[int], roles: dict[int, str], by_row: bool = False) -> bool:
        """Whether nine in ten of the (sampled) pairing cells are answered by the opponent's cell of that round.

        The players' numbers are the number column's, or with ``by_row`` (or without a number column) the rows' order.
        """
        numbers = None if by_row else self.start_numbers(rows, roles)
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
    def ranks_as_numbers(self, rows: list[int], cols: list[int], roles: dict[int, str]) -> dict[int, str] | None:
        """The roles with the place column as the players' numbers, when the opponents are ranks (chess-results' ranking crosstable).

        None when the pairings point back by the start numbers (or the rows'
        order), or there is no place column of distinct ranks they point back by.
        """
        place = next((c for c, role in sorted(roles.items()) if role == "place"), None)
        if self.pairings_point_back(rows, cols, roles):
            return None
        saved = None if place is None else self.ranks_in_order(rows, place)
        if place is not None and self.is_number_column(rows, place, guessed=False):
            as_ranks = {c: role for c, role in roles.items() if role not in ("number", "row_number")}
            as_ranks[place] = "number"
            if self.pairings_point_back(rows, cols, as_ranks):
                return as_ranks
        if saved is not None:  # the ties were not the opponents' numbers: the column back as it was
            for r, v in zip(rows, saved):
                self.cells[r][place] = v  # type: ignore[index]
        starts = self.start_numbers(rows, roles)
        if starts is not None and starts[1] != list(range(1, len(rows) + 1)) and self.pairings_point_back(rows, cols, roles, by_row=True):
            column = starts[0]
            raise LayoutError(
                _(
                    "the opponents' numbers are the rows' places in the table (1 for the first row, 2 for the second ...), not the "
                    "numbers of column {column}: the table looks like a ranking crosstable without its ranks column; add that column "
                    "(the rank of each row, headed 'Rk.' or 'Место'), or write the opponents' start numbers"
                ).format(column=column_letter(column + 1)),
                self.loc(rows[0], column),
            )
        return None

    def ranks_in_order(self, rows: list[int], place: int) -> list[Any] | None:
        """A ranks column with ties (``3–4``, ``3-4``, or ``3.`` twice) read as the rows' positions, which its opponents' numbers are.

        Only when every rank fits its row (row 3 of ``3–4`` or of a second
        ``3.``) and one is a tie; returns the cells as they were (None when
        the column is left as it is).
        """
        values = [self.cells[r][place] for r in rows]
        tied = False
        for p, v in enumerate(values, start=1):
            m = _RANK_TEXT.match(v) if isinstance(v, str) else None
            first = int(v) if isinstance(v, float) and v.is_integer() else int(m.group(1)) if m else None
            if first is None:
                return None
            last = int(m.group(2)) if m and m.group(2) else None
            if last is not None:
                tied = True
                if not first <= p <= last:
                    return None
            elif first != p:
                if not (first < p and values[p - 2] == v):
                    return None
                tied = True
        if not tied:
            return None
        for p, r in enumerate(rows, start=1):
            self.cells[r][place] = float(p)
        return values

    def read_ranking_crosstable(
        self, header: int | None, rows: list[int], cols: list[int], roles: dict[int, str], labels: dict[int, str]
    ) -> Tournament:
        """A Swiss table whose opponents are ranks: read by the ranks, then each player given his start number back."""
        place = next(c for c, role in roles.items() if role == "number")
        starts = self.start_numbers(rows, self.frame.roles)
        t = self.read_swiss(header, rows, cols, roles, labels)
        layout = t.layout
        assert isinstance(layout, TableLayout)
        layout.place_col = place
        layout.number_col = starts[0] if starts is not None else None
        if starts is not None and starts[0] != place:
            for p, number in zip(t.players, starts[1]):
                p.number = number
        layout.notes.append(
            _(
                "the opponents' numbers are the players' ranks (column {column}, headed {label}), not their start numbers: "
                "the table is read as a ranking crosstable"
            ).format(column=column_letter(place + 1), label=show(labels.get(place)))
        )
        return t

    def _opponent(self, r: int, c: int) -> int | None:
        v = self.cells[r][c]
        number = _common_opponent(v)
        if number is not None:
            return number
        if v is None or isinstance(v, _Bad):
            return None
        try:
            return swiss_cell(v).opponent
        except CellProblem:
            return None
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
                if _is_common(v):
                    pairings += 1
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
        """The tournament of a Swiss table: its side columns, its round columns read and every pairing checked."""
        self.check_round_columns(header, rows, cols, roles, labels)
        layout = self.side_columns(header, rows, cols[0], cols, roles, labels)
        if len(cols) > MAX_ROUNDS:
            raise LayoutError(
                _("{count} round columns: more than {limit} rounds is beyond what tiebreak reads").format(count=len(cols), limit=MAX_ROUNDS)
            )
        players = self.players(rows, layout)
        if len(rows) < 2:
            raise LayoutError(_("a tournament needs at least two players"), self.loc(rows[0]))
        self.pending: dict[tuple[int, int, int], list[tuple[int, str | None]]] = {}
        self.swiss_players = players
        scanned, slow_cols, values = self.scan_rounds(rows, cols)
        sc = self.scoring(values, lambda: self.first_cell_with(rows, cols, 2.0, swiss=True), lambda r, c: self.loc(r, c, round=cols.index(c) + 1))
        self.read_signs(*_sign_counts(scanned, slow_cols, sc.draw), swiss=True)
        columns, consistent = self.decode_rounds(rows, cols, scanned, slow_cols, sc, numbered=layout.number_col is not None)
        opp_cols, pts_cols, kind_cols, colour_cols = columns
        # One row per player, as tuples: the garbage collector stops tracking a tuple of numbers and
        # text, so a big event's rows are not traversed at every full collection (lists were: a
        # quarter of the read and ranking of 10,000 x 15).  Tournament.set_entry makes a row a list
        # before changing it.
        t = Tournament(
            players,
            len(cols),
            cast("list[list[int]]", list(zip(*opp_cols))),
            cast("list[list[float]]", list(zip(*pts_cols))),
            cast("list[list[int]]", list(zip(*kind_cols))),
            [],
            scoring=sc,
            system="swiss",
        )
        t.colours_on_first_use(partial(_colours_of, colour_cols))

        def locate(p: int, i: int) -> Location:
            return self.loc(rows[p], cols[i], round=i + 1)

        t.pending = self.pending_games(rows, cols)
        if not consistent:  # find and name the first inconsistency
            try:
                t.check_pairings(locate)
            except ConsistencyError:
                self.check_twice(t, locate)  # the more precise message, when that is the cause
                raise
        ahead = getattr(self, "rounds_ahead", 0)
        if ahead:  # round columns headed but empty: the rounds scheduled
            t.scheduled = len(cols) + ahead
        t.unentered = self.unentered(t, rows, cols)
        t.layout = layout
        self.check_points(t, layout, rows)
        return t

    def unentered(self, t: Tournament, rows: list[int], cols: list[int]) -> list[tuple[int, int]]:
        """``(round, player)`` of the empty cells of the round being entered: players who played the round before.

        Two or more such cells in the last round with a game, when round
        columns follow it (with cells, or headed as the next rounds), mean the
        round is still being entered (one alone is a player who stopped; in
        the table's last round column an empty cell is an absence).
        """
        last = t.rounds_played
        if last < 2 or last >= t.rounds_scheduled:
            return []
        i, c = last - 1, cols[last - 1]
        cells = self.cells
        empty = [p for p in range(len(rows)) if t.opp[p][i] < 0 and t.kind[p][i] == Kind.ABSENT and cells[rows[p]][c] is None and t.opp[p][i - 1] >= 0]
        pending = {p for r, a, b in t.pending if r == last for p in (a, b)}
        empty = [p for p in empty if p not in pending]
        return [(last, p) for p in empty] if len(empty) >= 2 else []

    def pending_games(self, rows: list[int], cols: list[int]) -> list[tuple[int, int, int]]:
        """The pending games as ``(round, white, black)``: pairings without a result, written so on both sides."""
        games: list[tuple[int, int, int]] = []
        for (rnd, a, b), sides in sorted(self.pending.items()):
            if len(sides) != 2:  # the opponent's cell holds something else: this cell lacks its result
                p = sides[0][0]
                v = self.cells[rows[p]][cols[rnd - 1]]
                if _bare_number(v) is not None:
                    self.unanswered_number(rows, cols, rnd, p, b if p == a else a)
                text = show(v)
                raise NotationError(_("{text} has an opponent but no result").format(text=text), self.loc(rows[p], cols[rnd - 1], round=rnd))
            colour = dict(sides)
            white, black = (b, a) if colour.get(a) == "b" or colour.get(b) == "w" else (a, b)
            games.append((rnd, white, black))
        return games
    def not_a_result(self, r: int, c: int, k: int) -> NoReturn:
        """Raise what the notation says of a cell that is no pairing and no result (a number alone that names no other player)."""
        try:
            swiss_cell(self.cells[r][c])
        except CellProblem as problem:
            raise NotationError(str(problem), self.loc(r, c, round=k + 1)) from None
        raise NotationError(_("{text} is not a result").format(text=show(self.cells[r][c])), self.loc(r, c, round=k + 1))  # pragma: no cover

    def unanswered_number(self, rows: list[int], cols: list[int], rnd: int, p: int, q: int) -> NoReturn:
        """Raise the message for an opponent's number alone whose opponent does not name the player back in that round.

        An empty cell there leaves it open whether the number is a pairing
        without its result or a result without its opponent: refused, saying
        how to write either.  Any other cell is a game or a bye of the
        opponent's: this cell lacks its result (as the notation says).
        """
        c = cols[rnd - 1]
        if self.cells[rows[q]][c] is None:
            raise NotationError(
                _(
                    "{text} alone, and {them}'s cell in this round is empty: write a game not played yet in both rows "
                    "({text} here, {back} in {them}'s row, with or without the colour), or the result with its opponent (e.g. {result})"
                ).format(
                    text=show(self.cells[rows[p]][c]),
                    them=self.swiss_players[q].label(),
                    back=self.swiss_players[p].number,
                    result=f"{self.swiss_players[q].number}w1",
                ),
                self.loc(rows[p], c, round=rnd),
            )
        self.not_a_result(rows[p], c, rnd - 1)

    def scan_rounds(self, rows: list[int], cols: list[int]) -> tuple[_Scanned, list[dict[int, SwissCell]], set[float]]:
        """Pass 1: the common cells ('12w1', '5б½') of every round read by one pattern over all of them.

        The round cells are taken row by row (each cell looked at once, in the order the
        rows lie in memory) and joined; the pattern reads the common cells, their colour
        and result are coded and their opponents looked up, over all the cells at once.
        The others (byes, absences, other notations) are read cell by cell, a round at a
        time.  Returns what :class:`_Scanned` holds, the other cells of each round by
        row, and the result values seen.
        """
        cells = self.cells
        rounds = len(cols)
        contiguous = cols == list(range(cols[0], cols[0] + rounds))
        pick = itemgetter(slice(cols[0], cols[0] + rounds)) if contiguous else itemgetter(*cols)
        players = self.swiss_players
        texts = ["" if v is None else v if v.__class__ is str else "\x00" for v in chain.from_iterable(map(pick, [cells[r] for r in rows]))]
        codes, opponents = _common_cells(texts, players)
        values: set[float] = set()
        slow_cols: list[dict[int, SwissCell]] = [{} for _c in cols]
        # the cells the pattern did not read, a round at a time (the first problem named is the first of its round);
        # a text read once ('-½' on every row with a half-point bye: what other_cell makes of a text is the text's alone)
        read: dict[Any, SwissCell | None] = {}
        for at in sorted(positions(codes, 0), key=lambda at: (at % rounds, at)):
            i, k = divmod(at, rounds)
            v = cells[rows[i]][cols[k]]
            if v.__class__ is str and v in read:
                cell = read[v]
            else:
                cell = self.other_cell(v, rows[i], cols[k], k)
                if v.__class__ is str:
                    read[v] = cell
            if cell is None:
                continue
            slow_cols[k][i] = cell
            if cell[2].__class__ is float and (cell[3] is None or cell[2] != 3.0):  # a bye of 3 alone makes no 3/1/0
                values.add(cell[2])
        # the few codes there are, then each one with a sign counted: the codes as bytes (each below 256), searched and
        # counted as bytes are, a few microseconds a pass
        coded = bytes(codes)
        present = {code for code in range(len(_MARK_OF_CODE)) if code in coded}
        signs = {code: coded.count(code) for code in present if _MARK_OF_CODE[code] in (FORFEIT_WIN, FORFEIT_LOSS)}
        values.update(m for m in map(_MARK_OF_CODE.__getitem__, present) if m.__class__ is float)
        return _Scanned(codes, opponents, present, signs, len(coded) - coded.count(0)), slow_cols, values

    def other_cell(self, v: Any, r: int, c: int, k: int) -> SwissCell | None:
        """A round cell that is not a common one: None when empty; a pairing without its result; a bye, an absence, another notation."""
        if v is None:
            return None
        if isinstance(v, _Bad):
            raise NotationError(str(v.problem), self.loc(r, c, round=k + 1))
        pending = _PENDING.match(v) if v.__class__ is str else None
        if pending is not None:
            return SwissCell(int(pending.group(1)), _COLOURS.get(pending.group(2)), None, "pending")
        bare = _bare_number(v)
        if bare is not None:  # a pairing without colour or result, if the opponent answers back (decode_other_cells)
            return SwissCell(bare, None, None, "bare")
        try:
            return swiss_cell(v)
        except CellProblem as problem:
            raise NotationError(str(problem), self.loc(r, c, round=k + 1)) from None

    def decode_rounds(
        self,
        rows: list[int],
        cols: list[int],
        scanned: _Scanned,
        slow_cols: list[dict[int, SwissCell]],
        sc: Scoring,
        numbered: bool,
    ) -> tuple[tuple[list[list[int]], list[list[float]], list[list[int]], list[tuple[bool, list[Any]]]], bool]:
        """Pass 2: the opponent, points, kind and colour arrays of each round, and whether every round looked consistent.

        A proven round's colours are left as its codes (True and the codes; any other round: False and its colours).

        The common cells are decoded by their codes, all at once; each round's arrays
        are then taken out of them, its other cells written in, and the round checked.
        """
        cells = self.cells
        n, rounds = len(rows), len(cols)
        games = _games_on(sc, self.signs_played)
        get_number = {p.number: i for i, p in enumerate(self.swiss_players)}.get
        # each colour and result by code -> kind and points on this scoring (None: no game on it), colour, check code
        kinds: list[int | None] = [int(Kind.ABSENT)]
        pts: list[float | None] = [0.0]
        for mark in _MARK_OF_CODE[1:]:
            got = games.get(mark)
            kinds.append(None if got is None else got[0])
            pts.append(None if got is None else got[1])
        codes, opponents = scanned.codes, scanned.opponents
        # whether any common cell names a number not in the table, or has a result with no game on this scoring
        astray = -2 in opponents or any(kinds[code] is None for code in scanned.present)
        check = _check_codes(kinds, pts, sc)
        partner = _partners(check)
        identity = list(range(n))
        self.byes_seen: dict[SwissCell, tuple[int, float]] = {}
        opp_cols: list[list[int]] = []
        pts_cols: list[list[float]] = []
        kind_cols: list[list[int]] = []
        colour_cols: list[tuple[bool, list[Any]]] = []  # a proven round's codes (True), any other's colours
        consistent = True
        for k, c in enumerate(cols):
            o_col = opponents[k::rounds]
            round_codes = codes[k::rounds]
            k_col = list(map(kinds.__getitem__, round_codes))
            slow = slow_cols[k]
            # a round of common cells proven consistent has no player naming himself; a game the pattern did not read
            # is checked the long way (round_consistent, below)
            proven = not astray and not any(cell[3] is None for cell in slow.values()) and _mirrored(o_col, round_codes, check, partner, identity)
            if not proven and (any(map(eq, o_col, identity)) or astray and (-2 in o_col or None in k_col)):  # a player naming himself, or a cell astray
                for i, code in enumerate(round_codes):  # name the first bad cell
                    if code and (o_col[i] in (-2, i) or k_col[i] is None):
                        j = None if o_col[i] == -2 else o_col[i]
                        v = cells[rows[i]][c]
                        self.pairing_error(rows[i], c, k, i, j, int(_OPPONENT(v)), v, n, numbered, sc)
            known = cast("list[int]", k_col)  # a None was reported above
            p_col = cast("list[float]", list(map(pts.__getitem__, round_codes)))
            # a proven round's colours are its codes' (its other cells are byes and pending games, which have none):
            # made from the codes when the colours are first read (_colours_of); any other round's now
            c_col: list[str | None] = [] if proven else list(map(_COLOUR_OF_CODE.__getitem__, round_codes))
            self.decode_other_cells(rows, c, k, slow, (o_col, known, p_col, c_col), games, get_number, numbered, sc)
            if consistent:  # a player naming himself was refused above
                consistent = proven or round_consistent(o_col, known, p_col, c_col, sc, no_self=True)
            opp_cols.append(o_col)
            pts_cols.append(p_col)
            kind_cols.append(known)
            colour_cols.append((proven, round_codes if proven else c_col))
        return (opp_cols, pts_cols, kind_cols, colour_cols), consistent
    def decode_other_cells(
        self,
        rows: list[int],
        c: int,
        k: int,
        slow: dict[int, SwissCell],
        arrays: tuple[list[int], list[int], list[float], list[str | None]],
        games: dict[Any, tuple[int, float]],
        get_number: Callable[[int], int | None],
        numbered: bool,
        sc: Scoring,
    ) -> None:
        """Write the cells the pattern did not read (byes, absences, other notations) of round ``k`` into its arrays."""
        o_col, k_col, p_col, c_col = arrays
        cells = self.cells
        for i, cell in slow.items():
            if cell[3] == "bare" and (cell[0] is None or get_number(cell[0]) in (None, i)):
                self.not_a_result(rows[i], c, k)  # no other player's start number: no pairing either
            if cell[3] in ("pending", "bare"):  # paired, no result yet: counts for nothing, kept in the pending list
                j = get_number(cell[0]) if cell[0] is not None else None
                if j is None or j == i:
                    self.pairing_error(rows[i], c, k, i, j, cell[0], cells[rows[i]][c], len(rows), numbered, sc, 1.0)
                self.pending.setdefault((k + 1, min(i, j), max(i, j)), []).append((i, cell[1]))
                continue
            if cell[3] is not None:  # a bye: each kind of bye cell looked at once a table (its worth depends on the cell and the scoring only)
                known = self.byes_seen.get(cell)
                if known is None:
                    kind, pts = self.bye(cell, sc, self.loc(rows[i], c, round=k + 1), v=cells[rows[i]][c])
                    known = self.byes_seen[cell] = (int(kind), pts)
                k_col[i], p_col[i] = known
                continue
            j = get_number(cell[0]) if cell[0] is not None else None
            got = games.get(cell[2]) if cell[2] is not None else None
            if j is None or j == i or got is None:
                self.pairing_error(rows[i], c, k, i, j, cell[0], cells[rows[i]][c], len(rows), numbered, sc, cell[2])
            k_col[i], p_col[i] = got
            o_col[i] = j
            c_col[i] = cell[1]
    def pairing_error(
        self, r: int, c: int, k: int, i: int, j: int | None, opponent: Any, v: Any, n: int, numbered: bool, sc: Scoring, mark: Any = None
    ) -> NoReturn:
        """Raise the message for a pairing cell that names a wrong opponent or holds no result on this scoring."""
        where = self.loc(r, c, round=k + 1)
        if j == i:
            raise ConsistencyError(_("{text}: a player cannot meet himself").format(text=show(v)), where)
        if j is None:
            message = (
                _("opponent {opponent} is not in the table (numbers refer to the No. column)")
                if numbered
                else _("opponent {opponent} is not in the table (numbers refer to rows 1–{n})")
            )
            raise ConsistencyError(message.format(opponent=opponent, n=n), where)
        if mark is None:
            mark = swiss_cell(v)[2]
        self.game(mark, sc, where, v)
        raise NotationError(_("{text} is not a result").format(text=show(v)), where)  # pragma: no cover - game() raised already
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
                _("the round columns are headed {numbers}: they must be rounds 1, 2, 3 ... left to right").format(numbers=", ".join(map(str, numbers))),
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
                        _("{player} is already the opponent of {other} in this round").format(player=t.players[q].label(), other=other), locate(p, k)
                    )
                seen[q] = p
    def bye(self, cell: SwissCell, sc: Scoring, where: Location, v: Any) -> tuple[Kind, float]:
        named = g.BYE_KINDS.get(cell.bye or "")
        if named is not None:  # a bye word: its kind and worth are the grammar's
            kind, worth = named
            return kind, sc.win if worth == g.WIN else sc.draw if worth == g.DRAW else 0.0
        mark = cell.mark
        pts = sc.draw if mark == DRAW_MARK else mark
        if pts == sc.win:
            return Kind.PAIRING_BYE, sc.win
        if pts == sc.draw:
            return Kind.HALF_BYE, sc.draw
        if pts == sc.loss:
            return Kind.ABSENT, sc.loss
        raise NotationError(
            _("{text}: a bye worth {points} points is not possible on {scoring} scoring").format(text=show(v), points=f"{pts:g}", scoring=sc.label), where
        )
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