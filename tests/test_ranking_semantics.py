"""Exact ranking semantics: results in order of places (rule 1.13.3), AOB compared
exactly (FIDE C.07 8.2), round-robin forfeits under FIDE C.07 Art. 15.2, and what
the DE column shows (C.07 6).  Every expected value is worked out by hand in the
comments."""

from __future__ import annotations

from pathlib import Path

import pytest

import tiebreak
from tiebreak.core.criteria import get_criterion
from tiebreak.core.model import Tournament
from tiebreak.core.numbers import half_up
from tiebreak.io.trf import read_trf_file

REF = Path(__file__).parent / "reference"


def _by_name(t: Tournament, ranking: tiebreak.Ranking) -> dict[str, str]:
    return {t.players[s.player].name: s.label for s in ranking.standings}


# ---------------------------------------------------------------- 1.13.3: order of places
# Round robin of five: A–B ½–½; A beat C and E, lost to D; B beat D and E, lost to C;
# C beat D, lost to E; D beat E; E beat C only.
RR_ORDER = [
    # A    B    C    D    E
    ["X", "½", 1, 0, 1],  # A 2.5
    ["½", "X", 0, 1, 1],  # B 2.5
    [0, 1, "X", 1, 0],  # C 2
    [1, 0, 0, "X", 1],  # D 2
    [0, 0, 1, 0, "X"],  # E 1
]


def test_order_of_places_uses_the_places_after_head_to_head() -> None:
    """Rule 1.13.3, criteria h2h, order: A and B are equal on points (2.5) and on head-to-head (½ each).

    C and D are equal on points (2) but head-to-head puts C (who beat D) 3rd and D 4th.
    In the order of those places A scored 1 against C, 0 against D, 1 against E:
    (1, 0, 1); B scored 0 against C, 1 against D, 1 against E: (0, 1, 1).  A is ahead.
    Ordered by points alone, C and D would be one place (A 1 + 0 = B 0 + 1) and A, B would share 1–2.
    """
    t = tiebreak.read_table([["No", "Name", 1, 2, 3, 4, 5]] + [[i + 1, n, *row] for i, (n, row) in enumerate(zip("ABCDE", RR_ORDER))])
    assert t.points == [2.5, 2.5, 2.0, 2.0, 1.0]
    r = tiebreak.rank(t, "h2h, order")
    assert _by_name(t, r) == {"A": "1", "B": "2", "C": "3", "D": "4", "E": "5"}
    by = {t.players[s.player].name: s for s in r.standings}
    assert by["A"].decided_by == "order" and by["B"].decided_by == "order"
    assert by["A"].values["order"] == (1.0, 0.0, 1.0) and by["B"].values["order"] == (0.0, 1.0, 1.0)


# Swiss, 6 players, 4 rounds (white first):
SWISS_ORDER = [
    (1, "D", "C", 0, 1), (1, "A", "B", 0, 1), (1, "E", "F", 0.5, 0.5),
    (2, "D", "B", 1, 0), (2, "A", "F", 0.5, 0.5), (2, "E", "C", 0, 1),
    (3, "A", "E", 0, 1), (3, "B", "C", 0.5, 0.5), (3, "F", "D", 0, 1),
    (4, "D", "A", 0.5, 0.5), (4, "B", "E", 0, 1), (4, "C", "F", 1, 0),
]


def test_order_of_places_uses_the_progressive_truncated_solkoff() -> None:
    """Rule 1.13.3 with the default Swiss criteria (truncated Solkoff, wins, h2h, beaten, order, ratings).

    Points: C 3.5, D 2.5, E 2.5, B 1.5, A 1, F 1.
    D and E: opponents' scores D {C 3.5, B 1.5, F 1, A 1}, E {F 1, C 3.5, A 1, B 1.5}: the same,
    so every truncated Solkoff step is equal (6, 5, 3.5); wins 2 and 2; they did not meet (h2h 0, 0);
    beaten D: B 1.5 + F 1 = 2.5, E: A 1 + B 1.5 = 2.5.  So "order" decides.
    A and F (1 point each, no wins, beaten 0) are separated only by the truncated Solkoff:
    F 9.5 − 1 = 8.5 against A 7.5 − 1 = 6.5, so F is 5th and A 6th.
    In the order C, B, F, A: D scored (0, 1, 1, ½) and E (0, 1, ½, 1): D is 2nd, E 3rd.
    Had F and A been one place, both would have (0, 1, 1.5) and shared 2–3.
    """
    t = Tournament.from_games(list("ABCDEF"), SWISS_ORDER)
    assert t.points == [1.0, 1.5, 3.5, 2.5, 2.5, 1.0]
    # A {B 1.5, F 1, E 2.5, D 2.5} 7.5 − 1; B {A 1, D 2.5, C 3.5, E 2.5} 9.5 − 1; C {D, E, B, F} 7.5 − 1;
    # D, E 7 − 1; F {E 2.5, A 1, D 2.5, C 3.5} 9.5 − 1
    assert tiebreak.values(t, "solkoff_trunc") == [6.5, 8.5, 6.5, 6.0, 6.0, 8.5]
    r = tiebreak.rank(t)
    assert _by_name(t, r) == {"C": "1", "D": "2", "E": "3", "B": "4", "F": "5", "A": "6"}
    by = {t.players[s.player].name: s for s in r.standings}
    assert by["D"].decided_by == "order" and by["F"].decided_by == "solkoff_trunc"
    assert by["D"].values["order"] == (0.0, 1.0, 1.0, 0.5) and by["E"].values["order"] == (0.0, 1.0, 0.5, 1.0)


# ---------------------------------------------------------------- C.07 8.2: AOB exact
# An 11-player, 9-round Swiss (B has the pairing bye in round 3).
AOB_GAMES = [
    (1, "D", "C", 0, 1), (1, "K", "A", 1, 0), (1, "F", "J", 0.5, 0.5), (1, "B", "I", 1, 0), (1, "E", "G", 1, 0),
    (2, "I", "G", 0, 1), (2, "B", "K", 0, 1), (2, "C", "A", 1, 0), (2, "J", "E", 0, 1), (2, "F", "H", 1, 0),
    (3, "D", "K", 1, 0), (3, "G", "H", 1, 0), (3, "E", "C", 0, 1), (3, "I", "J", 0.5, 0.5), (3, "A", "F", 0, 1),
    (4, "D", "B", 0.5, 0.5), (4, "I", "H", 0.5, 0.5), (4, "K", "F", 1, 0), (4, "G", "J", 1, 0), (4, "A", "E", 0, 1),
    (5, "I", "K", 1, 0), (5, "B", "E", 0, 1), (5, "H", "D", 1, 0), (5, "F", "G", 0, 1), (5, "A", "J", 1, 0),
    (6, "E", "H", 1, 0), (6, "I", "A", 1, 0), (6, "K", "C", 0.5, 0.5), (6, "B", "F", 0, 1), (6, "G", "D", 0, 1),
    (7, "H", "A", 0, 1), (7, "C", "F", 1, 0), (7, "B", "J", 1, 0), (7, "E", "K", 0.5, 0.5), (7, "I", "D", 1, 0),
    (8, "D", "F", 0.5, 0.5), (8, "A", "G", 0.5, 0.5), (8, "K", "J", 0.5, 0.5), (8, "C", "B", 0, 1), (8, "E", "I", 1, 0),
    (9, "H", "K", 0.5, 0.5), (9, "E", "F", 1, 0), (9, "I", "C", 0.5, 0.5), (9, "J", "D", 0, 1), (9, "A", "B", 0.5, 0.5),
]


def test_aob_is_compared_exactly_and_rounded_only_for_display() -> None:
    """C.07 8.2 AOB: the mean Buchholz of the opponents played.

    B and K both have 5 points.  B played 8 games (bye in round 3): opponents' BH
    I 45.5 + K 42.5 + D 43.5 + E 41.5 + F 45.5 + J 43 + C 48 + A 46 = 355.5, / 8 = 44.4375.
    K played 9: A 46 + B 43.5 + D 43.5 + F 45.5 + I 45.5 + C 48 + E 41.5 + J 43 + H 43.5 = 400, / 9 = 44.444...
    Both show as 44.44, but K is ahead.
    """
    t = Tournament.from_games(list("ABCDEFGHIJK"), AOB_GAMES)
    b, k = t.index_of("B"), t.index_of("K")
    bh = tiebreak.values(t, "BH", "fide-2024")
    assert [bh[t.index_of(x)] for x in "IKDEFJCA"] == [45.5, 42.5, 43.5, 41.5, 45.5, 43.0, 48.0, 46.0]
    assert [bh[t.index_of(x)] for x in "ABDFICEJH"] == [46.0, 43.5, 43.5, 45.5, 45.5, 48.0, 41.5, 43.0, 43.5]
    aob = tiebreak.values(t, "AOB", "fide-2024")
    assert aob[b] == 355.5 / 8 == 44.4375
    assert aob[k] == pytest.approx(400 / 9)
    assert half_up(aob[b], 2) == half_up(aob[k], 2) == 44.44
    r = tiebreak.rank(t, "AOB", "fide-2024")
    places = _by_name(t, r)
    assert (places["K"], places["B"]) == ("4", "5")  # not a shared 4–5
    assert get_criterion("AOB").decimals == 2


# ---------------------------------------------------------------- C.07 15.2: round-robin forfeits
def test_round_robin_forfeit_under_fide_2024_and_2026() -> None:
    """C.07 Art. 15.2 (both editions): in a round robin a forfeit counts as a game against the scheduled
    opponent for the tie-breaks built on opponents and results (BH, SB, KS, DE); the tie-breaks defined by
    games over the board (WON 7.2, BPG 7.3, BWG 7.4) do not count it; GE (7.5) counts a forfeit win
    (a round won without playing) and not a forfeit loss; WIN (7.1) counts the forfeit win.

    Alice–Bob 1–0, Alice–Carol forfeit (Carol, Black, wins), Alice–Dave 1–0, Bob–Dave 1–0, Bob–Carol 1–0,
    Carol–Dave ½–½.  Points A 2, B 2, C 1.5, D 0.5.
    WIN: A 2, B 2, C 1 (the forfeit), D 0.  WON: A 2, B 2, C 0, D 0.
    BPG: A 0, B 1 (round 1), C 1 (round 3; the forfeit in round 2 is not a game), D 3.  BWG: none.
    GE: A 2 (the forfeit loss is not), B 3, C 3 (the forfeit win is), D 3.
    KS: at least half the maximum, 1.5 of 3: A, B, C.  A: 1 (Bob) + 0 (Carol, the forfeit) = 1;
    B: 0 + 1 = 1; C: 1 (Alice, the forfeit) + 0 = 1; D: ½ (Carol) + 0 + 0 = ½.
    BH: C 2 + 2 + 0.5 = 4.5 (the forfeit's opponent Alice counts).
    """
    t = read_trf_file(REF / "c07_2026_articles" / "art15_2_rr.trf")
    assert t.is_round_robin and t.points == [2.0, 2.0, 1.5, 0.5]
    expected = {
        "WIN": [2, 2, 1, 0],
        "WON": [2, 2, 0, 0],
        "BPG": [0, 1, 1, 3],
        "BWG": [0, 0, 0, 0],
        "GE": [2, 3, 3, 3],
        "KS": [1, 1, 1, 0.5],
        "BH": [4, 4, 4.5, 5.5],
        "SB": [2.5, 2, 2.25, 0.75],
    }
    for rules in ("fide-2024", "fide-2026"):
        for code, values in expected.items():
            assert tiebreak.values(t, code, rules) == [float(v) for v in values], (rules, code)


# ---------------------------------------------------------------- C.07 6: the DE column
def test_de_column_shows_points_among_the_tied() -> None:
    """The DE column shows each player's points in the games among the players still tied where DE
    was applied (C.07 6), and says so in its header; elsewhere it is empty.

    In RR_ORDER, A and B (2.5) drew: ½ each, still tied; C and D (2): C beat D, 1 and 0; E is alone.
    """
    t = tiebreak.read_table([["No", "Name", 1, 2, 3, 4, 5]] + [[i + 1, n, *row] for i, (n, row) in enumerate(zip("ABCDE", RR_ORDER))])
    de = get_criterion("DE")
    assert "points among the tied" in de.name and "очки" in de.name_ru
    r = tiebreak.rank(t, "DE", "fide-2024")
    shown = {t.players[s.player].name: s.values["DE"] for s in r.standings}
    assert shown == {"A": 0.5, "B": 0.5, "C": 1.0, "D": 0.0, "E": None}
    assert _by_name(t, r) == {"A": "1–2", "B": "1–2", "C": "3", "D": "4", "E": "5"}
    # the same values outside a ranking (worksheet function TIEBREAK(table, "DE"))
    assert tiebreak.values(t, "DE", "fide-2024") == [0.5, 0.5, 1.0, 0.0, None]


# ---------------------------------------------------------------- the content cache
def test_cache_tells_true_from_one() -> None:
    """A table read with 1/0 results is not the answer for the same table with TRUE/FALSE cells
    (Python's equality says True == 1; the cache compares types too)."""
    from tiebreak.calc.cache import TableCache
    from tiebreak.core.errors import TiebreakError

    cache = TableCache()
    numbers = [["X", 1, 0], [0, "X", 1], [1, 0, "X"]]
    logical = [["X", True, False], [False, "X", True], [True, False, "X"]]
    assert numbers == logical  # what a value-only comparison sees
    assert cache.tournament(numbers).points == [1.0, 1.0, 1.0]
    with pytest.raises(TiebreakError):
        cache.tournament(logical)
    assert cache.reads == 2
    assert cache.tournament([row[:] for row in numbers]).points == [1.0, 1.0, 1.0]
    assert cache.reads == 2  # the numbers' table is still found
    with pytest.raises(TiebreakError):  # and the logical one too, from the cache
        cache.tournament([row[:] for row in logical])
    assert cache.reads == 2
