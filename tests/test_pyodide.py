"""The built wheel in Pyodide, the Python runtime of xlwings Lite, under Node.js and offline.

Each run starts Pyodide from its npm package (tests/pyodide/run.mjs: fetch is
disabled, nothing is downloaded), installs the tiebreak wheel and xlwings'
pure-Python wheel from local files, imports ``addin/lite/main.py`` as Lite does,
lists the functions and scripts xlwings registers from it, calls BUCHHOLZ,
SOLKOFF_TRUNC and PLACES through xlwings' Office.js conversion and runs the
``rank_sheet`` script against a book payload (tests/pyodide/job.py).

Three set-ups (tests/pyodide_setup.py): Pyodide 0.29 and 314 with the xlwings
tiebreak pins, and Pyodide 0.27 with xlwings 0.33.20, the default of new Lite
workbooks (there Rank must say which xlwings to set).  One more run puts the
tiebreak wheel under /data instead of installing it: Lite without a web server.

The table is the worked example of the draughts code 3.16 embedded in a 10-player
Swiss (tests/test_worked_example.py): P's Buchholz 14.5 and truncated Solkoff 13.
Places by hand (ru rules, default criteria: truncated Solkoff, wins, ...):
B alone on 4 points is 1st; P and D on 3.5: truncated Solkoff P 13 against D 9.5
(D's opponents J 2, C 2.5, H 1.5, P 3.5, G 0.5: 10 − 0.5), so P 2nd, D 3rd;
A and F on 3: A 9.5 (P 3.5, J 2, E 1.5, G 0.5, C 2.5: 10 − 0.5) against F 9
(E 1.5, G 0.5, J 2, B 4, H 1.5: 9.5 − 0.5), so A 4th, F 5th.
"""

from __future__ import annotations

import asyncio
import copy
import json
import shutil
import subprocess
import zipfile
from unittest import mock
from pathlib import Path
from typing import Any

import pyodide_setup
import pytest
import xlwings as xw
from built_wheel import ROOT, built_wheel
from helpers import call, swiss_grid
from test_worked_example import NAMES, ROUNDS
from xlwings.server import custom_scripts_call

import tiebreak
import tiebreak.excel.rank as rank_module
from tiebreak.excel import functions

RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
JOB = ROOT / "tests" / "pyodide" / "job.py"
LITE_MAIN = ROOT / "addin" / "lite" / "main.py"
FUNCTIONS = ["POINTS", "BUCHHOLZ", "SOLKOFF", "SOLKOFF_TRUNC", "SHMULYAN", "SONNEBORN_BERGER", "RIGA", "WINS",
             "BEATEN_SUM", "OPP_RATING_SUM", "HEAD_TO_HEAD", "PLACES", "TIEBREAK", "TB_EXPLAIN", "OUTLOOK"]
PINNED_XLWINGS = "0.37.8"  # pyproject.toml and addin/lite/requirements.txt
HAND_PLACES = {"B": "1", "P": "2", "D": "3", "A": "4", "F": "5"}

GRID = swiss_grid(NAMES, ROUNDS)  # header row + 10 players; P is row 2
NA = {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}  # an #N/A cell as Office.js sends it
BAD_NOTATION = copy.deepcopy(GRID)
BAD_NOTATION[3][4] = "12x"  # B's round-3 cell
BAD_ERROR = copy.deepcopy(GRID)
BAD_ERROR[5][2] = NA  # D's round-1 cell


def book_payload() -> dict[str, Any]:
    return {
        "client": "Office.js",
        "version": xw.__version__,
        "book": {"name": "event.xlsx", "active_sheet_index": 0, "selection": "A1"},
        "names": [],
        "sheets": [{"name": "Crosstable", "values": copy.deepcopy(GRID), "pictures": [], "tables": []}],
    }


@pytest.fixture(scope="module")
def setup() -> None:
    if shutil.which("node") is None:
        pytest.fail("node is not on PATH: the Pyodide test needs Node.js 18 or later")
    pyodide_setup.ensure()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_wheel(tmp_path_factory.mktemp("dist"))


def no_network_prefix() -> list[str]:
    """``unshare -n`` (a process without any network) where this machine allows it; run.mjs also
    disables fetch, so without unshare a download attempt fails all the same."""
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], check=False, capture_output=True).returncode == 0:
        return [unshare, "-n"]
    return []


def run_in_pyodide(
    package: str, wheels: list[Path], folder: Path, *, rank: bool = True, data: list[Path] | None = None
) -> subprocess.CompletedProcess[str]:
    """``wheels`` are installed as Lite installs requirements; ``data`` files are put under /data, as Lite's Files > Import does."""
    job = {
        "calls": [
            # [key, Python name (what Lite sends as func_name), arguments: each a matrix, as Office.js sends them]
            ["buchholz", "buchholz", [GRID]],
            ["solkoff_trunc", "solkoff_trunc", [GRID, [[1]]]],
            ["buchholz_p", "buchholz", [GRID, [["P"]]]],
            ["places", "places", [GRID]],
            ["bad_notation", "buchholz", [BAD_NOTATION]],
            ["bad_error", "buchholz", [BAD_ERROR]],
            ["bad_notation_ru", "buchholz", [BAD_NOTATION, None, None, None, [["ru"]]]],  # lang = "ru"
        ],
        "book": book_payload() if rank else None,
    }
    (folder / "input.json").write_text(json.dumps(job), encoding="utf-8")
    files = [f"{folder / 'input.json'}=/job/input.json", f"{LITE_MAIN}=/lite/main.py"]
    files += [f"{w}=/wheels/{w.name}" for w in wheels]
    files += [f"{d}=/data/{d.name}" for d in data or []]
    return subprocess.run(
        [*no_network_prefix(), "node", str(RUNNER), package, str(JOB), *files],
        cwd=RUNNER.parent, check=False, capture_output=True, text=True, timeout=600,
    )


def cpython_actions() -> list[dict[str, Any]]:
    """The Rank script's actions for the same payload in this (CPython) process."""
    book = xw.Book(json=book_payload())
    asyncio.run(custom_scripts_call(rank_module, "rank_sheet", typehint_to_value={xw.Book: book}))
    actions: list[dict[str, Any]] = book.json()["actions"]
    return actions


def place_column(actions: list[dict[str, Any]]) -> dict[str, str]:
    """Name -> place, from the block Rank writes next to the table on the crosstable sheet."""
    (block,) = [a for a in actions if a["func"] == "setValues" and a["sheet_position"] == 0 and len(a["values"]) == len(GRID)]
    return {row[1]: str(block["values"][i][0]) for i, row in enumerate(GRID) if i > 0}


@pytest.mark.parametrize("package, xlwings_version", pyodide_setup.CONFIGS)
def test_lite_main_computes_in_pyodide(setup: None, wheel: Path, tmp_path: Path, package: str, xlwings_version: str) -> None:
    # The Rank script needs Sheet.used_range, which xlwings 0.33.20 does not implement for Lite
    # (NotImplementedError): requirements.txt therefore names the pinned xlwings for Lite too, and
    # Rank on 0.33.20 says so (below) instead of ending in a traceback.
    rank = xlwings_version == PINNED_XLWINGS
    done = run_in_pyodide(package, [wheel, pyodide_setup.xlwings_wheel(xlwings_version)], tmp_path)
    assert done.returncode == 0, done.stderr[-4000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    check_lite_run(out, xlwings_version, rank)
    assert out["tiebreak_file"].startswith("/lib/python3.") and "/site-packages/tiebreak/" in out["tiebreak_file"]
    assert out["imported"] == [] and out["on_path"] == []


def test_lite_without_a_web_server_imports_the_wheel_from_data(setup: None, wheel: Path, tmp_path: Path) -> None:
    # The README's first Lite route: the wheel file imported through Files > Import (it lands under
    # /data), main.py's first line puts it on sys.path; no server, no network (run_in_pyodide is offline)
    package, version = pyodide_setup.CONFIGS[0]
    done = run_in_pyodide(package, [pyodide_setup.xlwings_wheel(version)], tmp_path, data=[wheel])
    assert done.returncode == 0, done.stderr[-4000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["installed"] == [pyodide_setup.xlwings_wheel(version).name]  # tiebreak was not installed ...
    assert out["imported"] == out["on_path"] == [f"/data/{wheel.name}"]  # ... but imported from the file
    assert out["tiebreak_file"] == f"/data/{wheel.name}/tiebreak/__init__.py"
    check_lite_run(out, version, rank=True)
    # the Russian catalogue comes from inside the wheel file too
    assert "не результат" in out["results"]["bad_notation_ru"][0][0]


def check_lite_run(out: dict[str, Any], xlwings_version: str, rank: bool) -> None:
    """What every Lite run must show: the functions and scripts registered, the values, Rank's writes (or its message)."""
    assert out["platform"] == "emscripten"
    assert out["xlwings"] == xlwings_version
    assert out["tiebreak"] == tiebreak.__version__
    assert out["loaded"] == ["xlwings.server"]  # the test's import; tiebreak needs no openpyxl/defusedxml there

    # what Lite registers from main.py: every worksheet function and both scripts
    assert sorted(out["functions"]) == sorted(FUNCTIONS)
    # the doc= of @xw.arg reaches Excel as the argument's description
    # (lang last; classic xlwings' ``caller`` is no argument here, in the older xlwings of new Lite workbooks too)
    assert [name for name, _ in out["functions"]["SOLKOFF_TRUNC"]] == ["table", "k", "player", "rules", "scoring", "lang"]
    assert dict(out["functions"]["BUCHHOLZ"])["table"] == functions.TABLE_DOC
    assert dict(out["functions"]["BUCHHOLZ"])["lang"] == functions.LANG_DOC
    scripts = {s["function_name"]: s for s in out["scripts"]}
    assert set(scripts) == {"rank_sheet", "rank_button"}
    assert scripts["rank_button"]["button"] == "[RankButton]Crosstable!L1"
    assert scripts["rank_button"]["show_taskpane"] is False

    results = out["results"]
    assert len(results["buchholz"]) == len(GRID) and results["buchholz"][0] == [""]
    assert results["buchholz"][1] == [14.5]  # 3 + 4 + 2.5 + 3.5 + 1.5
    assert results["solkoff_trunc"][1] == [13]  # 14.5 − 1.5
    assert results["buchholz_p"] == [[14.5]]
    places = {GRID[i][1]: str(row[0]) for i, row in enumerate(results["places"]) if i > 0}
    assert {n: places[n] for n in HAND_PLACES} == HAND_PLACES
    # bad input: the cell shows the message (err_to_str passes the #N/A cell in as text), the same as in CPython
    for key, table, text in (("bad_notation", BAD_NOTATION, "12x"), ("bad_error", BAD_ERROR, "#N/A")):
        assert results[key] == call(functions, "buchholz", table)
        assert results[key][0][0].startswith("#TIEBREAK! ") and text in results[key][0][0], results[key]
    # lang = "ru" on a Latin table: the message in Russian, as in CPython
    assert results["bad_notation_ru"] == call(functions, "buchholz", BAD_NOTATION, None, None, None, "ru")
    assert "не результат" in results["bad_notation_ru"][0][0], results["bad_notation_ru"]

    if not rank:
        # an xlwings without Sheet.used_range: nothing sent, one message saying which xlwings to set
        assert out["sent"] == []
        (alert,) = out["actions"]
        assert alert["func"] == "alert"
        with mock.patch.object(rank_module.xw, "__version__", xlwings_version):
            expected = rank_module._too_old("en")
        assert alert["args"][0] == expected and f"runs xlwings {xlwings_version}," in expected, alert
        assert "xlwings==0.37.8" in alert["args"][0] and "requirements.txt" in alert["args"][0]
        return
    # Lite sends batches before the script returns (Book.flush): first Rank's cells on the existing
    # sheet written back as they are (empty: a trial a protected sheet would refuse, changing nothing),
    # then each new sheet on its own, then the cells; the message goes when the script returns
    trial, standings, settings, written = out["sent"]
    assert [(a["func"], a["sheet_position"]) for a in trial] == [("setValues", 0)]
    assert {v for a in trial for row in a["values"] for v in row} == {""}
    assert [[a["func"], *a["args"]] for a in standings + settings] == [["addSheet", 1, "Standings"], ["addSheet", 2, "tiebreak"]]
    assert [a["func"] for a in out["actions"]] == ["alert"]
    actions = standings + settings + written + out["actions"]
    assert {n: p for n, p in place_column(actions).items() if n in HAND_PLACES} == HAND_PLACES
    assert ["addSheet", 1, "Standings"] in [[a["func"], *a["args"]] for a in actions if a["func"] == "addSheet"]
    assert xw.__version__ == PINNED_XLWINGS
    # the same writes as xlwings in CPython, with the new sheets added first
    expected = cpython_actions()
    assert actions == [a for a in expected if a["func"] == "addSheet"] + [a for a in expected if a["func"] != "addSheet"]


def test_a_file_missing_from_the_wheel_fails_in_pyodide(setup: None, wheel: Path, tmp_path: Path) -> None:
    damaged = tmp_path / wheel.name
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(damaged, "w") as dst:
        for item in src.infolist():
            if item.filename != "tiebreak/excel/rank.py":
                dst.writestr(item, src.read(item))
    package, version = pyodide_setup.CONFIGS[0]
    done = run_in_pyodide(package, [damaged, pyodide_setup.xlwings_wheel(version)], tmp_path)
    assert done.returncode == 1
    assert "No module named 'tiebreak.excel.rank'" in done.stderr
