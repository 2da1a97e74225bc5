"""Runs inside Pyodide (see run.mjs), as xlwings Lite runs a workbook's code.

1. Installs the wheels found in /wheels into site-packages (a pure-Python wheel
   is installed by unpacking it; Lite installs its requirements the same way,
   from wheels), with no network.  A wheel under /data is not installed: that is
   where Lite's Files > Import puts a file, and main.py's first line puts it on
   sys.path (the README's route without a web server).
2. Imports xlwings Lite's main.py (/lite/main.py), as Lite does.
3. Asks xlwings for the functions and scripts main.py registers, calls the
   worksheet functions of /job/input.json through xlwings' Office.js
   conversion, and runs the rank_sheet script against the book payload
   (if the input has one).
4. Prints one JSON line with everything; the test checks the values.

run.mjs runs this file, then awaits ``run()``.
"""

import importlib
import json
import os
import site
import sys
import zipfile
from pathlib import Path


def _stand_in_for_the_lite_client(payload: dict, sent: list) -> None:
    """Answer the reads a script makes of Excel while it runs, as xlwings Lite's client does.

    Lite's xlwings reads through ``js.xlwings.getRangeData(sheet, address, keys)`` (for
    example ``Range.get_formula``, ``Range.get_merge_cells``); here the answer comes from
    the book payload: a workbook without formulas, whose formulas are its values, as
    Office.js gives them, and without merged cells.  ``Book.flush`` sends the queued
    actions through ``js.xlwings.runActions``; each batch is kept in ``sent``.
    """
    import re

    import js
    from pyodide.ffi import create_proxy, to_js

    sheets = {s["name"]: s["values"] for s in payload["sheets"]}

    def number(col: str) -> int:
        n = 0
        for ch in col:
            n = n * 26 + ord(ch) - 64
        return n

    async def get_range_data(sheet, address, keys):
        corners = [re.fullmatch(r"\$?([A-Z]+)\$?(\d+)", a) for a in address.split(":")]
        (c1, r1), (c2, r2) = [(number(m.group(1)), int(m.group(2))) for m in (corners[0], corners[-1])]
        values = sheets[sheet]
        rows = []
        for r in range(r1, r2 + 1):
            row = values[r - 1] if r <= len(values) else []
            rows.append([("" if c > len(row) or row[c - 1] is None else row[c - 1]) for c in range(c1, c2 + 1)])
        known = {"formulas": rows, "merge_cells": False}
        wanted = keys.to_py()
        if not set(wanted) <= set(known):
            raise NotImplementedError(f"the stand-in client answers {sorted(known)} only, not {sorted(wanted)}")
        return to_js({key: known[key] for key in wanted}, dict_converter=js.Object.fromEntries)

    async def run_actions(batch):
        sent.append(batch.to_py()["actions"])

    js.xlwings = to_js(
        {"getRangeData": create_proxy(get_range_data), "runActions": create_proxy(run_actions)},
        dict_converter=js.Object.fromEntries,
    )


async def run() -> None:
    """Steps 1-4 above, in Pyodide (run.mjs awaits it); importing this file elsewhere does nothing."""
    # xlwings' server-side decorators and conversion, as under Lite (test set-up as in tests/conftest.py)
    os.environ["XLWINGS_ON_SERVER"] = "true"
    os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

    target = site.getsitepackages()[0]
    installed = []
    for wheel in sorted(Path("/wheels").glob("*.whl")):
        with zipfile.ZipFile(wheel) as z:
            z.extractall(target)
        installed.append(wheel.name)
    importlib.invalidate_caches()
    sys.path.insert(0, "/lite")

    job = json.loads(Path("/job/input.json").read_text(encoding="utf-8"))
    imported = sorted(str(p) for p in Path("/data").glob("*.whl")) if Path("/data").is_dir() else []

    import main  # addin/lite/main.py
    import xlwings as xw
    from xlwings.server import (
        custom_functions_call,
        custom_functions_meta,
        custom_scripts_call,
        custom_scripts_meta,
    )

    meta = custom_functions_meta(main)
    functions = {f["name"]: [[p["name"], p.get("description", "")] for p in f["parameters"]] for f in meta["functions"]}
    scripts = custom_scripts_meta(main)

    results = {}
    for key, name, args in job["calls"]:
        data = {
            "func_name": name,
            "args": args,
            "version": xw.__version__,
            "client": "Office.js",
            "runtime": "1.4",
            "culture_info_name": "en-US",
            "date_format": "M/d/yyyy",
        }
        results[key] = await custom_functions_call(data, main)

    actions = None
    sent: list = []
    if job["book"] is not None:
        payload = dict(job["book"], version=xw.__version__)
        book = xw.Book(json=payload)
        _stand_in_for_the_lite_client(payload, sent)
        await custom_scripts_call(main, "rank_sheet", typehint_to_value={xw.Book: book})
        actions = book.json()["actions"]

    import tiebreak

    print(
        json.dumps(
            {
                "platform": sys.platform,
                "python": sys.version.split()[0],
                "installed": installed,
                "imported": imported,
                "on_path": [p for p in sys.path if p.startswith("/data")],
                "xlwings": xw.__version__,
                "tiebreak": tiebreak.__version__,
                "tiebreak_file": tiebreak.__file__,
                "loaded": sorted(m for m in ("openpyxl", "defusedxml", "xlwings.server", "tiebreak.io.workbook") if m in sys.modules),
                "functions": functions,
                "scripts": scripts,
                "results": results,
                "actions": actions,
                "sent": sent,
            }
        )
    )
