"""What every part of the crosstable reader shares: the layout record, cell access and messages, scoring."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tiebreak.core import grammar as g
from tiebreak.core.errors import (
    Location,
    NotationError,
)
from tiebreak.core.i18n import _, ngettext
from tiebreak.core.model import CHESS, DRAUGHTS, Kind, Scoring
from tiebreak.core.notation import (
    DRAW_MARK,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    CellProblem,
    Mark,
    normalize,
    not_a_result,
    score_total,
    show,
    team_tables,
    typing_hint,
)
from tiebreak.core.record import Record
from tiebreak.reading.layout import Frame

FOOTBALL = Scoring(3.0, 1.0, 0.0)  # three points for a win, as in some clubs' events
MAX_PLAYERS = 20000
MAX_ROUNDS = 100
MAX_CELLS = 2_000_000
SAMPLE = 64

Grid = Sequence[Sequence[Any]]


class TableLayout(Record):
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
    labels: dict[int, str]
    header_rows: list[int]
    footer_rows: list[int]
    # what the reader had to guess, said to the user (e.g. which column it took for names)
    notes: list[str]

    _fields = (
        "height", "width", "header_row", "player_rows", "result_cols", "number_col", "name_col", "rating_col", "points_col",
        "place_col", "labels", "header_rows", "footer_rows", "notes",
    )

    def __init__(
        self,
        height: int,
        width: int,
        header_row: int | None,
        player_rows: list[int],
        result_cols: list[int],
        number_col: int | None = None,
        name_col: int | None = None,
        rating_col: int | None = None,
        points_col: int | None = None,
        place_col: int | None = None,
        labels: dict[int, str] | None = None,
        header_rows: list[int] | None = None,
        footer_rows: list[int] | None = None,
        notes: list[str] | None = None,
    ) -> None:
        self.height = height
        self.width = width
        self.header_row = header_row
        self.player_rows = player_rows
        self.result_cols = result_cols
        self.number_col = number_col
        self.name_col = name_col
        self.rating_col = rating_col
        self.points_col = points_col
        self.place_col = place_col
        self.labels = {} if labels is None else labels
        self.header_rows = [] if header_rows is None else header_rows
        self.footer_rows = [] if footer_rows is None else footer_rows
        self.notes = [] if notes is None else notes

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


class ReaderBase:
    """The grid's cells (normalized), and what the parts of the reader share."""

    cells: list[list[Any]]
    height: int
    width: int
    ignore: set[int]
    fixed_scoring: Scoring | None
    names: dict[int, str]
    frame: Frame
    labels_now: dict[int, str]
    order: list[int]
    plus: str | None
    """What a plus and a minus beside an opponent mean: 'win' (played games), 'forfeit', or None (decided from the table)."""
    legend: str | None
    """What a legend on the sheet says + means ('win' or 'forfeit'), or None."""
    signs_played = False
    """Whether a plus and a minus beside an opponent are read as played games (decided by :meth:`read_signs`)."""
    notes: list[str]
    origin: tuple[int, int] | None = None  # the sheet row and column of the grid's top-left cell, when known

    def sheet_row(self, r: int) -> int:
        """The number of another row a message points to: as the sheet numbers it when the sheet position is known, else as the range counts it."""
        return r + 1 if self.origin is None else self.origin[0] + r

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

    def read_signs(self, pluses: int, minuses: int, numbers: bool, games: int, swiss: bool) -> None:
        """Decide what + and − beside an opponent mean, and say so in a note.

        ``pluses`` and ``minuses`` games are written + or − beside an opponent,
        ``games`` in all; ``numbers`` says whether some decisive game is written
        another way (1, 0, 2, W12, L3).  The Plus means setting decides first,
        then a legend on the sheet.  Else, in a Swiss table where no decisive
        game is written any other way and every + has its − (no double
        forfeit), the signs are the table's notation of results: won and lost
        games.  Otherwise they are forfeits (said when they are half the games or
        more).  A round robin matrix reads them as forfeits unless told.
        """
        signs = pluses + minuses
        if not signs:
            return
        played = swiss and not numbers and pluses == minuses
        how = self.plus or self.legend or ("win" if played else "forfeit")
        self.signs_played = how == "win"
        if self.plus is not None:
            self.notes.append(
                _("+ and − beside an opponent read as won and lost games, as the Plus means setting says")
                if self.signs_played
                else _("+ and − beside an opponent read as forfeits, as the Plus means setting says")
            )
        elif self.legend is not None:
            self.notes.append(
                _("+ and − beside an opponent read as won and lost games, as the legend on the sheet says")
                if self.signs_played
                else _("+ and − beside an opponent read as forfeits, as the legend on the sheet says")
            )
        elif self.signs_played:
            self.notes.append(
                _(
                    "+ and − beside an opponent read as won and lost games (no game is written 1 or 0); if they are forfeits, "
                    "set Plus means / Плюс означает to forfeit on the tiebreak sheet (command line: --plus forfeit)"
                )
            )
        elif signs * 2 >= games:
            self.notes.append(
                ngettext(
                    "{count} of {games} games read as forfeits (+ or − beside an opponent); if they are won and lost games, "
                    "set Plus means / Плюс означает to win on the tiebreak sheet (command line: --plus win)",
                    "{count} of {games} games read as forfeits (+ or − beside an opponent); if they are won and lost games, "
                    "set Plus means / Плюс означает to win on the tiebreak sheet (command line: --plus win)",
                    (signs + 1) // 2,
                ).format(count=(signs + 1) // 2, games=(games + 1) // 2)  # each game is written on both sides
            )

    def game(self, mark: Mark | None, sc: Scoring, where: Location, v: Any) -> tuple[Kind, float]:
        if mark == FORFEIT_WIN:
            return (Kind.PLAYED if self.signs_played else Kind.FORFEIT_WIN), sc.win
        if mark == FORFEIT_LOSS:
            return (Kind.PLAYED if self.signs_played else Kind.FORFEIT_LOSS), sc.loss
        if mark == g.WIN_MARK:
            return Kind.PLAYED, sc.win
        if mark == g.LOSS_MARK:
            return Kind.PLAYED, sc.loss
        if mark == DRAW_MARK:
            return Kind.PLAYED, sc.draw
        if isinstance(mark, float) and sc.outcome(mark) is not None:
            return Kind.PLAYED, mark
        if score_total(v) is not None and sc.win < 2:
            raise NotationError(not_a_result(v, swiss=False), where)
        raise NotationError(
            _("{text} is not a result on {scoring} scoring{hint} (write {scale})").format(
                text=show(v), scoring=sc.label, hint=typing_hint(v, swiss=False), scale=_scale(sc)
            ),
            where,
        )

    def scoring(self, values: Any, where_two: Any, locate: Any) -> Scoring:
        if self.fixed_scoring is not None:
            return self.fixed_scoring
        vs = set(values)
        if 3.0 in vs and not vs & {0.5, 1.5, 2.0}:
            return FOOTBALL  # 3 for a win (with half points or 2s beside it, a 3 is a typing error, reported as such)
        if 2.0 in vs:
            if vs & {0.5, 1.5}:
                r, c = where_two()
                message = _("the table mixes 2-point results with half points: set the scoring (1/0.5/0 or 2/1/0)")
                if any(v > 2 for v in vs):  # 2,5 or 3 beside halves: the board points of team matches
                    message = _("{message}; or these are team match scores (the board points of several games): {team_tables}").format(message=message, team_tables=team_tables())
                raise NotationError(message, locate(r, c))
            return DRAUGHTS
        return CHESS


def _scale(sc: Scoring) -> str:
    """A scoring's results in a few words: '1, 0.5 or 0' or '2, 1 or 0'."""
    return _("{win}, {draw} or {loss}").format(win=f"{sc.win:g}", draw=f"{sc.draw:g}", loss=f"{sc.loss:g}")
