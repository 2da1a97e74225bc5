"""FIDE tie-breaks (C.07) by their acronyms: BH, BH/C1, BH/M1, FB, AOB, SB, SB/C1, KS, DE, WIN, WON,
BPG, BWG, GE/REP, PS, ARO, TPR, APRO, PTP, APPO, STD.

The score-based ones are computed from the rule set's :class:`~tiebreak.rules.Evaluation`
(the treatment of unplayed rounds lives there); the others read the results.
Modifiers: ``/C<k>`` cuts the k least significant values, ``/M<k>`` the k
least and k most significant (Art. 14, with the exception of Art. 16.5).

>>> from tiebreak.trf import read_trf
>>> dp(0.75), dp(0.5), expected_score(2200 - 2000)
(193, 0, 0.76)
"""

from __future__ import annotations

from operator import mul
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Callable, Sequence

from .coefficients import cut_sum
from .criteria import Criterion, register, register_factory
from .model import Kind, Tournament
from .rules import Evaluation

__all__ = ["dp", "expected_score", "performance", "perfect_performance"]

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


def _half_up(x: float, places: int = 0) -> float:
    q = Decimal(1).scaleb(-places)
    return float(Decimal(repr(x)).quantize(q, rounding=ROUND_HALF_UP))


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


# ---------------------------------------------------------------- helpers
def _rounds(ev: Evaluation) -> int:
    return ev.tournament.rounds


def _bh(low: int, high: int) -> Callable[[Evaluation, Any], list[float]]:
    def compute(ev: Evaluation, ratings: Any = None) -> list[float]:
        r = _rounds(ev)
        return [cut_sum(v, low, high, f, rounds=r) for v, f in zip(ev.val, ev.cut_first)]

    return compute


def _sb(low: int, high: int) -> Callable[[Evaluation, Any], list[float]]:
    def compute(ev: Evaluation, ratings: Any = None) -> list[float]:
        if not low and not high:
            return [float(sum(map(mul, v, c))) for v, c in zip(ev.val, ev.credit)]
        r = _rounds(ev)
        return [
            cut_sum(v, low, high, f, contrib=[a * b for a, b in zip(v, c)], rounds=r)
            for v, f, c in zip(ev.val, ev.cut_first, ev.credit)
        ]

    return compute


def _played(t: Tournament, p: int) -> list[int]:
    """Entry indices of games played over the board against an opponent."""
    return [i for i, k in enumerate(t.kind[p]) if k == Kind.PLAYED and t.opp[p][i] >= 0]


def _win(ev: Evaluation, ratings: Any = None) -> list[float]:
    t = ev.tournament
    w = t.scoring.win
    return [float(sum(1 for x in t.pts[p] if x == w)) for p in range(ev.n)]


def _won(ev: Evaluation, ratings: Any = None) -> list[float]:
    t = ev.tournament
    w = t.scoring.win
    return [float(sum(1 for i in _played(t, p) if t.pts[p][i] == w)) for p in range(ev.n)]


def _bpg(ev: Evaluation, ratings: Any = None) -> list[float]:
    t = ev.tournament
    return [float(sum(1 for i in _played(t, p) if t.colour[p][i] == "b")) for p in range(ev.n)]


def _bwg(ev: Evaluation, ratings: Any = None) -> list[float]:
    t = ev.tournament
    w = t.scoring.win
    return [float(sum(1 for i in _played(t, p) if t.colour[p][i] == "b" and t.pts[p][i] == w)) for p in range(ev.n)]


def _ge(ev: Evaluation, ratings: Any = None) -> list[float]:
    t = ev.tournament
    w = t.scoring.win
    return [float(sum(1 for k, x in zip(t.kind[p], t.pts[p]) if k == Kind.PLAYED or x == w)) for p in range(ev.n)]


def _ps(cut: int) -> Callable[[Evaluation, Any], list[float]]:
    def compute(ev: Evaluation, ratings: Any = None) -> list[float]:
        t = ev.tournament
        out = []
        for p in range(ev.n):
            cum = 0.0
            total = 0.0
            for i, x in enumerate(t.pts[p]):
                cum += x
                if i >= cut:
                    total += cum
            out.append(total)
        return out

    return compute


def _std(ev: Evaluation, ratings: Any = None) -> list[float]:
    t = ev.tournament
    d = t.scoring.draw
    return [float(sum(1.0 if x > d else 0.5 if x == d else 0.0 for x in t.pts[p])) for p in range(ev.n)]


def _ks(ev: Evaluation, ratings: Any = None) -> list[float]:
    t = ev.tournament
    n = ev.n
    rounds = t.rounds
    maxgames = rounds
    if t.is_round_robin and t.has_rounds and rounds % n == 0:
        maxgames -= rounds // n
    lim = 0.5 * t.scoring.win * maxgames
    pts = t.points
    out = []
    for p in range(n):
        total = 0.0
        for i, q in enumerate(t.opp[p]):
            if q >= 0 and pts[q] + 1e-9 >= lim:
                total += t.pts[p][i]
        out.append(total)
    return out


def _fore(ev: Evaluation, ratings: Any = None) -> list[float]:
    """FB: Buchholz as if every game paired in the last round had been drawn."""
    t = ev.tournament
    last = t.rounds - 1
    fore = Tournament(
        players=t.players,
        rounds=t.rounds,
        opp=t.opp,
        pts=[list(x) for x in t.pts],
        kind=[list(k) for k in t.kind],
        colour=t.colour,
        scoring=t.scoring,
        system=t.system,
        has_rounds=t.has_rounds,
        cycles=t.cycles,
    )
    for p in range(ev.n):
        if t.opp[p][last] >= 0:
            fore.pts[p][last] = t.scoring.draw
            fore.kind[p][last] = int(Kind.PLAYED)
    ev2 = ev.rules.evaluate(fore)
    return [float(sum(v)) for v in ev2.val]


def _aob(ev: Evaluation, ratings: Any = None) -> list[float | None]:
    t = ev.tournament
    bh = ev.memo(("value", "BH", None), lambda: _bh(0, 0)(ev))
    out: list[float | None] = []
    for p in range(ev.n):
        games = _played(t, p)
        if not games:
            out.append(None)
            continue
        mean = sum(bh[t.opp[p][i]] for i in games) / len(games)  # type: ignore[index]
        out.append(_half_up(mean, 2))
    return out


# ---------------------------------------------------------------- ratings
def _rated(ev: Evaluation, ratings: Sequence[float | None] | None) -> list[float] | None:
    rt = list(ratings) if ratings is not None else [p.rating for p in ev.tournament.players]
    if not rt or any(not r for r in rt):
        return None  # FIDE: with an unrated player every rating tie-break is undefined
    return [float(r) for r in rt]  # type: ignore[arg-type]


def _opponents(ev: Evaluation, p: int, rt: list[float]) -> tuple[list[float], list[float]]:
    t = ev.tournament
    sc = t.scoring
    games = _played(t, p)
    ratings = [rt[t.opp[p][i]] for i in games]
    results = [1.0 if t.pts[p][i] == sc.win else 0.5 if t.pts[p][i] == sc.draw else 0.0 for i in games]
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


def _by_rating(cut: int, value: Callable[[list[float], list[float]], float]) -> Callable[[Evaluation, Any], list[float | None]]:
    """A rating tie-break: ``value(ratings, results)`` per player, undefined without rated opponents."""

    def compute(ev: Evaluation, ratings: Any = None) -> list[float | None]:
        rt = _rated(ev, ratings)
        if rt is None:
            return [None] * ev.n
        out: list[float | None] = []
        for p in range(ev.n):
            r, s = _cut_opponents(ev, p, rt, cut)
            out.append(value(r, s) if r else None)
        return out

    return compute


def _aro(cut: int) -> Callable[[Evaluation, Any], list[float | None]]:
    return _by_rating(cut, lambda r, s: float(int(_half_up(sum(r) / len(r)))))


def _tpr(cut: int) -> Callable[[Evaluation, Any], list[float | None]]:
    return _by_rating(cut, lambda r, s: float(performance(r, sum(s))))


_ptp = _by_rating(0, lambda r, s: float(perfect_performance(r, sum(s))))


def _average_of(code: str, base: Callable[[Evaluation, Any], list[float | None]]) -> Callable[[Evaluation, Any], list[float | None]]:
    def compute(ev: Evaluation, ratings: Any = None) -> list[float | None]:
        t = ev.tournament
        if _rated(ev, ratings) is None:
            return [None] * ev.n
        values = ev.memo(("value", code, None if ratings is None else tuple(ratings)), lambda: base(ev, ratings))
        out: list[float | None] = []
        for p in range(ev.n):
            vals = [values[t.opp[p][i]] for i in _played(t, p)]  # type: ignore[index]
            vals = [v for v in vals if v is not None]
            out.append(float(int(_half_up(sum(vals) / len(vals)))) if vals else None)
        return out

    return compute


# ------------------------------------------------------------- direct encounter
def _encounters(ev: Evaluation, group: Sequence[int]) -> tuple[list[float], list[int]]:
    """Each member's points against the others of the group (averaged per opponent met more than once),
    and how many of the others each member met."""
    t = ev.tournament
    rr = t.is_round_robin
    members = set(group)
    played, floss = int(Kind.PLAYED), int(Kind.FORFEIT_LOSS)
    score: list[float] = []
    met: list[int] = []
    for p in group:
        got: dict[int, list[float]] = {}
        for q, k, x in zip(t.opp[p], t.kind[p], t.pts[p]):
            if q in members and (k == played or (rr and k <= floss)):
                got.setdefault(q, []).append(x)
        score.append(sum(sum(v) / len(v) for v in got.values()))
        met.append(len(got))
    return score, met


def de_points(ev: Evaluation, group: Sequence[int]) -> list[float]:
    """Points each member scored against the others of the group (what DE compares)."""
    return _encounters(ev, group)[0]


def direct_encounter(ev: Evaluation, group: Sequence[int], ctx: dict[str, Any]) -> list[tuple[float, ...]]:
    """DE (C.07 6): points among the group; where not all met, only a lead the others cannot reach separates."""
    t = ev.tournament
    rr = t.is_round_robin
    k = len(group)
    score, met = _encounters(ev, group)
    if all(m == k - 1 for m in met) or (rr and not ctx.get("swiss")):
        return [(s,) for s in score]
    w = t.scoring.win
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


def _de_display(ev: Evaluation, ratings: Any = None) -> list[float]:
    """DE shown as the place after points and DE (shared places show their first place)."""
    from .ranking import rank

    r = rank(ev.tournament, [CRITERIA_DE], ev.rules, evaluation=ev, ratings=ratings, columns=False)
    out = [0.0] * ev.n
    for s in r.standings:
        out[s.player] = float(s.place)
    return out


# ---------------------------------------------------------------- registry
def _fide(code: str, name: str, name_ru: str, description: str, compute: Any, **kw: Any) -> Criterion:
    return register(Criterion(code, name, name_ru, description, compute=compute, fide=True, **kw))


_fide("BH", "Buchholz (FIDE BH)", "Бухгольц (BH)", "Σ of the opponents' scores (C.07 8.1).", _bh(0, 0))
_fide("FB", "Fore Buchholz", "Предварительный Бухгольц (FB)", "Buchholz as if every last-round game had been drawn (C.07 8.3).", _fore, needs="rounds")
_fide("AOB", "Average of opponents' Buchholz", "Средний Бухгольц соперников (AOB)", "Mean Buchholz of the opponents played (C.07 8.2), 2 decimals.", _aob)
_fide("SB", "Sonneborn–Berger (FIDE SB)", "Зонненборн–Бергер (SB, ФИДЕ)", "Σ opponent's score × points scored against him (C.07 9.1).", _sb(0, 0))
_fide("KS", "Koya", "Коя (KS)", "Points scored against the opponents with at least half the maximum score (C.07 9.2).", _ks)
_fide("WIN", "Wins (FIDE WIN)", "Победы (WIN)", "Rounds with a win's points, played or not (C.07 7.1).", _win, decimals=0)
_fide("WON", "Games won", "Выигранные партии (WON)", "Games won over the board (C.07 7.2).", _won, decimals=0)
_fide("BPG", "Games with Black", "Партии чёрными (BPG)", "Games played with Black (C.07 7.3).", _bpg, decimals=0)
_fide("BWG", "Wins with Black", "Победы чёрными (BWG)", "Games won with Black (C.07 7.4).", _bwg, decimals=0)
_fide("GE", "Games elected", "Сыгранные туры (GE)", "Rounds played or won without playing (C.07 7.5).", _ge, decimals=0, aliases=("REP",))
_fide("PS", "Progressive score", "Прогрессивный счёт (PS)", "Σ of the running scores after each round (C.07 7.6).", _ps(0), needs="rounds", decimals=1)
_fide("STD", "Standard points", "Стандартные очки (STD)", "1 per round scored above a draw, ½ per draw (C.07 7.7, 2026).", _std, decimals=1)
_fide("ARO", "Average rating of opponents", "Средний рейтинг соперников (ARO)", "Mean rating of the opponents played (C.07 10.1).", _aro(0), needs="ratings", decimals=0)
_fide("TPR", "Tournament performance rating", "Турнирный перфоманс (TPR)", "ARO + dp of the score (C.07 10.2).", _tpr(0), needs="ratings", decimals=0)
_fide("PTP", "Perfect tournament performance", "Идеальный перфоманс (PTP)", "Lowest rating that expects the score (C.07 10.3).", _ptp, needs="ratings", decimals=0)
_fide("APRO", "Average performance of opponents", "Средний перфоманс соперников (APRO)", "Mean TPR of the opponents (C.07 10.4).", _average_of("TPR", _tpr(0)), needs="ratings", decimals=0)
_fide("APPO", "Average perfect performance of opponents", "Средний идеальный перфоманс соперников (APPO)", "Mean PTP of the opponents (C.07 10.5).", _average_of("PTP", _ptp), needs="ratings", decimals=0)
CRITERIA_DE = register(
    Criterion(
        "DE", "Direct encounter", "Личная встреча (DE)",
        "Points among the tied players; where not all met, only a lead the others cannot reach (C.07 6). Shown as the place after points and DE.",
        kind="group", compute=direct_encounter, fide=True, decimals=1, display=_de_display, group_display=de_points,
    )
)


def _modified(code: str, mods: str) -> Criterion:
    """BH/C2, BH/M1, SB/C1, ARO/C1, TPR/C1, PS/C1 ... built on demand."""
    base, _, _ = code.partition("/")
    parts = [m for m in mods.upper().split("/") if m]
    low = high = 0
    for m in parts:
        if m.startswith("C") and m[1:].isdigit():
            low += int(m[1:])
        elif m.startswith("M") and m[1:].isdigit():
            low += int(m[1:])
            high += int(m[1:])
        else:
            from .errors import UnknownCriterionError

            raise UnknownCriterionError(f"unknown modifier '/{m}' in '{code}': use /C1, /C2 ... or /M1, /M2 ...")
    canon = f"{base}/" + "/".join(parts)
    cut_text = f"minus the {low} least significant" + (f" and {high} most significant" if high else "") + " values"
    if base == "BH":
        return Criterion(canon, f"Buchholz {canon[3:]}", f"Бухгольц {canon[3:]}", f"Buchholz {cut_text} (C.07 14, 16.5).", compute=_bh(low, high), fide=True)
    if base == "SB":
        return Criterion(canon, f"Sonneborn–Berger {canon[3:]}", f"Зонненборн–Бергер {canon[3:]}", f"SB {cut_text} (C.07 14, 16.5).", compute=_sb(low, high), fide=True)
    if base in ("ARO", "TPR") and not high:
        f = _aro(low) if base == "ARO" else _tpr(low)
        return Criterion(canon, f"{base} {canon[len(base) + 1:]}", f"{base} {canon[len(base) + 1:]}", f"{base} without the {low} lowest-rated opponent(s).", compute=f, needs="ratings", fide=True, decimals=0)
    if base == "PS" and not high:
        return Criterion(canon, f"Progressive score {canon[3:]}", f"Прогрессивный счёт {canon[3:]}", f"PS without the first {low} running score(s).", compute=_ps(low), needs="rounds", fide=True, decimals=1)
    from .errors import UnknownCriterionError

    raise UnknownCriterionError(f"'{code}': modifiers are not available for {base}")


for _base in ("bh", "sb", "aro", "tpr", "ps"):
    register_factory(_base, _modified)

for _code in ("BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB/C1", "ARO/C1", "PS/C1"):
    register(_modified(_code, _code.split("/", 1)[1]))

__all__ += ["direct_encounter", "CRITERIA_DE"]
