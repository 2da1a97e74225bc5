"""Runs inside Pyodide (tests/pyodide/run.mjs): installs the wheels in /wheels, times lite_calls.timings, prints one JSON line.

run.mjs runs this file, then awaits ``run()``; the parameters are in /bench/params.json.
"""

import importlib
import json
import site
import sys
import zipfile
from pathlib import Path


async def run() -> None:
    target = site.getsitepackages()[0]
    for wheel in sorted(Path("/wheels").glob("*.whl")):
        with zipfile.ZipFile(wheel) as z:
            z.extractall(target)
    importlib.invalidate_caches()
    sys.path.insert(0, "/bench")
    import os

    os.environ["XLWINGS_ON_SERVER"] = "true"  # xlwings' decorators as under Lite
    os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
    import lite_calls

    params = json.loads(Path("/bench/params.json").read_text())
    out = lite_calls.timings(**params)
    out["python"] = sys.version.split()[0]
    print("RESULT " + json.dumps(out))
