"""BUCHHOLZ called as a worksheet function, cold and cached: the same procedure in CPython and in Pyodide.

``bench_pyodide.py`` runs :func:`timings` inside Pyodide (the npm package the tests
use, under Node.js) and in this CPython process, so the two are timed alike:

* cold: ``BUCHHOLZ(table)`` (one spilled column) with every cache of tiebreak
  emptied, on a copy made beforehand; the best of ``repeat``;
* cached: ``BUCHHOLZ(table, i)`` per row after a first call has read the table,
  each call with its own copy of the grid made beforehand (as every call from
  Excel brings one), players from all over the table; the mean of ``calls``, the
  best of ``repeat`` such means;
* cached, argument made just before: the same with each call's copy made right
  before the call, as Lite's conversion makes it (the garbage collector then runs
  during the calls, as in Lite); the calls alone are timed.

Times are wall-clock (``time.perf_counter``: Pyodide has no separate process clock).
"""

from __future__ import annotations

import gc
import time
from typing import Any

from events import fresh, make_event


def _cold_caches() -> None:
    import tiebreak.calc.cache
    import tiebreak.core.notation

    tiebreak.core.notation._SWISS_SEEN.clear()
    tiebreak.calc.cache.shared.clear()


class _Collections:
    """A ``gc.callbacks`` entry: how many collections ran, their time in all and the longest one."""

    def __init__(self) -> None:
        self.count = 0
        self.spent = 0.0
        self.longest = 0.0
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
            return
        took = time.perf_counter() - self._start
        self.count += 1
        self.spent += took
        self.longest = max(self.longest, took)


def timings(n: int = 2000, rounds: int = 13, seed: int = 20261129, calls: int = 100, repeat: int = 3) -> dict[str, Any]:
    from tiebreak.excel import functions as f

    grid = make_event(n, rounds, seed)
    cold = float("inf")
    for _ in range(repeat):
        g = fresh(grid)
        _cold_caches()
        t0 = time.perf_counter()
        spilled = f.buchholz(g)
        cold = min(cold, time.perf_counter() - t0)
    cached = float("inf")
    answers: list[Any] = []
    for _ in range(repeat):
        _cold_caches()
        copies = [fresh(grid) for _ in range(calls + 1)]
        f.buchholz(copies[0], 1.0)  # the first call reads the table
        players = [float(1 + i * 3 % n) for i in range(calls)]
        t0 = time.perf_counter()
        answers = [f.buchholz(g, p) for g, p in zip(copies[1:], players)]
        cached = min(cached, (time.perf_counter() - t0) / calls)
        del copies
    # the argument made just before each call, as Lite's conversion makes it; the calls alone timed
    made = float("inf")
    collector = _Collections()
    for _ in range(repeat):
        _cold_caches()
        f.buchholz(fresh(grid), 1.0)
        spent = 0.0
        gc.callbacks.append(collector)
        for p in players:
            g = fresh(grid)
            t0 = time.perf_counter()
            f.buchholz(g, p)
            spent += time.perf_counter() - t0
        gc.callbacks.remove(collector)
        made = min(made, spent / calls)
    # player p is on row p of the grid (row 0 is the header): the spilled column's row p
    assert all(answer == spilled[int(p)][0] for answer, p in zip(answers, players)), "per-row calls differ from the spilled column"
    return {"cold": cold, "cached": cached, "cached_made": made, "players": n, "rounds": rounds, "calls": calls,
            "gc_per_call": collector.spent / (calls * repeat), "gc_longest": collector.longest, "gc_count": collector.count / repeat}

