"""Every value shown is rounded the same way: half up to the criterion's decimals (numbers.shown).

The command line, the Standings sheet and the columns Rank writes beside the crosstable must not
disagree on a value that ends in an exact half at the last shown decimal.
"""

from __future__ import annotations

import random
from typing import Any

import pytest


def test_rank_writes_values_rounded_as_the_command_line_prints_them() -> None:
    """The cells Rank writes round half up like every other display (an AOB of 313 / 8 = 39.125 is 39.13, not
    39.12 as round-half-even gives), and whole numbers are integers."""
    from tiebreak.core.criteria import CRITERIA
    from tiebreak.core.numbers import text
    from tiebreak.plan.values import display as _display

    aob, wins, h2h = CRITERIA["AOB"], CRITERIA["wins"], CRITERIA["h2h"]
    assert _display(313 / 8, aob) == 39.13 and round(313 / 8, 2) == 39.12
    assert _display(2.5, wins) == 3 and _display(4.0, wins) == 4 and isinstance(_display(4.0, wins), int)
    rng = random.Random(7)
    for _ in range(3000):
        v = rng.randint(0, 80000) / 8
        for c in (aob, wins, h2h):
            assert str(_display(v, c)) == text(v, c.decimals)


# ------------------------------------------------------------------ one table, every output
# Three players who drew every game (1 point each), ranked by two tie-breaks made for this test and registered
# as any tie-break is (a definition and one registry line):
#
# * "T4" (4 decimals): A 2.00005 = 40001/20000, B 2, C 1.  2.00005 lies exactly half way between 2.0000 and
#   2.0001 in decimal; the nearest double is a little below it, so round(2.00005, 4) gives 2.0 while rounding
#   half up (on the value as written) gives 2.0001;
# * "T2" (2 decimals): A 39.125 = 313/8 (what an average of 8 opponents' Buchholz totalling 313 gives), B 39.5,
#   C 1.  39.125 is exact in binary and half way at 2 decimals: half up 39.13, round() halves to even: 39.12.
#
# Under T4 the order is A, B, C; under T2 it is B, A, C.  Every output must show A's values as 2.0001 and 39.13.
GRID = [["No", "Name", "1", "2", "3"], [1, "A", "X", "=", "="], [2, "B", "=", "X", "="], [3, "C", "=", "=", "X"]]
T4 = {"A": 40001 / 20000, "B": 2.0, "C": 1.0}
T2 = {"A": 313 / 8, "B": 39.5, "C": 1.0}


@pytest.fixture
def crafted(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> Any:
    from helpers import save_xlsx

    from tiebreak.core import criteria
    from tiebreak.core.criterion import ValueCriterion
    from tiebreak.core.explain_rows import per_round

    monkeypatch.setattr(criteria, "CRITERIA", dict(criteria.CRITERIA))
    monkeypatch.setattr(criteria, "_LOOKUP", dict(criteria._LOOKUP))
    monkeypatch.setattr(criteria, "_FOUND", {})

    def by_name(values: dict[str, float]) -> Any:
        return lambda ev, ratings: [values[p.name] for p in ev.tournament.players]

    nothing = per_round(lambda ev, p: lambda r: 0.0)
    criteria.register(ValueCriterion("T4", "Four decimals", "Четыре знака", "A test value.", compute=by_name(T4), explainer=nothing, decimals=4))
    criteria.register(ValueCriterion("T2", "Two decimals", "Два знака", "A test value.", compute=by_name(T2), explainer=nothing, decimals=2))
    assert round(T4["A"], 4) == 2.0 and round(T2["A"], 2) == 39.12  # what the other rule would print
    return save_xlsx(GRID, tmp_path / "drawn.xlsx")


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    from tiebreak.cli import main

    code = main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def _row_of_a(out: str, sep: str | None = None) -> list[str]:
    lines = [line for line in out.splitlines() if " A " in f" {line} " or line.split(sep)[2:3] == ["A"]]
    assert len(lines) == 1, out
    return lines[0].split(sep)


def test_the_command_line_table_csv_and_json_show_the_same(crafted: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    text = _row_of_a(_cli(capsys, "rank", str(crafted), "--criteria", "T4,T2"))
    assert text[-2:] == ["2.0001", "39.13"]
    csv_row = _row_of_a(_cli(capsys, "rank", str(crafted), "--criteria", "T4,T2", "--format", "csv", "--csv-dialect", "excel"), ",")
    assert csv_row[-2:] == ["2.0001", "39.13"]
    data = json.loads(_cli(capsys, "rank", str(crafted), "--criteria", "T4,T2", "--format", "json"))
    a = next(s for s in data["standings"] if s["name"] == "A")
    assert a["values"] == {"T4": 2.0001, "T2": 39.13}
    assert [sep["values"] for sep in data["separations"] if sep["upper"] == "A"] == [[2.0001, 2]]


def test_the_html_page_shows_the_same(crafted: Any, capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    import re

    page = tmp_path / "page.html"
    _cli(capsys, "rank", str(crafted), "--criteria", "T4,T2", "--format", "html", "--out", str(page))
    html = page.read_text(encoding="utf-8")
    row = next(r for r in re.findall(r"<tr.*?</tr>", html, re.DOTALL) if ">A<" in r)
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td.*?</td>", row, re.DOTALL)]
    assert "2.0001" in cells and "39.13" in cells and "39.12" not in html and "39.125" not in html


def test_explain_shows_the_same(crafted: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    out = _cli(capsys, "explain", str(crafted), "--player", "1", "--criteria", "T4,T2")
    assert "Four decimals (T4): 2.0001" in out and "Two decimals (T2): 39.13" in out
    assert "Total: 2.0001" in out and "Total: 39.13" in out and "39.12" not in out
    data = json.loads(_cli(capsys, "explain", str(crafted), "--player", "1", "--criteria", "T4,T2", "--format", "json"))
    assert [e["total"] for e in data["explanations"]] == [2.0001, 39.13]


def test_compare_shows_the_same(crafted: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tiebreak.core.compare import compare
    from tiebreak.plan.compare import compare_grid
    from tiebreak.reading import read_table

    out = _cli(capsys, "compare", str(crafted), "--criteria", "T4", "--criteria", "T2")
    assert "Four decimals 2.0001 / Two decimals 39.13" in out
    data = json.loads(_cli(capsys, "compare", str(crafted), "--criteria", "T4", "--criteria", "T2", "--format", "json"))
    a = next(d for d in data["differences"] if d["name"] == "A")
    assert a["values"] == [2.0001, 39.13]
    sheet = compare_grid(compare(read_table(GRID), ["ru"], ["T4", "T2"]))
    assert [row[-1] for row in sheet if row[1] == "A"] == ["Four decimals 2.0001 / Two decimals 39.13"]


def test_the_rank_plan_cells_and_standings_show_the_same(crafted: Any) -> None:
    from tiebreak.io.workbook import open_book
    from tiebreak.plan.sheet import plan_rank, standings_grid

    plan = plan_rank(open_book(crafted), criteria="T4, T2")
    assert plan.ranking is not None
    beside = [row for w in plan.writes if w.sheet == plan.sheet for row in w.values]
    assert [2.0001, 39.13] in [row[-2:] for row in beside]
    standings = [row for w in plan.writes if w.sheet == "Standings" for row in w.values]
    a = next(row for row in standings if "A" in row)
    assert a[4:6] == [2.0001, 39.13]
    grid = standings_grid(plan.ranking, "ru", "en")
    assert next(row for row in grid if "A" in row)[4:6] == [2.0001, 39.13]
