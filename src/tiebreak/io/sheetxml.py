"""A worksheet part (SpreadsheetML) read for its cells and patched cell by cell.

Every part is read by an XML parser (expat, with DTDs and entity declarations
refused), so a part reads as Excel and LibreOffice read it: comments, CDATA
sections, character references, either quote around attributes, namespace
prefixes, rows and cells in any order, any encoding XML allows.

:func:`read_sheet` streams a sheet part once and gives its non-empty cells
(formulas give the result Excel stored with them), which cells hold formulas,
the merged ranges and whether the sheet is protected, in memory bounded by
the number of non-empty cells, in time linear in the part's size.  The rows
of the usual shape (what Excel, LibreOffice and openpyxl write) are taken by
one regular expression over the stretch the parser found to be the sheet's
``<sheetData>``; any other shape in that stretch sends the whole part through
the parser's events.

:func:`patch_sheet` rewrites only the ``<c>`` elements of the cells it is
given, inside the rows that hold them, and the sheet's ``<dimension>``; every
other byte of the part (other cells, formulas and their stored values, styles,
merges, validations, conditional formats, extensions, comments) is kept as it
was.  It finds the elements by the byte offsets the parser reports, so a
``<c>`` inside a comment is never taken for a cell.  Strings are written as
inline strings (``t="inlineStr"``), so the shared string table is not touched.
A part stored in another encoding than UTF-8 is read but not patched.
"""

from __future__ import annotations

import functools
import re
from array import array
from bisect import bisect_right
from itertools import islice
from operator import itemgetter, lt
from typing import Any
from xml.parsers import expat

from tiebreak.core.a1 import (
    MAX_ROWS,
    cell_address,
    column_index,
    column_letter,
    parse_cell,
)
from tiebreak.core.errors import FileFormatError
from tiebreak.core.i18n import _
from tiebreak.core.record import Record
from tiebreak.core.text import compiled_later

__all__ = ["MAIN_NS", "SheetData", "cell_ref", "escape", "new_sheet", "patch_sheet", "quoteattr", "read_shared_strings", "read_sheet", "split_ref"]


def escape(text: str, entities: dict[str, str] | None = None) -> str:
    """``&``, ``<`` and ``>`` (then each of ``entities``) escaped, as :func:`xml.sax.saxutils.escape` does.

    Written here because importing :mod:`xml.sax.saxutils` imports :mod:`urllib.request`
    (and with it http, email and ssl): a fifth of ``tiebreak rank``'s start-up.

    >>> escape('a < b & "c" > d'), escape('say "hi"', {'"': "&quot;"})
    ('a &lt; b &amp; "c" &gt; d', 'say &quot;hi&quot;')
    """
    text = text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    for key, value in (entities or {}).items():
        text = text.replace(key, value)
    return text


def quoteattr(text: str) -> str:
    """An attribute value escaped and quoted, as :func:`xml.sax.saxutils.quoteattr` does.

    >>> print(quoteattr("Tom & Jerry"), quoteattr('say "hi"'))
    "Tom &amp; Jerry" 'say "hi"'
    """
    text = escape(text, {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
    if '"' not in text:
        return '"' + text + '"'
    if "'" not in text:
        return "'" + text + "'"
    return '"' + text.replace('"', "&quot;") + '"'


MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
MAX_READ_CELLS = 2_000_000

# element names as the parser gives them: namespace, a space, local name
_N = MAIN_NS + " "
_C, _V, _F, _IS, _T, _RPH, _ROW = _N + "c", _N + "v", _N + "f", _N + "is", _N + "t", _N + "rPh", _N + "row"
_SHEET_DATA, _MERGE, _PROTECTION, _DIMENSION = _N + "sheetData", _N + "mergeCell", _N + "sheetProtection", _N + "dimension"
_SI, _SST = _N + "si", _N + "sst"


class SheetData(Record):
    """What a worksheet part holds: cell values, formulas, merged ranges, and whether the sheet is protected."""

    cells: dict[tuple[int, int], Any]  # 0-based (row, column) -> value
    formulas: dict[tuple[int, int], str]  # 0-based -> formula text
    merges: list[tuple[int, int, int, int]]  # 1-based (r1, c1, r2, c2)
    protected: bool = False

    _fields = ("cells", "formulas", "merges", "protected")

    def __init__(
        self,
        cells: dict[tuple[int, int], Any] | None = None,
        formulas: dict[tuple[int, int], str] | None = None,
        merges: list[tuple[int, int, int, int]] | None = None,
        protected: bool = False,
    ) -> None:
        self.cells = {} if cells is None else cells
        self.formulas = {} if formulas is None else formulas
        self.merges = [] if merges is None else merges
        self.protected = protected


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


# ------------------------------------------------------------------ the parser
class _Refused(Exception):
    pass


def _refuse(*_args: Any) -> None:
    raise _Refused


def _parser() -> Any:
    """An expat parser with namespaces resolved, text in one piece, DTDs and entity declarations refused."""
    p = expat.ParserCreate(namespace_separator=" ")
    p.buffer_text = True
    p.StartDoctypeDeclHandler = _refuse
    p.EntityDeclHandler = _refuse
    return p


def _feed(p: Any, chunks: list[tuple[bytes | memoryview, bool]], where: str) -> None:
    """Parse the chunks; malformed XML, a DTD or a value that is not what it should be is a FileFormatError naming ``where``."""
    try:
        for chunk, final in chunks:
            p.Parse(chunk, final)
    except expat.ExpatError as err:
        raise FileFormatError(
            _("{where}: not well-formed XML at line {line}, column {column} ({error})").format(where=where, line=err.lineno, column=err.offset + 1, error=expat.ErrorString(err.code))
        ) from None
    except _Refused:
        raise FileFormatError(_("{where}: declares a DTD or entities; refused (XML bomb protection)").format(where=where)) from None
    except (ValueError, LookupError) as err:  # a row or cell reference that is not one, an encoding Python does not know
        raise FileFormatError(_("{where}: cannot be read ({kind}: {error})").format(where=where, kind=type(err).__name__, error=err)) from None


def _too_many(where: str) -> FileFormatError:
    return FileFormatError(_("{where}: more than {max_read_cells} filled cells; beyond what tiebreak reads").format(where=where, max_read_cells=f"{MAX_READ_CELLS:,}"))


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


def _shared(strings: list[str], index: str, where: str, row: int, col: int) -> str:
    """The shared string a cell refers to (``<v>index</v>``); a missing one is a damaged file, named by its cell."""
    try:
        return strings[int(index)]
    except (ValueError, IndexError):
        raise FileFormatError(_("{where}, cell {cell}: refers to a shared string that does not exist").format(where=where, cell=cell_ref(row, col))) from None


def _value(t: str, v: str | None, strings: list[str], where: str, row: int, col: int) -> Any:
    """What a cell of type ``t`` shows, given the text of its ``<v>`` (None without one); None for nothing."""
    if not v:
        return "" if t == "str" and v is not None else None
    if t == "s":
        return _shared(strings, v, where, row, col)
    if t == "b":
        return v.strip() in ("1", "true")
    if t in ("str", "e", "d", "inlineStr"):
        return v
    return _number(v)


class _Reader:
    """The handlers of one pass over a sheet part: cells, formulas, merges, protection, where sheetData lies."""

    def __init__(self, p: Any, strings: list[str], where: str, uncalculated: Any) -> None:
        self.p, self.strings, self.where, self.uncalculated = p, strings, where, uncalculated
        self.data = SheetData()
        self.buf: list[str] = []  # the text the parser gave since the open cell began
        self.row = self.col = self.mark = self.rph = 0
        self.key: tuple[int, int] | None = None  # the open cell, 0-based
        self.t = "n"
        self.v: str | None = None
        self.f: str | None = None
        self.inline: list[str] | None = None
        self.sheet_data = [-1, -1]  # byte offsets of sheetData's start and end tags
        self.dimension = -1
        p.StartElementHandler, p.EndElementHandler, p.CharacterDataHandler = self.start, self.end, self.buf.append

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if name == _C:
            ref = attrs.get("r")
            if ref:
                self.row, self.col = split_ref(ref)
            else:
                self.col += 1
            self.key = (self.row - 1, self.col - 1)
            self.t = attrs.get("t", "n")
            self.v = self.f = self.inline = None
            self.buf.clear()
        elif name in (_V, _F, _T):
            self.mark = len(self.buf)
        elif name == _ROW:
            r = attrs.get("r")
            self.row = int(r) if r else self.row + 1
            self.col = 0
            self.buf.clear()
        elif name == _IS:
            self.inline = []
        elif name == _RPH:
            self.rph += 1
        elif name == _MERGE:
            box = merge_box(attrs.get("ref", ""))
            if box is not None:
                self.data.merges.append(box)
        elif name == _PROTECTION:
            self.data.protected = attrs.get("sheet") in ("1", "true")
        elif name == _SHEET_DATA:
            self.sheet_data[0] = self.p.CurrentByteIndex
        elif name == _DIMENSION:
            self.dimension = self.p.CurrentByteIndex

    def end(self, name: str) -> None:
        if name == _C:
            if self.key is not None:  # a cell inside a cell (well-formed, never written) ends both at the inner end
                self.close_cell()
        elif self.key is None:
            if name == _SHEET_DATA:
                self.sheet_data[1] = self.p.CurrentByteIndex
        elif name == _V:
            self.v = "".join(self.buf[self.mark :])
        elif name == _T:
            if self.inline is not None and not self.rph:
                self.inline.append("".join(self.buf[self.mark :]))
        elif name == _F:
            self.f = "".join(self.buf[self.mark :])
        elif name == _RPH:
            self.rph -= 1

    def close_cell(self) -> None:
        key = self.key
        assert key is not None
        self.key = None
        if self.inline is not None and self.t == "inlineStr":
            value = "".join(self.inline)
        else:
            value = _value(self.t, self.v, self.strings, self.where, key[0] + 1, key[1] + 1)
        if self.f is not None:
            formula = "=" + self.f
            self.data.formulas[key] = formula
            if value is None and self.uncalculated is not None:
                value = self.uncalculated(formula)
        if value is not None:
            cells = self.data.cells
            cells[key] = value
            if len(cells) > MAX_READ_CELLS:
                raise _too_many(self.where)


def read_sheet(xml: bytes, strings: list[str], where: str, uncalculated: Any = None) -> SheetData:
    """The cells of a sheet part; ``uncalculated(formula)`` stands for a formula without a stored value.

    A cell without its reference follows the previous one in its row, a row
    without its number the previous row.  Malformed XML is a
    :class:`FileFormatError` naming ``where`` and the line.
    """
    data = _read_usual(xml, strings, where)
    if data is not None:
        return data
    p = _parser()
    reader = _Reader(p, strings, where, uncalculated)
    _feed(p, [(xml, True)], where)
    return reader.data


# The usual rows in one expression: runs of row tags, cells <c r="B7" s="3" t="s"><v>12</v></c> or
# <c r="B7" t="inlineStr"><is><t>Anna</t></is></c> or <c r="B7" s="3"/>; anything else is caught by the last group.
_ROW_ATTRS = rb'(?: (?!xmlns)[A-Za-z][\w:.-]*+="[^"<&]*+")*+ ?'
_USUAL_TOKEN = (
    rb"((?:<row" + _ROW_ATTRS + rb"/?>|</row>)++)"  # possessive: a million rows hold no backtracking state
    rb'|<c r="([A-Z]{1,3})([0-9]+)"(?: s="[0-9]+"(?!(?: t="[a-zA-Z]+")? s=))?(?: t="([a-zA-Z]+)")?(?: s="[0-9]+")?'  # one s at most
    rb'(?: ?/>|>(?:<v>([^<&\r]*)</v>|<is><t(?: xml:space="preserve")?>([^<\r]*)</t></is>)?</c>)'
)
_USUAL = compiled_later(_USUAL_TOKEN + rb"|([^<]+|<)")
_ALL_USUAL = compiled_later(rb"(?:" + _USUAL_TOKEN + rb")*+")
# a run of row tags that closes the open row (if one is), holds whole rows, and may open one
_ROW_RUN = compiled_later(rb"(</row>)?(?:<row" + _ROW_ATTRS + rb"/>|<row" + _ROW_ATTRS + rb"></row>)*+(<row" + _ROW_ATTRS + rb">)?")
_PLAIN_RUN = compiled_later(rb'</row><row r="[0-9]++">')
_ROW_RUNS = compiled_later(rb"(?:<row" + _ROW_ATTRS + rb"/?>|</row>)++")
_ODD_ROW_NUMBER = compiled_later(rb' r="(?![0-9]++")')  # the parser's events take a row's number as a number
_ATTR_VALUES = compiled_later(rb'="[^"]*+"')  # what is left of a run without them: its tags' attribute names
_CHUNK = 1 << 16
_SHAPE_TAG = compiled_later(rb"</row>|<row([^/>]*)/?>")  # a tag of a run without its attribute values
_QNAME = compiled_later(rb"([A-Za-z_][\w.-]*+):([A-Za-z_][\w.-]*+)")
# the control characters XML forbids (all but tab, line feed and carriage return), deleted to count them
_FORBIDDEN = bytes(range(9)) + b"\x0b\x0c" + bytes(range(14, 32))
_NOT_PREDEFINED = compiled_later(rb"&(?!(?:lt|gt|amp|quot|apos);)")  # a character reference, or a reference XML does not define
_USUAL_TAGS = compiled_later(rb'<row([^>]*)>|<c r="([A-Z]{1,3})[0-9]+"(?: s="([0-9]+)")?(?: t="[a-zA-Z]+")?(?: s="([0-9]+)")?( ?/)?>')
_ROW_NUMBER = compiled_later(rb' r="([0-9]+)"')
_USUAL_ROW = compiled_later(rb'<row(?: r="([0-9]+)")?([^>]*)>')
_USUAL_ROW_NUMBERS = compiled_later(rb'<row(?: r="([0-9]+)")?')
_USUAL_LETTERS = compiled_later(rb'<c r="([A-Z]{1,3})')
_ENTITY = compiled_later(r"&(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|quot|apos);")
_PREDEFINED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
_ENCODING = compiled_later(rb"""<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_GROUPS = re.Match.groups


def _unescape(raw: bytes) -> str:
    """Text with XML's predefined entities and character references (which the parser found valid) replaced."""
    text = raw.decode("utf-8")
    return _ENTITY.sub(_entity, text) if "&" in text else text


def _entity(m: re.Match[str]) -> str:
    name = m.group(1)
    if name.startswith("#x"):
        return chr(int("0" + name[1:], 0))
    if name.startswith("#"):
        return chr(int(name[1:]))
    return _PREDEFINED[name]


def _encoding(xml: bytes) -> str:
    """The part's encoding, from its byte order mark or its XML declaration (lower case; "utf-8" when neither says)."""
    if xml.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    m = _ENCODING.match(xml, 3 if xml.startswith(b"\xef\xbb\xbf") else 0)
    return m.group(1).decode("ascii").lower() if m else "utf-8"


_KINDS = {b"n": "n", b"s": "s", b"str": "str", b"b": "b", b"e": "e", b"inlineStr": "inlineStr"}


def _read_usual(xml: bytes, strings: list[str], where: str) -> SheetData | None:
    """The part read with its sheetData taken by :data:`_USUAL`, or None if that stretch holds anything else.

    The stretch is proven to be what the parser would read there without
    parsing it: every byte belongs to a usual token (:data:`_USUAL`), the row
    tags nest (:class:`_Rows`: no row inside a row, none left open, no
    attribute twice, every prefix bound where sheetData stands) and no byte
    needs the parser's eye (:func:`_plain_bytes`: no character XML forbids,
    no ``]]>``, no character or undefined entity reference, UTF-8 as Python
    strictly decodes it).  The parser reads the rest of the part (merges,
    protection) and checks it; the stretch counts as sheetData only where the
    parser reports sheetData's start and end tags, so a comment, CDATA
    section or other element anywhere in it, or any form the proof does not
    cover, sends the part to :class:`_Reader` instead.
    """
    stretch = _sheet_data_stretch(xml)
    if stretch is None:
        return None
    a, b = stretch
    data = SheetData()
    rows = _Rows()
    try:
        if not _plain_bytes(xml, a, b) or not _scan_usual(xml, a, b, strings, where, data.cells, rows):
            return None
    except (UnicodeDecodeError, ValueError):  # text not UTF-8, a column beyond XFD: the parser's events name the place
        return None
    p = _parser()
    reader = _Reader(p, strings, where, None)
    if not _checked(p, reader, xml, a, b, where, rows.prefixes):
        return None
    _LAST_USUAL[:] = [xml, reader.sheet_data, reader.dimension]
    data.merges, data.protected = reader.data.merges, reader.data.protected
    return data


def _scan_usual(xml: bytes, a: int, b: int, strings: list[str], where: str, cells: dict[tuple[int, int], Any], rows: _Rows) -> bool:
    """The cells of the usual rows between ``a`` and ``b`` into ``cells``; False at the first token that is not usual.

    ``rows`` checks each run of row tags (see :class:`_Rows`).

    Each row number, column and number text is decoded once (a row's cells
    share its number, most cells of a large table hold one of a few numbers).
    """
    columns: dict[bytes, int] = {}  # letters -> 0-based column
    numbers: dict[bytes, Any] = {}  # the text of a number cell -> its value
    kinds = _KINDS
    row_text, row0 = b"", -1
    runs, plain = rows.run, _PLAIN_RUN.fullmatch
    for run, letters, text, t, v, inline, other in map(_GROUPS, _USUAL.finditer(xml, a, b)):
        if letters is None:
            if other is not None:
                return False
            if not (rows.inside and plain(run)) and not runs(run):  # the commonest run: the last row closed, the next opened
                return False
            continue
        col0 = columns.get(letters)
        if col0 is None:
            col0 = columns[letters] = column_index(letters.decode("ascii")) - 1
        if text != row_text:
            row = int(text)
            if not 1 <= row <= MAX_ROWS:
                return False
            if len(cells) > MAX_READ_CELLS:
                raise _too_many(where)
            row_text, row0 = text, row - 1
        if t is None and v:  # a number, the commonest cell
            value: Any = numbers.get(v)
            if value is None:
                value = _number(v.decode("utf-8"))
                if len(numbers) < 4096:
                    numbers[v] = value
            cells[(row0, col0)] = value
            continue
        if inline is not None and t == b"inlineStr":
            value = inline.decode("utf-8") if b"&" not in inline else _unescape(inline)
        else:
            value = _value((kinds.get(t) or t.decode("ascii")) if t else "n", None if v is None else v.decode("utf-8"), strings, where, row0 + 1, col0 + 1)
        if value is not None:
            cells[(row0, col0)] = value
    if len(cells) > MAX_READ_CELLS:
        raise _too_many(where)
    return not rows.inside


# the last part found to hold usual rows, with its sheetData's offsets and its dimension's: Rank reads the
# crosstable's part, then patches the same bytes, which need not be checked twice
_LAST_USUAL: list[Any] = []


def _sheet_data_stretch(xml: bytes) -> tuple[int, int] | None:
    """Where the content of a UTF-8 part's first unprefixed ``<sheetData>`` seems to lie (the parser has the last word)."""
    a = xml.find(b"<sheetData>")
    b = xml.find(b"</sheetData>", a)
    if a < 0 or b < 0 or _encoding(xml) not in ("utf-8", "utf8"):
        return None
    return a + len(b"<sheetData>"), b


class _Rows:
    """The runs of row tags of a stretch of usual tokens, in order: whether they nest as the parser needs.

    A run (``</row><row r="2">``, ``<row r="3"/>``...) must close the row left
    open, if one is, and open no row inside another; a row's number must be
    digits (the parser's events read it as a number); a tag must not carry an
    attribute twice (nor two prefixed ones with one local name, which two
    prefixes of one namespace would make the same), every prefixed name must
    be a qualified name, and its prefix is noted, to be found bound where
    sheetData stands (:func:`_checked`).  A run's attribute names decide the
    rest, so each shape of run is checked once.
    """

    def __init__(self) -> None:
        self.inside = False  # a row is open
        self.prefixes: set[bytes] = set()
        self.seen: set[bytes] = set()  # the shapes (the runs without their values) found good

    def run(self, run: bytes) -> bool:
        m = _ROW_RUN.fullmatch(run)
        if m is None or (m.group(1) is not None) != self.inside:
            return False
        self.inside = m.group(2) is not None
        if _ODD_ROW_NUMBER.search(run):
            return False
        if len(run) > _CHUNK:  # a long run (a million empty rows) a piece at a time: the shape of all of it at once would cost its length many times
            pos = 0
            while pos < len(run):
                end = run.find(b"<", pos + _CHUNK)  # '<' starts a tag: attribute values hold none
                end = len(run) if end < 0 else end
                if not self.tags_ok(_ATTR_VALUES.sub(b"", run[pos:end])):
                    return False
                pos = end
            return True
        shape = _ATTR_VALUES.sub(b"", run)
        if shape in self.seen:
            return True
        if not self.tags_ok(shape):
            return False
        if len(shape) < 512:
            self.seen.add(shape)
        return True

    def tags_ok(self, shape: bytes) -> bool:
        """Whether the tags of a run without its attribute values have good names: each distinct tag once, then every copy of it gone."""
        while shape:
            tag = _SHAPE_TAG.match(shape)
            if tag is None or (tag.group(1) is not None and not self.names_ok(tag.group(1).split())):
                return False
            shape = shape.replace(tag.group(0), b"")
        return True

    def names_ok(self, names: list[bytes]) -> bool:
        if len(set(names)) != len(names):
            return False
        local: list[bytes] = []
        for name in names:
            if b":" in name:
                q = _QNAME.fullmatch(name)
                if q is None:
                    return False
                self.prefixes.add(q.group(1))
                local.append(q.group(2))
        return len(set(local)) == len(local)


def _plain_bytes(xml: bytes, a: int, b: int) -> bool:
    """Whether the bytes of ``[a, b)`` read as they stand: nothing XML forbids or replaces there, UTF-8 that decodes.

    A forbidden control character anywhere in the part counts (the part is
    then malformed, and the parser says where).
    """
    if len(xml.translate(None, _FORBIDDEN)) != len(xml) or (xml.find(b"]", a, b) >= 0 and xml.find(b"]]>", a, b) >= 0):
        return False
    amp = xml.find(b"&", a, b)
    if amp >= 0 and _NOT_PREDEFINED.search(xml, amp, b):
        return False
    if not xml.isascii():
        try:
            text = xml[a:b].decode("utf-8")
        except UnicodeDecodeError:
            return False
        if "\ufffe" in text or "\uffff" in text:  # not characters in XML
            return False
    return True


class _Scope:
    """The namespace prefixes declared, as the parser goes (counted: a prefix can be declared again inside)."""

    def __init__(self, p: Any) -> None:
        self.count: dict[bytes, int] = {b"xml": 1}
        p.StartNamespaceDeclHandler, p.EndNamespaceDeclHandler = self.start, self.end

    def start(self, prefix: str | None, _uri: str) -> None:
        if prefix:
            key = prefix.encode("utf-8")
            self.count[key] = self.count.get(key, 0) + 1

    def end(self, prefix: str | None) -> None:
        if prefix:
            self.count[prefix.encode("utf-8")] -= 1


def _checked(p: Any, reader: _Reader, xml: bytes, a: int, b: int, where: str, prefixes: set[bytes]) -> bool:
    """Parse the part with ``reader`` but for ``[a, b)``, proven plain; whether the parser's sheetData holds exactly ``[a, b)``.

    The parser is given the part without the stretch (sheetData as if
    empty); the row prefixes must be bound where the stretch starts.  Any
    problem of the part is left to the full parse, which names its line.
    """
    view = memoryview(xml)
    scope = _Scope(p)
    try:
        _feed(p, [(view[:a], False)], where)
        if any(scope.count.get(prefix, 0) <= 0 for prefix in prefixes):
            return False
        _feed(p, [(view[b:], True)], where)
    except FileFormatError:
        return False
    if reader.sheet_data != [a - len(b"<sheetData>"), a] or reader.data.cells or reader.data.formulas:
        return False
    reader.sheet_data[1] = b  # the offsets after the stretch, as the part has them
    if reader.dimension >= a:
        reader.dimension += b - a
    return True


class _Strings:
    """The handlers of one pass over the shared string table."""

    def __init__(self, p: Any) -> None:
        self.out: list[str] = []
        self.buf: list[str] = []
        self.parts: list[str] | None = None
        self.mark = self.rph = 0
        self.root = ""
        p.StartElementHandler, p.EndElementHandler, p.CharacterDataHandler = self.start, self.end, self.buf.append

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if name == _T:
            self.mark = len(self.buf)
        elif name == _SI:
            self.parts = []
            self.buf.clear()
        elif name == _RPH:
            self.rph += 1
        elif not self.root:
            self.root = name

    def end(self, name: str) -> None:
        if name == _T:
            if self.parts is not None and not self.rph:
                self.parts.append("".join(self.buf[self.mark :]))
        elif name == _SI:
            self.out.append("".join(self.parts or ()))
            self.parts = None
        elif name == _RPH:
            self.rph -= 1


def read_shared_strings(xml: bytes, where: str) -> list[str]:
    """The shared string table's texts, in order (phonetic runs left out)."""
    p = _parser()
    table = _Strings(p)
    _feed(p, [(xml, True)], where)
    if table.root != _SST:
        raise FileFormatError(_("{where}: not a shared string table").format(where=where))
    return table.out


# ------------------------------------------------------------------ patching
# a start tag as the parser found it well-formed: name, attributes, "/" if the element is empty
_TAG = compiled_later(rb"""<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(/?)>""")
_ATTR = compiled_later(rb"""\s+([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_BAD_CHARS = compiled_later("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")

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


def _cell_xml(p: bytes, ref: str, value: Any, style: str | None) -> bytes:
    return _cell_str(p.decode(), ref, value, ' s="' + escape(style, {'"': "&quot;"}) + '"' if style else "").encode()


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


class _Row(Record):
    """A ``<row>`` element Rank writes into: its number, where it starts, and its cells (column, start, end event, style)."""

    number: int
    start: int
    cells: list[list[Any]]
    end: int = -1  # in a stretch of usual rows: where its end tag starts, its cells not listed until needed

    _fields = ("number", "start", "cells", "end")

    def __init__(self, number: int, start: int, cells: list[list[Any]] | None = None, end: int = -1) -> None:
        self.number = number
        self.start = start
        self.cells = [] if cells is None else cells
        self.end = end


@functools.lru_cache(maxsize=4096)
def _column_number(letters: str) -> int:
    """``"AB"`` → 28; ValueError beyond XFD (see :func:`tiebreak.core.a1.column_index`)."""
    return column_index(letters)


class _Layout:
    """The handlers of one pass over a sheet part: where sheetData, its rows, the cells of the rows to patch and the dimension lie."""

    def __init__(self, p: Any, wanted: set[int]) -> None:
        self.p, self.wanted = p, wanted
        self.sheet_data = [-1, -1]  # byte offsets of sheetData's start tag and of its end event
        self.dimension = -1
        self.numbers = array("q")  # the number of every row, in the part's order
        self.starts = array("q")  # where each starts
        self.patched: list[_Row] = []  # the rows to patch, in the part's order
        self.existing: set[int] = set()  # the numbers of the rows to patch that the part has
        self.before: dict[int, int] = {}  # each row to patch the part lacks -> where it goes (-1: at sheetData's end)
        self.open: _Row | None = None  # the row to patch being read
        self.row = self.col = 0
        self.in_data = False
        if p is not None:
            p.StartElementHandler, p.EndElementHandler = self.start, self.end

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if name == _C:
            if self.open is not None:
                ref = attrs.get("r")
                if ref:
                    letters = ref.rstrip("0123456789")
                    self.col = _column_number(letters) if letters.isalpha() else split_ref(ref)[1]
                else:
                    self.col += 1
                self.open.cells.append([self.col, self.p.CurrentByteIndex, -1, attrs.get("s")])
        elif name == _ROW and self.in_data:
            r = attrs.get("r")
            self.row = int(r) if r else self.row + 1
            self.col = 0
            self.numbers.append(self.row)
            self.starts.append(self.p.CurrentByteIndex)
            if self.row in self.wanted:
                self.open = _Row(self.row, self.p.CurrentByteIndex)
                self.patched.append(self.open)
        elif name == _SHEET_DATA and self.sheet_data[0] < 0:
            self.sheet_data[0] = self.p.CurrentByteIndex
            self.in_data = True
        elif name == _DIMENSION and self.dimension < 0:
            self.dimension = self.p.CurrentByteIndex

    def end(self, name: str) -> None:
        if name == _C:
            if self.open is not None:
                self.open.cells[-1][2] = self.p.CurrentByteIndex
        elif name == _ROW:
            self.open = None
        elif name == _SHEET_DATA and self.in_data:
            self.sheet_data[1] = self.p.CurrentByteIndex
            self.in_data = False


def _usual_layout(xml: bytes, wanted: set[int], where: str) -> _Layout | None:
    """The layout of a part whose sheetData holds only usual rows (checked as in :func:`_read_usual`), else None.

    There every ``<row`` and ``<c r=`` starts a row or a cell (no comment,
    CDATA or attribute value can hold one), so their offsets are the parser's.
    """
    layout = _Layout(None, wanted)
    if _LAST_USUAL and _LAST_USUAL[0] == xml:
        layout.sheet_data, layout.dimension = list(_LAST_USUAL[1]), _LAST_USUAL[2]
    else:
        stretch = _sheet_data_stretch(xml)
        if stretch is None or not _plain_bytes(xml, *stretch) or _ALL_USUAL.fullmatch(xml, *stretch) is None:
            return None
        rows = _Rows()
        if not all(rows.run(m.group()) for m in _ROW_RUNS.finditer(xml, *stretch)) or rows.inside:
            return None
        p = _parser()
        reader = _Reader(p, [], where, None)
        if not _checked(p, reader, xml, *stretch, where, rows.prefixes):
            return None
        layout.sheet_data, layout.dimension = reader.sheet_data, reader.dimension
    a, b = layout.sheet_data[0] + len(b"<sheetData>"), layout.sheet_data[1]
    found = _USUAL_ROW_NUMBERS.findall(xml, a, b)
    if b"" in found:  # a row without its number first: each row read in turn
        _usual_rows(xml, a, b, layout)
        _settle(layout)
        return layout
    numbers = array("q", map(int, found))
    wanted_at = {i for i, n in enumerate(numbers) if n in wanted}
    layout.existing = {numbers[i] for i in wanted_at}
    new = sorted(wanted - layout.existing)
    if new and all(map(lt, numbers, islice(numbers, 1, None))):  # rows in order: the row after each new one by bisection
        goes = {w: bisect_right(numbers, w) for w in new}
    else:
        goes = _following(numbers, new)
    need = wanted_at | {i for i in goes.values() if i < len(numbers)}
    starts: dict[int, int] = {}
    for i, m in enumerate(islice(_USUAL_ROW.finditer(xml, a, b), max(need, default=-1) + 1)):
        if i in need:
            starts[i] = m.start()
            if i in wanted_at:
                attrs = m.group(2)
                layout.patched.append(_Row(numbers[i], m.start(), [], m.end() if attrs.endswith(b"/") else xml.index(b"</row>", m.end())))
    layout.before = {w: starts.get(i, -1) for w, i in goes.items()}
    return layout


def _usual_rows(xml: bytes, a: int, b: int, layout: _Layout) -> None:
    """Every usual row between ``a`` and ``b`` in turn: its number and start, and the rows to patch."""
    row = 0
    for m in _USUAL_ROW.finditer(xml, a, b):
        first, attrs = m.groups()  # a row's number, when it comes first (as Excel writes it), and the rest
        number = first or (found.group(1) if (found := _ROW_NUMBER.search(attrs)) else None)
        row = int(number) if number else row + 1
        layout.numbers.append(row)
        layout.starts.append(m.start())
        if row in layout.wanted:
            layout.patched.append(_Row(row, m.start(), [], m.end() if attrs.endswith(b"/") else xml.index(b"</row>", m.end())))


def _following(numbers: array[int], new: list[int]) -> dict[int, int]:
    """For each new row number (ascending), the index of the first row after the previous one's with a higher number (len: none)."""
    goes: dict[int, int] = {}
    i, n = 0, len(numbers)
    for w in new:
        while i < n and numbers[i] <= w:
            i += 1
        goes[w] = i
    return goes


def _settle(layout: _Layout) -> None:
    """Which rows to patch the part has, and where each one it lacks goes: before the first row (in the part's order) with a higher number."""
    layout.existing = {row.number for row in layout.patched}
    goes = _following(layout.numbers, sorted(layout.wanted - layout.existing))
    starts = layout.starts
    layout.before = {w: starts[i] if i < len(starts) else -1 for w, i in goes.items()}


def _usual_cells(xml: bytes, row: _Row, start: int) -> list[list[Any]]:
    """The cells of a usual row (between ``start`` and its end tag): column, start, end event, style."""
    cells: list[list[Any]] = []
    for m in _USUAL_TAGS.finditer(xml, start, row.end):
        _attrs, letters, s1, s2, empty = m.groups()
        style = s1 or s2
        cells.append([_column_number(letters.decode("ascii")), m.start(), m.start() if empty else xml.index(b"</c>", m.end()), style.decode("ascii") if style else None])
    return cells


def _element_end(xml: bytes, start: int, end_event: int, close: bytes) -> int:
    """The offset after an element that starts at ``start`` and whose end the parser reported at ``end_event``.

    ``close`` is the start of its end tag (``b"</x:c"``); an element without
    one is empty (``<c .../>``), and its start tag is all of it.
    """
    if xml.startswith(close, end_event) and xml[end_event + len(close)] in b" \t\r\n>":
        return xml.index(b">", end_event) + 1
    tag = _TAG.match(xml, start)
    assert tag is not None  # the parser found the part well-formed
    return tag.end()


def _prefix_of(tag: re.Match[bytes], local: bytes) -> bytes:
    """The prefix (with its colon) a start tag's name carries before its local name."""
    return tag.group(1)[: -len(local)]


def patch_sheet(xml: bytes, updates: dict[int, dict[int, Any]], where: str | None = None) -> bytes:
    """Set cells (1-based row → column → value; None or "" empties the cell, keeping its style).

    The unchanged stretches of the part are joined as views of it, so a big
    part is copied once, into the result.  A part not stored as UTF-8 is
    refused (a FileFormatError naming ``where``): the copy would not keep its
    other bytes.
    """
    if not updates:
        return xml
    where = where or _("a worksheet part")
    encoding = _encoding(xml)
    if encoding not in ("utf-8", "utf8"):
        raise FileFormatError(_("{where}: stored in the {encoding} encoding; tiebreak writes only into sheets stored as UTF-8 (save the workbook again)").format(where=where, encoding=encoding.upper()))
    layout = _usual_layout(xml, set(updates), where)
    if layout is None:
        p = _parser()
        layout = _Layout(p, set(updates))
        _feed(p, [(xml, True)], where)
        _settle(layout)
    if layout.sheet_data[0] < 0:
        raise FileFormatError(_("a worksheet part without sheetData"))
    edits: list[tuple[int, int, bytes]] = []  # (start, end, new bytes) in the part
    by_number: dict[int, list[_Row]] = {}
    for row in layout.patched:
        by_number.setdefault(row.number, []).append(row)
    try:
        for number, rows in by_number.items():
            _patch_row(xml, rows, updates[number], edits)
        _new_rows(xml, layout, updates, edits)
    except ValueError as err:  # a cell beyond XFD in a row Rank writes into
        raise FileFormatError(_("{where}: cannot be read ({kind}: {error})").format(where=where, kind=type(err).__name__, error=err)) from None
    if layout.dimension >= 0:
        _widen_dimension(xml, layout.dimension, updates, edits)
    edits.sort(key=itemgetter(0, 1))  # stable: insertions at one offset keep their order
    view = memoryview(xml)
    out: list[bytes | memoryview] = []
    pos = 0
    for start, end, new in edits:
        out.append(view[pos:start])
        out.append(new)
        pos = end
    out.append(view[pos:])
    return b"".join(out)


def _new_rows(xml: bytes, layout: _Layout, updates: dict[int, dict[int, Any]], edits: list[tuple[int, int, bytes]]) -> None:
    """Rows the part lacks, each where :func:`_settle` placed it, else at sheetData's end."""
    tag = _TAG.match(xml, layout.sheet_data[0])
    assert tag is not None
    p = _prefix_of(tag, b"sheetData")
    close = b"</" + p + b"row>"
    found: list[tuple[int, bytes]] = []
    for number, pos in sorted(layout.before.items()):
        cells = _cells_xml(p, number, updates[number])
        if cells:
            found.append((pos, b"<" + p + b'row r="' + str(number).encode() + b'">' + cells + close))
    tail = [row for pos, row in found if pos < 0]
    edits.extend((pos, pos, row) for pos, row in found if pos >= 0)
    if not tail:
        return
    if tag.group(3):  # <sheetData/>
        edits.append((tag.start(), tag.end(), xml[tag.start() : tag.end() - 2].rstrip() + b">" + b"".join(tail) + b"</" + p + b"sheetData>"))
    else:
        edits.append((layout.sheet_data[1], layout.sheet_data[1], b"".join(tail)))


def _patch_row(xml: bytes, rows: list[_Row], cols: dict[int, Any], edits: list[tuple[int, int, bytes]]) -> None:
    """Edits for one row number: its cells replaced where they stand, new ones in the first of its elements, by column."""
    tags = [_TAG.match(xml, row.start) for row in rows]
    first = tags[0]
    assert first is not None
    p = _prefix_of(first, b"row")
    inserted = _appended(xml, rows, cols, p, first.end())
    if inserted is None:
        for row in rows:
            if row.end >= 0:
                tag = _TAG.match(xml, row.start)
                assert tag is not None
                row.cells = _usual_cells(xml, row, tag.end())
        inserted = _placed(xml, rows, cols, p, edits)
    for tag in tags:
        assert tag is not None
        opened = _without_spans(xml, tag)
        if tag is first and tag.group(3):  # <row .../>: opened, filled, closed
            edits.append((tag.start(), tag.end(), opened + b"".join(new for _pos, new in inserted) + b"</" + p + b"row>"))
            inserted = []
        elif opened != tag.group(0):
            edits.append((tag.start(), tag.end(), opened))
    edits.extend((pos if pos >= 0 else first.end(), pos if pos >= 0 else first.end(), new) for pos, new in inserted)


def _appended(xml: bytes, rows: list[_Row], cols: dict[int, Any], p: bytes, open_end: int) -> list[tuple[int, bytes]] | None:
    """The usual case: every cell Rank writes lies right of the row's cells; the new cells in one piece after the last one (None otherwise)."""
    if len(rows) > 1:
        return None
    row = rows[0]
    if row.end >= 0:  # usual cells run up to the row's end tag
        last = max([_column_number(letters.decode("ascii")) for letters in _USUAL_LETTERS.findall(xml, open_end, row.end)], default=0)
        pos = row.end if row.end > open_end else -1
    else:
        last = max((c[0] for c in row.cells), default=0)
        pos = _element_end(xml, row.cells[-1][1], row.cells[-1][2], b"</" + p + b"c") if row.cells else -1
    if min(cols) <= last:
        return None
    new = _cells_xml(p, row.number, cols)
    return [(pos, new)] if new else []


def _placed(xml: bytes, rows: list[_Row], cols: dict[int, Any], p: bytes, edits: list[tuple[int, int, bytes]]) -> list[tuple[int, bytes]]:
    """Edits replacing the row's cells Rank writes; the new cells each before the first cell right of it (offset -1: after the start tag)."""
    number = rows[0].number
    at: dict[int, list[list[Any]]] = {}  # column -> its cells (more than one only in a damaged part)
    for row in rows:
        for cell in row.cells:
            at.setdefault(cell[0], []).append(cell)
    inserted: list[tuple[int, bytes]] = []
    ordered = rows[0].cells  # in the part's order
    close = b"</" + p + b"c"
    last = max((c[0] for c in ordered), default=0)
    for col, value in sorted(cols.items()):
        ref = cell_ref(number, col)
        same = at.get(col)
        if same:
            head, *rest = same
            edits.append((head[1], _element_end(xml, head[1], head[2], close), _cell_xml(p, ref, value, head[3])))
            edits.extend((c[1], _element_end(xml, c[1], c[2], close), b"") for c in rest)
            continue
        new = _cell_xml(p, ref, value, None)
        if new:
            after = next((c for c in ordered if c[0] > col), None) if col < last else None
            if after is not None:
                inserted.append((after[1], new))
            elif ordered:
                inserted.append((_element_end(xml, ordered[-1][1], ordered[-1][2], close), new))
            else:
                inserted.append((-1, new))
    return inserted


def _without_spans(xml: bytes, tag: re.Match[bytes]) -> bytes:
    """A row's start tag without its ``spans`` (only a hint, and the row's cells change), and opened if it was empty."""
    raw = tag.group(0)
    m = next((a for a in _ATTR.finditer(xml, tag.start(2), tag.end(2)) if a.group(1) == b"spans"), None)
    if m is not None:
        raw = xml[tag.start() : m.start()] + xml[m.end() : tag.end()]
    return raw[:-2].rstrip() + b">" if tag.group(3) else raw


def _widen_dimension(xml: bytes, start: int, updates: dict[int, dict[int, Any]], edits: list[tuple[int, int, bytes]]) -> None:
    """The edit that widens ``<dimension ref="...">`` to cover the cells written."""
    rows: list[int] = []
    cols: list[int] = []  # the first and last column written in each row
    for r, row in updates.items():
        filled = [c for c, v in row.items() if v is not None and v != ""]
        if filled:
            rows.append(r)
            cols.append(min(filled))
            cols.append(max(filled))
    tag = _TAG.match(xml, start)
    assert tag is not None
    m = next((a for a in _ATTR.finditer(xml, tag.start(2), tag.end(2)) if a.group(1) == b"ref"), None)
    if not rows or m is None:
        return
    group = 2 if m.group(2) is not None else 3
    ref = m.group(group).decode("utf-8").replace("$", "")
    try:
        a, _sep, b = ref.partition(":")
        r1, c1 = split_ref(a)
        r2, c2 = split_ref(b or a)
    except ValueError:
        return
    nr1, nc1 = min(r1, *rows), min(c1, *cols)
    nr2, nc2 = max(r2, *rows), max(c2, *cols)
    edits.append((m.start(group), m.end(group), f"{cell_ref(nr1, nc1)}:{cell_ref(nr2, nc2)}".encode()))
