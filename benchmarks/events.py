"""The events the benchmarks time (fixed seed), and a grid's copy as a call from Excel brings it.

Pure Python and tiebreak-free, so that the Pyodide benchmark (``bench_pyodide.py``)
generates the same events inside Pyodide.
"""

from __future__ import annotations

import random
from typing import Any


def make_event(n: int, rounds: int, seed: int) -> list[list[Any]]:
    """A Swiss-like event as the grid of a crosstable: header, then No., Name, Rtg, R1..Rn (chess-results notation)."""
    rnd = random.Random(seed)
    score = [0.0] * n
    met: list[set[int]] = [set() for _ in range(n)]
    gone: set[int] = set()
    cells = [[""] * rounds for _ in range(n)]
    for r in range(rounds):
        active = [p for p in range(n) if p not in gone]
        half = {p for p in active if rnd.random() < 0.01}
        pool = sorted((p for p in active if p not in half), key=lambda p: (-score[p], rnd.random()))
        for p in half:
            cells[p][r] = "-½"
            score[p] += 0.5
        if len(pool) % 2:
            p = pool.pop()
            cells[p][r] = "-1"
            score[p] += 1
        while pool:
            a = pool.pop(0)
            j = next((k for k, b in enumerate(pool[:50]) if b not in met[a]), 0)
            b = pool.pop(j)
            met[a].add(b)
            met[b].add(a)
            x = rnd.random()
            if x < 0.01:
                cells[a][r], cells[b][r] = f"{b + 1}w+", f"{a + 1}b-"
                score[a] += 1
            elif x < 0.40:
                cells[a][r], cells[b][r] = f"{b + 1}w1", f"{a + 1}b0"
                score[a] += 1
            elif x < 0.70:
                cells[a][r], cells[b][r] = f"{b + 1}w½", f"{a + 1}b½"
                score[a] += 0.5
                score[b] += 0.5
            else:
                cells[a][r], cells[b][r] = f"{b + 1}w0", f"{a + 1}b1"
                score[b] += 1
        if r == rounds // 2:
            gone.update(rnd.sample(range(n), max(1, n // 200)))
    grid: list[list[Any]] = [["No.", "Name", "Rtg"] + [f"R{r + 1}" for r in range(rounds)]]
    for p in range(n):
        grid.append([float(p + 1), f"Player {p + 1:05d}", float(1200 + rnd.randrange(1400))] + cells[p])
    return grid


def fresh(grid: list[list[Any]]) -> list[list[Any]]:
    """A copy with new string objects, as every call from Excel brings."""
    return [[(v + " ")[:-1] if isinstance(v, str) else v for v in row] for row in grid]
