"""What a plan is made of and for: the workbook it reads (:class:`BookSource`), the writes, the :class:`Plan` (imports tiebreak.core only)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, Protocol

from tiebreak.core.a1 import range_address
from tiebreak.core.ranking import Ranking

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


@dataclass(frozen=True)
class OwnBlock:
    """A block Rank writes on a sheet of its own: the sheet's name when Rank adds it, the mark its title starts with, the defined name recording it.

    Rank replaces its block there and keeps everything else the user typed on
    the sheet (notes, formulas, a chart's data) the same way for each kind.
    """

    sheet: str
    mark: str
    name: str


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


@dataclass
class Write:
    """Values to write from a cell (1-based) right and down."""

    sheet: str
    row: int
    column: int
    values: list[list[Any]]

    @property
    def address(self) -> str:
        """The cells written, as an A1 range (``H2:M6``)."""
        r2 = self.row + len(self.values) - 1
        c2 = self.column + max((len(v) for v in self.values), default=1) - 1
        return range_address(self.row, self.column, r2, c2)


@dataclass
class Plan:
    """Everything Rank writes: cells, sheets to create or clear, defined names, and what it tells the user."""

    sheet: str
    table: str
    writes: list[Write] = field(default_factory=list)
    create_sheets: list[str] = field(default_factory=list)
    clear_sheets: list[str] = field(default_factory=list)
    ranking: Ranking | None = None
    output: str = ""
    message: str = ""
    notes: list[str] = field(default_factory=list)
    # workbook-level defined names to set: name -> (sheet, first row, first column, last row, last column), 1-based
    names: dict[str, tuple[str, int, int, int, int]] = field(default_factory=dict)
    # the language of the messages, notes and labels ("en" or "ru")
    language: str = "en"

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
