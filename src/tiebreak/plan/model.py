"""What a plan is made of and for: the workbook it reads (:class:`BookSource`), the writes, the :class:`Plan` (imports tiebreak.core only)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

from tiebreak.core.a1 import range_address
from tiebreak.core.ranking import Ranking
from tiebreak.core.record import FrozenRecord, Record

__all__ = [
    "MAX_EXTRA_ROWS",
    "MAX_OWN_COLUMNS",
    "MAX_STANDINGS_ROWS",
    "OUTPUT_NAME",
    "STANDINGS",
    "STANDINGS_MARK",
    "STANDINGS_NAME",
    "STANDINGS_SHEET",
    "Area",
    "BookSource",
    "OwnBlock",
    "Plan",
    "Write",
]

STANDINGS_SHEET = "Standings"
# workbook-level defined names recording Rank's blocks; Excel moves and resizes them as rows and columns are inserted
OUTPUT_NAME = "tiebreak_output"
STANDINGS_NAME = "tiebreak_standings"
# a recorded block larger than this is not Rank's (a name edited by hand, or hostile)
MAX_OWN_COLUMNS = 64
MAX_EXTRA_ROWS = 10_000
MAX_STANDINGS_ROWS = 100_000
STANDINGS_MARK = "Standings (tiebreak)"


class OwnBlock(FrozenRecord):
    """A block Rank writes on a sheet of its own: the sheet's name when Rank adds it, the mark its title starts with, the defined name recording it.

    Rank replaces its block there and keeps everything else the user typed on
    the sheet (notes, formulas, a chart's data) the same way for each kind.
    """

    sheet: str
    mark: str
    name: str

    _fields = ("sheet", "mark", "name")

    def __init__(self, sheet: str, mark: str, name: str) -> None:
        object.__setattr__(self, "sheet", sheet)
        object.__setattr__(self, "mark", mark)
        object.__setattr__(self, "name", name)


STANDINGS = OwnBlock(STANDINGS_SHEET, STANDINGS_MARK, STANDINGS_NAME)

Area = tuple[int, int, int, int]
"""A rectangle of cells: (first row, first column, last row, last column), 1-based."""


class BookSource(Protocol):
    """What planning needs to know of a workbook."""

    def sheet_names(self) -> list[str]: ...

    def active_sheet(self) -> str: ...

    def values(self, sheet: str) -> list[list[Any]] | dict[tuple[int, int], Any]:
        """The sheet's cell values: rows from A1, or a dict of (row, column) → value, 0-based, for sparse sheets."""
        ...

    def named_range(self, name: str) -> tuple[str, int, int, int, int] | None:
        """(sheet, first row, first column, last row, last column), 1-based, or None."""
        ...


class Write(Record):
    """Values to write from a cell (1-based) right and down."""

    sheet: str
    row: int
    column: int
    values: list[list[Any]]

    _fields = ("sheet", "row", "column", "values")

    def __init__(self, sheet: str, row: int, column: int, values: list[list[Any]]) -> None:
        self.sheet = sheet
        self.row = row
        self.column = column
        self.values = values

    @property
    def address(self) -> str:
        """The cells written, as an A1 range (``H2:M6``)."""
        r2 = self.row + len(self.values) - 1
        c2 = self.column + max((len(v) for v in self.values), default=1) - 1
        return range_address(self.row, self.column, r2, c2)


class Plan(Record):
    """Everything Rank writes: cells, sheets to create or clear, defined names, and what it tells the user."""

    sheet: str
    table: str
    writes: list[Write]
    create_sheets: list[str]
    clear_sheets: list[str]
    ranking: Ranking | None = None
    output: str = ""
    message: str = ""
    notes: list[str]
    # workbook-level defined names to set: name -> (sheet, first row, first column, last row, last column), 1-based
    names: dict[str, tuple[str, int, int, int, int]]
    # the language of the messages, notes and labels ("en" or "ru")
    language: str = "en"

    _fields = (
        "sheet", "table", "writes", "create_sheets", "clear_sheets", "ranking", "output", "message", "notes", "names",
        "language",
    )

    def __init__(
        self,
        sheet: str,
        table: str,
        writes: list[Write] | None = None,
        create_sheets: list[str] | None = None,
        clear_sheets: list[str] | None = None,
        ranking: Ranking | None = None,
        output: str = "",
        message: str = "",
        notes: list[str] | None = None,
        names: dict[str, tuple[str, int, int, int, int]] | None = None,
        language: str = "en",
    ) -> None:
        self.sheet = sheet
        self.table = table
        self.writes = [] if writes is None else writes
        self.create_sheets = [] if create_sheets is None else create_sheets
        self.clear_sheets = [] if clear_sheets is None else clear_sheets
        self.ranking = ranking
        self.output = output
        self.message = message
        self.notes = [] if notes is None else notes
        self.names = {} if names is None else names
        self.language = language

    def targets(self, sheets: Collection[str] | None = None) -> dict[str, set[tuple[int, int]]]:
        """Per sheet (all, or those in ``sheets``), the cells the writes cover (1-based (row, column)), for the appliers' last checks."""
        out: dict[str, set[tuple[int, int]]] = {}
        for w in self.writes:
            if sheets is not None and w.sheet not in sheets:
                continue
            cells = out.setdefault(w.sheet, set())
            for i, row in enumerate(w.values):
                for j in range(len(row)):
                    cells.add((w.row + i, w.column + j))
        return out
