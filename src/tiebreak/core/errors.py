"""One error hierarchy for everything tiebreak refuses.

Every error a user can cause is a :class:`TiebreakError`.  Errors about a place
in the input carry that place as data (:class:`Location`), so that the Excel
layer, the button and the command line can each say it their own way.

The tree of errors (every class tiebreak raises on purpose):

* :class:`TiebreakError`: the base class; its ``message`` is what the user reads.

  * :class:`InputError`: something in the input is wrong; ``location`` says where.

    * :class:`NotationError`: a cell's text is not a result, a pairing or a number.
    * :class:`LayoutError`: the table's shape (no results, not square, no player column ...).
    * :class:`ConsistencyError`: results that contradict each other or the stated points.
    * :class:`FileFormatError`: a file (TRF, xlsx ...) that cannot be read safely or is malformed.

  * :class:`SettingsError`: a setting (rule set, criteria list, language, argument) that is not valid.

    * :class:`UnknownRuleSetError`: a rule-set name that does not exist.
    * :class:`UnknownCriterionError`: a criterion or tie-break code that does not exist.

  * :class:`WriteBlockedError`: a cell the ranking would write holds the user's data; ``cell`` names it.

>>> err = NotationError("'12x' is not a result", Location(row=7, round=3))
>>> str(err)
"row 7, round 3: '12x' is not a result"
>>> err.location.round
3
"""

from __future__ import annotations

import os
from pathlib import Path

from tiebreak.core.a1 import column_letter
from tiebreak.core.record import FrozenRecord, replace
from tiebreak.core.translation import _

__all__ = [
    "ConsistencyError",
    "FileFormatError",
    "InputError",
    "LayoutError",
    "Location",
    "NotationError",
    "SettingsError",
    "TiebreakError",
    "UnknownCriterionError",
    "UnknownRuleSetError",
    "WriteBlockedError",
]


class Location(FrozenRecord):
    """Where in the input something is.

    ``row`` and ``column`` are 1-based.  Without an ``origin`` they count
    inside the table range a worksheet function was given; with one (the
    sheet row and column of the range's top-left cell) they are sheet
    coordinates and the location names the cell.  ``round`` is the round (or,
    in a round robin, the opponent's column); ``player`` the row's player;
    ``line`` a line of a text file; ``sheet`` a worksheet name.
    """

    row: int | None = None
    column: int | None = None
    round: int | None = None
    player: str | None = None
    line: int | None = None
    sheet: str | None = None
    origin: tuple[int, int] | None = None
    opponent: str | None = None

    _fields = ("row", "column", "round", "player", "line", "sheet", "origin", "opponent")

    def __init__(
        self,
        row: int | None = None,
        column: int | None = None,
        round: int | None = None,
        player: str | None = None,
        line: int | None = None,
        sheet: str | None = None,
        origin: tuple[int, int] | None = None,
        opponent: str | None = None,
    ) -> None:
        object.__setattr__(self, "row", row)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "sheet", sheet)
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "opponent", opponent)

    @property
    def cell(self) -> str | None:
        """The A1 address, when the sheet position is known."""
        if self.origin is None or self.row is None or self.column is None:
            return None
        return f"{column_letter(self.origin[1] + self.column - 1)}{self.origin[0] + self.row - 1}"

    @property
    def sheet_row(self) -> int | None:
        """The row as the sheet numbers it when the origin is known, else as the range counts it."""
        if self.row is None or self.origin is None:
            return self.row
        return self.origin[0] + self.row - 1

    def with_origin(self, origin: tuple[int, int] | None, sheet: str | None = None) -> Location:
        return replace(self, origin=origin, sheet=sheet if sheet is not None else self.sheet)

    def __str__(self) -> str:
        head: list[str] = []
        cell = self.cell
        if self.sheet:
            head.append(_("sheet '{sheet}'").format(sheet=self.sheet))
        if cell is not None:
            head.append(_("cell {cell}").format(cell=cell))
        elif self.row is not None:
            head.append(_("row {row}").format(row=self.sheet_row))
        elif self.column is not None and self.origin is not None and self.round is None and self.opponent is None:
            head.append(_("column {column}").format(column=column_letter(self.origin[1] + self.column - 1)))
        if self.line is not None:
            head.append(_("line {line}").format(line=self.line))
        text = ", ".join(head)
        if self.player:
            text = f"{text} ({self.player})" if text else self.player
        tail: list[str] = []
        if self.round is not None:
            tail.append(_("round {round}").format(round=self.round))
        if self.opponent is not None:
            # TRANSLATORS: the opponent of a round robin column, e.g. "against No. 2" or "against Ann"
            tail.append(_("against {opponent}").format(opponent=self.opponent))
        if self.column is not None and cell is None and self.origin is None and self.round is None and self.opponent is None:
            tail.append(_("column {column}").format(column=self.column))
        return ", ".join(part for part in (text, *tail) if part)


class TiebreakError(Exception):
    """Base class of every error tiebreak raises on purpose."""

    language: str | None = None
    """The language the message speaks, when the workbook's was chosen for it (the command line's prefix follows it)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputError(TiebreakError):
    """Something in the input is wrong; ``location`` says where."""

    def __init__(self, detail: str, location: Location | None = None) -> None:
        self.detail = detail
        self.location = location
        super().__init__(self._compose())

    def _compose(self) -> str:
        where = str(self.location) if self.location is not None else ""
        return f"{where}: {self.detail}" if where else self.detail

    def at(self, location: Location) -> InputError:
        """The same error placed at ``location`` (a copy)."""
        clone = type(self).__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.location = location
        clone.message = clone._compose()
        clone.args = (clone.message,)
        return clone

    def relocate(self, origin: tuple[int, int] | None, sheet: str | None = None) -> InputError:
        """The same error with sheet coordinates (a copy; used by the button and CLI)."""
        return self.at((self.location or Location()).with_origin(origin, sheet))

    def __str__(self) -> str:
        return self.message


class NotationError(InputError):
    """A cell's text is not a result, a pairing or a number in any notation we read."""


class LayoutError(InputError):
    """The shape of the table: no results found, not square, no player column, ..."""


class ConsistencyError(InputError):
    """Results that contradict each other or the stated points."""


class FileFormatError(InputError):
    """A file (TRF, xlsx) that cannot be read safely or is malformed."""


def checked_size(path: str | os.PathLike[str], limit: int, what: str) -> Path:
    """The path of a readable file no larger than ``limit`` bytes; otherwise :class:`FileFormatError`."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as err:
        raise FileFormatError(_("{path}: cannot read the file ({reason})").format(path=p, reason=err.strerror)) from None
    if size > limit:
        raise FileFormatError(
            _("{path}: {size} MB is larger than the {limit} MB {what}").format(
                path=p, size=size // (1024 * 1024), limit=limit // (1024 * 1024), what=what
            )
        )
    return p


class SettingsError(TiebreakError):
    """A setting (rule set, criteria list, argument) that is not valid."""


class UnknownRuleSetError(SettingsError):
    """A rule-set name that does not exist."""


class UnknownCriterionError(SettingsError):
    """A criterion or tie-break code that does not exist."""


class WriteBlockedError(TiebreakError):
    """A cell the ranking would write holds the user's data: nothing was written."""

    def __init__(self, message: str, cell: str | None = None) -> None:
        super().__init__(message)
        self.cell = cell
