"""Column labels of a crosstable header: what each label says the column holds.

One vocabulary for round robin and Swiss tables, Russian and English; a new
label is added here and nowhere else.
"""

from __future__ import annotations

import re

from tiebreak.core import grammar as g
from tiebreak.core.text import compiled_later


def fold(text: str) -> str:
    t = text.casefold().replace("ё", "е")
    t = re.sub(r"[\s_]+", " ", t)
    return t.strip(" .:;")


_NUMBER_LABELS = {
    "no", "nr", "n", "№", "#", "sno", "snr", "start no", "start number", "st no",
    "номер", "ст №", "ст. №", "стартовый номер", "№ уч", "num", "number", "s no", "id", "pos no", "n°",
}
# a column of row numbers beside the start numbers ("№ п/п"): the number column only when there is no other
ROW_NUMBER_LABELS = {"№ п/п", "№п/п", "п/п", "п п", "№ пп", "пп", "no. in list", "row"}
_PLACE_LABELS = {"place", "rank", "pos", "position", "место", "места", "м", "rk", "final place", "итоговое место", "занятое место"}
_POINTS_LABELS = {
    "pts", "points", "score", "очки", "очков", "очк", "сумма", "сумма очков", "total", "итого", "pkt", "баллы",
    "балл", "баллов", "punkte", "o", "о", "oчки", "кол-во очков", "количество очков", "очки (всего)", "всего очков",
}
_RATING_WORDS = ("rating", "elo", "rtg", "рейтинг", "эло", "рейт", "fide", "nat", "ro")
_NAME_RE = compiled_later(
    r"(?:^|[\s,./(])(?:name|names|surname|last name|отчество|player|players|participants?|имя|фамилия|фамилия,|фио|ф\.\s?и\.\s?о\.?|ф и о|фи|ф\.\s?и\.?"
    r"|участники?|игроки?|спортсмены?|шашисты?|шахматисты?|фамилия,? имя(?: отчество)?|фамилия и имя)(?=$|[\s,./)])"
)
_RATING_RE = compiled_later(r"(?:rating|elo|rtg|рейтинг|эло|рейт)\b")
ROUND_RE = compiled_later(r"(?:r|rd|round|runde|ronde|тур|т|k|к)\s*\.?\s*(\d{1,3})\Z|(\d{1,3})\s*\.?\s*(?:r|rd|round|тур|т|к)\.?\Z")


# a column of a coefficient the table keeps by hand, without saying which ("Коэф."): compared with tiebreak's first criterion
_COEFFICIENT_LABELS = {"коэф", "коэфф", "коэффициент", "коэффициенты", "к-т", "кф", "coef", "coeff", "coefficient", "tie-break", "tiebreak"}


def is_coefficient_label(text: str) -> bool:
    """Whether a column label names a coefficient without saying which ('Коэф.', 'Coef.').

    >>> is_coefficient_label("Коэф."), is_coefficient_label("коэффициент"), is_coefficient_label("Бухг.")
    (True, True, False)
    """
    return fold(text) in _COEFFICIENT_LABELS


_PLUS = re.escape(g.FORFEIT_WIN)
# a column of rating changes after the event ("Rtg+/-", "+/-", "Δ", "Rating change", "Изм. рейт."): its '+12' is no
# rating and no game, and the column is left out
_RATING_CHANGE_RE = compiled_later(
    rf"(?:(?:rtg|rating|elo|рейт|рейтинг|эло|r)\.?\s*)?(?:{_PLUS}\s*/?\s*{g.MINUS_SIGN}|±|δ|delta|дельта)(?:\s*(?:rtg|rating|elo|рейт|рейтинга?|эло|r))?"
    r"|(?:rating|rtg|elo) (?:change|diff|difference|gain)|(?:change|diff)\.? (?:rating|rtg|elo)"
    r"|(?:изм|изменение|прирост)\.? ?(?:рейт|рейтинга|эло)|(?:рейт|рейтинг)\.? ?(?:изм|изменение|прирост)"
    r"\Z"
)


def is_rating_change_label(text: str) -> bool:
    """Whether a column label names a change of rating, not a rating.

    >>> [is_rating_change_label(t) for t in ("Rtg+/-", "+/-", "Δ", "Rating change", "Изм. рейт.", "ΔR", "Рейт. +/-", "Rtg", "Рейтинг", "Δ Эло")]
    [True, True, True, True, True, True, True, False, False, True]
    """
    return bool(_RATING_CHANGE_RE.fullmatch(fold(text)))


def label_role(text: str) -> str | None:
    t = fold(text)
    if not t:
        return None
    if t in ROW_NUMBER_LABELS or t.replace(" ", "") in ("№п/п", "№пп"):
        return "row_number"
    if t in _NUMBER_LABELS or t.startswith("№"):
        return "number"
    if t in _PLACE_LABELS:
        return "place"
    if t in _POINTS_LABELS:
        return "points"
    if ROUND_RE.match(t):
        return "round"
    if _NAME_RE.search(t):
        return "name"
    if t in _RATING_WORDS or _RATING_RE.match(t):
        return "rating"
    return None


_OTHER_LABEL_WORDS = (
    "bh", "buchholz", "бухгольц", "sb", "berger", "бергер", "коэф", "koef", "solkoff", "солкоф", "шмульян",
    "riga", "рижск", "wins", "побед", "title", "звание", "fed", "club", "клуб", "город", "city", "разряд",
    "country", "страна", "team", "команда", "de", "aro", "tpr", "perf", "place", "rank", "место", "year", "год",
    "born", "г.р", "tiebreak", "тай", "бухг", "tb", "тб", "к-т", "коэфф", "доп", "sb", "bh", "ск", "звание", "титул",
    "fed", "федерация", "регион", "region", "школа", "school", "sex", "пол", "категория", "cat", "rtg+", "k", "дата",
    "date", "birth", "рожд", "тренер", "coach", "примечание", "note", "notes",
)

# a label over several result columns (often a merged cell), above the row of their numbers
_GROUP_RE = compiled_later(
    r"(?:результаты(?: встреч| игр| партий)?|туры|тур|раунды|соперники|встречи|партии|с кем играл|номера соперников"
    r"|rounds?|results?|opponents?|games|crosstable|cross table)\Z"
)
# a row under the table that adds up the columns
_TOTALS_RE = compiled_later(r"(?:итого|всего|сумма|total|totals|sum|очки|points|pts)\b")
# a footnote or signature under the table
_FOOTER_RE = compiled_later(
    r"(?:главный судья|гл\.? ?судья|главный секретарь|гл\.? ?секретарь|судья|секретарь|арбитр|подпись|примечани[ея]|организатор"
    r"|chief arbiter|chief arbitre|arbiter|arbitre|tournament director|organi[sz]er|signature|notes?\b|\*)"
)


# a round split into two columns: the opponent's number, then the result ("соп." / "рез.", "Opp" / "Res")
_OPPONENT_RE = compiled_later(r"(?:соп|соперник|№ ?соп|противник|opp|opponent|vs)\.?\Z")
_RESULT_RE = compiled_later(r"(?:рез|результат|res|result|очк|очки|pts|score)\.?\Z")
# the third sub-column of a round in three: the colour between the opponent and the result ("Соп. | Цв. | Рез.")
_COLOUR_RE = compiled_later(r"(?:цв|цвет|col|colour|color|clr)\.?\Z")


def _named(text: str, kinds: tuple[tuple[str, re.Pattern[str]], ...]) -> str | None:
    """The name of the first of ``kinds`` (name, pattern) whose pattern matches the folded label, else None."""
    t = fold(text)
    return next((name for name, pattern in kinds if pattern.match(t)), None)


def sub_label(text: str) -> str | None:
    """'opponent', 'colour' or 'result' for the sub-columns of a round, else None."""
    return _named(text, (("opponent", _OPPONENT_RE), ("colour", _COLOUR_RE), ("result", _RESULT_RE)))


# the cycle of a double round robin's sub-column under each opponent: "1 кр." | "2 кр.", "I" | "II", "1 круг", "Cycle 2"
_CYCLE_RE = compiled_later(
    r"(?:(?P<a>[1-4]|i{1,3}|iv)(?:\s*-?\s*(?:й|st|nd|rd|th))?\s*(?:кр|круг|цикл|cycle|leg)?"
    r"|(?:кр|круг|цикл|cycle|leg)\s*(?P<b>[1-4]|i{1,3}|iv))\Z"
)
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4}


def cycle_label(text: str) -> int | None:
    """The cycle (1, 2 ...) a sub-column label of a double round robin names ("2 кр.", "II", "Cycle 2"), else None.

    >>> [cycle_label(t) for t in ("1 кр.", "2 кр", "I", "II", "1-й круг", "Cycle 2", "2nd", "Иванов")]
    [1, 2, 1, 2, 1, 2, 2, None]
    """
    m = _CYCLE_RE.match(fold(text))
    if m is None:
        return None
    word = m.group("a") or m.group("b")
    return _ROMAN.get(word) or int(word)


# the parts of a name kept in two or three columns: "Фамилия | Имя | Отчество", "Surname | First name"
_SURNAME_RE = compiled_later(r"(?:фамилия|surname|last name|family name|lastname)\Z")
_GIVEN_RE = compiled_later(r"(?:имя|first name|given name|firstname|forename|name)\Z")
_PATRONYMIC_RE = compiled_later(r"(?:отчество|middle name|patronymic)\Z")


def name_part(text: str) -> str | None:
    """'surname', 'given' or 'patronymic' for a label of one part of the name, else None."""
    return _named(text, (("surname", _SURNAME_RE), ("given", _GIVEN_RE), ("patronymic", _PATRONYMIC_RE)))


def is_group_label(text: str) -> bool:
    """A label standing over all the result columns ("Результаты встреч", "Rounds")."""
    return bool(_GROUP_RE.match(fold(text)))


def is_totals_label(text: str) -> bool:
    return bool(_TOTALS_RE.match(fold(text)))


def is_footer_text(text: str) -> bool:
    return bool(_FOOTER_RE.match(fold(text)))


def is_other_label(text: str) -> bool:
    """A label of a column tiebreak leaves alone (an earlier tie-break, club, title ...), as a whole word."""
    return bool(_OTHER_RE.match(fold(text)))


# short words must stand alone ("de", not "de Vries"'s ... "Anderson"); longer ones are stems ("Бухгольца")
_OTHER_RE = compiled_later(
    r"(?:(?:" + "|".join(re.escape(w) for w in _OTHER_LABEL_WORDS if len(w) <= 3) + r")(?:$|[\s.,:;/()\-]))"
    r"|(?:" + "|".join(re.escape(w) for w in _OTHER_LABEL_WORDS if len(w) > 3) + r")"
    r"|(?:(?:tb|тб|кф|k|к)\s*\d{1,2}$)"
)


