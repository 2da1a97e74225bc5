"""Rank's own sheets are found as Excel finds sheets: by name, ignoring case.

Excel keeps one sheet per name whatever its case (``Tiebreak`` and
``tiebreak`` cannot both exist), so a workbook whose settings sheet is
``Tiebreak`` and whose standings sheet is ``standings`` is ranked with those
sheets: their settings are read, the standings are written into the user's
``standings``, their spelling is kept, and no second sheet of the same name is
added.  Through ``tiebreak rank BOOK --out COPY`` and through the Rank script
(``xw.Book(json=...)``, as xlwings Lite runs it).

The example round robin (workbooks/draughts_round_robin.xlsx) is Russian, so
without its settings Rank would speak Russian and write five criteria; the
renamed settings sheet asks for English and two criteria, Sonneborn-Berger
and wins.  The Sonneborn-Berger values are the ones checked by hand in
tests/test_cli.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from test_rank_script import RR, RR_SB, alert, apply, funcs, payload, run_script, sheet_writes

from tiebreak.cli import commands as cli
from tiebreak.core.errors import SettingsError
from tiebreak.io.workbook import SafeWorkbook
from tiebreak.plan.sheet import plan_rank

# Place, then the two criteria the renamed settings sheet asks for, in English (its Language)
HEAD = ["Place", "Sonneborn–Berger", "Most wins"]


def user_spelled(tmp_path: Path) -> Path:
    """The example with its settings sheet renamed ``Tiebreak`` (English, two criteria) and an empty ``standings`` sheet the user added."""
    wb = openpyxl.load_workbook(RR)
    ws = wb["tiebreak"]
    ws.title = "settings"  # openpyxl, as Excel, takes "Tiebreak" for the sheet's own name: rename it in two steps
    ws.title = "Tiebreak"
    assert ws["A3"].value.startswith("Criteria") and ws["A5"].value.startswith("Language")
    ws["B3"] = "sonneborn_berger, wins"
    ws["B5"] = "en"
    wb.create_sheet("standings")
    path = tmp_path / "user_spelled.xlsx"
    wb.save(path)
    return path


def rank_copy(capsys: pytest.CaptureFixture[str], src: Path, out: Path) -> str:
    code = cli.main(["rank", str(src), "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "Traceback" not in captured.err
    return captured.out + captured.err


def test_the_command_line_uses_the_users_tiebreak_and_standings_sheets(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = user_spelled(tmp_path)
    out = tmp_path / "ranked.xlsx"
    said = rank_copy(capsys, src, out)
    assert "Criteria: sonneborn_berger, wins" in said  # the settings sheet's criteria, in English as it asks
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["Crosstable", "Tiebreak", "standings"]  # no 'tiebreak', no 'Standings' added
    table = wb["Crosstable"]
    # Rank's columns: R-T (Place and the two criteria) in the header row 3 and the player rows 4-13
    assert [table.cell(3, c).value for c in range(18, 21)] == HEAD
    assert table.cell(3, 21).value is None
    assert {table.cell(r, 1).value: table.cell(r, 19).value for r in range(4, 14)} == RR_SB
    # the standings went into the user's sheet; the output record into the user's settings sheet
    st = wb["standings"]
    assert str(st["A1"].value).startswith("Standings (tiebreak)")
    assert [st.cell(3, c).value for c in range(1, 7)] == ["Place", "No.", "Name", "Points", "Sonneborn–Berger", "Most wins"]
    assert wb["Tiebreak"]["B6"].value == "Crosstable!R3:T3"
    assert wb["Tiebreak"]["B3"].value == "sonneborn_berger, wins"
    assert wb.defined_names["tiebreak_standings"].attr_text == "standings!$A$1:$G$13"

    # a second run over the copy finds the same sheets again and writes the same cells
    again = tmp_path / "again.xlsx"
    rank_copy(capsys, out, again)
    wb2 = openpyxl.load_workbook(again)
    assert wb2.sheetnames == ["Crosstable", "Tiebreak", "standings"]
    assert [[c.value for c in row] for row in wb2["standings"].iter_rows()] == [[c.value for c in row] for row in st.iter_rows()]


def test_a_standings_sheet_the_user_filled_is_still_refused_whatever_its_case(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wb = openpyxl.load_workbook(RR)
    wb.create_sheet("STANDINGS")["A1"] = "my own notes"
    src = tmp_path / "notes.xlsx"
    wb.save(src)
    out = tmp_path / "ranked.xlsx"
    assert cli.main(["rank", str(src), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "'STANDINGS'" in err and not out.exists()


def test_the_users_tiebreak_sheet_is_not_taken_for_the_crosstable(tmp_path: Path) -> None:
    book = SafeWorkbook(user_spelled(tmp_path))
    with pytest.raises(SettingsError, match="tiebreak's own sheet"):
        plan_rank(book, sheet="TIEBREAK")


def _renamed_payload(tmp_path: Path) -> dict[str, Any]:
    data = payload(user_spelled(tmp_path))
    assert [s["name"] for s in data["sheets"]] == ["Crosstable", "Tiebreak", "standings"]
    return data


def test_the_rank_script_uses_the_users_tiebreak_and_standings_sheets(tmp_path: Path) -> None:
    data = _renamed_payload(tmp_path)
    actions = run_script(data)
    assert "addSheet" not in funcs(actions)
    message = alert(actions)
    assert message.startswith("Ranked 10 players on 'Crosstable' (A3:Q13)"), message
    assert "and the 'standings' sheet" in message
    (w,) = sheet_writes(actions, 0)
    assert (w["start_row"], w["start_column"], w["column_count"]) == (2, 17, 3)  # R3, three columns
    assert w["values"][0] == HEAD
    assert {data["sheets"][0]["values"][3 + i][0]: row[1] for i, row in enumerate(w["values"][1:])} == RR_SB
    st = sheet_writes(actions, 2)
    assert st and str(st[0]["values"][0][0]).startswith("Standings (tiebreak)")
    assert [(a["start_row"], a["start_column"], a["values"]) for a in sheet_writes(actions, 1)] == [(5, 1, [["Crosstable!R3:T3"]])]

    # the second run: the same sheets, nothing added, the button's message in English again
    after = apply(data, actions)
    second = run_script(after)
    assert "addSheet" not in funcs(second)
    assert alert(second).startswith("Ranked 10 players on 'Crosstable' (A3:Q13)") and "and the 'standings' sheet" in alert(second)
    assert [s["name"] for s in apply(after, second)["sheets"]] == ["Crosstable", "Tiebreak", "standings"]


def test_a_sheet_named_like_a_number_is_quoted_in_ranks_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Excel writes ``'2026'!A1`` (unquoted, ``2026!A1`` is not a reference); Rank's records say the same and read back."""
    wb = openpyxl.load_workbook(RR)
    wb["Crosstable"].title = "2026"
    src = tmp_path / "year.xlsx"
    wb.save(src)
    once, twice = tmp_path / "once.xlsx", tmp_path / "twice.xlsx"
    rank_copy(capsys, src, once)
    ranked = openpyxl.load_workbook(once)
    assert ranked.defined_names["tiebreak_output"].attr_text == "'2026'!$R$3:$W$13"
    assert ranked["tiebreak"]["B6"].value == "'2026'!R3:W3"
    rank_copy(capsys, once, twice)  # the records are found again: the same columns, nothing moved
    again = openpyxl.load_workbook(twice)
    assert again.defined_names["tiebreak_output"].attr_text == "'2026'!$R$3:$W$13"
    assert [[c.value for c in row] for row in again["2026"].iter_rows()] == [[c.value for c in row] for row in ranked["2026"].iter_rows()]


def test_the_compare_sheet_is_the_users_compare_whatever_its_case(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The settings' Compare option writes into an empty ``compare`` sheet the user added, not a second ``Compare``."""
    from test_compare import EXPECTED_SHEET, settings_book

    src = settings_book(tmp_path / "in.xlsx", "fide-2024")
    wb = openpyxl.load_workbook(src)
    wb.create_sheet("compare")
    wb.save(src)
    out = tmp_path / "out.xlsx"
    rank_copy(capsys, src, out)
    ranked = openpyxl.load_workbook(out)
    assert ranked.sheetnames == ["Crosstable", "tiebreak", "compare", "Standings"]
    assert [list(row) for row in ranked["compare"].iter_rows(values_only=True)] == EXPECTED_SHEET
