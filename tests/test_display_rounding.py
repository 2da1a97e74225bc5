"""Every value shown is rounded the same way: half up to the criterion's decimals (numbers.shown).

The command line, the Standings sheet and the columns Rank writes beside the crosstable must not
disagree on a value that ends in an exact half at the last shown decimal.
"""

from __future__ import annotations

import random


def test_rank_writes_values_rounded_as_the_command_line_prints_them() -> None:
    """The cells Rank writes round half up like every other display (an AOB of 313 / 8 = 39.125 is 39.13, not
    39.12 as round-half-even gives), and whole numbers are integers."""
    from tiebreak.core.criteria import CRITERIA
    from tiebreak.core.numbers import text
    from tiebreak.plan.values import display as _display

    aob, wins, h2h = CRITERIA["AOB"], CRITERIA["wins"], CRITERIA["h2h"]
    assert _display(313 / 8, aob) == 39.13 and round(313 / 8, 2) == 39.12
    assert _display(2.5, wins) == 3 and _display(4.0, wins) == 4 and isinstance(_display(4.0, wins), int)
    rng = random.Random(7)
    for _ in range(3000):
        v = rng.randint(0, 80000) / 8
        for c in (aob, wins, h2h):
            assert str(_display(v, c)) == text(v, c.decimals)
