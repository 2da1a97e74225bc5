"""The notation cases of the club corpus (club_tables.notation_cases): signs as results, US cells, the extra
diagonal marks and своб., each through the command line (with --out), the Rank script (xw.Book(json=...)) and
the worksheet functions (custom_functions_call); the Plus means setting and --plus; tables in progress; the
note naming FIDE's rule sets.

The places and values expected are worked by hand in club_tables.py and here.
"""

from __future__ import annotations

import copy
import csv
import io
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw
from club_tables import CASES as ALL_CASES
from club_tables import (
    E1,
    E5,
    S1,
    S2,
    S5,
    S5_POINTS,
    S5_US,
    Case,
    notation_cases,
    sign_grid,
    us_grid,
    write_workbook,
)
from helpers import call, column
from test_rank_script import alert, apply, run_script

from tiebreak import Kind
from tiebreak.cli import commands as cli
from tiebreak.excel import functions
from tiebreak.reading import read_table

CASES = notation_cases()
BY_ID = {c.id: c for c in CASES}


def _office_js(grid: list[list[Any]]) -> list[list[Any]]:
    """A range as Office.js hands it over: empty cells as '', every row as wide as the range."""
    width = max(len(r) for r in grid)
    return [[("" if v is None else v) for v in r] + [""] * (width - len(r)) for r in grid]


def _points(case: Case) -> dict[str, float]:
    """Each player's points, worked out from the event's games (S5's and E5's by hand in club_tables.py)."""
    if case.event is S5 or case.event.key == "swiss7_ru":
        return dict(zip(case.event.names, S5_POINTS.values()))
    if case.event is E5:
        return {"Антонов": 4.5, "Борисов": 3.5, "Волков": 2.0, "Громов": 2.0}
    return dict(zip(case.event.names, case.event.points()))


def _rank_cli(case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str, Path]:
    path = tmp_path / f"{case.id}.xlsx"
    write_workbook(case, path)
    out = tmp_path / f"{case.id}-ranked.xlsx"
    code = cli.main(["rank", str(path), "--format", "csv", "--lang", "en", "--out", str(out), *extra])
    got, err = capsys.readouterr()
    return code, got, err, out


def _standings(rows: list[list[Any]]) -> dict[str, tuple[str, float]]:
    """Name -> (place, points) from a Standings sheet's rows (title, blank, header, then one row per player)."""
    out = {}
    for row in rows[3:]:
        if len(row) < 4 or row[2] in (None, "") or row[0] in (None, ""):
            break
        out[str(row[2])] = (str(row[0]), float(row[3]))
    return out


# ------------------------------------------------------------------ the four ways in
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_cli_and_out_rank_the_notation(case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, got, err, out = _rank_cli(case, tmp_path, capsys)
    assert code == 0, err
    assert {row["Name"]: row["Place"] for row in csv.DictReader(io.StringIO(got))} == case.expected
    wb = openpyxl.load_workbook(out)
    rows = [list(r) for r in wb["Standings"].iter_rows(values_only=True)]
    points = _points(case)
    assert _standings(rows) == {name: (case.expected[name], points[name]) for name in case.expected}


def _payload(case: Case, settings: list[list[Any]] | None = None) -> dict[str, Any]:
    sheets = [{"name": "Таблица" if "ru" in case.event.key else "Crosstable", "values": _office_js(case.grid), "pictures": [], "tables": []}]
    if settings is not None:
        sheets.append({"name": "tiebreak", "values": _office_js(settings), "pictures": [], "tables": []})
    return {
        "client": "Office.js",
        "version": xw.__version__,
        "book": {"name": f"{case.id}.xlsx", "active_sheet_index": 0, "selection": "A1"},
        "names": [],
        "sheets": sheets,
    }


def _rank_script(data: dict[str, Any]) -> tuple[dict[str, tuple[str, float]], str]:
    actions = run_script(copy.deepcopy(data))
    after = apply(data, actions)
    standings = next(s for s in after["sheets"] if s["name"] == "Standings")
    return _standings(standings["values"]), alert(actions)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rank_script_ranks_the_notation(case: Case) -> None:
    got, _message = _rank_script(_payload(case))
    points = _points(case)
    assert got == {name: (case.expected[name], points[name]) for name in case.expected}


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_functions_read_the_notation(case: Case) -> None:
    grid = _office_js(case.grid)
    got = column(call(functions, "points", grid))
    points = _points(case)
    assert {str(row[case.name_col]): got[r] for r, row in enumerate(grid) if row[case.name_col] in points} == points
    places = column(call(functions, "places", grid))
    assert {str(row[case.name_col]): str(places[r]) for r, row in enumerate(grid) if places[r] not in ("", None)} == case.expected


def test_functions_give_the_tie_breaks_worked_by_hand() -> None:
    # S1 written 5+, 6=, 8−: truncated Solkoff Clark 8, Foster 6, Hill 8½ (club_tables.py), as for 5w1, 6b½
    grid = _office_js(BY_ID["swiss8_chess_en-signs-after-legend-under"].grid)
    assert [call(functions, "solkoff_trunc", grid, 1, name)[0][0] for name in ("Clark", "Foster", "Hill")] == [8, 6, 8.5]
    # E5's double round robin with Х Х on the diagonal: Sonneborn–Berger (draughts code) Волков 13, Громов 11
    grid = _office_js(BY_ID["rr4_double_chess_ru-double-diagonal-x-x"].grid)
    assert [call(functions, "sonneborn_berger", grid, name)[0][0] for name in ("Волков", "Громов")] == [13, 11]
    # E1 with ■ on the diagonal: Сидоров beat Смирнов (1½) and Волков (½), drew Иванов (4½): 2·2 + 4½ = 8½;
    # Козлов beat Сидоров (2½), drew Петров (3½), Смирнов (1½), Волков (½): 2·2½ + 5½ = 10½
    grid = _office_js(BY_ID["rr6_chess_ru-diagonal-black-square"].grid)
    assert [call(functions, "sonneborn_berger", grid, name)[0][0] for name in ("Сидоров Сергей", "Козлов Константин")] == [8.5, 10.5]


# ------------------------------------------------------------------ how the signs were read, said
def test_the_note_says_how_the_signs_were_read_in_both_languages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = BY_ID["swiss8_chess_en-signs-after-legend-under"]
    code, _got, err, _out = _rank_cli(case, tmp_path, capsys)
    assert code == 0
    assert "tiebreak: note: + and − beside an opponent read as won and lost games, as the legend on the sheet says" in err
    path = tmp_path / "no-legend.xlsx"
    write_workbook(BY_ID["swiss8_chess_en-signs-first-hyphen-no-legend"], path)
    assert cli.main(["rank", str(path), "--lang", "ru"]) == 0
    err = capsys.readouterr().err
    assert "+ и − рядом с номером соперника прочитаны как выигранные и проигранные партии (ни одна партия не записана как 1 или 0)" in err
    assert "--plus forfeit" in err


def test_a_legend_apart_from_the_table_is_found_on_the_sheet() -> None:
    case = BY_ID["swiss6_chess_ru-signs-first-legend-apart"]
    _got, message = _rank_script(_payload(case))
    assert "+ и − рядом с номером соперника прочитаны как выигранные и проигранные партии, как указано в условных обозначениях на листе" in message


# S1's truncated Solkoff and wins, worked by hand in club_tables.py (Clark 8, Foster 6, Hill 8½; Hill won twice,
# Clark once, Foster twice): what the signs give when they are games
S1_SOLKOFF_WINS = {"Clark": (8.0, 1.0), "Foster": (6.0, 2.0), "Hill": (8.5, 2.0)}


def _columns(rows: list[list[Any]], name: int, first: int) -> dict[str, tuple[float, float]]:
    """Name -> (first criterion, second criterion) of a table's rows (CSV or Standings), for Clark, Foster and Hill."""
    return {str(r[name]): (float(r[first]), float(r[first + 1])) for r in rows if len(r) > first + 1 and r[name] in S1_SOLKOFF_WINS}


def test_signs_read_as_forfeits_count_otherwise() -> None:
    # the case is not passed by any reading: as forfeits (what tiebreak did before) no game is won, and the
    # forfeiters' scores count as draws in the coefficients
    grid = BY_ID["swiss8_chess_en-signs-first-hyphen-no-legend"].grid
    as_games = read_table(grid)
    as_forfeits = read_table(grid, plus="forfeit")
    assert as_games.points == as_forfeits.points == S1.points()
    assert {Kind(k) for row in as_games.kind for k in row} == {Kind.PLAYED}
    # Adams beat Evans in round 1 (5+): a game, or a forfeit win
    assert Kind(as_games.kind[0][0]) is Kind.PLAYED and Kind(as_forfeits.kind[0][0]) is Kind.FORFEIT_WIN
    from tiebreak.core.ranking import rank

    def values(t: Any) -> dict[str, tuple[float, float]]:
        return {t.players[s.player].name: (s.values["solkoff_trunc"], s.values["wins"]) for s in rank(t).standings if t.players[s.player].name in S1_SOLKOFF_WINS}

    assert values(as_games) == S1_SOLKOFF_WINS
    assert all(w == 0 for _sk, w in values(as_forfeits).values())


def test_the_plus_means_setting_and_plus_option_override(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = BY_ID["swiss8_chess_en-signs-after-legend-under"]  # the legend says + win
    code, got, err, _out = _rank_cli(case, tmp_path, capsys)
    assert code == 0, err
    assert _columns(list(csv.reader(io.StringIO(got))), 2, 4) == S1_SOLKOFF_WINS
    code, got, err, _out = _rank_cli(case, tmp_path, capsys, "--plus", "forfeit")
    assert code == 0, err
    assert "read as forfeits, as the Plus means setting says" in err
    assert all(w == 0 for _sk, w in _columns(list(csv.reader(io.StringIO(got))), 2, 4).values())  # forfeit wins are no wins
    # the settings sheet's row, in Russian: the Standings sheet (place, No., name, points, then the criteria)
    data = _payload(case, [["Plus means / Плюс означает", "неявка"]])
    actions = run_script(copy.deepcopy(data))
    assert "read as forfeits, as the Plus means setting says" in alert(actions)
    standings = next(s for s in apply(data, actions)["sheets"] if s["name"] == "Standings")["values"]
    assert all(w == 0 for _sk, w in _columns(standings, 2, 4).values())
    # the setting back to победа on a table without a legend: the values worked by hand
    data = _payload(BY_ID["swiss8_chess_en-signs-first-hyphen-no-legend"], [["Плюс означает", "победа"]])
    actions = run_script(copy.deepcopy(data))
    assert "read as won and lost games, as the Plus means setting says" in alert(actions)
    standings = next(s for s in apply(data, actions)["sheets"] if s["name"] == "Standings")["values"]
    assert _columns(standings, 2, 4) == S1_SOLKOFF_WINS


def test_a_bad_plus_means_value_is_refused_in_both_languages() -> None:
    case = BY_ID["swiss8_chess_en-signs-after-legend-under"]
    data = _payload(case, [["Plus means", "maybe"]])
    actions = run_script(copy.deepcopy(data))
    assert "Plus means 'maybe' must be win, forfeit or auto" in alert(actions)
    data = _payload(BY_ID["swiss6_chess_ru-signs-first-legend-apart"], [["Язык", "ru"], ["Плюс означает", "может быть"]])
    assert "«Плюс означает» 'может быть' — нужно победа, неявка или авто" in alert(run_script(copy.deepcopy(data)))


def test_numbers_beside_signs_keep_them_forfeits_and_many_forfeits_are_said() -> None:
    # one game written with points (1w... ) makes + and − forfeits; half the games forfeits: a note
    grid = sign_grid(S1, first=False)
    grid[1][2] = "5w1"
    grid[5][2] = "1b0"
    t = read_table(grid)
    assert Kind(t.kind[0][0]) is Kind.PLAYED and Kind(t.kind[7][0]) is Kind.FORFEIT_WIN  # Adams 5w1; Hill 4+
    assert Kind(t.kind[1][0]) is Kind.PLAYED  # Brown 6=: a draw is a game
    notes = t.layout.notes  # type: ignore[attr-defined]
    # 16 games in S1, 5 drawn, one of the 11 decisive ones written 5w1/1b0: 10 written with signs
    assert notes == [("10 of 16 games read as forfeits (+ or − beside an opponent); if they are won and lost games, "
                     "set Plus means / Плюс означает to win on the tiebreak sheet (command line: --plus win)")]


def test_a_double_forfeit_keeps_signs_forfeits() -> None:
    # Ann and Bob both lost by forfeit (2− and 1−): signs that are games would have one + for each −
    grid = [["No", "Name", "R1", "R2"], [1, "Ann", "2−", "3+"], [2, "Bob", "1−", "4="], [3, "Cid", "4+", "1−"], [4, "Dan", "3−", "2="]]
    t = read_table(grid)
    assert [Kind(t.kind[p][0]) for p in range(4)] == [Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS]
    assert t.points == [1.0, 0.5, 1.0, 0.5]


# ------------------------------------------------------------------ tables in progress
def test_a_sign_table_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # S2 written +4, =5, −6, its last round half entered: Агеев −2 / Белов +1 only (round 3: 1-2 0, 5-6 ½, 3-4 ½)
    grid = sign_grid(S2, first=True, legend="+ победа, = ничья, − поражение", points=False)
    for r in (5, 6, 3, 4):  # Демин, Егоров, Волков, Гусев: round 3 not entered yet
        grid[r][4] = None
    t = read_table(grid)
    # after two rounds and Агеев–Белов: Агеев 1+½+0, Белов ½+1+1, Волков 0+1, Гусев 0+0, Демин ½+0, Егоров 1+½
    assert t.points == [1.5, 2.5, 1.0, 0.0, 0.5, 1.5]
    assert {Kind(k) for row in t.kind for k in row[:2]} == {Kind.PLAYED}
    case = Case("swiss6_chess_ru-in-progress", S2, grid, [], 1)
    path = tmp_path / "progress.xlsx"
    write_workbook(case, path)
    assert cli.main(["rank", str(path), "--format", "csv", "--lang", "en"]) == 0
    places = {row["Name"]: row["Place"] for row in csv.DictReader(io.StringIO(capsys.readouterr().out))}
    assert places["Белов"] == "1" and places["Гусев"] == "6"


def test_a_us_table_in_progress() -> None:
    # S5's round 3 entered for Allen, Baker and Carter only: Allen L3 and Carter W1 both in, Baker's W6 without Flynn's L2
    grid = us_grid(S5, S5_US, upto=3)
    grid[6][5] = "L2"  # Flynn's side of Baker's game
    t = read_table(grid)
    # Allen 1+½+0, Baker 1+½+1, Carter 1+1+1, Dixon 0+½, Ellis 0+0, Flynn 0+0+0, Grant 1+1 (round 3 empty)
    assert t.points == [1.5, 2.5, 3.0, 0.5, 0.0, 0.0, 2.0]
    assert Kind(t.kind[2][0]) is Kind.FORFEIT_WIN and Kind(t.kind[5][0]) is Kind.FORFEIT_LOSS
    assert [Kind(t.kind[6][k]) for k in range(2)] == [Kind.PAIRING_BYE, Kind.FULL_BYE]
    assert Kind(t.kind[3][1]) is Kind.HALF_BYE and Kind(t.kind[5][1]) is Kind.ABSENT


def test_a_round_robin_with_dashes_on_the_diagonal_in_progress() -> None:
    # E3 with – on the diagonal, Adams–Brown (1) and Evans–Foster (1) not played yet
    case = BY_ID["rr6_chess_en-diagonal-en-dash"]
    grid = [list(r) for r in case.grid]
    for r, c in ((1, 3), (2, 2), (5, 7), (6, 6)):  # rows 1-6 the players, columns 2-7 their results
        grid[r][c] = None
    for r in range(1, 7):
        grid[r][8] = None  # the points column keeps the final totals: left empty while the event is played
    t = read_table(grid)
    # E1's points less Adams's win over Brown and Evans's over Foster: 3½, 3½, 2½, 2½, ½, ½
    assert t.points == [3.5, 3.5, 2.5, 2.5, 0.5, 0.5]
    assert column(call(functions, "points", _office_js(grid)))[1:] == [3.5, 3.5, 2.5, 2.5, 0.5, 0.5]


# ------------------------------------------------------------------ a dash or zero only when every diagonal cell holds it
def test_a_lone_dash_on_the_diagonal_is_still_a_result_there() -> None:
    grid = [["No", "Name", 1, 2, 3], [1, "Ann", "X", 1, 0], [2, "Bob", 0, "–", 1], [3, "Cid", 1, 0, "X"]]
    with pytest.raises(Exception, match="stands on the diagonal"):
        read_table(grid)
    zero = [["No", "Name", 1, 2, 3], [1, "Ann", 0, 1, 0], [2, "Bob", 0, 0, 1], [3, "Cid", 1, 0, 0]]
    assert read_table(zero).points == [1.0, 1.0, 1.0]  # 0 in every own cell: the diagonal


# ------------------------------------------------------------------ FIDE's rule sets named for a chess-looking table
def test_a_chess_looking_table_under_ru_names_the_fide_rule_sets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = BY_ID["swiss7_us_en-us-letters"]  # 1/½/0 with ratings
    code, _got, err, _out = _rank_cli(case, tmp_path, capsys)
    assert code == 0
    hint = ("tiebreak: note: ranked under the ru rule set (Russian draughts rules); for a chess event FIDE's are fide-2024, fide-2026, fide-2009: "
            "choose one in the Rule set / Правила row of the tiebreak sheet, or with --rules on the command line")
    assert hint in err and err.count("FIDE's are") == 1
    code, _got, err, _out = _rank_cli(case, tmp_path, capsys, "--rules", "fide-2024")
    assert code == 0 and "FIDE's are" not in err
    _got_rank, message = _rank_script(_payload(case))
    assert "FIDE's are fide-2024, fide-2026, fide-2009" in message
    # in Russian, and a Swiss with colours (S1 as 5w1, 6b½)
    path = tmp_path / "s1.xlsx"
    write_workbook(next(c for c in ALL_CASES if c.id == "swiss8_chess_en-plain"), path)
    assert cli.main(["rank", str(path), "--lang", "ru"]) == 0
    assert "для шахматного турнира правила ФИДЕ — fide-2024, fide-2026, fide-2009" in capsys.readouterr().err


def test_no_fide_note_for_draughts_or_an_unrated_round_robin(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for case in (BY_ID["rr5_draughts_ru-diagonal-hyphen"], BY_ID["rr6_chess_ru-diagonal-black-square"]):
        # 2/1/0, and a 1/½/0 round robin without ratings or colours: nothing says chess
        code, _got, err, _out = _rank_cli(case, tmp_path, capsys)
        assert code == 0 and "FIDE" not in err, case.id


# ------------------------------------------------------------------ the grammar's US letters, read as it says
def test_us_letters_read_as_the_grammar_says() -> None:
    from tiebreak.core import grammar as g
    from tiebreak.core.notation import swiss_cell

    for letter, mark in g.US_GAME_LETTERS.items():
        for text in (f"{letter}12", f"{letter.lower()}12", f"{letter} 12"):
            assert swiss_cell(text) == (12, None, mark, None), text
    for letter, kind in g.US_BYE_LETTERS.items():
        assert swiss_cell(f"{letter}---").bye == kind and swiss_cell(f"{letter.lower()}--").bye == kind, letter
    # a table: W and L are won and lost games whatever the scoring (2/1/0 here), X and F forfeits
    grid = [["#", "Name", "Rd 1", "Rd 2"], [1, "Ann", "W2", "X3"], [2, "Bob", "L1", "D4"], [3, "Cid", "D4", "F1"], [4, "Dan", "D3", "D2"]]
    from tiebreak import DRAUGHTS

    t = read_table(grid, scoring=DRAUGHTS)
    assert t.points == [4.0, 1.0, 1.0, 2.0]
    assert [Kind(k) for k in t.kind[0]] == [Kind.PLAYED, Kind.FORFEIT_WIN] and Kind(t.kind[2][1]) is Kind.FORFEIT_LOSS


def test_svob_is_a_bye_in_every_spelling() -> None:
    from tiebreak.core.notation import swiss_cell

    for text in ("своб.", "Своб.", "своб", "свободен", "СВОБОДНА"):
        assert swiss_cell(text).bye == "pab", text


def test_a_rating_change_column_is_no_round_and_a_forfeit_legend_is_read_so() -> None:
    # chess-results' rating change (+12, -8) beside a Swiss written 5w1: never turned into games
    grid = [["No", "Name", "R1", "R2", "+/-"], [1, "Ann", "2w1", "3b½", "+12"], [2, "Bob", "1b0", "4w1", "-8"],
            [3, "Cid", "4w0", "1w½", "+15"], [4, "Dan", "3b1", "2b0", "+4"]]
    t = read_table(grid)
    assert t.rounds == 2 and t.points == [1.5, 1.0, 0.5, 1.0]
    # '+ победа без игры' is a forfeit win: + beside an opponent stays a forfeit though no game is written 1 or 0
    signs = sign_grid(S2, first=False, legend="+ победа без игры, = ничья")
    t = read_table(signs)
    assert Kind(t.kind[0][0]) is Kind.FORFEIT_WIN  # Агеев 4+ in round 1
    assert t.layout.notes == ["+ and − beside an opponent read as forfeits, as the legend on the sheet says"]  # type: ignore[attr-defined]


def test_a_round_robin_of_signs_without_a_legend_reads_forfeits_and_says_so() -> None:
    from club_tables import rr_sign_grid

    grid = rr_sign_grid(E1, None)
    t = read_table(grid)
    # E1: 15 games, 4 drawn (Иванов–Сидоров, Петров–Козлов, Козлов–Смирнов, Козлов–Волков): 11 written + and −
    assert {Kind(k) for row in t.kind for k in row} == {Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS}
    assert t.layout.notes == [("11 of 15 games read as forfeits (+ or − beside an opponent); if they are won and lost games, "  # type: ignore[attr-defined]
                              "set Plus means / Плюс означает to win on the tiebreak sheet (command line: --plus win)")]
    t = read_table(grid, plus="win")
    assert {Kind(k) for row in t.kind for k in row} == {Kind.PLAYED}
    assert t.points == E1.points()


def test_export_reads_the_signs_as_rank_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # S1 written +5, +8 ... without a legend: games in the TRF (Adams beat Evans in round 1), forfeits with --plus forfeit
    case = BY_ID["swiss8_chess_en-signs-first-hyphen-no-legend"]
    path = tmp_path / "s1.xlsx"
    write_workbook(case, path)
    games, forfeits = tmp_path / "games.trf", tmp_path / "forfeits.trf"
    assert cli.main(["export", str(path), "--trf", str(games)]) == 0
    assert cli.main(["export", str(path), "--trf", str(forfeits), "--plus", "forfeit"]) == 0
    capsys.readouterr()
    adams = [line for line in games.read_text(encoding="utf-8").splitlines() if line.startswith("001") and "Adams" in line]
    adams_forfeit = [line for line in forfeits.read_text(encoding="utf-8").splitlines() if line.startswith("001") and "Adams" in line]
    assert len(adams) == len(adams_forfeit) == 1
    # round 1 (from column 92): opponent 5, a colour, and the result code: 1 for a game won, + for a forfeit win
    assert adams[0][91:99].split()[::2] == ["5", "1"] and adams_forfeit[0][91:99].split()[::2] == ["5", "+"]
