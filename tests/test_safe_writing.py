"""Never losing a user's data: ``tiebreak rank FILE --out COPY`` changes only what Rank owns.

Round trips of the example workbooks are compared cell by cell with openpyxl:
every value and formula, number format, pre-existing sheet (names and order),
defined name, column width and row height stays; only Rank's own columns (in
the header and player rows), the Standings sheet and the settings sheet's
output record may differ.  Blocked or failed writes leave every file as it was.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.utils.cell import get_column_letter, range_boundaries

import tiebreak.io.package
import tiebreak.io.workbook
from tiebreak.cli import commands as cli
from tiebreak.io.workbook import SafeWorkbook
from tiebreak.plan.sheet import plan_rank

ROOT = Path(__file__).resolve().parents[1]
RR = ROOT / "workbooks" / "draughts_round_robin.xlsx"
SWISS = ROOT / "workbooks" / "chess_swiss.xlsx"
# (workbook, crosstable sheet, first and last row of the header + player rows)
CASES = [(RR, "Crosstable", 3, 13), (SWISS, "Swiss", 1, 17)]


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") or p.name.endswith(".tmp"))


def rank(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, err


def cells(ws: Any, rows: int, cols: int) -> dict[tuple[int, int], tuple[Any, str]]:
    return {(r, c): (ws.cell(r, c).value, ws.cell(r, c).number_format) for r in range(1, rows + 1) for c in range(1, cols + 1)}


def output_columns(wb: Any, sheet: str) -> tuple[int, int]:
    """The columns Rank says it wrote (the settings sheet's output record, e.g. Crosstable!R3:W3)."""
    record = wb["tiebreak"]["B6"].value
    where, ref = record.split("!")
    assert where.strip("'") == sheet
    c1, _, c2, _ = range_boundaries(ref)
    return c1, c2


# ----------------------------------------------------------- round trips
@pytest.mark.parametrize("src, sheet, first_row, last_row", CASES, ids=["round_robin", "swiss"])
def test_round_trip_changes_only_ranks_own_cells(capsys: pytest.CaptureFixture[str], tmp_path: Path, src: Path, sheet: str, first_row: int, last_row: int) -> None:
    out = tmp_path / "ranked.xlsx"
    before = sha(src)
    code, err = rank(capsys, "rank", str(src), "--out", str(out))
    assert code == 0, err
    assert sha(src) == before
    old, new = openpyxl.load_workbook(src), openpyxl.load_workbook(out)
    # pre-existing sheets keep their names and order; Standings is added after them
    assert new.sheetnames == old.sheetnames + ["Standings"]
    assert new.active.title == sheet
    c1, c2 = output_columns(new, sheet)
    assert c2 - c1 + 1 == 6  # Place + five criteria
    ws_old, ws_new = old[sheet], new[sheet]
    # Rank's columns start after every column the user filled
    assert c1 > ws_old.max_column
    rows = max(ws_old.max_row, ws_new.max_row)
    cols = max(ws_old.max_column, ws_new.max_column)
    before_cells, after_cells = cells(ws_old, rows, cols), cells(ws_new, rows, cols)
    own = {(r, c) for r in range(first_row, last_row + 1) for c in range(c1, c2 + 1)}
    for key in before_cells:
        if key in own:
            assert before_cells[key][0] is None, key  # Rank only writes where nothing was
            continue
        assert after_cells[key] == before_cells[key], (sheet, key)
    # Place and the criteria are filled in the header row and every player row, nowhere else
    assert all(ws_new.cell(r, c1).value not in (None, "") for r in range(first_row, last_row + 1))
    assert ws_new.cell(first_row, c1).value in ("Place", "Место")
    # formulas stay formulas (text), nothing was evaluated
    formulas_old = {k: v for k, (v, _) in before_cells.items() if isinstance(v, str) and v.startswith("=")}
    assert formulas_old and all(after_cells[k][0] == v for k, v in formulas_old.items())
    # column widths, row heights, freeze panes, defined names
    for letter, dim in ws_old.column_dimensions.items():
        assert ws_new.column_dimensions[letter].width == dim.width, letter
    for r, dim in ws_old.row_dimensions.items():
        assert ws_new.row_dimensions[r].height == dim.height, r
    assert ws_new.freeze_panes == ws_old.freeze_panes
    # the user's defined names stay; Rank adds the two that record its blocks
    assert {n: d.attr_text for n, d in new.defined_names.items()} == {n: d.attr_text for n, d in old.defined_names.items()} | {
        "tiebreak_output": f"{sheet}!${get_column_letter(c1)}${first_row}:${get_column_letter(c2)}${last_row}",
        "tiebreak_standings": f"Standings!$A$1:$J${last_row - first_row + 3}",
    }
    # the settings sheet: only the output record changes
    cfg_old, cfg_new = old["tiebreak"], new["tiebreak"]
    assert cfg_new.max_row == cfg_old.max_row and cfg_new.max_column == cfg_old.max_column
    for key, value in cells(cfg_old, cfg_old.max_row, cfg_old.max_column).items():
        if key == (6, 2):
            assert value[0] is None
            continue
        assert cells(cfg_new, cfg_old.max_row, cfg_old.max_column)[key] == value, key
    for letter, dim in cfg_old.column_dimensions.items():
        assert cfg_new.column_dimensions[letter].width == dim.width


@pytest.mark.parametrize("src, sheet, first_row, last_row", CASES, ids=["round_robin", "swiss"])
def test_ranking_the_ranked_copy_again_changes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path, src: Path, sheet: str, first_row: int, last_row: int) -> None:
    once, twice = tmp_path / "once.xlsx", tmp_path / "twice.xlsx"
    code, err = rank(capsys, "rank", str(src), "--out", str(once))
    assert code == 0, err
    code, err = rank(capsys, "rank", str(once), "--out", str(twice))
    assert code == 0, err
    a, b = openpyxl.load_workbook(once), openpyxl.load_workbook(twice)
    assert b.sheetnames == a.sheetnames
    for name in a.sheetnames:
        wa, wb_ = a[name], b[name]
        rows, cols = max(wa.max_row, wb_.max_row), max(wa.max_column, wb_.max_column)
        assert cells(wb_, rows, cols) == cells(wa, rows, cols), name


# ------------------------------------------------------- nothing written
def _blocked_copy(folder: Path) -> Path:
    wb = openpyxl.load_workbook(RR)
    wb["Crosstable"]["T5"] = "мой комментарий"  # inside the columns Rank writes (R-W)
    path = folder / "blocked.xlsx"
    wb.save(path)
    return path


def test_blocked_target_cell_creates_no_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = _blocked_copy(tmp_path)
    before = sha(src)
    out = tmp_path / "out.xlsx"
    code, err = rank(capsys, "rank", str(src), "--out", str(out), "--lang", "en")
    assert code == 1
    assert "cell T5" in err and "nothing was changed" in err
    assert not out.exists()
    assert sha(src) == before
    assert leftovers(tmp_path) == []


def test_blocked_target_cell_leaves_an_existing_out_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = _blocked_copy(tmp_path)
    out = tmp_path / "out.xlsx"
    shutil.copyfile(SWISS, out)
    before = sha(out)
    code, err = rank(capsys, "rank", str(src), "--out", str(out))
    assert code == 1
    assert sha(out) == before
    code, err = rank(capsys, "rank", str(src), "--out", str(src), "--overwrite-input")
    assert code == 1 and "T5" in err


# ------------------------------------------------- writing over the input
def test_out_onto_the_input_is_refused_without_overwrite_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = tmp_path / "event.xlsx"
    shutil.copyfile(RR, src)
    before = sha(src)
    code, err = rank(capsys, "rank", str(src), "--out", str(src))
    assert code == 1 and "--overwrite-input" in err
    assert sha(src) == before
    # a relative path to the same file is the same file
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        code, err = rank(capsys, "rank", str(src), "--out", "event.xlsx")
    finally:
        os.chdir(cwd)
    assert code == 1 and sha(src) == before


def test_overwrite_input_replaces_the_file_through_a_temporary_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "event.xlsx"
    shutil.copyfile(RR, src)
    before = sha(src)
    real_replace = os.replace
    calls: list[tuple[Path, Path, bool]] = []

    def replace(a: Any, b: Any) -> None:
        # at the moment of the swap the target is still the old file and the new one is complete
        calls.append((Path(a), Path(b), sha(Path(b)) == before and openpyxl.load_workbook(a)["Crosstable"]["R3"].value == "Место"))
        real_replace(a, b)

    monkeypatch.setattr(tiebreak.io.workbook.os, "replace", replace)
    code, err = rank(capsys, "rank", str(src), "--out", str(src), "--overwrite-input")
    assert code == 0, err
    assert len(calls) == 1
    tmp, target, ok = calls[0]
    assert target == src and tmp.parent == src.parent and tmp != src and ok
    assert not tmp.exists()
    assert sha(src) != before
    assert openpyxl.load_workbook(src)["Crosstable"]["R3"].value == "Место"
    assert leftovers(tmp_path) == []


def _failing_save(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> list[str]:
    written: list[str] = []

    def write(self: Any, out: Any, replaced: Any, added: Any) -> None:
        out.write(b"PK\x03\x04 half a workbook")
        written.append(str(out.name))
        raise error

    monkeypatch.setattr(tiebreak.io.package.Package, "write", write)
    return written


def test_a_failed_save_leaves_the_input_intact(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "event.xlsx"
    shutil.copyfile(RR, src)
    before = sha(src)
    written = _failing_save(monkeypatch, OSError(28, "No space left on device"))
    code, err = rank(capsys, "rank", str(src), "--out", str(src), "--overwrite-input", "--lang", "en")
    assert code == 1
    assert "cannot write" in err and "No space left on device" in err
    assert len(written) == 1 and Path(written[0]) != src  # the partial file was a temporary one
    assert sha(src) == before
    assert leftovers(tmp_path) == []
    openpyxl.load_workbook(src)  # still a workbook (save is only patched for writing)


def test_a_failed_save_leaves_an_existing_out_file_intact(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "standings.xlsx"
    shutil.copyfile(SWISS, out)
    before = sha(out)
    _failing_save(monkeypatch, OSError(5, "Input/output error"))
    code, err = rank(capsys, "rank", str(RR), "--out", str(out))
    assert code == 1 and "не удаётся записать файл" in err  # the Russian table: Russian messages
    assert sha(out) == before
    assert leftovers(tmp_path) == []


def test_an_unexpected_error_while_saving_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "event.xlsx"
    shutil.copyfile(RR, target)
    before = sha(target)
    book = SafeWorkbook(target)
    book.apply(plan_rank(book))
    _failing_save(monkeypatch, ValueError("a part could not be serialised"))
    with pytest.raises(ValueError):
        book.save(target)
    assert sha(target) == before
    assert leftovers(tmp_path) == []


def test_the_written_copy_has_ordinary_permissions(tmp_path: Path) -> None:
    # The copy is first written to a private temporary file; the result must still carry the
    # permissions of a file the user creates (umask), or those of the file it replaces.
    src = tmp_path / "in.xlsx"
    shutil.copy(ROOT / "workbooks" / "chess_swiss.xlsx", src)
    old = os.umask(0o022)
    try:
        out = tmp_path / "out.xlsx"
        assert cli.main(["rank", str(src), "--out", str(out)]) == 0
        assert out.stat().st_mode & 0o777 == 0o644
        os.chmod(out, 0o640)
        assert cli.main(["rank", str(src), "--out", str(out)]) == 0
        assert out.stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(old)
