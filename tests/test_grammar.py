"""One grammar for a cell: the round robin, Swiss and TRF readers accept exactly tiebreak.core.grammar's vocabulary.

* Each reader is checked against the grammar's tables, entry by entry: every
  symbol, colour letter, bye word and TRF code reads as the grammar says it
  means, and characters the grammar does not hold are refused.
* A scan of the readers' sources finds no symbol table of their own.
* A new notation added to ``grammar.py`` alone (a draw symbol, a colour letter,
  a bye code) is read by all three readers.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tiebreak import CHESS, DRAUGHTS, Kind, Scoring
from tiebreak.core import grammar as g
from tiebreak.core.errors import FileFormatError
from tiebreak.core.notation import CellProblem, result_marks, swiss_cell
from tiebreak.io.trf import read_trf
from tiebreak.reading import read_table

SRC = Path(__file__).resolve().parent.parent / "src" / "tiebreak"

# characters to try: ASCII, Latin-1, Cyrillic, dashes and other punctuation and symbols people type
CANDIDATES = [
    ch for ch in map(chr, [*range(0x21, 0x7F), *range(0xA1, 0x180), *range(0x400, 0x460), *range(0x2010, 0x2070), *range(0x2150, 0x2220)])
    if not ch.isspace()
]


def outcome_points(outcome: str, sc: Scoring) -> float:
    return {g.WIN: sc.win, g.DRAW: sc.draw, g.LOSS: sc.loss, g.FORFEIT_WON: sc.win, g.FORFEIT_LOST: sc.loss}[outcome]


# ------------------------------------------------------------------ round robin
def test_round_robin_cells_read_every_result_symbol_as_the_grammar_says() -> None:
    for symbol, (_outcome, mark) in g.RESULT_SYMBOLS.items():
        assert result_marks(symbol) == (mark,), symbol
    for a, (_oa, ma) in g.RESULT_SYMBOLS.items():  # two games of a double round robin, apart or side by side
        for b, (_ob, mb) in g.RESULT_SYMBOLS.items():
            assert result_marks(f"{a} {b}") == (ma, mb), (a, b)
            if not (a.isdigit() and b.isdigit()):  # '10' is the number ten (split by the table reader)
                assert result_marks(a + b) == (ma, mb), (a, b)


def test_round_robin_cells_accept_exactly_the_grammars_one_character_results() -> None:
    accepted = set()
    for ch in CANDIDATES:
        try:
            result_marks(ch)
        except CellProblem:
            continue
        accepted.add(ch)
    assert accepted == set(g.RESULT_SYMBOLS) | {ch for ch in CANDIDATES if ch.isdecimal()}


def test_a_round_robin_table_reads_each_symbol_pair_as_its_outcomes() -> None:
    # Ann against Bob with every pair of symbols the grammar says are the two sides of one game
    pairs = [(a, b) for a, (oa, _m) in g.RESULT_SYMBOLS.items() for b, (ob, _n) in g.RESULT_SYMBOLS.items()
             if (oa, ob) in {(g.WIN, g.LOSS), (g.DRAW, g.DRAW), (g.FORFEIT_WON, g.FORFEIT_LOST)}]
    assert len(pairs) == 1 + 2 * 2 + 3  # 1-0, ½ or = on both sides, + against each of the three minus signs
    for a, b in pairs:
        t = read_table([["No", "Name", 1, 2], [1, "Ann", "X", a], [2, "Bob", b, "X"]])
        oa = g.GAME_SYMBOLS[a]
        assert t.points == [outcome_points(oa, CHESS), outcome_points(g.GAME_SYMBOLS[b], CHESS)], (a, b)
        assert Kind(t.kind[0][0]) == {g.FORFEIT_WON: Kind.FORFEIT_WIN}.get(oa, Kind.PLAYED)


# ------------------------------------------------------------------ Swiss
def test_swiss_cells_read_every_colour_and_result_as_the_grammar_says() -> None:
    for letter, colour in g.COLOURS.items():
        for symbol, (_outcome, mark) in g.RESULT_SYMBOLS.items():
            for text in (f"12{letter}{symbol}", f"12 {letter} {symbol}"):  # the fast path and the pattern
                assert swiss_cell(text) == (12, colour, mark, None), text


def test_swiss_cells_accept_exactly_the_grammars_colour_letters() -> None:
    accepted = set()
    for ch in CANDIDATES:
        try:
            cell = swiss_cell(f"12{ch}1")
        except CellProblem:
            continue
        if cell.colour is not None:
            accepted.add(ch)
    assert accepted == set(g.COLOURS)


def test_swiss_cells_read_every_bye_word_and_nothing_else_alone() -> None:
    for word, kind in g.BYE_WORDS.items():
        for text in {word, word.upper(), word.capitalize()}:
            assert swiss_cell(text) == (None, None, None, kind), text
    alone = set()
    for ch in CANDIDATES:
        try:
            swiss_cell(ch)
        except CellProblem:
            continue
        alone.add(ch)
    words = {w for w in g.BYE_WORDS if len(w) == 1}
    assert alone == words | {w.upper() for w in words}


@pytest.mark.parametrize("sc", [CHESS, DRAUGHTS], ids=["chess", "draughts"])
def test_a_swiss_table_reads_each_colour_pair_and_bye_word(sc: Scoring) -> None:
    whites = [x for x, c in g.COLOURS.items() if c == "w"]
    blacks = [x for x, c in g.COLOURS.items() if c == "b"]
    for w, b in zip(whites, blacks):
        for word, bye in g.BYE_WORDS.items():
            kind, worth = g.BYE_KINDS[bye]
            grid = [["No", "Name", "R1", "R2"], [1, "Ann", f"2{w}+", "3b="], [2, "Bob", f"1{b}−", word], [3, "Cid", None, "1w="]]
            t = read_table(grid, scoring=sc)
            assert [t.colour[0][0], t.colour[1][0]] == ["w", "b"], (w, b)
            assert Kind(t.kind[1][1]) == kind, word
            assert t.pts[1][1] == {g.WIN: sc.win, g.DRAW: sc.draw, None: 0.0}[worth], word


# ------------------------------------------------------------------ TRF
def player_line(number: int, name: str, cell: str) -> str:
    """A TRF 001 line without a points field: start number, name, rating, one round cell from column 92."""
    return f"001 {number:4d}      {name:<33} 2000".ljust(91) + cell


def trf_line(cell: str, other: str = "0000 - Z") -> str:
    """Ann's round cell, and Bob's."""
    return f"012 Demo\n{player_line(1, 'Ann', cell)}\n{player_line(2, 'Bob', other)}\n"


def test_trf_reads_every_code_as_the_grammar_says() -> None:
    sc = CHESS
    mirror = {g.WIN: g.LOSS, g.LOSS: g.WIN, g.DRAW: g.DRAW, g.FORFEIT_WON: g.FORFEIT_LOST, g.FORFEIT_LOST: g.FORFEIT_WON}
    for code, outcome in g.TRF_GAME_CODES.items():
        answer = next(c for c, o in g.TRF_GAME_CODES.items() if o == mirror[outcome])  # Bob's side of the game
        for letter, colour in g.TRF_COLOURS.items():
            for typed in {code, code.lower()}:
                other = "b" if colour == "w" else "w"
                t = read_trf(trf_line(f"   2 {letter} {typed}", f"   1 {other} {answer}"))
                assert t.opp[0][0] == 1 and t.colour[0][0] == colour, (code, letter)
                assert t.pts[0][0] == outcome_points(outcome, sc), code
    for code in [*g.TRF_GAME_CODES, *g.TRF_BYE_CODES]:
        if code in g.TRF_UNKNOWN:
            continue
        for no_colour in g.TRF_NO_COLOUR:
            t = read_trf(trf_line(f"0000 {no_colour} {code}"))
            kind, worth = g.BYE_KINDS[g.trf_bye(code)]
            assert Kind(t.kind[0][0]) == kind and t.pts[0][0] == {g.WIN: 1.0, g.DRAW: 0.5, None: 0.0}[worth], code
    for code in g.TRF_UNKNOWN:
        with pytest.raises(FileFormatError, match="played, result not known"):
            read_trf(trf_line(f"   2 w {code}", f"   1 b {code}"))


def test_trf_accepts_exactly_the_grammars_codes() -> None:
    codes = {*g.TRF_GAME_CODES, *g.TRF_BYE_CODES, *g.TRF_UNKNOWN}
    accepted = set()
    for ch in CANDIDATES:
        try:
            read_trf(trf_line(f"0000 - {ch}"))
        except FileFormatError as err:
            assert "is not a result code" in str(err) or ch.upper() in g.TRF_UNKNOWN, (ch, err)
            if ch.upper() not in g.TRF_UNKNOWN:
                continue
        accepted.add(ch)
    assert accepted == codes | {c.lower() for c in codes}
    colours = set()
    for ch in CANDIDATES:
        try:
            read_trf(trf_line(f"0000 {ch} H"))
        except FileFormatError:
            continue
        colours.add(ch)
    assert colours == (set(g.TRF_COLOURS) | set(g.TRF_NO_COLOUR)) - {" "}


def test_trf_writes_the_grammars_codes() -> None:
    from tiebreak.io.trf import write_trf

    t = read_trf(trf_line("   2 w 1", "   1 b 0"))
    text = write_trf(t)
    assert "   2 w 1" in text and "   1 b 0" in text
    for kind in Kind:
        code = g.trf_code(kind, g.DRAW)
        if kind is Kind.PLAYED:
            assert g.TRF_GAME_CODES[code] == g.DRAW
        elif kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
            assert g.TRF_GAME_CODES[code] == (g.FORFEIT_WON if kind is Kind.FORFEIT_WIN else g.FORFEIT_LOST)
        elif kind is Kind.ABSENT:
            assert code == " "
        else:
            assert g.BYE_KINDS[g.TRF_BYE_CODES[code]][0] is kind  # written as read


# ------------------------------------------------------------------ no reader keeps its own symbols
READERS = ["core/notation.py", "io/trf.py", *(f"reading/{p.name}" for p in sorted((SRC / "reading").glob("*.py")))]
GETTEXT = {"_", "ngettext", "pgettext", "npgettext", "lazy_gettext", "lazy_pgettext"}


def _vocabulary() -> set[str]:
    """The grammar's symbols other than digits: results, colours, byes, TRF codes, diagonal marks."""
    chars = {*g.RESULT_SYMBOLS, *g.COLOURS, *g.TRF_LETTERS, *g.TRF_BYE_CODES, *g.TRF_UNKNOWN, *g.DIAGONAL_MARKS}
    chars |= {w for w in g.BYE_WORDS if len(w) == 1 and not w.isalpha()}  # the letters are TRF's codes, upper case
    # digits are numbers; '?' and '*' are regex syntax as often as symbols
    return {c for c in chars if len(c) == 1 and not c.isdigit() and c not in "?*"}


def symbol_tables(source: str) -> list[str]:
    """String literals and collections in a module's code that spell out cell symbols (messages and docstrings aside)."""
    vocabulary = _vocabulary()
    tree = ast.parse(source)
    skip: set[int] = set()
    pieces: set[int] = set()  # the literal parts of f-strings: output formatting, or a pattern (its classes are checked)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            pieces.update(id(v) for v in node.values)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in GETTEXT:
            skip.update(id(a) for a in node.args)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            bare = re.sub(r"\\.", "", text)  # regex escapes (\Z, \d) aside
            symbols = {c for c in bare if c in vocabulary}
            # a symbol other than a letter anywhere ('½', '−'), or a short literal made of symbols ('wWбБ', '10=+-WDL');
            # TRF's two-letter point codes (XXS 'BW', 'FW') aside
            marks = [c for c in symbols if not c.isascii() and not c.isalpha()]
            symbol_like = len(bare) <= 24 and all(c in vocabulary or not c.isalpha() for c in bare)
            code = len(text) == 2 and text.isalpha() and text.isupper()
            if id(node) not in pieces and (marks or (len(symbols) >= 2 and symbol_like and not code)):
                found.append(f"line {node.lineno}: {text!r}")
            # a regex character class of symbols ('[wbWB]', '[-−–]'), ranges left out
            for cls in re.findall(r"\[\^?((?:\\.|[^\]\\])+)\]", text):
                literal = re.sub(r"\\x..|\\[A-Za-z]", "", cls)  # \x7f, \w, \d: not the letters
                members = {c for c in re.sub(r".-.", "", literal.replace("\\", "")) if c in vocabulary}
                if len(members) >= 2:
                    found.append(f"line {node.lineno}: class [{cls}]")
        if isinstance(node, (ast.Dict, ast.Set, ast.List, ast.Tuple)):
            elements = node.keys if isinstance(node, ast.Dict) else node.elts
            singles = {e.value for e in elements if isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value in vocabulary}
            if len(singles) >= 2:
                found.append(f"line {node.lineno}: a collection of {sorted(singles)}")
    return sorted(set(found))


def test_the_scan_finds_the_tables_readers_used_to_keep() -> None:
    before = textwrap.dedent(
        '''
        _MINUS = "-−–"
        _WHITE = "wWбБ"
        _COLOURS = {"w": "w", "W": "w", "б": "w"}
        _TRF_CODES = frozenset("10=+-WDL")
        _SWISS = re.compile(r"(?P<opp>\\d{1,6})(?P<col>[wbWBбчБЧ])")
        _ONE = rf"{_OPP} [wbWB\\- ] [10=+\\-WDLHFUZXAwdlhfuzxa? ]"
        def f(x):
            if x in ("1", "W", "=", "D", "0", "L", "+", "-"):
                return "½" if x == 0.5 else x
        '''
    )
    found = symbol_tables(before)
    assert len(found) >= 9, found
    clean = 'def f(x):\n    """½ and − are read here."""\n    raise E(_("write 1, ½ or 0.5 or =, 0, + or − for a forfeit"))\n'
    assert symbol_tables(clean) == []


@pytest.mark.parametrize("module", READERS)
def test_no_reader_keeps_symbols_of_its_own(module: str) -> None:
    found = symbol_tables((SRC / module).read_text(encoding="utf-8"))
    assert found == [], f"{module} spells out cell symbols; take them from tiebreak.core.grammar:\n" + "\n".join(found)


# ------------------------------------------------------------------ one place to add a notation
NEW_NOTATION = {
    # a new draw symbol
    '    "=": (DRAW, DRAW_MARK),\n': '    "=": (DRAW, DRAW_MARK),\n    "≈": (DRAW, DRAW_MARK),\n',
    # a new colour letter for white
    '"w": "w", "W": "w",': '"w": "w", "W": "w", "ў": "w",',
    # a new bye code (TRF) that Swiss cells read as a bye word too
    'TRF_BYE_CODES: dict[str, str] = {"H": "H",': 'TRF_BYE_CODES: dict[str, str] = {"V": "H", "H": "H",',
}

CHECK_NEW_NOTATION = textwrap.dedent(
    """
    from tiebreak.core.notation import result_marks, swiss_cell
    from tiebreak.reading import read_table
    from tiebreak.io.trf import read_trf
    from tiebreak import Kind

    assert result_marks("≈") == ("=",) and result_marks("1≈") == (1.0, "=")
    assert swiss_cell("12ў≈") == (12, "w", "=", None) and swiss_cell("12 ў ≈") == (12, "w", "=", None)
    assert swiss_cell("v").bye == "H" and swiss_cell("V").bye == "H"
    rr = read_table([["No", "Name", 1, 2], [1, "Ann", "X", "≈"], [2, "Bob", "½", "X"]])
    assert rr.points == [0.5, 0.5]
    sw = read_table([["No", "Name", "R1", "R2"], [1, "Ann", "2ў≈", "v"], [2, "Bob", "1b=", "+"]])
    assert sw.points == [1.0, 1.5] and sw.colour[0][0] == "w" and Kind(sw.kind[0][1]) is Kind.HALF_BYE
    ann = "001    1      Ann".ljust(91) + "0000 - V"
    bob = "001    2      Bob".ljust(91) + "0000 - U"
    t = read_trf("012 Demo\\n" + ann + "\\n" + bob + "\\n")
    assert Kind(t.kind[0][0]) is Kind.HALF_BYE and t.points == [0.5, 1.0]
    print("read")
    """
)


def test_a_new_notation_is_added_in_the_grammar_alone(tmp_path: Path) -> None:
    copy = tmp_path / "tiebreak"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("__pycache__"))
    grammar = copy / "core/grammar.py"
    text = grammar.read_text(encoding="utf-8")
    for old, new in NEW_NOTATION.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    grammar.write_text(text, encoding="utf-8")
    env: dict[str, Any] = {**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    # the unchanged package does not read the new notation ...
    unchanged = subprocess.run([sys.executable, "-c", CHECK_NEW_NOTATION], capture_output=True, text=True, check=False, env={**env, "PYTHONPATH": str(SRC.parent)})
    assert unchanged.returncode != 0
    # ... the package whose grammar.py alone was changed reads it in round robin, Swiss and TRF cells
    changed = subprocess.run([sys.executable, "-c", CHECK_NEW_NOTATION], capture_output=True, text=True, check=False, env=env)
    assert changed.returncode == 0 and changed.stdout.strip() == "read", changed.stderr
    where = subprocess.run([sys.executable, "-c", "import tiebreak.core.grammar as g; print(g.__file__)"], capture_output=True, text=True, check=False, env=env)
    assert where.stdout.strip() == str(grammar)  # the copy was read, not the installed package
