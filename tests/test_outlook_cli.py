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


def _book_with_outlook(path: Path, grid: list[list[object]], value: str, label: str = "Outlook / Прогноз", extra: tuple[str, str] | None = None) -> Path:
    import openpyxl  # type: ignore[import-untyped]

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Table"
    for row in grid:
        ws.append(row)
    cfg = wb.create_sheet("tiebreak")
    for row in [["tiebreak settings / настройки tiebreak"], ["Rule set / Правила", "ru"], [label, value]]:
        cfg.append(row)
    if extra:
        wb.create_sheet(extra[0])["A1"] = extra[1]
    wb.active = 0
    wb.save(path)
    return path


def test_rank_writes_the_outlook_sheet_and_keeps_the_users_notes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import openpyxl  # type: ignore[import-untyped]

    src = _book_with_outlook(tmp_path / "in.xlsx", GRID, "yes")
    out = tmp_path / "out.xlsx"
    assert cli.main(["rank", str(src), "--out", str(out), "--lang", "en"]) == 0
    capsys.readouterr()
    rows = [list(r) for r in openpyxl.load_workbook(out)["Outlook"].iter_rows(values_only=True)]
    assert rows[0][0] == "Outlook (tiebreak): After round 2 of 3: 2 games left."
    assert rows[2] == ["No.", "Name", "Points", "at most", "places", "can win", "first whatever happens"]
    assert rows[3] == ["1", "Ann", "2", "3", "1–2", "yes", "no"] and rows[4][:5] == ["2", "Bob", "1", "2", "1–4"]
    wb = openpyxl.load_workbook(out)
    wb["Outlook"]["J2"] = "my note"
    wb.save(out)
    again = tmp_path / "again.xlsx"
    assert cli.main(["rank", str(out), "--out", str(again), "--lang", "en"]) == 0
    wb = openpyxl.load_workbook(again)
    assert wb.sheetnames.count("Outlook") == 1 and wb["Outlook"]["J2"].value == "my note"


def test_rank_outlook_in_russian_through_the_rank_script(tmp_path: Path) -> None:
    from test_rank_script import alert, payload, run_script

    data = payload(_book_with_outlook(tmp_path / "ru.xlsx", GRID_RU, "да"))
    actions = run_script(data)
    assert "Записан лист 'Outlook' (кто ещё может победить)." in alert(actions)
    added = [a["args"][1] for a in actions if a["func"] == "addSheet"]
    assert "Outlook" in added
    writes = [a["values"] for a in actions if a["func"] == "setValues"]
    assert any(v and str(v[0][0]).startswith("Outlook (tiebreak): После 2-го тура из 3") for v in writes)


def test_rank_never_replaces_a_users_outlook_sheet_and_checks_the_setting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = _book_with_outlook(tmp_path / "in.xlsx", GRID, "yes", extra=("outlook", "my plans"))
    assert cli.main(["rank", str(src), "--out", str(tmp_path / "out.xlsx"), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "outlook" in err and "nothing was changed" in err and not (tmp_path / "out.xlsx").exists()
    bad = _book_with_outlook(tmp_path / "bad.xlsx", GRID, "maybe")
    assert cli.main(["rank", str(bad), "--lang", "en"]) == 1
    assert "Outlook 'maybe' must be yes or no" in capsys.readouterr().err


# A Swiss with round 3 half entered: Ivanov–Petrov still to play, Sidorov has beaten Andreeva.
# After round 2: Ivanov 2, Petrov 2, Sidorov 0, Andreeva 0; with round 3's entered game,
# Sidorov has 1 now (and at most 1: his round-3 game is over), Andreeva 0 (at most 0).
# Ivanov and Petrov: 2 now, 3 at most; whoever wins is first alone, a draw shares first:
# best 1, worst 2, both can win, neither has clinched.  Sidorov is third whatever happens
# (1 against Ivanov's and Petrov's 2 at least, Andreeva's 0), Andreeva fourth.
SWISS_HALF = [
    ["No", "Name", "R1", "R2", "R3"],
    [1, "Ivanov", "4w1", "3b1", "2w"],
    [2, "Petrov", "3w1", "4b1", "1b"],
    [3, "Sidorov", "2b0", "1w0", "4b1"],
    [4, "Andreeva", "1b0", "2w0", "3w0"],
]
SWISS_BY_HAND = {1: (2, 3, 1, 2, True, False), 2: (2, 3, 1, 2, True, False), 3: (1, 1, 3, 3, False, False), 4: (0, 0, 4, 4, False, False)}


def test_the_round_being_entered_counts_its_entered_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = save_xlsx(SWISS_HALF, tmp_path / "half.xlsx")
    assert cli.main(["outlook", str(book), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["after_round"], data["rounds"], data["games_left"]) == (2, 3, 1)
    got = {p["number"]: (p["points"], p["max_points"], p["best_place"], p["worst_place"], p["can_win"], p["clinched"]) for p in data["players"]}
    assert got == SWISS_BY_HAND
    # --after-round 2 counts rounds 1-2 only: both round-3 games are left, Sidorov 0 (1 at most)
    assert cli.main(["outlook", str(book), "--format", "json", "--after-round", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games_left"] == 2
    assert {p["number"]: (p["points"], p["max_points"]) for p in data["players"]} == {1: (2, 3), 2: (2, 3), 3: (0, 1), 4: (0, 1)}
    # the worksheet function, through xlwings' Office.js conversion, agrees
    assert call(functions, "outlook", SWISS_HALF, "max_points") == [[""], [3], [3], [1], [0]]


# Five players; round 2 pairs Ann–Cid and Bob–Eve and gives Dan the bye (a point).
# After round 1: Ann 1, Bob 0, Cid 1, Dan 0, Eve 1.  Dan's bye is a point to come: at most 1, not 0.
# Dan's best place: the winner of Ann–Cid (or both, 1½ each, on a draw) is above him; Eve, losing,
# has 1, level with Dan (counted for him): best 2.  Worst: Ann and Cid draw (1½ each) and Bob beats
# Eve (1 each): all four at or above his 1, so 5.  Ann: best 1 (she beats Cid); worst 5 (she loses,
# Cid 2, Dan 1, and Bob beating Eve leaves Bob and Eve on 1, level with her).
SWISS_BYE = [["No", "Name", "R1", "R2"], [1, "Ann", "2w1", "3b1"], [2, "Bob", "1b0", "5w½"], [3, "Cid", "4w1", "1w0"], [4, "Dan", "3b0", "-1"], [5, "Eve", "-1", "2b½"]]


def test_a_bye_in_the_next_round_is_a_point_to_come(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = save_xlsx(SWISS_BYE, tmp_path / "bye.xlsx")
    assert cli.main(["outlook", str(book), "--format", "json", "--after-round", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games_left"] == 2
    got = {p["number"]: (p["points"], p["max_points"], p["best_place"], p["worst_place"], p["can_win"]) for p in data["players"]}
    assert got[4] == (0, 1, 2, 5, False)
    assert got[1] == (1, 2, 1, 5, True)


# SWISS_HALF with Sidorov's round-3 win a forfeit written ahead: counted after round 2, the forfeit is
# a point to come, not a game left. One game is left (Ivanov–Petrov); Sidorov 0 now, 1 at least and at
# most; Andreeva 0 at most.
SWISS_FORFEIT_AHEAD = [row[:4] + [cell] for row, cell in zip(SWISS_HALF, ["R3", "2w", "1b", "4+", "3-"])]


def test_a_forfeit_in_the_next_round_is_a_result_to_come_not_a_game_left(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = save_xlsx(SWISS_FORFEIT_AHEAD, tmp_path / "ahead.xlsx")
    assert cli.main(["outlook", str(book), "--format", "json", "--plus", "forfeit", "--after-round", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games_left"] == 1
    got = {p["number"]: (p["points"], p["max_points"], p["best_place"], p["worst_place"]) for p in data["players"]}
    assert got == {1: (2, 3, 1, 2), 2: (2, 3, 1, 2), 3: (0, 1, 3, 3), 4: (0, 0, 4, 4)}
