"""The tournament in progress: rounds being entered, marks written ahead, unfinished round robins, --after-round."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tiebreak
from tiebreak.cli.commands import main
from tiebreak.core.errors import SettingsError
from tiebreak.core.model import Kind, Tournament
from tiebreak.core.progress import at_round, progress
from tiebreak.core.ranking import rank
from tiebreak.core.rules import RULE_SETS
from tiebreak.io.trf import read_trf, write_trf
from tiebreak.reading import read_table

# eight players, rounds 1-2 complete, round 3 paired with 3 of 4 results missing (pairings written, no result)
HEAD = ["No", "Name", "R1", "R2", "R3"]
ROWS = [
    [1, "Ann", "5w1", "3b1", "2w1"],
    [2, "Bob", "6b1", "4w1", "1b0"],
    [3, "Cid", "7w1", "1w0", "4b"],
    [4, "Dan", "8b1", "2b0", "3w"],
    [5, "Eve", "1b0", "7w1", "6b"],
    [6, "Fay", "2w0", "8b1", "5w"],
    [7, "Gus", "3b0", "5b0", "8w"],
    [8, "Hal", "4w0", "6w0", "7b"],
]


def grid(rounds: int = 3) -> list[list[object]]:
    return [HEAD[: 2 + rounds]] + [row[: 2 + rounds] for row in ROWS]


def test_a_half_entered_round_is_ranked_after_the_last_complete_one() -> None:
    t = read_table(grid())
    p = progress(t)
    assert (p.after_round, p.rounds) == (2, 3)
    assert sorted(p.remaining) == [(2, 3), (4, 5), (6, 7)]
    assert t.points == [2.0, 2.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0]  # round 3 counts for nothing yet
    done = read_table(grid(2))
    for rules in RULE_SETS:
        got, want = rank(t, None, rules), rank(done, None, rules)
        assert [s.values for s in got.by_player()] == [s.values for s in want.by_player()], rules
        assert not any("withdrew" in n for n in got.notes), rules
        assert "round 3: 3 of 4 results missing: Dan – Cid, Fay – Eve, Gus – Hal" in got.notes


def test_after_round_counts_the_entered_games() -> None:
    t = at_round(read_table(grid()), 3)
    assert progress(t).after_round == 3
    assert t.points == [3.0, 2.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0]
    assert not any("withdrew" in n for n in rank(t, None, "ru").notes)  # waiting for a result is no withdrawal


def test_a_round_robin_matrix_cannot_be_cut() -> None:
    t = read_table([["No", "Name", 1, 2, 3], [1, "Ann", "X", 1, 1], [2, "Bob", 0, "X", 1], [3, "Cid", 0, 0, "X"]])
    with pytest.raises(SettingsError, match="round-robin matrix"):
        at_round(t, 1)


def _trf(lines: list[tuple[int, str, str]], extra: str = "") -> str:
    return "012 Demo\n" + extra + "".join(f"001 {n:4d}      {name}".ljust(91) + cells + "\n" for n, name, cells in lines)


def test_a_bye_written_ahead_changes_nothing_under_fide() -> None:
    # rounds 1-2 played; round 3 holds only Dan's requested zero-point bye, written ahead
    played = [(1, "Ann", "   2 w 1     3 b 1"), (2, "Bob", "   1 b 0     4 w 1"), (3, "Cid", "   4 w 1     1 w 0"), (4, "Dan", "   3 b 0     2 b 0")]
    ahead = [(n, name, cells + ("  0000 - Z" if n == 4 else "")) for n, name, cells in played]
    t, done = read_trf(_trf(ahead)), read_trf(_trf(played))
    assert t.rounds == 2 and progress(t).after_round == 2
    for rules in ("fide-2024", "fide-2026", "ru"):
        got, want = rank(t, None, rules), rank(done, None, rules)
        assert [s.values for s in got.by_player()] == [s.values for s in want.by_player()], rules
        assert not any("withdrew" in n for n in got.notes)


def test_an_unfinished_round_robin_trf_without_092_is_a_round_robin() -> None:
    # four players, XXR 3, two rounds played: every pair met at most once
    lines = [(1, "Ann", "   2 w 1     3 b 1"), (2, "Bob", "   1 b 0     4 w 1"), (3, "Cid", "   4 w =     1 w 0"), (4, "Dan", "   3 b =     2 b 0")]
    t = read_trf(_trf(lines, "XXR 3\n"))
    assert t.is_round_robin
    p = progress(t)
    assert (p.after_round, p.rounds, sorted(p.remaining)) == (2, 3, [(0, 3), (1, 2)])


def test_a_trf_pairing_without_a_result_is_pending() -> None:
    lines = [(1, "Ann", "   2 w 1     3 b  "), (2, "Bob", "   1 b 0     4 w 1"), (3, "Cid", "   4 w 1     1 w  "), (4, "Dan", "   3 b 0     2 b 0")]
    t = read_trf(_trf(lines))
    assert t.rounds == 1 and t.pending == [(2, 2, 0)] and t.points == [1.0, 0.0, 1.0, 0.0]


@pytest.mark.parametrize(("lang", "line"), [("en", "after round 2 of 3"), ("ru", "после 2-го тура из 3")])
def test_the_cli_says_where_the_event_stands(tmp_path: object, capsys: pytest.CaptureFixture[str], lang: str, line: str) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "event.trf"
    lines = [(1, "Ann", "   2 w 1     3 b  "), (2, "Bob", "   1 b 0     4 w 1"), (3, "Cid", "   4 w 1     1 w  "), (4, "Dan", "   3 b 0     2 b 0")]
    path.write_text(_trf(lines, "XXR 3\n"), encoding="utf-8")
    assert main(["rank", str(path), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert line.replace("2-го", "1-го").replace("round 2", "round 1") in out
    assert main(["rank", str(path), "--lang", lang, "--after-round", "2"]) == 0
    out = capsys.readouterr().out
    assert line in out
    assert main(["rank", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["after_round"], data["rounds"]) == (1, 3)
    assert any("round 2: 1 of 2 results missing: Cid – Ann" in n or "тур 2: нет 1 из 2 результатов: Cid – Ann" in n for n in data["notes"])


def _event(seed: int, n: int, rounds: int) -> Tournament:
    rnd = random.Random(seed)
    t = Tournament.empty([tiebreak.Player(i + 1, f"P{i + 1}") for i in range(n)], rounds)
    for r in range(1, rounds + 1):
        order = list(range(n))
        rnd.shuffle(order)
        if n % 2:
            t.set_entry(order.pop(), r, None, None, 1.0, Kind.PAIRING_BYE)
        for a, b in zip(order[::2], order[1::2]):
            x = rnd.choice((1.0, 0.5, 0.0))
            t.set_entry(a, r, b, "w", x, Kind.PLAYED)
            t.set_entry(b, r, a, "b", 1.0 - x, Kind.PLAYED)
    return t


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 9), st.integers(2, 6), st.data())
def test_after_round_equals_the_table_cut_after_that_round(seed: int, n: int, rounds: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(1, rounds))
    t = _event(seed, n, rounds)
    whole = read_trf(write_trf(t))
    cut = read_trf(write_trf(t.cut(k)))
    asked = at_round(whole, k)
    assert asked.points == cut.points
    for rules in RULE_SETS:
        got, want = rank(asked, None, rules), rank(cut, None, rules)
        assert [s.values for s in got.by_player()] == [s.values for s in want.by_player()], rules
        assert [s.place for s in got.by_player()] == [s.place for s in want.by_player()], rules


def test_ks_of_an_unfinished_round_robin_is_the_same_from_a_matrix_and_a_trf() -> None:
    # four players, two rounds of three played: Ann 2, Bob 1, Cid 0.5, Dan 0.5
    lines = [(1, "Ann", "   2 w 1     3 b 1"), (2, "Bob", "   1 b 0     4 w 1"), (3, "Cid", "   4 w =     1 w 0"), (4, "Dan", "   3 b =     2 b 0")]
    trf = read_trf(_trf(lines, "XXR 3\n092 Round robin\n"))
    matrix = read_table(
        [["No", "Name", 1, 2, 3, 4], [1, "Ann", "X", 1, 1, None], [2, "Bob", 0, "X", None, 1], [3, "Cid", 0, None, "X", "½"], [4, "Dan", None, 0, "½", "X"]]
    )
    assert trf.is_round_robin and matrix.is_round_robin
    for t in (trf, matrix):
        # the maximum so far is 2 games: opponents with at least 1 point count (Ann 2, Bob 1): only Ann's win over Bob
        ks = [s.values["KS"] for s in rank(t, "KS", "fide-2024").by_player()]
        assert ks == [1.0, 0.0, 0.0, 0.0], t.has_rounds  # the full event's maximum (3 games, 1.5) would give Ann 0


def test_the_worksheet_functions_count_the_rounds_played() -> None:
    from helpers import call

    from tiebreak.excel import functions

    # Buchholz of Ann through the worksheet function: as after round 2 (the round being entered counts nothing)
    full = [[v if v is not None else "" for v in row] for row in grid()]
    done = [[v if v is not None else "" for v in row] for row in grid(2)]
    for code in ("buchholz", "sonneborn_berger"):
        got = call(functions, code, full, "Ann", "ru")
        want = call(functions, code, done, "Ann", "ru")
        assert got == want, code
    assert call(functions, "buchholz", full, "Ann", "ru")[0][0] == 2.0  # Eve 1 + Cid 1 after round 2


@pytest.mark.parametrize(("names", "line"), [(("Ann", "Bob"), "After round 2 of 3."), (("Аня", "Боря"), "После 2-го тура из 3.")])
def test_the_rank_alert_says_where_the_event_stands(tmp_path: object, names: tuple[str, str], line: str) -> None:
    import pathlib

    from helpers import save_xlsx
    from test_rank_script import alert, payload, run_script

    rows = [list(r) for r in grid()]
    rows[1][1], rows[2][1] = names
    path = save_xlsx(rows, pathlib.Path(str(tmp_path)) / "event.xlsx")
    message = alert(run_script(payload(path)))
    assert line in message
    assert "withdrew" not in message and "выбыл" not in message


@pytest.mark.parametrize(("lang", "line"), [("en", "after round 1 of 3"), ("ru", "после 1-го тура из 3")])
def test_html_and_standings_say_where_the_event_stands(tmp_path: object, capsys: pytest.CaptureFixture[str], lang: str, line: str) -> None:
    import pathlib

    from tiebreak.plan.standings import standings_grid

    path = pathlib.Path(str(tmp_path)) / "event.trf"
    lines = [(1, "Ann", "   2 w 1     3 b  "), (2, "Bob", "   1 b 0     4 w 1"), (3, "Cid", "   4 w 1     1 w  "), (4, "Dan", "   3 b 0     2 b 0")]
    path.write_text(_trf(lines, "XXR 3\n"), encoding="utf-8")
    out = pathlib.Path(str(tmp_path)) / "event.html"
    assert main(["rank", str(path), "--lang", lang, "--format", "html", "--out", str(out)]) == 0
    assert line in out.read_text(encoding="utf-8")
    title = standings_grid(rank(read_trf(path.read_text(encoding="utf-8")), None, "ru"), "ru", lang)[0][0]
    assert title.endswith("; " + line)


@pytest.mark.parametrize(("label", "names", "line"), [("After round", ("Ann", "Bob"), "After round 1 of 3."), ("После тура", ("Аня", "Боря"), "После 1-го тура из 3.")])
def test_the_settings_row_after_round_ranks_as_after_that_round(tmp_path: object, label: str, names: tuple[str, str], line: str) -> None:
    import pathlib

    import openpyxl  # type: ignore[import-untyped]
    from test_rank_script import alert, payload, run_script

    from tiebreak.plan.settings import Settings

    wb = openpyxl.Workbook()
    ws = wb.active
    rows = [list(r) for r in grid()]
    rows[1][1], rows[2][1] = names
    for row in rows:
        ws.append(row)
    cfg = wb.create_sheet("tiebreak")
    cfg.append(["tiebreak settings / настройки tiebreak"])
    cfg.append(["Rule set / Правила", "ru"])
    cfg.append([label, 1])
    path = pathlib.Path(str(tmp_path)) / "event.xlsx"
    wb.save(path)
    actions = run_script(payload(path))
    message = alert(actions)
    assert line in message
    # Standings: after round 1 the four winners share 1 point, so places 1–4 and 5–8
    standings = [a for a in actions if a["func"] == "setValues" and a["values"] and str(a["values"][0][0]).startswith(("Standings", "Итоги", "Положение"))]
    assert standings, [a["func"] for a in actions]
    assert standings[0]["values"][0][0].endswith("; " + line[0].lower() + line[1:-1])
    places = {str(r[0]) for r in standings[0]["values"][3:11]}
    assert places == {"1–4", "5–8"}
    with pytest.raises(SettingsError):
        Settings.from_grid([["After round", "two"]]).validate()
    assert Settings.from_grid([["После тура", "3"]]).after_round_value() == 3
    assert Settings.from_grid([["После тура", ""]]).after_round_value() is None


def test_a_subprocess_ranks_after_round_k_as_json(tmp_path: object) -> None:
    import os
    import pathlib
    import subprocess
    import sys

    path = pathlib.Path(str(tmp_path)) / "event.trf"
    lines = [(1, "Ann", "   2 w 1     3 b 1"), (2, "Bob", "   1 b 0     4 w 1"), (3, "Cid", "   4 w 1     1 w 0"), (4, "Dan", "   3 b 0     2 b 0")]
    path.write_text(_trf(lines, "XXR 3\n"), encoding="utf-8")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    cmd = [sys.executable, "-m", "tiebreak.cli", "rank", str(path), "--after-round", "1", "--format", "json"]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["after_round"], data["rounds"]) == (1, 3)
    # after round 1: Ann and Cid won, Bob and Dan lost
    assert {s["name"]: s["points"] for s in data["standings"]} == {"Ann": 1.0, "Bob": 0.0, "Cid": 1.0, "Dan": 0.0}


UNFINISHED = [(1, "Ann", "   2 w 1     3 b  "), (2, "Bob", "   1 b 0     4 w 1"), (3, "Cid", "   4 w 1     1 w  "), (4, "Dan", "   3 b 0     2 b 0")]


@pytest.mark.parametrize(("lang", "dialect", "title"), [("en", "excel", "After round 1 of 3"), ("ru", "excel-ru", "После 1-го тура из 3")])
def test_the_csv_says_where_the_event_stands_in_a_title_row(tmp_path: object, capsys: pytest.CaptureFixture[str], lang: str, dialect: str, title: str) -> None:
    import csv
    import io
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "event.trf"
    path.write_text(_trf(UNFINISHED, "XXR 3\n"), encoding="utf-8")
    delimiter = "," if dialect == "excel" else ";"
    assert main(["rank", str(path), "--lang", lang, "--format", "csv", "--csv-dialect", dialect]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out), delimiter=delimiter))
    assert rows[0] == [title]  # one cell: a spreadsheet shows it in A1, every column below keeps its place
    head, body = rows[1], rows[2:]
    # round 2 is being entered (Ann–Cid pending): after round 1, Ann and Cid 1 point, Bob and Dan 0
    assert head[:4] == (["Place", "No.", "Name", "Points"] if lang == "en" else ["Место", "№", "Участник", "Очки"])
    assert {r[2]: r[3] for r in body} == {"Ann": "1", "Bob": "0", "Cid": "1", "Dan": "0"}
    assert all(len(r) == len(head) for r in body)
    # --after-round 2 counts Bob's win of round 2: the title says round 2
    assert main(["rank", str(path), "--lang", lang, "--format", "csv", "--csv-dialect", dialect, "--after-round", "2"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out), delimiter=delimiter))
    assert rows[0] == [title.replace("1 of", "2 of").replace("1-го", "2-го")]
    assert {r[2]: r[3] for r in rows[2:]} == {"Ann": "1", "Bob": "1", "Cid": "1", "Dan": "0"}
    # a finished event's CSV starts with its header, as before
    path.write_text(_trf([(1, "Ann", "   2 w 1"), (2, "Bob", "   1 b 0")]), encoding="utf-8")
    assert main(["rank", str(path), "--lang", lang, "--format", "csv", "--csv-dialect", dialect]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out), delimiter=delimiter))
    assert rows[0][:3] == head[:3] and len(rows) == 3


def test_libreoffice_opens_the_unfinished_csv_into_the_same_columns(tmp_path: object) -> None:
    import contextlib
    import pathlib
    import shutil
    import subprocess

    import openpyxl

    exe = shutil.which("soffice") or shutil.which("libreoffice")
    assert exe, "LibreOffice (soffice) is needed for this test: apt-get install libreoffice-calc-nogui (.ci/run does it)"
    folder = pathlib.Path(str(tmp_path))
    path = folder / "event.trf"
    path.write_text(_trf(UNFINISHED, "XXR 3\n"), encoding="utf-8")
    out = folder / "standings.csv"
    with open(out, "w", encoding="utf-8", newline="") as f, contextlib.redirect_stdout(f):
        assert main(["rank", str(path), "--lang", "en", "--format", "csv", "--csv-dialect", "excel", "--criteria", "BH, SB"]) == 0
    profile = folder / "profile"
    cmd = [exe, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore", "--infilter=CSV:44,34,76,1", "--convert-to", "xlsx", "--outdir", str(folder), str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    ws = openpyxl.load_workbook(folder / "standings.xlsx").active
    grid = [list(r) for r in ws.iter_rows(values_only=True)]
    assert grid[0][0] == "After round 1 of 3" and all(v is None for v in grid[0][1:])
    assert grid[1] == ["Place", "No.", "Name", "Points", "Buchholz (FIDE BH)", "Sonneborn–Berger (FIDE SB)"]  # the criteria by name, as Rank heads them
    # the table's columns as the header says: a start number in B, a name in C, numbers in D-F
    assert {r[2]: (r[1], r[3]) for r in grid[2:]} == {"Ann": (1, 1), "Bob": (2, 0), "Cid": (3, 1), "Dan": (4, 0)}
    assert all(isinstance(v, (int, float)) for r in grid[2:] for v in r[3:])


def test_a_finished_round_robin_of_an_odd_number_of_players_is_finished(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    import pathlib

    from helpers import save_xlsx

    # five players: five rounds, each player resting in one, so the matrix holds four games a player
    matrix = [["No", "Name", 1, 2, 3, 4, 5]] + [[i + 1, f"P{i + 1}"] + ["X" if j == i else (1 if j > i else 0) for j in range(5)] for i in range(5)]
    p = progress(read_table(matrix))
    assert (p.after_round, p.rounds, p.finished) == (5, 5, True)
    path = save_xlsx(matrix, pathlib.Path(str(tmp_path)) / "rr.xlsx")
    assert main(["rank", str(path), "--lang", "en"]) == 0
    assert "after round" not in capsys.readouterr().out
    assert main(["rank", str(path), "--format", "csv", "--csv-dialect", "excel", "--lang", "en"]) == 0
    assert capsys.readouterr().out.lstrip("\ufeff").startswith("Place,")
    # one game still to play: after round 4 of 5 (the most games any player has had)
    matrix[1][6], matrix[5][2] = None, None
    p = progress(read_table(matrix))
    assert (p.after_round, p.rounds, p.finished, p.remaining) == (4, 5, False, [(0, 4)])


def _headed(rows: list[list[object]], extra: int) -> list[list[object]]:
    """The table with ``extra`` more round columns headed (R4, R5 ...) and empty, as an arbiter's sheet has them."""
    out = [list(r) + [None] * extra for r in rows]
    for k in range(extra):
        out[0][len(rows[0]) + k] = f"R{len(rows[0]) - 1 + k}"
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_empty_cells_of_the_round_being_entered_before_headed_empty_rounds_are_no_withdrawals(lang: str, tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    import pathlib

    from helpers import save_xlsx

    rows = [list(r) for r in grid()]
    for row in rows[3:]:  # round 3: Ann beat Bob, the six other cells still empty; rounds 4 and 5 headed, empty
        row[4] = None
    sheet = _headed(rows, 2)
    t = read_table(sheet)
    p = progress(t)
    assert (p.after_round, p.rounds) == (2, 5)  # the rounds headed are the rounds scheduled
    assert sorted(q for _r, q in t.unentered) == [2, 3, 4, 5, 6, 7]
    done = read_table(grid(2))
    for rules in RULE_SETS:
        got = rank(t, None, rules)
        assert [s.values for s in got.by_player()] == [s.values for s in rank(done, None, rules).by_player()], rules
        assert not any("withdrew" in n for n in got.notes), rules
    path = save_xlsx(sheet, pathlib.Path(str(tmp_path)) / "event.xlsx")
    assert main(["rank", str(path), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert ("after round 2 of 5" if lang == "en" else "после 2-го тура из 5") in out
    assert "withdrew" not in out and "выбыл" not in out
    # the last round column of a table without headed rounds to come: an empty cell there is an absence, as before
    assert progress(read_table(rows)).after_round == 3


@pytest.mark.parametrize(("names", "line"), [(("Ann", "Bob"), "After round 2 of 5."), (("Аня", "Боря"), "После 2-го тура из 5.")])
def test_rank_and_the_functions_read_empty_cells_before_headed_rounds_as_not_entered(tmp_path: object, names: tuple[str, str], line: str) -> None:
    import pathlib

    from helpers import call, save_xlsx
    from test_rank_script import alert, payload, run_script

    from tiebreak.excel import functions

    rows = [list(r) for r in grid()]
    for row in rows[3:]:
        row[4] = None
    rows[1][1], rows[2][1] = names
    sheet = _headed(rows, 2)
    message = alert(run_script(payload(save_xlsx(sheet, pathlib.Path(str(tmp_path)) / "event.xlsx"))))
    assert line in message and "withdrew" not in message and "выбыл" not in message
    full = [[v if v is not None else "" for v in row] for row in sheet]
    done = [[v if v is not None else "" for v in row] for row in grid(2)]
    for code in ("buchholz", "solkoff"):
        assert call(functions, code, full, "Cid", "ru") == call(functions, code, done, "Cid", "ru"), code


def _matrix(n: int, missing: list[set[int]]) -> list[list[object]]:
    """A round-robin matrix of ``n`` players, the lower number winning, with the ``missing`` pairs (0-based) not yet played."""
    grid: list[list[object]] = [["No", "Name", *range(1, n + 1)]]
    for i in range(n):
        row: list[object] = [i + 1, f"P{i + 1}"]
        for j in range(n):
            row.append("X" if i == j else None if {i, j} in missing else 1 if i < j else 0)
        grid.append(row)
    return grid


def test_a_matrix_with_games_left_is_not_finished() -> None:
    """Six players, five rounds, A–B and C–D still to play: four players have had 4 games, two 5.

    After K complete rounds of an even round robin every player has had K
    games: K = 4, "after round 4 of 5", never "after round 5 of 5" with two
    games left.  Five players (one rests each round), A–B left: A and B have
    had 3 games, the others 4: K = 3 + 1 = 4 of 5.  Finished: 5 of 5.
    """
    import tiebreak
    from tiebreak.core.progress import progress

    p = progress(tiebreak.read(_matrix(6, [{0, 1}, {2, 3}])))
    assert (p.after_round, p.rounds, len(p.remaining), p.finished) == (4, 5, 2, False)
    p = progress(tiebreak.read(_matrix(5, [{0, 1}])))
    assert (p.after_round, p.rounds, len(p.remaining), p.finished) == (4, 5, 1, False)
    p = progress(tiebreak.read(_matrix(6, [])))
    assert (p.after_round, p.rounds, p.finished) == (5, 5, True)
    # one player with a single game: not more than the rounds the fewest games show
    p = progress(tiebreak.read(_matrix(6, [{0, j} for j in range(1, 5)])))
    assert (p.after_round, p.rounds) == (1, 5)
