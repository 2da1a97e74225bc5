"""What users run needs no xlwings licence: the product imports and works with plain xlwings."""

from __future__ import annotations

import json
import os
import subprocess
import sys

CODE = r"""
import json, sys
import tiebreak.excel.functions as f
import tiebreak.excel.rank as r
import tiebreak_rank
grid = [["No", "Name", 1, 2, 3], [1, "Ann", "X", 1, "½"], [2, "Bob", 0, "X", 1], [3, "Cid", "½", 0, "X"]]
out = {
    "buchholz": f.buchholz(grid),
    "server_imported": "xlwings.server" in sys.modules,
    "udfs_officejs_imported": "xlwings.pro.udfs_officejs" in sys.modules,
    "main": callable(tiebreak_rank.main),
}
print(json.dumps(out))
"""


def test_the_product_runs_without_a_licence_key() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLWINGS_")}
    done = subprocess.run([sys.executable, "-c", CODE], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    # Buchholz by hand: Ann met Bob (1) and Cid (0.5) = 1.5; Bob: Ann 1.5 + Cid 0.5 = 2; Cid: 1.5 + 1 = 2.5
    assert out["buchholz"] == [[""], [1.5], [2.0], [2.5]]
    assert out["server_imported"] is False
    assert out["udfs_officejs_imported"] is False
    assert out["main"] is True
