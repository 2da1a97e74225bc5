"""Reading .xls and .ods workbooks (python-calamine) for ``tiebreak rank`` and ``tiebreak export``.

Only reading: tiebreak writes .xlsx.  The values come as Excel shows them
(numbers, text, dates); an empty cell is None, as in the .xlsx reader.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from tiebreak.core.errors import FileFormatError, checked_size
from tiebreak.core.i18n import _
from tiebreak.io.book_names import DefinedName, defined_names

__all__ = ["CALAMINE_SUFFIXES", "CalamineBook"]

CALAMINE_SUFFIXES = (".xls", ".ods", ".xlsb")
MAX_FILE = 100 * 1024 * 1024


class CalamineBook:
    """A read-only workbook (the ``BookSource`` the planning reads from)."""

    def __init__(self, path: str | Path) -> None:
        p = checked_size(path, MAX_FILE, "tiebreak reads")
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
                rows = self._book.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
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
