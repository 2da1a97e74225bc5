"""Defined names (named ranges) of .ods and .xls workbooks, which python-calamine does not read.

* .ods: the ``table:named-range`` elements of ``content.xml`` (workbook-level,
  and sheet-level ones inside a ``table:table``), read as a stream with
  defusedxml (no DTD, no entities) from a zip whose sizes are checked first;
* .xls: the NAME records of the workbook globals, through xlrd (the
  well-kept reader of Excel's BIFF files), which also resolves a name's
  sheet reference.

A name is ``(name, local, sheet, first row, first column, last row, last column)``
(1-based, inclusive; ``local``: defined for one sheet only).  Names that are
not one rectangle of cells on one sheet (formulas, constants, unions) are left
out.  A file whose names cannot be read gives none: its table is then found
as on any sheet, and ``--range`` chooses it.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

from tiebreak.core.a1 import column_index
from tiebreak.core.text import compiled_later

__all__ = ["MAX_CONTENT", "DefinedName", "defined_names"]

DefinedName = tuple[str, bool, str, int, int, int, int]

MAX_CONTENT = 500 * 1024 * 1024  # content.xml unpacked
_MAX_RATIO = 200

_TABLE_NS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_TABLE = f"{{{_TABLE_NS}}}table"
_NAMED_RANGE = f"{{{_TABLE_NS}}}named-range"
_NAME = f"{{{_TABLE_NS}}}name"
_RANGE = f"{{{_TABLE_NS}}}cell-range-address"

# an ODF cell address: [$]sheet.[$]A[$]1, the sheet quoted when it holds spaces ('Big Table', '' for ')
_CELL = r"\$?(?:'(?:[^']|'')*'|[^'.:\s]*)\.\$?[A-Za-z]{1,3}\$?\d{1,7}"
_ODF_RANGE = compiled_later(rf"({_CELL})(?::({_CELL}))?")
_ODF_CELL = compiled_later(r"\$?(?:'((?:[^']|'')*)'|([^'.:\s]*))\.\$?([A-Za-z]{1,3})\$?(\d{1,7})")


def defined_names(path: Path) -> list[DefinedName]:
    """The rectangular defined names of an .ods or .xls workbook; [] for other files or when they cannot be read."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".ods":
            return _ods_names(path)
        if suffix == ".xls":
            return _xls_names(path)
    except Exception:  # noqa: BLE001 - a damaged part: the names are a convenience, the sheets are read anyway
        return []
    return []


def odf_range(text: str) -> tuple[str, int, int, int, int] | None:
    """An ODF cell range address as (sheet, first row, first column, last row, last column), 1-based.

    >>> odf_range("$'Big Table'.$B$3:.$F$7")
    ('Big Table', 3, 2, 7, 6)
    >>> odf_range("$Sheet1.$A$1"), odf_range("Sheet1.A1:Sheet2.B2"), odf_range("of:=SUM(A1)")
    (('Sheet1', 1, 1, 1, 1), None, None)
    """
    m = _ODF_RANGE.fullmatch(text.strip())
    if m is None:
        return None
    first = _ODF_CELL.fullmatch(m.group(1))
    last = _ODF_CELL.fullmatch(m.group(2) or m.group(1))
    if first is None or last is None:  # pragma: no cover - the range pattern holds the cell pattern
        return None
    sheet = first.group(1).replace("''", "'") if first.group(1) is not None else first.group(2)
    other = last.group(1).replace("''", "'") if last.group(1) is not None else last.group(2)
    if not sheet or (other and other != sheet):
        return None
    r1, c1 = int(first.group(4)), column_index(first.group(3))
    r2, c2 = int(last.group(4)), column_index(last.group(3))
    return sheet, min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def _ods_names(path: Path) -> list[DefinedName]:
    from defusedxml.ElementTree import iterparse  # type: ignore[import-untyped]

    with zipfile.ZipFile(path) as z:
        info = z.getinfo("content.xml")
        if info.file_size > MAX_CONTENT or (info.file_size > 1024 * 1024 and info.file_size > _MAX_RATIO * max(info.compress_size, 1)):
            return []  # refused as a possible zip bomb; the sheets themselves are read by calamine with its own limits
        found: list[DefinedName] = []
        depth = 0  # inside how many table:table elements (a named range there belongs to that sheet)
        with z.open(info) as stream:
            for event, element in iterparse(stream, events=("start", "end"), forbid_dtd=True):
                tag = element.tag
                if tag == _TABLE:
                    depth += 1 if event == "start" else -1
                if event != "end":
                    continue
                if tag == _NAMED_RANGE:
                    parsed = odf_range(element.get(_RANGE, ""))
                    name = element.get(_NAME, "")
                    if parsed is not None and name:
                        found.append((name, depth > 0, *parsed))
                element.clear()  # the cells are read by calamine: keep none of them in memory
        return found


def _xls_names(path: Path) -> list[DefinedName]:
    import xlrd  # type: ignore[import-untyped]

    book: Any = xlrd.open_workbook(str(path), on_demand=True)  # the workbook globals only: no sheet is parsed
    try:
        sheets = book.sheet_names()
        found: list[DefinedName] = []
        for n in book.name_obj_list:
            if n.builtin or n.macro or n.func:
                continue
            result = getattr(n, "result", None)
            if result is None or getattr(result, "kind", None) not in (xlrd.formula.oREF, xlrd.formula.oREL):
                continue
            refs = result.value
            if len(refs) != 1:
                continue
            shx_lo, shx_hi, r_lo, r_hi, c_lo, c_hi = refs[0].coords
            if shx_hi != shx_lo + 1 or not 0 <= shx_lo < len(sheets) or r_hi <= r_lo or c_hi <= c_lo:
                continue
            found.append((n.name, n.scope >= 0, sheets[shx_lo], r_lo + 1, c_lo + 1, r_hi, c_hi))
        return found
    finally:
        book.release_resources()
