"""``tiebreak.read``: a file (workbook or TRF) or a grid into a tournament, as ``tiebreak rank`` reads it; ``tiebreak.rank``'s keywords."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from helpers import save_xlsx

import tiebreak
from tiebreak.cli import commands as cli

ROOT = Path(__file__).resolve().parent.parent
DRAUGHTS = ROOT / "workbooks" / "draughts_round_robin.xlsx"
SWISS = ROOT / "workbooks" / "chess_swiss.xlsx"

# a 3-player round robin: Ann beats Bob and draws Cid, Bob beats Cid (points by hand: 1.5, 1, 0.5)
RESULTS: list[list[Any]] = [["X", 1, "½"], [0, "X", 1], ["½", 0, "X"]]
TABLE: list[list[Any]] = [["No", "Name", 1, 2, 3], [1, "Ann", *RESULTS[0]], [2, "Bob", *RESULTS[1]], [3, "Cid", *RESULTS[2]]]


def _cli_points(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, float]:
    """Name -> points as ``tiebreak rank --format json`` prints them (the command line as the oracle)."""
    assert cli.main(["rank", *args, "--format", "json", "--lang", "en"]) == 0
    out = json.loads(capsys.readouterr().out)
    return {row["name"]: float(row["points"]) for row in out["standings"]}


def test_a_workbook_is_read_as_tiebreak_rank_reads_it(capsys: pytest.CaptureFixture[str]) -> None:
    t = tiebreak.read(str(DRAUGHTS))
    assert isinstance(t, tiebreak.Tournament)
    assert (t.system, len(t.players)) == ("round robin", 10)
    assert {p.name: pts for p, pts in zip(t.players, t.points, strict=True)} == _cli_points(capsys, str(DRAUGHTS))


def test_a_path_reads_as_its_text() -> None:
    assert tiebreak.read(DRAUGHTS).points == tiebreak.read(str(DRAUGHTS)).points


def test_the_range_named_crosstable_is_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    t = tiebreak.read(SWISS)
    assert (t.system, len(t.players), t.rounds) == ("swiss", 16, 9)
    assert {p.name: pts for p, pts in zip(t.players, t.points, strict=True)} == _cli_points(capsys, str(SWISS))


def test_sheet_is_matched_ignoring_case_and_range_picks_the_cells() -> None:
    default = tiebreak.read(DRAUGHTS)
    assert tiebreak.read(DRAUGHTS, sheet="crosstable").points == default.points
    assert tiebreak.read(DRAUGHTS, sheet="CROSSTABLE", range="A3:N13").points == default.points


def test_the_largest_block_of_a_workbook_and_a_range_beside_it(tmp_path: Path) -> None:
    small: list[list[Any]] = [["X", 0, 0], [1, "X", 0], [1, 1, "X"]]  # points 0, 1, 2
    grid = [[*row, None, *other] for row, other in zip([[None] * 5, *TABLE], [[None] * 3, [None] * 3, *small], strict=True)]
    path = save_xlsx(grid, tmp_path / "two.xlsx")
    assert tiebreak.read(path).points == [1.5, 1.0, 0.5]
    assert tiebreak.read(path, range="G3:I5").points == [0.0, 1.0, 2.0]


def test_a_grid_is_read_from_its_largest_block_or_its_range() -> None:
    framed: list[list[Any]] = [[None] * 7, *[[None, *row, None] for row in TABLE], [None] * 7]
    t = tiebreak.read(framed)
    assert [p.name for p in t.players] == ["Ann", "Bob", "Cid"]
    assert t.points == [1.5, 1.0, 0.5]
    t = tiebreak.read(framed, range="D3:F5")  # the results alone
    assert (t.points, [p.name for p in t.players]) == ([1.5, 1.0, 0.5], ["", "", ""])
    assert tiebreak.read(tuple(tuple(r) for r in TABLE)).points == [1.5, 1.0, 0.5]


def test_an_error_in_a_grid_names_the_cell_of_the_grid() -> None:
    framed: list[list[Any]] = [[None] * 7, *[[None, *row, None] for row in TABLE]]
    framed[2][5] = "q"  # Ann's result against Bob, in F3
    with pytest.raises(tiebreak.NotationError, match="F3"):
        tiebreak.read(framed)


def test_read_table_still_reads_the_table_itself() -> None:
    assert tiebreak.read_table(RESULTS).points == [1.5, 1.0, 0.5]


def _trf_text() -> str:
    from tiebreak.io.trf import write_trf

    return write_trf(tiebreak.read_table(TABLE), title="three")


@pytest.mark.parametrize("name", ["three.trf", "three.txt", "three"])
def test_a_trf_file_by_suffix_or_by_content(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(_trf_text(), encoding="utf-8")
    t = tiebreak.read(path)
    assert ([p.name for p in t.players], t.points) == (["Ann", "Bob", "Cid"], [1.5, 1.0, 0.5])


def test_a_trf_file_has_no_sheet_and_no_range(tmp_path: Path) -> None:
    path = tmp_path / "three.trf"
    path.write_text(_trf_text(), encoding="utf-8")
    with pytest.raises(tiebreak.SettingsError, match="no sheets"):
        tiebreak.read(path, sheet="Crosstable")
    with pytest.raises(tiebreak.SettingsError, match="no cells"):
        tiebreak.read(path, range="A1:C3")


@pytest.mark.parametrize("fmt", ["ods", "xls"])
def test_ods_and_xls_read_as_the_xlsx(tmp_path: Path, fmt: str) -> None:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    assert soffice, "LibreOffice (soffice) is needed to make the .xls and .ods files (.ci/run installs it)"
    subprocess.run(
        [soffice, "--headless", f"-env:UserInstallation=file://{tmp_path}/profile", "--convert-to", fmt, "--outdir", str(tmp_path), str(DRAUGHTS)],
        check=True, capture_output=True, timeout=180,
    )
    converted = tmp_path / f"draughts_round_robin.{fmt}"
    assert tiebreak.read(converted).points == tiebreak.read(DRAUGHTS).points


# ---------------------------------------------------------------- bad input: the project's own errors


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(tiebreak.FileFormatError, match="no such file"):
        tiebreak.read(tmp_path / "missing.xlsx")


def test_a_folder(tmp_path: Path) -> None:
    with pytest.raises(tiebreak.FileFormatError, match="folder"):
        tiebreak.read(tmp_path)


@pytest.mark.parametrize("source", [42, None, 1.5, b"book.xlsx", {"A1": 1}, [1, 2, 3], [[1], 2]])
def test_neither_a_file_name_nor_a_grid(source: object) -> None:
    with pytest.raises(tiebreak.SettingsError, match="file name .* or a grid"):
        tiebreak.read(source)  # type: ignore[arg-type]


def test_an_unknown_sheet() -> None:
    # the workbook's names are Cyrillic: the error speaks Russian, as the table's own errors do
    with pytest.raises(tiebreak.SettingsError, match="листа 'Nope' нет"):
        tiebreak.read(DRAUGHTS, sheet="Nope")


@pytest.mark.parametrize("bad", ["nonsense", "A3", "B2:B20"])
def test_a_bad_range(bad: str) -> None:
    with pytest.raises(tiebreak.SettingsError, match=bad):
        tiebreak.read(DRAUGHTS, range=bad)
    with pytest.raises(tiebreak.SettingsError, match=bad):
        tiebreak.read(TABLE, range=bad)


def test_a_grid_has_no_sheet_and_an_empty_grid_no_table() -> None:
    with pytest.raises(tiebreak.SettingsError, match="no sheets"):
        tiebreak.read(TABLE, sheet="Crosstable")
    empties: list[list[list[Any]]] = [[], [[None, ""], [" "]]]
    for empty in empties:
        with pytest.raises(tiebreak.InputError, match="empty"):
            tiebreak.read(empty)


def test_files_that_are_not_workbooks(tmp_path: Path) -> None:
    text = tmp_path / "notes.xlsx"
    text.write_text("not a workbook", encoding="utf-8")
    with pytest.raises(tiebreak.FileFormatError):
        tiebreak.read(text)
    archive = tmp_path / "archive.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("readme.txt", "hello")
    with pytest.raises(tiebreak.FileFormatError):
        tiebreak.read(archive)
    noise = tmp_path / "noise.bin"  # not a zip: read as a TRF file, which it is not either
    noise.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(tiebreak.FileFormatError):
        tiebreak.read(noise)


def test_a_table_that_does_not_read_is_an_input_error(tmp_path: Path) -> None:
    bad = [row[:] for row in TABLE]
    bad[1][3] = 0  # Ann lost to Bob, and Bob lost to Ann
    path = save_xlsx(bad, tmp_path / "bad.xlsx")
    with pytest.raises(tiebreak.ConsistencyError, match="D2"):
        tiebreak.read(path)


# ---------------------------------------------------------------- tiebreak.rank


def test_rank_takes_rules_and_criteria_as_keywords_a_list_or_a_text() -> None:
    t = tiebreak.read(SWISS)
    as_text = tiebreak.rank(t, rules="fide-2024", criteria="BH/C1, BH, SB")
    as_list = tiebreak.rank(t, rules="fide-2024", criteria=["BH/C1", "BH", "SB"])
    positional = tiebreak.rank(t, "BH/C1, BH, SB", "fide-2024")
    assert as_text.places() == as_list.places() == positional.places()
    assert [c.code for c in as_text.criteria] == ["BH/C1", "BH", "SB"]
    assert as_text.evaluation.rules.name == "fide-2024"
    with pytest.raises(tiebreak.UnknownCriterionError):
        tiebreak.rank(t, criteria="no such thing")


def test_the_root_reads_grids_without_the_file_modules() -> None:
    """xlwings Lite imports the package without openpyxl, defusedxml or calamine: no io module at import."""
    code = (
        "import sys, tiebreak\n"
        "t = tiebreak.read([['X', 1], [0, 'X']])\n"
        "print(sorted(m for m in sys.modules if m.startswith('tiebreak.io') or m.split('.')[0] in ('openpyxl', 'defusedxml', 'python_calamine')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.strip() == "[]"


def test_read_is_listed_and_all_is_sorted() -> None:
    assert "read" in tiebreak.__all__ and "read_table" in tiebreak.__all__
    assert tiebreak.__all__ == sorted(tiebreak.__all__, key=lambda n: (not n.isupper(), not n[0].isupper(), n))  # constants, classes, functions
    assert callable(tiebreak.read)


def test_the_function_and_the_reading_package_live_side_by_side() -> None:
    """``tiebreak.read`` is the function; the readers are the package ``tiebreak.reading``, reachable every way."""
    code = (
        "import sys, types, tiebreak, tiebreak.reading.which\n"
        "from tiebreak.reading import read_table, table\n"
        "from tiebreak.reading.table import read_table as same\n"
        "import tiebreak.reading.swiss as swiss\n"
        "assert isinstance(tiebreak.reading, types.ModuleType) and isinstance(tiebreak.reading.which, types.ModuleType)\n"
        "assert isinstance(tiebreak.read, types.FunctionType), tiebreak.read\n"
        "assert read_table is table.read_table is same is tiebreak.read_table\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr
