"""The Rank button: rank the active sheet and write places, criteria columns and a Standings sheet.

One implementation, :func:`rank_book`, for every runtime:

* xlwings Lite and xlwings Server run the script :func:`rank_sheet` (a
  task-pane script, or a sheet button bound with ``@xw.script(button=...)``);
* classic xlwings on Windows runs :func:`main` through ``RunPython`` (the
  ribbon add-in's **Rank** button calls ``tiebreak_rank.main()``).

Planning happens first (:func:`tiebreak.plan.sheet.plan_rank`); when it fails -
bad input, a blocked cell - the user gets the message and nothing is written.

The messages speak the settings sheet's Language; when it says ``auto``,
Russian for a table with Cyrillic labels or names, else English.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import xlwings as xw

from tiebreak.core.a1 import absolute_reference, cell_address, quote_sheet, same_sheet
from tiebreak.core.errors import InputError, TiebreakError, WriteBlockedError
from tiebreak.core.i18n import (
    DEFAULT_LANGUAGE,
    _,
    choose_language,
    current_language,
    use_language,
)
from tiebreak.core.text import one_line, shown
from tiebreak.excel.merges import ask_classic, ask_lite
from tiebreak.plan.blocked import (
    merged_cells_error,
    merged_elsewhere_error,
    refuse_blocked,
)
from tiebreak.plan.cells import cell_at
from tiebreak.plan.model import OUTPUT_NAME, Area, Plan
from tiebreak.plan.sheet import plan_rank
from tiebreak.reading import MAX_CELLS

__all__ = ["XlwingsBook", "apply_plan", "main", "rank_book", "rank_sheet"]

TITLE = "tiebreak"
# The xlwings the Rank script is written for: tiebreak's pin (pyproject.toml, addin/lite/requirements.txt; a test
# keeps the three equal).  Older ones (0.33.20, what new xlwings Lite workbooks get) lack what it reads.
RANK_XLWINGS = "0.37.8"
OWN_TABLE_NAME = "crosstable"
# On a sheet too large to read whole, Rank reads the crosstable's block and this many columns right of it,
# where it writes its columns (places and one column a criterion, never as many).
RANK_AREA_COLUMNS = 100


class XlwingsBook:
    """:class:`tiebreak.plan.model.BookSource` over an xlwings Book (classic or remote)."""

    def __init__(self, book: Any) -> None:
        self.book = book
        self._cache: dict[str, list[list[Any]] | dict[tuple[int, int], Any]] = {}

    def sheet_names(self) -> list[str]:
        return [s.name for s in self.book.sheets]

    def active_sheet(self) -> str:
        return str(self.book.sheets.active.name)

    def values(self, sheet: str) -> list[list[Any]] | dict[tuple[int, int], Any]:
        if sheet in self._cache:
            return self._cache[sheet]
        sh = self.book.sheets[sheet]
        used = sh.used_range
        last_row = used.row + used.shape[0] - 1
        last_col = used.column + used.shape[1] - 1
        if last_row * last_col > MAX_CELLS:
            block = self._named_block(sheet, last_row, last_col)
            if block is None:
                raise InputError(
                    _(
                        "sheet '{sheet}': its used range reaches {cell} ({count} cells); "
                        "delete stray cells far from the table, or give the table's range the name 'crosstable'"
                    ).format(sheet=sheet, cell=cell_address(last_row, last_col), count=_thousands(last_row * last_col))
                )
            return self._sparse(sheet, sh, block)
        raw = sh.range((1, 1), (last_row, last_col)).options(ndim=2, err_to_str=True).value
        rows = [list(r) for r in (raw or [])]
        width = max((len(r) for r in rows), default=0)
        grid = [r + [None] * (width - len(r)) for r in rows]
        self._cache[sheet] = grid
        return grid

    def _named_block(self, sheet: str, last_row: int, last_col: int) -> tuple[int, int, int, int] | None:
        """On a sheet too large to read whole, the range named ``crosstable`` and Rank's area right of it, if that is small."""
        named = self.named_range(OWN_TABLE_NAME)
        if named is None or not same_sheet(named[0], sheet):
            return None
        _sheet, r1, c1, r2, c2 = named
        block = (r1, c1, min(r2, last_row), min(last_col, c2 + RANK_AREA_COLUMNS))
        if (block[2] - r1 + 1) * (block[3] - c1 + 1) > MAX_CELLS:
            return None
        return block

    def _sparse(self, sheet: str, sh: Any, block: tuple[int, int, int, int]) -> dict[tuple[int, int], Any]:
        """Only the block's cells (0-based keys), as planning takes a sparse sheet."""
        r1, c1, r2, c2 = block
        raw = sh.range((r1, c1), (r2, c2)).options(ndim=2, err_to_str=True).value
        cells = {(r1 - 1 + i, c1 - 1 + j): v for i, row in enumerate(raw or []) for j, v in enumerate(row) if v is not None and v != ""}
        self._cache[sheet] = cells
        return cells

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
        """Whether the sheet's cells are protected (``Worksheet.ProtectContents``; classic xlwings only)."""
        try:
            return bool(self.book.sheets[sheet].api.ProtectContents)
        except Exception:  # noqa: BLE001 - xlwings Lite / Server: the payload does not say
            return False

    def structure_protected(self) -> bool:
        """Whether sheets cannot be added (``Workbook.ProtectStructure``; classic xlwings only)."""
        try:
            return bool(self.book.api.ProtectStructure)
        except Exception:  # noqa: BLE001 - xlwings Lite / Server: the payload does not say
            return False

    def merged_at(self, sheet: str, cells: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], Area] | None:
        """The first of the cells (1-based) inside merged cells, and the merged area, asked of Excel column by column."""
        if not cells:
            return None
        try:
            return ask_classic(self.book.sheets[sheet], cells)
        except NotImplementedError:  # xlwings Lite / Server: answered on demand, by rank_book_async
            return None

    def tables(self, sheet: str) -> list[tuple[str, int, int, int, int]]:
        """The sheet's Excel tables (ListObjects): (name, first row, first column, last row, last column), 1-based.

        Classic xlwings asks Excel; xlwings Lite and Server read them from the book they were sent.
        """
        out: list[tuple[str, int, int, int, int]] = []
        try:
            for table in self.book.sheets[sheet].tables:
                rng = table.range
                if rng is None:
                    continue
                rows, cols = rng.shape
                out.append((str(table.name), rng.row, rng.column, rng.row + rows - 1, rng.column + cols - 1))
        except Exception:  # noqa: BLE001 - a runtime that cannot list tables: nothing to protect from renaming
            return []
        return out

    def named_range(self, name: str) -> tuple[str, int, int, int, int] | None:
        for n in self.book.names:
            short = n.name.split("!")[-1]
            if short.casefold() != name.casefold():
                continue
            try:
                rng = n.refers_to_range
            except Exception:  # noqa: BLE001 - a name that is not a range (a constant, a formula)
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


def _too_old(lang: str) -> str:
    """xlwings raised NotImplementedError while Rank read the workbook: an xlwings without what Rank needs."""
    with use_language(lang):
        return _(
            "Rank stopped, nothing was changed: it needs xlwings {needed}, and this workbook runs xlwings {version}, "
            "which cannot read what Rank reads. In xlwings Lite: in the requirements.txt tab, replace the xlwings line "
            "with xlwings=={needed}, then ☰ > Restart. In classic Excel: python -m pip install xlwings=={needed}."
        ).format(needed=RANK_XLWINGS, version=getattr(xw, "__version__", "?"))


def _stopped(err: TiebreakError, lang: str) -> str:
    with use_language(lang):
        return _("Rank stopped, nothing was changed: {error}").format(error=err)


def apply_plan(book: Any, plan: Plan, *, add_sheets: bool = True, done: list[str] | None = None) -> None:
    """Write a plan into an xlwings Book: the crosstable sheet first, then Rank's own sheets.

    ``add_sheets=False``: the new sheets were added already (xlwings Lite adds
    them on their own, before any cell is written).  ``done`` receives each
    change as it is made (``Sheet1!H1:N7``, ``sheet 'Standings' added`` ...), so
    that a run Excel stops half way can say what it changed.
    """
    log: list[str] = [] if done is None else done
    for w in plan.writes:
        if w.sheet == plan.sheet:
            book.sheets[w.sheet].range((w.row, w.column)).value = w.values
            log.append(f"{quote_sheet(w.sheet)}!{w.address}")
    if add_sheets:
        _add_sheets(book, plan, log)
    for name in plan.clear_sheets:
        book.sheets[name].clear_contents()
        log.append(_("sheet '{sheet}' cleared").format(sheet=name))
    for w in plan.writes:
        if w.sheet != plan.sheet:
            book.sheets[w.sheet].range((w.row, w.column)).value = w.values
            log.append(f"{quote_sheet(w.sheet)}!{w.address}")
    for name, (sheet, r1, c1, r2, c2) in plan.names.items():
        refers_to = "=" + absolute_reference(sheet, r1, c1, r2, c2)
        found = [n for n in book.names if n.name.split("!")[-1].casefold() == name.casefold() and "!" not in n.name]
        if found:
            if found[0].refers_to != refers_to:
                found[0].refers_to = refers_to
        else:
            book.names.add(name, refers_to)
        log.append(_("the name {name}").format(name=name))
    book.sheets[plan.sheet].activate()


def _add_sheets(book: Any, plan: Plan, log: list[str] | None = None) -> None:
    for name in plan.create_sheets:
        _add_sheet(book, name)
        if log is not None:
            log.append(_("sheet '{sheet}' added").format(sheet=name))


def _add_sheet(book: Any, name: str) -> None:
    """A new sheet after the last one."""
    book.sheets.add(name, after=book.sheets[len(book.sheets) - 1])


def rank_book(book: Any, *, rules: str | None = None, criteria: str | None = None) -> str:
    """Rank the book's active sheet; returns the message shown to the user."""
    chooser = _Chooser()
    source = XlwingsBook(book)
    try:
        plan = plan_rank(source, rules=rules, criteria=criteria, language=chooser)
        with use_language(plan.language):
            refuse_blocked(source, plan)
    except TiebreakError as err:
        message = _stopped(err, chooser.lang)
        _tell(book, message)
        return message
    except NotImplementedError:
        message = _too_old(chooser.lang)
        _tell(book, message)
        return message
    done: list[str] = []
    try:
        with use_language(plan.language):
            apply_plan(book, plan, done=done)
    except Exception as err:  # noqa: BLE001 - Excel refused a change half way (COM error): a message, not a traceback
        message = _classic_refused(err, plan.language, done)
        _tell(book, message)
        return message
    _tell(book, plan.message)
    return plan.message


def _classic_refused(err: BaseException, lang: str, done: Sequence[str]) -> str:
    """What classic Rank says when Excel refuses a change: nothing changed, or the changes made before it."""
    with use_language(lang):
        if not done:
            return _("Rank stopped, nothing was changed: Excel refused a change ({error}). Remove the cause and run Rank again.").format(
                error=_com_text(err)
            )
        return _(
            "Rank stopped: Excel refused a change while Rank was writing ({error}). Already written: {done}. "
            "Remove the cause and run Rank again; it writes these cells again."
        ).format(error=_com_text(err), done="; ".join(done))


def _com_text(err: BaseException) -> str:
    """Excel's own words in a COM error (pywintypes.com_error: hresult, text, (..., source, description, ...), arg)."""
    args: tuple[Any, ...] = tuple(getattr(err, "args", ()))
    info = args[2] if len(args) >= 3 else None
    if isinstance(info, tuple) and len(info) >= 3 and isinstance(info[2], str) and info[2].strip():
        return one_line(info[2])
    text = args[1] if len(args) >= 2 else None
    if isinstance(text, str) and text.strip():
        return one_line(text)
    return _excel_error(err)


async def rank_book_async(book: Any, *, rules: str | None = None, criteria: str | None = None) -> str:
    """:func:`rank_book` for xlwings Lite, which sends neither formulas, merges nor protection with a script's values.

    After planning, before anything is written:

    * the formulas of every cell Rank would write are fetched from Excel
      (``Range.get_formula``); a formula there - also one showing nothing,
      which arrives as an empty value - stops the run;
    * whether those cells are merged (``Range.get_merge_cells``, column by
      column; ``get_merge_area`` names the merged cells);
    * Lite cannot read sheet protection, so Rank writes back what its target
      cells hold now and sends that at once (``Book.flush``): Excel refusing
      it (a protected sheet) stops the run with every cell as it was.

    Then the new sheets are added, on their own: Lite cannot read whether the
    workbook's structure is protected, and Excel refusing the first sheet
    also stops the run with nothing changed.  Then the cells are written; an
    error Excel still raises there is reported as a message.
    """
    chooser = _Chooser()
    source = XlwingsBook(book)
    try:
        plan = plan_rank(source, rules=rules, criteria=criteria, language=chooser)
        with use_language(plan.language):
            refuse_blocked(source, plan)
            await _refuse_formulas(book, plan)
            await _refuse_merged(book, plan)
            lite = await _try_writes(book, source, plan)
            if lite:
                await _add_sheets_lite(book, plan)
    except TiebreakError as err:
        message = _stopped(err, chooser.lang)
        _tell(book, message)
        return message
    except NotImplementedError:  # reading the book: an xlwings older than Rank's (planning writes nothing)
        message = _too_old(chooser.lang)
        _tell(book, message)
        return message
    except _PartlyWritten as err:
        message = _partly_written(err.error, plan.language)
        _tell(book, message)
        return message
    apply_plan(book, plan, add_sheets=not lite)
    message = plan.message
    if lite:
        try:
            await book.flush()
        except Exception as err:  # noqa: BLE001 - Excel refused an action after the trial writes passed
            message = _partly_written(err, plan.language)
    _tell(book, message)
    return message


class _PartlyWritten(Exception):
    """Excel refused an action after others were applied (xlwings Lite)."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


def _partly_written(err: BaseException, lang: str) -> str:
    with use_language(lang):
        return _(
            "Rank stopped: Excel refused a change while Rank was writing ({error}). Part of Rank's columns "
            "or sheets may have been written; remove the cause and run Rank again."
        ).format(error=_excel_error(err))


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
                    cell = cell_address(r1 + i, c1 + j)
                    raise WriteBlockedError(
                        _(
                            "sheet '{sheet}', cell {cell} holds the formula {formula}, which Rank did not write; Rank would write there. "
                            "Move the formula or the table, then run Rank again (nothing was changed)."
                        ).format(sheet=sheet, cell=cell, formula=f),
                        cell=cell,
                    )


async def _refuse_merged(book: Any, plan: Plan) -> None:
    """xlwings Lite: the first cell Rank would write that is part of merged cells stops the run."""
    for sheet, cells in plan.targets().items():
        if sheet in plan.create_sheets or not cells:
            continue
        sh = book.sheets[sheet]

        def column_range(r1: int, c: int, r2: int, sh: Any = sh) -> Any:
            return sh.range((r1, c), (r2, c))

        try:
            found = await ask_lite(column_range, sorted(cells))
        except NotImplementedError:  # not xlwings Lite: classic xlwings asked while planning; Server cannot tell
            return
        if found is None:
            continue
        if sheet == plan.sheet:
            _where, _r1, c1, _r2, c2 = plan.names[OUTPUT_NAME]
            raise merged_cells_error(sheet, found[0], found[1], c1, c2)
        raise merged_elsewhere_error(sheet, *found)


async def _try_writes(book: Any, source: XlwingsBook, plan: Plan) -> bool:
    """xlwings Lite: write back what Rank's target cells hold now, at once; False when not in Lite.

    Lite's Python cannot read whether a sheet is protected (neither the book
    payload nor ``getRangeData`` carries it), so the cells are tried: Excel
    refuses the write on a protected sheet, and since every value written is
    the one already there, nothing changes either way.
    """
    try:
        await book.flush()  # nothing is queued yet: this only tells whether this is xlwings Lite
    except NotImplementedError:
        return False
    tried: list[str] = []
    for w in plan.writes:
        if w.sheet in plan.create_sheets:
            continue
        grid = source.values(w.sheet)
        now = [[cell_at(grid, w.row - 1 + i, w.column - 1 + j) for j in range(len(row))] for i, row in enumerate(w.values)]
        book.sheets[w.sheet].range((w.row, w.column)).value = now
        tried.append(f"{w.sheet}!{w.address}")
    for name in plan.clear_sheets:
        if name not in plan.create_sheets:
            book.sheets[name].range((1, 1)).value = [[cell_at(source.values(name), 0, 0)]]
            tried.append(f"{name}!A1")
    if not tried:
        return True
    try:
        await book.flush()
    except Exception as err:  # noqa: BLE001 - Excel refused: a protected sheet, or a change it does not allow
        raise WriteBlockedError(
            _(
                "Excel refused a change to the cells Rank writes ({ranges}): {error}. Is the sheet protected? "
                "Unprotect it (Review > Unprotect Sheet), then run Rank again (nothing was changed)."
            ).format(ranges=", ".join(tried), error=_excel_error(err)),
            cell=tried[0],
        ) from None
    return True


async def _add_sheets_lite(book: Any, plan: Plan) -> None:
    """xlwings Lite: add the new sheets and send that at once, before any cell is written."""
    for i, name in enumerate(plan.create_sheets):
        _add_sheet(book, name)
        try:
            await book.flush()
        except Exception as err:  # noqa: BLE001 - a protected workbook structure, most likely
            if i:  # an earlier sheet was added: not "nothing was changed"
                raise _PartlyWritten(err) from None
            first_cell = f"{name}!A1"
            raise WriteBlockedError(
                _(
                    "Excel refused to add the sheet '{sheet}' ({error}). Is the workbook's structure protected? "
                    "Unprotect it (Review > Protect Workbook), then run Rank again (nothing was changed)."
                ).format(sheet=name, error=_excel_error(err)),
                cell=first_cell,
            ) from None


def _excel_error(err: BaseException) -> str:
    """The last line of what Excel (Office.js, through Lite) said: its message, after any traceback."""
    text = str(err).strip().splitlines()
    return text[-1] if text else type(err).__name__


def _tell(book: Any, message: str) -> None:
    message = shown(message)  # a name's control characters or bidi overrides never reach the dialog
    print(message)
    try:
        book.app.alert(message, title=TITLE)
    except Exception:  # noqa: BLE001, S110 - a runtime without dialogs: the message is printed above
        pass


@xw.script
async def rank_sheet(book: xw.Book) -> None:
    """Rank the active sheet by points and the event's criteria (tiebreak)."""
    await rank_book_async(book)


def main() -> None:
    """Entry point for classic xlwings: ``RunPython "import tiebreak_rank; tiebreak_rank.main()"``."""
    rank_book(xw.Book.caller())
