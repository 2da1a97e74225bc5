"""Reading and writing FIDE TRF-16: result codes, rounds, point values, tie-break lists, errors, limits, round trips."""

from __future__ import annotations

import pytest

import tiebreak
from tiebreak import FileFormatError, Kind, Scoring
from tiebreak.io.trf import MAX_LINE, MAX_PLAYERS, MAX_ROUNDS, read_trf, write_trf

_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0, "W": 1.0, "D": 0.5, "L": 0.0, " ": 0.0}


def _line(no: int, name: str, cells: list[tuple[int, str, str]], points: float | None = None, rating: int = 0) -> str:
    """A 001 line.  cells: (opponent or 0, colour, result code); points: the points field (default: chess sum)."""
    if points is None:
        points = sum(_POINTS.get(res, 0.0) for _o, _c, res in cells)
    parts = [f"{opp:04d} {col} {res}" if opp else f"0000 - {res}" for opp, col, res in cells]
    head = f"001 {no:4d}      {name:<33} {rating if rating else '':>4}".ljust(80) + f"{points:4.1f} {no:4d}"
    return (head.ljust(91) + "  ".join(parts)).rstrip()


def _text(*lines: str) -> str:
    return "\n".join(lines) + "\n"


# Four players, two rounds (file lines 2-5 after the 012 line):
#   R1: 1-2 1-0, 3-4 ½-½     R2: 4-1 1-0, 2-3 0-1
BASE = [
    _line(1, "Ann", [(2, "w", "1"), (4, "b", "0")]),
    _line(2, "Bob", [(1, "b", "0"), (3, "w", "0")]),
    _line(3, "Cid", [(4, "w", "="), (2, "b", "1")]),
    _line(4, "Dan", [(3, "b", "="), (1, "w", "1")]),
]


def _with(index: int, line: str) -> str:
    lines = list(BASE)
    lines[index] = line
    return _text("012 test", *lines)


def test_base_file_reads() -> None:
    t = read_trf(_text("012 test", *BASE))
    assert t.points == [1.0, 0.0, 1.5, 1.5]
    assert t.rounds == 2 and t.system == "swiss" and t.title == "test"


# ----------------------------------------------------------------------------- result codes
def test_result_codes_map_to_kinds() -> None:
    # Six players, three rounds; every code of TRF-16 once at least.
    #   R1: 1-2 "1"/"0", 3-4 "="/"=", 5-6 "+"/"-"
    #   R2: 1-3 "W"/"L" (unrated win/loss), 2-5 "D"/"D", 4 "H", 6 "F"
    #   R3: 1 "U", 2 "Z", 3-5 "0"/"1", 4-6 "1"/"0"
    # Points: 1: 1+1+1 = 3;  2: 0+½+0 = ½;  3: ½+0+0 = ½;  4: ½+½+1 = 2;  5: 1+½+1 = 2.5;  6: 0+1+0 = 1
    t = read_trf(_text(
        "012 codes",
        _line(1, "P1", [(2, "w", "1"), (3, "w", "W"), (0, "-", "U")]),
        _line(2, "P2", [(1, "b", "0"), (5, "w", "D"), (0, "-", "Z")]),
        _line(3, "P3", [(4, "w", "="), (1, "b", "L"), (5, "w", "0")]),
        _line(4, "P4", [(3, "b", "="), (0, "-", "H"), (6, "w", "1")]),
        _line(5, "P5", [(6, "w", "+"), (2, "b", "D"), (3, "b", "1")]),
        _line(6, "P6", [(5, "b", "-"), (0, "-", "F"), (4, "b", "0")]),
    ))
    assert t.points == [3.0, 0.5, 0.5, 2.0, 2.5, 1.0]
    expected = {
        # (player index, round): (kind, points, opponent index or None)
        (0, 1): (Kind.PLAYED, 1.0, 1),  # "1"
        (1, 1): (Kind.PLAYED, 0.0, 0),  # "0"
        (2, 1): (Kind.PLAYED, 0.5, 3),  # "="
        (4, 1): (Kind.FORFEIT_WIN, 1.0, 5),  # "+"
        (5, 1): (Kind.FORFEIT_LOSS, 0.0, 4),  # "-"
        (0, 2): (Kind.PLAYED, 1.0, 2),  # "W"
        (2, 2): (Kind.PLAYED, 0.0, 0),  # "L"
        (1, 2): (Kind.PLAYED, 0.5, 4),  # "D"
        (3, 2): (Kind.HALF_BYE, 0.5, None),  # "H"
        (5, 2): (Kind.FULL_BYE, 1.0, None),  # "F"
        (0, 3): (Kind.PAIRING_BYE, 1.0, None),  # "U"
        (1, 3): (Kind.ZERO_BYE, 0.0, None),  # "Z"
        (3, 3): (Kind.PLAYED, 1.0, 5),
    }
    for (p, r), (kind, pts, opp) in expected.items():
        e = t.entry(p, r)
        assert (e.kind, e.points, e.opponent) == (kind, pts, opp), (p, r)
    assert t.entry(0, 1).colour == "w" and t.entry(1, 1).colour == "b"


def test_blank_cells_and_short_lines_are_absences() -> None:
    # Player 3 is absent in R2: his cell is blank; player 4's line simply ends after R1.  Players 1-2 meet twice.
    t = read_trf(_text(
        "012 absent",
        _line(1, "P1", [(3, "w", "1"), (2, "w", "=")]),
        _line(2, "P2", [(4, "w", "1"), (1, "b", "=")]),
        _line(3, "P3", [(1, "b", "0"), (0, "-", " ")]),
        _line(4, "P4", [(2, "b", "0")]),
    ))
    assert t.rounds == 2
    assert t.entry(2, 2).kind == Kind.ABSENT and t.entry(3, 2).kind == Kind.ABSENT
    assert t.points == [1.5, 1.5, 0.0, 0.0]


# ----------------------------------------------------------------------------- rounds
def test_xxr_larger_than_the_rounds_played_creates_no_phantom_rounds() -> None:
    plain = read_trf(_text("012 test", *BASE))
    declared = read_trf(_text("012 test", "XXR 9", *BASE))
    assert declared.rounds == 2  # the rounds actually played, not 9
    assert all(len(row) == 2 for row in declared.kind)
    for rules in ("fide-2024", "fide-2026"):
        # BH with the 2 rounds played: No. 1 met 2 (0) and 4 (1.5): 1.5.  Seven phantom zero-point byes
        # would add seven dummies of No. 1's own score (1 each) and give 8.5.
        assert tiebreak.values(declared, "BH", rules) == tiebreak.values(plain, "BH", rules)
        assert tiebreak.values(declared, "BH", rules)[0] == 1.5


# ----------------------------------------------------------------------------- point values
# Five players, two rounds.  R1: 1-2 1-0, 3-4 ½-½, 5 pairing bye (U)   R2: 1-3 ½-½, 2-5 1-0, 4 half-point bye
SCORED = [
    ((2, "w", "1"), (3, "w", "=")),
    ((1, "b", "0"), (5, "w", "1")),
    ((4, "w", "="), (1, "b", "=")),
    ((3, "b", "="), (0, "-", "H")),
    ((0, "-", "U"), (2, "b", "0")),
]


def _scored(points: list[float], *records: str) -> str:
    return _text("012 scored", *records, *(_line(i + 1, f"P{i + 1}", list(c), points[i]) for i, c in enumerate(SCORED)))


def test_xxs_point_values_change_the_scoring() -> None:
    # XXS W=3 D=1: a win (and a forfeit win, a full-point bye) 3, a draw (and a half-point bye) 1, a loss 0;
    # a pairing bye is worth a win.  Points: 1: 3+1 = 4;  2: 0+3 = 3;  3: 1+1 = 2;  4: 1 + H 1 = 2;  5: U 3 + 0 = 3
    t = read_trf(_scored([4, 3, 2, 2, 3], "XXS W=3 D=1"))
    assert t.scoring == Scoring(3.0, 1.0, 0.0)
    assert t.points == [4.0, 3.0, 2.0, 2.0, 3.0]
    assert (t.entry(3, 2).kind, t.entry(3, 2).points) == (Kind.HALF_BYE, 1.0)
    assert (t.entry(4, 1).kind, t.entry(4, 1).points) == (Kind.PAIRING_BYE, 3.0)
    # WIN counts the rounds worth a win: 1 (R1), 2 (R2), 5 (the bye)
    assert tiebreak.values(t, "WIN", "fide-2024") == [1, 1, 0, 0, 1]


def test_later_xxs_assignments_override_earlier_ones() -> None:
    # W=3 D=1, then HPB=0: No. 4's half-point bye is worth nothing: 1 + 0 = 1
    t = read_trf(_scored([4, 3, 2, 1, 3], "XXS W=3 D=1", "XXS HPB=0"))
    assert t.points == [4.0, 3.0, 2.0, 1.0, 3.0]
    assert t.entry(3, 2).points == 0.0


def test_a_162_record_changes_the_scoring() -> None:
    # 162: win 3, draw 1, loss 0, pairing bye (P) 1, absence (A) 0.  The half-point bye is worth a draw (1).
    # Points: 1: 3+1 = 4;  2: 0+3 = 3;  3: 1+1 = 2;  4: 1+1 = 2;  5: P 1 + 0 = 1
    record = "162  W 3.0    D 1.0    L 0.0    P 1.0    A 0.0"
    t = read_trf(_scored([4, 3, 2, 2, 1], record))
    assert t.scoring == Scoring(3.0, 1.0, 0.0)
    assert t.points == [4.0, 3.0, 2.0, 2.0, 1.0]
    assert t.entry(4, 1).points == 1.0
    # without the record no scoring explains a 1-point pairing bye next to 3-point wins: refused
    with pytest.raises(FileFormatError):
        read_trf(_scored([4, 3, 2, 2, 1]))


def test_draughts_scoring_is_inferred_from_the_points_fields() -> None:
    # the same event on 2/1/0 without any record: 1: 2+1 = 3;  2: 0+2 = 2;  3: 1+1 = 2;  4: 1+1 = 2;  5: 2+0 = 2
    t = read_trf(_scored([3, 2, 2, 2, 2]))
    assert t.scoring == Scoring(2.0, 1.0, 0.0)
    assert t.points == [3.0, 2.0, 2.0, 2.0, 2.0]


# ----------------------------------------------------------------------------- tie-break lists
def test_202_and_212_tie_break_lists() -> None:
    t = read_trf(_text("012 test", "202 PTS BH/C1 BH SB", *BASE))
    assert t.tiebreak_codes == ["BH/C1", "BH", "SB"]
    t = read_trf(_text("012 test", "212 PTS, DE, WIN, BH/M1", *BASE))
    assert t.tiebreak_codes == ["DE", "WIN", "BH/M1"]
    assert read_trf(_text("012 test", *BASE)).tiebreak_codes == []


# ----------------------------------------------------------------------------- errors naming the line
def _refused(text: str) -> str:
    with pytest.raises(FileFormatError) as info:
        read_trf(text)
    return str(info.value)


def test_points_field_disagreeing_with_the_results_names_the_line() -> None:
    # Cid (line 4) says 2.0, his results are ½ + 1 = 1.5 (on 1/½/0 as on any other scoring the others fit)
    message = _refused(_with(2, _line(3, "Cid", [(4, "w", "="), (2, "b", "1")], points=2.0)))
    assert "line 4" in message, message
    assert "Cid" in message and "2" in message and "1.5" in message, message


@pytest.mark.parametrize(
    "index, line, words",
    [
        # a start number that is not a number
        (1, "001   b2      Bob" + _line(2, "Bob", [(1, "b", "0"), (3, "w", "0")])[17:], ["line 3", "start number"]),
        # the round 1 result one column right of its place ("0001 b  0"), pushing the rest of the line along
        (1, _line(2, "Bob", [(1, "b", "0"), (3, "w", "0")])[:98] + " " + _line(2, "Bob", [(1, "b", "0"), (3, "w", "0")])[98:], ["line 3", "round 1"]),
        # a result code that does not exist
        (1, _line(2, "Bob", [(1, "b", "Q"), (3, "w", "0")]), ["line 3", "'Q'"]),
        # an opponent who is not in the file
        (1, _line(2, "Bob", [(9, "b", "0"), (3, "w", "0")]), ["line 3", "9"]),
        # a player meeting himself
        (1, _line(2, "Bob", [(2, "b", "0"), (3, "w", "0")]), ["line 3", "himself"]),
        # Ann (line 2) says she met Bob in R1; Bob's line says Cid
        (1, _line(2, "Bob", [(3, "b", "0"), (3, "w", "0")]), ["line 2", "Bob"]),
        # Ann (line 2) says she met Bob in R1; Bob's R1 cell is blank
        (1, _line(2, "Bob", [(0, "-", " "), (3, "w", "0")]), ["line 2", "Bob"]),
    ],
    ids=["start-number", "misaligned", "result-code", "unknown-opponent", "himself", "other-opponent", "no-game-back"],
)
def test_malformed_lines_name_the_line(index: int, line: str, words: list[str]) -> None:
    message = _refused(_with(index, line))
    for word in words:
        assert word in message, message


def test_a_result_with_an_opponent_must_be_a_game_result() -> None:
    # "H" (a half-point bye) next to an opponent number
    message = _refused(_with(1, _line(2, "Bob", [(1, "b", "H"), (3, "w", "0")], points=0.5)))
    assert "line 3" in message and "round 1" in message


def test_a_file_without_player_lines_is_refused() -> None:
    message = _refused("012 nothing\n042 2025-01-01\n")
    assert "001" in message


# ----------------------------------------------------------------------------- absurd inputs
def test_a_5000_character_line_is_refused() -> None:
    message = _refused(_text("012 test", "x" * 5000, *BASE))
    assert "line 2" in message and "5000" in message and str(MAX_LINE) in message


def test_more_than_100_rounds_is_refused() -> None:
    assert MAX_ROUNDS == 100
    # a player line with 101 round cells (all pairing byes): 91 + 101 × 10 characters, under the line limit
    cells = [(0, "-", "U")] * 101
    message = _refused(_text("012 test", _line(1, "Ann", cells), _line(2, "Bob", [])))
    assert "line 2" in message and "100 rounds" in message
    message = _refused(_text("012 test", "XXR 101", *BASE))
    assert "line 2" in message and "101" in message


def test_more_than_20000_player_lines_is_refused() -> None:
    assert MAX_PLAYERS == 20000
    lines = ["012 huge"] + [_line(i, f"P{i}", [(0, "-", "U")]) for i in range(1, MAX_PLAYERS + 2)]
    message = _refused(_text(*lines))
    assert f"line {MAX_PLAYERS + 2}" in message and "20000" in message


# ----------------------------------------------------------------------------- write → read
SWISS_GRID = [
    # Six players, three rounds, every kind but absence:
    #   R1: 1-2 1-0, 3-4 ½-½, 5-6 forfeit (+/−)    R2: 1-3 ½-½, 5-2 1-0, 4 half-point bye, 6 pairing bye
    #   R3: 1 full-point bye, 2 zero-point bye, 3-6 1-0, 5-4 (4 white) 1-0 for 5
    ["No", "Name", "R1", "R2", "R3"],
    [1, "A", "2w1", "3w½", "F"],
    [2, "B", "1b0", "5b0", "Z"],
    [3, "C", "4w½", "1b½", "6w1"],
    [4, "D", "3b½", "H", "5w0"],
    [5, "E", "6w+", "2w1", "4b1"],
    [6, "F", "5b-", "+", "3b0"],
]


def _entries(t: tiebreak.Tournament) -> list[list[tuple[int | None, str | None, float, Kind]]]:
    return [
        [(None if e.opponent is None else t.players[e.opponent].number, e.colour, e.points, e.kind) for e in t.entries(p)]
        for p in range(len(t.players))
    ]


def test_swiss_round_trip_keeps_points_kinds_and_pairings() -> None:
    t = tiebreak.read_table(SWISS_GRID)
    # Points: A 1+½+1 = 2.5, B 0, C ½+½+1 = 2, D ½+½+0 = 1, E 1+1+1 = 3, F 0+1+0 = 1
    assert t.points == [2.5, 0.0, 2.0, 1.0, 3.0, 1.0]
    back = read_trf(write_trf(t, rules="fide-2024"))
    assert back.points == t.points
    assert [p.name for p in back.players] == ["A", "B", "C", "D", "E", "F"]
    assert back.system == "swiss" and back.rounds == 3 and back.rules == "fide-2024"
    assert _entries(back) == _entries(t)
    kinds = {k for row in back.kind for k in row}
    assert kinds == {Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.PAIRING_BYE, Kind.HALF_BYE, Kind.FULL_BYE, Kind.ZERO_BYE}
    for rules in tiebreak.rule_set_names():
        for code in ("BH", "BH/C1", "SB", "WIN", "buchholz", "sonneborn_berger"):
            assert tiebreak.values(back, code, rules) == tiebreak.values(t, code, rules), (rules, code)


def test_an_absence_survives_the_round_trip_as_an_unplayed_zero() -> None:
    # D is absent in R3 ("-"); TRF-16 writes a known absence as Z (or blank).  Whatever code is used, it must be
    # read back as a round without opponent, worth 0, voluntarily unplayed; the tie-breaks must not change.
    grid = [
        ["No", "Name", "R1", "R2", "R3"],
        [1, "A", "2w1", "3b0", "+"],
        [2, "B", "1b0", "4w1", "3w½"],
        [3, "C", "4b½", "1w1", "2b½"],
        [4, "D", "3w½", "2b0", "-"],
    ]
    t = tiebreak.read_table(grid)
    back = read_trf(write_trf(t))
    assert back.points == t.points == [2.0, 1.5, 2.0, 0.5]
    e = back.entry(3, 3)
    assert e.opponent is None and e.points == 0.0 and e.kind in (Kind.ABSENT, Kind.ZERO_BYE)
    for rules in tiebreak.rule_set_names():
        for code in ("BH", "BH/C1", "SB", "buchholz", "sonneborn_berger"):
            assert tiebreak.values(back, code, rules) == tiebreak.values(t, code, rules), (rules, code)


RR_GRID = [
    ["No", "Name", "Rating", 1, 2, 3, 4],
    [1, "A", 2000, "X", 1, "½", "+"],
    [2, "B", 1900, 0, "X", 1, 1],
    [3, "C", 1800, "½", 0, "X", "½"],
    [4, "D", 1700, "-", 0, "½", "X"],
]


def _games(t: tiebreak.Tournament) -> list[list[tuple[int, float, Kind]]]:
    """Per player, the sorted (opponent number, points, kind) of the games: independent of the round order."""
    return [
        sorted((t.players[e.opponent].number, e.points, e.kind) for e in t.entries(p) if e.opponent is not None)
        for p in range(len(t.players))
    ]


def test_round_robin_matrix_round_trip() -> None:
    t = tiebreak.read_table(RR_GRID)
    assert t.is_round_robin and not t.has_rounds
    text = write_trf(t)
    assert "092 Round Robin" in text
    back = read_trf(text)
    assert back.is_round_robin and back.has_rounds and back.rounds == 3  # 4 players: 3 Berger rounds
    assert back.points == t.points == [2.5, 2.0, 1.0, 0.5]
    assert [p.rating for p in back.players] == [2000, 1900, 1800, 1700]
    assert _games(back) == _games(t)
    assert _games(back)[0] == [(2, 1.0, Kind.PLAYED), (3, 0.5, Kind.PLAYED), (4, 1.0, Kind.FORFEIT_WIN)]
    # every player meets every other exactly once, once per round
    for p in range(4):
        assert sorted(back.opp[p]) == sorted(q for q in range(4) if q != p)
    for rules in ("fide-2024", "fide-2026", "ru", "plain"):
        for code in ("BH", "SB", "WIN", "WON", "buchholz", "sonneborn_berger"):
            assert tiebreak.values(back, code, rules) == tiebreak.values(t, code, rules), (rules, code)


def test_odd_round_robin_round_trip_keeps_the_tie_breaks() -> None:
    # Three players on draughts scoring (2/1/0).  In Berger rounds each player sits out one round; that rest
    # day is not a withdrawal, not a bye to score, and must leave every coefficient as the matrix gives it.
    #        A  B  C    points
    #   A    X  2  1    3
    #   B    0  X  2    2
    #   C    1  0  X    1
    t = tiebreak.read_table([["No", "Name", 1, 2, 3], [1, "A", "X", 2, 1], [2, "B", 0, "X", 2], [3, "C", 1, 0, "X"]])
    assert t.scoring == Scoring(2.0, 1.0, 0.0) and t.points == [3.0, 2.0, 1.0]
    back = read_trf(write_trf(t))
    assert back.scoring == Scoring(2.0, 1.0, 0.0) and back.is_round_robin
    assert back.points == [3.0, 2.0, 1.0]
    assert _games(back) == _games(t)
    # By hand (ru): buchholz A: B 2 + C 1 = 3;  B: A 3 + C 1 = 4;  C: A 3 + B 2 = 5
    # sonneborn_berger (2 × beaten + drawn): A: 2×2 + 1 = 5;  B: 2×1 = 2;  C: drew A 3
    expected = {"buchholz": [3.0, 4.0, 5.0], "sonneborn_berger": [5.0, 2.0, 3.0]}
    for rules in ("ru", "fide-2009", "plain"):
        for code, want in expected.items():
            assert tiebreak.values(t, code, rules) == want, ("matrix", rules, code)
            assert tiebreak.values(back, code, rules) == want, ("round trip", rules, code)


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("en", "line 2 (Ann): the points field says 2.5 but the results add up to 1.5 on 1/0.5/0 scoring"),
        ("ru", "строка 2 (Ann): в поле очков 2.5, а по результатам при системе очков 1/0.5/0 получается 1.5"),
    ],
)
def test_points_field_that_no_scoring_explains(lang: str, expected: str) -> None:
    # Ann: a win over Bob and a half-point bye; 1.5 on 1/½/0, 3 on 2/1/0, 4 on 3/1/0: never the 2.5 her line says
    from tiebreak.core.i18n import use_language

    text = (
        "012 Demo\n"
        "001    1      Ann                               2000                             2.5    1     2 w 1  0000 - H\n"
        "001    2      Bob                               1900                             0.0    2     1 b 0  0000 - Z\n"
    )
    with use_language(lang), pytest.raises(FileFormatError) as err:
        read_trf(text)
    assert str(err.value) == expected


# ----------------------------------------------------------------------------- text read with core/text's rule
def test_names_title_and_codes_are_cleaned_as_core_text_cleans_every_output() -> None:
    # One rule for user text (tiebreak.core.text.one_line): controls (C0, DEL, C1 such as the one-byte CSI
    # U+009B) and bidi overrides removed, tabs and line separators turned into one space, the ends stripped.
    # A name used to keep a '?' for each control character: the same text then read differently from how
    # every output writes it.
    lines = list(BASE)
    lines[0] = _line(1, "Ann\x1b[31m Red\x9b0m", [(2, "w", "1"), (4, "b", "0")])
    lines[1] = _line(2, "Bob\tvan\u2028Dam\u202e", [(1, "b", "0"), (3, "w", "0")])
    lines[2] = _line(3, "\x7fCid\x85II", [(4, "w", "="), (2, "b", "1")])
    t = read_trf(_text("012 Open\x1b]0;title\x07 2026\t", "202 BH\x9b,SB", "XXT \x1bfide", *lines))
    # by hand: ESC and U+009B go, "[31m" and "0m" stay as text; tab and U+2028 are spaces; U+202E and DEL go; U+0085 is a space
    assert [p.name for p in t.players] == ["Ann[31m Red0m", "Bob van Dam", "Cid II", "Dan"]
    assert t.title == "Open]0;title 2026"
    assert t.tiebreak_codes == ["BH", "SB"] and t.rules == "fide"
    assert not any("?" in p.name for p in t.players)
