"""Rank and ``tiebreak rank --out`` write in the workbook's language.

The settings sheet's Language row when it names a language; otherwise Russian
for a table with Cyrillic labels or names; otherwise English (the command
line: ``--lang`` first, the system locale last).  The Russian example
(workbooks/draughts_round_robin.xlsx, "Фамилия, имя", "Очки") gets Russian
Standings labels, "decided by" texts, notes and messages; the English example
(workbooks/chess_swiss.xlsx, "Name", "Pts") English ones.  Through the command
line and through the xlwings Rank script (``xw.Book(json=...)``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from test_rank_script import RR, SWISS, alert, payload, run_script, sheet_writes

from tiebreak.cli import commands as cli
from tiebreak.core.i18n import use_language
from tiebreak.core.ranking import rank
from tiebreak.io.workbook import SafeWorkbook
from tiebreak.plan.sheet import plan_rank

# the criteria of the Russian example (its settings sheet), in the words of the Russian rules
RR_HEAD_RU = [
    "Место",
    "№",
    "Участник",
    "Очки",
    "Коэффициент Зонненборна–Бергера",
    "Количество побед",
    "Личные встречи",
    "Сумма очков побеждённых",
    "Результаты встреч в порядке мест",
    "Решено по",
]
SWISS_HEAD_EN = [
    "Place",
    "No.",
    "Name",
    "Points",
    "Buchholz C1",
    "Buchholz (FIDE BH)",
    "Sonneborn–Berger (FIDE SB)",
    "Direct encounter (points among the tied)",
    "Wins (FIDE WIN)",
    "Decided by",
]
# What decided each place (hand-checked in tests/test_cli.py): No.4 alone on 13 points; No.3 and
# No.2 equal on 11 points, SB 92 and 4 wins: No.3 beat No.2 (head-to-head); No.5 and No.1 equal on
# 10 points and SB 82: wins 4 against 3; No.8 (SB 51) and No.9 (SB 44) on 6 points: SB.
RR_DECIDED_RU = {
    4: "Очки",
    3: "разделены по критерию «Личные встречи»: 2 против 0",
    2: "разделены по критерию «Личные встречи»: 2 против 0",
    5: "разделены по критерию «Количество побед»: 4 против 3",
    1: "разделены по критерию «Количество побед»: 4 против 3",
    8: "разделены по критерию «Коэффициент Зонненборна–Бергера»: 51 против 44",
    6: "Петрова Мария и Соколов Андрей делят 6–7 место",
    7: "Петрова Мария и Соколов Андрей делят 6–7 место",
}
# Swiss: No.8 and No.3 equal on 5.5, BH/C1 42, BH 45.5, SB 26.5: No.8 beat No.3 (DE); No.1 (BH 46.5) over them: BH.
# Each row's text names the pair it was separated from above (or below, for the first of a group).
SWISS_DECIDED_EN = {
    4: "Points",
    1: "separated by Buchholz (FIDE BH), 46.5 to 45.5",
    8: "separated by Buchholz (FIDE BH), 46.5 to 45.5",
    3: "separated by Direct encounter (points among the tied), 1 to 0",
}


def _says(decided: dict[Any, Any], expected: dict[int, str]) -> None:
    """Every expected phrase is in that player's "decided by" text (a lone player's text is just the points label)."""
    for n, phrase in expected.items():
        assert decided[n] == phrase or phrase in decided[n], (n, decided[n], phrase)


@pytest.fixture(autouse=True)
def _english_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """An English system locale: what the workbook says decides."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")


def _ranked_copy(src: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], *options: str, settings: dict[str, Any] | None = None) -> tuple[Any, str]:
    if settings:
        wb = openpyxl.load_workbook(src)
        for cell, value in settings.items():
            wb["tiebreak"][cell] = value
        src = tmp_path / f"in_{src.name}"
        wb.save(src)
    out = tmp_path / "ranked.xlsx"
    assert cli.main(["rank", str(src), "--out", str(out), *options]) == 0
    err = capsys.readouterr().err
    return openpyxl.load_workbook(out), err


def _standings(wb: Any) -> list[list[Any]]:
    return [list(r) for r in wb["Standings"].iter_rows(values_only=True)]


def _decided(rows: list[list[Any]]) -> dict[int, str]:
    return {r[1]: r[-1] for r in rows[3:] if isinstance(r[1], int)}


# ------------------------------------------------------------ command line
def test_russian_example_ranked_with_out_is_russian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wb, err = _ranked_copy(RR, tmp_path, capsys)
    rows = _standings(wb)
    assert rows[0][0].startswith("Standings (tiebreak): правила ru (")
    assert rows[0][0].endswith("; критерии sonneborn_berger, wins, h2h, beaten, order")
    assert rows[2] == RR_HEAD_RU
    decided = _decided(rows)
    _says(decided, RR_DECIDED_RU)
    # the crosstable's own columns: Место and the criteria's Russian names in row 3, from column R
    assert [wb["Crosstable"].cell(3, c).value for c in range(18, 24)] == ["Место", *RR_HEAD_RU[4:9]]
    assert err.startswith("tiebreak: записан файл ")


def test_english_example_ranked_with_out_is_english(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wb, err = _ranked_copy(SWISS, tmp_path, capsys)
    rows = _standings(wb)
    assert rows[0][0].startswith("Standings (tiebreak): rules fide-2024 (")
    assert rows[0][0].endswith("; criteria BH/C1, BH, SB, DE, WIN")
    assert rows[2] == SWISS_HEAD_EN
    decided = _decided(rows)
    _says(decided, SWISS_DECIDED_EN)
    assert err.startswith("tiebreak: wrote ")


def test_the_language_setting_beats_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # B5 is the Language row of both examples' settings sheets
    wb, err = _ranked_copy(RR, tmp_path, capsys, settings={"B5": "en"})
    rows = _standings(wb)
    assert rows[2][:4] == ["Place", "No.", "Name", "Points"] and rows[2][-1] == "Decided by"
    assert rows[2][4:6] == ["Sonneborn–Berger", "Most wins"]
    assert err.startswith("tiebreak: wrote ")
    wb, err = _ranked_copy(SWISS, tmp_path, capsys, settings={"B5": "русский"})
    rows = _standings(wb)
    assert rows[2][:4] == ["Место", "№", "Участник", "Очки"] and rows[2][-1] == "Решено по"
    assert rows[2][4] == "Бухгольц C1"
    assert err.startswith("tiebreak: записан файл ")


def test_lang_option_beats_the_setting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wb, err = _ranked_copy(SWISS, tmp_path, capsys, "--lang", "ru", settings={"B5": "en"})
    assert _standings(wb)[2][:4] == ["Место", "№", "Участник", "Очки"]
    assert err.startswith("tiebreak: записан файл ")


def test_notes_are_written_in_the_workbook_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # ARO needs ratings, which the Russian example does not have: the ranking notes it was skipped
    plan = plan_rank(SafeWorkbook(RR), criteria="sonneborn_berger, ARO", check=False)
    assert plan.language == "ru"
    with use_language("ru"):
        expected = rank(plan.ranking.tournament, "sonneborn_berger, ARO", "ru").notes  # type: ignore[union-attr]
    assert len(expected) == 1 and expected[0] == "критерий «Средний рейтинг соперников (ARO)» пропущен: в таблице нет рейтингов"
    assert plan.notes[: len(expected)] == expected
    assert plan.message.startswith("Места распределены: 10 участников на листе 'Crosstable'")
    assert plan.message.endswith(" Примечания: " + "; ".join(plan.notes))
    wb, _err = _ranked_copy(RR, tmp_path, capsys, "--criteria", "sonneborn_berger, ARO")
    rows = _standings(wb)
    assert rows[-1][0] == expected[0]


# -------------------------------------------------------- the Rank script
def test_rank_script_russian_example() -> None:
    data = payload(RR)
    actions = run_script(data)
    st = sheet_writes(actions, len(data["sheets"]))
    rows = st[0]["values"]
    assert rows[0][0].startswith("Standings (tiebreak): правила ru (")
    assert rows[2] == RR_HEAD_RU
    _says({r[1]: r[-1] for r in rows[3:13]}, RR_DECIDED_RU)
    assert sheet_writes(actions, 0)[0]["values"][0] == ["Место", *RR_HEAD_RU[4:9]]
    assert alert(actions) == (
        "Места распределены: 10 участников на листе 'Crosstable' (A3:Q13); правила ru; "
        "критерии sonneborn_berger, wins, h2h, beaten, order. Записаны столбцы R–W и лист 'Standings'."
    )


def test_rank_script_english_example() -> None:
    data = payload(SWISS)
    actions = run_script(data)
    rows = sheet_writes(actions, len(data["sheets"]))[0]["values"]
    assert rows[0][0].startswith("Standings (tiebreak): rules fide-2024 (")
    assert rows[2] == SWISS_HEAD_EN
    _says({r[1]: r[-1] for r in rows[3:19]}, SWISS_DECIDED_EN)
    assert alert(actions).startswith("Ranked 16 players on 'Swiss' (A1:M17); rules fide-2024; criteria BH/C1, BH, SB, DE, WIN. Wrote columns R–W and the 'Standings' sheet.")


def test_rank_script_language_setting() -> None:
    data = payload(RR, edits={"tiebreak": {"B5": "en"}})
    actions = run_script(data)
    rows = sheet_writes(actions, len(data["sheets"]))[0]["values"]
    assert rows[2][:4] == ["Place", "No.", "Name", "Points"] and rows[2][-1] == "Decided by"
    assert alert(actions).startswith("Ranked 10 players on 'Crosstable' (A3:Q13); rules ru; ")
    data = payload(SWISS, edits={"tiebreak": {"B5": "ru"}})
    actions = run_script(data)
    assert sheet_writes(actions, len(data["sheets"]))[0]["values"][2][:4] == ["Место", "№", "Участник", "Очки"]
    assert alert(actions).startswith("Места распределены: 16 участников на листе 'Swiss'")


def test_rank_script_stops_in_russian_for_a_russian_table() -> None:
    data = payload(RR)
    data["sheets"].append({"name": "Standings", "values": [["мои записи"]], "pictures": [], "tables": []})
    assert alert(run_script(data)) == (
        "Rank остановлен, ничего не изменено: лист с именем 'Standings' уже есть, и его записал не tiebreak; "
        "переименуйте его и запустите Rank снова (ничего не изменено)"
    )


def test_rank_script_writes_russian_settings_hints() -> None:
    data = payload(RR, drop=("tiebreak",))
    actions = run_script(data)
    grid = sheet_writes(actions, 2)[0]["values"]
    hints = {row[0]: row[2] for row in grid[1:6]}
    assert hints["Rule set / Правила"] == "Одно из: ru, fide-2024, fide-2026, fide-2009, plain"
    assert hints["Scoring / Очки за партию"] == "auto, 1/0.5/0, 2/1/0, 3/1/0 или любые очки победа/ничья/поражение"
    assert hints["Output / Вывод"] == "Заполняет Rank: где его столбцы. Не изменяйте."
    english = run_script(payload(SWISS, drop=("tiebreak",)))
    hints = {row[0]: row[2] for row in sheet_writes(english, 2)[0]["values"][1:6]}
    assert hints["Rule set / Правила"] == "One of: ru, fide-2024, fide-2026, fide-2009, plain"
