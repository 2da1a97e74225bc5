"""A micro-match event in progress counts its rounds as matches: round k is each player's k-th match, not his k-th game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import save_xlsx

import tiebreak
from tiebreak.cli.commands import main
from tiebreak.core.errors import SettingsError
from tiebreak.core.progress import at_round, pending_note, progress

# a Swiss of micro-matches (draughts, two games a match on 2/1/0), rounds 1-2 complete, round 3 half entered:
# Анна beat Борис 2+1 : 0+1 (3:1, 2 MP), drew Вера 0+2 : 2+0 and Глеб 1+1 : 1+1 (1 MP each): MP 4, GP 7
# Борис lost to Анна (0), beat Глеб 2+2 : 0+0 (2): MP 2, GP 5; Вера drew Глеб and Анна: MP 2, GP 4; Глеб: MP 2, GP 4
# round 3: Анна – Глеб entered, Борис – Вера not yet
MICRO_SWISS: list[list[object]] = [
    ["№", "Участник", "Тур 1", "Тур 2", "Тур 3", "МО", "ИО"],
    [1, "Анна", "2б 2 1", "3ч 0 2", "4б 1 1", 4, 7],
    [2, "Борис", "1ч 0 1", "4б 2 2", None, 2, 5],
    [3, "Вера", "4ч 1 1", "1б 2 0", None, 2, 4],
    [4, "Глеб", "3б 1 1", "2ч 0 0", "1ч 1 1", 2, 4],
]


def test_a_micro_match_swiss_in_progress_counts_matches() -> None:
    t = tiebreak.read_table(MICRO_SWISS)
    p = progress(t)
    assert (p.after_round, p.rounds, p.played) == (2, 3, 3)  # two matches complete of three, the third being entered
    assert t.points == [5.0, 5.0, 4.0, 2.0]  # game points after round 2: Анна 3+2, Борис 1+4, Вера 2+2, Глеб 2+0
    assert pending_note(t) == "round 3: 1 of 2 results missing: Борис, Вера"
    first = at_round(t, 1)
    assert progress(first).after_round == 1 and first.points == [3.0, 1.0, 2.0, 2.0]
    third = at_round(t, 3)  # the entered match of round 3 counts
    assert progress(third).after_round == 3 and third.points == [7.0, 5.0, 4.0, 4.0]
    with pytest.raises(SettingsError, match="after round 4: the table has rounds 1–3"):
        at_round(t, 4)


def test_a_finished_micro_match_round_robin_is_after_its_last_match() -> None:
    from test_match_tables import MICRO  # four players, three matches each

    p = progress(tiebreak.read_table(MICRO))
    assert (p.after_round, p.rounds, p.played) == (3, 3, 3)


@pytest.mark.parametrize(("lang", "line"), [("en", "after round 2 of 3"), ("ru", "после 2-го тура из 3")])
def test_the_cli_says_the_micro_match_round(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, line: str) -> None:
    path = save_xlsx(MICRO_SWISS, tmp_path / "micro.xlsx")
    assert main(["--lang", lang, "rank", str(path)]) == 0
    assert line in capsys.readouterr().out
    assert main(["rank", str(path), "--format", "json", "--after-round", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["after_round"], data["rounds"]) == (1, 3)
    assert {s["name"]: s["game_points"] for s in data["standings"]} == {"Анна": 3.0, "Борис": 1.0, "Вера": 2.0, "Глеб": 2.0}
