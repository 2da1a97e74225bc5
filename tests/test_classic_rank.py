"""The Rank button in classic Excel (``tiebreak_rank.main`` through RunPython) on a COM workbook.

xlwings' real classic Book, Sheet and Range (``xlwings._xlwindows``) run over the COM-shaped
stand-ins of ``tests/classic_com.py``: values as tuples of rows with float numbers, formulas read
through ``Range.Formula``, defined names read back through ``RefersToRange`` as Excel parses them,
and Excel refusing a change as a ``pywintypes.com_error``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
import xlwings
from classic_com import Classic, ComError, XlBook, classic
from test_classic import SW_PROGRESS
from test_excel_functions import SW

from tiebreak.excel.rank import rank_book

pytestmark = pytest.mark.skipif(xlwings.__version__ != "0.37.8", reason="the stand-ins follow xlwings 0.37.8's classic code")

# SW by hand: Ann 2.5 first, Dan 2 second, Cid and Eve 1.5 split by truncated Solkoff (Cid 4 > Eve 2.5), Bob 1, Fay 0.5
SW_PLACES = [1.0, 5.0, 3.0, 2.0, 4.0, 6.0]


@pytest.fixture(scope="module")
def cl() -> Iterator[Classic]:
    with classic() as c:
        yield c


def ranked(cl: Classic, grid: list[list[Any]], sheet: str = "Sheet1", **book: Any) -> tuple[XlBook, str]:
    xl = XlBook(**book)
    xl.sheet(sheet, grid)
    return xl, rank_book(cl.book(xl))


def column(xl: XlBook, sheet: str, c: int, rows: range) -> list[Any]:
    sh = xl.Worksheets(sheet)
    return [sh.cells.get((r, c)) for r in rows]


def test_classic_rank_writes_places_and_sheets(cl: Classic) -> None:
    xl, message = ranked(cl, SW)
    assert message.startswith("Ranked 6 players on 'Sheet1' (A1:G7)")
    assert column(xl, "Sheet1", 8, range(1, 8)) == ["Place", *SW_PLACES]
    assert [s.Name for s in xl.sheets] == ["Sheet1", "Standings", "tiebreak"]
    # a second run rewrites its own cells: the same places, no new sheet
    again = rank_book(cl.book(xl))
    assert again.startswith("Ranked 6 players on 'Sheet1'") and column(xl, "Sheet1", 8, range(2, 8)) == SW_PLACES and len(xl.sheets) == 3


def test_classic_rank_on_a_table_in_progress(cl: Classic) -> None:
    # round 3 half entered: Eve–Fay not played yet (both cells empty), the Pts column empty
    xl, message = ranked(cl, SW_PROGRESS)
    assert message.startswith("Ranked 6 players"), message
    # points: Ann 1+1+½ = 2.5, Dan 0+1+1 = 2, Cid ½+½+½ = 1.5, Bob 1+0+0 = 1, Eve 0+½ = 0.5, Fay ½+0 = 0.5;
    # Eve and Fay by truncated Solkoff (the weakest opponent dropped): Eve (Bob 1, Cid 1.5) 1.5 < Fay (Cid 1.5, Dan 2) 2
    places = column(xl, "Sheet1", 8, range(2, 8))
    assert places == [1.0, 4.0, 3.0, 2.0, 6.0, 5.0], places


@pytest.mark.parametrize("sheet", ["2026", "R1", "A1", "RC", "Round 1", "Bob's table", "Итоги"])
def test_defined_names_are_quoted_as_excel_needs(cl: Classic, sheet: str) -> None:
    xl, message = ranked(cl, SW, sheet=sheet)
    assert message.startswith(("Ranked 6 players", "Места")), message
    names = {n.Name: n for n in xl.names}
    output = names["tiebreak_output"]
    assert output.RefersTo.startswith("='" + sheet.replace("'", "''") + "'!")
    rng = output.RefersToRange  # Excel reads the reference back onto the same sheet
    assert rng.Worksheet.Name == sheet and (rng.Row, rng.Column) == (1, 8)
    assert names["tiebreak_standings"].RefersToRange.Worksheet.Name == "Standings"


def test_the_stand_in_refuses_an_unquoted_reference_looking_sheet(cl: Classic) -> None:
    # what an unquoted name would do: Excel reads R1! as a row reference
    xl = XlBook()
    xl.sheet("R1", SW)
    xl.Names.Add("x", "=R1!$A$1")
    with pytest.raises(ComError):
        xl.Names("x").RefersToRange  # noqa: B018


def test_a_formula_where_rank_writes_stops_it_with_nothing_changed(cl: Classic) -> None:
    xl = XlBook()
    sh = xl.sheet("Sheet1", SW)
    sh.put(3, 8, '=IF(A3="","",1)')  # H3, in Rank's place column
    before = dict(sh.cells)
    message = rank_book(cl.book(xl))
    assert message.startswith("Rank stopped, nothing was changed:") and "H3" in message and "=IF(" in message, message
    assert sh.cells == before and len(xl.sheets) == 1 and xl.log == []


def test_a_formula_showing_nothing_is_found_too(cl: Classic) -> None:
    xl = XlBook()
    sh = xl.sheet("Sheet1", SW)
    sh.put(7, 9, '=""')  # I7: its value reads as an empty cell, its formula does not
    message = rank_book(cl.book(xl))
    assert message.startswith("Rank stopped, nothing was changed:") and "I7" in message, message
    assert xl.log == []


def refuse_sheet(name: str) -> Any:
    def refuse(action: str, detail: str) -> None:
        if action == "rename" and detail.endswith(" " + name):
            raise ComError(-2147352567, "That name is already taken. Try a different one.")

    return refuse


def test_excel_refusing_a_change_half_way_gives_a_message_listing_what_was_written(cl: Classic) -> None:
    xl, message = ranked(cl, SW, refuse=refuse_sheet("tiebreak"))
    assert message == (
        "Rank stopped: Excel refused a change while Rank was writing (That name is already taken. Try a different one.). "
        "Already written: Sheet1!H1:N7; sheet 'Standings' added. Remove the cause and run Rank again; it writes these cells again."
    )
    assert column(xl, "Sheet1", 8, range(2, 8)) == SW_PLACES  # what the message lists is there


def test_excel_refusing_the_first_change_says_nothing_was_changed(cl: Classic) -> None:
    def refuse(action: str, detail: str) -> None:
        raise ComError(-2147352567, "The cell or chart you're trying to change is on a protected sheet.")

    _xl, message = ranked(cl, SW, refuse=refuse)
    assert message == (
        "Rank stopped, nothing was changed: Excel refused a change (The cell or chart you're trying to change is on a protected sheet.). "
        "Remove the cause and run Rank again."
    )


def test_the_half_way_message_in_russian(cl: Classic) -> None:
    grid = copy.deepcopy(SW)
    grid[0] = ["№", "Фамилия", "Рейтинг", "Тур 1", "Тур 2", "Тур 3", "Очки"]
    _xl, message = ranked(cl, grid, refuse=refuse_sheet("tiebreak"))
    assert message.startswith("Rank остановлен: Excel не дал внести изменение, пока Rank записывал результаты (That name is already taken"), message
    assert "Уже записано: Sheet1!H1:N7; добавлен лист '" in message and message.endswith("он запишет эти ячейки заново."), message


STRAY = (1_048_576, 16_384)  # XFD1048576: a stray cell makes the used range the whole sheet


def test_a_huge_used_range_is_refused_without_a_crosstable_name(cl: Classic) -> None:
    xl = XlBook()
    sh = xl.sheet("Sheet1", SW)
    sh.cells[STRAY] = "x"
    message = rank_book(cl.book(xl))
    assert "XFD1048576" in message and "crosstable" in message and message.startswith("Rank stopped, nothing was changed"), message
    assert sh.reads < 10_000


def test_a_crosstable_name_reads_only_its_block_and_ranks(cl: Classic) -> None:
    xl = XlBook()
    sh = xl.sheet("Sheet1", SW)
    sh.cells[STRAY] = "x"
    xl.Names.Add("crosstable", "=Sheet1!$A$1:$G$7")
    message = rank_book(cl.book(xl))
    assert message.startswith("Ranked 6 players on 'Sheet1' (A1:G7)"), message
    assert column(xl, "Sheet1", 8, range(2, 8)) == SW_PLACES
    assert sh.reads <= 7 * (7 + 100) + 1000, sh.reads  # the block and Rank's columns, not 17 billion cells


def test_rank_names_the_xlwings_tiebreak_pins() -> None:
    from pathlib import Path

    from tiebreak.cli import doctor
    from tiebreak.excel import rank

    requirements = (Path(__file__).resolve().parents[1] / "addin" / "lite" / "requirements.txt").read_text(encoding="utf-8")
    assert rank.RANK_XLWINGS == doctor.pinned_xlwings() == xlwings.__version__
    assert f"xlwings=={rank.RANK_XLWINGS}" in requirements.splitlines()


def test_rank_on_an_xlwings_without_used_range_says_which_to_set(cl: Classic, monkeypatch: pytest.MonkeyPatch) -> None:
    # what xlwings 0.33.20 does in Lite (base_classes.Sheet.used_range: NotImplementedError), here in classic form
    monkeypatch.setattr(cl.xlwindows.Sheet, "used_range", property(lambda self: (_ for _ in ()).throw(NotImplementedError())))
    monkeypatch.setattr(xlwings, "__version__", "0.33.20")
    xl, message = ranked(cl, SW)
    assert message == (
        "Rank stopped, nothing was changed: it needs xlwings 0.37.8, and this workbook runs xlwings 0.33.20, which cannot read "
        "what Rank reads. In xlwings Lite: in the requirements.txt tab, replace the xlwings line with xlwings==0.37.8, then "
        "☰ > Restart. In classic Excel: python -m pip install xlwings==0.37.8."
    )
    assert xl.log == []
