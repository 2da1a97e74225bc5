"""The evaluation a rule set produces: per player and round, what is counted and why.

Every tie-break reads only the evaluation, so an explanation of any value
(which opponent, what was counted for him and why, whether it was cut) can be
read off it.  The event (white first):

    round 1: A–B 1–0, C–D forfeit (C wins), E has the pairing bye
    round 2: A–C ½–½, B–E 1–0, D absent
    round 3: A–E 1–0, B–C 0–1, D absent (D withdrew after round 1)

Points A 2.5, B 1, C 2.5, D 0, E 1.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tiebreak
from tiebreak.core.coefficients import cut_positions
from tiebreak.core.counting import Adjusted, Why
from tiebreak.core.model import Kind, Tournament
from tiebreak.core.rules import get_rules

SRC = Path(tiebreak.__file__).parent


def event() -> Tournament:
    t = Tournament.from_games(
        list("ABCDE"),
        [(1, "A", "B", 1, 0), (2, "A", "C", 0.5, 0.5), (2, "B", "E", 1, 0), (3, "A", "E", 1, 0), (3, "B", "C", 0, 1)],
        rounds=3,
    )
    c, d, e = t.index_of("C"), t.index_of("D"), t.index_of("E")
    t.set_entry(c, 1, d, "w", 1.0, Kind.FORFEIT_WIN)
    t.set_entry(d, 1, c, "b", 0.0, Kind.FORFEIT_LOSS)
    t.set_entry(e, 1, None, None, 1.0, Kind.PAIRING_BYE)
    for r in (2, 3):
        t.set_entry(d, r, None, None, 0.0, Kind.ABSENT)
    return t


def test_ru_records_forfeit_bye_and_withdrawal() -> None:
    t = event()
    assert t.points == [2.5, 1.0, 2.5, 0.0, 1.0]
    ev = get_rules("ru").evaluate(t)
    c, d, e = 2, 3, 4
    # D: his forfeit counts as a draw (½); he withdrew after round 1 with 0 points, as B had then;
    # B's rounds 2-3 brought 1 + 0, so D is credited 1: ½ + 1 = 1.5
    assert ev.credited[d] == 1.0 and ev.score[d] == 1.5
    assert ev.adjusted[d] == Adjusted.FORFEITS_AS_DRAWS | Adjusted.WITHDRAWAL_CREDIT
    assert ev.adjusted[c] == Adjusted.FORFEITS_AS_DRAWS and ev.score[c] == 2.0
    # C's round 1: the forfeit, against D as counted (1.5), credited a draw
    assert (ev.at[c][0], ev.whom[c][0], ev.why[c][0], ev.val[c][0], ev.credit[c][0]) == (0, d, Why.FORFEIT_AS_DRAW, 1.5, 0.5)
    # E's round 1: the bye, a win over a virtual opponent with the event's lowest score (D's 0)
    assert (ev.at[e][0], ev.whom[e][0], ev.why[e][0], ev.val[e][0], ev.credit[e][0]) == (0, -1, Why.VIRTUAL_BYE, 0.0, 1.0)
    # D's absent rounds are not counted games
    assert list(ev.at[d]) == [0]
    assert list(ev.played[c]) == [False, True, True] and list(ev.as_game[c]) == [False, True, True]
    assert ev.wins == [2, 1, 1, 0, 0]  # over the board only: C's forfeit and E's bye are not wins here
    assert any("D withdrew after round 1: credited 1" in n for n in ev.notes)


def test_fide_records_dummy_opponents_and_what_is_cut() -> None:
    t = event()
    ev = get_rules("fide-2024").evaluate(t)
    c, d, e = 2, 3, 4
    # C's forfeit win is a round against a dummy opponent with C's own score (C.07 16.4)
    assert (ev.whom[c][0], ev.why[c][0], ev.val[c][0]) == (-1, Why.DUMMY, 2.5)
    # D's absences after his last played round count as draws for his opponents (16.2.5): 0 + ½ + ½
    assert ev.score[d] == 1.0 and ev.adjusted[d] == Adjusted.UNPLAYED_AS_DRAWS
    assert list(ev.cut_first[d] or ()) == [True, True, True]  # a forfeit loss and absences: voluntarily unplayed
    # E: the bye (dummy, E's own 1), then B (1) and A (2.5); BH/C1 cuts the lowest, the dummy of round 1
    assert list(ev.val[e]) == [1.0, 1.0, 2.5] and list(ev.why[e]) == [Why.DUMMY, Why.GAME, Why.GAME]
    assert cut_positions(ev.val[e], 1, vur=ev.cut_first[e]) == [0]
    assert tiebreak.values(t, "BH/C1", "fide-2024")[e] == 3.5


def test_round_robin_forfeit_is_a_game_against_the_scheduled_opponent() -> None:
    """C.07 15.2: the forfeit counts against the scheduled opponent, tagged as a forfeit."""
    from tiebreak.io.trf import read_trf_file

    t = read_trf_file(Path(__file__).parent / "reference" / "c07_2026_articles" / "art15_2_rr.trf")
    ev = get_rules("fide-2026").evaluate(t)
    carol, alice = 2, 0
    assert ev.whom[carol] == [3, alice, 1]
    assert ev.why[carol] == [Why.GAME, Why.FORFEIT_AS_GAME, Why.GAME]
    assert list(ev.as_game[carol]) == [True, True, True] and list(ev.played[carol]) == [True, False, True]


# ------------------------------------------------------------------ the shape of the package
def _imports(module: str) -> set[str]:
    """Names a module imports from the package at its top level: ('rules', 'model.Kind', ...)."""
    tree = ast.parse((SRC / "core" / f"{module}.py").read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "tiebreak.core":
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tiebreak.core."):
            base = (node.module or "").removeprefix("tiebreak.core.")
            out.add(base)
            out.update(f"{base}.{a.name}" if base else a.name for a in node.names)
    return out


@pytest.mark.parametrize("module", ["coefficients", "fide", "criterion", "criteria"])
def test_tie_breaks_read_only_the_evaluation(module: str) -> None:
    """No tie-break module looks at kinds or calls back into the rule set."""
    names = _imports(module)
    assert "rules" not in names and "model.Kind" not in names, names
    source = (SRC / "core" / f"{module}.py").read_text(encoding="utf-8")
    assert ".kind" not in source and "Kind." not in source


def test_no_import_cycle_between_the_engine_modules() -> None:
    engine = ["model", "counting", "rules", "coefficients", "fide", "criterion", "criteria", "ranking", "numbers"]
    graph = {m: {i.split(".")[0] for i in _imports(m)} & set(engine) for m in engine}
    assert "criteria" not in graph["fide"] and "fide" in graph["criteria"]  # the registry imports the definitions
    seen: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import cycle: {' -> '.join((*path, m))}"
        if m in seen:
            return
        for n in graph[m]:
            visit(n, (*path, m))
        seen.add(m)

    for m in engine:
        visit(m, ())


def _credit_by_definition(t: Tournament) -> list[float]:
    """The ru withdrawal credit straight from its definition, one withdrawn player at a time:
    the average, over the players who had his score when he stopped, of their points (forfeits
    as draws) in his remaining rounds."""
    from tiebreak.core.rules import withdrawal_round

    n = len(t.players)
    draw = t.scoring.draw
    out = [0.0] * n
    for w in range(n):
        k = withdrawal_round(t, w)
        if k is None:
            continue
        after = sum(t.pts[w][:k])
        group = [p for p in range(n) if p != w and abs(sum(t.pts[p][:k]) - after) < 1e-9]
        if group:
            rest = [sum(draw if Kind(kk).is_forfeit else x for kk, x in zip(t.kind[p][k:], t.pts[p][k:])) for p in group]
            out[w] = sum(rest) / len(group)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_withdrawal_credit_grouped_once_per_round_equals_the_definition(seed: int) -> None:
    """The linear-time crediting (players grouped by score once per round) gives the definition's values."""
    import random

    rnd = random.Random(seed)
    names = [f"P{i}" for i in range(rnd.choice([9, 12, 15]))]
    rounds = 6
    gone = {p: rnd.randint(1, rounds - 1) for p in rnd.sample(range(len(names)), 3)}  # withdraws after that round
    t = Tournament.empty([tiebreak.Player(i + 1, n) for i, n in enumerate(names)], rounds)
    for r in range(1, rounds + 1):
        active = [p for p in range(len(names)) if gone.get(p, rounds) >= r]
        rnd.shuffle(active)
        if len(active) % 2:
            t.set_entry(active.pop(), r, None, None, 1.0, Kind.PAIRING_BYE)
        for a, b in zip(active[::2], active[1::2]):
            if rnd.random() < 0.15:
                t.set_entry(a, r, b, "w", 1.0, Kind.FORFEIT_WIN)
                t.set_entry(b, r, a, "b", 0.0, Kind.FORFEIT_LOSS)
            else:
                x = rnd.choice([1.0, 0.5, 0.0])
                t.set_entry(a, r, b, "w", x, Kind.PLAYED)
                t.set_entry(b, r, a, "b", 1.0 - x, Kind.PLAYED)
    ev = get_rules("ru").evaluate(t)
    expected = _credit_by_definition(t)
    assert ev.credited == pytest.approx(expected, abs=1e-12)
    assert any(expected)  # somebody was credited (the events are made so)


def test_a_swiss_table_read_from_a_grid_can_still_be_edited_entry_by_entry() -> None:
    # The Swiss reader keeps each player's rows as tuples, which the garbage collector stops tracking;
    # set_entry turns the rows it changes back into lists.
    import gc

    grid = [["No", "Name", "R1", "R2"], [1, "Ann", "2w1", "3b½"], [2, "Bob", "1b0", "+"], [3, "Cid", "-", "1w½"]]
    t = tiebreak.read_table(grid)
    gc.collect()
    assert not gc.is_tracked(t.opp[0]) and not gc.is_tracked(t.pts[0])
    assert t.points == [1.5, 1.0, 0.5]
    # corrected afterwards: Bob had no bye in round 2, he was absent
    t.set_entry(1, 2, None, None, 0.0, Kind.ABSENT)
    assert t.points == [1.5, 0.0, 0.5]
    assert t.opp[1] == [0, -1] and t.kind[1] == [int(Kind.PLAYED), int(Kind.ABSENT)]
    assert t.opp[0] == (1, 2)  # rows not changed stay as they were read
