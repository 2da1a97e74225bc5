"""The team codes explained (tiebreak explain, TB_EXPLAIN): what was summed, a row per match or per board, in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import call, save_xlsx

import tiebreak.excel.functions as functions
from tiebreak.cli.commands import main

TEAM = Path(__file__).resolve().parents[1] / "workbooks" / "team_swiss.xlsx"

# a team Swiss of three teams on two boards, board by board; round 3 being entered (Bols - Cito not in yet)
BOARDS: list[list[Any]] = [
    ["No", "Team", "R1", "R2", "R3", "MP", "GP"],
    [1, "Ajax", "2w 1 ½", "3b 0 1", "PAB", 5, 4.5],
    [2, "Bols", "1b 0 ½", "PAB", None, 2, 2.5],
    [3, "Cito", "PAB", "1w 1 0", None, 3, 3],
]


def _explain(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_extended_sb_and_the_secondary_score_are_explained_per_match(capsys: pytest.CaptureFixture[str]) -> None:
    out = _explain(capsys, "--lang", "en", "explain", str(TEAM), "--player", "Knights", "--criteria", "EMGSB, MPvGP, SSSC")
    # EMGSB of Knights (tests/test_match_outputs.py): Gambits 4 MP × 3 GP, Rooks 8 × 2, Zugzwang 4 × 3, Pawns 3 × 3.5, Castles 5 × 2.5
    assert "Extended Sonneborn-Berger EMGSB: 63   [the opponent's match points × own game points in the match]" in out
    for line in ("1      Gambits   3:1      4                     12", "4      Pawns     3.5:½    3                     10.5", "5      Castles   2.5:1.5  5                     12.5"):
        assert line in out
    # MPvGP: the game points of each match, 3 + 2 + 3 + 3.5 + 2.5 = 14
    assert "Secondary score (MPvGP): 14" in out and "2      Rooks     2:2                            2" in out
    # SSSC: 14 + BH:MP 24 / the factor floor(2 MP × 5 rounds / 1 / 4 boards) = 2: 14 + 12 = 26
    assert "Score-strength combination (SSSC): 26   [secondary score 14 + Buchholz 24 / 2 (the normalising factor)]" in out
    ru = _explain(capsys, "--lang", "ru", "explain", str(TEAM), "--player", "Knights", "--criteria", "EMGSB/C1")
    # the least significant cut: Pawns' 10.5; 63 − 10.5 = 52.5
    assert "EMGSB/C1: 52,5   [командные очки соперника × свои очки партий в матче]" in ru and "отброшено (худшее)" in ru


def test_board_codes_are_explained_per_board(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = save_xlsx(BOARDS, tmp_path / "boards.xlsx")
    # Ajax after round 2 (round 3 being entered): board 1: 1 + 0 = 1, board 2: ½ + 1 = 1.5
    out = _explain(capsys, "--lang", "en", "explain", str(path), "--player", "Ajax", "--criteria", "BC, TBR, BBE")
    assert "Board count (BC): 4   [Σ board number × game points on that board; the lower the better]" in out  # 1×1 + 2×1.5
    assert "       board 2   1.5     2                     3" in out
    assert "Top-board result (TBR): (1, 1.5)" in out
    assert "Bottom-board elimination (BBE): (1, 0)" in out  # without board 2: 1; without both: 0
    ru = _explain(capsys, "--lang", "ru", "explain", str(path), "--player", "Ajax", "--criteria", "BC")
    assert "доска 2" in ru and "меньше — лучше" in ru
    # the finished event, after round 3: Ajax's bye counts as both boards won (FIDE's board points)
    out = _explain(capsys, "--lang", "en", "explain", str(path), "--player", "Ajax", "--criteria", "TBR", "--after-round", "3")
    assert "Top-board result (TBR): (2, 2.5)" in out


def test_tb_explain_takes_the_team_codes() -> None:
    table = call(functions, "tb_explain", BOARDS, "Ajax", "BC", "fide-2024", None, "en")
    assert table[0][:2] == ["Round", "Opponent"]
    assert [row[1] for row in table[1:3]] == ["board 1", "board 2"] and [row[6] for row in table[1:3]] == [1.0, 3.0]
    assert table[-1][0] == "Total" and table[-1][-1] == 4.0
    emgsb = call(functions, "tb_explain", BOARDS, "Cito", "EMGSB", "fide-2024", None, "en")
    # Cito after round 2: the PAB against a dummy opponent with Cito's own 3 MP (C.07 16, 2024) × its 2 GP = 6;
    # the drawn match 1:1 with Ajax (3 MP after round 2) × 1 GP = 3; 6 + 3 = 9
    assert [row[:4] + row[6:] for row in emgsb[1:-1]] == [[1, "dummy opponent", "PAB", 3.0, 6.0], [2, "Ajax", "1:1", 3.0, 3.0]]
    assert emgsb[-1][-1] == 9.0
