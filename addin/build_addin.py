"""Build ``addin/tiebreak_rank.xlam``, the classic-Excel ribbon add-in with the **Rank** button.

The add-in is xlwings' own ``quickstart_addin_ribbon.xlam`` with a new ribbon.
Its VBA (``xl/vbaProject.bin``) is copied byte for byte: the template's
``RibbonMyAddin.RunMain`` runs ``RunPython "import <name>;<name>.main()"``
where ``<name>`` is the add-in's file name without its extension, so the file
name ``tiebreak_rank.xlam`` is what makes the button call
``tiebreak_rank.main()``.

The VBA embeds the xlwings version it was made for (``XLWINGS_VERSION`` and
the ``xlwings64-<version>.dll`` names), so the build refuses any other
installed xlwings than :data:`XLWINGS_VERSION`, the version pyproject.toml pins.

Edits besides the ribbon: the add-in's settings sheet gets
``UDF Modules = tiebreak.excel.functions``.  The sheet stays **disabled**
(``_myaddin.conf``): enabled, its empty rows (Interpreter_Win, Conda Path,
PYTHONPATH ...) would win over ``%USERPROFILE%\\.myaddin\\myaddin.conf``, the
place users set the interpreter for this add-in.

The output is reproducible: same entry order as the template, fixed time
stamps and attributes, fixed compression level.

    python addin/build_addin.py            # writes addin/tiebreak_rank.xlam
    python addin/build_addin.py -o x.xlam  # somewhere else
"""

from __future__ import annotations

import argparse
import re
import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import escape

XLWINGS_VERSION = "0.37.8"
TEMPLATE_NAME = "quickstart_addin_ribbon.xlam"
ADDIN_NAME = "tiebreak_rank.xlam"
DEFAULT_OUTPUT = Path(__file__).resolve().parent / ADDIN_NAME
UDF_MODULES = "tiebreak.excel.functions"

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
ZIP_LEVEL = 9

CUSTOM_UI_PART = "customUI/customUI.xml"
VBA_PART = "xl/vbaProject.bin"
WORKBOOK_PART = "xl/workbook.xml"
WORKBOOK_RELS_PART = "xl/_rels/workbook.xml.rels"
SHARED_STRINGS_PART = "xl/sharedStrings.xml"
CONFIG_SHEET_PART = "xl/worksheets/sheet1.xml"
CONFIG_SHEET_NAME = "_myaddin.conf"

SHEET_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"

CUSTOM_UI = """\
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<customUI xmlns="http://schemas.microsoft.com/office/2006/01/customui">
    <ribbon>
        <tabs>
            <tab id="tiebreakTab" label="Tiebreak">
                <group id="tiebreakGroup" label="Tournament">
                    <button id="rankButton" label="Rank" size="large"
                            imageMso="SortAscendingExcel"
                            onAction="RibbonMyAddin.RunMain"
                            screentip="Rank the players (Ранжировать)"
                            supertip="Ranks the crosstable on the active sheet: places by points and the tie-breaks, the criteria columns and a Standings sheet. Ранжировать участников по очкам и дополнительным показателям." />
                </group>
            </tab>
        </tabs>
    </ribbon>
</customUI>
"""


class BuildError(Exception):
    """The installed xlwings or its template is not the one this script was written for."""


def template_path() -> Path:
    """The installed xlwings' ribbon add-in template, after the version check."""
    import xlwings

    if xlwings.__version__ != XLWINGS_VERSION:
        raise BuildError(
            f"xlwings {xlwings.__version__} is installed, but the Rank add-in is built from the "
            f"xlwings {XLWINGS_VERSION} template (its VBA is tied to that release). Install "
            f"xlwings=={XLWINGS_VERSION}, or move the pin in pyproject.toml and XLWINGS_VERSION "
            f"in {Path(__file__).name} together."
        )
    path = Path(xlwings.__file__).resolve().parent / TEMPLATE_NAME
    if not path.is_file():
        raise BuildError(f"xlwings {xlwings.__version__} has no {TEMPLATE_NAME} at {path}")
    return path


def _replace_once(data: bytes, old: bytes, new: bytes, part: str) -> bytes:
    if data.count(old) != 1:
        raise BuildError(f"{part}: expected exactly one {old!r} in the template")
    return data.replace(old, new)


def _shared_strings(data: bytes) -> list[str]:
    root = ElementTree.fromstring(data)
    return ["".join(t.text or "" for t in si.iter(f"{SHEET_NS}t")) for si in root.findall(f"{SHEET_NS}si")]


def _check_config_sheet(parts: dict[str, bytes]) -> None:
    """The template's only sheet is the disabled settings sheet, stored as sheet1.xml."""
    sheets = re.findall(rb'<sheet name="([^"]*)" sheetId="\d+" r:id="(rId\d+)" />', parts[WORKBOOK_PART])
    if len(sheets) != 1 or sheets[0][0].decode() != CONFIG_SHEET_NAME:
        raise BuildError(f"{WORKBOOK_PART}: expected the single sheet {CONFIG_SHEET_NAME}, found {sheets}")
    rel = b'Id="%s" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"' % sheets[0][1]
    if rel not in parts[WORKBOOK_RELS_PART]:
        raise BuildError(f"{WORKBOOK_RELS_PART}: {CONFIG_SHEET_NAME} is not {CONFIG_SHEET_PART}")


def set_udf_modules(sheet: bytes, shared: bytes, value: str) -> tuple[bytes, bytes]:
    """Write ``value`` next to the ``UDF Modules`` key (column B) as a new shared string.

    Only the exact layout of the template is edited: the key's row holds one
    cell (A, a shared string) and no value yet; anything else is an error.
    """
    strings = _shared_strings(shared)
    if "UDF Modules" not in strings:
        raise BuildError(f"{SHARED_STRINGS_PART}: no 'UDF Modules' key")
    if value in strings:
        raise BuildError(f"{SHARED_STRINGS_PART}: {value!r} is already there")
    key, new = strings.index("UDF Modules"), len(strings)

    counts = re.search(rb' count="(\d+)" uniqueCount="(\d+)"', shared)
    if counts is None or int(counts[1]) != len(strings) or int(counts[2]) != len(strings):
        raise BuildError(f"{SHARED_STRINGS_PART}: unexpected string counts")
    shared = _replace_once(shared, counts[0], b' count="%d" uniqueCount="%d"' % (new + 1, new + 1), SHARED_STRINGS_PART)
    shared = _replace_once(shared, b"</sst>", b"<si><t>%s</t></si></sst>" % escape(value).encode(), SHARED_STRINGS_PART)

    row = re.search(rb'<row r="(\d+)" spans="1:1"([^>]*)><c r="A\1" s="(\d+)" t="s"><v>%d</v></c></row>' % key, sheet)
    if row is None:
        raise BuildError(f"{CONFIG_SHEET_PART}: the 'UDF Modules' row is not a single key cell")
    number, rest, style = row[1], row[2], row[3]
    cells = b'<c r="A%s" s="%s" t="s"><v>%d</v></c><c r="B%s" s="%s" t="s"><v>%d</v></c>' % (number, style, key, number, style, new)
    sheet = _replace_once(sheet, row[0], b'<row r="%s" spans="1:2"%s>%s</row>' % (number, rest, cells), CONFIG_SHEET_PART)
    return sheet, shared


def edited_parts(template: Path) -> tuple[list[zipfile.ZipInfo], dict[str, bytes]]:
    """The template's entries (in order) and their new contents."""
    with zipfile.ZipFile(template) as zin:
        infos = zin.infolist()
        parts = {info.filename: zin.read(info.filename) for info in infos}
    for part in (CUSTOM_UI_PART, VBA_PART, WORKBOOK_PART, WORKBOOK_RELS_PART, SHARED_STRINGS_PART, CONFIG_SHEET_PART):
        if part not in parts:
            raise BuildError(f"{template.name} has no {part}")
    if b'onAction="RibbonMyAddin.RunMain"' not in parts[CUSTOM_UI_PART]:
        raise BuildError(f"{CUSTOM_UI_PART}: the template's button does not call RibbonMyAddin.RunMain")
    _check_config_sheet(parts)

    parts[CUSTOM_UI_PART] = CUSTOM_UI.encode("utf-8")
    parts[CONFIG_SHEET_PART], parts[SHARED_STRINGS_PART] = set_udf_modules(
        parts[CONFIG_SHEET_PART], parts[SHARED_STRINGS_PART], UDF_MODULES
    )
    for part in (CUSTOM_UI_PART, CONFIG_SHEET_PART, SHARED_STRINGS_PART):
        ElementTree.fromstring(parts[part])  # still well-formed
    return infos, parts


def build(output: Path = DEFAULT_OUTPUT) -> Path:
    """Write the add-in to ``output`` (its file name must stay ``tiebreak_rank.xlam``)."""
    if output.name != ADDIN_NAME:
        raise BuildError(f"the add-in must be called {ADDIN_NAME}: its file name picks the Python module to run")
    infos, parts = edited_parts(template_path())
    output.parent.mkdir(parents=True, exist_ok=True)
    tmp = output.with_name(output.name + ".tmp")
    with zipfile.ZipFile(tmp, "w") as zout:
        for info in infos:
            entry = zipfile.ZipInfo(info.filename, date_time=ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.create_system = 0  # the default depends on the OS building it
            entry.external_attr = 0
            zout.writestr(entry, parts[info.filename], compresslevel=ZIP_LEVEL)
    tmp.replace(output)
    return output


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT, help=f"default: {DEFAULT_OUTPUT}")
    args = parser.parse_args(argv)
    try:
        path = build(args.output)
    except BuildError as err:
        print(f"build_addin: {err}", file=sys.stderr)
        return 2
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
