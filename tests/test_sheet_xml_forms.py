"""Sheet parts in every form XML allows read as the plain form, and the ranked copy is patched right.

Each workbook is written part by part here: the same 4-player round robin,
once in the plain form Excel writes and once in an odd but legal form (a
comment holding a decoy cell, single quotes, whitespace inside tags,
character references, CDATA, rows out of order, a namespace prefix,
UTF-16, rich text, formulas with their stored results).  ``tiebreak rank``
must print the same standings for both; ``--out`` must give a copy with no
cell twice, the rows in the order the input has them, and every byte outside
Rank's cells as it was.  LibreOffice, where installed, reads the odd forms
as tiebreak does.
"""

from __future__ import annotations

import gc
import re
import shutil
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.etree import ElementTree
from xml.sax.saxutils import escape

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiebreak.cli import commands as cli
from tiebreak.core.errors import FileFormatError
from tiebreak.io import sheetxml as sx
from tiebreak.io.sheetxml import patch_sheet, read_shared_strings, read_sheet

M = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
# a round robin: Anna 2.5, Boris 2, Clara 1, Denis 0.5
TABLE: list[list[Any]] = [
    ["No", "Name", "1", "2", "3", "4"],
    [1, "Anna", "X", 1, 0.5, 1],
    [2, "Boris", 0, "X", 1, 1],
    [3, "Clara", 0.5, 0, "X", 0.5],
    [4, "Denis", 0, 0, 0.5, "X"],
]
NAMES = ["Anna", "Boris", "Clara", "Denis"]
LAST_TABLE_COLUMN = 6  # F: Rank writes right of it


def col(c: int) -> str:
    s = ""
    while c:
        c, r = divmod(c - 1, 26)
        s = chr(65 + r) + s
    return s


Cell = Callable[[str, Any], str]  # (reference, value) -> the <c> element


def plain_cell(ref: str, v: Any) -> str:
    if isinstance(v, str):
        return f'<c r="{ref}" t="inlineStr"><is><t>{v}</t></is></c>'
    return f'<c r="{ref}"><v>{v}</v></c>'


def sheet(cell: Cell = plain_cell, row_order: list[int] | None = None, row_tag: str = '<row r="{r}">', prefix: str = "", between: str = "") -> str:
    rows = {r: row_tag.format(r=r) + between.join(cell(f"{col(c)}{r}", v) for c, v in enumerate(values, start=1)) + f"</{prefix}row>" for r, values in enumerate(TABLE, start=1)}
    body = "".join(rows[r] for r in (row_order or sorted(rows)))
    x = prefix
    root = f'<{x}worksheet xmlns{":" + x[:-1] if x else ""}="{M}">' if True else ""
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n{root}<{x}dimension ref="A1:F5"/><{x}sheetData>{body}</{x}sheetData></{x}worksheet>'


def write_book(path: Path, sheet_xml: bytes, strings: bytes | None = None) -> Path:
    ct = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    ct += '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
    ct += '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    ct += '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    rels = f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{R}/worksheet" Target="worksheets/sheet1.xml"/>'
    if strings is not None:
        ct += '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        rels += f'<Relationship Id="rId2" Type="{R}/sharedStrings" Target="sharedStrings.xml"/>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", ct + "</Types>")
        z.writestr("_rels/.rels", f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{R}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        z.writestr("xl/workbook.xml", f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{M}" xmlns:r="{R}"><sheets><sheet name="Crosstable" sheetId="1" r:id="rId1"/></sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels", rels + "</Relationships>")
        z.writestr("xl/worksheets/sheet1.xml", sheet_xml)
        if strings is not None:
            z.writestr("xl/sharedStrings.xml", strings)
    return path


# the shared strings of the single-quoted form: the texts of the table in order of first use
STRINGS = ["No", "Name", "1", "2", "3", "4", "X", *NAMES]


def sst(quote: str = '"') -> bytes:
    items = "".join(f"<si><t>{s}</t></si>" for s in STRINGS)
    return f"<?xml version={quote}1.0{quote}?><sst xmlns={quote}{M}{quote} count={quote}{len(STRINGS)}{quote}>{items}</sst>".encode()


def single_quoted(ref: str, v: Any) -> str:
    # t='s': the <v> is an index into the shared strings; reading it as a number would misplace every name
    if isinstance(v, str):
        return f"<c r='{ref}' t='s'><v>{STRINGS.index(v)}</v></c>"
    return f"<c r='{ref}'><v>{v}</v></c>"


def odd_whitespace(ref: str, v: Any) -> str:
    if isinstance(v, str):
        return f'<c\tr = "{ref}"\n t="inlineStr" ><is ><t >{v}</t ></is ></c >'
    return f'<c\n\tr="{ref}" ><v >{v}</v ></c >'


def char_refs(ref: str, v: Any) -> str:
    if isinstance(v, str):
        return f'<c r="{ref}" t="inlineStr"><is><t>{"".join(f"&#{ord(ch)};" for ch in v)}</t></is></c>'
    return f'<c r="{ref}"><v>{"".join(f"&#x{ord(ch):X};" for ch in str(v))}</v></c>'


def cdata(ref: str, v: Any) -> str:
    if isinstance(v, str):
        return f'<c r="{ref}" t="inlineStr"><is><t><![CDATA[{v}]]></t></is></c>'
    return f'<c r="{ref}"><v><![CDATA[{v}]]></v></c>'


def decoy(ref: str, v: Any) -> str:
    # a comment before each cell holds a cell of the same reference with another value, and one in Rank's column
    row = re.sub(r"[A-Z]+", "", ref)
    return f'<!--<c r="{ref}"><v>7</v></c><c r="H{row}" t="n"><v>99</v></c>-->' + plain_cell(ref, v)


def rich_text(ref: str, v: Any) -> str:
    if isinstance(v, str) and len(v) > 1:
        return f'<c r="{ref}" t="inlineStr"><is><r><rPr><b/></rPr><t>{v[:2]}</t></r><r><t>{v[2:]}</t></r><rPh sb="0" eb="1"><t>zz</t></rPh></is></c>'
    return plain_cell(ref, v)


def formulas(ref: str, v: Any) -> str:
    # every number a formula with its stored result; the names formulas giving text (t="str")
    if isinstance(v, str):
        return f'<c r="{ref}" t="str"><f>"{v}"</f><v>{v}</v></c>'
    return f'<c r="{ref}"><f>{v}+0</f><v>{v}</v></c>'


FORMS: dict[str, Callable[[], tuple[bytes, bytes | None]]] = {
    "comment_with_decoy_cells": lambda: (sheet(decoy).encode(), None),
    "single_quotes_shared_strings": lambda: (sheet(single_quoted, row_tag="<row r='{r}'>").replace('"', "'").encode(), sst("'")),
    "whitespace_inside_tags": lambda: (sheet(odd_whitespace, row_tag='<row\n r = "{r}" >').encode(), None),
    "character_references": lambda: (sheet(char_refs).encode(), None),
    "cdata_sections": lambda: (sheet(cdata).encode(), None),
    "rows_out_of_order": lambda: (sheet(row_order=[1, 4, 2, 5, 3]).encode(), None),
    "namespace_prefix": lambda: (sheet(lambda ref, v: re.sub(r"<(/?)(c|v|is|t)\b", r"<\1x:\2", plain_cell(ref, v)), row_tag='<x:row r="{r}">', prefix="x:").encode(), None),
    "utf16_with_bom": lambda: (sheet().replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16"), None),
    "rich_text_runs": lambda: (sheet(rich_text).encode(), None),
    "formulas_with_stored_results": lambda: (sheet(formulas).encode(), None),
    "pretty_printed": lambda: (sheet(between="\n    ", row_tag='\n  <row r="{r}">\n    ').encode(), None),
}


def rank(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def table_of(path: Path) -> dict[tuple[int, int], Any]:
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        strings = read_shared_strings(z.read("xl/sharedStrings.xml"), "x") if "xl/sharedStrings.xml" in names else []
        return read_sheet(z.read("xl/worksheets/sheet1.xml"), strings, "x").cells


def expected_cells() -> dict[tuple[int, int], Any]:
    return {(r, c): v for r, row in enumerate(TABLE) for c, v in enumerate(row)}


@pytest.fixture(scope="module")
def plain_standings(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = write_book(tmp_path_factory.mktemp("plain") / "plain.xlsx", sheet().encode())
    code = cli.main(["rank", str(path), "--format", "csv"])
    assert code == 0
    return str(path)


@pytest.mark.parametrize("form", FORMS)
def test_odd_form_reads_as_the_plain_form(form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = write_book(tmp_path / "plain.xlsx", sheet().encode())
    odd = write_book(tmp_path / f"{form}.xlsx", *FORMS[form]())
    # the cells as written (values of the table; a formula's stored result)
    assert table_of(odd) == expected_cells()
    code, want, err = rank(capsys, "rank", str(plain), "--format", "csv")
    assert code == 0, err
    code, got, err = rank(capsys, "rank", str(odd), "--format", "csv")
    assert code == 0, err
    assert got == want
    assert [line.split(",")[1] for line in got.splitlines()[1:5]] == NAMES or all(n in got for n in NAMES)


def cell_refs_in_order(sheet_xml: bytes) -> list[tuple[int, list[str]]]:
    """Every row of a sheet part in the part's order, with its cells' references, read by ElementTree."""
    root = ElementTree.fromstring(sheet_xml)
    return [(int(row.get("r", "0")), [c.get("r", "") for c in row.iter(f"{{{M}}}c")]) for row in root.iter(f"{{{M}}}row")]


def strip_rank_cells(sheet_xml: bytes) -> bytes:
    """The part without the cells Rank writes (right of the table, in the form Rank writes them) and without spans."""
    out = re.sub(rb'<(x:)?c r="(?:[G-Z])\d+"(?: t="\w+")?>.*?</(x:)?c>', b"", sheet_xml)
    return re.sub(rb'(<(?:x:)?dimension ref=)("[^"]*"|\'[^\']*\')', rb"\1", out)


@pytest.mark.parametrize("form", [f for f in FORMS if f != "utf16_with_bom"])
def test_ranked_copy_of_an_odd_form_is_patched_cell_by_cell(form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write_book(tmp_path / f"{form}.xlsx", *FORMS[form]())
    out = tmp_path / "ranked.xlsx"
    code, _, err = rank(capsys, "rank", str(src), "--out", str(out))
    assert code == 0, err
    with zipfile.ZipFile(src) as z:
        before = z.read("xl/worksheets/sheet1.xml")
    with zipfile.ZipFile(out) as z:
        after = z.read("xl/worksheets/sheet1.xml")
    rows_before, rows_after = cell_refs_in_order(before), cell_refs_in_order(after)
    # the rows as the input has them, none twice, no cell twice
    assert [r for r, _ in rows_after] == [r for r, _ in rows_before]
    refs = [ref for _, cells in rows_after for ref in cells]
    assert len(refs) == len(set(refs))
    # Rank's block: the place of each player in column G (Anna 1 ... Denis 4), the header above
    copy = table_of(out)
    assert {k: v for k, v in copy.items() if k[1] < LAST_TABLE_COLUMN} == expected_cells()
    assert [copy.get((r, 6)) for r in range(5)] == ["Place", 1, 2, 3, 4]
    # every byte outside Rank's cells kept (the comments with their decoy cells too)
    assert strip_rank_cells(after) == strip_rank_cells(before)
    if form == "comment_with_decoy_cells":
        decoy_h2 = b'<c r="H2" t="n"><v>99</v></c>'
        assert after.count(decoy_h2) == before.count(decoy_h2) == 6


def test_utf16_part_is_read_but_not_patched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write_book(tmp_path / "utf16.xlsx", *FORMS["utf16_with_bom"]())
    out = tmp_path / "ranked.xlsx"
    code, _, err = rank(capsys, "rank", str(src), "--out", str(out))
    assert code == 1
    assert "UTF-16" in err and "UTF-8" in err and "Crosstable" in err
    assert not out.exists()


# ------------------------------------------------------------------ LibreOffice
def test_libreoffice_reads_the_odd_forms_as_tiebreak_does(tmp_path: Path) -> None:
    from test_libreoffice import convert, read_csv, shown

    if shutil.which("soffice") is None and shutil.which("libreoffice") is None:
        pytest.fail("LibreOffice (soffice) is needed for this test: apt-get install libreoffice-calc-nogui")
    books = [write_book(tmp_path / f"{form}.xlsx", *make()) for form, make in FORMS.items()]
    outdir = tmp_path / "csv"
    convert(books, outdir, tmp_path / "profile")
    for book in books:
        seen = read_csv(outdir / f"{book.stem}-Crosstable.csv")
        ours = table_of(book)
        grid = [[shown(ours.get((r, c))) for c in range(LAST_TABLE_COLUMN)] for r in range(len(TABLE))]
        assert [row[:LAST_TABLE_COLUMN] for row in seen] == grid, book.stem


# ------------------------------------------------------------------ damaged parts
BAD_VALUES = {
    "surrogate": "<v>&#xD800;</v>",
    "beyond_unicode": "<v>&#x110000;</v>",
    "huge_reference": "<v>&#99999999999999999999;</v>",
}


@pytest.mark.parametrize("bad", BAD_VALUES)
def test_bad_character_reference_is_a_message(bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xml = sheet().replace("<v>0.5</v>", BAD_VALUES[bad], 1).encode()
    with pytest.raises(FileFormatError, match=r"sheet 'S': not well-formed XML at line 2, column \d+ \(reference to invalid character number\)"):
        read_sheet(xml, [], "sheet 'S'")
    code, out, err = rank(capsys, "rank", str(write_book(tmp_path / "bad.xlsx", xml)))
    assert code == 1 and out == ""
    assert err.startswith("tiebreak: error: ") and "Crosstable" in err and "line 2" in err


def test_overlong_character_reference_is_its_character() -> None:
    # leading zeros are legal in a character reference: &#00000000000000049; is "1"
    xml = sheet().replace("<v>0.5</v>", "<v>&#00000000000000049;</v>", 1).encode()
    assert read_sheet(xml, [], "x").cells[(1, 4)] == 1


def test_invalid_utf8_in_a_cell_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xml = sheet().encode().replace(b"<t>Anna</t>", b"<t>An\xffna</t>")
    with pytest.raises(FileFormatError, match=r"^sheet 'S': not well-formed XML at line 2, column \d+ \(not well-formed \(invalid token\)\)$"):
        read_sheet(xml, [], "sheet 'S'")
    code, out, err = rank(capsys, "rank", str(write_book(tmp_path / "bad.xlsx", xml)))
    assert code == 1 and out == "" and "not well-formed XML" in err


def test_invalid_utf8_in_shared_strings_is_a_message() -> None:
    with pytest.raises(FileFormatError, match="^sst: not well-formed XML at line 1"):
        read_shared_strings(f'<sst xmlns="{M}"><si><t>\xff</t></si></sst>'.encode("latin-1"), "sst")


def test_shared_strings_in_odd_forms() -> None:
    xml = (
        f"<x:sst xmlns:x='{M}'><!-- <x:si><x:t>decoy</x:t></x:si> --><x:si><x:t><![CDATA[a<b]]></x:t></x:si>"
        "<x:si ><x:t >&#65;&amp;B</x:t ></x:si ><x:si><x:r><x:t>ru</x:t></x:r><x:r><x:t>n</x:t></x:r><x:rPh><x:t>no</x:t></x:rPh></x:si></x:sst>"
    ).encode()
    assert read_shared_strings(xml, "x") == ["a<b", "A&B", "run"]
    with pytest.raises(FileFormatError, match="not a shared string table"):
        read_shared_strings(f'<worksheet xmlns="{M}"/>'.encode(), "x")


def test_unclosed_cell_is_a_message_naming_the_line() -> None:
    xml = sheet().replace("</c>", "", 1).encode()
    with pytest.raises(FileFormatError, match=r"^sheet 'S': not well-formed XML at line 2, column \d+ \(mismatched tag\)$"):
        read_sheet(xml, [], "sheet 'S'")


def test_dtd_is_refused() -> None:
    xml = sheet().replace("<worksheet", '<!DOCTYPE worksheet [<!ENTITY e "1">]><worksheet', 1).encode()
    with pytest.raises(FileFormatError, match="declares a DTD or entities; refused"):
        read_sheet(xml, [], "sheet 'S'")


# ------------------------------------------------------------------ the two readers agree
@pytest.mark.parametrize("form", [f for f in FORMS if f not in ("single_quotes_shared_strings",)])
def test_usual_rows_and_parser_events_give_the_same_cells(form: str) -> None:
    # the plain form is taken by the regular expression, the odd ones by the parser's events;
    # a comment appended inside sheetData sends the plain form to the parser too
    xml, _ = FORMS[form]()
    plain = sheet().encode()
    forced = plain.replace(b"</sheetData>", b"<!-- --></sheetData>")
    assert read_sheet(xml, [], "x").cells == read_sheet(plain, [], "x").cells == read_sheet(forced, [], "x").cells


def test_a_cell_outside_sheet_data_does_not_count() -> None:
    # what looks like sheetData inside a comment is not: the parser's sheetData is the one read
    xml = sheet().replace("<dimension", '<!--<sheetData><row r="1"><c r="A1"><v>5</v></c></row></sheetData>--><dimension', 1).encode()
    assert read_sheet(xml, [], "x").cells == expected_cells()


# ------------------------------------------------------------------ linear time
def scaling(f: Callable[[bytes], Any], one: bytes, two: bytes, rounds: int = 4) -> tuple[float, float]:
    """The best processor time of ``f`` on each part, the two measured in turn (so a busy moment slows both alike).

    The cyclic garbage collector is held off while ``f`` runs: its passes over
    everything alive grow with the heap, not with the algorithm measured.
    """
    t1 = t2 = float("inf")
    for _ in range(rounds):
        for part in (one, two):
            gc.collect()
            gc.disable()
            try:
                t0 = time.process_time()
                f(part)
                elapsed = time.process_time() - t0
            finally:
                gc.enable()
            if part is one:
                t1 = min(t1, elapsed)
            else:
                t2 = min(t2, elapsed)
    return t1, t2


def commented(size: int) -> bytes:
    unit = '<row r="{r}"><!-- a comment <c r="A{r}"> with a cell inside --><c r="A{r}"><v>1</v></c><!-- <c --></row>'
    rows = "".join(unit.format(r=r) for r in range(1, size // len(unit) + 1))
    return f'<worksheet xmlns="{M}"><sheetData>{rows}</sheetData></worksheet>'.encode()


def oddly_closed(size: int) -> bytes:
    unit = '<c r="A{r}" ><v >1</v ></c ><c r="B{r}"><v>2</v></c\n>'
    rows = "".join(f'<row r="{r}">' + unit.format(r=r) + "</row >" for r in range(1, size // (len(unit) + 20) + 1))
    return f'<worksheet xmlns="{M}"><sheetData>{rows}</sheetData></worksheet>'.encode()


def unclosed(size: int) -> bytes:
    unit = '<c r="A1"><v>1</v>'
    return f'<worksheet xmlns="{M}"><sheetData><row r="1">{unit * (size // len(unit))}</row></sheetData></worksheet>'.encode()


def read_or_refuse(xml: bytes) -> None:
    try:
        read_sheet(xml, [], "x")
    except FileFormatError:
        pass


@pytest.mark.parametrize("make", [commented, oddly_closed, unclosed])
def test_reading_time_grows_linearly(make: Callable[[int], bytes]) -> None:
    one, two = make(1_000_000), make(2_000_000)
    assert len(one) > 900_000
    t1, t2 = scaling(read_or_refuse, one, two)
    assert t2 < 3 * t1, (t1, t2)
    if make is commented:
        cells = read_sheet(one, [], "x").cells
        assert len(cells) == one.count(b"<row ") and set(cells.values()) == {1}


@pytest.mark.parametrize("make", [commented, oddly_closed])
def test_patching_time_grows_linearly(make: Callable[[int], bytes]) -> None:
    one, two = make(250_000), make(500_000)
    rows_one = one.count(b"<row ")

    def patch(part: bytes) -> bytes:
        return patch_sheet(part, {r: {8: r} for r in range(1, part.count(b"<row ") + 1)})

    t1, t2 = scaling(patch, one, two)
    assert t2 < 3 * t1, (t1, t2)
    patched = patch_sheet(one, {r: {8: r} for r in range(1, rows_one + 1)})
    assert read_sheet(patched, [], "x").cells[(rows_one - 1, 7)] == rows_one


# ------------------------------------------------------------------ the usual rows' shortcut equals the parser's events
_texts = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=8)
_usual_values = st.one_of(st.integers(-1000, 1000), st.floats(-1e3, 1e3, allow_nan=False).map(lambda f: round(f, 2)), _texts)


def usual_sheet(cells: dict[tuple[int, int], Any], styled: set[tuple[int, int]], spans: bool, backwards: bool = False) -> bytes:
    """A part of usual rows, as Excel writes them: rows in order (or backwards), cells left to right, some styled and empty.

    With ``spans`` the rows carry ``spans`` before their number, as no program writes but XML allows.
    """
    rows: dict[int, list[str]] = {}
    for (r, c) in sorted(set(cells) | styled):
        ref = f"{col(c)}{r}"
        v = cells.get((r, c))
        s = ' s="1"' if (r, c) in styled else ""
        if v is None:
            rows.setdefault(r, []).append(f'<c r="{ref}"{s}/>')
        elif isinstance(v, str):
            rows.setdefault(r, []).append(f'<c r="{ref}"{s} t="inlineStr"><is><t>{escape(v)}</t></is></c>')
        else:
            rows.setdefault(r, []).append(f'<c r="{ref}"{s}><v>{v}</v></c>')
    body = "".join((f'<row spans="1:9" r="{r}">' if spans else f'<row r="{r}">') + "".join(cs) + "</row>" for r, cs in sorted(rows.items(), reverse=backwards))
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="{M}"><dimension ref="A1"/><sheetData>{body}</sheetData></worksheet>'.encode()


@settings(max_examples=80, derandomize=True, deadline=None)
@given(
    cells=st.dictionaries(st.tuples(st.integers(1, 9), st.integers(1, 9)), _usual_values, max_size=30),
    styled=st.sets(st.tuples(st.integers(1, 9), st.integers(1, 9)), max_size=6),
    updates=st.dictionaries(st.tuples(st.integers(1, 11), st.integers(1, 11)), st.one_of(st.none(), _usual_values), max_size=20),
    spans=st.booleans(),
    backwards=st.booleans(),
)
def test_usual_rows_read_and_patch_as_the_parser_events_do(
    cells: dict[tuple[int, int], Any], styled: set[tuple[int, int]], updates: dict[tuple[int, int], Any], spans: bool, backwards: bool
) -> None:
    xml = usual_sheet(cells, styled, spans, backwards)
    assert sx._read_usual(xml, [], "x") is not None  # the shortcut takes this part
    forced = xml.replace(b"<sheetData>", b"<sheetData><!-- -->")  # a comment: the parser's events read it
    assert sx._read_usual(forced, [], "x") is None
    assert read_sheet(xml, [], "x").cells == read_sheet(forced, [], "x").cells == {(r - 1, c - 1): v for (r, c), v in cells.items()}
    by_row: dict[int, dict[int, Any]] = {}
    for (r, c), v in updates.items():
        by_row.setdefault(r, {})[c] = v
    sx._LAST_USUAL.clear()
    quick = patch_sheet(xml, by_row)
    slow = patch_sheet(forced, by_row)
    assert quick == slow.replace(b"<sheetData><!-- -->", b"<sheetData>")
    want = {(r - 1, c - 1): v for (r, c), v in cells.items()}
    for (r, c), v in updates.items():
        if v is None:
            want.pop((r - 1, c - 1), None)
        else:
            want[(r - 1, c - 1)] = v
    assert read_sheet(quick, [], "x").cells == want
    refs = [ref for _, refs in cell_refs_in_order(quick) for ref in refs]
    assert len(refs) == len(set(refs))
    rows_before = [r for r, _ in cell_refs_in_order(xml)]
    assert [r for r, _ in cell_refs_in_order(quick) if r in rows_before] == rows_before  # the part's rows stay in their order


@pytest.mark.parametrize("form", ["usual", "commented"])
def test_a_cell_beyond_excels_grid_is_refused_when_read_and_when_patched(form: str) -> None:
    # XFE is no column of Excel's, 1,048,577 no row: the same message whichever way the part is taken
    xml = sheet().replace('r="F2"', 'r="XFE2"')
    if form == "commented":
        xml = xml.replace("<sheetData>", "<sheetData><!-- -->")
    with pytest.raises(FileFormatError, match=r"^sheet 'S': cannot be read \(ValueError: XFE2?\)$"):
        read_sheet(xml.encode(), [], "sheet 'S'")
    sx._LAST_USUAL.clear()
    with pytest.raises(FileFormatError, match=r"^sheet 'S': cannot be read \(ValueError: XFE2?\)$"):
        patch_sheet(xml.encode(), {2: {8: 1}}, "sheet 'S'")
    far = sheet().replace('<row r="5">', '<row r="1048577">').replace('r="A5"', 'r="A1048577"')
    with pytest.raises(FileFormatError, match="A1048577"):
        read_sheet(far.encode(), [], "sheet 'S'")
