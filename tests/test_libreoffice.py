"""A real client opens the ranked copy: LibreOffice Calc converts the input and the copy to CSV.

The crosstable reads the same in both (every cell of the input), and Rank's
columns in the copy read as Rank wrote them.  Needs ``soffice`` (Debian
package libreoffice-calc-nogui, installed by ``.ci/run``).
"""

from __future__ import annotations

import csv
import shutil
import subprocess
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import rich_package as rp

from tiebreak.cli import commands as cli

ROOT = Path(__file__).resolve().parents[1]
# every sheet to its own CSV file (token 12 = -1), UTF-8, raw values rather than as formatted
CSV_FILTER = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"


def soffice() -> str:
    exe = shutil.which("soffice") or shutil.which("libreoffice")
    assert exe, "LibreOffice (soffice) is needed for this test: apt-get install libreoffice-calc-nogui (.ci/run does it)"
    return exe


def convert(files: list[Path], outdir: Path, profile: Path) -> None:
    cmd = [soffice(), f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore", "--convert-to", CSV_FILTER, "--outdir", str(outdir), *map(str, files)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr


def read_csv(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.reader(f))


def shown(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def block_of(path: Path, sheet: str) -> tuple[int, int, int, int]:
    """Rank's block as the settings sheet records it (first row, first column, last column) and the last player row."""
    wb = openpyxl.load_workbook(path)
    from openpyxl.utils.cell import range_boundaries

    record = next(wb["tiebreak"].cell(r, 2).value for r in range(1, 20) if str(wb["tiebreak"].cell(r, 1).value).startswith("Output"))
    c1, r1, c2, _ = range_boundaries(record.split("!")[1])
    ws = wb[sheet]
    last = max(r for r in range(r1, ws.max_row + 1) if ws.cell(r, c1).value is not None)
    return r1, c1, c2, last


CASES = [
    ("rich.xlsx", "Crosstable"),
    ("rich_macros.xlsm", "Crosstable"),
    ("draughts_round_robin.xlsx", "Crosstable"),
    ("chess_swiss.xlsx", "Swiss"),
]


@pytest.mark.filterwarnings("ignore:Sparkline Group extension:UserWarning")
def test_libreoffice_reads_the_copy_as_the_input_plus_ranks_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inputs: list[Path] = []
    copies: list[Path] = []
    for name, _ in CASES:
        src = tmp_path / name
        if name.startswith("rich"):
            rp.write(src, macros=name.endswith(".xlsm"))
        else:
            shutil.copyfile(ROOT / "workbooks" / name, src)
        out = tmp_path / f"ranked_{name}"
        assert cli.main(["rank", str(src), "--out", str(out)]) == 0, capsys.readouterr().err
        inputs.append(src)
        copies.append(out)
    outdir = tmp_path / "csv"
    convert(inputs + copies, outdir, tmp_path / "profile")
    for (name, sheet), src, out in zip(CASES, inputs, copies):
        before = read_csv(outdir / f"{src.stem}-{sheet}.csv")
        after = read_csv(outdir / f"{out.stem}-{sheet}.csv")
        assert (outdir / f"{out.stem}-Standings.csv").exists() and (outdir / f"{out.stem}-tiebreak.csv").exists(), name
        # every cell of the input reads the same in the copy
        width = max(len(r) for r in before)
        assert len(after) >= len(before), name
        for i, row in enumerate(before):
            assert after[i][: len(row)] == row, (name, i + 1)
            assert all(v == "" for v in after[i][len(row) : width]), (name, i + 1)
        # Rank's columns read as written
        r1, c1, c2, last = block_of(out, sheet)
        ws = openpyxl.load_workbook(out, data_only=True)[sheet]
        for r in range(r1, last + 1):
            want = [shown(ws.cell(r, c).value) for c in range(c1, c2 + 1)]
            assert after[r - 1][c1 - 1 : c2] == want, (name, r)
        assert after[r1 - 1][c1 - 1] in ("Place", "Место"), name
    # the hand-checked places of the rich workbook (points 2.5, 2, 1, 0.5)
    rich = read_csv(outdir / "ranked_rich-Crosstable.csv")
    assert [rich[r][7] for r in range(1, 6)] == ["Place", "1", "2", "3", "4"]
    standings = read_csv(outdir / "ranked_rich-Standings.csv")
    assert [row[2] for row in standings[3:7]] == ["Anna", "Boris", "Clara", "Denis"]
