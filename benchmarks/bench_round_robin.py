"""A large round robin ranked by the whole command, as a user runs it: ``tiebreak rank BOOK.xlsx --format csv`` and ``--out COPY``.

    python benchmarks/bench_round_robin.py [--players 1400]

Writes a random single round robin of N players (results 1, 0, ½) as a
minimal .xlsx, then times ``python -m tiebreak.cli rank`` on it in a fresh
process, once printing the standings as CSV and once writing the ranked
copy, and prints for each the wall time, the processor time, the peak memory
(Linux) and the SHA-256 of the output: a faster version must give the same
bytes (the table is the same for every run, its seed fixed).
"""

from __future__ import annotations

import argparse
import hashlib
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


def _run(args: list[str]) -> tuple[int, float, float, float]:
    """Exit code, wall time, processor time and peak memory (MB) of ``python -m tiebreak.cli ARGS`` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "tiebreak.cli", *args], capture_output=True, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    _run.stdout = done.stdout  # type: ignore[attr-defined]
    return done.returncode, wall, cpu, after.ru_maxrss / 1024


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=1400)
    n = ap.parse_args().players
    worst = 0
    with tempfile.TemporaryDirectory() as d:
        path = book(n, Path(d) / "rr.xlsx")
        copy = Path(d) / "ranked.xlsx"
        print(f"round robin of {n} players ({n * (n - 1) // 2:,} games)")
        for label, args in (("--format csv", ["--format", "csv"]), ("--out COPY", ["--out", str(copy)])):
            code, wall, cpu, peak = _run(["rank", str(path), *args])
            output = _run.stdout if label.startswith("--format") else copy.read_bytes()  # type: ignore[attr-defined]
            digest = hashlib.sha256(output).hexdigest()[:16]
            print(f"  rank {label}: exit {code}, {wall:.2f} s wall, {cpu:.2f} s processor, peak {peak:.0f} MB, output sha256 {digest}")
            worst = max(worst, code)
    return worst


if __name__ == "__main__":
    raise SystemExit(main())
