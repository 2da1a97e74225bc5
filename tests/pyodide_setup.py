"""What tests/test_pyodide.py needs, fetched once from the npm registry and PyPI (idempotent).

* Pyodide, the Python runtime of xlwings Lite, from npm: the versions pinned in
  tests/pyodide/package.json and package-lock.json, into tests/pyodide/node_modules.
* xlwings' pure-Python wheels (py3-none-any, the kind xlwings Lite installs),
  into tests/pyodide/wheels.

``.ci/run`` runs this before the tests; the test runs it too when something is
missing, so the README's test command works on its own.  After this, the
Pyodide test itself runs offline.

    python tests/pyodide_setup.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "pyodide"
NODE_MODULES = HERE / "node_modules"
WHEELS = HERE / "wheels"

# (npm package folder, xlwings version): each Pyodide gets one xlwings, as a Lite workbook has one.
# pyodide-0.29 (Python 3.13) with the xlwings tiebreak pins; pyodide-0.27 (Python 3.12; the xlwings
# Lite changelog of April 2025 names an upgrade to Pyodide 0.27.5) with xlwings 0.33.20, the version
# the Lite changelog says new workbooks get by default.
# pyodide-314 (Python 3.14): the Pyodide xlwings Lite's documentation asks for with stable pins.
CONFIGS = (("pyodide-0.29", "0.37.8"), ("pyodide-0.27", "0.33.20"), ("pyodide-314", "0.37.8"))


def xlwings_wheel(version: str) -> Path:
    return WHEELS / f"xlwings-{version}-py3-none-any.whl"


def missing() -> list[str]:
    gone = [f"node_modules/{pkg}" for pkg, _ in CONFIGS if not (NODE_MODULES / pkg / "pyodide.asm.wasm").is_file()]
    gone += [xlwings_wheel(v).name for _, v in CONFIGS if not xlwings_wheel(v).is_file()]
    return gone


def ensure() -> None:
    """Fetch what is missing; raise RuntimeError with the tool's message when a fetch fails."""
    if any(not (NODE_MODULES / pkg / "pyodide.asm.wasm").is_file() for pkg, _ in CONFIGS):
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("npm is not on PATH: the Pyodide test needs Node.js (18 or later) and npm")
        _run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=HERE)
    for _, version in CONFIGS:
        if not xlwings_wheel(version).is_file():
            _run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
                 "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--python-version", "3.12",
                 "--dest", str(WHEELS), f"xlwings=={version}"],
                cwd=HERE,
            )
    if missing():
        raise RuntimeError(f"still missing after the set-up: {', '.join(missing())}")


def _run(cmd: list[str], cwd: Path) -> None:
    done = subprocess.run(cmd, cwd=cwd, check=False, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:3])} ... failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


if __name__ == "__main__":
    ensure()
    print("Pyodide test set-up: " + ", ".join(f"{pkg} + xlwings {v}" for pkg, v in CONFIGS))
