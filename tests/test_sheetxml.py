"""The sheet part reader and patcher on the shapes other producers write (hand-written parts)."""

from __future__ import annotations

import zipfile
from typing import Any

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.styles import Font

from tiebreak.core.errors import FileFormatError
from tiebreak.core.notation import Uncalculated
from tiebreak.io.sheetxml import new_sheet, patch_sheet, read_shared_strings, read_sheet

M = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def test_cells_without_references_are_counted_along_rows() -> None:
    # the reference attributes are optional: a row without r follows the previous one, a cell without r too
    xml = f'<worksheet xmlns="{M}"><sheetData><row r="2"><c><v>1</v></c><c t="inlineStr"><is><t>Anna</t></is></c></row><row><c r="C3"><v>0.5</v></c></row></sheetData></worksheet>'.encode()
    data = read_sheet(xml, [], "sheet 'S'")
    assert data.cells == {(1, 0): 1, (1, 1): "Anna", (2, 2): 0.5}


def test_prefixed_namespace_and_value_kinds() -> None:
    xml = (
        f'<x:worksheet xmlns:x="{M}"><x:sheetData><x:row r="1">'
        '<x:c r="A1" t="s"><x:v>1</x:v></x:c><x:c r="B1" t="b"><x:v>1</x:v></x:c><x:c r="C1" t="e"><x:v>#N/A</x:v></x:c>'
        '<x:c r="D1"><x:f>SUM(A2:A3)</x:f><x:v>2.5</x:v></x:c><x:c r="E1" t="str"><x:f>IF(A1="","x","")</x:f><x:v></x:v></x:c>'
        '<x:c r="F1"><x:f>A1*2</x:f></x:c><x:c r="G1" t="inlineStr"><x:is><x:r><x:t>Club </x:t></x:r><x:r><x:t>cup</x:t></x:r>'
        '<x:rPh sb="0" eb="1"><x:t>ignored</x:t></x:rPh></x:is></x:c><x:c r="H1" t="inlineStr"><x:is><x:t>a &amp; b &#x3C;</x:t></x:is></x:c>'
        '</x:row></x:sheetData><x:mergeCells count="1"><x:mergeCell ref="A5:C6"/></x:mergeCells><x:sheetProtection sheet="1" objects="1"/></x:worksheet>'
    ).encode()
    data = read_sheet(xml, ["zero", "one"], "sheet 'S'", Uncalculated)
    c = data.cells
    assert c[(0, 0)] == "one" and c[(0, 1)] is True and c[(0, 2)] == "#N/A" and c[(0, 3)] == 2.5
    assert c[(0, 4)] == ""  # a formula that shows nothing: its stored result is the empty text
    assert isinstance(c[(0, 5)], Uncalculated)  # a formula never calculated
    assert c[(0, 6)] == "Club cup" and c[(0, 7)] == "a & b <"
    assert data.formulas == {(0, 3): "=SUM(A2:A3)", (0, 4): '=IF(A1="","x","")', (0, 5): "=A1*2"}
    assert data.merges == [(5, 1, 6, 3)] and data.protected


def test_shared_strings_with_rich_text_and_phonetics() -> None:
    xml = f'<sst xmlns="{M}"><si><t>plain</t></si><si><r><rPr><b/></rPr><t xml:space="preserve">bold </t></r><r><t>run</t></r></si><si><t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh></si><si><t/></si></sst>'.encode()
    assert read_shared_strings(xml, "x") == ["plain", "bold run", "漢字", ""]


def test_patching_keeps_every_other_byte() -> None:
    xml = (
        f'<x:worksheet xmlns:x="{M}"><x:dimension ref="A1:B2"/><x:sheetData>'
        '<x:row r="1" spans="1:2" ht="20" customHeight="1"><x:c r="A1" s="4"><x:v>1</x:v></x:c><x:c r="B1"><x:f>A1+1</x:f><x:v>2</x:v></x:c><x:c r="D1" s="7"/></x:row>'
        '<x:row r="3"><x:c r="A3"><x:v>3</x:v></x:c></x:row></x:sheetData><x:extLst><x:ext uri="{X}"/></x:extLst></x:worksheet>'
    ).encode()
    out = patch_sheet(xml, {1: {3: "Place", 4: 1}, 2: {3: 2.5}, 4: {1: " padded "}})
    assert out == (
        f'<x:worksheet xmlns:x="{M}"><x:dimension ref="A1:D4"/><x:sheetData>'
        '<x:row r="1" ht="20" customHeight="1"><x:c r="A1" s="4"><x:v>1</x:v></x:c><x:c r="B1"><x:f>A1+1</x:f><x:v>2</x:v></x:c>'
        '<x:c r="C1" t="inlineStr"><x:is><x:t>Place</x:t></x:is></x:c><x:c r="D1" s="7"><x:v>1</x:v></x:c></x:row>'
        '<x:row r="2"><x:c r="C2"><x:v>2.5</x:v></x:c></x:row>'
        '<x:row r="3"><x:c r="A3"><x:v>3</x:v></x:c></x:row>'
        '<x:row r="4"><x:c r="A4" t="inlineStr"><x:is><x:t xml:space="preserve"> padded </x:t></x:is></x:c></x:row>'
        "</x:sheetData><x:extLst><x:ext uri=\"{X}\"/></x:extLst></x:worksheet>"
    ).encode()
    # emptying a cell keeps its style and drops its value
    assert b'<x:c r="D1" s="7"/>' in patch_sheet(out, {1: {4: None}})


def test_a_new_sheet_filled_from_a1() -> None:
    out = patch_sheet(new_sheet(), {1: {1: "Standings (tiebreak)", 2: "a<b"}, 2: {1: 1}})
    assert b'<dimension ref="A1:B2"/>' in out
    assert b'<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Standings (tiebreak)</t></is></c><c r="B1" t="inlineStr"><is><t>a&lt;b</t></is></c></row><row r="2"><c r="A2"><v>1</v></c></row></sheetData>' in out


# ------------------------------------------------------------ property: patching what openpyxl wrote
_values = st.one_of(st.integers(-10**6, 10**6), st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False).map(lambda f: round(f, 3)),
                    st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12).filter(lambda t: not t.startswith("=")))  # "=..." is a formula to openpyxl
_cells = st.dictionaries(st.tuples(st.integers(1, 12), st.integers(1, 8)), _values, max_size=40)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(before=_cells, updates=st.dictionaries(st.tuples(st.integers(1, 14), st.integers(1, 10)), st.one_of(st.none(), _values), max_size=25))
def test_patched_sheet_reads_back_as_expected(tmp_path_factory: pytest.TempPathFactory, before: dict[tuple[int, int], Any], updates: dict[tuple[int, int], Any]) -> None:
    # a sheet written by openpyxl (shared strings, styles on some cells), patched, then read by openpyxl and by tiebreak
    folder = tmp_path_factory.mktemp("patch")
    wb = openpyxl.Workbook()
    ws = wb.active
    for (r, c), v in before.items():
        ws.cell(r, c).value = v
        if (r + c) % 3 == 0:
            ws.cell(r, c).font = Font(bold=True)
    src = folder / "in.xlsx"
    wb.save(src)
    with zipfile.ZipFile(src) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    by_row: dict[int, dict[int, Any]] = {}
    for (r, c), v in updates.items():
        by_row.setdefault(r, {})[c] = v
    parts["xl/worksheets/sheet1.xml"] = patch_sheet(parts["xl/worksheets/sheet1.xml"], by_row)
    out = folder / "out.xlsx"
    with zipfile.ZipFile(out, "w") as z:
        for n, data in parts.items():
            z.writestr(n, data)
    expected = {k: v for k, v in before.items()}
    for k, v in updates.items():
        if v is None or v == "":
            expected.pop(k, None)
        else:
            expected[k] = v
    got = openpyxl.load_workbook(out)["Sheet"]
    assert {(c.row, c.column): c.value for row in got.iter_rows() for c in row if c.value is not None} == expected
    strings = read_shared_strings(parts["xl/sharedStrings.xml"], "x") if "xl/sharedStrings.xml" in parts else []
    ours = read_sheet(parts["xl/worksheets/sheet1.xml"], strings, "x").cells
    assert {(r + 1, c + 1): v for (r, c), v in ours.items()} == expected
    # styles of the cells kept
    for (r, c) in before:
        if (r + c) % 3 == 0:
            assert got.cell(r, c).font.b, (r, c)


def test_parsed_sheet_reports_a_bad_shared_string_with_its_cell() -> None:
    # cells without their reference send the part to the XML parser; one refers to a shared string
    # that does not exist: a message naming the cell, not a crash
    xml = (
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        b'<row r="1"><c r="A1" t="s"><v>0</v></c><c t="s"><v>7</v></c></row>'
        b"</sheetData></worksheet>"
    )
    with pytest.raises(FileFormatError) as err:
        read_sheet(xml, ["Name"], "sheet 'Table'")
    assert str(err.value) == "sheet 'Table', cell B1: refers to a shared string that does not exist"


def test_scanned_sheet_reports_a_bad_shared_string_with_its_cell() -> None:
    # every cell carries its reference: the fast scan reads the part, with the same message
    xml = (
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        b'<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>7</v></c></row>'
        b"</sheetData></worksheet>"
    )
    with pytest.raises(FileFormatError) as err:
        read_sheet(xml, ["Name"], "sheet 'Table'")
    assert str(err.value) == "sheet 'Table', cell C1: refers to a shared string that does not exist"
