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

and an event-wide form over an :class:`~tiebreak.rules.Evaluation` (one
value per player), which the worksheet functions, the ranking and the command
line all use.
"""

from __future__ import annotations

from typing import Sequence

from .model import DRAW, LOSS, WIN
from .rules import Evaluation

__all__ = [
    "buchholz_of",
    "truncated_solkoff_of",
    "median_solkoff_of",
    "shmulyan_of",
    "sonneborn_berger_of",
    "riga_of",
    "fide_sonneborn_berger_of",
    "points",
    "buchholz",
    "truncated_solkoff",
    "median_solkoff",
    "shmulyan",
    "sonneborn_berger",
    "fide_sonneborn_berger",
    "riga",
    "wins",
    "beaten_sum",
    "opponents_rating_sum",
    "head_to_head",
]


# ----------------------------------------------------------------- pure forms
def buchholz_of(vals: Sequence[float]) -> float:
    """Σ S(O) over all opponents (1.13.6)."""
    return float(sum(vals))


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
    nothing is left.

    >>> cut_sum([3, 4, 2.5, 3.5, 1.5], 1), cut_sum([3, 4, 2.5, 3.5, 1.5], 1, 1)
    (13.0, 9.0)
    >>> cut_sum([3.5, 1.5, 2.0], 1, vur=[True, False, False])  # the bye's dummy goes first
    3.5
    """
    n = len(scores)
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
    values = list(contrib) if contrib is not None else list(scores)
    if not low and not high:
        return float(sum(values))
    limit = n if rounds is None else rounds
    low = min(low, limit)
    high = min(high, limit - low)
    flags = list(vur) if vur is not None else [False] * n
    items = [(scores[i], values[i], flags[i]) for i in range(n)]
    while low > 0 and items:
        lsv = min(range(len(items)), key=lambda i: (items[i][0], items[i][1]))
        vurs = [i for i in range(len(items)) if items[i][2]]
        if vurs:
            vmin = min(vurs, key=lambda i: (items[i][1], items[i][0]))
            cut = vmin if items[vmin][1] >= items[lsv][1] else lsv
        else:
            cut = lsv
        items.pop(cut)
        low -= 1
    while high > 0 and items:
        top = max(range(len(items)), key=lambda i: (items[i][0], items[i][1]))
        items.pop(top)
        high -= 1
    return float(sum(v for _, v, _ in items))


def _cut(vals: Sequence[float], low: int, high: int = 0, first: Sequence[bool] | None = None) -> float:
    return cut_sum(vals, low, high, first)


def truncated_solkoff_of(vals: Sequence[float], k: int = 1, first: Sequence[bool] | None = None) -> float:
    """Buchholz minus the ``k`` worst opponent scores (1.13.8; FIDE BH/Ck)."""
    return _cut(vals, k, 0, first)


def median_solkoff_of(vals: Sequence[float], k: int = 1, first: Sequence[bool] | None = None) -> float:
    """Buchholz minus the ``k`` best and ``k`` worst (1.13.7; FIDE BH/Mk)."""
    return _cut(vals, k, k, first)


def shmulyan_of(vals: Sequence[float], outs: Sequence[int]) -> float:
    """Σ S(beaten) − Σ S(lost to) (1.13.4); signed."""
    return float(sum(v for v, o in zip(vals, outs) if o == WIN) - sum(v for v, o in zip(vals, outs) if o == LOSS))


def sonneborn_berger_of(vals: Sequence[float], outs: Sequence[int]) -> float:
    """2 × Σ S(beaten) + Σ S(drawn) (1.13.5, the draughts code's convention)."""
    return float(sum(2 * v if o == WIN else v if o == DRAW else 0.0 for v, o in zip(vals, outs)))


def fide_sonneborn_berger_of(vals: Sequence[float], credit: Sequence[float]) -> float:
    """Σ S(O) × points scored against O (FIDE's convention)."""
    return float(sum(v * c for v, c in zip(vals, credit)))


def riga_of(vals: Sequence[float], outs: Sequence[int]) -> float:
    """2 × Σ S(beaten) + 1.5 × Σ S(drawn) + Σ S(lost to) (1.13.9)."""
    return float(sum(2 * v if o == WIN else 1.5 * v if o == DRAW else v for v, o in zip(vals, outs)))


# ----------------------------------------------------------- event-wide forms
def points(ev: Evaluation) -> list[float]:
    return list(ev.points)


def buchholz(ev: Evaluation) -> list[float]:
    return [float(sum(v)) for v in ev.val]


def truncated_solkoff(ev: Evaluation, k: int = 1, players: Sequence[int] | None = None) -> list[float]:
    """Buchholz minus the k worst, for every player (or for ``players``, in that order)."""
    if players is not None:
        return [_cut(ev.val[p], k, 0, ev.cut_first[p]) for p in players]
    return [_cut(v, k, 0, f) for v, f in zip(ev.val, ev.cut_first)]


def median_solkoff(ev: Evaluation, k: int = 1) -> list[float]:
    return [_cut(v, k, k, f) for v, f in zip(ev.val, ev.cut_first)]


def shmulyan(ev: Evaluation) -> list[float]:
    return [shmulyan_of(v, o) for v, o in zip(ev.val, ev.out)]


def sonneborn_berger(ev: Evaluation) -> list[float]:
    return [sonneborn_berger_of(v, o) for v, o in zip(ev.val, ev.out)]


def fide_sonneborn_berger(ev: Evaluation) -> list[float]:
    return [fide_sonneborn_berger_of(v, c) for v, c in zip(ev.val, ev.credit)]


def riga(ev: Evaluation) -> list[float]:
    return [riga_of(v, o) for v, o in zip(ev.val, ev.out)]


def wins(ev: Evaluation) -> list[float]:
    """Number of wins as the rule set counts them for "most wins"."""
    return [float(w) for w in ev.rules.wins(ev.tournament)]


def beaten_sum(ev: Evaluation) -> list[float]:
    """Σ S(O) over the real opponents beaten over the board (1.13.3, 4th criterion)."""
    t = ev.tournament
    sc = t.scoring
    score = ev.score
    res = []
    for p in range(ev.n):
        total = 0.0
        for i, k in enumerate(t.kind[p]):
            if k == 0 and t.pts[p][i] == sc.win:  # Kind.PLAYED
                total += score[t.opp[p][i]]
        res.append(total)
    return res


def opponents_rating_sum(ev: Evaluation, ratings: Sequence[float | None] | None = None) -> list[float | None]:
    """Σ of the real opponents' ratings (unrated count 0); None where nobody has a rating."""
    t = ev.tournament
    rt = list(ratings) if ratings is not None else [p.rating for p in t.players]
    if not any(r for r in rt):
        return [None] * ev.n
    res: list[float | None] = []
    for p in range(ev.n):
        total = 0.0
        for q in ev.real[p]:
            if q >= 0:
                total += rt[q] or 0.0
        res.append(total)
    return res


def head_to_head(ev: Evaluation, group: Sequence[int]) -> list[float]:
    """Points each player of ``group`` scored in the games among the group (actual points)."""
    t = ev.tournament
    members = set(group)
    res = []
    for p in group:
        total = 0.0
        for i, q in enumerate(t.opp[p]):
            if q in members and t.kind[p][i] <= 2:
                total += t.pts[p][i]
        res.append(total)
    return res
