"""The tiebreak wheel the install tests use: the one ``.ci/run`` built, or one built now.

``.ci/run`` builds the sdist and the wheel (``python -m build``, the wheel made
from the sdist, as a release would be) and names the wheel in ``TIEBREAK_WHEEL``.
Without that variable the first test that asks builds one into a temporary
folder, once per test session.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"

_built: dict[str, Path] = {}


def built_wheel(scratch: Path) -> Path:
    """The wheel's path; ``scratch`` is a folder for a build made here."""
    given = os.environ.get("TIEBREAK_WHEEL")
    if given:
        path = Path(given)
        assert path.is_file(), f"TIEBREAK_WHEEL={given} is not a file"
        return path
    if "wheel" not in _built:
        done = subprocess.run(
            [sys.executable, "-m", "build", "--outdir", str(scratch), str(ROOT)],
            check=False, capture_output=True, text=True, timeout=600,
        )
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        (wheel,) = scratch.glob("tiebreak-*.whl")
        _built["wheel"] = wheel
    return _built["wheel"]


def source_files() -> set[str]:
    """Every file under src/ that a user's install needs, as paths inside the wheel."""
    files = set()
    for path in SRC.rglob("*"):
        rel = path.relative_to(SRC)
        if not path.is_file() or "__pycache__" in rel.parts or rel.parts[0].endswith(".egg-info") or path.suffix == ".pyc":
            continue
        files.add(rel.as_posix())
    return files


def clean_env(**extra: str) -> dict[str, str]:
    """The environment for a program of a fresh install: nothing pointing back at the source tree."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV") and not k.startswith("XLWINGS_")}
    env.update(extra)
    return env
