"""``tiebreak compare``: players placed differently under two rule sets or criteria lists, and why.

The acceptance case is a 5-player, 3-round Swiss with a pairing bye every round
and one forfeit, where the Russian rules and FIDE 2024 place B and C the other
way round.  Every expected place and value is worked out by hand below.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from helpers import save_xlsx
from test_cli import RR, RR_SB, RR_WINS, run

from tiebreak.core.compare import compare, variants
from tiebreak.core.errors import SettingsError
from tiebreak.plan.compare import compare_grid
from tiebreak.reading import read_table

# No  Name  R1        R2              R3
#  1  A     2w1       3w1             4w½        A beat B and C, drew D
#  2  B     1b0       5w+ (forfeit)   bye        B's win over E in round 2 is a forfeit
#  3  C     4w1       1b0             5w1
#  4  D     3b0       bye             1b½
#  5  E     bye       2b- (forfeit)   3b0
# Points: A 2.5, B 2 (0 + forfeit 1 + bye 1), C 2, D 1.5 (bye 1 + ½), E 1 (bye).  B and C tie on 2.
#
# Buchholz, rules "ru" (README, rule sets): a forfeit counts as a draw for both players and the
# opponent still counts; opponents' scores count their forfeits as draws, so E counts 1 + ½ + 0 = 1.5
# and B 0 + ½ + 1 = 1.5; a bye is a game won against a virtual opponent with the lowest final
# score of the event, E's 1.
#   B: A 2.5 + E 1.5 + virtual 1 = 5        C: D 1.5 + A 2.5 + E 1.5 = 5.5   -> C 2nd, B 3rd
# Buchholz, rules "fide-2024": the player's own forfeit and bye are rounds against a dummy with
# his own final score; E's forfeit loss is followed by a played round, so E counts as scored (1).
#   B: A 2.5 + dummy 2 + dummy 2 = 6.5      C: D 1.5 + A 2.5 + E 1 = 5       -> B 2nd, C 3rd
SWISS = [
    ["No", "Name", "R1", "R2", "R3"],
    [1, "A", "2w1", "3w1", "4w½"],
    [2, "B", "1b0", "5w+", "+"],
    [3, "C", "4w1", "1b0", "5w1"],
    [4, "D", "3b0", "+", "1b½"],
    [5, "E", "+", "2b-", "3b0"],
]


def test_ru_and_fide_2024_place_b_and_c_the_other_way_round(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = save_xlsx(SWISS, tmp_path / "swiss.xlsx")
    code, out, err = run(capsys, "compare", str(src), "--rules", "ru,fide-2024", "--criteria", "buchholz")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Compared: A = ru (buchholz); B = fide-2024 (buchholz)"
    assert lines[1].split() == ["No.", "Name", "Points", "A:", "ru", "B:", "fide-2024", "Difference", "made", "by"]
    # listed in the reference's (ru's) order: C (2nd under ru), then B; A, D and E keep their places
    assert lines[2].split() == ["3", "C", "2", "2", "3", "Buchholz:", "5.5", "/", "5"]
    assert lines[3].split() == ["2", "B", "2", "3", "2", "Buchholz:", "5", "/", "6.5"]
    assert len(lines) == 4

    code, out, err = run(capsys, "compare", str(src), "--rules", "ru,fide-2024", "--criteria", "buchholz", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert [(v["rules"], v["criteria"]) for v in data["variants"]] == [("ru", ["buchholz"]), ("fide-2024", ["buchholz"])]
    rows = {d["name"]: d for d in data["differences"]}
    assert set(rows) == {"B", "C"}
    assert rows["B"]["places"] == ["3", "2"] and rows["C"]["places"] == ["2", "3"]
    assert rows["B"]["made_by"] == ["buchholz", "buchholz"] and rows["B"]["values"] == [5, 6.5]
    assert rows["C"]["values"] == [5.5, 5] and rows["C"]["rivals"] == [2] and rows["B"]["rivals"] == [3]


def test_default_criteria_difference_made_by_truncated_solkoff() -> None:
    # The Swiss default list (rule 1.13.3): solkoff_trunc (progressive), wins, h2h, beaten, order.
    # ru: Buchholz minus the k worst: B 5 - 1 = 4, C 5.5 - 1.5 = 4 (k = 1); B 5 - 1 - 1.5 = 2.5,
    #     C 5.5 - 1.5 - 1.5 = 2.5 (k = 2, the last: 3 games); still tied, so wins over the board:
    #     B none (a forfeit and a bye are not wins under ru), C 2 -> C 2nd, B 3rd.
    # fide-2024: k = 1: B 6.5 - 2 = 4.5, C 5 - 1 = 4 -> B 2nd, C 3rd, separated at the first criterion.
    # So the first criterion at which B's and C's comparison changed is the truncated Solkoff.
    t = read_table(SWISS)
    c = compare(t, ["ru", "fide-2024"])
    assert [(d.name, d.places, d.criteria, d.values) for d in c.differences] == [
        ("C", ["2", "3"], ["solkoff_trunc", "solkoff_trunc"], [4, 4]),
        ("B", ["3", "2"], ["solkoff_trunc", "solkoff_trunc"], [4, 4.5]),
    ]
    assert c.variants[0].criteria[:2] == ["solkoff_trunc", "wins"]


def test_a_shared_place_on_one_side() -> None:
    # Criteria "wins" alone.  ru counts wins over the board: B none (his forfeit and bye are not
    # wins), C 2 (D in round 1, E in round 3) -> C 2nd, B 3rd.  FIDE's WIN counts every round with a
    # win's points: B 2 (the forfeit and the bye), C 2 -> B and C share 2nd-3rd.
    c = compare(read_table(SWISS), ["ru", "fide-2024"], ["wins"])
    assert [(d.name, d.places, d.criteria, d.values, d.rivals) for d in c.differences] == [
        ("C", ["2", "2–3"], ["wins", "wins"], [2, 2], [2]),
        ("B", ["3", "2–3"], ["wins", "wins"], [0, 2], [3]),
    ]


def test_two_criteria_lists(capsys: pytest.CaptureFixture[str]) -> None:
    # The example round robin (test_cli's hand arithmetic): No.8 and No.9 both have 6 points.
    # sonneborn_berger, wins: SB 51 against 44 -> No.8 9th, No.9 10th.
    # buchholz, wins: every opponent's adjusted score but one's own: the adjusted scores add up to 90
    # (the forfeit's 2 + 0 becomes 1 + 1), so both have 90 - 6 = 84; wins 2 against 3 -> No.9 9th, No.8 10th.
    # The first step that separates them is the first criterion (SB in one list, Buchholz in the other).
    assert (RR_SB[8], RR_SB[9], RR_WINS[8], RR_WINS[9]) == (51, 44, 2, 3)
    code, out, err = run(capsys, "compare", str(RR), "--criteria", "sonneborn_berger, wins", "--criteria", "buchholz, wins", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert [v["label"] for v in data["variants"]] == ["sonneborn_berger, wins", "buchholz, wins"]
    got = [(d["number"], d["places"], d["made_by"], d["values"]) for d in data["differences"]]
    assert got == [(8, ["9", "10"], ["sonneborn_berger", "buchholz"], [51, 84]), (9, ["10", "9"], ["sonneborn_berger", "buchholz"], [44, 84])]


def test_one_rule_set_against_the_files_own(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # a workbook without settings is ranked under ru: "--rules fide-2024" is "--rules ru,fide-2024"
    src = save_xlsx(SWISS, tmp_path / "swiss.xlsx")
    code, one, _ = run(capsys, "compare", str(src), "--rules", "fide-2024", "--criteria", "buchholz")
    assert code == 0
    code, two, _ = run(capsys, "compare", str(src), "--rules", "ru,fide-2024", "--criteria", "buchholz")
    assert code == 0 and one == two and len(one.splitlines()) == 4


def test_nothing_differs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # the same rule set and criteria twice: nothing can differ
    src = save_xlsx(SWISS, tmp_path / "swiss.xlsx")
    code, out, _ = run(capsys, "compare", str(src), "--rules", "ru,ru")
    assert code == 0 and out.splitlines()[-1] == "No player's place differs."


@pytest.mark.parametrize(
    "argv, message",
    [
        ([], "give two rule sets"),
        (["--rules", "ru,fide-2024,plain", "--criteria", "BH", "--criteria", "SB"], "3 rule sets and 2 criteria lists"),
        (["--rules", "ru,nonsense"], "nonsense"),
        (["--rules", "ru,fide-2024", "--criteria", "buchholz, nonsense"], "nonsense"),
    ],
)
def test_bad_requests(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str) -> None:
    src = save_xlsx(SWISS, tmp_path / "swiss.xlsx")
    code, out, err = run(capsys, "compare", str(src), *argv)
    assert code == 1 and message in err and out == ""


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "compare", str(tmp_path / "none.xlsx"), "--rules", "ru,fide-2024")
    assert code == 1 and "no such file" in err


def test_variants_broadcast() -> None:
    assert variants(["ru", "fide-2024"], ["BH, SB"]) == [("ru", "BH, SB"), ("fide-2024", "BH, SB")]
    assert variants(["ru", "fide-2024"], ["BH", "SB"]) == [("ru", "BH"), ("fide-2024", "SB")]
    with pytest.raises(SettingsError):
        variants(["ru"], [])


def test_compare_sheet_content() -> None:
    c = compare(read_table(SWISS), ["ru", "fide-2024"], ["buchholz"])
    grid = compare_grid(c, "en")
    assert grid[0][0] == "Compare (tiebreak): ru (buchholz); fide-2024 (buchholz)"
    assert grid[2] == ["No.", "Name", "Points", "ru", "fide-2024", "Difference made by"]
    assert grid[3:] == [[3, "C", 2, 2, 3, "Buchholz: 5.5 / 5"], [2, "B", 2, 3, 2, "Buchholz: 5 / 6.5"]]
    ru = compare_grid(c, "ru")
    assert ru[2][:3] == ["№", "Участник", "Очки"] and ru[3][-1] == "Коэффициент Бухгольца: 5.5 / 5"


# ------------------------------------------------------------------ the settings' Compare option
def settings_book(path: Path, compare_with: str, extra_sheet: tuple[str, str] | None = None) -> Path:
    """The acceptance Swiss on sheet 'Crosstable', settings ru / buchholz / Compare: ``compare_with``."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Crosstable"
    for row in SWISS:
        ws.append(row)
    cfg = wb.create_sheet("tiebreak")
    for row in [["tiebreak settings / настройки tiebreak"], ["Rule set / Правила", "ru"], ["Criteria / Критерии", "buchholz"], ["Compare / Сравнить", compare_with]]:
        cfg.append(row)
    if extra_sheet:
        wb.create_sheet(extra_sheet[0])["A1"] = extra_sheet[1]
    wb.active = 0
    wb.save(path)
    return path


def sheet_rows(path: Path, name: str) -> list[list[Any]]:
    ws = openpyxl.load_workbook(path)[name]
    return [[v for v in row] for row in ws.iter_rows(values_only=True)]


EXPECTED_SHEET = [
    ["Compare (tiebreak): ru (buchholz); fide-2024 (buchholz)", None, None, None, None, None],
    [None] * 6,
    ["No.", "Name", "Points", "ru", "fide-2024", "Difference made by"],
    [3, "C", 2, 2, 3, "Buchholz: 5.5 / 5"],
    [2, "B", 2, 3, 2, "Buchholz: 5 / 6.5"],
]


def test_compare_option_writes_a_compare_sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = settings_book(tmp_path / "in.xlsx", "fide-2024")
    out = tmp_path / "out.xlsx"
    code, _, err = run(capsys, "rank", str(src), "--out", str(out))
    assert code == 0, err
    assert sheet_rows(out, "Compare") == EXPECTED_SHEET
    # the ranking itself is the workbook's (ru): C 2nd, B 3rd
    assert [r[2] for r in sheet_rows(out, "Standings")[3:8]] == ["A", "C", "B", "D", "E"]
    # run again on the ranked copy: the Compare sheet is rewritten, not doubled
    again = tmp_path / "again.xlsx"
    code, _, err = run(capsys, "rank", str(out), "--out", str(again))
    assert code == 0, err
    assert openpyxl.load_workbook(again).sheetnames.count("Compare") == 1
    assert sheet_rows(again, "Compare") == EXPECTED_SHEET


def test_compare_option_never_replaces_a_foreign_sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = settings_book(tmp_path / "in.xlsx", "fide-2024", extra_sheet=("Compare", "my notes"))
    out = tmp_path / "out.xlsx"
    code, _, err = run(capsys, "rank", str(src), "--out", str(out))
    assert code == 1 and "Compare" in err and "nothing was changed" in err
    assert not out.exists()


def test_compare_option_with_an_unknown_rule_set(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = settings_book(tmp_path / "in.xlsx", "fide-2042")
    code, _, err = run(capsys, "rank", str(src), "--out", str(tmp_path / "out.xlsx"))
    assert code == 1 and "tiebreak" in err and "fide-2042" in err


def test_compare_option_through_the_rank_script(tmp_path: Path) -> None:
    from test_rank_script import alert, payload, run_script, sheet_writes

    data = payload(settings_book(tmp_path / "in.xlsx", "ru, fide-2024"))
    actions = run_script(data)
    assert "Wrote the 'Compare' sheet (2 players placed differently)" in alert(actions)
    added = [a["args"][1] for a in actions if a["func"] == "addSheet"]
    assert added == ["Standings", "Compare"]
    position = len(data["sheets"]) + 1  # after the existing sheets and the new Standings sheet
    writes = sheet_writes(actions, position)
    assert [row[:6] for row in writes[0]["values"][2:]] == [[("" if v is None else v) for v in row] for row in EXPECTED_SHEET[2:]]


def test_compare_speaks_russian_with_lang_ru(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # the same comparison as above (C and B change places), in Russian: the labels and the messages
    src = save_xlsx(SWISS, tmp_path / "swiss.xlsx")
    code, out, err = run(capsys, "compare", str(src), "--rules", "ru,fide-2024", "--criteria", "buchholz", "--lang", "ru")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Сравнение: A = ru (buchholz); B = fide-2024 (buchholz)"
    assert lines[1].split() == ["№", "Участник", "Очки", "A:", "ru", "B:", "fide-2024", "Разница", "по"]
    assert lines[2].split()[:5] == ["3", "C", "2", "2", "3"] and lines[2].endswith(": 5,5 / 5")  # a decimal comma in Russian
    code, out, _ = run(capsys, "compare", str(src), "--rules", "ru,ru", "--lang", "ru")
    assert code == 0 and out.splitlines()[-1] == "Места совпадают."
    code, _, err = run(capsys, "compare", str(src), "--lang", "ru")
    assert code == 1 and "для сравнения укажите два набора правил (--rules ru,fide-2024)" in err


def test_rerank_keeps_what_the_user_typed_on_the_compare_sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A note and a formula beside the comparison survive a second Rank, as they do on the Standings sheet."""
    src = settings_book(tmp_path / "in.xlsx", "fide-2024")
    out = tmp_path / "out.xlsx"
    assert run(capsys, "rank", str(src), "--out", str(out))[0] == 0
    wb = openpyxl.load_workbook(out)
    for name in ("Compare", "Standings"):
        wb[name]["H2"] = "my note: ask the arbiter"
        wb[name]["H3"] = "=1+1"
    wb.save(out)
    again = tmp_path / "again.xlsx"
    code, _, err = run(capsys, "rank", str(out), "--out", str(again))
    assert code == 0, err
    for name in ("Compare", "Standings"):
        ws = openpyxl.load_workbook(again)[name]
        assert (ws["H2"].value, ws["H3"].value) == ("my note: ask the arbiter", "=1+1"), name
    assert [row[:6] for row in sheet_rows(again, "Compare")] == EXPECTED_SHEET  # Rank's block rewritten, the same
    assert openpyxl.load_workbook(again).defined_names["tiebreak_compare"].attr_text == "Compare!$A$1:$F$5"


def test_a_compare_sheet_of_an_older_version_without_its_name_is_found_by_its_mark(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = settings_book(tmp_path / "in.xlsx", "fide-2024")
    out = tmp_path / "out.xlsx"
    assert run(capsys, "rank", str(src), "--out", str(out))[0] == 0
    wb = openpyxl.load_workbook(out)
    del wb.defined_names["tiebreak_compare"]
    wb["Compare"]["J1"] = "kept"
    wb.save(out)
    again = tmp_path / "again.xlsx"
    assert run(capsys, "rank", str(out), "--out", str(again))[0] == 0
    assert openpyxl.load_workbook(again)["Compare"]["J1"].value == "kept"
    assert [row[:6] for row in sheet_rows(again, "Compare")] == EXPECTED_SHEET
