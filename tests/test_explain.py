"""Explaining values (``=TB_EXPLAIN``, ``tiebreak explain --player``) and places (the "decided by" texts,
``tiebreak explain --place``, ``rank --format json``).

Expected values: the worked example of the draughts code 3.16 (P's opponents A 3 won, B 4 won,
C 2.5 drawn, D 3.5 lost, E 1.5 won; tests/test_worked_example.py) and FIDE's published answers
for Held's 5-round Swiss (tests/reference/fide_held_exercises); the place texts are worked out by
hand in the comments.  Worksheet calls go through xlwings' ``custom_functions_call``.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from helpers import call, swiss_grid
from test_ranking_semantics import RR_ORDER, SWISS_ORDER
from test_worked_example import EXPECTED, NAMES, ROUNDS

import tiebreak
from tiebreak.cli import main
from tiebreak.core.model import Kind, Tournament
from tiebreak.core.places import decided_texts, separations
from tiebreak.excel import functions
from tiebreak.io.trf import read_trf_file
from tiebreak.plan.standings import standings_grid

HELD = Path(__file__).parent / "reference" / "fide_held_exercises"
HEADER = ["Round", "Opponent", "Result", "Counted", "Reason", "Cut", "Contribution"]


def explained(table: list[list[Any]], player: Any, code: str, rules: str | None = None) -> list[list[Any]]:
    out = call(functions, "tb_explain", table, player, code, rules)
    assert isinstance(out, list) and out[0] == HEADER, out
    assert out[-1][0] == "Total", out
    return out


def contributions(out: list[list[Any]]) -> list[float]:
    return [r[6] for r in out[1:-1]]


# --------------------------------------------------------------------------- the draughts code's example
@pytest.mark.parametrize("code, expected", EXPECTED.items())
def test_tb_explain_rows_add_up_to_the_code_example(code: str, expected: float) -> None:
    out = explained(swiss_grid(NAMES, ROUNDS), "P", code)
    assert [(r[0], r[1], r[2], r[3]) for r in out[1:-1]] == [
        (1, "A", "1", 3), (2, "B", "1", 4), (3, "C", "½", 2.5), (4, "D", "0", 3.5), (5, "E", "1", 1.5)
    ]
    assert sum(contributions(out)) == expected
    assert out[-1][6] == expected


def test_tb_explain_shows_the_cuts_and_the_factors() -> None:
    g = swiss_grid(NAMES, ROUNDS)
    # median Solkoff: 14.5 − B 4 (best) − E 1.5 (worst) = 9
    out = explained(g, 1, "solkoff")
    assert [r[5] for r in out[1:-1]] == ["", "cut (highest)", "", "", "cut (lowest)"]
    assert contributions(out) == [3, 0, 2.5, 3.5, 0]
    # truncated Solkoff (first step): 14.5 − E 1.5 = 13
    assert contributions(explained(g, 1, "solkoff_trunc")) == [3, 4, 2.5, 3.5, 0]
    # Sonneborn–Berger: 2 × beaten + drawn: 6 + 8 + 2.5 + 0 + 3 = 19.5
    assert contributions(explained(g, 1, "sonneborn_berger")) == [6, 8, 2.5, 0, 3]
    # Shmulyan: beaten − lost to: 3 + 4 + 0 − 3.5 + 1.5 = 5
    assert contributions(explained(g, 1, "shmulyan")) == [3, 4, 0, -3.5, 1.5]
    # Riga: 2 × beaten + 1.5 × drawn + lost to: 6 + 8 + 3.75 + 3.5 + 3 = 24.25
    assert contributions(explained(g, 1, "riga")) == [6, 8, 3.75, 3.5, 3]


def test_tb_explain_gives_a_readable_error_in_the_cell() -> None:
    g = swiss_grid(NAMES, ROUNDS)
    assert call(functions, "tb_explain", g, 99, "buchholz", None)[0][0].startswith("#TIEBREAK! no player '99'")
    assert call(functions, "tb_explain", g, 1, "nonsense", None)[0][0].startswith("#TIEBREAK! unknown criterion 'nonsense'")
    # an empty player cell (a formula filled past the last player) gives an empty cell, as in every function
    assert call(functions, "tb_explain", g, None, "BH", None) == [[""]]


def test_ru_explains_a_forfeit_and_a_bye() -> None:
    """ru: B's forfeit win over E counts as a draw against E; B's bye as a win over the lowest score.

    Points A 2.5, B 2, C 2, D 1.5, E 1 (E's round-1 bye).  E's score as counted: his forfeit loss as a
    draw, 1 + ½ + 0 = 1.5.  Buchholz of B (as compare.py's example): A 2.5 + E 1.5 + the virtual
    opponent of his round-3 bye, the lowest score 1 = 5.
    """
    t = [["No", "Name", "R1", "R2", "R3"], [1, "A", "2w1", "3w1", "4w½"], [2, "B", "1b0", "5w+", "+"],
         [3, "C", "4w1", "1b0", "5w1"], [4, "D", "3b0", "+", "1b½"], [5, "E", "+", "2b-", "3b0"]]
    out = explained(t, "B", "buchholz")
    rows = out[1:-1]
    assert rows[1][:4] == [2, "E", "+", 1.5]
    assert rows[1][4] == "forfeit counted as a draw; actual 1; his forfeits as draws"
    assert rows[2][:4] == [3, "virtual opponent", "bye 1", 1] and "bye" in rows[2][4]
    assert sum(contributions(out)) == out[-1][6] == 5 == tiebreak.values(tiebreak.read_table(t), "buchholz")[1]


# --------------------------------------------------------------------------- a FIDE reference event
def _cell(t: Tournament, p: int, r: int) -> str:
    """A TRF round as the crosstable notation writes it (README: Swiss cells)."""
    q, kind, x, col = t.opp[p][r], t.kind[p][r], t.pts[p][r], t.colour[p][r] or "w"
    if kind == Kind.PLAYED:
        return f"{t.players[q].number}{col}{ {1.0: '1', 0.5: '½', 0.0: '0'}[x] }".replace(" ", "")
    if kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
        return f"{t.players[q].number}{col}{'+' if kind == Kind.FORFEIT_WIN else '-'}"
    return {Kind.PAIRING_BYE: "U", Kind.HALF_BYE: "H", Kind.FULL_BYE: "F", Kind.ZERO_BYE: "Z"}.get(kind, "-")


def held_grid() -> tuple[Tournament, list[list[Any]]]:
    t = read_trf_file(HELD / "held_swiss_5.trf")
    rows: list[list[Any]] = [["No", "Name", "Rating", *[f"R{r + 1}" for r in range(t.rounds)]]]
    for p, pl in sorted(enumerate(t.players), key=lambda x: x[1].number):
        rows.append([pl.number, pl.name, pl.rating, *[_cell(t, p, r) for r in range(t.rounds)]])
    return t, rows


SUMS = ["BH", "BH/C1", "SB", "SB/C1", "FB", "WIN", "WON", "BPG", "BWG", "GE", "PS", "PS/C1"]


def test_tb_explain_rows_add_up_to_fides_published_values() -> None:
    """Held's exercises (C.07 2024): for every player and every published sum, the rows add up to the answer."""
    t, grid = held_grid()
    read = tiebreak.read_table(grid)
    assert sorted((p.number, x) for p, x in zip(read.players, read.points)) == sorted((p.number, x) for p, x in zip(t.players, t.points))
    published = list(csv.DictReader((HELD / "held_swiss_5_expected.csv").open(encoding="utf-8")))
    checked = 0
    for row in published:
        for code in SUMS:
            out = explained(grid, int(row["sno"]), code, "fide-2024")
            expected = float(row[f"{code}_2024"])
            assert sum(contributions(out)) == pytest.approx(expected), (row["sno"], code, out)
            assert out[-1][6] == pytest.approx(expected)
            checked += 1
    assert checked == len(published) * len(SUMS) == 16 * 12


def test_tb_explain_fide_dummy_and_cut_first() -> None:
    """No. 12 (Nick) of Held's Swiss: a game, a pairing bye, a forfeit win and two absences (he withdrew).

    C.07 2024: every unplayed round is a dummy opponent with his own score (2); BH = 3.5 + 4 × 2 = 11.5;
    BH/C1 cuts a voluntarily unplayed round first (16.5): 11.5 − 2 = 9.5 (published 9.5).
    """
    _, grid = held_grid()
    out = explained(grid, 12, "BH/C1", "fide-2024")
    rows = out[1:-1]
    assert [r[1] for r in rows] == ["David"] + ["dummy opponent"] * 4
    assert all(r[4] == "dummy opponent (own score)" and r[3] == 2 for r in rows[1:])
    assert [r[5] for r in rows].count("cut (unplayed round first)") == 1
    assert out[-1][6] == 9.5


def test_tb_explain_averages_and_performance_say_how() -> None:
    """AOB, ARO and TPR list the values they are made of; the total row says how (published values)."""
    _, grid = held_grid()
    published = {r["sno"]: r for r in csv.DictReader((HELD / "held_swiss_5_expected.csv").open(encoding="utf-8"))}
    out = explained(grid, 1, "ARO", "fide-2024")
    ratings = [r[3] for r in out[1:-1]]
    assert out[-1][6] == float(published["1"]["ARO_2024"]) == round(sum(ratings) / len(ratings))
    out = explained(grid, 1, "TPR", "fide-2024")
    assert out[-1][6] == float(published["1"]["TPR_2024"]) and out[-1][4].startswith("ARO 1820 + dp(")


def test_tb_explain_head_to_head_lists_the_games_among_the_tied() -> None:
    """RR_ORDER: A and B are equal on 2.5, their game ½–½: A's h2h is ½, from one row (B)."""
    grid = [["No", "Name", 1, 2, 3, 4, 5]] + [[i + 1, n, *row] for i, (n, row) in enumerate(zip("ABCDE", RR_ORDER))]
    out = explained(grid, "A", "h2h")
    assert [(r[1], r[6]) for r in out[1:-1]] == [("B", 0.5)]
    assert out[-1][6] == 0.5


# --------------------------------------------------------------------------- the command line
def test_cli_explain_player_text_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wb = openpyxl.Workbook()
    for r in swiss_grid(NAMES, ROUNDS):
        wb.active.append(r)
    path = tmp_path / "we.xlsx"
    wb.save(path)
    assert main(["explain", str(path), "--player", "P", "--criteria", "solkoff, sonneborn_berger"]) == 0
    text = capsys.readouterr().out
    assert "Median Solkoff (solkoff): 9" in text and "cut (highest)" in text and "Total: 19.5" in text
    # a FIDE name that carries its code is not followed by the code again
    assert main(["explain", str(path), "--player", "P", "--criteria", "BH/C1"]) == 0
    assert "Buchholz C1 (BH/C1): 13" in capsys.readouterr().out.splitlines()[2]
    assert main(["--lang", "ru", "explain", str(path), "--player", "P", "--criteria", "AOB"]) == 0
    heading = capsys.readouterr().out.splitlines()[2]
    assert heading.startswith("Средний Бухгольц соперников (AOB): ") and heading.count("(AOB)") == 1
    assert main(["explain", str(path), "--player", "1", "--criteria", ",".join(EXPECTED), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == "P" and data["points"] == 3.5
    for e in data["explanations"]:
        assert e["total"] == EXPECTED[e["code"]] == sum(r["contribution"] for r in e["rows"])
    assert main(["explain", str(path)]) == 1
    assert "give --player" in capsys.readouterr().err


def test_cli_explain_trf_rows_add_up_to_published(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(HELD / "held_swiss_5.trf"), "--player", "2", "--criteria", "BH,BH/C1,SB", "--rules", "fide-2024", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # Bruno (No. 2): published BH 13, BH/C1 12, SB 9.5
    assert {e["code"]: e["total"] for e in data["explanations"]} == {"BH": 13, "BH/C1": 12, "SB": 9.5}
    for e in data["explanations"]:
        assert sum(r["contribution"] for r in e["rows"]) == e["total"]


# --------------------------------------------------------------------------- explaining places
def rr(names: str, rows: list[list[Any]]) -> Tournament:
    return tiebreak.read_table([["No", "Name", *range(1, len(names) + 1)]] + [[i + 1, n, *r] for i, (n, r) in enumerate(zip(names, rows))])


def test_place_decided_by_a_value() -> None:
    """The draughts example: P 3.5 and D 3.5; truncated Solkoff P 13 (14.5 − 1.5), D 9.5: P 2nd, D 3rd."""
    t = tiebreak.read_table(swiss_grid(NAMES, ROUNDS))
    seps = separations(tiebreak.rank(t))
    assert seps[0].text() == "P 2nd, D 3rd: equal on points 3.5; separated by Truncated Solkoff, 13 to 9.5"
    assert seps[0].text("ru") == "P 2-е, D 3-е: равны: очки 3,5; разделены по критерию «Усечённый коэффициент Солкоффа»: 13 против 9,5"


def test_place_decided_by_the_progressive_truncated_solkoff() -> None:
    """The event of test_ranking's progressive test: A and F on 1.5 points.

    Opponents' scores A: H 2.5, E 1, F 1.5, C 3.5;  F: D 3, H 2.5, A 1.5, B 2.
    Drop 1 worst: A 8.5 − 1 = 7.5, F 9 − 1.5 = 7.5 (equal); drop 2 worst: A 6, F 5.5: A above F.
    """
    names = list("ABCDEFGH")
    rounds = [
        [("B", "E", 1), ("F", "D", 0), ("C", "G", 1), ("H", "A", 1)],
        [("C", "B", 1), ("A", "E", 0), ("G", "D", 1), ("H", "F", 0.5)],
        [("A", "F", 1), ("C", "E", 1), ("G", "B", 0), ("H", "D", 0)],
        [("B", "F", 0), ("H", "G", 1), ("E", "D", 0), ("C", "A", 0.5)],
    ]
    t = tiebreak.read_table(swiss_grid(names, rounds))
    r = tiebreak.rank(t, "solkoff_trunc")
    sep = next(s for s in separations(r) if s.names == ("A", "F"))
    assert sep.step == 2 and sep.values == (6.0, 5.5)
    assert sep.text().endswith(": equal on points 1.5 and Truncated Solkoff 7.5; separated by Truncated Solkoff without the 2 worst, 6 to 5.5")


def test_place_decided_by_head_to_head_in_a_three_player_group() -> None:
    """A cycle: A beat B, B beat C, C beat A, all beat D: A, B, C on 2, head-to-head 1 each: they share 1–3."""
    t = rr("ABCD", [["X", 1, 0, 1], [0, "X", 1, 1], [1, 0, "X", 1], [0, 0, 0, "X"]])
    seps = separations(tiebreak.rank(t, "h2h"))
    assert [s.text() for s in seps] == [
        "A and B share place 1–3: equal on points 2 and Head-to-head 1",
        "B and C share place 1–3: equal on points 2 and Head-to-head 1",
    ]
    # Round robin of five, A, B, C on 2.5: A beat B, drew C; B beat C:
    #        A    B    C    D    E
    rows = [["X", 1, "½", 0, 1],  # A 2.5
            [0, "X", 1, "½", 1],  # B 2.5
            ["½", 0, "X", 1, 1],  # C 2.5
            [1, "½", 0, "X", 0],  # D 1.5
            [0, 0, 0, 1, "X"]]  # E 1
    t = rr("ABCDE", rows)
    assert t.points == [2.5, 2.5, 2.5, 1.5, 1.0]
    # Among A, B, C: A 1 + ½ = 1.5, B 0 + 1 = 1, C ½ + 0 = 0.5: A 1st, B 2nd, C 3rd
    seps = separations(tiebreak.rank(t, "h2h"))
    assert [s.text() for s in seps] == [
        "A 1st, B 2nd: equal on points 2.5; separated by Head-to-head among A, B, C, 1.5 to 1",
        "B 2nd, C 3rd: equal on points 2.5; separated by Head-to-head among A, B, C, 1 to 0.5",
    ]


def test_place_decided_by_head_to_head_re_applied() -> None:
    """Head-to-head splits a group of four, then is re-applied inside each part still tied (Swiss, 2 rounds).

    R1 A–B 1–0, C–D 1–0, E–F 1–0; R2 A–C 0–1, B–E 1–0, D–F 1–0.
    Points: A 1, B 1, C 2, D 1, E 1, F 0.  Among A, B, D, E: A 1 (beat B), B 1 (beat E), D 0, E 0.
    Re-applied inside {A, B}: A beat B -> A 2nd, B 3rd; inside {D, E}: they did not meet -> they share 4–5.
    """
    games = [
        (1, "A", "B", 1, 0), (1, "C", "D", 1, 0), (1, "E", "F", 1, 0),
        (2, "A", "C", 0, 1), (2, "B", "E", 1, 0), (2, "D", "F", 1, 0),
    ]
    t = Tournament.from_games(list("ABCDEF"), games)
    # Points: A 1, B 1, C 2, D 1, E 1, F 0.  A, B, D, E on 1.
    assert t.points == [1.0, 1.0, 2.0, 1.0, 1.0, 0.0]
    r = tiebreak.rank(t, "h2h")
    seps = {(s.names[0], s.names[1]): s for s in separations(r)}
    assert seps[("A", "B")].text().endswith("separated by Head-to-head, 1 to 0")
    assert seps[("B", "D")].text().endswith("separated by Head-to-head among A, B, D, E, 1 to 0")
    assert seps[("D", "E")].text() == "D and E share place 4–5: equal on points 1 and Head-to-head 0"


def test_place_decided_by_the_order_of_places() -> None:
    """test_ranking_semantics: D and E equal on points 2.5, truncated Solkoff 6 (every step), wins 2, h2h 0,
    beaten 2.5; in the order C, B, F, A D scored (0, 1, 1, ½), E (0, 1, ½, 1): D 2nd, E 3rd."""
    t = Tournament.from_games(list("ABCDEF"), SWISS_ORDER)
    seps = {(s.names[0], s.names[1]): s for s in separations(tiebreak.rank(t))}
    assert seps[("D", "E")].text() == (
        "D 2nd, E 3rd: equal on points 2.5, Truncated Solkoff 6, Most wins 2, Head-to-head 0 and Beaten opponents' scores 2.5; "
        "separated by Results in order of places, (0, 1, 1, 0.5) to (0, 1, 0.5, 1)"
    )


def test_shared_place_text_and_the_standings_column() -> None:
    """Two players who drew their only game share 1–2 on every criterion."""
    t = tiebreak.read_table([["No", "Name", 1, 2], [1, "Иванов", "X", "½"], [2, "Петров", "½", "X"]])
    r = tiebreak.rank(t, "sonneborn_berger, wins")
    assert decided_texts(r) == ["Иванов and Петров share place 1–2: equal on points 0.5, Sonneborn–Berger 0.5 and Most wins 0"] * 2
    assert decided_texts(r, "ru")[0] == "Иванов и Петров делят 1–2 место: равны: очки 0,5, Коэффициент Зонненборна–Бергера 0,5 и Количество побед 0"
    grid = standings_grid(r, "ru", "ru")
    assert grid[2][-1] == "Решено по" and grid[3][-1] == decided_texts(r, "ru")[0]


def test_standings_column_names_the_criterion_with_the_values() -> None:
    t = Tournament.from_games(list("ABCDEF"), SWISS_ORDER)
    r = tiebreak.rank(t)
    grid = standings_grid(r, "ru", "en")
    by_name = {row[2]: row[-1] for row in grid[3:] if len(row) > 3 and row[2]}
    assert by_name["C"] == "Points"  # alone on 3.5
    assert by_name["F"] == by_name["A"] == "F 5th, A 6th: equal on points 1; separated by Truncated Solkoff, 8.5 to 6.5"


def test_rank_json_has_the_place_explanations(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", str(HELD / "held_swiss_5.trf"), "--rules", "fide-2024", "--criteria", "BH/C1, BH", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    seps = data["separations"]
    assert seps and all(s["text"] for s in seps)
    for s in seps:  # the upper is above the lower (or level when nothing separated them) on the values shown
        if s["separated_by"] is not None:
            a, b = s["values"]
            assert a > b
    st = {x["number"]: x for x in data["standings"]}
    assert all(x["explanation"] for x in st.values())
    for s in seps:  # neighbours equal on points, each explained by this text on his standing row or his neighbour's
        up, low = (st[n] for n in s["numbers"])
        assert up["points"] == low["points"] == s["points"] and [up["place"], low["place"]] == s["places"]
        assert s["text"] in (up["explanation"], low["explanation"])
    assert main(["explain", str(HELD / "held_swiss_5.trf"), "--place", "--rules", "fide-2024", "--criteria", "BH/C1, BH"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:] == [s["text"] for s in seps]


def test_tb_explain_ru_withdrawal_credit_and_forfeit() -> None:
    """Held's Swiss under ru: Nick (No. 12) lost to David, had the bye, won by forfeit over Paul, then withdrew.

    His 2 points count for his opponents as 1 (bye) + ½ (the forfeit as a draw) + 0 = 1.5, plus the withdrawal
    credit for rounds 4–5, which the rule set's note gives as 0.75: 2.25 in David's Buchholz.
    """
    _, grid = held_grid()
    ev = tiebreak.get_rules("ru").evaluate(tiebreak.read_table(grid))
    assert any(n.startswith("Nick withdrew after round 3: credited 0.75") for n in ev.notes)
    out = explained(grid, "David", "buchholz", "ru")
    nick = next(r for r in out[1:-1] if r[1] == "Nick")
    assert nick[3] == 1.5 + 0.75
    assert nick[4] == "actual 2; his forfeits as draws, withdrawal credit 0.75"
    assert sum(contributions(out)) == out[-1][6]


def test_tb_explain_speaks_russian_for_a_russian_table() -> None:
    """A round robin of three with Cyrillic names: Иванов won by forfeit over Петров and beat Сидоров;
    Петров and Сидоров drew.  ru: Петров's forfeit loss counts as a draw, so his 0.5 counts as 1.
    Иванов's Buchholz: Петров 1 + Сидоров 0.5 = 1.5."""
    grid = [["№", "Участник", 1, 2, 3], [1, "Иванов", "X", "+", 1], [2, "Петров", "-", "X", "½"], [3, "Сидоров", 0, "½", "X"]]
    out = call(functions, "tb_explain", grid, "Иванов", "buchholz", None)
    assert out[0] == ["Тур", "Соперник", "Результат", "Засчитано", "Причина", "Отброшено", "Вклад"]
    assert out[1][1:5] == ["Петров", "+", 1, "неявка засчитана как ничья; фактически ½; его неявки как ничьи"]
    assert out[2][1:5] == ["Сидоров", "1", 0.5, ""]
    assert out[-1] == ["Итого", "Коэффициент Бухгольца", "", "", "", "", 1.5]


# --------------------------------------------------------------------------- in Russian
RR_BOOK = Path(__file__).resolve().parent.parent / "workbooks" / "draughts_round_robin.xlsx"  # Фамилия, Имя ...


def test_place_ordinals_in_both_languages() -> None:
    """English ordinals by the last digit (11th–13th are th), Russian "N-е" (место) for every place."""
    from tiebreak.core.i18n import use_language
    from tiebreak.core.places import ordinal

    numbers = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112]
    assert [ordinal(n) for n in numbers] == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th", "112th"]
    with use_language("ru"):
        assert [ordinal(n) for n in numbers] == [f"{n}-е" for n in numbers]


def test_cli_explain_help_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "ru", "explain", "--help"])
    assert stop.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("использование: tiebreak explain ")
    assert "--player PLAYER стартовый номер или фамилия" in out
    assert "--place для каждых двух соседей с равными очками: критерий, который их разделил, и его значения" in out
    assert "--format {text,json} формат вывода (по умолчанию: text)" in out
    assert "neighbours" not in out and "a start number" not in out
    with pytest.raises(SystemExit):
        main(["--lang", "ru", "--help"])
    assert "explain объяснить дополнительные показатели участника по турам (--player)" in " ".join(capsys.readouterr().out.split())


def test_cli_explain_place_speaks_the_russian_workbooks_language(capsys: pytest.CaptureFixture[str]) -> None:
    """The example round robin has Russian labels: without --lang, the place texts are Russian; --lang en overrides."""
    assert main(["explain", str(RR_BOOK), "--place"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Правила: ru   Критерии: sonneborn_berger, wins, h2h, beaten, order"
    assert lines[1].startswith("Кузнецова Анна 2-е, Смирнов Алексей 3-е: равны: очки 11, Коэффициент Зонненборна–Бергера 92 и Количество побед 4; ")
    assert lines[1].endswith("разделены по критерию «Личные встречи»: 2 против 0")
    assert any(line.startswith("Петрова Мария и Соколов Андрей делят 6–7 место: равны: очки 8, ") for line in lines)
    assert not any("equal on" in line or "separated by" in line or "share place" in line for line in lines)
    assert main(["--lang", "en", "explain", str(RR_BOOK), "--place"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Rules: ru   Criteria: sonneborn_berger, wins, h2h, beaten, order"
    assert lines[1].startswith("Кузнецова Анна 2nd, Смирнов Алексей 3rd: equal on points 11, Sonneborn–Berger 92 and Most wins 4; separated by Head-to-head")


def test_cli_explain_player_speaks_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """Иванов Пётр (No. 1) of the example: 10 points; the table's words, the cut's and the reasons in Russian."""
    assert main(["explain", str(RR_BOOK), "--player", "1", "--criteria", "solkoff"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "№ 1 Иванов Пётр: 10 очков   Правила: ru"
    assert lines[2].startswith("Медианный коэффициент Солкоффа (solkoff): ")
    assert lines[3].split() == ["Тур", "Соперник", "Результат", "Засчитано", "Причина", "Отброшено", "Вклад"]
    assert "отброшено (лучшее)" in out and "отброшено (худшее)" in out and lines[-1].startswith("Итого: ")
    assert "cut (" not in out and "Total" not in out


# ------------------------------------------------------------------ a tie-break is its definition plus one registry line
def test_a_new_tiebreak_is_explained_from_its_own_definition(monkeypatch: pytest.MonkeyPatch) -> None:
    # A toy tie-break: games played with White, defined with its explainer and registered with one line;
    # explain.py is not touched.  The round robin below: No. 1 has White in rounds 1 and 3, Black in round 2.
    from tiebreak.core import criteria
    from tiebreak.core.criterion import ValueCriterion
    from tiebreak.core.explain import explain, explain_table
    from tiebreak.core.explain_rows import per_round
    from tiebreak.core.rules import get_rules

    monkeypatch.setattr(criteria, "CRITERIA", dict(criteria.CRITERIA))
    monkeypatch.setattr(criteria, "_LOOKUP", dict(criteria._LOOKUP))
    monkeypatch.setattr(criteria, "_FOUND", {})

    def white(ev: Any, p: int) -> Any:
        return lambda r: float(ev.played[p][r] and ev.colour[p][r] == "w")

    toy = ValueCriterion(
        "WHT", "Games with White", "Партии белыми", "Games played with White.",
        compute=lambda ev, ratings: [sum(white(ev, p)(r) for r in range(len(ev.opp[p]))) for p in range(ev.n)],
        explainer=per_round(white), decimals=0,
    )
    criteria.register(toy)
    t = tiebreak.read_table([["No", "Name", "R1", "R2", "R3"], [1, "A", "2w1", "3b0", "4w½"], [2, "B", "1b0", "4w1", "3b1"],
                             [3, "C", "4b1", "1w1", "2w0"], [4, "D", "3w0", "2b0", "1b½"]])
    e = explain(get_rules("fide-2024").evaluate(t), 0, "games with white")
    assert e.code == "WHT" and e.total == 2.0
    assert [(r.round, r.opponent, r.result, r.contribution) for r in e.rows] == [(1, "B", "1", 1.0), (2, "C", "0", 0.0), (3, "D", "½", 1.0)]
    assert explain_table(e, "en")[-1] == ["Total", "Games with White", "", "", "", "", 2.0]


def test_explain_names_no_criterion_code() -> None:
    # explain() dispatches to the criterion's own explainer: no string of explain.py outside its docstrings is a code
    import ast
    import re

    from tiebreak.core import explain as explain_module
    from tiebreak.core.criteria import CRITERIA

    tree = ast.parse(Path(explain_module.__file__).read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings]
    assert strings  # the scan reads the module's strings
    codes = {c.casefold() for c in CRITERIA} | {c.code.split("/")[0].casefold() for c in CRITERIA.values()}
    named = {w for s in strings for w in re.findall(r"[\w/]+", s.casefold()) if w in codes}
    assert named == set()
    assert "code ==" not in Path(explain_module.__file__).read_text(encoding="utf-8")
