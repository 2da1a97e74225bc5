"""A1 addresses (tiebreak.core.a1): Excel's columns A..XFD, rows 1..1,048,576, sheet names quoted as Excel quotes them.

Expected values are Excel's own: column 26 is Z, 27 AA, 702 ZZ, 703 AAA,
16,384 XFD (the last); a defined name on the sheet ``2026`` reads
``='2026'!$A$1`` in Excel's Name Manager, since an unquoted ``2026!A1`` would
be a number, and ``R1`` or ``A1`` as sheet names are quoted for the same
reason (they read as references).
"""

from __future__ import annotations

import pytest

from tiebreak.core.a1 import (
    MAX_COLUMNS,
    MAX_ROWS,
    absolute_reference,
    cell_address,
    column_index,
    column_letter,
    find_sheet,
    parse_cell,
    parse_range,
    quote_sheet,
    range_address,
    same_sheet,
)

LETTERS = [(1, "A"), (26, "Z"), (27, "AA"), (52, "AZ"), (53, "BA"), (702, "ZZ"), (703, "AAA"), (16384, "XFD")]


@pytest.mark.parametrize("number, letters", LETTERS)
def test_column_letters_both_ways(number: int, letters: str) -> None:
    assert column_letter(number) == letters
    assert column_index(letters) == number
    assert column_index(letters.lower()) == number


def test_every_column_round_trips() -> None:
    assert all(column_index(column_letter(n)) == n for n in range(1, MAX_COLUMNS + 1))


@pytest.mark.parametrize("number", [0, -1, 16385])
def test_columns_outside_excel_are_refused(number: int) -> None:
    with pytest.raises(ValueError):
        column_letter(number)


@pytest.mark.parametrize("letters", ["", "XFE", "ZZZ", "AAAA", "A1", "$A", "Ä", "Б"])
def test_letters_outside_excel_are_refused(letters: str) -> None:
    with pytest.raises(ValueError):
        column_index(letters)


def test_cell_addresses() -> None:
    assert cell_address(12, 28) == "AB12"
    assert cell_address(3, 2, absolute=True) == "$B$3"
    assert cell_address(MAX_ROWS, MAX_COLUMNS) == "XFD1048576"
    assert parse_cell("AB12") == (12, 28)
    assert parse_cell("$ab$12") == (12, 28)
    assert parse_cell("ab$12") == (12, 28)
    assert parse_cell(" XFD1048576 ") == (1048576, 16384)


@pytest.mark.parametrize("row, column", [(0, 1), (MAX_ROWS + 1, 1), (1, 0), (1, MAX_COLUMNS + 1)])
def test_cells_outside_excel_are_refused(row: int, column: int) -> None:
    with pytest.raises(ValueError):
        cell_address(row, column)


@pytest.mark.parametrize("text", ["A0", "A1048577", "XFE1", "1A", "A", "12", "A1:B2", "", "AB 12"])
def test_not_a_cell(text: str) -> None:
    with pytest.raises(ValueError):
        parse_cell(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("A3:N13", (None, 3, 1, 13, 14)),
        ("N13:A3", (None, 3, 1, 13, 14)),  # corners in any order
        ("A13:N3", (None, 3, 1, 13, 14)),
        ("b2", (None, 2, 2, 2, 2)),  # one cell, lower case
        ("$H$2:$M$6", (None, 2, 8, 6, 13)),
        ("Sheet1!N1:S1", ("Sheet1", 1, 14, 1, 19)),
        ("'My sheet'!$H$2:$M$6", ("My sheet", 2, 8, 6, 13)),
        ("'Bob''s table'!A1", ("Bob's table", 1, 1, 1, 1)),  # '' is one apostrophe
        ("''''!A1", ("'", 1, 1, 1, 1)),
        ("'2026'!A1", ("2026", 1, 1, 1, 1)),
        ("'R1'!A1", ("R1", 1, 1, 1, 1)),
        ("'A1'!B2", ("A1", 2, 2, 2, 2)),
        ("Итоги!$C$5:$D$6", ("Итоги", 5, 3, 6, 4)),
        ("'Sheet!1'!A1", ("Sheet!1", 1, 1, 1, 1)),  # a ! inside quotes belongs to the name
        ("A1:XFD1048576", (None, 1, 1, 1048576, 16384)),
        (" A3:N13 ", (None, 3, 1, 13, 14)),
    ],
)
def test_ranges(text: str, expected: tuple[str | None, int, int, int, int]) -> None:
    assert parse_range(text) == expected


@pytest.mark.parametrize(
    "text",
    ["", "total", "A0", "A1:B0", "XFE1", "A1:XFE2", "A1048577", "'Bob's'!A1", "'unclosed!A1", "Sheet1!", "!A1", "A1:", "A1:B2:C3", "=A1", "R1C1"],
)
def test_not_ranges(text: str) -> None:
    assert parse_range(text) is None


@pytest.mark.parametrize(
    "name, quoted",
    [
        ("Sheet1", "Sheet1"),
        ("Crosstable", "Crosstable"),
        ("Round_1", "Round_1"),
        ("_x", "_x"),
        ("2026", "'2026'"),  # a number
        ("1st", "'1st'"),  # a leading digit
        ("R1", "'R1'"),  # R1C1 references
        ("C", "'C'"),
        ("R", "'R'"),
        ("RC", "'RC'"),
        ("R2C3", "'R2C3'"),
        ("A1", "'A1'"),  # A1 references
        ("XFD1048576", "'XFD1048576'"),
        ("My sheet", "'My sheet'"),
        ("Bob's", "'Bob''s'"),
        ("Итоги", "'Итоги'"),
        ("a-b", "'a-b'"),
    ],
)
def test_sheet_names_quoted_as_excel_needs(name: str, quoted: str) -> None:
    assert quote_sheet(name) == quoted
    assert parse_range(f"{quoted}!A1") == (name, 1, 1, 1, 1)  # and read back


def test_absolute_references_read_back() -> None:
    assert absolute_reference("2026", 2, 8, 6, 13) == "'2026'!$H$2:$M$6"
    assert absolute_reference("Sheet1", 1, 1, 1, 1) == "Sheet1!$A$1:$A$1"
    for sheet in ("2026", "R1", "A1", "Bob's table", "Итоги", "Sheet1"):
        assert parse_range(absolute_reference(sheet, 3, 2, 7, 6)) == (sheet, 3, 2, 7, 6)
    assert range_address(3, 2, 7, 6) == "B3:F7"


def test_sheet_names_compared_as_excel_compares_them() -> None:
    names = ["Crosstable", "Tiebreak", "итоги", "Straße"]
    assert find_sheet("tiebreak", names) == "Tiebreak"  # the workbook's spelling
    assert find_sheet("TIEBREAK", names) == "Tiebreak"
    assert find_sheet("ИТОГИ", names) == "итоги"  # Cyrillic case too
    assert find_sheet("STRASSE", names) == "Straße"  # Unicode casefold: ß is ss
    assert find_sheet(" crosstable ", names) == "Crosstable"  # spaces typed around a name
    assert find_sheet("Standings", names) is None
    assert find_sheet("Cross", names) is None
    # an exact match wins over a case variant (a file not made by Excel may hold both)
    assert find_sheet("tiebreak", ["Tiebreak", "tiebreak"]) == "tiebreak"
    assert same_sheet("Итоги", "итоги") and not same_sheet("Sheet1", "Sheet2")


@pytest.mark.parametrize("cells", ['<c r="XFE1"><v>1</v></c>', '<c><v>2</v></c><c r="XFE1"><v>1</v></c>'], ids=["scanned", "parsed"])
def test_a_sheet_part_with_a_cell_beyond_xfd_is_refused(cells: str) -> None:
    """The sheet reader takes its columns from here too: XFE is no column of Excel's, in either reading path."""
    from tiebreak.core.errors import FileFormatError
    from tiebreak.io.sheetxml import read_sheet

    ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    xml = f'<worksheet xmlns="{ns}"><sheetData><row r="1">{cells}</row></sheetData></worksheet>'.encode()
    with pytest.raises(FileFormatError, match="XFE"):
        read_sheet(xml, [], "sheet 'S'")
    assert read_sheet(xml.replace(b"XFE1", b"xfd1"), [], "sheet 'S'").cells[(0, MAX_COLUMNS - 1)] == 1
