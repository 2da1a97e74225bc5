"""The garbage collector around tiebreak's computations: paused for one computation only, and little to track.

tiebreak.core.collector pauses Python's cyclic collector while one computation
runs (a read, an evaluation, a ranking).  These tests prove the pause cannot
keep the collector off: only the thread that finds no pause in force takes it,
it ends with its computation whatever other threads do, and a collector the
caller turned off stays off.  They also check what keeps the collector's work
small: the evaluation's per-player rows are tuples it stops tracking, and
reading, evaluating and ranking leave no reference cycle behind.
"""

from __future__ import annotations

import contextlib
import gc
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from test_fast_paths import swiss_grid

import tiebreak
from tiebreak.calc import answers
from tiebreak.calc.cache import TableCache
from tiebreak.core import collector, loading
from tiebreak.core.collector import paused, while_paused
from tiebreak.core.rules import get_rules
from tiebreak.reading import read_table


@pytest.fixture(autouse=True)
def collector_running() -> Iterator[None]:
    """Each test starts with the collector running and leaves it so (whatever it asserts)."""
    was = gc.isenabled()
    gc.enable()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_a_pause_ends_with_its_computation() -> None:
    with paused() as mine:
        assert mine and not gc.isenabled()
    assert gc.isenabled()


def test_a_pause_ends_when_its_computation_raises() -> None:
    @while_paused
    def fails() -> None:
        assert not gc.isenabled()
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        fails()
    assert gc.isenabled()


def test_a_collector_the_caller_disabled_stays_disabled() -> None:
    gc.disable()
    with paused() as mine:
        assert not mine and not gc.isenabled()
    assert not gc.isenabled()  # never enabled by the pause
    t = read_table(swiss_grid(random.Random(1), 12, 4))
    tiebreak.rank(t)
    assert not gc.isenabled()


def test_a_nested_computation_takes_no_pause_of_its_own() -> None:
    with paused() as outer:
        with paused() as inner:
            assert outer and not inner
        assert not gc.isenabled()  # the inner one ending does not end the outer pause
    assert gc.isenabled()


def test_overlapping_calls_in_threads_leave_the_collector_running() -> None:
    """The first thread takes the pause; the second, entering during it, takes none; when the first ends the
    collector runs again while the second is still inside, and after both it runs."""
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, Any] = {}

    def first() -> None:
        with paused() as mine:
            seen["first took it"] = mine
            first_in.set()
            assert second_in.wait(10)
            seen["first: collector off inside"] = not gc.isenabled()
        first_out.set()

    def second() -> None:
        assert first_in.wait(10)
        with paused() as mine:
            seen["second took it"] = mine
            second_in.set()
            assert first_out.wait(10)
            seen["second: collector on once the first ended"] = gc.isenabled()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(20)
    assert seen == {
        "first took it": True,
        "second took it": False,
        "first: collector off inside": True,
        "second: collector on once the first ended": True,
    }
    assert gc.isenabled()
    assert not collector._held.locked()


def test_many_overlapping_computations_leave_the_collector_running() -> None:
    """Eight threads rank and read through a shared cache at once, many times: at most one pause at a time,
    and afterwards the collector runs and no pause is held."""
    grids = [swiss_grid(random.Random(seed), 30, 5) for seed in range(4)]
    cache = TableCache()
    taken = [0]
    active = [0, 0]  # pauses in force now, the most at once
    guard = threading.Lock()
    original = collector.paused

    def counting() -> Any:
        cm = original()
        mine = cm.__enter__()
        if mine:
            with guard:
                taken[0] += 1
                active[0] += 1
                active[1] = max(active[1], active[0])
        try:
            yield mine
        finally:
            if mine:
                with guard:
                    active[0] -= 1
            cm.__exit__(None, None, None)

    results: list[Any] = []
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            for i in range(6):
                grid = grids[(k + i) % len(grids)]
                values = answers.criterion_values(cache, [row[:] for row in grid], "BH", "fide-2024")[1]
                places = tiebreak.rank(read_table(grid)).places()
                results.append((k, i, tuple(values), tuple(places)))
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    collector.paused = contextlib.contextmanager(counting)  # type: ignore[assignment]
    try:
        threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
    finally:
        collector.paused = original  # type: ignore[assignment]
    assert not errors
    assert len(results) == 48
    assert taken[0] >= 1 and active[1] == 1  # pauses were taken, never two at once
    assert gc.isenabled() and not collector._held.locked()
    # the answers are those of the same calls made one at a time
    for k, i, values, places in results:
        grid = grids[(k + i) % len(grids)]
        assert values == tuple(answers.criterion_values(TableCache(), grid, "BH", "fide-2024")[1])
        assert places == tuple(tiebreak.rank(read_table(grid)).places())


def test_the_computations_take_the_pause() -> None:
    """A read through the cache, an evaluation and a ranking each run with the collector paused."""
    grid = swiss_grid(random.Random(5), 16, 4)
    seen: list[bool] = []
    import tiebreak.core.rules as rules_module

    original = rules_module.FideRules.evaluate

    def evaluate(self: Any, t: Any) -> Any:
        seen.append(gc.isenabled())
        return original(self, t)

    rules_module.FideRules.evaluate = evaluate  # type: ignore[method-assign]
    try:
        answers.criterion_values(TableCache(), grid, "BH", "fide-2024")
        tiebreak.rank(read_table(grid), rules="fide-2024")
    finally:
        rules_module.FideRules.evaluate = original  # type: ignore[method-assign]
    assert seen == [False, False]
    assert gc.isenabled()


@pytest.mark.parametrize("rules", ["ru", "fide-2024", "fide-2026"])
def test_the_evaluation_rows_are_untracked_by_the_collector(rules: str) -> None:
    """Per player the evaluation's numbers are tuples, which the collector stops tracking at its first look."""
    t = read_table(swiss_grid(random.Random(7), 60, 7))
    ev = get_rules(rules).evaluate(t)
    r = tiebreak.rank(t, rules=rules, evaluation=ev)
    rows: dict[str, list[Any]] = {
        "val": ev.val,
        "credit": ev.credit,
        "whom": ev.whom,
        "cut_first": [f for f in ev.cut_first if f is not None],
        "played": ev.played,
        "out": ev.out,
        "rated_opponents": ev.rated_opponents,
        "sorted values": [s for s in ev.memo("opponent values sorted", list) if s is not None],  # made by the ranking
        "opponents and points": [*t.opp, *t.pts, *t.kind],
    }
    gc.collect()  # the collector's first look at them
    for name, seq in rows.items():
        assert seq or (name == "cut_first" and rules == "ru"), name  # ru cuts nothing first
        assert not any(map(gc.is_tracked, seq)), name
    assert any(len(s.values) for s in r.standings)


def test_read_evaluate_and_rank_leave_no_reference_cycle() -> None:
    """Everything a read, an evaluation and a ranking made is freed when dropped: a collection finds nothing.

    (``tiebreak.values`` keeps its evaluations on the tournament, which refers back to it: not used here.)
    """
    grid = swiss_grid(random.Random(9), 40, 6)
    gc.collect()
    gc.disable()
    try:
        for rules in ("ru", "fide-2024", "fide-2026", "fide-2009", "plain"):
            t = read_table(grid)
            ev = get_rules(rules).evaluate(t)
            _ = (ev.played, ev.as_game, ev.wins, ev.rated_opponents, ev.out)
            tiebreak.rank(t, rules=rules, evaluation=ev).places()
            answers.criterion_values(TableCache(), grid, "SB", rules)
            del t, ev, _
        found = gc.collect()
    finally:
        gc.enable()
    assert found == 0


def _in_oldest(obj: object) -> bool:
    return any(o is obj for o in gc.get_objects(generation=2))


def test_what_a_pause_leaves_alive_goes_to_the_oldest_generation_and_is_still_collected() -> None:
    """At the end of a pause the survivors are in the oldest generation (no young pass over them); dropped, a cycle among them is still freed."""
    gc.collect()
    with paused() as mine:
        kept = [[i] for i in range(50)]  # lists: tracked
        cycle: list[Any] = []
        cycle.append(cycle)
    assert mine
    assert gc.isenabled()
    assert gc.get_count()[0] < 50  # the young count starts again: no collection due at the next allocation
    assert _in_oldest(kept) and _in_oldest(kept[0]) and _in_oldest(cycle)
    assert loading._SPLICES  # the Python these tests run on moves them (3.11-3.13 with the GIL)
    del cycle
    assert gc.collect() >= 1  # the full collection frees the cycle


def test_nothing_is_moved_where_freezing_is_no_splice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Python 3.14's incremental collector marks the whole heap when it freezes: there the survivors stay where they are."""
    monkeypatch.setattr(loading, "_SPLICES", False)
    gc.collect()
    with paused() as mine:
        kept = [[1]]
    assert mine and gc.isenabled() and gc.get_freeze_count() == 0
    assert not _in_oldest(kept)
    assert loading.promote() is False


def test_a_pause_inside_another_or_in_a_thread_moves_nothing() -> None:
    """Only the pause in force moves the survivors, when it ends; a collector the caller froze objects for is left as it is."""
    gc.collect()
    with paused():
        with paused() as nested:
            inner = [[1]]
        assert not nested
        assert not _in_oldest(inner)  # the nested one ended: nothing moved yet
    assert _in_oldest(inner)
    mine = [[2]]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with paused() as took:
            later = [[3]]
        assert took and gc.get_freeze_count() == frozen  # the caller's frozen objects stay frozen
        assert not _in_oldest(later)
        assert not _in_oldest(mine)  # frozen: in no generation
    finally:
        gc.unfreeze()


def test_a_worksheet_function_runs_paused_and_leaves_its_table_in_the_oldest_generation(monkeypatch: pytest.MonkeyPatch) -> None:
    """BUCHHOLZ (through the module xlwings loads) reads, evaluates and answers with the collector paused; the cache's copy ends up old."""
    from tiebreak.calc import cache as cache_module
    from tiebreak.excel import functions

    states: list[bool] = []
    original = cache_module.TableCache.own_copy

    def own_copy(self: Any, grid: Any, look: Any) -> Any:
        states.append(gc.isenabled())
        return original(self, grid, look)

    monkeypatch.setattr(cache_module.TableCache, "own_copy", own_copy)
    cache_module.shared.clear()
    gc.collect()
    grid = swiss_grid(random.Random(11), 20, 5)
    column = functions.buchholz(grid)
    assert states == [False] and gc.isenabled()
    assert len(column) == len(grid) and all(isinstance(row[0], float) for row in column[1:])
    held = cache_module.shared._seen[0][0]
    assert held == grid and _in_oldest(held) and _in_oldest(held[1])
    cache_module.shared.clear()
