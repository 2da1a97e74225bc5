"""``--after-round K`` on every command that ranks: explain, compare, export and outlook count the event as rank does.

The event: eight players, rounds 1-2 complete, round 3 paired with one result
in and three pending (``tests/test_progress.py``).  Each command after round K
must give what ``tiebreak rank --after-round K`` gives (and, for a complete
round K, what the table cut after round K gives); a round-robin matrix is
refused with its reason, in both languages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import save_xlsx
from test_progress import grid

from tiebreak.cli.commands import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return save_xlsx(grid(), tmp_path / "event.xlsx")


def standings(data: dict[str, Any]) -> dict[int, tuple[Any, ...]]:
    return {s["number"]: (s["place"], s["points"], tuple(sorted(s["values"].items()))) for s in data["standings"]}


@pytest.mark.parametrize("k", [1, 2, 3])
def test_explain_after_round_k_is_what_rank_after_round_k_says(book: Path, capsys: pytest.CaptureFixture[str], k: int) -> None:
    ranked = run(capsys, "rank", str(book), "--after-round", str(k), "--criteria", "BH, SB", "--rules", "fide-2024", "--format", "json")
    places = run(capsys, "explain", str(book), "--place", "--after-round", str(k), "--criteria", "BH, SB", "--rules", "fide-2024", "--format", "json")
    assert places["separations"] == ranked["separations"]
    for s in ranked["standings"]:
        found = run(capsys, "explain", str(book), "--player", str(s["number"]), "--after-round", str(k), "--criteria", "BH, SB", "--rules", "fide-2024", "--format", "json")
        assert {e["code"]: e["total"] for e in found["explanations"]} == s["values"]
        assert found["points"] == s["points"]
    assert (places["after_round"], places["rounds"]) == (k, 3)
    assert main(["explain", str(book), "--place", "--after-round", str(k), "--lang", "ru"]) == 0
    assert f"после {k}-го тура из 3" in capsys.readouterr().out.splitlines()[1]
    assert main(["explain", str(book), "--player", "1", "--after-round", str(k), "--lang", "en"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == f"after round {k} of 3"
    # the explanation rows are the rounds counted: 1..k (round 3's pending games are not there)
    found = run(capsys, "explain", str(book), "--player", "3", "--after-round", str(k), "--criteria", "BH", "--rules", "fide-2024", "--format", "json")
    assert [r["round"] for r in found["explanations"][0]["rows"] if isinstance(r["round"], int)] == list(range(1, min(k, 2) + 1))


@pytest.mark.parametrize("k", [1, 2])
def test_compare_after_round_k_is_the_comparison_of_the_table_cut_after_round_k(tmp_path: Path, book: Path, capsys: pytest.CaptureFixture[str], k: int) -> None:
    cut = save_xlsx(grid(k), tmp_path / "cut.xlsx")
    for argv in (["--rules", "ru,fide-2024"], ["--rules", "plain", "--criteria", "BH, SB"]):
        got = run(capsys, "compare", str(book), *argv, "--after-round", str(k), "--format", "json")
        want = run(capsys, "compare", str(cut), *argv, "--format", "json")
        # the same comparison; where the event stands: after round k of the 3 scheduled (the cut table has k rounds in all)
        assert (got.pop("after_round"), got.pop("rounds"), want.pop("after_round"), want.pop("rounds")) == (k, 3, k, k)
        assert got == want
    assert main(["compare", str(book), "--rules", "ru,fide-2024", "--after-round", str(k)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == f"after round {k} of 3"
    assert main(["compare", str(cut), "--rules", "ru,fide-2024"]) == 0
    assert [lines[0], *lines[2:]] == capsys.readouterr().out.splitlines()


def test_compare_after_round_3_counts_the_entered_game(tmp_path: Path, book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # round 3: Ann beat Bob, the other three boards pending; the comparison is of the standings rank prints after round 3
    got = run(capsys, "compare", str(book), "--criteria", "BH", "--criteria", "SB", "--rules", "fide-2024", "--after-round", "3", "--format", "json")
    bh = run(capsys, "rank", str(book), "--after-round", "3", "--criteria", "BH", "--rules", "fide-2024", "--format", "json")
    sb = run(capsys, "rank", str(book), "--after-round", "3", "--criteria", "SB", "--rules", "fide-2024", "--format", "json")
    a = {s["number"]: s["place"] for s in bh["standings"]}
    b = {s["number"]: s["place"] for s in sb["standings"]}
    assert {d["number"]: tuple(d["places"]) for d in got["differences"]} == {n: (a[n], b[n]) for n in a if a[n] != b[n]}
    assert {d["number"]: d["points"] for d in got["differences"]} == {s["number"]: s["points"] for s in bh["standings"] if a[s["number"]] != b[s["number"]]}


@pytest.mark.parametrize("k", [1, 2, 3])
def test_export_after_round_k_writes_the_event_as_it_stood(tmp_path: Path, book: Path, capsys: pytest.CaptureFixture[str], k: int) -> None:
    out = tmp_path / f"after{k}.trf"
    assert main(["export", str(book), "--trf", str(out), "--after-round", str(k)]) == 0
    assert f"{k} round" in capsys.readouterr().err
    text = out.read_text(encoding="utf-8")
    assert "XXR 3" in text  # the rounds scheduled: the file reads back as the unfinished event it is
    want = run(capsys, "rank", str(book), "--after-round", str(k), "--format", "json")
    got = run(capsys, "rank", str(out), "--after-round", str(k), "--format", "json")
    assert standings(got) == standings(want)
    assert (got["after_round"], got["rounds"]) == (k, 3)
    if k == 3:  # the pending games are written as pairings without a result, as a TRF saved after pairing
        lines = {line[4:8].strip(): line for line in text.splitlines() if line.startswith("001")}
        assert lines["3"].rstrip().endswith("4 b") and lines["4"].rstrip().endswith("3 w")
        assert run(capsys, "rank", str(out), "--format", "json")["after_round"] == 2  # as it stands: round 3 being entered


@pytest.mark.parametrize(("k", "games"), [(1, 4), (2, 4), (3, 3)])
def test_outlook_after_round_k_counts_points_as_rank_does(book: Path, capsys: pytest.CaptureFixture[str], k: int, games: int) -> None:
    ranked = run(capsys, "rank", str(book), "--after-round", str(k), "--format", "json")
    found = run(capsys, "outlook", str(book), "--after-round", str(k), "--format", "json")
    assert {p["number"]: p["points"] for p in found["players"]} == {s["number"]: s["points"] for s in ranked["standings"]}
    # after round 1 or 2 the games left are round k+1's four pairings; after round 3 its three pending boards
    assert (found["after_round"], found["rounds"], found["games_left"]) == (k, 3, games)
    # every player still to play in the games left can add a win; after round 3 Ann and Bob (their game is in) cannot
    assert {p["number"] for p in found["players"] if p["max_points"] == p["points"] + 1} == ({3, 4, 5, 6, 7, 8} if k == 3 else set(range(1, 9)))


def test_outlook_after_round_k_of_a_round_robin_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a four-player round robin, all three rounds entered; after round 1 four games are left
    rows = {1: ["   2 w 1", "   3 b 1", "   4 w 1"], 2: ["   1 b 0", "   4 w 1", "   3 b ="], 3: ["   4 w 0", "   1 w 0", "   2 w ="], 4: ["   3 b 1", "   2 b 0", "   1 b 0"]}
    text = "012 RR\n092 Round Robin\nXXR 3\n" + "".join(f"001 {n:4d}      P{n}".ljust(91) + "  ".join(c) + "\n" for n, c in rows.items())
    path = tmp_path / "rr.trf"
    path.write_text(text, encoding="utf-8")
    found = run(capsys, "outlook", str(path), "--after-round", "1", "--format", "json")
    assert (found["after_round"], found["games_left"]) == (1, 4)
    assert {p["number"]: (p["points"], p["max_points"], p["can_win"]) for p in found["players"]} == {
        1: (1, 3, True), 2: (0, 2, True), 3: (0, 2, True), 4: (1, 3, True)
    }
    assert main(["outlook", str(path), "--after-round", "3"]) == 0
    assert "no games are left" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("lang", "reason"),
    [("en", "a round-robin matrix does not say in which round a game was played"), ("ru", "круговая таблица не говорит, в каком туре сыграна партия")],
)
@pytest.mark.parametrize("command", [["rank"], ["explain", "--place"], ["compare", "--rules", "ru,plain"], ["export", "--trf", "OUT"], ["outlook"]])
def test_every_command_refuses_a_round_robin_matrix_after_round_k(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, reason: str, command: list[str]) -> None:
    matrix = [["No", "Name", 1, 2, 3, 4], [1, "Ann", "X", 1, 1, None], [2, "Bob", 0, "X", None, 1], [3, "Cid", 0, None, "X", 0.5], [4, "Dan", None, 0, 0.5, "X"]]
    path = save_xlsx(matrix, tmp_path / "rr.xlsx")
    argv = [command[0], str(path), *[str(tmp_path / "out.trf") if a == "OUT" else a for a in command[1:]], "--after-round", "1", "--lang", lang]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert reason in err and ("after round 1" in err or "после тура 1" in err)
    assert not (tmp_path / "out.trf").exists()


@pytest.mark.parametrize("command", ["rank", "explain", "compare", "export", "outlook"])
def test_the_after_round_option_is_one_definition(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help", "--lang", "en"])
    assert done.value.code == 0
    assert "count the event as it stood after round K" in " ".join(capsys.readouterr().out.split())
    assert main([command, "FILE", "--after-round", "two"]) == 2
    assert "--after-round" in capsys.readouterr().err


def test_explain_and_compare_after_round_k_of_a_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from test_progress import UNFINISHED, _trf

    path = tmp_path / "event.trf"
    path.write_text(_trf(UNFINISHED, "XXR 3\n"), encoding="utf-8")
    cut = tmp_path / "cut.trf"  # round 1 only
    cut.write_text(_trf([(n, name, cells[:8]) for n, name, cells in UNFINISHED], "XXR 3\n"), encoding="utf-8")
    for k in (1, 2):
        ranked = run(capsys, "rank", str(path), "--after-round", str(k), "--criteria", "BH, SB", "--rules", "fide-2026", "--format", "json")
        for s in ranked["standings"]:
            found = run(capsys, "explain", str(path), "--player", str(s["number"]), "--after-round", str(k), "--criteria", "BH, SB", "--rules", "fide-2026", "--format", "json")
            assert {e["code"]: e["total"] for e in found["explanations"]} == s["values"], k
    got = run(capsys, "compare", str(path), "--rules", "ru,fide-2024", "--criteria", "BH, SB", "--after-round", "1", "--format", "json")
    assert got == run(capsys, "compare", str(cut), "--rules", "ru,fide-2024", "--criteria", "BH, SB", "--format", "json")
    assert (got["after_round"], got["rounds"]) == (1, 3)  # both files schedule 3 rounds (XXR 3)
    # after round 2 Ann–Cid is pending: Ann's BH under fide-2024 is Bob's score alone (no dummy for round 2)
    found = run(capsys, "explain", str(path), "--player", "1", "--after-round", "2", "--criteria", "BH", "--rules", "fide-2024", "--format", "json")
    assert found["explanations"][0]["total"] == 1.0  # Bob: lost to Ann, beat Dan
