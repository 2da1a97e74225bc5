"""The bad-input corpus in Russian, through the library, the command line and the worksheet functions.

``tests/bad_inputs/ru.py`` holds the Russian message of 48 corpus cases.  Each
is checked

* in the library, inside ``use_language("ru")``: ``str(err)`` is the message;
* through the command line: the case's grid is written to a workbook from A1
  and ranked by ``tiebreak.cli.main``; stderr holds the message with the
  sheet and cell address in Russian (лист 'Table', ячейка D2 ...), the exit
  code is 1 and there is no traceback.  The language is Russian by
  ``--lang ru`` where the command line has that option, otherwise by the
  surrounding ``use_language("ru")``; LANGUAGE=ru is set as well (the system
  locale the command line falls back to);
* through the worksheet functions, with xlwings' Office.js conversion: the
  table with its header written in Russian (=POINTS), and the English table
  with the criteria argument written in Russian (=PLACES); the cell reads
  ``#TIEBREAK! `` and the message.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from helpers import call

import tiebreak
from tiebreak.cli import commands as cli
from tiebreak.core.i18n import use_language
from tiebreak.excel import functions


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"bad_input_{name}", Path(__file__).parent / "bad_inputs" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CASES = {c["id"]: c for c in _load("cases").CASES}
RU: dict[str, tuple[str, str]] = _load("ru").RU
IDS = sorted(RU)
CLI_HAS_LANG = "--lang" in inspect.getsource(cli)

# the header rows of cases.py's base tables, as a Russian club writes them
RU_HEADER = {"No": "№", "Name": "Фамилия", "R1": "Тур 1", "R2": "Тур 2", "R3": "Тур 3", "Pts": "Очки"}


def test_at_least_thirty_cases_in_russian() -> None:
    assert len(RU) >= 30
    assert set(RU) <= set(CASES)
    for cell, message in RU.values():
        assert re.fullmatch(r"[A-Z]+\d+", cell)
        assert message.startswith("строка ")
        assert re.search("[а-яё]{4}", message.split(": ", 1)[1]), message  # the text itself is Russian


def test_the_russian_corpus_names_the_offending_text() -> None:
    # the cell's own text is inside the message (here: the quoted texts of a few cases)
    assert "'3q½'" in RU["swiss-unknown-result"][1]
    assert "'y'" in RU["rr-unknown-result"][1]
    assert "'ANN'" in RU["duplicate-names-case-and-spaces"][1]
    assert "99999" in RU["rating-too-high"][1]


@pytest.mark.parametrize("case_id", IDS)
def test_library_says_it_in_russian(case_id: str) -> None:
    case = CASES[case_id]
    with use_language("ru"), pytest.raises(tiebreak.TiebreakError) as err:
        tiebreak.read_table(case["grid"])
    assert str(err.value) == RU[case_id][1]
    assert isinstance(err.value, getattr(tiebreak, case["error"]))
    # and English is still the default
    with pytest.raises(tiebreak.TiebreakError) as err:
        tiebreak.read_table(case["grid"])
    assert str(err.value) == case["message"]


def cli_message(cell: str, message: str) -> str:
    """The library's message as the command line gives it: the sheet and the cell instead of row and column."""
    where = re.sub(r"^строка \d+", f"лист 'Table', ячейка {cell}", message)
    return re.sub(r", столбец \d+(?=:)", "", where, count=1)


def test_cli_message_form() -> None:
    assert cli_message("E3", "строка 3 (Bob), столбец 5: в столбце очков 2") == "лист 'Table', ячейка E3 (Bob): в столбце очков 2"
    assert cli_message("D2", "строка 2 (Ann), тур 2: x") == "лист 'Table', ячейка D2 (Ann), тур 2: x"


def workbook(grid: list[list[Any]], folder: Path, name: str) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Table"
    for r, row in enumerate(grid, 1):
        for c, value in enumerate(row, 1):
            ws.cell(r, c, value)
    path = folder / f"{name}.xlsx"
    wb.save(path)
    return path


@pytest.mark.parametrize("case_id", IDS)
def test_cli_says_it_in_russian(
    case_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cell, message = RU[case_id]
    path = workbook(CASES[case_id]["grid"], tmp_path, case_id)
    monkeypatch.setenv("LANGUAGE", "ru")
    argv = ["--lang", "ru", "rank", str(path)] if CLI_HAS_LANG else ["rank", str(path)]
    with contextlib.nullcontext() if CLI_HAS_LANG else use_language("ru"):
        code = cli.main(argv)
    out, err = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in err
    assert cli_message(cell, message) in err
    assert out == ""


def russian_header(grid: list[list[Any]]) -> list[list[Any]] | None:
    """The grid with its header row in Russian, or None when it has no header of the base tables."""
    if not grid or not isinstance(grid[0], list) or "Name" not in grid[0]:
        return None
    return [[RU_HEADER.get(v, v) if isinstance(v, str) else v for v in grid[0]], *[list(r) for r in grid[1:]]]


def first_cell(result: Any) -> Any:
    while isinstance(result, list) and result:
        result = result[0]
    return result


@pytest.mark.parametrize("case_id", IDS)
def test_worksheet_function_says_it_in_russian(case_id: str) -> None:
    message = RU[case_id][1]
    grid = CASES[case_id]["grid"]
    # the English table, criteria written in Russian
    assert first_cell(call(functions, "places", grid, "усечённый коэффициент Солкоффа, личные встречи")) == "#TIEBREAK! " + message
    # the table headed in Russian
    headed = russian_header(grid)
    if headed is not None:
        assert first_cell(call(functions, "points", headed)) == "#TIEBREAK! " + message


def test_most_cases_also_run_with_a_russian_header() -> None:
    assert sum(russian_header(CASES[i]["grid"]) is not None for i in IDS) >= 30


RU_ARGUMENTS: dict[str, str] = _load("ru").RU_ARGUMENTS


@pytest.mark.parametrize("case_id", sorted(RU_ARGUMENTS))
def test_worksheet_function_arguments_in_russian(case_id: str) -> None:
    case = CASES[case_id]
    headed = russian_header(case["grid"])
    assert headed is not None
    assert first_cell(call(functions, case["function"], headed, *case.get("args", []))) == "#TIEBREAK! " + RU_ARGUMENTS[case_id]
    # the same call on the English table keeps the English text of cases.py
    assert first_cell(call(functions, case["function"], case["grid"], *case.get("args", []))) == "#TIEBREAK! " + case["message"]
