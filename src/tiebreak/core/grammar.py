"""The grammar of a crosstable cell: one vocabulary for round robin cells, Swiss cells and TRF round cells.

A cell is made of parts: an opponent number, a colour letter, a result, or a
bye word.  This module holds every symbol of every part and what each one
means (the outcome and mark of a result, the colour of a letter, the kind of
a bye).  The readers only say which parts they allow in which position:

* a round robin cell (:func:`tiebreak.core.notation.result_marks`): one result, two
  results side by side (a double round robin), or a match score ``a:b``;
* a Swiss cell (:func:`tiebreak.core.notation.swiss_cell`): opponent, colour and
  result (``12w1``, ``5б½``), or a bye word alone (``+``, ``bye``, ``H``);
* a TRF round cell (:mod:`tiebreak.io.trf`): fixed columns, opponent, colour code,
  result code.

A new notation (a draw symbol, a colour letter, a bye word) is added here and
nowhere else: the readers' patterns are built from these tables.

A *mark* is one game's result as written: a number of points, or one of the
scale-free symbols :data:`DRAW_MARK` ``'='``, :data:`FORFEIT_WIN` ``'+'``,
:data:`FORFEIT_LOSS` ``'-'`` (the points of those depend on the scoring).

>>> mark_of("½"), mark_of("0,5"), mark_of("="), mark_of("−"), mark_of("x")
(0.5, 0.5, '=', '-', None)
>>> COLOURS["ч"], BYE_WORDS["bye"], TRF_GAME_CODES["D"], TRF_BYE_CODES["H"]
('b', 'pab', 'draw', 'H')
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import TypeAlias

from tiebreak.core.model import Kind
from tiebreak.core.text import compiled_later

__all__ = [
    "BYE_KINDS",
    "BYE_WORDS",
    "COLOURS",
    "DECIMAL_SEPARATORS",
    "DIAGONAL_IF_UNIFORM",
    "DIAGONAL_MARKS",
    "DRAW",
    "DRAW_MARK",
    "FORFEIT_LOSS",
    "FORFEIT_LOST",
    "FORFEIT_WIN",
    "FORFEIT_WON",
    "GAME_SYMBOLS",
    "HALF",
    "LEGEND_PHRASE_END",
    "LEGEND_SEPARATORS",
    "LOOKALIKE_ZERO",
    "LOSS",
    "LOSS_MARK",
    "MATCH_FORFEIT_LETTERS",
    "MATCH_WORDS",
    "MINUS",
    "ONE_CHAR_MARKS",
    "PLUS_MEANS",
    "PLUS_WORDS",
    "RESULT_SYMBOLS",
    "RESULT_TEXTS",
    "TRF_BYE_CODES",
    "TRF_COLOURS",
    "TRF_GAME_CODES",
    "TRF_LETTERS",
    "TRF_NO_COLOUR",
    "TRF_RESULT_SYMBOLS",
    "TRF_UNKNOWN",
    "US_BYE_LETTERS",
    "US_GAME_LETTERS",
    "WIN",
    "WIN_MARK",
    "Mark",
    "alternation",
    "mark_of",
    "one_of",
    "parse_number",
    "trf_bye",
    "trf_code",
]

Mark: TypeAlias = float | str

# ------------------------------------------------------------------ results
# the outcomes a result symbol can say
WIN, DRAW, LOSS, FORFEIT_WON, FORFEIT_LOST = "win", "draw", "loss", "forfeit win", "forfeit loss"
# the marks of the scale-free symbols: what they are worth depends on the scoring
DRAW_MARK = "="
FORFEIT_WIN = "+"
FORFEIT_LOSS = "-"
# the marks of a played win and loss whatever the scoring (US notation W12, L3; signs read as played games)
WIN_MARK = "W"
LOSS_MARK = "L"

# Every result symbol a hand-kept cell may hold: symbol -> (outcome, mark).  A symbol with a number as
# its mark is that many points (½ is 0.5 whatever the scoring); the others are scale-free.
RESULT_SYMBOLS: dict[str, tuple[str, Mark]] = {
    "1": (WIN, 1.0),
    "½": (DRAW, 0.5),
    "=": (DRAW, DRAW_MARK),
    "0": (LOSS, 0.0),
    "+": (FORFEIT_WON, FORFEIT_WIN),
    "-": (FORFEIT_LOST, FORFEIT_LOSS),  # hyphen
    "−": (FORFEIT_LOST, FORFEIT_LOSS),  # minus sign
    "–": (FORFEIT_LOST, FORFEIT_LOSS),  # en dash
}
# a number is written with a decimal point or a comma: 0.5, 0,5
DECIMAL_SEPARATORS = ".,"
# between two results of a double round robin cell ('1;0', '1 | ½', '1 / 0'; '1/0' is a fraction and refused)
PAIR_SEPARATORS = ";|/"
# between the two sides of a match score ('2:0', '1½:½')
SCORE_SEPARATOR = ":"
# between a Swiss cell's opponent (and colour) and its result ('12/1', '12w:1')
SWISS_SEPARATORS = "/:"

GAME_SYMBOLS: dict[str, str] = {symbol: outcome for symbol, (outcome, _mark) in RESULT_SYMBOLS.items()}
# the symbols that are half a point (as the fraction after a whole number too: 1½)
HALF = "".join(s for s, (_o, m) in RESULT_SYMBOLS.items() if m == 0.5 and not s.isdigit())
# the symbols of a lost forfeit; alone in a Swiss cell, or before a number there, an absence
MINUS = "".join(s for s, (o, _m) in RESULT_SYMBOLS.items() if o == FORFEIT_LOST)
# the symbols other than digits (digits are read as numbers)
_NOT_DIGITS = [s for s in RESULT_SYMBOLS if not s.isdigit()]
_MARKS: dict[str, Mark] = {s: m for s, (_o, m) in RESULT_SYMBOLS.items()}
# a one-character result as its mark: the symbols and the one-digit numbers (the fast paths read these)
ONE_CHAR_MARKS: dict[str, Mark] = {**{d: float(d) for d in "0123456789"}, **{s: m for s, m in _MARKS.items() if len(s) == 1}}

# ------------------------------------------------------------------ colours
# a colour letter -> 'w' or 'b': Latin w/b, Cyrillic б (белые) and ч (чёрные)
COLOURS: dict[str, str] = {"w": "w", "W": "w", "б": "w", "Б": "w", "b": "b", "B": "b", "ч": "b", "Ч": "b"}

# ------------------------------------------------------------------ byes
# the kinds of a bye: name -> (Kind, what it is worth: WIN or DRAW points of the scoring, or nothing)
BYE_KINDS: dict[str, tuple[Kind, str | None]] = {
    "pab": (Kind.PAIRING_BYE, WIN),  # pairing-allocated bye
    "U": (Kind.PAIRING_BYE, WIN),  # TRF U: unpaired, a pairing-allocated bye
    "F": (Kind.FULL_BYE, WIN),
    "H": (Kind.HALF_BYE, DRAW),
    "Z": (Kind.ZERO_BYE, None),
    "absent": (Kind.ABSENT, None),
}
# TRF's bye codes (a letter in the result column, no opponent) -> the kind of bye
TRF_BYE_CODES: dict[str, str] = {"H": "H", "F": "F", "U": "U", "Z": "Z", "A": "absent"}
# a Swiss cell holding a bye word alone (matched ignoring case) -> the kind of bye
BYE_WORDS: dict[str, str] = {
    "+": "pab",  # '+' alone: a bye (with an opponent it is a forfeit win)
    "bye": "pab",
    "pab": "pab",
    **{code.casefold(): kind for code, kind in TRF_BYE_CODES.items() if kind != "absent"},
    "hpb": "H",
    "fpb": "F",
    "zpb": "Z",
    **{m: "absent" for m in MINUS},  # a minus alone: not paired
    "—": "absent",  # em dash
    "--": "absent",
    "---": "absent",
    # Russian club tables: свободен (free), a pairing bye
    "своб.": "pab",
    "своб": "pab",
    "свободен": "pab",
    "свободна": "pab",
}

# ------------------------------------------------------------------ US notation (US Chess, SwissSys, WinTD)
# a letter before the opponent's number: W12 won, D5 drew, L3 lost, X4 won by forfeit, F7 lost by forfeit
US_GAME_LETTERS: dict[str, Mark] = {"W": WIN_MARK, "D": DRAW_MARK, "L": LOSS_MARK, "X": FORFEIT_WIN, "F": FORFEIT_LOSS}
# a letter without an opponent (written B---, H---, U---, or B alone): the kind of bye.  B a full-point bye,
# H a half-point bye, U unpaired (zero), X a forfeit win nobody is named for (a point not played for),
# F a forfeit loss without an opponent (zero), Z a zero-point bye
US_BYE_LETTERS: dict[str, str] = {"B": "pab", "H": "H", "U": "absent", "X": "F", "F": "absent", "Z": "Z"}
# no opponent: dashes after the letter (U---), as US crosstables print it
US_NO_OPPONENT = "-"
BYE_WORDS.update({letter.casefold() + US_NO_OPPONENT * n: kind for letter, kind in US_BYE_LETTERS.items() for n in (2, 3, 4)})
BYE_WORDS["b"] = US_BYE_LETTERS["B"]  # B alone (the other letters alone are TRF's codes)

# ------------------------------------------------------------------ what + and - mean beside an opponent
# The Plus means / Плюс означает setting and --plus: a value -> 'win' (played games: + won, − lost) or
# 'forfeit' (+ won by forfeit, − lost by forfeit); 'auto' (None): decided from the table
PLUS_MEANS: dict[str, str | None] = {
    "auto": None, "авто": None,
    "win": "win", "won": "win", "played": "win", "победа": "win", "выигрыш": "win", "партия": "win",
    "forfeit": "forfeit", "неявка": "forfeit", "техническое": "forfeit", "тех": "forfeit",
}
# between the plus of a legend and its word: '+ - победа', '+: win', '+ = win'
LEGEND_SEPARATORS = "-–—−:="
# the words of a legend on the sheet ('+ победа, = ничья, − поражение', '+ win', '+ неявка') -> what + means.
# A word matches when the legend's first word after the plus starts with it; a forfeit word anywhere in the
# phrase after the plus (up to a comma or semicolon) wins over it: '+ победа без игры', '+ win by forfeit'
PLUS_WORDS: dict[str, str] = {
    "побед": "win", "выигр": "win", "win": "win", "won": "win",
    "неявк": "forfeit", "forfeit": "forfeit", "техн": "forfeit", "default": "forfeit", "walkover": "forfeit",
    "без игры": "forfeit", "не явил": "forfeit",
}
# where a legend's phrase ends
LEGEND_PHRASE_END = ",;\n"

# ------------------------------------------------------------------ TRF
# TRF's result letters, the same results as symbols
TRF_LETTERS: dict[str, str] = {"W": WIN, "D": DRAW, "L": LOSS}
# the result symbols the TRF standard allows in its result column
TRF_RESULT_SYMBOLS = "10=+-"
# a TRF result code beside an opponent -> the outcome of the game
TRF_GAME_CODES: dict[str, str] = {**{s: GAME_SYMBOLS[s] for s in TRF_RESULT_SYMBOLS}, **TRF_LETTERS}
# a TRF result code of a game played whose result is not known yet
TRF_UNKNOWN = "X?"
# a TRF colour code -> 'w' or 'b'; TRF_NO_COLOUR: no colour (no game)
TRF_COLOURS: dict[str, str] = {letter: colour for letter, colour in COLOURS.items() if letter.isascii()}
TRF_NO_COLOUR = "- "
# what a result code without an opponent is (TRF writes the points of an unplayed round that way)
_TRF_BYE_OF_OUTCOME = {WIN: "pab", FORFEIT_WON: "pab", DRAW: "H", LOSS: "absent", FORFEIT_LOST: "absent"}


def trf_bye(code: str) -> str:
    """The kind of bye (a :data:`BYE_KINDS` name) a TRF result code stands for without an opponent.

    >>> trf_bye("H"), trf_bye("="), trf_bye("+"), trf_bye("L"), trf_bye(" ")
    ('H', 'H', 'pab', 'absent', 'absent')
    """
    kind = TRF_BYE_CODES.get(code)
    if kind is not None:
        return kind
    outcome = TRF_GAME_CODES.get(code)
    return "absent" if outcome is None else _TRF_BYE_OF_OUTCOME[outcome]


def trf_code(kind: Kind, outcome: str | None = None) -> str:
    """The TRF result code written for an entry: a game's outcome, or a bye's kind (an absence is blank).

    >>> trf_code(Kind.PLAYED, DRAW), trf_code(Kind.FORFEIT_LOSS), trf_code(Kind.HALF_BYE), trf_code(Kind.ABSENT)
    ('=', '-', 'H', ' ')
    """
    if kind is Kind.PLAYED or kind is Kind.FORFEIT_WIN or kind is Kind.FORFEIT_LOSS:
        wanted = outcome if kind is Kind.PLAYED else FORFEIT_WON if kind is Kind.FORFEIT_WIN else FORFEIT_LOST
        return next(s for s in TRF_RESULT_SYMBOLS if GAME_SYMBOLS[s] == wanted)
    if kind is Kind.ABSENT:
        return " "
    return next(code for code, name in TRF_BYE_CODES.items() if BYE_KINDS[name][0] is kind)


# ------------------------------------------------------------------ round robin extras
# the marks of a round robin's diagonal (a player's own cell)
DIAGONAL_MARKS = frozenset("xXхХ*—×■∙·")
# marks that are also results (a dash, a zero) or punctuation (a slash, a dot): a diagonal mark only when every
# player's own cell holds the same one
DIAGONAL_IF_UNIFORM = frozenset({*(s for s, (o, _m) in RESULT_SYMBOLS.items() if o == FORFEIT_LOST), "0", "/", "."})
# letters that look like the digit 0 (Latin and Cyrillic O)
LOOKALIKE_ZERO: dict[str, str] = {"O": "0", "o": "0", "О": "0", "о": "0"}
# texts that only a player row holds (a result, never a column number of a header): a row with one is data
RESULT_TEXTS = frozenset(
    {s for s in RESULT_SYMBOLS if s != "1"}
    | {"0" + sep + "5" for sep in DECIMAL_SEPARATORS}
    | {"1" + h for h in HALF}
    | {"01", "00", "1" + SCORE_SEPARATOR + "0", "0" + SCORE_SEPARATOR + "1"}
)


# ------------------------------------------------------------------ match events (team matches, micro-matches)
# a match table's word for an unplayed match (matched ignoring case) -> its kind
MATCH_WORDS: dict[str, Kind] = {
    "pab": Kind.PAIRING_BYE, "bye": Kind.PAIRING_BYE, "hpb": Kind.HALF_BYE, "fpb": Kind.FULL_BYE, "zpb": Kind.ZERO_BYE,
}
# the letter of a match won or lost by forfeit after its sign (+F, -F; Cyrillic Ф too), matched ignoring case
MATCH_FORFEIT_LETTERS = "fф"


# ------------------------------------------------------------------ reading tokens
def parse_number(text: str) -> float | None:
    """A number written with a decimal point or comma, or with ½; None if it is not one.

    >>> parse_number("0,5"), parse_number("1½"), parse_number(".5"), parse_number("x")
    (0.5, 1.5, 0.5, None)
    """
    t = text.strip()
    for sep in DECIMAL_SEPARATORS[1:]:
        t = t.replace(sep, ".")
    if t and t[-1] in HALF:
        head = t[:-1]
        if head == "":
            return 0.5
        if head.isdigit():
            return int(head) + 0.5
        return None
    try:
        if not _FLOAT.fullmatch(t):
            return None
        f = float(t)
    except ValueError:
        return None
    if math.isinf(f) or math.isnan(f):
        return None
    return f


_FLOAT = compiled_later(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def mark_of(token: str) -> Mark | None:
    """The mark of one result token (a symbol or a number), None if it is not one."""
    mark = _MARKS.get(token)
    if mark is not None:
        return mark
    return parse_number(token)


# ------------------------------------------------------------------ pattern pieces
def one_of(chars: Iterable[str]) -> str:
    """A regex character class of these characters."""
    return "[" + "".join(re.escape(c) for c in chars) + "]"


def alternation(tokens: Iterable[str]) -> str:
    """A regex group matching any of these tokens, the longest first."""
    return "(?:" + "|".join(re.escape(t) for t in sorted(set(tokens), key=len, reverse=True)) + ")"


DECIMAL = one_of(DECIMAL_SEPARATORS)
# a number of points: 1, 1.5, 0,5, .5
NUMBER = rf"\d+(?:{DECIMAL}\d+)?|{DECIMAL}\d+"
# a number or a symbol other than a digit: one result as a Swiss cell or a round robin cell writes it
SYMBOL = alternation(_NOT_DIGITS)
RESULT = rf"(?:{NUMBER}|{SYMBOL})"
# a result of one game of a double round robin, written without a separator ('1½', '=0', '10')
SMALL_RESULT = rf"(?:{DECIMAL}5|[0-2]{DECIMAL}5|[0-4]|{SYMBOL})"
# a side of a match score
SCORE_SIDE = rf"(?:\d+(?:{DECIMAL}\d+)?|{DECIMAL}5|{alternation(HALF)})"
# a half written as a number or a symbol (as people write it in a game score '½-½')
HALF_POINT = rf"(?:0{DECIMAL}5|{alternation(HALF)})"
COLOUR = one_of(COLOURS)
PAIR_SEPARATOR = one_of(PAIR_SEPARATORS)
SWISS_SEPARATOR = one_of(SWISS_SEPARATORS)
MINUS_SIGN = one_of(MINUS)
TRF_COLOUR = one_of([*TRF_COLOURS, *TRF_NO_COLOUR])
# TRF result codes, upper case as the standard writes them (readers match them ignoring case)
TRF_CODES = [*TRF_GAME_CODES, *TRF_BYE_CODES, *TRF_UNKNOWN]
TRF_RESULT = one_of(sorted({*TRF_CODES, *(c.lower() for c in TRF_CODES), " "}))
