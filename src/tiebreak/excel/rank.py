"""The Rank button: rank the active sheet and write places, criteria columns and a Standings sheet.

One implementation, :func:`rank_book`, for every runtime:

* xlwings Lite and xlwings Server run the script :func:`rank_sheet` (a
  task-pane script, or a sheet button bound with ``@xw.script(button=...)``);
* classic xlwings on Windows runs :func:`main` through ``RunPython`` (the
  ribbon add-in's **Rank** button calls ``tiebreak_rank.main()``).

Planning happens first (:func:`tiebreak.sheet.plan_rank`); when it fails -
bad input, a blocked cell - the user gets the message and nothing is written.

The messages speak the settings sheet's Language; when it says ``auto``,
Russian for a table with Cyrillic labels or names, else English.
"""

from __future__ import annotations

from typing import Any

import xlwings as xw

from ..errors import InputError, TiebreakError, WriteBlockedError, column_letter
from ..i18n import DEFAULT_LANGUAGE, _, choose_language, current_language, use_language
from ..reader import MAX_CELLS
from ..sheet import Plan, plan_rank, reference

__all__ = ["XlwingsBook", "apply_plan", "main", "rank_book", "rank_sheet"]

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
                _(
                    "sheet '{sheet}': its used range reaches {cell} ({count} cells); "
                    "delete stray cells far from the table, or give the table's range the name 'crosstable'"
                ).format(sheet=sheet, cell=used.last_cell.address.replace("$", ""), count=_thousands(last_row * last_col))
            )
        raw = sh.range((1, 1), (last_row, last_col)).options(ndim=2, err_to_str=True).value
        rows = [list(r) for r in (raw or [])]
        width = max((len(r) for r in rows), default=0)
        grid = [r + [None] * (width - len(r)) for r in rows]
        self._cache[sheet] = grid
        return grid

    def formulas_in(self, sheet: str, r1: int, c1: int, r2: int, c2: int) -> dict[tuple[int, int], str]:
        """Formula cells (0-based) of a rectangle (1-based): classic xlwings reads a formula showing "" as an empty cell."""
        rng = self.book.sheets[sheet].range((r1, c1), (r2, c2))
        try:
            raw = rng.formula
        except NotImplementedError:  # xlwings Lite / Server: formulas are not in the payload
            return {}
        if isinstance(raw, str):
            raw = ((raw,),)
        elif raw and not isinstance(raw[0], (tuple, list)):
            raw = (tuple(raw),) if r1 == r2 else tuple((v,) for v in raw)
        out: dict[tuple[int, int], str] = {}
        for i, row in enumerate(raw or ()):
            for j, f in enumerate(row):
                if isinstance(f, str) and f.startswith("="):
                    out[(r1 - 1 + i, c1 - 1 + j)] = f
        return out

    def protected(self, sheet: str) -> bool:
        try:
            return bool(self.book.sheets[sheet].api.ProtectContents)
        except Exception:
            return False

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


def _thousands(n: int) -> str:
    """A cell count with thousands separated: ``1,048,576`` in English, ``1 048 576`` in Russian."""
    text = f"{n:,}"
    return text.replace(",", "\u00a0") if current_language() == "ru" else text


class _Chooser:
    """plan_rank's language choice (settings, then the table's labels), remembered for the message when planning fails."""

    def __init__(self) -> None:
        self.lang = DEFAULT_LANGUAGE

    def __call__(self, setting: object, labels: Any) -> str:
        self.lang = choose_language(setting, labels)
        return self.lang


def _stopped(err: TiebreakError, lang: str) -> str:
    with use_language(lang):
        return _("Rank stopped, nothing was changed: {error}").format(error=err)


def apply_plan(book: Any, plan: Plan) -> None:
    """Write a plan into an xlwings Book: the crosstable sheet first, then Rank's own sheets."""
    for w in plan.writes:
        if w.sheet == plan.sheet:
            book.sheets[w.sheet].range((w.row, w.column)).value = w.values
    for name in plan.create_sheets:
        book.sheets.add(name, after=book.sheets[len(book.sheets) - 1])
    for name in plan.clear_sheets:
        book.sheets[name].clear_contents()
    for w in plan.writes:
        if w.sheet != plan.sheet:
            book.sheets[w.sheet].range((w.row, w.column)).value = w.values
    for name, (sheet, r1, c1, r2, c2) in plan.names.items():
        refers_to = "=" + reference(sheet, r1, c1, r2, c2)
        found = [n for n in book.names if n.name.split("!")[-1].casefold() == name.casefold() and "!" not in n.name]
        if found:
            if found[0].refers_to != refers_to:
                found[0].refers_to = refers_to
        else:
            book.names.add(name, refers_to)
    book.sheets[plan.sheet].activate()


def rank_book(book: Any, *, rules: str | None = None, criteria: str | None = None) -> str:
    """Rank the book's active sheet; returns the message shown to the user."""
    chooser = _Chooser()
    try:
        plan = plan_rank(XlwingsBook(book), rules=rules, criteria=criteria, language=chooser)
    except TiebreakError as err:
        message = _stopped(err, chooser.lang)
        _tell(book, message)
        return message
    apply_plan(book, plan)
    _tell(book, plan.message)
    return plan.message


async def rank_book_async(book: Any, *, rules: str | None = None, criteria: str | None = None) -> str:
    """:func:`rank_book` for xlwings Lite, which does not send formulas with a script's values.

    After planning, the formulas of every cell Rank would write are fetched
    from Excel (``Range.get_formula``); a formula there - also one showing
    nothing, which arrives as an empty value - stops the run before anything
    is written.
    """
    chooser = _Chooser()
    try:
        plan = plan_rank(XlwingsBook(book), rules=rules, criteria=criteria, language=chooser)
        with use_language(plan.language):
            await _refuse_formulas(book, plan)
    except TiebreakError as err:
        message = _stopped(err, chooser.lang)
        _tell(book, message)
        return message
    apply_plan(book, plan)
    _tell(book, plan.message)
    return plan.message


async def _refuse_formulas(book: Any, plan: Plan) -> None:
    for sheet, cells in plan.targets().items():
        if sheet in plan.create_sheets or not cells:
            continue
        r1, r2 = min(r for r, _ in cells), max(r for r, _ in cells)
        c1, c2 = min(c for _, c in cells), max(c for _, c in cells)
        rng = book.sheets[sheet].range((r1, c1), (r2, c2)).options(ndim=2)
        try:
            raw = await rng.get_formula()
        except NotImplementedError:  # not xlwings Lite: classic xlwings read the formulas while planning
            return
        for i, row in enumerate(raw or []):
            for j, f in enumerate(row):
                if isinstance(f, str) and f.startswith("=") and (r1 + i, c1 + j) in cells:
                    cell = f"{column_letter(c1 + j)}{r1 + i}"
                    raise WriteBlockedError(
                        _(
                            "sheet '{sheet}', cell {cell} holds the formula {formula}, which Rank did not write; Rank would write there. "
                            "Move the formula or the table, then run Rank again (nothing was changed)."
                        ).format(sheet=sheet, cell=cell, formula=f),
                        cell=cell,
                    )


def _tell(book: Any, message: str) -> None:
    print(message)
    try:
        book.app.alert(message, title=TITLE)
    except Exception:  # a runtime without dialogs: the message is printed above
        pass


@xw.script
async def rank_sheet(book: xw.Book) -> None:
    """Rank the active sheet by points and the event's criteria (tiebreak)."""
    await rank_book_async(book)


def main() -> None:
    """Entry point for classic xlwings: ``RunPython "import tiebreak_rank; tiebreak_rank.main()"``."""
    rank_book(xw.Book.caller())
