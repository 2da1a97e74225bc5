"""The Rank button refuses merged cells and protected sheets before writing anything.

What a value does not show has to be asked of Excel:

* classic xlwings (the ribbon button, COM): ``Range.merge_cells`` (Excel's
  ``MergeCells``: True when every cell of the range is merged, False when none
  is, None when some are), ``Range.merge_area``, ``Worksheet.ProtectContents``
  and ``Workbook.ProtectStructure``.  Here a stand-in for Excel answers those
  properties from the merges and protection a test sets, on the same
  ``xw.Book(json=...)`` books as the script tests;
* xlwings Lite: ``await Range.get_merge_cells()`` / ``get_merge_area()`` (the
  client's ``getRangeData``), answered the same way; Lite cannot read
  protection, so the script tries its writes with the values already there
  (``await book.flush()``), which a stand-in for Lite's client refuses on a
  protected sheet, as Excel does.

In the example workbook Rank writes its columns R–W (rows 3-13) on
'Crosstable', B6 on 'tiebreak', and adds 'Standings'.
"""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import pytest
import xlwings as xw
from openpyxl.utils.cell import range_boundaries
from test_rank_script import RR, WRITES, apply, funcs, payload, run_script, sheet_writes

import tiebreak.excel.rank as rank_module
from tiebreak.excel import merges
from tiebreak.excel.merges import Question

EN = {"tiebreak": {"B5": "en"}}  # Language: en (the table's Cyrillic names would choose Russian)


# ------------------------------------------------------------ Excel stand-ins
class FakeExcel:
    """Excel's answers about merges and protection, for the sheets of one test."""

    def __init__(self, merges: dict[str, list[str]] | None = None, protected: tuple[str, ...] = (), structure: bool = False) -> None:
        self.merges = {sheet: [range_boundaries(a) for a in areas] for sheet, areas in (merges or {}).items()}
        self.protected = protected
        self.structure = structure
        self.asked: list[str] = []

    def _area_of(self, sheet: str, r: int, c: int) -> tuple[int, int, int, int] | None:
        for c1, r1, c2, r2 in self.merges.get(sheet, []):
            if r1 <= r <= r2 and c1 <= c <= c2:
                return c1, r1, c2, r2
        return None

    def merge_cells(self, rng: Any) -> bool | None:
        """Excel's Range.MergeCells: True (all merged), False (none), None (some)."""
        self.asked.append(f"{rng.sheet.name}!{rng.address}")
        rows, cols = rng.shape
        merged = [self._area_of(rng.sheet.name, rng.row + i, rng.column + j) is not None for i in range(rows) for j in range(cols)]
        return True if all(merged) else (False if not any(merged) else None)

    def merge_area(self, rng: Any) -> Any:
        area = self._area_of(rng.sheet.name, rng.row, rng.column)
        if area is None:
            return rng
        c1, r1, c2, r2 = area
        return rng.sheet.range((r1, c1), (r2, c2))


def classic_excel(monkeypatch: pytest.MonkeyPatch, excel: FakeExcel) -> None:
    """The COM properties classic xlwings reads, answered by ``excel``."""
    monkeypatch.setattr(xw.Range, "merge_cells", property(excel.merge_cells))
    monkeypatch.setattr(xw.Range, "merge_area", property(excel.merge_area))

    class SheetApi:
        def __init__(self, name: str) -> None:
            self.ProtectContents = name in excel.protected

    class BookApi:
        ProtectStructure = excel.structure

    monkeypatch.setattr(xw.Sheet, "api", property(lambda self: SheetApi(self.name)))
    monkeypatch.setattr(xw.Book, "api", property(lambda self: BookApi()))


def run_classic(data: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """The ribbon button's run (``rank_book``) on a book; its message and the actions it produced."""
    book = xw.Book(json=copy.deepcopy(data))
    message = rank_module.rank_book(book)
    return message, book.json()["actions"]


def lite_excel(monkeypatch: pytest.MonkeyPatch, excel: FakeExcel) -> list[list[dict[str, Any]]]:
    """xlwings Lite's client: merges answered by ``excel``; ``flush`` sends the queued actions, refused on a protected sheet.

    Returns the batches the script sent; as in Lite, a refused batch is dropped.
    """
    sent: list[list[dict[str, Any]]] = []

    async def get_merge_cells(self: Any) -> bool | None:
        return excel.merge_cells(self)

    async def get_merge_area(self: Any) -> Any:
        return excel.merge_area(self)

    async def flush(self: Any) -> None:
        queued = self.json()["actions"]
        batch = list(queued)
        queued.clear()
        if not batch:
            return
        names = [s.name for s in self.sheets]
        for a in batch:
            if a["func"] == "addSheet" and excel.structure:
                raise RuntimeError("AccessDenied: The workbook is protected.")
            if a["func"] == "setValues" and a["sheet_position"] < len(names) and names[a["sheet_position"]] in excel.protected:
                raise RuntimeError("AccessDenied: The cell or chart you're trying to change is on a protected sheet.")
        sent.append(batch)

    monkeypatch.setattr(xw.Range, "get_merge_cells", get_merge_cells)
    monkeypatch.setattr(xw.Range, "get_merge_area", get_merge_area)
    monkeypatch.setattr(xw.Book, "flush", flush)
    return sent


def message_of(actions: list[dict[str, Any]]) -> str:
    alerts = [a for a in actions if a["func"] == "alert"]
    assert len(alerts) == 1, funcs(actions)
    return str(alerts[0]["args"][0])


# ------------------------------------------------------------ the search
def answer_from(merged: set[tuple[int, int]], areas: dict[tuple[int, int], tuple[int, int, int, int]], asked: list[Question]) -> Any:
    def answer(q: Question) -> Any:
        asked.append(q)
        kind, r1, c, r2 = q
        if kind == "area":
            return areas[(r1, c)]
        cells = [(r, c) in merged for r in range(r1, r2 + 1)]
        return True if all(cells) else (False if not any(cells) else None)

    return answer


def drive(cells: list[tuple[int, int]], answer: Any) -> Any:
    questions = merges.search(cells)
    try:
        q = next(questions)
        while True:
            q = questions.send(answer(q))
    except StopIteration as done:
        return done.value


def test_search_looks_past_a_merge_between_the_cells_rank_writes() -> None:
    # Rank writes rows 3, 4, 10 and 11 of column R (a table with a blank row band 5-9 between);
    # the user merged R6:R7 in that band, which Rank does not write, and R11:S11, which it does
    merged = {(6, 18), (7, 18), (11, 18), (11, 19)}
    areas = {(11, 18): (11, 18, 11, 19)}
    asked: list[Question] = []
    found = drive([(3, 18), (4, 18), (10, 18), (11, 18)], answer_from(merged, areas, asked))
    assert found == ((11, 18), (11, 18, 11, 19))
    # R3:R11 is partly merged; its first half R3:R4 is clean, the second R10:R11 is not, down to R11
    assert asked == [("cells", 3, 18, 11), ("cells", 3, 18, 4), ("cells", 10, 18, 11), ("cells", 10, 18, 10), ("cells", 11, 18, 11), ("area", 11, 18, 11)]


def test_search_finds_the_first_cell_by_row_then_column() -> None:
    # merged: S4:T4 and R9:R10; Rank writes R3:T10 - S4 comes first (row 4 before row 9)
    merged = {(4, 19), (4, 20), (9, 18), (10, 18)}
    areas = {(4, 19): (4, 19, 4, 20), (9, 18): (9, 18, 10, 18)}
    asked: list[Question] = []
    cells = [(r, c) for r in range(3, 11) for c in (18, 19, 20)]
    assert drive(cells, answer_from(merged, areas, asked)) == ((4, 19), (4, 19, 4, 20))
    # nothing merged: one question per column
    asked.clear()
    assert drive(cells, answer_from(set(), {}, asked)) is None
    assert asked == [("cells", 3, c, 10) for c in (18, 19, 20)]


# ------------------------------------------------------------ classic xlwings
def test_classic_merged_cells_in_the_place_column_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # the user merged R5:S5 (the Place and first criterion cells of player 2) to type a note there
    excel = FakeExcel(merges={"Crosstable": ["R5:S5"]})
    classic_excel(monkeypatch, excel)
    message, actions = run_classic(payload(RR, edits=EN))
    assert funcs(actions) == ["alert"]  # nothing written, no Standings sheet added
    assert message.startswith("Rank stopped, nothing was changed: sheet 'Crosstable', cell R5 is part of the merged cells R5:S5;")
    assert "Rank writes its columns R–W there" in message
    # the same words as `tiebreak rank --out` (tests/test_ownership.py), in Russian too
    excel.asked.clear()
    message_ru, actions_ru = run_classic(payload(RR))
    assert funcs(actions_ru) == ["alert"]
    assert "лист 'Crosstable', ячейка R5 входит в объединённые ячейки R5:S5" in message_ru


def test_classic_asks_excel_once_per_column_when_nothing_is_merged(monkeypatch: pytest.MonkeyPatch) -> None:
    # a merge left of Rank's columns (a title over the table) is not in the way
    excel = FakeExcel(merges={"Crosstable": ["A1:Q1"]})
    classic_excel(monkeypatch, excel)
    message, actions = run_classic(payload(RR))
    assert "Rank stopped" not in message and "Rank остановлен" not in message
    assert sheet_writes(actions, 0)
    # one question per column of Rank's block (R3:R13 ... W3:W13), then the settings sheet's B6
    assert excel.asked == [f"Crosstable!${c}$3:${c}$13" for c in "RSTUVW"] + ["tiebreak!$B$6"]


def test_classic_merge_outside_ranks_cells_is_not_mistaken(monkeypatch: pytest.MonkeyPatch) -> None:
    # Rank writes rows 3-13 of its columns; a merge in row 16, below the table, is outside them,
    # and a merged area that only touches column X (right of W) is too
    excel = FakeExcel(merges={"Crosstable": ["R16:W16", "X4:Y5"]})
    classic_excel(monkeypatch, excel)
    message, actions = run_classic(payload(RR))
    assert "Rank остановлен" not in message, message
    assert sheet_writes(actions, 0)


def test_classic_merged_title_on_the_standings_sheet_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    data = payload(RR, edits=EN)
    after_first = apply(data, run_script(data))  # the first run adds Standings (its block A1:J13)
    # the user merged the Standings title over A1:F1 and the row of player 3 over D6:E6
    excel = FakeExcel(merges={"Standings": ["A1:F1", "D6:E6"]})
    classic_excel(monkeypatch, excel)
    message, actions = run_classic(after_first)
    assert funcs(actions) == ["alert"]
    assert "sheet 'Standings', cell A1 is part of the merged cells A1:F1, where Rank writes" in message
    assert "nothing was changed" in message


def test_classic_protected_crosstable_sheet_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # Review > Protect Sheet on 'Crosstable'
    classic_excel(monkeypatch, FakeExcel(protected=("Crosstable",)))
    message, actions = run_classic(payload(RR, edits=EN))
    assert funcs(actions) == ["alert"]
    assert "sheet 'Crosstable' is protected, so Rank cannot write its cells" in message


def test_classic_protected_settings_sheet_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # Review > Protect Sheet on the settings sheet 'tiebreak' (Rank writes its output record in B6)
    classic_excel(monkeypatch, FakeExcel(protected=("tiebreak",)))
    message, actions = run_classic(payload(RR, edits=EN))
    assert funcs(actions) == ["alert"]
    assert "sheet 'tiebreak' is protected" in message and "nothing was changed" in message


def test_classic_protected_workbook_structure_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # Review > Protect Workbook (structure): Excel would not add the Standings sheet
    classic_excel(monkeypatch, FakeExcel(structure=True))
    message, actions = run_classic(payload(RR, edits=EN))
    assert funcs(actions) == ["alert"]
    assert "the workbook's structure is protected, so Rank cannot add the sheet 'Standings'" in message
    message_ru, _ = run_classic(payload(RR))
    assert "структура книги защищена" in message_ru


# ------------------------------------------------------------ xlwings Lite
def run_lite(data: dict[str, Any]) -> list[dict[str, Any]]:
    book = xw.Book(json=copy.deepcopy(data))
    asyncio.run(rank_module.rank_book_async(book))
    return book.json()["actions"]


def test_lite_merged_cells_in_the_place_column_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # the user merged R5:S5 in Rank's Place column; Lite's payload does not say so, the client does
    excel = FakeExcel(merges={"Crosstable": ["R5:S5"]})
    sent = lite_excel(monkeypatch, excel)
    actions = run_lite(payload(RR, edits=EN))
    assert sent == [] and funcs(actions) == ["alert"]  # nothing sent to Excel but the message
    message = message_of(actions)
    assert message.startswith("Rank stopped, nothing was changed: sheet 'Crosstable', cell R5 is part of the merged cells R5:S5;")
    # the column R3:R13, halved down to R5 (rows 3-8, 3-5, 3-4 clean, then R5); the other columns
    # only above row 5, where an earlier merged cell could be
    assert excel.asked == [
        "Crosstable!$R$3:$R$13", "Crosstable!$R$3:$R$8", "Crosstable!$R$3:$R$5", "Crosstable!$R$3:$R$4", "Crosstable!$R$5",
        *[f"Crosstable!${c}$3:${c}$4" for c in "STUVW"],
    ]


def test_lite_protected_sheet_is_tried_with_the_values_already_there(monkeypatch: pytest.MonkeyPatch) -> None:
    # Review > Protect Sheet on 'Crosstable' after a first run (Rank's columns hold its values)
    data = payload(RR, edits=EN)
    after_first = apply(data, run_script(data))
    sent = lite_excel(monkeypatch, FakeExcel(protected=("Crosstable",)))
    actions = run_lite(after_first)
    assert sent == []  # the trial was refused: nothing reached the workbook
    assert funcs(actions) == ["alert"]
    message = message_of(actions)
    assert message.startswith("Rank stopped, nothing was changed: Excel refused a change to the cells Rank writes (Crosstable!R3:W13")
    assert "protected sheet" in message and "Unprotect Sheet" in message


def test_lite_ranks_after_trying_its_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    data = payload(RR, edits=EN)
    after_first = apply(data, run_script(data))
    # the writes of a second run without trials (the script as tests/test_rank_script.py runs it)
    expected = [a for a in run_script(after_first) if a["func"] in WRITES]
    sent = lite_excel(monkeypatch, FakeExcel())
    actions = run_lite(after_first)
    assert "Rank stopped" not in message_of(actions)
    assert len(sent) == 2
    trial, written = sent
    # the trial writes back exactly what the cells hold now, so it changes nothing
    before = apply(after_first, [])
    assert apply(before, trial) == before
    assert {a["func"] for a in trial} == {"setValues"}
    # then the real run: the same writes
    assert expected and [a for a in written if a["func"] in WRITES] == expected


def test_lite_adds_the_standings_sheet_on_its_own_before_writing(monkeypatch: pytest.MonkeyPatch) -> None:
    # Review > Protect Workbook (structure): Lite cannot read it; adding Standings is sent on its own,
    # after the trial and before any cell, so Excel's refusal leaves the workbook as it was
    sent = lite_excel(monkeypatch, FakeExcel(structure=True))
    actions = run_lite(payload(RR, edits=EN))
    assert len(sent) == 1 and {a["func"] for a in sent[0]} == {"setValues"}  # only the trial reached Excel
    assert funcs(actions) == ["alert"]
    assert message_of(actions) == (
        "Rank stopped, nothing was changed: Excel refused to add the sheet 'Standings' (AccessDenied: The workbook is protected.). "
        "Is the workbook's structure protected? Unprotect it (Review > Protect Workbook), then run Rank again (nothing was changed)."
    )
    # without the protection: the trial, the sheet, then the cells
    ok = lite_excel(monkeypatch, FakeExcel())
    run_lite(payload(RR, edits=EN))
    assert [[a["func"] for a in batch] for batch in ok[1:2]] == [["addSheet"]] and ok[1][0]["args"][1] == "Standings"
    assert "addSheet" not in {a["func"] for a in ok[2]}


def test_lite_second_sheet_refused_is_reported_as_a_partial_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # a workbook without the settings sheet: Rank adds 'Standings', then 'tiebreak'; Excel refuses the second
    excel = FakeExcel()
    sent = lite_excel(monkeypatch, excel)
    original = xw.Book.flush

    async def refuse_tiebreak(self: Any) -> None:
        if any(a["func"] == "addSheet" and a["args"][1] == "tiebreak" for a in self.json()["actions"]):
            self.json()["actions"].clear()
            raise RuntimeError("GeneralException: An internal error has occurred.")
        await original(self)

    monkeypatch.setattr(xw.Book, "flush", refuse_tiebreak)
    actions = run_lite(payload(RR, drop=("tiebreak",)))
    assert [[a["func"] for a in batch] for batch in sent[1:]] == [["addSheet"]]  # 'Standings' was added
    message = message_of(actions)
    assert message.startswith("Rank остановлен: Excel не дал внести изменение, пока Rank записывал результаты (GeneralException")
    assert "ничего не изменено" not in message
    assert not set(funcs(actions)) & WRITES
