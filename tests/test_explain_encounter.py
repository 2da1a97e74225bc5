"""DE and EDE explained (``tiebreak explain --player``, ``=TB_EXPLAIN``): who is tied when the criterion is applied,
the games (matches) among them, what each application read and what it decided, in English and Russian.

Every expected value is worked out by hand in the test's text from C.07 Art. 6 as tiebreak computes it
(``core/fide.direct_encounter``): the points among the tied when they all met (in a round robin: as they stand);
where not all met, a player is placed only by a lead nobody else could reach by winning his games not played
among them; the ranking re-applies DE inside each part it leaves tied.  EDE (C.07 13.3): the primary score
among the tied teams, then the secondary, then (two teams, the chains) their match board by board.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from helpers import call

import tiebreak
from tiebreak.cli import main
from tiebreak.core.explain import explain
from tiebreak.core.model import Tournament
from tiebreak.excel import functions
from tiebreak.io.trf import read_trf_file

HELD = Path(__file__).parent / "reference" / "fide_held_exercises"

# A round robin of six: A, B, C, D on 2.5, F 3.5, E 1.5 (every row adds up; each game is mirrored).
#          A    B    C    D    E    F
RR = [["X", 1, 1, "½", 0, 0],  # A 2.5
      [0, "X", 1, 0, 1, "½"],  # B 2.5
      [0, 0, "X", 1, "½", 1],  # C 2.5
      ["½", 1, 0, "X", 1, 0],  # D 2.5
      [1, 0, "½", 0, "X", 0],  # E 1.5
      [1, "½", 0, 1, 1, "X"]]  # F 3.5
RR_GRID: list[list[Any]] = [["No", "Name", 1, 2, 3, 4, 5, 6]] + [[i + 1, n, *row] for i, (n, row) in enumerate(zip("ABCDEF", RR))]


def notes(e: Any) -> dict[str, str]:
    return dict(e.notes)


def rr_book(tmp_path: Path, criteria: str) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    for row in RR_GRID:
        ws.append(row)
    cfg = wb.create_sheet("tiebreak")
    for row in [["tiebreak settings"], ["Rule set", "fide-2024"], ["Criteria", criteria]]:
        cfg.append(row)
    wb.active = 0
    path = tmp_path / "rr.xlsx"
    wb.save(path)
    return path


# --------------------------------------------------------------------------- a round robin: DE separates a tie of four
def test_round_robin_de_separates_then_is_re_applied() -> None:
    """A, B, C, D on 2.5, all met.  Points among them: A 1 (B) + 1 (C) + ½ (D) = 2.5; B 0 + 1 (C) + 0 = 1;
    C 0 + 0 + 1 (D) = 1; D ½ + 1 (B) + 0 = 1.5: A > D > B = C.  Re-applied between B and C: B beat C, 1 to 0.
    F is 1st on points, so A is 2nd, D 3rd, B 4th, C 5th.  Wins (WIN) before DE: A, B, C, D 2 each (equal)."""
    t = tiebreak.read_table(RR_GRID)
    r = tiebreak.rank(t, "WIN, DE", "fide-2024")
    assert [t.players[s.player].name for s in r.standings] == list("FADBCE")
    b = explain(r.evaluation, 1, "DE", ranking=r)
    assert [(row.round, row.opponent, row.result, row.contribution) for row in b.rows] == [(None, "A", "0", 0.0), (None, "C", "1", 1.0), (None, "D", "0", 0.0)]
    assert b.total == 1.0 == r.by_player()[1].values["DE"]  # the column's value: B's points among the four
    assert notes(b) == {
        "Tied": "A; B; C; D: equal on points 2.5 and Wins (FIDE WIN) 2",
        "Among them": "points: A 2.5; B 1; C 1; D 1.5; they all met each other → A > D > B = C",
        "Re-applied": "points: B 1; C 0; they all met each other → B > C",
        "Decided": "B: 3rd of the 4 tied, 4th place in the standings",
    }
    a = explain(r.evaluation, 0, "DE", ranking=r)
    assert a.total == 2.5 and notes(a)["Decided"] == "A: 1st of the 4 tied, 2nd place in the standings" and "Re-applied" not in notes(a)
    f = explain(r.evaluation, 5, "DE", ranking=r)
    assert f.rows == [] and f.total is None
    assert notes(f) == {"Tied": "nobody else is equal on points 3.5 and Wins (FIDE WIN) 3: DE is not applied"}


def test_tb_explain_de_without_the_criteria_list_says_so() -> None:
    """The worksheet function gets only the code: the group is the players tied on points (A, B, C, D), and it says so."""
    out = call(functions, "tb_explain", RR_GRID, "D", "DE", "fide-2024", None, "en")
    assert out[0] == ["Round", "Opponent", "Result", "Counted", "Reason", "Cut", "Contribution"]
    # D: ½ against A, 1 against B, 0 against C = 1.5
    assert [row[1:3] + row[6:] for row in out[1:4]] == [["A", "½", 0.5], ["B", "1", 1.0], ["C", "0", 0.0]]
    labels = {row[0]: row[1] for row in out[4:-1]}
    assert labels["Tied"] == "A; B; C; D: equal on points 2.5; the criteria list is not given: tied on points alone"
    assert labels["Decided"] == "D: 2nd of the 4 tied on points"
    assert out[-1] == ["Total", "Direct encounter (points among the tied)", "", "", "points in the games among the tied players", "", 1.5]
    assert all(len(v) <= 255 for row in out for v in row if isinstance(v, str))


def test_cli_explains_de_in_the_events_criteria_in_both_languages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = rr_book(tmp_path, "WIN, DE")
    assert main(["--lang", "en", "explain", str(path), "--player", "C", "--criteria", "DE"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2] == "Direct encounter (points among the tied) (DE): 1   [points in the games among the tied players]"
    assert "Tied: A; B; C; D: equal on points 2.5 and Wins (FIDE WIN) 2" in out
    assert "Re-applied: points: B 1; C 0; they all met each other → B > C" in out
    assert "Decided: C: 4th of the 4 tied, 5th place in the standings" in out and out[-1] == "Total: 1"
    assert main(["--lang", "ru", "explain", str(path), "--player", "C", "--criteria", "DE"]) == 0
    ru = capsys.readouterr().out.splitlines()
    assert "Равные: A; B; C; D: равны: очки 2,5 и Победы (WIN) 2" in ru
    assert "Между ними: очки: A 2,5; B 1; C 1; D 1,5; все встречались друг с другом → A > D > B = C" in ru
    assert "Повторно: очки: B 1; C 0; все встречались друг с другом → B > C" in ru
    assert "Итог: C: 4-е из 4 равных, 5-е место в таблице" in ru and ru[-1] == "Итого: 1"
    assert not any("tied" in line or "Decided" in line for line in ru)
    assert main(["--lang", "en", "explain", str(path), "--player", "A", "--criteria", "DE", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)["explanations"][0]
    assert data["total"] == 2.5 and sum(r["contribution"] for r in data["rows"]) == 2.5
    assert [n["label"] for n in data["notes"]] == ["Tied", "Among them", "Decided"]


def test_cli_says_when_de_is_not_in_the_events_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = rr_book(tmp_path, "WIN")
    assert main(["--lang", "en", "explain", str(path), "--player", "B", "--criteria", "DE"]) == 0
    out = capsys.readouterr().out
    assert "Tied: A; B; C; D: equal on points 2.5; DE is not in the event's criteria list: tied on points alone" in out
    assert "Decided: B: 3rd of the 4 tied on points" in out


# --------------------------------------------------------------------------- not all met: DE does not apply
def test_held_swiss_de_does_not_apply_where_not_all_met() -> None:
    """Held's Swiss (published DE ranks, exercises 23-24): Alyx, Charline, David, Stephan on 3.5 all keep rank 2.

    Among them only David met Alyx (½) and Charline (½): Alyx ½, Charline ½, David 1, Stephan 0.  Not all met,
    so a lead counts only if nobody could reach it by winning his games not played among them: Stephan met none
    of the three and could have 0 + 3 = 3 > David's 1.  Nobody is placed; there is no criterion after DE.
    """
    t = read_trf_file(HELD / "held_swiss_5.trf")
    r = tiebreak.rank(t, "DE", "fide-2024")
    david = t.index_of(4)
    assert r.by_player()[david].label == "2–5"
    e = explain(r.evaluation, david, "DE", ranking=r)
    assert [(row.round, row.opponent, row.result, row.contribution) for row in e.rows] == [(4, "Charline", "½", 0.5), (5, "Alyx", "½", 0.5)]
    assert e.total == 1.0
    assert notes(e) == {
        "Tied": "Alyx; Charline; David; Stephan: equal on points 3.5",
        "Among them": "points: Alyx ½; Charline ½; David 1; Stephan 0; not all of them met (Alyx – Charline; Alyx – Stephan; Charline – Stephan; "
        "David – Stephan), so only a lead the others could not reach by winning their unplayed games among them places a player; "
        "David with 1 can be reached: Stephan could have 3 → not separated",
        "Decided": "DE does not separate them; no criterion follows: they share the place",
    }


def test_swiss_de_places_an_unreachable_lead_and_leaves_the_rest() -> None:
    """A Swiss of six, three rounds: A, B, C on 2 (D 1.5, F 1, E ½).  A beat B and C, who did not meet:
    A 2 out of reach (B and C could have 0 + 1) -> A first of the three.  Re-applied between B and C: 0 each,
    not met, either could still have 1: they share 2nd-3rd of the group."""
    games = [
        (1, "A", "B", 1, 0), (1, "C", "D", 1, 0), (1, "E", "F", 0.5, 0.5),
        (2, "A", "C", 1, 0), (2, "B", "E", 1, 0), (2, "D", "F", 0.5, 0.5),
        (3, "D", "A", 1, 0), (3, "B", "F", 1, 0), (3, "C", "E", 1, 0),
    ]
    t = Tournament.from_games(list("ABCDEF"), games)
    assert t.points == [2.0, 2.0, 2.0, 1.5, 0.5, 1.0]
    r = tiebreak.rank(t, "DE", "fide-2024")
    assert [s.label for s in r.by_player()][:3] == ["1", "2–3", "2–3"]
    a, b = (explain(r.evaluation, p, "DE", ranking=r) for p in (0, 1))
    assert a.total == 2.0 and [row.contribution for row in a.rows] == [1.0, 1.0]
    assert notes(a)["Among them"] == (
        "points: A 2; B 0; C 0; not all of them met (B – C), so only a lead the others could not reach by winning their unplayed "
        "games among them places a player; out of the others' reach: A 2; B with 0 can be reached: C could have 1 → A > B = C"
    )
    assert notes(a)["Decided"] == "A: 1st of the 3 tied, 1st place in the standings"
    assert notes(b)["Re-applied"] == (
        "points: B 0; C 0; not all of them met (B – C), so only a lead the others could not reach by winning their unplayed "
        "games among them places a player; B with 0 can be reached: C could have 1 → not separated"
    )
    assert notes(b)["Decided"] == "B; C share 2–3 of the 3 tied: DE does not separate them; no criterion follows: they share the place"


# --------------------------------------------------------------------------- an event in progress
def test_de_of_an_event_with_a_round_half_entered() -> None:
    """Eight players, rounds 1-2 complete, round 3 half entered (tests/test_progress.py): counted after round 2.
    Cid, Dan, Eve and Fay have 1 point and have not met; Cid–Dan and Eve–Fay are round 3's pending games; Ann and
    Bob (2 points) met in round 3, entered but not counted until the round is complete."""
    rows = [[1, "Ann", "5w1", "3b1", "2w1"], [2, "Bob", "6b1", "4w1", "1b0"], [3, "Cid", "7w1", "1w0", "4b"], [4, "Dan", "8b1", "2b0", "3w"],
            [5, "Eve", "1b0", "7w1", "6b"], [6, "Fay", "2w0", "8b1", "5w"], [7, "Gus", "3b0", "5b0", "8w"], [8, "Hal", "4w0", "6w0", "7b"]]
    t = tiebreak.read_table([["No", "Name", "R1", "R2", "R3"], *rows])
    r = tiebreak.rank(t, "DE", "fide-2024")
    cid = explain(r.evaluation, 2, "DE", ranking=r)
    assert [(row.round, row.opponent, row.reason, row.contribution) for row in cid.rows] == [(3, "Dan", "to be played", 0.0)]
    assert notes(cid)["Among them"].startswith("points: Cid 0; Dan 0; Eve 0; Fay 0; not all of them met (Cid – Dan: round 3 to be played; Cid – Eve; ")
    assert "; 2 more pairs)" in notes(cid)["Among them"]  # Dan – Fay, Eve – Fay (round 3 to be played)
    ann = explain(r.evaluation, 0, "DE", ranking=r)
    assert "(Ann – Bob: round 3, counted once that round is complete)" in notes(ann)["Among them"]


# --------------------------------------------------------------------------- a team event: EDE and a chain
# A team round robin of four on two boards, board by board.  R1 Ajax–Bols 1:1 (board 1 Ajax, board 2 Bols),
# Cito–Dux 2:0; R2 Cito–Ajax 2:0, Bols–Dux 2:0; R3 Ajax–Dux 2:0, Cito–Bols 2:0.
# Match points (2/1/0): Ajax 1 + 0 + 2 = 3, Bols 1 + 2 + 0 = 3, Cito 6, Dux 0.  Game points: Ajax 3, Bols 3.
TEAMS: list[list[Any]] = [
    ["No", "Team", "R1", "R2", "R3", "MP", "GP"],
    [1, "Ajax", "2w 1 0", "3b 0 0", "4w 1 1", 3, 3],
    [2, "Bols", "1b 0 1", "4w 1 1", "3b 0 0", 3, 3],
    [3, "Cito", "4w 1 1", "1w 1 1", "2w 1 1", 6, 6],
    [4, "Dux", "3b 0 0", "2b 0 0", "1b 0 0", 0, 0],
]


def test_tb_explain_ede_and_the_top_board_chain() -> None:
    """Ajax and Bols are tied on 3 match points; their match 1:1 gives each 1 match point and 1 game point: EDE leaves
    them level.  EDET then reads their match board by board: board 1 Ajax 1, Bols 0: Ajax first."""
    ede = call(functions, "tb_explain", TEAMS, "Ajax", "EDE", "fide-2024", None, "en")
    assert ede[1] == [1, "Bols", "1:1", "", "", "", 1.0]  # the match, its match points
    labels = {row[0]: row[1] for row in ede[2:-1]}
    assert labels["Among them"] == (
        "match points: Ajax 1; Bols 1: these do not separate them; game points: Ajax 1; Bols 1: these do not separate them; "
        "they all met each other → not separated"
    )
    assert labels["Decided"] == "EDE does not separate them"
    edet = call(functions, "tb_explain", TEAMS, "Bols", "EDET", "fide-2024", None, "en")
    labels = {row[0]: row[1] for row in edet[2:-1]}
    assert labels["Tied"] == "Ajax; Bols: equal on points 3; the criteria list is not given: tied on points alone"
    assert labels["Among them"] == (
        "match points: Ajax 1; Bols 1: these do not separate them; game points: Ajax 1; Bols 1: these do not separate them; "
        "board 1 of their match: Ajax 1, Bols 0: this separates them; they all met each other → Ajax > Bols"
    )
    assert labels["Decided"] == "Bols: 2nd of the 2 tied on points"
    # the value the column shows: the board step's keys, Bols's board 1 then board 2 (0, 1)
    assert edet[-1][0] == "Total" and edet[-1][-1] == "0 0 1"


def test_cli_explains_the_board_count_chain_in_russian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """EDEC: the board count of their match, Ajax 1 × 1 + 2 × 0 = 1, Bols 1 × 0 + 2 × 1 = 2; the lower is better: Ajax."""
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    for row in TEAMS:
        ws.append(row)
    cfg = wb.create_sheet("tiebreak")
    for row in [["tiebreak settings"], ["Rule set", "fide-2024"], ["Criteria", "EDEC"], ["Event", "team"]]:
        cfg.append(row)
    wb.active = 0
    path = tmp_path / "teams.xlsx"
    wb.save(path)
    assert main(["--lang", "ru", "explain", str(path), "--player", "Ajax", "--criteria", "EDEC"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Равные: Ajax; Bols: равны: очки 3" in out
    among = next(line for line in out if line.startswith("Между ними: "))
    assert among.endswith("подсчёт по доскам их матча: Ajax 1, Bols 2, меньше — лучше: это их разделяет; все встречались друг с другом → Ajax > Bols")
    assert "Итог: Ajax: 1-е из 2 равных, 1-е место в таблице" not in out  # Cito is first on points
    assert "Итог: Ajax: 1-е из 2 равных, 2-е место в таблице" in out


# --------------------------------------------------------------------------- the cell limit
def test_tb_explain_keeps_every_cell_within_255_characters() -> None:
    """Sixteen players with long names in a round robin, all drawn: everybody is tied on 7.5; the notes list them all,
    over as many rows as they need, no cell longer than Excel's 255 and nothing cut."""
    n = 16
    names = [f"Participant-with-a-long-name-{i:02d}, Firstname" for i in range(n)]
    grid: list[list[Any]] = [["No", "Name", *range(1, n + 1)]] + [[i + 1, names[i], *["X" if j == i else "½" for j in range(n)]] for i in range(n)]
    out = call(functions, "tb_explain", grid, 1, "DE", "fide-2024", None, "en")
    texts = [v for row in out for v in row if isinstance(v, str)]
    assert texts and all(len(v) <= 255 for v in texts)
    assert not any(v.endswith("…") for v in texts)
    tied = []
    for row in out[1 + (n - 1) :]:
        if row[0] == "Tied" or (tied and row[0] == ""):
            tied.append(row[1])
        elif tied:
            break
    assert len(tied) > 1 and all(name in " ".join(tied) for name in names)
    assert out[-1][-1] == 7.5  # ½ against each of the 15 others


def test_the_readme_example_is_what_the_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's DE example (the example Swiss: Rossi and Novak equal on points and the three criteria before DE;
    Rossi beat Novak in round 8) is the command's output, line for line."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    command = "$ tiebreak explain workbooks/chess_swiss.xlsx --player 8 --criteria DE\n"
    shown = readme[readme.index(command) + len(command) :].split("```", 1)[0]
    book = Path(__file__).resolve().parents[1] / "workbooks" / "chess_swiss.xlsx"
    assert main(["--lang", "en", "explain", str(book), "--player", "8", "--criteria", "DE"]) == 0
    assert capsys.readouterr().out == shown


def test_a_forfeit_between_the_tied_is_no_meeting() -> None:
    """A Swiss of four, two rounds (fide-2024): R1 A–B won by A by forfeit, C–D 1–0; R2 C–A 1–0, B–D 1–0.
    A 1, B 1, C 2, D 0.  The forfeit is no game between A and B (C.07 6): they did not meet, 0 each among
    them, and either could have 0 + 1: DE leaves them level."""
    from helpers import swiss_grid

    grid = swiss_grid(list("ABCD"), [[("A", "B", "+"), ("C", "D", 1)], [("C", "A", 1), ("B", "D", 1)]])
    t = tiebreak.read_table(grid)
    assert t.points == [1.0, 1.0, 2.0, 0.0]
    r = tiebreak.rank(t, "DE", "fide-2024")
    a = explain(r.evaluation, 0, "DE", ranking=r)
    assert [(row.round, row.opponent, row.result, row.reason, row.contribution) for row in a.rows] == [(1, "B", "+", "not a game between them", 0.0)]
    assert notes(a)["Among them"] == (
        "points: A 0; B 0; not all of them met (A – B: forfeit, round 1), so only a lead the others could not reach "
        "by winning their unplayed games among them places a player; A with 0 can be reached: B could have 1 → not separated"
    )
    assert notes(a)["Decided"] == "DE does not separate them; no criterion follows: they share the place"
    assert [s.label for s in r.by_player()] == ["2–3", "2–3", "1", "4"]


def test_ede_of_a_micro_match_round_robin_speaks_the_workbooks_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """The example micro-match round robin (game points primary): Зайцева and Морозов on 12; their micro-match 2:2
    gives each 2 game points and 1 match point (a drawn match): EDE leaves them level.  The matrix has no rounds."""
    book = Path(__file__).resolve().parents[1] / "workbooks" / "draughts_micro_matches.xlsx"
    assert main(["explain", str(book), "--player", "2", "--criteria", "EDE"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[4].split() == ["Морозов", "Илья", "2:2", "2"]
    assert "Между ними: очки партий: Зайцева Ольга 2; Морозов Илья 2: не разделяют; командные очки: Зайцева Ольга 1; Морозов Илья 1: не разделяют; все встречались друг с другом → не разделены" in out
    assert "Итог: EDE их не разделяет" in out


def test_round_robin_three_way_tie_separated_by_de() -> None:
    """A round robin of five: A, B, C on 2.5 (D 1.5, E 1).  A beat B and drew C: 1.5; B beat C: 1; C ½: A > B > C."""
    #        A    B    C    D    E
    rows = [["X", 1, "½", 0, 1], [0, "X", 1, "½", 1], ["½", 0, "X", 1, 1], [1, "½", 0, "X", 0], [0, 0, 0, 1, "X"]]
    t = tiebreak.read_table([["No", "Name", 1, 2, 3, 4, 5]] + [[i + 1, n, *r] for i, (n, r) in enumerate(zip("ABCDE", rows))])
    r = tiebreak.rank(t, "DE", "fide-2024")
    assert [s.label for s in r.by_player()] == ["1", "2", "3", "4", "5"]
    c = explain(r.evaluation, 2, "DE", ranking=r)
    assert [(row.opponent, row.result, row.contribution) for row in c.rows] == [("A", "½", 0.5), ("B", "0", 0.0)] and c.total == 0.5
    assert notes(c) == {
        "Tied": "A; B; C: equal on points 2.5",
        "Among them": "points: A 1.5; B 1; C ½; they all met each other → A > B > C",
        "Decided": "C: 3rd of the 3 tied, 3rd place in the standings",
    }
