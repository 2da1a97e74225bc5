"""Acceptance tests of the crosstable reader: real-looking tables in the notations of the draughts rules (1.13, code 3.16).

Every expected value is computed by hand in the comment next to it, following
the ``ru`` rule set (the default):

* a forfeit (+/−) counts as a draw between the two players in every
  coefficient, and every opponent's score counts his own forfeits as draws;
* a bye for an odd number of players is a game won against a virtual
  opponent whose score is the lowest actual final score of the event;
* a withdrawn opponent is credited, for his remaining rounds, with the
  average (forfeits-as-draws) points those rounds of the players who had his
  score when he stopped.

Notation used in the comments: ``S(n)`` is the score of No. n as it enters
his opponents' sums; W/D/L are P's results.  For each player:
BH = Σ S;  SB = 2·Σbeaten + Σdrawn;  Shm = Σbeaten − Σlost;
MSolk = BH − best − worst;  TSolk = BH − worst;
Riga = 2·Σbeaten + 1.5·Σdrawn + Σlost.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import as_floats

import tiebreak
from tiebreak import Kind

CODES = ("buchholz", "sonneborn_berger", "shmulyan", "solkoff", "solkoff_trunc", "riga", "wins", "beaten")


def by_number(t: tiebreak.Tournament, code: str, rules: str | None = None) -> dict[int, Any]:
    """{start number: value} of one criterion."""
    return {p.number: v for p, v in zip(t.players, tiebreak.values(t, code, rules))}


def assert_values(t: tiebreak.Tournament, expected: dict[int, dict[str, float]]) -> None:
    """expected: {start number: {code: value}}; every mismatch is listed at once."""
    wrong = []
    for code in {c for vals in expected.values() for c in vals}:
        got = by_number(t, code)
        for number, vals in expected.items():
            if code in vals and got[number] != pytest.approx(vals[code], abs=1e-9):
                wrong.append(f"No. {number} {code}: expected {vals[code]}, got {got[number]}")
    assert not wrong, "\n".join(sorted(wrong))


def as_text(grid: list[list[Any]]) -> list[list[Any]]:
    """Every number as text, halves with a decimal comma (as a Russian Excel exports them)."""

    def text(v: Any) -> Any:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            return v
        return str(int(v)) if float(v).is_integer() else f"{v:g}".replace(".", ",")

    return [[text(v) for v in row] for row in grid]


def padded(grid: list[list[Any]], top: int = 2, left: int = 1, right: int = 2, bottom: int = 2) -> list[list[Any]]:
    """The same table inside a larger selection: blank rows/columns around it (None and '')."""
    width = left + max(len(r) for r in grid) + right
    out: list[list[Any]] = [[None] * width for _ in range(top)]
    for row in grid:
        out.append([None] * (left - 1) + [""] + list(row) + [""] * (width - left - len(row)))
    out += [["", *([None] * (width - 1))] for _ in range(bottom)]
    return out


# =========================================================================
# (1) 10-player round robin, ½ / = / 0,5 / 0.5 mixed, X diagonal, header,
#     No./Name/Pts columns.
# =========================================================================
RR10 = [
    ["No.", "Name", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "Pts"],
    [1, "Alekhine", "X", "½", 1, 1, "=", 1, 1, 0, 1, 1, 7],
    [2, "Botvinnik", "=", "X", 1, "0,5", 0, 1, "½", 1, 1, 1, 6.5],
    [3, "Capablanca", 0, 0, "X", "½", 1, 0, 1, "0,5", 1, 0, 4],
    [4, "Euwe", 0, "½", "=", "X", 1, 0.5, 0, 1, "0,5", 1, 5],
    [5, "Fischer", "0,5", 1, 0, 0, "X", 1, "=", 0, 1, "½", 4.5],
    [6, "Karpov", 0, 0, 1, "=", 0, "X", 1, 0, "½", 1, 4],
    [7, "Lasker", 0, "=", 0, 1, "0,5", 0, "X", 1, 0, "½", 3.5],
    [8, "Morphy", 1, 0, "=", 0, 1, 1, 0, "X", "0,5", 0, 4],
    [9, "Petrosian", 0, 0, 0, "=", 0, "0,5", 1, "½", "X", 1, 3.5],
    [10, "Tal", 0, 0, 1, 0, "=", 0, "0,5", 1, 0, "X", 3],
]
# Final scores (row sums):
#  1: ½+1+1+½+1+1+0+1+1 = 7      2: ½+1+½+0+1+½+1+1+1 = 6.5
#  3: 0+0+½+1+0+1+½+1+0 = 4      4: 0+½+½+1+½+0+1+½+1 = 5
#  5: ½+1+0+0+1+½+0+1+½ = 4.5    6: 0+0+1+½+0+1+0+½+1 = 4
#  7: 0+½+0+1+½+0+1+0+½ = 3.5    8: 1+0+½+0+1+1+0+½+0 = 4
#  9: 0+0+0+½+0+½+1+½+1 = 3.5   10: 0+0+1+0+½+0+½+1+0 = 3      total 45 = 45 games
# In a single round robin BH = 45 − own score.
RR10_POINTS = [7, 6.5, 4, 5, 4.5, 4, 3.5, 4, 3.5, 3]

RR10_EXPECTED = {
    # No. 1: W 3(4) 4(5) 6(4) 7(3.5) 9(3.5) 10(3); D 2(6.5) 5(4.5); L 8(4)
    #   beaten 4+5+4+3.5+3.5+3 = 23, drawn 6.5+4.5 = 11, lost 4
    1: {
        "buchholz": 38,  # 23 + 11 + 4 = 38 (= 45 − 7)
        "sonneborn_berger": 57,  # 2·23 + 11
        "shmulyan": 19,  # 23 − 4
        "solkoff": 28.5,  # 38 − 6.5 − 3
        "solkoff_trunc": 35,  # 38 − 3
        "riga": 66.5,  # 46 + 1.5·11 + 4 = 46 + 16.5 + 4
        "wins": 6,
        "beaten": 23,
    },
    # No. 2: W 3(4) 6(4) 8(4) 9(3.5) 10(3); D 1(7) 4(5) 7(3.5); L 5(4.5)
    #   beaten 4+4+4+3.5+3 = 18.5, drawn 7+5+3.5 = 15.5, lost 4.5
    2: {
        "buchholz": 38.5,  # 18.5 + 15.5 + 4.5 (= 45 − 6.5)
        "sonneborn_berger": 52.5,  # 37 + 15.5
        "shmulyan": 14,  # 18.5 − 4.5
        "solkoff": 28.5,  # 38.5 − 7 − 3
        "solkoff_trunc": 35.5,  # 38.5 − 3
        "riga": 64.75,  # 37 + 23.25 + 4.5
        "wins": 5,
        "beaten": 18.5,
    },
    # No. 3: W 5(4.5) 7(3.5) 9(3.5); D 4(5) 8(4); L 1(7) 2(6.5) 6(4) 10(3)
    #   beaten 11.5, drawn 9, lost 7+6.5+4+3 = 20.5
    3: {
        "buchholz": 41,  # 11.5 + 9 + 20.5 (= 45 − 4)
        "sonneborn_berger": 32,  # 23 + 9
        "shmulyan": -9,  # 11.5 − 20.5 (signed)
        "solkoff": 31,  # 41 − 7 − 3
        "solkoff_trunc": 38,  # 41 − 3
        "riga": 57,  # 23 + 13.5 + 20.5
        "wins": 3,
        "beaten": 11.5,
    },
    # No. 6: W 3(4) 7(3.5) 10(3); D 4(5) 9(3.5); L 1(7) 2(6.5) 5(4.5) 8(4)
    #   beaten 10.5, drawn 8.5, lost 22
    6: {
        "buchholz": 41,  # 10.5 + 8.5 + 22
        "sonneborn_berger": 29.5,  # 21 + 8.5
        "shmulyan": -11.5,  # 10.5 − 22
        "solkoff": 31,  # 41 − 7 − 3
        "solkoff_trunc": 38,
        "riga": 55.75,  # 21 + 12.75 + 22
        "wins": 3,
        "beaten": 10.5,
    },
    # No. 8: W 1(7) 5(4.5) 6(4); D 3(4) 9(3.5); L 2(6.5) 4(5) 7(3.5) 10(3)
    #   beaten 15.5, drawn 7.5, lost 18
    8: {
        "buchholz": 41,  # 15.5 + 7.5 + 18
        "sonneborn_berger": 38.5,  # 31 + 7.5
        "shmulyan": -2.5,  # 15.5 − 18
        "solkoff": 31,  # 41 − 7 − 3
        "solkoff_trunc": 38,
        "riga": 60.25,  # 31 + 11.25 + 18
        "wins": 3,
        "beaten": 15.5,
    },
    # No. 10: W 3(4) 8(4); D 5(4.5) 7(3.5); L 1(7) 2(6.5) 4(5) 6(4) 9(3.5)
    #   beaten 8, drawn 8, lost 26
    10: {
        "buchholz": 42,  # 8 + 8 + 26 (= 45 − 3)
        "sonneborn_berger": 24,  # 16 + 8
        "shmulyan": -18,  # 8 − 26
        "solkoff": 31.5,  # 42 − 7 − 3.5
        "solkoff_trunc": 38.5,  # 42 − 3.5
        "riga": 54,  # 16 + 12 + 26
        "wins": 2,
        "beaten": 8,
    },
}


def test_rr10_is_read_with_its_side_columns() -> None:
    t = tiebreak.read_table(RR10)
    assert t.system == "round robin"
    assert t.cycles == 1
    assert t.scoring == tiebreak.CHESS
    assert len(t.players) == 10
    assert [p.number for p in t.players] == list(range(1, 11))
    assert [p.name for p in t.players] == [row[1] for row in RR10[1:]]
    assert [p.row for p in t.players] == list(range(2, 12))  # the header is grid row 1
    assert [p.stated_points for p in t.players] == RR10_POINTS
    assert t.points == RR10_POINTS


def test_rr10_coefficients_by_hand() -> None:
    assert_values(tiebreak.read_table(RR10), RR10_EXPECTED)


def test_rr10_buchholz_of_everyone_is_total_minus_own() -> None:
    t = tiebreak.read_table(RR10)
    assert tiebreak.values(t, "buchholz") == [45 - p for p in RR10_POINTS]  # 38, 38.5, 41, 40, 40.5, 41, 41.5, 41, 41.5, 42


def test_rr10_head_to_head_among_the_tied() -> None:
    t = tiebreak.read_table(RR10)
    h2h = by_number(t, "h2h")
    # tied on 4: Nos. 3, 6, 8.  3: vs6 0 + vs8 ½ = ½;  6: vs3 1 + vs8 0 = 1;  8: vs3 ½ + vs6 1 = 1.5
    assert (h2h[3], h2h[6], h2h[8]) == (0.5, 1, 1.5)
    # tied on 3.5: Nos. 7, 9.  7 lost to 9: 0 and 1
    assert (h2h[7], h2h[9]) == (0, 1)


@pytest.mark.parametrize("convert", [as_floats, lambda g: g, as_text], ids=["floats", "ints", "text"])
def test_rr10_numbers_as_floats_ints_or_text_read_the_same(convert: Any) -> None:
    t = tiebreak.read_table(convert(RR10))
    assert t.points == RR10_POINTS
    assert [p.number for p in t.players] == list(range(1, 11))
    assert [p.stated_points for p in t.players] == RR10_POINTS
    assert_values(t, RR10_EXPECTED)


@pytest.mark.parametrize("convert", [as_floats, lambda g: g, as_text], ids=["floats", "ints", "text"])
def test_rr10_blank_rows_and_columns_around_the_table_are_ignored(convert: Any) -> None:
    grid = padded(convert(RR10), top=2, left=1, right=2, bottom=2)
    t = tiebreak.read_table(grid)
    assert len(t.players) == 10
    assert t.points == RR10_POINTS
    assert [p.row for p in t.players] == list(range(4, 14))  # two blank rows, then the header in row 3
    assert_values(t, RR10_EXPECTED)


# =========================================================================
# (2) Draughts round robin on 2/1/0, Russian header, Cyrillic Х diagonal.
# =========================================================================
RR6_DRAUGHTS = [
    ["№", "Фамилия", 1, 2, 3, 4, 5, 6, "Очки"],
    [1, "Андреев", "Х", 1, 2, 2, 1, 2, 8],
    [2, "Борисов", 1, "Х", 2, 1, 2, 0, 6],
    [3, "Васильев", 0, 0, "Х", 1, 2, 2, 5],
    [4, "Григорьев", 0, 1, 1, "Х", 0, 2, 4],
    [5, "Дмитриев", 1, 0, 0, 2, "Х", 1, 4],
    [6, "Егоров", 0, 2, 0, 0, 1, "Х", 3],
]
# Scores: 1: 1+2+2+1+2 = 8; 2: 1+2+1+2+0 = 6; 3: 0+0+1+2+2 = 5; 4: 0+1+1+0+2 = 4;
# 5: 1+0+0+2+1 = 4; 6: 0+2+0+0+1 = 3; total 30 = 15 games × 2.  BH = 30 − own.
RR6_EXPECTED = {
    # No. 1: W 3(5) 4(4) 6(3); D 2(6) 5(4); no loss.  beaten 12, drawn 10, lost 0
    1: {"buchholz": 22, "sonneborn_berger": 34, "shmulyan": 12, "solkoff": 13, "solkoff_trunc": 19, "riga": 39, "wins": 3, "beaten": 12},
    #   BH 12+10 = 22; SB 24+10 = 34; Shm 12−0; MSolk 22−6−3 = 13; TSolk 22−3 = 19; Riga 24+15+0 = 39
    # No. 2: W 3(5) 5(4); D 1(8) 4(4); L 6(3).  beaten 9, drawn 12, lost 3
    2: {"buchholz": 24, "sonneborn_berger": 30, "shmulyan": 6, "solkoff": 13, "solkoff_trunc": 21, "riga": 39, "wins": 2, "beaten": 9},
    #   BH 9+12+3 = 24; SB 18+12 = 30; Shm 9−3 = 6; MSolk 24−8−3 = 13; TSolk 24−3 = 21; Riga 18+18+3 = 39
    # No. 4: W 6(3); D 2(6) 3(5); L 1(8) 5(4).  beaten 3, drawn 11, lost 12
    4: {"buchholz": 26, "sonneborn_berger": 17, "shmulyan": -9, "solkoff": 15, "solkoff_trunc": 23, "riga": 34.5, "wins": 1, "beaten": 3},
    #   BH 3+11+12 = 26; SB 6+11 = 17; Shm 3−12 = −9; MSolk 26−8−3 = 15; TSolk 26−3 = 23; Riga 6+16.5+12 = 34.5
    # No. 5: W 4(4); D 1(8) 6(3); L 2(6) 3(5).  beaten 4, drawn 11, lost 11
    5: {"buchholz": 26, "sonneborn_berger": 19, "shmulyan": -7, "solkoff": 15, "solkoff_trunc": 23, "riga": 35.5, "wins": 1, "beaten": 4},
    #   BH 4+11+11 = 26; SB 8+11 = 19; Shm 4−11 = −7; MSolk 26−8−3 = 15; TSolk 23; Riga 8+16.5+11 = 35.5
    # No. 6: W 2(6); D 5(4); L 1(8) 3(5) 4(4).  beaten 6, drawn 4, lost 17
    6: {"buchholz": 27, "sonneborn_berger": 16, "shmulyan": -11, "solkoff": 15, "solkoff_trunc": 23, "riga": 35, "wins": 1, "beaten": 6},
    #   BH 6+4+17 = 27; SB 12+4 = 16; Shm 6−17 = −11; MSolk 27−8−4 = 15; TSolk 27−4 = 23; Riga 12+6+17 = 35
}


def test_draughts_rr_infers_two_one_zero_scoring() -> None:
    t = tiebreak.read_table(RR6_DRAUGHTS)
    assert t.system == "round robin"
    assert t.scoring == tiebreak.DRAUGHTS
    assert [p.name for p in t.players] == ["Андреев", "Борисов", "Васильев", "Григорьев", "Дмитриев", "Егоров"]
    assert t.points == [8, 6, 5, 4, 4, 3]
    assert [p.stated_points for p in t.players] == [8, 6, 5, 4, 4, 3]


def test_draughts_rr_coefficients_by_hand() -> None:
    assert_values(tiebreak.read_table(RR6_DRAUGHTS), RR6_EXPECTED)


def test_draughts_rr_head_to_head() -> None:
    h2h = by_number(tiebreak.read_table(RR6_DRAUGHTS), "h2h")
    assert (h2h[4], h2h[5]) == (0, 2)  # tied on 4: No. 5 beat No. 4 (2 points on 2/1/0)


@pytest.mark.parametrize("convert", [as_floats, as_text], ids=["floats", "text"])
def test_draughts_rr_as_floats_or_text(convert: Any) -> None:
    t = tiebreak.read_table(padded(convert(RR6_DRAUGHTS)))
    assert t.scoring == tiebreak.DRAUGHTS
    assert t.points == [8, 6, 5, 4, 4, 3]
    assert_values(t, RR6_EXPECTED)


# =========================================================================
# Round robin with a forfeit pair: + / − count as a draw in the coefficients.
# =========================================================================
RR4_FORFEIT = [
    ["No", "Name", 1, 2, 3, 4, "Pts"],
    [1, "Ann", "x", "+", 1, "½", 2.5],
    [2, "Bob", "−", "x", "½", 1, 1.5],  # U+2212 minus sign
    [3, "Cid", 0, "0,5", "x", 1, 1.5],
    [4, "Dan", "=", 0, 0, "x", 0.5],
]
# Actual: Ann 1+1+½ = 2.5, Bob 0+½+1 = 1.5, Cid 0+½+1 = 1.5, Dan ½+0+0 = 0.5.
# Counted for the opponents (forfeit as ½): S(Ann) = ½+1+½ = 2, S(Bob) = ½+½+1 = 2, S(Cid) = 1.5, S(Dan) = 0.5.
RR4_FORFEIT_EXPECTED = {
    # Ann: D(forfeit) Bob(2), W Cid(1.5), D Dan(0.5): beaten 1.5, drawn 2.5, lost 0
    1: {"buchholz": 4, "sonneborn_berger": 5.5, "shmulyan": 1.5, "solkoff": 1.5, "solkoff_trunc": 3.5, "riga": 6.75, "wins": 1, "beaten": 1.5},
    #   BH 2+1.5+0.5 = 4; SB 3+2.5 = 5.5; Shm 1.5; MSolk 4−2−0.5 = 1.5; TSolk 4−0.5 = 3.5; Riga 3+3.75 = 6.75
    #   wins: the forfeit is no win → 1
    # Bob: D(forfeit) Ann(2), D Cid(1.5), W Dan(0.5): beaten 0.5, drawn 3.5, lost 0
    2: {"buchholz": 4, "sonneborn_berger": 4.5, "shmulyan": 0.5, "solkoff": 1.5, "solkoff_trunc": 3.5, "riga": 6.25, "wins": 1, "beaten": 0.5},
    #   BH 2+1.5+0.5 = 4; SB 1+3.5 = 4.5; Shm 0.5−0; MSolk 4−2−0.5 = 1.5; TSolk 3.5; Riga 1+5.25 = 6.25
    # Cid: L Ann(2), D Bob(2), W Dan(0.5): beaten 0.5, drawn 2, lost 2
    3: {"buchholz": 4.5, "sonneborn_berger": 3, "shmulyan": -1.5, "solkoff": 2, "solkoff_trunc": 4, "riga": 6, "wins": 1, "beaten": 0.5},
    #   BH 4.5; SB 1+2 = 3; Shm 0.5−2 = −1.5; MSolk 4.5−2−0.5 = 2; TSolk 4.5−0.5 = 4; Riga 1+3+2 = 6
    # Dan: D Ann(2), L Bob(2), L Cid(1.5): beaten 0, drawn 2, lost 3.5
    4: {"buchholz": 5.5, "sonneborn_berger": 2, "shmulyan": -3.5, "solkoff": 2, "solkoff_trunc": 4, "riga": 6.5, "wins": 0, "beaten": 0},
    #   BH 5.5; SB 2; Shm −3.5; MSolk 5.5−2−1.5 = 2; TSolk 5.5−1.5 = 4; Riga 3+3.5 = 6.5
}


def test_rr_forfeit_pair_reads_as_forfeit_kinds() -> None:
    t = tiebreak.read_table(RR4_FORFEIT)
    assert t.points == [2.5, 1.5, 1.5, 0.5]
    ann_vs_bob = t.entry(0, 1)  # Ann's first entry is her game against Bob
    assert (ann_vs_bob.opponent, ann_vs_bob.kind, ann_vs_bob.points) == (1, Kind.FORFEIT_WIN, 1)
    bob_vs_ann = t.entry(1, 1)
    assert (bob_vs_ann.opponent, bob_vs_ann.kind, bob_vs_ann.points) == (0, Kind.FORFEIT_LOSS, 0)


def test_rr_forfeit_counts_as_a_draw_in_the_coefficients() -> None:
    assert_values(tiebreak.read_table(RR4_FORFEIT), RR4_FORFEIT_EXPECTED)


# =========================================================================
# (3) Double round robin, 4 players.
#     A–B 1,½   A–C 1,1   A–D ½,0   B–C 0,1   B–D ½,½   C–D 1,0
# =========================================================================
# Scores: A 1.5+2+0.5 = 4; B 0.5+1+1 = 2.5; C 0+1+1 = 2; D 1.5+1+1 = 3.5; total 12 = 12 games.
# Every game counts: each opponent appears twice in the sums.
DRR4_POINTS = [4, 2.5, 2, 3.5]
DRR4_EXPECTED = {
    # A: W B(2.5), D B(2.5), W C(2), W C(2), D D(3.5), L D(3.5)
    #   beaten 2.5+2+2 = 6.5, drawn 2.5+3.5 = 6, lost 3.5
    1: {"buchholz": 16, "sonneborn_berger": 19, "shmulyan": 3, "solkoff": 10.5, "solkoff_trunc": 14, "riga": 25.5, "wins": 3, "beaten": 6.5},
    #   BH 2·(2.5+2+3.5) = 16; SB 13+6 = 19; Shm 6.5−3.5 = 3; MSolk 16−3.5−2 = 10.5; TSolk 16−2 = 14;
    #   Riga 13+9+3.5 = 25.5
    # B: L A(4), D A(4), L C(2), W C(2), D D(3.5), D D(3.5)
    #   beaten 2, drawn 4+7 = 11, lost 4+2 = 6
    2: {"buchholz": 19, "sonneborn_berger": 15, "shmulyan": -4, "solkoff": 13, "solkoff_trunc": 17, "riga": 26.5, "wins": 1, "beaten": 2},
    #   BH 2·(4+2+3.5) = 19; SB 4+11 = 15; Shm 2−6 = −4; MSolk 19−4−2 = 13; TSolk 19−2 = 17; Riga 4+16.5+6 = 26.5
    # C: L A(4), L A(4), W B(2.5), L B(2.5), W D(3.5), L D(3.5)
    #   beaten 2.5+3.5 = 6, drawn 0, lost 4+4+2.5+3.5 = 14
    3: {"buchholz": 20, "sonneborn_berger": 12, "shmulyan": -8, "solkoff": 13.5, "solkoff_trunc": 17.5, "riga": 26, "wins": 2, "beaten": 6},
    #   BH 2·(4+2.5+3.5) = 20; SB 12; Shm 6−14 = −8; MSolk 20−4−2.5 = 13.5; TSolk 20−2.5 = 17.5; Riga 12+0+14 = 26
    # D: D A(4), W A(4), D B(2.5), D B(2.5), L C(2), W C(2)
    #   beaten 4+2 = 6, drawn 4+2.5+2.5 = 9, lost 2
    4: {"buchholz": 17, "sonneborn_berger": 21, "shmulyan": 4, "solkoff": 11, "solkoff_trunc": 15, "riga": 27.5, "wins": 2, "beaten": 6},
    #   BH 2·(4+2.5+2) = 17; SB 12+9 = 21; Shm 6−2 = 4; MSolk 17−4−2 = 11; TSolk 17−2 = 15; Riga 12+13.5+2 = 27.5
}

_DRR_HEADER = ["No", "Name", 1, 2, 3, 4, "Pts"]
DRR4_ONE_CELL = {
    # the games of a pair written together, digits and ½ (text, as typed into a text-formatted cell)
    "compact": [
        _DRR_HEADER,
        [1, "A", "X", "1½", "11", "½0", 4],
        [2, "B", "0½", "X", "01", "½½", 2.5],
        [3, "C", "00", "10", "X", "10", 2],
        [4, "D", "½1", "½½", "01", "X", 3.5],
    ],
    # two-digit cells as Excel stores them when typed without a text format (11 and 10 become numbers)
    "excel numbers": [
        _DRR_HEADER,
        [1, "A", "X", "1½", 11, "½0", 4],
        [2, "B", "0½", "X", "01", "½½", 2.5],
        [3, "C", "00", 10, "X", 10, 2],
        [4, "D", "½1", "½½", "01", "X", 3.5],
    ],
    # the two results separated by a space
    "spaced": [
        _DRR_HEADER,
        [1, "A", "X", "1 ½", "1 1", "½ 0", 4],
        [2, "B", "0 ½", "X", "0 1", "½ ½", 2.5],
        [3, "C", "0 0", "1 0", "X", "1 0", 2],
        [4, "D", "½ 1", "½ ½", "0 1", "X", 3.5],
    ],
    # draws written '=' ("=1", "1=", "==")
    "equals": [
        _DRR_HEADER,
        [1, "A", "X", "1=", "11", "=0", 4],
        [2, "B", "0=", "X", "01", "==", 2.5],
        [3, "C", "00", "10", "X", "10", 2],
        [4, "D", "=1", "==", "01", "X", 3.5],
    ],
}
DRR4_SUB_COLUMNS = [
    ["No", "Name", 1, None, 2, None, 3, None, 4, None, "Pts"],
    [1, "A", "X", "X", 1, "½", 1, 1, "½", 0, 4],
    [2, "B", 0, "½", "X", "X", 0, 1, "½", "½", 2.5],
    [3, "C", 0, 0, 1, 0, "X", "X", 1, 0, 2],
    [4, "D", "½", 1, "½", "½", 0, 1, "X", "X", 3.5],
]


@pytest.mark.parametrize("notation", list(DRR4_ONE_CELL))
def test_double_rr_two_results_per_cell(notation: str) -> None:
    t = tiebreak.read_table(DRR4_ONE_CELL[notation])
    assert t.system == "round robin"
    assert t.cycles == 2
    assert t.rounds == 6  # 3 opponents × 2 games
    assert t.points == DRR4_POINTS
    assert_values(t, DRR4_EXPECTED)


@pytest.mark.parametrize("convert", [as_floats, lambda g: g, as_text], ids=["floats", "ints", "text"])
def test_double_rr_two_sub_columns_per_opponent(convert: Any) -> None:
    t = tiebreak.read_table(convert(DRR4_SUB_COLUMNS))
    assert t.system == "round robin"
    assert t.cycles == 2
    assert t.rounds == 6
    assert t.points == DRR4_POINTS
    assert [p.name for p in t.players] == ["A", "B", "C", "D"]
    assert_values(t, DRR4_EXPECTED)


# Match scores a:b (the draughts rules (1.13, code 3.16) lists "2:0"-style cells), 3 players:  A–B 1.5:0.5, A–C 2:0, B–C 1.5:0.5.
DRR3_MATCH = [
    ["No", "Name", 1, 2, 3, "Pts"],
    [1, "A", "X", "1.5:0.5", "2:0", 3.5],
    [2, "B", "0.5:1.5", "X", "1,5:0,5", 2],
    [3, "C", "0:2", "0,5:1,5", "X", 0.5],
]
# Scores: A 1.5+2 = 3.5, B 0.5+1.5 = 2, C 0+0.5 = 0.5 (total 6 = 6 games).
# A 1.5:0.5 is one win and one draw; 2:0 two wins.
DRR3_EXPECTED = {
    # A: W B(2), D B(2), W C(0.5), W C(0.5): beaten 3, drawn 2, lost 0
    1: {"buchholz": 5, "sonneborn_berger": 8, "shmulyan": 3, "solkoff": 2.5, "solkoff_trunc": 4.5, "riga": 9, "wins": 3},
    #   BH 2+2+0.5+0.5 = 5; SB 6+2 = 8; Shm 3; MSolk 5−2−0.5 = 2.5; TSolk 5−0.5 = 4.5; Riga 6+3 = 9
    # B: L A(3.5), D A(3.5), W C(0.5), D C(0.5): beaten 0.5, drawn 4, lost 3.5
    2: {"buchholz": 8, "sonneborn_berger": 5, "shmulyan": -3, "solkoff": 4, "solkoff_trunc": 7.5, "riga": 10.5, "wins": 1},
    #   BH 8; SB 1+4 = 5; Shm 0.5−3.5 = −3; MSolk 8−3.5−0.5 = 4; TSolk 8−0.5 = 7.5; Riga 1+6+3.5 = 10.5
    # C: L A(3.5) ×2, L B(2), D B(2): beaten 0, drawn 2, lost 9
    3: {"buchholz": 11, "sonneborn_berger": 2, "shmulyan": -9, "solkoff": 5.5, "solkoff_trunc": 9, "riga": 12, "wins": 0},
    #   BH 11; SB 2; Shm −9; MSolk 11−3.5−2 = 5.5; TSolk 11−2 = 9; Riga 3+9 = 12
}


def test_double_rr_match_scores_3_players() -> None:
    t = tiebreak.read_table(DRR3_MATCH)
    assert (t.system, t.cycles) == ("round robin", 2)
    assert t.points == [3.5, 2, 0.5]
    assert_values(t, DRR3_EXPECTED)


DRR4_MATCH = [
    ["No", "Name", 1, 2, 3, 4, "Pts"],
    [1, "A", "X", "1.5:0.5", "2:0", "0.5:1.5", 4],
    [2, "B", "0.5:1.5", "X", "2:0", "1.5:0.5", 4],
    [3, "C", "0:2", "0:2", "X", "0.5:1.5", 0.5],
    [4, "D", "1.5:0.5", "0.5:1.5", "1.5:0.5", "X", 3.5],
]
# A–B 1.5:0.5, A–C 2:0, A–D 0.5:1.5, B–C 2:0, B–D 1.5:0.5, C–D 0.5:1.5 (no 1:1 match, which would be ambiguous).
# Scores: A 1.5+2+0.5 = 4; B 0.5+2+1.5 = 4; C 0+0+0.5 = 0.5; D 1.5+0.5+1.5 = 3.5 (total 12 = 12 games).
DRR4_MATCH_EXPECTED = {
    # A: W B(4), D B(4), W C(0.5) ×2, D D(3.5), L D(3.5): beaten 5, drawn 7.5, lost 3.5
    1: {"buchholz": 16, "sonneborn_berger": 17.5, "shmulyan": 1.5, "solkoff": 11.5, "solkoff_trunc": 15.5, "riga": 24.75, "wins": 3},
    #   BH 2·(4+0.5+3.5) = 16; SB 10+7.5 = 17.5; Shm 5−3.5 = 1.5; MSolk 16−4−0.5 = 11.5; TSolk 16−0.5 = 15.5;
    #   Riga 10+11.25+3.5 = 24.75
    # B: L A(4), D A(4), W C(0.5) ×2, W D(3.5), D D(3.5): beaten 4.5, drawn 7.5, lost 4
    2: {"buchholz": 16, "sonneborn_berger": 16.5, "shmulyan": 0.5, "solkoff": 11.5, "solkoff_trunc": 15.5, "riga": 24.25, "wins": 3},
    #   BH 16; SB 9+7.5 = 16.5; Shm 4.5−4 = 0.5; MSolk 16−4−0.5 = 11.5; TSolk 15.5; Riga 9+11.25+4 = 24.25
    # C: L A(4) ×2, L B(4) ×2, D D(3.5), L D(3.5): drawn 3.5, lost 19.5
    3: {"buchholz": 23, "sonneborn_berger": 3.5, "shmulyan": -19.5, "solkoff": 15.5, "solkoff_trunc": 19.5, "riga": 24.75, "wins": 0},
    #   BH 2·(4+4+3.5) = 23; SB 3.5; Shm −19.5; MSolk 23−4−3.5 = 15.5; TSolk 23−3.5 = 19.5; Riga 5.25+19.5 = 24.75
    # D: D A(4), W A(4), L B(4), D B(4), W C(0.5), D C(0.5): beaten 4.5, drawn 8.5, lost 4
    4: {"buchholz": 17, "sonneborn_berger": 17.5, "shmulyan": 0.5, "solkoff": 12.5, "solkoff_trunc": 16.5, "riga": 25.75, "wins": 2},
    #   BH 2·(4+4+0.5) = 17; SB 9+8.5 = 17.5; Shm 4.5−4 = 0.5; MSolk 17−4−0.5 = 12.5; TSolk 17−0.5 = 16.5;
    #   Riga 9+12.75+4 = 25.75
}


def test_double_rr_match_scores_4_players() -> None:
    t = tiebreak.read_table(DRR4_MATCH)
    assert (t.system, t.cycles) == ("round robin", 2)
    assert t.points == [4, 4, 0.5, 3.5]
    assert_values(t, DRR4_MATCH_EXPECTED)


# =========================================================================
# (4) Swiss, chess-results notation: 12w1, forfeit pair 5w+ / 4b-, '-1' byes.
#     7 players, 4 rounds, ratings.
# =========================================================================
SWISS_CR = [
    ["No.", "Name", "Rtg", "1.Rd", "2.Rd", "3.Rd", "4.Rd", "Pts."],
    [1, "Aronian", 2100, "5w1", "2b½", "4b½", "7w1", 3],
    [2, "Carlsen", 2050, "6b1", "1w½", "7b1", "3b½", 3],
    [3, "Ding", 2000, "7w½", "6w1", "-1", "2w½", 3],
    [4, "Giri", 1950, "-1", "5w+", "1w½", "6w1", 3.5],
    [5, "Nakamura", 1900, "1b0", "4b-", "6b0", "-1", 1],
    [6, "So", 1850, "2w0", "3b0", "5w1", "4b0", 1],
    [7, "Vachier", 1800, "3b½", "-1", "2w0", "1b0", 1.5],
]
# Round by round: R1 1–5 1-0, 6–2 0-1, 3–7 ½, bye 4;  R2 2–1 ½, 4–5 +/−, 3–6 1-0, bye 7;
# R3 4–1 ½, 7–2 0-1, 6–5 1-0, bye 3;  R4 3–2 ½, 1–7 1-0, 4–6 1-0, bye 5.
# Actual: 1: 1+½+½+1 = 3; 2: 1+½+1+½ = 3; 3: ½+1+1+½ = 3; 4: 1+1+½+1 = 3.5;
#         5: 0+0+0+1 = 1; 6: 0+0+1+0 = 1; 7: ½+1+0+0 = 1.5   (total 16 = 12 games + 4 byes)
# Counted for the opponents, forfeit as ½: S(4) = 3.5 − 1 + ½ = 3, S(5) = 1 + ½ = 1.5; others as actual:
#   S = {1: 3, 2: 3, 3: 3, 4: 3, 5: 1.5, 6: 1, 7: 1.5}
# Bye: a win over a virtual opponent worth the lowest actual score = min(3, 3, 3, 3.5, 1, 1, 1.5) = 1.
SWISS_CR_EXPECTED = {
    # No. 1: W 5(1.5), D 2(3), D 4(3), W 7(1.5): beaten 3, drawn 6
    1: {"buchholz": 9, "sonneborn_berger": 12, "shmulyan": 3, "solkoff": 4.5, "solkoff_trunc": 7.5, "riga": 15, "wins": 2, "beaten": 3},
    #   BH 1.5+3+3+1.5 = 9; SB 6+6 = 12; Shm 3; MSolk 9−3−1.5 = 4.5; TSolk 9−1.5 = 7.5; Riga 6+9 = 15
    # No. 2: W 6(1), D 1(3), W 7(1.5), D 3(3): beaten 2.5, drawn 6
    2: {"buchholz": 8.5, "sonneborn_berger": 11, "shmulyan": 2.5, "solkoff": 4.5, "solkoff_trunc": 7.5, "riga": 14, "wins": 2, "beaten": 2.5},
    #   BH 1+3+1.5+3 = 8.5; SB 5+6 = 11; Shm 2.5; MSolk 8.5−3−1 = 4.5; TSolk 8.5−1 = 7.5; Riga 5+9 = 14
    # No. 3: D 7(1.5), W 6(1), bye = W virtual(1), D 2(3): beaten 1+1 = 2, drawn 4.5
    3: {"buchholz": 6.5, "sonneborn_berger": 8.5, "shmulyan": 2, "solkoff": 2.5, "solkoff_trunc": 5.5, "riga": 10.75, "wins": 1, "beaten": 1},
    #   BH 1.5+1+1+3 = 6.5; SB 4+4.5 = 8.5; Shm 2; MSolk 6.5−3−1 = 2.5; TSolk 6.5−1 = 5.5; Riga 4+6.75 = 10.75
    #   wins/beaten: only the game against No. 6 (the bye is no win over the board): 1 and S(6) = 1
    # No. 4: bye = W virtual(1), forfeit vs 5 = D(1.5), D 1(3), W 6(1): beaten 2, drawn 4.5
    4: {"buchholz": 6.5, "sonneborn_berger": 8.5, "shmulyan": 2, "solkoff": 2.5, "solkoff_trunc": 5.5, "riga": 10.75, "wins": 1, "beaten": 1},
    #   BH 1+1.5+3+1 = 6.5; SB 4+4.5 = 8.5; Shm 2; MSolk 6.5−3−1 = 2.5; TSolk 5.5; Riga 4+6.75 = 10.75
    #   wins/beaten: the forfeit and the bye are not wins: only No. 6 → 1 and 1
    # No. 5: L 1(3), forfeit vs 4 = D(3), L 6(1), bye = W virtual(1): beaten 1, drawn 3, lost 4
    5: {"buchholz": 8, "sonneborn_berger": 5, "shmulyan": -3, "solkoff": 4, "solkoff_trunc": 7, "riga": 10.5, "wins": 0, "beaten": 0},
    #   BH 3+3+1+1 = 8; SB 2+3 = 5; Shm 1−4 = −3; MSolk 8−3−1 = 4; TSolk 8−1 = 7; Riga 2+4.5+4 = 10.5
    # No. 6: L 2(3), L 3(3), W 5(1.5), L 4(3): beaten 1.5, lost 9
    6: {"buchholz": 10.5, "sonneborn_berger": 3, "shmulyan": -7.5, "solkoff": 6, "solkoff_trunc": 9, "riga": 12, "wins": 1, "beaten": 1.5},
    #   BH 10.5; SB 3; Shm 1.5−9 = −7.5; MSolk 10.5−3−1.5 = 6; TSolk 10.5−1.5 = 9; Riga 3+9 = 12
    # No. 7: D 3(3), bye = W virtual(1), L 2(3), L 1(3): beaten 1, drawn 3, lost 6
    7: {"buchholz": 10, "sonneborn_berger": 5, "shmulyan": -5, "solkoff": 6, "solkoff_trunc": 9, "riga": 12.5, "wins": 0, "beaten": 0},
    #   BH 3+1+3+3 = 10; SB 2+3 = 5; Shm 1−6 = −5; MSolk 10−3−1 = 6; TSolk 10−1 = 9; Riga 2+4.5+6 = 12.5
}


def test_swiss_chess_results_notation_is_read() -> None:
    t = tiebreak.read_table(SWISS_CR)
    assert t.system == "swiss"
    assert t.rounds == 4
    assert t.scoring == tiebreak.CHESS
    assert [p.rating for p in t.players] == [2100, 2050, 2000, 1950, 1900, 1850, 1800]
    assert t.points == [3, 3, 3, 3.5, 1, 1, 1.5]
    assert t.entry(0, 1) == tiebreak.Entry(1, 4, "w", 1, Kind.PLAYED)  # '5w1'
    assert t.entry(1, 2) == tiebreak.Entry(2, 0, "w", 0.5, Kind.PLAYED)  # '1w½'
    assert t.entry(3, 1) == tiebreak.Entry(1, None, None, 1, Kind.PAIRING_BYE)  # '-1'
    assert t.entry(3, 2) == tiebreak.Entry(2, 4, "w", 1, Kind.FORFEIT_WIN)  # '5w+'
    assert t.entry(4, 2) == tiebreak.Entry(2, 3, "b", 0, Kind.FORFEIT_LOSS)  # '4b-'


def test_swiss_chess_results_coefficients_by_hand() -> None:
    assert_values(tiebreak.read_table(SWISS_CR), SWISS_CR_EXPECTED)


def test_swiss_chess_results_opponents_ratings() -> None:
    ratings = by_number(tiebreak.read_table(SWISS_CR), "ratings")
    # ratings 1: 2100, 2: 2050, 3: 2000, 4: 1950, 5: 1900, 6: 1850, 7: 1800; a forfeit opponent is still an opponent
    assert ratings == {
        1: 7700,  # 5, 2, 4, 7: 1900 + 2050 + 1950 + 1800
        2: 7750,  # 6, 1, 7, 3: 1850 + 2100 + 1800 + 2000
        3: 5700,  # 7, 6, 2 (+ bye): 1800 + 1850 + 2050
        4: 5850,  # 5 (forfeit), 1, 6 (+ bye): 1900 + 2100 + 1850
        5: 5900,  # 1, 4 (forfeit), 6 (+ bye): 2100 + 1950 + 1850
        6: 7900,  # 2, 3, 5, 4: 2050 + 2000 + 1900 + 1950
        7: 6150,  # 3, 2, 1 (+ bye): 2000 + 2050 + 2100
    }


def test_swiss_chess_results_head_to_head() -> None:
    h2h = by_number(tiebreak.read_table(SWISS_CR), "h2h")
    # tied on 3: Nos. 1, 2, 3.  1–2 ½, 2–3 ½, 1 and 3 did not meet: 1: ½, 2: ½+½ = 1, 3: ½
    assert (h2h[1], h2h[2], h2h[3]) == (0.5, 1, 0.5)
    # tied on 1: Nos. 5, 6.  6 beat 5: 0 and 1
    assert (h2h[5], h2h[6]) == (0, 1)


@pytest.mark.parametrize("convert", [as_floats, as_text], ids=["floats", "text"])
def test_swiss_chess_results_floats_text_and_padding(convert: Any) -> None:
    t = tiebreak.read_table(padded(convert(SWISS_CR), top=1, left=2, right=1, bottom=3))
    assert t.points == [3, 3, 3, 3.5, 1, 1, 1.5]
    assert [p.row for p in t.players] == list(range(3, 10))
    assert [p.rating for p in t.players] == [2100, 2050, 2000, 1950, 1900, 1850, 1800]
    assert_values(t, SWISS_CR_EXPECTED)


def test_swiss_numbers_in_the_no_column_need_not_be_row_order() -> None:
    """Opponent numbers refer to the No. column: the same event with the rows sorted by points."""
    order = [4, 1, 2, 3, 7, 5, 6]  # start numbers, in the order of the rows
    grid = [SWISS_CR[0]] + [SWISS_CR[n] for n in order]
    t = tiebreak.read_table(grid)
    assert [p.number for p in t.players] == order
    assert t.points == [3.5, 3, 3, 3, 1.5, 1, 1]
    assert_values(t, SWISS_CR_EXPECTED)


# =========================================================================
# (5) Swiss in Russian notation 5б½ / 5ч0: byes ('+', 'bye'), a forfeit pair
#     3б+ / 7ч-, and a player (No. 6) who withdrew after round 2.
# =========================================================================
SWISS_RU = [
    ["№", "Участник", "Тур 1", "Тур 2", "Тур 3", "Тур 4", "Очки"],
    [1, "Иванов", "5б1", "3ч½", "2б1", "4б1", "3,5"],
    [2, "Петров", "6б½", "4б½", "1ч0", "3б0", "1"],
    [3, "Сидоров", "4ч1", "1б½", "7ч-", "2ч1", "2,5"],
    [4, "Кузнецов", "3б0", "2ч½", "5ч½", "1ч0", "1"],
    [5, "Смирнов", "1ч0", "bye", "4б½", "7б1", "2,5"],
    [6, "Попов", "2ч½", "7б½", "-", None, "1"],
    [7, "Васильев", "+", "6ч½", "3б+", "5ч0", "2,5"],
]
# Round by round (white first): R1 1–5 1-0, 2–6 ½, 4–3 0-1, bye 7 ('+');
# R2 3–1 ½, 6–7 ½, 2–4 ½, bye 5 ('bye');  R3 7–3 forfeit (7 '3б+', 3 '7ч-'), 1–2 1-0, 5–4 ½, No. 6 absent ('-');
# R4 1–4 1-0, 5–7 1-0, 2–3 0-1, No. 6 absent (empty).
# Actual: 1: 1+½+1+1 = 3.5; 2: ½+½+0+0 = 1; 3: 1+½+0+1 = 2.5; 4: 0+½+½+0 = 1;
#         5: 0+1+½+1 = 2.5; 6: ½+½ = 1; 7: 1+½+1+0 = 2.5   (total 14 = 4+4+3+3)
# Forfeits as draws: S(3) = 2.5 + ½ = 3 (forfeit loss 0 → ½); S(7) = 2.5 − 1 + ½ = 2.
# Withdrawal: No. 6 played rounds 1–2 and is absent in 3–4.  After round 2 he had ½+½ = 1; who else had 1 then?
#   1: 1+½ = 1.5, 2: ½+½ = 1, 3: 1+½ = 1.5, 4: 0+½ = ½, 5: 0+1 = 1, 7: 1+½ = 1.5  → group {2, 5}.
#   Their (forfeits-as-draws) points in rounds 3–4: No. 2: 0+0 = 0, No. 5: ½+1 = 1.5 → average 0.75.
#   S(6) = 1 + 0.75 = 1.75.
# S = {1: 3.5, 2: 1, 3: 3, 4: 1, 5: 2.5, 6: 1.75, 7: 2}
# Bye: a win over a virtual opponent worth the lowest actual final score = min(3.5, 1, 2.5, 1, 2.5, 1, 2.5) = 1.
SWISS_RU_POINTS = [3.5, 1, 2.5, 1, 2.5, 1, 2.5]
SWISS_RU_EXPECTED = {
    # No. 1: W 5(2.5), D 3(3), W 2(1), W 4(1): beaten 4.5, drawn 3
    1: {"buchholz": 7.5, "sonneborn_berger": 12, "shmulyan": 4.5, "solkoff": 3.5, "solkoff_trunc": 6.5, "riga": 13.5, "wins": 3, "beaten": 4.5},
    #   BH 2.5+3+1+1 = 7.5; SB 9+3 = 12; Shm 4.5; MSolk 7.5−3−1 = 3.5; TSolk 7.5−1 = 6.5; Riga 9+4.5 = 13.5
    # No. 2: D 6(1.75), D 4(1), L 1(3.5), L 3(3): drawn 2.75, lost 6.5
    2: {"buchholz": 9.25, "sonneborn_berger": 2.75, "shmulyan": -6.5, "solkoff": 4.75, "solkoff_trunc": 8.25, "riga": 10.625, "wins": 0, "beaten": 0},
    #   BH 1.75+1+3.5+3 = 9.25; SB 2.75; Shm −6.5; MSolk 9.25−3.5−1 = 4.75; TSolk 9.25−1 = 8.25;
    #   Riga 1.5·2.75 + 6.5 = 4.125 + 6.5 = 10.625
    # No. 3: W 4(1), D 1(3.5), forfeit vs 7 = D(2), W 2(1): beaten 2, drawn 5.5
    3: {"buchholz": 7.5, "sonneborn_berger": 9.5, "shmulyan": 2, "solkoff": 3, "solkoff_trunc": 6.5, "riga": 12.25, "wins": 2, "beaten": 2},
    #   BH 1+3.5+2+1 = 7.5; SB 4+5.5 = 9.5; Shm 2; MSolk 7.5−3.5−1 = 3; TSolk 7.5−1 = 6.5; Riga 4+8.25 = 12.25
    # No. 4: L 3(3), D 2(1), D 5(2.5), L 1(3.5): drawn 3.5, lost 6.5
    4: {"buchholz": 10, "sonneborn_berger": 3.5, "shmulyan": -6.5, "solkoff": 5.5, "solkoff_trunc": 9, "riga": 11.75, "wins": 0, "beaten": 0},
    #   BH 3+1+2.5+3.5 = 10; SB 3.5; Shm −6.5; MSolk 10−3.5−1 = 5.5; TSolk 10−1 = 9; Riga 5.25+6.5 = 11.75
    # No. 5: L 1(3.5), bye = W virtual(1), D 4(1), W 7(2): beaten 1+2 = 3, drawn 1, lost 3.5
    5: {"buchholz": 7.5, "sonneborn_berger": 7, "shmulyan": -0.5, "solkoff": 3, "solkoff_trunc": 6.5, "riga": 11, "wins": 1, "beaten": 2},
    #   BH 3.5+1+1+2 = 7.5; SB 6+1 = 7; Shm 3−3.5 = −0.5; MSolk 7.5−3.5−1 = 3; TSolk 7.5−1 = 6.5;
    #   Riga 6+1.5+3.5 = 11;  wins 1 (No. 7; the bye is not a win); beaten S(7) = 2
    # No. 6: D 2(1), D 7(2), then absent (adds nothing): drawn 3
    6: {"buchholz": 3, "sonneborn_berger": 3, "shmulyan": 0, "solkoff": 0, "solkoff_trunc": 2, "riga": 4.5, "wins": 0, "beaten": 0},
    #   BH 1+2 = 3; SB 3; Shm 0; MSolk: two values, dropping best and worst leaves nothing → 0; TSolk 3−1 = 2;
    #   Riga 1.5·3 = 4.5
    # No. 7: bye = W virtual(1), D 6(1.75), forfeit vs 3 = D(3), L 5(2.5): beaten 1, drawn 4.75, lost 2.5
    7: {"buchholz": 8.25, "sonneborn_berger": 6.75, "shmulyan": -1.5, "solkoff": 4.25, "solkoff_trunc": 7.25, "riga": 11.625, "wins": 0, "beaten": 0},
    #   BH 1+1.75+3+2.5 = 8.25; SB 2+4.75 = 6.75; Shm 1−2.5 = −1.5; MSolk 8.25−3−1 = 4.25; TSolk 8.25−1 = 7.25;
    #   Riga 2 + 1.5·4.75 + 2.5 = 2 + 7.125 + 2.5 = 11.625
}


def test_swiss_russian_notation_is_read() -> None:
    t = tiebreak.read_table(SWISS_RU)
    assert t.system == "swiss"
    assert t.rounds == 4
    assert t.scoring == tiebreak.CHESS
    assert [p.name for p in t.players] == ["Иванов", "Петров", "Сидоров", "Кузнецов", "Смирнов", "Попов", "Васильев"]
    assert [p.stated_points for p in t.players] == SWISS_RU_POINTS
    assert t.points == SWISS_RU_POINTS
    assert t.entry(0, 1) == tiebreak.Entry(1, 4, "w", 1, Kind.PLAYED)  # '5б1': б = white
    assert t.entry(0, 2) == tiebreak.Entry(2, 2, "b", 0.5, Kind.PLAYED)  # '3ч½': ч = black
    assert t.entry(6, 1) == tiebreak.Entry(1, None, None, 1, Kind.PAIRING_BYE)  # '+'
    assert t.entry(4, 2) == tiebreak.Entry(2, None, None, 1, Kind.PAIRING_BYE)  # 'bye'
    assert t.entry(6, 3) == tiebreak.Entry(3, 2, "w", 1, Kind.FORFEIT_WIN)  # '3б+'
    assert t.entry(2, 3) == tiebreak.Entry(3, 6, "b", 0, Kind.FORFEIT_LOSS)  # '7ч-'
    assert t.entry(5, 3).kind == Kind.ABSENT  # '-'
    assert t.entry(5, 4).kind == Kind.ABSENT  # empty
    assert (t.entry(5, 3).points, t.entry(5, 4).points) == (0, 0)


def test_swiss_russian_coefficients_by_hand() -> None:
    assert_values(tiebreak.read_table(SWISS_RU), SWISS_RU_EXPECTED)


@pytest.mark.parametrize("convert", [as_floats, as_text], ids=["floats", "text"])
def test_swiss_russian_floats_text_and_padding(convert: Any) -> None:
    t = tiebreak.read_table(padded(convert(SWISS_RU), top=3, left=1, right=3, bottom=1))
    assert t.points == SWISS_RU_POINTS
    assert [p.row for p in t.players] == list(range(5, 12))
    assert_values(t, SWISS_RU_EXPECTED)


def test_swiss_russian_without_header_uses_row_order() -> None:
    """No header, no No. column: the opponent numbers are row numbers (1 = first player row)."""
    grid = [row[1:6] for row in SWISS_RU[1:]]  # name + 4 rounds
    t = tiebreak.read_table(grid)
    assert t.system == "swiss"
    assert [p.name for p in t.players][:2] == ["Иванов", "Петров"]
    assert t.points == SWISS_RU_POINTS
    assert_values(t, SWISS_RU_EXPECTED)
