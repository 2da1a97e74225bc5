"""The example workbooks in workbooks/: rerunnable, byte for byte, and what they claim to hold.

Rebuild them after changing the script:  python workbooks/make_workbooks.py
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import openpyxl
import pytest

from tiebreak.plan.settings import Settings, settings_grid

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "workbooks"
SCRIPT = FOLDER / "make_workbooks.py"
RR = FOLDER / "draughts_round_robin.xlsx"
SWISS = FOLDER / "chess_swiss.xlsx"
MINUS = "\u2212"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_workbooks", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mk = load_script()


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    a = tmp_path_factory.mktemp("build_a")
    b = tmp_path_factory.mktemp("build_b")
    assert mk.main(["--out-dir", str(a)]) == 0
    assert mk.main(["--out-dir", str(b)]) == 0
    return a, b


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {info.filename: z.read(info) for info in z.infolist()}


# ----------------------------------------------------------------- rerunning
@pytest.mark.parametrize("name", [mk.RR_FILE, mk.SWISS_FILE])
def test_rerun_gives_the_same_bytes(two_builds: tuple[Path, Path], name: str) -> None:
    a, b = two_builds
    assert (a / name).read_bytes() == (b / name).read_bytes()


@pytest.mark.parametrize("name", [mk.RR_FILE, mk.SWISS_FILE])
def test_shipped_workbook_equals_a_fresh_build(two_builds: tuple[Path, Path], name: str) -> None:
    # part by part (the unpacked XML), so a different zlib cannot make it fail
    fresh, shipped = parts(two_builds[0] / name), parts(FOLDER / name)
    assert list(fresh) == list(shipped), "the parts differ: rerun python workbooks/make_workbooks.py"
    for part in fresh:
        assert fresh[part] == shipped[part], f"{name}: {part} differs from a fresh build: rerun python workbooks/make_workbooks.py"


@pytest.mark.parametrize("path", [RR, SWISS])
def test_fixed_timestamps_and_creator(path: Path) -> None:
    with zipfile.ZipFile(path) as z:
        assert {info.date_time for info in z.infolist()} == {(2026, 1, 1, 0, 0, 0)}
    wb = openpyxl.load_workbook(path)
    assert wb.properties.creator == "tiebreak"
    assert wb.properties.created.isoformat() == "2026-01-01T00:00:00"
    assert wb.properties.modified.isoformat() == "2026-01-01T00:00:00"


def test_script_runs_as_a_program(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--out-dir", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert parts(tmp_path / mk.RR_FILE) == parts(RR)
    assert parts(tmp_path / mk.SWISS_FILE) == parts(SWISS)


def test_the_check_fails_loudly_on_a_table_the_library_rejects(tmp_path: Path) -> None:
    assert mk.main(["--out-dir", str(tmp_path)]) == 0
    assert mk.check(tmp_path) == []
    wb = openpyxl.load_workbook(tmp_path / mk.SWISS_FILE)
    wb[mk.SWISS_SHEET]["E5"] = "12x"
    wb.save(tmp_path / mk.SWISS_FILE)
    problems = mk.check(tmp_path)
    assert len(problems) == 1
    assert "chess_swiss.xlsx" in problems[0] and "E5" in problems[0] and "'12x' is not a result" in problems[0]


# ------------------------------------------------------------- round robin
def test_round_robin_layout() -> None:
    wb = openpyxl.load_workbook(RR)
    assert wb.sheetnames == ["Crosstable", "tiebreak"]
    assert wb.active.title == "Crosstable"
    ws = wb["Crosstable"]
    assert ws["A1"].value == "Первенство клуба по русским шашкам 2026"
    assert all(ws.cell(2, c).value is None for c in range(1, 20))
    header = [ws.cell(3, c).value for c in range(1, 18)]
    assert header == ["№", "Фамилия, имя", "Разряд", *range(1, 11), "Очки", "Бухгольц (формула)", "Бергер (формула)", "Место (формула)"]
    assert ws.max_row == 13
    names = [ws.cell(r, 2).value for r in range(4, 14)]
    assert len(set(names)) == 10 and all(any("а" <= ch <= "я" for ch in n) for n in names)
    # the Cyrillic Х on the diagonal (D4, E5, ... M13)
    assert [ws.cell(3 + i, 3 + i).value for i in range(1, 11)] == ["\u0425"] * 10  # Cyrillic Ha, not Latin X
    # the forfeit pair: No. 4 won by forfeit against No. 10 (M7 = '+', G13 = '−')
    assert ws["M7"].value == "+" and ws["G13"].value == MINUS
    # formulas next to the table, per row with an absolute range; one spilled PLACES
    assert ws["O4"].value == "=BUCHHOLZ($A$3:$N$13,A4)"
    assert ws["P13"].value == "=SONNEBORN_BERGER($A$3:$N$13,A13)"
    assert ws["Q4"].value == '=PLACES($A$4:$N$13,"sonneborn_berger, wins, h2h, beaten, order","ru")'
    assert all(ws.cell(r, 17).value is None for r in range(5, 14))
    # formats and widths that round trips must keep
    assert ws["N4"].number_format == "0"
    assert ws.column_dimensions["B"].width == 22
    assert ws.column_dimensions["O"].width == 12


def test_round_robin_mirrors_and_points() -> None:
    ws = openpyxl.load_workbook(RR)["Crosstable"]
    mirror = {2: 0, 1: 1, 0: 2, "+": MINUS, MINUS: "+"}
    for i in range(10):
        for j in range(10):
            if i != j:
                a, b = ws.cell(4 + i, 4 + j).value, ws.cell(4 + j, 4 + i).value
                assert mirror[a] == b, (i + 1, j + 1, a, b)
    points = {2: 2, 1: 1, 0: 0, "+": 2, MINUS: 0}
    for i in range(10):
        total = sum(points[ws.cell(4 + i, 4 + j).value] for j in range(10) if j != i)
        assert ws.cell(4 + i, 14).value == total
    # hand count: No. 4: draw 1, loss 2, wins over 3, 5, 8, 9, draws 6, 7, forfeit win over 10
    # = 1 + 0 + 2 + 2 + 1 + 1 + 2 + 2 + 2 = 13
    assert ws["N7"].value == 13
    assert [ws.cell(r, 14).value for r in range(4, 14)] == [10, 11, 11, 13, 10, 8, 8, 6, 6, 7]
    assert sum(ws.cell(r, 14).value for r in range(4, 14)) == 90  # 45 games x 2 points


def test_round_robin_settings_sheet() -> None:
    ws = openpyxl.load_workbook(RR)["tiebreak"]
    expected = settings_grid(Settings(rules="ru", criteria="sonneborn_berger, wins, h2h, beaten, order"), "sonneborn_berger, wins, h2h, beaten, order")
    got = [[ws.cell(r, c).value for c in range(1, 4)] for r in range(1, len(expected) + 1)]
    assert got == [[None if v == "" else v for v in row] for row in expected]
    assert ws["B2"].value == "ru"
    assert ws.max_row == len(expected)


# ------------------------------------------------------------------- Swiss
def test_swiss_layout() -> None:
    wb = openpyxl.load_workbook(SWISS)
    assert wb.sheetnames == ["Swiss", "tiebreak"]
    ws = wb["Swiss"]
    header = [ws.cell(1, c).value for c in range(1, 18)]
    assert header == ["No.", "Name", "Rtg", *[f"R{k}" for k in range(1, 10)], "Pts", "BH/C1 (formula)", "BH (formula)", "SB (formula)", "Place (formula)"]
    assert ws.max_row == 17
    assert [ws.cell(r, 1).value for r in range(2, 18)] == list(range(1, 17))
    assert all(isinstance(ws.cell(r, 3).value, int) for r in range(2, 18))
    dn = wb.defined_names["crosstable"]
    assert dn.attr_text == "Swiss!$A$1:$M$17"
    assert ws["N2"].value == '=TIEBREAK($A$1:$M$17,"BH/C1",A2,"fide-2024")'
    assert ws["P17"].value == '=TIEBREAK($A$1:$M$17,"SB",A17,"fide-2024")'
    assert ws["Q2"].value == '=PLACES($A$2:$M$17,"BH/C1, BH, SB, DE, WIN","fide-2024")'
    assert ws["M2"].number_format == "0.0"
    assert ws["N2"].number_format == "0.00"
    assert ws.column_dimensions["B"].width == 20
    assert ws.freeze_panes == "D2"
    st = wb["tiebreak"]
    assert st["B2"].value == "fide-2024" and st["B3"].value == "BH/C1, BH, SB, DE, WIN"


def test_swiss_notation_and_mirrors() -> None:
    ws = openpyxl.load_workbook(SWISS)["Swiss"]
    cells = {ws.cell(r, 1).value: [ws.cell(r, c).value for c in range(4, 13)] for r in range(2, 18)}
    # chess-results notation, each kind at least once
    assert cells[3][3] == "7w+" and cells[7][3] == "3b-"  # round 4: No. 3 won by forfeit against No. 7
    assert cells[15][5] == "-1"  # pairing bye, round 6
    assert cells[12][6] == "-½"  # requested half-point bye, round 7
    assert cells[16][5:] == [None] * 4  # No. 16 withdrew after round 5
    assert cells[1][0] == "2w½" and cells[2][0] == "1b½"
    flip = {"1": "0", "0": "1", "½": "½", "+": "-", "-": "+"}
    for no, row in cells.items():
        for k, text in enumerate(row):
            if text is None or text.startswith("-"):
                continue
            opp, colour, res = int(text[:-2]), text[-2], text[-1]
            other = cells[opp][k]
            assert other == f"{no}{'b' if colour == 'w' else 'w'}{flip[res]}", (no, k + 1, text, other)
    value = {"1": 1, "0": 0, "½": 0.5, "+": 1, "-": 0}
    for no, row in cells.items():
        total = sum(value[t[-1]] if not t.startswith("-") else float(t[1:].replace("½", "0.5")) for t in row if t)
        assert ws.cell(1 + no, 13).value == total
    # 8 boards x 5 rounds + 7 boards x 4 rounds + 3 pairing byes + 1 half-point bye
    assert sum(ws.cell(r, 13).value for r in range(2, 18)) == 8 * 5 + 7 * 4 + 3 + 0.5
