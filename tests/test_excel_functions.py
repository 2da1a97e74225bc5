"""The worksheet functions (``tiebreak.excel.functions``) as Excel calls them, through xlwings itself.

Every call goes through ``helpers.call``, i.e. ``xlwings.server.custom_functions_call``
with Office.js-style arguments: each argument a matrix, an omitted optional
argument ``None``.  The Python functions are never called directly here.

Tables:
* the worked example of the draughts code 3.16 embedded in a real 10-player Swiss
  (``test_worked_example.NAMES/ROUNDS``);
* ``RR``: a 4-player round robin with header row and No./Name/Rating/Pts columns;
* ``SW``: a 6-player, 3-round Swiss with header row and No./Name/Rating/Pts columns;
* ``FS``: a 5-player, 3-round Swiss with a half-point bye and two pairing byes, for FIDE rules.
All expected values are worked out by hand in the comments.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from helpers import as_floats, call, swiss_grid
from test_worked_example import NAMES, ROUNDS
from xlwings.server import custom_functions_meta

import tiebreak.excel.functions as functions
from tiebreak.calc.cache import shared

NA = {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}  # an #N/A cell as Office.js sends it
PREFIX = "#TIEBREAK! "


# --------------------------------------------------------------------------- calling helpers
def xl(func: str, *args: Any) -> Any:
    """The raw result of an Excel call (always a 2-D list after xlwings' conversion)."""
    return call(functions, func, *args)


def one(func: str, *args: Any) -> Any:
    """A call that must give a single cell; its value."""
    out = xl(func, *args)
    assert isinstance(out, list) and len(out) == 1 and len(out[0]) == 1, out
    return out[0][0]


def spilled(func: str, table: list[list[Any]], *args: Any) -> list[Any]:
    """A call that must spill one column, one row per row of the range; the column as a list."""
    out = xl(func, table, *args)
    assert isinstance(out, list) and all(isinstance(r, list) and len(r) == 1 for r in out), out
    assert len(out) == len(table), (len(out), len(table))
    return [r[0] for r in out]


def is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def player_forms(i: int, name: str) -> list[Any]:
    """Ways to name the player of row i (0-based): the first player in all four forms
    (number, number as desktop float, number as text, name), the others in one form each, in turn
    (xlwings' argument conversion is slow, so not every form for every player)."""
    forms = [i + 1, float(i + 1), str(i + 1), name]
    return forms if i == 0 else [forms[i % 4]]


# --------------------------------------------------------------------------- the worked example (draughts code 3.16)
WE = swiss_grid(NAMES, ROUNDS)  # header + 10 players; P is No. 1 (row 2)

# P's opponents: A 3 won, B 4 won, C 2.5 drawn, D 3.5 lost, E 1.5 won.
WE_P = [
    ("shmulyan", (), 5),  # (3 + 4 + 1.5) − 3.5
    ("sonneborn_berger", (), 19.5),  # 2 × 8.5 + 2.5
    ("buchholz", (), 14.5),  # 3 + 4 + 2.5 + 3.5 + 1.5
    ("solkoff", (), 9),  # 14.5 − 4 − 1.5
    ("solkoff_trunc", (1,), 13),  # 14.5 − 1.5
    ("riga", (), 24.25),  # 2 × 8.5 + 1.5 × 2.5 + 1 × 3.5 = 17 + 3.75 + 3.5
    ("points", (), 3.5),  # 1 + 1 + ½ + 0 + 1
    ("wins", (), 3),  # A, B, E
    ("beaten_sum", (), 8.5),  # 3 + 4 + 1.5
]


@pytest.mark.parametrize("func, pre, expected", WE_P, ids=[c[0] for c in WE_P])
@pytest.mark.parametrize("player", [1, 1.0, "1", "P"], ids=["int", "float", "text", "name"])
def test_worked_example_player_p(func: str, pre: tuple[Any, ...], expected: float, player: Any) -> None:
    v = one(func, WE, *pre, player)
    assert is_number(v) and v == expected


@pytest.mark.parametrize("func, pre, expected", WE_P, ids=[c[0] for c in WE_P])
def test_worked_example_spilled_column(func: str, pre: tuple[Any, ...], expected: float) -> None:
    col = spilled(func, WE, *pre)
    assert len(col) == 11  # header + 10 players
    assert col[0] == ""  # header row
    assert col[1] == expected  # P's row
    assert all(is_number(v) for v in col[1:])


@pytest.mark.parametrize("func, pre, expected", WE_P, ids=[c[0] for c in WE_P])
def test_worked_example_desktop_floats_same_as_office_js_ints(func: str, pre: tuple[Any, ...], expected: float) -> None:
    assert xl(func, as_floats(WE), *pre) == xl(func, WE, *pre)
    assert one(func, as_floats(WE), *[float(x) for x in pre], 1.0) == expected


@pytest.mark.parametrize(
    "code, expected",
    [("shmulyan", 5), ("sonneborn_berger", 19.5), ("buchholz", 14.5), ("solkoff", 9), ("riga", 24.25), ("wins", 3), ("beaten", 8.5)],
)
def test_worked_example_through_tiebreak_with_own_codes(code: str, expected: float) -> None:
    assert one("tiebreak", WE, code, "P") == expected


def test_worked_example_fide_sonneborn_berger_is_half_the_draughts_one() -> None:
    # FIDE SB = Σ S(O) × points scored against O = 3 + 4 + 2.5 × ½ + 0 + 1.5 = 9.75 = 19.5 / 2
    assert one("sonneborn_berger", WE, "P", None, "fide") == 9.75
    assert one("tiebreak", WE, "SB", "P") == 9.75


def test_worked_example_opp_rating_sum() -> None:
    # ratings of P, A, B, C, D, E, F, G, H, J (one per player); P met A..E: 1000 + 1100 + 1200 + 1300 + 1400 = 6000
    ratings = [1500, 1000, 1100, 1200, 1300, 1400, 1600, 1700, 1800, 1900]
    assert one("opp_rating_sum", WE, ratings, "P") == 6000
    # aligned with the rows (header cell first): the same
    assert one("opp_rating_sum", WE, ["Rating", *ratings], 1) == 6000


def test_worked_example_head_to_head_between_p_and_d() -> None:
    # P and D both have 3.5 points; D beat P in round 4: P 0, D 1.
    assert one("head_to_head", WE, "P") == 0
    assert one("head_to_head", WE, "D") == 1
    col = spilled("head_to_head", WE)
    assert (col[1], col[5]) == (0, 1)


def test_worked_example_places() -> None:
    # Points: B 4; P, D 3.5; A, F 3; C 2.5; J 2; E, H 1.5; G 0.5.  Default criteria for a Swiss:
    # progressive truncated Solkoff first.  k = 1:
    #   P 14.5 − 1.5 = 13;  D: J 2 + C 2.5 + H 1.5 + P 3.5 + G 0.5 = 10, − 0.5 = 9.5   → P 2nd, D 3rd
    #   A: P 3.5 + J 2 + E 1.5 + G 0.5 + C 2.5 = 10, − 0.5 = 9.5;  F: E 1.5 + G 0.5 + J 2 + B 4 + H 1.5 = 9.5, − 0.5 = 9 → A 4th, F 5th
    #   E: F 3 + H 1.5 + A 3 + C 2.5 + P 3.5 = 13.5, − 1.5 = 12;  H: B 4 + E 1.5 + D 3.5 + J 2 + F 3 = 14, − 1.5 = 12.5 → H 8th, E 9th
    col = spilled("places", WE)
    assert col == ["", 2, 4, 1, 6, 3, 9, 5, 10, 8, 7]


# --------------------------------------------------------------------------- a small round robin
# Ann–Bob ½-½, Ann–Cid 1-0, Ann–Dan 0-1, Bob–Cid 1-0, Bob–Dan ½-½, Cid–Dan 1-0.
# Points: Ann ½+1+0 = 1.5, Bob ½+1+½ = 2, Cid 0+0+1 = 1, Dan 1+½+0 = 1.5 (total 6 = 6 games).
RR = [
    ["No.", "Name", "Rating", 1, 2, 3, 4, "Pts"],
    [1, "Ann", 2100, "X", "½", 1, 0, 1.5],
    [2, "Bob", 1900, "½", "X", 1, "½", 2],
    [3, "Cid", 2000, 0, 0, "X", 1, 1],
    [4, "Dan", 1800, 1, "½", 0, "X", 1.5],
]
RR_EXPECTED = [
    ("points", (), (), [1.5, 2, 1, 1.5]),
    # Buchholz (everyone met everyone): Ann 2+1+1.5 = 4.5, Bob 1.5+1+1.5 = 4, Cid 1.5+2+1.5 = 5, Dan 1.5+2+1 = 4.5
    ("buchholz", (), (), [4.5, 4, 5, 4.5]),
    # median Solkoff, minus best and worst: Ann 4.5−2−1, Bob 4−1.5−1, Cid 5−2−1.5, Dan 4.5−2−1: all 1.5
    ("solkoff", (), (), [1.5, 1.5, 1.5, 1.5]),
    # truncated, k = 1: Ann 4.5−1 = 3.5, Bob 4−1 = 3, Cid 5−1.5 = 3.5, Dan 4.5−1 = 3.5
    ("solkoff_trunc", (1,), (), [3.5, 3, 3.5, 3.5]),
    # Shmulyan: Ann +1 (Cid) −1.5 (Dan) = −0.5; Bob +1 (Cid) = 1; Cid +1.5 (Dan) −1.5 (Ann) −2 (Bob) = −2; Dan +1.5 (Ann) −1 (Cid) = 0.5
    ("shmulyan", (), (), [-0.5, 1, -2, 0.5]),
    # SB draughts (2×beaten + drawn): Ann 2×1 + 2 = 4; Bob 2×1 + 1.5 + 1.5 = 5; Cid 2×1.5 = 3; Dan 2×1.5 + 2 = 5
    ("sonneborn_berger", (), (), [4, 5, 3, 5]),
    # SB FIDE (score × points scored): Ann 1 + 2×½ = 2; Bob 1 + 1.5×½ + 1.5×½ = 2.5; Cid 1.5; Dan 1.5 + 2×½ = 2.5
    ("sonneborn_berger", (), (None, "fide"), [2, 2.5, 1.5, 2.5]),
    # Riga (2×beaten + 1.5×drawn + lost-to): Ann 2 + 3 + 1.5 = 6.5; Bob 2 + 1.5×3 = 6.5; Cid 3 + 1.5 + 2 = 6.5; Dan 3 + 3 + 1 = 7
    ("riga", (), (), [6.5, 6.5, 6.5, 7]),
    ("wins", (), (), [1, 1, 1, 1]),  # Ann beat Cid, Bob beat Cid, Cid beat Dan, Dan beat Ann
    ("beaten_sum", (), (), [1, 1, 1.5, 1.5]),  # Ann: Cid 1; Bob: Cid 1; Cid: Dan 1.5; Dan: Ann 1.5
    # ratings Ann 2100, Bob 1900, Cid 2000, Dan 1800:
    # Ann 1900+2000+1800 = 5700, Bob 2100+2000+1800 = 5900, Cid 2100+1900+1800 = 5800, Dan 2100+1900+2000 = 6000
    ("opp_rating_sum", ([r[2] for r in RR],), (), [5700, 5900, 5800, 6000]),  # aligned with the rows
    ("opp_rating_sum", ([2100, 1900, 2000, 1800],), (), [5700, 5900, 5800, 6000]),  # one per player
    ("tiebreak", ("BH",), (), [4.5, 4, 5, 4.5]),
    ("tiebreak", ("SB",), (), [2, 2.5, 1.5, 2.5]),
    ("tiebreak", ("WIN",), (), [1, 1, 1, 1]),
]
RR_IDS = [f"{f}-{i}" for i, (f, *_rest) in enumerate(RR_EXPECTED)]
RR_PLAYERS = ["Ann", "Bob", "Cid", "Dan"]

# The same table as text, with decimal commas, the way a pasted or imported sheet holds it.
RR_TEXT = [
    ["No.", "Name", "Rating", "1", "2", "3", "4", "Pts"],
    ["1", "Ann", "2100", "X", "0,5", "1", "0", "1,5"],
    ["2", "Bob", "1900", "0,5", "X", "1", "0,5", "2"],
    ["3", "Cid", "2000", "0", "0", "X", "1", "1"],
    ["4", "Dan", "1800", "1", "0,5", "0", "X", "1,5"],
]


@pytest.mark.parametrize("func, pre, post, expected", RR_EXPECTED, ids=RR_IDS)
def test_round_robin_spilled_column(func: str, pre: tuple[Any, ...], post: tuple[Any, ...], expected: list[float]) -> None:
    col = spilled(func, RR, *pre, None, *post)
    assert col == ["", *expected]
    assert all(is_number(v) for v in col[1:])


@pytest.mark.parametrize("func, pre, post, expected", RR_EXPECTED, ids=RR_IDS)
def test_round_robin_single_player_by_number_text_and_name(func: str, pre: tuple[Any, ...], post: tuple[Any, ...], expected: list[float]) -> None:
    for i, name in enumerate(RR_PLAYERS):
        for player in player_forms(i, name):
            v = one(func, RR, *pre, player, *post)
            assert is_number(v) and v == expected[i], (player, v)


@pytest.mark.parametrize("func, pre, post, expected", RR_EXPECTED, ids=RR_IDS)
def test_round_robin_desktop_floats_same_as_office_js_ints(func: str, pre: tuple[Any, ...], post: tuple[Any, ...], expected: list[float]) -> None:
    fpre = tuple(float(x) if is_number(x) else ([float(y) if is_number(y) else y for y in x] if isinstance(x, list) else x) for x in pre)
    assert xl(func, as_floats(RR), *fpre, None, *post) == xl(func, RR, *pre, None, *post)
    assert [one(func, as_floats(RR), *fpre, float(i + 1), *post) for i in range(4)] == expected


@pytest.mark.parametrize("func, pre, post, expected", RR_EXPECTED, ids=RR_IDS)
def test_round_robin_as_text_with_decimal_commas(func: str, pre: tuple[Any, ...], post: tuple[Any, ...], expected: list[float]) -> None:
    tpre = tuple([str(y) if is_number(y) else y for y in x] if isinstance(x, list) else x for x in pre)
    assert spilled(func, RR_TEXT, *tpre, None, *post) == ["", *expected]
    assert one(func, RR_TEXT, *tpre, "2", *post) == expected[1]


def test_round_robin_without_header_and_side_columns() -> None:
    # only the 4×4 result block: the same values, one per row, no header row
    block = [row[3:7] for row in RR[1:]]
    assert spilled("buchholz", block) == [4.5, 4, 5, 4.5]
    assert one("buchholz", block, 3) == 5


def test_round_robin_empty_cells_are_a_game_not_played() -> None:
    # Cid–Dan not played yet (both cells empty, as Office.js sends an empty cell: "").
    # Points: Ann 1.5, Bob 2, Cid 0+0 = 0, Dan 1+½ = 1.5.
    g = copy.deepcopy(RR)
    g[3][6] = g[4][5] = ""
    g[3][7] = 0
    assert spilled("points", g) == ["", 1.5, 2, 0, 1.5]
    # Buchholz: Ann 2+0+1.5 = 3.5, Bob 1.5+0+1.5 = 3, Cid (Ann, Bob) 1.5+2 = 3.5, Dan (Ann, Bob) 1.5+2 = 3.5
    assert spilled("buchholz", g) == ["", 3.5, 3, 3.5, 3.5]
    # Shmulyan: Ann +0 (Cid) −1.5 (Dan) = −1.5; Bob +0 = 0; Cid −1.5 −2 = −3.5; Dan +1.5 (Ann) = 1.5
    assert spilled("shmulyan", g) == ["", -1.5, 0, -3.5, 1.5]
    assert spilled("wins", g) == ["", 1, 1, 0, 1]
    assert one("buchholz", as_floats(g), 4.0) == 3.5


def test_round_robin_opp_rating_sum_empty_ratings_cell_uses_the_tables_rating_column() -> None:
    # an empty cell as the ratings argument arrives as None: the table's own Rating column is used
    assert spilled("opp_rating_sum", RR, None) == ["", 5700, 5900, 5800, 6000]


def test_round_robin_head_to_head_among_tied() -> None:
    # Ann and Dan share 1.5 points; Dan beat Ann: Ann 0, Dan 1
    assert one("head_to_head", RR, "Ann") == 0
    assert one("head_to_head", RR, 4) == 1
    col = spilled("head_to_head", RR)
    assert (col[0], col[1], col[4]) == ("", 0, 1)


def test_round_robin_places_default_and_explicit() -> None:
    # default for a round robin: SB (draughts) first.  Bob 2 pts → 1st;
    # Ann and Dan 1.5: SB Ann 4 < Dan 5 → Dan 2nd, Ann 3rd; Cid 1 → 4th
    assert spilled("places", RR) == ["", 3, 1, 4, 2]
    # "buchholz, wins": Ann and Dan both BH 4.5, both 1 win → they share 2nd–3rd (en dash)
    assert spilled("places", RR, "buchholz, wins") == ["", "2–3", 1, 4, "2–3"]
    # head-to-head splits them the other way round: Dan beat Ann
    assert spilled("places", RR, "h2h") == ["", 3, 1, 4, 2]
    assert xl("places", as_floats(RR), "buchholz, wins") == xl("places", RR, "buchholz, wins")


# --------------------------------------------------------------------------- a small Swiss
# R1: Ann(w)–Dan 1-0, Bob(w)–Eve 1-0, Cid(w)–Fay ½
# R2: Ann(w)–Bob 1-0, Dan(w)–Fay 1-0, Eve(w)–Cid ½
# R3: Cid(w)–Ann ½,   Dan(w)–Bob 1-0, Eve(w)–Fay 1-0
# Points: Ann 1+1+½ = 2.5, Bob 1+0+0 = 1, Cid ½+½+½ = 1.5, Dan 0+1+1 = 2, Eve 0+½+1 = 1.5, Fay ½+0+0 = 0.5 (total 9).
SW = [
    ["No.", "Name", "Rating", "R1", "R2", "R3", "Pts"],
    [1, "Ann", 2200, "4w1", "2w1", "3b½", 2.5],
    [2, "Bob", 2000, "5w1", "1b0", "4b0", 1],
    [3, "Cid", 1900, "6w½", "5b½", "1w½", 1.5],
    [4, "Dan", 2100, "1b0", "6w1", "2w1", 2],
    [5, "Eve", 1800, "2b0", "3w½", "6w1", 1.5],
    [6, "Fay", "", "3b½", "4b0", "5b0", 0.5],  # unrated
]
# Opponents (score, result):
#   Ann: Dan 2 W, Bob 1 W, Cid 1.5 D      Bob: Eve 1.5 W, Ann 2.5 L, Dan 2 L     Cid: Fay 0.5 D, Eve 1.5 D, Ann 2.5 D
#   Dan: Ann 2.5 L, Fay 0.5 W, Bob 1 W    Eve: Bob 1 L, Cid 1.5 D, Fay 0.5 W     Fay: Cid 1.5 D, Dan 2 L, Eve 1.5 L
SW_EXPECTED = [
    ("points", (), (), [2.5, 1, 1.5, 2, 1.5, 0.5]),
    # Buchholz: Ann 2+1+1.5 = 4.5, Bob 1.5+2.5+2 = 6, Cid 0.5+1.5+2.5 = 4.5, Dan 2.5+0.5+1 = 4, Eve 1+1.5+0.5 = 3, Fay 1.5+2+1.5 = 5
    ("buchholz", (), (), [4.5, 6, 4.5, 4, 3, 5]),
    # median: Ann 4.5−2−1 = 1.5, Bob 6−2.5−1.5 = 2, Cid 4.5−2.5−0.5 = 1.5, Dan 4−2.5−0.5 = 1, Eve 3−1.5−0.5 = 1, Fay 5−2−1.5 = 1.5
    ("solkoff", (), (), [1.5, 2, 1.5, 1, 1, 1.5]),
    # k = 1: Ann 4.5−1 = 3.5, Bob 6−1.5 = 4.5, Cid 4.5−0.5 = 4, Dan 4−0.5 = 3.5, Eve 3−0.5 = 2.5, Fay 5−1.5 = 3.5
    ("solkoff_trunc", (1,), (), [3.5, 4.5, 4, 3.5, 2.5, 3.5]),
    # k = 2: Ann 4.5−1−1.5 = 2, Bob 6−1.5−2 = 2.5, Cid 4.5−0.5−1.5 = 2.5, Dan 4−0.5−1 = 2.5, Eve 3−0.5−1 = 1.5, Fay 5−1.5−1.5 = 2
    ("solkoff_trunc", (2,), (), [2, 2.5, 2.5, 2.5, 1.5, 2]),
    # Shmulyan: Ann 2+1 = 3, Bob 1.5−(2.5+2) = −3, Cid 0, Dan (0.5+1)−2.5 = −1, Eve 0.5−1 = −0.5, Fay −(2+1.5) = −3.5
    ("shmulyan", (), (), [3, -3, 0, -1, -0.5, -3.5]),
    # SB draughts: Ann 2×3 + 1.5 = 7.5, Bob 2×1.5 = 3, Cid 0.5+1.5+2.5 = 4.5, Dan 2×1.5 = 3, Eve 2×0.5 + 1.5 = 2.5, Fay 1.5
    ("sonneborn_berger", (), (), [7.5, 3, 4.5, 3, 2.5, 1.5]),
    # SB FIDE: half of those
    ("sonneborn_berger", (), (None, "fide"), [3.75, 1.5, 2.25, 1.5, 1.25, 0.75]),
    # Riga: Ann 2×3 + 1.5×1.5 = 8.25, Bob 2×1.5 + 4.5 = 7.5, Cid 1.5×4.5 = 6.75, Dan 2×1.5 + 2.5 = 5.5,
    #       Eve 2×0.5 + 1.5×1.5 + 1 = 4.25, Fay 1.5×1.5 + 3.5 = 5.75
    ("riga", (), (), [8.25, 7.5, 6.75, 5.5, 4.25, 5.75]),
    ("wins", (), (), [2, 1, 0, 2, 1, 0]),
    # beaten: Ann 2+1 = 3, Bob 1.5, Cid 0, Dan 0.5+1 = 1.5, Eve 0.5, Fay 0
    ("beaten_sum", (), (), [3, 1.5, 0, 1.5, 0.5, 0]),
    # ratings Ann 2200, Bob 2000, Cid 1900, Dan 2100, Eve 1800, Fay unrated (0):
    # Ann 2100+2000+1900 = 6000, Bob 1800+2200+2100 = 6100, Cid 0+1800+2200 = 4000,
    # Dan 2200+0+2000 = 4200, Eve 2000+1900+0 = 3900, Fay 1900+2100+1800 = 5800
    ("opp_rating_sum", ([r[2] for r in SW],), (), [6000, 6100, 4000, 4200, 3900, 5800]),
    ("opp_rating_sum", ([2200, 2000, 1900, 2100, 1800, ""],), (), [6000, 6100, 4000, 4200, 3900, 5800]),
    ("tiebreak", ("BH",), (), [4.5, 6, 4.5, 4, 3, 5]),
    ("tiebreak", ("riga",), (), [8.25, 7.5, 6.75, 5.5, 4.25, 5.75]),
]
SW_IDS = [f"{f}-{i}" for i, (f, *_rest) in enumerate(SW_EXPECTED)]
SW_PLAYERS = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]


def as_text(grid: list[list[Any]]) -> list[list[Any]]:
    """Every number as text, halves as '0,5' (decimal comma), as an imported sheet holds them."""
    out = []
    for row in grid:
        new = []
        for v in row:
            if is_number(v):
                v = f"{v:g}".replace(".", ",")
            elif isinstance(v, str):
                v = v.replace("½", "0,5")
            new.append(v)
        out.append(new)
    return out


@pytest.mark.parametrize("func, pre, post, expected", SW_EXPECTED, ids=SW_IDS)
def test_swiss_spilled_column(func: str, pre: tuple[Any, ...], post: tuple[Any, ...], expected: list[float]) -> None:
    col = spilled(func, SW, *pre, None, *post)
    assert col == ["", *expected]
    assert all(is_number(v) for v in col[1:])


@pytest.mark.parametrize("func, pre, post, expected", SW_EXPECTED, ids=SW_IDS)
def test_swiss_single_player_by_number_text_and_name(func: str, pre: tuple[Any, ...], post: tuple[Any, ...], expected: list[float]) -> None:
    for i, name in enumerate(SW_PLAYERS):
        for player in player_forms(i, name):
            v = one(func, SW, *pre, player, *post)
            assert is_number(v) and v == expected[i], (player, v)


@pytest.mark.parametrize("func, pre, post, expected", SW_EXPECTED, ids=SW_IDS)
def test_swiss_desktop_floats_same_as_office_js_ints(func: str, pre: tuple[Any, ...], post: tuple[Any, ...], expected: list[float]) -> None:
    fpre = tuple(float(x) if is_number(x) else ([float(y) if is_number(y) else y for y in x] if isinstance(x, list) else x) for x in pre)
    assert xl(func, as_floats(SW), *fpre, None, *post) == xl(func, SW, *pre, None, *post)
    assert [one(func, as_floats(SW), *fpre, float(i + 1), *post) for i in range(6)] == expected


@pytest.mark.parametrize("func, pre, post, expected", SW_EXPECTED, ids=SW_IDS)
def test_swiss_as_text_with_decimal_commas(func: str, pre: tuple[Any, ...], post: tuple[Any, ...], expected: list[float]) -> None:
    table = as_text(SW)
    assert table[1][-1] == "2,5" and table[1][5] == "3b0,5"  # Ann's points "2,5", her round-3 draw "3b0,5"
    tpre = tuple([f"{y:g}" if is_number(y) else y for y in x] if isinstance(x, list) else x for x in pre)
    assert spilled(func, table, *tpre, None, *post) == ["", *expected]
    assert one(func, table, *tpre, "1", *post) == expected[0]


def test_swiss_blank_rows_in_the_range_get_empty_cells() -> None:
    # a blank row inside the range: the spilled column keeps one row per range row down to the last used one
    blank = [""] * 7
    table = [*SW[:4], blank, *SW[4:]]
    assert spilled("buchholz", table) == ["", 4.5, 6, 4.5, "", 4, 3, 5]
    assert spilled("places", table) == ["", 1, 5, 3, "", 2, 4, 6]
    assert one("buchholz", table, "Dan") == 4
    assert xl("buchholz", as_floats(table)) == xl("buchholz", table)


def test_swiss_head_to_head_among_tied() -> None:
    # Cid and Eve share 1.5 points; they drew in round 2: ½ each
    assert one("head_to_head", SW, "Cid") == 0.5
    assert one("head_to_head", SW, 5) == 0.5
    col = spilled("head_to_head", SW)
    assert (col[0], col[3], col[5]) == ("", 0.5, 0.5)


def test_swiss_places_default_and_explicit() -> None:
    # Points: Ann 2.5 (1st), Dan 2 (2nd), Cid and Eve 1.5, Bob 1 (5th), Fay 0.5 (6th).
    # Default for a Swiss: truncated Solkoff k = 1: Cid 4 > Eve 2.5 → Cid 3rd, Eve 4th
    assert spilled("places", SW) == ["", 1, 5, 3, 2, 4, 6]
    # "wins": Eve 1 win > Cid 0 → Eve 3rd, Cid 4th
    assert spilled("places", SW, "wins") == ["", 1, 5, 4, 2, 3, 6]
    # "h2h": they drew each other (½ each) → shared 3rd–4th, with an en dash
    assert spilled("places", SW, "h2h") == ["", 1, 5, "3–4", 2, "3–4", 6]
    assert spilled("places", SW, "wins", "ru") == spilled("places", SW, "wins")


# --------------------------------------------------------------------------- FIDE codes on a Swiss with byes
# 5 players, 3 rounds (one player without a game each round):
# R1: A(w)–B 1-0, C(w)–D ½, E requested half-point bye (H)
# R2: A(w)–C ½,   B(w)–E 1-0, D pairing-allocated bye (+, 1 point)
# R3: D(w)–A 0-1, E(w)–C 0-1, B pairing-allocated bye (+, 1 point)
# Points: A 1+½+1 = 2.5, B 0+1+1 = 2, C ½+½+1 = 2, D ½+1+0 = 1.5, E ½+0+0 = 0.5.
FS = [
    ["No", "Name", "R1", "R2", "R3"],
    [1, "A", "2w1", "3w½", "4b1"],
    [2, "B", "1b0", "5w1", "+"],
    [3, "C", "4w½", "1b½", "5b1"],
    [4, "D", "3b½", "+", "1w0"],
    [5, "E", "H", "2b0", "3w0"],
]
# C.07 (2024) Art. 16: E's half-point bye is followed by played games (16.2.3), so every opponent
# counts with his real score; each own unplayed round counts a dummy opponent with the player's own score.
FS_FIDE_2024 = [
    # BH: A B2+C2+D1.5 = 5.5; B A2.5+E0.5+dummy 2 = 5; C D1.5+A2.5+E0.5 = 4.5; D C2+dummy 1.5+A2.5 = 6; E dummy 0.5+B2+C2 = 4.5
    ("BH", [5.5, 5, 4.5, 6, 4.5]),
    # BH/C1, cut the lowest (a VUR first on equal value): A 5.5−1.5 = 4, B 5−0.5 = 4.5, C 4.5−0.5 = 4,
    # D 6−1.5 = 4.5, E 4.5−0.5 (the HPB dummy) = 4
    ("BH/C1", [4, 4.5, 4, 4.5, 4]),
    # SB = Σ score × points scored: A 2×1 + 2×½ + 1.5×1 = 4.5; B 2.5×0 + 0.5×1 + 2 (dummy)×1 = 2.5;
    # C 1.5×½ + 2.5×½ + 0.5×1 = 2.5; D 2×½ + 1.5 (dummy)×1 + 2.5×0 = 2.5; E 0.5 (dummy)×½ + 0 + 0 = 0.25
    ("SB", [4.5, 2.5, 2.5, 2.5, 0.25]),
    # WIN counts the rounds with a win's points, byes included: A 2, B 2 (R2, PAB), C 1, D 1 (PAB), E 0
    ("WIN", [2, 2, 1, 1, 0]),
]


@pytest.mark.parametrize("code, expected", FS_FIDE_2024, ids=[c for c, _ in FS_FIDE_2024])
def test_tiebreak_fide_codes_under_fide_2024(code: str, expected: list[float]) -> None:
    assert spilled("tiebreak", FS, code, None, "fide-2024") == ["", *expected]
    assert [one("tiebreak", FS, code, name, "fide-2024") for name in "ABCDE"] == expected
    assert xl("tiebreak", as_floats(FS), code, None, "fide-2024") == xl("tiebreak", FS, code, None, "fide-2024")


def test_buchholz_under_fide_2026_caps_the_bye_dummies() -> None:
    # 2026 (16.4): a bye's dummy is min(own score, ½ × 3 rounds = 1.5):
    # B's PAB dummy min(2, 1.5) = 1.5 → BH 2.5+0.5+1.5 = 4.5; D min(1.5, 1.5) = 1.5 → 6; E min(0.5, 1.5) = 0.5 → 4.5
    assert spilled("buchholz", FS, None, "fide-2026") == ["", 5.5, 4.5, 4.5, 6, 4.5]


@pytest.mark.parametrize("rules", [None, "ru", "fide-2024", "fide-2026", "fide-2009", "plain"])
def test_tiebreak_bh_and_sb_agree_with_the_named_functions(rules: Any) -> None:
    assert xl("tiebreak", FS, "BH", None, rules) == xl("buchholz", FS, None, rules)
    assert xl("tiebreak", FS, "SB", None, rules) == xl("sonneborn_berger", FS, None, rules, "fide")
    assert one("tiebreak", FS, "BH", "D", rules) == one("buchholz", FS, "D", rules)


def test_buchholz_fide_2024_equals_the_hand_computed_bh() -> None:
    assert spilled("buchholz", FS, None, "fide-2024") == ["", 5.5, 5, 4.5, 6, 4.5]
    assert one("sonneborn_berger", FS, "E", "fide-2024", "fide") == 0.25


# --------------------------------------------------------------------------- metadata
SIGNATURES = {
    "POINTS": ["table", "player", "rules", "scoring", "lang"],
    "BUCHHOLZ": ["table", "player", "rules", "scoring", "lang"],
    "SOLKOFF": ["table", "player", "rules", "scoring", "lang"],
    "SOLKOFF_TRUNC": ["table", "k", "player", "rules", "scoring", "lang"],
    "SHMULYAN": ["table", "player", "rules", "scoring", "lang"],
    "SONNEBORN_BERGER": ["table", "player", "rules", "convention", "scoring", "lang"],
    "RIGA": ["table", "player", "rules", "scoring", "lang"],
    "WINS": ["table", "player", "rules", "scoring", "lang"],
    "BEATEN_SUM": ["table", "player", "rules", "scoring", "lang"],
    "OPP_RATING_SUM": ["table", "ratings", "player", "rules", "scoring", "lang"],
    "HEAD_TO_HEAD": ["table", "player", "rules", "scoring", "lang"],
    "PLACES": ["table", "criteria", "rules", "scoring", "lang"],
    "TIEBREAK": ["table", "code", "player", "rules", "scoring", "lang"],
    "TB_EXPLAIN": ["table", "player", "code", "rules", "scoring", "lang"],
    "OUTLOOK": ["table", "field", "player", "scoring", "lang"],
}
REQUIRED = {"table", "k", "ratings", "code"}
REQUIRED_IN = {"TB_EXPLAIN": {"player"}}  # explaining needs a player
RUSSIAN_NAME = {  # the coefficient functions: the Russian name of the coefficient must be in the description
    "BUCHHOLZ": "Бухгольц",
    "SOLKOFF": "Солкофф",
    "SOLKOFF_TRUNC": "Солкофф",
    "SHMULYAN": "Шмульян",
    "SONNEBORN_BERGER": "Зонненборн",
    "RIGA": "Рижск",
}
CYRILLIC = re.compile("[А-Яа-яЁё]")

# Excel built-in worksheet functions (Excel 365) a custom function must not shadow or be confused with.
EXCEL_BUILTINS = set(
    """
ABS ACCRINT ACCRINTM ACOS ACOSH ACOT ACOTH ADDRESS AGGREGATE AMORDEGRC AMORLINC AND ARABIC AREAS ARRAYTOTEXT ASC
ASIN ASINH ATAN ATAN2 ATANH AVEDEV AVERAGE AVERAGEA AVERAGEIF AVERAGEIFS BAHTTEXT BASE BESSELI BESSELJ BESSELK
BESSELY BETADIST BETA.DIST BETAINV BETA.INV BIN2DEC BIN2HEX BIN2OCT BINOMDIST BINOM.DIST BINOM.DIST.RANGE BINOM.INV
BITAND BITLSHIFT BITOR BITRSHIFT BITXOR BYCOL BYROW CALL CEILING CEILING.MATH CEILING.PRECISE CELL CHAR CHIDIST
CHIINV CHITEST CHISQ.DIST CHISQ.DIST.RT CHISQ.INV CHISQ.INV.RT CHISQ.TEST CHOOSE CHOOSECOLS CHOOSEROWS CLEAN CODE
COLUMN COLUMNS COMBIN COMBINA COMPLEX CONCAT CONCATENATE CONFIDENCE CONFIDENCE.NORM CONFIDENCE.T CONVERT COPILOT
CORREL COS COSH COT COTH COUNT COUNTA COUNTBLANK COUNTIF COUNTIFS COUPDAYBS COUPDAYS COUPDAYSNC COUPNCD COUPNUM
COUPPCD COVAR COVARIANCE.P COVARIANCE.S CRITBINOM CSC CSCH CUBEKPIMEMBER CUBEMEMBER CUBEMEMBERPROPERTY
CUBERANKEDMEMBER CUBESET CUBESETCOUNT CUBEVALUE CUMIPMT CUMPRINC DATE DATEDIF DATEVALUE DAVERAGE DAY DAYS DAYS360
DB DBCS DCOUNT DCOUNTA DDB DEC2BIN DEC2HEX DEC2OCT DECIMAL DEGREES DELTA DETECTLANGUAGE DEVSQ DGET DISC DMAX DMIN
DOLLAR DOLLARDE DOLLARFR DPRODUCT DROP DSTDEV DSTDEVP DSUM DURATION DVAR DVARP ECMA.CEILING EDATE EFFECT ENCODEURL
EOMONTH ERF ERF.PRECISE ERFC ERFC.PRECISE ERROR.TYPE EUROCONVERT EVEN EXACT EXP EXPAND EXPON.DIST EXPONDIST FACT
FACTDOUBLE FALSE F.DIST FDIST F.DIST.RT FILTER FILTERXML FIND FINDB F.INV F.INV.RT FINV FISHER FISHERINV FIXED
FLOOR FLOOR.MATH FLOOR.PRECISE FORECAST FORECAST.ETS FORECAST.ETS.CONFINT FORECAST.ETS.SEASONALITY
FORECAST.ETS.STAT FORECAST.LINEAR FORMULATEXT FREQUENCY F.TEST FTEST FV FVSCHEDULE GAMMA GAMMA.DIST GAMMADIST
GAMMA.INV GAMMAINV GAMMALN GAMMALN.PRECISE GAUSS GCD GEOMEAN GESTEP GETPIVOTDATA GROUPBY GROWTH HARMEAN HEX2BIN
HEX2DEC HEX2OCT HLOOKUP HOUR HSTACK HYPERLINK HYPGEOM.DIST HYPGEOMDIST IF IFERROR IFNA IFS IMABS IMAGE IMAGINARY
IMARGUMENT IMCONJUGATE IMCOS IMCOSH IMCOT IMCSC IMCSCH IMDIV IMEXP IMLN IMLOG10 IMLOG2 IMPOWER IMPRODUCT IMREAL
IMSEC IMSECH IMSIN IMSINH IMSQRT IMSUB IMSUM IMTAN INDEX INDIRECT INFO INT INTERCEPT INTRATE IPMT IRR ISBLANK
ISERR ISERROR ISEVEN ISFORMULA ISLOGICAL ISNA ISNONTEXT ISNUMBER ISODD ISOMITTED ISREF ISTEXT ISO.CEILING
ISOWEEKNUM ISPMT JIS KURT LAMBDA LARGE LCM LEFT LEFTB LEN LENB LET LINEST LN LOG LOG10 LOGEST LOGINV LOGNORM.DIST
LOGNORMDIST LOGNORM.INV LOOKUP LOWER MAKEARRAY MAP MATCH MAX MAXA MAXIFS MDETERM MDURATION MEDIAN MID MIDB MIN
MINA MINIFS MINUTE MINVERSE MIRR MMULT MOD MODE MODE.MULT MODE.SNGL MONTH MROUND MULTINOMIAL MUNIT N NA
NEGBINOM.DIST NEGBINOMDIST NETWORKDAYS NETWORKDAYS.INTL NOMINAL NORM.DIST NORMDIST NORMINV NORM.INV NORM.S.DIST
NORMSDIST NORM.S.INV NORMSINV NOT NOW NPER NPV NUMBERVALUE OCT2BIN OCT2DEC OCT2HEX ODD ODDFPRICE ODDFYIELD
ODDLPRICE ODDLYIELD OFFSET OR PDURATION PEARSON PERCENTILE PERCENTILE.EXC PERCENTILE.INC PERCENTOF PERCENTRANK
PERCENTRANK.EXC PERCENTRANK.INC PERMUT PERMUTATIONA PHI PHONETIC PI PIVOTBY PMT POISSON POISSON.DIST POWER PPMT
PRICE PRICEDISC PRICEMAT PROB PRODUCT PROPER PV PY QUARTILE QUARTILE.EXC QUARTILE.INC QUOTIENT RADIANS RAND
RANDARRAY RANDBETWEEN RANK RANK.AVG RANK.EQ RATE RECEIVED REDUCE REGEXEXTRACT REGEXREPLACE REGEXTEST REGISTER.ID
REPLACE REPLACEB REPT RIGHT RIGHTB ROMAN ROUND ROUNDDOWN ROUNDUP ROW ROWS RRI RSQ RTD SCAN SEARCH SEARCHB SEC SECH
SECOND SEQUENCE SERIESSUM SHEET SHEETS SIGN SIN SINH SKEW SKEW.P SLN SLOPE SMALL SORT SORTBY SQRT SQRTPI
STANDARDIZE STDEV STDEV.P STDEV.S STDEVA STDEVP STDEVPA STEYX STOCKHISTORY SUBSTITUTE SUBTOTAL SUM SUMIF SUMIFS
SUMPRODUCT SUMSQ SUMX2MY2 SUMX2PY2 SUMXMY2 SWITCH SYD T TAKE TAN TANH TBILLEQ TBILLPRICE TBILLYIELD T.DIST
T.DIST.2T T.DIST.RT TDIST TEXT TEXTAFTER TEXTBEFORE TEXTJOIN TEXTSPLIT TIME TIMEVALUE T.INV T.INV.2T TINV TOCOL
TODAY TOROW TRANSLATE TRANSPOSE TREND TRIM TRIMMEAN TRIMRANGE TRUE TRUNC T.TEST TTEST TYPE UNICHAR UNICODE UNIQUE
UPPER VALUE VALUETOTEXT VAR VAR.P VAR.S VARA VARP VARPA VDB VLOOKUP VSTACK WEBSERVICE WEEKDAY WEEKNUM WEIBULL
WEIBULL.DIST WORKDAY WORKDAY.INTL WRAPCOLS WRAPROWS XIRR XLOOKUP XMATCH XNPV XOR YEAR YEARFRAC YIELD YIELDDISC
YIELDMAT Z.TEST ZTEST
""".split()
)


@pytest.fixture(scope="module")
def meta() -> dict[str, Any]:
    return {f["name"]: f for f in custom_functions_meta(functions)["functions"]}


def test_meta_lists_exactly_the_worksheet_functions(meta: dict[str, Any]) -> None:
    assert set(meta) == set(SIGNATURES)
    for name, f in meta.items():
        assert f["id"] == name


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_meta_arguments_in_order_with_optional_flags(meta: dict[str, Any], name: str) -> None:
    params = meta[name]["parameters"]
    assert [p["name"] for p in params] == SIGNATURES[name]
    for p in params:
        assert bool(p.get("optional", False)) == (p["name"] not in REQUIRED | REQUIRED_IN.get(name, set())), (name, p)
        assert not p.get("repeating", False)


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_meta_descriptions(meta: dict[str, Any], name: str) -> None:
    f = meta[name]
    d = f["description"]
    assert d and d == d.strip() and "\n" not in d, repr(d)
    assert not d.startswith("Python function")  # xlwings' placeholder when there is no docstring
    if name in RUSSIAN_NAME:
        assert CYRILLIC.search(d), d
        assert RUSSIAN_NAME[name] in d, d
    for p in f["parameters"]:
        pd = p.get("description", "")
        assert pd and pd.strip() and "\n" not in pd, (name, p)
        assert not pd.startswith("Positional argument"), (name, p)


@pytest.mark.parametrize("name", sorted(SIGNATURES))
def test_meta_tooltips_are_bilingual_and_fit_office_js(meta: dict[str, Any], name: str) -> None:
    # one import serves every user: each tooltip reads "English · Русский", within Office.js' 128 characters
    f = meta[name]
    for text in [f["description"], *(p["description"] for p in f["parameters"])]:
        english, sep, russian = text.partition(" · ")
        assert sep, text
        assert re.search("[A-Za-z]{3}", english) and not CYRILLIC.search(english), text
        assert CYRILLIC.search(russian), text
        assert len(text) <= functions.TOOLTIP_LIMIT == 128, (len(text), text)
    assert "caller" not in [p["name"] for p in f["parameters"]]  # classic xlwings' calling cell is no argument here


def test_no_name_clashes_with_excel_builtins(meta: dict[str, Any]) -> None:
    assert {"RANK", "RANK.EQ", "SUM", "MEDIAN", "SORT", "VALUE", "INDEX"} <= EXCEL_BUILTINS  # the list is the list
    assert not set(meta) & EXCEL_BUILTINS
    for name in meta:
        # a valid Excel name that cannot be read as a cell reference (A1 or R1C1 style)
        assert re.fullmatch(r"[A-Z][A-Z0-9_.]*", name), name
        assert not re.fullmatch(r"[A-Z]{1,3}[0-9]+", name) and not re.fullmatch(r"R[0-9]*C[0-9]*", name), name


# --------------------------------------------------------------------------- the cache
# SW without its points column (so that changing one game needs only the two result cells)
CACHE_TABLE = [row[:6] for row in SW]
CACHE_BH = [4.5, 6, 4.5, 4, 3, 5]  # as SW_EXPECTED


def test_cache_reads_an_unchanged_table_once_and_sees_a_changed_cell_at_once() -> None:
    table = copy.deepcopy(CACHE_TABLE)
    shared.clear()
    before = shared.reads
    # =BUCHHOLZ($A$1:$F$7, A2) filled down, plus other functions on the same range
    assert [one("buchholz", table, i) for i in range(1, 7)] == CACHE_BH
    assert [one("buchholz", table, name) for name in SW_PLAYERS] == CACHE_BH
    assert spilled("buchholz", table) == ["", *CACHE_BH]
    assert [one("solkoff", table, i) for i in range(1, 7)] == [1.5, 2, 1.5, 1, 1, 1.5]
    assert spilled("places", table)[1] == 1
    assert shared.reads == before + 1

    # Round 3, Dan–Bob 1-0 becomes a draw, on both sides: Dan 1.5, Bob 1.5.
    table[4][5] = "2w½"  # Dan's cell
    table[2][5] = "4b½"  # Bob's cell
    # New Buchholz: Ann Dan 1.5 + Bob 1.5 + Cid 1.5 = 4.5; Bob Eve 1.5 + Ann 2.5 + Dan 1.5 = 5.5;
    # Cid Fay 0.5 + Eve 1.5 + Ann 2.5 = 4.5; Dan Ann 2.5 + Fay 0.5 + Bob 1.5 = 4.5;
    # Eve Bob 1.5 + Cid 1.5 + Fay 0.5 = 3.5; Fay Cid 1.5 + Dan 1.5 + Eve 1.5 = 4.5
    new_bh = [4.5, 5.5, 4.5, 4.5, 3.5, 4.5]
    assert [one("buchholz", table, i) for i in range(1, 7)] == new_bh  # a stale value would fail here
    assert spilled("points", table) == ["", 2.5, 1.5, 1.5, 1.5, 1.5, 0.5]
    assert shared.reads == before + 2
    assert [one("buchholz", table, name) for name in SW_PLAYERS] == new_bh
    assert shared.reads == before + 2


def test_cache_desktop_floats_and_office_js_ints_are_one_table() -> None:
    table = copy.deepcopy(CACHE_TABLE)
    shared.clear()
    before = shared.reads
    assert one("buchholz", table, 2) == 6
    assert one("buchholz", as_floats(table), 2.0) == 6
    assert shared.reads == before + 1


def test_cache_reads_an_error_table_once() -> None:
    table = copy.deepcopy(CACHE_TABLE)
    table[2][4] = NA  # Bob's round-2 cell shows #N/A
    shared.clear()
    before = shared.reads
    message = PREFIX + "row 3 (Bob), round 2: the cell holds the Excel error #N/A"
    results = [one("buchholz", table, i) for i in range(1, 7)]
    results += [one("riga", table), one("solkoff_trunc", table, 1, "Ann"), one("tiebreak", table, "BH", 3)]
    assert results == [message] * 9
    assert shared.reads == before + 1


# --------------------------------------------------------------------------- errors in the cell
def sw(**cells: Any) -> list[list[Any]]:
    """SW with cells replaced: sw(Bob_R2="12x"); columns R1, R2, R3, Pts."""
    col = {"R1": 3, "R2": 4, "R3": 5, "Pts": 6}
    g = copy.deepcopy(SW)
    for key, value in cells.items():
        name, c = key.split("_")
        g[SW_PLAYERS.index(name) + 1][col[c]] = value
    return g


def rr(**cells: Any) -> list[list[Any]]:
    """RR with cells replaced: rr(Ann_Bob=1) is Ann's row, Bob's column; rr(Ann_Pts=2)."""
    col = {"Ann": 3, "Bob": 4, "Cid": 5, "Dan": 6, "Pts": 7}
    g = copy.deepcopy(RR)
    for key, value in cells.items():
        name, c = key.split("_")
        g[RR_PLAYERS.index(name) + 1][col[c]] = value
    return g


TABLE_ERRORS = [
    ("swiss-unknown-result", sw(Bob_R2="12x"), "row 3 (Bob), round 2: '12x' is not a result (write opponent, colour, result, e.g. 12w1, 5б½, 7b=; a bye +, an absence −)"),
    # Ann's result against Bob changed to a win (and her points to 2), Bob's cell still says ½
    ("rr-not-mirrored", rr(Ann_Bob=1, Ann_Pts=2), "row 2 (Ann), against Bob (No. 2): 1 does not mirror Bob's result '½' (row 3)"),
    ("swiss-opponent-out-of-range", sw(Bob_R2="9w1"), "row 3 (Bob), round 2: opponent 9 is not in the table (numbers refer to the No. column)"),
    # Ann says she met Dan in round 2, but Fay and Dan say they met each other
    ("swiss-met-twice", sw(Ann_R2="4w1"), "row 7 (Fay), round 2: Dan is already the opponent of Ann in this round"),
    ("swiss-points-disagree", sw(Bob_Pts=2), "row 3 (Bob), column 7: the points column says 2, but the results add up to 1"),
    ("rr-points-disagree-text", rr(Bob_Pts="1,5"), "row 3 (Bob), column 8: the points column says 1.5, but the results add up to 2"),
    ("swiss-excel-error", sw(Bob_R2=NA), "row 3 (Bob), round 2: the cell holds the Excel error #N/A"),
    ("rr-excel-error", rr(Bob_Ann=NA), "row 3 (Bob), against Ann (No. 1): the cell holds the Excel error #N/A"),
    ("points-excel-error", sw(Bob_Pts=NA), "row 3 (Bob), column 7: the cell holds the Excel error #N/A"),
]


@pytest.mark.parametrize("table, message", [c[1:] for c in TABLE_ERRORS], ids=[c[0] for c in TABLE_ERRORS])
def test_table_errors_come_back_as_text_naming_the_place(table: list[list[Any]], message: str) -> None:
    assert one("buchholz", table) == PREFIX + message
    assert one("buchholz", table, 1) == PREFIX + message
    assert one("places", table, "wins") == PREFIX + message


CALLS = [  # (func, args after the table) for every function, with and without a player
    ("points", ()), ("points", (2,)), ("buchholz", ()), ("solkoff", ("Bob",)), ("solkoff_trunc", (1,)), ("solkoff_trunc", (1, 2)),
    ("shmulyan", ()), ("sonneborn_berger", ()), ("sonneborn_berger", (None, None, "fide")), ("riga", ("2",)), ("wins", ()),
    ("beaten_sum", ()), ("opp_rating_sum", ([2200, 2000, 1900, 2100, 1800, ""],)), ("opp_rating_sum", (None, 1)),
    ("head_to_head", ()), ("places", ()), ("places", ("BH, SB",)), ("tiebreak", ("BH/C1",)), ("tiebreak", ("WIN", 1, "fide-2024")),
]


@pytest.mark.parametrize("func, args", CALLS, ids=[f"{f}-{i}" for i, (f, _a) in enumerate(CALLS)])
def test_every_function_returns_the_table_error_as_one_cell(func: str, args: tuple[Any, ...]) -> None:
    assert one(func, sw(Bob_R2="12x"), *args) == PREFIX + "row 3 (Bob), round 2: '12x' is not a result (write opponent, colour, result, e.g. 12w1, 5б½, 7b=; a bye +, an absence −)"
    assert one(func, sw(Bob_R2=NA), *args) == PREFIX + "row 3 (Bob), round 2: the cell holds the Excel error #N/A"


EMPTY = PREFIX + "the range is empty: select the crosstable (players' rows with their results)"


@pytest.mark.parametrize("func, args", CALLS, ids=[f"{f}-{i}" for i, (f, _a) in enumerate(CALLS)])
@pytest.mark.parametrize("table", [None, [[""]], [["", ""], ["", ""]]], ids=["single-empty-cell-None", "single-empty-cell", "empty-block"])
def test_empty_range(func: str, args: tuple[Any, ...], table: Any) -> None:
    # a single empty cell given for an ndim=2 argument arrives as None
    args = tuple(None if isinstance(a, list) else a for a in args)  # no ratings column for an empty table
    assert one(func, table, *args) == EMPTY


ARGUMENT_ERRORS = [
    ("unknown-rule-set", "buchholz", (None, "xx"), "unknown rule set 'xx': use one of ru, fide-2024, fide-2026, fide-2009, plain"),
    ("unknown-rule-set-places", "places", (None, "xx"), "unknown rule set 'xx': use one of ru, fide-2024, fide-2026, fide-2009, plain"),
    # every player has 3 opponent scores, so k is 0, 1 or 2
    ("k-too-large", "solkoff_trunc", (3,), "k = 3 is out of range: the players have at most 3 opponent scores, so k must be 0 to 2"),
    ("k-negative", "solkoff_trunc", (-1, "Ann"), "k = -1 is out of range: the players have at most 3 opponent scores, so k must be 0 to 2"),
    ("k-not-whole", "solkoff_trunc", (1.5,), "k = 1.5 must be a whole number of opponent scores to drop (0 to 2)"),
    ("k-text", "solkoff_trunc", ("abc",), "k = 'abc' must be a whole number of opponent scores to drop (0 to 2)"),
    ("unknown-player-name", "buchholz", ("Zed",), "no player 'Zed' in the table (give a start number or a name)"),
    ("unknown-player-number", "buchholz", (7,), "no player '7' in the table (give a start number or a name)"),
    ("unknown-player-number-float", "riga", (7.0,), "no player '7' in the table (give a start number or a name)"),
    ("unknown-player-text", "points", ("7",), "no player '7' in the table (give a start number or a name)"),
    ("unknown-player-tiebreak", "tiebreak", ("BH", "Zed"), "no player 'Zed' in the table (give a start number or a name)"),
    ("unknown-convention", "sonneborn_berger", (None, None, "chesss"), "unknown convention 'chesss': use \"draughts\" (default) or \"fide\""),
    (
        "unknown-code",
        "tiebreak",
        ("XYZ",),
        "unknown criterion 'XYZ': see the list of codes (e.g. points, buchholz, solkoff, solkoff_trunc, shmulyan, sonneborn_berger, riga, wins ...)",
    ),
    ("empty-code", "tiebreak", (None,), 'give a tie-break code, e.g. "BH/C1"'),
    (
        "unknown-criterion-in-places",
        "places",
        ("wins, foo",),
        "unknown criterion 'foo': see the list of codes (e.g. points, buchholz, solkoff, solkoff_trunc, shmulyan, sonneborn_berger, riga, wins ...)",
    ),
    ("ratings-wrong-length", "opp_rating_sum", ([1, 2, 3],), "the ratings range has 3 rows; it must have one per table row (7) or per player (6)"),
    # one rating per player: the row is the 6th of the ratings range (Fay's)
    ("ratings-not-a-rating", "opp_rating_sum", ([2200, 2000, 1900, 2100, 1800, "abc"],), "row 6: ratings: 'abc' is not a rating"),
    ("ratings-excel-error", "opp_rating_sum", (["Rating", 2200, 2000, NA, 2100, 1800, ""],), "row 4: ratings: the cell holds the Excel error #N/A"),
]


@pytest.mark.parametrize("func, args, message", [c[1:] for c in ARGUMENT_ERRORS], ids=[c[0] for c in ARGUMENT_ERRORS])
def test_argument_errors(func: str, args: tuple[Any, ...], message: str) -> None:
    assert one(func, SW, *args) == PREFIX + message


def test_k_left_empty_is_explained_without_python_words() -> None:
    # =SOLKOFF_TRUNC(A1:G7,,1): k left empty arrives as None
    v = one("solkoff_trunc", SW, None, 1)
    assert isinstance(v, str) and v.startswith(PREFIX), v
    assert "None" not in v, v


@pytest.mark.parametrize(
    "func, args",
    [
        ("buchholz", (NA,)),  # =BUCHHOLZ(table, H2) with H2 = #N/A (a failed lookup, say)
        ("buchholz", (1, NA)),  # the rule-set cell shows #N/A
        ("places", (NA,)),  # the criteria cell shows #N/A
        ("sonneborn_berger", (1, None, NA)),  # the convention cell shows #N/A
    ],
    ids=["player", "rules", "criteria", "convention"],
)
def test_excel_error_in_a_setting_argument_is_not_taken_as_left_out(func: str, args: tuple[Any, ...]) -> None:
    out = xl(func, SW, *args)
    # one cell: an error text naming #N/A (or an Excel error), not a spilled column / a silently defaulted value
    assert isinstance(out, list) and len(out) == 1 and len(out[0]) == 1, out
    v = out[0][0]
    assert (isinstance(v, str) and v.startswith(PREFIX) and "#N/A" in v) or (isinstance(v, dict) and v.get("type") == "Error"), v


# ------------------------------------------- ranges as Excel hands them over
def test_oversized_ranges_are_trimmed_to_their_used_part() -> None:
    # =PLACES($A$1:$N$500): empty rows and columns past the table
    big = [list(r) + [""] * 4 for r in SW] + [[""] * (len(SW[0]) + 4) for _ in range(500 - len(SW))]
    assert xl("buchholz", big) == xl("buchholz", SW)
    assert [r[0] for r in xl("places", big)] == ["", 1, 5, 3, 2, 4, 6]
    assert one("buchholz", big, "Dan") == 4


def test_whole_columns_are_trimmed_to_their_used_part() -> None:
    # =BUCHHOLZ(A:K) as classic xlwings hands it over: 1,048,576 rows of which the table's are used
    # (called directly: the test harness's own conversion of a million rows would take minutes)
    whole: list[list[Any]] = [list(r) + [None] * 4 for r in SW] + [[None] * (len(SW[0]) + 4) for _ in range(1_048_576 - len(SW))]
    assert functions.trimmed(whole) == [list(r) for r in SW]
    assert functions.buchholz(whole) == xl("buchholz", SW)
    assert functions.places(whole) == xl("places", SW)


def test_a_range_with_trailing_empty_rows_spills_only_its_used_rows() -> None:
    table = [*SW, *[[""] * 7 for _ in range(493)]]
    assert xl("places", table) == xl("places", SW)


def test_places_are_numbers_unless_shared() -> None:
    col = spilled("places", SW, "h2h")
    assert col == ["", 1, 5, "3–4", 2, "3–4", 6]
    assert all(isinstance(v, int) for v in col if v not in ("", "3–4"))


def test_an_empty_player_cell_gives_an_empty_cell() -> None:
    # =BUCHHOLZ($A$1:$G$7, A9) filled down past the last player: A9 is empty
    assert one("buchholz", SW, [[""]]) == ""
    assert one("tiebreak", SW, "BH", [[""]]) == ""
    assert one("solkoff_trunc", SW, 1, [[""]]) == ""
    # left out, the argument still means "every player"
    assert xl("buchholz", SW) == xl("buchholz", SW, None)
    assert len(xl("buchholz", SW)) == len(SW)


def test_yo_and_ye_are_one_letter_in_a_name() -> None:
    table = [["№", "Фамилия", 1, 2, 3], [1, "Пётр Алёшин", "X", 1, 1], [2, "Семён", 0, "X", 1], [3, "Фёдор", 0, 0, "X"]]
    assert one("points", table, "Петр Алешин") == 2
    assert one("points", table, "ПЁТР АЛЁШИН") == 2
    assert one("points", table, "Федор") == 0
