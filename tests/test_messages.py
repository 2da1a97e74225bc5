"""Messages that say exactly why, where and what next, in the table's language (issue #22, items 3, 5, 6).

Every refusal names the sheet cell (sheet rows, never rows counted from the top of the range), what it
expected there and the next step; file-level errors speak the workbook's language; the withdrawal
notes agree with the player in Russian; the command line prints criteria by name in aligned columns.
Each message is checked through the command line, the Rank script (``xw.Book(json=...)``) and the
worksheet functions (``custom_functions_call``), in English and Russian, on a finished table and on
one in progress.
"""

from __future__ import annotations

import copy
import csv
import io
from pathlib import Path
from typing import Any

import pytest
from club_tables import CASES, write_workbook
from helpers import call, text_table
from test_rank_script import alert, payload, run_script
from test_rules_unplayed import _line, _trf

from tiebreak.cli import commands as cli
from tiebreak.core.errors import Location
from tiebreak.core.localformat import name_gender
from tiebreak.excel import functions

# E1 with a title, an empty row, a group label row and the header: the header is sheet row 4, the
# players are sheet rows 5-10 (Иванов 5, Петров 6, Сидоров 7, Козлов 8, Смирнов 9, Волков 10),
# their results in columns C-H, the points in column I.
TITLED = next(c for c in CASES if c.id == "rr6_chess_ru-title-two-row-totals")
FIRST_ROW = 5  # the sheet row of the first player


def _edited(edits: dict[tuple[int, int], Any], *, in_progress: bool = False) -> Any:
    """TITLED with cells changed (sheet row, grid column), optionally as a table in progress.

    In progress: Смирнов and Волков (sheet rows 9, 10; their columns G, H) have played nothing yet, their
    cells empty on both sides, and the points column (which would disagree) left empty.
    """
    case = copy.deepcopy(TITLED)
    grid = case.grid
    if in_progress:
        for r in range(FIRST_ROW - 1, FIRST_ROW + 5):
            grid[r][8] = None  # the points
            for c in range(2, 8):
                if grid[r][c] != "X" and (r >= FIRST_ROW + 3 or c >= 6):
                    grid[r][c] = None
        grid[-1][8] = None  # the totals row
    for (row, col), v in edits.items():
        grid[row - 1][col] = v
    return case


def _cli(case: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    path = tmp_path / "t.xlsx"
    write_workbook(case, path)
    code = cli.main(["rank", str(path), *args])
    out, err = capsys.readouterr()
    return code, out, err


def _rank_script(case: Any, tmp_path: Path) -> str:
    path = tmp_path / "rank.xlsx"
    write_workbook(case, path)
    return alert(run_script(payload(path)))


def _function(grid: list[list[Any]]) -> str:
    width = max(len(r) for r in grid)
    office = [[("" if v is None else v) for v in r] + [""] * (width - len(r)) for r in grid]
    result = call(functions, "places", office)
    while isinstance(result, list):
        result = result[0]
    assert isinstance(result, str)
    return result


# ------------------------------------------------------------ item 3: sheet rows
def test_a_location_counts_sheet_rows_once_the_range_is_placed() -> None:
    # a range from C3: its row 8 is sheet row 10, its column 2 is sheet column D
    assert str(Location(row=8, origin=(3, 3), sheet="S")) == "sheet 'S', row 10"
    assert str(Location(row=8, column=2, origin=(3, 3))) == "cell D10"
    assert str(Location(column=2, origin=(3, 3))) == "column D"
    assert str(Location(row=8)) == "row 8"  # a worksheet function's range: no sheet position


@pytest.mark.parametrize("in_progress", [False, True], ids=["finished", "in-progress"])
def test_a_duplicate_number_names_both_rows_as_the_sheet_numbers_them(
    in_progress: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = _edited({(7, 0): 2}, in_progress=in_progress)  # Сидоров (sheet row 7) given Петров's number 2 (row 6)
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 1
    assert "cell A7: number 2 is also the number of row 6: numbers must differ" in err
    code, _, err = _cli(case, tmp_path, capsys)  # the table speaks Russian
    assert "ячейка A7: номер 2 уже стоит в строке 6: номера должны различаться" in err
    message = _rank_script(case, tmp_path)
    assert "ячейка A7" in message and "номер 2 уже стоит в строке 6" in message
    # a function has only its range: from the group label row (sheet row 3), Петров is its row 4
    assert "номер 2 уже стоит в строке 4" in _function(case.grid[2:])


@pytest.mark.parametrize("in_progress", [False, True], ids=["finished", "in-progress"])
def test_a_result_that_does_not_mirror_names_the_other_row_of_the_sheet(
    in_progress: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Петров (row 6) beat Сидоров (E6 = 1); Сидоров's cell against Петров (D7) says 1 too
    case = _edited({(7, 3): 1}, in_progress=in_progress)
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 1
    assert "cell E6 (Петров Пётр), against Сидоров Сергей (No. 3): 1 does not mirror Сидоров Сергей's result 1 (row 7)" in err
    code, _, err = _cli(case, tmp_path, capsys)
    assert "ячейка E6 (Петров Пётр), против Сидоров Сергей (№ 3): 1 не согласуется с результатом 1 у участника Сидоров Сергей (строка 7)" in err


# ------------------------------------------- item 3: results in a notation tiebreak does not read
def _letters(in_progress: bool) -> Any:
    """TITLED written with letters for the results (В win, Н draw, П loss): a notation tiebreak does not read."""
    case = _edited({}, in_progress=in_progress)
    for row in case.grid[FIRST_ROW - 1 : FIRST_ROW + 5]:
        for c in range(2, 8):
            row[c] = {1: "В", "½": "Н", 0: "П"}.get(row[c], row[c])
    return case


@pytest.mark.parametrize("in_progress", [False, True], ids=["finished", "in-progress"])
def test_no_results_found_names_the_first_cell_it_could_not_read(in_progress: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _letters(in_progress)  # Иванов's row: X in C5, then В (a win over Петров) in D5
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 1
    assert "sheet 'Таблица', cell D5: no results found: 'В' here is neither a round robin result (1, ½, 0, + or −)" in err
    assert "--range" in err and "How a table is read" in err
    code, _, err = _cli(case, tmp_path, capsys)
    assert "лист 'Таблица', ячейка D5: результаты не найдены: 'В' здесь — не результат круговой таблицы" in err
    message = _rank_script(case, tmp_path)
    assert "ячейка D5" in message and "результаты не найдены: 'В'" in message
    # the function's range starts at the title: D5 is its row 5, column 4
    text = _function(case.grid)
    assert "строка 5" in text and "столбец 4" in text and "'В'" in text


def _numbers(in_progress: bool, diagonal: str | None, notation: dict[Any, Any] | None = None) -> Any:
    """TITLED with the results as plain numbers on a 100/50/0 scale (or in ``notation``: a notation tiebreak does not
    read), the diagonal ``diagonal``."""
    case = _edited({}, in_progress=in_progress)
    for row in case.grid[FIRST_ROW - 1 : FIRST_ROW + 5]:
        for c in range(2, 8):
            row[c] = diagonal if row[c] == "X" else (notation or {1: 100, "½": 50, 0: 0}).get(row[c], row[c])
    return case


@pytest.mark.parametrize("in_progress", [False, True], ids=["finished", "in-progress"])
def test_no_results_found_names_the_first_mark_it_could_not_read_beside_a_marked_diagonal(
    in_progress: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # ✓ for a win, ✗ for a loss, ½ for a draw, the diagonal X: D5 (Иванов's win over Петров) is the first mark not read.
    # Before: "6 player rows but 1 result columns", counting the one column that held mostly ½.
    case = _numbers(in_progress, "X", {1: "✓", 0: "✗"})
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 1
    assert "sheet 'Таблица', cell D5: no results found: '✓' here is neither a round robin result (1, ½, 0, + or −)" in err
    code, _, err = _cli(case, tmp_path, capsys)
    assert "лист 'Таблица', ячейка D5: результаты не найдены: '✓' здесь — не результат круговой таблицы" in err
    text = _function(case.grid)
    assert "строка 5" in text and "столбец 4" in text and "'✓'" in text


@pytest.mark.parametrize("diagonal", ["X", None], ids=["diagonal-x", "diagonal-blank"])
@pytest.mark.parametrize("in_progress", [False, True], ids=["finished", "in-progress"])
def test_no_results_found_names_the_first_number_it_could_not_read(
    in_progress: bool, diagonal: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Иванов's row (sheet row 5): the diagonal in C5, then 100 (his win over Петров) in D5: no result on 1/½/0, no
    # opponent either.  Before, a marked diagonal gave "6 player rows but 1 result columns" (the 0s only) and a blank one
    # "no results found" naming no cell.
    case = _numbers(in_progress, diagonal)
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 1
    assert "sheet 'Таблица', cell D5: no results found: 100 here is neither a round robin result (1, ½, 0, + or −) nor a Swiss cell such as '12w1'" in err
    assert "write the results in one of these notations" in err and "--range" in err
    assert "result columns" not in err
    code, _, err = _cli(case, tmp_path, capsys)
    assert "лист 'Таблица', ячейка D5: результаты не найдены: 100 здесь — не результат круговой таблицы" in err
    message = _rank_script(case, tmp_path)
    assert "ячейка D5" in message and "результаты не найдены: 100" in message
    text = _function(case.grid)  # the function's range starts at the title: D5 is its row 5, column 4
    assert "строка 5" in text and "столбец 4" in text and "результаты не найдены: 100" in text


SWISS = next(c for c in CASES if c.id == "swiss6_chess_ru-plain")  # header row 1, Агеев in row 2 ('4б1' in C2)


def _bare_swiss(in_progress: bool) -> Any:
    """SWISS with each round's cell holding the result alone ('4б1' -> '1'): the opponents left out.

    In progress: the last round (column E) still empty, the second (column D) entered for the first three rows only.
    """
    case = copy.deepcopy(SWISS)
    for r, row in enumerate(case.grid[1:], start=1):
        for c in (2, 3, 4):
            row[c] = None if in_progress and (c == 4 or (c == 3 and r > 3)) else row[c][-1]
        if in_progress:
            row[5] = None  # the points, which would disagree
    return case


@pytest.mark.parametrize("in_progress", [False, True], ids=["finished", "in-progress"])
def test_results_without_opponents_name_the_first_such_cell(in_progress: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Агеев's first round (C2) reads 1 (he beat No. 4): a result, but against whom?  Before: "6 player rows but 3
    # result columns", as if a round robin had lost three columns.
    case = _bare_swiss(in_progress)
    assert case.grid[1][1] == "Агеев" and case.grid[1][2] == "1"
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 1
    assert "sheet 'Таблица', cell C2: no results found: '1' here looks like a result but names no opponent" in err
    assert "a Swiss table the opponent's number in each round's cell, e.g. '12w1' or '12+'" in err
    assert "write the opponents' numbers before the results" in err and "--range" in err
    assert "result columns: a round robin needs one result column per player" not in err
    code, _, err = _cli(case, tmp_path, capsys)
    assert "лист 'Таблица', ячейка C2: результаты не найдены: '1' здесь выглядит как результат, но соперник не указан" in err
    assert "запишите номера соперников перед результатами" in err
    message = _rank_script(case, tmp_path)
    assert "ячейка C2" in message and "соперник не указан" in message
    text = _function(case.grid)
    assert "строка 2" in text and "столбец 3" in text and "соперник не указан" in text


# --------------------------------------- item 3: a two-game total and a team match score
@pytest.mark.parametrize("in_progress", [False, True], ids=["finished", "in-progress"])
def test_a_total_of_two_games_is_advised_as_such(in_progress: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _edited({(6, 4): "1,5"}, in_progress=in_progress)  # Петров against Сидоров: 1,5 of two games
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 1
    assert "cell E6 (Петров Пётр), against Сидоров Сергей (No. 3): '1,5' is not a result: this looks like the total of two games" in err
    assert "write both games in the cell, e.g. 1 ½" in err
    assert "write 1, ½ or 0.5" not in err  # the single-game advice does not fit this cell
    code, _, err = _cli(case, tmp_path, capsys)
    assert "'1,5' — не результат: похоже на сумму двух партий (двухкруговой турнир)" in err
    assert "пишите 1, ½" not in err
    assert "похоже на сумму двух партий" in _rank_script(case, tmp_path)
    assert "похоже на сумму двух партий" in _function(case.grid)


@pytest.mark.parametrize("value", ["2,5", 3.5])
def test_a_team_match_score_is_advised_as_such(value: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _edited({(6, 4): value})
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 1
    assert "cell E6" in err and "this looks like a team match score (the board points of several games)" in err
    assert "a table of team matches is read as one when its header has MP and GP columns, or with --event team (the Event / Турнир row on the tiebreak sheet; in a worksheet function, the scoring argument \"team\")" in err
    code, _, err = _cli(case, tmp_path, capsys)
    assert "похоже на счёт командного матча" in err and "таблица командных матчей читается как таковая, когда в её шапке есть столбцы MP и GP, или с --event team (строка Event / Турнир на листе tiebreak; в функции листа — аргумент scoring \"team\")" in err
    assert "похоже на счёт командного матча" in _function(case.grid)


def test_what_is_said_of_team_tables_is_said_in_one_place() -> None:
    # what is said of team tables (how they are read) is said in one line
    from tiebreak.core.i18n import use_language
    from tiebreak.core.notation import not_a_result, team_tables

    src = Path(__file__).resolve().parent.parent / "src" / "tiebreak"
    holders = [p.relative_to(src).as_posix() for p in src.rglob("*.py") if "is read as one when its header has MP and GP" in p.read_text(encoding="utf-8")]
    assert holders == ["core/notation.py"]
    assert (src / "core" / "notation.py").read_text(encoding="utf-8").count("is read as one when its header has MP and GP") == 1
    for lang, said in (("en", "a table of team matches is read as one when its header has MP and GP columns, or with --event team (the Event / Турнир row on the tiebreak sheet; in a worksheet function, the scoring argument \"team\")"), ("ru", "таблица командных матчей читается как таковая, когда в её шапке есть столбцы MP и GP, или с --event team (строка Event / Турнир на листе tiebreak; в функции листа — аргумент scoring \"team\")")):
        with use_language(lang):
            assert team_tables() == said
            assert not_a_result("2,5", swiss=False).endswith("; " + said)


# ------------------------------------------- item 5: file-level errors in the table's language
@pytest.fixture
def english_system(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.setenv(var, "en_US.UTF-8")


@pytest.mark.parametrize(
    ("args", "english", "russian"),
    [
        (["--sheet", "Нет"], "there is no sheet 'Нет'", "листа 'Нет' нет (листы: Таблица)"),
        (["--range", "Z1:Z3"], "--range Z1:Z3: a crosstable spans several rows", "--range Z1:Z3: турнирная таблица занимает несколько строк"),
        (["--rules", "xx"], "unknown rule set 'xx'", "неизвестный набор правил 'xx'"),
        (["--criteria", "foo"], "unknown criterion 'foo'", "неизвестный показатель 'foo'"),
    ],
    ids=["sheet", "range", "rules", "criteria"],
)
def test_errors_before_the_table_speak_the_workbooks_language(
    args: list[str], english: str, russian: str, english_system: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _cli(TITLED, tmp_path, capsys, *args)  # a Russian workbook on an English system
    assert code == 1 and f"tiebreak: ошибка: {russian}" in err
    code, _, err = _cli(TITLED, tmp_path, capsys, *args, "--lang", "en")  # --lang first
    assert code == 1 and f"tiebreak: error: {english}" in err
    english_case = next(c for c in CASES if c.id == "rr6_chess_en-plain")
    code, _, err = _cli(english_case, tmp_path, capsys, *[a.replace("Нет", "None") for a in args])
    assert code == 1 and "tiebreak: error:" in err


# ------------------------------------------------ item 5: the withdrawal note agrees with the player
@pytest.mark.parametrize(
    ("name", "gender"),
    [
        ("Андреева Полина", "f"), ("Андреев Пётр", "m"), ("Толстая А. Н.", "f"), ("Толстой Лев", "m"),
        ("Ковальская Ирина", "f"), ("Ковальский Ян", "m"), ("Петров Иван Сергеевич", "m"), ("Черных Ольга Ивановна", "f"),
        ("Шмидт Анна", "f"), ("Черных Никита", "m"), ("Кузьмина Илья", None),  # a woman's surname, a man's name: unknown
        ("Шевченко Саша", None), ("Ann Smith", None), ("", None),
    ],
)
def test_a_russian_name_tells_a_woman_from_a_man(name: str, gender: str | None) -> None:
    assert name_gender(name) == gender


# Five players, three rounds (the event of tests/test_rules_unplayed.py, section 3): No. 4 drew R1 and
# took a half-point bye in R2, then withdrew.  After round 2 she has ½ + ½ = 1 point, as do No. 2
# (0 + 1), No. 3 (½ + ½) and No. 5 (the R1 pairing bye 1 + 0).  Under "ru" she is credited their
# average for round 3: (No. 2 won 1 + No. 3 lost 0 + No. 5 won 1) / 3 = 0.6667 - for one round, round 3.
def _withdrawal_trf(name: str, tmp_path: Path) -> Path:
    path = tmp_path / "w.trf"
    path.write_text(
        _trf([
            _line(1, "Иванов Иван", [(2, "w", "1"), (3, "w", "="), (5, "b", "0")]),
            _line(2, "Петров Пётр", [(1, "b", "0"), (5, "w", "1"), (3, "w", "1")]),
            _line(3, "Сидоров Сергей", [(4, "w", "="), (1, "b", "="), (2, "b", "0")]),
            _line(4, name, [(3, "b", "="), (0, "-", "H")]),
            _line(5, "Козлов Константин", [(0, "-", "U"), (2, "b", "0"), (1, "w", "1")]),
        ]),
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("name", "russian"),
    [
        ("Андреева Полина", "Андреева Полина выбыла после тура 2: за тур 3 начислено 0,6667"),
        ("Андреев Пётр", "Андреев Пётр выбыл после тура 2: за тур 3 начислено 0,6667"),
        ("Ann Smith", "Ann Smith (выбытие после тура 2): за тур 3 начислено 0,6667"),
    ],
)
def test_the_withdrawal_note_reads_right_for_women_and_men(name: str, russian: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _withdrawal_trf(name, tmp_path)
    assert cli.main(["rank", str(path), "--rules", "ru", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert f"Примечание: {russian} (среднее участников, у которых после тура 2 было 1 очко; их число: 3)" in out
    assert "туры 3–3" not in out
    assert cli.main(["rank", str(path), "--rules", "ru", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"Note: {name} withdrew after round 2: credited 0.6667 for round 3 (average of 3 player(s) with 1 point after round 2)" in out


def test_nothing_credited_for_one_round_says_one_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # tests/test_rules_unplayed.py, section 4: No. 3 drew R1, lost R2 by forfeit and withdrew: ½ after round 2,
    # a score nobody else had (No. 1 2, No. 2 1, No. 4 ½ + U 1 = 1½, No. 5 U 1 + 0 = 1): nothing for round 3
    path = tmp_path / "c.trf"
    path.write_text(
        _trf([
            _line(1, "Иванов Иван", [(2, "w", "1"), (3, "w", "+"), (5, "w", "=")]),
            _line(2, "Петров Пётр", [(1, "b", "0"), (5, "w", "1"), (4, "b", "0")]),
            _line(3, "Андреева Полина", [(4, "w", "="), (1, "b", "-"), (0, "-", "Z")]),
            _line(4, "Сидоров Сергей", [(3, "b", "="), (0, "-", "U"), (2, "w", "1")]),
            _line(5, "Козлов Константин", [(0, "-", "U"), (2, "b", "0"), (1, "b", "=")]),
        ]),
        encoding="utf-8",
    )
    assert cli.main(["rank", str(path), "--rules", "ru", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Андреева Полина выбыла после тура 2; ни у кого больше не было столько же очков, поэтому за тур 3 ничего не начислено" in out


# ------------------------------------------------ item 6: names in the text and CSV outputs
# E1's ranking (tests/club_tables.py): Сидоров and Козлов tie on 2½; the "ru" Sonneborn–Berger is
# the draughts one, twice the chess sum worked there: Козлов 2 × 5.25 = 10.5, Сидоров 2 × 4.25 = 8.5.
@pytest.mark.parametrize("in_progress", [False, True], ids=["finished", "in-progress"])
def test_the_text_output_heads_criteria_by_name_in_aligned_columns(in_progress: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _edited({}, in_progress=in_progress)
    code, out, err = _cli(case, tmp_path, capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Правила: ru   Критерии: sonneborn_berger, wins, h2h, beaten, order"
    head = 2 if in_progress else 1  # a table in progress says after which round it stands
    table = text_table(lines[head : head + 7])
    assert list(table[0]) == [
        "Место", "№", "Участник", "Очки", "Коэффициент Зонненборна–Бергера", "Количество побед", "Личные встречи",
        "Сумма очков побеждённых", "Результаты встреч в порядке мест",
    ]
    by_name = {row["Участник"]: row for row in table}
    assert set(by_name) == {"Иванов Иван", "Петров Пётр", "Сидоров Сергей", "Козлов Константин", "Смирнов Семён", "Волков Виктор"}
    if not in_progress:
        assert (by_name["Козлов Константин"]["Место"], by_name["Сидоров Сергей"]["Место"]) == ("3", "4")
        assert (by_name["Козлов Константин"]["Коэффициент Зонненборна–Бергера"], by_name["Сидоров Сергей"]["Коэффициент Зонненборна–Бергера"]) == ("10,5", "8,5")
    code, out, err = _cli(case, tmp_path, capsys, "--format", "csv", "--lang", "en")
    lines = out.lstrip("\ufeff").splitlines()
    if in_progress:  # the CSV of an unfinished event starts with where it stands
        assert lines.pop(0).startswith("After round")
    rows = list(csv.DictReader(io.StringIO("\n".join(lines))))
    assert list(rows[0])[4:] == ["Sonneborn–Berger", "Most wins", "Head-to-head", "Beaten opponents' scores", "Results in order of places"]


# ------------------------------------------------ item 7: the table's own place and coefficient columns
# E1 laid out with the club's own Коэф. (J), Бухг. (K) and Место (L) columns after the points (I).
# The "ru" coefficient of a round robin (Sonneborn–Berger) counts the beaten opponents' points and
# half the drawn ones', doubled (the draughts scale); from the results in tests/club_tables.py:
#   Иванов 2 × (3½ + 2½ + 1½ + ½ + ½·2½) = 18.5     Петров 2 × (2½ + 1½ + ½ + ½·2½) = 11.5
#   Сидоров 2 × (½·4½ + 1½ + ½) = 8.5                Козлов 2 × (½·3½ + 2½ + ½·1½ + ½·½) = 10.5
#   Смирнов 2 × (½ + ½·2½) = 3.5                     Волков 2 × (½·2½) = 2.5
# and the places 1 Иванов, 2 Петров, 3 Козлов, 4 Сидоров, 5 Смирнов, 6 Волков.
OWN_COLUMNS = next(c for c in CASES if c.id == "rr6_chess_ru-old-tiebreaks")
SB = [18.5, 11.5, 8.5, 10.5, 3.5, 2.5]  # by start number


def _own_columns(coefficients: list[Any], places: list[Any]) -> Any:
    case = copy.deepcopy(OWN_COLUMNS)
    assert case.grid[0][9:12] == ["Коэф.", "Бухг.", "Место"]
    for i, row in enumerate(case.grid[1:7]):
        row[9], row[11] = coefficients[i], places[i]
    return case


def test_the_tables_own_place_and_coefficient_columns_are_compared(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the club swapped Сидоров (No. 3) and Козлов (No. 4) and typed Козлов's coefficient as 10 (10,5 is right);
    # "8,50" for Сидоров is right at the user's precision
    case = _own_columns([18.5, 11.5, "8,50", 10, 3.5, 2.5], [1, 2, 3, 4, 5, 6])
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 0, err
    assert (
        "the table's own Место column (L) differs from the places tiebreak computed for 2 players: "
        "Сидоров Сергей 3 (tiebreak: 4); Козлов Константин 4 (tiebreak: 3); the column is left as it is"
    ) in err
    assert (
        "the table's own Коэф. column (J) differs from Sonneborn–Berger as tiebreak computed it for 1 player: "
        "Козлов Константин 10 (tiebreak: 10.5); the column is left as it is"
    ) in err
    code, _, err = _cli(case, tmp_path, capsys)
    assert "места, рассчитанные tiebreak, не совпадают со столбцом таблицы Место (L) — 2 участника: Сидоров Сергей 3 (у tiebreak: 4)" in err
    assert "показатель «Коэффициент Зонненборна–Бергера», рассчитанный tiebreak, не совпадает со столбцом таблицы Коэф. (J) — 1 участник" in err


def test_agreeing_columns_get_no_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _own_columns(SB, [1, 2, 4, 3, 5, 6])
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 0 and "the table's own" not in err


def _sheet_rows(path: Path) -> list[list[Any]]:
    import openpyxl

    ws = openpyxl.load_workbook(path).worksheets[0]
    return [list(r) for r in ws.iter_rows(values_only=True)]


def test_rank_writes_its_places_beside_the_users_under_a_header_of_its_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _own_columns(SB, [1, 2, 3, 4, 5, 6])  # the club's places, Сидоров and Козлов swapped
    src = tmp_path / "src.xlsx"
    write_workbook(case, src)
    out = tmp_path / "out.xlsx"
    assert cli.main(["rank", str(src), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    rows = _sheet_rows(out)
    assert rows[0][11:13] == ["Место", "Место (tiebreak)"]  # never a second 'Место' beside the user's
    assert [r[11] for r in rows[1:7]] == [1, 2, 3, 4, 5, 6]  # the user's column is left as it is
    assert [r[12] for r in rows[1:7]] == [1, 2, 4, 3, 5, 6]  # tiebreak's places, by start number
    assert "Сидоров Сергей 3 (у tiebreak: 4)" in err
    # ranked again, the copy keeps one column of each and the same note
    again = tmp_path / "again.xlsx"
    assert cli.main(["rank", str(out), "--out", str(again)]) == 0
    assert "Сидоров Сергей 3 (у tiebreak: 4)" in capsys.readouterr().err
    rows = _sheet_rows(again)
    assert rows[0][11:14] == ["Место", "Место (tiebreak)", "Коэффициент Зонненборна–Бергера"]
    assert [r[12] for r in rows[1:7]] == [1, 2, 4, 3, 5, 6]
    # the Rank script says the same
    message = _rank_script(case, tmp_path)
    assert "Сидоров Сергей 3 (у tiebreak: 4)" in message


def test_a_table_in_progress_with_its_place_column_still_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = _own_columns([None] * 6, [None] * 6)
    for row in case.grid[1:7]:  # Смирнов (No. 5) and Волков (No. 6) have not played yet; no points column
        row[8] = None
        for c in (6, 7):
            if row[c] != "X":
                row[c] = None
    for row in case.grid[5:7]:
        for c in range(2, 8):
            if row[c] != "X":
                row[c] = None
    src = tmp_path / "src.xlsx"
    write_workbook(case, src)
    out = tmp_path / "out.xlsx"
    assert cli.main(["rank", str(src), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "не совпадают" not in err  # nothing typed to compare
    rows = _sheet_rows(out)
    assert rows[0][11:13] == ["Место", "Место (tiebreak)"]
    assert [r[11] for r in rows[1:7]] == [None] * 6


# ------------------------------------------------ item 3: counts without a row that is not a player's
# A double round robin of three whose sub-header row stands under the header, with a title above: the
# header is sheet row 3, the sub-header row 4, the players rows 5-7.  A cycle row (1 кр. | 2 кр.) is read as
# part of the header (tests/test_club_layouts.py); this one names the colours (белыми | чёрными), which the
# reader does not take for a header, so it stands among the players.
SUB_HEADER = [
    ["Первенство клуба"],
    [],
    ["№", "Фамилия", 1, None, 2, None, 3, None, "Очки"],
    [None, None, "белыми", "чёрными", "белыми", "чёрными", "белыми", "чёрными", None],
    [1, "Иванов", "X", "X", 1, "½", 1, 1, "3,5"],
    [2, "Петров", 0, "½", "X", "X", 1, 0, "1,5"],
    [3, "Сидоров", 0, 0, 0, 1, "X", "X", 1],
]


def _write(grid: list[list[Any]], path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Таблица"
    for row in grid:
        ws.append(row)
    wb.save(path)
    return path


@pytest.mark.parametrize("in_progress", [False, True], ids=["finished", "in-progress"])
def test_a_row_that_is_not_a_players_is_named_and_not_counted(in_progress: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    grid = copy.deepcopy(SUB_HEADER)
    if in_progress:  # Петров and Сидоров have not played their second game yet
        grid[5][6:8], grid[6][4:6], grid[4][8], grid[5][8], grid[6][8] = [1, None], [0, None], None, None, None
    path = _write(grid, tmp_path / "t.xlsx")
    assert cli.main(["rank", str(path), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    # the sub-header is the sheet's row 4; without it the table has its 3 players
    assert "sheet 'Таблица', row 4: this row stands among the players' but has no number and no name" in err
    assert "without it the table has 3 players" in err and "4 player rows" not in err
    assert cli.main(["rank", str(path)]) == 1
    assert "строка 4: эта строка стоит среди строк участников, но в ней нет ни номера, ни фамилии" in capsys.readouterr().err
    assert "без неё в таблице 3 участника" in alert(run_script(payload(path)))
    assert "строка 2" in _function(grid[2:])  # the function's range starts at the header: the sub-header is its row 2


@pytest.mark.parametrize(
    "command",
    [["rank"], ["export", "--trf", "{tmp}/x.trf"], ["compare", "--rules", "ru,fide-2024"], ["explain", "--player", "1"], ["outlook"]],
    ids=["rank", "export", "compare", "explain", "outlook"],
)
def test_every_command_says_an_early_error_wholly_in_the_workbooks_language(
    command: list[str], english_system: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.xlsx"
    write_workbook(TITLED, path)
    argv = [command[0], str(path), *[a.replace("{tmp}", str(tmp_path)) for a in command[1:]], "--sheet", "Нет"]
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("tiebreak: ошибка: листа 'Нет' нет (листы: Таблица)"), err  # the prefix too


@pytest.mark.parametrize("case_id", ["rr6_chess_ru-own-places-reversed", "rr6_chess_en-own-places-reversed"])
def test_a_club_table_with_its_places_typed_the_wrong_way_round(case_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the club typed 6 for the winner, 5 for the second ... (tests/club_tables.py); tiebreak ranks as always
    # (test_club_tables checks the places) and lists all six players, the first five named
    case = next(c for c in CASES if c.id == case_id)
    first = min(case.expected, key=lambda name: int(case.expected[name]))
    code, _, err = _cli(case, tmp_path, capsys, "--lang", "en")
    assert code == 0
    assert "differs from the places tiebreak computed for 6 players:" in err
    assert f"{first} 6 (tiebreak: 1)" in err and err.count(" (tiebreak: ") >= 5 and " ...;" in err
