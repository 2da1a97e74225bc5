"""The Rank script through xlwings' remote engine (xlwings Lite / Server), on the example workbooks.

A payload is what the Office.js client sends: every sheet's values anchored
at A1, formula cells carrying their computed values (here computed by calling
the worksheet functions through xlwings' Office.js conversion).  The script's
writes come back as JSON actions; applying them to the payload gives the sheet
after the run, which is fed to a second run.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw
from helpers import call
from openpyxl.utils.cell import coordinate_to_tuple, range_boundaries
from xlwings.server import custom_scripts_call

import tiebreak.excel.functions as functions
import tiebreak.excel.rank as rank_module
import tiebreak_rank

ROOT = Path(__file__).resolve().parents[1]
RR = ROOT / "workbooks" / "draughts_round_robin.xlsx"
SWISS = ROOT / "workbooks" / "chess_swiss.xlsx"

# Hand-checked in tests/test_cli.py (arithmetic there): places by start number.
RR_PLACES = {4: "1", 3: "2", 2: "3", 5: "4", 1: "5", 6: "6–7", 7: "6–7", 10: "8", 8: "9", 9: "10"}
RR_SB = {1: 82, 2: 92, 3: 92, 4: 100, 5: 82, 6: 78, 7: 78, 8: 51, 9: 44, 10: 71}
SWISS_PLACES = {4: "1", 1: "2", 8: "3", 3: "4", 9: "5", 6: "6", 5: "7", 14: "8"}
WRITES = {"setValues", "addSheet", "sheetClear", "sheetClearContents", "rangeClear", "rangeClearContents", "setFormula", "sheetDelete", "setSheetName"}


# ------------------------------------------------------------------ payloads
def _split_args(text: str) -> list[str]:
    out, depth, quote, cur = [], 0, False, ""
    for ch in text:
        if ch == '"':
            quote = not quote
        if ch == "," and not quote and depth == 0:
            out.append(cur)
            cur = ""
            continue
        cur += ch
    out.append(cur)
    return [a.strip() for a in out]


def _at(values: list[list[Any]], r: int, c: int) -> Any:
    """1-based read; None for an empty cell (as Office.js delivers empty cells to a function)."""
    v = values[r - 1][c - 1] if r <= len(values) and c <= len(values[0]) else ""
    return None if v == "" else v


def _evaluate(values: list[list[Any]], formulas: dict[tuple[int, int], str]) -> None:
    """Put each formula's value (spilled results down the column) into the values, as Excel would."""
    for (r, c), text in formulas.items():
        m = re.fullmatch(r"=([A-Z_]+)\((.*)\)", text)
        assert m, text
        args: list[Any] = []
        for a in _split_args(m.group(2)):
            if a.startswith('"'):
                args.append(a.strip('"'))
            elif ":" in a:
                c1, r1, c2, r2 = range_boundaries(a.replace("$", ""))
                args.append([[_at(values, rr, cc) for cc in range(c1, c2 + 1)] for rr in range(r1, r2 + 1)])
            else:
                rr, cc = coordinate_to_tuple(a.replace("$", ""))
                args.append(_at(values, rr, cc))
        result = call(functions, m.group(1).lower(), *args)
        for i, row in enumerate(result):
            v = row[0]
            assert not (isinstance(v, str) and v.startswith("#TIEBREAK!")), (text, v)
            values[r - 1 + i][c - 1] = v


def _set(values: list[list[Any]], r: int, c: int, v: Any) -> None:
    """0-based write, growing the rectangle."""
    while len(values) <= r:
        values.append([""] * len(values[0]))
    if c >= len(values[0]):
        for row in values:
            row.extend([""] * (c + 1 - len(row)))
    values[r][c] = v


@functools.lru_cache(maxsize=None)
def _base(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every sheet's values (formulas computed) and the defined names; computed once per workbook."""
    wb = openpyxl.load_workbook(path)  # formulas as text
    sheets = []
    for ws in wb.worksheets:
        values: list[list[Any]] = []
        formulas: dict[tuple[int, int], str] = {}
        for r, row in enumerate(ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=ws.max_column, values_only=True), start=1):
            line = []
            for c, v in enumerate(row, start=1):
                if isinstance(v, str) and v.startswith("="):
                    formulas[r, c] = v
                    v = ""
                line.append("" if v is None else v)
            values.append(line)
        _evaluate(values, formulas)
        sheets.append({"name": ws.title, "values": values, "pictures": [], "tables": []})
    names = []
    for name, dn in wb.defined_names.items():
        (sheet, ref), = list(dn.destinations)
        names.append(
            {"name": name, "sheet_index": wb.sheetnames.index(sheet), "address": ref.replace("$", ""),
             "scope_sheet_name": None, "scope_sheet_index": None, "book_scope": True}
        )
    return sheets, names


def payload(path: Path, *, edits: dict[str, dict[str, Any]] | None = None, drop: tuple[str, ...] = ()) -> dict[str, Any]:
    """The Office.js payload of a workbook; ``edits`` change cells (after the formulas were computed)."""
    base_sheets, names = _base(path)
    sheets = [copy.deepcopy(s) for s in base_sheets if s["name"] not in drop]
    for sheet in sheets:
        for address, v in (edits or {}).get(sheet["name"], {}).items():
            rr, cc = coordinate_to_tuple(address)
            _set(sheet["values"], rr - 1, cc - 1, v)
    names = [dict(n, sheet_index=[s["name"] for s in sheets].index(base_sheets[n["sheet_index"]]["name"])) for n in names]
    return {
        "client": "Office.js",
        "version": xw.__version__,
        "book": {"name": path.name, "active_sheet_index": 0, "selection": "A1"},
        "names": names,
        "sheets": sheets,
    }


def run_script(data: dict[str, Any]) -> list[dict[str, Any]]:
    book = xw.Book(json=copy.deepcopy(data))
    returned = asyncio.run(custom_scripts_call(rank_module, "rank_sheet", typehint_to_value={xw.Book: book}))
    assert returned is book
    return book.json()["actions"]


def apply(data: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The payload of the workbook after the actions (what the next run would be sent)."""
    data = copy.deepcopy(data)
    sheets = data["sheets"]
    for a in actions:
        f = a["func"]
        if f == "addSheet":
            index, name = a["args"]
            sheets.insert(index, {"name": name, "values": [[""]], "pictures": [], "tables": []})
        elif f == "setValues":
            values = sheets[a["sheet_position"]]["values"]
            for i, row in enumerate(a["values"]):
                for j, v in enumerate(row):
                    _set(values, a["start_row"] + i, a["start_column"] + j, v)
        elif f in ("sheetClearContents", "sheetClear"):
            sheets[a["sheet_position"]]["values"] = [[""]]
        elif f == "activateSheet":
            data["book"]["active_sheet_index"] = a["sheet_position"]
        elif f == "alert":
            pass
        elif f == "namesAdd":
            name, refers_to = a["args"]
            data["names"].append(_name_entry(data, name, refers_to))
        elif f == "setNameRefersTo":
            name, _, _, refers_to = a["args"]
            data["names"] = [_name_entry(data, name, refers_to) if n["name"] == name else n for n in data["names"]]
        else:  # pragma: no cover - an action this test does not know
            raise AssertionError(f"unexpected action {f}")
    return data


def _name_entry(data: dict[str, Any], name: str, refers_to: str) -> dict[str, Any]:
    """A workbook-level name as the Office.js client sends it."""
    sheet, ref = refers_to.lstrip("=").rsplit("!", 1)
    sheet = sheet.strip("'").replace("''", "'")
    index = [s["name"] for s in data["sheets"]].index(sheet)
    return {"name": name, "sheet_index": index, "address": ref.replace("$", ""), "scope_sheet_name": None, "scope_sheet_index": None, "book_scope": True}


def funcs(actions: list[dict[str, Any]]) -> list[str]:
    return [a["func"] for a in actions]


def alert(actions: list[dict[str, Any]]) -> str:
    found = [a for a in actions if a["func"] == "alert"]
    assert len(found) == 1, funcs(actions)
    assert found[0]["args"][1] == "tiebreak"
    return str(found[0]["args"][0])


def sheet_writes(actions: list[dict[str, Any]], position: int) -> list[dict[str, Any]]:
    return [a for a in actions if a["func"] == "setValues" and a["sheet_position"] == position]


# --------------------------------------------------------------- first run
def test_payload_carries_computed_formula_values() -> None:
    data = payload(RR)
    values = data["sheets"][0]["values"]
    # O-Q hold what the formulas computed: SB of No.1 (row 4) is 82, the spilled places in Q4:Q13
    assert values[3][15] == RR_SB[1]
    assert {values[r][0]: str(values[r][16]) for r in range(3, 13)} == RR_PLACES
    # Buchholz of No.1 (ru): all adjusted scores add up to 90 (the forfeit moves one point from
    # No.4 to No.10 without changing the total), minus No.1's own 10 -> 80
    assert values[3][14] == 80
    swiss = payload(SWISS)["sheets"][0]["values"]
    # No.1 (row 2): BH/C1 42, BH 46.5, SB 28 (arithmetic in tests/test_cli.py); the spilled places in Q2:Q17
    assert swiss[1][13:16] == [42, 46.5, 28]
    places = {swiss[r][0]: str(swiss[r][16]) for r in range(1, 17)}
    assert {n: places[n] for n in SWISS_PLACES} == SWISS_PLACES


def test_first_run_round_robin() -> None:
    data = payload(RR)
    actions = run_script(data)
    assert [a["args"][1] for a in actions if a["func"] == "addSheet"] == ["Standings"]  # 'tiebreak' exists already
    writes = sheet_writes(actions, 0)
    assert len(writes) == 1
    w = writes[0]
    # header row 3 and player rows 4-13 (0-based 2..12), columns R-W (0-based 17..22)
    assert (w["start_row"], w["start_column"], w["row_count"], w["column_count"]) == (2, 17, 11, 6)
    assert w["values"][0][0] == "Место"
    places = {data["sheets"][0]["values"][3 + i][0]: str(row[0]) for i, row in enumerate(w["values"][1:])}
    assert places == RR_PLACES
    sb = {data["sheets"][0]["values"][3 + i][0]: row[1] for i, row in enumerate(w["values"][1:])}
    assert sb == RR_SB
    # the Standings sheet: marker title, sorted by place
    standings_pos = len(data["sheets"])
    st = sheet_writes(actions, standings_pos)
    assert len(st) == 1 and (st[0]["start_row"], st[0]["start_column"]) == (0, 0)
    rows = st[0]["values"]
    assert rows[0][0].startswith("Standings (tiebreak)")
    assert [str(r[0]) for r in rows[3:13]] == ["1", "2", "3", "4", "5", "6–7", "6–7", "8", "9", "10"]
    assert [r[1] for r in rows[3:13]] == [4, 3, 2, 5, 1, 6, 7, 10, 8, 9]
    # the settings sheet gets the output record in B6
    cfg = sheet_writes(actions, 1)
    assert [(a["start_row"], a["start_column"], a["values"]) for a in cfg] == [(5, 1, [["Crosstable!R3:W3"]])]
    message = alert(actions)  # the table's labels are Cyrillic: Rank speaks Russian
    assert message.startswith("Места распределены: 10 участников на листе 'Crosstable' (A3:Q13)")
    assert "правила ru" in message and "критерии sonneborn_berger, wins, h2h, beaten, order" in message and "столбцы R–W" in message


def test_first_run_creates_the_settings_sheet_when_missing() -> None:
    data = payload(RR, drop=("tiebreak",))
    actions = run_script(data)
    assert [a["args"][1] for a in actions if a["func"] == "addSheet"] == ["Standings", "tiebreak"]
    cfg = sheet_writes(actions, 2)
    assert len(cfg) == 1
    grid = cfg[0]["values"]
    assert grid[0][0] == "tiebreak settings / настройки tiebreak"
    labels = {row[0]: row[1] for row in grid[1:6]}
    assert labels["Rule set / Правила"] == "ru"
    assert labels["Output / Вывод"] == "Crosstable!R3:W3"
    # the default list of rule 1.13.3 for a round robin starts with Sonneborn-Berger
    assert labels["Criteria / Критерии"].startswith("sonneborn_berger, wins, h2h, beaten, order")
    w = sheet_writes(actions, 0)[0]
    assert {data["sheets"][0]["values"][3 + i][0]: str(row[0]) for i, row in enumerate(w["values"][1:])} == RR_PLACES


def test_first_run_swiss_with_the_named_table() -> None:
    data = payload(SWISS)
    assert data["names"][0]["address"] == "A1:M17"
    actions = run_script(data)
    message = alert(actions)
    assert "Rank stopped" not in message, message
    w = sheet_writes(actions, 0)
    assert len(w) == 1
    # the named table is A1:M17, the user's formula columns N-Q stay; Rank writes R-W
    assert (w[0]["start_row"], w[0]["start_column"], w[0]["row_count"], w[0]["column_count"]) == (0, 17, 17, 6)
    assert w[0]["values"][0] == ["Place", "Buchholz C1", "Buchholz (FIDE BH)", "Sonneborn–Berger (FIDE SB)", "Direct encounter (points among the tied)", "Wins (FIDE WIN)"]
    places = {i + 1: str(row[0]) for i, row in enumerate(w[0]["values"][1:])}
    assert {n: places[n] for n in SWISS_PLACES} == SWISS_PLACES


# --------------------------------------------------------------- second run
@pytest.mark.parametrize("path", [RR, SWISS])
def test_second_run_gives_the_same_sheet(path: Path) -> None:
    data = payload(path)
    first = run_script(data)
    assert "Rank stopped" not in alert(first)
    after_first = apply(data, first)
    assert [s["name"] for s in after_first["sheets"]][-1] == "Standings"
    second = run_script(after_first)
    assert "Rank stopped" not in alert(second)
    # no second Standings sheet, and no sheet is cleared: Rank's block there is rewritten in place
    assert "addSheet" not in funcs(second)
    assert not [a for a in second if a["func"] in ("sheetClearContents", "sheetClear", "rangeClear", "rangeClearContents")]
    # the defined names recording Rank's blocks were added by the first run and still hold
    assert {n["name"]: n["address"] for n in after_first["names"] if n["name"].startswith("tiebreak_")} == (
        {"tiebreak_output": "R3:W13", "tiebreak_standings": "A1:J13"} if path == RR else {"tiebreak_output": "R1:W17", "tiebreak_standings": "A1:J19"}
    )
    # the same columns, the same values
    w1, w2 = sheet_writes(first, 0), sheet_writes(second, 0)
    assert [(a["start_row"], a["start_column"], a["values"]) for a in w2] == [(a["start_row"], a["start_column"], a["values"]) for a in w1]
    after_second = apply(after_first, second)
    assert after_second["sheets"] == after_first["sheets"]


def test_a_column_inserted_before_ranks_columns_is_followed() -> None:
    # The user inserts a column at R (Rank's Place) for a note: Excel moves R:W to S:X and the name
    # tiebreak_output with them.  The next run writes S:X and leaves the new column R alone.
    data = payload(RR)
    after_first = apply(data, run_script(data))
    values = after_first["sheets"][0]["values"]
    for row in values:
        row.insert(17, "")
    values[2][17] = "Примечание"
    values[5][17] = "опоздал"
    for n in after_first["names"]:
        if n["name"] == "tiebreak_output":
            assert n["address"] == "R3:W13"
            n["address"] = "S3:X13"
    second = run_script(after_first)
    assert "Rank stopped" not in alert(second), alert(second)
    writes = sheet_writes(second, 0)
    assert {a["start_column"] for a in writes} == {18}  # 0-based: column S
    after_second = apply(after_first, second)
    new_values = after_second["sheets"][0]["values"]
    assert [new_values[r][17] for r in (2, 5)] == ["Примечание", "опоздал"]
    assert [str(new_values[r][18]) for r in range(3, 13)] == [RR_PLACES[n] for n in range(1, 11)]
    assert all(len(row) <= 24 or all(v == "" for v in row[24:]) for row in new_values)  # nothing beyond X


def test_what_the_user_adds_to_standings_survives_the_button() -> None:
    data = payload(RR)
    after_first = apply(data, run_script(data))
    pos = [s["name"] for s in after_first["sheets"]].index("Standings")
    st = after_first["sheets"][pos]["values"]
    _set(st, 2, 10, "Приз")  # K3, right of Rank's block A:J
    _set(st, 3, 10, "кубок")
    _set(st, 20, 0, "Главный судья: ________")  # A21, below the block
    second = run_script(after_first)
    assert "Rank stopped" not in alert(second), alert(second)
    st2 = apply(after_first, second)["sheets"][pos]["values"]
    assert (st2[2][10], st2[3][10], st2[20][0]) == ("Приз", "кубок", "Главный судья: ________")
    # Rank's block A1:J13 is rewritten in one go, not row by row
    assert [(a["start_row"], a["start_column"], len(a["values"]), len(a["values"][0])) for a in sheet_writes(second, pos)] == [(0, 0, 13, 10)]


# --------------------------------------------------------- nothing written
def test_blocked_target_cell_writes_nothing() -> None:
    # T5 lies in the columns Rank writes (R-W) but is not next to the table
    data = payload(RR, edits={"Crosstable": {"T5": "мой комментарий"}})
    actions = run_script(data)
    assert funcs(actions) == ["alert"]
    message = alert(actions)
    assert message.startswith("Rank остановлен, ничего не изменено: лист 'Crosstable', ячейка T5: в ней 'мой комментарий'")


def _client_formulas(monkeypatch: pytest.MonkeyPatch, formulas: dict[tuple[str, str], str]) -> list[str]:
    """xlwings Lite's client answering ``Range.get_formula()`` (the formulas are not in the payload)."""
    asked: list[str] = []

    async def get_formula(self: Any) -> list[list[str]]:
        asked.append(f"{self.sheet.name}!{self.address}")
        r0, c0 = self.row, self.column
        rows, cols = self.shape
        return [
            [formulas.get((self.sheet.name, f"{openpyxl.utils.get_column_letter(c0 + j)}{r0 + i}"), "") for j in range(cols)]
            for i in range(rows)
        ]

    monkeypatch.setattr(xw.Range, "get_formula", get_formula)
    return asked


def test_lite_refuses_a_formula_showing_nothing_in_ranks_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    # T5 holds =IF(N5>20,"leader","") which shows nothing: the payload carries its value "", as for an empty cell
    asked = _client_formulas(monkeypatch, {("Crosstable", "T5"): '=IF(N5>20,"leader","")'})
    actions = run_script(payload(RR, edits={"tiebreak": {"B5": "en"}}))  # Language: en (the table alone would choose Russian)
    assert funcs(actions) == ["alert"]
    message = alert(actions)
    assert "cell T5 holds the formula =IF(N5>20,\"leader\",\"\")" in message and "nothing was changed" in message
    assert asked == ["Crosstable!$R$3:$W$13"]  # Rank's block, asked once


def test_lite_ranks_when_no_formula_is_in_the_way(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _client_formulas(monkeypatch, {("Crosstable", "O4"): "=BUCHHOLZ($D$4:$M$13, A4)"})  # outside Rank's block
    actions = run_script(payload(RR))
    assert "Rank stopped" not in alert(actions)
    assert sheet_writes(actions, 0)
    assert asked == ["Crosstable!$R$3:$W$13", "tiebreak!$B$6"]  # Rank's block, then the settings sheet's output record


def test_blocked_standings_sheet_writes_nothing() -> None:
    data = payload(RR)
    data["sheets"].append({"name": "Standings", "values": [["my own notes"]], "pictures": [], "tables": []})
    actions = run_script(data)
    assert funcs(actions) == ["alert"]
    assert "'Standings'" in alert(actions) and "ничего не изменено" in alert(actions)


@pytest.mark.parametrize(
    "path, sheet, cell, where",
    [(RR, "Crosstable", "F5", "against Кузнецова Анна"), (SWISS, "Swiss", "E5", "round 2")],
)
def test_bad_input_writes_nothing(path: Path, sheet: str, cell: str, where: str) -> None:
    data = payload(path, edits={sheet: {cell: "12x"}, "tiebreak": {"B5": "en"}})  # Language: en
    actions = run_script(data)
    assert not set(funcs(actions)) & WRITES
    assert funcs(actions) == ["alert"]
    message = alert(actions)
    assert f"cell {cell}" in message and "'12x' is not a result" in message and where in message
    assert f"sheet '{sheet}'" in message and "nothing was changed" in message


# ------------------------------------------------------- classic entry point
def test_classic_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    assert tiebreak_rank.main is rank_module.main
    book = xw.Book(json=payload(RR))
    calls = []

    def caller(cls: Any) -> Any:
        calls.append(cls)
        return book

    monkeypatch.setattr(xw.Book, "caller", classmethod(caller))
    assert tiebreak_rank.main() is None
    assert len(calls) == 1
    actions = book.json()["actions"]
    w = sheet_writes(actions, 0)
    assert len(w) == 1 and (w[0]["start_row"], w[0]["start_column"]) == (2, 17)
    assert str(w[0]["values"][6][0]) == "6–7"  # row 9: No. 6
    assert alert(actions).startswith("Места распределены: 10 участников")


def test_an_excel_table_header_is_not_renamed_by_the_button() -> None:
    # After the first run the user formats the crosstable and Rank's columns, A3:W13, as an Excel table
    # (Home > Format as Table); the book Excel sends then lists it.
    data = payload(RR)
    after_first = apply(data, run_script(data))
    table = {"name": "Results", "range_address": "A3:W13", "header_row_range_address": "A3:W3", "data_body_range_address": "A4:W13", "total_row_range_address": None}
    after_first["sheets"][0]["tables"] = [table]
    # ranking again writes the same headers: allowed
    again = run_script(after_first)
    assert "остановлен" not in alert(again)
    assert sheet_writes(again, 0)
    # other criteria (Criteria row B3 of the settings sheet) would rename the table's columns: refused, nothing written
    settings = [s["name"] for s in after_first["sheets"]].index("tiebreak")
    _set(after_first["sheets"][settings]["values"], 2, 1, "wins, sonneborn_berger")
    refused = run_script(after_first)
    assert funcs(refused) == ["alert"]
    message = alert(refused)
    # R is Place; S was the first criterion, Sonneborn-Berger, and would become Most wins
    assert message.startswith(
        "Rank остановлен, ничего не изменено: лист 'Crosstable', ячейка S3 — заголовок таблицы Excel 'Results' (A3:W13); "
        "Rank изменил бы его с 'Коэффициент Зонненборна–Бергера' на 'Количество побед'"
    ), message
