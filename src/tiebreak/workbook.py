""".xlsx files without Excel (openpyxl): read safely, rank, write a copy atomically.

Safety:

* a file is checked before openpyxl parses it: it must be a zip of at most
  :data:`MAX_PARTS` parts whose unpacked size stays under :data:`MAX_UNPACKED`
  bytes and whose parts do not expand more than :data:`MAX_RATIO` times (zip
  bombs), and no XML part may declare a DTD or entities (XML bombs; openpyxl
  also parses with defusedxml);
* nothing in a workbook is evaluated: formulas are text, the settings sheet
  is read as plain values;
* writes go to a temporary file in the target's folder, which replaces the
  target only when complete; the input file is never written unless the
  caller asks for exactly that.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from .errors import FileFormatError, TiebreakError, checked_size
from .notation import Uncalculated
from .sheet import Plan

__all__ = ["SafeWorkbook", "check_xlsx", "MAX_UNPACKED", "MAX_RATIO", "MAX_PARTS", "MAX_FILE"]

MAX_FILE = 100 * 1024 * 1024
MAX_UNPACKED = 500 * 1024 * 1024
MAX_RATIO = 200
MAX_PARTS = 10000


def check_xlsx(path: str | os.PathLike[str]) -> list[str]:
    """Refuse files that are not workbooks or could exhaust memory; returns warnings.

    Raises :class:`FileFormatError` with the reason.
    """
    p = checked_size(path, MAX_FILE, "tiebreak reads")
    if not zipfile.is_zipfile(p):
        raise FileFormatError(f"{p}: not an .xlsx workbook (not a zip file); save it from Excel as .xlsx")
    warnings: list[str] = []
    try:
        with zipfile.ZipFile(p) as z:
            infos = z.infolist()
            if len(infos) > MAX_PARTS:
                raise FileFormatError(f"{p}: {len(infos)} parts in the file; more than {MAX_PARTS} is refused")
            total = 0
            names = set()
            for info in infos:
                names.add(info.filename)
                total += info.file_size
                if total > MAX_UNPACKED:
                    raise FileFormatError(f"{p}: unpacks to more than {MAX_UNPACKED // (1024 * 1024)} MB; refused as a possible zip bomb")
                if info.compress_size and info.file_size / info.compress_size > MAX_RATIO and info.file_size > 1024 * 1024:
                    raise FileFormatError(f"{p}: part {info.filename} expands {info.file_size // max(info.compress_size, 1)} times; refused as a possible zip bomb")
            if "xl/workbook.xml" not in names:
                raise FileFormatError(f"{p}: not an Excel workbook (no xl/workbook.xml)")
            for info in infos:
                if info.filename.endswith((".xml", ".rels", ".vml")):
                    with z.open(info) as f:
                        if _declares_dtd(f):
                            raise FileFormatError(f"{p}: part {info.filename} declares a DTD or entities; refused (XML bomb protection)")
            if any(n.startswith(("xl/drawings/", "xl/charts/", "xl/media/")) for n in names):
                warnings.append("the workbook has charts, images or shapes; the copy written with --out will not have them (openpyxl cannot keep them)")
    except zipfile.BadZipFile as err:
        raise FileFormatError(f"{p}: damaged zip file ({err})") from None
    return warnings


def _declares_dtd(stream: Any, limit: int = 16 * 1024 * 1024) -> bool:
    """Whether an XML part declares a DTD or entities before its root element.

    The prologue (declaration, processing instructions, comments) is skipped
    however long it is, up to ``limit`` bytes; a longer prologue counts as a
    declaration (nothing legitimate needs one).
    """
    buf = b""
    read = 0
    while True:
        chunk = stream.read(65536)
        read += len(chunk)
        buf += chunk
        while True:
            buf = buf.lstrip()
            if buf.startswith(b"\xef\xbb\xbf"):
                buf = buf[3:]
                continue
            if buf.startswith(b"<?"):
                end = buf.find(b"?>")
                if end < 0:
                    break
                buf = buf[end + 2 :]
                continue
            if buf.startswith(b"<!--"):
                end = buf.find(b"-->", 4)
                if end < 0:
                    break
                buf = buf[end + 3 :]
                continue
            if buf.startswith((b"<!DOCTYPE", b"<!ENTITY", b"<!doctype")):
                return True
            if len(buf) >= 2 or (buf and not chunk):
                return False  # the root element (or not XML at all: openpyxl will say so)
            break
        if not chunk:
            return False
        if read > limit:
            return True
        if len(buf) > 8 and buf.startswith(b"<!--"):
            buf = b"<!--" + buf[-8:]  # keep only the tail of a long comment


def _mode_for(target: Path) -> int:
    """The permissions a written file should have: the target's own, or the usual ones for a new file."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


class SafeWorkbook:
    """A checked workbook, loaded with its formulas (to write a copy); cell values are read from it.

    Formula cells carry the value Excel stored when it last saved the file;
    those are read (a second, value-only load) only when the sheet has formulas.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        import openpyxl
        import openpyxl.xml

        self.path = Path(path)
        self.warnings = check_xlsx(self.path)
        if not openpyxl.xml.DEFUSEDXML:
            raise FileFormatError("defusedxml is not active for openpyxl (OPENPYXL_DEFUSEDXML=False?); refusing to parse untrusted XML")
        self._keep_vba = self.path.suffix.lower() in (".xlsm", ".xltm")
        self.wb = self._load(data_only=False)
        self._wb_values: Any = None
        self._values: dict[str, dict[tuple[int, int], Any]] = {}

    def _load(self, data_only: bool) -> Any:
        import openpyxl

        try:
            return openpyxl.load_workbook(self.path, data_only=data_only, keep_vba=self._keep_vba and not data_only, keep_links=not data_only)
        except TiebreakError:
            raise
        except Exception as err:  # openpyxl's and defusedxml's errors on a damaged or hostile file
            name = type(err).__name__
            if name in ("DTDForbidden", "EntitiesForbidden", "ExternalReferenceForbidden", "NotSupportedError"):
                raise FileFormatError(f"{self.path}: a part of the file declares a DTD or entities; refused (XML bomb protection)") from None
            raise FileFormatError(f"{self.path}: cannot be read as a workbook ({name}: {err})") from None

    # BookSource
    def sheet_names(self) -> list[str]:
        return list(self.wb.sheetnames)

    def active_sheet(self) -> str:
        ws = self.wb.active
        return ws.title if ws is not None else self.wb.sheetnames[0]

    def values(self, sheet: str) -> dict[tuple[int, int], Any]:
        """The sheet's non-empty cells, (row, column) → value, 0-based (a stray far cell costs nothing)."""
        if sheet in self._values:
            return self._values[sheet]
        ws = self.wb[sheet]
        cells: dict[tuple[int, int], Any] = {}
        formulas: list[tuple[int, int, str]] = []
        for (r, c), cell in getattr(ws, "_cells", {}).items():  # a chart sheet has no cells
            v = cell.value
            if v is None:
                continue
            if cell.data_type == "f" or (isinstance(v, str) and v.startswith("=")):
                formulas.append((r, c, str(v)))
                continue
            if hasattr(v, "isoformat"):
                v = v.isoformat()
            cells[(r - 1, c - 1)] = v
        if formulas:
            if self._wb_values is None:
                self._wb_values = self._load(data_only=True)
            stored = self._wb_values[sheet]
            for r, c, f in formulas:
                v = stored.cell(r, c).value
                cells[(r - 1, c - 1)] = Uncalculated(f) if v is None else (v.isoformat() if hasattr(v, "isoformat") else v)
        self._values[sheet] = cells
        return cells

    def named_range(self, name: str) -> tuple[str, int, int, int, int] | None:
        from openpyxl.utils.cell import range_boundaries

        dn = None
        for key, value in self.wb.defined_names.items():
            if key.casefold() == name.casefold():
                dn = value
        if dn is None:
            for ws in self.wb.worksheets:
                for key, value in ws.defined_names.items():
                    if key.casefold() == name.casefold():
                        dn = value
        if dn is None:
            return None
        try:
            dests = list(dn.destinations)
        except Exception:
            return None
        if len(dests) != 1:
            return None
        sheet, ref = dests[0]
        try:
            c1, r1, c2, r2 = range_boundaries(ref.replace("$", ""))
        except ValueError:
            return None
        if sheet not in self.wb.sheetnames or None in (c1, r1, c2, r2):
            return None
        return sheet, int(r1), int(c1), int(r2), int(c2)  # type: ignore[arg-type]

    # writing
    def apply(self, plan: Plan) -> None:
        created = set(plan.create_sheets)
        for name in plan.create_sheets:
            self.wb.create_sheet(name)
        for name in plan.clear_sheets:
            ws = self.wb[name]
            for row in ws.iter_rows():
                for cell in row:
                    cell.value = None
        for w in plan.writes:
            ws = self.wb[w.sheet]
            if w.sheet in created and w.row == 1 and w.column == 1 and ws.max_row == 1 and ws.max_column == 1:
                for row in w.values:  # a new sheet filled from A1: appending rows is much faster
                    ws.append([None if v == "" else v for v in row])
                continue
            for i, row in enumerate(w.values):
                for j, v in enumerate(row):
                    ws.cell(w.row + i, w.column + j).value = None if v == "" else v
        self.wb.active = self.wb.sheetnames.index(plan.sheet)

    def save(self, target: str | os.PathLike[str]) -> None:
        """Write to a temporary file beside ``target``, then replace ``target`` with it."""
        target = Path(target)
        folder = target.parent if str(target.parent) else Path(".")
        fd, tmp = tempfile.mkstemp(prefix=".tiebreak-", suffix=target.suffix or ".xlsx", dir=folder)
        os.close(fd)
        try:
            self.wb.save(tmp)
            os.chmod(tmp, _mode_for(target))
            os.replace(tmp, target)
        except OSError as err:
            raise FileFormatError(f"{target}: cannot write the file ({err.strerror})") from None
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
