"""Who can still win: every field checked against a plain enumeration of every outcome.

The oracle :func:`brute` tries every result (win, draw, loss) of every
remaining game and applies the definitions of :mod:`tiebreak.core.outlook`
literally, in exact fractions.  It is run on several hundred seeded random
events (round robins with a few games left, some repeated; Swiss rounds
where each player has at most one game) under 1/½/0, 2/1/0, 3/1/0 and two
odd scorings, 1/0/-1 and 3/2/0.  Larger events are checked against answers
known by construction.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from tiebreak.core.model import CHESS, DRAUGHTS, Scoring
from tiebreak.core.outlook import Outlook, outlook

FOOTBALL = Scoring(3.0, 1.0, 0.0)
SCORINGS = [CHESS, DRAUGHTS, FOOTBALL, Scoring(1.0, 0.0, -1.0), Scoring(3.0, 2.0, 0.0)]

Fields = tuple[int, int, bool, bool]


def brute(points: list[float], games: list[tuple[int, int]], scoring: Scoring) -> list[Fields]:
    """(best_place, worst_place, can_win, clinched) for each player, by trying every outcome.

    Points are counted in half-points, as whole numbers (every value in these tests is a multiple of ½).
    """

    def halves(x: float) -> int:
        assert (2 * x).is_integer()
        return int(2 * x)

    n = len(points)
    win, draw, loss = halves(scoring.win), halves(scoring.draw), halves(scoring.loss)
    results = [(win, loss), (draw, draw), (loss, win)]
    start = [halves(p) for p in points]
    best = [n] * n
    worst = [1] * n
    for outcome in product(results, repeat=len(games)):
        final = list(start)
        for (a, b), (pa, pb) in zip(games, outcome, strict=True):
            final[a] += pa
            final[b] += pb
        for i in range(n):
            above = sum(1 for j in range(n) if final[j] > final[i])
            level_or_above = sum(1 for j in range(n) if j != i and final[j] >= final[i])
            best[i] = min(best[i], 1 + above)
            worst[i] = max(worst[i], 1 + level_or_above)
    return [(best[i], worst[i], best[i] == 1, worst[i] == 1) for i in range(n)]


def fields(o: Outlook) -> list[Fields]:
    return [(p.best_place, p.worst_place, p.can_win, p.clinched) for p in o.players]


def random_event(rng: random.Random, scoring: Scoring) -> tuple[list[float], list[tuple[int, int]]]:
    """Points on the scoring's own steps, and either some round-robin games (one maybe twice) or a Swiss round."""
    n = rng.randint(2, 7)
    step = min(scoring.win - scoring.draw, scoring.draw - scoring.loss) or 1.0
    spread = rng.choice([1, 3, 6, 10])
    points = [rng.randint(0, spread) * step for _ in range(n)]
    if rng.random() < 0.55:
        pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
        games = rng.sample(pairs, min(len(pairs), rng.randint(0, 7)))
        if games and rng.random() < 0.3:
            games.append(games[0][::-1])  # a double round robin: a second game between the same two
    else:
        order = list(range(n))
        rng.shuffle(order)
        games = [(order[k], order[k + 1]) for k in range(0, n - 1, 2)]  # an odd one out has a bye
    return points, games


CASES = [(seed, scoring) for scoring in SCORINGS for seed in range(120)]


@pytest.mark.parametrize(("seed", "scoring"), CASES, ids=[f"{s.label}-{seed}" for seed, s in CASES])
def test_agrees_with_every_outcome(seed: int, scoring: Scoring) -> None:
    points, games = random_event(random.Random(seed), scoring)
    o = outlook(points, games, scoring)
    assert fields(o) == brute(points, games, scoring)
    assert o.exact and all(p.exact for p in o.players)
    assert o.games_left == len(games)
    for i, p in enumerate(o.players):
        count = sum((a == i) + (b == i) for a, b in games)
        assert p.points == points[i]
        assert p.min_points == points[i] + count * scoring.loss
        assert p.max_points == points[i] + count * scoring.win


BOUND_CASES = [(seed, scoring) for scoring in SCORINGS for seed in range(1000, 1060)]


@pytest.mark.parametrize(("seed", "scoring"), BOUND_CASES, ids=[f"{s.label}-{seed}" for seed, s in BOUND_CASES])
def test_bounds_are_sound_when_the_search_gives_up(seed: int, scoring: Scoring) -> None:
    # no group is searched to the end: every place comes from the bounds (or is settled without search)
    rng = random.Random(seed)
    points, games = random_event(rng, scoring)
    o = outlook(points, games, scoring, exact_games=0, budget=rng.choice([0, 1, 3]))
    half = 2 * scoring.draw == scoring.win + scoring.loss
    for p, (best, worst, can_win, clinched) in zip(o.players, brute(points, games, scoring), strict=True):
        assert p.best_place <= best and p.worst_place >= worst  # the final place always lies between them
        assert p.clinched == clinched  # exact for any scoring
        if half:
            assert p.can_win == can_win  # exact by flow
        else:
            assert p.can_win or not can_win  # "not ruled out"
        if p.exact:
            assert (p.best_place, p.worst_place, p.can_win) == (best, worst, can_win)
    assert o.exact == all(p.exact for p in o.players)


def test_bounds_certified_by_flow_and_bounds_flagged() -> None:
    # Ann on 2 (1/½/0; 4 in 3/1/0) with no game left, five players on 0 with all ten games among them left.
    # The five share 10 points (at least 20 in 3/1/0), all draws giving each 2 (4): Ann can win
    # (shared) and can be 6th.  With no search allowed Ann's worst place comes from a bound:
    # the five need 4 half-points each and the games hand out 20.  In 1/½/0 a flow finds the
    # outcome that reaches it (all draws), so it is exact; in 3/1/0 it stays a bound (tight here).
    # The others' places are settled without a search.
    games = [(a, b) for a in range(1, 6) for b in range(a + 1, 6)]
    for scoring, ann in ((CHESS, 2.0), (FOOTBALL, 4.0)):
        points = [ann] + [0.0] * 5
        searched = outlook(points, games, scoring)
        assert searched.exact and fields(searched) == [(1, 6, True, False)] * 6
        bounded = outlook(points, games, scoring, exact_games=0, budget=0)
        assert bounded.exact == (scoring is CHESS) == bounded.players[0].exact
        assert all(p.exact for p in bounded.players[1:])
        assert fields(bounded) == fields(searched)


def test_a_bound_that_is_not_reached_is_flagged() -> None:
    # 1/½/0: Ann 2.5, Bob 2, Cid 2.5 (no game left), Dan 2.5, Eve 2; left: Ann-Eve, Dan-Eve, Bob-Dan.
    # Cid is passed by two at least.  If Ann and Dan both stay on 2.5 they lose every game, and
    # Eve (3) and Bob (3) pass him; if Ann passes him, Dan must lose both to stay on 2.5, and Eve
    # and Bob, with a point each from Dan, pass him too; if Dan passes him, Ann must lose to Eve,
    # who passes him too.  Ann and Dan beating Eve and Dan beating Bob leaves exactly two above: 3rd.
    # The flow bound, which sees only how many half-points the games hand out, says 2nd.
    points, games = [2.5, 2.0, 2.5, 2.5, 2.0], [(0, 4), (3, 4), (1, 3)]
    assert fields(outlook(points, games, CHESS))[2] == (3, 5, False, False) == brute(points, games, CHESS)[2]
    bounded = outlook(points, games, CHESS, exact_games=0, budget=0)
    cid = bounded.players[2]
    assert (cid.best_place, cid.worst_place, cid.can_win, cid.exact) == (2, 5, False, False)
    assert not bounded.exact


def test_a_round_robin_of_four_worked_by_hand() -> None:
    # Ann, Bob, Cid, Dan; played: Ann beat Cid and Dan, Bob drew Cid and beat Dan.
    # Points 2, 1.5, 0.5, 0; left: Ann-Bob and Cid-Dan (1/½/0).
    # Ann 2..3: winning she is first alone; losing she has 2 and Bob 2.5 (Cid at most 1.5): 1st to 2nd.
    # Bob 1.5..2.5: beating Ann he is first alone (2.5 > 2); losing, Ann has 3 and Cid,
    #   beating Dan, 1.5 level with him, counted against him: 1st to 3rd.
    # Cid 0.5..1.5: Ann has at least 2 > 1.5, so never first; beating Dan while Bob loses
    #   (Bob 1.5, level, in his favour) only Ann is above: 2nd; losing, Dan has 1 above 0.5: 4th.
    # Dan 0..1: Ann and Bob have at least 1.5 each: 3rd at best, 4th at worst.
    # Nobody has clinched: Bob's 2.5 reaches Ann's least, 2.
    o = outlook([2.0, 1.5, 0.5, 0.0], [(0, 1), (2, 3)], CHESS)
    assert fields(o) == [(1, 2, True, False), (1, 3, True, False), (2, 4, False, False), (3, 4, False, False)]
    assert [p.max_points for p in o.players] == [3.0, 2.5, 1.5, 1.0]
    assert o.games_left == 2 and o.exact
    # the same event in draughts points (2/1/0) gives the same places
    assert fields(outlook([4.0, 3.0, 1.0, 0.0], [(0, 1), (2, 3)], DRAUGHTS)) == fields(o)


def test_football_scoring_where_draws_give_fewer_points() -> None:
    # 3/1/0: Ann has 4 and no game left; Bob, Cid, Dan have 2 each and play each other.
    # All three games drawn: everyone has 4, so Ann can win (shared) and can also be 4th (ties against her).
    # Any decisive game hands out 3 points, and someone gets above 4 only by winning a game:
    # Bob beating Cid and Dan has 8 while Cid-Dan drawn leave them 3 each: Ann 2nd.
    # For Bob: beating both he is first alone (8); losing both he has 2, below everyone.
    o = outlook([4.0, 2.0, 2.0, 2.0], [(1, 2), (2, 3), (1, 3)], FOOTBALL)
    assert fields(o) == [(1, 4, True, False)] + [(1, 4, True, False)] * 3
    # with one point less Ann cannot win: the three games hand out at least 6 points, so someone reaches 4
    assert fields(outlook([3.0, 2.0, 2.0, 2.0], [(1, 2), (2, 3), (1, 3)], FOOTBALL))[0] == (2, 4, False, False)


def test_two_games_left_between_the_same_two() -> None:
    # a double round robin: Ann 3, Bob 2, both games between them left (1/½/0).
    # Bob needs at least 1.5 of the 2 points to pass Ann, exactly 1 to draw level.
    o = outlook([3.0, 2.0], [(0, 1), (1, 0)], CHESS)
    assert fields(o) == [(1, 2, True, False), (1, 2, True, False)]
    assert o.players[1].max_points == 4.0
    # Ann on 4: Bob can reach 4 only by winning both: level, so he can win (shared), Ann has not clinched
    assert fields(outlook([4.0, 2.0], [(0, 1), (0, 1)], CHESS)) == [(1, 2, True, False), (1, 2, True, False)]
    # Ann on 4.5: Bob reaches 4 at most: Ann has clinched
    assert fields(outlook([4.5, 2.0], [(0, 1), (0, 1)], CHESS)) == [(1, 1, True, True), (2, 2, False, False)]


def test_no_games_left() -> None:
    o = outlook([2.0, 3.0, 2.0], [], CHESS)
    assert fields(o) == [(2, 3, False, False), (1, 1, True, True), (2, 3, False, False)]
    assert o.games_left == 0 and o.exact


def test_twelve_games_in_one_group_are_always_exact() -> None:
    # six players close on points, twelve games left among them: exact even with no budget at all
    rng = random.Random(12)
    pairs = [(a, b) for a in range(6) for b in range(a + 1, 6)]
    for scoring in (CHESS, FOOTBALL):
        games = rng.sample(pairs, 12)
        points = [float(rng.randint(3, 5)) for _ in range(6)]
        assert outlook(points, games, scoring, budget=0).exact


def test_ten_games_in_one_group_against_every_outcome() -> None:
    rng = random.Random(10)
    pairs = [(a, b) for a in range(6) for b in range(a + 1, 6)]
    for scoring in (CHESS, FOOTBALL):
        games = rng.sample(pairs, 10)
        points = [float(rng.randint(2, 4)) for _ in range(6)]
        assert fields(outlook(points, games, scoring, budget=0)) == brute(points, games, scoring)


def _swiss_oracle(points: list[float], games: list[tuple[int, int]], scoring: Scoring) -> list[Fields]:
    """A round where each player has one game at most: every game can be decided on its own.

    For player i, fix his own game (won for the best place, lost for the worst);
    every other game then adds, independently, the fewest (or most) players
    above him its three results can give.
    """
    results = [(scoring.win, scoring.loss), (scoring.draw, scoring.draw), (scoring.loss, scoring.win)]
    out: list[Fields] = []
    for i in range(len(points)):
        ends = []
        for won in (True, False):
            final = list(points)
            others = []
            for a, b in games:
                if i in (a, b):
                    opponent = b if a == i else a
                    final[i] += scoring.win if won else scoring.loss
                    final[opponent] += scoring.loss if won else scoring.win
                else:
                    others.append((a, b))
            mine = final[i]
            busy = {p for g in others for p in g}

            def counted(x: float, best: bool = won, mine: float = mine) -> bool:
                return x > mine if best else x >= mine

            count = sum(1 for j in range(len(points)) if j != i and j not in busy and counted(final[j]))
            for a, b in others:
                per = [counted(final[a] + pa) + counted(final[b] + pb) for pa, pb in results]
                count += min(per) if won else max(per)
            ends.append(1 + count)
        out.append((ends[0], ends[1], ends[0] == 1, ends[1] == 1))
    return out


@pytest.mark.parametrize("scoring", [CHESS, DRAUGHTS, FOOTBALL])
@pytest.mark.parametrize("size", [40, 41, 401])
def test_a_swiss_round_paired_and_not_played(scoring: Scoring, size: int) -> None:
    # a Swiss of 40 with the last round paired: 20 games, 3**20 outcomes, yet exact, since each
    # game stands alone; with 41 and 401 players one has a bye, added to his points by the caller
    rng = random.Random(size)
    unit = scoring.draw
    points = [rng.randint(6, 12) * unit for _ in range(size)]
    order = list(range(size))
    rng.shuffle(order)
    games = [(order[k], order[k + 1]) for k in range(0, size - 1, 2)]
    if size % 2:
        points[order[-1]] += scoring.win  # the pairing-allocated bye
    o = outlook(points, games, scoring)
    assert o.exact and o.games_left == size // 2
    assert fields(o) == _swiss_oracle(points, games, scoring)
    # the oracle agrees with every outcome on a smaller round
    small_points, small_games = points[:9], [(0, 1), (2, 3), (4, 5), (6, 7)]
    assert _swiss_oracle(small_points, small_games, scoring) == brute(small_points, small_games, scoring)


def test_forty_players_a_dense_group_of_forty_five_games() -> None:
    # Ten players on 3 points each with all 45 games among them left (1/½/0), and thirty
    # more with no game left: Ann on 7.5, Bob on 7, the rest on 0 to 2.
    # The ten share 45 points, so the most any of them gets is at least the mean 3 + 4.5 = 7.5,
    # and all games drawn gives each exactly 7.5: Ann can win (shared) and Bob cannot.
    # Ann's worst: all drawn puts all ten level with her: 11th, no more since Bob stays below.
    # Bob's best: nine of the ten on at most 7 take at most 9 * 4 = 36 of the 45 points,
    # so at least one more is above him; one of them winning all nine (12) and the rest
    # drawing (7 each) gives exactly that, with Ann above too: 3rd.  His worst: all drawn, 12th.
    # Each of the ten: first alone by winning all nine, 12th by losing all nine (the other nine
    # can all pass 3, and Ann and Bob are above).
    # With no search at all, the bounds are reached by flows, so every place is exact either way.
    group = list(range(10))
    games = [(a, b) for a in group for b in group if a < b]
    rng = random.Random(45)
    points = [3.0] * 10 + [7.5, 7.0] + [rng.randint(0, 4) * 0.5 for _ in range(28)]
    o = outlook(points, games, CHESS)
    assert o.games_left == 45 and o.exact
    assert fields(o)[:12] == [(1, 12, True, False)] * 10 + [(1, 11, True, False), (3, 12, False, False)]
    assert not any(p.can_win or p.clinched for p in o.players[12:])
    bounded = outlook(points, games, CHESS, budget=0)
    assert bounded.exact and fields(bounded) == fields(o)


def test_forty_players_twenty_games_in_one_group_bounds_and_flow() -> None:
    # 40 players, 20 games left among seven of them (1/½/0).  Searched, every place is exact;
    # with no search allowed some places are bounds, flagged, and never wrong in direction,
    # while can_win (by flow) and clinched stay exactly the same.
    rng = random.Random(0)
    pairs = [(a, b) for a in range(7) for b in range(a + 1, 7)]
    games = rng.sample(pairs, 20)
    points = [rng.randint(4, 8) * 0.5 for _ in range(7)] + [rng.randint(0, 10) * 0.5 for _ in range(33)]
    searched = outlook(points, games, CHESS)
    bounded = outlook(points, games, CHESS, budget=0)
    assert searched.exact and searched.games_left == 20
    assert not bounded.exact
    flagged = 0
    for p, q in zip(bounded.players, searched.players, strict=True):
        assert (p.can_win, p.clinched) == (q.can_win, q.clinched)
        assert p.best_place <= q.best_place and p.worst_place >= q.worst_place
        if (p.best_place, p.worst_place) != (q.best_place, q.worst_place):
            assert not p.exact
            flagged += 1
    assert flagged  # the bounds are not all tight here
    assert sum(p.can_win for p in searched.players) >= 2


def test_points_in_tenths_and_fractions_are_compared_exactly() -> None:
    # 0.1 + 0.2 is not 0.3 in binary floating point; the points are read as the decimals they stand for
    o = outlook([0.1 + 0.2, 0.3], [], Scoring(1.0, 0.1, 0.0))
    assert fields(o) == [(1, 2, True, False), (1, 2, True, False)]


def test_bad_games_are_refused() -> None:
    with pytest.raises(ValueError):
        outlook([1.0, 2.0], [(0, 0)], CHESS)
    with pytest.raises(ValueError):
        outlook([1.0, 2.0], [(0, 2)], CHESS)
