"""Which language the worksheet functions answer in, and the cache keeping each language's messages.

Without ``lang`` and a settings sheet it can read, a worksheet function goes by its
arguments: Russian when the table's labels or a text argument are Cyrillic, otherwise
English (tiebreak.excel.functions.language; ``lang`` and the settings sheet are in
tests/test_udf_language.py).
The calls go through xlwings' own Office.js conversion (helpers.call).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import call

import tiebreak
from tiebreak.calc.cache import TableCache
from tiebreak.core.i18n import current_language, use_language
from tiebreak.excel import functions

# Swiss, 4 players, 2 rounds; Ann's round 2 cell '3q½' names no colour: not a result.
BAD = [
    ["No", "Name", "R1", "R2", "Pts"],
    [1, "Ann", "2w1", "3q½", 1.5],
    [2, "Bob", "1b0", "4w1", 1],
    [3, "Cid", "4w0", "1w½", 0.5],
    [4, "Dan", "3b1", "2b0", 1],
]
RU_HEADER = ["№", "Фамилия", "Тур 1", "Тур 2", "Очки"]
EN = (
    "row 2 (Ann), round 2: '3q½' is not a result "
    "(write opponent, colour, result, e.g. 12w1, 5б½, 7b=; a bye +, an absence −)"
)
RU = (
    "строка 2 (Ann), тур 2: '3q½' — не результат "
    "(пишите соперника, цвет, результат, например 12w1, 5б½, 7ч=; свободный тур +, неявка −)"
)


def first_cell(result: Any) -> Any:
    while isinstance(result, list) and result:
        result = result[0]
    return result


def russian_header(grid: list[list[Any]]) -> list[list[Any]]:
    return [RU_HEADER, *[list(r) for r in grid[1:]]]


def test_an_english_table_answers_in_english() -> None:
    assert first_cell(call(functions, "points", BAD)) == "#TIEBREAK! " + EN


def test_a_table_with_cyrillic_labels_answers_in_russian() -> None:
    assert first_cell(call(functions, "points", russian_header(BAD))) == "#TIEBREAK! " + RU
    assert first_cell(call(functions, "buchholz", russian_header(BAD), 1)) == "#TIEBREAK! " + RU


def test_cyrillic_names_make_it_russian_too() -> None:
    grid = [list(r) for r in BAD]
    grid[1][1] = "Анна"
    assert first_cell(call(functions, "points", grid)) == "#TIEBREAK! " + RU.replace("(Ann)", "(Анна)")


def test_a_russian_criteria_argument_answers_in_russian() -> None:
    # the table is English; the criteria are written the Russian way
    assert first_cell(call(functions, "places", BAD, "усечённый коэффициент Солкоффа")) == "#TIEBREAK! " + RU
    assert first_cell(call(functions, "places", BAD, "solkoff_trunc")) == "#TIEBREAK! " + EN


def test_an_excel_error_in_a_setting_is_said_in_the_tables_language() -> None:
    assert first_cell(call(functions, "buchholz", russian_header(BAD), 1, "#N/A")) == "#TIEBREAK! rules: в ячейке ошибка Excel #N/A"


def test_the_function_leaves_the_language_as_it_found_it() -> None:
    call(functions, "points", russian_header(BAD))
    assert current_language() == "en"
    assert functions.language([russian_header(BAD)]) == "ru"
    assert functions.language([BAD, 1, "ru", "2/1/0"]) == "en"


def test_a_deeply_nested_argument_does_not_break_the_language_check() -> None:
    nested: Any = "x"
    for _ in range(5000):
        nested = [nested]
    assert functions.language([nested]) == "en"


@pytest.mark.parametrize("order", [("en", "ru", "en"), ("ru", "en", "ru")])
def test_a_cached_error_is_not_shown_in_another_language(order: tuple[str, str, str]) -> None:
    cache = TableCache()
    expected = {"en": EN, "ru": RU}
    for lang in order:
        with use_language(lang), pytest.raises(tiebreak.NotationError) as err:
            cache.tournament([list(r) for r in BAD])
        assert str(err.value) == expected[lang]
    assert cache.reads == 2  # once per language; the third call found its language's entry


def test_the_shared_cache_answers_each_language_in_turn() -> None:
    # the worksheet functions share one cache: an English call after a Russian one is English again
    ru_grid = [list(r) for r in BAD]
    ru_grid[1][1] = "Анна"
    en_first = first_cell(call(functions, "points", BAD))
    ru = first_cell(call(functions, "points", russian_header(BAD)))
    en_again = first_cell(call(functions, "points", BAD))
    assert en_first == en_again == "#TIEBREAK! " + EN
    assert ru == "#TIEBREAK! " + RU


def test_the_remembered_language_of_a_table_follows_its_content() -> None:
    # the same table handed over again is not searched again, but one changed name changes the answer
    grid = [list(r) for r in BAD]
    assert functions.language([grid]) == "en"
    assert functions.language([[list(r) for r in grid]]) == "en"
    grid[3][1] = "Сид"
    assert functions.language([grid]) == "ru"
    grid[3][1] = "Cid"
    assert functions.language([grid]) == "en"


def test_a_deeply_nested_table_twice_is_refused_with_a_message() -> None:
    def nested() -> Any:
        value: Any = "x"
        for _ in range(5000):
            value = [value]
        return [[value]]

    for _ in range(2):  # the second time it is compared with the copy kept from the first
        out = functions.points(nested())
        assert isinstance(out, str) and out.startswith("#TIEBREAK! ")


def test_the_cache_keeps_its_own_copy_for_the_language_check() -> None:
    cache = TableCache()
    grid = [["X", 1], [0, "X"]]
    copy, found = cache.own_copy(grid, lambda g, texts: "looked")
    assert copy == grid and copy is not grid and found == "looked"

    def never(g: Any, texts: Any) -> Any:
        raise AssertionError("an equal table is not looked at again")

    again, found = cache.own_copy([[v for v in r] for r in grid], never)
    assert again is copy and found == "looked"
    # TRUE where the table has 1 is another table, looked at afresh
    other, found = cache.own_copy([["X", True], [0, "X"]], lambda g, texts: "other")
    assert other is not copy and found == "other"
    assert cache.tournament(copy).points == [1.0, 0.0]
    assert cache.tournament(copy).points == [1.0, 0.0]
    assert cache.reads == 1
