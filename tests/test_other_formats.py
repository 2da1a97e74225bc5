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

from tiebreak.cli import commands as cli

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


# Two tables on one sheet: without a name the larger one (Dan, Eve, Fay, Gus) is ranked; the range named
# 'crosstable' picks the smaller (Ann 2, Bob 1, Cid 0).  A notes sheet comes first, so the name also picks the sheet.
SMALL = [["No", "Name", 1, 2, 3], [1, "Ann", "X", 1, 1], [2, "Bob", 0, "X", 1], [3, "Cid", 0, 0, "X"]]
BIG = [["No", "Name", 1, 2, 3, 4], [1, "Dan", "X", 0, 0, 0], [2, "Eve", 1, "X", 0, 0], [3, "Fay", 1, 1, "X", 0], [4, "Gus", 1, 1, 1, "X"]]


@pytest.fixture(scope="module")
def named(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The same workbook as .xlsx, and as .ods and .xls saved by LibreOffice, with and without the name."""
    from openpyxl import Workbook
    from openpyxl.workbook.defined_name import DefinedName

    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    assert soffice, "LibreOffice (soffice) is needed to make the .xls and .ods files (.ci/run installs it)"
    folder = tmp_path_factory.mktemp("named")
    out: dict[str, Path] = {}
    for stem, name in (("named", True), ("unnamed", False)):
        wb = Workbook()
        notes = wb.active
        assert notes is not None
        notes.title = "Notes"
        notes.append(["Club championship, results below"])
        ws = wb.create_sheet("Two Tables")
        for r, (big, small) in enumerate(zip(BIG, [*SMALL, []]), start=1):
            for c, v in enumerate(big, start=1):
                ws.cell(r, c, v)
            for c, v in enumerate(small, start=8):
                ws.cell(r, c, v)
        if name:
            wb.defined_names["crosstable"] = DefinedName("crosstable", attr_text="'Two Tables'!$H$1:$L$4")
        path = folder / f"{stem}.xlsx"
        wb.save(path)
        out[f"{stem}.xlsx"] = path
    for fmt in ("xls", "ods"):
        subprocess.run(
            [soffice, "--headless", f"-env:UserInstallation=file://{folder}/profile", "--convert-to", fmt, "--outdir", str(folder / fmt),
             str(out["named.xlsx"]), str(out["unnamed.xlsx"])],
            check=True, capture_output=True, timeout=180,
        )
        for stem in ("named", "unnamed"):
            out[f"{stem}.{fmt}"] = folder / fmt / f"{stem}.{fmt}"
    return out


def points(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[dict[str, str], str]:
    code = cli.main(["rank", *argv, "--format", "csv", "--lang", "en"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return {row["Name"]: row["Points"] for row in csv.DictReader(io.StringIO(out))}, err


@pytest.mark.parametrize("fmt", ["xlsx", "ods", "xls"])
def test_the_range_named_crosstable_is_read_in_every_format(named: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str) -> None:
    got, err = points(capsys, str(named[f"named.{fmt}"]))
    assert got == {"Ann": "2", "Bob": "1", "Cid": "0"}
    assert "tables" not in err  # the name chose: no note about the other table
    # export reads the same table
    trf = tmp_path / "out.trf"
    assert cli.main(["export", str(named[f"named.{fmt}"]), "--trf", str(trf)]) == 0, capsys.readouterr().err
    text = trf.read_text(encoding="utf-8")
    assert "Ann" in text and "Dan" not in text
    # without the name: the active (first) sheet holds no table, and the message names the sheet that does
    assert cli.main(["rank", str(named[f"unnamed.{fmt}"]), "--lang", "en"]) == 1
    assert "the crosstable may be on sheet 'Two Tables'" in capsys.readouterr().err
    # on that sheet, the larger table, and the note saying how to choose the other
    got, err = points(capsys, str(named[f"unnamed.{fmt}"]), "--sheet", "Two Tables")
    assert got == {"Dan": "0", "Eve": "1", "Fay": "2", "Gus": "3"}
    assert "or name its range 'crosstable'" in err


def test_names_of_a_hostile_ods_are_not_read(tmp_path: Path) -> None:
    # an entity declaration in content.xml (an XML bomb's first step) is refused: no name, nothing expanded
    import zipfile

    from tiebreak.io.book_names import defined_names

    ns = 'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
    good = f'<r {ns}><table:named-expressions><table:named-range table:name="crosstable" table:cell-range-address="$S.$A$1:.$C$3"/></table:named-expressions></r>'
    for stem, content in (("good", good), ("bomb", '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]>' + good.replace("crosstable", "&a;"))):
        path = tmp_path / f"{stem}.ods"
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("content.xml", content)
    assert defined_names(tmp_path / "good.ods") == [("crosstable", False, "S", 1, 1, 3, 3)]
    assert defined_names(tmp_path / "bomb.ods") == []
    (tmp_path / "broken.ods").write_bytes(b"PK not a zip")
    assert defined_names(tmp_path / "broken.ods") == []
