"""Workbooks saved as .xls or .ods: read for ``tiebreak rank`` and ``export``, never written.

The files are made by LibreOffice from club tables of the corpus, as a club
whose office suite saves .xls or .ods would have them.
"""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from pathlib import Path

import pytest
from club_tables import CASES, Case, write_workbook

from tiebreak import cli

PICKED = [
    "rr6_chess_ru-two-row-upper-merged",
    "rr5_draughts_ru-sorted-two-row-totals",
    "swiss8_chess_en-ratings-separators",
    "swiss6_three_points_en-two-row-upper-R",
]


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    assert soffice, "LibreOffice (soffice) is needed to make the .xls and .ods files (.ci/run installs it)"
    folder = tmp_path_factory.mktemp("formats")
    sources = []
    for case_id in PICKED:
        case = next(c for c in CASES if c.id == case_id)
        path = folder / f"{case.id}.xlsx"
        write_workbook(case, path)
        sources.append(str(path))
    out: dict[tuple[str, str], Path] = {}
    for fmt in ("xls", "ods"):
        subprocess.run(
            [soffice, "--headless", f"-env:UserInstallation=file://{folder}/profile", "--convert-to", fmt, "--outdir", str(folder / fmt), *sources],
            check=True, capture_output=True, timeout=180,
        )
        for case_id in PICKED:
            out[(case_id, fmt)] = folder / fmt / f"{case_id}.{fmt}"
    return out


@pytest.mark.parametrize("fmt", ["xls", "ods"])
@pytest.mark.parametrize("case_id", PICKED)
def test_rank_reads_xls_and_ods(converted: dict[tuple[str, str], Path], capsys: pytest.CaptureFixture[str], case_id: str, fmt: str) -> None:
    case: Case = next(c for c in CASES if c.id == case_id)
    code = cli.main(["rank", str(converted[(case_id, fmt)]), "--format", "csv", "--lang", "en"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert {row["Name"]: row["Place"] for row in csv.DictReader(io.StringIO(out))} == case.expected


@pytest.mark.parametrize("fmt", ["xls", "ods"])
def test_out_on_xls_or_ods_says_to_save_as_xlsx_first(
    converted: dict[tuple[str, str], Path], capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    src = converted[(PICKED[0], fmt)]
    before = src.read_bytes()
    code = cli.main(["rank", str(src), "--out", str(tmp_path / "ranked.xlsx")])
    err = capsys.readouterr().err
    assert code == 1
    assert (
        f"--out writes .xlsx workbooks; {src.name} is a .{fmt} file: open it in Excel or LibreOffice, "
        "save it as .xlsx (Excel Workbook), then run --out on that copy"
    ) in err
    assert src.read_bytes() == before and not (tmp_path / "ranked.xlsx").exists()


@pytest.mark.parametrize("fmt", ["xls", "ods"])
def test_export_reads_xls_and_ods(converted: dict[tuple[str, str], Path], capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str) -> None:
    trf = tmp_path / "out.trf"
    code = cli.main(["export", str(converted[("swiss8_chess_en-ratings-separators", fmt)]), "--trf", str(trf)])
    assert code == 0, capsys.readouterr().err
    text = trf.read_text(encoding="utf-8")
    assert "Adams" in text and "Hill" in text


@pytest.mark.parametrize("fmt", ["xls", "ods"])
def test_compare_and_explain_read_xls_and_ods(converted: dict[tuple[str, str], Path], capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    # every command that reads a workbook reads these types, not only rank and export
    src = str(converted[("swiss8_chess_en-ratings-separators", fmt)])
    xlsx_rank = cli.main(["rank", src, "--format", "json", "--lang", "en"])
    assert xlsx_rank == 0, capsys.readouterr().err
    capsys.readouterr()
    assert cli.main(["compare", src, "--rules", "ru,fide-2024", "--lang", "en"]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.startswith("Compared: A = ru")
    assert cli.main(["explain", src, "--player", "1", "--criteria", "BH", "--lang", "en"]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert "Buchholz (FIDE BH): " in out and "Total: " in out


def test_a_damaged_xls_is_refused_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.xls"
    bad.write_bytes(b"\xd0\xcf\x11\xe0 not really a workbook")
    assert cli.main(["rank", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"tiebreak: error: {bad}: not a readable .xls workbook")
