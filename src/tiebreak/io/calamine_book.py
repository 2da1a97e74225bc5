"""Reading .xls and .ods workbooks (python-calamine) for ``tiebreak rank`` and ``tiebreak export``.

Only reading: tiebreak writes .xlsx.  The values come as Excel shows them
(numbers, text, dates); an empty cell is None, as in the .xlsx reader.
"""

from __future__ import annotations

import datetime
import zipfile
from pathlib import Path
from typing import Any

from tiebreak.core.errors import FileFormatError, checked_size
from tiebreak.core.i18n import _
from tiebreak.io.book_names import DefinedName, defined_names

__all__ = ["CALAMINE_SUFFIXES", "CalamineBook"]

CALAMINE_SUFFIXES = (".xls", ".ods", ".xlsb")
MAX_FILE = 100 * 1024 * 1024
MAX_SHEET_CELLS = 4_000_000  # a sheet's used rectangle, checked before its rows are built


def check_zip_budget(p: Path) -> None:
    """Refuse a zipped workbook (.ods, .xlsb) whose parts unpack too large or expand too much, before calamine reads it."""
    from tiebreak.io.package import MAX_PART, MAX_RATIO, MAX_UNPACKED

    try:
        with zipfile.ZipFile(p) as z:
            infos = z.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, RuntimeError):
        return  # not a zip (or a damaged one): calamine says what it is
    total = 0
    for info in infos:
        total += info.file_size
        if total > MAX_UNPACKED:
            raise FileFormatError(_("{path}: unpacks to more than {number} MB; refused as a possible zip bomb").format(path=p, number=MAX_UNPACKED // (1024 * 1024)))
        if info.file_size > MAX_PART:
            raise FileFormatError(
                _("{path}: part {part} unpacks to {size} MB; more than the {limit} MB tiebreak reads in a part").format(
                    path=p, part=info.filename, size=info.file_size // (1024 * 1024), limit=MAX_PART // (1024 * 1024)
                )
            )
        if info.compress_size and info.file_size / info.compress_size > MAX_RATIO and info.file_size > 1024 * 1024:
            raise FileFormatError(_("{path}: part {part} expands {number} times; refused as a possible zip bomb").format(path=p, part=info.filename, number=info.file_size // max(info.compress_size, 1)))


class CalamineBook:
    """A read-only workbook (the ``BookSource`` the planning reads from)."""

    def __init__(self, path: str | Path) -> None:
        from tiebreak.io.package import check_input

        p = checked_size(check_input(path), MAX_FILE, "tiebreak reads")
        check_zip_budget(p)
        try:
            from python_calamine import CalamineWorkbook
        except ImportError:  # pragma: no cover - a dependency of tiebreak
            raise FileFormatError(_("{path}: reading {suffix} files needs python-calamine (pip install python-calamine)").format(path=p, suffix=p.suffix)) from None
        try:
            self._book = CalamineWorkbook.from_path(str(p))
            meta = self._book.sheets_metadata
        except Exception as err:  # noqa: BLE001 - calamine raises its own error types for damaged files
            raise FileFormatError(_("{path}: not a readable {suffix} workbook ({kind}: {error})").format(path=p, suffix=p.suffix, kind=type(err).__name__, error=err)) from None
        self.path = p
        self.warnings: list[str] = []
        self._names = [m.name for m in meta if str(m.typ).endswith("WorkSheet")]
        visible = [m.name for m in meta if str(m.typ).endswith("WorkSheet") and str(m.visible).endswith("Visible") and not str(m.visible).endswith("Hidden")]
        self._active = (visible or self._names or [""])[0]
        self._values: dict[str, list[list[Any]]] = {}
        self._defined: list[DefinedName] | None = None

    def sheet_names(self) -> list[str]:
        return list(self._names)

    def active_sheet(self) -> str:
        """The first visible worksheet (the files do not all record which sheet was active)."""
        return self._active

    def values(self, sheet: str) -> list[list[Any]]:
        if sheet not in self._values:
            try:
                found = self._book.get_sheet_by_name(sheet)
                height, width = found.height, found.width
                if height * width > MAX_SHEET_CELLS:
                    raise FileFormatError(
                        _("{path}: sheet '{sheet}' uses {rows} rows and {columns} columns; more than {limit} cells is beyond what tiebreak reads").format(
                            path=self.path, sheet=sheet, rows=height, columns=width, limit=f"{MAX_SHEET_CELLS:,}"
                        )
                    )
                rows = found.to_python(skip_empty_area=False)
            except FileFormatError:
                raise
            except Exception as err:  # noqa: BLE001 - calamine raises its own undocumented errors: each becomes a message
                raise FileFormatError(_("{path}: sheet '{sheet}' cannot be read ({kind}: {error})").format(path=self.path, sheet=sheet, kind=type(err).__name__, error=err)) from None
            self._values[sheet] = [[_cell(v) for v in row] for row in rows]
        return self._values[sheet]

    def named_range(self, name: str) -> tuple[str, int, int, int, int] | None:
        """A defined name's range (.ods and .xls; workbook-level names first), as the .xlsx reader gives it."""
        if self._defined is None:
            self._defined = defined_names(self.path)
        found = sorted((n for n in self._defined if n[0].casefold() == name.casefold()), key=lambda n: n[1])
        for _name, _local, sheet, r1, c1, r2, c2 in found:
            if sheet in self._names:
                return sheet, r1, c1, r2, c2
        return None


def _cell(v: Any) -> Any:
    if v == "" or v is None:
        return None
    if isinstance(v, datetime.timedelta):  # a time of day or a duration: not a crosstable value
        return str(v)
    return v
