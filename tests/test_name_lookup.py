"""Players named as people write them, and ratings typed with thousands separators, in the worksheet functions.

Expected values are worked out by hand from the tables below (a five-player round robin):
points 3.5, 3, 1.5, 1, 1; the opponents' ratings add up to the sum of the other four ratings.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import call

import tiebreak.excel.functions as functions


def one(func: str, *args: Any) -> Any:
    out = call(functions, func, *args)
    assert isinstance(out, list) and len(out) == 1 and len(out[0]) == 1, out
    return out[0][0]


RESULTS = [
    ["X", 1, 1, 1, "½"],
    [0, "X", 1, 1, 1],
    [0, 0, "X", 1, "½"],
    [0, 0, 0, "X", 1],
    ["½", 0, "½", 0, "X"],
]
RU_NAMES = ["Иванов И.И.", "Nash, Grace", "Петров Пётр", "Петров Павел", "Семёнова Анна"]
EN_NAMES = ["Ivanov I.I.", "Nash, Grace", "Smith John", "Smith Jane", "Lee Ann"]
RATINGS_TEXT = ["1 720", "1\u00a0800", "1\u202f900", "2,000", "1.500"]
RATINGS = [1720, 1800, 1900, 2000, 1500]


def table(names: list[str], ratings: list[Any]) -> list[list[Any]]:
    head: list[Any] = ["№" if names is RU_NAMES else "No.", "Name", "Rating", 1, 2, 3, 4, 5]
    return [head] + [[i + 1, names[i], ratings[i], *RESULTS[i]] for i in range(5)]


RU = table(RU_NAMES, RATINGS)
EN = table(EN_NAMES, RATINGS)


@pytest.mark.parametrize(
    ("grid", "player", "expected"),
    [
        (RU, "Иванов И. И.", 3.5),
        (RU, "иванов  и.и.", 3.5),
        (RU, "ИВАНОВ И И", 3.5),
        (RU, "Иванов", 3.5),  # a unique surname
        (RU, "nash,grace", 3),
        (RU, "NASH GRACE", 3),
        (RU, "Nash", 3),
        (RU, "Петров Петр", 1.5),  # Ё written as Е, unique
        (RU, "Семенова", 1),  # a unique surname with Ё written as Е
        (EN, "ivanov i. i.", 3.5),
        (EN, "nash ,  grace", 3),
        (EN, "Lee", 1),
        (EN, "smith jane", 1),
    ],
)
def test_a_player_is_found_as_people_write_the_name(grid: list[list[Any]], player: str, expected: float) -> None:
    assert one("points", grid, player) == expected


def test_an_ambiguous_surname_is_refused_naming_the_candidates_in_russian() -> None:
    out = one("points", RU, "Петров")
    assert isinstance(out, str) and out.startswith("#TIEBREAK! ")
    assert "Петров Пётр" in out and "Петров Павел" in out
    assert "неоднозначно" in out


def test_an_ambiguous_surname_is_refused_naming_the_candidates_in_english() -> None:
    out = one("points", EN, "smith")
    assert out == "#TIEBREAK! player 'smith' is ambiguous: it fits Smith John, Smith Jane; give the start number or the full name"


def test_a_name_that_fits_no_one_is_still_refused() -> None:
    assert one("points", EN, "Smit") == "#TIEBREAK! no player 'Smit' in the table (give a start number or a name)"
    assert one("points", EN, "Nash Grace Ann") == "#TIEBREAK! no player 'Nash Grace Ann' in the table (give a start number or a name)"


@pytest.mark.parametrize("grid", [RU, EN])
def test_ratings_argument_with_thousands_separators(grid: list[list[Any]]) -> None:
    ratings = [["Rating"]] + [[r] for r in RATINGS_TEXT]
    total = sum(RATINGS)
    for i in range(5):
        assert one("opp_rating_sum", grid, ratings, i + 1) == total - RATINGS[i]


@pytest.mark.parametrize("names", [RU_NAMES, EN_NAMES])
def test_rating_column_with_thousands_separators(names: list[str]) -> None:
    grid = table(names, RATINGS_TEXT)
    total = sum(RATINGS)
    assert [one("opp_rating_sum", grid, None, i + 1) for i in range(5)] == [total - r for r in RATINGS]


def test_a_decimal_rating_is_still_refused() -> None:
    grid = table(EN_NAMES, ["1720,5", *RATINGS[1:]])
    out = one("opp_rating_sum", grid, None, 2)
    assert isinstance(out, str) and out.startswith("#TIEBREAK! ") and "not a rating" in out


@pytest.mark.parametrize("grid", [RU, EN])
def test_an_empty_text_player_gives_an_empty_cell_not_the_column(grid: list[list[Any]]) -> None:
    assert call(functions, "points", grid, "") == [[""]]
    assert call(functions, "points", grid) == [[""], [3.5], [3], [1.5], [1], [1]]  # left out: the whole column
