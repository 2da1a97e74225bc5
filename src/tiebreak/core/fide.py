"""FIDE tie-breaks (C.07) by their acronyms: BH, BH/C1, BH/M1, FB, AOB, SB, SB/C1, KS, DE, WIN, WON,
BPG, BWG, GE/REP, PS, ARO, TPR, APRO, PTP, APPO, STD.

Every one is computed from the rule set's :class:`~tiebreak.core.counting.Evaluation`
only (the treatment of unplayed rounds lives in the rule set); the registry
(:mod:`tiebreak.core.criteria`) names them.
Modifiers: ``/C<k>`` cuts the k least significant values, ``/M<k>`` the k
least and k most significant (Art. 14, with the exception of Art. 16.5).

>>> dp(0.75), dp(0.5), expected_score(2200 - 2000)
(193, 0, 0.76)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tiebreak.core import coefficients as co
from tiebreak.core.counting import Evaluation, Ratings
from tiebreak.core.numbers import half_up as _half_up

__all__ = [
    "Ratings",
    "aob",
    "aro",
    "average_of",
    "bh",
    "bpg",
    "bwg",
    "de_points",
    "direct_encounter",
    "dp",
    "encounters",
    "expected_score",
    "fore_buchholz",
    "ge",
    "koya",
    "perfect_performance",
    "performance",
    "progressive_score",
    "ptp",
    "sb",
    "standard_points",
    "tpr",
    "win",
    "won",
]


# FIDE B.02 table 8.1a: percentage score p (0..100) -> rating difference dp
_DP = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296, -284, -273, -262,
    -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141, -133, -125, -117, -110, -102, -95, -87,
    -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7, 0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117,
    125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
]
# FIDE B.02 table 8.1b: upper bound of |rating difference| for each expected percentage 50..99 (100 above 735)
_PD_BOUNDS = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170, 179, 188, 197,
    206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
]


def dp(fraction: float) -> int:
    """Rating difference for a score fraction (table 8.1a, percentage rounded half-up)."""
    p = int(_half_up(round(100 * fraction, 9)))
    return _DP[max(0, min(100, p))]


def expected_score(diff: float) -> float:
    """Expected score of the higher-rated player for a rating difference (table 8.1b), as a fraction."""
    d = min(abs(int(diff)), 800)
    pct = 100
    for i, bound in enumerate(_PD_BOUNDS):
        if d <= bound:
            pct = 50 + i
            break
    return pct / 100 if diff >= 0 else (100 - pct) / 100


def performance(ratings: Sequence[float], score: float) -> int:
    """TPR: the rounded average rating plus dp of the percentage score."""
    aro = int(_half_up(sum(ratings) / len(ratings)))
    n = len(ratings)
    p = int(_half_up(round(100 * score, 9) / n))
    return aro + _DP[max(0, min(100, p))]


def perfect_performance(ratings: Sequence[float], score: float) -> int:
    """PTP (10.3): the lowest rating whose expected score against the opponents reaches the score."""
    if score <= 0:
        return int(min(ratings)) - 800
    lo, hi = int(min(ratings)) - 800, int(max(ratings)) + 800
    while lo < hi:
        mid = (lo + hi) // 2
        if sum(expected_score(mid - r) for r in ratings) + 1e-9 >= score:
            hi = mid
        else:
            lo = mid + 1
    return lo


# ------------------------------------------------------------ score based
def bh(low: int = 0, high: int = 0) -> Callable[[Evaluation, Ratings], list[float]]:
    """BH, BH/Ck, BH/Mk (C.07 8.1, 14, 16.5): the coefficients' Buchholz."""

    def compute(ev: Evaluation, ratings: Ratings = None) -> list[float]:
        return co.buchholz(ev, low, high)

    return compute


def sb(low: int = 0, high: int = 0) -> Callable[[Evaluation, Ratings], list[float]]:
    """SB, SB/Ck (C.07 9.1, 14, 16.5)."""

    def compute(ev: Evaluation, ratings: Ratings = None) -> list[float]:
        return co.fide_sonneborn_berger(ev, low, high)

    return compute


def fore_buchholz(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """FB (C.07 8.3): Buchholz as if every game paired in the last round had been drawn."""
    return co.buchholz(ev.fore())


def aob(ev: Evaluation, ratings: Ratings = None) -> list[float | None]:
    """AOB (C.07 8.2): the mean Buchholz of the opponents played, exact (rounded only for display)."""
    bhs = ev.memo(("value", "BH", None), lambda: co.buchholz(ev))
    out: list[float | None] = []
    for opp, played in zip(ev.opp, ev.played):
        games = [bhs[q] for q, g in zip(opp, played) if g and q >= 0]
        out.append(sum(games) / len(games) if games else None)
    return out


def koya(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """KS (C.07 9.2): points scored against the opponents with at least half the maximum score.

    Every scheduled game counts, a forfeit too (its points as scored).  The
    maximum is that of the games played so far: an unfinished round-robin
    matrix, which has a column for every game, counts the most games any
    player has had, as the same event given in rounds (TRF) counts its rounds.
    """
    n = ev.n
    maxgames = ev.rounds
    if not ev.has_rounds:
        maxgames = max((sum(1 for q in opp if q >= 0) for opp in ev.opp), default=0)
    if ev.round_robin and ev.has_rounds and n and ev.rounds % n == 0:
        maxgames -= ev.rounds // n
    lim = 0.5 * ev.scoring.win * maxgames
    pts = ev.points
    return [float(sum(x for q, x in zip(opp, own) if q >= 0 and pts[q] + 1e-9 >= lim)) for opp, own in zip(ev.opp, ev.pts)]


# ------------------------------------------------------------ own results
def win(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """WIN (C.07 7.1): rounds with a win's points, played or not."""
    w = ev.scoring.win
    return [float(sum(1 for x in row if x == w)) for row in ev.pts]


def won(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """WON (C.07 7.2): games won over the board (a forfeit is not, in a round robin either)."""
    w = ev.scoring.win
    return [float(sum(1 for x, g in zip(pts, played) if g and x == w)) for pts, played in zip(ev.pts, ev.played)]


def bpg(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """BPG (C.07 7.3): games played over the board with Black."""
    return [float(sum(1 for c, g in zip(col, played) if g and c == "b")) for col, played in zip(ev.colour, ev.played)]


def bwg(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """BWG (C.07 7.4): games won over the board with Black."""
    w = ev.scoring.win
    return [
        float(sum(1 for c, x, g in zip(col, pts, played) if g and c == "b" and x == w))
        for col, pts, played in zip(ev.colour, ev.pts, ev.played)
    ]


def ge(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """GE (C.07 7.5): rounds played over the board or won without playing (forfeit win, full-point bye)."""
    w = ev.scoring.win
    return [float(sum(1 for x, g in zip(pts, played) if g or x == w)) for pts, played in zip(ev.pts, ev.played)]


def progressive_score(cut: int = 0) -> Callable[[Evaluation, Ratings], list[float]]:
    """PS, PS/Ck (C.07 7.6): Σ of the running scores after each round (without the first k)."""

    def compute(ev: Evaluation, ratings: Ratings = None) -> list[float]:
        waiting = ev.tournament.waiting  # a round waiting for its result is not there yet: no running score for it
        out = []
        for p, row in enumerate(ev.pts):
            cum = 0.0
            total = 0.0
            counted = 0
            for i, x in enumerate(row):
                if waiting and (p, i) in waiting:
                    continue
                cum += x
                if counted >= cut:
                    total += cum
                counted += 1
            out.append(total)
        return out

    return compute


def standard_points(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """STD (C.07 7.7, 2026): 1 per round scored above a draw, ½ per draw."""
    d = ev.scoring.draw
    return [float(sum(1.0 if x > d else 0.5 if x == d else 0.0 for x in row)) for row in ev.pts]


# ---------------------------------------------------------------- ratings
def _rated(ev: Evaluation, ratings: Ratings) -> list[float] | None:
    rt = list(ratings) if ratings is not None else ev.ratings
    if not rt or any(not r for r in rt):
        return None  # FIDE: with an unrated player every rating tie-break is undefined
    return [float(r) for r in rt]  # type: ignore[arg-type]


def _opponents(ev: Evaluation, p: int, rt: list[float]) -> tuple[list[float], list[float]]:
    sc = ev.scoring
    games = [(q, x) for q, x, g in zip(ev.opp[p], ev.pts[p], ev.played[p]) if g and q >= 0]
    ratings = [rt[q] for q, _ in games]
    results = [1.0 if x == sc.win else 0.5 if x == sc.draw else 0.0 for _, x in games]
    return ratings, results


def _drop_lowest(ratings: list[float], results: list[float]) -> tuple[list[float], list[float]]:
    i = min(range(len(ratings)), key=lambda k: ratings[k])
    return ratings[:i] + ratings[i + 1 :], results[:i] + results[i + 1 :]


def _cut_opponents(ev: Evaluation, p: int, rt: list[float], cut: int) -> tuple[list[float], list[float]]:
    """The opponents' ratings and the results against them, without the ``cut`` lowest-rated (none left: empty)."""
    r, s = _opponents(ev, p, rt)
    for _ in range(cut):
        if len(r) <= 1:
            return [], []
        r, s = _drop_lowest(r, s)
    return r, s


def _by_rating(cut: int, value: Callable[[list[float], list[float]], float]) -> Callable[[Evaluation, Ratings], list[float | None]]:
    """A rating tie-break: ``value(ratings, results)`` per player, undefined without rated opponents."""

    def compute(ev: Evaluation, ratings: Ratings = None) -> list[float | None]:
        rt = _rated(ev, ratings)
        if rt is None:
            return [None] * ev.n
        out: list[float | None] = []
        for p in range(ev.n):
            r, s = _cut_opponents(ev, p, rt, cut)
            out.append(value(r, s) if r else None)
        return out

    return compute


def aro(cut: int) -> Callable[[Evaluation, Ratings], list[float | None]]:
    return _by_rating(cut, lambda r, s: float(int(_half_up(sum(r) / len(r)))))


def tpr(cut: int) -> Callable[[Evaluation, Ratings], list[float | None]]:
    return _by_rating(cut, lambda r, s: float(performance(r, sum(s))))


ptp = _by_rating(0, lambda r, s: float(perfect_performance(r, sum(s))))


def average_of(code: str, base: Callable[[Evaluation, Ratings], list[float | None]]) -> Callable[[Evaluation, Ratings], list[float | None]]:
    def compute(ev: Evaluation, ratings: Ratings = None) -> list[float | None]:
        if _rated(ev, ratings) is None:
            return [None] * ev.n
        values = ev.memo(("value", code, None if ratings is None else tuple(ratings)), lambda: base(ev, ratings))
        out: list[float | None] = []
        for opp, played in zip(ev.opp, ev.played):
            vals = [v for v in (values[q] for q, g in zip(opp, played) if g and q >= 0) if v is not None]
            out.append(float(int(_half_up(sum(vals) / len(vals)))) if vals else None)
        return out

    return compute


# ------------------------------------------------------------- direct encounter
def _encounters(ev: Evaluation, group: Sequence[int]) -> tuple[list[float], list[int]]:
    """Each member's points against the others of the group (averaged per opponent met more than once),
    and how many of the others each member met.  What counts as a meeting is the rule set's ``as_game``
    (a game over the board; in a round robin a forfeit too, C.07 15.2)."""
    members = set(group)
    score: list[float] = []
    met: list[int] = []
    for p in group:
        got: dict[int, list[float]] = {}
        for q, x, g in zip(ev.opp[p], ev.pts[p], ev.as_game[p]):
            if g and q in members:
                got.setdefault(q, []).append(x)
        score.append(sum(sum(v) / len(v) for v in got.values()))
        met.append(len(got))
    return score, met


def encounters(ev: Evaluation, group: Sequence[int]) -> tuple[list[float], list[int]]:
    """Each member's points against the others of the group, and how many of them he met (what DE reads; its explanation shows them)."""
    return _encounters(ev, group)


def de_points(ev: Evaluation, group: Sequence[int]) -> list[float]:
    """Points each member scored against the others of the group (what the DE column shows)."""
    return _encounters(ev, group)[0]


def direct_encounter(ev: Evaluation, group: Sequence[int], swiss: bool = False) -> list[tuple[float, ...]]:
    """DE (C.07 6): points among the group; where not all met, only a lead the others cannot reach separates.

    ``swiss`` applies the Swiss rule to a round robin too (the checker's ``/S``).
    """
    rr = ev.round_robin
    k = len(group)
    score, met = _encounters(ev, group)
    if all(m == k - 1 for m in met) or (rr and not swiss):
        return [(s,) for s in score]
    w = ev.scoring.win
    best = [score[m] + w * (k - 1 - met[m]) for m in range(k)]
    order = sorted(range(k), key=lambda m: (-score[m], -best[m]))
    # the highest score any player below each position could still reach
    reach_below = [0.0] * k
    top = float("-inf")
    for pos in range(k - 1, -1, -1):
        reach_below[pos] = top
        top = max(top, best[order[pos]])
    keys: list[tuple[float, ...]] = [(0.0,)] * k
    rank = k
    for pos, m in enumerate(order):
        if pos < k - 1 and score[m] > reach_below[pos] + 1e-9:
            keys[m] = (float(rank),)
            rank -= 1
        else:
            break
    return keys
