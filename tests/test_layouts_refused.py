"""Layouts the reader still refuses: each message names the cell, says what was understood and what to change."""

from __future__ import annotations

import pytest

from tiebreak.core.errors import LayoutError
from tiebreak.reading import read_table


def test_rows_sorted_with_numbers_that_are_not_the_column_headers() -> None:
    grid = [
        ["№", "Фамилия", 1, 2, 3, 4, "Очки"],
        [11, "Иванов", "X", 1, "½", 1, 2.5],
        [13, "Сидоров", "½", 0, "X", 1, 1.5],
        [14, "Козлов", 0, 1, 0, "X", 1],
        [12, "Петров", 0, "X", 1, 0, 1],
    ]
    with pytest.raises(LayoutError) as err:
        read_table(grid, origin=(3, 2), sheet="Итоги")
    text = str(err.value)
    assert text.startswith("sheet 'Итоги', cell F5: "), text
    assert "the rows look sorted" in text
    assert "head each result column with the start number of its player" in text


def test_sorted_rows_with_their_numbers_are_read() -> None:
    # the same table with the start numbers 1-4 in the No. column: matched through the numbers
    grid = [
        ["№", "Фамилия", 1, 2, 3, 4, "Очки"],
        [1, "Иванов", "X", 1, "½", 1, 2.5],
        [3, "Сидоров", "½", 0, "X", 1, 1.5],
        [4, "Козлов", 0, 1, 0, "X", 1],
        [2, "Петров", 0, "X", 1, 0, 1],
    ]
    t = read_table(grid)
    assert [p.number for p in t.players] == [1, 3, 4, 2]
    assert t.points == [2.5, 1.5, 1.0, 1.0]


def test_only_a_club_column_is_never_taken_for_names() -> None:
    grid = [
        ["№", "Клуб", 1, 2, 3],
        [1, "Ладья", "X", 1, 1],
        [2, "Ладья", 0, "X", 1],
        [3, "Ферзь", 0, 0, "X"],
    ]
    t = read_table(grid)
    assert [p.name for p in t.players] == ["", "", ""]
    assert t.layout.notes == [  # type: ignore[attr-defined]
        ("no column of names: column B of the table is headed 'Клуб', not taken for names; "
        "players are shown by number (label the names column 'Name' or 'Фамилия')")
    ]


def test_a_rating_read_as_a_tiny_number_is_refused() -> None:
    # "1.500" typed in a locale with a decimal point arrives as 1.5
    grid = [["No", "Name", "Rating", "R1"], [1, "Ann", 1.5, "2w1"], [2, "Bob", 1600, "1b0"]]
    with pytest.raises(Exception) as err:
        read_table(grid)
    assert str(err.value) == (
        "row 2 (Ann), column 3: 1.5 is not a rating: ratings lie between 100 and 4000 "
        "(a thousands separator read as a decimal point? type the rating without it, e.g. 1500)"
    )


@pytest.mark.parametrize("typed", ["1,500", "1 500", "1.500", "1\u00a0500", "1\u202f500", 1500.0])
def test_ratings_with_thousands_separators(typed: object) -> None:
    grid = [["No", "Name", "Rating", "R1"], [1, "Ann", typed, "2w1"], [2, "Bob", 1600, "1b0"]]
    assert [p.rating for p in read_table(grid).players] == [1500.0, 1600.0]


def test_the_readme_layouts_read_as_shown() -> None:
    """The pictures of README's "Layouts that work", as grids."""
    from tiebreak import rank

    two_rows = [
        [None, None, "Результаты встреч", None, None, None, None, None],
        ["№", "Фамилия", 1, 2, 3, 4, "Очки", "Место"],
        [1, "Иванов", "X", 1, "½", 1, "2,5", None],
        [2, "Петров", 0, "X", 1, 0, 1, None],
        [3, "Сидоров", "½", 0, "X", 1, "1,5", None],
        [4, "Козлов", 0, 1, 0, "X", 1, None],
        [None, "Итого", None, None, None, None, 6, None],
        ["Главный судья ________ Смирнов А. А.", None, None, None, None, None, None, None],
    ]
    # Петров and Козлов tie on 1: Sonneborn-Berger Петров 1½ (beat Сидоров), Козлов 1 (beat Петров)
    t = read_table(two_rows)
    assert [(t.players[s.player].name, s.label) for s in rank(t).standings] == [("Иванов", "1"), ("Сидоров", "2"), ("Петров", "3"), ("Козлов", "4")]
    sorted_rows = [
        ["№ п/п", "№", "Клуб", "Фамилия", 1, 2, 3, 4, "Очки", "Коэф.", "Место"],
        [1, 1, "Ладья", "Иванов", "X", 1, "½", 1, "2,5", "3,75", 1],
        [2, 3, "Ферзь", "Сидоров", "½", 0, "X", 1, "1,5", "2,25", 2],
        [3, 2, "Ладья", "Петров", 0, "X", 1, 0, 1, "1,75", 3],
        [4, 4, "Ферзь", "Козлов", 0, 1, 0, "X", 1, "1,25", 4],
    ]
    t = read_table(sorted_rows)
    assert [p.number for p in t.players] == [1, 3, 2, 4]
    assert [(t.players[s.player].name, s.label) for s in rank(t).standings] == [("Иванов", "1"), ("Сидоров", "2"), ("Петров", "3"), ("Козлов", "4")]
    swiss = [
        ["Club championship 2025"],
        ["No.", "Name", "Rating", "Rounds", None, None, "Pts"],
        [None, None, None, "R1", "R2", "R3", None],
        [1, "Adams", "2,105", "2w1", "3b½", None, "1,5"],
        [2, "Brown", "1 980", "1b0", None, "3w1", 1],
        [3, "Cole", "1.875", None, "1w½", "2b0", "0,5"],
    ]
    t = read_table(swiss)
    assert t.points == [1.5, 1.0, 0.5]
    assert [p.rating for p in t.players] == [2105, 1980, 1875]


def test_a_points_row_under_the_table_is_not_a_player() -> None:
    grid = [
        ["Игрок", "Иванов", "Петров", "Сидоров"],
        ["Иванов", "X", 0, "½"],
        ["Петров", 1, "X", 0],
        ["Сидоров", "½", 1, "X"],
        ["Очки", 1.5, 1, 0.5],
    ]
    t = read_table(grid)
    assert [p.name for p in t.players] == ["Иванов", "Петров", "Сидоров"]
    assert t.points == [0.5, 1.0, 1.5]


def test_players_in_columns_are_refused_as_transposed() -> None:
    # transposed: the names run along the first row, the numbers down the first column
    grid = [["№", 1, 2, 3], ["Фамилия", "Иванов", "Петров", "Сидоров"], [1, "X", 0, "½"], [2, 1, "X", 0], [3, "½", 1, "X"]]
    with pytest.raises(LayoutError) as err:
        read_table(grid)
    assert str(err.value) == (
        "row 2, column 1: the names run along this row and the numbers down the column headed 'Фамилия': the table looks "
        "transposed (players in columns); tiebreak reads one row per player: copy the table and paste it with Paste Special > Transpose"
    )
