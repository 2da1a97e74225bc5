"""The corpus of club crosstables (tests/club_tables.py) ranked through the CLI and through the worksheet functions.

Every case must give its event's standings, written out and worked by hand in
club_tables.py, both ways.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from club_tables import CASES, Case, write_workbook
from helpers import call, column

from tiebreak.cli import commands as cli
from tiebreak.excel import functions


def test_the_corpus_is_large_and_covers_every_event_and_system() -> None:
    assert len(CASES) >= 40
    assert {c.event.system for c in CASES} == {"rr", "swiss"}
    assert {c.event.scoring for c in CASES} >= {(1.0, 0.5, 0.0), (2.0, 1.0, 0.0)}
    assert len({c.id for c in CASES}) == len(CASES)


def _office_js(grid: list[list[Any]]) -> list[list[Any]]:
    """A range as Office.js hands it over: empty cells as '', every row as wide as the range."""
    width = max(len(r) for r in grid)
    return [[("" if v is None else v) for v in r] + [""] * (width - len(r)) for r in grid]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_cli_ranks_the_club_table(case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"{case.id}.xlsx"
    write_workbook(case, path)
    code = cli.main(["rank", str(path), "--format", "csv", "--lang", "en"])  # English headers for a Cyrillic table
    out, err = capsys.readouterr()
    assert code == 0, err
    got = {row["Name"]: row["Place"] for row in csv.DictReader(io.StringIO(out))}
    assert got == case.expected


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_places_function_ranks_the_club_table(case: Case) -> None:
    grid = _office_js(case.grid)
    spilled = column(call(functions, "places", grid))
    assert len(spilled) == len(grid)
    got = {case.name_of(row): str(spilled[r]) for r, row in enumerate(grid) if spilled[r] not in ("", None)}
    assert got == case.expected


def test_a_guessed_name_column_is_said_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = next(c for c in CASES if c.id == "rr6_chess_en-unknown-label-club-before")
    path = tmp_path / "t.xlsx"
    write_workbook(case, path)
    assert cli.main(["rank", str(path)]) == 0
    err = capsys.readouterr().err
    assert "names taken from column C of the table (headed 'Competitor')" in err
