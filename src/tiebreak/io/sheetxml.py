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

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO, Any
from xml.sax.saxutils import escape

from tiebreak.core.a1 import cell_address, column_index, column_letter, parse_cell
from tiebreak.core.errors import FileFormatError
from tiebreak.core.i18n import _

__all__ = ["MAIN_NS", "SheetData", "cell_ref", "new_sheet", "patch_sheet", "read_shared_strings", "read_sheet", "split_ref"]

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_M = "{" + MAIN_NS + "}"
MAX_READ_CELLS = 2_000_000


@dataclass
class SheetData:
    cells: dict[tuple[int, int], Any] = field(default_factory=dict)  # 0-based (row, column) -> value
    formulas: dict[tuple[int, int], str] = field(default_factory=dict)  # 0-based -> formula text
    merges: list[tuple[int, int, int, int]] = field(default_factory=list)  # 1-based (r1, c1, r2, c2)
    protected: bool = False


def merge_box(ref: str) -> tuple[int, int, int, int] | None:
    """A merged range ``"B2:C4"`` as (first row, first column, last row, last column), 1-based; None if unreadable.

    >>> merge_box("C4:B2"), merge_box("B2"), merge_box("B2:??")
    ((2, 2, 4, 3), None, None)
    """
    if ":" not in ref:
        return None
    a, b = ref.split(":", 1)
    try:
        r1, c1 = split_ref(a)
        r2, c2 = split_ref(b)
    except ValueError:
        return None
    return (min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2))


def split_ref(ref: str) -> tuple[int, int]:
    """``"AB12"`` → (12, 28), 1-based."""
    return parse_cell(ref)


@functools.lru_cache(maxsize=4096)
def cell_ref(row: int, col: int) -> str:
    """``AB12`` for row 12, column 28."""
    return cell_address(row, col)


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


def read_shared_strings(xml: bytes, where: str) -> list[str]:
    """The shared string table's texts, in order (phonetic runs left out)."""
    m = re.search(rb"<([\w.-]+:)?sst[\s>]", xml)
    if m is None:
        raise FileFormatError(_("{where}: not a shared string table").format(where=where))
    pat = _Patterns(m.group(1) or b"")
    q = re.escape(m.group(1) or b"")
    # the usual item, one plain text: <si><t>...</t></si>, taken directly
    plain = re.compile(rb"<" + q + rb"t(?:\s[^>]*)?>([^<]*)</" + q + rb"t>\s*</" + q + rb"si>\Z")
    out: list[str] = []
    append = out.append
    try:
        for si in pat.si.finditer(xml):
            inner = si.group(1) or b""
            pm = plain.match(inner + b"</" + (m.group(1) or b"") + b"si>") if inner.count(b"<") == 2 else None
            append(_unescape(pm.group(1)) if pm else _rich_text(inner, pat))
        return out
    except (UnicodeDecodeError, ValueError) as err:
        raise FileFormatError(_("{where}: the shared strings cannot be read ({error})").format(where=where, error=err)) from None


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


def read_sheet(xml: bytes, strings: list[str], where: str, uncalculated: Any = None) -> SheetData:
    """The cells of a sheet part; ``uncalculated(formula)`` stands for a formula without a stored value.

    The part is scanned for its ``<c>`` elements directly (a sheet of a million
    empty rows costs one pass of a regular expression); a part whose cells do
    not all carry their reference is parsed as XML instead.  The part has been
    checked for DTDs and entity declarations before (see :mod:`tiebreak.io.package`),
    so only XML's predefined entities and character references can occur.
    """
    try:
        return _scan_sheet(xml, strings, where, uncalculated)
    except (_NeedsParser, ValueError):  # a ValueError: a reference beyond XFD, which the parser reports
        import io

        return _parse_sheet(io.BytesIO(xml), strings, where, uncalculated)


def _shared(strings: list[str], index: bytes | str, where: str, row: int, col: int) -> str:
    """The shared string a cell refers to (``<v>index</v>``); a missing one is a damaged file, named by its cell."""
    try:
        return strings[int(index)]
    except (ValueError, IndexError):
        raise FileFormatError(_("{where}, cell {cell}: refers to a shared string that does not exist").format(where=where, cell=cell_ref(row, col))) from None


class _NeedsParser(Exception):
    pass


_ENTITY = re.compile(rb"&(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|quot|apos);")
_PREDEFINED = {b"lt": "<", b"gt": ">", b"amp": "&", b"quot": '"', b"apos": "'"}


def _unescape(raw: bytes) -> str:
    if b"&" not in raw:
        return raw.decode("utf-8")

    def one(m: re.Match[bytes]) -> bytes:
        name = m.group(1)
        if name.startswith(b"#x"):
            return chr(int(b"0" + name[1:], 0)).encode("utf-8")
        if name.startswith(b"#"):
            return chr(int(name[1:])).encode("utf-8")
        return _PREDEFINED[name].encode("utf-8")

    return _ENTITY.sub(one, raw).decode("utf-8")


class _Patterns:
    def __init__(self, p: bytes) -> None:
        q = re.escape(p)
        self.cell = re.compile(rb"<" + q + rb"c(?=[\s/>])([^>]*?)(/>|>(.*?)</" + q + rb"c>)", re.DOTALL)
        self.v = re.compile(rb"<" + q + rb"v(?:\s[^>]*)?(?:/>|>(.*?)</" + q + rb"v>)", re.DOTALL)
        self.f = re.compile(rb"<" + q + rb"f(?:\s[^>]*)?(?:/>|>(.*?)</" + q + rb"f>)", re.DOTALL)
        self.t = re.compile(rb"<" + q + rb"t(?:\s[^>]*)?(?:/>|>(.*?)</" + q + rb"t>)", re.DOTALL)
        self.rph = re.compile(rb"<" + q + rb"rPh[\s>].*?</" + q + rb"rPh>", re.DOTALL)
        self.merge = re.compile(rb"<" + q + rb'mergeCell\s[^>]*?ref="([^"]*)"')
        self.protection = re.compile(rb"<" + q + rb"sheetProtection\s[^>]*>")
        self.si = re.compile(rb"<" + q + rb"si(?:\s[^>]*)?(?:/>|>(.*?)</" + q + rb"si>)", re.DOTALL)


_R_ATTR = re.compile(rb'\sr="([A-Za-z]{1,3})(\d+)"')
_T_ATTR = re.compile(rb'\st="([a-zA-Z]+)"')


def _rich_text(inner: bytes, pat: _Patterns) -> str:
    if b"rPh" in inner:
        inner = pat.rph.sub(b"", inner)
    return "".join(_unescape(m.group(1) or b"") for m in pat.t.finditer(inner))


_GROUPS = re.Match.groups


def _scan_sheet(xml: bytes, strings: list[str], where: str, uncalculated: Any) -> SheetData:
    data = SheetData()
    cells = data.cells
    formulas = data.formulas
    p = _prefix(xml)
    pat = _Patterns(p)
    q = re.escape(p)
    v_open, v_close = b"<" + p + b"v>", b"</" + p + b"v>"
    is_open = b"<" + p + b"is><" + p + b"t>"
    is_close = b"</" + p + b"t></" + p + b"is>"
    columns: dict[bytes, int] = {}
    r_attr = _R_ATTR
    t_attr = _T_ATTR
    # the common shapes in one expression: <c r="B7" s="3" t="s"><v>12</v></c>, <c r="B7" t="inlineStr"><is><t>Anna</t></is></c>;
    # anything else falls to the general branch
    fast = re.compile(
        rb"<" + q + rb'c r="([A-Z]{1,3})([0-9]+)"(?: s="[0-9]+")?(?: t="([a-zA-Z]+)")?(?: s="[0-9]+")?>'
        rb"(?:<" + q + rb"v>([^<]*)</" + q + rb"v>|<" + q + rb"is><" + q + rb"t>([^<]*)</" + q + rb"t></" + q + rb"is>)</" + q + rb"c>"
        rb"|<" + q + rb"c(?=[\s/>])([^>]*?)(?:/>|>(.*?)</" + q + rb"c>)",
        re.DOTALL,
    )
    for letters, row_text, t_fast, v_text, is_text, attrs, inner in map(_GROUPS, fast.finditer(xml)):
        if letters:
            col = columns.get(letters)
            if col is None:
                col = columns[letters] = column_index(letters.decode("ascii"))
            key = (int(row_text) - 1, col - 1)
            if not t_fast or t_fast == b"n":
                cells[key] = _number(v_text.decode("ascii", "replace"))
            elif t_fast == b"s":
                try:
                    cells[key] = strings[int(v_text)]
                except (ValueError, IndexError):
                    raise FileFormatError(_("{where}, cell {cell}: refers to a shared string that does not exist").format(where=where, cell=cell_ref(key[0] + 1, col))) from None
            elif t_fast == b"inlineStr":
                cells[key] = _unescape(is_text)
            elif t_fast == b"b":
                cells[key] = v_text.strip() in (b"1", b"true")
            else:
                cells[key] = _unescape(v_text)
            if len(cells) > MAX_READ_CELLS:
                raise FileFormatError(_("{where}: more than {max_read_cells} filled cells; beyond what tiebreak reads").format(where=where, max_read_cells=f"{MAX_READ_CELLS:,}"))
            continue
        if not inner:
            continue
        rm = r_attr.search(attrs)
        if rm is None:
            raise _NeedsParser
        letters = rm.group(1)
        col = columns.get(letters)
        if col is None:
            col = columns[letters] = column_index(letters.decode("ascii"))
        row = int(rm.group(2))
        key = (row - 1, col - 1)
        t = b"n"
        if b"t=" in attrs:
            tm = t_attr.search(attrs)
            if tm is not None:
                t = tm.group(1)
        value: Any = None
        if inner.startswith(v_open) and inner.endswith(v_close) and inner.count(b"<") == 2:
            text = inner[len(v_open) : -len(v_close)]
            if t == b"n":
                value = _number(text.decode("ascii", "replace"))
            elif t == b"s":
                value = _shared(strings, text, where, row, col)
            elif t == b"b":
                value = text.strip() in (b"1", b"true")
            else:
                value = _unescape(text)
            cells[key] = value
            if len(cells) > MAX_READ_CELLS:
                raise FileFormatError(_("{where}: more than {max_read_cells} filled cells; beyond what tiebreak reads").format(where=where, max_read_cells=f"{MAX_READ_CELLS:,}"))
            continue
        if t == b"inlineStr" and inner.startswith(is_open) and inner.endswith(is_close) and inner.count(b"<") == 4:
            cells[key] = _unescape(inner[len(is_open) : -len(is_close)])
            continue
        fm = pat.f.search(inner)
        if t == b"inlineStr":
            start = inner.find(b"is")
            value = _rich_text(inner[start:], pat) if start >= 0 else None
        else:
            vm = pat.v.search(inner)
            if vm is not None:
                text = vm.group(1)
                if text is None:
                    value = "" if t == b"str" else None
                elif t == b"s":
                    value = _shared(strings, text, where, row, col)
                elif t == b"b":
                    value = text.strip() in (b"1", b"true")
                elif t in (b"str", b"e", b"d"):
                    value = _unescape(text)
                else:
                    value = _number(text.decode("ascii", "replace"))
            elif t == b"str":
                value = ""
        if fm is not None:
            formula = "=" + _unescape(fm.group(1) or b"")
            formulas[key] = formula
            if value is None and uncalculated is not None:
                value = uncalculated(formula)
        if value is not None:
            cells[key] = value
    if len(cells) > MAX_READ_CELLS:
        raise FileFormatError(_("{where}: more than {max_read_cells} filled cells; beyond what tiebreak reads").format(where=where, max_read_cells=f"{MAX_READ_CELLS:,}"))
    for mm in pat.merge.finditer(xml):
        box = merge_box(mm.group(1).decode("ascii", "replace"))
        if box is not None:
            data.merges.append(box)
    pm = pat.protection.search(xml)
    if pm is not None:
        data.protected = re.search(rb'\ssheet="(1|true)"', pm.group(0)) is not None
    return data


def _parse_sheet(source: IO[bytes], strings: list[str], where: str, uncalculated: Any = None) -> SheetData:
    """The cells of a sheet part, parsed as XML (cells without their reference are counted along the row)."""
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
                    _row_no, col_no = split_ref(ref)
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
                        value = _shared(strings, text, where, row_no, col_no)
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
                        raise FileFormatError(_("{where}: more than {max_read_cells} filled cells; beyond what tiebreak reads").format(where=where, max_read_cells=f"{MAX_READ_CELLS:,}"))
                el.clear()
            elif tag == _M + "row":
                el.clear()
            elif tag == _M + "mergeCell":
                box = merge_box(el.get("ref", ""))
                if box is not None:
                    data.merges.append(box)
                el.clear()
            elif tag == _M + "sheetProtection":
                data.protected = el.get("sheet") in ("1", "true")
    except FileFormatError:
        raise
    except Exception as err:  # noqa: BLE001  expat's and defusedxml's errors on a damaged or hostile part
        raise FileFormatError(_("{where}: cannot be read ({kind}: {error})").format(where=where, kind=type(err).__name__, error=err)) from None
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
        raise FileFormatError(_("a worksheet part without a worksheet element"))
    return m.group(1) or b""


def _cell_xml(p: bytes, ref: str, value: Any, style: bytes | None) -> bytes:
    return _cell_str(p.decode(), ref, value, ' s="' + style.decode() + '"' if style else "").encode()


def _cells_xml(p: bytes, row: int, cells: dict[int, Any]) -> bytes:
    """New cells (column → value) of one row, left to right, without a style: one encode per row."""
    x, r = p.decode(), str(row)
    return "".join([_cell_str(x, column_letter(c) + r, v, "") for c, v in sorted(cells.items())]).encode()


def _cell_str(x: str, ref: str, value: Any, s: str) -> str:
    if value is None or value == "":
        return f'<{x}c r="{ref}"{s}/>' if s else ""
    if isinstance(value, bool):
        return f'<{x}c r="{ref}"{s} t="b"><{x}v>{int(value)}</{x}v></{x}c>'
    if isinstance(value, int):
        return f'<{x}c r="{ref}"{s}><{x}v>{value}</{x}v></{x}c>'
    if isinstance(value, float):
        return f'<{x}c r="{ref}"{s}><{x}v>{value!r}</{x}v></{x}c>'
    text = str(value)
    if _BAD_CHARS.search(text):
        text = _BAD_CHARS.sub("", text)
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f'<{x}c r="{ref}"{s} t="inlineStr"><{x}is><{x}t{space}>{escape(text)}</{x}t></{x}is></{x}c>'


def _tags(p: bytes) -> tuple[re.Pattern[bytes], bytes, re.Pattern[bytes], bytes]:
    row_open = re.compile(rb"<" + re.escape(p) + rb"row(?=[\s/>])[^>]*>")
    cell_open = re.compile(rb"<" + re.escape(p) + rb"c(?=[\s/>])[^>]*>")
    return row_open, b"</" + p + b"row>", cell_open, b"</" + p + b"c>"


_LAST_REF = re.compile(rb'\sr="([A-Za-z]{1,3})\d+"')


def _patch_row(p: bytes, row: int, inner: bytes, updates: dict[int, Any], cell_open: re.Pattern[bytes], cell_close: bytes) -> bytes:
    # the usual case: Rank's cells all lie right of the row's last cell, and nothing follows the cells
    last = inner.rfind(b"<" + p + b"c ")
    if last >= 0 and b"extLst" not in inner:
        end = inner.find(b">", last)
        rm = _LAST_REF.search(inner, last, end)
        if rm is not None:
            col = column_index(rm.group(1).decode("ascii"))
            if col < min(updates):
                return inner + _cells_xml(p, row, updates)
    elif not inner.strip():
        return _cells_xml(p, row, updates)
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
                raise FileFormatError(_("row {row}: a cell is not closed").format(row=row))
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
    """Set cells (1-based row → column → value; None or "" empties the cell, keeping its style).

    The unchanged stretches of the part are joined as views of it, so a big
    part is copied once, into the result.
    """
    if not updates:
        return xml
    p = _prefix(xml)
    row_open, row_close, cell_open, cell_close = _tags(p)
    m = re.search(rb"<" + re.escape(p) + rb"sheetData(?=[\s/>])[^>]*>", xml)
    if not m:
        raise FileFormatError(_("a worksheet part without sheetData"))
    view = memoryview(xml)
    out: list[bytes | memoryview] = []
    if m.group(0).endswith(b"/>"):
        head = xml[: m.start()] + m.group(0)[:-2].rstrip() + b">"
        start = end_inner = m.end()
        tail: list[bytes | memoryview] = [b"</" + p + b"sheetData>", view[m.end() :]]
    else:
        close = xml.find(b"</" + p + b"sheetData>", m.end())
        if close < 0:
            raise FileFormatError(_("a worksheet part whose sheetData is not closed"))
        head = xml[: m.end()]
        start, end_inner = m.end(), close
        tail = [view[close:]]
    pending = {r: dict(cols) for r, cols in sorted(updates.items())}
    order = list(pending)  # ascending row numbers
    nxt = [0]

    def new_rows(before: int | None) -> None:
        while nxt[0] < len(order) and (before is None or order[nxt[0]] < before):
            r = order[nxt[0]]
            nxt[0] += 1
            cols = pending.pop(r, None)
            if cols is None:
                continue
            cells = _cells_xml(p, r, cols)
            if cells:
                out.append(b"<" + p + b'row r="' + str(r).encode() + b'">' + cells + row_close)

    pos = start
    row = 0
    while pending:
        rm = row_open.search(xml, pos, end_inner)
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
            close_row = xml.find(row_close, rm.end(), end_inner)
            if close_row < 0:
                raise FileFormatError(_("row {row} is not closed").format(row=row))
            end = close_row + len(row_close)
            body = xml[rm.end() : close_row] if row in pending else None
        out.append(view[pos : rm.start()])
        new_rows(row)
        if row in pending:
            cols = pending.pop(row)
            open_tag = re.sub(rb'\sspans="[^"]*"', b"", tag)  # spans is only a hint; the row's cells change
            if body is None:
                open_tag = open_tag[:-2].rstrip() + b">"
                body = b""
            out.append(open_tag + _patch_row(p, row, body, cols, cell_open, cell_close) + row_close)
        else:
            out.append(view[rm.start() : end])
        pos = end
    out.append(view[pos:end_inner])
    new_rows(None)
    head = _widen_dimension(head, p, updates)
    return b"".join([head, *out, *tail])


def _widen_dimension(head: bytes, p: bytes, updates: dict[int, dict[int, Any]]) -> bytes:
    rows: list[int] = []
    cols: list[int] = []  # the first and last column written in each row
    for r, row in updates.items():
        filled = [c for c, v in row.items() if v is not None and v != ""]
        if filled:
            rows.append(r)
            cols.append(min(filled))
            cols.append(max(filled))
    if not rows:
        return head
    m = re.search(rb"<" + re.escape(p) + rb'dimension\s+ref="([^"]*)"', head)
    if not m:
        return head
    ref = m.group(1).decode().replace("$", "")
    try:
        a, _sep, b = ref.partition(":")
        r1, c1 = split_ref(a)
        r2, c2 = split_ref(b or a)
    except ValueError:
        return head
    nr1, nc1 = min(r1, *rows), min(c1, *cols)
    nr2, nc2 = max(r2, *rows), max(c2, *cols)
    new = f"{cell_ref(nr1, nc1)}:{cell_ref(nr2, nc2)}".encode()
    return head[: m.start(1)] + new + head[m.end(1) :]
