"""A team Swiss as a club keeps it while round 3 is being paired: the pairings are written (``4б``, ``3ч``)
before the results, and a team table read as single games says what it looks like.

Four teams on four boards, Russian colour letters, no MP/GP columns (read with ``--event team``):

    R1: Ладья 3–1 Конь, Слон 2–2 Пешка        R2: Ладья 2,5–1,5 Слон, Пешка 2–2 Конь
    R3: Ладья–Пешка, Конь–Слон paired, no result yet

After round 2, on 2/1/0 match points: Ладья 4 (two wins), Пешка 2 (two draws), Слон 1 (a draw),
Конь 1 (a draw).  Game points: Ладья 5,5, Пешка 4, Слон 3,5, Конь 3.  Слон is above Конь on the
secondary score (MPvGP: game points 3,5 against 3).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import save_xlsx

from tiebreak.cli.commands import main

PAIRED: list[list[Any]] = [
    ["№", "Команда", "1", "2", "3"],
    [1, "Ладья", "2б3", "3ч2,5", "4б"],
    [2, "Конь", "1ч1", "4б2", "3ч"],
    [3, "Слон", "4ч2", "1б1,5", "2б"],
    [4, "Пешка", "3б2", "2ч2", "1ч"],
]


def test_pairings_written_ahead_of_their_results_are_a_round_still_to_come(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = save_xlsx(PAIRED, tmp_path / "teams.xlsx")
    assert main(["rank", str(book), "--event", "team", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    got = [(p["number"], p["match_points"], p["game_points"]) for p in data["standings"]]
    assert got == [(1, 4, 5.5), (4, 2, 4), (3, 1, 3.5), (2, 1, 3)]
    assert data["after_round"] == 2


@pytest.mark.parametrize(("lang", "words"), [("en", "or these are team match scores"), ("ru", "или это счета командных матчей")])
def test_read_as_single_games_it_says_it_looks_like_a_team_table(lang: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = save_xlsx(PAIRED, tmp_path / "teams.xlsx")
    assert main(["--lang", lang, "rank", str(book)]) == 1
    err = capsys.readouterr().err
    assert words in err and "--event team" in err and "D3" in err
    assert "Traceback" not in err
