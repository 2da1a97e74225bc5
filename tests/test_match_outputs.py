"""Match events through every output: tiebreak rank (text, CSV, JSON, HTML), explain, compare, the worksheet functions.

The team workbook (workbooks/team_swiss.xlsx) is worked by hand below; the TRF
team event comes from the generator of the differential test (its values are
held to FIDE's checker there) and is checked here against the library's own
values of the same event.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import call
from team_events import make_team_event

import tiebreak
import tiebreak.excel.functions as functions
from tiebreak.cli.commands import main
from tiebreak.io.trf_team import read_team_trf

ROOT = Path(__file__).resolve().parents[1]
TEAM = ROOT / "workbooks" / "team_swiss.xlsx"
MICRO = ROOT / "workbooks" / "draughts_micro_matches.xlsx"

# workbooks/team_swiss.xlsx by hand (4 boards; PAB = 2 MP and 4 GP, HPB = 1 MP and 2 GP):
# Knights (2): R1 beat Gambits 3:1, R2 drew Rooks 2:2, R3 beat Zugzwang 3:1, R4 beat Pawns 3.5, R5 beat Castles 2.5 -> MP 2+1+2+2+2 = 9, GP 3+2+3+3.5+2.5 = 14
# Rooks (1): R1 beat Castles 2.5, R2 drew Knights 2, R3 beat Bishops 3, R4 beat Gambits 2.5, R5 drew Pawns 2 -> MP 8, GP 12
TEAM_MP = {"Knights": 9.0, "Rooks": 8.0, "Bishops": 6.0, "Castles": 5.0, "Gambits": 4.0, "Zugzwang": 4.0, "Pawns": 3.0}
TEAM_GP = {"Knights": 14.0, "Rooks": 12.0, "Bishops": 10.0, "Castles": 11.5, "Gambits": 12.0, "Zugzwang": 9.0, "Pawns": 9.5}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rank_a_team_workbook_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "en", "rank", str(TEAM), "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["event"] == "team" and data["primary"] == "MP" and data["secondary"] == "GP" and data["boards"] == 4
    assert data["criteria"] == ["MPvGP", "EMGSB", "BH:MP"]  # the workbook's settings sheet
    by_name = {s["name"]: s for s in data["standings"]}
    assert {n: s["match_points"] for n, s in by_name.items()} == TEAM_MP
    assert {n: s["game_points"] for n, s in by_name.items()} == TEAM_GP
    assert all(s["points"] == s["match_points"] for s in data["standings"])  # points = the primary score
    assert all(s["values"]["MPvGP"] == s["game_points"] for s in data["standings"])
    # Gambits and Zugzwang tie on 4 MP; MPvGP: 12 against 9 separates them
    assert by_name["Gambits"]["place"] == "5" and by_name["Zugzwang"]["place"] == "6"
    # EMGSB of Knights: Σ opponent's MP × own GP: Gambits 4×3 + Rooks 8×2 + Zugzwang 4×3 + Pawns 3×3.5 + Castles 5×2.5 = 12 + 16 + 12 + 10.5 + 12.5 = 63
    assert by_name["Knights"]["values"]["EMGSB"] == 63


def test_rank_a_team_workbook_as_text_csv_and_html(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _err = run(capsys, "--lang", "en", "rank", str(TEAM))
    assert code == 0
    assert "Points: match points (MP) (primary), then game points (GP); 4 boards a match" in out
    assert out.splitlines()[3].split()[:4] == ["1", "2", "Knights", "9"]
    code, out, _err = run(capsys, "--lang", "en", "rank", str(TEAM), "--format", "csv", "--criteria", "MPvGP, h2h, WIN")
    titles = [tiebreak.get_criterion(c).title for c in ("MPvGP", "h2h", "WIN")]  # the CSV head names each criterion
    assert code == 0 and out.splitlines()[0].lstrip("\ufeff").split(",")[4:] == titles
    page = tmp_path / "teams.html"
    code, _out, err = run(capsys, "--lang", "en", "rank", str(TEAM), "--format", "html", "--out", str(page))
    assert code == 0, err
    assert "Knights" in page.read_text(encoding="utf-8") and "EMGSB" in page.read_text(encoding="utf-8")


def test_rank_a_micro_match_workbook_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "--lang", "ru", "rank", str(MICRO), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["event"] == "micro" and data["primary"] == "GP"
    assert [s["game_points"] for s in data["standings"]] == [s["points"] for s in data["standings"]]
    assert sum(s["game_points"] for s in data["standings"]) == 15 * 4  # 15 micro-matches, 4 points each on 2/1/0
    code, out, _err = run(capsys, "--lang", "ru", "rank", str(MICRO))
    assert "Очки: очки за партии (GP) — основные, затем очки за матчи (MP); партий в матче: 2" in out


def _team_trf(tmp_path: Path) -> tuple[Path, str]:
    text, _counts = make_team_event(random.Random(9), 1)
    path = tmp_path / "teams.trf"
    path.write_text(text, encoding="utf-8")
    return path, text


def test_rank_explain_and_compare_a_trf_team_event(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, text = _team_trf(tmp_path)
    e = read_team_trf(text)
    code, out, err = run(capsys, "--lang", "en", "rank", str(path), "--format", "json", "--criteria", "EDET, EMGSB, BC, BH:GP")
    assert code == 0, err
    data = json.loads(out)
    assert data["rules"] == e.rules and data["boards"] == e.boards
    number = {s.number: i for i, s in enumerate(e.sides)}
    bc = tiebreak.values(e.tournament(), "BC", e.rules)
    for s in data["standings"]:
        i = number[s["number"]]
        assert s["match_points"] == e.match_points[i] and s["game_points"] == e.game_points[i]
        assert s["values"]["BC"] == pytest.approx(bc[i])
    code, out, err = run(capsys, "--lang", "en", "explain", str(path), "--player", str(e.sides[0].number), "--criteria", "BH:MP")
    assert code == 0, err
    assert e.sides[0].name in out
    code, out, err = run(capsys, "--lang", "en", "compare", str(path), "--rules", "fide-2024,fide-2026", "--criteria", "BH:MP, EMGSB")
    assert code == 0, err


def test_worksheet_functions_take_team_and_micro_match_tables() -> None:
    grid: list[list[Any]] = [
        ["No", "Team", "R1", "R2", "R3", "MP", "GP"],
        [1, "Ajax", "4w3", "2b2,5", "3w2", 5, 7.5],
        [2, "Bols", "3b2,5", "1w1,5", "4+F", 4, 8],
        [3, "Cito", "2w1,5", "4b3:1", "1b2", 3, 6.5],
        [4, "Dama", "1b1", "3w1", "2-F", 0, 2],
    ]
    # EMGSB of Ajax: opponents' MP × Ajax's GP: Dama 0 × 3 + Bols 4 × 2.5 + Cito 3 × 2 = 16
    assert call(functions, "tiebreak", grid, "EMGSB", "Ajax", "fide-2024") == [[16.0]]
    # Bols: Cito 3 × 2.5 + Ajax 5 × 1.5, and the match won by forfeit (4 GP) against a virtual opponent
    # with Bols's own 4 MP (C.07 16.4): 4 × 4; 7.5 + 7.5 + 16 = 31
    assert call(functions, "tiebreak", grid, "EMGSB", 2, "fide-2024") == [[31.0]]
    assert call(functions, "tiebreak", grid, "MPvGP", "Cito") == [[6.5]]
    places = call(functions, "places", grid[1:] and grid, "MPvGP, EMGSB", "fide-2024")
    assert [str(row[0]) for row in places][-4:] == ["1", "2", "3", "4"]
    micro = [
        ["№", "Участник", 1, 2, 3, "МО", "ИО"],
        [1, "Анна", "X", "2 1", "1 1", 3, 5],
        [2, "Борис", "0 1", "X", "2 2", 2, 5],
        [3, "Вера", "1 1", "0 0", "X", 1, 2],
    ]
    # Berger game by game: Анна beat Борис (5) once, drew with him once and drew Вера (2) twice: 2×5 + 5 + 2 + 2 = 19
    assert call(functions, "tiebreak", micro, "sonneborn_berger", "Анна", "ru") == [[19.0]]


def test_the_match_workbooks_are_rebuilt_byte_for_byte(tmp_path: Path) -> None:
    import importlib.util
    import zipfile

    spec = importlib.util.spec_from_file_location("make_workbooks", ROOT / "workbooks" / "make_workbooks.py")
    assert spec is not None and spec.loader is not None
    mk = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mk)
    assert mk.main(["--out-dir", str(tmp_path)]) == 0
    for name in (mk.TEAM_FILE, mk.MICRO_FILE):
        with zipfile.ZipFile(tmp_path / name) as fresh, zipfile.ZipFile(ROOT / "workbooks" / name) as shipped:
            assert fresh.namelist() == shipped.namelist()
            for part in fresh.namelist():
                assert fresh.read(part) == shipped.read(part), f"{name}: {part}: rerun python workbooks/make_workbooks.py"
    assert mk.check_matches(tmp_path) == []


def test_the_rank_script_ranks_a_team_workbook_with_its_standings() -> None:
    from test_rank_script import alert, payload, run_script, sheet_writes

    data = payload(TEAM)
    actions = run_script(data)
    writes = sheet_writes(actions, 0)
    assert len(writes) == 1
    w = writes[0]
    # beside the table (A1:I8): Place and the three criteria, from column J (0-based 9)
    assert (w["start_row"], w["start_column"], w["row_count"], w["column_count"]) == (0, 9, 8, 4)
    names = [data["sheets"][0]["values"][1 + i][1] for i in range(7)]
    places = {n: str(row[0]) for n, row in zip(names, w["values"][1:])}
    assert places == {"Rooks": "2", "Knights": "1", "Bishops": "3", "Pawns": "7", "Castles": "4", "Gambits": "5", "Zugzwang": "6"}
    standings = sheet_writes(actions, len(data["sheets"]))
    rows = standings[0]["values"]
    assert rows[0][0].startswith("Standings (tiebreak)") and [r[2] for r in rows[3:10]] == ["Knights", "Rooks", "Bishops", "Castles", "Gambits", "Zugzwang", "Pawns"]
    assert [r[3] for r in rows[3:10]] == [9, 8, 6, 5, 4, 4, 3]  # the primary score: match points
    assert "7" in alert(actions)
