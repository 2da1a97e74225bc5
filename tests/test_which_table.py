"""Which table is read, on which scale: --range, --scoring, the scoring argument, several tables, sheet names."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from helpers import call
from openpyxl import Workbook

from tiebreak.cli import commands as cli
from tiebreak.excel import functions
from tiebreak.reading import read_table

# A round robin on 3/1/0 in which every game but one was drawn: each cell of a draw holds 1 on both sides,
# which on 1/0.5/0 would be two wins.  Ann beat Dan (3 : 0).
# Points on 3/1/0: Ann 1+1+3 = 5, Bob 1+1+1 = 3, Cid 1+1+1 = 3, Dan 1+1+0 = 2.
ALL_DRAWN = [
    ["No", "Name", 1, 2, 3, 4],
    [1, "Ann", "X", 1, 1, 3],
    [2, "Bob", 1, "X", 1, 1],
    [3, "Cid", 1, 1, "X", 1],
    [4, "Dan", 0, 1, 1, "X"],
]

def book(path: Path, sheets: dict[str, list[list[Any]]], active: str | None = None, at: dict[str, str] | None = None) -> Path:
    wb = Workbook()
    first = wb.active
    assert first is not None
    wb.remove(first)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        start = (at or {}).get(name)
        if start:
            from openpyxl.utils.cell import (
                column_index_from_string,
                coordinate_from_string,
            )

            col, row = coordinate_from_string(start)
            c0 = column_index_from_string(col)
            for i, r in enumerate(rows):
                for j, v in enumerate(r):
                    if v is not None:
                        ws.cell(row=row + i, column=c0 + j, value=v)
        else:
            for r in rows:
                ws.append(r)
    if active:
        wb.active = wb.sheetnames.index(active)
    wb.save(path)
    return path


def ranked(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, str], str]:
    code = cli.main(["rank", *argv, "--format", "csv"])
    out, err = capsys.readouterr()
    places = {row["Name"]: row["Points"] for row in csv.DictReader(io.StringIO(out))} if code == 0 else {}
    return code, places, err


def test_three_points_for_a_win_read_from_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = book(tmp_path / "t.xlsx", {"Table": ALL_DRAWN})
    code, points, err = ranked(capsys, str(path))
    assert code == 0, err
    assert points == {"Ann": "5", "Bob": "3", "Cid": "3", "Dan": "2"}


def test_scoring_option_and_argument_when_the_table_cannot_tell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ones = [row[:] for row in ALL_DRAWN]
    ones[1][5] = "+"  # Ann's win over Dan by forfeit, Dan's cell '-': no 3 anywhere
    ones[4][2] = "-"
    path = book(tmp_path / "t.xlsx", {"Table": ones})
    code, _, err = ranked(capsys, str(path))
    assert code == 1 and "does not mirror" in err  # 1 against 1 read as two wins on 1/0.5/0
    code, points, err = ranked(capsys, str(path), "--scoring", "3/1/0")
    assert code == 0, err
    assert points == {"Ann": "5", "Bob": "3", "Cid": "3", "Dan": "2"}
    # the worksheet functions' scoring argument
    assert [r[0] for r in call(functions, "points", ones, None, None, "3/1/0")] == ["", 5, 3, 3, 2]
    assert call(functions, "points", ones, "Ann", None, "3-1-0") == [[5]]
    assert call(functions, "points", ones, "Ann", None, "3/x/0")[0][0].startswith("#TIEBREAK! scoring: '3/x/0' is neither a scoring of a game (win/draw/loss, e.g. 2/1/0) nor a match event")


def test_a_points_column_shows_the_scale_of_a_drawn_double_round_robin() -> None:
    # every game drawn twice on 2/1/0: '11' in every cell, 4 points each as the points column says
    grid = [["№", "Фамилия", 1, 2, 3, "Очки"], [1, "А", "X", "11", "11", 4], [2, "Б", "11", "X", "11", 4], [3, "В", "11", "11", "X", 4]]
    t = read_table(grid)
    assert t.scoring.label == "2/1/0" and t.points == [4, 4, 4]
    assert t.layout.notes == ["scoring 2/1/0 taken from the points column"]  # type: ignore[attr-defined]


SMALL = [["No", "Name", 1, 2, 3], [1, "Ann", "X", 1, 1], [2, "Bob", 0, "X", 1], [3, "Cid", 0, 0, "X"]]
BIG = [
    ["No", "Name", 1, 2, 3, 4],
    [1, "Dan", "X", 0, 0, 0],
    [2, "Eve", 1, "X", 0, 0],
    [3, "Fay", 1, 1, "X", 0],
    [4, "Gus", 1, 1, 1, "X"],
]


def test_two_tables_on_a_sheet_the_largest_is_ranked_and_the_other_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = [r + [None] + s for r, s in zip(BIG, SMALL + [[None] * 5])]
    path = book(tmp_path / "t.xlsx", {"Results": sheet})
    code, points, err = ranked(capsys, str(path))
    assert code == 0, err
    assert set(points) == {"Dan", "Eve", "Fay", "Gus"}
    assert (
        "the sheet holds 2 tables; ranked the largest, A1:F5 (others: H1:L4); "
        "to rank another, give --range (e.g. --range H1:L4) or name its range 'crosstable'"
    ) in err
    code, points, err = ranked(capsys, str(path), "--range", "H1:L4")
    assert code == 0, err
    assert points == {"Ann": "2", "Bob": "1", "Cid": "0"}
    code, points, err = ranked(capsys, str(path), "--range", "results!H1:L4")
    assert code == 0, err
    assert points == {"Ann": "2", "Bob": "1", "Cid": "0"}


def test_a_bad_range_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = book(tmp_path / "t.xlsx", {"Results": SMALL})
    code, _, err = ranked(capsys, str(path), "--range", "A3")
    assert code == 1
    assert "--range A3: a crosstable spans several rows and columns, e.g. A3:N13" in err
    code, _, err = ranked(capsys, str(path), "--range", "3:13")
    assert code == 1 and "--range 3:13: write the table's cells as Excel does" in err


def test_no_table_on_the_active_sheet_names_the_sheets_that_hold_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    registration = [["Регистрация участников"], ["Фамилия", "Год рождения", "Клуб"], ["Иванов", 1990, "Ладья"], ["Петров", 1985, "Ферзь"]]
    path = book(tmp_path / "t.xlsx", {"Регистрация": registration, "Итоги": SMALL, "Empty": [[None]]}, active="Регистрация")
    code, _, err = ranked(capsys, str(path), "--lang", "en")  # the Cyrillic registration sheet alone would choose Russian
    assert code == 1
    assert "; the crosstable may be on sheet 'Итоги': activate it or choose it with --sheet" in err
    path = book(tmp_path / "e.xlsx", {"Empty": [[None]], "Итоги": SMALL}, active="Empty")
    code, _, err = ranked(capsys, str(path), "--lang", "en")
    assert code == 1
    assert "sheet 'Empty' is empty: put the crosstable on it (or name its range 'crosstable'); the crosstable may be on sheet 'Итоги'" in err


@pytest.mark.parametrize("typed", ["итоги", "ИТОГИ", "Итоги"])
def test_sheet_names_ignore_case(tmp_path: Path, capsys: pytest.CaptureFixture[str], typed: str) -> None:
    path = book(tmp_path / "t.xlsx", {"Reg": [["x"]], "Итоги": SMALL})
    code, points, err = ranked(capsys, str(path), "--sheet", typed)
    assert code == 0, err
    assert points == {"Ann": "2", "Bob": "1", "Cid": "0"}
    trf = tmp_path / "out.trf"
    assert cli.main(["export", str(path), "--sheet", typed, "--trf", str(trf)]) == 0
    assert "Ann" in trf.read_text(encoding="utf-8")


def test_a_chart_sheet_active_names_the_sheet_with_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from openpyxl.chart import BarChart, Reference

    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Итоги"
    for row in SMALL:
        ws.append(row)
    chart_sheet = wb.create_chartsheet("График")
    chart = BarChart()
    chart.add_data(Reference(ws, min_col=3, min_row=1, max_row=4))
    chart_sheet.add_chart(chart)
    wb.active = 1
    path = tmp_path / "chart.xlsx"
    wb.save(path)
    code, _, err = ranked(capsys, str(path), "--lang", "en")
    assert code == 1
    assert (
        "sheet 'График' is a chart sheet, not a sheet of cells; activate the sheet with the crosstable (or give --sheet); "
        "the crosstable may be on sheet 'Итоги'"
    ) in err
    # without --lang, the Russian sheet names make it Russian, as the table's messages are
    code, _, err = ranked(capsys, str(path))
    assert code == 1
    assert "лист 'График' — лист диаграммы, а не лист с ячейками" in err and "возможно, на листе 'Итоги'" in err
    assert "Traceback" not in err


def test_json_output_carries_the_reading_notes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    sheet = [r + [None] + s for r, s in zip(BIG, SMALL + [[None] * 5])]
    path = book(tmp_path / "t.xlsx", {"Results": sheet})
    assert cli.main(["rank", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["reading_notes"] == [
        "the sheet holds 2 tables; ranked the largest, A1:F5 (others: H1:L4); "
        "to rank another, give --range (e.g. --range H1:L4) or name its range 'crosstable'"
    ]


def exported(capsys: pytest.CaptureFixture[str], path: Path, trf: Path, *argv: str) -> tuple[int, dict[str, float], str]:
    """Export to TRF; the points of each player read back from the file."""
    from tiebreak.io.trf import read_trf_file

    code = cli.main(["export", str(path), "--trf", str(trf), *argv])
    err = capsys.readouterr().err
    if code != 0:
        return code, {}, err
    back = read_trf_file(trf)
    return code, {p.name: back.points[i] for i, p in enumerate(back.players)}, err


def test_export_takes_range_and_scoring_as_rank_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # two tables on a sheet: --range picks the small one, as for rank
    sheet = [r + [None] + s for r, s in zip(BIG, SMALL + [[None] * 5])]
    path = book(tmp_path / "t.xlsx", {"Results": sheet})
    trf = tmp_path / "out.trf"
    code, points, err = exported(capsys, path, trf, "--lang", "en")
    assert code == 0, err
    assert points == {"Dan": 0, "Eve": 1, "Fay": 2, "Gus": 3}
    assert (
        "tiebreak: note: the sheet holds 2 tables; ranked the largest, A1:F5 (others: H1:L4); "
        "to rank another, give --range (e.g. --range H1:L4) or name its range 'crosstable'"
    ) in err
    code, points, err = exported(capsys, path, trf, "--range", "H1:L4")
    assert code == 0, err
    assert points == {"Ann": 2, "Bob": 1, "Cid": 0}
    assert "note" not in err
    code, _, err = exported(capsys, path, trf, "--range", "A3", "--lang", "en")
    assert code == 1 and "--range A3: a crosstable spans several rows and columns, e.g. A3:N13" in err
    code, _, err = exported(capsys, path, trf, "--range", "A3", "--lang", "ru")
    assert code == 1 and "--range A3: турнирная таблица занимает несколько строк и столбцов, например A3:N13" in err
    # 3/1/0 with every game drawn but Ann's forfeit win over Dan: only --scoring tells the scale
    ones = [row[:] for row in ALL_DRAWN]
    ones[1][5] = "+"
    ones[4][2] = "-"
    path = book(tmp_path / "s.xlsx", {"Table": ones})
    code, _, err = exported(capsys, path, trf)
    assert code == 1 and "does not mirror" in err
    code, points, err = exported(capsys, path, trf, "--scoring", "3/1/0")
    assert code == 0, err
    assert points == {"Ann": 5, "Bob": 3, "Cid": 3, "Dan": 2}  # 1+1+3, 1+1+1, 1+1+1, 1+1+0
    assert "XXS W=3 D=1" in trf.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("en", "tiebreak: error: scoring 'abc': write it as win/draw/loss, e.g. 1/0.5/0 or 2/1/0"),
        ("ru", "tiebreak: ошибка: система очков 'abc': запишите её как победа/ничья/поражение, например 1/0.5/0 или 2/1/0"),
    ],
)
def test_export_bad_scoring_is_the_options_own_message(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, expected: str) -> None:
    path = book(tmp_path / "t.xlsx", {"Results": SMALL})
    trf = tmp_path / "out.trf"
    for command in ("rank", "export"):
        argv = [command, str(path), "--scoring", "abc", "--lang", lang] + (["--trf", str(trf)] if command == "export" else [])
        assert cli.main(argv) == 1
        err = capsys.readouterr().err
        assert err.startswith(expected) and "'tiebreak'" not in err
    assert not trf.exists()
