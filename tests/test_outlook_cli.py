"""``tiebreak outlook`` and ``=OUTLOOK(...)`` on a round robin with games left, worked by hand.

Four players, 1/½/0, a single round robin with two games still to play
(Ann–Dan and Bob–Cid).  Played: Ann 1–0 Bob, Ann 1–0 Cid, Bob 1–0 Dan,
Cid ½–½ Dan.  Points now: Ann 2, Bob 1, Cid ½, Dan ½.

* Ann: at most 3.  Best place 1 (she beats Dan).  Worst: she loses to Dan
  (2) and Bob beats Cid (2): Bob level with her, counted against her, so 2.
  Bob's 2 at most reaches her 2 at least: she has not clinched.
* Bob: at most 2.  With Bob beating Cid and Ann losing, Bob (2) is level with
  Ann (2): nobody above him, best place 1, he can win.  Worst: he loses to Cid
  (1): Ann ≥ 2, Cid 1½, and Dan 1½ if he beats Ann: all three at or above, 4.
* Cid: at most 1½, but Ann has 2 at least: best place 2, cannot win.  Worst:
  he loses (½): Ann, Bob, and Dan (½ at least) at or above: 4.
* Dan: likewise at most 1½ < Ann's 2: best 2, worst 4 (Cid's ½ level with his ½).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import call, save_xlsx
from tiebreak.cli import commands as cli
from tiebreak.excel import functions

GRID = [["No", "Name", 1, 2, 3, 4], [1, "Ann", "X", 1, 1, None], [2, "Bob", 0, "X", None, 1], [3, "Cid", 0, None, "X", "½"], [4, "Dan", None, 0, "½", "X"]]
GRID_RU = [["№", "Участник", 1, 2, 3, 4], [1, "Анна", "X", 1, 1, None], [2, "Борис", 0, "X", None, 1], [3, "Сидор", 0, None, "X", "½"], [4, "Дмитрий", None, 0, "½", "X"]]
BY_HAND = {  # number: (points, max points, best, worst, can win, clinched)
    1: (2, 3, 1, 2, True, False),
    2: (1, 2, 1, 4, True, False),
    3: (0.5, 1.5, 2, 4, False, False),
    4: (0.5, 1.5, 2, 4, False, False),
}


def test_json_is_the_hand_worked_outlook(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = save_xlsx(GRID, tmp_path / "left.xlsx")
    assert cli.main(["outlook", str(book), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["after_round"], data["rounds"], data["games_left"], data["exact"]) == (2, 3, 2, True)
    got = {p["number"]: (p["points"], p["max_points"], p["best_place"], p["worst_place"], p["can_win"], p["clinched"]) for p in data["players"]}
    assert got == BY_HAND
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob", "Cid", "Dan"]


def test_text_in_english_and_in_russian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["outlook", str(save_xlsx(GRID, tmp_path / "en.xlsx"))]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "After round 2 of 3: 2 games left."
    assert out[1].split()[:3] == ["No.", "Name", "Points"]
    assert out[2].split() == ["1", "Ann", "2", "3", "1–2", "yes", "no"]
    assert out[3].split() == ["2", "Bob", "1", "2", "1–4", "yes", "no"]
    assert cli.main(["outlook", str(save_xlsx(GRID_RU, tmp_path / "ru.xlsx"))]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "После 2-го тура из 3: осталось партий: 2."
    assert "может победить" in out[1]
    assert out[4].split() == ["3", "Сидор", "0,5", "1,5", "2–4", "нет", "нет"]


def test_a_finished_event_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    root = Path(__file__).resolve().parent.parent
    assert cli.main(["outlook", str(root / "workbooks" / "draughts_round_robin.xlsx"), "--lang", "en"]) == 0
    assert "finished" in capsys.readouterr().out


def test_the_worksheet_function_through_xlwings() -> None:
    places = call(functions, "outlook", GRID)
    assert places == [[""], ["1–2"], ["1–4"], ["2–4"], ["2–4"]]
    assert call(functions, "outlook", GRID, "can_win") == [[""], [True], [True], [False], [False]]
    assert call(functions, "outlook", GRID, "worst_place", "Bob") == [[4]]  # one cell, as Office.js hands it back
    assert call(functions, "outlook", GRID, "max_points", 3) == [[1.5]]
    bad = call(functions, "outlook", GRID, "chances")
    assert bad[0][0].startswith("#TIEBREAK!") and "field" in bad[0][0] and "can_win" in bad[0][0]
