"""The Rank button: rank the active sheet and write places, criteria columns and a Standings sheet.

One implementation, :func:`rank_book`, for every runtime:

* xlwings Lite and xlwings Server run the script :func:`rank_sheet` (a
  task-pane script, or a sheet button bound with ``@xw.script(button=...)``);
* classic xlwings on Windows runs :func:`main` through ``RunPython`` (the
  ribbon add-in's **Rank** button calls ``tiebreak_rank.main()``).

Planning happens first (:func:`tiebreak.sheet.plan_rank`); when it fails -
bad input, a blocked cell - the user gets the message and nothing is written.
"""

from __future__ import annotations

from typing import Any

import xlwings as xw

from ..errors import InputError, TiebreakError
from ..reader import MAX_CELLS
from ..sheet import Plan, plan_rank

__all__ = ["XlwingsBook", "rank_book", "rank_sheet", "main", "apply_plan"]

TITLE = "tiebreak"


class XlwingsBook:
    """:class:`tiebreak.sheet.BookSource` over an xlwings Book (classic or remote)."""

    def __init__(self, book: Any) -> None:
        self.book = book
        self._cache: dict[str, list[list[Any]]] = {}

    def sheet_names(self) -> list[str]:
        return [s.name for s in self.book.sheets]

    def active_sheet(self) -> str:
        return str(self.book.sheets.active.name)

    def values(self, sheet: str) -> list[list[Any]]:
        if sheet in self._cache:
            return self._cache[sheet]
        sh = self.book.sheets[sheet]
        used = sh.used_range
        last_row = used.row + used.shape[0] - 1
        last_col = used.column + used.shape[1] - 1
        if last_row * last_col > MAX_CELLS:
            raise InputError(
                f"sheet '{sheet}': its used range reaches {used.last_cell.address.replace('$', '')} ({last_row * last_col:,} cells); "
                "delete stray cells far from the table, or give the table's range the name 'crosstable'"
            )
        raw = sh.range((1, 1), (last_row, last_col)).options(ndim=2, err_to_str=True).value
        rows = [list(r) for r in (raw or [])]
        width = max((len(r) for r in rows), default=0)
        grid = [r + [None] * (width - len(r)) for r in rows]
        self._cache[sheet] = grid
        return grid

    def named_range(self, name: str) -> tuple[str, int, int, int, int] | None:
        for n in self.book.names:
            short = n.name.split("!")[-1]
            if short.casefold() != name.casefold():
                continue
            try:
                rng = n.refers_to_range
            except Exception:  # a name that is not a range (a constant, a formula)
                return None
            last = rng.last_cell
            return (rng.sheet.name, rng.row, rng.column, last.row, last.column)
        return None


def apply_plan(book: Any, plan: Plan) -> None:
    """Write a plan into an xlwings Book."""
    for name in plan.create_sheets:
        book.sheets.add(name, after=book.sheets[len(book.sheets) - 1])
    for name in plan.clear_sheets:
        book.sheets[name].clear_contents()
    for w in plan.writes:
        book.sheets[w.sheet].range((w.row, w.column)).value = w.values
    book.sheets[plan.sheet].activate()


def rank_book(book: Any, *, rules: str | None = None, criteria: str | None = None) -> str:
    """Rank the book's active sheet; returns the message shown to the user."""
    try:
        plan = plan_rank(XlwingsBook(book), rules=rules, criteria=criteria)
    except TiebreakError as err:
        message = f"Rank stopped, nothing was changed: {err}"
        _tell(book, message)
        return message
    apply_plan(book, plan)
    _tell(book, plan.message)
    return plan.message


def _tell(book: Any, message: str) -> None:
    print(message)
    try:
        book.app.alert(message, title=TITLE)
    except Exception:  # a runtime without dialogs: the message is printed above
        pass


@xw.script
def rank_sheet(book: xw.Book) -> None:
    """Rank the active sheet by points and the event's criteria (tiebreak)."""
    rank_book(book)


def main() -> None:
    """Entry point for classic xlwings: ``RunPython "import tiebreak_rank; tiebreak_rank.main()"``."""
    rank_book(xw.Book.caller())
