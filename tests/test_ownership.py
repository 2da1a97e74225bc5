"""Rank never overwrites what it did not write and never leaves stale values, whatever the user did in between.

Each test ranks a workbook with ``tiebreak rank --out``, then does to the copy
what a user does in Excel, and ranks again.  Excel's own bookkeeping of such
an edit is spelled out: inserting a column moves every cell right of it and
moves (or widens) every defined name that refers to those cells.

The event (a Swiss, 1/½/0; opponents' numbers, colour, result)::

    No  Name   R1     R2     R3 (typed in later)
    1   Anna   3w1    2w1    4w1
    2   Boris  4w½    1b0    3w½
    3   Clara  1b0    4w1    2b½
    4   Denis  2b½    3b0    1b0

After two rounds the points are 2, 0.5, 1, 0.5 (Boris before Denis: truncated
Solkoff 2.5 − 0.5 = 2 against 1.5 − 0.5 = 1), so the places by number are
1, 3, 2, 4.  After three rounds the points are 3, 1, 1.5, 0.5: places 1, 3, 2, 4.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.workbook.defined_name import DefinedName

from tiebreak.cli import commands as cli

ROWS = [["No", "Name", "R1", "R2"], [1, "Anna", "3w1", "2w1"], [2, "Boris", "4w½", "1b0"], [3, "Clara", "1b0", "4w1"], [4, "Denis", "2b½", "3b0"]]
R3 = ["R3", "4w1", "3w½", "2b½", "1b0"]


def make(path: Path, rows: list[list[Any]] = ROWS) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Swiss"
    for row in rows:
        ws.append(row)
    wb.save(path)
    return path


def rank(capsys: pytest.CaptureFixture[str], src: Path, out: Path) -> tuple[int, str]:
    code = cli.main(["rank", str(src), "--out", str(out)])
    _, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, err


def ranked(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    out = tmp_path / "ranked.xlsx"
    code, err = rank(capsys, make(tmp_path / "event.xlsx"), out)
    assert code == 0, err
    return out


def names(wb: Any) -> dict[str, str]:
    return {n: d.attr_text for n, d in wb.defined_names.items()}


def shift_ref(ref: str, at_col: int = 0, cols: int = 0, at_row: int = 0, rows: int = 0) -> str:
    """A reference after Excel inserts ``cols`` columns before column ``at_col`` (or ``rows`` rows before ``at_row``)."""

    def one(m: re.Match[str]) -> str:
        letters, number = m.group(1), int(m.group(2))
        col = 0
        for ch in letters:
            col = col * 26 + ord(ch) - 64
        if cols and col >= at_col:
            col += cols
        if rows and number >= at_row:
            number += rows
        out = ""
        while col:
            col, rem = divmod(col - 1, 26)
            out = chr(65 + rem) + out
        return f"${out}${number}"

    return re.sub(r"\$([A-Z]+)\$(\d+)", one, ref)


def insert_cols(wb: Any, sheet: str, at_col: int, amount: int = 1) -> None:
    """Insert columns as Excel does: cells move right, and the defined names referring to them follow."""
    wb[sheet].insert_cols(at_col, amount)
    for name, dn in list(wb.defined_names.items()):
        if dn.attr_text.split("!")[0].strip("'") == sheet:
            wb.defined_names[name] = DefinedName(name, attr_text=shift_ref(dn.attr_text, at_col=at_col, cols=amount))


def insert_rows(wb: Any, sheet: str, at_row: int, amount: int = 1) -> None:
    """Insert rows as Excel does: cells move down; a name spanning the insertion point grows, one below it moves."""
    wb[sheet].insert_rows(at_row, amount)
    for name, dn in list(wb.defined_names.items()):
        if dn.attr_text.split("!")[0].strip("'") == sheet:
            wb.defined_names[name] = DefinedName(name, attr_text=shift_ref(dn.attr_text, at_row=at_row, rows=amount))


def column(ws: Any, col: int, rows: range) -> list[Any]:
    return [ws.cell(r, col).value for r in rows]


# ------------------------------------------------------------ point 7: where Rank's columns are
def test_first_run_records_its_blocks_in_defined_names(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    assert names(wb) == {"tiebreak_output": "Swiss!$E$1:$J$5", "tiebreak_standings": "Standings!$A$1:$J$9"}
    assert column(wb["Swiss"], 5, range(1, 6)) == ["Place", 1, 3, 2, 4]


def test_a_round_column_inserted_before_ranks_columns_moves_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The user selects column E (Rank's Place) and inserts a column for round 3, then types the results.
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    insert_cols(wb, "Swiss", 5)
    for r, v in enumerate(R3, start=1):
        wb["Swiss"].cell(r, 5).value = v
    assert names(wb)["tiebreak_output"] == "Swiss!$F$1:$K$5"  # what Excel makes of the name
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    out = tmp_path / "again.xlsx"
    code, err = rank(capsys, edited, out)
    assert code == 0, err
    ws = openpyxl.load_workbook(out)["Swiss"]
    # Rank's columns are replaced where they now are (F-K); nothing stale is left beside them
    assert column(ws, 6, range(1, 6)) == ["Place", 1, 3, 2, 4]
    assert column(ws, 5, range(1, 6)) == R3
    assert ws.max_column == 11
    # wins after three rounds: Anna 3, Boris 0, Clara 1, Denis 0 (draws and losses are not wins)
    assert ws["H1"].value == "Most wins" and column(ws, 8, range(2, 6)) == [3, 0, 1, 0]


def test_a_club_column_inserted_before_the_table_moves_everything(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first = ranked(capsys, tmp_path)
    wb = openpyxl.load_workbook(first)
    before = [column(wb["Swiss"], c, range(1, 6)) for c in range(5, 11)]
    insert_cols(wb, "Swiss", 1)
    for r, club in enumerate(["Club", "Rook", "Knight", "Rook", "Pawn"], start=1):
        wb["Swiss"].cell(r, 1).value = club
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    out = tmp_path / "again.xlsx"
    code, err = rank(capsys, edited, out)
    assert code == 0, err
    ws = openpyxl.load_workbook(out)["Swiss"]
    assert [column(ws, c, range(1, 6)) for c in range(6, 12)] == before
    assert ws.max_column == 11  # no second set of columns


def test_a_player_row_inserted_inside_the_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A late entrant who played no round (absent: empty cells) is inserted between Boris and Clara.
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    insert_rows(wb, "Swiss", 4)
    for c, v in enumerate([5, "Eva"], start=1):
        wb["Swiss"].cell(4, c).value = v
    assert names(wb)["tiebreak_output"] == "Swiss!$E$1:$J$6"
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    out = tmp_path / "again.xlsx"
    code, err = rank(capsys, edited, out)
    assert code == 0, err
    ws = openpyxl.load_workbook(out)["Swiss"]
    assert column(ws, 5, range(1, 7)) == ["Place", 1, 3, 5, 2, 4]  # Eva, 0 points, last


def test_moving_the_table_moves_ranks_columns_with_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Cut A1:J5 and paste it at A3 (two title rows above): Excel moves the name with the cells.
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    wb["Swiss"].move_range("A1:J5", rows=2)
    wb.defined_names["tiebreak_output"] = DefinedName("tiebreak_output", attr_text="Swiss!$E$3:$J$7")
    wb["Swiss"]["A1"] = "Club championship 2026"
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    out = tmp_path / "again.xlsx"
    code, err = rank(capsys, edited, out)
    assert code == 0, err
    ws = openpyxl.load_workbook(out)["Swiss"]
    assert column(ws, 5, range(1, 8)) == [None, None, "Place", 1, 3, 2, 4]
    assert ws.max_column == 10


def test_old_columns_nothing_records_are_refused_by_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The name was deleted (Name Manager) and a round column inserted: the text record in the settings
    # sheet now points at the new round, and the old Place/criteria columns sit unrecorded in F-K.
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    insert_cols(wb, "Swiss", 5)
    for r, v in enumerate(R3, start=1):
        wb["Swiss"].cell(r, 5).value = v
    del wb.defined_names["tiebreak_output"]
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    out = tmp_path / "again.xlsx"
    code, err = rank(capsys, edited, out)
    assert code == 1
    assert "columns F–K look like Rank's Place and criteria columns" in err and "nothing was changed" in err
    assert not out.exists()


# ------------------------------------------------------------ point 8: never overwrite
def test_a_number_typed_into_the_place_column_is_not_overwritten(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    wb["Swiss"]["E3"] = 7  # Rank wrote 3 for Boris
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    code, err = rank(capsys, edited, tmp_path / "again.xlsx")
    assert code == 1
    assert "cell E3 holds 7, but Rank wrote 3 there last time" in err
    assert not (tmp_path / "again.xlsx").exists()


def test_a_formula_showing_empty_in_a_target_cell_is_not_overwritten(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = make(tmp_path / "event.xlsx")
    wb = openpyxl.load_workbook(src)
    wb["Swiss"]["G3"] = '=IF(B3="","x","")'  # shows nothing: it looks empty
    wb.save(src)
    code, err = rank(capsys, src, tmp_path / "out.xlsx")
    assert code == 1
    assert "cell G3 holds the formula =IF(B3=\"\",\"x\",\"\")" in err
    assert not (tmp_path / "out.xlsx").exists()


def test_merged_cells_in_ranks_columns_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = make(tmp_path / "event.xlsx")
    wb = openpyxl.load_workbook(src)
    wb["Swiss"].merge_cells("H4:I4")
    wb.save(src)
    code, err = rank(capsys, src, tmp_path / "out.xlsx")
    assert code == 1
    assert "cell H4 is part of the merged cells H4:I4" in err
    assert not (tmp_path / "out.xlsx").exists()


def test_a_protected_sheet_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = make(tmp_path / "event.xlsx")
    wb = openpyxl.load_workbook(src)
    wb["Swiss"].protection.sheet = True
    wb.save(src)
    code, err = rank(capsys, src, tmp_path / "out.xlsx")
    assert code == 1
    assert "sheet 'Swiss' is protected" in err
    assert not (tmp_path / "out.xlsx").exists()


def test_merged_cells_where_rank_writes_on_the_standings_sheet_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # the user merges the title across the page for a nicer print-out, then ranks again
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    wb["Standings"].merge_cells("A1:J1")
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    code, err = rank(capsys, edited, tmp_path / "again.xlsx")
    assert code == 1
    assert "sheet 'Standings', cell A1 is part of the merged cells A1:J1" in err
    assert not (tmp_path / "again.xlsx").exists()


def test_a_protected_standings_sheet_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    wb["Standings"].protection.sheet = True
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    code, err = rank(capsys, edited, tmp_path / "again.xlsx")
    assert code == 1
    assert "sheet 'Standings' is protected" in err
    assert not (tmp_path / "again.xlsx").exists()


def test_a_locked_workbook_structure_is_refused_before_a_sheet_is_added(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Review > Protect Workbook: Excel would not let anyone add the Standings sheet, so the copy does not either
    from openpyxl.workbook.protection import WorkbookProtection

    src = make(tmp_path / "event.xlsx")
    wb = openpyxl.load_workbook(src)
    wb.security = WorkbookProtection(lockStructure=True)
    wb.save(src)
    code, err = rank(capsys, src, tmp_path / "out.xlsx")
    assert code == 1
    assert "the workbook's structure is protected, so Rank cannot add the sheets 'Standings', 'tiebreak'" in err
    assert not (tmp_path / "out.xlsx").exists()


# ------------------------------------------------------------ point 9: the Standings sheet
def test_what_the_user_adds_to_standings_is_kept(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    st = wb["Standings"]
    # a prize column right of Rank's block (A-J)
    st["K3"] = "Prize"
    for r, prize in zip(range(4, 8), ["cup", "medal", "medal", ""]):
        st.cell(r, 11).value = prize or None
    # and the user inserts a column before the standings for the prize-giving order
    insert_cols(wb, "Standings", 1)
    st["A3"] = "Order"
    # and a signature line below the standings
    st["A12"] = "Chief arbiter: ________"
    assert names(wb)["tiebreak_standings"] == "Standings!$B$1:$K$9"  # 3 heading rows, 4 players, a blank row, a note
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    out = tmp_path / "again.xlsx"
    code, err = rank(capsys, edited, out)
    assert code == 0, err
    st2 = openpyxl.load_workbook(out)["Standings"]
    assert st2["A3"].value == "Order" and st2["L3"].value == "Prize" and st2["L4"].value == "cup"
    assert st2["A12"].value == "Chief arbiter: ________"
    assert [st2.cell(r, 4).value for r in range(4, 8)] == ["Anna", "Clara", "Boris", "Denis"]
    assert str(st2["B1"].value).startswith("Standings (tiebreak)")


def test_user_text_where_the_standings_grow_is_refused_by_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    wb["Standings"]["C10"] = "signed: the arbiter"  # just below Rank's block (rows 1-9)
    # a fifth player joins the crosstable, so the standings need row 10
    insert_rows(wb, "Swiss", 6)
    wb["Swiss"]["A6"], wb["Swiss"]["B6"] = 5, "Eva"
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    code, err = rank(capsys, edited, tmp_path / "again.xlsx")
    assert code == 1
    assert "sheet 'Standings', cell C10 holds 'signed: the arbiter'" in err
    assert not (tmp_path / "again.xlsx").exists()


def test_an_excel_table_over_ranks_columns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # After ranking, the user formats A1:J5 (the crosstable and Rank's columns) as a table (Home > Format as Table).
    from openpyxl.worksheet.table import Table

    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    wb["Swiss"].add_table(Table(displayName="Results", ref="A1:J5"))
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    # ranking again writes the same headers: allowed
    code, err = rank(capsys, edited, tmp_path / "again.xlsx")
    assert code == 0, err
    # other criteria would rename the table's columns, which Excel would have to repair: refused by cell
    code = cli.main(["rank", str(edited), "--criteria", "wins, BH", "--out", str(tmp_path / "other.xlsx")])
    err = capsys.readouterr().err
    assert code == 1
    assert "cell F1 is a header of the Excel table 'Results' (A1:J5); Rank would change it from 'Truncated Solkoff' to 'Most wins'" in err
    assert not (tmp_path / "other.xlsx").exists()


def test_a_name_stretched_over_the_whole_sheet_is_refused_quickly(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The name was edited by hand (or by a hostile file) to cover every cell of the sheet.
    wb = openpyxl.load_workbook(ranked(capsys, tmp_path))
    wb.defined_names["tiebreak_output"] = DefinedName("tiebreak_output", attr_text="Swiss!$E$1:$XFD$1048576")
    edited = tmp_path / "edited.xlsx"
    wb.save(edited)
    code, err = rank(capsys, edited, tmp_path / "again.xlsx")
    assert code == 1
    assert "the defined name 'tiebreak_output' points to E1:XFD1048576" in err
