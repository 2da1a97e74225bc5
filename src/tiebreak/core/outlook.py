"""Who can still win: the places on points a player can still reach, over every way the remaining games can end.

The input is each player's points now, the games still to be played (pairs
of player indices; a pair may repeat, as in a double round robin) and the
:class:`~tiebreak.core.model.Scoring`.  Each remaining game ends in a win, a
draw or a loss; an *outcome* is one result for every remaining game, and
``F(k)`` is player ``k``'s final points in it.  Only points count here: no
tie-break.  A bye still to come is not a game: the caller adds its points to
the player's points now (a scheduled pairing bye worth a win is simply that
many more points).

Definitions, for player ``i``:

* ``max_points`` / ``min_points``: his points if he wins / loses every remaining game;
* ``best_place`` = 1 + the least, over all outcomes, number of players with
  ``F(j) > F(i)`` (players level with him are counted in his favour);
* ``worst_place`` = 1 + the greatest, over all outcomes, number of other
  players with ``F(j) >= F(i)`` (players level with him are counted against him);
* ``can_win``: some outcome has nobody strictly above him (first, alone or
  shared), i.e. ``best_place == 1``;
* ``clinched``: in every outcome nobody else is at or above him, i.e.
  ``worst_place == 1``.  This is a named choice: *clinched means first
  alone whatever happens*; a player sure of at least a shared first place
  can win but has not clinched.

How they are computed, and how far they are exact:

* ``clinched`` is exact for any scoring and any size: another player ``j``
  gets level with or above ``i`` in some outcome exactly when ``j``'s
  ``max_points`` reach ``i``'s ``min_points`` (let ``j`` win and ``i`` lose
  every game, their game included; the other games do not matter).
* The best place of ``i`` is reached with ``i`` winning all his games and the
  worst with ``i`` losing all of them (a better result for ``i`` raises him and
  lowers his opponent).  Players whose side of that total no result can
  change drop out, their games against the others given the result that
  matters (the open player loses them for the best place, wins them for the
  worst); this repeats until nothing changes.  What is left splits into
  independent groups (players joined by remaining games), each solved
  exactly by a search over its games' results, memoised on the points of the
  players with games still to come.  The answers of the parts of the event
  he is not in (in a Swiss round, the other games) depend only on his total,
  so they are worked out once a total and shared: a 2,000-player Swiss
  round takes a fraction of a second.  A group of at most ``exact_games``
  remaining games (12 by default) is always solved exactly.  A larger group
  is solved exactly while the searches of such groups stay within
  ``budget`` states in all (shared by the whole call, so that a hopeless case
  costs about a second at most); otherwise it gets sound bounds, from a
  scoring where a draw is half a win that is no better (best place) or no
  worse (worst place) than the real one: the best place from a maximum flow
  (how many players must be let above for the games' points to fit), the
  worst from the fewest points the players at or above him need.  When the
  scoring is itself such a one (1/½/0, 2/1/0), a flow then looks for an
  outcome reaching the bound, and if it finds one the bound is exact.
  ``Outlook.exact`` (and ``PlayerOutlook.exact``) is False when some place
  is still a bound; then ``best_place`` is at most the true best place and
  ``worst_place`` at least the true worst, so the player's final place
  always lies between them.
* ``can_win`` is exact for any size when a draw is worth half a win and a loss
  (``2 * draw == win + loss``: 1/½/0, 2/1/0).  It is ``best_place == 1``,
  and where the best place is only a bound it is a maximum-flow question
  (the classic elimination argument): with ``i`` winning all his games,
  each remaining game hands out the same points in draw-sized steps, and
  each other player may take at most what keeps him level with ``i``.  For
  other scorings (3/1/0, where a decisive game hands out more than a drawn
  one) it comes from the search; where that gives bounds, ``can_win``
  means "not ruled out" (the best place bound is 1).

A round robin of four, two games left (Ann-Bob, Cid-Dan), on 2, 1.5, 0.5
and 0 points.  Ann is first if she wins and second if she loses (Bob then
has 2.5); Bob can win by beating Ann, and is third if he loses and Cid wins
(1.5 each, the tie counted against him); Cid cannot get level with Ann.

>>> from tiebreak.core.model import CHESS
>>> o = outlook([2.0, 1.5, 0.5, 0.0], [(0, 1), (2, 3)], CHESS)
>>> [(p.best_place, p.worst_place, p.can_win, p.clinched) for p in o.players]
[(1, 2, True, False), (1, 3, True, False), (2, 4, False, False), (3, 4, False, False)]
>>> o.games_left, o.exact, o.players[1].max_points
(2, True, 2.5)
>>> outlook([3.0, 1.0, 0.0], [(1, 2)], CHESS).players[0].clinched
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from tiebreak.core.model import CHESS, Scoring

__all__ = ["BUDGET", "EXACT_GAMES", "Outlook", "PlayerOutlook", "outlook"]

EXACT_GAMES = 12
"""A group of at most this many remaining games is always solved exactly."""

BUDGET = 100_000
"""States the searches of the larger groups may visit in all, in one call, before they settle for bounds."""

_DEPTH = 400  # a group of more games is not searched (the search recurses once per game)
_DENOMINATOR = 10_000  # points are read as fractions with at most this denominator (0.1 is 1/10)


@dataclass(frozen=True)
class PlayerOutlook:
    """What a player can still reach on points (see the module docstring for the definitions)."""

    points: float
    min_points: float
    max_points: float
    best_place: int
    worst_place: int
    can_win: bool
    clinched: bool
    exact: bool
    """False when ``best_place`` or ``worst_place`` (and then perhaps ``can_win``) is a bound."""


@dataclass(frozen=True)
class Outlook:
    """The outlook of every player, in the order of the points given."""

    players: tuple[PlayerOutlook, ...]
    games_left: int
    exact: bool
    """False when some player's places are bounds rather than exact."""


class _OverBudget(Exception):
    """The search of a group visited more states than allowed."""


def outlook(
    points: Sequence[float],
    games: Iterable[tuple[int, int]],
    scoring: Scoring = CHESS,
    *,
    exact_games: int = EXACT_GAMES,
    budget: int = BUDGET,
) -> Outlook:
    """Each player's best and worst place on points, whether he can still win and whether he has clinched first place.

    ``points`` are the players' points now (a bye still to come included);
    ``games`` the remaining games as pairs of indices into ``points``;
    ``scoring`` the points of a win, a draw and a loss.  Points and scoring are
    read as exact fractions (the nearest with a denominator up to 10,000,
    so that 0.1 + 0.2 equals 0.3).  ``exact_games`` and ``budget`` set how far
    the places are searched exactly (see the module docstring); a group of
    more than 400 games is never searched.  A game of a player against
    himself or an index out of range raises ValueError (the caller's error:
    the pair is its message).
    """
    n = len(points)
    pairs = [(int(a), int(b)) for a, b in games]
    for a, b in pairs:
        if not (0 <= a < n and 0 <= b < n) or a == b:
            raise ValueError((a, b))
    fractions = [_fraction(p) for p in points]
    values = (_fraction(scoring.win), _fraction(scoring.draw), _fraction(scoring.loss))
    scale = lcm(*(f.denominator for f in (*fractions, *values)))
    now = [int(f * scale) for f in fractions]
    win, draw, loss = (int(v * scale) for v in values)
    ctx = _Context(now, pairs, win, draw, loss, exact_games, budget)
    players = []
    # the two highest maximum totals: the highest of the others is one of them
    tops = sorted(range(n), key=ctx.max_points.__getitem__, reverse=True)[:2]
    for i in range(n):
        low, high = ctx.min_points[i], ctx.max_points[i]
        rival = next((ctx.max_points[j] for j in tops if j != i), None)
        clinched = rival is None or rival < low
        best, best_exact = ctx.best_place(i)
        worst, worst_exact = (1, True) if clinched else ctx.worst_place(i)
        can_win = best == 1
        if not best_exact and ctx.half_draw:
            can_win = ctx.can_win_by_flow(i)
            if can_win:
                best, best_exact = 1, True
            else:
                best = max(best, 2)  # still a bound, made tighter by the exact answer
        players.append(
            PlayerOutlook(
                points=float(points[i]),
                min_points=float(Fraction(low, scale)),
                max_points=float(Fraction(high, scale)),
                best_place=best,
                worst_place=worst,
                can_win=can_win,
                clinched=clinched,
                exact=best_exact and worst_exact,
            )
        )
    return Outlook(tuple(players), len(pairs), all(p.exact for p in players))


def _fraction(value: float) -> Fraction:
    return Fraction(value).limit_denominator(_DENOMINATOR)


class _Context:
    """The event in whole units, results shifted so that a loss is worth nothing.

    Each player's points now include a loss for every remaining game, and a
    game adds ``win - loss``, ``draw - loss`` or nothing: the same finals,
    but points only ever grow along the games.

    The players joined by remaining games form *parts* of the event (in a
    Swiss round, the two players of each game; in a round robin, everybody
    with a game left).  A player's question touches the other parts only
    through his total, so each part's answer for a total is worked out once
    and shared by every player asking with that total.
    """

    def __init__(self, now: list[int], games: list[tuple[int, int]], win: int, draw: int, loss: int, exact_games: int, budget: int) -> None:
        n = len(now)
        self.opponents: list[list[int]] = [[] for _ in range(n)]  # one entry a remaining game
        for a, b in games:
            self.opponents[a].append(b)
            self.opponents[b].append(a)
        count = [len(o) for o in self.opponents]
        self.now = [p + c * loss for p, c in zip(now, count, strict=True)]
        self.win, self.draw = win - loss, draw - loss
        self.half_draw = 2 * self.draw == self.win
        self.exact_games = exact_games
        self.budget = budget
        self.solved: dict[tuple[object, ...], tuple[int, bool]] = {}
        self.min_points = [p + c * loss for p, c in zip(now, count, strict=True)]
        self.max_points = [p + c * win for p, c in zip(now, count, strict=True)]
        # the largest part first: a player in it does not need its answer for his own total
        self.parts = sorted((sorted({p for g in part for p in g}) for part in _groups(games)), key=len, reverse=True)
        self.part_of = [-1] * n
        for k, part in enumerate(self.parts):
            for p in part:
                self.part_of[p] = k
        self.idle = sorted(self.now[j] for j in range(n) if not count[j])  # points of those with no game left
        self.totals: dict[tuple[bool, int], tuple[int, int, list[tuple[int, bool]]]] = {}
        self.counted: dict[tuple[bool, int, int], tuple[int, bool]] = {}

    # --- places -------------------------------------------------------------

    def best_place(self, i: int) -> tuple[int, bool]:
        """1 + the fewest players strictly above ``i`` (he wins all his games), and whether it is exact."""
        return self._place(i, self.now[i] + len(self.opponents[i]) * self.win, minimise=True)

    def worst_place(self, i: int) -> tuple[int, bool]:
        """1 + the most other players at or above ``i`` (he loses all his games), and whether it is exact.

        At or above his total is above one unit less (whole units).
        """
        return self._place(i, self.now[i] - 1, minimise=False)

    def _place(self, i: int, threshold: int, *, minimise: bool) -> tuple[int, bool]:
        """1 + the least (or greatest) number of players other than ``i`` ending above ``threshold``, and whether it is exact."""
        count = len(self.idle) - bisect_right(self.idle, threshold)
        own = self.part_of[i]
        if own < 0:
            count -= self.now[i] > threshold  # he is one of those with no game left
            mine, exact = 0, True
        else:
            mine, exact = self._count(self.parts[own], i, threshold, minimise=minimise)
        if own != 0 and self.parts:
            largest, largest_exact = self._part(0, threshold, minimise=minimise)
            count += largest
            exact = exact and largest_exact
        if len(self.parts) > 1:
            total, inexact, each = self._totals(threshold, minimise=minimise)
            if own > 0:
                total -= each[own - 1][0]
                inexact -= not each[own - 1][1]
            count += total
            exact = exact and not inexact
        return 1 + count + mine, exact

    def _part(self, k: int, threshold: int, *, minimise: bool) -> tuple[int, bool]:
        """Part ``k``'s count for ``threshold`` with nobody's games fixed (kept)."""
        key = (minimise, threshold, k)
        known = self.counted.get(key)
        if known is None:
            known = self._count(self.parts[k], None, threshold, minimise=minimise)
            self.counted[key] = known
        return known

    def _totals(self, threshold: int, *, minimise: bool) -> tuple[int, int, list[tuple[int, bool]]]:
        """The counts for ``threshold`` of every part but the largest: their sum, how many are bounds, each."""
        key = (minimise, threshold)
        known = self.totals.get(key)
        if known is None:
            each = [self._count(part, None, threshold, minimise=minimise) for part in self.parts[1:]]
            known = (sum(c for c, _ in each), sum(1 for _, e in each if not e), each)
            self.totals[key] = known
        return known

    def _reduce(self, players: list[int], i: int | None, threshold: int, *, minimise: bool) -> tuple[int, dict[int, int], list[tuple[int, int]]]:
        """Among ``players``, but ``i``: those above ``threshold`` for sure, the points of those still open, and their games.

        ``i``'s games are fixed first: won by him when minimising, lost when
        maximising.  The players whose side of the threshold no result can
        change are set aside (counted if they are above for sure), and each
        game of a player still open against one set aside is given the result
        that serves the objective (a loss for the open player when minimising,
        a win when maximising); this repeats until nothing changes.
        """
        win, now, opponents = self.win, self.now, self.opponents
        met: dict[int, int] = {}
        if i is not None:
            for j in opponents[i]:
                met[j] = met.get(j, 0) + 1
        above = 0
        score: dict[int, int] = {}
        left: dict[int, int] = {}
        for j in players:
            if j == i:
                continue
            times = met.get(j, 0)
            points = now[j] + (0 if minimise else win * times)
            if points > threshold:
                above += 1
            elif points + (len(opponents[j]) - times) * win > threshold:
                score[j] = points
                left[j] = len(opponents[j]) - times
        open_ = set(score)
        # set aside, again and again, those whose games against the set-aside decide them: setting
        # one aside can only decide more, so the players are looked at again only when a neighbour goes
        inside = {j: sum(1 for k in opponents[j] if k in open_) for j in open_}
        waiting = list(open_)
        while waiting:
            j = waiting.pop()
            if j not in open_:
                continue
            total = score[j] + (0 if minimise else win * (left[j] - inside[j]))
            if total > threshold:
                above += 1
            elif total + inside[j] * win > threshold:
                continue
            open_.discard(j)
            for k in opponents[j]:
                if k in open_:
                    inside[k] -= 1
                    waiting.append(k)
        final = {j: score[j] + (0 if minimise else win * (left[j] - inside[j])) for j in open_}
        rest = [(j, k) for j in sorted(open_) for k in opponents[j] if k in open_ and j < k]
        return above, final, rest

    def _count(self, players: list[int], i: int | None, threshold: int, *, minimise: bool) -> tuple[int, bool]:
        """The least (or greatest) number of ``players`` but ``i`` ending above ``threshold``, and whether it is exact."""
        above, final, rest = self._reduce(players, i, threshold, minimise=minimise)
        exact = True
        for group in _groups(rest):
            members = sorted({p for g in group for p in g})
            if len(members) == 2:  # games between two players only: try their totals
                a, b = group[0]
                counts = [(final[a] + pa > threshold) + (final[b] + pb > threshold) for pa, pb in _combined(self._outcomes(), len(group))]
                above += min(counts) if minimise else max(counts)
                continue
            # players without games of their own in the group often ask the same question of it
            key = (minimise, threshold, tuple(group), tuple(final[p] for p in members))
            answer = self.solved.get(key)
            if answer is None:
                answer = self._solve(group, members, final, threshold, minimise=minimise)
                self.solved[key] = answer
            above += answer[0]
            exact = exact and answer[1]
        return above, exact

    def _solve(self, group: list[tuple[int, int]], players: list[int], score: Mapping[int, int], threshold: int, *, minimise: bool) -> tuple[int, bool]:
        """A group's count of players ending above ``threshold`` (least or greatest), and whether it is exact."""
        limit = None if len(group) <= self.exact_games else self.budget
        search = _Search(group, players, score, self._outcomes(), threshold, minimise, limit)
        try:
            return search.run(), True
        except _OverBudget:
            return self._bound(group, players, score, threshold, minimise=minimise)
        finally:
            if limit is not None:
                self.budget -= len(search.memo)

    def _outcomes(self) -> tuple[tuple[int, int], ...]:
        return ((self.win, 0), (self.draw, self.draw), (0, self.win))

    def _bound(self, group: list[tuple[int, int]], players: list[int], score: Mapping[int, int], threshold: int, *, minimise: bool) -> tuple[int, bool]:
        """A sound bound on a group's count (at most the least when minimising, at least the greatest when maximising), and whether it is reached.

        Both come from a scoring where a draw is half a win, with a win of
        ``min(win, 2 * draw)`` (results no better than the real ones, so no
        more players above) or ``max(win, 2 * draw)`` (no worse, so no fewer
        players above); a game then hands out two half-win steps.  When the
        real scoring is that one, a flow tries the players the bound picks:
        if it succeeds, some outcome has that count and the bound is exact.
        """
        games = dict.fromkeys(players, 0)
        for a, b in group:
            games[a] += 1
            games[b] += 1
        total = 2 * len(group)
        if minimise:
            # at most cap[j] steps keep j at or below the threshold
            least = min(self.win, 2 * self.draw)
            cap = {j: min(2 * games[j], 2 * (threshold - score[j]) // least) for j in players}
            deficit = total - _max_flow_games(group, cap)
            # letting player j above lets the flow grow by at most his unused steps
            freed = sorted(players, key=lambda j: cap[j] - 2 * games[j])
            above = 0
            while deficit > 0 and above < len(freed):
                deficit -= 2 * games[freed[above]] - cap[freed[above]]
                above += 1
            if not self.half_draw:
                return above, False
            cap.update((j, 2 * games[j]) for j in freed[:above])
            return above, _max_flow_games(group, cap) == total
        most = max(self.win, 2 * self.draw)
        # the steps j needs to get above the threshold; together they cannot exceed the steps handed out
        need = {j: max(0, -(-2 * (threshold + 1 - score[j]) // most)) for j in players}
        chosen = sorted(players, key=lambda j: need[j])
        reached, spent = 0, 0
        while reached < len(chosen) and spent + need[chosen[reached]] <= total:
            spent += need[chosen[reached]]
            reached += 1
        if not self.half_draw:
            return reached, False
        # the chosen get what they need if a flow carries it to them; the other steps go anywhere
        return reached, _max_flow_games(group, {j: need[j] for j in chosen[:reached]}) == spent

    # --- can win ----------------------------------------------------------------

    def can_win_by_flow(self, i: int) -> bool:
        """Whether ``i`` can finish with nobody above him (a draw worth half a win and a loss).

        With ``i`` winning all his games, nobody may be above him for sure, and
        in each part of the event, once the players are set aside as for the
        best place (a player who can take every point of his games and stay
        level takes them), the games left must be able to hand out all their
        draw-sized steps, two a game, with each player taking at most what
        keeps him level with ``i``.
        """
        threshold = self.now[i] + len(self.opponents[i]) * self.win
        if any(self.now[j] > threshold for j in range(len(self.now)) if j != i):
            return False
        for k, part in enumerate(self.parts):
            above, final, rest = self._reduce(part, i if k == self.part_of[i] else None, threshold, minimise=True)
            cap = {j: (threshold - points) // self.draw for j, points in final.items()}
            if above or _max_flow_games(rest, cap) != 2 * len(rest):
                return False
        return True


def _groups(games: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The games split by the players they join (connected components)."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in games:
        parent[find(a)] = find(b)
    groups: dict[int, list[tuple[int, int]]] = {}
    for a, b in games:
        groups.setdefault(find(a), []).append((a, b))
    return list(groups.values())


class _Search:
    """The least or greatest number of a group's players ending above a threshold, over every result of its games.

    The games go in an order that finishes players early; the search is
    memoised on the game reached and the points of the players who have
    played and still have games to come.  A player above the threshold, or
    who can no longer get above it, has his points replaced by one marker
    for each case, so that states which differ only there are merged.
    Repeated games between the same two players are taken together.
    """

    def __init__(self, games: list[tuple[int, int]], players: list[int], score: Mapping[int, int], outcomes: tuple[tuple[int, int], ...], threshold: int, minimise: bool, limit: int | None) -> None:
        index = {p: k for k, p in enumerate(_order(players, games))}
        merged: dict[tuple[int, int], int] = {}
        for a, b in games:
            key = (a, b) if index[a] < index[b] else (b, a)
            merged[key] = merged.get(key, 0) + 1
        steps = sorted(merged.items(), key=lambda kv: (max(index[kv[0][0]], index[kv[0][1]]), min(index[kv[0][0]], index[kv[0][1]])))
        local = {p: k for k, p in enumerate(players)}
        self.pairs = [(local[a], local[b]) for (a, b), _m in steps]
        self.results = [_combined(outcomes, m) for _pair, m in steps]
        top = max(o[0] for o in outcomes)
        m = len(steps)
        self.last = [-1] * len(players)
        first = [m] * len(players)
        for k, (a, b) in enumerate(self.pairs):
            for p in (a, b):
                self.last[p] = k
                first[p] = min(first[p], k)
        # the most each player of a step can still gain after that step
        gain = [0] * len(players)
        self.after: list[tuple[int, int]] = [(0, 0)] * m
        for k in range(m - 1, -1, -1):
            a, b = self.pairs[k]
            self.after[k] = (gain[a], gain[b])
            times = steps[k][1]
            gain[a] += top * times
            gain[b] += top * times
        self.open = [tuple(p for p in range(len(players)) if first[p] < k <= self.last[p]) for k in range(m + 1)]
        self.threshold = threshold
        self.above = threshold + 1
        self.below = threshold - 10 * (top * len(games) + 1) - abs(threshold)  # far below: stays below
        self.score = [self._mark(score[p], gain_p) for p, gain_p in zip(players, gain, strict=True)]
        self.minimise = minimise
        self.limit = limit
        self.memo: dict[tuple[int, ...], int] = {}

    def _mark(self, points: int, still: int) -> int:
        if points > self.threshold:
            return self.above
        if points + still <= self.threshold:
            return self.below
        return points

    def run(self) -> int:
        if len(self.pairs) > _DEPTH:
            raise _OverBudget
        m = len(self.pairs)
        # what each step needs, gathered once: its players, what they can still gain after it,
        # whether it is their last, its results, and how many players are still to be counted
        self.steps = [
            (a, b, *self.after[k], self.last[a] == k, self.last[b] == k, self.results[k], sum(1 for p in self.last if p >= k))
            for k, (a, b) in enumerate(self.pairs)
        ]
        self.keys = [self.open[k] for k in range(m)]
        return self._go(0)

    def _go(self, k: int) -> int:
        if k == len(self.steps):
            return 0
        s = self.score
        key = (k, *[s[p] for p in self.keys[k]])
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            return known
        if self.limit is not None and len(memo) >= self.limit:
            raise _OverBudget
        a, b, gain_a, gain_b, done_a, done_b, results, alive = self.steps[k]
        threshold, above, below, minimise = self.threshold, self.above, self.below, self.minimise
        sa, sb = s[a], s[b]
        best = -1
        for pa, pb in results:
            na, nb = sa + pa, sb + pb
            na = above if na > threshold else below if na + gain_a <= threshold else na
            nb = above if nb > threshold else below if nb + gain_b <= threshold else nb
            s[a], s[b] = na, nb
            value = (done_a and na == above) + (done_b and nb == above) + self._go(k + 1)
            if best < 0 or (value < best if minimise else value > best):
                best = value
                if best == (0 if minimise else alive):
                    break  # nothing better is possible
        s[a], s[b] = sa, sb
        memo[key] = best
        return best


def _combined(outcomes: tuple[tuple[int, int], ...], times: int) -> list[tuple[int, int]]:
    """The distinct point totals of ``times`` games between the same two players."""
    totals = {(0, 0)}
    for _ in range(times):
        totals = {(x + pa, y + pb) for x, y in totals for pa, pb in outcomes}
    return sorted(totals)


def _order(players: list[int], games: list[tuple[int, int]]) -> list[int]:
    """The players in breadth-first order from the one with most games, so that each finishes early."""
    neighbours: dict[int, list[int]] = {p: [] for p in players}
    for a, b in games:
        neighbours[a].append(b)
        neighbours[b].append(a)
    seen: list[int] = []
    placed: set[int] = set()
    for start in sorted(players, key=lambda p: -len(neighbours[p])):
        if start in placed:
            continue
        queue = deque([start])
        placed.add(start)
        while queue:
            p = queue.popleft()
            seen.append(p)
            for q in neighbours[p]:
                if q not in placed:
                    placed.add(q)
                    queue.append(q)
    return seen


def _max_flow_games(games: list[tuple[int, int]], cap: dict[int, int]) -> int:
    """The most draw-sized steps the games can hand out (two per game) with player ``j`` taking at most ``cap[j]``.

    Dinic's algorithm on the network source -> game -> its two players -> sink.
    """
    merged: dict[tuple[int, int], int] = {}
    for a, b in games:
        key = (min(a, b), max(a, b))
        merged[key] = merged.get(key, 0) + 1
    players = sorted({p for g in merged for p in g})
    node = {p: 2 + len(merged) + k for k, p in enumerate(players)}
    graph = _Network(2 + len(merged) + len(players))
    for k, ((a, b), times) in enumerate(merged.items()):
        graph.add(0, 2 + k, 2 * times)
        graph.add(2 + k, node[a], 2 * times)
        graph.add(2 + k, node[b], 2 * times)
    for p in players:
        graph.add(node[p], 1, cap.get(p, 0))
    return graph.max_flow(0, 1)


class _Network:
    """A flow network on integer capacities (Dinic's algorithm)."""

    def __init__(self, size: int) -> None:
        self.head: list[list[int]] = [[] for _ in range(size)]
        self.to: list[int] = []
        self.cap: list[int] = []

    def add(self, u: int, v: int, c: int) -> None:
        self.head[u].append(len(self.to))
        self.to.append(v)
        self.cap.append(c)
        self.head[v].append(len(self.to))
        self.to.append(u)
        self.cap.append(0)

    def max_flow(self, source: int, sink: int) -> int:
        total = 0
        while True:
            level = [-1] * len(self.head)
            level[source] = 0
            queue = deque([source])
            while queue:
                u = queue.popleft()
                for e in self.head[u]:
                    if self.cap[e] > 0 and level[self.to[e]] < 0:
                        level[self.to[e]] = level[u] + 1
                        queue.append(self.to[e])
            if level[sink] < 0:
                return total
            pointer = [0] * len(self.head)
            while True:
                pushed = self._push(source, sink, 1 << 62, level, pointer)
                if not pushed:
                    break
                total += pushed

    def _push(self, u: int, sink: int, amount: int, level: list[int], pointer: list[int]) -> int:
        if u == sink:
            return amount
        edges = self.head[u]
        while pointer[u] < len(edges):
            e = edges[pointer[u]]
            v = self.to[e]
            if self.cap[e] > 0 and level[v] == level[u] + 1:
                pushed = self._push(v, sink, min(amount, self.cap[e]), level, pointer)
                if pushed:
                    self.cap[e] -= pushed
                    self.cap[e ^ 1] += pushed
                    return pushed
            pointer[u] += 1
        return 0
