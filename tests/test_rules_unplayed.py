"""Unplayed rounds under every rule set, on small hand-made events.

Every expected number below is computed by hand from the rule's text, with
the arithmetic in a comment:

* ``fide-2024`` / ``fide-2026``: FIDE C.07 Art. 16 (research spec §2).
  - adj(X) (16.3), X's score as his opponents count it: X's real points,
    except that a requested bye or absence not followed by any non-VUR round
    (16.2.5) counts as a draw (½).
  - Own unplayed round (16.4): a dummy opponent with the player's own final
    score.  2026 caps it at adj(scheduled opponent) for a forfeit and at
    ½ × rounds for a bye.  SB adds dummy × points of the round.
  - Cut-1 (16.5): a voluntarily unplayed round (HPB, ZPB, absence, forfeit
    loss) is cut first unless a lower contribution exists.
  - Round robin (15.2): a forfeit is a game against the scheduled opponent
    for BH/SB, but not for WON/BPG/ARO.
* ``ru`` (the draughts rules (1.13, code 3.16) "Unplayed games"):
  - a forfeit is a draw for both players, in the coefficients and in the
    opponents' scores;
  - a pairing bye is a win against a virtual opponent with the event's lowest
    final score;
  - requested byes and absences add nothing;
  - a withdrawn player gets, for his remaining rounds, the average of the
    players who had his score when he stopped.
* ``plain``: forfeits count as scored against the scheduled opponent; byes add
  nothing; opponents' scores are their real points.
* ``fide-2009`` (virtual opponent):
  - an opponent's unplayed rounds (any kind) count ½ in his score;
  - the player's own unplayed round r is a game against
    Svon = points before r + (1 − points in r) + ½ × (rounds − r).

BH, BH/C1, SB, WIN and WON are the FIDE codes; buchholz, sonneborn_berger
(2 × beaten + drawn) and shmulyan (beaten − lost to) are the draughts
coefficients; wins is the draughts "most wins".
"""

from __future__ import annotations

import pytest

import tiebreak
from tiebreak.core.errors import SettingsError, TiebreakError, UnknownRuleSetError
from tiebreak.core.model import Kind
from tiebreak.core.rules import get_rules, rule_set_names
from tiebreak.io.trf import read_trf

# ----------------------------------------------------------------------------- builders
_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}


def _line(no: int, name: str, cells: list[tuple[int, str, str]], rating: int = 0) -> str:
    """A TRF-16 001 line; cells are (opponent or 0, colour, result code); the points field is their sum."""
    pts = sum(_POINTS[res] for _o, _c, res in cells)
    parts = [f"{opp:04d} {col} {res}" if opp else f"0000 - {res}" for opp, col, res in cells]
    head = f"001 {no:4d}      {name:<33} {rating if rating else '':>4}".ljust(80) + f"{pts:4.1f} {no:4d}"
    return head.ljust(91) + "  ".join(parts)


def _trf(lines: list[str], start: str | None = "2025-05-01", system: str = "Swiss") -> str:
    head = ["012 hand-made event"]
    if start:
        head.append(f"042 {start}")
    head.append(f"092 {system}")
    return "\n".join(head + lines) + "\n"


def check(t: tiebreak.Tournament, rules: str, expected: dict[str, list[float]]) -> None:
    for code, want in expected.items():
        got = tiebreak.values(t, code, rules)
        assert got == pytest.approx(want), f"{code} under {rules}: expected {want}, got {got}"


# ============================================================================ 1. pairing byes
# Five players, three rounds, one pairing-allocated bye each round (grid read with read_table).
#   R1: A-B 1-0, C-D ½-½, E bye       R2: A-E 1-0, B-C 1-0, D bye       R3: D-A 1-0, B-E ½-½, C bye
# Points: A 1+1+0 = 2, B 0+1+½ = 1.5, C ½+0+1 = 1.5, D ½+1+1 = 2.5, E 1+0+½ = 1.5
PAB_GRID = [
    ["No", "Name", "R1", "R2", "R3"],
    [1, "A", "2w1", "5w1", "4b0"],
    [2, "B", "1b0", "3w1", "5w½"],
    [3, "C", "4w½", "2b0", "+"],
    [4, "D", "3b½", "bye", "1w1"],
    [5, "E", "+", "1b0", "2b½"],
]

PAB_EXPECTED = {
    # No VUR anywhere, so adj = real points: A 2, B 1.5, C 1.5, D 2.5, E 1.5.  The bye's dummy = own score.
    "fide-2024": {
        # A: B 1.5 + E 1.5 + D 2.5 = 5.5;  B: A 2 + C 1.5 + E 1.5 = 5;  C: D 2.5 + B 1.5 + dummy 1.5 = 5.5
        # D: C 1.5 + dummy 2.5 + A 2 = 6;  E: dummy 1.5 + A 2 + B 1.5 = 5
        "BH": [5.5, 5.0, 5.5, 6.0, 5.0],
        # minus the lowest: A −1.5, B −1.5, C −1.5, D −1.5, E −1.5
        "BH/C1": [4.0, 3.5, 4.0, 4.5, 3.5],
        # A: 1.5×1 + 1.5×1 + 2.5×0 = 3;  B: 2×0 + 1.5×1 + 1.5×½ = 2.25;  C: 2.5×½ + 1.5×0 + 1.5×1 = 2.75
        # D: 1.5×½ + 2.5×1 + 2×1 = 5.25;  E: 1.5×1 + 2×0 + 1.5×½ = 2.25
        "SB": [3.0, 2.25, 2.75, 5.25, 2.25],
        # WIN counts the bye's full point: A 2, B 1, C 1 (bye), D 2 (bye + R3), E 1 (bye)
        "WIN": [2, 1, 1, 2, 1],
        # WON: games won over the board only
        "WON": [2, 1, 0, 1, 0],
    },
    "fide-2026": {
        # the bye's dummy is capped at ½ × 3 rounds = 1.5: only D (2.5) changes, to 1.5
        # D: C 1.5 + dummy 1.5 + A 2 = 5;  the others as in 2024
        "BH": [5.5, 5.0, 5.5, 5.0, 5.0],
        # D: 5 − 1.5 = 3.5
        "BH/C1": [4.0, 3.5, 4.0, 3.5, 3.5],
        # D: 1.5×½ + 1.5×1 + 2×1 = 4.25
        "SB": [3.0, 2.25, 2.75, 4.25, 2.25],
        "WIN": [2, 1, 1, 2, 1],
        "WON": [2, 1, 0, 1, 0],
    },
    "ru": {
        # the bye is a won game against the lowest final score, 1.5 (B, C, E)
        # A: 1.5 + 1.5 + 2.5 = 5.5;  B: 2 + 1.5 + 1.5 = 5;  C: 2.5 + 1.5 + bye 1.5 = 5.5
        # D: 1.5 + bye 1.5 + 2 = 5;  E: bye 1.5 + 2 + 1.5 = 5
        "buchholz": [5.5, 5.0, 5.5, 5.0, 5.0],
        # 2 × beaten + drawn.  A: 2×(1.5+1.5) = 6;  B: 2×1.5 + 1.5 = 4.5;  C: 2.5 + 2×1.5 = 5.5
        # D: 1.5 + 2×1.5 + 2×2 = 8.5;  E: 2×1.5 + 1.5 = 4.5
        "sonneborn_berger": [6.0, 4.5, 5.5, 8.5, 4.5],
        # beaten − lost to.  A: 3 − 2.5 = 0.5;  B: 1.5 − 2 = −0.5;  C: 1.5 − 1.5 = 0;  D: 1.5 + 2 = 3.5;  E: 1.5 − 2 = −0.5
        "shmulyan": [0.5, -0.5, 0.0, 3.5, -0.5],
        # the bye is not a win for "most wins"
        "wins": [2, 1, 0, 1, 0],
    },
    "plain": {
        # byes add nothing.  C: 2.5 + 1.5 = 4;  D: 1.5 + 2 = 3.5;  E: 2 + 1.5 = 3.5
        "buchholz": [5.5, 5.0, 4.0, 3.5, 3.5],
        "BH": [5.5, 5.0, 4.0, 3.5, 3.5],
        # C: (2.5, 1.5) − 1.5 = 2.5;  D: (1.5, 2) − 1.5 = 2;  E: (2, 1.5) − 1.5 = 2
        "BH/C1": [4.0, 3.5, 2.5, 2.0, 2.0],
        # C: 2.5×½ = 1.25;  D: 1.5×½ + 2×1 = 2.75;  E: 1.5×½ = 0.75
        "SB": [3.0, 2.25, 1.25, 2.75, 0.75],
        "wins": [2, 1, 0, 1, 0],
    },
    "fide-2009": {
        # opponents' unplayed rounds count ½: adj A 2, B 1.5, C ½+0+½ = 1, D ½+½+1 = 2, E ½+0+½ = 1
        # virtual opponents: C r3: 0.5 + (1−1) + ½×0 = 0.5;  D r2: 0.5 + 0 + ½×1 = 1;  E r1: 0 + 0 + ½×2 = 1
        # A: B 1.5 + E 1 + D 2 = 4.5;  B: A 2 + C 1 + E 1 = 4;  C: D 2 + B 1.5 + 0.5 = 4
        # D: C 1 + 1 + A 2 = 4;  E: 1 + A 2 + B 1.5 = 4.5
        "BH": [4.5, 4.0, 4.0, 4.0, 4.5],
        # A −1, B −1, C −0.5, D −1, E −1
        "BH/C1": [3.5, 3.0, 3.5, 3.0, 3.5],
        # A: 1.5 + 1 = 2.5;  B: 1 + 1×½ = 1.5;  C: 2×½ + 0.5×1 = 1.5;  D: 1×½ + 1×1 + 2×1 = 3.5;  E: 1×1 + 1.5×½ = 1.75
        "SB": [2.5, 1.5, 1.5, 3.5, 1.75],
        "WIN": [2, 1, 1, 2, 1],
    },
}


@pytest.mark.parametrize("rules", list(PAB_EXPECTED))
def test_pairing_bye(rules: str) -> None:
    t = tiebreak.read_table(PAB_GRID)
    assert t.points == [2.0, 1.5, 1.5, 2.5, 1.5]
    assert [t.entry(i, r).kind for i, r in ((2, 3), (3, 2), (4, 1))] == [Kind.PAIRING_BYE] * 3
    check(t, rules, PAB_EXPECTED[rules])


# ======================================================= 2. forfeit in the last round (a forfeit loss)
# Four players, three rounds.  R1: A-B 1-0, C-D 0-1   R2: A-D ½-½, B-C 1-0   R3: A-C +/− (C absent), D-B 1-0
# Points: A 1+½+1 = 2.5, B 0+1+0 = 1, C 0, D 1+½+1 = 2.5
FORFEIT_TRF = _trf([
    _line(1, "A", [(2, "w", "1"), (4, "w", "="), (3, "w", "+")]),
    _line(2, "B", [(1, "b", "0"), (3, "w", "1"), (4, "b", "0")]),
    _line(3, "C", [(4, "w", "0"), (2, "b", "0"), (1, "b", "-")]),
    _line(4, "D", [(3, "b", "1"), (1, "b", "="), (2, "w", "1")]),
])

FORFEIT_EXPECTED = {
    # adj: C's forfeit loss has an opponent, so it keeps its real 0 (16.2.4): A 2.5, B 1, C 0, D 2.5
    "fide-2024": {
        # A: B 1 + D 2.5 + dummy 2.5 = 6;  B: A 2.5 + C 0 + D 2.5 = 5;  C: D 2.5 + B 1 + dummy 0 = 3.5
        # D: C 0 + A 2.5 + B 1 = 3.5
        "BH": [6.0, 5.0, 3.5, 3.5],
        # A: 6 − 1 = 5;  B: 5 − 0 = 5;  C: 3.5 − 0 (the forfeit loss, a VUR and the lowest) = 3.5;  D: 3.5 − 0
        "BH/C1": [5.0, 5.0, 3.5, 3.5],
        # A: 1×1 + 2.5×½ + dummy 2.5×1 = 4.75;  B: 0×1 = 0;  C: 0;  D: 0×1 + 2.5×½ + 1×1 = 2.25
        "SB": [4.75, 0.0, 0.0, 2.25],
        # the forfeit win is a WIN, not a WON
        "WIN": [2, 1, 0, 2],
        "WON": [1, 1, 0, 2],
    },
    "fide-2026": {
        # A's forfeit dummy is capped at adj(C) = 0: A: 1 + 2.5 + 0 = 3.5
        # C's dummy: min(own 0, adj(A) 2.5) = 0, unchanged
        "BH": [3.5, 5.0, 3.5, 3.5],
        # A: (1, 2.5, 0) − 0 = 3.5
        "BH/C1": [3.5, 5.0, 3.5, 3.5],
        # A: 1 + 1.25 + 0×1 = 2.25
        "SB": [2.25, 0.0, 0.0, 2.25],
        "WIN": [2, 1, 0, 2],
        "WON": [1, 1, 0, 2],
    },
    "ru": {
        # forfeit = draw: scores A 1+½+½ = 2, B 1, C 0+0+½ = 0.5, D 2.5
        # A: B 1 + D 2.5 + C 0.5 = 4;  B: A 2 + C 0.5 + D 2.5 = 5;  C: D 2.5 + B 1 + A 2 = 5.5;  D: C 0.5 + A 2 + B 1 = 3.5
        "buchholz": [4.0, 5.0, 5.5, 3.5],
        # A: 2×1 + 2.5 + 0.5 = 5;  B: 2×0.5 = 1;  C: drew A 2;  D: 2×0.5 + 2 + 2×1 = 5
        "sonneborn_berger": [5.0, 1.0, 2.0, 5.0],
        # A: 1 (the forfeit is neither won nor lost);  B: 0.5 − 2 − 2.5 = −4;  C: −2.5 − 1 = −3.5;  D: 0.5 + 1 = 1.5
        "shmulyan": [1.0, -4.0, -3.5, 1.5],
        "wins": [1, 1, 0, 2],
    },
    "plain": {
        # forfeits as scored, scores real: A: 1 + 2.5 + C 0 = 3.5;  C: 2.5 + 1 + A 2.5 = 6
        "buchholz": [3.5, 5.0, 6.0, 3.5],
        # A: 1 + 1.25 + 0×1 = 2.25;  C: 2.5×0 = 0
        "SB": [2.25, 0.0, 0.0, 2.25],
        # the forfeit win counts as a win
        "wins": [2, 1, 0, 2],
    },
    "fide-2009": {
        # adj: A 1+½+½ = 2, B 1, C 0+0+½ = 0.5, D 2.5
        # A r3: 1.5 before + (1−1) + ½×0 = 1.5;  C r3: 0 + (1−0) + 0 = 1
        # A: B 1 + D 2.5 + 1.5 = 5;  B: A 2 + C 0.5 + D 2.5 = 5;  C: 2.5 + 1 + 1 = 4.5;  D: 0.5 + 2 + 1 = 3.5
        "BH": [5.0, 5.0, 4.5, 3.5],
        # A: 1 + 2.5×½ + 1.5×1 = 3.75;  B: 0.5×1 = 0.5;  C: 1×0 = 0;  D: 0.5×1 + 2×½ + 1×1 = 2.5
        "SB": [3.75, 0.5, 0.0, 2.5],
    },
}


@pytest.mark.parametrize("rules", list(FORFEIT_EXPECTED))
def test_forfeit_in_the_last_round(rules: str) -> None:
    t = read_trf(FORFEIT_TRF)
    assert t.points == [2.5, 1.0, 0.0, 2.5]
    assert (t.entry(0, 3).kind, t.entry(2, 3).kind) == (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)
    check(t, rules, FORFEIT_EXPECTED[rules])


# ==================================================== 3. half-point bye followed only by absences
# Five players, three rounds.  D plays R1, takes a half-point bye in R2 and is absent in R3 (withdrew).
#   R1: A-B 1-0, C-D ½-½, E bye    R2: A-C ½-½, B-E 1-0, D H    R3: E-A 1-0, B-C 1-0, D absent
# Points: A 1+½+0 = 1.5, B 0+1+1 = 2, C ½+½+0 = 1, D ½+½+0 = 1, E 1+0+1 = 2
HPB_TRF = _trf([
    _line(1, "A", [(2, "w", "1"), (3, "w", "="), (5, "b", "0")]),
    _line(2, "B", [(1, "b", "0"), (5, "w", "1"), (3, "w", "1")]),
    _line(3, "C", [(4, "w", "="), (1, "b", "="), (2, "b", "0")]),
    _line(4, "D", [(3, "b", "="), (0, "-", "H")]),  # the line ends: not paired in R3
    _line(5, "E", [(0, "-", "U"), (2, "b", "0"), (1, "w", "1")]),
])

HPB_EXPECTED = {
    # adj(D): no non-VUR round after R1, so R2 (H) and R3 (absent) are 16.2.5 draws: ½ + ½ + ½ = 1.5
    # adj: A 1.5, B 2, C 1, D 1.5, E 2 (E's R1 bye is a PAB, not voluntary)
    "fide-2024": {
        # A: B 2 + C 1 + E 2 = 5;  B: A 1.5 + E 2 + C 1 = 4.5;  C: D 1.5 + A 1.5 + B 2 = 5
        # D: C 1 + dummy 1 (H) + dummy 1 (absent) = 3;  E: dummy 2 + B 2 + A 1.5 = 5.5
        "BH": [5.0, 4.5, 5.0, 3.0, 5.5],
        # A −1, B −1, C −1.5, D −1 (a VUR dummy), E −1.5
        "BH/C1": [4.0, 3.5, 3.5, 2.0, 4.0],
        # A: 2×1 + 1×½ + 2×0 = 2.5;  B: 2×1 + 1×1 = 3;  C: 1.5×½ + 1.5×½ = 1.5
        # D: 1×½ + dummy 1×½ + dummy 1×0 = 1;  E: 2×1 + 0 + 1.5×1 = 3.5
        "SB": [2.5, 3.0, 1.5, 1.0, 3.5],
        "WIN": [1, 2, 0, 0, 2],
        "WON": [1, 2, 0, 0, 1],
    },
    "fide-2026": {
        # byes' dummies capped at ½ × 3 = 1.5: D's stay 1 (own score), E's 2 becomes 1.5
        # E: 1.5 + 2 + 1.5 = 5
        "BH": [5.0, 4.5, 5.0, 3.0, 5.0],
        # E: (1.5, 2, 1.5) − 1.5 = 3.5
        "BH/C1": [4.0, 3.5, 3.5, 2.0, 3.5],
        # E: 1.5×1 + 0 + 1.5×1 = 3
        "SB": [2.5, 3.0, 1.5, 1.0, 3.0],
        "WIN": [1, 2, 0, 0, 2],
        "WON": [1, 2, 0, 0, 1],
    },
    "ru": {
        # D withdrew after R2 (the H is his last round; R3 is absent) with 1 point.  Players with 1 point
        # after R2: B (0+1), C (½+½), E (1+0); their R3 results: B 1, C 0, E 1 → average 2/3.
        # D's score for the others: 1 + 2/3 = 5/3.  Lowest final score (for E's bye): 1.
        # A: B 2 + C 1 + E 2 = 5;  B: A 1.5 + E 2 + C 1 = 4.5;  C: D 5/3 + A 1.5 + B 2 = 31/6
        # D: C 1 (H and absence add nothing) = 1;  E: bye 1 + B 2 + A 1.5 = 4.5
        "buchholz": [5.0, 4.5, 31 / 6, 1.0, 4.5],
        # A: 2×2 + 1 = 5;  B: 2×2 + 2×1 = 6;  C: 5/3 + 1.5 = 19/6;  D: 1;  E: 2×1 + 2×1.5 = 5
        "sonneborn_berger": [5.0, 6.0, 19 / 6, 1.0, 5.0],
        # A: 2 − 2 = 0;  B: 2 + 1 − 1.5 = 1.5;  C: −2;  D: 0;  E: 1 − 2 + 1.5 = 0.5
        "shmulyan": [0.0, 1.5, -2.0, 0.0, 0.5],
        "wins": [1, 2, 0, 0, 1],
    },
    "plain": {
        # C: D 1 + A 1.5 + B 2 = 4.5;  D: C 1;  E: B 2 + A 1.5 = 3.5
        "buchholz": [5.0, 4.5, 4.5, 1.0, 3.5],
    },
    "fide-2009": {
        # adj: A 1.5, B 2, C 1, D ½+½+½ = 1.5, E ½ (bye) + 0 + 1 = 1.5
        # D r2: 0.5 + (1−0.5) + ½×1 = 1.5;  D r3: 1 + (1−0) + 0 = 2;  E r1: 0 + 0 + ½×2 = 1
        # A: 2 + 1 + 1.5 = 4.5;  B: 1.5 + 1.5 + 1 = 4;  C: 1.5 + 1.5 + 2 = 5;  D: 1 + 1.5 + 2 = 4.5;  E: 1 + 2 + 1.5 = 4.5
        "BH": [4.5, 4.0, 5.0, 4.5, 4.5],
        # D: 1×½ + 1.5×½ + 2×0 = 1.25;  E: 1×1 + 2×0 + 1.5×1 = 2.5;  A: 2×1 + 1×½ = 2.5
        "SB": [2.5, 2.5, 1.5, 1.25, 2.5],
    },
}


@pytest.mark.parametrize("rules", list(HPB_EXPECTED))
def test_half_point_bye_followed_only_by_absences(rules: str) -> None:
    t = read_trf(HPB_TRF)
    assert t.points == [1.5, 2.0, 1.0, 1.0, 2.0]
    assert [t.entry(3, r).kind for r in (1, 2, 3)] == [Kind.PLAYED, Kind.HALF_BYE, Kind.ABSENT]
    check(t, rules, HPB_EXPECTED[rules])


def test_ru_withdrawal_note_names_the_credit() -> None:
    ev = get_rules("ru").evaluate(read_trf(HPB_TRF))
    assert ev.score[3] == pytest.approx(1 + 2 / 3)  # D: 1 + average(1, 0, 1)
    assert len(ev.notes) == 1 and "D withdrew after round 2" in ev.notes[0] and "3 player" in ev.notes[0]


# ============================================= 4. a withdrawal right after a forfeit (2026 cap on adj)
# Five players, three rounds.  C loses R2 by forfeit and never comes back.
#   R1: A-B 1-0, C-D ½-½, E bye    R2: A-C +/−, B-E 1-0, D bye    R3: A-E ½-½, D-B 1-0, C absent
# Points: A 1+1+½ = 2.5, B 0+1+0 = 1, C ½+0+0 = 0.5, D ½+1+1 = 2.5, E 1+0+½ = 1.5
WITHDRAWAL_TRF = _trf([
    _line(1, "A", [(2, "w", "1"), (3, "w", "+"), (5, "w", "=")]),
    _line(2, "B", [(1, "b", "0"), (5, "w", "1"), (4, "b", "0")]),
    _line(3, "C", [(4, "w", "="), (1, "b", "-"), (0, "-", "Z")]),
    _line(4, "D", [(3, "b", "="), (0, "-", "U"), (2, "w", "1")]),
    _line(5, "E", [(0, "-", "U"), (2, "b", "0"), (1, "b", "=")]),
])

WITHDRAWAL_EXPECTED = {
    # adj(C): last non-VUR round R1; R2 is a forfeit loss with an opponent (real 0, 16.2.4); R3 (Z, no
    # later round) is 16.2.5 → ½.  adj(C) = ½ + 0 + ½ = 1.  adj: A 2.5, B 1, C 1, D 2.5, E 1.5
    "fide-2024": {
        # A: B 1 + dummy 2.5 + E 1.5 = 5;  B: A 2.5 + E 1.5 + D 2.5 = 6.5;  C: D 2.5 + dummy 0.5 + dummy 0.5 = 3.5
        # D: C 1 + dummy 2.5 + B 1 = 4.5;  E: dummy 1.5 + B 1 + A 2.5 = 5
        "BH": [5.0, 6.5, 3.5, 4.5, 5.0],
        # A −1;  B −1.5;  C: both VURs give 0.5, one is cut: −0.5;  D −1;  E −1
        "BH/C1": [4.0, 5.0, 3.0, 3.5, 4.0],
        # A: 1×1 + 2.5×1 + 1.5×½ = 4.25;  B: 1.5×1 = 1.5;  C: 2.5×½ = 1.25;  D: 1×½ + 2.5×1 + 1×1 = 4
        # E: 1.5×1 + 2.5×½ = 2.75
        "SB": [4.25, 1.5, 1.25, 4.0, 2.75],
        "WIN": [2, 1, 0, 2, 1],
        "WON": [1, 1, 0, 1, 0],
    },
    "fide-2026": {
        # A's forfeit dummy: min(own 2.5, adj(C) 1) = 1 (the ADJUSTED score, with the 16.2.5 draw): 1 + 1 + 1.5 = 3.5
        # C's dummies: forfeit min(0.5, adj(A) 2.5) = 0.5, bye min(0.5, 1.5) = 0.5: 3.5
        # D's bye: min(2.5, ½×3) = 1.5: 1 + 1.5 + 1 = 3.5;  E's bye: min(1.5, 1.5) = 1.5: 5
        "BH": [3.5, 6.5, 3.5, 3.5, 5.0],
        # A: (1, 1, 1.5) − 1 = 2.5;  D: (1, 1.5, 1) − 1 = 2.5
        "BH/C1": [2.5, 5.0, 3.0, 2.5, 4.0],
        # A: 1 + 1×1 + 0.75 = 2.75;  D: 0.5 + 1.5×1 + 1 = 3
        "SB": [2.75, 1.5, 1.25, 3.0, 2.75],
        "WIN": [2, 1, 0, 2, 1],
        "WON": [1, 1, 0, 1, 0],
    },
    "ru": {
        # C withdrew after R2 (R2 was a forfeit, R3 a zero bye) with 0.5; nobody else had 0.5 after R2
        # (A 2, B 1, D 1.5, E 1): nothing credited.  Scores (forfeit = draw): A 1+½+½ = 2, B 1, C ½+½+0 = 1,
        # D 2.5, E 1.5.  Lowest final score: 0.5 (C).
        # A: B 1 + C 1 + E 1.5 = 3.5;  B: A 2 + E 1.5 + D 2.5 = 6;  C: D 2.5 + A 2 = 4.5
        # D: C 1 + bye 0.5 + B 1 = 2.5;  E: bye 0.5 + B 1 + A 2 = 3.5
        "buchholz": [3.5, 6.0, 4.5, 2.5, 3.5],
        # A: 2×1 + 1 + 1.5 = 4.5;  B: 2×1.5 = 3;  C: 2.5 + 2 = 4.5;  D: 1 + 2×0.5 + 2×1 = 4;  E: 2×0.5 + 2 = 3
        "sonneborn_berger": [4.5, 3.0, 4.5, 4.0, 3.0],
        # A: 1;  B: 1.5 − 2 − 2.5 = −3;  C: 0;  D: 0.5 + 1 = 1.5;  E: 0.5 − 1 = −0.5
        "shmulyan": [1.0, -3.0, 0.0, 1.5, -0.5],
        "wins": [1, 1, 0, 1, 0],
    },
}


@pytest.mark.parametrize("rules", list(WITHDRAWAL_EXPECTED))
def test_withdrawal_after_a_forfeit(rules: str) -> None:
    t = read_trf(WITHDRAWAL_TRF)
    assert t.points == [2.5, 1.0, 0.5, 2.5, 1.5]
    check(t, rules, WITHDRAWAL_EXPECTED[rules])


def test_ru_withdrawal_without_a_score_group_credits_nothing() -> None:
    ev = get_rules("ru").evaluate(read_trf(WITHDRAWAL_TRF))
    assert ev.score[2] == 1.0  # C: ½ + ½ (forfeit as a draw) + 0, nothing added
    assert any("C withdrew after round 2" in n and "nothing is credited" in n for n in ev.notes)


# ================================== 5. zero-point bye in the middle, followed by a played game (16.2.3)
# Four players, three rounds (grid).  R1: A-B 1-0, D-C 1-0   R2: A-C ½-½, B bye (U), D zero bye (Z)
# R3: D-A 1-0, B-C 1-0.  Points: A 1+½+0 = 1.5, B 0+1+1 = 2, C 0+½+0 = 0.5, D 1+0+1 = 2
ZPB_GRID = [
    ["No", "Name", "R1", "R2", "R3"],
    [1, "A", "2w1", "3w½", "4b0"],
    [2, "B", "1b0", "U", "3w1"],
    [3, "C", "4b0", "1b½", "2b0"],
    [4, "D", "3w1", "Z", "1w1"],
]

ZPB_EXPECTED = {
    # adj(D): the Z in R2 is followed by a played game (16.2.3): real points, 1 + 0 + 1 = 2 (not 2.5)
    # adj: A 1.5, B 2, C 0.5, D 2
    "fide-2024": {
        # A: B 2 + C 0.5 + D 2 = 4.5;  B: A 1.5 + dummy 2 + C 0.5 = 4;  C: D 2 + A 1.5 + B 2 = 5.5
        # D: C 0.5 + dummy 2 (Z) + A 1.5 = 4
        "BH": [4.5, 4.0, 5.5, 4.0],
        # Cut-1 exception (16.5): D's lowest value is C's 0.5, but the VUR (the Z's dummy, 2) is cut first:
        # D: 4 − 2 = 2 (cutting the lowest would give 3.5).  A −0.5, B −0.5, C −1.5
        "BH/C1": [4.0, 3.5, 4.0, 2.0],
        # A: 2×1 + 0.5×½ + 2×0 = 2.25;  B: 0 + 2×1 + 0.5×1 = 2.5;  C: 1.5×½ = 0.75;  D: 0.5×1 + 2×0 + 1.5×1 = 2
        "SB": [2.25, 2.5, 0.75, 2.0],
        "WIN": [1, 2, 0, 2],
        "WON": [1, 1, 0, 2],
    },
    "fide-2026": {
        # byes' dummies capped at ½ × 3 = 1.5: B's PAB 2 → 1.5, D's Z 2 → 1.5
        # B: 1.5 + 1.5 + 0.5 = 3.5;  D: 0.5 + 1.5 + 1.5 = 3.5
        "BH": [4.5, 3.5, 5.5, 3.5],
        # B: (1.5, 1.5, 0.5) − 0.5 = 3;  D: the VUR (1.5) is cut first: 3.5 − 1.5 = 2
        "BH/C1": [4.0, 3.0, 4.0, 2.0],
        # B: 1.5×1 + 0.5×1 = 2;  D: 0.5 + 0 + 1.5 = 2
        "SB": [2.25, 2.0, 0.75, 2.0],
        "WIN": [1, 2, 0, 2],
        "WON": [1, 1, 0, 2],
    },
    "ru": {
        # no forfeits, no withdrawal (D plays again).  B's bye: a win over the lowest score, 0.5 (C).
        # A: 2 + 0.5 + 2 = 4.5;  B: A 1.5 + bye 0.5 + C 0.5 = 2.5;  C: 2 + 1.5 + 2 = 5.5;  D: C 0.5 + A 1.5 = 2
        "buchholz": [4.5, 2.5, 5.5, 2.0],
        # A: 2×2 + 0.5 = 4.5;  B: 2×0.5 + 2×0.5 = 2;  C: 1.5;  D: 2×0.5 + 2×1.5 = 4
        "sonneborn_berger": [4.5, 2.0, 1.5, 4.0],
        # A: 2 − 2 = 0;  B: 0.5 + 0.5 − 1.5 = −0.5;  C: −2 − 2 = −4;  D: 0.5 + 1.5 = 2
        "shmulyan": [0.0, -0.5, -4.0, 2.0],
        "wins": [1, 1, 0, 2],
    },
    "plain": {
        # B: 1.5 + 0.5 = 2;  D: 0.5 + 1.5 = 2
        "buchholz": [4.5, 2.0, 5.5, 2.0],
    },
    "fide-2009": {
        # adj: A 1.5, B 0 + ½ + 1 = 1.5, C 0.5, D 1 + ½ + 1 = 2.5
        # B r2: 0 + (1−1) + ½×1 = 0.5;  D r2: 1 + (1−0) + ½×1 = 2.5
        # A: 1.5 + 0.5 + 2.5 = 4.5;  B: 1.5 + 0.5 + 0.5 = 2.5;  C: 2.5 + 1.5 + 1.5 = 5.5;  D: 0.5 + 2.5 + 1.5 = 4.5
        "BH": [4.5, 2.5, 5.5, 4.5],
        # A: 1.5×1 + 0.5×½ = 1.75;  B: 0.5×1 + 0.5×1 = 1;  C: 1.5×½ = 0.75;  D: 0.5×1 + 2.5×0 + 1.5×1 = 2
        "SB": [1.75, 1.0, 0.75, 2.0],
    },
}


@pytest.mark.parametrize("rules", list(ZPB_EXPECTED))
def test_zero_point_bye_followed_by_a_game(rules: str) -> None:
    t = tiebreak.read_table(ZPB_GRID)
    assert t.points == [1.5, 2.0, 0.5, 2.0]
    assert (t.entry(1, 2).kind, t.entry(3, 2).kind) == (Kind.PAIRING_BYE, Kind.ZERO_BYE)
    check(t, rules, ZPB_EXPECTED[rules])


def test_fide_adjusted_score_converts_only_trailing_byes() -> None:
    # 16.2.3 vs 16.2.5: D's Z is followed by a game (real 0); C's Z in the withdrawal event is not (½);
    # a forfeit loss keeps its 0 even when nothing follows (16.2.4).
    ev = get_rules("fide-2024").evaluate(tiebreak.read_table(ZPB_GRID))
    assert ev.score == [1.5, 2.0, 0.5, 2.0]
    ev = get_rules("fide-2024").evaluate(read_trf(WITHDRAWAL_TRF))
    assert ev.score == [2.5, 1.0, 1.0, 2.5, 1.5]  # C: ½ + 0 + ½
    ev = get_rules("fide-2024").evaluate(read_trf(FORFEIT_TRF))
    assert ev.score == [2.5, 1.0, 0.0, 2.5]  # C: 0 + 0 + 0 (the last-round forfeit loss is not a draw)


def test_cut1_exception_for_a_half_point_bye_and_for_sb() -> None:
    # Four players, three rounds: A has a high own score, a half-point bye, and beat weak opponents.
    #   R1: A-B 1-0, C-D ½-½    R2: A-C 1-0, B-D 1-0    R3: A half-point bye, C-B ½-½, D bye (U)
    # Points: A 1+1+½ = 2.5, B 0+1+½ = 1.5, C ½+0+½ = 1, D ½+0+1 = 1.5
    text = _trf([
        _line(1, "A", [(2, "w", "1"), (3, "w", "1"), (0, "-", "H")]),
        _line(2, "B", [(1, "b", "0"), (4, "w", "1"), (3, "b", "=")]),
        _line(3, "C", [(4, "w", "="), (1, "b", "0"), (2, "w", "=")]),
        _line(4, "D", [(3, "b", "="), (2, "b", "0"), (0, "-", "U")]),
    ])
    t = read_trf(text)
    assert t.points == [2.5, 1.5, 1.0, 1.5]
    # adj(B) = 1.5, adj(C) = 1 (no byes).  fide-2024: A's elements: B 1.5 (won), C 1 (won), HPB dummy 2.5
    # (own score; a VUR worth ½ point).  BH = 1.5 + 1 + 2.5 = 5;  BH/C1 cuts the VUR dummy (2.5 ≥ 1):
    # 5 − 2.5 = 2.5, not 5 − 1 = 4
    assert tiebreak.values(t, "BH", "fide-2024")[0] == 5.0
    assert tiebreak.values(t, "BH/C1", "fide-2024")[0] == 2.5
    # SB contributions: B 1.5×1 = 1.5, C 1×1 = 1, dummy 2.5×½ = 1.25;  SB = 3.75.
    # SB/C1: lowest opponent C (v 1) vs the VUR's v 1.25 ≥ 1 → the VUR goes: 3.75 − 1.25 = 2.5
    assert tiebreak.values(t, "SB", "fide-2024")[0] == 3.75
    assert tiebreak.values(t, "SB/C1", "fide-2024")[0] == 2.5
    # fide-2026: the HPB dummy is min(2.5, ½×3 = 1.5) = 1.5: BH 1.5 + 1 + 1.5 = 4, BH/C1 4 − 1.5 = 2.5
    assert tiebreak.values(t, "BH", "fide-2026")[0] == 4.0
    assert tiebreak.values(t, "BH/C1", "fide-2026")[0] == 2.5
    # SB 2026: 1.5 + 1 + 1.5×½ = 3.25; SB/C1: the VUR's v 0.75 < C's 1 → the lowest opponent (C) goes:
    # 3.25 − 1 = 2.25
    assert tiebreak.values(t, "SB", "fide-2026")[0] == 3.25
    assert tiebreak.values(t, "SB/C1", "fide-2026")[0] == 2.25


# ======================================================= 6. round robin forfeit (Art. 15.2)
# Four players; A beat D by forfeit.  Ratings 2000, 1900, 1800, 1700.
#        A  B  C  D     points
#   A    X  1  ½  +     2.5
#   B    0  X  1  1     2
#   C    ½  0  X  ½     1
#   D    -  0  ½  X     0.5
RR_GRID = [
    ["No", "Name", "Rating", 1, 2, 3, 4],
    [1, "A", 2000, "X", 1, "½", "+"],
    [2, "B", 1900, 0, "X", 1, 1],
    [3, "C", 1800, "½", 0, "X", "½"],
    [4, "D", 1700, "-", 0, "½", "X"],
]

RR_FIDE = {
    # the forfeit is a game against D (15.2): opponents' real scores, no dummy
    # A: B 2 + C 1 + D 0.5 = 3.5;  B: 2.5 + 1 + 0.5 = 4;  C: 2.5 + 2 + 0.5 = 5;  D: 2.5 + 2 + 1 = 5.5
    "BH": [3.5, 4.0, 5.0, 5.5],
    # A: 2×1 + 1×½ + 0.5×1 = 3 (as unplayed with a dummy of 2.5 it would be 5);  B: 1 + 0.5 = 1.5
    # C: 2.5×½ + 0.5×½ = 1.5;  D: 2.5×0 + 1×½ = 0.5
    "SB": [3.0, 1.5, 1.5, 0.5],
    "WIN": [2, 2, 0, 0],
    # but not a game won over the board
    "WON": [1, 2, 0, 0],
    # ARO over games played: A (1900+1800)/2 = 1850;  B (2000+1800+1700)/3 = 1833.3 → 1833
    # C (2000+1900+1700)/3 = 1866.7 → 1867;  D: (1900+1800)/2 = 1850 (A, met by forfeit only, left out)
    "ARO": [1850, 1833, 1867, 1850],
}


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026"])
def test_round_robin_forfeit_is_a_game_for_bh_and_sb(rules: str) -> None:
    t = tiebreak.read_table(RR_GRID)
    assert t.is_round_robin and t.points == [2.5, 2.0, 1.0, 0.5]
    check(t, rules, RR_FIDE)


def test_round_robin_forfeit_under_ru_plain_and_2009() -> None:
    t = tiebreak.read_table(RR_GRID)
    check(t, "ru", {
        # forfeit = draw: scores A 1+½+½ = 2, B 2, C 1, D ½+0+½ = 1
        # A: 2 + 1 + 1 = 4;  B: 2 + 1 + 1 = 4;  C: 2 + 2 + 1 = 5;  D: 2 + 2 + 1 = 5
        "buchholz": [4.0, 4.0, 5.0, 5.0],
        # A: 2×2 + 1 + 1 = 6;  B: 2×1 + 2×1 = 4;  C: 2 + 1 = 3;  D: drew A 2 + drew C 1 = 3
        "sonneborn_berger": [6.0, 4.0, 3.0, 3.0],
        # A: 2;  B: 1 + 1 − 2 = 0;  C: −2;  D: −2
        "shmulyan": [2.0, 0.0, -2.0, -2.0],
        "wins": [1, 2, 0, 0],
    })
    check(t, "plain", {
        # as scored: the same numbers as FIDE's 15.2
        "buchholz": [3.5, 4.0, 5.0, 5.5],
        "SB": [3.0, 1.5, 1.5, 0.5],
        "wins": [2, 2, 0, 0],
    })
    check(t, "fide-2009", {
        # unplayed counts ½ for the opponents: A 1+½+½ = 2, B 2, C 1, D ½+0+½ = 1
        # A: 2 + 1 + 1 = 4;  B: 2 + 1 + 1 = 4;  C: 2 + 2 + 1 = 5;  D: 2 + 2 + 1 = 5
        "BH": [4.0, 4.0, 5.0, 5.0],
        # A: 2×1 + 1×½ + 1×1 = 3.5;  B: 1 + 1 = 2;  C: 2×½ + 1×½ = 1.5;  D: 2×0 + 1×½ = 0.5
        "SB": [3.5, 2.0, 1.5, 0.5],
    })


def test_round_robin_forfeit_from_trf_is_not_a_black_game() -> None:
    # The same event in rounds, with colours.  R1: A-B 1-0, C-D ½-½;  R2: D-A −/+ (A has Black), B-C 1-0;
    # R3: A-C ½-½, D-B 0-1
    text = _trf([
        _line(1, "A", [(2, "w", "1"), (4, "b", "+"), (3, "w", "=")], 2000),
        _line(2, "B", [(1, "b", "0"), (3, "w", "1"), (4, "b", "1")], 1900),
        _line(3, "C", [(4, "w", "="), (2, "b", "0"), (1, "b", "=")], 1800),
        _line(4, "D", [(3, "b", "="), (1, "w", "-"), (2, "w", "0")], 1700),
    ], system="Round Robin")
    t = read_trf(text)
    assert t.is_round_robin and t.points == [2.5, 2.0, 1.0, 0.5]
    for rules in ("fide-2024", "fide-2026"):
        check(t, rules, RR_FIDE)
        # BPG: games played with Black: A 0 (the forfeit does not count), B 2 (R1, R3), C 2 (R2, R3), D 1 (R1)
        assert tiebreak.values(t, "BPG", rules) == [0, 2, 2, 1]


# ============================================================================ rule set names
def test_rule_set_names_and_aliases() -> None:
    assert rule_set_names() == ["ru", "fide-2024", "fide-2026", "fide-2009", "plain"]
    assert get_rules(None).name == "ru"  # the default
    assert get_rules("").name == "ru"
    cases = {
        "ru": "ru", "RU": "ru", "russian": "ru", "фшр": "ru", "default": "ru",
        "fide-2024": "fide-2024", "FIDE_2024": "fide-2024", "fide 2024": "fide-2024", "fide2024": "fide-2024", "fide-2023": "fide-2024",
        "fide-2026": "fide-2026", "fide2026": "fide-2026", "fide": "fide-2026", "FIDE": "fide-2026", "fide-current": "fide-2026",
        "fide-2009": "fide-2009", "fide2009": "fide-2009", "fide-2022": "fide-2009",
        "plain": "plain", "none": "plain", "simple": "plain", " Plain ": "plain",
    }
    for alias, name in cases.items():
        assert get_rules(alias).name == name, alias
    rs = get_rules("fide-2024")
    assert get_rules(rs) is rs


def test_unknown_rule_set_is_refused_with_the_names() -> None:
    with pytest.raises(UnknownRuleSetError) as info:
        get_rules("fide-2030")
    message = str(info.value)
    assert "fide-2030" in message
    for name in ("ru", "fide-2024", "fide-2026", "fide-2009", "plain"):
        assert name in message
    assert isinstance(info.value, SettingsError) and isinstance(info.value, TiebreakError)
    with pytest.raises(UnknownRuleSetError):
        tiebreak.values(tiebreak.read_table(PAB_GRID), "BH", "swiss-2000")


def test_trf_start_date_selects_the_fide_rule_set() -> None:
    body = [_line(1, "A", [(2, "w", "1")]), _line(2, "B", [(1, "b", "0")])]
    assert read_trf(_trf(body, start=None)).rules == "fide-2026"  # no 042: the newest rules
    assert read_trf(_trf(body, start="2025-05-01")).rules == "fide-2024"
    assert read_trf(_trf(body, start="2025/11/30")).rules == "fide-2024"
    assert read_trf(_trf(body, start="2026-02-28")).rules == "fide-2024"
    assert read_trf(_trf(body, start="2026-03-01")).rules == "fide-2026"
    assert read_trf(_trf(body, start="2026-07-15")).rules == "fide-2026"
