"""The worked example of the draughts code (3.16): P's opponents A 3 won, B 4 won, C 2.5 drawn, D 3.5 lost, E 1.5 won.

The example is embedded in a real 10-player, 5-round Swiss whose other games
were chosen so that A..E end with exactly those scores.  P is No. 1.
"""

from __future__ import annotations

import pytest
from helpers import swiss_grid

import tiebreak
from tiebreak.core import coefficients as co
from tiebreak.core.model import DRAW, LOSS, WIN

NAMES = ["P", "A", "B", "C", "D", "E", "F", "G", "H", "J"]
# (white, black, white's result) per round
ROUNDS = [
    [("P", "A", 1), ("F", "E", 0.5), ("H", "B", 0), ("G", "C", 0), ("D", "J", 0.5)],
    [("P", "B", 1), ("F", "G", 1), ("E", "H", 0.5), ("D", "C", 1), ("J", "A", 0)],
    [("P", "C", 0.5), ("B", "G", 1), ("F", "J", 0.5), ("H", "D", 1), ("A", "E", 1)],
    [("P", "D", 0), ("G", "A", 0.5), ("E", "C", 0.5), ("F", "B", 0), ("H", "J", 0)],
    [("P", "E", 1), ("F", "H", 1), ("J", "B", 0), ("D", "G", 1), ("A", "C", 0.5)],
]
EXPECTED = {"shmulyan": 5, "sonneborn_berger": 19.5, "buchholz": 14.5, "solkoff": 9, "solkoff_trunc": 13, "riga": 24.25}


def test_pure_forms_reproduce_the_code_example() -> None:
    vals = [3, 4, 2.5, 3.5, 1.5]
    outs = [WIN, WIN, DRAW, LOSS, WIN]
    assert co.shmulyan_of(vals, outs) == 5  # (3 + 4 + 1.5) − 3.5
    assert co.sonneborn_berger_of(vals, outs) == 19.5  # 2 × 8.5 + 2.5
    assert co.buchholz_of(vals) == 14.5
    assert co.median_solkoff_of(vals) == 9  # 14.5 − 4 − 1.5
    assert co.truncated_solkoff_of(vals, 1) == 13  # 14.5 − 1.5
    assert co.riga_of(vals, outs) == 24.25  # 17 + 3.75 + 3.5


def test_the_event_gives_the_opponents_their_scores() -> None:
    t = tiebreak.read_table(swiss_grid(NAMES, ROUNDS))
    pts = dict(zip(NAMES, t.points))
    assert [pts[n] for n in "ABCDE"] == [3, 4, 2.5, 3.5, 1.5]
    assert pts["P"] == 3.5


@pytest.mark.parametrize("code, expected", EXPECTED.items())
def test_player_p_in_the_event(code: str, expected: float) -> None:
    t = tiebreak.read_table(swiss_grid(NAMES, ROUNDS))
    assert tiebreak.values(t, code)[0] == expected


@pytest.mark.parametrize("code, expected", EXPECTED.items())
def test_on_two_one_zero_scoring_every_score_sum_doubles(code: str, expected: float) -> None:
    fmt = {1: "2", 0.5: "1", 0: "0"}
    grid = swiss_grid(NAMES, [[(w, b, r) for w, b, r in rnd] for rnd in ROUNDS], fmt=lambda v: fmt[v])
    t = tiebreak.read_table(grid)
    assert t.scoring == tiebreak.DRAUGHTS
    assert t.points[0] == 7
    # every opponent score doubles; SB and Riga multiply scores by fixed factors, so they double too
    assert tiebreak.values(t, code)[0] == 2 * expected
