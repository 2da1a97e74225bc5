"""The coefficients of the Russian draughts rules (1.13.4–1.13.9, code 3.16), defined once.

Each coefficient has a pure form over one player's counted games (opponent
values and outcomes), checked here against the worked example of code 3.16:
opponents A 3 won, B 4 won, C 2.5 drawn, D 3.5 lost, E 1.5 won.

>>> vals = [3, 4, 2.5, 3.5, 1.5]
>>> outs = [WIN, WIN, DRAW, LOSS, WIN]
>>> shmulyan_of(vals, outs), sonneborn_berger_of(vals, outs), buchholz_of(vals)
(5.0, 19.5, 14.5)
>>> median_solkoff_of(vals), truncated_solkoff_of(vals, 1), riga_of(vals, outs)
(9.0, 13.0, 24.25)

and an event-wide form over an :class:`~tiebreak.core.counting.Evaluation` (one
value per player), which the worksheet functions, the ranking and the command
line all use.  Every sum of opponents' values, with or without cuts, goes
through :func:`cut_sum`: Buchholz, the Solkoff variants and FIDE's BH, BH/Ck,
BH/Mk are the same function; Sonneborn–Berger with FIDE's convention (SB,
SB/Ck) is :func:`fide_sonneborn_berger`.  The functions read the evaluation
only; what a forfeit or a bye counts as was decided by the rule set.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, repeat
from operator import is_not, mul, sub

from tiebreak.core.counting import Evaluation
from tiebreak.core.model import DRAW, LOSS, WIN

__all__ = [
    "beaten_sum",
    "buchholz",
    "buchholz_of",
    "cut_positions",
    "cut_sum",
    "fide_sonneborn_berger",
    "fide_sonneborn_berger_of",
    "head_to_head",
    "median_solkoff",
    "median_solkoff_of",
    "opponents_rating_sum",
    "order_of_places",
    "points",
    "riga",
    "riga_of",
    "shmulyan",
    "shmulyan_of",
    "sonneborn_berger",
    "sonneborn_berger_of",
    "truncated_solkoff",
    "truncated_solkoff_of",
    "wins",
]


# ----------------------------------------------------------------- pure forms
def buchholz_of(vals: Sequence[float]) -> float:
    """Σ S(O) over all opponents (1.13.6)."""
    return cut_sum(vals, 0)


def cut_sum(
    scores: Sequence[float],
    low: int,
    high: int = 0,
    vur: Sequence[bool] | None = None,
    contrib: Sequence[float] | None = None,
    rounds: int | None = None,
) -> float:
    """Sum of ``contrib`` (default: the scores) after ``low`` low cuts and ``high`` high cuts.

    One cut at a time (FIDE C.07 Art. 14, 16.5): a low cut removes the least
    significant value (lowest score, then lowest contribution), except that
    the lowest-contributing voluntarily unplayed round (``vur``) is removed
    instead when its contribution is not lower; a high cut removes the
    highest score.  At most ``rounds`` values are cut; cutting stops when
    nothing is left.  Without voluntarily unplayed rounds and contributions
    this is a sum of the sorted values between the cuts (the fast path);
    otherwise the values :func:`cut_positions` cuts are left out.

    >>> cut_sum([3, 4, 2.5, 3.5, 1.5], 1), cut_sum([3, 4, 2.5, 3.5, 1.5], 1, 1)
    (13.0, 9.0)
    >>> cut_sum([3.5, 1.5, 2.0], 1, vur=[True, False, False])  # the bye's dummy goes first
    3.5
    """
    n = len(scores)
    if not low and not high and contrib is None:
        return float(sum(scores))
    if vur is None or not any(vur):
        if contrib is None:  # the common case: plain low and high cuts
            limit = n if rounds is None else rounds
            low = min(low, limit)
            high = min(high, limit - low)
            if low + high >= n:
                return 0.0
            if not high and low == 1:
                return float(sum(scores) - min(scores))
            s = sorted(scores)
            return float(sum(s[low : n - high]))
        vur = None
    elif contrib is None and low == 1 and not high and (rounds is None or rounds >= 1):
        # one low cut with a voluntarily unplayed round: the first such round of the least value goes (cut_positions'
        # choice: its value is never below the least of all), the others summed in their order as below
        at = vur.index(True) if vur.count(True) == 1 else min(compress(range(n), vur), key=scores.__getitem__)
        rest = list(scores)
        del rest[at]
        return float(sum(rest))
    values = list(contrib) if contrib is not None else list(scores)
    if not low and not high:
        return float(sum(values))
    cut = set(cut_positions(scores, low, high, vur, values, rounds))
    return float(sum(v for i, v in enumerate(values) if i not in cut))


def cut_positions(
    scores: Sequence[float],
    low: int,
    high: int = 0,
    vur: Sequence[bool] | None = None,
    contrib: Sequence[float] | None = None,
    rounds: int | None = None,
) -> list[int]:
    """The positions :func:`cut_sum` cuts, in the order it cuts them (what an explanation shows as cut).

    >>> cut_positions([3, 4, 2.5, 3.5, 1.5], 1, 1)
    [4, 1]
    >>> cut_positions([3.5, 1.5, 2.0], 1, vur=[True, False, False])
    [0]
    """
    n = len(scores)
    values = list(contrib) if contrib is not None else list(scores)
    limit = n if rounds is None else rounds
    low = min(low, limit)
    high = min(high, limit - low)
    flags = list(vur) if vur is not None else [False] * n
    items = [(scores[i], values[i], flags[i], i) for i in range(n)]
    cut: list[int] = []
    while low > 0 and items:
        lsv = min(range(len(items)), key=lambda i: (items[i][0], items[i][1]))
        vurs = [i for i in range(len(items)) if items[i][2]]
        if vurs:
            vmin = min(vurs, key=lambda i: (items[i][1], items[i][0]))
            at = vmin if items[vmin][1] >= items[lsv][1] else lsv
        else:
            at = lsv
        cut.append(items.pop(at)[3])
        low -= 1
    while high > 0 and items:
        top = max(range(len(items)), key=lambda i: (items[i][0], items[i][1]))
        cut.append(items.pop(top)[3])
        high -= 1
    return cut


def truncated_solkoff_of(vals: Sequence[float], k: int = 1, first: Sequence[bool] | None = None) -> float:
    """Buchholz minus the ``k`` worst opponent scores (1.13.8; FIDE BH/Ck)."""
    return cut_sum(vals, k, 0, first)


def median_solkoff_of(vals: Sequence[float], k: int = 1, first: Sequence[bool] | None = None) -> float:
    """Buchholz minus the ``k`` best and ``k`` worst (1.13.7; FIDE BH/Mk)."""
    return cut_sum(vals, k, k, first)


def shmulyan_of(vals: Sequence[float], outs: Sequence[int]) -> float:
    """Σ S(beaten) − Σ S(lost to) (1.13.4); signed."""
    return float(sum(v for v, o in zip(vals, outs) if o == WIN) - sum(v for v, o in zip(vals, outs) if o == LOSS))


def sonneborn_berger_of(vals: Sequence[float], outs: Sequence[int]) -> float:
    """2 × Σ S(beaten) + Σ S(drawn) (1.13.5, the draughts code's convention)."""
    return float(sum(2 * v if o == WIN else v if o == DRAW else 0.0 for v, o in zip(vals, outs)))


def fide_sonneborn_berger_of(vals: Sequence[float], credit: Sequence[float]) -> float:
    """Σ S(O) × points scored against O (FIDE's convention, C.07 9.1)."""
    return float(sum(map(mul, vals, credit)))


def riga_of(vals: Sequence[float], outs: Sequence[int]) -> float:
    """2 × Σ S(beaten) + 1.5 × Σ S(drawn) + Σ S(lost to) (1.13.9)."""
    return float(sum(2 * v if o == WIN else 1.5 * v if o == DRAW else v for v, o in zip(vals, outs)))


# ----------------------------------------------------------- event-wide forms
def points(ev: Evaluation) -> list[float]:
    return list(ev.points)


def buchholz(ev: Evaluation, low: int = 0, high: int = 0, players: Sequence[int] | None = None) -> list[float]:
    """Buchholz without the ``low`` least and ``high`` most significant values, for every player (or ``players``).

    The Russian Buchholz (``low = high = 0``), median Solkoff (1, 1), truncated
    Solkoff (k, 0) and FIDE's BH, BH/Ck, BH/Mk (C.07 8.1, 14, 16.5).
    """
    r = ev.rounds
    val, first = ev.val, ev.cut_first
    if players is None and not high:
        if not low:  # Buchholz itself: each player's sum, as cut_sum makes it
            return list(map(float, map(sum, val)))
        if low == 1 and r >= 1 and min(map(len, val), default=2) >= 2:
            # one value cut: each sum less its least value, as cut_sum makes it, then the few players with a round to cut first
            out = list(map(float, map(sub, map(sum, val), map(min, val))))
            for p in compress(range(len(first)), map(is_not, first, repeat(None))):
                out[p] = cut_sum(val[p], low, high, first[p], rounds=r)
            return out
    who = range(ev.n) if players is None else players
    return [cut_sum(val[p], low, high, first[p], rounds=r) for p in who]


def truncated_solkoff(ev: Evaluation, k: int = 1, players: Sequence[int] | None = None) -> list[float]:
    """Buchholz minus the k worst, for every player (or for ``players``, in that order).

    The ranking asks for k = 2, 3 ... for the players still tied, so each
    player's values are sorted once per evaluation, not once per step; the
    sums are those :func:`cut_sum` makes (the same numbers, bit for bit).
    """
    if k < 2:
        return buchholz(ev, k, 0, players)
    ordered = ev.memo("opponent values sorted", lambda: _sorted_values(ev))
    r = ev.rounds
    low = min(k, r)
    val, first = ev.val, ev.cut_first
    out: list[float] = []
    for p in range(ev.n) if players is None else players:
        s = ordered[p]
        if s is None:  # a voluntarily unplayed round is cut first (FIDE 16.5)
            out.append(cut_sum(val[p], k, 0, first[p], rounds=r))
        elif low >= len(s):
            out.append(0.0)
        elif low == 1:
            out.append(float(sum(val[p]) - min(val[p])))
        else:
            out.append(float(sum(s[low:])))
    return out


def _sorted_values(ev: Evaluation) -> list[tuple[float, ...] | None]:
    """Each player's opponent values in ascending order (None where a round is to be cut first).

    As tuples: they live as long as the evaluation, and the collector stops tracking a tuple of numbers.
    """
    return [tuple(sorted(v)) if f is None or not any(f) else None for v, f in zip(ev.val, ev.cut_first)]


def median_solkoff(ev: Evaluation, k: int = 1) -> list[float]:
    return buchholz(ev, k, k)


def fide_sonneborn_berger(ev: Evaluation, low: int = 0, high: int = 0) -> list[float]:
    """Σ opponent's value × points scored against him (C.07 9.1), with cuts as BH (14, 16.5)."""
    if not low and not high:
        return list(map(fide_sonneborn_berger_of, ev.val, ev.credit))
    r = ev.rounds
    return [
        cut_sum(v, low, high, f, contrib=list(map(mul, v, c)), rounds=r)
        for v, f, c in zip(ev.val, ev.cut_first, ev.credit)
    ]


def shmulyan(ev: Evaluation) -> list[float]:
    return [shmulyan_of(v, o) for v, o in zip(ev.val, ev.out)]


def sonneborn_berger(ev: Evaluation) -> list[float]:
    return [sonneborn_berger_of(v, o) for v, o in zip(ev.val, ev.out)]


def riga(ev: Evaluation) -> list[float]:
    return [riga_of(v, o) for v, o in zip(ev.val, ev.out)]


def wins(ev: Evaluation) -> list[float]:
    """Number of wins as the rule set counts them for "most wins"."""
    return [float(w) for w in ev.wins]


def beaten_sum(ev: Evaluation) -> list[float]:
    """Σ S(O) over the real opponents beaten over the board (1.13.3, 4th criterion)."""
    w = ev.scoring.win
    score = ev.score
    return [
        float(sum(score[q] for q, x, g in zip(opp, pts, played) if g and x == w))
        for opp, pts, played in zip(ev.opp, ev.pts, ev.played)
    ]


def opponents_rating_sum(ev: Evaluation, ratings: Sequence[float | None] | None = None) -> list[float | None]:
    """Σ of the real opponents' ratings (unrated count 0); None where nobody has a rating."""
    rt = list(ratings) if ratings is not None else ev.ratings
    if not any(r for r in rt):
        return [None] * ev.n
    return [float(sum(rt[q] or 0.0 for q in real if q >= 0)) for real in ev.rated_opponents]


def head_to_head(ev: Evaluation, group: Sequence[int]) -> list[float]:
    """Points each player of ``group`` scored in the games among the group (actual points, forfeits included)."""
    members = set(group)
    return [float(sum(x for q, x in zip(ev.opp[p], ev.pts[p]) if q in members)) for p in group]


def order_of_places(ev: Evaluation, group: Sequence[int], place_of: Sequence[int]) -> list[tuple[float, ...]]:
    """Each member's results against the others, place by place from the top, over opponents all members met.

    ``place_of[p]`` is the place (0 = first) of every participant; players
    sharing a place count as one: their results are added up.  Actual points,
    forfeits included.
    """
    members = set(group)
    met: list[dict[int, float]] = []
    for p in group:
        d: dict[int, float] = {}
        for q, x in zip(ev.opp[p], ev.pts[p]):
            if q >= 0 and q not in members:
                d[q] = d.get(q, 0.0) + x
        met.append(d)
    common = set(met[0]) if met else set()
    for d in met[1:]:
        common &= set(d)
    places = sorted({place_of[q] for q in common})
    keys = []
    for d in met:
        by_place: dict[int, float] = {}
        for q in common:
            by_place[place_of[q]] = by_place.get(place_of[q], 0.0) + d[q]
        keys.append(tuple(by_place[pl] for pl in places))
    return keys
