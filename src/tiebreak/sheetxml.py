"""A worksheet part (SpreadsheetML) read for its cells and patched cell by cell.

:func:`read_sheet` streams a sheet part once and gives its non-empty cells
(formulas give the result Excel stored with them), which cells hold formulas,
the merged ranges and whether the sheet is protected, in memory bounded by
the number of non-empty cells.

:func:`patch_sheet` rewrites only the ``<c>`` elements of the cells it is
given, inside the rows that hold them, and the sheet's ``<dimension>``; every
other byte of the part (other cells, formulas and their stored values, styles,
merges, validations, conditional formats, extensions) is kept as it was.
Strings are written as inline strings (``t="inlineStr"``), so the shared
string table is not touched.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any
from xml.sax.saxutils import escape

from .errors import FileFormatError

__all__ = ["MAIN_NS", "SheetData", "cell_ref", "new_sheet", "patch_sheet", "read_shared_strings", "read_sheet", "split_ref"]

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_M = "{" + MAIN_NS + "}"
MAX_READ_CELLS = 5_000_000


@dataclass
class SheetData:
    cells: dict[tuple[int, int], Any] = field(default_factory=dict)  # 0-based (row, column) -> value
    formulas: dict[tuple[int, int], str] = field(default_factory=dict)  # 0-based -> formula text
    merges: list[tuple[int, int, int, int]] = field(default_factory=list)  # 1-based (r1, c1, r2, c2)
    protected: bool = False


def split_ref(ref: str) -> tuple[int, int]:
    """``"AB12"`` → (12, 28), 1-based."""
    col = 0
    i = 0
    n = len(ref)
    while i < n and ref[i].isalpha():
        col = col * 26 + (ord(ref[i].upper()) - 64)
        i += 1
    if i == 0 or i == n:
        raise ValueError(ref)
    return int(ref[i:].replace("$", "")), col


def cell_ref(row: int, col: int) -> str:
    letters = ""
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(65 + rem) + letters
    return f"{letters}{row}"


def _text(el: Any) -> str:
    """The text of a shared or inline string: its ``t`` elements, without phonetic runs."""
    parts: list[str] = []
    for child in el:
        tag = child.tag
        if tag == _M + "t":
            parts.append(child.text or "")
        elif tag == _M + "r":
            for t in child:
                if t.tag == _M + "t":
                    parts.append(t.text or "")
    return "".join(parts)


def _iterparse(source: IO[bytes], events: tuple[str, ...]) -> Iterator[tuple[str, Any]]:
    from defusedxml.ElementTree import iterparse  # type: ignore[import-untyped]

    return iterparse(source, events=events, forbid_dtd=True)  # type: ignore[no-any-return]


def read_shared_strings(source: IO[bytes], where: str) -> list[str]:
    out: list[str] = []
    try:
        for _, el in _iterparse(source, ("end",)):
            if el.tag == _M + "si":
                out.append(_text(el))
                el.clear()
    except Exception as err:  # noqa: BLE001  expat's and defusedxml's errors on a damaged or hostile part
        raise FileFormatError(f"{where}: the shared strings cannot be read ({type(err).__name__}: {err})") from None
    return out


def _number(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        v = float(text)
    except ValueError:
        return text
    return v


def read_sheet(source: IO[bytes], strings: list[str], where: str, uncalculated: Any = None) -> SheetData:
    """The cells of a sheet part; ``uncalculated(formula)`` stands for a formula without a stored value."""
    data = SheetData()
    cells = data.cells
    row_no = 0
    col_no = 0
    try:
        for event, el in _iterparse(source, ("start", "end")):
            tag = el.tag
            if event == "start":
                if tag == _M + "row":
                    r = el.get("r")
                    row_no = int(r) if r else row_no + 1
                    col_no = 0
                continue
            if tag == _M + "c":
                ref = el.get("r")
                if ref:
                    _, col_no = split_ref(ref)
                else:
                    col_no += 1
                key = (row_no - 1, col_no - 1)
                t = el.get("t", "n")
                f = el.find(_M + "f")
                v = el.find(_M + "v")
                value: Any = None
                if t == "inlineStr":
                    is_ = el.find(_M + "is")
                    value = _text(is_) if is_ is not None else None
                elif v is not None and v.text is not None:
                    text = v.text
                    if t == "s":
                        try:
                            value = strings[int(text)]
                        except (ValueError, IndexError):
                            raise FileFormatError(f"{where}, cell {cell_ref(row_no, col_no)}: refers to a shared string that does not exist") from None
                    elif t == "b":
                        value = text.strip() in ("1", "true")
                    elif t in ("str", "e", "d"):
                        value = text
                    else:
                        value = _number(text)
                elif v is not None and t == "str":
                    value = ""
                if f is not None:
                    formula = "=" + (f.text or "")
                    data.formulas[key] = formula
                    if value is None and uncalculated is not None:
                        value = uncalculated(formula)
                if value is not None:
                    cells[key] = value
                    if len(cells) > MAX_READ_CELLS:
                        raise FileFormatError(f"{where}: more than {MAX_READ_CELLS:,} filled cells; beyond what tiebreak reads")
                el.clear()
            elif tag == _M + "row":
                el.clear()
            elif tag == _M + "mergeCell":
                ref = el.get("ref", "")
                if ":" in ref:
                    a, b = ref.split(":", 1)
                    try:
                        r1, c1 = split_ref(a)
                        r2, c2 = split_ref(b)
                    except ValueError:
                        continue
                    data.merges.append((min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)))
                el.clear()
            elif tag == _M + "sheetProtection":
                data.protected = el.get("sheet") in ("1", "true")
    except FileFormatError:
        raise
    except Exception as err:  # noqa: BLE001  expat's and defusedxml's errors on a damaged or hostile part
        raise FileFormatError(f"{where}: cannot be read ({type(err).__name__}: {err})") from None
    return data


# ------------------------------------------------------------------ patching
_ATTR = re.compile(rb'([\w:.-]+)\s*=\s*("[^"]*"|\'[^\']*\')')
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")

SHEET_TEMPLATE = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    b'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    b'<dimension ref="A1"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>'
    b'<sheetFormatPr defaultRowHeight="15"/><sheetData/>'
    b'<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>'
)


def new_sheet() -> bytes:
    """The part of an empty worksheet."""
    return SHEET_TEMPLATE


def _attrs(tag: bytes) -> dict[bytes, bytes]:
    return {m.group(1): m.group(2)[1:-1] for m in _ATTR.finditer(tag)}


def _prefix(xml: bytes) -> bytes:
    """The prefix bound to the main namespace on the root element (b'' for the default namespace)."""
    m = re.search(rb"<([\w.-]+:)?worksheet[\s>]", xml)
    if not m:
        raise FileFormatError("a worksheet part without a worksheet element")
    return m.group(1) or b""


def _cell_xml(p: bytes, ref: str, value: Any, style: bytes | None) -> bytes:
    s = b' s="' + style + b'"' if style else b""
    head = b"<" + p + b'c r="' + ref.encode() + b'"' + s
    if value is None or value == "":
        return head + b"/>" if style else b""
    if isinstance(value, bool):
        return head + b' t="b"><' + p + b"v>" + (b"1" if value else b"0") + b"</" + p + b"v></" + p + b"c>"
    if isinstance(value, (int, float)):
        text = str(value) if isinstance(value, int) else repr(float(value))
        return head + b"><" + p + b"v>" + text.encode() + b"</" + p + b"v></" + p + b"c>"
    text = _BAD_CHARS.sub("", str(value))
    space = b' xml:space="preserve"' if text != text.strip() else b""
    return (
        head + b' t="inlineStr"><' + p + b"is><" + p + b"t" + space + b">" + escape(text).encode("utf-8") + b"</" + p + b"t></" + p + b"is></" + p + b"c>"
    )


def _tags(p: bytes) -> tuple[re.Pattern[bytes], bytes, re.Pattern[bytes], bytes]:
    row_open = re.compile(rb"<" + re.escape(p) + rb"row(?=[\s/>])[^>]*>")
    cell_open = re.compile(rb"<" + re.escape(p) + rb"c(?=[\s/>])[^>]*>")
    return row_open, b"</" + p + b"row>", cell_open, b"</" + p + b"c>"


def _patch_row(p: bytes, row: int, inner: bytes, updates: dict[int, Any], cell_open: re.Pattern[bytes], cell_close: bytes) -> bytes:
    out: list[bytes] = []
    pos = 0
    col = 0
    pending = dict(sorted(updates.items()))

    def flush(before: int | None) -> None:
        for c in [c for c in pending if before is None or c < before]:
            out.append(_cell_xml(p, cell_ref(row, c), pending.pop(c), None))

    while True:
        m = cell_open.search(inner, pos)
        if not m:
            break
        tag = m.group(0)
        if tag.endswith(b"/>"):
            end = m.end()
        else:
            close = inner.find(cell_close, m.end())
            if close < 0:
                raise FileFormatError(f"row {row}: a cell is not closed")
            end = close + len(cell_close)
        attrs = _attrs(tag)
        ref = attrs.get(b"r")
        col = split_ref(ref.decode())[1] if ref else col + 1
        flush(col)
        out.append(inner[pos : m.start()])
        if col in pending:
            out.append(_cell_xml(p, cell_ref(row, col), pending.pop(col), attrs.get(b"s")))
        else:
            out.append(inner[m.start() : end])
        pos = end
    # cells after the last one go before anything that follows the cells (an extLst)
    tail = inner[pos:]
    flush(None)
    out.append(tail)
    return b"".join(out)


def patch_sheet(xml: bytes, updates: dict[int, dict[int, Any]]) -> bytes:
    """Set cells (1-based row → column → value; None or "" empties the cell, keeping its style)."""
    if not updates:
        return xml
    p = _prefix(xml)
    row_open, row_close, cell_open, cell_close = _tags(p)
    m = re.search(rb"<" + re.escape(p) + rb"sheetData(?=[\s/>])[^>]*>", xml)
    if not m:
        raise FileFormatError("a worksheet part without sheetData")
    if m.group(0).endswith(b"/>"):
        head = xml[: m.start()] + m.group(0)[:-2].rstrip() + b">"
        inner = b""
        tail = b"</" + p + b"sheetData>" + xml[m.end() :]
    else:
        close = xml.find(b"</" + p + b"sheetData>", m.end())
        if close < 0:
            raise FileFormatError("a worksheet part whose sheetData is not closed")
        head = xml[: m.end()]
        inner = xml[m.end() : close]
        tail = xml[close:]
    pending = {r: dict(cols) for r, cols in sorted(updates.items())}
    out: list[bytes] = []

    def new_rows(before: int | None) -> None:
        for r in [r for r in pending if before is None or r < before]:
            cols = pending.pop(r)
            cells = b"".join(_cell_xml(p, cell_ref(r, c), v, None) for c, v in sorted(cols.items()))
            if cells:
                out.append(b"<" + p + b'row r="' + str(r).encode() + b'">' + cells + row_close)

    pos = 0
    row = 0
    while pending:
        rm = row_open.search(inner, pos)
        if not rm:
            break
        tag = rm.group(0)
        attrs = _attrs(tag)
        r_attr = attrs.get(b"r")
        row = int(r_attr) if r_attr else row + 1
        if tag.endswith(b"/>"):
            end = rm.end()
            body: bytes | None = None
        else:
            close = inner.find(row_close, rm.end())
            if close < 0:
                raise FileFormatError(f"row {row} is not closed")
            end = close + len(row_close)
            body = inner[rm.end() : close]
        out.append(inner[pos : rm.start()])
        new_rows(row)
        if row in pending:
            cols = pending.pop(row)
            open_tag = re.sub(rb'\sspans="[^"]*"', b"", tag)  # spans is only a hint; the row's cells change
            if body is None:
                open_tag = open_tag[:-2].rstrip() + b">"
                body = b""
            out.append(open_tag + _patch_row(p, row, body, cols, cell_open, cell_close) + row_close)
        else:
            out.append(inner[rm.start() : end])
        pos = end
    out.append(inner[pos:])
    new_rows(None)
    head = _widen_dimension(head, p, updates)
    return head + b"".join(out) + tail


def _widen_dimension(head: bytes, p: bytes, updates: dict[int, dict[int, Any]]) -> bytes:
    written = [(r, c) for r, cols in updates.items() for c, v in cols.items() if v is not None and v != ""]
    if not written:
        return head
    m = re.search(rb"<" + re.escape(p) + rb'dimension\s+ref="([^"]*)"', head)
    if not m:
        return head
    ref = m.group(1).decode().replace("$", "")
    try:
        a, _, b = ref.partition(":")
        r1, c1 = split_ref(a)
        r2, c2 = split_ref(b or a)
    except ValueError:
        return head
    rows = [r for r, _ in written]
    cols = [c for _, c in written]
    nr1, nc1 = min(r1, *rows), min(c1, *cols)
    nr2, nc2 = max(r2, *rows), max(c2, *cols)
    new = f"{cell_ref(nr1, nc1)}:{cell_ref(nr2, nc2)}".encode()
    return head[: m.start(1)] + new + head[m.end(1) :]
