""".xlsx/.xlsm files without Excel: read safely, rank, write an exact copy atomically.

The workbook is edited as a package, never loaded and re-saved: the copy
differs from the input only in

* the cells Rank writes on the crosstable sheet (the sheet's part is patched
  cell by cell, see :mod:`tiebreak.io.sheetxml`),
* Rank's own sheets (``Standings``, ``tiebreak``),
* when a sheet is added: the workbook part, its relationships, the content
  types and the sheet list of ``docProps/app.xml``;
* the workbook part's defined names that record where Rank's columns are.

Every other part is copied as stored in the input (:mod:`tiebreak.io.package`).

Safety:

* a file is read through one descriptor with a size limit (a FIFO or a device
  is refused); it must be a zip of at most ``MAX_PARTS`` parts whose unpacked
  size stays under ``MAX_UNPACKED`` bytes and whose parts do not expand more
  than ``MAX_RATIO`` times (zip bombs); no XML part may declare a DTD or
  entities (XML bombs; parts are also parsed with defusedxml);
* nothing in a workbook is evaluated: formulas are text, their stored results
  are read as values;
* writes go to a temporary file in the target's folder, which replaces the
  target only when complete; the input file is never written unless the
  caller asks for exactly that.
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path
from typing import Any

from tiebreak.core.a1 import absolute_reference, find_sheet, parse_range
from tiebreak.core.errors import FileFormatError, SettingsError
from tiebreak.core.i18n import N_, _
from tiebreak.core.notation import Uncalculated
from tiebreak.io.package import (
    MAX_FILE,
    MAX_PART,
    MAX_PARTS,
    MAX_RATIO,
    MAX_UNPACKED,
    Package,
)
from tiebreak.io.sheetxml import (
    MAIN_NS,
    SheetData,
    escape,
    new_sheet,
    patch_sheet,
    quoteattr,
    read_shared_strings,
    read_sheet,
)
from tiebreak.plan.model import Plan

__all__ = ["KINDS", "MAX_FILE", "MAX_PARTS", "MAX_RATIO", "MAX_UNPACKED", "SafeWorkbook", "check_out_suffix", "check_xlsx", "open_book", "read_only_suffixes"]

REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
WORKSHEET_REL = REL_NS + "/worksheet"
STRINGS_REL = REL_NS + "/sharedStrings"
WORKSHEET_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"

# the workbook part's content type → the file type and the extension it must have
KINDS = {
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml": (N_("workbook"), ".xlsx"),
    "application/vnd.ms-excel.sheet.macroEnabled.main+xml": (N_("macro-enabled workbook"), ".xlsm"),
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml": (N_("template"), ".xltx"),
    "application/vnd.ms-excel.template.macroEnabled.main+xml": (N_("macro-enabled template"), ".xltm"),
}


def check_xlsx(path: str | os.PathLike[str]) -> list[str]:
    """Refuse files that are not workbooks or could exhaust memory; returns warnings.

    Raises :class:`FileFormatError` with the reason.
    """
    Package(path)
    return []


def _parse(data: bytes, where: str) -> Any:
    from defusedxml.ElementTree import fromstring  # type: ignore[import-untyped]

    try:
        return fromstring(data, forbid_dtd=True)
    except Exception as err:  # noqa: BLE001 - whatever the XML parser raises on a file's bytes, the file is at fault
        raise FileFormatError(_("{where}: cannot be read ({kind}: {error})").format(where=where, kind=type(err).__name__, error=err)) from None


def _root_prefix(xml: bytes, local: str, ns: str) -> tuple[bytes, bytes]:
    """(prefix of ``ns`` on the root element ``local`` ('' or 'x:'), the root's start tag)."""
    m = re.search(rb"<([\w.-]+:)?" + local.encode() + rb"(?=[\s>])[^>]*>", xml)
    if not m:
        raise FileFormatError(_("no {local} element").format(local=local))
    prefix = m.group(1) or b""
    return prefix, m.group(0)


def _insert_before_close(xml: bytes, prefix: bytes, local: bytes, text: bytes) -> bytes:
    close = b"</" + prefix + local + b">"
    at = xml.rfind(close)
    if at >= 0:
        return xml[:at] + text + xml[at:]
    m = re.search(rb"<" + re.escape(prefix) + local + rb"(?=[\s/])[^>]*/>", xml)
    if not m:
        raise FileFormatError(_("no {element} element").format(element=local.decode()))
    open_tag = m.group(0)[:-2].rstrip() + b">"
    return xml[: m.start()] + open_tag + text + close + xml[m.end() :]


def check_out_suffix(kind: tuple[str, str], out: str | os.PathLike[str]) -> None:
    """Refuse an OUT whose extension does not match the input's file type (Excel would not open it)."""
    name, suffix = kind
    got = Path(out).suffix.lower()
    if got != suffix:
        raise SettingsError(
            _("--out {path}: the input is a {name}, so the copy must end in {suffix} (Excel refuses to open a {name} under another extension)").format(path=out, name=_(name), suffix=suffix)
        )


class SafeWorkbook:
    """A checked workbook package: cell values (formulas give their stored results) and an exact copy with Rank's changes."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.package = Package(self.path)
        self.warnings: list[str] = []
        pkg = self.package
        self._workbook_xml = pkg.read("xl/workbook.xml")
        if MAIN_NS.encode() not in self._workbook_xml:
            raise FileFormatError(_("{path}: a Strict Open XML workbook; save it from Excel as an ordinary Excel Workbook (.xlsx)").format(path=self.path))
        root = _parse(self._workbook_xml, f"{self.path}: xl/workbook.xml")
        m = "{" + MAIN_NS + "}"
        self._rels_name = "xl/_rels/workbook.xml.rels"
        self._rels_xml = pkg.read(self._rels_name) if pkg.has(self._rels_name) else b""
        self._rels: dict[str, tuple[str, str]] = {}
        if self._rels_xml:
            for rel in _parse(self._rels_xml, f"{self.path}: {self._rels_name}"):
                target = rel.get("Target", "")
                part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
                self._rels[rel.get("Id", "")] = (rel.get("Type", ""), part)
        self._sheets: list[tuple[str, str, int]] = []  # name, part, sheetId
        self._kinds: dict[str, str] = {}
        sheets = root.find(m + "sheets")
        for el in sheets if sheets is not None else []:
            name = el.get("name", "")
            rid = el.get("{" + REL_NS + "}id", "")
            typ, part = self._rels.get(rid, ("", ""))
            self._sheets.append((name, part, int(el.get("sheetId", "0") or 0)))
            self._kinds[name] = typ.rsplit("/", 1)[-1]
        if not self._sheets:
            raise FileFormatError(_("{path}: the workbook lists no sheets").format(path=self.path))
        view = root.find(f"{m}bookViews/{m}workbookView")
        try:
            self._active = int(view.get("activeTab", "0")) if view is not None else 0
        except ValueError:
            self._active = 0
        self._names: list[tuple[str, int | None, str]] = []
        dn = root.find(m + "definedNames")
        for el in dn if dn is not None else []:
            local = el.get("localSheetId")
            self._names.append((el.get("name", ""), int(local) if local and local.isdigit() else None, el.text or ""))
        self._ct_xml = pkg.read("[Content_Types].xml") if pkg.has("[Content_Types].xml") else b""
        self.kind = ("workbook", ".xlsx")
        if self._ct_xml:
            for el in _parse(self._ct_xml, f"{self.path}: [Content_Types].xml"):
                if el.get("PartName", "").lstrip("/") == "xl/workbook.xml":
                    self.kind = KINDS.get(el.get("ContentType", ""), self.kind)
        self._strings: list[str] | None = None
        self._data: dict[str, SheetData] = {}
        self._replaced: dict[str, bytes] = {}
        self._added: list[tuple[str, bytes]] = []

    # BookSource
    def sheet_names(self) -> list[str]:
        return [name for name, _, _ in self._sheets]

    def active_sheet(self) -> str:
        if 0 <= self._active < len(self._sheets):
            return self._sheets[self._active][0]
        return self._sheets[0][0]

    def _shared_strings(self) -> list[str]:
        if self._strings is None:
            strings: list[str] = []
            for typ, part in self._rels.values():
                if typ == STRINGS_REL and self.package.has(part):
                    strings = read_shared_strings(self.package.read(part, MAX_PART), f"{self.path}: {part}")
            self._strings = strings  # only once read: a part refused is refused again at the next look, never taken as empty
        return self._strings

    def sheet_data(self, sheet: str) -> SheetData:
        if sheet in self._data:
            return self._data[sheet]
        part = self._part(sheet)
        data = read_sheet(self.package.read(part, MAX_PART), self._shared_strings(), _("sheet '{sheet}'").format(sheet=sheet), Uncalculated)
        self._data[sheet] = data
        return data

    def _part(self, sheet: str) -> str:
        for name, part, _rel in self._sheets:
            if name == sheet:
                kind = self._kinds.get(name)
                if kind != "worksheet":
                    what = {"chartsheet": _("a chart sheet"), "dialogsheet": _("a dialog sheet"), "macrosheet": _("a macro sheet")}.get(
                        kind or "", _("not a worksheet")
                    )
                    raise FileFormatError(
                        _("sheet '{sheet}' is {what}, not a sheet of cells; activate the sheet with the crosstable (or give --sheet)").format(
                            sheet=sheet, what=what
                        )
                    )
                if not self.package.has(part):
                    raise FileFormatError(
                        _("{path}: sheet '{sheet}' has no part in the file ({part})").format(path=self.path, sheet=sheet, part=part or _("no relationship"))
                    )
                return part
        raise SettingsError(_("there is no sheet '{sheet}'").format(sheet=sheet))

    def values(self, sheet: str) -> dict[tuple[int, int], Any]:
        """The sheet's non-empty cells, (row, column) → value, 0-based; formulas give their stored results."""
        return self.sheet_data(sheet).cells

    def formulas(self, sheet: str) -> dict[tuple[int, int], str]:
        """The sheet's formula cells, (row, column) → formula text, 0-based."""
        return self.sheet_data(sheet).formulas

    def formulas_in(self, sheet: str, r1: int, c1: int, r2: int, c2: int) -> dict[tuple[int, int], str]:
        """The formula cells (0-based) of a rectangle (1-based, inclusive)."""
        return {k: f for k, f in self.formulas(sheet).items() if r1 - 1 <= k[0] <= r2 - 1 and c1 - 1 <= k[1] <= c2 - 1}

    def merged(self, sheet: str) -> list[tuple[int, int, int, int]]:
        return self.sheet_data(sheet).merges

    def tables(self, sheet: str) -> list[tuple[str, int, int, int, int]]:
        """The sheet's Excel tables (ListObjects): (name, first row, first column, last row, last column), 1-based."""
        part = self._part(sheet)
        folder, name = posixpath.split(part)
        rels_name = posixpath.join(folder, "_rels", name + ".rels")
        if not self.package.has(rels_name):
            return []
        out: list[tuple[str, int, int, int, int]] = []
        for rel in _parse(self.package.read(rels_name), f"{self.path}: {rels_name}"):
            if not rel.get("Type", "").endswith("/table"):
                continue
            target = rel.get("Target", "")
            table_part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
            if not self.package.has(table_part):
                continue
            root = _parse(self.package.read(table_part), f"{self.path}: {table_part}")
            parsed = parse_range(root.get("ref", ""))
            if parsed is not None:
                _, r1, c1, r2, c2 = parsed
                out.append((root.get("displayName") or root.get("name") or "?", r1, c1, r2, c2))
        return out

    def protected(self, sheet: str) -> bool:
        return self.sheet_data(sheet).protected

    def structure_protected(self) -> bool:
        """Whether Review > Protect Workbook locked the structure (``<workbookProtection lockStructure="1">``)."""
        m = re.search(rb"<(?:\w+:)?workbookProtection\b[^>]*?\blockStructure=\"(1|true)\"", self._workbook_xml)
        return m is not None

    def named_range(self, name: str) -> tuple[str, int, int, int, int] | None:
        found = [n for n in self._names if n[0].casefold() == name.casefold()]
        found.sort(key=lambda n: n[1] is not None)  # workbook-level names first
        if not found:
            return None
        parsed = parse_range(found[0][2])
        if parsed is None:
            return None
        where, r1, c1, r2, c2 = parsed
        sheet = find_sheet(where, self.sheet_names()) if where is not None else None
        if sheet is None:
            return None
        return sheet, r1, c1, r2, c2

    # writing
    def apply(self, plan: Plan) -> None:
        """Work out the parts the copy replaces or adds (nothing is written to disk yet)."""
        updates: dict[str, dict[int, dict[int, Any]]] = {}
        for name in plan.clear_sheets:
            data = self.sheet_data(name)
            upd = updates.setdefault(name, {})
            for r, c in list(data.cells) + list(data.formulas):
                upd.setdefault(r + 1, {})[c + 1] = None
        for w in plan.writes:
            upd = updates.setdefault(w.sheet, {})
            for i, row in enumerate(w.values):
                cols = upd.setdefault(w.row + i, {})
                for j, v in enumerate(row):
                    cols[w.column + j] = None if v == "" else v
        existing = {name: part for name, part, _ in self._sheets}
        used = set(self.package.names())
        new_entries: list[tuple[str, str]] = []
        for name in plan.create_sheets:
            n = len(self._sheets) + 1
            while f"xl/worksheets/sheet{n}.xml" in used:
                n += 1
            part = f"xl/worksheets/sheet{n}.xml"
            used.add(part)
            new_entries.append((name, part))
            self._added.append((part, patch_sheet(new_sheet(), updates.pop(name, {}))))
        for name, upd in updates.items():
            if name not in existing:
                raise FileFormatError(_("there is no sheet '{name}' to write").format(name=name))
            part = self._part(name)
            self._replaced[part] = patch_sheet(self.package.read(part), upd, _("sheet '{sheet}'").format(sheet=name))
        if new_entries:
            self._add_sheets(new_entries)
        if plan.names:
            wb = self._replaced.get("xl/workbook.xml", self._workbook_xml)
            new_wb = _set_defined_names(wb, {name: absolute_reference(*where) for name, where in plan.names.items()})
            if new_wb != self._workbook_xml:
                self._replaced["xl/workbook.xml"] = new_wb

    def _add_sheets(self, entries: list[tuple[str, str]]) -> None:
        wb = self._workbook_xml
        prefix, root_tag = _root_prefix(wb, "workbook", MAIN_NS)
        rel_prefix = re.search(rb'xmlns:([\w.-]+)="' + re.escape(REL_NS.encode()) + b'"', root_tag)
        ids = set(self._rels)
        next_id = max((int(i[3:]) for i in ids if re.fullmatch(r"rId\d+", i)), default=0) + 1
        sheet_id = max((sid for _, _, sid in self._sheets), default=0) + 1
        sheets_xml = b""
        rels_xml = b""
        ct_xml = b""
        for name, part in entries:
            rid = f"rId{next_id}"
            next_id += 1
            if rel_prefix:
                id_attr = rel_prefix.group(1) + b":id=" + quoteattr(rid).encode()
            else:
                id_attr = b'xmlns:tbr="' + REL_NS.encode() + b'" tbr:id=' + quoteattr(rid).encode()
            sheets_xml += b"<" + prefix + b"sheet name=" + quoteattr(name).encode("utf-8") + b' sheetId="' + str(sheet_id).encode() + b'" ' + id_attr + b"/>"
            sheet_id += 1
            target = posixpath.relpath(part, "xl")
            rels_xml += b"<Relationship Id=" + quoteattr(rid).encode() + b' Type="' + WORKSHEET_REL.encode() + b'" Target=' + quoteattr(target).encode() + b"/>"
            ct_xml += b'<Override PartName="/' + part.encode() + b'" ContentType="' + WORKSHEET_CT.encode() + b'"/>'
        self._replaced["xl/workbook.xml"] = _insert_before_close(wb, prefix, b"sheets", sheets_xml)
        rp, _ = _root_prefix(self._rels_xml, "Relationships", PKG_REL_NS)
        if rp:
            rels_xml = rels_xml.replace(b"<Relationship ", b"<" + rp + b"Relationship ")
        self._replaced[self._rels_name] = _insert_before_close(self._rels_xml, rp, b"Relationships", rels_xml)
        cp, _ = _root_prefix(self._ct_xml, "Types", CT_NS)
        if cp:
            ct_xml = ct_xml.replace(b"<Override ", b"<" + cp + b"Override ")
        self._replaced["[Content_Types].xml"] = _insert_before_close(self._ct_xml, cp, b"Types", ct_xml)
        if self.package.has("docProps/app.xml"):
            worksheets = [name for name, _, _ in self._sheets if self._kinds.get(name) == "worksheet"]
            app = _app_with_sheets(self.package.read("docProps/app.xml"), [name for name, _ in entries], worksheets)
            if app is not None:
                self._replaced["docProps/app.xml"] = app
        self._sheets.extend((name, part, 0) for name, part in entries)
        for name, _ in entries:
            self._kinds[name] = "worksheet"

    def changed_parts(self) -> list[str]:
        """The parts the copy replaces or adds (after :meth:`apply`)."""
        return sorted(self._replaced) + [name for name, _ in self._added]

    def save(self, target: str | os.PathLike[str]) -> None:
        """Write the copy to ``target`` atomically (:func:`tiebreak.io.output.write_atomic`)."""
        from tiebreak.io.output import write_atomic

        write_atomic(target, lambda f: self.package.write(f, self._replaced, self._added))


_AFTER_NAMES = ("calcPr", "oleSize", "customWorkbookViews", "pivotCaches", "smartTagPr", "smartTagTypes", "webPublishing", "fileRecoveryPr", "webPublishObjects", "extLst")


def _set_defined_names(xml: bytes, names: dict[str, str]) -> bytes:
    """Workbook-level defined names set to references (replaced when they exist, added otherwise)."""

    prefix, _ = _root_prefix(xml, "workbook", MAIN_NS)
    p = re.escape(prefix)
    for name, ref in names.items():
        value = escape(ref).encode("utf-8")
        existing = re.compile(rb"(<" + p + rb'definedName\s+(?:(?!localSheetId)[^>])*?name="' + re.escape(name.encode()) + rb'"(?:(?!localSheetId)[^>])*>)(.*?)(</' + p + rb"definedName>)", re.IGNORECASE | re.DOTALL)
        m = existing.search(xml)
        if m:
            if m.group(2) != value:
                xml = xml[: m.start(2)] + value + xml[m.end(2) :]
            continue
        element = b"<" + prefix + b'definedName name="' + name.encode() + b'">' + value + b"</" + prefix + b"definedName>"
        if re.search(rb"<" + p + rb"definedNames[\s>]", xml):
            xml = _insert_before_close(xml, prefix, b"definedNames", element)
            continue
        block = b"<" + prefix + b"definedNames>" + element + b"</" + prefix + b"definedNames>"
        for follower in _AFTER_NAMES:
            at = re.search(rb"<" + p + follower.encode() + rb"[\s/>]", xml)
            if at:
                xml = xml[: at.start()] + block + xml[at.start() :]
                break
        else:
            xml = _insert_before_close(xml, prefix, b"workbook", block)
    return xml


def _app_with_sheets(xml: bytes, names: list[str], worksheets: list[str]) -> bytes | None:
    """``docProps/app.xml`` listing added worksheets (the worksheets' count and titles); None if its shape is unusual.

    The worksheets' group is the first of the heading pairs whose count and
    titles are the workbook's worksheets (its label is in Excel's language:
    "Worksheets", "Листы", "Arbeitsblätter" ...).
    """
    m = re.search(rb"<(?:[\w.-]+:)?lpstr>[^<]*</(?:[\w.-]+:)?lpstr>\s*</(?:[\w.-]+:)?variant>\s*<(?:[\w.-]+:)?variant>\s*<(?:[\w.-]+:)?i4>(\d+)</", xml)
    t = re.search(rb"<((?:[\w.-]+:)?)TitlesOfParts>\s*<((?:[\w.-]+:)?)vector\b([^>]*)>", xml)
    if not m or not t or m.start() > t.start() or int(m.group(1)) != len(worksheets):
        return None
    count = int(m.group(1))
    size = re.search(rb'size="(\d+)"', t.group(3))
    if not size:
        return None
    vp = t.group(2)
    lp = re.compile(rb"<" + re.escape(vp) + rb"lpstr>.*?</" + re.escape(vp) + rb"lpstr>|<" + re.escape(vp) + rb"lpstr/>", re.DOTALL)

    pos = t.end()
    for title in worksheets:
        item = lp.search(xml, pos)
        if not item or item.group(0) != b"<" + vp + b"lpstr>" + escape(title).encode("utf-8") + b"</" + vp + b"lpstr>":
            return None
        pos = item.end()

    added = b"".join(b"<" + vp + b"lpstr>" + escape(n).encode("utf-8") + b"</" + vp + b"lpstr>" for n in names)
    new_size = str(int(size.group(1)) + len(names)).encode()
    vector_tag = t.group(0)[: t.start(3) - t.start(0)] + t.group(3).replace(size.group(0), b'size="' + new_size + b'"') + b">"
    out = xml[: t.start()] + vector_tag + xml[t.end() : pos] + added + xml[pos:]
    # the count precedes the titles, so its position is unchanged
    return out[: m.start(1)] + str(count + len(names)).encode() + out[m.end(1) :]


def read_only_suffixes() -> tuple[str, ...]:
    """The workbook types that are read (python-calamine) but never written: .xls, .ods, .xlsb."""
    from tiebreak.io.calamine_book import CALAMINE_SUFFIXES

    return CALAMINE_SUFFIXES


def open_book(path: Path) -> Any:
    """A workbook to read, for every command: .xlsx/.xlsm through :class:`SafeWorkbook`; .xls, .ods and
    .xlsb through python-calamine (read only)."""
    if path.suffix.lower() in read_only_suffixes():
        from tiebreak.io.calamine_book import CalamineBook

        return CalamineBook(path)
    return SafeWorkbook(path)
