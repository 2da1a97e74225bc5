"""The command line end to end, on the example workbooks in workbooks/ (and a FIDE TRF file).

Expected places and values are worked out by hand from the games listed in
workbooks/make_workbooks.py (the arithmetic is in the comments), or come from
the published FIDE exercise answers.
"""

from __future__ import annotations

import csv
import hashlib
import importlib.util
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import openpyxl
import pytest
from helpers import text_table

from tiebreak.cli import commands as cli
from tiebreak.core.ranking import rank
from tiebreak.io.trf import read_trf_file
from tiebreak.reading import read_table

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "workbooks"
RR = FOLDER / "draughts_round_robin.xlsx"
SWISS = FOLDER / "chess_swiss.xlsx"
HELD5 = ROOT / "tests" / "reference" / "fide_held_exercises" / "held_swiss_5.trf"
HELD5_CSV = HELD5.with_name("held_swiss_5_expected.csv")


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_workbooks_for_cli", FOLDER / "make_workbooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mk = _load_script()

# ------------------------------------------------------------ hand-checked
# Round robin, 2/1/0 scoring, rules "ru" (a forfeit counts as a draw in the
# coefficients, and opponents' scores count their own forfeits as draws).
# Points: No.1 10, 2 11, 3 11, 4 13, 5 10, 6 8, 7 8, 8 6, 9 6, 10 7.
# Adjusted scores S': No.4 13 - 1 = 12 (its forfeit win counts 1), No.10 7 + 1 = 8, the rest as above.
# Sonneborn-Berger (draughts) = 2 x sum S'(beaten) + sum S'(drawn), the forfeit pair as a draw:
#   No.4: beat 3, 5, 8, 9; drew 1, 6, 7, (10 forfeit) -> 2 x (11+10+6+6) + (10+8+8+8) = 66 + 34 = 100
#   No.3: beat 1, 2, 9, 10; drew 6, 7, 8             -> 2 x (10+11+6+8) + (8+8+6) = 70 + 22 = 92
#   No.2: beat 4, 5, 8, 9; drew 6, 7, 10             -> 2 x (12+10+6+6) + (8+8+8) = 68 + 24 = 92
#   No.5: beat 1, 3, 8, 9; drew 6, 7                 -> 2 x (10+11+6+6) + (8+8) = 66 + 16 = 82
#   No.1: beat 2, 8, 9; drew 4, 6, 7, 10             -> 2 x (11+6+6) + (12+8+8+8) = 46 + 36 = 82
#   No.6 (and No.7, the same results): beat 10; drew 1-5 and each other -> 2 x 8 + (10+11+11+12+10+8) = 78
#   No.10: beat 5, 9; drew 1, 2, 8, (4 forfeit)      -> 2 x (10+6) + (10+11+6+12) = 32 + 39 = 71
#   No.8: beat 6, 7; drew 3, 10                      -> 2 x (8+8) + (11+8) = 51
#   No.9: beat 6, 7, 8                               -> 2 x (8+8+6) = 44
# Ties: 11 points: No.3 and No.2 equal on SB 92 and 4 wins -> No.3 beat No.2 (h2h): 2nd and 3rd.
#       10 points: No.5 and No.1 equal on SB 82 -> wins 4 against 3: No.5 4th, No.1 5th.
#        8 points: No.6 and No.7 have the same results against everybody and drew each other: 6-7.
#        6 points: No.8 SB 51 > No.9 SB 44: 9th and 10th.
RR_PLACES = {4: "1", 3: "2", 2: "3", 5: "4", 1: "5", 6: "6–7", 7: "6–7", 10: "8", 8: "9", 9: "10"}
RR_POINTS = {1: 10, 2: 11, 3: 11, 4: 13, 5: 10, 6: 8, 7: 8, 8: 6, 9: 6, 10: 7}
RR_SB = {1: 82, 2: 92, 3: 92, 4: 100, 5: 82, 6: 78, 7: 78, 8: 51, 9: 44, 10: 71}
# over-the-board wins (a forfeit win is not one under "ru"): No.4 beat 3, 5, 8, 9 -> 4
RR_WINS = {1: 3, 2: 4, 3: 4, 4: 4, 5: 4, 6: 1, 7: 1, 8: 2, 9: 3, 10: 2}
RR_CRITERIA = ["sonneborn_berger", "wins", "h2h", "beaten", "order"]
# the same criteria as the text and CSV outputs head their columns in English (Rank's headers)
RR_HEADERS = ["Sonneborn–Berger", "Most wins", "Head-to-head", "Beaten opponents' scores", "Results in order of places"]
SWISS_HEADERS = {"BH/C1": "Buchholz C1", "BH": "Buchholz (FIDE BH)", "SB": "Sonneborn–Berger (FIDE SB)", "DE": "Direct encounter (points among the tied)", "WIN": "Wins (FIDE WIN)"}

# Swiss, rules fide-2024.  adj(X) = X's points, except No.16 (withdrew after
# round 5, absent rounds 6-9 count as draws for his opponents, 16.2.5):
# adj(16) = 2.5 + 4 x 0.5 = 4.5.  Points: 1 5.5, 2 4.5, 3 5.5, 4 6, 5 5, 6 5.5,
# 7 4.5, 8 5.5, 9 5.5, 10 3.5, 11 4.5, 12 3.5, 13 3, 14 5, 15 2, 16 2.5.
#   No.1 met 2 (½), 16 (½), 3 (1), 5 (½), 6 (½), 8 (1), 9 (½), 11 (1), 4 (0):
#     BH = 4.5+4.5+5.5+5+5.5+5.5+5.5+4.5+6 = 46.5; BH/C1 = 46.5 - 4.5 = 42
#     SB = 2.25+2.25+5.5+2.5+2.75+5.5+2.75+4.5+0 = 28
#   No.8 met 7 (½), 4 (½), 10 (1), 11 (1), 9 (½), 1 (0), 5 (1), 3 (1), 6 (0):
#     BH = 4.5+6+3.5+4.5+5.5+5.5+5+5.5+5.5 = 45.5; BH/C1 = 45.5 - 3.5 = 42
#     SB = 2.25+3+3.5+4.5+2.75+0+5+5.5+0 = 26.5; WIN = 4
#   No.3 met 4 (1), 9 (0), 1 (0), 7 (forfeit win: a dummy opponent with No.3's own 5.5), 10 (1),
#     11 (1), 2 (1), 8 (0), 14 (½):
#     BH = 6+5.5+5.5+5.5+3.5+4.5+4.5+5.5+5 = 45.5; BH/C1 = 45.5 - 3.5 = 42
#     SB = 6+0+0+5.5+3.5+4.5+4.5+0+2.5 = 26.5; WIN = 5 (the forfeit win counts)
#   No.9: BH = 3.5+5.5+4.5+4.5+5.5+4.5+5.5+6+4.5 = 44, BH/C1 = 40.5
#   No.6: BH = 5+4.5+4.5+5+5.5+3+6+3.5+5.5 = 42.5, BH/C1 = 39.5
#   No.5: BH = 5.5+4.5+4.5+5.5+4.5+3.5+5.5+3.5+2 = 39, BH/C1 = 37, SB = 19.5
#   No.14: BH = 3+4.5+4.5+5.5+3.5+6+4.5+2+5.5 = 39, BH/C1 = 37, SB = 19.25
# Places: No.4 alone on 6.  On 5.5: BH/C1 42 (1, 8, 3) > 40.5 (9) > 39.5 (6); among 1, 8, 3
# BH 46.5 puts No.1 2nd; 8 and 3 are equal on BH and SB, and No.8 beat No.3 in round 8 (DE):
# No.8 3rd, No.3 4th, No.9 5th, No.6 6th.  On 5: No.5 and No.14 equal on BH/C1 and BH, SB 19.5 > 19.25.
SWISS_PLACES = {4: "1", 1: "2", 8: "3", 3: "4", 9: "5", 6: "6", 5: "7", 14: "8"}
SWISS_VALUES = {
    1: {"BH/C1": 42, "BH": 46.5, "SB": 28},
    8: {"BH/C1": 42, "BH": 45.5, "SB": 26.5, "WIN": 4},
    3: {"BH/C1": 42, "BH": 45.5, "SB": 26.5, "WIN": 5},
    9: {"BH/C1": 40.5, "BH": 44},
    6: {"BH/C1": 39.5, "BH": 42.5},
    5: {"BH/C1": 37, "BH": 39, "SB": 19.5},
    14: {"BH/C1": 37, "BH": 39, "SB": 19.25},
}


def ru_sonneborn_berger() -> dict[int, float]:
    """An independent computation from the game list (cross-checks the hand arithmetic above)."""
    pts = {n: 0 for n, _, _ in mk.RR_PLAYERS}
    adj = {n: 0 for n, _, _ in mk.RR_PLAYERS}
    for a, b, res in mk.RR_GAMES:
        if res == "+":
            pts[a] += 2
            adj[a] += 1
            adj[b] += 1
        else:
            pts[a] += res
            pts[b] += 2 - res
            adj[a] += res
            adj[b] += 2 - res
    sb = {n: 0 for n in pts}
    for a, b, res in mk.RR_GAMES:
        if res == "+":
            sb[a] += adj[b]
            sb[b] += adj[a]
            continue
        sb[a] += {2: 2, 1: 1, 0: 0}[res] * adj[b]
        sb[b] += {0: 2, 1: 1, 2: 0}[res] * adj[a]
    return sb


def test_hand_arithmetic_agrees_with_the_game_list() -> None:
    assert ru_sonneborn_berger() == RR_SB
    assert {k: int(v) for k, v in mk.rr_points().items()} == RR_POINTS
    assert mk.swiss_points()[1] == 5.5 and mk.swiss_points()[16] == 2.5


# ------------------------------------------------------------------ helpers
def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(autouse=True)
def shipped_workbooks_untouched() -> Iterator[None]:
    before = {p: sha(p) for p in (RR, SWISS)}
    yield
    assert {p: sha(p) for p in (RR, SWISS)} == before, "a command changed an input workbook"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out
    return code, out, err


def copy(src: Path, folder: Path, name: str | None = None) -> Path:
    dst = folder / (name or src.name)
    shutil.copyfile(src, dst)
    return dst


def with_cell(src: Path, folder: Path, sheet: str, cell: str, value: Any) -> Path:
    wb = openpyxl.load_workbook(src)
    wb[sheet][cell] = value
    dst = folder / f"edited_{src.name}"
    wb.save(dst)
    return dst


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


# -------------------------------------------------------------- text output
def test_text_output_round_robin(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", str(RR), "--lang", "en")  # the Cyrillic table alone would choose Russian
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Rules: ru   Criteria: sonneborn_berger, wins, h2h, beaten, order"
    body = lines[2:12]
    assert len(body) == 10 and not any(line.startswith("Note") for line in body)
    # one line per player in aligned columns: names and headers keep their spaces
    table = text_table(lines[1:12])
    assert list(table[0]) == ["Place", "No.", "Name", "Points", *RR_HEADERS]
    got = {int(row["No."]): row["Place"] for row in table}
    assert got == RR_PLACES
    assert [row["Place"] for row in table] == ["1", "2", "3", "4", "5", "6–7", "6–7", "8", "9", "10"]
    assert table[0]["Name"] == "Попов Дмитрий"
    assert {int(row["No."]): float(row["Sonneborn–Berger"]) for row in table} == RR_SB
    assert {int(row["No."]): int(row["Most wins"]) for row in table} == RR_WINS
    # No.6 and No.7 (tied on everything) against the others in the order of their places, 2/1/0:
    # drew places 1-5 (No.4, 3, 2, 5, 1: 1 each), beat No.10 (8th: 2), lost to No.8 and No.9 (0, 0);
    # the results are printed with a dot between them
    tied = {int(row["No."]): row["Results in order of places"] for row in table if row["Place"] == "6–7"}
    assert tied == {6: "1 · 1 · 1 · 1 · 1 · 2 · 0 · 0", 7: "1 · 1 · 1 · 1 · 1 · 2 · 0 · 0"}


def test_text_output_swiss(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", str(SWISS))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Rules: fide-2024   Criteria: BH/C1, BH, SB, DE, WIN"
    body = lines[2:18]
    assert len(body) == 16
    got = {int(line.split()[1]): line.split()[0] for line in body}
    assert {n: got[n] for n in SWISS_PLACES} == SWISS_PLACES


# ------------------------------------------------------------------ csv, json
def test_csv_round_robin(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", str(RR), "--format", "csv", "--lang", "en")
    assert code == 0, err
    rows = csv_rows(out)
    assert list(rows[0]) == ["Place", "No.", "Name", "Points", *RR_HEADERS]
    by_no = {int(r["No."]): r for r in rows}
    assert {n: r["Place"] for n, r in by_no.items()} == RR_PLACES
    assert {n: float(r["Points"]) for n, r in by_no.items()} == RR_POINTS
    assert {n: float(r["Sonneborn–Berger"]) for n, r in by_no.items()} == RR_SB
    assert {n: int(r["Most wins"]) for n, r in by_no.items()} == RR_WINS
    # head-to-head where it decided: No.3 beat No.2 -> 2 points against 0 (2/1/0 scoring)
    assert (by_no[3]["Head-to-head"], by_no[2]["Head-to-head"]) == ("2", "0")
    # beaten opponents' scores (adjusted): No.4 beat 3, 5, 8, 9 -> 11 + 10 + 6 + 6 = 33
    assert by_no[4]["Beaten opponents' scores"] == "33"
    # rows sorted by place
    assert [r["Place"] for r in rows] == ["1", "2", "3", "4", "5", "6–7", "6–7", "8", "9", "10"]


def test_csv_swiss(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", str(SWISS), "--format", "csv")
    assert code == 0, err
    rows = csv_rows(out)
    assert list(rows[0]) == ["Place", "No.", "Name", "Points", *SWISS_HEADERS.values()]
    by_no = {int(r["No."]): r for r in rows}
    assert by_no[13]["Name"] == "O'Brien, Sean" and by_no[1]["Name"] == "Andersen, Mia"
    assert {n: by_no[n]["Place"] for n in SWISS_PLACES} == SWISS_PLACES
    for n, values in SWISS_VALUES.items():
        for code_, v in values.items():
            assert float(by_no[n][SWISS_HEADERS[code_]]) == v, (n, code_)
    assert {n: float(r["Points"]) for n, r in by_no.items()} == mk.swiss_points()


def test_json_round_robin(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", str(RR), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert {"rules", "sheet", "scoring", "system", "criteria", "skipped", "notes", "standings"} <= set(data)
    assert data["rules"] == "ru" and data["sheet"] == "Crosstable"
    assert data["scoring"] == "2/1/0" and data["system"] == "round robin"
    assert data["criteria"] == RR_CRITERIA
    st = data["standings"]
    assert len(st) == 10
    assert {"place", "place_from", "place_to", "number", "name", "points", "values", "decided_by"} <= set(st[0])
    by_no = {s["number"]: s for s in st}
    assert {n: s["place"] for n, s in by_no.items()} == RR_PLACES
    assert (by_no[6]["place_from"], by_no[6]["place_to"]) == (6, 7)
    assert {n: s["values"]["sonneborn_berger"] for n, s in by_no.items()} == RR_SB
    assert by_no[3]["decided_by"] == "h2h" and by_no[5]["decided_by"] == "wins" and by_no[8]["decided_by"] == "sonneborn_berger"
    assert by_no[4]["name"] == "Попов Дмитрий" and by_no[4]["points"] == 13


def test_json_swiss(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", str(SWISS), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["rules"] == "fide-2024" and data["criteria"] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    by_no = {s["number"]: s for s in data["standings"]}
    for n, values in SWISS_VALUES.items():
        for code_, v in values.items():
            assert by_no[n]["values"][code_] == v, (n, code_)
    assert by_no[8]["decided_by"] == "DE" and by_no[3]["decided_by"] == "DE"
    assert by_no[5]["decided_by"] == "SB" and by_no[1]["decided_by"] == "BH"


def test_real_subprocess(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tiebreak.cli", "rank", str(RR), "--format", "csv", "--lang", "en"], capture_output=True, text=True, timeout=120, encoding="utf-8"
    )
    assert proc.returncode == 0, proc.stderr
    rows = csv_rows(proc.stdout)
    assert {int(r["No."]): r["Place"] for r in rows} == RR_PLACES
    # the console script, a usage error: exit 2, a message, no traceback
    script = shutil.which("tiebreak") or str(Path(sys.executable).with_name("tiebreak"))
    proc = subprocess.run([script, "rank"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "tiebreak: error:" in proc.stderr and "Traceback" not in proc.stderr


# --------------------------------------------------------------------- --out
def test_out_round_robin(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "ranked.xlsx"
    code, out, err = run(capsys, "rank", str(RR), "--out", str(out_file))
    assert code == 0, err
    assert f"tiebreak: записан файл {out_file}" in err  # the Russian table: the command line speaks Russian
    wb = openpyxl.load_workbook(out_file)
    assert wb.sheetnames == ["Crosstable", "tiebreak", "Standings"]
    ws = wb["Crosstable"]
    # the table (A3:N13) and the formula columns O-Q are the user's; Rank writes R-W
    header = [ws.cell(3, c).value for c in range(18, 24)]
    assert header[0] == "Место"
    assert header[1:] == ["Коэффициент Зонненборна–Бергера", "Количество побед", "Личные встречи", "Сумма очков побеждённых", "Результаты встреч в порядке мест"]
    places = {ws.cell(r, 1).value: ws.cell(r, 18).value for r in range(4, 14)}
    assert {n: str(p) for n, p in places.items()} == RR_PLACES
    assert places[6] == "6–7" and places[7] == "6–7"
    assert {ws.cell(r, 1).value: ws.cell(r, 19).value for r in range(4, 14)} == RR_SB
    assert ws.cell(2, 18).value is None and ws.cell(14, 18).value is None
    # the Standings sheet, sorted by place, with the marker title
    st = wb["Standings"]
    assert str(st["A1"].value).startswith("Standings (tiebreak)")
    assert "ru" in st["A1"].value
    assert [st.cell(3, c).value for c in range(1, 5)] == ["Место", "№", "Участник", "Очки"]
    rows = [[st.cell(r, c).value for c in range(1, 5)] for r in range(4, 14)]
    assert [str(r[0]) for r in rows] == ["1", "2", "3", "4", "5", "6–7", "6–7", "8", "9", "10"]
    assert [r[1] for r in rows][:5] == [4, 3, 2, 5, 1]
    assert rows[0][2] == "Попов Дмитрий" and rows[0][3] == 13
    # the settings sheet records where the columns are
    cfg = wb["tiebreak"]
    assert cfg["A6"].value == "Output / Вывод" and cfg["B6"].value == "Crosstable!R3:W3"
    assert cfg["B2"].value == "ru"


def test_out_swiss(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "ranked.xlsx"
    code, out, err = run(capsys, "rank", str(SWISS), "--out", str(out_file))
    assert code == 0, err
    wb = openpyxl.load_workbook(out_file)
    assert wb.sheetnames == ["Swiss", "tiebreak", "Standings"]
    ws = wb["Swiss"]
    # the named table is A1:M17; the user's formula columns N-Q stay; Rank writes after them, R-W
    assert [ws.cell(1, c).value for c in range(14, 18)] == ["BH/C1 (formula)", "BH (formula)", "SB (formula)", "Place (formula)"]
    assert [ws.cell(1, c).value for c in range(18, 24)] == ["Place", "Buchholz C1", "Buchholz (FIDE BH)", "Sonneborn–Berger (FIDE SB)", "Direct encounter (points among the tied)", "Wins (FIDE WIN)"]
    places = {ws.cell(r, 1).value: str(ws.cell(r, 18).value) for r in range(2, 18)}
    assert {n: places[n] for n in SWISS_PLACES} == SWISS_PLACES
    assert ws["N2"].value == '=TIEBREAK($A$1:$M$17,"BH/C1",A2,"fide-2024")'
    assert wb["tiebreak"]["B6"].value == "Swiss!R1:W1"
    st = wb["Standings"]
    assert str(st["A1"].value).startswith("Standings (tiebreak)") and "fide-2024" in st["A1"].value
    assert [st.cell(r, 2).value for r in range(4, 12)] == [4, 1, 8, 3, 9, 6, 5, 14]


def test_out_onto_the_input_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = copy(RR, tmp_path)
    before = sha(src)
    code, out, err = run(capsys, "rank", str(src), "--out", str(src))
    assert code == 1
    assert "--overwrite-input" in err and "tiebreak: error:" in err
    assert sha(src) == before
    # the same file by another path
    code, out, err = run(capsys, "rank", str(src), "--out", str(tmp_path / "." / src.name))
    assert code == 1 and sha(src) == before
    code, out, err = run(capsys, "rank", str(src), "--out", str(src), "--overwrite-input")
    assert code == 0, err
    assert sha(src) != before
    assert openpyxl.load_workbook(src)["Crosstable"]["R3"].value == "Место"


def test_input_unchanged_after_out(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = copy(SWISS, tmp_path)
    before = sha(src)
    for fmt in ("text", "csv", "json"):
        run(capsys, "rank", str(src), "--format", fmt)
    run(capsys, "rank", str(src), "--out", str(tmp_path / "o.xlsx"))
    run(capsys, "export", str(src), "--trf", str(tmp_path / "o.trf"))
    assert sha(src) == before


# ------------------------------------------------------------------ errors
@pytest.mark.parametrize(
    "src, sheet, cell, where",
    [
        (SWISS, "Swiss", "E5", "round 2"),  # No. 4's round 2 cell
        (RR, "Crosstable", "F5", "Кузнецова Анна"),  # No. 2 against No. 3
    ],
)
def test_bad_result_names_the_cell(capsys: pytest.CaptureFixture[str], tmp_path: Path, src: Path, sheet: str, cell: str, where: str) -> None:
    bad = with_cell(src, tmp_path, sheet, cell, "12x")
    before = sha(bad)
    code, out, err = run(capsys, "rank", str(bad), "--lang", "en")  # the Russian example speaks Russian unless asked
    assert code == 1
    assert out == ""
    assert "cell" in err and cell in err and "'12x' is not a result" in err and where in err
    assert f"sheet '{sheet}'" in err
    code, out, err = run(capsys, "rank", str(bad), "--out", str(tmp_path / "never.xlsx"))
    assert code == 1 and not (tmp_path / "never.xlsx").exists()
    assert sha(bad) == before


def test_unknown_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", str(RR), "--rules", "nope", "--lang", "en")
    assert code == 1
    assert "nope" in err and "fide-2024" in err and "tiebreak: error:" in err


def test_unknown_criterion(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", str(RR), "--criteria", "BH, nonsense", "--lang", "en")
    assert code == 1
    assert "nonsense" in err and "tiebreak: error:" in err
    # the bad code came from the command line: the message must not blame the settings sheet
    assert "sheet 'tiebreak'" not in err


def test_unknown_criterion_in_trf_mode(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", str(HELD5), "--criteria", "XYZ")
    assert code == 1 and "XYZ" in err


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "rank", str(tmp_path / "nowhere.xlsx"))
    assert code == 1 and "no such file" in err
    code, out, err = run(capsys, "export", str(tmp_path / "nowhere.xlsx"), "--trf", str(tmp_path / "x.trf"))
    assert code == 1 and "no such file" in err
    assert not (tmp_path / "x.trf").exists()


def test_not_a_workbook(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fake = tmp_path / "scores.xlsx"
    fake.write_text("No,Name\n1,Ann\n", encoding="utf-8")
    code, out, err = run(capsys, "rank", str(fake))
    assert code == 1 and "not an .xlsx workbook" in err
    code, out, err = run(capsys, "export", str(fake), "--trf", str(tmp_path / "x.trf"))
    assert code == 1 and "not an .xlsx workbook" in err


@pytest.mark.parametrize("argv", [[], ["rank"], ["frobnicate"], ["rank", str(RR), "--format", "xml"], ["export", str(RR)]])
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert "usage" in err


def test_rank_without_out_prints_even_when_a_target_cell_is_taken(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # T5 is inside the columns Rank would write (R-W), but nothing is written without --out
    blocked = with_cell(RR, tmp_path, "Crosstable", "T5", "мой комментарий")
    code, out, err = run(capsys, "rank", str(blocked), "--format", "csv", "--lang", "en")
    assert code == 0, err
    assert {int(r["No."]): r["Place"] for r in csv_rows(out)} == RR_PLACES


def test_out_refused_when_a_target_cell_is_taken(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    blocked = with_cell(RR, tmp_path, "Crosstable", "T5", "мой комментарий")
    code, out, err = run(capsys, "rank", str(blocked), "--out", str(tmp_path / "o.xlsx"))
    assert code == 1
    assert "T5" in err and "ничего не изменено" in err  # the Russian table: Russian messages
    assert not (tmp_path / "o.xlsx").exists()


# --------------------------------------------------------------------- TRF
def test_rank_a_trf_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", str(HELD5), "--criteria", "BH/C1, BH, SB", "--format", "csv")
    assert code == 0, err
    got = {int(r["No."]): r["Place"] for r in csv_rows(out)}
    # places from the published answers (points, then BH/C1, BH, SB under the 2024 rules)
    with open(HELD5_CSV, encoding="utf-8") as f:
        ref = list(csv.DictReader(f))
    key = {int(r["sno"]): tuple(float(r[c]) for c in ("points", "BH/C1_2024", "BH_2024", "SB_2024")) for r in ref}
    expected = {}
    for n, k in key.items():
        first = 1 + sum(1 for other in key.values() if other > k)
        last = sum(1 for other in key.values() if other >= k)
        expected[n] = str(first) if first == last else f"{first}–{last}"
    assert got == expected
    assert got[2] == "1"  # Bruno, the only one on 4 points
    code, out, err = run(capsys, "rank", str(HELD5), "--criteria", "BH/C1, BH, SB")
    assert code == 0
    assert out.splitlines()[0] == "Rules: fide-2024   Criteria: BH/C1, BH, SB"
    assert len([line for line in out.splitlines()[2:] if line.strip()]) == 16


def test_trf_refuses_out_and_sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "rank", str(HELD5), "--out", str(tmp_path / "x.xlsx"))
    assert code == 1 and "--out" in err
    assert not (tmp_path / "x.xlsx").exists()


def _xlsx_tournament(path: Path, sheet: str, box: tuple[int, int, int, int]) -> Any:
    ws = openpyxl.load_workbook(path)[sheet]
    top, left, bottom, right = box
    return read_table([[ws.cell(r, c).value for c in range(left, right + 1)] for r in range(top, bottom + 1)])


@pytest.mark.parametrize(
    "src, sheet, box, rules, criteria",
    [
        (RR, "Crosstable", (3, 1, 13, 14), "ru", "buchholz, sonneborn_berger, wins"),
        (SWISS, "Swiss", (1, 1, 17, 13), "fide-2024", "BH/C1, BH, SB, WIN"),
    ],
)
def test_export_trf_round_trip(capsys: pytest.CaptureFixture[str], tmp_path: Path, src: Path, sheet: str, box: Any, rules: str, criteria: str) -> None:
    trf = tmp_path / "event.trf"
    code, out, err = run(capsys, "export", str(src), "--trf", str(trf))
    assert code == 0, err
    assert trf.exists() and not list(tmp_path.glob(".*.tmp"))
    back = read_trf_file(trf)
    assert back.rules == rules
    original = _xlsx_tournament(src, sheet, box)
    pts_back = {p.number: back.points[i] for i, p in enumerate(back.players)}
    pts_orig = {p.number: original.points[i] for i, p in enumerate(original.players)}
    assert pts_back == pts_orig
    assert {p.number: p.name for p in back.players} == {p.number: p.name for p in original.players}
    a, b = rank(original, criteria, rules), rank(back, criteria, rules)
    va = {original.players[s.player].number: s.values for s in a.standings}
    vb = {back.players[s.player].number: s.values for s in b.standings}
    assert va == vb
    if src == RR:
        # the matrix comes back in Berger rounds: 9 rounds, everybody plays every round
        assert back.rounds == 9 and back.is_round_robin
        assert {n: v["sonneborn_berger"] for n, v in vb.items()} == RR_SB
        assert {int(k): int(v) for k, v in pts_back.items()} == RR_POINTS
    else:
        assert back.rounds == 9 and not back.is_round_robin
        assert (vb[1]["BH"], vb[1]["BH/C1"], vb[1]["SB"]) == (46.5, 42, 28)
        assert (vb[3]["BH"], vb[3]["SB"], vb[3]["WIN"]) == (45.5, 26.5, 5)
        assert pts_back == mk.swiss_points()


def test_a_bad_option_is_reported_as_the_option_not_the_settings_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    # --scoring, --rules and --criteria are the user's own words on the command line: the message
    # names the value, without blaming the workbook's settings sheet
    for option, value, expected in (
        ("--scoring", "abc", "tiebreak: error: scoring 'abc': write it as win/draw/loss, e.g. 1/0.5/0 or 2/1/0"),
        ("--rules", "xyz", "tiebreak: error: unknown rule set 'xyz'"),
    ):
        code, out, err = run(capsys, "rank", str(SWISS), option, value, "--lang", "en")
        assert code == 1 and out == ""
        assert err.startswith(expected) and "sheet 'tiebreak'" not in err

