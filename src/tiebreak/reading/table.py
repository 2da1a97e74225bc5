"""Reading a crosstable grid (cell values as Excel hands them over) into a Tournament.

The grid may be the results block alone or the whole table with its header
rows and the columns around it.  The steps, each in its own module:

1. :mod:`.layout`: titles, one to three header rows, the player rows, and the
   rows under the table that are not players (totals, signatures);
   :mod:`.labels` says what each column label means.
2. Here: round robin or Swiss, chosen from the layout (:meth:`_Reader.choose_format`).
3. :mod:`.round_robin` or :mod:`.swiss`: the results decoded and checked.
4. :mod:`.columns`: start numbers, names, ratings and points beside the results.

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
from collections.abc import Iterable, Sequence
from itertools import chain, repeat
from typing import Any

from tiebreak.core import grammar as g
from tiebreak.core.errors import (
    ConsistencyError,
    LayoutError,
    NotationError,
    TiebreakError,
)
from tiebreak.core.i18n import _
from tiebreak.core.match import MatchSettings
from tiebreak.core.model import DRAUGHTS, Scoring, Tournament
from tiebreak.core.notation import (
    DRAW_MARK,
    FORFEIT_WIN,
    MAX_TEXT,
    CellProblem,
    is_diagonal,
    parse_number,
    plus_legend,
    show,
    sign_after,
    swiss_cell,
)
from tiebreak.core.progress import settle
from tiebreak.reading.base import (
    FOOTBALL,
    MAX_CELLS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    Grid,
    TableLayout,
    _Bad,
    _normalized,
)
from tiebreak.reading.labels import is_other_label as _is_other_label
from tiebreak.reading.labels import is_rating_change_label, name_part
from tiebreak.reading.labels import label_role as _label_role
from tiebreak.reading.layout import Frame, find_frame, player_row_pairs, round_pairs
from tiebreak.reading.round_robin import RoundRobinDecoding
from tiebreak.reading.swiss import SwissDecoding
from tiebreak.reading.team import is_match_table, read_match_table

_NO_FRAME = Frame([], [])

__all__ = ["MAX_CELLS", "MAX_PLAYERS", "MAX_ROUNDS", "TableLayout", "grid_texts", "read_table"]


def read_table(
    grid: Grid,
    *,
    scoring: Scoring | None = None,
    origin: tuple[int, int] | None = None,
    sheet: str | None = None,
    ignore_cols: Sequence[int] = (),
    plus: str | None = None,
    legend: Iterable[Any] = (),
    match: MatchSettings | None = None,
    texts: str | None = None,
) -> Tournament:
    """Read a crosstable grid into a :class:`~tiebreak.core.model.Tournament`.

    ``scoring`` fixes the points of a win/draw/loss; left out, 1/½/0 is used
    unless the table plainly uses 2/1/0.  ``origin`` (sheet row and column of
    the grid's top-left cell, 1-based) and ``sheet`` make error messages name
    cells; ``ignore_cols`` are grid columns to leave out (e.g. the columns the
    ranking itself wrote).  The returned tournament's ``layout`` tells where
    each part was found.

    ``plus`` says what ``+`` and ``−`` beside an opponent mean: ``'win'`` (won
    and lost games), ``'forfeit'``, or None to decide from the table: a legend
    in the grid or among the ``legend`` cells (the rest of the sheet: ``+
    победа``, ``+ win``, ``+ неявка``), else won and lost games when no
    decisive game is written any other way, forfeits when some is.

    ``match`` (:class:`~tiebreak.core.match.MatchSettings`) says what the user
    set of a match event: a team or micro-match event is read as one even
    without MP and GP columns, an individual one never is.

    ``texts``: the grid's :func:`grid_texts`, when the caller has them (the
    reader then joins them only if it changes a text as it cleans the cells).
    """
    try:
        m = match or MatchSettings()
        if m.matches or (m.event is None and is_match_table(grid)):  # a team table or micro-matches: MP and GP columns, or the settings say so (reading.team)
            return settle(read_match_table(grid, scoring=scoring, settings=m).tournament())
        reader = _Reader(grid, scoring, ignore_cols, plus, legend, origin, texts)
        try:
            return settle(reader.read())
        except (NotationError, ConsistencyError):
            # The results alone can leave the scale open (a double round robin on 2/1/0 with every game
            # drawn reads '11' like two wins on 1/0.5/0): a points column then tells which scale it is.
            if scoring is not None or "points" not in getattr(reader, "frame", _NO_FRAME).roles.values():
                raise
            for other in (DRAUGHTS, FOOTBALL):
                try:
                    t = _Reader(grid, other, ignore_cols, plus, legend, origin, texts).read()
                except TiebreakError:
                    continue
                t.layout.notes.append(_("scoring {scoring} taken from the points column").format(scoring=other.label))  # type: ignore[attr-defined]
                return t
            raise
    except (LayoutError, NotationError, ConsistencyError) as err:
        if origin is not None or sheet is not None:
            raise err.relocate(origin, sheet) from None
        raise


_RESULT_TEXTS = g.RESULT_TEXTS  # texts only a player row holds


def _result_text(x: Any) -> str:
    """A result cell as the text of a Swiss cell: 1, ½, 0, or as typed."""
    if isinstance(x, float):
        return g.HALF[0] if x == 0.5 else f"{x:g}"
    return str(x)


def _plain(value: Any) -> str:
    """A cell's value as text whatever the language (a number with a decimal point): what the reader reads again."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    return show(value).strip("'")


# what a cell written sign first starts with, beside the minus (a minus before a number is also chess-results' bye)
_SIGN_LEADS = frozenset({FORFEIT_WIN, DRAW_MARK})
_SIGN_LEADS_TUPLE = tuple(sorted(_SIGN_LEADS))


# a plus followed, in the same cell, by a character that could become a letter when case-folded (not a digit,
# a space or ASCII punctuation): every legend (notation._LEGEND: a plus, quotes, separators, then a word) has one
_MAYBE_LEGEND = re.compile(re.escape(FORFEIT_WIN) + r"[^\0]*?[^\0\d\s!-/:-@\[-`{-~]")


def _texts(values: Iterable[Any]) -> str:
    """The texts among these cell values, joined by a character no cell text holds (``\0``, a control character)."""
    return "\0".join(filter(str.__instancecheck__, values))


def grid_texts(grid: Iterable[Iterable[Any]]) -> str:
    """The texts of a grid's cells, row by row, joined as the reader joins them to look at them all at once (in C).

    A caller that looks at them before reading (the worksheet functions: the language of
    the labels) hands them to :func:`read_table`, which then does not join them again.

    >>> grid_texts([["No.", "Name"], [1.0, "Ann", None]]).split(chr(0))
    ['No.', 'Name', 'Ann']
    """
    return _texts(chain.from_iterable(grid))


def _legend(values: Iterable[Any], texts: str | None = None) -> str | None:
    """What the first legend among these cell values says + means ('win', 'forfeit'), or None.

    Every cell is looked at once in C first (the texts joined, one search for a plus that
    could start a legend): a table's ``12w+`` and ``+5`` are no legend, and most tables have none.
    ``texts``: the values' :func:`_texts`, when the caller has them.
    """
    if texts is None:
        values = values if isinstance(values, (list, tuple)) else list(values)
        texts = _texts(values)
    if _MAYBE_LEGEND.search(texts) is None:
        return None
    values = values if isinstance(values, (list, tuple)) else list(values)
    for v in values:
        if v.__class__ is str and FORFEIT_WIN in v:
            meaning = plus_legend(v)
            if meaning is not None:
                return meaning
    return None


class _Reader(SwissDecoding, RoundRobinDecoding):
    def __init__(
        self,
        grid: Grid,
        scoring: Scoring | None,
        ignore_cols: Sequence[int],
        plus: str | None = None,
        legend: Iterable[Any] = (),
        origin: tuple[int, int] | None = None,
        texts: str | None = None,
    ) -> None:
        self.origin = origin  # other cells a message names are named as the sheet names them
        if grid is None or not isinstance(grid, (list, tuple)):
            grid = [[grid]]
        # the rows as given (a cell alone as a row of one): each is copied once, below, as it is cleaned
        rows: Sequence[Sequence[Any]] = grid if all(map(isinstance, grid, repeat((list, tuple)))) else [r if isinstance(r, (list, tuple)) else [r] for r in grid]
        self.height = len(rows)
        self.width = max(map(len, rows), default=0)
        if self.height * max(self.width, 1) > MAX_CELLS:
            raise LayoutError(
                _("the table has {rows} rows and {columns} columns; more than {limit} cells is beyond what tiebreak reads").format(
                    rows=self.height, columns=self.width, limit=f"{MAX_CELLS:,}"
                )
            )
        self.ignore = set(ignore_cols)
        self.joined: set[int] = set()  # sub-columns of a round joined into its first column (join_round_pairs)
        self.cells: list[list[Any]] = self.cleaned(rows)
        self.fixed_scoring = scoring
        self.names: dict[int, str] = {}
        # the caller's texts are the cells' when cleaning left every text as it was and no column is left out
        self.told(plus, legend, texts if texts is not None and not self.changed and not any(c >= 0 for c in self.ignore) else None)

    def cleaned(self, rows: Sequence[Sequence[Any]]) -> list[list[Any]]:
        """Each row copied with its cells cleaned, the columns left out emptied, as wide as the widest row."""
        cells: list[list[Any]] = []
        ignore = sorted(c for c in self.ignore if c >= 0)
        width = self.width
        for r in rows:
            # clean text and ordinary numbers pass as they are (the common case); anything else is normalized
            out = [
                v
                if (v.__class__ is str and v and v[0] not in "#= " and v[-1] != " " and len(v) <= MAX_TEXT and v.isprintable())
                or v is None
                or (v.__class__ is float and -1e12 < v < 1e12)
                else float(v)
                if v.__class__ is int and 0 <= v <= 1e12  # a whole number as a sheet part gives it (no error code is one)
                else self.normalized(v)
                for v in r
            ]
            for c in ignore:
                if c < len(out):
                    out[c] = None
            if len(out) < width:
                out.extend([None] * (width - len(out)))
            cells.append(out)
        return cells

    def normalized(self, v: Any) -> Any:
        """A cell that does not pass as it is, cleaned (:func:`_normalized`); the cells' texts are then no longer the grid's.

        An empty text (Office.js hands an empty cell over as one) is an empty cell: it leaves the texts as
        :meth:`told` looks at them (one separator more between two texts, never a text starting otherwise).
        """
        if v != "":
            self.changed = True
        return _normalized(v)

    changed = False
    """Whether cleaning changed a cell other than a whole number made a float or an empty text made an empty cell."""

    def told(self, plus: str | None, legend: Iterable[Any], texts: str | None = None) -> None:
        """What the caller and the sheet say + means: the setting, and a legend in the grid or among the sheet's other cells.

        ``texts``: the cells' texts joined (:func:`grid_texts`), when the caller has them.
        """
        self.plus = plus
        if texts is None:
            texts = grid_texts(self.cells)
        self.legend = _legend(chain.from_iterable(self.cells), texts)  # the cells looked at one by one only when a legend may be there
        # whether a text may start with a sign (turn_signs); the cells the reader joins later are looked at again
        self.sign_first = texts.startswith(_SIGN_LEADS_TUPLE) or any(f"\0{lead}" in texts for lead in _SIGN_LEADS_TUPLE)
        if self.legend is None:
            self.legend = _legend(legend)
        self.notes: list[str] = []

    def read(self) -> Tournament:
        nonempty_rows = [r for r, row in enumerate(self.cells) if row.count(None) != len(row)]  # cleaned cells: None is the only empty one
        if not nonempty_rows:
            raise LayoutError(_("the range is empty: select the crosstable (players' rows with their results)"))
        frame = find_frame(self.cells, nonempty_rows, self._looks_like_data)
        header = frame.header
        data_rows = frame.player_rows
        if len(data_rows) > MAX_PLAYERS:
            raise LayoutError(
                _("{count} player rows: more than {limit} players is beyond what tiebreak reads").format(count=len(data_rows), limit=MAX_PLAYERS)
            )
        labels = frame.labels
        roles = frame.roles
        self.frame = frame
        self.labels_now = labels
        self.refuse_transposed(frame)
        self.drop_rating_changes(frame)
        self.join_round_pairs(frame)
        self.join_player_rows(frame)
        self.join_name_parts(frame)
        data_rows = frame.player_rows
        self.turn_signs(frame.player_rows, frame.roles)
        used_cols = [c for c in range(self.width) if any(self.cells[r][c] is not None for r in data_rows)]
        if not used_cols:
            raise LayoutError(_("no player rows below the header"))

        block = self.find_block(data_rows, roles) if len(data_rows) >= 2 else None
        swiss_cols = [] if block is not None and block[2] > 0 else self.swiss_columns(data_rows, used_cols, roles, labels)
        if self.choose_format(data_rows, block, swiss_cols, roles) == "swiss":
            self.rounds_ahead = self.headed_rounds_ahead(swiss_cols, used_cols, roles, labels)
            ranks = self.ranks_as_numbers(data_rows, swiss_cols, roles)
            if ranks is None:
                t = self.read_swiss(header, data_rows, swiss_cols, roles, labels)
            else:
                t = self.read_ranking_crosstable(header, data_rows, swiss_cols, ranks, labels)
        else:
            t = self.read_round_robin(header, data_rows, used_cols, roles, labels, block)
        layout = t.layout
        assert isinstance(layout, TableLayout)
        layout.notes.extend(self.notes)
        return t

    def turn_signs(self, rows: list[int], roles: dict[int, str]) -> None:
        """A Swiss written sign first (``+12``, ``=5``, ``−3``) read as the number and the sign (``12+``, ``5=``, ``3−``).

        A column is written so when half its cells or more are a sign and a
        number no higher than the players' numbers, and it is not a number,
        name, rating, points or place column (a rating change ``+12`` is not a
        game).  The table is written so when two or more such cells hold a plus
        or an equals sign, one of them above 2 (a double round robin cell holds
        ``=1``, ``+0``), and no player row holds a diagonal mark.  Then a minus
        before a number is a lost game against that number too, never the points
        of a round not paired (chess-results' ``-1``).
        """
        cells = self.cells
        leads = _SIGN_LEADS
        # the common table has no cell starting with + or =: the texts joined once (told) say so, else one look at every cell's first character
        if not self.sign_first or not any(v.__class__ is str and v[:1] in leads for r in rows for v in cells[r]):
            return
        seen = self.signed_cells(rows)
        if seen is None:
            return
        found, filled = seen
        bound = max([len(rows), *(v for c, role in roles.items() if role == "number" for r in rows if (v := self.cells[r][c]).__class__ is float)])
        cols = [c for c, cells in found.items() if roles.get(c, "round") == "round" and len(cells) * 2 >= filled[c] and all(x <= bound for _r, _s, x in cells)]
        leading = [x for c in cols for _r, sign, x in found[c] if sign not in g.MINUS]
        if len(leading) < 2 or max(leading) <= 2:
            return
        for c in cols:
            for r, sign, number in found[c]:
                self.cells[r][c] = f"{number}{sign}"

    def signed_cells(self, rows: list[int]) -> tuple[dict[int, list[tuple[int, str, int]]], dict[int, int]] | None:
        """The cells written sign first by column (row, sign, number), and how many cells each column fills; None when a row holds a diagonal mark."""
        found: dict[int, list[tuple[int, str, int]]] = {}
        filled: dict[int, int] = {}
        for r in rows:
            for c, v in enumerate(self.cells[r]):
                if v is None:
                    continue
                filled[c] = filled.get(c, 0) + 1
                if v.__class__ is not str:
                    continue
                if is_diagonal(v):
                    return None
                signed = sign_after(v)
                if signed is not None:
                    found.setdefault(c, []).append((r, *signed))
        return found, filled

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

    def headed_rounds_ahead(self, swiss_cols: list[int], used_cols: list[int], roles: dict[int, str], labels: dict[int, str]) -> int:
        """Round columns headed as the next rounds (R4, R5 ... or 4, 5 ...) right after the last one read, with no cell filled yet.

        They are rounds still to come: the event is scheduled for them, and
        empty cells of the round before are a round being entered.
        """
        if not swiss_cols:
            return 0
        used = set(used_cols)
        last = swiss_cols[-1]
        ahead = 0
        for c in range(last + 1, self.width):
            if c in self.joined:  # a round's colour or result sub-column, read with its opponent column
                continue
            text = labels.get(c, "").strip()
            if c in used or not (roles.get(c) == "round" or text.isdigit() and int(text) == len(swiss_cols) + ahead + 1):
                break
            ahead += 1
        return ahead

    def drop_rating_changes(self, frame: Frame) -> None:
        """A column of rating changes ('Rtg+/-', 'Δ', 'Изм. рейт.') left out: its '+12' is neither a rating nor a game."""
        for c in [c for c, text in frame.labels.items() if is_rating_change_label(text)]:
            for r in frame.player_rows + frame.footer_rows:
                self.cells[r][c] = None
            frame.labels.pop(c)
            frame.roles.pop(c, None)
            self.ignore.add(c)

    def join_round_pairs(self, frame: Frame) -> None:
        """A Swiss round in two or three columns (opponent, colour, result) read as one cell per round: 4, w and 1 -> '4 w 1'."""
        groups = round_pairs(self.cells, frame.header_rows)
        for k, group in enumerate(groups):
            c_opp = group[0]
            for r in frame.player_rows:
                line = self.cells[r]
                parts = [line[c] for c in group]
                if any(isinstance(v, _Bad) for v in parts):
                    continue
                o, x = parts[0], parts[-1]
                colour = parts[1] if len(group) == 3 and parts[1] is not None else None
                if o is None:
                    line[c_opp] = x
                elif x is None:
                    line[c_opp] = _plain(o) if colour is None else f"{_plain(o)} {_plain(colour)}"
                else:
                    line[c_opp] = " ".join([_plain(o)] + ([_plain(colour)] if colour is not None else []) + [_result_text(x)])
                for c in group[1:]:
                    line[c] = None
                self.sign_first = True  # a joined cell, not among the texts told() looked at
            above = [self.cells[h][c] for h in frame.header_rows[:-1] for c in group]
            title = next((v for v in above if isinstance(v, str) and v.strip()), None)
            frame.labels[c_opp] = title if title and _label_role(title) == "round" else f"R{k + 1}"
            frame.roles[c_opp] = "round"
            for c in group[1:]:
                frame.labels.pop(c, None)
                frame.roles.pop(c, None)
                self.joined.add(c)

    def join_player_rows(self, frame: Frame) -> None:
        """A Swiss table in two rows per player (opponents, then results) read as one row per player: 4 over 1 -> '4 1'."""
        pairs = player_row_pairs(self.cells, frame)
        if not pairs:
            return
        for top, under in pairs:
            line, results = self.cells[top], self.cells[under]
            for c, x in enumerate(results):
                if x is None:
                    continue
                o = line[c]
                line[c] = x if o is None else f"{_plain(o)} {_result_text(x)}"
                results[c] = None
                self.sign_first = True  # a joined cell, not among the texts told() looked at
        frame.player_rows = [top for top, _under in pairs]

    def join_name_parts(self, frame: Frame) -> None:
        """'Фамилия | Имя' (| 'Отчество'): one name per player, the parts joined with a space (two Ивановs stay apart)."""
        labels = frame.labels
        surname = next((c for c in sorted(labels) if name_part(labels[c]) == "surname"), None)
        if surname is None:
            return
        group = [surname]
        while group[-1] + 1 in labels and name_part(labels[group[-1] + 1]) in ("given", "patronymic"):
            group.append(group[-1] + 1)
        if len(group) < 2:
            return
        for r in frame.player_rows:
            line = self.cells[r]
            parts = [line[c] for c in group]
            if any(v is not None and not isinstance(v, str) for v in parts):
                continue  # a number or an unreadable cell: left for the reader to name
            words = [v.strip() for v in parts if v is not None and v.strip()]
            line[surname] = " ".join(words) if words else None
            for c in group[1:]:
                line[c] = None
        for c in group[1:]:
            labels.pop(c, None)
            frame.roles.pop(c, None)
        frame.roles[surname] = "name"

    def refuse_transposed(self, frame: Frame) -> None:
        """Players in columns: a names label heading a row of names, over a column of numbers."""
        for h in frame.header_rows:
            row = self.cells[h]
            filled = [c for c, v in enumerate(row) if v is not None]
            if len(filled) < 3:
                continue
            first = filled[0]
            label = row[first]
            if not (isinstance(label, str) and _label_role(label) == "name"):
                continue
            names = [
                c for c in filled[1:]
                if isinstance(row[c], str) and _label_role(row[c]) is None and not _is_other_label(row[c]) and parse_number(row[c]) is None
            ]
            below = [self.cells[r][first] for r in frame.player_rows]
            if len(names) >= 2 and all(isinstance(v, float) for v in below):
                raise LayoutError(
                    _(
                        "the names run along this row and the numbers down the column headed {label}: the table looks "
                        "transposed (players in columns); tiebreak reads one row per player: copy the table and paste it with "
                        "Paste Special > Transpose"
                    ).format(label=show(label)),
                    self.loc(h, first),
                )

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
