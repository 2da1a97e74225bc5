"""The built wheel installs into a fresh virtual environment, outside the source tree, and works there.

This is what a user gets from ``pip install tiebreak-<version>-py3-none-any.whl``:
the test fails when a file under src/ is missing from the wheel (a message
catalogue, a template, the add-in module), when the installed command line
cannot rank a shipped example workbook, or when a worksheet function does not
compute through xlwings in that environment.

Expected values: the example workbook's places and Sonneborn–Berger values are
worked out by hand in tests/test_cli.py (RR_PLACES, RR_SB); the worksheet
function runs on the worked example of the draughts code 3.16
(tests/test_worked_example.py: P's Buchholz 14.5, truncated Solkoff 13).
"""

from __future__ import annotations

import email.parser
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import openpyxl  # type: ignore[import-untyped]
import pytest
from built_wheel import ROOT, built_wheel, clean_env, source_files
from helpers import swiss_grid
from test_worked_example import NAMES, ROUNDS

import tiebreak

# hand-checked in tests/test_cli.py: places and Sonneborn–Berger (2/1/0, ru rules) by start number
RR_PLACES = {4: "1", 3: "2", 2: "3", 5: "4", 1: "5", 6: "6–7", 7: "6–7", 10: "8", 8: "9", 9: "10"}
RR_SB = {1: 82, 2: 92, 3: 92, 4: 100, 5: 82, 6: 78, 7: 78, 8: 51, 9: 44, 10: 71}

BIN = "Scripts" if os.name == "nt" else "bin"
EXE = ".exe" if os.name == "nt" else ""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_wheel(tmp_path_factory.mktemp("dist"))


def make_venv(folder: Path, wheel: Path, *pip_args: str) -> Path:
    """A fresh virtual environment with the wheel installed; its Scripts/bin folder."""
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True, timeout=300)
    bindir = folder / BIN
    done = subprocess.run(
        [str(bindir / f"python{EXE}"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *pip_args, str(wheel)],
        check=False, capture_output=True, text=True, timeout=600, cwd=folder, env=clean_env(),
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return bindir


@pytest.fixture(scope="module")
def venv_bin(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_venv(tmp_path_factory.mktemp("fresh") / "venv", wheel)


def run(bindir: Path, program: str, *args: str, cwd: Path, stdin: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(bindir / f"{program}{EXE}"), *args],
        check=False, capture_output=True, text=True, timeout=300, cwd=cwd, input=stdin, env=clean_env(**env),
    )


# ------------------------------------------------------------------ the wheel file
def test_wheel_is_pure_python_and_of_this_version(wheel: Path) -> None:
    assert wheel.name == f"tiebreak-{tiebreak.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as z:
        info = z.read(f"tiebreak-{tiebreak.__version__}.dist-info/WHEEL").decode()
    assert "Root-Is-Purelib: true" in info.splitlines()
    assert "Tag: py3-none-any" in info.splitlines()


def test_wheel_holds_every_source_file_and_nothing_else(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = {n for n in z.namelist() if not n.split("/")[0].endswith(".dist-info")}
    expected = source_files()
    assert {"tiebreak/py.typed", "tiebreak/excel/functions.py", "tiebreak/excel/rank.py", "tiebreak_rank.py"} <= expected
    missing = sorted(expected - names)
    assert not missing, f"missing from the wheel (add a package-data glob in pyproject.toml): {missing}"
    assert sorted(names - expected) == []


def test_wheel_metadata(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        meta = email.parser.Parser().parsestr(z.read(f"tiebreak-{tiebreak.__version__}.dist-info/METADATA").decode())
        entry_points = z.read(f"tiebreak-{tiebreak.__version__}.dist-info/entry_points.txt").decode()
    assert meta["Name"] == "tiebreak"
    assert meta["Version"] == tiebreak.__version__
    assert meta["Requires-Python"] == ">=3.11"
    requires = [r.replace(" ", "").replace("'", '"') for r in meta.get_all("Requires-Dist") or []]
    # under xlwings Lite (Pyodide, sys_platform "emscripten") no dependency is installed: Lite keeps its xlwings
    assert 'xlwings==0.37.8;sys_platform!="emscripten"' in requires
    for name in ("openpyxl", "defusedxml", "xlrd"):  # the command line's; not needed in Lite
        (req,) = [r for r in requires if r.startswith(name)]
        assert req.endswith(';sys_platform!="emscripten"'), req
    assert "tiebreak = tiebreak.cli:main" in entry_points.splitlines()


def test_sdist_is_a_full_source_copy(wheel: Path) -> None:
    sdist = wheel.parent / f"tiebreak-{tiebreak.__version__}.tar.gz"
    assert sdist.is_file(), f"no {sdist.name} next to the wheel"
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    skip = ("__pycache__", "node_modules", "wheels")
    expected = {
        p.relative_to(ROOT).as_posix()
        for folder in ("src", "addin", "workbooks", "docs", "benchmarks", "tests")
        for p in (ROOT / folder).rglob("*")
        if p.is_file() and not any(part in skip or part.endswith(".egg-info") for part in p.relative_to(ROOT).parts)
        and p.suffix != ".pyc"
    }
    expected |= {"README.md", "pyproject.toml", "MANIFEST.in"}
    assert {"addin/lite/main.py", "addin/tiebreak_rank.xlam", "workbooks/draughts_round_robin.xlsx"} <= expected
    assert sorted(expected - names) == []


# ------------------------------------------------------------------ installed in a fresh environment
def test_installed_package_comes_from_the_wheel(venv_bin: Path, tmp_path: Path) -> None:
    code = "import json, tiebreak, tiebreak_rank, tiebreak.excel.functions as f; print(json.dumps([tiebreak.__file__, tiebreak_rank.__file__, f.__file__]))"
    done = run(venv_bin, "python", "-c", code, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    venv = venv_bin.parent.resolve()
    for path in json.loads(done.stdout):
        resolved = Path(path).resolve()
        assert venv in resolved.parents, path
        assert ROOT not in resolved.parents, path


def test_installed_cli_ranks_a_shipped_workbook(venv_bin: Path, tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copyfile(ROOT / "workbooks" / "draughts_round_robin.xlsx", book)
    done = run(venv_bin, "tiebreak", "rank", str(book), "--format", "json", "--out", str(tmp_path / "ranked.xlsx"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {s["number"]: s["place"] for s in data["standings"]} == RR_PLACES
    assert {s["number"]: s["values"]["sonneborn_berger"] for s in data["standings"]} == RR_SB
    ranked = openpyxl.load_workbook(tmp_path / "ranked.xlsx")
    assert "Standings" in ranked.sheetnames


FUNCTION_CALL = r"""
import asyncio, json, sys
import xlwings as xw
from xlwings.server import custom_functions_call
import tiebreak.excel.functions as functions

grid = json.loads(sys.stdin.read())
out = {}
for name, extra in (("buchholz", []), ("solkoff_trunc", [[[1]]]), ("places", [])):
    data = {"func_name": name, "args": [grid, *extra], "version": xw.__version__, "client": "Office.js",
            "runtime": "1.4", "culture_info_name": "en-US", "date_format": "M/d/yyyy"}
    out[name] = asyncio.run(custom_functions_call(data, functions))
print(json.dumps({"results": out, "xlwings": xw.__version__, "module": functions.__file__}))
"""


def test_installed_worksheet_function_computes_through_xlwings(venv_bin: Path, tmp_path: Path) -> None:
    grid = swiss_grid(NAMES, ROUNDS)  # header row + 10 players; P is row 2
    # test-only settings, as tests/conftest.py: xlwings' Office.js conversion without Excel
    done = run(venv_bin, "python", "-c", FUNCTION_CALL, cwd=tmp_path, stdin=json.dumps(grid),
               XLWINGS_LICENSE_KEY="noncommercial", XLWINGS_ON_SERVER="true")
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["xlwings"] == "0.37.8"
    assert venv_bin.parent.resolve() in Path(got["module"]).resolve().parents
    results = got["results"]
    assert results["buchholz"][1] == [14.5]  # 3 + 4 + 2.5 + 3.5 + 1.5
    assert results["solkoff_trunc"][1] == [13]  # 14.5 − 1.5
    assert len(results["places"]) == len(grid) and results["places"][0] == [""]
    # PLACES gives a number for a place of its own and text only for a shared place ("6–7")
    assert all(
        (isinstance(r[0], (int, float)) and r[0] >= 1) or (isinstance(r[0], str) and "–" in r[0]) for r in results["places"][1:]
    )


def test_installed_version_and_doctor(venv_bin: Path, tmp_path: Path) -> None:
    done = run(venv_bin, "tiebreak", "--version", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, f"tiebreak {tiebreak.__version__}\n")
    home = tmp_path / "home"
    home.mkdir()
    done = run(venv_bin, "tiebreak", "doctor", cwd=tmp_path, HOME=str(home), USERPROFILE=str(home))
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    python = next(line for line in lines if line.startswith("Python: "))[len("Python: "):]
    assert Path(python).parent == venv_bin  # the path to give the Interpreter box: the venv's own Python
    assert "xlwings: 0.37.8 (tiebreak needs 0.37.8: OK)" in lines
    assert any(line.startswith("tiebreak.excel.functions: imports") for line in lines)


def test_doctor_in_an_environment_without_xlwings(wheel: Path, tmp_path: Path) -> None:
    bindir = make_venv(tmp_path / "bare", wheel, "--no-deps")
    home = tmp_path / "home"
    home.mkdir()
    done = run(bindir, "tiebreak", "doctor", cwd=tmp_path, HOME=str(home), USERPROFILE=str(home))
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "xlwings: not installed. Install it with: python -m pip install xlwings==0.37.8" in lines
    assert "tiebreak.excel.functions: does not import: xlwings is not installed" in lines
    assert lines[-1] == "2 problem(s) found."
