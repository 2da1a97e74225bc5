"""Excel worksheet functions (xlwings): the module users put in "UDF Modules".

One module serves classic xlwings on Windows, xlwings Lite and xlwings
Server.  Every function takes the crosstable range first; with ``player``
left out it returns one value per row of the range (a spilled column, empty
for the header and blank rows), with ``player`` (a start number or a name)
that player's value.  Bad input returns a readable ``#TIEBREAK! ...`` text in
the cell, never a traceback.

The language of that text (:func:`language`): the optional last argument
``lang``; else, in classic xlwings, the settings sheet's Language row of the
calling workbook (a classic function receives the calling cell, ``caller``);
else Russian when the table's labels or a text argument are Cyrillic; else
English.  xlwings Lite and Server hand a function its arguments and at most
the calling cell's address, never the workbook, so there the settings sheet
cannot be read: ``lang`` (a text or a reference to the settings' Language
cell) is the way to choose.

The functions never import ``xlwings.server`` or ``xlwings.pro``: classic
xlwings and xlwings Lite run them without a licence.
"""

from __future__ import annotations

import contextlib
import inspect
import time
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any

import xlwings as xw
from xlwings.conversion import Accessor, ValueAccessor

from tiebreak.calc import answers as api
from tiebreak.calc.cache import shared
from tiebreak.calc.outlook import outlook_column
from tiebreak.core.a1 import find_sheet
from tiebreak.core.collector import paused
from tiebreak.core.errors import SettingsError, TiebreakError
from tiebreak.core.i18n import (
    _,
    choose_language,
    has_cyrillic,
    is_auto,
    normalize_language,
    use_language,
)
from tiebreak.core.notation import excel_error
from tiebreak.core.text import one_line
from tiebreak.plan.settings import SETTINGS_SHEET, Settings

__all__ = [
    "beaten_sum",
    "buchholz",
    "head_to_head",
    "opp_rating_sum",
    "outlook",
    "places",
    "points",
    "riga",
    "shmulyan",
    "solkoff",
    "solkoff_trunc",
    "sonneborn_berger",
    "tb_explain",
    "tiebreak",
    "wins",
]

ERROR_PREFIX = "#TIEBREAK! "
# The default of ``player``: an argument left out arrives as its default, a reference to an empty
# cell as None (classic xlwings and Office.js alike); the latter answers with an empty cell.
OMITTED = ""

# The tooltips Excel shows while a formula is typed (the function wizard in classic xlwings, the
# formula autocomplete in xlwings Lite).  xlwings reads them once, at import, for every user, so
# they are written in both languages, "English · Русский", each within 128 characters: the
# longest description Office.js custom-function metadata accepts (Excel's function wizard cuts at 255).
TOOLTIP_LIMIT = 128
TABLE_DOC = "The crosstable range (round robin or Swiss) · Диапазон турнирной таблицы (круговой или швейцарской)"
PLAYER_DOC = "Optional: start number or name; left out, a column for all · Номер или фамилия; без него — столбец для всех"
SCORING_DOC = "Optional win/draw/loss, e.g. 3/1/0; team or micro for matches · Победа/ничья/поражение, например 2/1/0; команды, микроматчи"
RULES_DOC = "Optional rule set: ru (default), fide-2024, fide-2026, fide-2009, plain · Набор правил, по умолчанию ru"
CODE_DOC = "Tie-break code: BH/C1, SB, solkoff, riga ... · Код показателя: BH/C1, SB, solkoff, riga …"
LANG_DOC = "Optional language of messages: ru or en · Язык сообщений: ru или en (без него — по настройкам или таблице)"

# Classic xlwings passes the calling cell (an xlwings Range) to a parameter named ``caller`` and
# leaves it out of the formula's arguments.  The other runtimes have no such parameter: there it is
# hidden from the signature they read, and stays None.
CLASSIC = getattr(xw.func, "__module__", "") == "xlwings.udfs"


def _used_part(rng: Any) -> Any:
    """The part of a range (an xlwings Range) inside its sheet's used range, from the range's own first cell.

    ``A:K`` is 11.5 million cells; the table is the few hundred at its top.  The rows and columns
    before the used range stay (the spilled column lines up with the range's rows); an empty range
    is its first cell.  Anything Excel fails to answer leaves the range as it is.
    """
    try:
        rows, cols = rng.shape
        used = rng.sheet.used_range
        last_row = min(rng.row + rows - 1, used.row + used.shape[0] - 1)
        last_col = min(rng.column + cols - 1, used.column + used.shape[1] - 1)
        if (last_row - rng.row + 1, last_col - rng.column + 1) == (rows, cols):
            return rng
        return rng.resize(max(1, last_row - rng.row + 1), max(1, last_col - rng.column + 1))
    except Exception:  # noqa: BLE001 - a multi-area range, a COM hiccup: read it whole, as xlwings would
        return rng


_VALUE_READER: Callable[[Any], Any] = ValueAccessor.reader  # xlwings' usual reading of a value (untyped there)


class UsedPart(Accessor):
    """Classic xlwings' reading of the table argument: only its part in the sheet's used range (:func:`_used_part`),
    then xlwings' usual value reading and cleaning.  An array that is no range (``=BUCHHOLZ(FILTER(...))``)
    is read as before."""

    @classmethod
    def reader(cls, options: Any) -> Any:
        def narrow(c: Any) -> None:
            if c.range is not None:
                c.range = _used_part(c.range)

        return _VALUE_READER(options).prepend_stage(narrow)


# The table argument's options: in classic xlwings read through UsedPart; elsewhere xlwings receives the
# values themselves (Office.js sends the whole range, which trimmed() cuts to the table).
TABLE_OPTIONS: dict[str, Any] = {"convert": UsedPart} if CLASSIC else {}

# The settings sheet's language per workbook name: (when read, language or None).  Read at most
# once per BOOK_SETTINGS_SECONDS, so a filled-down column costs one read, not one per cell.
BOOK_SETTINGS_SECONDS = 2.0
_book_language: dict[str, tuple[float, str | None]] = {}


def _without_caller(f: Callable[..., Any]) -> Callable[..., Any]:
    """Hide the ``caller`` parameter outside classic xlwings (apply it below ``@xw.arg``)."""
    if not CLASSIC:
        sig = inspect.signature(f)
        f.__signature__ = sig.replace(parameters=[p for p in sig.parameters.values() if p.name != "caller"])  # type: ignore[attr-defined]
    return f


def settings_language(caller: Any) -> str | None:
    """The Language row of the calling workbook's settings sheet, or None (unset, ``auto``, no sheet, unreadable).

    ``caller`` is the calling cell as classic xlwings hands it over (an xlwings Range); anything
    that fails on the way is no setting: it never breaks the function.
    """
    if caller is None:
        return None
    try:
        book = caller.sheet.book
        key = str(book.name)
        now = time.monotonic()
        known = _book_language.get(key)
        if known is not None and now - known[0] < BOOK_SETTINGS_SECONDS:
            return known[1]
        lang = _read_settings_language(book)
        _book_language[key] = (now, lang)
        return lang
    except Exception:  # noqa: BLE001 - a closed book, a COM hiccup: the table decides instead
        return None


def _settings_sheet(book: Any) -> Any:
    """The workbook's settings sheet, its name compared as Excel compares names (``Tiebreak`` too); None without one."""
    with contextlib.suppress(Exception):  # not under that exact name (a runtime comparing case), or no such sheet
        return book.sheets[SETTINGS_SHEET]
    try:
        name = find_sheet(SETTINGS_SHEET, [s.name for s in book.sheets])
        return None if name is None else book.sheets[name]
    except Exception:  # noqa: BLE001 - a runtime that cannot list the sheets: the table decides instead
        return None


def _read_settings_language(book: Any) -> str | None:
    sheet = _settings_sheet(book)
    if sheet is None:
        return None
    grid = sheet.used_range.options(ndim=2).value
    return normalize_language(Settings.from_grid(grid).language)


def _asked_language(value: Any) -> str | None:
    """The language the ``lang`` argument asks for; None when left out, empty or ``auto``.

    >>> [_asked_language(v) for v in ("ru", "EN", "рус", "Русский", "auto", "", None)]
    ['ru', 'en', 'ru', 'ru', None, None, None]
    """
    if value is None:
        return None
    if isinstance(value, list):
        raise SettingsError(_("lang: give one cell: ru, en or auto"))
    lang = normalize_language(value)
    if lang is None and is_auto(value):
        return None
    if lang is None:
        raise SettingsError(_("lang: unknown language '{value}': use ru, en or auto").format(value=value))
    return lang


def _lang_argument(value: Any) -> str | None:
    """:func:`_asked_language`, refusing an Excel error in the cell as the other arguments do."""
    err = excel_error(value) if isinstance(value, str) else None
    if err:
        raise SettingsError(_("{argument}: the cell holds the Excel error {error}").format(argument="lang", error=err))
    return _asked_language(value)


# Classic Excel refuses an array element longer than 255 characters (the whole result becomes #VALUE!,
# xlwings issue #456), and every result xlwings returns is an array: no text a function returns is longer.
EXCEL_TEXT_LIMIT = 255


def fit(text: str, limit: int = EXCEL_TEXT_LIMIT) -> str:
    """``text`` cut to ``limit`` UTF-16 code units (Excel's characters), ending in an ellipsis when cut.

    Messages name the cell first, so the cut keeps where the problem is.

    >>> fit("abc", 3), fit("abcdef", 4), len(fit("ж" * 300))
    ('abc', 'abc…', 255)
    """
    if len(text) <= limit // 2 or _units(text) <= limit:
        return text
    out = []
    used = 0
    for ch in text:
        size = 2 if ord(ch) > 0xFFFF else 1
        if used + size > limit - 1:
            break
        out.append(ch)
        used += size
    return "".join(out).rstrip() + "…"


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _fitted(result: Any) -> Any:
    """A function's result with every text within :data:`EXCEL_TEXT_LIMIT` (a scalar or rows of cells)."""
    if isinstance(result, str):
        return fit(result)
    if isinstance(result, list):
        if all(map(list.__instancecheck__, result)) and _all_short(result):  # a spilled column of numbers: nothing to cut
            return result
        return [[fit(v) if isinstance(v, str) else v for v in row] if isinstance(row, list) else row for row in result]
    return result


def _all_short(rows: list[list[Any]]) -> bool:
    """Whether no cell of these rows is a text long enough for :func:`fit` to cut (it returns the others as they are)."""
    return max(map(len, filter(str.__instancecheck__, chain.from_iterable(rows))), default=0) <= EXCEL_TEXT_LIMIT // 2  # in C


def _fail(err: Exception) -> str:
    return fit(ERROR_PREFIX + one_line(str(err)))


def _empty_player(value: Any) -> bool:
    """A player argument referring to an empty cell: None (classic, Office.js [[null]] cannot be told from a left-out one)
    or 0, which desktop Excel gives for an empty cell used in an expression; no player has start number 0."""
    if value is None:
        return True
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0


def _cyrillic_text(values: Sequence[Any], texts: str | None = None) -> str | None:
    """The first text written in Cyrillic among arguments, ranges (nested lists) and cells, if any.

    ``texts``: the texts of ``values``, a single range, joined (:func:`tiebreak.reading.grid_texts`), when the caller has them.
    Iterative, so a deeply nested range (refused later with its own message) cannot overflow the stack here.
    """
    flat: list[Any] = []
    for grid in values:  # a range (rows of cells): its texts searched at once
        if isinstance(grid, list) and all(isinstance(row, list) for row in grid):
            if texts is None:
                texts = "\x00".join(filter(str.__instancecheck__, chain.from_iterable(grid)))  # in C
            if has_cyrillic(texts):
                return next(str(v) for row in grid for v in row if has_cyrillic(v))
            texts = None
        else:
            flat.append(grid)
    stack = [iter(flat)]
    while stack:
        for value in stack[-1]:
            if isinstance(value, str):
                if has_cyrillic(value):
                    return value
            elif isinstance(value, (list, tuple)):
                stack.append(iter(value))
                break
        else:
            stack.pop()
    return None


def language(args: Sequence[Any], lang: Any = None, caller: Any = None) -> str:
    """The language of a worksheet function's answer.

    ``lang`` (the function's last argument) when it names a language; else
    the settings sheet's Language row of the calling workbook, which only
    classic xlwings lets a function see (through ``caller``, the calling
    cell); else Russian when the table's own labels (headers, names) or a
    text argument (criteria such as "усечённый Солкофф", scoring "шашки")
    are written in Cyrillic; otherwise English.

    >>> language([[["№", "Фамилия", 1], [1, "Иванов", "X"]]]), language([[["No", "Name"]], "BH/C1"])
    ('ru', 'en')
    >>> language([[["No", "Name"]], "бухгольц"])
    'ru'
    >>> language([[["№", "Фамилия"]]], "en"), language([[["No", "Name"]]], "рус")
    ('en', 'ru')
    """
    asked = _lang_argument(lang) or settings_language(caller)
    if asked is not None:
        return asked
    found = _cyrillic_text(args[1:]) or _table_cyrillic(args[0] if args else None)[1]
    return choose_language(None, () if found is None else (found,))


def _table_cyrillic(table: Any) -> tuple[Any, str | None]:
    """The table as the shared cache keeps it (compared once, then found by identity) and its first Cyrillic text."""
    if not (isinstance(table, list) and table):
        return table, _cyrillic_text([table])
    return shared.own_copy(table, lambda grid, texts: _cyrillic_text([grid], texts))


def _guard(f: Callable[..., Any], lang: Any = None, caller: Any = None) -> Callable[..., Any]:
    """Turn any error into a readable cell text (never a traceback), in the language :func:`language` chooses."""

    names = f.__code__.co_varnames[: f.__code__.co_argcount]

    player_at = names.index("player") if "player" in names else None

    def run(*args: Any) -> Any:
        if player_at is not None and len(args) > player_at and _empty_player(args[player_at]):
            return ""  # a row formula filled past the last player: an empty cell, not a spilled column
        if not args:
            return checked()
        with paused():  # one computation, the cache's copy and the answer included (tiebreak.core.collector)
            return answered(args)

    def answered(args: tuple[Any, ...]) -> Any:
        table = trimmed(args[0])
        try:
            table, found = _table_cyrillic(table)
        except RecursionError:  # a range nested too deeply to compare: refused with its message below
            found = None
        args = (table, *args[1:])
        found = _cyrillic_text(args[1:]) or found
        auto = choose_language(None, () if found is None else (found,))
        with use_language(auto):  # a bad ``lang`` is said in the table's language
            try:
                asked = _lang_argument(lang) or settings_language(caller)
            except SettingsError as err:
                return _fail(err)
        with use_language(asked or auto):
            return checked(*args)

    def checked(*args: Any) -> Any:
        for name, value in zip(names[1:], args[1:]):  # an Excel error in a setting is not "left out"
            # texts ("#N/A"), Office.js error objects, and classic's COM integers (#SPILL! = -2146826243)
            err = excel_error(value) if not isinstance(value, (list, float, bool)) else None
            if err:
                return _fail(SettingsError(_("{argument}: the cell holds the Excel error {error}").format(argument=name, error=err)))
        try:
            return _fitted(f(*args))
        except TiebreakError as err:
            return _fail(err)
        except RecursionError:
            return _fail(Exception(_("the table is too deeply nested to read")))
        except MemoryError:
            return _fail(Exception(_("the table is too large to read")))
        except Exception as err:  # noqa: BLE001 - a defect of ours: still no traceback in the cell
            return _fail(
                Exception(_("internal error ({error}); please report it with the table").format(error=f"{type(err).__name__}: {err}"))
            )

    return run


def _blank_row(row: Any) -> bool:
    return all(v is None or v == "" for v in row)


def trimmed(table: Any, scoring: Any = None) -> Any:
    """A range without its trailing empty rows and columns (``A:K``, ``$A$1:$N$500``).

    The empty tail is skipped in blocks compared at C speed, so a whole
    column costs little more than its used part.
    """
    if not isinstance(table, list) or not table or not isinstance(table[0], list):
        return table
    end = len(table)
    width = len(table[0])
    if not _blank_row(table[-1]) and any(len(row) == width and row[-1] is not None and row[-1] != "" for row in table):
        return table  # the common case: the range is the table
    for blank in ([None] * width, [""] * width):
        block = 4096
        blanks = [blank] * block
        while end >= block and table[end - block : end] == blanks:
            end -= block
    while end and _blank_row(table[end - 1]):
        end -= 1
    if end == 0:
        return table[:1]
    used = 0
    for row in table[:end]:
        for c in range(len(row) - 1, used - 1, -1):
            v = row[c]
            if v is not None and v != "":
                used = c + 1
                break
    if end == len(table) and used == width:
        return table
    return [row[:used] for row in table[:end]]


def _respond(result: tuple[Any, Sequence[Any]], grid: list[list[Any]], player: Any) -> Any:
    """A scalar for one player, else a spilled column lined up with the range's rows."""
    ev, values = result
    return api.answer_rows(ev.tournament, grid, values, player)


def _value_function(code: str) -> Callable[[Any, Any, Any, Any], Any]:
    def compute(table: Any, player: Any, rules: Any, scoring: Any) -> Any:
        grid = api.as_grid(table)
        return _respond(api.criterion_values(shared, grid, code, rules, scoring), grid, player)

    return compute


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def points(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Points scored · Очки участника"""
    return _guard(_value_function("points"), lang, caller)(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def buchholz(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Buchholz: the sum of all opponents' scores · Коэффициент Бухгольца: сумма очков всех соперников"""
    return _guard(_value_function("buchholz"), lang, caller)(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def solkoff(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Median Solkoff: Buchholz without the best and worst opponent · Медианный коэффициент Солкоффа"""
    return _guard(_value_function("solkoff"), lang, caller)(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("k", err_to_str=True, doc="How many worst opponent scores to drop (1, 2 ...) · Сколько худших результатов соперников отбросить")
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def solkoff_trunc(table: Any, k: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Truncated Solkoff: Buchholz without the k worst opponents · Усечённый коэффициент Солкоффа"""

    def compute(table: Any, k: Any, player: Any, rules: Any, scoring: Any) -> Any:
        grid = api.as_grid(table)
        return _respond(api.truncated_values(shared, grid, k, rules, scoring), grid, player)

    return _guard(compute, lang, caller)(table, k, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def shmulyan(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Shmulyan: beaten opponents' scores minus those lost to · Коэффициент Шмульяна"""
    return _guard(_value_function("shmulyan"), lang, caller)(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("convention", err_to_str=True, doc="Optional: draughts (default) or fide · Правило подсчёта: draughts (шашечное, по умолчанию) или fide")
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def sonneborn_berger(table: Any, player: Any = OMITTED, rules: Any = None, convention: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Sonneborn-Berger, draughts code ("fide": FIDE's) · Коэффициент Зонненборна-Бергера"""

    def compute(table: Any, player: Any, rules: Any, convention: Any, scoring: Any) -> Any:
        grid = api.as_grid(table)
        return _respond(api.criterion_values(shared, grid, api.sb_code(convention), rules, scoring), grid, player)

    return _guard(compute, lang, caller)(table, player, rules, convention, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def riga(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Riga system: 2 × beaten + 1.5 × drawn + lost-to opponents' scores · Рижская система коэффициентов"""
    return _guard(_value_function("riga"), lang, caller)(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def wins(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Number of wins · Количество побед"""
    return _guard(_value_function("wins"), lang, caller)(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def beaten_sum(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Sum of the beaten opponents' scores · Сумма очков побеждённых соперников"""
    return _guard(_value_function("beaten"), lang, caller)(table, player, rules, scoring)


def _one_line_of_cells(ratings: Any) -> Any:
    """The ratings range (read 2-D, so xlwings never refuses it first) as one column or row of cells."""
    if not isinstance(ratings, list):
        return ratings
    rows = [r if isinstance(r, list) else [r] for r in ratings]
    if all(len(r) == 1 for r in rows):
        return [r[0] for r in rows]
    if len(rows) == 1:
        return rows[0]
    raise SettingsError(
        _("ratings: give one column (or one row) of cells; the range has {rows} rows and {columns} columns").format(
            rows=len(rows), columns=max(len(r) for r in rows)
        )
    )


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("ratings", ndim=2, err_to_str=True, doc="Ratings column aligned with the table's rows; empty = unrated · Столбец рейтингов по строкам таблицы")
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def opp_rating_sum(table: Any, ratings: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Sum of the opponents' ratings · Сумма рейтингов соперников"""

    def compute(table: Any, ratings: Any, player: Any, rules: Any, scoring: Any) -> Any:
        grid = api.as_grid(table)
        return _respond(api.rating_sum_values(shared, grid, _one_line_of_cells(ratings), rules, scoring), grid, player)

    return _guard(compute, lang, caller)(table, ratings, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def head_to_head(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Head-to-head: points among the players tied on points · Личные встречи участников с равными очками"""
    return _guard(_value_function("h2h"), lang, caller)(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("field", err_to_str=True, doc="Optional: places, max_points, best_place, worst_place, can_win or clinched · Что показать (по умолчанию places)")
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def outlook(table: Any, field: Any = None, player: Any = OMITTED, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Who can still win: places on points still reachable, can win, clinched · Кто ещё может победить: возможные места по очкам"""

    def compute(table: Any, field: Any, player: Any, scoring: Any) -> Any:
        out = outlook_column(api.as_grid(table), field, player, scoring)
        return [[v] for v in out] if isinstance(out, list) else out

    return _guard(compute, lang, caller)(table, field, player, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("criteria", err_to_str=True, doc="Optional criteria after points, e.g. solkoff_trunc, wins, h2h · Критерии после очков, например: Бергер, победы")
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def places(table: Any, criteria: Any = None, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Places by points and criteria (a spilled column) · Места по очкам и критериям (столбец)"""

    def compute(table: Any, criteria: Any, rules: Any, scoring: Any) -> Any:
        grid = api.as_grid(table)
        ev, labels = api.place_labels(shared, grid, criteria, rules, scoring)
        # a place of its own as a number (for SORT, MATCH, conditional formatting); shared ones as "3–4"
        return api.spill(ev.tournament, grid, [int(x) if x.isdigit() else x for x in labels])

    return _guard(compute, lang, caller)(table, criteria, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("code", err_to_str=True, doc=CODE_DOC)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def tiebreak(table: Any, code: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """Any tie-break by its code (BH/C1, solkoff ...) · Любой показатель по его коду"""

    def compute(table: Any, code: Any, player: Any, rules: Any, scoring: Any) -> Any:
        if code is None or str(code).strip() == "":
            raise SettingsError(_("give a tie-break code, e.g. \"BH/C1\""))
        grid = api.as_grid(table)
        return _respond(api.criterion_values(shared, grid, str(code), rules, scoring), grid, player)

    return _guard(compute, lang, caller)(table, code, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC, **TABLE_OPTIONS)
@xw.arg("player", err_to_str=True, doc="Start number or name · Номер или фамилия участника")
@xw.arg("code", err_to_str=True, doc=CODE_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
@xw.arg("lang", err_to_str=True, doc=LANG_DOC)
@_without_caller
def tb_explain(table: Any, player: Any, code: Any, rules: Any = None, scoring: Any = None, lang: Any = None, caller: Any = None) -> Any:
    """How one player's tie-break is made, round by round · Из чего сложен показатель участника, по турам"""

    def compute(table: Any, player: Any, code: Any, rules: Any, scoring: Any) -> Any:
        from tiebreak.calc.explain import explain_grid

        return explain_grid(api.as_grid(table), player, code, rules, scoring)

    return _guard(compute, lang, caller)(table, player, code, rules, scoring)
