"""``tiebreak doctor``: what classic xlwings needs on this computer, checked and explained.

It reports the Python it runs in (the path for the xlwings add-in's
Interpreter box), the installed xlwings against the version tiebreak pins,
whether ``tiebreak.excel.functions`` and the Rank add-in's module import, and
which xlwings settings files exist and what they say.

This module never imports xlwings: versions come from the installed packages'
metadata, and the import check runs in a separate Python process, so a broken
xlwings shows as a message, not as a crash of the doctor.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from tiebreak.core.i18n import _
from tiebreak.core.version import __version__

__all__ = ["Report", "add_parser", "diagnose", "pinned_xlwings", "read_conf", "run", "version_text"]

FUNCTIONS_MODULE = "tiebreak.excel.functions"
RANK_MODULE = "tiebreak_rank"
XLWINGS_CONF = "xlwings.conf"  # read by the xlwings add-in (xlwings.xlam): worksheet functions
RANK_CONF = "myaddin.conf"  # read by the Rank add-in (tiebreak_rank.xlam): its VBA keeps the template's name
KEYS = ("INTERPRETER_WIN", "INTERPRETER", "CONDA PATH", "CONDA ENV", "UDF MODULES", "PYTHONPATH")
IMPORT_TIMEOUT = 120.0


def version_text() -> str:
    """What ``tiebreak --version`` prints."""
    return f"tiebreak {__version__}"


def pinned_xlwings() -> str | None:
    """The xlwings version tiebreak's installed metadata pins (``xlwings==X``), or None if unknown."""
    try:
        requires = metadata.requires("tiebreak") or []
    except metadata.PackageNotFoundError:
        return None
    for req in requires:
        m = re.match(r"\s*xlwings\s*==\s*([A-Za-z0-9.]+)", req)
        if m:
            return m.group(1)
    return None


def installed_xlwings() -> str | None:
    try:
        return metadata.version("xlwings")
    except metadata.PackageNotFoundError:
        return None


@dataclass
class ConfFile:
    """One xlwings settings file: where, whether it exists, its settings and unreadable lines."""

    path: Path
    exists: bool
    settings: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


UTF8_BOM = b"\xef\xbb\xbf"


def ansi_code_page() -> str:
    """The code page the add-ins' VBA reads a settings file in: Windows' ANSI code page (cp1251 on a Russian
    Windows, cp1252 on a Western one); elsewhere cp1252, the code page of most Windows computers."""
    if sys.platform == "win32":
        import locale

        return locale.getencoding()
    return "cp1252"


def read_conf(path: Path, code_page: str | None = None) -> ConfFile:
    """Read a settings file as xlwings' VBA does: one ``"KEY","VALUE"`` pair per line, in the ANSI code page.

    VBA's ``Open ... For Input`` knows no UTF-8 and no byte-order mark: a UTF-8 BOM becomes part of
    the first key (so that setting is lost), and a letter outside ASCII, saved as UTF-8 (as Notepad
    saves by default), becomes other letters: ``C:\\Users\\Иван`` a folder that does not exist.
    """
    if not path.is_file():
        return ConfFile(path, False)
    conf = ConfFile(path, True)
    try:
        raw = path.read_bytes()
    except OSError as err:
        conf.problems.append(_("cannot be read ({reason})").format(reason=err.strerror))
        return conf
    page = code_page or ansi_code_page()
    text = raw.decode(page, errors="replace")
    _encoding_problems(conf, raw, page)
    for number, row in enumerate(csv.reader(text.splitlines()), start=1):
        if not row or all(not cell.strip() for cell in row):
            conf.problems.append(_("line {number} is blank: xlwings stops reading the file there").format(number=number))
            break
        if len(row) != 2:
            conf.problems.append(_('line {number} is not "KEY","VALUE": {text}').format(number=number, text=repr(",".join(row)[:80])))
            continue
        key, value = row[0].strip().upper(), row[1].strip()
        if key.startswith("#"):
            continue
        conf.settings.setdefault(key, value)  # xlwings takes the first line with the key
    interpreter = conf.settings.get("INTERPRETER_WIN", "")
    if interpreter and not Path(os.path.expandvars(interpreter)).is_file():  # xlwings expands %VARIABLES%
        conf.problems.append(_("INTERPRETER_WIN names a file that does not exist here: {path}").format(path=interpreter))
    return conf


def _encoding_problems(conf: ConfFile, raw: bytes, page: str) -> None:
    """A byte-order mark, and each line with characters outside ASCII, with what the add-in reads there and the fix."""
    if raw.startswith(UTF8_BOM):
        conf.problems.append(
            _(
                "the file starts with a byte-order mark (saved as \"UTF-8 with BOM\"): the add-in reads it as part of "
                "the first setting's name, so that setting is lost. Save the file as ANSI (Notepad: Save as, Encoding: ANSI)"
            )
        )
        raw = raw[len(UTF8_BOM) :]
    for number, line in enumerate(raw.splitlines(), start=1):
        if line.isascii():
            continue
        try:
            meant = line.decode("utf-8")
        except UnicodeDecodeError:
            meant = line.decode(page, errors="replace")
        read = line.decode(page, errors="replace")
        if meant == read:
            detail = _("line {number} has letters outside ASCII: {text}").format(number=number, text=read)
        else:
            detail = _("line {number} has letters outside ASCII, which the add-in reads in the code page {page}: {text} becomes {read}").format(
                number=number, page=page, text=meant, read=read
            )
        conf.problems.append(
            detail
            + _(
                ". Write the profile folder as %USERPROFILE% (e.g. %USERPROFILE%\\AppData\\Local\\Programs\\Python\\Python312\\python.exe), "
                "or install Python in a folder whose path has only Latin letters (e.g. C:\\Python312)"
            )
        )


@dataclass
class Report:
    lines: list[str]
    problems: int


def _import_check(python: str) -> str | None:
    """None if the worksheet functions and the Rank module import in ``python``; else the error's last line."""
    code = f"import {FUNCTIONS_MODULE}, {RANK_MODULE}"
    try:
        done = subprocess.run([python, "-c", code], check=False, capture_output=True, text=True, timeout=IMPORT_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as err:
        return str(err)
    if done.returncode == 0:
        return None
    tail = [line for line in done.stderr.strip().splitlines() if line.strip()]
    return tail[-1] if tail else _("exit status {code}").format(code=done.returncode)


def _home() -> Path:
    profile = os.environ.get("USERPROFILE") if sys.platform == "win32" else None
    return Path(profile) if profile else Path.home()


def _workbook_sheets(workbook: Path) -> dict[str, dict[str, str]]:
    """Settings sheets (``xlwings.conf``, ``myaddin.conf``) inside a workbook: key -> value, as xlwings reads them."""
    from tiebreak.io.workbook import SafeWorkbook

    book = SafeWorkbook(workbook)
    found: dict[str, dict[str, str]] = {}
    for name in book.sheet_names():
        if name.lower() not in (XLWINGS_CONF, RANK_CONF):
            continue
        cells = book.values(name)  # 0-based (row, column)
        settings: dict[str, str] = {}
        row = 0
        while cells.get((row, 0)) not in (None, ""):  # from A1 down to the first empty cell, as xlwings reads
            key = str(cells[(row, 0)]).strip().upper()
            settings.setdefault(key, "" if cells.get((row, 1)) is None else str(cells[(row, 1)]))
            row += 1
        found[name] = settings
    return found


def _describe(conf: ConfFile, out: Callable[[str], None], *, missing: str) -> None:
    if not conf.exists:
        out("  " + _("{path}: not there ({why})").format(path=conf.path, why=missing))
        return
    out("  " + _("{path}: found").format(path=conf.path))
    shown = [k for k in KEYS if k in conf.settings] + sorted(k for k in conf.settings if k not in KEYS)
    for key in shown:
        out(f'    "{key}","{conf.settings[key]}"')
    if not conf.settings and not conf.problems:
        out("    " + _("(no settings)"))
    for p in conf.problems:
        out("    " + _("problem: {problem}").format(problem=p))


def diagnose(workbook: Path | None = None, *, python: str | None = None, home: Path | None = None) -> Report:
    """Everything ``tiebreak doctor`` prints, and how many problems it found."""
    lines: list[str] = []
    problems = 0
    out = lines.append
    python = python or sys.executable
    home = home or _home()

    out(version_text())
    out("")
    out(f"Python: {python}")
    out("  " + _("version {version}, {bits}-bit").format(version=sys.version.split()[0], bits="64" if sys.maxsize > 2**32 else "32"))
    out("  " + _("This is the path for the Interpreter box on the xlwings tab (the setting INTERPRETER_WIN)."))

    pin = pinned_xlwings()
    have = installed_xlwings()
    if have is None:
        problems += 1
        out(_("xlwings: not installed. Install it with: python -m pip install xlwings=={version}").format(version=pin or _("<the pinned version>")))
    elif pin is not None and have != pin:
        problems += 1
        out(_("xlwings: {installed} is installed, but tiebreak needs {pinned}. Fix: python -m pip install xlwings=={pinned}").format(installed=have, pinned=pin))
    else:
        out(_("xlwings: {installed} (tiebreak needs {pinned}: OK)").format(installed=have, pinned=pin) if pin else f"xlwings: {have}")

    error = _import_check(python) if have is not None else _("xlwings is not installed")
    if error is None:
        out(
            _("{functions}: imports (the name for the UDF Modules box); {rank} (the Rank add-in) imports too").format(
                functions=FUNCTIONS_MODULE, rank=RANK_MODULE
            )
        )
    else:
        problems += 1
        out(_("{functions}: does not import: {error}").format(functions=FUNCTIONS_MODULE, error=error))

    out("")
    out(_("Worksheet functions: the xlwings add-in reads {conf}. First match wins: a sheet named").format(conf=XLWINGS_CONF))
    out(_("{conf} in the workbook, then {conf} in the workbook's folder, then the user file:").format(conf=XLWINGS_CONF))
    user = read_conf(home / ".xlwings" / XLWINGS_CONF)
    _describe(user, out, missing=_("xlwings config create writes it; the xlwings tab's settings are saved there"))
    problems += len(user.problems)
    udf = user.settings.get("UDF MODULES", "")
    if user.exists and FUNCTIONS_MODULE not in [m.strip() for m in udf.split(";")]:
        out("    " + _("note: UDF MODULES does not name {functions} (needed for Import Functions, not for tiebreak_udfs.bas)").format(functions=FUNCTIONS_MODULE))

    out("")
    out(_("The Rank add-in (tiebreak_rank.xlam) reads {conf} instead, in the same order (a sheet {conf},").format(conf=RANK_CONF))
    out(_("then {conf} in the workbook's folder, then the user file):").format(conf=RANK_CONF))
    rank_user = read_conf(home / ".myaddin" / RANK_CONF)
    _describe(rank_user, out, missing=_("without it, the Rank button runs python from PATH"))
    problems += len(rank_user.problems)

    if workbook is not None:
        out("")
        out(_("Next to {name}:").format(name=workbook.name))
        for name in (XLWINGS_CONF, RANK_CONF):
            local = read_conf(workbook.resolve().parent / name)
            _describe(local, out, missing=_("optional"))
            problems += len(local.problems)
        sheets = _workbook_sheets(workbook)
        if not sheets:
            out("  " + _("no sheet named {conf} or {rank_conf} in the workbook").format(conf=XLWINGS_CONF, rank_conf=RANK_CONF))
        for name, settings in sheets.items():
            out("  " + _("sheet {name} in the workbook:").format(name=repr(name)))
            for key, value in settings.items():
                out(f'    "{key}","{value}"')
    out("")
    out(_("No problems found.") if problems == 0 else _("{count} problem(s) found.").format(count=problems))
    return Report(lines, problems)


def add_parser(sub: Any) -> None:
    """The ``doctor`` subcommand, on the command line's subparsers."""
    d = sub.add_parser("doctor", help=_("check what classic xlwings needs: Python, xlwings version, imports, settings files"))
    d.add_argument("workbook", nargs="?", help=_("a workbook: also look at the settings next to it and inside it"))


def run(args: argparse.Namespace) -> int:
    """``tiebreak doctor``: print the report; exit status 1 if it found a problem."""
    from tiebreak.core.errors import FileFormatError

    workbook = Path(args.workbook) if args.workbook else None
    if workbook is not None and not workbook.is_file():
        raise FileFormatError(_("{path}: no such file").format(path=workbook))
    report = diagnose(workbook)
    print("\n".join(report.lines))
    return 1 if report.problems else 0

