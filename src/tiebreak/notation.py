"""Reading single cells: results, round robin cells and Swiss pairing cells.

Cells arrive the way Excel hands them over: float (desktop), int (Office.js),
str, None, and for error cells a string such as ``'#N/A'`` or an Office.js
error object.  The functions here know nothing of tables; they turn one cell
into *marks* and *Swiss cells* and say precisely what is wrong with a cell
they cannot read.

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
from typing import NamedTuple, Union

from .i18n import _, lazy_gettext, ngettext
from .localformat import decimal_separator

__all__ = [
    "Mark",
    "SwissCell",
    "CellProblem",
    "EXCEL_ERRORS",
    "normalize",
    "excel_error",
    "is_diagonal",
    "result_marks",
    "swiss_cell",
    "parse_number",
    "DRAW_MARK",
    "FORFEIT_WIN",
    "FORFEIT_LOSS",
]

Mark = Union[float, str]
DRAW_MARK = "="
FORFEIT_WIN = "+"
FORFEIT_LOSS = "-"

EXCEL_ERRORS = frozenset(
    {
        "#N/A", "#REF!", "#VALUE!", "#DIV/0!", "#NAME?", "#NULL!", "#NUM!", "#SPILL!",
        "#CALC!", "#GETTING_DATA", "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!", "#UNKNOWN!",
        "#PYTHON!", "#TIEBREAK!",
    }
)
# Desktop Excel delivers error cells to COM as these integers when the error
# is not turned into text.
_COM_ERRORS = {
    -2146826281: "#DIV/0!",
    -2146826246: "#N/A",
    -2146826259: "#NAME?",
    -2146826288: "#NULL!",
    -2146826252: "#NUM!",
    -2146826265: "#REF!",
    -2146826273: "#VALUE!",
}
_OFFICEJS_ERRORS = {
    "Div0": "#DIV/0!", "NotAvailable": "#N/A", "Name": "#NAME?", "Null": "#NULL!", "Num": "#NUM!",
    "Ref": "#REF!", "Value": "#VALUE!", "Spill": "#SPILL!", "Calc": "#CALC!", "Field": "#FIELD!",
    "Busy": "#BUSY!", "Blocked": "#BLOCKED!", "Connect": "#CONNECT!", "GettingData": "#GETTING_DATA",
}

DIAGONAL_MARKS = frozenset("xXхХ*—×")
_MINUS = "-−–"  # hyphen, minus sign, en dash

# The one vocabulary of a game's result, shared by round robin cells, Swiss cells and TRF records:
# a symbol -> what it says ("win", "draw", "loss", "forfeit win", "forfeit loss").  Cells typed by hand
# use the symbols; TRF adds its letters W, D, L for the same results.
GAME_SYMBOLS: dict[str, str] = {
    "1": "win", "½": "draw", "=": "draw", "0": "loss", "+": "forfeit win",
    **{m: "forfeit loss" for m in _MINUS},
}
TRF_LETTERS: dict[str, str] = {"W": "win", "D": "draw", "L": "loss"}
_OUTCOME_MARK: dict[str, Mark] = {"win": 1.0, "draw": 0.5, "loss": 0.0, "forfeit win": "+", "forfeit loss": "-"}
_WHITE = "wWбБ"  # Latin w, Cyrillic б (белые)
_BLACK = "bBсчЧ"  # Latin b, Cyrillic ч (чёрные); 'с' is not used (see _COLOURS)
_COLOURS = {"w": "w", "W": "w", "б": "w", "Б": "w", "b": "b", "B": "b", "ч": "b", "Ч": "b"}

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
    >>> excel_error("1")
    """
    if isinstance(value, str):
        text = value.strip().upper()
        return text if text in EXCEL_ERRORS else None
    if isinstance(value, int) and not isinstance(value, bool):
        return _COM_ERRORS.get(value)
    if isinstance(value, dict):
        if value.get("type") == "Error":
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
    if isinstance(value, dict):
        err = excel_error(value)
        if err:
            raise CellProblem(_("the cell holds the Excel error {error}").format(error=err))
        if "basicValue" in value:
            return normalize(value["basicValue"])
        raise CellProblem(_("the cell holds an Excel data type, not a value"))
    if isinstance(value, str):
        if value and value.isprintable() and len(value) <= MAX_TEXT and value[0] not in "#= " and value[-1] != " ":
            return value  # the common case: clean text
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
        if text.startswith("=") and re.search(r"[^\d½=+\-−–.,:;|\s]", text[1:]):
            raise CellProblem(_("{text} is a formula stored as text, not its value").format(text=_show(text)))
        return text
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
_LOOKALIKE_ZERO = str.maketrans({"O": "0", "o": "0", "О": "0", "о": "0"})


def typing_hint(value: object, swiss: bool) -> str:
    """What was probably typed when Excel or the keyboard changed it ('' when nothing comes to mind).

    >>> typing_hint(datetime.datetime(2026, 1, 2), swiss=False)
    ': Excel turned 1/2 into a date; type ½ or 0.5 (or =), or format the cells as text first'
    >>> typing_hint("О", swiss=False)  # a Cyrillic O
    ": 'О' is a letter O, not the digit 0; type 0"
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
            letter = next(ch for ch in text if ch in "OoОо")
            return ": " + _("{letter} is a letter O, not the digit 0; type {fixed}").format(letter=_show(letter), fixed=fixed)
    if not swiss and re.fullmatch(r"(?:1|0|½|0[.,]5|2)\s*[-−–]\s*(?:1|0|½|0[.,]5|2)", text):
        return ": " + _("a round robin cell holds this player's result only, e.g. {result}, not the game score").format(
            result=_show_result(text.replace(" ", "")[0])
        )
    if swiss and text.casefold() in ("x", "х", "*"):
        return ": " + _("X marks the diagonal of a round robin; in a Swiss round leave the cell empty or write − for an absence")
    if swiss and re.fullmatch(r"\d{1,6}\s*[xXхХ]\s*(?:1|0|½|=|\+|[-−–]|0[.,]5)", text):
        return ": " + _("the colour is w or b (б or ч), not X")
    return ""


def _show_result(ch: str) -> str:
    return {"½": "½", "0": "0"}.get(ch, ch)


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
    """Whether a normalized cell is a diagonal marker of a round robin matrix."""
    return isinstance(value, str) and len(value) <= 2 and all(ch in DIAGONAL_MARKS for ch in value)


_NUM = r"(?:\d+(?:[.,]\d+)?|[.,]5|½)"
_SINGLE = re.compile(r"(?:\d+(?:[.,]\d+)?|[.,]\d+|½|=|[-−–+])\Z")
_TWO = re.compile(r"(?:([.,]5|[0-2][.,]5|[0-4]|½|=|[-−–+])\s*)(?:([.,]5|[0-2][.,]5|[0-4]|½|=|[-−–+]))\Z")
_MATCH = re.compile(r"(" + _NUM + r")\s*:\s*(" + _NUM + r")\Z")


def parse_number(text: str) -> float | None:
    """A number written with a decimal point or comma, or with ½; None if it is not one.

    >>> parse_number("0,5"), parse_number("1½"), parse_number(".5"), parse_number("x")
    (0.5, 1.5, 0.5, None)
    """
    t = text.strip().replace(",", ".")
    if t.endswith("½"):
        head = t[:-1]
        if head == "":
            return 0.5
        if head.isdigit():
            return int(head) + 0.5
        return None
    try:
        if not re.fullmatch(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?", t):
            return None
        f = float(t)
    except ValueError:
        return None
    if math.isinf(f) or math.isnan(f):
        return None
    return f


def _mark(token: str) -> Mark:
    if token == "=":
        return DRAW_MARK
    if token == "+":
        return FORFEIT_WIN
    if token in _MINUS:
        return FORFEIT_LOSS
    value = parse_number(token)
    if value is None:  # pragma: no cover - the patterns only let numbers through
        raise CellProblem(_("'{text}' is not a result").format(text=token))
    return value


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
    parts = re.split(r"\s*[;|/]\s*|\s+", t) if not re.fullmatch(r"\d/\d", t) else [t]
    if len(parts) == 2 and all(_SINGLE.match(p) for p in parts):
        return (_mark(parts[0]), _mark(parts[1]))
    m = _TWO.match(t)
    if m:
        return (_mark(m.group(1)), _mark(m.group(2)))
    raise CellProblem(
        _("{text} is not a result{hint} ({notations})").format(text=_show(text), hint=typing_hint(text, swiss=False), notations=RR_NOTATIONS)
    )


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


_RES = r"\d+(?:[.,]\d+)?|[.,]5|½|=|[-−–+]"
_SWISS = re.compile(
    r"(?P<opp>\d{1,6})(?:"
    r"\s*(?P<col>[wbWBбчБЧ])\s*[/:]?\s*(?P<r1>" + _RES + r")?"  # 12w1, 12 w 1, 5б½, 12w
    r"|\s*[/:]\s*(?P<r2>" + _RES + r")"  # 12/1, 12:1
    r"|\s+(?P<r3>" + _RES + r")"  # 12 1
    r"|(?P<r4>½|=|[-−–+])"  # 12½, 12+, 12-
    r")?\Z"
)
_BYE_WORDS = {
    "+": "pab",
    "bye": "pab",
    "pab": "pab",
    "u": "U",
    "h": "H",
    "hpb": "H",
    "f": "F",
    "fpb": "F",
    "z": "Z",
    "zpb": "Z",
    "-": "absent",
    "−": "absent",
    "–": "absent",
    "—": "absent",
    "--": "absent",
    "---": "absent",
}


@lru_cache(maxsize=65536)
def _swiss_text(text: str) -> SwissCell:
    key = text.casefold()
    bye = _BYE_WORDS.get(key)
    if bye is not None:
        return SwissCell(None, None, None, bye)
    if text[0] in _MINUS and len(text) > 1:
        rest = text[1:].strip()
        if rest in ("=",):
            return SwissCell(None, None, DRAW_MARK, "points")
        value = parse_number(rest)
        if value is not None and value >= 0:
            return SwissCell(None, None, value, "points")
    m = _SWISS.match(text)
    if not m:
        raise CellProblem(
            _("{text} is not a result{hint} ({notations})").format(text=_show(text), hint=typing_hint(text, swiss=True), notations=SWISS_NOTATIONS)
        )
    res = m.group("r1") or m.group("r2") or m.group("r3") or m.group("r4")
    if res is None:
        raise CellProblem(_("{text} has an opponent but no result").format(text=_show(text)))
    colour = m.group("col")
    return SwissCell(int(m.group("opp")), _COLOURS[colour] if colour else None, _mark(res), None)


# a one-character result of a common Swiss cell ('12w1') as its mark; '=' stays the draw symbol
_FAST_MARKS: dict[str, Mark] = {
    **{sym: DRAW_MARK if sym == "=" else _OUTCOME_MARK[what] for sym, what in GAME_SYMBOLS.items()},
    "2": 2.0,
}
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
