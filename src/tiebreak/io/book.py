"""Opening a file as a tournament: a workbook's crosstable read as ``tiebreak rank`` reads it, or a FIDE TRF file.

A workbook (.xlsx, .xlsm; .xls, .ods, .xlsb read only) is opened as the
command line opens it; its table is found as Rank finds it: the range named
``crosstable``, else the largest block of the active sheet, or the sheet and
range given.  Any other file is a TRF file unless it is a zip (a workbook
under another name).
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

from tiebreak.core.errors import SettingsError
from tiebreak.core.i18n import _
from tiebreak.core.model import Tournament

__all__ = ["TRF_SUFFIXES", "WORKBOOK_SUFFIXES", "is_trf", "read_file"]

TRF_SUFFIXES = (".trf", ".txt", ".trfx")
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".xltx", ".xltm", ".xls", ".ods", ".xlsb")


def is_trf(path: Path) -> bool:
    """Whether ``path`` is read as a FIDE TRF file: by its suffix, else by its first bytes (a workbook is a zip, ``PK``)."""
    if path.suffix.lower() in TRF_SUFFIXES:
        return True
    if path.suffix.lower() in WORKBOOK_SUFFIXES:
        return False
    try:
        with open(path, "rb") as f:
            head = f.read(4)
    except OSError:
        return False
    return not head.startswith(b"PK")


def read_file(
    path: str | os.PathLike[str],
    *,
    sheet: str | None = None,
    cell_range: str | None = None,
    scoring: str | None = None,
    plus: str | None = None,
    event: str | None = None,
    match_scoring: str | None = None,
    primary: str | None = None,
) -> Tournament:
    """The tournament of a workbook's crosstable or of a TRF file, read as ``tiebreak rank`` reads it.

    ``sheet`` (compared as Excel compares sheet names, ignoring case) and
    ``cell_range`` (``"B2:N20"`` or ``"Sheet!B2:N20"``) choose the table of a
    workbook; a TRF file has neither.  ``scoring`` (``"3/1/0"``), ``plus``
    (``"win"``, ``"forfeit"``), ``event`` (``"individual"``, ``"team"``,
    ``"micro"``), ``match_scoring`` and ``primary`` (``"MP"``, ``"GP"``) say
    how to read a workbook's table, as the options of ``tiebreak rank`` and
    the rows of the settings sheet do (they override the rows); a TRF file
    says them itself.  The workbook's warnings (a file Excel
    would repair, ...) are issued as :class:`UserWarning`.  Bad input raises a
    :class:`~tiebreak.core.errors.TiebreakError`: :class:`FileFormatError` for a
    missing file, a folder or a file that is not a workbook, :class:`SettingsError`
    for an unknown sheet or a bad range, :class:`InputError` for the table itself.
    """
    from tiebreak.io.package import check_input

    checked = check_input(path)
    how = {"scoring": scoring, "plus": plus, "event": event, "match_scoring": match_scoring, "primary": primary}
    if is_trf(checked):
        given = [name for name, value in how.items() if value is not None]
        if given:
            raise SettingsError(_("{options}: for workbooks; a TRF file says its scoring and kind of event itself (its XXS, 162, 192 and 362 records)").format(options=", ".join(given)))
        return _read_trf(checked, sheet, cell_range)
    from tiebreak.io.workbook import open_book
    from tiebreak.plan.sheet import plan_rank

    book = open_book(checked)
    for w in book.warnings:
        warnings.warn(w, UserWarning, stacklevel=3)
    match = {"event": event, "match_scoring": match_scoring, "primary": primary}
    plan = plan_rank(book, sheet=sheet, check=False, cell_range=cell_range, scoring=scoring, plus=plus, match=match)
    assert plan.ranking is not None  # plan_rank ranks the table it read
    return plan.ranking.tournament


def _read_trf(path: Path, sheet: str | None, cell_range: str | None) -> Tournament:
    """A TRF file's tournament; a sheet or a range given for it is an error, as on the command line."""
    from tiebreak.io.trf_team import read_any_trf_file as read_trf_file

    if sheet:
        raise SettingsError(_("sheet {sheet}: a TRF file has no sheets; the sheet is for workbooks").format(sheet=sheet))
    if cell_range:
        raise SettingsError(_("range {range}: a TRF file has no cells; the range is for workbooks").format(range=cell_range))
    return read_trf_file(path)
