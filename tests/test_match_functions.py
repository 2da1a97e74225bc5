"""The worksheet functions on match tables that have no MP and GP columns: the scoring argument says the kind of event.

The functions have no settings sheet: ``"team"``, ``"team 3/1/0"``, ``"команды ИО"``,
``"micro"`` in the scoring argument say what the rows Event, Match scoring and Primary score say
to Rank.  Called through xlwings' own conversion, Office.js (``custom_functions_call``) and
classic (``udfs.call_udf`` with COM stood in for, tests/classic_com.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classic_com import Classic, classic
from helpers import call, save_xlsx
from test_classic import both

import tiebreak.excel.functions as functions
from tiebreak.cli.commands import main

# workbooks/team_swiss.xlsx without its MP and GP columns: 7 teams of 4 boards, 5 rounds
TEAM: list[list[Any]] = [
    ["No", "Team", "R1", "R2", "R3", "R4", "R5"],
    [1, "Rooks", "5w2,5", "2b2", "3w3", "6b2,5", "4w2"],
    [2, "Knights", "6w3", "1w2", "7b3", "4w3,5", "5b2,5"],
    [3, "Bishops", "7w2", "4b2,5", "1b1", "5w2", "6w2,5"],
    [4, "Pawns", "PAB", "3w1,5", "5b1,5", "2b0,5", "1b2"],
    [5, "Castles", "1b1,5", "PAB", "4w2,5", "3b2", "2w1,5"],
    [6, "Gambits", "2b1", "7+F", "PAB", "1w1,5", "3b1,5"],
    [7, "Zugzwang", "3b2", "6-F", "2w1", "PAB", "HPB"],
]
WITH_TOTALS = [TEAM[0] + ["MP", "GP"]] + [row + [mp, gp] for row, mp, gp in zip(TEAM[1:], (8, 9, 6, 3, 5, 4, 4), (12, 14, 10, 9.5, 11.5, 12, 9))]

# round 5 being entered (Knights - Castles not in yet), round 6 headed and empty
IN_PROGRESS = [TEAM[0] + ["R6"]] + [row + [None] for row in TEAM[1:]]
IN_PROGRESS[2][6] = IN_PROGRESS[5][6] = None

# workbooks/draughts_micro_matches.xlsx without its МО and ИО columns: each cell the two games on 2/1/0
MICRO: list[list[Any]] = [
    ["№", "Фамилия, имя", 1, 2, 3, 4],
    [1, "Орлов", "Х", "2 1", "1 1", "2 2"],
    [2, "Зайцева", "0 1", "Х", "2 0", "1 2"],
    [3, "Морозов", "1 1", "0 2", "Х", "2 1"],
    [4, "Волкова", "0 0", "1 0", "0 1", "Х"],
]


@pytest.fixture(scope="module")
def cl() -> Iterator[Classic]:
    with classic() as c:
        yield c


def column(result: Any) -> list[Any]:
    """A spilled column lined up with the table's rows, without the header row's cell."""
    return [row[0] for row in result[1:]]


def test_team_is_read_as_a_team_table_without_totals(cl: Classic) -> None:
    # Without the argument the cells are single games, and '7+F' is no single game's result.
    refused = call(functions, "tiebreak", TEAM, "EMGSB", None, "fide-2024")
    assert "'7+F' is not a result" in refused[0][0] and "row 7" in refused[0][0]
    # Knights' EMGSB (Σ opponent's MP × own GP in the match): Gambits 4×3 + Rooks 8×2 + Zugzwang 4×3 + Pawns 3×3.5
    # + Castles 5×2.5 = 63; Rooks: Castles 5×2.5 + Knights 9×2 + Bishops 6×3 + Gambits 4×2.5 + Pawns 3×2 = 64.5
    emgsb = column(both(cl, "tiebreak", TEAM, "EMGSB", None, "fide-2024", "team"))
    assert emgsb[:2] == [64.5, 63.0]
    # the same as the table with its MP and GP columns read without any argument
    assert emgsb == column(call(functions, "tiebreak", WITH_TOTALS, "EMGSB", None, "fide-2024"))
    # points are match points on 2/1/0: Knights won four matches and drew one (with Rooks)
    assert column(both(cl, "points", TEAM, None, None, "team")) == [8.0, 9.0, 6.0, 3.0, 5.0, 4.0, 4.0]


def test_the_argument_sets_match_scoring_and_the_primary_score(cl: Classic) -> None:
    # 3/1/0: Knights 4 wins + 1 draw = 13; Rooks 3 wins (Castles, Bishops, Gambits) + 2 draws = 11
    assert column(both(cl, "points", TEAM, None, None, "team 3/1/0"))[:2] == [11.0, 13.0]
    # EMGSB on 3/1/0 for Knights: Gambits 6×3 + Rooks 11×2 + Zugzwang 5×3 + Pawns 4×3.5 + Castles 7×2.5 = 86.5
    assert both(cl, "tiebreak", TEAM, "EMGSB", "Knights", "fide-2024", "team 3/1/0") == [[86.5]]
    # game points primary, written in Russian: the points are the game points
    assert column(both(cl, "points", TEAM, None, None, "команды ИО")) == [12.0, 14.0, 10.0, 9.5, 11.5, 12.0, 9.0]
    # places by match points, then the team default (MPvGP, h2h, WIN): Knights 9, Rooks 8, Bishops 6, Castles 5,
    # Gambits and Zugzwang 4 (Gambits' 12 game points above Zugzwang's 9), Pawns 3
    assert column(both(cl, "places", TEAM, None, "fide-2024", "team")) == [2, 1, 3, 7, 4, 5, 6]


def test_a_micro_match_table_without_totals() -> None:
    # Орлов: 2 1 = 3 against Зайцева, 1 1 = 2 against Морозов, 2 2 = 4 against Волкова: 9 game points;
    # match points on 2/1/0: won, drawn, won = 5
    assert column(call(functions, "points", MICRO, None, None, "микроматчи"))[0] == 9.0
    assert column(call(functions, "points", MICRO, None, None, "micro MP"))[0] == 5.0


def test_a_team_table_in_progress() -> None:
    # after round 4: round 5 is being entered, round 6 is headed and empty
    points = column(call(functions, "points", IN_PROGRESS, None, None, "team"))
    assert points == [7.0, 7.0, 4.0, 2.0, 5.0, 4.0, 3.0]  # Rooks W D W W = 7; Knights W D W W = 7


def test_the_cli_counts_headed_empty_team_rounds_as_scheduled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = save_xlsx(IN_PROGRESS, tmp_path / "teams.xlsx")
    assert main(["--lang", "en", "rank", str(path), "--event", "team", "--rules", "fide-2024"]) == 0
    assert "after round 4 of 6" in capsys.readouterr().out
    assert main(["--lang", "ru", "rank", str(path), "--event", "team", "--rules", "fide-2024"]) == 0
    assert "после 4-го тура из 6" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "'tean' is neither a scoring of a game"), ("ru", "'tean' — это не система очков за партию")],
)
def test_a_word_that_is_no_scoring_is_named(lang: str, words: str) -> None:
    said = call(functions, "points", TEAM, None, None, "tean", lang)[0][0]
    assert words in said and ("team 3/1/0" in said or "команды 3/1/0" in said)
    two = call(functions, "points", TEAM, None, None, "team MP GP", lang)[0][0]
    assert "MP" in two and "GP" in two and ("one primary score" in two or "одни основные очки" in two)


def test_a_trf_team_event_keeps_its_rounds_scheduled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import random

    from team_events import make_team_event

    text, _counts = make_team_event(random.Random(9), 1)
    assert "XXR 5\n" in text  # five rounds played, the event said to have nine
    path = tmp_path / "teams.trf"
    path.write_text(text.replace("XXR 5\n", "XXR 9\n"), encoding="utf-8")
    assert main(["--lang", "en", "rank", str(path)]) == 0
    assert "after round 5 of 9" in capsys.readouterr().out


# a team round robin of four on four boards, without MP and GP columns; Ajax - Dama and Bols - Cito still to play
TEAM_RR: list[list[Any]] = [
    ["No", "Team", "1", "2", "3", "4"],
    [1, "Ajax", "X", "3:1", "2,5", None],
    [2, "Bols", "1:3", "X", None, "2"],
    [3, "Cito", "1,5", None, "X", "4:0"],
    [4, "Dama", None, "2", "0:4", "X"],
]


def test_every_command_that_reads_a_table_takes_the_table_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = save_xlsx(TEAM_RR, tmp_path / "league.xlsx")
    # Ajax: won 3:1 against Bols, 2.5:1.5 against Cito: 4 match points, 5.5 game points
    assert main(["--lang", "en", "explain", str(path), "--event", "team", "--player", "Ajax", "--criteria", "MPvGP, EMGSB"]) == 0
    out = capsys.readouterr().out
    assert "Secondary score (MPvGP): 5.5" in out and "Cito      2.5:1.5" in out
    assert "absent" not in out  # the match with Dama is still to be played, not missed
    # EMGSB: Bols 1 MP × 3 + Cito 2 MP × 2.5 = 8
    assert "Extended Sonneborn-Berger EMGSB: 8" in out
    assert main(["--lang", "en", "outlook", str(path), "--event", "team"]) == 0
    out = capsys.readouterr().out
    # two matches left at 2 match points each: Ajax at most 4 + 2
    assert "2 matches left" in out and "Ajax  4       6" in out
    assert main(["--lang", "en", "compare", str(path), "--event", "team", "--rules", "fide-2024,fide-2026", "--criteria", "BH:MP"]) == 0
    assert "No player's place differs." in capsys.readouterr().out
    assert main(["--lang", "en", "explain", str(path), "--event", "team", "--match-scoring", "3/1/0", "--player", "Ajax", "--criteria", "points"]) == 0
    assert "Ajax: 6 points" in capsys.readouterr().out  # two won matches on 3/1/0


@pytest.mark.parametrize("command", ["rank", "explain", "outlook", "compare"])
def test_a_trf_file_refuses_the_options_it_decides_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    import random

    from team_events import make_team_event

    path = tmp_path / "teams.trf"
    path.write_text(make_team_event(random.Random(9), 1)[0], encoding="utf-8")
    extra = {"explain": ["--player", "1"], "compare": ["--rules", "fide-2024,fide-2026"]}.get(command, [])
    assert main(["--lang", "en", command, str(path), "--scoring", "3/1/0", "--event", "team", *extra]) == 1
    err = capsys.readouterr().err
    assert "--scoring, --event: for workbooks; a TRF file says its scoring and kind of event itself" in err


def test_the_python_api_reads_a_match_table_as_told(tmp_path: Path) -> None:
    import tiebreak

    t = tiebreak.read(TEAM_RR, event="team")
    # Ajax won both; Bols lost to Ajax and drew 2:2 with Dama; Cito lost to Ajax and beat Dama 4:0
    assert t.points == [4.0, 1.0, 2.0, 1.0]
    assert tiebreak.read(TEAM_RR, event="team", match_scoring="3/1/0").points == [6.0, 1.0, 3.0, 1.0]
    assert tiebreak.read(TEAM_RR, event="team", primary="GP").points == [5.5, 3.0, 5.5, 2.0]
    path = save_xlsx(TEAM_RR, tmp_path / "league.xlsx")
    assert tiebreak.read(path, event="team", primary="GP").points == [5.5, 3.0, 5.5, 2.0]
    with pytest.raises(tiebreak.SettingsError, match="Plus means 'maybe' must be win, forfeit or auto"):
        tiebreak.read(TEAM_RR, plus="maybe")


def test_the_outlook_of_a_match_event_counts_matches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = save_xlsx(TEAM_RR, tmp_path / "league.xlsx")
    assert main(["--lang", "ru", "outlook", str(path), "--event", "team"]) == 0
    assert "После 2-го тура из 3: осталось матчей: 2." in capsys.readouterr().out  # Ajax–Dama and Bols–Cito
    # a micro-match event read game by game: its games are what is left (the match Орлов–Волкова, two games)
    micro = [row[:] for row in MICRO]
    micro[1][5] = micro[4][2] = None
    path = save_xlsx(micro, tmp_path / "micro.xlsx")
    assert main(["--lang", "en", "outlook", str(path), "--event", "micro"]) == 0
    assert "2 games left" in capsys.readouterr().out
