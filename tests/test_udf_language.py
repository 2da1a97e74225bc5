"""Which language a worksheet function answers in: ``lang``, the settings sheet, the table.

The order: the function's last argument ``lang`` ("ru", "en", "рус", a reference to
the settings' Language cell; "auto" or empty leaves the choice); else the settings
sheet's Language row of the calling workbook, which only classic xlwings lets a
function read (it hands the calling cell to a parameter named ``caller``); else
Russian for a table whose labels or names are Cyrillic; else English.

``lang`` is tested through ``xlwings.server.custom_functions_call`` (helpers.call),
as xlwings Lite and Server call the functions.  custom_functions_call cannot hand
over a calling Range (Office.js sends only the cell's address), so the classic
``caller`` path is tested by calling the function as classic xlwings' ``call_udf``
does, with a Range of an ``xw.Book(json=...)`` workbook as the calling cell.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
import xlwings as xw
from helpers import call
from test_i18n_entry import BAD, EN, RU, first_cell, russian_header

from tiebreak.core.i18n import current_language
from tiebreak.excel import functions
from tiebreak.plan.settings import LABELS, SETTINGS_SHEET

# A small Swiss table without errors (4 players, 2 rounds) for answers that are not errors.
GOOD = [
    ["No", "Name", "R1", "R2"],
    [1, "Ann", "2w1", "3b½"],
    [2, "Bob", "1b0", "4w1"],
    [3, "Cid", "4w0", "1w½"],
    [4, "Dan", "3b1", "2b0"],
]
EXPLAIN_HEAD_EN = ["Round", "Opponent", "Result", "Counted", "Reason", "Cut", "Contribution"]
EXPLAIN_HEAD_RU = ["Тур", "Соперник", "Результат", "Засчитано", "Причина", "Отброшено", "Вклад"]


@pytest.fixture(autouse=True)
def fresh_settings_memory() -> Any:
    functions._book_language.clear()
    yield
    functions._book_language.clear()


# --- lang, through custom_functions_call (every runtime) ---------------------


@pytest.mark.parametrize("lang", ["ru", "RU", "рус", "Русский", "russian"])
def test_lang_russian_for_a_latin_table(lang: str) -> None:
    assert first_cell(call(functions, "points", BAD, None, None, None, lang)) == "#TIEBREAK! " + RU


@pytest.mark.parametrize("lang", ["en", "English", "англ"])
def test_lang_english_for_a_cyrillic_table(lang: str) -> None:
    assert first_cell(call(functions, "points", russian_header(BAD), None, None, None, lang)) == "#TIEBREAK! " + EN


@pytest.mark.parametrize("lang", [None, "", "auto", "авто"])
def test_lang_left_out_or_auto_follows_the_table(lang: Any) -> None:
    assert first_cell(call(functions, "points", BAD, None, None, None, lang)) == "#TIEBREAK! " + EN
    assert first_cell(call(functions, "points", russian_header(BAD), None, None, None, lang)) == "#TIEBREAK! " + RU


# every function has ``lang`` last; (function, the arguments before it)
ALL = [
    ("points", (None, None, None)),
    ("buchholz", (1, None, None)),
    ("solkoff", (None, None, None)),
    ("solkoff_trunc", (1, None, None, None)),
    ("shmulyan", (None, None, None)),
    ("sonneborn_berger", (None, None, None, None)),
    ("riga", (None, None, None)),
    ("wins", (None, None, None)),
    ("beaten_sum", (None, None, None)),
    ("opp_rating_sum", ([None] * 5, None, None, None)),
    ("head_to_head", (None, None, None)),
    ("places", (None, None, None)),
    ("tiebreak", ("BH", None, None, None)),
    ("tb_explain", (1, "BH", None, None)),
]


@pytest.mark.parametrize(("func", "before"), ALL, ids=[f for f, _ in ALL])
def test_every_function_takes_lang_last(func: str, before: tuple[Any, ...]) -> None:
    assert first_cell(call(functions, func, BAD, *before, "ru")) == "#TIEBREAK! " + RU
    assert first_cell(call(functions, func, russian_header(BAD), *before, "en")) == "#TIEBREAK! " + EN


def test_lang_changes_the_words_not_the_numbers() -> None:
    # TB_EXPLAIN's headings and total row follow lang; Ann's Buchholz: Bob 0 + 1 and Cid 0 + ½ = 1.5 either way
    en = call(functions, "tb_explain", GOOD, 1, "buchholz")
    ru = call(functions, "tb_explain", GOOD, 1, "buchholz", None, None, "ru")
    assert en[0] == EXPLAIN_HEAD_EN and ru[0] == EXPLAIN_HEAD_RU
    assert en[1:-1] == ru[1:-1]  # the rounds: opponents' names and numbers
    assert en[-1][:2] == ["Total", "Buchholz"] and ru[-1][:2] == ["Итого", "Коэффициент Бухгольца"]
    assert en[-1][-1] == ru[-1][-1] == 1.5
    assert call(functions, "buchholz", GOOD, None, None, None, "ru") == call(functions, "buchholz", GOOD)


@pytest.mark.parametrize(
    ("table", "lang", "message"),
    [
        (BAD, "de", "lang: unknown language 'de': use ru, en or auto"),
        (russian_header(BAD), "de", "lang: неизвестный язык 'de': укажите ru, en или auto"),
        (BAD, "#N/A", "lang: the cell holds the Excel error #N/A"),
        (russian_header(BAD), "#N/A", "lang: в ячейке ошибка Excel #N/A"),
        (BAD, [["ru", "en"]], "lang: give one cell: ru, en or auto"),
        (russian_header(BAD), [["ru", "en"]], "lang: укажите одну ячейку: ru, en или auto"),
    ],
)
def test_a_bad_lang_is_refused_in_the_tables_language(table: Any, lang: Any, message: str) -> None:
    assert call(functions, "points", table, None, None, None, lang) == [["#TIEBREAK! " + message]]


def test_lang_leaves_the_language_as_it_found_it() -> None:
    call(functions, "points", BAD, None, None, None, "ru")
    assert current_language() == "en"


# --- the settings sheet, through the calling cell (classic xlwings) ----------


def book(language: str | None, table: list[list[Any]] = BAD, name: str = "club.xlsx") -> xw.Book:
    """A workbook with the table on its first sheet and, unless None, a settings sheet with that Language."""
    sheets: list[dict[str, Any]] = [{"name": "Table", "values": table, "pictures": [], "tables": []}]
    if language is not None:
        settings = [
            ["tiebreak settings / настройки tiebreak", ""],
            [LABELS["rules"], "ru"],
            [LABELS["criteria"], ""],
            [LABELS["scoring"], "auto"],
            [LABELS["language"], language],
        ]
        sheets.append({"name": SETTINGS_SHEET, "values": settings, "pictures": [], "tables": []})
    data = {
        "client": "Office.js",
        "version": xw.__version__,
        "book": {"name": name, "active_sheet_index": 0, "selection": "A1"},
        "names": [],
        "sheets": sheets,
    }
    return xw.Book(json=data)


def classic(func: str, *args: Any, caller: Any) -> Any:
    """Call a function as classic xlwings does: the formula's arguments, then the calling cell."""
    return getattr(functions, func)(*args, caller=caller)


def test_settings_russian_for_a_latin_table() -> None:
    cell = book("ru").sheets["Table"]["H2"]
    assert classic("points", BAD, caller=cell) == "#TIEBREAK! " + RU


def test_settings_english_for_a_cyrillic_table() -> None:
    cell = book("en", russian_header(BAD)).sheets["Table"]["H2"]
    assert classic("points", russian_header(BAD), caller=cell) == "#TIEBREAK! " + EN


@pytest.mark.parametrize("language", ["auto", "", None])
def test_settings_auto_empty_or_missing_leaves_it_to_the_table(language: str | None) -> None:
    assert classic("points", BAD, caller=book(language).sheets[0]["H2"]) == "#TIEBREAK! " + EN
    functions._book_language.clear()
    cyrillic = book(language, russian_header(BAD), name="other.xlsx")
    assert classic("points", russian_header(BAD), caller=cyrillic.sheets[0]["H2"]) == "#TIEBREAK! " + RU


def test_lang_comes_before_the_settings() -> None:
    cell = book("ru").sheets[0]["H2"]
    assert classic("points", BAD, "", None, None, "en", caller=cell) == "#TIEBREAK! " + EN


def test_settings_in_a_spilled_tb_explain() -> None:
    cell = book("русский", GOOD).sheets[0]["H2"]
    assert classic("tb_explain", GOOD, 1, "buchholz", caller=cell)[0] == EXPLAIN_HEAD_RU


class CountingCaller:
    """A calling cell shaped like xlwings' Range (``.sheet.book``) that counts reads of the settings sheet."""

    def __init__(self, real: xw.Book) -> None:
        self.reads = 0
        outer = self

        class Sheets:
            def __getitem__(self, name: str) -> Any:
                outer.reads += 1
                return real.sheets[name]

        class Book:
            name = real.name
            sheets = Sheets()

        class Sheet:
            book = Book()

        self.sheet = Sheet()


def test_the_settings_are_read_once_for_a_filled_down_column(monkeypatch: pytest.MonkeyPatch) -> None:
    caller = CountingCaller(book("ru"))
    for _ in range(50):  # =POINTS($A$1:$E$5, A2) filled down 50 rows
        assert classic("points", BAD, caller=caller) == "#TIEBREAK! " + RU
    assert caller.reads == 1
    # read again once the remembered value is older than BOOK_SETTINGS_SECONDS (a later recalculation)
    monkeypatch.setattr(functions, "BOOK_SETTINGS_SECONDS", 0.0)
    classic("points", BAD, caller=caller)
    assert caller.reads == 2


def test_each_workbook_has_its_own_settings() -> None:
    ru = book("ru", name="ru.xlsx").sheets[0]["H2"]
    en = book("en", name="en.xlsx").sheets[0]["H2"]
    assert classic("points", BAD, caller=ru) == "#TIEBREAK! " + RU
    assert classic("points", BAD, caller=en) == "#TIEBREAK! " + EN
    assert classic("points", BAD, caller=ru) == "#TIEBREAK! " + RU


class BrokenCaller:
    """A calling cell whose workbook cannot be reached (e.g. a COM call failing)."""

    @property
    def sheet(self) -> Any:
        raise OSError("the RPC server is unavailable")


class UnreadableSettings:
    """A workbook whose settings sheet is there but cannot be read."""

    class Sheet:
        @property
        def used_range(self) -> Any:
            raise RuntimeError("Excel is busy")

    def __init__(self) -> None:
        sheets = {SETTINGS_SHEET: self.Sheet()}
        self.sheet = SimpleNamespace(book=SimpleNamespace(name="locked.xlsx", sheets=sheets))


@pytest.mark.parametrize("caller", [BrokenCaller(), UnreadableSettings(), "not a range", 42])
def test_an_unreadable_workbook_never_breaks_the_function(caller: Any) -> None:
    assert classic("points", BAD, caller=caller) == "#TIEBREAK! " + EN
    assert classic("points", russian_header(BAD), caller=caller) == "#TIEBREAK! " + RU
    assert classic("buchholz", GOOD, caller=caller) == call(functions, "buchholz", GOOD)


def test_the_caller_is_no_argument_outside_classic_xlwings() -> None:
    # Office.js (xlwings Lite/Server) lists the formula's arguments: lang last, no caller
    import inspect

    for name in functions.__all__:
        params = list(inspect.signature(getattr(functions, name)).parameters)
        assert params[-1] == "lang" and "caller" not in params, (name, params)
    assert not functions.CLASSIC


# --- the classic decorators: the calling cell and the function wizard's texts --------------

CLASSIC_PROBE = r"""
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("build_vba", sys.argv[1])
build_vba = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_vba)
if sys.platform != "win32":
    build_vba._stub_pywin32()  # as addin/build_vba.py does: xlwings.udfs imports without pywin32
sys.path.insert(0, str(build_vba.SRC))
import xlwings as xw
from xlwings import udfs
xw.func, xw.arg, xw.ret = udfs.xlfunc, udfs.xlarg, udfs.xlret
xw.script = xw.sub = udfs.xlsub
from tiebreak.excel import functions
import io
# what Import Functions does first (xlwings.udfs.import_udfs): write the VBA wrappers, which marks
# caller as passed by VBA ("Nothing"); then it registers the texts of the arguments that are not
udfs.generate_vba_wrapper(build_vba.MODULE, functions, io.StringIO(), build_vba._AddinWorkbook())
out = {"classic": functions.CLASSIC, "functions": {}}
for name in functions.__all__:
    xl = getattr(functions, name).__xlfunc__
    out["functions"][name] = {
        "doc": xl["ret"]["doc"],
        "args": [[a["name"], a["doc"], a["vba"], "optional" in a] for a in xl["args"]],
    }
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def classic_functions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The functions as classic xlwings (Windows, COM) decorates them, read in a fresh process."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLWINGS_")}  # not the Office.js decorators
    env["PYTHONIOENCODING"] = "utf-8"
    done = subprocess.run(
        [sys.executable, "-c", CLASSIC_PROBE, str(root / "addin" / "build_vba.py")],
        env=env, capture_output=True, text=True, encoding="utf-8", check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_classic_xlwings_hands_the_calling_cell_to_caller(classic_functions: dict[str, Any]) -> None:
    import inspect

    assert classic_functions["classic"] is True
    for name, xl in classic_functions["functions"].items():
        args = xl["args"]
        # the formula's arguments as in Office.js, lang last; then caller, which the VBA wrapper passes
        # as Nothing and xlwings' call_udf replaces with the calling Range (args[pos] = caller)
        assert [a[0] for a in args] == [*inspect.signature(getattr(functions, name)).parameters, "caller"], name
        assert args[-1][2] == "Nothing" and args[-2][0] == "lang" and args[-2][3], name
        assert all(a[2] is None for a in args[:-1]), name


def test_classic_function_wizard_texts_are_bilingual_and_fit(classic_functions: dict[str, Any]) -> None:
    # Import Functions registers these with Application.MacroOptions: the docstring and the
    # docs of the arguments Excel shows (not caller), each cut by xlwings at 255 characters
    for name, xl in classic_functions["functions"].items():
        shown = [xl["doc"], *(a[1] for a in xl["args"] if a[2] is None)]
        for text in shown:
            english, sep, russian = text.partition(" · ")
            assert sep and english and russian and any("а" <= c <= "я" for c in russian.lower()), (name, text)
            assert len(text) <= functions.TOOLTIP_LIMIT < 255, (name, text)
