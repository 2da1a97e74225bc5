"""A tournament workbook written part by part, holding what openpyxl cannot keep.

Parts: a crosstable sheet whose points column is a formula with stored results,
a dynamic-array formula (``cm`` + ``xl/metadata.xml``) with its spilled values,
a shared formula, a merged title, a data validation, an icon-set conditional
format, sparklines (x14 extension), a rich-text shared string, threaded
comments with a reply (+ the legacy comment and its VML), a logo (drawing +
image), a chart of the points, printer settings, customXml, Office add-in parts under
``xl/webextensions/``, a calculation chain, a 2nd sheet, document properties;
optionally a VBA project (``.xlsm``).

The crosstable (round robin, 1/½/0), hand-checked::

    No  Name    1    2    3    4   Pts
    1   Anna    X    1    ½    1   2.5
    2   Boris   0    X    1    1   2
    3   Clara   ½    0    X    ½   1
    4   Denis   0    0    ½    X   0.5
"""

from __future__ import annotations

import zipfile
from pathlib import Path

M = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PR = "http://schemas.openxmlformats.org/package/2006/relationships"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'

NAMES = ["Anna", "Boris", "Clara", "Denis"]
RESULTS = [[None, 1, 0.5, 1], [0, None, 1, 1], [0.5, 0, None, 0.5], [0, 0, 0.5, None]]
POINTS = [2.5, 2, 1, 0.5]
# the crosstable occupies A2:G6 (title in A1, merged A1:G1); Rank writes from column H on
TABLE_LAST_COL = 7
HEADER_ROW, LAST_ROW = 2, 6

# shared strings: 0..3 names, 4 "X", 5 "No", 6 "Name", 7 "Pts", 8 the rich-text title
STRINGS = NAMES + ["X", "No", "Name", "Pts"]


def _col(c: int) -> str:
    s = ""
    while c:
        c, r = divmod(c - 1, 26)
        s = chr(65 + r) + s
    return s


def _sheet1() -> str:
    rows = []
    rows.append('<row r="1" spans="1:7" ht="21" customHeight="1"><c r="A1" s="1" t="s"><v>8</v></c></row>')
    head = ['<c r="A2" s="2" t="s"><v>5</v></c>', '<c r="B2" s="2" t="s"><v>6</v></c>']
    head += [f'<c r="{_col(3 + i)}2" s="2"><v>{i + 1}</v></c>' for i in range(4)]
    head.append('<c r="G2" s="2" t="s"><v>7</v></c>')
    rows.append('<row r="2" spans="1:7">' + "".join(head) + "</row>")
    for i in range(4):
        r = 3 + i
        cells = [f'<c r="A{r}"><v>{i + 1}</v></c>', f'<c r="B{r}" t="s"><v>{i}</v></c>']
        for j in range(4):
            ref = f"{_col(3 + j)}{r}"
            v = RESULTS[i][j]
            cells.append(f'<c r="{ref}" s="3" t="s"><v>4</v></c>' if v is None else f'<c r="{ref}" s="3"><v>{v}</v></c>')
        if i == 0:
            f = '<f t="shared" ref="G3:G6" si="0">SUM(C3:F3)</f>'
        else:
            f = '<f t="shared" si="0"/>'
        cells.append(f'<c r="G{r}" s="4">{f}<v>{POINTS[i]}</v></c>')
        rows.append(f'<row r="{r}" spans="1:7">' + "".join(cells) + "</row>")
    # below the table: a dynamic array (sorted names) with its spilled results, and a sparkline cell
    rows.append('<row r="10" spans="1:3"><c r="B10" cm="1" t="str"><f t="array" ref="B10:B13" aca="false">_xlfn._xlws.SORT(B3:B6)</f><v>Anna</v></c><c r="C10"/></row>')
    for k, name in enumerate(sorted(NAMES)[1:]):
        rows.append(f'<row r="{11 + k}" spans="1:3"><c r="B{11 + k}" t="str"><v>{name}</v></c></row>')
    return (
        HEAD + f'<worksheet xmlns="{M}" xmlns:r="{R}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
        'mc:Ignorable="x14ac xr xr2 xr3" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" '
        'xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" '
        'xmlns:xr2="http://schemas.microsoft.com/office/spreadsheetml/2015/revision2" '
        'xmlns:xr3="http://schemas.microsoft.com/office/spreadsheetml/2016/revision3" xr:uid="{00000000-0001-0000-0000-000000000000}">'
        '<sheetPr codeName="Sheet1"><tabColor rgb="FF00B050"/></sheetPr><dimension ref="A1:G13"/>'
        '<sheetViews><sheetView tabSelected="1" workbookViewId="0"><pane ySplit="2" topLeftCell="A3" activePane="bottomLeft" state="frozen"/>'
        '<selection pane="bottomLeft" activeCell="B3" sqref="B3"/></sheetView></sheetViews>'
        '<sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/>'
        '<cols><col min="1" max="1" width="5.7109375" customWidth="1"/><col min="2" max="2" width="18.7109375" customWidth="1"/></cols>'
        "<sheetData>" + "".join(rows) + "</sheetData>"
        '<mergeCells count="1"><mergeCell ref="A1:G1"/></mergeCells>'
        '<conditionalFormatting sqref="G3:G6"><cfRule type="iconSet" priority="1"><iconSet iconSet="3Arrows">'
        '<cfvo type="percent" val="0"/><cfvo type="percent" val="33"/><cfvo type="percent" val="67"/></iconSet></cfRule></conditionalFormatting>'
        '<dataValidations count="1"><dataValidation type="list" allowBlank="1" showErrorMessage="1" sqref="C3:F6">'
        '<formula1>"1,0.5,0,X"</formula1></dataValidation></dataValidations>'
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
        '<pageSetup paperSize="9" orientation="landscape" r:id="rId1"/>'
        '<drawing r:id="rId2"/><legacyDrawing r:id="rId3"/>'
        '<extLst><ext uri="{05C60535-1F16-4fd2-B633-F4F36F0B64E0}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
        '<x14:sparklineGroups xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:sparklineGroup displayEmptyCellsAs="gap">'
        '<x14:colorSeries rgb="FF376092"/><x14:sparklines><x14:sparkline><xm:f>Crosstable!C3:F3</xm:f><xm:sqref>C10</xm:sqref></x14:sparkline>'
        "</x14:sparklines></x14:sparklineGroup></x14:sparklineGroups></ext></extLst></worksheet>"
    )


def _sheet2() -> str:
    rows = "".join(f'<row r="{r}"><c r="A{r}"><v>{2000 + r}</v></c><c r="B{r}" t="inlineStr"><is><t>archive {r}</t></is></c></row>' for r in range(1, 6))
    return HEAD + f'<worksheet xmlns="{M}"><dimension ref="A1:B5"/><sheetData>{rows}</sheetData></worksheet>'


def _strings() -> str:
    items = "".join(f"<si><t>{s}</t></si>" for s in STRINGS)
    rich = '<si><r><rPr><b/><sz val="14"/><color rgb="FFC00000"/><rFont val="Calibri"/></rPr><t xml:space="preserve">Club </t></r><r><rPr><i/><sz val="14"/><rFont val="Calibri"/></rPr><t>championship</t></r></si>'
    return HEAD + f'<sst xmlns="{M}" count="{len(STRINGS) + 12}" uniqueCount="{len(STRINGS) + 1}">{items}{rich}</sst>'


CHART_SHEET = (
    HEAD + f'<chartsheet xmlns="{M}" xmlns:r="{R}"><sheetPr/><sheetViews><sheetView tabSelected="1" zoomScale="80" workbookViewId="0"/></sheetViews>'
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></chartsheet>'
)


def parts(macros: bool = False, chart_sheet_active: bool = False) -> dict[str, bytes]:
    main_ct = "application/vnd.ms-excel.sheet.macroEnabled.main+xml" if macros else "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
    ct = (
        HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.printerSettings"/>'
        '<Default Extension="png" ContentType="image/png"/>'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        + ('<Override PartName="/xl/vbaProject.bin" ContentType="application/vnd.ms-office.vbaProject"/>' if macros else "")
        + f'<Override PartName="/xl/workbook.xml" ContentType="{main_ct}"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        '<Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        '<Override PartName="/xl/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>'
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        '<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>'
        '<Override PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>'
        '<Override PartName="/xl/comments1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"/>'
        '<Override PartName="/xl/threadedComments/threadedComment1.xml" ContentType="application/vnd.ms-excel.threadedcomments+xml"/>'
        '<Override PartName="/xl/persons/person.xml" ContentType="application/vnd.ms-excel.person+xml"/>'
        '<Override PartName="/xl/metadata.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"/>'
        '<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/>'
        '<Override PartName="/xl/webextensions/taskpanes.xml" ContentType="application/vnd.ms-office.webextensiontaskpanes+xml"/>'
        '<Override PartName="/xl/webextensions/webextension1.xml" ContentType="application/vnd.ms-office.webextension+xml"/>'
        '<Override PartName="/customXml/itemProps1.xml" ContentType="application/vnd.openxmlformats-officedocument.customXmlProperties+xml"/>'
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
        "</Types>"
    )
    root_rels = (
        HEAD + f'<Relationships xmlns="{PR}">'
        '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
        '<Relationship Id="rId4" Type="http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes" Target="xl/webextensions/taskpanes.xml"/>'
        "</Relationships>"
    )
    workbook = (
        HEAD + f'<workbook xmlns="{M}" xmlns:r="{R}">'
        + ('<fileVersion appName="xl" codeName="{00000000-0000-0000-0000-000000000000}"/><workbookPr codeName="ThisWorkbook" defaultThemeVersion="166925"/>' if macros else '<workbookPr defaultThemeVersion="166925"/>')
        + '<bookViews><workbookView xWindow="-120" yWindow="-120" windowWidth="29040" windowHeight="15840" activeTab="0"/></bookViews>'
        '<sheets><sheet name="Crosstable" sheetId="1" r:id="rId1"/><sheet name="Archive 2019" sheetId="2" r:id="rId2"/></sheets>'
        "<definedNames><definedName name=\"Players\">Crosstable!$B$3:$B$6</definedName><definedName name=\"_xlnm.Print_Area\" localSheetId=\"0\">Crosstable!$A$1:$G$6</definedName></definedNames>"
        '<calcPr calcId="191029"/></workbook>'
    )
    wb_rels = (
        HEAD + f'<Relationships xmlns="{PR}">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/>'
        '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme" Target="theme/theme1.xml"/>'
        '<Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
        '<Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
        '<Relationship Id="rId6" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata" Target="metadata.xml"/>'
        '<Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain" Target="calcChain.xml"/>'
        '<Relationship Id="rId8" Type="http://schemas.microsoft.com/office/2017/10/relationships/person" Target="persons/person.xml"/>'
        '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml" Target="../customXml/item1.xml"/>'
        + ('<Relationship Id="rId10" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>' if macros else "")
        + "</Relationships>"
    )
    sheet1_rels = (
        HEAD + f'<Relationships xmlns="{PR}">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/printerSettings" Target="../printerSettings/printerSettings1.bin"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing" Target="../drawings/drawing1.xml"/>'
        '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/vmlDrawing" Target="../drawings/vmlDrawing1.vml"/>'
        '<Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="../comments1.xml"/>'
        '<Relationship Id="rId5" Type="http://schemas.microsoft.com/office/2017/10/relationships/threadedComment" Target="../threadedComments/threadedComment1.xml"/>'
        "</Relationships>"
    )
    styles = (
        HEAD + f'<styleSheet xmlns="{M}"><numFmts count="1"><numFmt numFmtId="164" formatCode="0.0"/></numFmts>'
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font></fonts>'
        '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>'
        '<fill><patternFill patternType="solid"><fgColor rgb="FFFFF2CC"/><bgColor indexed="64"/></patternFill></fill></fills>'
        '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>'
        '<border><left style="thin"/><right style="thin"/><top style="thin"/><bottom style="thin"/><diagonal/></border></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
        '<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
        '<xf numFmtId="0" fontId="1" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>'
        '<xf numFmtId="0" fontId="0" fillId="0" borderId="1" xfId="0" applyBorder="1" applyAlignment="1"><alignment horizontal="center"/></xf>'
        '<xf numFmtId="164" fontId="0" fillId="2" borderId="1" xfId="0" applyNumberFormat="1" applyFill="1" applyBorder="1"/></cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    )
    theme = HEAD + '<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Office Theme"><a:themeElements><a:clrScheme name="Office"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="44546A"/></a:dk2><a:lt2><a:srgbClr val="E7E6E6"/></a:lt2><a:accent1><a:srgbClr val="4472C4"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3><a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5><a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme><a:fontScheme name="Office"><a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Office"><a:fillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:fillStyleLst><a:lnStyleLst><a:ln w="6350"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="12700"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="19050"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln></a:lnStyleLst><a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst><a:bgFillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>'
    metadata = (
        HEAD + f'<metadata xmlns="{M}" xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">'
        '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes>'
        '<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}"><xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>'
        '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>'
    )
    calc_chain = HEAD + f'<calcChain xmlns="{M}"><c r="G3" i="1" l="1"/><c r="G4" s="1"/><c r="G5" s="1"/><c r="G6" s="1"/><c r="B10" a="1"/></calcChain>'
    person_id = "{6A1B2C3D-0000-4000-8000-00000000A001}"
    threaded = (
        HEAD + '<ThreadedComments xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        f'<threadedComment ref="C5" dT="2026-03-01T18:02:11.00" personId="{person_id}" id="{{0B000001-0000-4000-8000-000000000001}}"><text>Clara–Anna: agreed draw in 12 moves?</text></threadedComment>'
        f'<threadedComment ref="C5" dT="2026-03-01T18:40:00.00" personId="{person_id}" id="{{0B000001-0000-4000-8000-000000000002}}" parentId="{{0B000001-0000-4000-8000-000000000001}}"><text>Arbiter: checked, the draw stands.</text></threadedComment>'
        "</ThreadedComments>"
    )
    persons = HEAD + f'<personList xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments" xmlns:x="{M}"><person displayName="Club arbiter" id="{person_id}" userId="arbiter@club.example" providerId="None"/></personList>'
    comments = (
        HEAD + f'<comments xmlns="{M}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="xr" xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision">'
        f"<authors><author>tc={person_id}</author></authors><commentList>"
        '<comment ref="C5" authorId="0" shapeId="0" xr:uid="{0B000001-0000-4000-8000-000000000001}"><text><t>[Threaded comment] Clara–Anna: agreed draw in 12 moves?\nReply: Arbiter: checked, the draw stands.</t></text></comment>'
        "</commentList></comments>"
    )
    vml = (
        '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel">'
        '<o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="1"/></o:shapelayout>'
        '<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>'
        '<v:shape id="_x0000_s1025" type="#_x0000_t202" style="position:absolute;margin-left:120pt;margin-top:60pt;width:108pt;height:59.25pt;z-index:1;visibility:hidden" fillcolor="infoBackground [80]" o:insetmode="auto">'
        '<v:fill color2="infoBackground [80]"/><x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/><x:AutoFill>False</x:AutoFill><x:Row>4</x:Row><x:Column>2</x:Column></x:ClientData></v:shape></xml>'
    )
    drawing = (
        HEAD + '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        '<xdr:oneCellAnchor><xdr:from><xdr:col>9</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>14</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="952500" cy="952500"/>'
        '<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="Club logo" descr="logo"/><xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr>'
        f'<xdr:blipFill><a:blip xmlns:r="{R}" r:embed="rId1"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill>'
        '<xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:pic><xdr:clientData/></xdr:oneCellAnchor>'
        '<xdr:twoCellAnchor><xdr:from><xdr:col>9</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>20</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>'
        '<xdr:to><xdr:col>15</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>34</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>'
        '<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="3" name="Points chart"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>'
        '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
        f'<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:r="{R}" r:id="rId2"/></a:graphicData></a:graphic></xdr:graphicFrame>'
        "<xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>"
    )
    chart = (
        HEAD + f'<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="{R}">'
        '<c:chart><c:autoTitleDeleted val="1"/><c:plotArea><c:layout/><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>'
        '<c:ser><c:idx val="0"/><c:order val="0"/><c:cat><c:strRef><c:f>Crosstable!$B$3:$B$6</c:f></c:strRef></c:cat>'
        '<c:val><c:numRef><c:f>Crosstable!$G$3:$G$6</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="4"/>'
        '<c:pt idx="0"><c:v>2.5</c:v></c:pt><c:pt idx="1"><c:v>2</c:v></c:pt><c:pt idx="2"><c:v>1</c:v></c:pt><c:pt idx="3"><c:v>0.5</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser>'
        '<c:axId val="1"/><c:axId val="2"/></c:barChart><c:catAx><c:axId val="1"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:crossAx val="2"/></c:catAx>'
        '<c:valAx><c:axId val="2"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:crossAx val="1"/></c:valAx></c:plotArea>'
        '<c:plotVisOnly val="1"/></c:chart></c:chartSpace>'
    )
    drawing_rels = (
        HEAD + f'<Relationships xmlns="{PR}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="../media/image1.png"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart" Target="../charts/chart1.xml"/></Relationships>'
    )
    png = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000" "1f15c4890000000d4944415478da63f8cfc0f01f0005000200e5273e6d0000000049454e44ae426082")
    taskpanes = (
        HEAD + '<wetp:taskpanes xmlns:wetp="http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11">'
        f'<wetp:taskpane dockstate="right" visibility="1" width="350" row="4"><wetp:webextensionref xmlns:r="{R}" r:id="rId1"/></wetp:taskpane></wetp:taskpanes>'
    )
    taskpanes_rels = HEAD + f'<Relationships xmlns="{PR}"><Relationship Id="rId1" Type="http://schemas.microsoft.com/office/2011/relationships/webextension" Target="webextension1.xml"/></Relationships>'
    webext = (
        HEAD + '<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11" id="{5C1D2D8E-0000-4000-8000-00000000B001}">'
        '<we:reference id="wa200008175" version="1.0.0.0" store="en-US" storeType="OMEX"/><we:alternateReferences/>'
        '<we:properties><we:property name="Office.AutoShowTaskpaneWithDocument" value="true"/>'
        '<we:property name="main.py" value="&quot;import xlwings as xw\\nfrom tiebreak.excel.functions import *\\n&quot;"/></we:properties>'
        '<we:bindings/><we:snapshot xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/></we:webextension>'
    )
    custom_item = HEAD + '<tournament xmlns="urn:example:club"><federation>RUS</federation><arbiter>Club arbiter</arbiter></tournament>'
    custom_props = HEAD + '<ds:datastoreItem ds:itemID="{7F1E0000-0000-4000-8000-00000000C001}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"><ds:schemaRefs/></ds:datastoreItem>'
    custom_rels = HEAD + f'<Relationships xmlns="{PR}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXmlProps" Target="itemProps1.xml"/></Relationships>'
    core = (
        HEAD + '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        '<dc:title>Club championship</dc:title><dc:creator>Club arbiter</dc:creator>'
        '<dcterms:created xsi:type="dcterms:W3CDTF">2026-03-01T10:00:00Z</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">2026-03-01T19:00:00Z</dcterms:modified></cp:coreProperties>'
    )
    app = (
        HEAD + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
        "<Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>"
        '<HeadingPairs><vt:vector size="4" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>2</vt:i4></vt:variant>'
        '<vt:variant><vt:lpstr>Named Ranges</vt:lpstr></vt:variant><vt:variant><vt:i4>2</vt:i4></vt:variant></vt:vector></HeadingPairs>'
        '<TitlesOfParts><vt:vector size="4" baseType="lpstr"><vt:lpstr>Crosstable</vt:lpstr><vt:lpstr>Archive 2019</vt:lpstr><vt:lpstr>Crosstable!Print_Area</vt:lpstr><vt:lpstr>Players</vt:lpstr></vt:vector></TitlesOfParts>'
        "<AppVersion>16.0300</AppVersion></Properties>"
    )
    out = {
        "[Content_Types].xml": ct,
        "_rels/.rels": root_rels,
        "docProps/app.xml": app,
        "docProps/core.xml": core,
        "xl/workbook.xml": workbook,
        "xl/_rels/workbook.xml.rels": wb_rels,
        "xl/worksheets/sheet1.xml": _sheet1(),
        "xl/worksheets/sheet2.xml": _sheet2(),
        "xl/worksheets/_rels/sheet1.xml.rels": sheet1_rels,
        "xl/theme/theme1.xml": theme,
        "xl/styles.xml": styles,
        "xl/sharedStrings.xml": _strings(),
        "xl/metadata.xml": metadata,
        "xl/calcChain.xml": calc_chain,
        "xl/threadedComments/threadedComment1.xml": threaded,
        "xl/persons/person.xml": persons,
        "xl/comments1.xml": comments,
        "xl/drawings/vmlDrawing1.vml": vml,
        "xl/drawings/drawing1.xml": drawing,
        "xl/drawings/_rels/drawing1.xml.rels": drawing_rels,
        "xl/charts/chart1.xml": chart,
        "xl/webextensions/taskpanes.xml": taskpanes,
        "xl/webextensions/_rels/taskpanes.xml.rels": taskpanes_rels,
        "xl/webextensions/webextension1.xml": webext,
        "customXml/item1.xml": custom_item,
        "customXml/itemProps1.xml": custom_props,
        "customXml/_rels/item1.xml.rels": custom_rels,
    }
    if chart_sheet_active:  # a chart sheet (its chart left out: only the tab matters here), the active tab
        out["xl/workbook.xml"] = workbook.replace('activeTab="0"', 'activeTab="2"').replace(
            "</sheets>", '<sheet name="Chart1" sheetId="3" r:id="rId20"/></sheets>'
        )
        out["xl/_rels/workbook.xml.rels"] = wb_rels.replace(
            "</Relationships>",
            '<Relationship Id="rId20" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chartsheet" Target="chartsheets/sheet1.xml"/></Relationships>',
        )
        out["[Content_Types].xml"] = ct.replace(
            "</Types>", '<Override PartName="/xl/chartsheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.chartsheet+xml"/></Types>'
        )
        out["xl/chartsheets/sheet1.xml"] = CHART_SHEET
    data = {k: v.encode("utf-8") for k, v in out.items()}
    data["xl/media/image1.png"] = png
    data["xl/printerSettings/printerSettings1.bin"] = bytes(range(256)) * 4  # a DEVMODE is opaque binary
    if macros:
        data["xl/vbaProject.bin"] = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + b"Attribute VB_Name = \"Module1\"\r\nSub Hello()\r\nEnd Sub\r\n"
    return data


def write(path: Path, macros: bool = False, chart_sheet_active: bool = False) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts(macros, chart_sheet_active).items():
            z.writestr(name, data)
    return path
