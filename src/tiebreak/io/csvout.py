"""CSV that the user's Excel opens straight into columns.

Excel splits a CSV file by the list separator of the computer's regional
settings.  A Russian Windows uses ``;`` as list separator and ``,`` as decimal
separator, so a comma-separated file with ``19.5`` lands in one column, as
text.  Hence two dialects:

* ``excel``: ``,`` between fields, a decimal point (English Excel);
* ``excel-ru`` (also called ``semicolon``): ``;`` between fields, a decimal
  comma (Russian Excel, and most of continental Europe's).

``auto`` (the default) picks ``excel-ru`` when the output speaks Russian.

>>> rows = [["Place", "Name", "Points", "SB"], ["1", "Ann", 2.5, 19.5], ["2–3", "Smith, J.", 2, (1.5, 0.25)]]
>>> print(csv_text(rows, csv_format("excel")), end="")
Place,Name,Points,SB
1,Ann,2.5,19.5
2–3,"Smith, J.",2,1.5 · 0.25
>>> print(csv_text(rows, csv_format("auto", lang="ru")), end="")
Place;Name;Points;SB
1;Ann;2,5;19,5
2–3;Smith, J.;2;1,5 · 0,25

Numbers must be passed as numbers (``int``/``float``): text is written as it
is, so a name such as ``Ivanov 2.0`` is never touched, except that text Excel
would run as a formula (a name typed as ``=HYPERLINK(…)``, ``+7…``, ``@…``)
gets a leading apostrophe, so opening the file shows the text and runs nothing.

For a file meant for Excel, write it with ``bom=True``: without the UTF-8
byte order mark Excel reads the file in the Windows code page and Cyrillic
names come out garbled.

The command line uses it for ``tiebreak rank --format csv``: an option
``--csv-dialect`` with ``choices=DIALECT_CHOICES`` and ``help=DIALECT_HELP``
(default ``auto``), and the standings rows built with numbers left as numbers
(``STANDINGS_COLUMNS`` and the criteria's names as header), written with
``write_csv(rows, sys.stdout, csv_format(args.csv_dialect), bom=is_regular_file(sys.stdout))``
inside the ``use_language`` block, so ``auto`` follows the output language.
"""

from __future__ import annotations

import csv
import io
import os
import stat
from collections.abc import Iterable, Sequence
from typing import TextIO

from tiebreak.core.errors import SettingsError
from tiebreak.core.i18n import _, current_language, lazy_gettext
from tiebreak.core.labels import STANDINGS_HEAD, TEXT
from tiebreak.core.localformat import format_number
from tiebreak.core.numbers import RESULTS_SEPARATOR
from tiebreak.core.record import FrozenRecord
from tiebreak.core.text import shown

__all__ = [
    "DIALECTS",
    "DIALECT_CHOICES",
    "DIALECT_HELP",
    "STANDINGS_COLUMNS",
    "CsvFormat",
    "csv_format",
    "csv_text",
    "format_cell",
    "is_regular_file",
    "write_csv",
]

BOM = "\ufeff"


class CsvFormat(FrozenRecord):
    """How a CSV file is laid out: the field separator and the decimal separator."""

    name: str
    delimiter: str
    decimal: str

    _fields = ("name", "delimiter", "decimal")

    def __init__(self, name: str, delimiter: str, decimal: str) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "delimiter", delimiter)
        object.__setattr__(self, "decimal", decimal)


DIALECTS = {
    "excel": CsvFormat("excel", ",", "."),
    "excel-ru": CsvFormat("excel-ru", ";", ","),
}
_ALIASES = {"semicolon": "excel-ru"}
DIALECT_CHOICES = ("auto", "excel", "excel-ru", "semicolon")
"""The values ``--csv-dialect`` accepts."""

DIALECT_HELP = lazy_gettext(
    "how --format csv lays out the file: auto (by the output language: ';' and a decimal comma in Russian), "
    "excel (',' and a decimal point), excel-ru or semicolon (';' and a decimal comma); default: auto"
)
"""The help text of ``--csv-dialect``."""

STANDINGS_COLUMNS = tuple(TEXT[key] for key in STANDINGS_HEAD)
"""The leading columns of printed standings; the criteria's names follow."""


def csv_format(dialect: str | None = None, lang: str | None = None) -> CsvFormat:
    """The layout a dialect name stands for; ``auto`` or None decides by the language.

    ``lang`` defaults to the current language.

    >>> csv_format("semicolon"), csv_format(None, lang="en").name
    (CsvFormat(name='excel-ru', delimiter=';', decimal=','), 'excel')
    >>> csv_format("tab")
    Traceback (most recent call last):
    ...
    tiebreak.core.errors.SettingsError: unknown CSV dialect 'tab': use auto, excel, excel-ru or semicolon
    """
    name = (dialect or "auto").strip().casefold()
    if name == "auto":
        return DIALECTS["excel-ru" if (lang or current_language()) == "ru" else "excel"]
    name = _ALIASES.get(name, name)
    if name not in DIALECTS:
        raise SettingsError(
            _("unknown CSV dialect '{name}': use {choices}").format(name=dialect, choices=_or_list(DIALECT_CHOICES))
        )
    return DIALECTS[name]


def _or_list(words: Sequence[str]) -> str:
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def format_cell(value: object, fmt: CsvFormat) -> str:
    """One value as its CSV field: numbers with the dialect's decimal separator, text unchanged.

    A tuple (a value made of several numbers, the results in order of places) is written with a
    middle dot between its numbers, as the command line prints it; None is empty.

    >>> ru = csv_format("excel-ru")
    >>> format_cell(24.25, ru), format_cell(3, ru), format_cell(None, ru), format_cell("0.5", ru), format_cell((1, 0.5), ru)
    ('24,25', '3', '', '0.5', '1 · 0,5')

    Text that a spreadsheet would take for a formula is kept as text:

    >>> format_cell("=2+5", ru), format_cell("@SUM(A1)", ru), format_cell("+7 900", ru), format_cell(-1.5, ru)
    ("'=2+5", "'@SUM(A1)", "'+7 900", '-1,5')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)):
        return format_number(value, fmt.decimal)
    if isinstance(value, (tuple, list)):
        return RESULTS_SEPARATOR.join(format_cell(v, fmt) for v in value)
    text = shown(str(value))  # a control character or bidi override of a name never reaches the file
    if text[:1] in _FORMULA_STARTS:
        return "'" + text
    return text


# what makes Excel, LibreOffice or Google Sheets read a CSV field as a formula (OWASP "CSV injection")
_FORMULA_STARTS = frozenset("=+-@\t\r")


def write_csv(rows: Iterable[Sequence[object]], out: TextIO, fmt: CsvFormat, *, bom: bool = False) -> None:
    """Write the rows to ``out`` (a text stream opened with ``newline=""`` when it is a file)."""
    if bom:
        out.write(BOM)
    writer = csv.writer(out, delimiter=fmt.delimiter, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
    # a standings table repeats its numbers (points, coefficients, places): each written once, then looked up.
    # Equal numbers are written alike (3 and 3.0 both '3'; a logical value is no number here)
    written: dict[object, str] = {}

    def field(v: object) -> str:
        if v.__class__ is float or v.__class__ is int:
            known = written.get(v)
            if known is None:
                known = written[v] = format_cell(v, fmt)
            return known
        return format_cell(v, fmt)

    for row in rows:
        writer.writerow([field(v) for v in row])


def csv_text(rows: Iterable[Sequence[object]], fmt: CsvFormat, *, bom: bool = False) -> str:
    """The CSV text of the rows."""
    buf = io.StringIO()
    write_csv(rows, buf, fmt, bom=bom)
    return buf.getvalue()


def is_regular_file(stream: TextIO) -> bool:
    """Whether a stream writes to a regular file (``> standings.csv``), not a terminal, a pipe or memory.

    Such a file is likely to be opened in Excel: give it the byte order mark.

    >>> is_regular_file(io.StringIO())
    False
    """
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):
        return False
