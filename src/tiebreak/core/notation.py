"""Reading single cells: results, round robin cells and Swiss pairing cells.

Cells arrive the way Excel hands them over: float (desktop), int (Office.js),
str, None, and for error cells a string such as ``'#N/A'`` or an Office.js
error object.  The functions here know nothing of tables; they turn one cell
into *marks* and *Swiss cells* and say precisely what is wrong with a cell
they cannot read.  Which symbols a cell may hold and what each one means is
:mod:`tiebreak.core.grammar`'s; this module says where each part may stand.

A mark is one game's result as written: a number of points, or one of the
symbols :data:`DRAW_MARK` ``'='``, :data:`FORFEIT_WIN` ``'+'``,
:data:`FORFEIT_LOSS` ``'-'``.

>>> result_marks("½")
(0.5,)
>>> result_marks("0,5")
(0.5,)
>>> result_marks("1½")
(1.0, 0.5)
>>> result_marks("2:0")
('2:0',)
>>> swiss_cell("12w½")
SwissCell(opponent=12, colour='w', mark=0.5, bye=None)
>>> swiss_cell("5б1")
SwissCell(opponent=5, colour='w', mark=1.0, bye=None)
>>> swiss_cell("5w+")
SwissCell(opponent=5, colour='w', mark='+', bye=None)
>>> swiss_cell("-1")
SwissCell(opponent=None, colour=None, mark=1.0, bye='points')
>>> swiss_cell("+")
SwissCell(opponent=None, colour=None, mark=None, bye='pab')
"""

from __future__ import annotations

import datetime
import math
import re
from functools import lru_cache
from typing import NamedTuple

from tiebreak.core import grammar as g
from tiebreak.core.grammar import (
    DRAW_MARK,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    Mark,
    mark_of,
    parse_number,
)
from tiebreak.core.i18n import _, lazy_gettext, ngettext
from tiebreak.core.localformat import decimal_separator
from tiebreak.core.text import compiled_later

__all__ = [
    "DRAW_MARK",
    "EXCEL_ERRORS",
    "FORFEIT_LOSS",
    "FORFEIT_WIN",
    "CellProblem",
    "Mark",
    "SwissCell",
    "excel_error",
    "is_diagonal",
    "normalize",
    "not_a_result",
    "parse_number",
    "plus_legend",
    "result_marks",
    "score_total",
    "sign_after",
    "swiss_cell",
    "team_tables",
]

EXCEL_ERRORS = frozenset(
    {
        "#N/A", "#REF!", "#VALUE!", "#DIV/0!", "#NAME?", "#NULL!", "#NUM!", "#SPILL!",
        "#CALC!", "#GETTING_DATA", "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!", "#UNKNOWN!",
        "#PYTHON!", "#TIEBREAK!",
    }
)
# Desktop Excel delivers error cells to COM as integers, 0x800A07D0 + (xlErr code - 2000); classic
# xlwings turns only the first seven into text, so the newer ones (#SPILL! ...) arrive as these numbers.
_XL_ERROR_CODES = {
    "#NULL!": 2000, "#DIV/0!": 2007, "#VALUE!": 2015, "#REF!": 2023, "#NAME?": 2029, "#NUM!": 2036,
    "#N/A": 2042, "#GETTING_DATA": 2043, "#SPILL!": 2045, "#CONNECT!": 2046, "#BLOCKED!": 2047,
    "#UNKNOWN!": 2048, "#FIELD!": 2049, "#CALC!": 2050, "#BUSY!": 2051,
}
_COM_ERRORS = {-2146826288 + code - 2000: name for name, code in _XL_ERROR_CODES.items()}
_OFFICEJS_ERRORS = {
    "Div0": "#DIV/0!", "NotAvailable": "#N/A", "Name": "#NAME?", "Null": "#NULL!", "Num": "#NUM!",
    "Ref": "#REF!", "Value": "#VALUE!", "Spill": "#SPILL!", "Calc": "#CALC!", "Field": "#FIELD!",
    "Busy": "#BUSY!", "Blocked": "#BLOCKED!", "Connect": "#CONNECT!", "GettingData": "#GETTING_DATA",
}

# Every symbol read here (results, colours, bye words, diagonal marks) and what it means is
# tiebreak.core.grammar's: the patterns below are built from its tables.
MAX_TEXT = 200


class Uncalculated:
    """A formula cell whose value was never stored (the file was not last saved by Excel)."""

    def __init__(self, formula: str) -> None:
        self.formula = formula

    def __repr__(self) -> str:
        return self.formula


class CellProblem(ValueError):
    """A cell could not be read; the message says why (no location yet)."""


class SwissCell(NamedTuple):
    """A Swiss round cell: opponent number, colour, result mark, or a bye.

    ``bye`` is None for a pairing, else ``'pab'`` (``+``/``bye`` alone),
    ``'points'`` (chess-results ``-1``, ``-½``, ``-0``: ``mark`` holds the
    points), ``'absent'`` (``-`` alone), or one of the TRF letters
    ``'H'``, ``'F'``, ``'Z'``, ``'U'``.
    """

    opponent: int | None
    colour: str | None
    mark: Mark | None
    bye: str | None


def excel_error(value: object) -> str | None:
    """The Excel error a cell value stands for, or None.

    >>> excel_error("#N/A"), excel_error(-2146826265), excel_error({"type": "Error", "basicValue": "#REF!"})
    ('#N/A', '#REF!', '#REF!')
    >>> excel_error(-2146826243), excel_error(-2146826238)  # classic xlwings hands these to COM as numbers
    ('#SPILL!', '#CALC!')
    >>> excel_error("1")
    """
    if isinstance(value, str):
        text = value.strip().upper()
        return text if text in EXCEL_ERRORS else None
    if isinstance(value, int) and not isinstance(value, bool):
        return _COM_ERRORS.get(value)
    if isinstance(value, dict) and value.get("type") == "Error":
        basic = value.get("basicValue")
        if isinstance(basic, str) and basic:
            return basic
        return _OFFICEJS_ERRORS.get(str(value.get("errorType")), "#VALUE!")
    return None


def normalize(value: object) -> float | str | None:
    """An Excel cell value as None (empty), a float, or stripped text.

    Raises :class:`CellProblem` for error values, booleans, NaN and infinities,
    formulas delivered as text, control characters and over-long text.

    >>> normalize(3), normalize(" 12w1\\u00a0"), normalize(""), normalize(None)
    (3.0, '12w1', None, None)
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise CellProblem(_("TRUE is a logical value, not a result") if value else _("FALSE is a logical value, not a result"))
    if isinstance(value, (int, float)):
        err = excel_error(value) if isinstance(value, int) else None
        if err:
            raise CellProblem(_("the cell holds the Excel error {error}").format(error=err))
        f = float(value)
        if math.isnan(f):
            raise CellProblem(_("the cell holds NaN, not a number"))
        if math.isinf(f) or abs(f) > 1e12:
            raise CellProblem(_("{value} is not a sensible number here").format(value=repr(value)))
        return f
    if isinstance(value, str):
        if value and value.isprintable() and len(value) <= MAX_TEXT and value[0] not in "#= " and value[-1] != " ":
            return value  # the common case: clean text
        return _clean_text(value)
    return _not_a_value(value)


def _clean_text(value: str) -> str | None:
    """A text cell that is not plainly clean: stripped of (non-breaking) spaces, or the reason it is no value."""
    text = value.replace("\u00a0", " ").replace("\u200b", "").strip()
    if not text:
        return None
    if len(text) > MAX_TEXT:
        n = len(text)
        raise CellProblem(
            ngettext(
                "a text of {length} characters is too long for a crosstable cell",
                "a text of {length} characters is too long for a crosstable cell",
                n,
            ).format(length=n)
        )
    err = excel_error(text)
    if err:
        raise CellProblem(_("the cell holds the Excel error {error}").format(error=err))
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text):
        raise CellProblem(_("{text} contains control characters").format(text=_show(text)))
    if text.startswith("=") and _FORMULA.search(text[1:]):
        raise CellProblem(_("{text} is a formula stored as text, not its value").format(text=_show(text)))
    return text


def _not_a_value(value: object) -> float | str | None:
    """An Excel data type's value (normalized); raises :class:`CellProblem` for anything else that is no cell value."""
    if isinstance(value, dict):
        err = excel_error(value)
        if err:
            raise CellProblem(_("the cell holds the Excel error {error}").format(error=err))
        if "basicValue" in value:
            return normalize(value["basicValue"])
        raise CellProblem(_("the cell holds an Excel data type, not a value"))
    if isinstance(value, Uncalculated):
        raise CellProblem(
            _("the formula {formula} has no stored value: open the file in Excel and save it, then try again").format(formula=_show(value.formula))
        )
    if isinstance(value, (datetime.date, datetime.time)):
        hint = typing_hint(value, swiss=False)
        shown = value.strftime("%d.%m.%Y") if isinstance(value, datetime.date) else str(value)
        raise CellProblem(_("the cell holds the date {date}, not a result{hint} ({notations})").format(date=shown, hint=hint, notations=ANY_NOTATIONS))
    # other types Excel may hand over
    raise CellProblem(_("{value} is a {type}, not a result").format(value=_show(value), type=type(value).__name__))


# the accepted notations in a few words, at the end of every "is not a result"
RR_NOTATIONS = lazy_gettext("write 1, ½ or 0.5 or =, 0, + or − for a forfeit")
SWISS_NOTATIONS = lazy_gettext("write opponent, colour, result, e.g. 12w1, 5б½, 7b=; a bye +, an absence −")
ANY_NOTATIONS = lazy_gettext("write a result such as 1, ½, 0 or a pairing such as 12w1")
_HALF_AS_DATE = {(1, 2), (2, 1)}  # 1/2 typed into a cell becomes 2 January or 1 February
_EXCEL_EPOCH = datetime.date(1899, 12, 30)
_LOOKALIKE_ZERO = str.maketrans(g.LOOKALIKE_ZERO)
# a text after '=' that is more than results: a formula stored as text
_FORMULA = compiled_later("[^\\d\\s" + g.one_of(sorted({*"".join(g.RESULT_SYMBOLS), *g.DECIMAL_SEPARATORS, *g.PAIR_SEPARATORS, g.SCORE_SEPARATOR}))[1:])
# a game score written in a round robin cell ('1-0', '½ – ½')
_GAME_SCORE = compiled_later(rf"(?:1|0|2|{g.HALF_POINT})\s*{g.MINUS_SIGN}\s*(?:1|0|2|{g.HALF_POINT})")
# a draw typed as the fraction 1/2 (as text: a cell formatted as text, or an apostrophe before it)
_HALF_AS_TEXT = compiled_later(r"1/2")
# an X typed for the colour of a Swiss cell ('12x1')
_X_COLOUR = compiled_later(rf"\d{{1,6}}\s*{g.one_of(m for m in g.DIAGONAL_MARKS if m.isalpha())}\s*{g.RESULT}")


def score_total(value: object) -> float | None:
    """A number of half points above 1 that no single game scores on 1/½/0: a total of games (1.5, 2.5 ...), or None.

    >>> score_total("1,5"), score_total(2.5), score_total("½"), score_total(2.0), score_total("x")
    (1.5, 2.5, None, None, None)
    """
    x = parse_number(value) if isinstance(value, str) else value
    if not isinstance(x, float) or isinstance(x, bool) or not math.isfinite(x) or x <= 1 or x.is_integer() or not (2 * x).is_integer():
        return None
    return x


def _total_hint(value: object) -> str:
    """What a total of games in a round robin cell looks like, and what to write instead ('' for any other value)."""
    x = score_total(value)
    if x is None:
        return ""
    if x < 2:
        return ": " + _(
            "this looks like the total of two games (a double round robin): write both games in the cell, e.g. 1 ½, "
            "or give each game its own sub-column"
        )
    return ": " + _(
        "this looks like a team match score (the board points of several games): each cell here holds one player's result "
        "in one game; {team_tables}"
    ).format(team_tables=team_tables())


def team_tables() -> str:
    """What tiebreak says of a table of team matches: the one place that says it (every message about team tables uses it)."""
    return _("a table of team matches is read as one when its header has MP and GP columns, or with --event team (the Event / Турнир row on the tiebreak sheet; in a worksheet function, the scoring argument \"team\")")


def not_a_result(value: object, swiss: bool) -> str:
    """'{text} is not a result', what was probably typed, and what to write; a total of games gets its own advice.

    >>> not_a_result("1,5", swiss=False)
    "'1,5' is not a result: this looks like the total of two games (a double round robin): write both games in the cell, e.g. 1 ½, or give each game its own sub-column"
    """
    total = "" if swiss else _total_hint(value)
    if total:
        return _("{text} is not a result{hint}").format(text=_show(value), hint=total)
    notations = SWISS_NOTATIONS if swiss else RR_NOTATIONS
    return _("{text} is not a result{hint} ({notations})").format(text=_show(value), hint=typing_hint(value, swiss=swiss), notations=notations)


def typing_hint(value: object, swiss: bool) -> str:
    """What was probably typed when Excel or the keyboard changed it ('' when nothing comes to mind).

    >>> typing_hint(datetime.datetime(2026, 1, 2), swiss=False)
    ': Excel turned 1/2 into a date; type ½ or 0.5 (or =), or format the cells as text first'
    >>> typing_hint("О", swiss=False)  # a Cyrillic O
    ": 'О' is a letter O, not the digit 0; type 0"
    >>> typing_hint("1/2", swiss=False)
    ': did you mean ½ (a draw)? Type ½ or 0.5 (or =)'
    >>> typing_hint("1-0", swiss=False)
    ": a round robin cell holds this player's result only, e.g. 1, not the game score"
    """
    date: datetime.date | None = None
    if isinstance(value, datetime.datetime):
        date = value.date()
    elif isinstance(value, datetime.date):
        date = value
    elif isinstance(value, float) and value.is_integer() and 36526 <= value <= 73050:  # a date serial, 2000-2099 (xlwings Lite)
        date = _EXCEL_EPOCH + datetime.timedelta(days=int(value))
    if date is not None:
        if (date.month, date.day) in _HALF_AS_DATE:
            return ": " + _("Excel turned 1/2 into a date; type ½ or 0.5 (or =), or format the cells as text first")
        return ""
    if not isinstance(value, str):
        return ""
    text = value.strip()
    fixed = text.translate(_LOOKALIKE_ZERO)
    if fixed != text:
        try:
            swiss_cell(fixed) if swiss else result_marks(fixed)
        except CellProblem:
            pass
        else:
            letter = next(ch for ch in text if ch in g.LOOKALIKE_ZERO)
            return ": " + _("{letter} is a letter O, not the digit 0; type {fixed}").format(letter=_show(letter), fixed=fixed)
    if not swiss and _HALF_AS_TEXT.fullmatch(text):
        return ": " + _("did you mean ½ (a draw)? Type ½ or 0.5 (or =)")
    if not swiss and _GAME_SCORE.fullmatch(text):
        return ": " + _("a round robin cell holds this player's result only, e.g. {result}, not the game score").format(
            result=text.replace(" ", "")[0]
        )
    if swiss and len(text) == 1 and text in g.DIAGONAL_MARKS:
        return ": " + _("X marks the diagonal of a round robin; in a Swiss round leave the cell empty or write − for an absence")
    if swiss and _X_COLOUR.fullmatch(text):
        return ": " + _("the colour is w or b (б or ч), not X")
    return ""


def _show(value: object) -> str:
    if isinstance(value, float):
        return _fmt(value).replace(".", decimal_separator())  # as the user's Excel shows it: 1,5 in Russian
    text = str(value)
    if len(text) > 40:
        text = text[:37] + "..."
    text = "".join(ch if ord(ch) >= 32 else "?" for ch in text)
    return f"'{text}'"


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def show(value: object) -> str:
    """A cell value the way messages quote it: ``'12x'``, ``1.5``."""
    return _show(value)


def is_diagonal(value: float | str | None) -> bool:
    """Whether a normalized cell is a diagonal marker of a round robin matrix (``X``, ``■``, ``ХХ``, ``Х Х``).

    >>> is_diagonal("X"), is_diagonal("Х Х"), is_diagonal("■"), is_diagonal("0"), is_diagonal("X1")
    (True, True, True, False, False)
    """
    if not isinstance(value, str):
        return False
    if len(value) <= 2:
        return all(ch in _DIAGONAL for ch in value)
    marks = value.replace(" ", "")
    return len(value) <= 5 and 0 < len(marks) <= 2 and all(ch in _DIAGONAL for ch in marks)


def is_uniform_diagonal_mark(value: float | str | None) -> bool:
    """Whether a cell holds a mark that is a diagonal mark only when every player's own cell holds it (``-``, ``–``, ``0``, ``/``, ``.``).

    >>> is_uniform_diagonal_mark("–"), is_uniform_diagonal_mark(0.0), is_uniform_diagonal_mark("/"), is_uniform_diagonal_mark("1")
    (True, True, True, False)
    """
    if isinstance(value, float):
        return value == 0.0 and "0" in g.DIAGONAL_IF_UNIFORM
    return isinstance(value, str) and value in g.DIAGONAL_IF_UNIFORM


_DIAGONAL = g.DIAGONAL_MARKS  # read for every cell: a module global, not an attribute


# a round robin cell: one result, two results (a double round robin), or a match score a:b
_SINGLE = compiled_later(rf"{g.RESULT}\Z")
_TWO = compiled_later(rf"({g.SMALL_RESULT})\s*({g.SMALL_RESULT})\Z")
_MATCH = compiled_later(rf"({g.SCORE_SIDE})\s*{re.escape(g.SCORE_SEPARATOR)}\s*({g.SCORE_SIDE})\Z")
_SPLIT = compiled_later(rf"\s*{g.PAIR_SEPARATOR}\s*|\s+")
_FRACTION = compiled_later(r"\d/\d")


def _mark(token: str) -> Mark:
    mark = mark_of(token)
    if mark is None:  # pragma: no cover - the patterns only let results through
        raise CellProblem(_("'{text}' is not a result").format(text=token))
    return mark


@lru_cache(maxsize=4096)
def _text_marks(text: str) -> tuple[Mark, ...]:
    t = text
    if len(t) == 2 and t[0] == "0" and t[1] in "01234":
        return (0.0, float(t[1]))  # '00', '01': two games (a single result never starts with 0)
    if _SINGLE.match(t):
        return (_mark(t),)
    m = _MATCH.match(t)
    if m:
        a, b = parse_number(m.group(1)), parse_number(m.group(2))
        return (f"{_fmt(a)}:{_fmt(b)}",)  # type: ignore[arg-type]
    parts = _SPLIT.split(t) if not _FRACTION.fullmatch(t) else [t]
    if len(parts) == 2 and all(_SINGLE.match(p) for p in parts):
        return (_mark(parts[0]), _mark(parts[1]))
    m = _TWO.match(t)
    if m:
        return (_mark(m.group(1)), _mark(m.group(2)))
    raise CellProblem(not_a_result(text, swiss=False))


def result_marks(value: float | str) -> tuple[Mark, ...]:
    """The marks of a round robin cell (one game, or two for a double round robin).

    Numbers come back as floats, ``=``/``+``/``-`` as themselves, and a match
    score ``a:b`` as the string ``'a:b'`` (the caller decides whether it is
    one game or a two-game match).  Integers such as ``10`` or ``21`` (how
    Excel stores ``10``, ``21`` typed in a double round robin cell) are
    returned as one number; :func:`split_digits` splits them.

    >>> result_marks(1.0), result_marks("=1"), result_marks("1 0,5"), result_marks("−")
    ((1.0,), ('=', 1.0), (1.0, 0.5), ('-',))
    """
    if isinstance(value, float):
        return (value,)
    return _text_marks(value)


def split_digits(value: float) -> tuple[float, ...] | None:
    """A two-digit integer as two one-digit results (``10`` → ``(1, 0)``), else None.

    >>> split_digits(10.0), split_digits(21.0), split_digits(1.0), split_digits(0.5)
    ((1.0, 0.0), (2.0, 1.0), None, None)
    """
    if value.is_integer() and 10 <= value <= 44:
        a, b = divmod(int(value), 10)
        return (float(a), float(b))
    return None


# a Swiss pairing cell: opponent, then a colour letter and a result, or a separator and a result, or a symbol
_SWISS = compiled_later(
    r"(?P<opp>\d{1,6})(?:"
    rf"\s*(?P<col>{g.COLOUR})\s*{g.SWISS_SEPARATOR}?\s*(?P<r1>{g.RESULT})?"  # 12w1, 12 w 1, 5б½, 12w
    rf"|\s*{g.SWISS_SEPARATOR}\s*(?P<r2>{g.RESULT})"  # 12/1, 12:1
    rf"|\s+(?P<r3>{g.RESULT})"  # 12 1
    rf"|(?P<r4>{g.SYMBOL})"  # 12½, 12+, 12-
    r")?\Z"
)


# US notation: the result letter before the opponent's number (W12, D5, L3, X4, F7)
_US = compiled_later(rf"({g.one_of(g.US_GAME_LETTERS)})\s*(\d{{1,6}})\Z", re.IGNORECASE)
# the sign before the opponent's number (+12, =5, −3): read as the number and the sign (12+) once the table says so
_SIGN_FIRST = compiled_later(rf"({g.one_of([FORFEIT_WIN, DRAW_MARK, *g.MINUS])})\s*(\d{{1,6}})\Z")
# a legend's plus: '+ победа', '"+" - win', '(+) неявка': the word after it
_LEGEND = compiled_later(rf"[(\"'«“]?{re.escape(FORFEIT_WIN)}[)\"'»”]?\s*(?:{g.one_of(g.LEGEND_SEPARATORS)}\s*)?([^\W\d_]+)([^{g.LEGEND_PHRASE_END}]*)")


def sign_after(text: str) -> tuple[str, int] | None:
    """A cell written sign first (``+12``, ``=5``, ``−3``) as the sign and the opponent number; None for anything else.

    >>> sign_after("+12"), sign_after("−3"), sign_after("12+"), sign_after("+")
    (('+', 12), ('−', 3), None, None)
    """
    m = _SIGN_FIRST.match(text)
    return None if m is None else (m.group(1), int(m.group(2)))


def plus_legend(text: str) -> str | None:
    """What a legend on the sheet says a plus means, ``'win'`` or ``'forfeit'``; None when the text is no such legend.

    >>> plus_legend("+ победа, = ничья, − поражение"), plus_legend('"+" - forfeit'), plus_legend("Итого")
    ('win', 'forfeit', None)
    >>> plus_legend("+ победа без игры, = ничья"), plus_legend("+ win by default"), plus_legend("1 + 1")
    ('forfeit', 'forfeit', None)
    """
    if FORFEIT_WIN not in text or len(text) > MAX_TEXT:
        return None
    for m in _LEGEND.finditer(text.casefold()):
        word, phrase = m.group(1), m.group(1) + m.group(2)
        meanings = {meaning for start, meaning in g.PLUS_WORDS.items() if word.startswith(start) or " " in start and start in phrase}
        meanings |= {meaning for start, meaning in g.PLUS_WORDS.items() if meaning == "forfeit" and start in phrase}
        if meanings:
            return "forfeit" if "forfeit" in meanings else "win"
    return None


@lru_cache(maxsize=65536)
def _swiss_text(text: str) -> SwissCell:
    key = text.casefold()
    bye = g.BYE_WORDS.get(key)
    if bye is not None:
        return SwissCell(None, None, None, bye)
    us = _US.match(text)
    if us is not None:  # US notation: W12, D5, L3, X4, F7
        return SwissCell(int(us.group(2)), None, g.US_GAME_LETTERS[us.group(1).upper()], None)
    if text[0] in g.MINUS and len(text) > 1:  # a minus before points: not paired, with those points
        value = mark_of(text[1:].strip())
        if value == DRAW_MARK or isinstance(value, float) and value >= 0:
            return SwissCell(None, None, value, "points")
    m = _SWISS.match(text)
    if not m:
        raise CellProblem(
            not_a_result(text, swiss=True)
        )
    res = m.group("r1") or m.group("r2") or m.group("r3") or m.group("r4")
    if res is None:
        raise CellProblem(_("{text} has an opponent but no result").format(text=_show(text)))
    colour = m.group("col")
    return SwissCell(int(m.group("opp")), g.COLOURS[colour] if colour else None, _mark(res), None)


# the common Swiss cell ('12w1', '5б½'): a one-character result after a colour letter, read without a pattern
_COLOURS, _FAST_MARKS = g.COLOURS, g.ONE_CHAR_MARKS
_SWISS_SEEN: dict[str, SwissCell] = {}
_new_cell = tuple.__new__  # builds a SwissCell without NamedTuple's Python-level constructor


def swiss_cell(value: float | str) -> SwissCell:
    """Read a Swiss round cell (see :class:`SwissCell`)."""
    if value.__class__ is str:
        seen = _SWISS_SEEN.get(value)
        if seen is not None:
            return seen
        # the common form: digits, a colour letter, a one-character result ('12w1', '5б½')
        head, colour, res = value[:-2], value[-2:-1], value[-1:]
        if colour in _COLOURS and res in _FAST_MARKS and head.isascii() and head.isdigit() and len(head) <= 6:
            cell = _new_cell(SwissCell, (int(head), _COLOURS[colour], _FAST_MARKS[res], None))
        else:
            cell = _swiss_text(value)
        if len(_SWISS_SEEN) > 200_000:
            _SWISS_SEEN.clear()
        _SWISS_SEEN[value] = cell
        return cell
    if isinstance(value, float):
        if value < 0:
            return SwissCell(None, None, -value, "points")
        raise CellProblem(
            _("{value} is a number, not an opponent with a result (e.g. '12w1'){hint}").format(value=_show(value), hint=typing_hint(value, swiss=True))
        )
    return _swiss_text(value)
