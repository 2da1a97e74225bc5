"""BUCHHOLZ cold and cached in Pyodide (xlwings Lite's runtime) beside CPython, timed alike.

    python tests/pyodide_setup.py          # Pyodide from npm, as the tests use it (once)
    python benchmarks/bench_pyodide.py     # builds the wheel unless TIEBREAK_WHEEL names one

Each Pyodide of tests/pyodide_setup.py, and Pyodide 314 (Python 3.14, the newest: in
tests/pyodide/package.json for this benchmark, not a test set-up), runs ``lite_calls.timings`` under Node.js
(tests/pyodide/run.mjs, offline) with the tiebreak wheel and xlwings' pure-Python
wheel installed; this process runs the same function.  Printed: the cold spilled call
and the cached per-row call in each, and Pyodide's cached call against CPython's
(target: within 3 ×), and the garbage collector's collections while arguments are made
and calls run (Python 3.14's incremental collector runs one for nearly every call).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests"))

import lite_calls  # noqa: E402 - beside this file
import pyodide_setup  # noqa: E402 - tests/pyodide_setup.py: the Pyodide packages and xlwings wheels the tests use


def wheel(scratch: Path) -> Path:
    given = os.environ.get("TIEBREAK_WHEEL")
    if given:
        return Path(given)
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(scratch), str(ROOT)], check=True, capture_output=True)
    return next(scratch.glob("tiebreak-*.whl"))


def in_pyodide(package: str, xlwings: str, whl: Path, params: dict[str, Any], scratch: Path) -> dict[str, Any]:
    (scratch / "params.json").write_text(json.dumps(params))
    files = [
        f"{whl}=/wheels/{whl.name}",
        f"{pyodide_setup.xlwings_wheel(xlwings)}=/wheels/{pyodide_setup.xlwings_wheel(xlwings).name}",
        f"{HERE / 'events.py'}=/bench/events.py",
        f"{HERE / 'lite_calls.py'}=/bench/lite_calls.py",
        f"{scratch / 'params.json'}=/bench/params.json",
    ]
    done = subprocess.run(
        ["node", str(pyodide_setup.HERE / "run.mjs"), package, str(HERE / "pyodide_job.py"), *files],
        capture_output=True, text=True, check=False, timeout=1800,
    )
    line = next((x for x in done.stdout.splitlines() if x.startswith("RESULT ")), None)
    if line is None:
        raise SystemExit(f"{package} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return dict(json.loads(line[len("RESULT "):]))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=13)
    ap.add_argument("--calls", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    params = {"n": args.players, "rounds": args.rounds, "calls": args.calls, "repeat": args.repeat}
    pyodide_setup.ensure()
    if not (pyodide_setup.NODE_MODULES / "pyodide-314" / "pyodide.asm.wasm").is_file():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=pyodide_setup.HERE, check=True)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        whl = wheel(Path(tmp))
        os.environ["XLWINGS_ON_SERVER"] = "true"  # xlwings' decorators as under Lite, in this process too (as tests/conftest.py)
        os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
        for package, xlwings in (("pyodide-314", "0.37.8"), *pyodide_setup.CONFIGS):
            results[package] = in_pyodide(package, xlwings, whl, params, Path(tmp))
            results["cpython"] = cp = lite_calls.timings(**params)  # right after, so both see the same machine
            py = results[package]
            print(f"  {args.players} × {args.rounds}, BUCHHOLZ: {package} (Python {py['python']}) against CPython {sys.version.split()[0]}")
            print(f"    cold, one spilled call       {py['cold'] * 1000:8.1f} ms   CPython {cp['cold'] * 1000:7.1f} ms   {py['cold'] / cp['cold']:5.2f} ×")
            print(f"    cached per-row call (mean)   {py['cached'] * 1000:8.2f} ms   CPython {cp['cached'] * 1000:7.2f} ms   {py['cached'] / cp['cached']:5.2f} ×  target ≤ 3")
            print(f"    the same, argument made just before  {py['cached_made'] * 1000:8.2f} ms   CPython {cp['cached_made'] * 1000:7.2f} ms   "
                  f"{py['cached_made'] / cp['cached_made']:5.2f} ×  target ≤ 3")
            print(f"    collector, arguments made + calls: {py['gc_count']:.0f} collections a round of {args.calls} calls, "
                  f"{py['gc_per_call'] * 1000:.2f} ms a call, the longest {py['gc_longest'] * 1000:.1f} ms   "
                  f"CPython {cp['gc_count']:.0f}, {cp['gc_per_call'] * 1000:.2f} ms, {cp['gc_longest'] * 1000:.1f} ms")
    return results


if __name__ == "__main__":
    main()
