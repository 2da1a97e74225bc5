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

__all__ = ["decimal_separator", "format_number", "format_value", "games", "name_gender", "players", "points", "rounds"]

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


# A Russian name tells a woman from a man by its endings: the patronymic (Ивановна / Иванович), the
# surname (Андреева, Толстая, Ковальская / Андреев, Толстой, Ковальский) and the first name (Полина
# ends in а or я; the men's names that do are listed).  Names that tell nothing (Шевченко Саша, or
# a Latin name) give None, and the message takes a neutral phrasing.
_ENDINGS = tuple[tuple[str, tuple[str, ...]], ...]
_PATRONYMIC: _ENDINGS = (("f", ("овна", "евна", "ёвна", "ична", "инична")), ("m", ("ович", "евич", "ёвич", "ьич", "ич")))
_SURNAME: _ENDINGS = (("f", ("ова", "ева", "ёва", "ина", "ына", "ская", "цкая", "ая")), ("m", ("ов", "ев", "ёв", "ин", "ын", "ский", "цкий", "ой", "ый", "ий")))
_MEN_IN_A = frozenset({
    "никита", "илья", "кузьма", "фома", "савва", "лука", "данила", "гаврила", "фока", "ярема", "добрыня",
    "саша", "женя", "валя", "шура", "слава", "миша", "паша", "гоша", "дима", "коля", "ваня", "петя", "вася",
    "толя", "федя", "лёша", "алёша", "серёжа",
})
_EITHER = frozenset({"саша", "женя", "валя", "шура"})  # short forms a woman and a man share


def _word_gender(word: str) -> tuple[str | None, bool]:
    """('f' / 'm' / None, whether the word is sure of it) for one word of a name."""
    for gender, endings in _PATRONYMIC:
        if len(word) > 5 and word.endswith(endings):
            return gender, True
    if word in _EITHER:
        return None, False
    if word in _MEN_IN_A:
        return "m", True
    for gender, endings in _SURNAME:
        if len(word) > 3 and word.endswith(endings):
            return gender, True
    if len(word) > 2 and word[-1] in "ая":
        return "f", True  # a first name: Полина, Мария
    if word[-1] == "й" or (word[-1] not in "аеёиоуыэюяь" and len(word) > 2):
        return "m", False  # Андрей, Иван; but an unchanging surname (Шмидт, Черных) ends so for a woman too
    return None, False


def name_gender(name: str) -> str | None:
    """'f' or 'm' when a Russian name says whether the player is a woman or a man, None when it does not.

    >>> [name_gender(n) for n in ("Андреева Полина", "Андреев Пётр", "Толстая А. Н.", "Петров Иван Сергеевич")]
    ['f', 'm', 'f', 'm']
    >>> [name_gender(n) for n in ("Шмидт Анна", "Черных Никита", "Шевченко Саша", "Ann Smith", "Ли Мин", "")]
    ['f', 'm', None, None, 'm', None]
    """
    sure: set[str] = set()
    likely: set[str] = set()
    for word in name.replace(",", " ").replace(".", ". ").split():
        word = word.casefold()
        if word.endswith(".") or not word.isalpha() or not all("а" <= ch <= "я" or ch == "ё" for ch in word):
            continue  # an initial, a number or a word in another alphabet
        gender, certain = _word_gender(word)
        if gender is not None:
            (sure if certain else likely).add(gender)
    if len(sure) == 1:
        return sure.pop()
    if not sure and len(likely) == 1:
        return likely.pop()
    return None
