"""A1 addresses as Excel writes them, and sheet names as Excel compares them; imports nothing of tiebreak.

Columns and rows are 1-based here: column 1 is ``A``, column 16,384 (``XFD``)
is Excel's last, row 1,048,576 its last row.  A range may name its sheet,
quoted when the name needs it (``'Round robin'!A3:N13``, an apostrophe in the
name doubled), and may mark its parts absolute with ``$``.

>>> column_letter(1), column_letter(27), column_letter(16384)
('A', 'AA', 'XFD')
>>> column_index("xfd"), cell_address(12, 28), parse_cell("$AB$12")
(16384, 'AB12', (12, 28))
>>> parse_range("'Bob''s table'!$B$3:F7")
("Bob's table", 3, 2, 7, 6)
>>> quote_sheet("Sheet1"), quote_sheet("2026"), quote_sheet("R1"), quote_sheet("My sheet")
('Sheet1', "'2026'", "'R1'", "'My sheet'")
>>> find_sheet("TieBreak", ["Sheet1", "tiebreak"]), find_sheet("ИТОГИ", ["итоги"])
('tiebreak', 'итоги')
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from tiebreak.core.text import compiled_later

__all__ = [
    "MAX_COLUMNS",
    "MAX_ROWS",
    "Range",
    "absolute_reference",
    "cell_address",
    "column_index",
    "column_letter",
    "find_sheet",
    "parse_cell",
    "parse_range",
    "quote_sheet",
    "range_address",
    "same_sheet",
]

MAX_ROWS = 1_048_576
MAX_COLUMNS = 16_384  # XFD

Range = tuple[str | None, int, int, int, int]
"""(sheet or None, first row, first column, last row, last column), 1-based."""

_CELL = compiled_later(r"\$?([A-Za-z]{1,3})\$?([0-9]{1,7})")
_RANGE = compiled_later(
    r"(?:(?:'(?P<quoted>(?:[^']|'')+)'|(?P<plain>[^'!:]+))!)?"
    r"\$?(?P<c1>[A-Za-z]{1,3})\$?(?P<r1>[0-9]{1,7})(?::\$?(?P<c2>[A-Za-z]{1,3})\$?(?P<r2>[0-9]{1,7}))?"
)
# names Excel writes without quotes: a letter or underscore, then letters, digits, underscores or dots
_PLAIN_SHEET = compiled_later(r"[A-Za-z_][A-Za-z0-9_.]*")
# ... unless they read as a cell (A1, XFD1048576) or an R1C1 reference (R, C, R1, C12, R1C1, RC)
_LOOKS_A1 = compiled_later(r"[A-Za-z]{1,3}[0-9]+")
_LOOKS_R1C1 = compiled_later(r"(?:[Rr][0-9]*)?(?:[Cc][0-9]*)?")


@lru_cache(maxsize=4096)
def column_letter(column: int) -> str:
    """Excel's letters for a 1-based column number; ValueError outside A..XFD.

    >>> column_letter(26), column_letter(702), column_letter(703)
    ('Z', 'ZZ', 'AAA')
    >>> column_letter(0)
    Traceback (most recent call last):
    ...
    ValueError: 0
    """
    if not 1 <= column <= MAX_COLUMNS:
        raise ValueError(column)  # not a user's message: callers say what was wrong
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@lru_cache(maxsize=4096)
def column_index(letters: str) -> int:
    """The 1-based column number of Excel's letters, in either case; ValueError for other text or beyond XFD.

    >>> column_index("A"), column_index("z"), column_index("AAA")
    (1, 26, 703)
    """
    if not 1 <= len(letters) <= 3 or not letters.isascii() or not letters.isalpha():
        raise ValueError(letters)
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - ord("A") + 1
    if n > MAX_COLUMNS:
        raise ValueError(letters)
    return n


def cell_address(row: int, column: int, *, absolute: bool = False) -> str:
    """``AB12`` for row 12, column 28 (1-based); ``$AB$12`` when absolute.

    >>> cell_address(1, 1), cell_address(3, 2, absolute=True)
    ('A1', '$B$3')
    """
    if not 1 <= row <= MAX_ROWS:
        raise ValueError(row)
    mark = "$" if absolute else ""
    return f"{mark}{column_letter(column)}{mark}{row}"


def range_address(r1: int, c1: int, r2: int, c2: int, *, absolute: bool = False) -> str:
    """``B3:F7`` for rows 3-7, columns 2-6 (1-based); ``$B$3:$F$7`` when absolute.

    >>> range_address(3, 2, 7, 6), range_address(1, 1, 1, 1, absolute=True)
    ('B3:F7', '$A$1:$A$1')
    """
    return f"{cell_address(r1, c1, absolute=absolute)}:{cell_address(r2, c2, absolute=absolute)}"


def parse_cell(text: str) -> tuple[int, int]:
    """(row, column), 1-based, of a cell address (``AB12``, ``$ab$12``); ValueError for anything else.

    >>> parse_cell("a1"), parse_cell("XFD1048576")
    ((1, 1), (1048576, 16384))
    """
    m = _CELL.fullmatch(text.strip())
    if m is None:
        raise ValueError(text)
    row, column = _row(m.group(2)), column_index(m.group(1))
    if row is None:
        raise ValueError(text)
    return row, column


def _row(digits: str) -> int | None:
    row = int(digits)
    return row if 1 <= row <= MAX_ROWS else None


def parse_range(text: str) -> Range | None:
    """``Sheet1!N1:S1`` -> (sheet, first row, first column, last row, last column), 1-based; None if it is not one.

    A single cell is a range of one cell; the corners may come in any order;
    the sheet may be quoted (``'My sheet'!A1``, ``''`` for an apostrophe);
    ``$`` marks are allowed anywhere Excel writes them.  A column beyond XFD or a
    row beyond 1,048,576 is not an address.

    >>> parse_range("N1:S1"), parse_range("Итоги!$C$5")
    ((None, 1, 14, 1, 19), ('Итоги', 5, 3, 5, 3))
    >>> parse_range("F7:B3"), parse_range("XFE1"), parse_range("A0"), parse_range("total")
    ((None, 3, 2, 7, 6), None, None, None)
    """
    m = _RANGE.fullmatch(text.strip())
    if m is None:
        return None
    quoted, plain = m.group("quoted"), m.group("plain")
    sheet = quoted.replace("''", "'") if quoted is not None else plain
    try:
        c1 = column_index(m.group("c1"))
        c2 = column_index(m.group("c2") or m.group("c1"))
    except ValueError:
        return None
    r1, r2 = _row(m.group("r1")), _row(m.group("r2") or m.group("r1"))
    if r1 is None or r2 is None:
        return None
    return sheet, min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def quote_sheet(name: str) -> str:
    """A sheet name as Excel writes it before ``!``: quoted (apostrophes doubled) unless it is a plain word.

    Quotes are needed for spaces and punctuation, a leading digit, non-Latin
    letters, and names that read as a cell or an R1C1 reference (``A1``, ``R1``).

    >>> quote_sheet("A1"), quote_sheet("Bob's"), quote_sheet("Итоги"), quote_sheet("Round_1")
    ("'A1'", "'Bob''s'", "'Итоги'", 'Round_1')
    """
    plain = _PLAIN_SHEET.fullmatch(name) and not _LOOKS_A1.fullmatch(name) and not _LOOKS_R1C1.fullmatch(name)
    return name if plain else "'" + name.replace("'", "''") + "'"


def absolute_reference(sheet: str, r1: int, c1: int, r2: int, c2: int) -> str:
    """An absolute reference as Excel writes it in a defined name: ``'My sheet'!$H$2:$M$6``.

    >>> absolute_reference("2026", 2, 8, 6, 13)
    "'2026'!$H$2:$M$6"
    """
    return f"{quote_sheet(sheet)}!{range_address(r1, c1, r2, c2, absolute=True)}"


def same_sheet(a: str, b: str) -> bool:
    """Whether two sheet names are one sheet's, as Excel compares them (ignoring case, Cyrillic too).

    >>> same_sheet("Standings", "STANDINGS"), same_sheet("Итоги", "итоги"), same_sheet("Sheet1", "Sheet2")
    (True, True, False)
    """
    return a == b or a.casefold() == b.casefold()


def find_sheet(name: str, names: Iterable[str]) -> str | None:
    """The workbook's own spelling of the sheet ``name``, compared as Excel compares names; None if there is none.

    An exact match wins over one differing in case; surrounding spaces of
    ``name`` (typed in an option or a setting) do not count.

    >>> find_sheet("standings", ["Sheet1", "Standings"]), find_sheet("Compare", ["Sheet1"])
    ('Standings', None)
    """
    listed = list(names)
    if name in listed:
        return name
    key = name.strip().casefold()
    return next((n for n in listed if n.casefold() == key), None)
