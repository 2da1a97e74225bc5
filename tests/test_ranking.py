"""Places by points and the criteria list (rule 1.13.3): one hand-made event per criterion that decides a place.

Round robin matrices are written row player against column player; every
value the decision rests on is worked out in the comments.
"""

from __future__ import annotations

import pytest
from helpers import swiss_grid

import tiebreak
from tiebreak import rank

DEFAULT = "sonneborn_berger, wins, h2h, beaten, order, ratings"  # rule 1.13.3 with Sonneborn–Berger


def rr(rows: list[list[str]], names: str, ratings: list[int] | None = None) -> tiebreak.Tournament:
    head = ["No", "Name"] + (["Rtg"] if ratings else []) + [str(i + 1) for i in range(len(rows))]
    grid = [head]
    for i, row in enumerate(rows):
        grid.append([i + 1, names[i]] + ([ratings[i]] if ratings else []) + row)
    return tiebreak.read_table(grid)


def placed(r: tiebreak.Ranking) -> list[tuple[str, str, str | None]]:
    t = r.tournament
    return [(s.label, t.players[s.player].name, s.decided_by) for s in r.standings]


def test_a_tie_broken_by_the_coefficient_even_against_head_to_head() -> None:
    #      A  B  C  D  E     points
    t = rr(
        [
            ["X", "0", "1", "0", "1"],  # A  2
            ["1", "X", "1", "½", "1"],  # B  3.5
            ["0", "0", "X", "0", "1"],  # C  1
            ["1", "½", "1", "X", "0"],  # D  2.5
            ["0", "0", "0", "1", "X"],  # E  1
        ],
        "ABCDE",
    )
    assert t.points == [2, 3.5, 1, 2.5, 1]
    # C and E, 1 point each.  Sonneborn–Berger (2 × beaten + drawn):
    #   E beat D (2.5): 2 × 2.5 = 5        C beat E (1): 2 × 1 = 2
    # E is ahead although C won their game: the coefficient comes first.
    r = rank(t, DEFAULT)
    assert placed(r)[3:] == [("4", "E", "sonneborn_berger"), ("5", "C", "sonneborn_berger")]
    assert [r.by_player()[i].values["sonneborn_berger"] for i in (4, 2)] == [5, 2]


def test_a_tie_broken_only_by_wins() -> None:
    t = rr(
        [
            ["X", "1", "1", "½", "0"],  # A  2.5
            ["0", "X", "0", "½", "0"],  # B  0.5
            ["0", "1", "X", "0", "1"],  # C  2
            ["½", "½", "1", "X", "0"],  # D  2
            ["1", "1", "0", "1", "X"],  # E  3
        ],
        "ABCDE",
    )
    # C and D, 2 points.  SB: C beat B (0.5) and E (3): 2 × 3.5 = 7
    #                         D beat C (2): 4, drew A (2.5) and B (0.5): 3, so 7 — equal.
    # Wins: C 2, D 1.
    r = rank(t, DEFAULT)
    assert placed(r)[2:4] == [("3", "C", "wins"), ("4", "D", "wins")]
    byp = r.by_player()
    assert byp[2].values["sonneborn_berger"] == byp[3].values["sonneborn_berger"] == 7
    assert (byp[2].values["wins"], byp[3].values["wins"]) == (2, 1)


def test_a_three_way_head_to_head_splits_and_the_two_way_tie_is_broken_again() -> None:
    # A double round robin; two results per cell, in playing order.
    t = rr(
        [
            ["X", "11", "==", "=0"],  # A: 2 + 1 + ½ = 3.5
            ["00", "X", "1=", "11"],  # B: 0 + 1½ + 2 = 3.5
            ["==", "0=", "X", "11"],  # C: 1 + ½ + 2 = 3.5
            ["=1", "00", "00", "X"],  # D: 1½
        ],
        "ABCD",
    )
    assert t.cycles == 2 and t.points == [3.5, 3.5, 3.5, 1.5]
    # Among A, B, C: A 2 + 1 = 3, B 0 + 1½ = 1½, C 1 + ½ = 1½ -> A first.
    # Applied again to B and C alone: B 1½ against C's ½ -> B second.
    r = rank(t, "h2h")
    assert placed(r) == [("1", "A", "h2h"), ("2", "B", "h2h"), ("3", "C", "h2h"), ("4", "D", "points")]
    # shown where it was first applied: among the three
    assert [r.by_player()[i].values["h2h"] for i in range(3)] == [3, 1.5, 1.5]


def test_a_tie_broken_only_by_the_beaten_opponents_scores() -> None:
    t = rr(
        [
            ["X", "½", "½", "0", "½", "1"],  # A  2.5
            ["½", "X", "1", "½", "1", "½"],  # B  3.5
            ["½", "0", "X", "½", "1", "½"],  # C  2.5
            ["1", "½", "½", "X", "0", "1"],  # D  3
            ["½", "0", "0", "1", "X", "½"],  # E  2
            ["0", "½", "½", "0", "½", "X"],  # F  1.5
        ],
        "ABCDEF",
    )
    assert t.points == [2.5, 3.5, 2.5, 3, 2, 1.5]
    # A and C, 2.5 points.
    #   SB A: beat F (1.5) 3; drew B 3.5, C 2.5, E 2 = 8 -> 11
    #   SB C: beat E (2) 4; drew A 2.5, D 3, F 1.5 = 7 -> 11
    #   wins 1 each; they drew each other (head-to-head ½ : ½)
    #   beaten: C beat E (2) against A's F (1.5) -> C ahead
    r = rank(t, DEFAULT)
    assert placed(r)[2:4] == [("3", "C", "beaten"), ("4", "A", "beaten")]
    byp = r.by_player()
    assert (byp[2].values["beaten"], byp[0].values["beaten"]) == (2, 1.5)


def test_a_tie_broken_only_by_results_in_order_of_places() -> None:
    t = rr(
        [
            ["X", "½", "½", "0", "1", "0"],  # A  2
            ["½", "X", "½", "0", "1", "0"],  # B  2
            ["½", "½", "X", "1", "1", "½"],  # C  3.5
            ["1", "1", "0", "X", "0", "½"],  # D  2.5
            ["0", "0", "0", "1", "X", "½"],  # E  1.5
            ["1", "1", "½", "½", "½", "X"],  # F  3.5
        ],
        "ABCDEF",
    )
    assert t.points == [2, 2, 3.5, 2.5, 1.5, 3.5]
    # C and F, 3.5 points.
    #   SB C: beat D 2.5, E 1.5 -> 8; drew A 2, B 2, F 3.5 -> 7.5 -> 15.5
    #   SB F: beat A 2, B 2 -> 8; drew C 3.5, D 2.5, E 1.5 -> 7.5 -> 15.5
    #   wins 2 each; drew each other; beaten C 2.5 + 1.5 = 4, F 2 + 2 = 4
    # In order of places the next is D (3rd): C beat D, F only drew -> C first.
    r = rank(t, DEFAULT)
    assert placed(r)[:2] == [("1", "C", "order"), ("2", "F", "order")]
    byp = r.by_player()
    assert byp[2].values["order"][0] == 1 and byp[5].values["order"][0] == 0.5


def test_a_tie_broken_only_by_the_opponents_ratings_and_skipped_without_ratings() -> None:
    rows = [
        ["X", "1", "1", "1"],  # A 3
        ["0", "X", "½", "1"],  # B 1.5
        ["0", "½", "X", "1"],  # C 1.5
        ["0", "0", "0", "X"],  # D 0
    ]
    # B and C have the same result against everyone and drew each other, so every
    # criterion before the ratings is equal.  Their opponents: B plays A, C, D and
    # C plays A, B, D: 2000 + 1700 + 1500 = 5200 against 2000 + 1600 + 1500 = 5100.
    t = rr(rows, "ABCD", ratings=[2000, 1600, 1700, 1500])
    r = rank(t, DEFAULT)
    assert placed(r)[1:3] == [("2", "B", "ratings"), ("3", "C", "ratings")]
    byp = r.by_player()
    assert (byp[1].values["ratings"], byp[2].values["ratings"]) == (5200, 5100)
    # The same table without ratings: the criterion is skipped with a note, and B and C share the place.
    t = rr(rows, "ABCD")
    r = rank(t, DEFAULT)
    assert r.skipped == ["ratings"]
    assert any("ratings" in note.casefold() for note in r.notes)
    assert placed(r)[1:3] == [("2–3", "B", None), ("2–3", "C", None)]


def test_a_progressive_truncated_solkoff_needs_two_dropped_values() -> None:
    names = list("ABCDEFGH")
    rounds = [
        [("B", "E", 1), ("F", "D", 0), ("C", "G", 1), ("H", "A", 1)],
        [("C", "B", 1), ("A", "E", 0), ("G", "D", 1), ("H", "F", 0.5)],
        [("A", "F", 1), ("C", "E", 1), ("G", "B", 0), ("H", "D", 0)],
        [("B", "F", 0), ("H", "G", 1), ("E", "D", 0), ("C", "A", 0.5)],
    ]
    t = tiebreak.read_table(swiss_grid(names, rounds))
    assert dict(zip(names, t.points)) == {"A": 1.5, "B": 2, "C": 3.5, "D": 3, "E": 1, "F": 1.5, "G": 1, "H": 2.5}
    # A and F, 1.5 points.  Opponents' scores:
    #   A: H 2.5, E 1, F 1.5, C 3.5      F: D 3, H 2.5, A 1.5, B 2
    #   drop 1 worst: A 8.5 − 1 = 7.5     F 9 − 1.5 = 7.5   (equal)
    #   drop 2 worst: A 8.5 − 1 − 1.5 = 6  F 9 − 1.5 − 2 = 5.5 -> A ahead
    # (Buchholz itself, 8.5 against 9, would have put F first.)
    r = rank(t, "solkoff_trunc")
    order = [t.players[s.player].name for s in r.standings]
    assert order.index("A") + 1 == order.index("F")
    assert r.by_player()[0].decided_by == "solkoff_trunc"
    assert r.by_player()[0].values["solkoff_trunc"] == r.by_player()[5].values["solkoff_trunc"] == 7.5  # shown: k = 1
    assert tiebreak.values(t, "buchholz")[0] < tiebreak.values(t, "buchholz")[5]


def test_players_equal_on_everything_share_the_place() -> None:
    # B and C have identical results against A and D and drew each other: equal on every criterion.
    t = rr([["X", "1", "1", "1"], ["0", "X", "½", "1"], ["0", "½", "X", "1"], ["0", "0", "0", "X"]], "ABCD")
    r = rank(t, DEFAULT)
    assert r.places() == ["1", "2–3", "2–3", "4"]
    byp = r.by_player()
    assert (byp[1].place, byp[1].place_to) == (2, 3)
    assert all(byp[1].values[c] == byp[2].values[c] for c in ("sonneborn_berger", "wins", "h2h", "beaten", "order"))


def test_the_default_list_is_rule_1_13_3() -> None:
    t = rr([["X", "1"], ["0", "X"]], "AB")
    assert [c.code for c in rank(t).criteria][:5] == ["sonneborn_berger", "wins", "h2h", "beaten", "order"]
    swiss = tiebreak.read_table(swiss_grid(list("ABCD"), [[("A", "B", 1), ("C", "D", 0.5)], [("A", "C", 0), ("B", "D", 1)]]))
    assert [c.code for c in rank(swiss).criteria][:5] == ["solkoff_trunc", "wins", "h2h", "beaten", "order"]


@pytest.mark.parametrize("codes", ["BH/C1, BH, SB, DE, WIN", "solkoff, shmulyan, riga, buchholz"])
def test_any_criteria_list_ranks_every_player_once(codes: str) -> None:
    t = rr([["X", "1", "½", "0"], ["0", "X", "1", "1"], ["½", "0", "X", "1"], ["1", "0", "0", "X"]], "ABCD")
    r = rank(t, codes, "fide-2024" if "BH" in codes else "ru")
    assert sorted(s.player for s in r.standings) == [0, 1, 2, 3]
    assert [c.code for c in r.criteria] == [tiebreak.get_criterion(c).code for c in codes.split(", ")]
