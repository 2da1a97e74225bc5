"""A large round robin ranked by the whole command, as a user runs it: ``tiebreak rank BOOK.xlsx --format csv``.

    python benchmarks/bench_round_robin.py [--players 1400]

Writes a random single round robin of N players (results 1, 0, ½) as a
minimal .xlsx, then times ``python -m tiebreak.cli rank`` on it in a fresh
process and prints the wall time and the peak memory (Linux).
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_writing import package, sheet_xml  # the generators beside this script


def book(n: int, path: Path) -> Path:
    rnd = random.Random(1)
    res: list[list[float | None]] = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            v = rnd.choice([1, 0, 0.5])
            res[i][j], res[j][i] = v, 1 - v
    rows: list[list[object]] = [["No", "Name", *range(1, n + 1)]]
    rows += [[i + 1, f"Player {i + 1}", *["X" if j == i else res[i][j] for j in range(n)]] for i in range(n)]
    return package(path, [("RR", sheet_xml(rows))])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=1400)
    n = ap.parse_args().players
    with tempfile.TemporaryDirectory() as d:
        path = book(n, Path(d) / "rr.xlsx")
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "tiebreak.cli", "rank", str(path), "--format", "csv"], capture_output=True, check=False)
        wall = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"round robin of {n} players ({n * (n - 1) // 2:,} games): exit {done.returncode}, {wall:.2f} s, peak {peak:.0f} MB")
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
