"""The fast paths give the same answers as the straightforward computations they replace.

Each fast path (kept for speed on large events, see docs/speed.md) is checked
against a plain reference written here, on random Swiss events with large
score groups (few rounds, many draws, so the truncated Solkoff is needed many
steps deep), pairing byes, half-point byes, forfeits and withdrawals, under
every rule set:

* the truncated Solkoff at step k (each player's values sorted once per
  evaluation) against :func:`cut_sum` on the unsorted values, bit for bit;
* the places by points and the progressive truncated Solkoff against a
  recursive reference ranker that sorts every player's values at every step;
* whole rankings (places, what decided them, the step that set each place
  apart, the values shown) against the ranker descending part by part, one
  step at a time, splitting by :func:`~tiebreak.core.ranking.sort_key` (the
  straightforward form of the ranker's step-by-step refinement);
* the cache's scan for cells where a logical value could pass for a number
  (a row skipped when it holds no 0 or 1) against a scan of every cell;
* the per-round pairing check (C-level maps) against a loop over the games, and its
  whole-column proof (:func:`~tiebreak.core.model._whole_column_consistent`) never
  passing a round the loop refuses, while proving the rounds of real events;
* the evaluation's fields computed on first use (played, as_game, wins, rated
  opponents) against the same fields computed from the table directly;
* the cache bounded by cells: however many tables are read, it keeps at most its
  budget of cells, keeps the last table, and finds again the ones it keeps;
* a held copy found by identity (the cached call's shortcut past the look at its rows) against
  an equal grid found by equality and a fresh read, scoring and language still apart;
* a criterion found again by its text is the one found the first time;
* display rounding (:func:`~tiebreak.core.numbers.half_up`) skipping Decimal for whole
  numbers, halves and quarters against Decimal's rounding of every value;
* the XML escaping of the ranked copy (:func:`~tiebreak.io.sheetxml.escape`, ``quoteattr``,
  written so that start-up does not import :mod:`xml.sax.saxutils` and with it
  :mod:`urllib.request`) against the standard library's on every awkward text;
* the reader's search for a legend of the plus (one search over the joined texts before
  looking at any cell) against :func:`~tiebreak.core.notation.plus_legend` of every cell;
* the Swiss round cells read by one pattern over all rounds and decoded by codes against the
  same cells written so that the notation reads them one by one (odd and refused cells, byes,
  pending rounds, signs first, other scorings), and the round check by codes never passing a
  round the game-by-game loop refuses.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tiebreak
from tiebreak.calc.cache import _ones
from tiebreak.core import ranking
from tiebreak.core.coefficients import cut_sum, truncated_solkoff
from tiebreak.core.counting import Evaluation, Why
from tiebreak.core.criteria import get_criterion
from tiebreak.core.errors import UnknownCriterionError
from tiebreak.core.model import (
    CHESS,
    DRAUGHTS,
    DRAW,
    LOSS,
    WIN,
    Scoring,
    Kind,
    _whole_column_consistent,
    round_consistent,
)
from tiebreak.core.rules import get_rules, rule_set_names
from tiebreak.reading import read_table

EVENTS = 40


def swiss_grid(rng: random.Random, n: int, rounds: int) -> list[list[Any]]:
    """A Swiss crosstable in chess-results notation (``12w1``, ``5b½``, ``-1``, ``-½``, ``5w+``), paired by score."""
    score = [0.0] * n
    met: list[set[int]] = [set() for _ in range(n)]
    gone: set[int] = set()
    cells = [[""] * rounds for _ in range(n)]
    for r in range(rounds):
        active = [p for p in range(n) if p not in gone]
        half = {p for p in active if rng.random() < 0.05}
        pool = sorted((p for p in active if p not in half), key=lambda p: (-score[p], rng.random()))
        for p in half:
            cells[p][r] = "-½"
            score[p] += 0.5
        if len(pool) % 2:
            p = pool.pop()
            cells[p][r] = "-1"
            score[p] += 1
        while pool:
            a = pool.pop(0)
            j = next((k for k, b in enumerate(pool) if b not in met[a]), 0)
            b = pool.pop(j)
            met[a].add(b)
            met[b].add(a)
            x = rng.random()
            if x < 0.05:
                cells[a][r], cells[b][r] = f"{b + 1}w+", f"{a + 1}b-"
                score[a] += 1
            elif x < 0.30:
                cells[a][r], cells[b][r] = f"{b + 1}w1", f"{a + 1}b0"
                score[a] += 1
            elif x < 0.75:
                cells[a][r], cells[b][r] = f"{b + 1}w½", f"{a + 1}b½"
                score[a] += 0.5
                score[b] += 0.5
            else:
                cells[a][r], cells[b][r] = f"{b + 1}w0", f"{a + 1}b1"
                score[b] += 1
        if r == rounds // 2 and n > 8:
            gone.update(rng.sample(range(n), 2))
    grid: list[list[Any]] = [["No.", "Name"] + [f"R{r + 1}" for r in range(rounds)]]
    for p in range(n):
        grid.append([float(p + 1), f"Player {p + 1}"] + cells[p])
    return grid


def events() -> list[tuple[int, tiebreak.Tournament]]:
    rng = random.Random(20261130)
    out = []
    for seed in range(EVENTS):
        n = rng.randrange(6, 60)
        rounds = rng.randrange(3, 9)
        out.append((seed, read_table(swiss_grid(random.Random(seed), n, rounds))))
    return out


EVENTS_READ = events()


def _evaluations() -> list[tuple[str, Evaluation]]:
    return [(f"{seed}-{rules}", get_rules(rules).evaluate(t)) for seed, t in EVENTS_READ for rules in rule_set_names()]


@pytest.mark.parametrize(("name", "ev"), _evaluations())
def test_truncated_solkoff_steps_equal_cut_sum(name: str, ev: Evaluation) -> None:
    """Every step k, for everybody and for a subset, equals cut_sum on the player's own unsorted values."""
    top = max((len(v) for v in ev.val), default=0) + 2
    subset = list(range(ev.n))[::-2]
    for k in range(top):
        reference = [cut_sum(ev.val[p], k, 0, ev.cut_first[p], rounds=ev.rounds) for p in range(ev.n)]
        assert truncated_solkoff(ev, k) == reference, (name, k)
        assert truncated_solkoff(ev, k, subset) == [reference[p] for p in subset], (name, k)


def test_buchholz_and_sb_of_all_players_at_once_equal_each_players_own() -> None:
    """BH, BH/C1 and FIDE SB for all players at once (C-level maps where nothing is cut first) against each player's cut_sum and SB."""
    from tiebreak.core.coefficients import buchholz, fide_sonneborn_berger, fide_sonneborn_berger_of

    at_once = 0
    for name, ev in _evaluations():
        for low in (0, 1):
            assert buchholz(ev, low) == [cut_sum(ev.val[p], low, 0, ev.cut_first[p], rounds=ev.rounds) for p in range(ev.n)], (name, low)
        assert fide_sonneborn_berger(ev) == [fide_sonneborn_berger_of(v, c) for v, c in zip(ev.val, ev.credit)], name
        at_once += min(map(len, ev.val), default=2) >= 2 and 0 < ev.cut_first.count(None) < ev.n
    assert at_once >= 5  # the maps are taken with players to cut first among them, not only the loop


def test_one_low_cut_with_unplayed_rounds_equals_the_cut_positions() -> None:
    """cut_sum's one low cut where a round is to be cut first against the sum left by cut_positions, bit for bit (values not halves too)."""
    from tiebreak.core.coefficients import cut_positions

    rng = random.Random(41)
    taken = 0
    for _ in range(3000):
        n = rng.randrange(1, 9)
        pool = rng.choice([[0.0, 0.5, 1.0, 1.5, 2.0, 3.5], [0.1, 0.7, 1.3, 2.2, 0.3], [3.0, 1.0, 0.0, 4.0]])
        vals = tuple(rng.choice(pool) for _ in range(n))
        vur = [rng.random() < 0.3 for _ in range(n)]
        rounds = rng.choice([None, n, max(n - 1, 0), 0, n + 2])
        cut = set(cut_positions(vals, 1, 0, vur, list(vals), rounds))
        want = float(sum(v for i, v in enumerate(vals) if i not in cut)) if any(vur) else cut_sum(vals, 1, 0, None, rounds=rounds)
        assert repr(cut_sum(vals, 1, 0, vur, rounds=rounds)) == repr(want), (vals, vur, rounds)
        taken += any(vur) and rounds != 0
    assert taken > 1000


def reference_places(ev: Evaluation, depth: list[int] | None = None) -> list[str]:
    """Places by points, then the truncated Solkoff dropping 1, 2 ... worst values while still tied (1.13.8), done plainly.

    ``depth`` collects the steps k at which a tied group was split.
    """

    def resolve(group: list[int], k: int) -> list[list[int]]:
        games = max(len(ev.val[p]) for p in group)
        if len(group) == 1 or k > max(games - 1, 1):
            return [group]
        parts: dict[float, list[int]] = {}
        for p in group:
            value = cut_sum(list(ev.val[p]), k, 0, ev.cut_first[p], rounds=ev.rounds)
            parts.setdefault(round(value, 9), []).append(p)
        if depth is not None and len(parts) > 1:
            depth.append(k)
        return [g for key in sorted(parts, reverse=True) for g in resolve(parts[key], k + 1)]

    by_points: dict[float, list[int]] = {}
    for p in range(ev.n):
        by_points.setdefault(round(ev.points[p], 9), []).append(p)
    places = [""] * ev.n
    first = 1
    for key in sorted(by_points, reverse=True):
        for group in resolve(by_points[key], 1):
            last = first + len(group) - 1
            for p in group:
                places[p] = str(first) if first == last else f"{first}–{last}"
            first = last + 1
    return places


@pytest.mark.parametrize(("name", "ev"), _evaluations())
def test_progressive_ranking_equals_reference(name: str, ev: Evaluation) -> None:
    ranking = tiebreak.rank(ev.tournament, "solkoff_trunc", ev.rules, evaluation=ev)
    assert ranking.places() == reference_places(ev), name


def test_events_exercise_deep_steps_and_cut_first_rounds() -> None:
    """The random events split ties at later steps and have rounds cut first (else the tests above would check little)."""
    depth: list[int] = []
    cut_first = 0
    for _name, ev in _evaluations():
        reference_places(ev, depth)
        cut_first += sum(1 for f in ev.cut_first if f is not None and any(f))
    assert max(depth) >= 4
    assert sum(1 for k in depth if k >= 2) >= 100
    assert cut_first >= 50


class _DescentRanker(ranking._Ranker):
    """The ranker with the progressive criterion applied part by part, recursively (the reference)."""

    def split(self, group: list[int], values: Any, lower_better: bool = False) -> list[list[int]]:
        buckets: dict[Any, list[int]] = {}
        for p, v in zip(group, values):
            buckets.setdefault(ranking.sort_key(v, lower_better), []).append(p)
        return [buckets[k] for k in sorted(buckets, reverse=True)]

    def progressive(self, crit: Any, group: list[int], ci: int, out: list[list[int]], via: str, k: int = 1) -> None:
        games = max(len(self.ev.val[p]) for p in group)
        if k > max(games - 1, 1) or len(group) == 1:
            self.resolve(group, ci + 1, out, via)
            return
        parts = self.split(group, crit.step(self.ev, k, group))
        for i, part in enumerate(parts):
            if i:
                self.split_at[len(out)] = ci + 1
            if len(part) > 1:
                self.progressive(crit, part, ci, out, crit.code if len(parts) > 1 else via, k + 1)
            else:
                self.resolve(part, ci + 1, out, crit.code if len(parts) > 1 else via)


def _outcome(r: tiebreak.Ranking) -> tuple[Any, ...]:
    return (
        [(s.player, s.place, s.place_to, s.decided_by, s.values) for s in r.standings],
        r.split_steps,
        r.notes,
        r.skipped,
    )


CRITERIA_LISTS = (None, "solkoff_trunc, order", "BH/C1, solkoff_trunc, DE, WIN", "wins, solkoff_trunc, h2h", "SB, solkoff_trunc")


@pytest.mark.parametrize("criteria", CRITERIA_LISTS)
def test_rankings_equal_the_part_by_part_descent(criteria: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    compared = 0
    for seed, t in EVENTS_READ[:20]:
        for rules in rule_set_names():
            fast = tiebreak.rank(t, criteria, rules)
            with monkeypatch.context() as m:
                m.setattr(ranking, "_Ranker", _DescentRanker)
                slow = tiebreak.rank(t, criteria, rules)
            assert _outcome(fast) == _outcome(slow), (seed, rules, criteria)
            compared += 1
    assert compared == 20 * len(rule_set_names())


class _Raises:
    def __eq__(self, other: object) -> bool:
        raise ValueError("no equality here")

    __hash__ = object.__hash__


def _ones_plainly(grid: list[list[Any]]) -> list[tuple[int, int, bool]]:
    return [
        (r, c, type(v) is bool)
        for r, row in enumerate(grid)
        for c, v in enumerate(row)
        if type(v) is bool or (type(v) in (int, float) and (v == 0 or v == 1))
    ]


def test_logical_cells_found_as_a_full_scan_finds_them() -> None:
    rng = random.Random(7)
    choices: list[Any] = [True, False, 0, 1, 0.0, 1.0, -0.0, 2, 0.5, "1", "0", None, "", "12w1", 1e300, _Raises()]
    for _ in range(300):
        grid = [[rng.choice(choices) if rng.random() < 0.3 else "5b½" for _c in range(rng.randrange(0, 6))] for _r in range(rng.randrange(0, 8))]
        assert _ones(grid) == _ones_plainly(grid), grid


def _consistent_plainly(
    opp: list[int], kind: list[int], pts: list[float], colour: list[str | None], sc: Scoring, allow_double_loss: bool = False
) -> bool:
    """The round check as it was written with loops over the games (what the C-level maps replaced)."""
    n = len(opp)
    idx = [i for i, j in enumerate(opp) if j >= 0]
    if not idx:
        return True
    js = [opp[i] for i in idx]
    if max(js) >= n or any(i == j for i, j in zip(idx, js)) or [opp[j] for j in js] != idx:
        return False
    sums = {kind[i] + kind[j] for i, j in zip(idx, js)}
    if not sums <= {0, 3, 4}:
        return False
    if 4 in sums and not all(kind[i] == kind[j] == 2 for i, j in zip(idx, js) if kind[i] + kind[j] == 4):
        return False
    played = [i for i in idx if kind[i] == 0]
    if played:
        outcome = {sc.loss: LOSS, sc.draw: DRAW, sc.win: WIN}
        got = [outcome.get(pts[i]) for i in played]
        back = [outcome.get(pts[opp[i]]) for i in played]
        if None in got or None in back:
            return False
        a = [x for x in got if x is not None]
        b = [x for x in back if x is not None]
        if any(x + y for x, y in zip(a, b)) and (not allow_double_loss or any(x + y and not (x == y == LOSS) for x, y in zip(a, b))):
            return False
    cs = [colour[i] for i in idx]
    other = [colour[j] for j in js]
    return not any(x is not None and x == y for x, y in zip(cs, other))


def test_round_check_equals_a_loop_over_the_games() -> None:
    """The C-level round check against a game-by-game loop, on rounds of real events, broken at random."""
    rng = random.Random(11)
    checked = broken = fast = 0
    for _seed, t in EVENTS_READ:
        for k in range(t.rounds):
            opp = [row[k] for row in t.opp]
            kind = [int(row[k]) for row in t.kind]
            pts = [row[k] for row in t.pts]
            colour = [row[k] for row in t.colour]
            for attempt in range(6):
                o, kd, x, c = list(opp), list(kind), list(pts), list(colour)
                if attempt:
                    i = rng.randrange(len(o))
                    what = rng.randrange(4)
                    if what == 0:
                        o[i] = rng.randrange(-1, len(o))
                    elif what == 1:
                        kd[i] = rng.choice([0, 1, 2, 3])
                    elif what == 2:
                        x[i] = rng.choice([0.0, 0.5, 1.0, 0.25, 2.0])
                    else:
                        c[i] = rng.choice(["w", "b", None])
                for sc in (CHESS, DRAUGHTS):
                    for double in (False, True):
                        want = _consistent_plainly(o, kd, x, c, sc, double)
                        assert round_consistent(o, kd, x, c, sc, double) == want, (o, kd, x, c, sc, double)
                        proven = _whole_column_consistent(o, kd, x, c, sc)
                        assert not proven or want, (o, kd, x, c, sc)
                        if all(q != i for i, q in enumerate(o)):  # what the reader has made sure of
                            assert round_consistent(o, kd, x, c, sc, double, no_self=True) == want
                            assert _whole_column_consistent(o, kd, x, c, sc, no_self=True) == proven
                        checked += 1
                        broken += not want
                        fast += proven
                        if not attempt and sc is CHESS:
                            assert proven, (o, kd, x, c)  # every real round of a chess event is proven over whole columns
    assert checked > 1000 and broken > 100 and fast > checked // 5


def test_a_criterion_found_again_is_the_same() -> None:
    for text in ("BH/C1", "бухгольц", "  solkoff_trunc ", "sb", "BH/C3/M1", "Truncated Solkoff"):
        first = get_criterion(text)
        assert get_criterion(text) is first
        assert get_criterion(text).code == first.code
    assert get_criterion("BH/C3/M1").code == "BH/C3/M1"
    for _ in range(2):  # an unknown text is refused every time, not remembered
        with pytest.raises(UnknownCriterionError):
            get_criterion("no such criterion")


def test_half_up_skips_decimal_only_where_nothing_is_rounded() -> None:
    """numbers.half_up returns whole numbers, halves and quarters as they are; the rest goes through Decimal."""
    import math
    from decimal import ROUND_HALF_UP, Decimal

    from tiebreak.core.numbers import half_up

    def reference(x: float, places: int) -> float:
        return float(Decimal(repr(x)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))

    rng = random.Random(20261130)
    samples = [0.0, -0.0, 2.5, -2.5, 0.125, 0.375, 39.4375, 39.444, 0.1 + 0.2, 2.675, 1e15 + 0.5]
    samples += [rng.randint(-4000, 4000) / 8 for _ in range(3000)] + [rng.uniform(-500, 500) for _ in range(3000)]
    for x in samples:
        for places in range(5):
            got, want = half_up(x, places), reference(x, places)
            assert got == want and math.copysign(1, got) == math.copysign(1, want), (x, places, got, want)



@pytest.mark.parametrize(("name", "ev"), _evaluations())
def test_fields_on_first_use_equal_the_table_counted_directly(name: str, ev: Evaluation) -> None:
    """played, as_game, wins and rated opponents, computed when first read, against the table counted here."""
    t = ev.tournament
    assert [list(row) for row in ev.played] == [[k == Kind.PLAYED for k in row] for row in t.kind]
    assert ev.as_game == ev.played  # a Swiss: only games over the board meet the opponent
    w = t.scoring.win
    with_opponent = (Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)
    won_over_the_board = [sum(1 for k, x in zip(ks, xs) if k == Kind.PLAYED and x == w) for ks, xs in zip(t.kind, t.pts)]
    won_with_opponent = [sum(1 for k, x in zip(ks, xs) if k in with_opponent and x == w) for ks, xs in zip(t.kind, t.pts)]
    rounds_won = [sum(1 for x in xs if x == w) for xs in t.pts]  # FIDE's WIN: a win's points, played or not
    wins = {"ru": won_over_the_board, "plain": won_with_opponent}.get(ev.rules.name, rounds_won)
    assert ev.wins == wins
    if ev.rules.name in ("ru", "plain"):
        assert [list(row) for row in ev.rated_opponents] == [[q for q, k in zip(os, ks) if q >= 0 and k in with_opponent] for os, ks in zip(t.opp, t.kind)]
    else:
        assert [list(row) for row in ev.rated_opponents] == [[q for q, k in zip(os, ks) if k == Kind.PLAYED] for os, ks in zip(t.opp, t.kind)]


def test_cache_is_bounded_by_cells_and_keeps_what_it_can() -> None:
    """Edited tables (one changed cell each) fill the cache up to its cells, never past it; the last is always kept."""
    from tiebreak.calc.cache import TableCache

    grid = swiss_grid(random.Random(3), 20, 5)
    cells = sum(map(len, grid))  # 20 players, 5 rounds: 21 rows of 7 cells
    cache = TableCache(size=16, cells=3 * cells)
    edits = []
    for k in range(10):
        g = [list(r) for r in grid]
        g[1][1] = f"Someone {k}"  # a changed name: another table
        edits.append(g)
        assert cache.tournament(g).players[0].name == f"Someone {k}"
        assert cache.held() <= 3 * cells
    reads = cache.reads
    assert reads == 10
    for g in edits[-3:]:  # the last three are kept ...
        cache.tournament([list(r) for r in g])
    assert cache.reads == reads
    cache.tournament([list(r) for r in edits[0]])  # ... the first was let go
    assert cache.reads == reads + 1
    small = TableCache(cells=10)  # a budget smaller than one table: the last table is still kept
    small.tournament(grid)
    small.tournament([list(r) for r in grid])
    assert small.reads == 1 and small.held() == cells


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026"])
def test_fide_rows_of_players_who_played_every_round_equal_the_general_row(rules: str) -> None:
    """FIDE's Swiss rows: the C-level row of a player with a game every round against the row written round by round."""
    fast = 0
    for _seed, t in EVENTS_READ:
        ev = get_rules(rules).evaluate(t)
        adj = ev.score
        for p in range(len(t.players)):
            opp, kind, own = t.opp[p], t.kind[p], t.points[p]
            cap = t.scoring.draw * t.rounds
            if rules == "fide-2026":
                val = [adj[q] if k == Kind.PLAYED and q >= 0 else (min(own, adj[q]) if q >= 0 else min(own, cap)) for q, k in zip(opp, kind)]
            else:
                val = [adj[q] if k == Kind.PLAYED and q >= 0 else own for q, k in zip(opp, kind)]
            assert list(ev.val[p]) == val
            assert list(ev.whom[p]) == [q if k == Kind.PLAYED else -1 for q, k in zip(opp, kind)]
            assert list(ev.why[p]) == [Why.GAME if k == Kind.PLAYED and q >= 0 else Why.DUMMY for q, k in zip(opp, kind)]
            assert list(ev.at[p]) == list(range(len(opp)))
            assert ev.credit[p] == t.pts[p]
            vur = [Kind(k).is_voluntarily_unplayed for k in kind]
            assert (None if ev.cut_first[p] is None else list(ev.cut_first[p])) == (vur if any(vur) else None)
            fast += all(k == Kind.PLAYED for k in kind)
    assert fast > 100


def test_returned_cells_equal_cell_of_every_value() -> None:
    """A column returned to the sheet (:func:`cells`, which passes halves and quarters as they are) against :func:`cell` of each value."""
    from tiebreak.core.numbers import cell, cells

    rng = random.Random(5)
    passed = 0
    for _ in range(400):
        pool = rng.choice(
            [
                [rng.randrange(-200, 400) / 4 for _ in range(8)],  # quarters: the usual tie-break values
                [rng.randrange(0, 100) / 1024 for _ in range(8)],
                [rng.randrange(0, 100) / 3 for _ in range(8)],  # thirds: rounded at 10 decimals
                [0.1 + 0.2, 2.0**41 + 0.5, 1e-12, -0.0, 0.0],
                [1.5, None, 2, True, "x"],
            ]
        )
        values = [rng.choice(pool) for _ in range(rng.randrange(0, 30))]
        want = [cell(v) for v in values]
        got = cells(values)
        assert repr(got) == repr(want), values  # repr: -0.0 and 0.0, 1 and 1.0, True and 1 told apart
        passed += got == values
    assert passed > 50


def test_round_column_scan_reads_what_the_three_group_pattern_read() -> None:
    """The one-group scan of a round column (one text per cell, sliced) against the pattern with opponent, colour and result groups."""
    import re

    from tiebreak.core import grammar as g
    from tiebreak.core.notation import swiss_cell
    from tiebreak.reading.swiss import _COLOUR_CHAR, _FAST_COLUMN, _FAST_MARKS, _OPPONENT, _RESULT_CHAR

    three = re.compile(rf"^(?:(\d{{1,6}})({g.COLOUR})({g.one_of(_FAST_MARKS)})|[^\n]*)$", re.MULTILINE)
    rng = random.Random(8)
    cells = [v for _seed, t in EVENTS_READ[:5] for v in ("12w1", "007b0", "5б½", "3ч=", "12w", "12x1", "w1", "1234567w1", "12W+", "9b−", "", "-1", "12w1 ", "\x00")]
    cells += [v for row in swiss_grid(random.Random(2), 30, 6)[1:] for v in row[2:]]
    rng.shuffle(cells)
    column = "\n".join(cells)
    one, old = _FAST_COLUMN.findall(column), three.findall(column)
    assert len(one) == len(old) == len(cells)
    read = 0
    for v, text, (o, c, x) in zip(cells, one, old):
        assert (_OPPONENT(text), _COLOUR_CHAR(text), _RESULT_CHAR(text)) == (o, c, x), v
        if text:
            cell = swiss_cell(v)
            assert (cell.opponent, cell.colour) == (int(o), g.COLOURS[c]), v
            read += 1
    assert read > 100


def test_xml_escaping_equals_the_standard_librarys() -> None:
    from xml.sax import saxutils

    from tiebreak.io.sheetxml import escape, quoteattr

    rng = random.Random(24)
    alphabet = ['&', '<', '>', '"', "'", "\n", "\r", "\t", "a", "Я", " ", "&amp;", ";", "#"]
    texts = ["", "plain", "Tom & Jerry", 'say "hi"', "it's", "it's \"x\"", "a\tb\r\nc", "&lt;"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 12))) for _ in range(2000)]
    for text in texts:
        assert quoteattr(text) == saxutils.quoteattr(text), text
        assert escape(text) == saxutils.escape(text), text
        assert escape(text, {'"': "&quot;"}) == saxutils.escape(text, {'"': "&quot;"}), text


def test_legend_search_equals_plus_legend_of_every_cell() -> None:
    from tiebreak.core import grammar as g
    from tiebreak.core.notation import plus_legend
    from tiebreak.reading.table import _legend

    def every_cell(values: list[Any]) -> str | None:
        return next((m for v in values if v.__class__ is str and (m := plus_legend(v)) is not None), None)

    rng = random.Random(2024)
    words = [*g.PLUS_WORDS, "WIN", "Победа", "ͅ", "ß", "draw", "ничья", "x", "12", "½", "_"]
    marks = ["+", "+", "=", "−", "-", ":", " ", "", '"', "«", "»", "(", ")", "w", "b", "3", "\u00a0"]
    meanings: list[str | None] = []
    for _ in range(3000):
        cells: list[Any] = []
        for _ in range(rng.randrange(1, 6)):
            kind = rng.random()
            if kind < 0.2:
                cells.append(rng.choice([None, 1.0, 0.5, 3, True]))
            elif kind < 0.5:
                cells.append(f"{rng.randrange(1, 40)}{rng.choice('wb')}{rng.choice(['+', '-', '=', '1', '0', '½'])}")
            else:
                cells.append("".join(rng.choice(marks + words) for _ in range(rng.randrange(1, 7))))
        found = every_cell(cells)
        assert _legend(cells) == found, cells
        assert _legend(iter(cells)) == found, cells
        meanings.append(found)
    # legends found with both meanings, and many tables with a plus and no legend
    assert meanings.count("win") > 50 and meanings.count("forfeit") > 50 and meanings.count(None) > 1000
    assert _legend(["12w+", "+5", "Итого", 3.0]) is None and _legend(["x", "+ победа, = ничья"]) == "win"
    assert _legend(["«+» – неявка"]) == "forfeit"


def _read_or_refused(read: Any) -> Any:
    """A table's points, or the message it is refused with (errors are cached too)."""
    try:
        return read().points
    except tiebreak.TiebreakError as err:
        return f"{type(err).__name__}: {err}"


def test_a_held_copy_found_by_identity_is_what_an_equal_grid_finds() -> None:
    """The cached call's shortcut: the cache's own copy (own_copy hands it to the worksheet functions) is found
    by identity without a look at its rows; it finds the entry an equal grid finds, whose values are a fresh
    read's, and the scoring and the language still tell entries apart."""
    from tiebreak.calc.cache import TableCache
    from tiebreak.core.i18n import use_language

    rng = random.Random(11)
    for k in range(6):
        grid = swiss_grid(rng, 12 + 3 * k, 3 + k % 3)
        cache = TableCache()
        copy, _ = cache.own_copy(grid, lambda g, texts: None)
        assert copy is not grid and copy == grid
        first = cache.evaluation(copy, "fide-2024")
        assert cache.reads == 1
        assert cache.evaluation(copy, "fide-2024") is first  # by identity
        assert cache.evaluation([list(r) for r in grid], "fide-2024") is first  # by equality
        assert cache.evaluation(tuple(tuple(r) for r in grid), "fide-2024") is first  # rows of another kind
        assert cache.reads == 1
        plain = get_rules("fide-2024").evaluate(read_table(grid))
        for code in ("buchholz", "solkoff", "SB"):
            assert get_criterion(code).values(first) == get_criterion(code).values(plain)
        # the same copy under another scoring or language is another entry, read as an uncached read reads it
        got = _read_or_refused(lambda: cache.tournament(copy, scoring=Scoring(3.0, 1.0, 0.0)))
        assert got == _read_or_refused(lambda: read_table(grid, scoring=Scoring(3.0, 1.0, 0.0)))
        assert cache.reads == 2
        with use_language("ru"):
            assert cache.tournament(copy).points == plain.tournament.points
        assert cache.reads == 3
        changed = [list(r) for r in copy]
        changed[1][1] = "Someone else"
        assert cache.tournament(changed).players[0].name == "Someone else" and cache.reads == 4


# odd cells for the round columns: byes, absences, pending pairings, leading zeros, other notations, numbers and
# cells refused (an unknown colour, a result no scoring has, an Excel error, a logical value, a formula's text)
_ODD_CELLS: list[Any] = [
    "12w", "007b0", "5б½", "3ч=", "12x1", "w1", "1234567w1", "12W+", "9b−", "", "-1", "-½", "-0", "-", "+", "bye", "0w1",
    "99w1", "12w5", "12 w 1", "12b", "12", 12.0, None, "#N/A", True, "=A1", "½", "1w½", "3w=", "4B1", "04w1", "٣w1",
    "+12", "-12", "=12", "12ч1", "12Б0", "\u00a012w1", "12w2", "12w3", "12w1 ", "12ww1", "1.5w1",
]


def _spaced(grid: list[list[Any]]) -> list[list[Any]]:
    """The grid with every cell the round pattern reads ('12w1') written so that it does not ('12 w 1'): read cell by cell."""
    from tiebreak.reading.swiss import _FAST_COLUMN

    out = []
    for row in grid:
        line = []
        for v in row:
            m = _FAST_COLUMN.match(v) if isinstance(v, str) and "\n" not in v else None
            line.append(f"{v[:-2]} {v[-2]} {v[-1]}" if m is not None and m.group(1) == v else v)
        out.append(line)
    return out


def _swiss_read(grid: list[list[Any]], scoring: Scoring | None) -> Any:
    """What the reader makes of a grid: the tournament's rounds, or the kind of error and the cell it names."""
    try:
        t = read_table(grid, scoring=scoring)
    except tiebreak.TiebreakError as err:
        return type(err).__name__, str(getattr(err, "location", None))
    return (t.opp, t.pts, [list(map(int, row)) for row in t.kind], t.colour, t.pending, t.unentered, t.rounds_scheduled, t.points, t.scoring)


def test_swiss_rounds_read_by_codes_equal_the_cells_read_one_by_one() -> None:
    """The round columns' common cells read by one pattern and decoded by codes (and each round proven by the check
    codes) against the same cells written with spaces, which the pattern leaves to the notation cell by cell and the
    round check to round_consistent: the same rounds, pending games and points, or the same error at the same cell;
    with byes, forfeits, half-point byes, withdrawals, rounds not played yet, signs first and odd cells."""
    rng = random.Random(2026)
    read = refused = 0
    for case in range(300):
        n, rounds = rng.randrange(4, 30), rng.randrange(1, 7)
        grid = swiss_grid(random.Random(case), n, rounds)
        if case % 3 == 1:  # one odd cell: at most one error, named the same way by both reads
            r, c = rng.randrange(1, len(grid)), rng.randrange(2, len(grid[0]))
            v = rng.choice(_ODD_CELLS)
            if isinstance(v, str) and v[:1].isdigit() and rng.random() < 0.5:
                v = f"{rng.randrange(1, n + 2)}{v.lstrip('0123456789')}"
            grid[r][c] = v
        if case % 7 == 0:  # the last round paired, its results not entered yet
            for row in grid[1:]:
                v = row[-1]
                if isinstance(v, str) and len(v) > 2 and v[-2] in "wb" and v[:-2].isdigit():
                    row[-1] = v[:-1]
        if case % 11 == 0:  # forfeits written sign first ('+12')
            for row in grid[1:]:
                for c in range(2, len(row)):
                    v = row[c]
                    if isinstance(v, str) and len(v) > 2 and v[-1] in "+-" and v[-2] in "wb":
                        row[c] = v[-1] + v[:-2]
        scoring = rng.choice([DRAUGHTS, Scoring(3.0, 1.0, 0.0)]) if case % 5 == 0 else None
        got, spaced = _swiss_read(grid, scoring), _swiss_read(_spaced(grid), scoring)
        if scoring is not None and len(got) == 2:  # many cells wrong on the scoring given: each read names the first it meets
            assert len(spaced) == 2 and spaced[0] == got[0], (case, grid)
        else:
            assert got == spaced, (case, grid)
        read += len(got) > 2
        refused += len(got) == 2
    assert read > 100 and refused > 50


def test_round_codes_never_pass_a_round_the_loop_refuses() -> None:
    """The round check by codes (the mirror, one sum of both sides' check codes) against the game-by-game loop, on
    the rounds of real events, broken at random: it never proves a round the loop refuses, and proves every real one."""
    from tiebreak.core.grammar import COLOURS
    from tiebreak.reading.swiss import (
        _MARK_OF_CODE,
        _TAIL_CODE,
        _check_codes,
        _games_on,
        _mirrored,
        _partners,
    )

    rng = random.Random(12)
    checked = proven_count = 0
    letters = {"w": [k for k, v in COLOURS.items() if v == "w"], "b": [k for k, v in COLOURS.items() if v == "b"]}
    for _seed, t in EVENTS_READ:
        for sc in (CHESS, DRAUGHTS):
            for signs_played in (False, True):
                games = _games_on(sc, signs_played)
                kinds = [int(Kind.ABSENT)] + [None if games.get(m) is None else games[m][0] for m in _MARK_OF_CODE[1:]]
                pts = [0.0] + [None if games.get(m) is None else games[m][1] for m in _MARK_OF_CODE[1:]]
                check = _check_codes(kinds, pts, sc)
                partner = _partners(check)
                # the code of each (colour, kind, points) a common cell can have on this scoring
                code_of = {(COLOURS[t[0]], kinds[c], pts[c]): c for t, c in _TAIL_CODE.items() if kinds[c] is not None}
                playable = [c for c in range(1, len(kinds)) if kinds[c] is not None]
                for k in range(t.rounds):
                    opp = [row[k] for row in t.opp]
                    scale = sc.win / CHESS.win
                    codes = []
                    for p in range(len(opp)):
                        key = (t.colour[p][k], int(t.kind[p][k]), t.pts[p][k] * scale)
                        codes.append(code_of.get(key, 0) if opp[p] >= 0 else 0)
                    if any(opp[p] >= 0 and not codes[p] for p in range(len(opp))) or signs_played:
                        pass  # a game this scoring writes otherwise: only the broken rounds below
                    elif sc is CHESS:
                        assert _mirrored(opp, codes, check, partner, list(range(len(opp)))), (opp, codes)  # every real round proven
                    for attempt in range(8):
                        o, cs = list(opp), list(codes)
                        if attempt:
                            i = rng.randrange(len(o))
                            if rng.random() < 0.4:
                                o[i] = rng.randrange(-1, len(o))
                            else:
                                cs[i] = rng.choice(playable)
                                if rng.random() < 0.3:  # another letter for the same colour
                                    letter = rng.choice(letters[COLOURS[_tail_text(cs[i])[0]]])
                                    cs[i] = _TAIL_CODE[letter + _tail_text(cs[i])[1]]
                        if any(q >= 0 and not cs[i] for i, q in enumerate(o)):
                            continue  # a cell the pattern did not read
                        kd = [int(Kind.ABSENT) if q < 0 else cast_int(kinds[c]) for q, c in zip(o, cs)]
                        x = [0.0 if q < 0 else cast_float(pts[c]) for q, c in zip(o, cs)]
                        col = [None if q < 0 else COLOURS[_tail_text(c)[0]] for q, c in zip(o, cs)]
                        cs = [c if q >= 0 else 0 for q, c in zip(o, cs)]
                        proven = _mirrored(o, cs, check, partner, list(range(len(o))))
                        want = _consistent_plainly(o, kd, x, col, sc)
                        assert not proven or want, (o, cs, sc)
                        checked += 1
                        proven_count += proven
    assert checked > 3000 and proven_count > checked // 4


def _tail_text(code: int) -> str:
    """The colour and result of a code (the inverse of _TAIL_CODE)."""
    from tiebreak.reading.swiss import _TAIL_TEXTS

    return _TAIL_TEXTS[code - 1]


def cast_int(v: int | None) -> int:
    assert v is not None
    return v


def cast_float(v: float | None) -> float:
    assert v is not None
    return v


def test_players_read_at_once_equal_the_rows_read_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The players read a column at a time (numbers, names, ratings, points plainly good) against the row-by-row
    reading that names the first bad cell: the same players, or the same refusal, on tables with odd side cells."""
    from tiebreak.reading.columns import SideColumns

    rng = random.Random(31)
    grids = []
    for case in range(250):
        grid = swiss_grid(random.Random(case), rng.randrange(3, 25), rng.randrange(1, 5))
        if case % 2:
            grid[0].insert(2, "Rtg")
            for row in grid[1:]:
                row.insert(2, rng.choice([1500.0, 2100.0, 0.0, None, 1234.0, 4000.0, 100.0]))
        if case % 3 == 0:
            grid[0].append("Pts")
            for row in grid[1:]:
                row.append(rng.choice([None, 1.0, 2.5, 0.0]))
        if case % 4 == 1:  # one odd side cell
            r, c = rng.randrange(1, len(grid)), rng.choice([0, 1, 2, len(grid[0]) - 1])
            grid[r][c] = rng.choice([0.0, 2.5, "7", None, 3.0, 10.0**7, "x" * 120, grid[1][1], str(grid[1][1]).upper(), str(grid[1][1]).replace(" ", "  "), str(grid[1][1]).casefold() + " ", 50.0, 1500.5, "1 500", -3.0, 99.5, True, "x"])
        grids.append(grid)

    def read_all() -> list[Any]:
        out: list[Any] = []
        for grid in grids:
            try:
                t = read_table(grid)
            except tiebreak.TiebreakError as err:
                out.append(f"{type(err).__name__}: {err}")
                continue
            out.append([(p.number, p.name, p.rating, p.row, p.stated_points) for p in t.players])
        return out

    at_once = read_all()
    plain = 0
    original = SideColumns.plain_players

    def counted(self: Any, rows: list[int], layout: Any) -> Any:
        nonlocal plain
        got = original(self, rows, layout)
        plain += got is not None
        return got

    monkeypatch.setattr(SideColumns, "plain_players", counted)
    assert read_all() == at_once
    monkeypatch.setattr(SideColumns, "plain_players", lambda self, rows, layout: None)  # every table row by row
    assert read_all() == at_once
    assert plain > 100 and sum(isinstance(x, str) for x in at_once) > 20


def test_cyrillic_found_in_long_texts_as_the_search_finds_it() -> None:
    """A long text all Latin-1 (a table's texts joined) is said to have no Cyrillic without the search: against the search."""
    from tiebreak.core.i18n import _CYRILLIC, has_cyrillic, table_language

    rng = random.Random(7)
    alphabet = ["a", "Z", "1", "½", "é", "\u00ff", "\u0100", "−", "Ж", "я", "\u0400", "\u04ff", "\u0500", " ", "\x00", "😀"]
    found = 0
    for _ in range(600):
        pool = rng.sample(alphabet, rng.randrange(1, 6))
        text = "".join(rng.choice(pool) for _ in range(rng.choice([1, 10, 255, 256, 300, 2000])))
        want = _CYRILLIC.search(text) is not None
        assert has_cyrillic(text) == want, text
        assert table_language([text]) == ("ru" if want else None)
        found += want
    assert 100 < found < 500


def test_results_passed_as_they_are_equal_the_fitted_copy() -> None:
    """A worksheet function's rows returned as they are when no text is long enough to cut, against the copy with
    every text fitted (:func:`~tiebreak.excel.functions.fit`)."""
    from tiebreak.excel.functions import EXCEL_TEXT_LIMIT, _fitted, fit

    rng = random.Random(9)
    kept = 0
    for _ in range(500):
        cells = [1.5, "", "x", None, 3, True, "я" * rng.randrange(100, 300), "a" * EXCEL_TEXT_LIMIT, "b" * (EXCEL_TEXT_LIMIT // 2)]
        rows: list[Any] = [[rng.choice(cells) for _ in range(rng.randrange(1, 3))] for _ in range(rng.randrange(0, 6))]
        if rng.random() < 0.1:
            rows.append(tuple(rows[0]) if rows else "x")
        want = [[fit(v) if isinstance(v, str) else v for v in row] if isinstance(row, list) else row for row in rows]
        got = _fitted(rows)
        assert got == want, rows
        kept += got is rows
    assert 50 < kept < 450


def test_spilled_column_equals_the_rows_filled_one_by_one() -> None:
    """A spilled column (:func:`~tiebreak.calc.answers.spill`) with the players in consecutive rows made in a run,
    against every row filled from its player; players in any rows, some without one or beyond the range."""
    from types import SimpleNamespace

    from tiebreak.calc.answers import spill

    def one_by_one(t: Any, grid: list[Any], values: list[Any]) -> list[list[Any]]:
        out: list[list[Any]] = [[""] for _ in range(len(grid))]
        for i, p in enumerate(t.players):
            if p.row is not None and 0 < p.row <= len(out):
                out[p.row - 1][0] = values[i]
        return out

    rng = random.Random(13)
    runs = 0
    for _ in range(800):
        n, height = rng.randrange(0, 8), rng.randrange(0, 12)
        first = rng.randrange(-1, 5)
        rows: list[Any] = list(range(first, first + n))
        if rng.random() < 0.3 and rows:
            rows[rng.randrange(n)] = rng.choice([None, 0, height + 1, rows[0]])
        if rng.random() < 0.1:
            rng.shuffle(rows)
        t: Any = SimpleNamespace(players=[SimpleNamespace(row=r) for r in rows])
        grid = [[None]] * height
        values = [rng.choice([0.5, 2.0, "", None]) for _ in range(n)]
        try:
            want: Any = one_by_one(t, grid, values)
        except IndexError as err:
            want = type(err)
        try:
            got: Any = spill(t, grid, values)
        except IndexError as err:
            got = type(err)
        assert got == want, (rows, height)
        runs += bool(rows) and rows == list(range(first, first + n)) and 0 < first and first + n - 1 <= height
    assert runs > 100


def test_common_cells_are_read_by_the_notation_as_their_slices_say() -> None:
    """Every cell the round pattern reads (any opponent digits, colour letter and one-character result) is read by
    :func:`~tiebreak.core.notation.swiss_cell` as the opponent ``int(v[:-2])`` with that colour, and never refused:
    what lets the reader's sampled looks at round columns take such a cell's opponent from its slice."""
    from tiebreak.core import grammar as g
    from tiebreak.core.notation import swiss_cell
    from tiebreak.reading.swiss import _FAST_MARKS, _is_common

    seen = 0
    for number in ["1", "7", "12", "007", "0", "999999", "123456", "00", "٣", "١٢"]:
        for colour in g.COLOURS:
            for mark in _FAST_MARKS:
                v = number + colour + mark
                assert _is_common(v), v
                cell = swiss_cell(v)
                assert (cell.opponent, cell.colour) == (int(number), g.COLOURS[colour]), v
                seen += 1
    for v in ["1234567w1", "12w", "w1", "12 w 1", "12w1 ", "12x1", "", "-1", None, 12.0, "12w\n1", "12w1\n"]:
        assert not _is_common(v), v
    assert seen > 1000


def _common_cells_by_pattern(texts: list[str], numbers: list[int]) -> tuple[list[int], list[int]]:
    """The common cells as the one-group pattern reads them over the joined column (what the scan did before)."""
    from tiebreak.reading.swiss import _FAST_COLUMN, _OPPONENT, _TAIL, _TAIL_CODE

    found = _FAST_COLUMN.findall("\n".join(texts))
    assert len(found) == len(texts)
    index = {n: i for i, n in enumerate(numbers)}
    codes = [_TAIL_CODE[_TAIL(t)] if t else 0 for t in found]
    opponents = [index.get(int(_OPPONENT(t)), -2) if t else -1 for t in found]
    return codes, opponents


@pytest.mark.parametrize("numbers", [list(range(1, 41)), [7, 12, 300, 1005, 40000, 999999], [3, 1234567, 12]])
def test_common_cells_found_by_their_slices_equal_the_pattern(numbers: list[int]) -> None:
    """Round cells coded by their last two characters and looked up by the rest, against the pattern over the joined column."""
    from types import SimpleNamespace

    from tiebreak.reading.swiss import _FAST_COLUMN, _common_cells, _is_common

    odd = ["12w1", "007b0", "5б½", "3ч=", "12w", "12x1", "w1", "1w", "1234567w1", "12W+", "9b−", "", "-1", "12w1 ", "\x00",
           "+12w1", "12 w1", "0w1", "١٢w1", "²w1", "٠٠٧b0", "1005Б1", "40000ч0", "999999w½", "0999999w1", "1234567b0",
           "12ww1", "w", "½", "+", "12+", "12б", "12бб", "x12w1", "12.0w1", "3Ч1"]
    rng = random.Random(len(numbers))
    texts = odd * 3 + [f"{rng.choice(numbers)}{rng.choice('wWбБbBчЧ')}{rng.choice('01½=+-−–')}" for _ in range(300)]
    texts += [v for row in swiss_grid(random.Random(5), 30, 6)[1:] for v in row[2:] if isinstance(v, str)]
    rng.shuffle(texts)
    players = [SimpleNamespace(number=n) for n in numbers]
    for v in [*odd, "12w1\n", "12w1\nx", "x\n12w1", *texts[:50]]:
        m = _FAST_COLUMN.match(v)
        assert _is_common(v) == (m is not None and m.group(1) == v), v
    got = _common_cells(texts, players)  # type: ignore[arg-type]
    assert got == _common_cells_by_pattern(texts, numbers)
    assert sum(c > 0 for c in got[0]) > 300  # most are common cells
    assert -2 in got[1] or len(numbers) == 40  # a number not in the table is told apart from no number



def test_table_labels_tell_the_language_the_labels_one_by_one_tell() -> None:
    """The labels listed only when some text is Cyrillic: the language chosen from them is the one every label looked at tells."""
    from tiebreak.core.i18n import table_language
    from tiebreak.plan.values import table_labels

    rng = random.Random(12)
    pool: list[Any] = ["Name", "No", "Х", " Х ", "Иванов", "Тур 1", "X", "12w1", "½", 1.0, None, True, "  ", "é" * 300, "Ж", "a Ж"]
    told = 0
    for _ in range(400):
        grid = [[rng.choice(pool) for _ in range(rng.randrange(1, 5))] for _ in range(rng.randrange(1, 5))]
        plain = [v for row in grid for v in row if isinstance(v, str) and len(v) > 1 and (not (v[0].isspace() or v[-1].isspace()) or len(v.strip()) > 1)]
        got = table_labels(grid)
        assert table_language(got) == table_language(plain), grid
        assert got == plain or not got  # the same labels, or none when none is Cyrillic
        told += table_language(plain) == "ru"
    assert 50 < told < 350


def test_texts_handed_to_the_reader_read_as_the_cells_it_cleans() -> None:
    """read_table given the grid's texts (the worksheet functions join them for the language) against the reader joining
    its cleaned cells: the same tournament or error, also when cleaning changes a text (a sign first typed after a space,
    which the reader only sees as one once cleaned; an Excel error; a legend), with columns left out, and on micro-matches."""
    from tiebreak.reading import grid_texts

    rng = random.Random(47)
    differs = 0
    for case in range(160):
        grid = swiss_grid(random.Random(case), rng.randrange(4, 24), rng.randrange(1, 6))
        if case % 4 == 1:  # results written sign first, after a space: '+12' only once the space is cleaned off
            for row in grid[1:]:
                for c in range(2, len(row)):
                    v = row[c]
                    if isinstance(v, str) and len(v) > 2 and v[-2] in "wb":
                        row[c] = " " + {"1": "+", "0": "-", "½": "=", "+": "+", "-": "-"}[v[-1]] + v[:-2]
        if case % 5 == 2:
            r, c = rng.randrange(1, len(grid)), rng.randrange(2, len(grid[0]))
            grid[r][c] = rng.choice(["#N/A", "12w1 ", True, "+ forfeit", "+ победа", " "])
        if case % 3 == 0:  # empty cells as Office.js hands them over: empty texts
            grid = [["" if v is None or v == "" else v for v in row] for row in grid]
            grid[0][0], grid[-1][-1] = "", ""
        if case % 6 == 3:
            grid.append([None, "+ = win by forfeit"] + [None] * (len(grid[0]) - 2))
        ignore = [len(grid[0]) - 1] if case % 7 == 4 else []
        texts = grid_texts(grid)
        differs += texts != grid_texts([[v.strip() if isinstance(v, str) else v for v in row] for row in grid])
        assert _swiss_read_with(grid, texts, ignore) == _swiss_read_with(grid, None, ignore), case
    assert differs > 30


def _swiss_read_with(grid: list[list[Any]], texts: str | None, ignore: list[int]) -> Any:
    try:
        t = read_table(grid, texts=texts, ignore_cols=ignore)
    except tiebreak.TiebreakError as err:
        return type(err).__name__, str(err)
    return (t.opp, t.pts, [list(map(int, row)) for row in t.kind], t.colour, t.pending, t.points, t.scoring, t.layout.notes)  # type: ignore[attr-defined]


def test_names_told_apart_at_once_as_one_by_one() -> None:
    """The names' check folded and their spaces collapsed as one text against each name folded and collapsed alone,
    on names with doubled, leading, trailing and other spaces, case variants, NUL characters and empty names."""
    from tiebreak.reading.columns import _told_apart

    rng = random.Random(5)
    pieces = ["Ivanov", "IVANOV", "ivanov", "Petrov", "A.", "ß", "SS", "Σ", "σ", "ς", " ", "  ", "\t", "\xa0", "\u2003", "\x1f", "\0", "", "Ё", "ё"]
    apart = together = 0
    for _case in range(3000):
        names = ["".join(rng.choice(pieces) for _ in range(rng.randrange(0, 4))) for _ in range(rng.randrange(1, 6))]
        want = len({" ".join(v.casefold().split()) for v in names}) == len(names)
        assert _told_apart(names) == want, names
        apart += want
        together += not want
    assert apart > 500 and together > 500


def test_the_codes_of_common_cells_fit_in_a_byte(monkeypatch: pytest.MonkeyPatch) -> None:
    """scan_rounds counts the colour-and-result codes of every round cell as bytes: there are fewer than 256 of them,
    and what it counts so is what the list says."""
    from tiebreak.core.grammar import FORFEIT_LOSS, FORFEIT_WIN
    from tiebreak.reading.swiss import _MARK_OF_CODE, SwissDecoding, _Scanned

    assert len(_MARK_OF_CODE) <= 256
    scanned: list[_Scanned] = []
    original = SwissDecoding.scan_rounds

    def spy(self: Any, rows: list[int], cols: list[int]) -> Any:
        got = original(self, rows, cols)
        scanned.append(got[0])
        return got

    monkeypatch.setattr(SwissDecoding, "scan_rounds", spy)
    for seed in range(20):
        read_table(swiss_grid(random.Random(seed), 10 + seed, 3 + seed % 4))
    assert len(scanned) == 20
    for s in scanned:
        assert s.present == set(s.codes) and s.common == sum(1 for c in s.codes if c)
        assert s.signs == {c: s.codes.count(c) for c in set(s.codes) if _MARK_OF_CODE[c] in (FORFEIT_WIN, FORFEIT_LOSS)}
    assert any(s.signs for s in scanned)


def test_colours_made_on_first_use_are_each_cells_colour() -> None:
    """A Swiss read leaves its colours to be made when first read (no worksheet function's tie-break reads them):
    they are each cell's colour as the notation reads it, also after an entry is changed, and a BH computed before
    leaves them unmade."""
    from tiebreak.core.notation import swiss_cell

    lazy = 0
    for seed in range(60):
        grid = swiss_grid(random.Random(seed), 6 + seed % 30, 2 + seed % 6)
        if seed % 5 == 0:  # one round written with the other letters (б and Ч): proven the long way, its colours now
            for row in grid[1:]:
                v = row[2]
                if isinstance(v, str) and len(v) > 2 and v[-2] in "wb":
                    row[2] = v[:-2] + {"w": "б", "b": "Ч"}[v[-2]] + v[-1]
        t = read_table(grid)
        tiebreak.values(t, "BH", "fide-2024")
        lazy += t._colour_later is not None
        want = [[swiss_cell(v).colour if isinstance(v, str) and v and v[0].isdigit() else None for v in row[2:]] for row in grid[1:]]
        assert [list(row) for row in t.colour] == want, seed
        assert t._colour_later is None
        if t.rounds and len(t.players) > 2:
            again = read_table(grid)
            again.set_entry(0, 1, None, None, 0.0, Kind.ABSENT)  # an entry changed before the colours were read
            assert again.colour[0][0] is None and [list(r) for r in again.colour[1:]] == want[1:]
    assert lazy > 40


def test_numbers_of_the_decided_by_texts_remembered_equal_each_written_anew() -> None:
    """show_value remembers each float's text (a big event's Decided-by texts repeat a few hundred numbers): the same
    text as writing it anew, for either sign of zero in either order, halves, thirds, large, not-a-number and infinite
    values, every decimals and both separators."""
    from tiebreak.core.places import _float_text, _number_text

    rng = random.Random(9)
    values = [-0.0, 0.0, 0.5, -0.5, 1 / 3, 2 / 3, 12.345, 12.355, 1e15, -1e-9, float("nan"), float("inf"), -float("inf")]
    values += [rng.randrange(-400, 400) / rng.choice([1, 2, 3, 4, 8, 10, 1024]) for _ in range(500)]
    _float_text.cache_clear()
    for order in (values, values[::-1]):
        for x in order:
            for decimals in range(5):
                for comma in (False, True):
                    assert _float_text(x, decimals, comma) == _number_text(x, decimals, comma), (x, decimals, comma)
    assert _float_text.cache_info().hits > 1000
