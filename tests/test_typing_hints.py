"""What Excel or the keyboard changed in a cell: dates, letters that look like digits, game scores.

Classic xlwings hands a date cell over as a datetime, xlwings Lite as its
serial number; both must give the same answer.  A cell that cannot be read
gets a message naming it, saying what was probably meant, and ending with the
accepted notations.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from helpers import call

from tiebreak.core.errors import NotationError
from tiebreak.excel import functions
from tiebreak.reading import read_table

PREFIX = "#TIEBREAK! "
RR_WRITE = " (write 1, ½ or 0.5 or =, 0, + or − for a forfeit)"
SW_WRITE = " (write opponent, colour, result, e.g. 12w1, 5б½, 7b=; a bye +, an absence −)"


def serial(d: datetime.date) -> int:
    """The number xlwings Lite hands over for a date cell."""
    return (d - datetime.date(1899, 12, 30)).days


def classic(d: datetime.date) -> datetime.datetime:
    """What classic xlwings hands over for a date cell."""
    return datetime.datetime(d.year, d.month, d.day)


def rr_with_birth_dates(as_cell: Any, labelled: bool) -> list[list[Any]]:
    born = [datetime.date(1990, 5, 1), datetime.date(1985, 3, 2), datetime.date(2001, 7, 9)]
    return [
        ["Дата рождения" if labelled else None, "Фамилия", 1, 2, 3, "Очки"],
        [as_cell(born[0]), "Иванов", "X", 1, "½", 1.5],
        [as_cell(born[1]), "Петров", 0, "X", 1, 1],
        [as_cell(born[2]), "Сидоров", "½", 0, "X", 0.5],
    ]


@pytest.mark.parametrize("labelled", [True, False], ids=["labelled", "unlabelled"])
def test_a_date_column_gives_the_same_places_in_classic_and_lite(labelled: bool) -> None:
    # Points 1½, 1, ½: places 1, 2, 3 whatever the date column holds; never read as start numbers.
    lite = call(functions, "places", rr_with_birth_dates(serial, labelled))
    desktop = functions.places(rr_with_birth_dates(classic, labelled))
    assert [r[0] for r in lite] == ["", 1, 2, 3]
    assert desktop == lite
    assert [p.number for p in read_table(rr_with_birth_dates(serial, labelled)).players] == [1, 2, 3]


def test_a_registration_date_column_in_a_swiss_table_is_left_alone() -> None:
    reg = [datetime.date(2025, 1, 5), datetime.date(2025, 1, 6), datetime.date(2025, 1, 7)]

    def grid(as_cell: Any) -> list[list[Any]]:
        return [
            ["No", "Name", "Registered", "R1", "R2"],
            [1, "Ann", as_cell(reg[0]), "2w1", "3b½"],
            [2, "Bob", as_cell(reg[1]), "1b0", None],
            [3, "Cid", as_cell(reg[2]), None, "1w½"],
        ]

    lite = call(functions, "points", grid(serial))
    assert [r[0] for r in lite] == ["", 1.5, 0, 0.5]
    assert functions.points(grid(classic)) == lite


def rr_cell(value: Any) -> list[list[Any]]:
    return [["№", "Фамилия", 1, 2, 3], [1, "Иванов", "X", 1, value], [2, "Петров", 0, "X", 1], [3, "Сидоров", "½", 0, "X"]]


HALF_AS_DATE = ": Excel turned 1/2 into a date; type ½ or 0.5 (or =), or format the cells as text first"
HALF_AS_DATE_RU = ": Excel превратил 1/2 в дату; введите ½ или 0,5 (или =) либо сначала задайте ячейкам текстовый формат"
RR_WRITE_RU = " (пишите 1, ½ или 0,5 или =, 0, + или − за результат без игры)"


def test_half_turned_into_a_date_in_lite() -> None:
    # 1/2 typed in E2 became 2 January 2026, handed over as its serial number 46024
    assert serial(datetime.date(2026, 1, 2)) == 46024
    out = call(functions, "points", rr_cell(46024), 1)
    # the table is labelled in Russian (№, Фамилия, Cyrillic names): the cell answers in Russian
    assert out == [[PREFIX + "строка 2 (Иванов), против Сидоров (№ 3): 46024 — не результат" + HALF_AS_DATE_RU + RR_WRITE_RU]]
    with pytest.raises(NotationError) as err:  # the library itself speaks English unless asked
        read_table(rr_cell(46024))
    assert str(err.value) == "row 2 (Иванов), against Сидоров (No. 3): 46024 is not a result" + HALF_AS_DATE + RR_WRITE


def test_half_turned_into_a_date_in_classic_xlwings() -> None:
    # a day-first locale makes 1/2 the 1st of February
    out = functions.points(rr_cell(datetime.datetime(2026, 2, 1)), 1)
    assert out == (
        PREFIX + "строка 2 (Иванов), против Сидоров (№ 3): в ячейке дата 01.02.2026, а не результат"
        + HALF_AS_DATE_RU + " (пишите результат вида 1, ½, 0 или пару вида 12w1)"
    )


@pytest.mark.parametrize("letter", ["O", "О", "o"], ids=["latin", "cyrillic", "lower"])
def test_a_letter_o_for_a_zero_in_a_round_robin(letter: str) -> None:
    grid = [["№", "Фамилия", 1, 2, 3], [1, "Иванов", "X", 1, 1], [2, "Петров", letter, "X", 1], [3, "Сидоров", 0, 0, "X"]]
    with pytest.raises(NotationError) as err:
        read_table(grid, origin=(1, 1), sheet="Итоги")
    assert str(err.value) == (
        f"sheet 'Итоги', cell C3 (Петров), against Иванов (No. 1): '{letter}' is not a result: '{letter}' is a letter O, not the digit 0; type 0"
        + RR_WRITE
    )


def swiss(**cells: str) -> list[list[Any]]:
    """Four players, two rounds: 1-2 and 3-4, then 1-3 and 2-4; ``Ann_R2="..."`` replaces a cell."""
    rows = {"Ann": [1, "Ann", "2w1", "3b½"], "Bob": [2, "Bob", "1b0", "4w1"], "Cid": [3, "Cid", "4w½", "1w½"], "Dan": [4, "Dan", "3b½", "2b0"]}
    for key, text in cells.items():
        name, rnd = key.split("_")
        rows[name][1 + int(rnd[1:])] = text
    return [["No", "Name", "R1", "R2"], *rows.values()]


def test_a_letter_o_in_a_swiss_pairing() -> None:
    grid = swiss(Bob_R1="1bО")
    with pytest.raises(NotationError) as err:
        read_table(grid)
    assert str(err.value) == "row 3 (Bob), round 1: '1bО' is not a result: 'О' is a letter O, not the digit 0; type 1b0" + SW_WRITE


def test_x_as_a_colour_in_a_swiss_pairing() -> None:
    grid = swiss(Ann_R1="2x1")
    with pytest.raises(NotationError) as err:
        read_table(grid)
    assert str(err.value) == "row 2 (Ann), round 1: '2x1' is not a result: the colour is w or b (б or ч), not X" + SW_WRITE


def test_x_in_a_swiss_round() -> None:
    grid = swiss(Ann_R2="Х")
    with pytest.raises(NotationError) as err:
        read_table(grid)
    assert str(err.value) == (
        "row 2 (Ann), round 2: 'Х' is not a result: X marks the diagonal of a round robin; "
        "in a Swiss round leave the cell empty or write − for an absence" + SW_WRITE
    )


@pytest.mark.parametrize("score, meant", [("1-0", "1"), ("½-½", "½"), ("0 - 1", "0")])
def test_a_game_score_in_a_round_robin_cell(score: str, meant: str) -> None:
    with pytest.raises(NotationError) as err:
        read_table(rr_cell(score))
    assert str(err.value) == (
        f"row 2 (Иванов), against Сидоров (No. 3): '{score}' is not a result: "
        f"a round robin cell holds this player's result only, e.g. {meant}, not the game score" + RR_WRITE
    )


HALF_AS_TEXT = ": did you mean ½ (a draw)? Type ½ or 0.5 (or =)"
HALF_AS_TEXT_RU = ": имелась в виду ½ (ничья)? Введите ½ или 0,5 (или =)"


def test_half_typed_as_the_text_1_2(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    # a cell formatted as text (or '1/2 with an apostrophe) keeps the fraction as it was typed: not a date, not a result
    # ('1 / 2' with spaces is two games of a double round robin, 1 and 2)
    typed = "1/2"
    out = call(functions, "points", rr_cell(typed), 1)
    assert out == [[PREFIX + f"строка 2 (Иванов), против Сидоров (№ 3): '{typed}' — не результат" + HALF_AS_TEXT_RU + RR_WRITE_RU]]
    with pytest.raises(NotationError) as err:
        read_table(rr_cell(typed))
    assert str(err.value) == f"row 2 (Иванов), against Сидоров (No. 3): '{typed}' is not a result" + HALF_AS_TEXT + RR_WRITE
    # the command line, in either language
    from openpyxl import Workbook

    from tiebreak import cli

    wb = Workbook()
    ws = wb.active
    assert ws is not None
    for row in rr_cell(typed):
        ws.append(row)
    path = tmp_path / "t.xlsx"
    wb.save(path)
    assert cli.main(["rank", str(path), "--lang", "en"]) == 1
    err_en = capsys.readouterr().err
    assert f"cell E2 (Иванов), against Сидоров (No. 3): '{typed}' is not a result" + HALF_AS_TEXT + RR_WRITE in err_en
    assert cli.main(["rank", str(path), "--lang", "ru"]) == 1
    err_ru = capsys.readouterr().err
    assert f"ячейка E2 (Иванов), против Сидоров (№ 3): '{typed}' — не результат" + HALF_AS_TEXT_RU + RR_WRITE_RU in err_ru


def test_a_fraction_other_than_a_half_gets_no_draw_hint() -> None:
    with pytest.raises(NotationError) as err:
        read_table(rr_cell("1/0"))
    assert "did you mean" not in str(err.value) and str(err.value).endswith("'1/0' is not a result" + RR_WRITE)
