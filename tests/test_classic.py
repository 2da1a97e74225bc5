"""The worksheet functions as classic Excel on Windows calls them, through xlwings' own classic code.

``tests/classic_com.py`` stands in for pywin32 and a COM workbook; xlwings' real ``udfs.call_udf``
and ``_xlwindows``' value cleaning run.  Each call is made twice: in classic form (the table a COM
Range on a sheet, numbers as floats, an Excel error as its COM integer, a left-out argument as the
COM "missing" value, the calling cell handed to ``caller``) and in Office.js form
(``xlwings.server.custom_functions_call``, as xlwings Lite and Server call it); the two results
must be equal.  Where they differ by design the README says so, and the test below names it:

* a player argument referring to an empty cell: classic gives an empty cell; Office.js sends it
  as null, exactly like a left-out argument, so Lite spills the whole column (README:
  "an empty player cell").
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Iterator
from typing import Any

import pytest
import xlwings
from classic_com import COM_ERRORS, MISSING, Classic, XlBook, XlRange, XlSheet, classic
from helpers import call
from test_excel_functions import RR, SW

import tiebreak.excel.functions as officejs

pytestmark = pytest.mark.skipif(xlwings.__version__ != "0.37.8", reason="the stand-ins follow xlwings 0.37.8's classic code")

PREFIX = "#TIEBREAK! "
FUNCTIONS = sorted(officejs.__all__)


@pytest.fixture(scope="module")
def cl() -> Iterator[Classic]:
    with classic() as c:
        yield c


class Err:
    """An Excel error value in a cell or an argument."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


class Cell:
    """An argument that is a reference to one cell holding ``value`` (None: an empty cell)."""

    def __init__(self, value: Any) -> None:
        self.value = value


OFFICEJS_ERROR_TYPES = {
    "#DIV/0!": "Div0", "#N/A": "NotAvailable", "#NAME?": "Name", "#NULL!": "Null", "#NUM!": "Num", "#REF!": "Ref",
    "#VALUE!": "Value", "#SPILL!": "Spill", "#CALC!": "Calc", "#FIELD!": "Field", "#BUSY!": "Busy",
    "#BLOCKED!": "Blocked", "#CONNECT!": "Connect", "#GETTING_DATA": "GettingData", "#UNKNOWN!": "Unknown",
}


def js(v: Any) -> Any:
    """A value as Office.js sends it."""
    if isinstance(v, Err):
        return {"type": "Error", "basicValue": v.name, "errorType": OFFICEJS_ERROR_TYPES[v.name]}
    if isinstance(v, Cell):
        return [[js(v.value)]]
    if isinstance(v, list):
        return [[js(x) for x in row] if isinstance(row, list) else js(row) for row in v]
    return v


def com(v: Any) -> Any:
    """A cell value as COM delivers it."""
    if isinstance(v, Err):
        return COM_ERRORS[v.name]
    if isinstance(v, dt.date) and not isinstance(v, dt.datetime):
        return dt.datetime(v.year, v.month, v.day)  # COM dates are pywintypes datetimes
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return v
    return float(v)


class Workbook:
    """A classic call's workbook: each range argument written to its own place on one sheet."""

    def __init__(self) -> None:
        self.book = XlBook()
        self.sheet: XlSheet = self.book.sheet("Sheet1")
        self.next_row = 1

    def place(self, rows: list[list[Any]]) -> XlRange:
        r1 = self.next_row
        for i, row in enumerate(rows):
            for j, v in enumerate(row if isinstance(row, list) else [row]):
                value = com(v)
                if value is not None and value != "":
                    self.sheet.cells[(r1 + i, 1 + j)] = value
        width = max((len(r) if isinstance(r, list) else 1 for r in rows), default=1)
        self.next_row = r1 + len(rows) + 1
        return XlRange(self.sheet, r1, 1, r1 + len(rows) - 1, width)


def classic_args(cl: Classic, func: str, args: tuple[Any, ...]) -> tuple[tuple[Any, ...], XlRange]:
    wb = Workbook()
    out: list[Any] = []
    for a in args:
        if isinstance(a, list):
            out.append(wb.place(a))
        elif isinstance(a, Cell):
            out.append(wb.place([[a.value]]))
        elif a is None:
            out.append(MISSING)
        else:
            out.append(com(a))
    params = [p for p in getattr(cl.functions, func).__xlfunc__["args"]]
    out += [MISSING] * (len(params) - 1 - len(out))
    out.append(None)  # the VBA wrapper's "Nothing" in caller's place; call_udf puts the calling cell there
    return tuple(out), XlRange(wb.sheet, 1, 30, 1, 30)


def run_classic(cl: Classic, func: str, *args: Any) -> Any:
    com_args, caller = classic_args(cl, func, args)
    return cl.call(func, *com_args, caller=caller)


def run_officejs(func: str, *args: Any) -> Any:
    return call(officejs, func, *[js(a) for a in args])


def both(cl: Classic, func: str, *args: Any) -> Any:
    """The classic result, asserted equal to the Office.js one; returned as rows."""
    got = run_classic(cl, func, *args)
    want = run_officejs(func, *args)
    assert got == want, (func, args)
    return got


def texts(result: Any) -> list[str]:
    return [v for row in result for v in row if isinstance(v, str)]


# --------------------------------------------------------------------------- a table in progress
# SW after two rounds, the third half entered: Ann–Cid and Bob–Dan played, Eve and Fay not yet (empty cells).
SW_PROGRESS = copy.deepcopy(SW)
for row in SW_PROGRESS[1:]:
    row[6] = ""  # the Pts column, not kept up to date
SW_PROGRESS[5][5] = ""
SW_PROGRESS[6][5] = ""

# RR with its last round not played: Ann–Dan and Bob–Cid empty (both sides)
RR_PROGRESS = copy.deepcopy(RR)
RR_PROGRESS[1][6] = RR_PROGRESS[4][3] = ""
RR_PROGRESS[2][5] = RR_PROGRESS[3][4] = ""
for row in RR_PROGRESS[1:]:
    row[7] = ""

# (function, arguments after the table): every function, with its usual arguments
GOOD_CALLS = [
    ("points", ()), ("points", (1,)), ("points", ("Bob",)),
    ("buchholz", ()), ("buchholz", (2, "fide-2024")), ("solkoff", ()), ("solkoff", (None, "plain")),
    ("solkoff_trunc", (1,)), ("solkoff_trunc", (1, "Ann")), ("shmulyan", ()), ("sonneborn_berger", ()),
    ("sonneborn_berger", (None, None, "fide")), ("riga", ()), ("wins", ()), ("beaten_sum", ()), ("head_to_head", ()),
    ("opp_rating_sum", ("RATINGS",)), ("opp_rating_sum", ("RATINGS", 1)), ("places", ()), ("places", ("buchholz, wins",)),
    ("tiebreak", ("BH/C1",)), ("tiebreak", ("SB", 3)), ("outlook", ()), ("outlook", ("can_win",)), ("outlook", ("max_points", 2)),
    ("tb_explain", (1, "buchholz")), ("tb_explain", ("Cid", "SB")),
]


def ratings_of(table: list[list[Any]]) -> list[list[Any]]:
    return [[row[2]] for row in table]


@pytest.mark.parametrize("table_name", ["SW", "SW_PROGRESS", "RR", "RR_PROGRESS"])
@pytest.mark.parametrize("func, rest", GOOD_CALLS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(GOOD_CALLS)])
def test_good_calls_equal_office_js(cl: Classic, func: str, rest: tuple[Any, ...], table_name: str) -> None:
    table = globals()[table_name]
    args = tuple(ratings_of(table) if a == "RATINGS" else a for a in rest)
    out = both(cl, func, table, *args)
    assert not any(t.startswith(PREFIX) for t in texts(out)), out


def test_every_function_is_called_by_the_good_calls() -> None:
    assert {f for f, _ in GOOD_CALLS} == set(FUNCTIONS)


def test_classic_values_are_the_hand_worked_ones(cl: Classic) -> None:
    # SW (tests/test_excel_functions.py): Buchholz Ann = Dan 2 + Bob 1 + Cid 1.5 = 4.5; places by points then BH
    assert run_classic(cl, "buchholz", SW, 1) == [[4.5]]
    # places: Ann 2.5, Dan 2, then Cid and Eve on 1.5 by truncated Solkoff (Cid 4 > Eve 2.5), Bob 1, Fay 0.5
    assert run_classic(cl, "places", SW) == [[""], [1], [5], [3], [2], [4], [6]]
    # in progress: Eve and Fay have not played round 3, so Eve has 0 + ½ = ½
    assert run_classic(cl, "points", SW_PROGRESS, "Eve") == [[0.5]]
    # RR in progress: Ann ½ + 1, Bob ½ + ½, Cid 0 + 1, Dan ½ + 0
    assert run_classic(cl, "points", RR_PROGRESS) == [[""], [1.5], [1], [1], [0.5]]


def test_the_classic_module_sees_classic_xlwings(cl: Classic) -> None:
    assert cl.functions.CLASSIC is True and officejs.CLASSIC is False
    # the calling cell is handed to caller and left out of the formula's arguments
    names = [a["name"] for a in cl.functions.buchholz.__xlfunc__["args"]]
    assert names[-1] == "caller"


# --------------------------------------------------------------------------- bad input
BAD_CALLS = [
    ("points", (99,)), ("points", ("Nobody",)), ("buchholz", (None, "no-such-rules")), ("buchholz", (None, None, "7/x")),
    ("solkoff_trunc", ("many",)), ("solkoff_trunc", (-1,)), ("tiebreak", ("",)), ("tiebreak", ("XYZ",)),
    ("tb_explain", ("Nobody", "BH")), ("tb_explain", (1, "")), ("outlook", ("nonsense",)), ("places", ("wins, nonsense",)),
    ("wins", (None, None, None, "klingon")), ("sonneborn_berger", (None, None, "chess-by-mail")),
    ("opp_rating_sum", ([[1], [2]],)), ("riga", (True,)), ("shmulyan", (None, True)), ("beaten_sum", (1.5,)),
    ("head_to_head", (None, None, None, ["ru", "en"])), ("solkoff", (None, None, "0/0/0")),
]


@pytest.mark.parametrize("func, rest", BAD_CALLS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(BAD_CALLS)])
def test_bad_arguments_give_the_same_message(cl: Classic, func: str, rest: tuple[Any, ...]) -> None:
    out = both(cl, func, SW, *rest)
    first = out[0][0]
    assert isinstance(first, str) and first.startswith(PREFIX), out


def test_every_function_is_called_with_bad_input() -> None:
    assert {f for f, _ in BAD_CALLS} == set(FUNCTIONS)


@pytest.mark.parametrize("func", FUNCTIONS)
def test_a_bad_table_gives_the_same_message(cl: Classic, func: str) -> None:
    table = copy.deepcopy(SW)
    table[2][4] = "2b?"  # Bob's round 2 is no result
    rest = {"solkoff_trunc": (1,), "tiebreak": ("BH",), "tb_explain": (1, "BH"), "opp_rating_sum": (ratings_of(SW),)}.get(func, ())
    out = both(cl, func, table, *rest)
    assert out[0][0].startswith(PREFIX) and "row 3 (Bob), round 2: '2b?'" in out[0][0], out


# --------------------------------------------------------------------------- Excel's errors, old and new, by name
@pytest.mark.parametrize("name", sorted(COM_ERRORS))
def test_an_error_in_the_table_is_named(cl: Classic, name: str) -> None:
    table = copy.deepcopy(SW)
    table[4][4] = Err(name)  # Dan's round 2 cell: E5
    out = both(cl, "buchholz", table)
    message = out[0][0]
    assert message == f"{PREFIX}row 5 (Dan), round 2: the cell holds the Excel error {name}", message
    assert "2.14683e+09" not in message and "2146826" not in message


@pytest.mark.parametrize("name", sorted(COM_ERRORS))
def test_an_error_in_an_argument_is_named(cl: Classic, name: str) -> None:
    for rest, argument in (((Cell(Err(name)),), "player"), ((None, Cell(Err(name))), "rules"), ((None, None, Cell(Err(name))), "scoring")):
        out = both(cl, "buchholz", SW, *rest)
        assert out == [[f"{PREFIX}{argument}: the cell holds the Excel error {name}"]], out
    # written into the formula itself (=BUCHHOLZ(A1:G7, #SPILL!)): classic hands over the bare COM integer
    assert run_classic(cl, "buchholz", SW, Err(name)) == [[f"{PREFIX}player: the cell holds the Excel error {name}"]]


def test_an_error_in_the_ratings_is_named(cl: Classic) -> None:
    ratings = ratings_of(SW)
    ratings[3] = [Err("#SPILL!")]
    out = both(cl, "opp_rating_sum", SW, ratings)
    assert "#SPILL!" in out[0][0] and out[0][0].startswith(PREFIX)


def test_a_two_column_ratings_range_gets_tiebreaks_message(cl: Classic) -> None:
    ratings = [[r[2], r[1]] for r in SW]
    out = both(cl, "opp_rating_sum", SW, ratings)
    assert out == [[f"{PREFIX}ratings: give one column (or one row) of cells; the range has 7 rows and 2 columns"]]
    # one row of ratings is still taken
    row = [[r[2] for r in SW]]
    assert both(cl, "opp_rating_sum", SW, row) == both(cl, "opp_rating_sum", SW, ratings_of(SW))


# --------------------------------------------------------------------------- an empty player cell
@pytest.mark.parametrize("func, before", [("buchholz", ()), ("tiebreak", ("BH",)), ("solkoff_trunc", (1,)), ("opp_rating_sum", ("R",))])
def test_an_empty_player_cell(cl: Classic, func: str, before: tuple[Any, ...]) -> None:
    rest = tuple(ratings_of(SW) if a == "R" else a for a in before)
    # classic: a reference to an empty cell arrives as an empty Range value; 0 as Excel computes it
    assert run_classic(cl, func, SW, *rest, Cell(None)) == [[""]]
    assert run_classic(cl, func, SW, *rest, 0) == [[""]]
    assert run_classic(cl, func, SW, *rest, Cell("")) == [[""]]
    # Office.js: "" and 0 also give an empty cell ...
    assert run_officejs(func, SW, *rest, Cell("")) == [[""]]
    assert run_officejs(func, SW, *rest, 0) == [[""]]
    # ... but an empty cell arrives as null, which xlwings cannot tell from a left-out argument (the README says so)
    assert run_officejs(func, SW, *rest, Cell(None)) == run_officejs(func, SW, *rest)
    # left out, every runtime spills the column
    assert len(both(cl, func, SW, *rest)) == len(SW)


# --------------------------------------------------------------------------- Excel's 255-character limit
# each function's first argument whose text a message repeats: a long one makes the longest message
ECHOED = {
    "places": ("criteria", 1), "outlook": ("field", 1), "tiebreak": ("code", 1), "tb_explain": ("player", 1),
    "solkoff_trunc": ("k", 1), "opp_rating_sum": ("player", 2),
}


@pytest.mark.parametrize("func", FUNCTIONS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_text_is_longer_than_excel_takes(cl: Classic, func: str, lang: str) -> None:
    params = [a["name"] for a in cl.functions.__dict__[func].__xlfunc__["args"] if a["name"] != "caller"]
    args: list[Any] = [SW] + [None] * (len(params) - 1)
    _name, at = ECHOED.get(func, ("player", 1))
    args[at] = "Щ" * 240
    if func == "opp_rating_sum":
        args[1] = ratings_of(SW)
    if func == "tb_explain":
        args[2] = "BH"
    args[-1] = lang
    out = both(cl, func, *args)
    message = out[0][0]
    assert message.startswith(PREFIX) and len(message) <= 255, message
    assert "Щ" * 30 in message, message


def test_a_cut_message_keeps_the_cell_first() -> None:
    from tiebreak.core.errors import InputError, Location
    from tiebreak.core.i18n import use_language

    for lang in ("en", "ru"):
        with use_language(lang):
            err = InputError("x" * 400, Location(row=4, column=3, sheet="Лист 1", origin=(1, 1)))
            whole = str(err)
            cut = officejs._fail(err)
        assert len(whole) > 255 and len(cut) == 255 and cut.endswith("…")
        assert cut.startswith(PREFIX + whole[:60]) and ("C4" in cut[:60]), cut


def corpus() -> list[dict[str, Any]]:
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("classic_bad_inputs", Path(__file__).parent / "bad_inputs" / "cases.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.CASES)


def test_the_bad_input_corpus_fits_in_every_language(cl: Classic) -> None:
    cases = corpus()
    assert len(cases) >= 100
    for case in cases:
        grid = case["grid"]
        if not isinstance(grid, list) or not all(isinstance(r, list) for r in grid) or any(isinstance(v, (dict, list)) for r in grid for v in r):
            continue  # not a sheet's cells (an Office.js data type, a nested list): no COM form
        for lang in ("en", "ru"):
            for func, args in (("points", (None, None, None, lang)), ("places", ("buchholz, wins", None, None, lang))):
                out = both(cl, func, case["grid"], *args)
                assert all(len(t) <= 255 for t in texts(out)), (case["id"], out)


def test_explanation_cells_fit(cl: Classic) -> None:
    table = copy.deepcopy(SW)
    table[2][1] = "B" * 100  # the longest name a table may have: Bob, Ann's opponent in round 2
    out = both(cl, "tb_explain", table, 1, "BH")
    assert any("B" * 100 in t for t in texts(out)) and all(len(t) <= 255 for t in texts(out))


def test_fit_counts_what_excel_counts() -> None:
    assert officejs.fit("x" * 255) == "x" * 255
    assert officejs.fit("x" * 256) == "x" * 254 + "…"
    cut = officejs.fit("😀" * 200)  # two UTF-16 code units each, as Excel counts
    assert len(cut.encode("utf-16-le")) // 2 <= 255 and cut.endswith("…")


# --------------------------------------------------------------------------- whole columns
WHOLE = 1_048_576


def whole_columns(cl: Classic, table: list[list[Any]], top: int = 1) -> tuple[XlSheet, XlRange]:
    wb = Workbook()
    wb.next_row = top
    wb.place(table)
    return wb.sheet, XlRange(wb.sheet, 1, 1, WHOLE, 11)  # A:K


def test_a_whole_column_range_reads_only_the_used_part(cl: Classic) -> None:
    sheet, a_to_k = whole_columns(cl, SW)
    at = XlRange(sheet, 1, 30, 1, 30)  # the calling cell, AD1
    out = cl.call("buchholz", a_to_k, MISSING, MISSING, MISSING, MISSING, None, caller=at)
    assert out == run_officejs("buchholz", SW)  # the same column as for the table's own range
    assert sheet.reads == 7 * 7  # A1:G7, the used range: not 11.5 million cells
    assert cl.call("places", a_to_k, MISSING, MISSING, MISSING, MISSING, None, caller=at) == run_officejs("places", SW)


def test_a_whole_column_range_keeps_the_rows_above_the_table(cl: Classic) -> None:
    sheet, a_to_k = whole_columns(cl, SW, top=3)  # the table starts in row 3: the column still lines up with rows 1, 2, ...
    out = cl.call("buchholz", a_to_k, MISSING, MISSING, MISSING, MISSING, None, caller=XlRange(sheet, 1, 30, 1, 30))
    assert out == [[""], [""], *run_officejs("buchholz", SW)]
    assert sheet.reads == 9 * 7


def test_an_array_argument_that_is_no_range_is_read_as_before(cl: Classic) -> None:
    # =BUCHHOLZ(FILTER(...)): the VBA wrapper hands call_udf the values, a tuple of row tuples
    values = tuple(tuple(com(v) for v in row) for row in SW)
    sheet = Workbook().sheet
    assert cl.call("buchholz", values, 1.0, MISSING, MISSING, MISSING, None, caller=XlRange(sheet, 1, 30, 1, 30)) == [[4.5]]
