"""Numbers and counts as the current language writes them.

Russian writes a decimal comma and declines a counted noun three ways
(1 тур, 3 тура, 5 туров, 21 тур); a fractional number takes the genitive
singular (1,5 очка).  Messages that mention a count use these phrases, so the
catalogue translates each phrase once:

>>> from tiebreak.core.i18n import use_language
>>> rounds(5), points(1.5), format_number(2.25)
('5 rounds', '1.5 points', '2.25')
>>> with use_language("ru"):
...     rounds(5), rounds(21), players(3), points(1.5), points(2), points(1), format_number(2.25)
('5 туров', '21 тур', '3 участника', '1,5 очка', '2 очка', '1 очко', '2,25')
"""

from __future__ import annotations

from tiebreak.core import numbers
from tiebreak.core.i18n import current_language, ngettext, npgettext, pgettext

__all__ = ["decimal_separator", "format_number", "format_value", "games", "players", "points", "rounds"]

_DECIMAL = {"ru": ","}


def decimal_separator(lang: str | None = None) -> str:
    """``","`` for Russian, ``"."`` otherwise (the current language unless given)."""
    return _DECIMAL.get(lang or current_language(), ".")


def format_number(value: float, decimal: str | None = None) -> str:
    """A score or coefficient as a person writes it: at most 4 decimals, rounded half up
    (:mod:`tiebreak.core.numbers`' one rule), no trailing zeros.

    ``decimal`` is the decimal separator (default: the current language's).

    >>> format_number(19.5), format_number(24.25, ","), format_number(3.0), format_number(-5), format_number(1 / 3)
    ('19.5', '24,25', '3', '-5', '0.3333')
    >>> format_number(1234567.0), format_number(-0.00001), format_number(float("nan")), format_number(2.00005)
    ('1234567', '0', 'nan', '2.0001')
    """
    sep = decimal_separator() if decimal is None else decimal
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, int):
        return str(value)
    return numbers.text(value, numbers.TEXT_DECIMALS, sep)


def format_value(value: object) -> str:
    """A tie-break value as the command line prints it: a number by :func:`format_number`, results in
    order of places (a tuple) as their numbers separated by spaces, nothing as ``""``.

    >>> format_value(None), format_value(""), format_value(13.0), format_value((1.0, 0.5)), format_value("6–7")
    ('', '', '13', '1 0.5', '6–7')
    """
    if value is None or value == "":
        return ""
    if isinstance(value, tuple):
        return " ".join(format_number(x) for x in value)
    if isinstance(value, float):
        return format_number(value)
    return str(value)


def _whole(value: float) -> bool:
    return float(value).is_integer()


def rounds(n: int) -> str:
    """``"3 rounds"`` / ``"3 тура"``."""
    return ngettext("{n} round", "{n} rounds", n).format(n=n)


def players(n: int) -> str:
    """``"3 players"`` / ``"3 участника"``."""
    return ngettext("{n} player", "{n} players", n).format(n=n)


def games(n: int) -> str:
    """``"3 games"`` / ``"3 партии"``."""
    return ngettext("{n} game", "{n} games", n).format(n=n)


def points(value: float) -> str:
    """A number of points: ``"1 point"``, ``"2 points"``, ``"1.5 points"`` / ``"1 очко"``, ``"2 очка"``, ``"1,5 очка"``.

    A fractional number is not counted: Russian writes it with the genitive
    singular whatever its last digit, hence a message of its own.
    """
    text = format_number(value)
    if _whole(value):
        return npgettext("score", "{n} point", "{n} points", int(value)).format(n=text)
    return pgettext("fractional score", "{n} points").format(n=text)
