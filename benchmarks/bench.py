"""Speed of tiebreak against its peers, measured in one run.

    pip install -e ".[bench]" && python benchmarks/bench.py

Generates (fixed seed) Swiss events of 200 × 9, 2,000 × 13 and 10,000 × 15
players × rounds with pairing byes, forfeits, half-point byes and a few
withdrawals; writes each as a FIDE TRF and as the grid a worksheet function
receives (floats, as desktop Excel hands them over); checks that tiebreak,
tiebreak-core and FIDE's checker gacrux agree on BH, BH/C1 and SB for every
player; then times:

1. tiebreak: BH, BH/C1, SB for every player, from the grid and from the TRF;
2. tiebreak-core (``rank_standings_strict``, from its own model, built from the
   TRF outside the timing) and gacrux (in-process parse + compute, in a child
   process stopped after ``--gacrux-limit`` seconds);
3. the full ranking with the default criteria list and with BH/C1, BH, SB, DE, WIN;
4. per-row calls ``BUCHHOLZ(table, i)`` on the unchanged 2,000 × 13 grid (500 of
   them, each with its own copy), against one spilled call and against a bare
   walk over the grid;
5. ``tiebreak rank`` of a 2,000-player .xlsx with ``--out``, against openpyxl
   loading and saving the same file;
6. reading the 2,000 × 13 grid with Python's cyclic garbage collector running
   and paused (what pausing it would save);
7. per game, reading and ranking 10,000 × 15 against 2,000 × 13 (linear time),
   the part of it Python's garbage collector takes, and the share of the
   ranking spent crediting withdrawn players (``ru``).
8. a worksheet function on a whole-column range (1,048,576 rows, 30 used).

Times are the best of ``--repeat`` runs (of five at least for the two timings
of the per-game ratio, of nine for the worksheet path and tiebreak-core timed
in turn, whose first rounds warm both up), with every cache of tiebreak emptied
before each run (cold), in CPU time of this process (``time.process_time``:
other programs running on the machine count less than in wall-clock time;
gacrux times itself in its own process, the command line of 5. is timed on
the wall clock, since it writes files).  Ratios are printed with the target
they answer to.  The values are gathered by start number for the comparison
with the peers after each timing, not inside it.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gc
import io
import json
import multiprocessing as mp
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import tiebreak
import tiebreak.core.notation
from tiebreak.calc import answers as api
from tiebreak.calc.cache import TableCache
from tiebreak.core.counting import Adjusted
from tiebreak.io.trf import read_trf, write_trf
from tiebreak.reading import read_table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from events import fresh, make_event  # noqa: E402 - beside this file

CODES = ("BH", "BH/C1", "SB")
RULES = "fide-2024"


def cold() -> None:
    tiebreak.core.notation._SWISS_SEEN.clear()
    tiebreak.calc.cache.shared.clear()


def best(fn: Callable[[], Any], repeat: int, setup: Callable[[], Any] | None = None) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(repeat):
        arg = setup() if setup else None
        cold()
        t0 = time.process_time()
        result = fn() if arg is None else fn(arg)  # type: ignore[call-arg]
        times.append(time.process_time() - t0)
    return min(times), result


# ------------------------------------------------------------------ tiebreak
def ours_from_grid(grid: list[list[Any]]) -> tuple[Any, list[list[float]]]:
    """What three worksheet functions compute from the grid they are handed (tiebreak.calc.answers): the table read, and a column per code."""
    cache = TableCache()
    got = [api.criterion_values(cache, grid, code, RULES) for code in CODES]
    return got[0][0].tournament, [values for _ev, values in got]


def by_number(computed: tuple[Any, list[list[float]]]) -> dict[int, tuple[float, ...]]:
    """The values of :func:`ours_from_grid` by start number, for the comparison with the peers (made outside the timings)."""
    t, cols = computed
    return {p.number: tuple(col[i] for col in cols) for i, p in enumerate(t.players)}


def ours_from_trf(text: str) -> tuple[Any, list[list[float]]]:
    t = read_trf(text)
    return t, [tiebreak.values(t, code, RULES) for code in CODES]  # each evaluates the rules anew


def worksheet_calls(copies: list[list[list[Any]]]) -> list[Any]:
    """The three worksheet calls BUCHHOLZ, SOLKOFF_TRUNC(…, 1) and SONNEBORN_BERGER(…, "fide"), each handed its own copy of the grid."""
    from tiebreak.excel import functions as f

    return [f.buchholz(copies[0], rules=RULES), f.solkoff_trunc(copies[1], 1, rules=RULES), f.sonneborn_berger(copies[2], rules=RULES, convention="fide")]


def spilled_by_number(grid: list[list[Any]], cols: list[Any]) -> dict[int, tuple[float, ...]]:
    """The spilled columns of :func:`worksheet_calls` by start number (made outside the timings)."""
    return {int(row[0]): tuple(col[r][0] for col in cols) for r, row in enumerate(grid) if r}


def worksheet_against_core(grid: list[list[Any]], model: Any, repeat: int) -> tuple[float, float, dict[int, tuple[float, ...]]]:
    """The worksheet path (cold) and tiebreak-core's rank_standings_strict timed in turn, ``repeat`` rounds; the best of each."""
    ours, theirs = float("inf"), float("inf")
    values: dict[int, tuple[float, ...]] = {}
    for _ in range(repeat):
        copies = [fresh(grid) for _ in range(3)]
        cold()
        t0 = time.process_time()
        cols = worksheet_calls(copies)
        ours = min(ours, time.process_time() - t0)
        values = spilled_by_number(copies[0], cols)
        t0 = time.process_time()
        core_values(model)
        theirs = min(theirs, time.process_time() - t0)
    return ours, theirs, values


# ------------------------------------------------------------------ tiebreak-core
def core_model(text: str) -> tuple[dict[int, Any], int]:
    from tiebreak_core import (
        FORFEIT_LOSS,
        FORFEIT_WIN,
        PAIRING_BYE,
        PLAYED,
        REQUESTED_BYE,
        GameRecord,
        PlayerTiebreakData,
    )

    points = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0, " ": 0.0}
    rows = {}
    rounds = 0
    for line in text.splitlines():
        if line.startswith("001"):
            sno = int(line[4:8])
            rating = int(line[48:52]) if line[48:52].strip() else 0
            cells = []
            for k, pos in enumerate(range(91, len(line), 10), start=1):
                cell = line[pos : pos + 8].ljust(8)
                cells.append((k, int(cell[0:4]) if cell[0:4].strip() else 0, cell[5], cell[7]))
            rounds = max(rounds, len(cells))
            rows[sno] = (rating, cells)
    model = {}
    for sno, (rating, cells) in rows.items():
        games = []
        for k, opp, col, res in cells:
            if opp and res in "10=":
                kind = PLAYED
            elif res == "+":
                kind = FORFEIT_WIN
            elif res == "-" and opp:
                kind = FORFEIT_LOSS
            elif res == "U":
                kind, opp = PAIRING_BYE, 0
            else:
                kind, opp = REQUESTED_BYE, 0
            games.append(
                GameRecord(
                    opponent_id=opp if opp else -1,
                    opponent_rating=rows[opp][0] if opp and kind in (PLAYED, FORFEIT_WIN, FORFEIT_LOSS) else 0,
                    score=points.get(res, 0.0),
                    color="black" if col == "b" else "white",
                    round_number=k,
                    kind=kind,
                )
            )
        model[sno] = PlayerTiebreakData(player_id=sno, rating=rating, points=sum(g.score for g in games), games=games)
    return model, rounds


def core_values(model_rounds: tuple[dict[int, Any], int]) -> dict[int, tuple[float, ...]]:
    from tiebreak_core.strict import rank_standings_strict

    model, rounds = model_rounds
    ids = ["buchholz", "buchholz_cut1", "sonneborn_berger"]
    st = rank_standings_strict(model, ids, total_rounds=rounds, ruleset=RULES)
    return {p.player_id: tuple(p.values[i] for i in ids) for p in st.players}


# ------------------------------------------------------------------ gacrux
def _gacrux_child(text: str, queue: Any) -> None:
    from decimal import Decimal

    from gacrux.tiebreak import tiebreak as gtb
    from gacrux.trf2json import trf2json

    t0 = time.perf_counter()
    cf = trf2json()
    with contextlib.redirect_stdout(io.StringIO()):
        cf.parse_file(text, 0)
    tour = cf.get_tournament(1)
    t1 = time.perf_counter()
    params = {"tiebreak": ["PTS", "BH", "BH/C1", "SB"], "check": 0, "current_round": -1, "pre_determined": False, "swiss": True, "unrated": None}
    with contextlib.redirect_stdout(io.StringIO()):
        res = gtb(tour, -1, params).compute_tiebreaks(tour, params)
    t2 = time.perf_counter()
    values = {}
    for c in res["competitors"]:
        vals = [float(v) if isinstance(v, Decimal) else v for v in c["tiebreakScore"][1:4]]
        values[c["cid"]] = tuple(vals)
    queue.put((t1 - t0, t2 - t1, values))


def gacrux_values(text: str, limit: float) -> tuple[float, float, dict[int, tuple[float, ...]]] | None:
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    child = ctx.Process(target=_gacrux_child, args=(text, queue))
    child.start()
    child.join(limit)
    if child.is_alive():
        child.terminate()
        child.join()
        return None
    return queue.get() if not queue.empty() else None


# ------------------------------------------------------------------ checks and reports
def agree(name: str, ours: dict[int, tuple[float, ...]], theirs: dict[int, tuple[float, ...]]) -> None:
    bad = [(k, ours[k], theirs.get(k)) for k in ours if theirs.get(k) is None or any(abs(a - b) > 1e-9 for a, b in zip(ours[k], theirs[k]))]
    if bad or len(theirs) != len(ours):
        print(f"  DISAGREE with {name}: {len(bad)} players differ, e.g. {bad[:3]}")
        raise SystemExit(1)
    print(f"  values agree with {name}: {len(ours)} players × {len(CODES)} tie-breaks")


def line(label: str, seconds: float, note: str = "") -> None:
    print(f"  {label:<58} {seconds * 1000:10.1f} ms {note}")


def ratio(label: str, a: float, b: float, target: str = "") -> None:
    print(f"  {label:<58} {a / b:10.2f} ×  {target}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="200x9,2000x13,10000x15")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--gacrux-limit", type=float, default=150.0, help="seconds gacrux may take per event")
    ap.add_argument("--core-limit", type=int, default=2000, help="largest event given to tiebreak-core")
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--json", help="also write the measurements to this file")
    ap.add_argument("--edits", type=int, default=16, help="edited 10,000 × 15 tables read through the worksheet cache (its memory)")
    ap.add_argument("--pyodide", action="store_true", help="also time BUCHHOLZ in Pyodide beside CPython (bench_pyodide.py)")
    args = ap.parse_args(argv)
    out: dict[str, Any] = {}
    per_game: dict[str, float] = {}
    per_cell: dict[str, float] = {}
    collector: dict[str, float] = {}
    print(f"tiebreak {tiebreak.__version__}, Python {sys.version.split()[0]}, seed {args.seed}, best of {args.repeat}")
    for size in args.sizes.split(","):
        n, rounds = (int(x) for x in size.split("x"))
        grid = make_event(n, rounds, args.seed)
        t = read_table(grid)
        t.start_date = datetime.date(2025, 6, 1)  # a 2025 event: FIDE's checker then applies the 2024 rules too
        text = write_trf(t, rules=RULES) if n <= 9999 else ""  # TRF-16 start numbers have four digits
        games = sum(1 for p in range(n) for q in t.opp[p] if q >= 0) // 2
        print(f"\n== {n} players × {rounds} rounds: {games} games, {sum(k == tiebreak.Kind.PAIRING_BYE for row in t.kind for k in row)} pairing byes, "
              f"{sum(k == tiebreak.Kind.FORFEIT_WIN for row in t.kind for k in row)} forfeits, {sum(k == tiebreak.Kind.HALF_BYE for row in t.kind for k in row)} half-point byes")
        res: dict[str, float] = {}
        # the two timings of the per-game ratio: best of five at least (a single run moves by a third on a quiet machine)
        res["grid"], computed = best(ours_from_grid, max(args.repeat, 5), lambda: fresh(grid))
        ours = by_number(computed)
        if text:
            res["trf"], computed = best(ours_from_trf, args.repeat, lambda: text)
            if by_number(computed) != ours:
                print("  DISAGREE: grid and TRF give different values")
                return 1
        if n <= args.core_limit:
            t0 = time.process_time()
            model = core_model(text)
            res["core_model"] = time.process_time() - t0
            res["core"], theirs = best(core_values, args.repeat, lambda: model)
            agree("tiebreak-core", ours, theirs)
            res["worksheet"], res["core_interleaved"], sheet = worksheet_against_core(grid, model, max(args.repeat, 9))
            agree("the worksheet functions", ours, sheet)
        g = gacrux_values(text, args.gacrux_limit) if text else None
        if g is not None:
            res["gacrux_parse"], res["gacrux_compute"], gvals = g
            agree("gacrux", ours, gvals)
        elif text:
            print(f"  gacrux did not finish within {args.gacrux_limit:g} s")
        else:
            print("  no TRF (TRF-16 start numbers have four digits): tiebreak from the grid only")
        line("tiebreak, BH + BH/C1 + SB from the grid (read + compute)", res["grid"])
        if text:
            line("tiebreak, BH + BH/C1 + SB from the TRF (read + compute)", res["trf"])
        if "worksheet" in res:
            line("worksheet path: BUCHHOLZ + SOLKOFF_TRUNC(…, 1) + SONNEBORN_BERGER, cold", res["worksheet"])
            line("tiebreak-core rank_standings_strict (timed in turn with it)", res["core_interleaved"])
            ratio("tiebreak-core / worksheet path", res["core_interleaved"], res["worksheet"], "target ≥ 10 at 2,000 × 13")
        if "core" in res:
            line("tiebreak-core: its model built from the TRF (this script's adapter)", res["core_model"])
            line("tiebreak-core: rank_standings_strict on the built model", res["core"])
            ratio("tiebreak-core compute only / tiebreak (grid, read + compute)", res["core"], res["grid"], "target ≥ 10 at 2,000 × 13")
            ratio("tiebreak-core compute only / tiebreak (TRF, read + compute)", res["core"], res["trf"])
            ratio("tiebreak-core from the TRF / tiebreak from the TRF", res["core"] + res["core_model"], res["trf"])
        if "gacrux_parse" in res:
            line("gacrux parse", res["gacrux_parse"])
            line("gacrux compute", res["gacrux_compute"])
            total = res["gacrux_parse"] + res["gacrux_compute"]
            if "worksheet" in res:
                ratio("gacrux (parse + compute) / worksheet path", total, res["worksheet"], "target ≥ 150 at 2,000 × 13")
            ratio("gacrux (parse + compute) / tiebreak (TRF)", total, res["trf"])
            ratio("gacrux compute only / tiebreak (TRF, read + compute)", res["gacrux_compute"], res["trf"])
        res["rank_default"], _ = best(lambda tt: tiebreak.rank(tt), max(args.repeat, 5), lambda: read_table(grid))
        res["rank_fide"], _ = best(lambda tt: tiebreak.rank(tt, "BH/C1, BH, SB, DE, WIN", RULES), args.repeat, lambda: read_table(grid))
        line("full ranking, default criteria (table read beforehand)", res["rank_default"])
        line("full ranking, BH/C1, BH, SB, DE, WIN", res["rank_fide"])
        per_game[size] = (res["grid"] + res["rank_default"]) / games
        res["collector"], res["collector_of"], res["collections"] = collector_share(grid, args.repeat)
        collector[size] = (res["collector_of"] - res["collector"]) / games
        line(f"of read + full ranking: the garbage collector ({res['collections']:g} full collections)", res["collector"])
        res["walk_grid"], _ = best(walk_over, args.repeat, lambda g=grid: fresh(g))
        per_cell[size] = res["walk_grid"] / (n * (rounds + 3))
        withdrawals(grid, res, args.repeat)
        if n == 2000:
            per_row(grid, res, args.repeat)
            cli_speed(grid, res)
            gc_pause(grid, res, max(args.repeat, 10))
        out[size] = {"games": games, **res}
    if "2000x13" in per_game and "10000x15" in per_game:
        print()
        ratio("10,000 × 15 / 2,000 × 13, read + full ranking per game", per_game["10000x15"], per_game["2000x13"], "target ≤ 1.15 (linear)")
        ratio("for comparison: a bare walk over the grid, per cell", per_cell["10000x15"], per_cell["2000x13"])
        ratio("the same per game without the garbage collector's time", collector["10000x15"], collector["2000x13"])
    out["whole_column"] = whole_column(args.repeat, args.seed)
    print()
    out["processes"] = cli_process(args.seed, args.repeat)
    print()
    out["cache_memory"] = cache_memory(args.seed, args.edits)
    if args.pyodide:
        import bench_pyodide

        print()
        out["pyodide"] = bench_pyodide.main(["--repeat", str(args.repeat)])
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2))
    return 0


def collector_share(grid: list[list[Any]], repeat: int) -> tuple[float, float, float]:
    """Read + full ranking (as timed above) and the part of it Python's cyclic garbage collector took.

    The collector runs as usual; its collections are timed through ``gc.callbacks``.  Of the
    ``repeat`` runs the fastest is kept: (collector's time, total, full collections).
    """
    spent = [0.0, 0.0, 0.0]  # time in collections, start of the current one, full collections

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            spent[1] = time.process_time()
        else:
            spent[0] += time.process_time() - spent[1]
            spent[2] += info["generation"] == 2

    kept = (0.0, float("inf"), 0.0)
    for _ in range(repeat):
        g, t = fresh(grid), read_table(grid)
        cold()
        spent[0] = spent[2] = 0.0
        gc.callbacks.append(watch)
        try:
            t0 = time.process_time()
            ours_from_grid(g)
            tiebreak.rank(t)
            total = time.process_time() - t0
        finally:
            gc.callbacks.remove(watch)
        if total < kept[1]:
            kept = (spent[0], total, spent[2])
    return kept


def walk_over(grid: list[list[Any]]) -> None:
    """Visit every cell once (the least any reader does)."""
    for row in grid:
        for v in row:
            pass


def withdrawals(grid: list[list[Any]], res: dict[str, float], repeat: int) -> None:
    """The time the ``ru`` rule set spends crediting withdrawn players, against the whole default ranking."""
    from tiebreak.core.rules import RuRules, _forfeiters, _ru_adjusted

    t = read_table(grid)
    n = len(t.players)
    forfeiters = _forfeiters(t)
    totals = _ru_adjusted(t, forfeiters)
    notes: list[str] = []
    res["withdrawals"], _ = best(
        lambda tt: RuRules._credit_withdrawals(tt, list(totals), [0.0] * n, [Adjusted.NONE] * n, notes, forfeiters), repeat, lambda: t
    )
    credited = sum(1 for note in notes if "credited" in note) // max(repeat, 1)
    line(f"ru: crediting withdrawn players ({credited} credited)", res["withdrawals"])
    ratio("crediting withdrawals / full ranking, default criteria", res["withdrawals"], res["rank_default"])


def gc_pause(grid: list[list[Any]], res: dict[str, float], repeat: int) -> None:
    """Reading the grid with the cyclic garbage collector running, and paused (interleaved runs, best of each)."""
    from tiebreak.reading import table as reader  # the module (tiebreak.reading, the attribute, is the function that opens files)

    read = getattr(reader.read_table, "__wrapped__", reader.read_table)  # without any pause of its own
    running: list[float] = []
    paused: list[float] = []
    was = gc.isenabled()
    try:
        for _ in range(repeat):
            for times, pause in ((running, False), (paused, True)):
                g = fresh(grid)
                cold()
                gc.enable()
                if pause:
                    gc.disable()
                t0 = time.process_time()
                read(g)
                times.append(time.process_time() - t0)
                gc.enable()
    finally:
        if not was:
            gc.disable()
    res.update(read_gc_running=min(running), read_gc_paused=min(paused))
    print()
    line("read the grid, garbage collector running", min(running))
    line("read the grid, garbage collector paused", min(paused))
    print(f"  {'time saved by pausing the collector':<58} {100 * (1 - min(paused) / min(running)):10.1f} %  kept only if ≥ 15 %")


def whole_column(repeat: int, seed: int) -> float:
    """=BUCHHOLZ(A:K): a 1,048,576-row range of which a 29-player table uses 30 rows."""
    from tiebreak.excel import functions as f

    table = make_event(29, 7, seed)
    width = len(table[0]) + 3
    whole = [list(r) + [None] * 3 for r in table] + [[None] * width for _ in range(1_048_576 - len(table))]
    cold()
    seconds, _ = best(lambda g: f.buchholz(g), repeat, lambda: whole)
    print()
    line("BUCHHOLZ(A:K): 1,048,576 rows, 30 used, cold", seconds, "target < 300 ms")
    return seconds


def per_row(grid: list[list[Any]], res: dict[str, float], repeat: int) -> None:
    """Per-row calls ``BUCHHOLZ(table, i)`` on the unchanged table, against a bare walk over the grid.

    Every call brings its own copy of the grid, as Excel's conversion does; the copies are made
    beforehand, so a call finds its copy out of the processor's caches.  The walk is timed the same
    way (a copy made with the others, walked once): like for like.  A walk over a copy made just
    before it (in the caches) is printed too.
    """
    from tiebreak.excel import functions as f

    n = min(len(grid) - 1, 500)  # calls timed (each copy of a 2,000 × 13 grid takes about 2 MB)
    hot = []
    for _ in range(repeat):
        g = fresh(grid)
        t0 = time.process_time()
        for row in g:
            for v in row:
                pass
        hot.append(time.process_time() - t0)
    cold()
    spill_time, _ = best(lambda g: f.buchholz(g), repeat, lambda: fresh(grid))
    per_call = walk = float("inf")
    for _ in range(max(repeat, 1)):
        cold()
        copies = [fresh(grid) for _ in range(2 * n)]  # a walk's copy, then a call's, and so on
        f.buchholz(copies[1], 1.0)  # the first call reads the table
        t0 = time.process_time()
        for g in copies[2::2]:
            for row in g:
                for v in row:
                    pass
        walk = min(walk, (time.process_time() - t0) / (n - 1))
        t0 = time.process_time()
        for i, g in enumerate(copies[3::2], start=2):
            f.buchholz(g, float(1 + i * 3 % (len(grid) - 1)))  # players from all over the table
        per_call = min(per_call, (time.process_time() - t0) / (n - 1))
        del copies
    res.update(walk=walk, walk_hot=min(hot), spill=spill_time, per_row_call=per_call)
    print()
    line(f"bare walk over the grid (every cell visited once; mean of {n - 1} copies)", walk)
    line("bare walk over a copy made just before (in the caches)", min(hot))
    line("one spilled BUCHHOLZ(table), cold", spill_time)
    line(f"one cached per-row BUCHHOLZ(table, i) (mean of {n - 1})", per_call)
    ratio("cached per-row call / bare walk", per_call, walk, "target ≤ 2")
    ratio("cached per-row call / bare walk of a copy in the caches", per_call, min(hot))
    rows = len(grid) - 1
    line(f"{rows} per-row calls in all (first one reads)", spill_time + per_call * (rows - 1))
    ratio("all per-row calls / one spilled call", (spill_time + per_call * (rows - 1)), spill_time)


def cli_speed(grid: list[list[Any]], res: dict[str, float]) -> None:
    import openpyxl

    from tiebreak.cli import main as cli

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "open.xlsx"
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "Crosstable"
        for row in grid:
            ws.append(row)
        wb.save(src)
        loads = []
        for _ in range(3):
            t0 = time.perf_counter()
            openpyxl.load_workbook(src).save(Path(tmp) / "copy.xlsx")
            loads.append(time.perf_counter() - t0)
        runs = []
        for _ in range(3):
            cold()
            t0 = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()):
                rc = cli(["rank", str(src), "--out", str(Path(tmp) / "ranked.xlsx"), "--format", "csv"])
            runs.append(time.perf_counter() - t0)
            assert rc == 0
        res.update(openpyxl_load_save=min(loads), cli=min(runs))
        print()
        line("openpyxl: load and save the 2,000-player workbook", min(loads))
        line("tiebreak rank FILE.xlsx --out OUT.xlsx (in-process)", min(runs))
        ratio("CLI / openpyxl load + save", min(runs), min(loads), "target ≤ 0.5")


def cache_memory(seed: int, edits: int) -> dict[str, float]:
    """The worksheet cache's memory after ``edits`` edits of a 10,000 × 15 table, each read by BUCHHOLZ (spilled).

    Each edit changes one player's name; each call brings its own copy of the grid, made
    while memory is traced and let go after the call, so what remains is what the cache
    keeps (its copies, the texts they keep alive, the tables, evaluations and columns).
    """
    import tracemalloc

    from tiebreak.calc.cache import shared
    from tiebreak.excel import functions as f

    grid = make_event(10_000, 15, seed)
    cold()
    gc.collect()
    tracemalloc.start()
    try:
        for k in range(edits):
            g = fresh(grid)
            g[1 + k][1] = f"Edited {k:05d}"
            f.buchholz(g)
            del g
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    cells = shared.held()
    cold()
    print(f"  {'worksheet cache after ' + str(edits) + ' edits of a 10,000 × 15 table':<58} {held / 1e6:10.1f} MB  ({cells:,} cells held, {held / cells:.0f} bytes a cell; bound: {shared.cells:,} cells)")
    return {"bytes": held, "cells": cells, "bound_cells": shared.cells}


def _wall(cmd: list[str], env: dict[str, str] | None = None) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    return time.perf_counter() - t0


def _cpu(cmd: list[str], env: dict[str, str] | None = None) -> float:
    """The CPU time (user + system) of a whole process: moved less than the wall clock by other work on the machine."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _compiled_env(cache: Path) -> dict[str, str]:
    """The environment with bytecode written to and read from ``cache``, as an installed package has it.

    pip compiles a wheel's modules when it installs them (openpyxl's are), but an editable
    install under ``PYTHONDONTWRITEBYTECODE`` compiles tiebreak's 60 modules from source in
    every process, about 0.1 s of a club workbook's run that no installed copy pays.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


OPENPYXL_COPY = "import sys, openpyxl; openpyxl.load_workbook(sys.argv[1]).save(sys.argv[2])"


def cli_process(seed: int, repeat: int) -> dict[str, float]:
    """``tiebreak rank BOOK.xlsx --out COPY.xlsx`` as a whole process (start-up and imports included), against openpyxl's load + save as a whole process.

    A 30-player club workbook (7 rounds) and the 2,000 × 13 one, each written by openpyxl;
    the two processes are run in turn, ``max(repeat, 5)`` times, and the best of each kept, by the
    wall clock and then, in as many further runs in turn, by CPU time (user + system of the process).
    """
    import openpyxl

    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        env = _compiled_env(Path(tmp) / "bytecode")
        _wall([sys.executable, "-c", "import tiebreak.cli, tiebreak.io.workbook, tiebreak.plan.sheet, openpyxl"], env)
        for n, rounds, label, target in ((30, 7, "club", 0.8), (2000, 13, "big", 0.5)):
            src = Path(tmp) / f"{label}.xlsx"
            wb = openpyxl.Workbook()
            ws = wb.active
            ws.title = "Crosstable"
            for row in make_event(n, rounds, seed):
                ws.append(row)
            wb.save(src)
            ours, theirs = [], []
            for _ in range(max(repeat, 5)):
                ours.append(_wall([sys.executable, "-m", "tiebreak.cli", "rank", str(src), "--out", str(Path(tmp) / "ranked.xlsx"), "--format", "csv"], env))
                theirs.append(_wall([sys.executable, "-c", OPENPYXL_COPY, str(src), str(Path(tmp) / "copy.xlsx")], env))
            start = min(_wall([sys.executable, "-c", "import tiebreak.cli"], env) for _ in range(3))
            bare = min(_wall([sys.executable, "-c", "pass"], env) for _ in range(3))
            cpu_ours, cpu_theirs = [], []
            for _ in range(max(repeat, 5)):
                cpu_ours.append(_cpu([sys.executable, "-m", "tiebreak.cli", "rank", str(src), "--out", str(Path(tmp) / "ranked.xlsx"), "--format", "csv"], env))
                cpu_theirs.append(_cpu([sys.executable, "-c", OPENPYXL_COPY, str(src), str(Path(tmp) / "copy.xlsx")], env))
            out.update({f"process_{label}": min(ours), f"openpyxl_process_{label}": min(theirs), f"import_cli_{label}": start, "python_start": bare,
                        f"cpu_process_{label}": min(cpu_ours), f"cpu_openpyxl_process_{label}": min(cpu_theirs)})
            line(f"{n} × {rounds}: tiebreak rank --out, whole process", min(ours), f"(import tiebreak.cli {start * 1000:.0f} ms, bare Python {bare * 1000:.0f} ms)")
            line(f"{n} × {rounds}: openpyxl load + save, whole process", min(theirs))
            ratio(f"{n} × {rounds}: tiebreak rank --out / openpyxl, whole processes", min(ours), min(theirs), f"target ≤ {target}")
            line(f"{n} × {rounds}: the same, CPU time: tiebreak rank --out", min(cpu_ours))
            line(f"{n} × {rounds}: the same, CPU time: openpyxl load + save", min(cpu_theirs))
            ratio(f"{n} × {rounds}: tiebreak rank --out / openpyxl, CPU time", min(cpu_ours), min(cpu_theirs), f"target ≤ {target}")
    return out


if __name__ == "__main__":
    raise SystemExit(main())
