"""Classic xlwings (Windows, COM) run on any system: the COM layer stood in for, xlwings' own code running.

Classic xlwings needs pywin32 (``pythoncom``, ``pywintypes``, ``win32com.client``, ``win32api`` ...)
and ``ctypes.windll``; :func:`classic` installs small stand-ins for them into ``sys.modules``,
imports xlwings' real ``xlwings._xlwindows`` and ``xlwings.udfs`` (``call_udf``, the value
cleaning of COM values), and loads a second copy of ``tiebreak.excel.functions`` decorated by
``xlwings.udfs`` (classic's ``@xw.func``), as classic Excel imports the UDF module.  On leaving,
every module and attribute it touched is restored, so the rest of the suite keeps running as
xlwings Lite / Server.

The workbook is stood in for by :class:`XlBook`, :class:`XlSheet` and :class:`XlRange`, COM-shaped:
a range's ``Value`` is a scalar for one cell and a tuple of row tuples otherwise, numbers are
floats, an error cell is the COM error integer (``#SPILL!`` = -2146826243), an empty cell None.
"""

from __future__ import annotations

import builtins
import contextlib
import ctypes
import importlib
import importlib.util
import re
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import xlwings

RANGE_IID = "{00020846-0000-0000-C000-000000000046}"
MISSING = -2147352572  # an argument left out of the formula, as COM hands it to call_udf

# Excel's error values as COM delivers them: HRESULT 0x800A07D0 + (xlErr code - 2000)
XL_ERRORS = {
    "#NULL!": 2000, "#DIV/0!": 2007, "#VALUE!": 2015, "#REF!": 2023, "#NAME?": 2029, "#NUM!": 2036,
    "#N/A": 2042, "#GETTING_DATA": 2043, "#SPILL!": 2045, "#CONNECT!": 2046, "#BLOCKED!": 2047,
    "#UNKNOWN!": 2048, "#FIELD!": 2049, "#CALC!": 2050, "#BUSY!": 2051,
}
COM_ERRORS = {name: -2146826288 + code - 2000 for name, code in XL_ERRORS.items()}
assert COM_ERRORS["#SPILL!"] == -2146826243 and COM_ERRORS["#DIV/0!"] == -2146826281


class ComError(Exception):
    """pywintypes.com_error: (hresult, text, excepinfo, argerror)."""

    def __init__(self, hresult: int = -2147352567, description: str = "") -> None:
        # Excel's own text is the excepinfo's description, as pywin32 reports a refused call
        exc = (0, "Microsoft Excel", description, None, 0, -2146827284) if description else None
        super().__init__(hresult, "Exception occurred." if description else description, exc, None)
        self.hresult = hresult


class _Anything:
    """A pywin32 member classic xlwings touches but the tests need nothing from."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return _Anything()

    def __getattr__(self, name: str) -> Any:
        return _Anything()


def _fake_modules() -> dict[str, types.ModuleType]:
    pywintypes = types.ModuleType("pywintypes")
    pywintypes.IID = lambda s: s  # type: ignore[attr-defined]
    pywintypes.com_error = ComError  # type: ignore[attr-defined]
    pywintypes.TimeType = type("TimeType", (), {})  # type: ignore[attr-defined]

    pythoncom = types.ModuleType("pythoncom")
    pythoncom.CoInitialize = lambda: None  # type: ignore[attr-defined]
    pythoncom.IID_IDispatch = "IDispatch"  # type: ignore[attr-defined]
    pythoncom.CoMarshalInterThreadInterfaceInStream = lambda iid, obj: obj  # type: ignore[attr-defined]
    pythoncom.CoGetInterfaceAndReleaseStream = lambda stream, iid: stream  # type: ignore[attr-defined]
    pythoncom.com_error = ComError  # type: ignore[attr-defined]
    pythoncom.__file__ = "pythoncom.dll"

    win32com = types.ModuleType("win32com")
    client = types.ModuleType("win32com.client")
    for name in ("CDispatch", "CoClassBaseClass", "DispatchBaseClass"):
        setattr(client, name, type(name, (), {}))
    client.Dispatch = lambda obj, *a, **k: obj  # type: ignore[attr-defined]
    client.DispatchEx = _Anything  # type: ignore[attr-defined]
    client.gencache = _Anything()  # type: ignore[attr-defined]
    win32com.client = client  # type: ignore[attr-defined]

    win32process = types.ModuleType("win32process")
    win32process.GetWindowThreadProcessId = lambda hwnd: (0, 4242)  # type: ignore[attr-defined]
    win32api = types.ModuleType("win32api")
    win32api.MessageBox = lambda *a: 1  # type: ignore[attr-defined]
    win32con = types.ModuleType("win32con")
    for i, name in enumerate(("MB_OK", "MB_OKCANCEL", "MB_YESNO", "MB_YESNOCANCEL", "MB_ICONINFORMATION", "MB_ICONWARNING")):
        setattr(win32con, name, i)
    win32timezone = types.ModuleType("win32timezone")
    win32timezone.TimeZoneInfo = _Anything()  # type: ignore[attr-defined]
    win32gui = types.ModuleType("win32gui")
    win32gui.__getattr__ = lambda name: _Anything()  # type: ignore[attr-defined]  # FindWindowEx, SetForegroundWindow ...
    win32api.__getattr__ = lambda name: _Anything()  # type: ignore[attr-defined]

    patch = types.ModuleType("xlwings._win32patch")
    patch.CoClassBaseClass = client.CoClassBaseClass  # type: ignore[attr-defined]
    com_server = types.ModuleType("xlwings.com_server")
    com_server.loop = None  # type: ignore[attr-defined]
    return {
        "pywintypes": pywintypes, "pythoncom": pythoncom, "win32com": win32com, "win32com.client": client,
        "win32process": win32process, "win32api": win32api, "win32con": win32con, "win32timezone": win32timezone,
        "win32gui": win32gui, "xlwings._win32patch": patch, "xlwings.com_server": com_server,
    }


@dataclass
class Classic:
    """What :func:`classic` gives a test: xlwings' classic modules and the UDF module as classic loads it."""

    udfs: Any
    xlwindows: Any
    functions: Any
    module_name: str

    def call(self, func_name: str, *args: Any, caller: XlRange) -> Any:
        """A worksheet function as classic Excel calls it: the VBA wrapper's Variant arguments through ``call_udf``,
        with ``Application.Caller``, the calling cell."""
        return self.udfs.call_udf(self.module_name, func_name, tuple(args), None, caller)

    def book(self, xl_book: XlBook) -> Any:
        """An xlwings Book over a stand-in COM workbook, as ``xw.Book.caller()`` gives Rank."""
        return xlwings.Book(impl=self.xlwindows.Book(xl_book))


@contextlib.contextmanager
def classic() -> Iterator[Classic]:
    saved_modules = dict(sys.modules)
    saved_attrs = {name: getattr(xlwings, name) for name in ("func", "arg", "ret", "script") if hasattr(xlwings, name)}
    saved_ctypes = {name: getattr(ctypes, name, None) for name in ("windll", "oledll", "PyDLL")}
    engines = xlwings.engines
    saved_engines = (list(engines.engines), dict(engines.engines_by_name), engines.active)
    had_windows_error = hasattr(builtins, "WindowsError")
    had = {name: hasattr(xlwings, name) for name in ("_xlwindows", "udfs", "com_server", "_win32patch")}
    try:
        sys.modules.update(_fake_modules())
        builtins.WindowsError = OSError  # type: ignore[attr-defined]
        ctypes.windll = _Anything()  # type: ignore[attr-defined]
        ctypes.oledll = _Anything()  # type: ignore[attr-defined]
        ctypes.PyDLL = _Anything  # type: ignore[misc, assignment]
        xlwindows = importlib.import_module("xlwings._xlwindows")
        udfs = importlib.import_module("xlwings.udfs")
        engines.add(xlwings.Engine(impl=xlwindows.engine))
        engines.active = engines["excel"]
        xlwindows.get_excel_hwnds = lambda: [XlApp.Hwnd]  # the Win32 window list: one Excel
        xlwindows.get_xl_app_from_hwnd = lambda hwnd: XlApp()
        xlwings.func, xlwings.arg, xlwings.ret, xlwings.script = udfs.xlfunc, udfs.xlarg, udfs.xlret, udfs.xlsub  # type: ignore[assignment]
        name = "tiebreak_classic_udfs"
        spec = importlib.util.find_spec("tiebreak.excel.functions")
        assert spec is not None and spec.origin is not None
        own = importlib.util.spec_from_file_location(name, spec.origin)
        assert own is not None and own.loader is not None
        module = importlib.util.module_from_spec(own)
        sys.modules[name] = module
        own.loader.exec_module(module)
        udfs.udf_modules[name] = {"filename": spec.origin, "filetime": None, "module": module}
        yield Classic(udfs, xlwindows, module, name)
    finally:
        for key in set(sys.modules) - set(saved_modules):
            del sys.modules[key]
        sys.modules.update(saved_modules)
        for attr, value in saved_attrs.items():
            setattr(xlwings, attr, value)
        for attr, value in saved_ctypes.items():
            if value is None:
                with contextlib.suppress(AttributeError):
                    delattr(ctypes, attr)
            else:
                setattr(ctypes, attr, value)
        engines.engines[:], engines.engines_by_name, engines.active = saved_engines[0], saved_engines[1], saved_engines[2]
        if not had_windows_error:
            with contextlib.suppress(AttributeError):
                del builtins.WindowsError  # type: ignore[attr-defined]
        for attr, present in had.items():
            if not present and hasattr(xlwings, attr):
                delattr(xlwings, attr)


# --------------------------------------------------------------------------- the stand-in workbook
def com_value(v: Any) -> Any:
    """A Python cell value as COM delivers it: numbers as floats, "#SPILL!" as its COM integer, "" as None."""
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str) and v in COM_ERRORS:
        return COM_ERRORS[v]
    if v == "":
        return None
    return v


def _col(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def _letters(c: int) -> str:
    s = ""
    while c:
        c, r = divmod(c - 1, 26)
        s = chr(65 + r) + s
    return s


class _Count:
    def __init__(self, n: int) -> None:
        self.Count = n


class _TypeInfo:
    def __init__(self, iid: str) -> None:
        self.iid = iid

    def GetTypeInfo(self) -> _TypeInfo:
        return self

    def GetTypeAttr(self) -> _TypeInfo:
        return self


class XlBook:
    """A COM Workbook: ``Name``, ``Worksheets``, ``Names``, ``Application``, ``ActiveSheet``."""

    def __init__(self, name: str = "Book1.xlsx", refuse: Any = None) -> None:
        self.Name = name
        self.sheets: list[XlSheet] = []
        self.names: list[XlName] = []
        self.ActiveSheet: XlSheet | None = None
        self.Application = XlApp()
        self.ProtectStructure = False
        self.refuse = refuse  # a callable(action, detail) raising ComError, for Excel refusing a change
        self.log: list[str] = []

    def sheet(self, name: str, rows: list[list[Any]] | None = None, at: tuple[int, int] = (1, 1)) -> XlSheet:
        sh = XlSheet(self, name)
        self.sheets.append(sh)
        if self.ActiveSheet is None:
            self.ActiveSheet = sh
        for i, row in enumerate(rows or []):
            for j, v in enumerate(row):
                sh.put(at[0] + i, at[1] + j, v)
        return sh

    @property
    def Worksheets(self) -> XlSheets:
        return XlSheets(self)

    @property
    def Names(self) -> XlNames:
        return XlNames(self)

    def Activate(self) -> None:
        pass

    def check(self, action: str, detail: str) -> None:
        if self.refuse is not None:
            self.refuse(action, detail)
        self.log.append(f"{action} {detail}")


class XlApp:
    Hwnd = 1
    Version = "16.0"


class XlSheets:
    def __init__(self, book: XlBook) -> None:
        self.book = book
        self.Parent = book

    @property
    def Count(self) -> int:
        return len(self.book.sheets)

    def __iter__(self) -> Iterator[XlSheet]:
        return iter(list(self.book.sheets))

    def __call__(self, key: Any) -> XlSheet:
        if isinstance(key, (int, float)):
            return self.book.sheets[int(key) - 1]
        for sh in self.book.sheets:
            if sh.Name.casefold() == str(key).casefold():
                return sh
        raise ComError(-2147352565, "Invalid index.")

    def Add(self, Before: Any = None, After: Any = None) -> XlSheet:
        n = 1
        while any(s.Name.casefold() == f"sheet{n}" for s in self.book.sheets):
            n += 1
        self.book.check("add", f"Sheet{n}")
        sh = XlSheet(self.book, f"Sheet{n}")
        at = self.book.sheets.index(Before) if Before is not None else len(self.book.sheets)
        self.book.sheets.insert(at, sh)
        self.book.ActiveSheet = sh
        return sh


class XlNames:
    def __init__(self, book: XlBook) -> None:
        self.book = book

    @property
    def Count(self) -> int:
        return len(self.book.names)

    def __iter__(self) -> Iterator[XlName]:
        return iter(list(self.book.names))

    def __call__(self, key: Any) -> XlName:
        if isinstance(key, (int, float)):
            return self.book.names[int(key) - 1]
        for n in self.book.names:
            if n.Name.casefold() == str(key).casefold():
                return n
        raise ComError(-2147352565, "Invalid index.")

    def Add(self, Name: str, RefersTo: str) -> XlName:
        self.book.check("name", f"{Name} {RefersTo}")
        name = XlName(self.book, Name, RefersTo)
        self.book.names.append(name)
        return name


class XlName:
    def __init__(self, book: XlBook, name: str, refers_to: str) -> None:
        self.book, self.Name = book, name
        self._refers_to = refers_to

    @property
    def RefersTo(self) -> str:
        return self._refers_to

    @RefersTo.setter
    def RefersTo(self, value: str) -> None:
        self.book.check("name", f"{self.Name} {value}")
        self._refers_to = value

    @property
    def RefersToRange(self) -> XlRange:
        """The range, read back as Excel parses the reference: an unquoted ``2026!`` or ``R1!`` is no sheet."""
        m = re.fullmatch(r"=(?:'((?:[^']|'')+)'|([A-Za-z_][\w.]*))!\$([A-Z]+)\$(\d+)(?::\$([A-Z]+)\$(\d+))?", self._refers_to)
        if m is None:
            raise ComError(-2147352567, "not a range")
        sheet = m.group(1).replace("''", "'") if m.group(1) else m.group(2)
        if m.group(2) and (re.fullmatch(r"[A-Za-z]{1,3}\d+|[Rr]\d*([Cc]\d*)?|[Cc]\d*", sheet)):
            raise ComError(-2147352567, f"Excel reads {sheet}! as a reference, not a sheet")
        sh = self.book.Worksheets(sheet)
        r1, c1 = int(m.group(4)), _col(m.group(3))
        r2, c2 = (int(m.group(6)), _col(m.group(5))) if m.group(5) else (r1, c1)
        return XlRange(sh, r1, c1, r2, c2)


class XlSheet:
    """A COM Worksheet: cells in a dict, values COM-shaped (see :func:`com_value`), formulas beside them."""

    def __init__(self, book: XlBook, name: str) -> None:
        self.Parent = book
        self._name = name
        self.cells: dict[tuple[int, int], Any] = {}
        self.formulas: dict[tuple[int, int], str] = {}
        self.ProtectContents = False
        self.reads = 0  # cells read through Value: what a call costs

    @property
    def Name(self) -> str:
        return self._name

    @Name.setter
    def Name(self, value: str) -> None:
        if any(s is not self and s.Name.casefold() == value.casefold() for s in self.Parent.sheets):
            raise ComError(-2147352567, "That name is already taken. Try a different one.")
        self.Parent.check("rename", f"{self._name} {value}")
        self._name = value

    @property
    def Index(self) -> int:
        return self.Parent.sheets.index(self) + 1

    def put(self, r: int, c: int, v: Any) -> None:
        if isinstance(v, str) and v.startswith("="):
            self.formulas[(r, c)] = v
            return
        v = com_value(v)
        if v is None:
            self.cells.pop((r, c), None)
        else:
            self.cells[(r, c)] = v

    def Cells(self, r: int, c: int) -> XlRange:
        return XlRange(self, r, c, r, c)

    def Range(self, a: Any, b: Any = None) -> XlRange:
        if isinstance(a, str):
            m = re.fullmatch(r"\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?", a.upper())
            assert m, a
            r1, c1 = int(m.group(2)), _col(m.group(1))
            r2, c2 = (int(m.group(4)), _col(m.group(3))) if m.group(3) else (r1, c1)
            return XlRange(self, r1, c1, r2, c2)
        b = a if b is None else b
        return XlRange(self, min(a.Row, b.Row), min(a.Column, b.Column), max(a.last[0], b.last[0]), max(a.last[1], b.last[1]))

    @property
    def UsedRange(self) -> XlRange:
        keys = list(self.cells) + list(self.formulas)
        if not keys:
            return XlRange(self, 1, 1, 1, 1)
        return XlRange(self, min(r for r, _ in keys), min(c for _, c in keys), max(r for r, _ in keys), max(c for _, c in keys))

    def Activate(self) -> None:
        self.Parent.ActiveSheet = self

    def Move(self, Before: XlSheet) -> None:
        sheets = self.Parent.sheets
        sheets.remove(self)
        sheets.insert(sheets.index(Before), self)

    def Delete(self) -> None:
        self.Parent.check("delete", self.Name)
        self.Parent.sheets.remove(self)

    @property
    def ListObjects(self) -> list[Any]:
        return []

    def grid(self) -> list[list[Any]]:
        """The used cells from A1, as the tests compare them (COM floats, errors as integers)."""
        used = self.UsedRange
        return [[self.cells.get((r, c)) for c in range(1, used.last[1] + 1)] for r in range(1, used.last[0] + 1)]


class XlRange:
    """A COM Range: ``Value`` (settable), ``Formula``, ``Row``/``Column``, ``Rows``/``Columns``, ``MergeCells`` ..."""

    def __init__(self, sheet: XlSheet, r1: int, c1: int, r2: int, c2: int) -> None:
        self.Worksheet = sheet
        self.Row, self.Column = r1, c1
        self.last = (r2, c2)
        self._oleobj_ = _TypeInfo(RANGE_IID)
        self.CLSID = RANGE_IID
        self.MergeCells = False

    @property
    def Parent(self) -> XlSheet:
        return self.Worksheet

    def __call__(self, r: int, c: int) -> XlRange:
        """``Range(row, column)``: the cell at that offset (1-based) from the range's first cell."""
        return XlRange(self.Worksheet, self.Row + r - 1, self.Column + c - 1, self.Row + r - 1, self.Column + c - 1)

    @property
    def Rows(self) -> _Count:
        return _Count(self.last[0] - self.Row + 1)

    @property
    def Columns(self) -> _Count:
        return _Count(self.last[1] - self.Column + 1)

    @property
    def Count(self) -> int:
        return self.Rows.Count * self.Columns.Count

    @property
    def Address(self) -> str:
        first = f"${_letters(self.Column)}${self.Row}"
        if self.last == (self.Row, self.Column):
            return first
        return f"{first}:${_letters(self.last[1])}${self.last[0]}"

    @property
    def MergeArea(self) -> XlRange:
        return self

    def _shape(self, read: Any) -> Any:
        rows = tuple(
            tuple(read(r, c) for c in range(self.Column, self.last[1] + 1)) for r in range(self.Row, self.last[0] + 1)
        )
        return rows[0][0] if len(rows) == 1 and len(rows[0]) == 1 else rows

    @property
    def Value(self) -> Any:
        self.Worksheet.reads += self.Count
        return self._shape(lambda r, c: self.Worksheet.cells.get((r, c)))

    @Value.setter
    def Value(self, data: Any) -> None:
        sheet = self.Worksheet
        if sheet.ProtectContents:
            raise ComError(-2147352567, "The cell or chart you're trying to change is on a protected sheet.")
        sheet.Parent.check("write", f"{sheet.Name}!{self.Address}")
        rows = data if isinstance(data, (list, tuple)) and data and isinstance(data[0], (list, tuple)) else [[data]]
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                sheet.formulas.pop((self.Row + i, self.Column + j), None)
                sheet.put(self.Row + i, self.Column + j, v)

    @property
    def Formula(self) -> Any:
        sheet = self.Worksheet

        def text(r: int, c: int) -> str:
            if (r, c) in sheet.formulas:
                return sheet.formulas[(r, c)]
            v = sheet.cells.get((r, c))
            return "" if v is None else str(v)

        return self._shape(text)

    def ClearContents(self) -> None:
        sheet = self.Worksheet
        for key in [k for k in sheet.cells if self.Row <= k[0] <= self.last[0] and self.Column <= k[1] <= self.last[1]]:
            del sheet.cells[key]

    def Resize(self, rows: int, cols: int) -> XlRange:
        return XlRange(self.Worksheet, self.Row, self.Column, self.Row + rows - 1, self.Column + cols - 1)
