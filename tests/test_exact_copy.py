"""``tiebreak rank FILE --out COPY`` keeps every part it does not own byte for byte.

The input is written part by part (``rich_package``) with what a club's
workbook holds and openpyxl cannot keep: stored formula results, a dynamic
array with its spill metadata, threaded comments with a reply, a rich-text
title, a chart and a logo, customXml, printer settings, the Office add-in parts under
``xl/webextensions/``, sparklines, an icon set, a logo, a VBA project.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import openpyxl
import pytest
import rich_package as rp

from tiebreak.cli import commands as cli

# the parts a copy may change: the crosstable sheet, and the parts that list the added sheets
MAY_CHANGE = {"xl/worksheets/sheet1.xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "docProps/app.xml"}
# Rank's block: Place + five criteria (SB, wins, h2h, beaten, order; ratings are skipped) in H2:M6
RANK_COLS = range(8, 14)
RANK_ROWS = range(rp.HEADER_ROW, rp.LAST_ROW + 1)
_CELL = re.compile(rb'<c r="([A-Z]+)(\d+)"[^>]*?(?:/>|>.*?</c>)', re.DOTALL)


def col_number(letters: bytes) -> int:
    n = 0
    for ch in letters.decode():
        n = n * 26 + ord(ch) - 64
    return n


def cells(xml: bytes) -> dict[tuple[int, int], bytes]:
    return {(int(m.group(2)), col_number(m.group(1))): m.group(0) for m in _CELL.finditer(xml)}


def outside_sheet_data(xml: bytes) -> tuple[bytes, bytes]:
    head, rest = xml.split(b"<sheetData>", 1)
    _, tail = rest.split(b"</sheetData>", 1)
    return re.sub(rb'<dimension ref="[^"]*"/>', b"", head), tail


def raw_parts(path: Path) -> dict[str, tuple[int, int, bytes]]:
    with zipfile.ZipFile(path) as z:
        return {i.filename: (i.CRC, i.compress_size, z.read(i)) for i in z.infolist()}


def rank(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    _, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, err


@pytest.mark.filterwarnings("ignore:Sparkline Group extension:UserWarning")  # openpyxl, reading the copy for the check
@pytest.mark.parametrize("macros", [False, True], ids=["xlsx", "xlsm"])
def test_every_part_rank_does_not_own_is_copied_byte_for_byte(capsys: pytest.CaptureFixture[str], tmp_path: Path, macros: bool) -> None:
    suffix = ".xlsm" if macros else ".xlsx"
    src = rp.write(tmp_path / f"club{suffix}", macros=macros)
    out = tmp_path / f"ranked{suffix}"
    code, err = rank(capsys, "rank", str(src), "--out", str(out))
    assert code == 0, err
    assert "warning" not in err  # nothing is lost, so nothing to warn about
    with zipfile.ZipFile(out) as z:
        assert z.testzip() is None  # every part's checksum matches its content
    before, after = raw_parts(src), raw_parts(out)
    # the input's parts come first, in their order; Rank's two sheets are added
    assert list(after)[: len(before)] == list(before)
    added = list(after)[len(before) :]
    assert len(added) == 2 and all(a.startswith("xl/worksheets/sheet") for a in added)
    for name in [*MAY_CHANGE, *added]:
        ElementTree.fromstring(after[name][2])  # every part Rank wrote is well-formed XML
    for name, (crc, size, data) in before.items():
        if name in MAY_CHANGE:
            continue
        # same content, and the very same stored (compressed) bytes
        assert after[name] == (crc, size, data), name
    assert "xl/vbaProject.bin" in after if macros else "xl/vbaProject.bin" not in after

    # workbook part, relationships, content types: the input's bytes plus the two new entries
    for name, pattern in [
        ("xl/workbook.xml", rb'<sheet name="(Standings|tiebreak)" sheetId="[34]" r:id="rId1[0-2]"/>|<definedName name="tiebreak_(?:output|standings)">[^<]*</definedName>'),
        ("xl/_rels/workbook.xml.rels", rb'<Relationship Id="rId1[0-2]" Type="[^"]*/worksheet" Target="worksheets/sheet[34]\.xml"/>'),
        ("[Content_Types].xml", rb'<Override PartName="/xl/worksheets/sheet[34]\.xml" ContentType="[^"]*worksheet\+xml"/>'),
    ]:
        new = after[name][2]
        assert len(re.findall(pattern, new)) == (4 if name == "xl/workbook.xml" else 2), name
        assert re.sub(pattern, b"", new) == before[name][2], name
    # where Rank's blocks are, as names Excel moves when rows and columns are inserted
    wb_xml = after["xl/workbook.xml"][2]
    assert b'<definedName name="tiebreak_output">Crosstable!$H$2:$M$6</definedName>' in wb_xml
    assert b'<definedName name="tiebreak_standings">Standings!$A$1:$J$9</definedName>' in wb_xml
    ct = after["[Content_Types].xml"][2]
    main = b"application/vnd.ms-excel.sheet.macroEnabled.main+xml" if macros else b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
    assert b'<Override PartName="/xl/workbook.xml" ContentType="' + main + b'"/>' in ct
    # document properties list the sheets
    app = after["docProps/app.xml"][2]
    assert b"<vt:i4>4</vt:i4>" in app and b"<vt:lpstr>Standings</vt:lpstr><vt:lpstr>tiebreak</vt:lpstr><vt:lpstr>Crosstable!Print_Area</vt:lpstr>" in app

    # inside the crosstable sheet: every cell outside Rank's block byte-identical, and everything around the cells
    old_xml, new_xml = before["xl/worksheets/sheet1.xml"][2], after["xl/worksheets/sheet1.xml"][2]
    assert outside_sheet_data(new_xml) == outside_sheet_data(old_xml)
    old_cells, new_cells = cells(old_xml), cells(new_xml)
    rank_block = {(r, c) for r in RANK_ROWS for c in RANK_COLS}
    assert {k: v for k, v in new_cells.items() if k not in rank_block} == old_cells
    assert b'<f t="shared" ref="G3:G6" si="0">SUM(C3:F3)</f><v>2.5</v>' in new_cells[(3, 7)]
    assert new_cells[(10, 2)] == b'<c r="B10" cm="1" t="str"><f t="array" ref="B10:B13" aca="false">_xlfn._xlws.SORT(B3:B6)</f><v>Anna</v></c>'
    assert b'<dimension ref="A1:M13"/>' in new_xml

    # Rank's block, by hand: places by points 2.5, 2, 1, 0.5; SB (draughts: 2 x beaten + drawn):
    # Anna 2*(2+0.5)+1 = 6, Boris 2*(1+0.5) = 3, Clara 2.5+0.5 = 3, Denis 1; wins 2, 2, 0, 0;
    # beaten opponents' scores 2.5, 1.5, 0, 0; h2h and order empty (no ties on points)
    wb = openpyxl.load_workbook(out, data_only=True)
    ws = wb["Crosstable"]
    got = [[ws.cell(r, c).value for c in RANK_COLS] for r in RANK_ROWS]
    assert got == [
        ["Place", "Sonneborn–Berger", "Most wins", "Head-to-head", "Beaten opponents' scores", "Results in order of places"],
        [1, 6, 2, None, 2.5, None],
        [2, 3, 2, None, 1.5, None],
        [3, 3, 0, None, 0, None],
        [4, 1, 0, None, 0, None],
    ]
    assert ws["G3"].value == 2.5  # the stored result of the formula is still there
    assert wb.sheetnames == ["Crosstable", "Archive 2019", "Standings", "tiebreak"]
    assert [wb["Standings"].cell(r, 3).value for r in range(4, 8)] == ["Anna", "Boris", "Clara", "Denis"]

    # the copy ranks again at once (formulas have their stored results) and nothing changes
    again = tmp_path / f"again{suffix}"
    code, err = rank(capsys, "rank", str(out), "--out", str(again))
    assert code == 0, err
    assert {k: v[2] for k, v in raw_parts(again).items()} == {k: v[2] for k, v in after.items()}


def test_the_shared_string_table_is_not_touched(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = rp.write(tmp_path / "club.xlsx")
    out = tmp_path / "ranked.xlsx"
    assert rank(capsys, "rank", str(src), "--out", str(out))[0] == 0
    new = raw_parts(out)["xl/worksheets/sheet1.xml"][2]
    rank_cells = [v for (r, c), v in cells(new).items() if c in RANK_COLS]
    assert rank_cells and all(b't="s"' not in v for v in rank_cells)
    assert b'<c r="H2" t="inlineStr"><is><t>Place</t></is></c>' in rank_cells


@pytest.mark.parametrize(("macros", "out_name", "needed"), [(True, "ranked.xlsx", ".xlsm"), (False, "ranked.xlsm", ".xlsx"), (False, "ranked.xltx", ".xlsx")])
def test_an_out_extension_that_does_not_match_the_file_type_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path, macros: bool, out_name: str, needed: str) -> None:
    src = rp.write(tmp_path / ("club.xlsm" if macros else "club.xlsx"), macros=macros)
    code, err = rank(capsys, "rank", str(src), "--out", str(tmp_path / out_name))
    assert code == 1
    assert f"must end in {needed}" in err
    assert not (tmp_path / out_name).exists()


def test_a_points_column_of_formulas_is_read_from_the_stored_results(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = rp.write(tmp_path / "club.xlsx")
    code = cli.main(["rank", str(src), "--format", "csv"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.splitlines()[1:] == ["1,1,Anna,2.5,6,2,,2.5,", "2,2,Boris,2,3,2,,1.5,", "3,3,Clara,1,3,0,,0,", "4,4,Denis,0.5,1,0,,0,"]


def test_document_properties_in_another_language_list_the_added_sheets() -> None:
    from tiebreak.io.workbook import _app_with_sheets

    vt = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
    app = (
        f'<Properties xmlns:vt="{vt}"><HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Листы</vt:lpstr></vt:variant>'
        '<vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts><vt:vector size="1" baseType="lpstr">'
        "<vt:lpstr>Турнир</vt:lpstr></vt:vector></TitlesOfParts></Properties>"
    ).encode()
    out = _app_with_sheets(app, ["Standings", "tiebreak"], ["Турнир"])
    assert out is not None
    assert "<vt:i4>3</vt:i4>" in out.decode() and '<vt:vector size="3" baseType="lpstr"><vt:lpstr>Турнир</vt:lpstr><vt:lpstr>Standings</vt:lpstr><vt:lpstr>tiebreak</vt:lpstr>' in out.decode()
    # a shape it does not know (the titles are not the worksheets) is left as it was
    assert _app_with_sheets(app, ["Standings"], ["Другой"]) is None
