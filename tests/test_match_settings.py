"""The match-event settings: the kind of event, the match points and the primary score, on the command line
(--event, --match-scoring, --primary) and as rows of the settings sheet (Event / Турнир, Match scoring / Очки за матч,
Primary score / Основные очки), read by tiebreak rank and by the Rank script."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import openpyxl  # type: ignore[import-untyped]
import pytest
from helpers import save_xlsx

from tiebreak.cli.commands import main
from tiebreak.core.errors import SettingsError
from tiebreak.core.match import MatchSettings
from tiebreak.core.model import Scoring
from tiebreak.plan.settings import Settings

ROOT = Path(__file__).resolve().parents[1]

# a team Swiss of four teams on four boards, without MP and GP columns:
# Ajax: beat Dama 3:1, beat Bols 2.5:1.5, drew Cito 2:2          -> GP 7.5, on 2/1/0: 5 MP, on 3/1/0: 7 MP
# Bols: beat Cito 2.5:1.5, lost to Ajax 1.5:2.5, beat Dama by forfeit (4 GP) -> GP 8, 4 MP, 6 MP
# Cito: lost to Bols 1.5:2.5, beat Dama 3:1, drew Ajax 2:2        -> GP 6.5, 3 MP, 4 MP
# Dama: lost 1:3, lost 1:3, lost by forfeit                       -> GP 2, 0 MP
NO_TOTALS: list[list[Any]] = [
    ["No", "Team", "R1", "R2", "R3"],
    [1, "Ajax", "4w3", "2b2,5", "3w2"],
    [2, "Bols", "3b2,5", "1w1,5", "4+F"],
    [3, "Cito", "2w1,5", "4b3:1", "1b2"],
    [4, "Dama", "1b1", "3w1", "2-F"],
]


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["--lang", "en", "rank", *argv, "--format", "json", "--rules", "fide-2024", "--criteria", "MPvGP"]) == 0
    return dict(json.loads(capsys.readouterr().out))


def _by_name(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {s["name"]: s[key] for s in data["standings"]}


def test_a_table_without_totals_is_a_match_event_when_the_option_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(save_xlsx(NO_TOTALS, tmp_path / "teams.xlsx"))
    assert main(["--lang", "en", "rank", path]) == 1  # read as single games, '2,5' after the opponent is no game's result
    assert "is not a result" in capsys.readouterr().err
    data = _json(capsys, path, "--event", "team")
    assert data["event"] == "team" and data["primary"] == "MP" and data["boards"] == 4 and data["match_scoring"] == "2/1/0"
    assert _by_name(data, "match_points") == {"Ajax": 5.0, "Bols": 4.0, "Cito": 3.0, "Dama": 0.0}
    assert _by_name(data, "game_points") == {"Ajax": 7.5, "Bols": 8.0, "Cito": 6.5, "Dama": 2.0}
    data = _json(capsys, path, "--event", "team", "--match-scoring", "3/1/0")
    assert data["match_scoring"] == "3/1/0" and _by_name(data, "points") == {"Ajax": 7.0, "Bols": 6.0, "Cito": 4.0, "Dama": 0.0}
    data = _json(capsys, path, "--event", "team", "--primary", "gp")
    assert data["primary"] == "GP" and _by_name(data, "points") == _by_name(data, "game_points")
    assert [s["name"] for s in data["standings"]] == ["Bols", "Ajax", "Cito", "Dama"]  # 8, 7.5, 6.5, 2 game points
    assert _by_name(data, "place") == {"Bols": "1", "Ajax": "2", "Cito": "3", "Dama": "4"}


def test_a_table_without_totals_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    grid = [row[:4] + ([row[4]] if row[0] in ("No", 1, 3) else [None]) for row in NO_TOTALS]  # round 3: Ajax - Cito in, Bols - Dama not yet
    path = str(save_xlsx(grid, tmp_path / "teams.xlsx"))
    data = _json(capsys, path, "--event", "team")
    assert (data["after_round"], data["rounds"]) == (2, 3)
    assert _by_name(data, "match_points") == {"Ajax": 4.0, "Bols": 2.0, "Cito": 2.0, "Dama": 0.0}  # after round 2
    data = _json(capsys, path, "--event", "team", "--after-round", "3")
    assert _by_name(data, "match_points") == {"Ajax": 5.0, "Bols": 2.0, "Cito": 3.0, "Dama": 0.0}  # the match entered counts


def test_individual_reads_a_match_table_as_games_and_a_team_event_needs_its_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "rank", str(ROOT / "workbooks" / "team_swiss.xlsx"), "--event", "individual"]) == 1
    assert "is not a result" in capsys.readouterr().err
    path = str(save_xlsx([["Nothing", "here"], [1, 2]], tmp_path / "bad.xlsx"))
    for lang, text in (
        ("en", "the settings say a team event, but no row of the table heads its rounds (R1, R2 … or 1, 2 …) beside a number or name column"),
        ("ru", "в настройках указан командный турнир, но ни в одной строке таблицы нет заголовков туров"),
    ):
        assert main(["--lang", lang, "rank", path, "--event", "team"]) == 1
        assert text in capsys.readouterr().err
    assert main(["--lang", "ru", "rank", path, "--event", "micro"]) == 1
    assert "в настройках указан турнир микроматчей" in capsys.readouterr().err
    assert main(["--lang", "en", "rank", path, "--event", "team", "--match-scoring", "3/x/0"]) == 1
    assert "match scoring: scoring '3/x/0': write it as win/draw/loss" in capsys.readouterr().err


def test_the_settings_rows() -> None:
    s = Settings.from_grid([["Rule set / Правила", "fide-2024"], ["Турнир", "Команды"], ["Очки за матч", "3/1/0"], ["Основные очки", "ИО"], ["Очки за партию", "auto"]])
    assert s.match_value() == MatchSettings("team", Scoring(3.0, 1.0, 0.0), "GP") and s.scoring_value() is None
    assert Settings.from_grid([["Event / Турнир", "micro"]]).match_value() == MatchSettings("micro")
    assert Settings().match_value() == MatchSettings()
    with pytest.raises(SettingsError, match="settings: event 'league': write individual, team or micro"):
        Settings(event="league").validate()
    with pytest.raises(SettingsError, match="settings: score 'points': write MP"):
        Settings(primary="points").validate()


def _with_settings(tmp_path: Path, rows: list[list[Any]], name: str = "teams.xlsx") -> Path:
    path = save_xlsx(NO_TOTALS, tmp_path / name)
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet("tiebreak")
    for row in rows:
        ws.append(row)
    wb.save(path)
    return path


def test_the_settings_sheet_makes_a_match_event_for_the_cli_and_the_rank_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from test_rank_script import alert, payload, run_script, sheet_writes

    rows = [["Rule set / Правила", "fide-2024"], ["Criteria / Критерии", "MPvGP"], ["Event / Турнир", "team"], ["Match scoring / Очки за матч", "3/1/0"]]
    path = _with_settings(tmp_path, rows)
    assert main(["--lang", "en", "rank", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["event"] == "team" and _by_name(data, "points") == {"Ajax": 7.0, "Bols": 6.0, "Cito": 4.0, "Dama": 0.0}
    # the command line overrides the sheet
    assert main(["--lang", "en", "rank", str(path), "--format", "json", "--primary", "GP"]) == 0
    assert _by_name(json.loads(capsys.readouterr().out), "points") == {"Ajax": 7.5, "Bols": 8.0, "Cito": 6.5, "Dama": 2.0}
    actions = run_script(payload(path))
    writes = sheet_writes(actions, 0)
    assert len(writes) == 1
    w = writes[0]  # Place and MPvGP beside the table (A1:E5), from column F
    assert (w["start_row"], w["start_column"], w["row_count"], w["column_count"]) == (0, 5, 5, 2)
    assert [str(row[0]) for row in w["values"][1:]] == ["1", "2", "3", "4"]  # Ajax 7, Bols 6, Cito 4, Dama 0 match points
    assert "4" in alert(actions)
    # on game points (the sheet says so): Bols first
    path = _with_settings(tmp_path, [*rows, ["Primary score / Основные очки", "GP"]], "teams_gp.xlsx")
    w = sheet_writes(run_script(payload(path)), 0)[0]
    assert [str(row[0]) for row in w["values"][1:]] == ["2", "1", "3", "4"]


def test_a_team_event_without_criteria_is_ranked_by_the_club_criteria_for_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(save_xlsx(NO_TOTALS, tmp_path / "teams.xlsx"))
    assert main(["--lang", "en", "rank", path, "--event", "team", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # the README's default for teams: game points, the match between the tied teams, matches won, the higher boards
    # (TBR left out: the cells give only each match's game points)
    assert data["criteria"] == ["MPvGP", "h2h", "WIN"]
    assert _by_name(data, "values")["Ajax"] == {"MPvGP": 7.5, "h2h": None, "WIN": 2.0}


def test_a_bad_row_the_command_line_overrides_is_no_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [["Event / Турнир", "teem"], ["Primary score / Основные очки", "points"], ["Plus means / Плюс означает", "maybe"]]
    path = _with_settings(tmp_path, rows)
    assert main(["--lang", "en", "rank", str(path)]) == 1
    assert "sheet 'tiebreak': settings: Plus means 'maybe' must be win, forfeit or auto" in capsys.readouterr().err
    assert main(["--lang", "en", "rank", str(path), "--plus", "win"]) == 1  # the Event row is still the sheet's, and bad
    assert "sheet 'tiebreak': settings: event 'teem': write individual, team or micro" in capsys.readouterr().err
    # every bad row overridden: ranked as the options say (Ajax 5 MP on 2/1/0, 7.5 GP)
    data = _json(capsys, str(path), "--plus", "win", "--event", "team", "--primary", "MP")
    assert _by_name(data, "points") == {"Ajax": 5.0, "Bols": 4.0, "Cito": 3.0, "Dama": 0.0}
    data = _json(capsys, str(path), "--plus", "auto", "--event", "team", "--primary", "GP")
    assert _by_name(data, "points")["Ajax"] == 7.5
