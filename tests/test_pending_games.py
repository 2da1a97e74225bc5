"""A game waiting for its result is simply not there yet, under every rule set.

The rule chosen (README, "During the tournament"): a player whose game of a
counted round waits for its result has that round left out, as if his row
stopped before it; he has one round fewer (no dummy or virtual opponent for
it, no unplayed round, no withdrawal), and his opponents count his score as
the score of the rounds he has.  The oracle is the same event with those
players' rows cut before the round, and FIDE's own checker (gacrux) with
those rounds removed from its competitors.  FB, which counts every game
paired in the last round as a draw, counts a pending game of the last round
as a draw too.
"""

from __future__ import annotations

import copy
import random
from decimal import Decimal
from typing import Any

import pytest
from gacrux import tiebreak as gacrux_tiebreak
from gacrux import trf2json as gacrux_trf2json
from hypothesis import given, settings
from hypothesis import strategies as st

import tiebreak
from tiebreak.core.criteria import CRITERIA
from tiebreak.core.criterion import ValueCriterion
from tiebreak.core.match_codes import MATCH_CRITERIA
from tiebreak.core.model import Kind, Tournament
from tiebreak.core.progress import at_round, progress
from tiebreak.core.ranking import rank
from tiebreak.core.rules import RULE_SETS
from tiebreak.io.trf import read_trf

# the team codes (MPvGP, EMGSB, BC ...) need a match event and refuse a table of single games
VALUE_CODES = sorted({c.code for c in CRITERIA.values() if isinstance(c, ValueCriterion)} - {"FB", "points"} - {c.code for c in MATCH_CRITERIA})
POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "H": 0.5, "Z": 0.0}


def make_trf(seed: int) -> tuple[str, int, list[tuple[int, int]]]:
    """A random Swiss as TRF: rounds 1..k-1 complete (byes U/H/Z, forfeits), round k paired with some results missing.

    Returns the text, k and the pending games (white, black) as start numbers.
    """
    rng = random.Random(seed)
    n = rng.randint(6, 14)
    k = rng.randint(2, 6)
    cells: list[list[str]] = [[] for _ in range(n)]
    score = [0.0] * n
    pending: list[tuple[int, int]] = []
    for r in range(k):
        last = r == k - 1
        present = []
        for p in range(n):
            u = rng.random()
            if not last and u < 0.06:
                cells[p].append("0000 - H")
                score[p] += 0.5
            elif not last and u < 0.12:
                cells[p].append("0000 - Z")
            else:
                present.append(p)
        order = sorted(present, key=lambda p: (-score[p], rng.random()))
        if len(order) % 2:
            bye = order.pop()
            cells[bye].append("0000 - U")
            score[bye] += 1.0
        pairs = list(zip(order[0::2], order[1::2]))
        waiting = set(rng.sample(range(len(pairs)), rng.randint(1, len(pairs)))) if last and pairs else set()
        for g, (a, b) in enumerate(pairs):
            if g in waiting:
                cells[a].append(f"{b + 1:4d} w  ")
                cells[b].append(f"{a + 1:4d} b  ")
                pending.append((a + 1, b + 1))
                continue
            u = rng.random()
            wa, wb = ("+", "-") if u < 0.06 else ("1", "0") if u < 0.45 else ("=", "=") if u < 0.7 else ("0", "1")
            cells[a].append(f"{b + 1:4d} w {wa}")
            cells[b].append(f"{a + 1:4d} b {wb}")
            score[a] += POINTS[wa]
            score[b] += POINTS[wb]
    lines = ["012 Pending games", "042 2025/06/01" if seed % 2 else "042 2026/06/01", "092 Swiss", f"XXR {k + 2}"]
    for p in range(n):
        head = f"001 {p + 1:4d} m    {'Player ' + str(p + 1):<33} {1500 + 37 * p:4d}".ljust(80) + f"{score[p]:4.1f} {p + 1:4d}"
        lines.append((head.ljust(91) + "  ".join(cells[p])).rstrip())
    return "\n".join(lines) + "\n", k, pending


def without_waiting(t: Tournament) -> Tournament:
    """The oracle: ``t`` with each waiting player's row cut before the round he waits in (his last), nothing pending."""
    waiting = t.waiting
    assert all(i == t.rounds - 1 for _p, i in waiting)  # the generator's pending games are all in the last round
    cut = Tournament(
        players=t.players,
        rounds=t.rounds,
        opp=[list(row[:-1]) if (p, t.rounds - 1) in waiting else list(row) for p, row in enumerate(t.opp)],
        pts=[list(row[:-1]) if (p, t.rounds - 1) in waiting else list(row) for p, row in enumerate(t.pts)],
        kind=[list(row[:-1]) if (p, t.rounds - 1) in waiting else list(row) for p, row in enumerate(t.kind)],
        colour=[list(row[:-1]) if (p, t.rounds - 1) in waiting else list(row) for p, row in enumerate(t.colour)],
        scoring=t.scoring,
        system=t.system,
        scheduled=t.rounds_scheduled,
    )
    assert not cut.waiting
    return cut


def counted(text: str, k: int) -> Tournament:
    t = at_round(read_trf(text), k)
    assert t.rounds == k and t.pending and progress(t).after_round == k
    return t


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_pending_games_counted_after_round_k_are_not_there_yet(seed: int) -> None:
    text, k, _pending = make_trf(seed)
    t = counted(text, k)
    oracle = without_waiting(t)
    # under ru a row cut after a zero-point bye would read as a withdrawal; a player waiting for a result never withdrew
    stopped = any(oracle.kind[p][-1] in (Kind.ABSENT, Kind.ZERO_BYE) for p, _i in t.waiting)
    for rules in RULE_SETS:
        if rules == "ru" and stopped:
            assert not any("withdrew" in n for n in rank(t, None, rules).notes)
            continue
        for code in VALUE_CODES:
            got, want = tiebreak.values(t, code, rules), tiebreak.values(oracle, code, rules)
            assert got == pytest.approx(want, nan_ok=True), (rules, code)
        ours, theirs = rank(t, None, rules), rank(oracle, None, rules)
        assert [s.place for s in ours.by_player()] == [s.place for s in theirs.by_player()], rules
        assert not any("withdrew" in n for n in ours.notes), rules


def test_a_pending_game_gets_no_dummy_opponent_by_hand() -> None:
    # Ann beat Bob, Cid drew Dan in round 1; round 2 Ann–Cid won by Ann, Bob–Dan paired without a result
    text = (
        "012 Demo\n092 Swiss\nXXR 3\n"
        + "001    1      Ann".ljust(91) + "   2 w 1     3 w 1\n"
        + "001    2      Bob".ljust(91) + "   1 b 0     4 w  \n"
        + "001    3      Cid".ljust(91) + "   4 w =     1 b 0\n"
        + "001    4      Dan".ljust(91) + "   3 b =     2 b  \n"
    )
    t = at_round(read_trf(text), 2)
    for rules in ("fide-2024", "fide-2026", "fide-2009", "ru", "plain"):
        bh = tiebreak.values(t, "BH", rules)
        # Ann: Bob 0 + Cid 0.5; Bob: Ann 2 (one round: no dummy for round 2); Cid: Dan 0.5 + Ann 2; Dan: Cid 0.5
        assert bh == [0.5, 2.0, 2.5, 0.5], rules
    # under ru a player waiting for a result is no withdrawal; nothing is credited
    assert not rank(t, None, "ru").notes or not any("withdrew" in n for n in rank(t, None, "ru").notes)
    # FB counts the pending game of the last round as a draw, as it counts every game paired in it
    drawn = at_round(read_trf(text.replace("4 w  ", "4 w =").replace("2 b  ", "2 b =")), 2)
    assert tiebreak.values(t, "FB", "fide-2024") == tiebreak.values(drawn, "FB", "fide-2024")


# ------------------------------------------------------------------------------ gacrux, the pending rounds removed
def gacrux_values(text: str, removed: set[tuple[int, int]], codes: list[str]) -> dict[int, dict[str, float | None]]:
    """gacrux's values for ``text`` with the results of ``removed`` (start number, round) not there at all."""
    chessfile = gacrux_trf2json.trf2json()
    chessfile.parse_file(text, 0)
    assert chessfile.chessjson["status"]["code"] <= 400, chessfile.chessjson["status"]
    tournament = copy.deepcopy(chessfile.get_tournament(1))
    original = gacrux_tiebreak.tiebreak.prepare_competitors

    def prepare(self: Any, tm: Any, scorename: Any) -> Any:
        cmps = original(self, tm, scorename)
        for number, rnd in removed:
            cmps[number]["rsts"].pop(rnd, None)
        return cmps

    params = {"tiebreak": ["PTS", *codes], "check": 0, "current_round": -1, "pre_determined": False, "swiss": True, "unrated": None}
    gacrux_tiebreak.tiebreak.prepare_competitors = prepare  # type: ignore[method-assign]
    try:
        tb = gacrux_tiebreak.tiebreak(tournament, -1, params)
        result = tb.compute_tiebreaks(tournament, params)
    finally:
        gacrux_tiebreak.tiebreak.prepare_competitors = original  # type: ignore[method-assign]
    rows: dict[int, dict[str, float | None]] = {}
    for comp in result["competitors"]:
        rows[comp["cid"]] = {
            code: None if value is None else float(value) if isinstance(value, (Decimal, int, float)) else value
            for code, value in zip(params["tiebreak"], comp["tiebreakScore"])
        }
    return rows


GACRUX_CODES = ["BH", "BH/C1", "BH/M1", "SB", "WIN", "WON"]


def test_pending_games_agree_with_gacrux_with_those_rounds_removed() -> None:
    compared = 0
    for seed in range(40):
        text, k, pending = make_trf(seed)
        t = counted(text, k)
        # for gacrux the pending cells are blank and those rounds removed from the players' results; XXR = the rounds counted
        blank = text.replace(f"XXR {k + 2}", f"XXR {k}")
        for a, b in pending:
            blank = blank.replace(f"{b:4d} w  ", "        ").replace(f"{a:4d} b  ", "        ")
        removed = {(x, k) for pair in pending for x in pair}
        theirs = gacrux_values(blank, removed, GACRUX_CODES)
        for code in GACRUX_CODES:
            ours = tiebreak.values(t, code, t.rules)
            for i, player in enumerate(t.players):
                assert ours[i] == pytest.approx(theirs[player.number][code]), (seed, code, player.number)
                compared += 1
        assert [theirs[p.number]["PTS"] for p in t.players] == t.points
    assert compared >= 40 * 6 * 6


def test_the_cli_ranks_pending_games_as_not_there(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    import json
    import pathlib

    from tiebreak.cli.commands import main

    text, k, _pending = make_trf(7)
    path = pathlib.Path(str(tmp_path)) / "event.trf"
    path.write_text(text, encoding="utf-8")
    t = counted(text, k)
    oracle = without_waiting(t)
    for rules in ("fide-2024", "fide-2026", "fide-2009"):
        assert main(["rank", str(path), "--after-round", str(k), "--rules", rules, "--criteria", "BH, BH/C1, SB", "--format", "json"]) == 0
        data = json.loads(capsys.readouterr().out)
        want = {c: tiebreak.values(oracle, c, rules) for c in ("BH", "BH/C1", "SB")}
        for s in data["standings"]:
            i = s["number"] - 1
            assert s["values"] == {c: pytest.approx(round(want[c][i], 2)) for c in want}, rules


def test_a_player_waiting_for_a_result_is_not_absent_kind() -> None:
    # the model keeps a waiting entry as an empty one; what makes it "not there" is Tournament.waiting
    t = counted(*make_trf(3)[:2])
    for p, i in t.waiting:
        assert t.kind[p][i] == Kind.ABSENT and t.opp[p][i] < 0 and t.pts[p][i] == 0.0


def test_empty_cells_of_a_round_being_entered_are_not_there_either() -> None:
    from test_progress import _headed, grid

    from tiebreak.reading import read_table

    rows = [list(r) for r in grid()]
    for row in rows[3:]:  # round 3: Ann beat Bob; the six others' cells still empty (no pairing written); R4, R5 headed
        row[4] = None
    t = at_round(read_table(_headed(rows, 2)), 3)
    assert sorted(p for p, _i in t.waiting) == [2, 3, 4, 5, 6, 7] and not t.pending
    oracle = without_waiting(t)
    for rules in RULE_SETS:
        for code in ("BH", "BH/C1", "SB", "PS", "buchholz", "solkoff", "AOB"):
            assert tiebreak.values(t, code, rules) == pytest.approx(tiebreak.values(oracle, code, rules)), (rules, code)
        assert not any("withdrew" in n for n in rank(t, None, rules).notes), rules
    # Cid under fide-2024: Gus (0) and Ann (3 after round 3), no dummy opponent for round 3
    assert tiebreak.values(t, "BH", "fide-2024")[2] == 0.0 + 3.0
