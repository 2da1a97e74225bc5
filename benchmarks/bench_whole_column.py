"""``=BUCHHOLZ(A:K)``: a whole-column range through both of xlwings' conversions, against a fixed range.

    python benchmarks/bench_whole_column.py [--repeat 3]

A Swiss table of 30 rows (header + 29 players) in A1:K30; the range ``A:K`` is 1,048,576 × 11 =
11.5 million cells.  Timed (best of ``--repeat``):

1. xlwings Lite / Server: ``custom_functions_call`` with the whole range as Office.js sends it
   (every empty cell a null), and with the fixed range A1:K30;
2. classic xlwings (Windows), run through xlwings' own ``call_udf`` with the COM layer stood in for
   (tests/classic_com.py): the table argument a COM Range of A:K, which tiebreak reads only within
   the sheet's used range; and, for comparison, xlwings' classic value cleaning of the whole range
   (what reading all 11.5 million cells would cost in Python, before Excel even hands them over).

Times are CPU time of this process (``time.process_time``), so a busy machine changes them little;
Excel's own work (computing and transferring the cells) is not in these figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
os.environ["XLWINGS_ON_SERVER"] = "true"
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import xlwings as xw
from classic_com import MISSING, XlBook, XlRange, classic
from xlwings.server import custom_functions_call

from tiebreak.calc.cache import shared
from tiebreak.excel import functions

ROWS = 1_048_576
WIDTH = 11


def table() -> list[list[Any]]:
    """Header + 29 players, 8 rounds: in round r the players, in an order shifted by 3r, meet in pairs (the
    first of every other pair wins, the others draw); the one left over has a bye (+)."""
    n, rounds = 29, 8
    rows: list[list[Any]] = [["No", "Name", *[f"R{r}" for r in range(1, rounds + 1)], "Pts"]]
    rows += [[i + 1, f"Player {i + 1}", *[None] * rounds, None] for i in range(n)]
    for r in range(rounds):
        order = [(k + r * 3) % n for k in range(n)]
        for k in range(0, n - 1, 2):
            a, b = order[k], order[k + 1]
            res_a, res_b = ("1", "0") if k % 4 == 0 else ("½", "½")
            rows[a + 1][2 + r] = f"{b + 1}w{res_a}"
            rows[b + 1][2 + r] = f"{a + 1}b{res_b}"
        rows[order[-1] + 1][2 + r] = "+"
    return rows


def officejs(args: list[Any]) -> Any:
    data = {"func_name": "buchholz", "args": args, "version": xw.__version__, "client": "Office.js", "runtime": "1.4",
            "culture_info_name": "en-US", "date_format": "M/d/yyyy"}
    return asyncio.run(custom_functions_call(data, functions))


def best(repeat: int, run: Any) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(repeat):
        shared.clear()
        t = time.process_time()
        out = run()
        times.append(time.process_time() - t)
    return min(times), out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    grid = table()
    whole = [row + [None] * (WIDTH - len(row)) for row in grid] + [[None] * WIDTH for _ in range(ROWS - len(grid))]

    print(f"=BUCHHOLZ over a {len(grid)}-row table; A:K = {ROWS:,} x {WIDTH} = {ROWS * WIDTH:,} cells; best of {args.repeat}")
    t, fixed = best(args.repeat, lambda: officejs([grid]))
    print(f"  xlwings Lite / Server, A1:K{len(grid)}:          {t:8.3f} s", flush=True)

    with classic() as cl:
        xl = XlBook()
        sheet = xl.sheet("Sheet1", grid)
        at = XlRange(sheet, 1, 30, 1, 30)

        def classic_call(rng: XlRange) -> Any:
            return cl.call("buchholz", rng, MISSING, MISSING, MISSING, MISSING, None, caller=at)

        t, c_fixed = best(args.repeat, lambda: classic_call(XlRange(sheet, 1, 1, len(grid), WIDTH)))
        print(f"  classic xlwings, A1:K{len(grid)}:              {t:8.3f} s", flush=True)
        t, c_whole = best(args.repeat, lambda: classic_call(XlRange(sheet, 1, 1, ROWS, WIDTH)))
        print(f"  classic xlwings, A:K (used part read):  {t:8.3f} s", flush=True)
        assert c_fixed == c_whole == fixed
        com_whole = tuple(tuple(row) for row in whole)
        t, _ = best(args.repeat, lambda: xw.conversion.read(None, com_whole, {"ndim": 2, "err_to_str": True}))
        print(f"  classic value cleaning of all of A:K:   {t:8.3f} s  (what reading the whole range would add)", flush=True)

    t, lite = best(args.repeat, lambda: officejs([whole]))
    print(f"  xlwings Lite / Server, A:K:             {t:8.3f} s", flush=True)
    assert lite == fixed

if __name__ == "__main__":
    main()
