"""The table shapes of tests/club_tables.py's layout block, ranked by ``--out`` and the Rank script, finished and in progress.

tests/test_club_tables.py ranks every case of the corpus through the command
line and the PLACES function; here the layout cases also go through
``tiebreak rank BOOK --out COPY`` and the Rank script (``xw.Book(json=...)``,
as xlwings Lite runs it): Rank's place column beside each player row, and its
standings sheet, must give the places worked by hand in club_tables.py.
The same shapes in progress (club_tables.in_progress: a round half entered,
rounds still empty, games still to play) must be read with the points of the
games entered, counted here from the event's own games, through the command
line and the POINTS function; a sorted round robin whose blank diagonal no
longer tells whose column is whose is refused, naming the cell and what to do.
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from club_tables import (
    LAYOUT_CASES,
    LAYOUTS,
    Case,
    in_progress,
    layout_case,
    write_workbook,
)
from helpers import call, column
from test_rank_script import apply, payload, run_script

from tiebreak.cli import commands as cli
from tiebreak.core.i18n import use_language
from tiebreak.excel import functions
from tiebreak.reading import read_table

PLACE_WORDS = ("Place", "Место")
STANDINGS_SHEETS = ("Standings", "Итоги")


def _places_in_table(values: list[list[Any]], case: Case) -> dict[str, str]:
    """name -> the value of Rank's place column on each player row: the rightmost headed Place / Место, or
    'Place (tiebreak)' / 'Место (tiebreak)' beside a place column of the club's own."""

    def is_place(v: Any) -> bool:
        return isinstance(v, str) and v.split(" (")[0] in PLACE_WORDS

    header = next(r for r, row in enumerate(values[:6]) if any(is_place(v) for v in row))
    col = max(c for c, v in enumerate(values[header]) if is_place(v))
    got = {}
    for r, row in enumerate(case.grid):
        name = case.name_of(row)
        if name in case.expected:
            got[name] = str(values[r][col])
    return got


def _standings(values: list[list[Any]]) -> dict[str, str]:
    """name -> place of a standings sheet (its header row: Place, No., Name ...)."""
    head = next(r for r, row in enumerate(values) if row and row[0] in PLACE_WORDS)
    name_col = next(c for c, v in enumerate(values[head]) if v in ("Name", "Фамилия, имя", "Участник", "Имя"))
    got = {}
    for row in values[head + 1 :]:
        if not row or row[0] in (None, ""):
            break
        got[str(row[name_col])] = str(row[0])
    return got


@pytest.mark.parametrize("case", LAYOUT_CASES, ids=[c.id for c in LAYOUT_CASES])
def test_out_copy_places_each_player_of_the_layout(case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, out = tmp_path / "t.xlsx", tmp_path / "ranked.xlsx"
    write_workbook(case, src)
    code = cli.main(["rank", str(src), "--out", str(out), "--lang", "en"])
    err = capsys.readouterr().err
    assert code == 0, err
    wb = openpyxl.load_workbook(out)
    table = wb.worksheets[0]
    values = [list(row) for row in table.iter_rows(values_only=True)]
    assert _places_in_table(values, case) == case.expected
    standings = next(wb[s] for s in wb.sheetnames if s in STANDINGS_SHEETS)
    assert _standings([list(row) for row in standings.iter_rows(values_only=True)]) == case.expected


@pytest.mark.parametrize("case", LAYOUT_CASES, ids=[c.id for c in LAYOUT_CASES])
def test_rank_script_places_each_player_of_the_layout(case: Case, tmp_path: Path) -> None:
    src = tmp_path / "t.xlsx"
    write_workbook(case, src)
    data = payload(src)
    after = apply(data, run_script(data))
    sheets = {s["name"]: s["values"] for s in after["sheets"]}
    table = sheets[data["sheets"][0]["name"]]
    assert _places_in_table(table, case) == case.expected
    standings = next(v for name, v in sheets.items() if name in STANDINGS_SHEETS)
    assert _standings(standings) == case.expected


READ_IN_PROGRESS = [(label, ev, build, span) for label, ev, build, span in LAYOUTS if label != "sorted-no-numbers-blank-diagonal"]


@pytest.mark.parametrize("layout", READ_IN_PROGRESS, ids=[f"{ev.key}-{label}" for label, ev, _b, _s in READ_IN_PROGRESS])
def test_the_layout_in_progress_is_read_with_the_games_entered(layout: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    label, ev, build, span = layout
    now = in_progress(ev)
    case = layout_case(label, now, build, span)
    # a Swiss is ranked after its last complete round while the next is being entered (README, "During the tournament")
    complete = [r for k, r in enumerate(now.rounds) if len(r) == len(ev.rounds[k])]
    expected = dict(zip(now.names, replace(now, rounds=complete).points()))
    assert expected != dict(zip(ev.names, ev.points()))  # games are missing indeed
    path = tmp_path / "t.xlsx"
    write_workbook(case, path)
    code = cli.main(["rank", str(path), "--format", "csv", "--lang", "en"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "withdrew" not in err  # the empty cells are games to come, never withdrawals
    lines = out.lstrip("\ufeff").splitlines()
    head = next(k for k, line in enumerate(lines) if line.startswith("Place,"))  # under the title row of an unfinished event
    got = {row["Name"]: float(row["Points"].replace(",", ".")) for row in csv.DictReader(io.StringIO("\n".join(lines[head:])))}
    assert got == expected
    grid = [[("" if v is None else v) for v in row] + [""] * (max(map(len, case.grid)) - len(row)) for row in case.grid]
    spilled = column(call(functions, "points", grid))
    assert {case.name_of(row): spilled[r] for r, row in enumerate(grid) if case.name_of(row) in expected} == expected


def test_a_sorted_round_robin_in_progress_without_numbers_is_refused_naming_the_cell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    label, ev, build, span = next(x for x in LAYOUTS if x[0] == "sorted-no-numbers-blank-diagonal")
    case = layout_case(label, in_progress(ev), build, span)
    # rows by place: Иванов (No. 1), Петров (No. 2), Козлов (No. 4), Сидоров (No. 3) ...; Иванов-Петров is still to
    # play, so their rows have two blank cells each: the blanks no longer tell whose column is whose.  Read in order,
    # the third row (Козлов, sheet row 4) holds his win over Сидоров in the third result column (D): on the diagonal.
    path = tmp_path / "t.xlsx"
    write_workbook(case, path)
    assert cli.main(["rank", str(path), "--lang", "en"]) != 0
    err = capsys.readouterr().err
    assert "sheet 'Таблица', cell D4" in err
    assert "a result stands on the diagonal and there is no No. column: the rows look sorted" in err
    assert "add a No. column holding each player's start number" in err
    assert cli.main(["rank", str(path), "--lang", "ru"]) != 0
    err = capsys.readouterr().err
    assert "лист 'Таблица', ячейка D4" in err
    assert "на диагонали стоит результат, а столбца № нет: строки, похоже, отсортированы" in err


def test_the_notes_say_how_the_table_was_read() -> None:
    by_id = {c.id: c for c in LAYOUT_CASES}
    with use_language("en"):
        ranking = read_table(by_id["swiss8_chess_en-ranking-crosstable"].grid)
        blank = read_table(by_id["rr6_chess_ru-sorted-no-numbers-blank-diagonal"].grid)
        ivanovs = read_table(by_id["rr6_two_ivanovs_ru-surname-first-name"].grid)
    assert any("the opponents' numbers are the players' ranks (column A, headed 'Rk.')" in n for n in ranking.layout.notes)
    # the start numbers stay the players' numbers: Adams No. 1 ... Hill No. 8, whatever their rank
    names = ["Adams", "Brown", "Clark", "Davis", "Evans", "Foster", "Green", "Hill"]
    assert {p.name: p.number for p in ranking.players} == {n: i + 1 for i, n in enumerate(names)}
    assert any("each player's number taken from the blank cell of his row" in n for n in blank.layout.notes)
    # rows by place (Иванов, Петров, Козлов, Сидоров, Смирнов, Волков), numbers from their blank cells
    assert [p.number for p in blank.players] == [1, 2, 4, 3, 5, 6]
    assert [p.name for p in ivanovs.players][:2] == ["Иванов Иван", "Иванов Пётр"]


def test_rows_sorted_without_a_number_column_are_read_from_their_diagonal_marks() -> None:
    # Sorted by place (Иванов, Сидоров, Козлов, Петров) while the columns keep the start order 1-4: each row's X
    # stands in its own column, so Иванов is No. 1, Сидоров No. 3, Козлов No. 4, Петров No. 2.
    # Points by hand: Иванов 1 + ½ + 1 = 2½, Сидоров ½ + 0 + 1 = 1½, Козлов 0 + 1 + 0 = 1, Петров 0 + 1 + 0 = 1.
    grid = [
        ["Фамилия", 1, 2, 3, 4, "Очки"],
        ["Иванов", "X", 1, "½", 1, 2.5],
        ["Сидоров", "½", 0, "X", 1, 1.5],
        ["Козлов", 0, 1, 0, "X", 1],
        ["Петров", 0, "X", 1, 0, 1],
    ]
    t = read_table(grid)
    assert [p.number for p in t.players] == [1, 3, 4, 2]
    assert t.points == [2.5, 1.5, 1.0, 1.0]
    # Козлов's row, columns 1-3: lost to No. 1 Иванов, beat No. 2 Петров, lost to No. 3 Сидоров
    kozlov = {t.players[t.opp[2][k]].name: t.pts[2][k] for k in range(t.rounds) if t.opp[2][k] >= 0}
    assert kozlov == {"Иванов": 0.0, "Петров": 1.0, "Сидоров": 0.0}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "the opponents' numbers are the rows' places in the table (1 for the first row, 2 for the second ...), not the numbers of column A"),
        ("ru", "номера соперников — это места строк в таблице (1 у первой строки, 2 у второй ...), а не номера из столбца A"),
    ],
)
def test_a_ranking_crosstable_without_its_ranks_column_is_refused_naming_the_cause(
    lang: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = next(c for c in LAYOUT_CASES if c.id == "swiss8_chess_en-ranking-crosstable")
    grid = [row[1:] for row in case.grid]  # the Rk. column left out: SNo, Name, Rtg, rounds by rank
    path = tmp_path / "t.xlsx"
    write_workbook(Case(case.id, case.event, grid, [], case.name_col - 1), path)
    assert cli.main(["rank", str(path), "--lang", lang]) != 0
    err = capsys.readouterr().err
    assert expected in err
    assert ("sheet 'Crosstable', cell A2" if lang == "en" else "лист 'Crosstable', ячейка A2") in err


def test_a_sorted_round_robin_in_progress_whose_blanks_fall_on_the_diagonal_says_the_rows_look_sorted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # E1 sorted by place (Иванов 1, Петров 2, Козлов 3 = No. 4, Сидоров 4 = No. 3 ...) with no No. column, and
    # Козлов–Сидоров still to play: the third and fourth rows' blank cells then fall in the third and fourth result
    # columns, as on the diagonal of an unsorted table, and the rows read in order do not mirror.
    label, ev, build, span = next(x for x in LAYOUTS if x[0] == "sorted-no-numbers-blank-diagonal")
    score = [list(row) for row in ev.score]
    score[2][3] = score[3][2] = None
    case = layout_case(label, replace(ev, key=ev.key + "-kozlov-sidorov-to-play", score=score), build, span)
    path = tmp_path / "t.xlsx"
    write_workbook(case, path)
    assert cli.main(["rank", str(path), "--lang", "en"]) != 0
    err = capsys.readouterr().err
    assert "does not mirror" in err
    assert "the rows look sorted by place and there is no No. column: if the result columns keep the start order, add a No. column" in err
    assert cli.main(["rank", str(path), "--lang", "ru"]) != 0
    assert "строки, похоже, отсортированы по местам, а столбца № нет" in capsys.readouterr().err


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "in-progress"])
def test_a_cycle_row_under_a_double_round_robin_is_part_of_the_header(finished: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # title, blank row, header (sheet row 3), cycle row (row 4), players (rows 5-7).  By hand, two games a pair:
    # Иванов 1 + ½ (Петров) + 1 + 1 (Сидоров) = 3½, Петров 0 + ½ + 1 + 0 = 1½, Сидоров 0 + 0 + 0 + 1 = 1.
    # In progress Петров and Сидоров have not played their second game: Петров 0 + ½ + 1 = 1½, Сидоров 0.
    grid: list[list[Any]] = [
        ["Первенство клуба"],
        [],
        ["№", "Фамилия", 1, None, 2, None, 3, None, "Очки"],
        [None, None, "1 кр.", "2 кр.", "1 кр.", "2 кр.", "1 кр.", "2 кр.", None],
        [1, "Иванов", "X", "X", 1, "½", 1, 1, "3,5"],
        [2, "Петров", 0, "½", "X", "X", 1, 0, "1,5"],
        [3, "Сидоров", 0, 0, 0, 1, "X", "X", 1],
    ]
    expected = {"Иванов": 3.5, "Петров": 1.5, "Сидоров": 1.0}
    if not finished:
        grid[5][6:9], grid[6][4:6], grid[6][8] = [1, None, None], [0, None], None
        expected = {"Иванов": 3.5, "Петров": 1.5, "Сидоров": 0.0}
    t = read_table(grid)
    assert [p.name for p in t.players] == ["Иванов", "Петров", "Сидоров"]
    assert dict(zip([p.name for p in t.players], t.points)) == expected
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    for row in grid:
        ws.append(row)
    wb.save(tmp_path / "t.xlsx")
    assert cli.main(["rank", str(tmp_path / "t.xlsx"), "--format", "csv", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.lstrip("\ufeff").splitlines()
    head = next(k for k, line in enumerate(lines) if line.startswith("Place,"))
    got = {row["Name"]: float(row["Points"]) for row in csv.DictReader(io.StringIO("\n".join(lines[head:])))}
    assert got == expected


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "in-progress"])
@pytest.mark.parametrize("label", ["cycle-sub-columns-blank-diagonal", "sub-columns-blank-diagonal-no-cycle-row"])
def test_a_double_round_robin_with_a_blank_diagonal_is_refused_at_a_result_on_it(
    finished: bool, label: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The double round robin in sub-columns, each player's own pair left blank, but a 1 typed in the second player's own
    # pair (his row, the second sub-column under his own number 2: column F): whose game is it?  Refused at that cell.
    layout = next(x for x in LAYOUTS if x[0] == label)
    case = layout_case(*layout) if finished else layout_case(layout[0], in_progress(layout[1]), *layout[2:])
    row = next(r for r, line in enumerate(case.grid) if case.name_of(line) == case.event.names[1])
    assert case.grid[row][4:6] == [None, None]  # columns E, F: the pair under his own number
    case.grid[row][5] = 1
    path = tmp_path / "t.xlsx"
    write_workbook(case, path)
    sheet = "Таблица" if "ru" in case.event.key else "Crosstable"
    assert cli.main(["rank", str(path), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert f"sheet '{sheet}', cell F{row + 1}: a result stands on the diagonal of a double round robin in two sub-columns" in err
    assert "mark them X or leave them blank" in err
    assert cli.main(["rank", str(path), "--lang", "ru"]) == 1
    err = capsys.readouterr().err
    assert f"лист '{sheet}', ячейка F{row + 1}: на диагонали двухкругового турнира с подстолбцами стоит результат" in err
    office = [["" if v is None else v for v in line] for line in case.grid]
    result = call(functions, "places", office)
    while isinstance(result, list):
        result = result[0]
    assert f"row {row + 1}, column 6" in result or f"строка {row + 1}, столбец 6" in result
    assert "double round robin in two sub-columns" in result or "двухкругового турнира с подстолбцами" in result


@pytest.mark.parametrize("finished", [True, False], ids=["finished", "in-progress"])
def test_a_double_round_robin_with_a_blank_diagonal_is_read_by_hand(finished: bool) -> None:
    # D1 drawn without X: Орлов 1+0 (Лебедев) + ½+1 (Соколов) + 1+½ (Морозов) = 4, Лебедев 0+1 + 1+½ + 0+½ = 3,
    # Соколов ½+0 + 0+½ + ½+1 = 2½, Морозов 0+½ + 1+½ + ½+0 = 2½.  In progress (the first cycle and two games of the second:
    # Орлов–Лебедев 0, Орлов–Соколов 1): Орлов 1+0 + ½+1 + 1 = 3½, Лебедев 0+1 + 1 + 0 = 2, Соколов ½+0 + 0 + ½ = 1,
    # Морозов 0 + 1 + ½ = 1½.
    layout = next(x for x in LAYOUTS if x[0] == "cycle-sub-columns-blank-diagonal")
    case = layout_case(*layout) if finished else layout_case(layout[0], in_progress(layout[1]), *layout[2:])
    t = read_table(case.grid)
    assert t.cycles == 2
    assert t.points == ([4.0, 3.0, 2.5, 2.5] if finished else [3.5, 2.0, 1.0, 1.5])
