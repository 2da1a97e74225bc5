"""The bad-input corpus (``tests/bad_inputs/cases.py``): every case is refused with its exact message.

For each case the test checks that

* the call raises a :class:`tiebreak.TiebreakError` of the stated subclass,
  never another exception and never a result;
* ``str(err)`` is exactly the message in the corpus (the place first: row and
  round, row and opponent, or row and column);
* it finishes within :data:`TIME_LIMIT` seconds (the call runs in a worker
  thread, so a hang fails the test instead of stalling the run).

Worksheet-function cases go through xlwings' real Office.js conversion
(``helpers.call``) and must return the cell text ``"#TIEBREAK! " + message``.

Cases with a ``bug`` note document what the library should say but does not
yet; they fail until it does.
"""

from __future__ import annotations

import importlib.util
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import call

import tiebreak
from tiebreak import Scoring

TIME_LIMIT = 5.0

_spec = importlib.util.spec_from_file_location("bad_input_cases", Path(__file__).parent / "bad_inputs" / "cases.py")
assert _spec is not None and _spec.loader is not None
corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(corpus)

CASES: list[dict[str, Any]] = corpus.CASES
ACCEPTED: list[dict[str, Any]] = corpus.ACCEPTED


def run(case: dict[str, Any]) -> Any:
    """Perform the case's call; returns what it returned (worksheet functions: the cell value)."""
    kind = case.get("call", "read_table")
    scoring = Scoring.parse(case["scoring"]) if case.get("scoring") else None
    if kind == "read_table":
        return tiebreak.read_table(case["grid"], scoring=scoring)
    if kind == "rank":
        t = tiebreak.read_table(case["grid"], scoring=scoring)
        return tiebreak.rank(t, case.get("criteria"), case.get("rules"))
    if kind == "values":
        t = tiebreak.read_table(case["grid"], scoring=scoring)
        return tiebreak.values(t, case["criterion"], case.get("rules"))
    if kind == "get_rules":
        return tiebreak.get_rules(case["rules"])
    if kind == "parse_criteria":
        return tiebreak.parse_criteria(case["criteria"])
    if kind == "function":
        from tiebreak.excel import functions

        return call(functions, case["function"], case["grid"], *case.get("args", []))
    raise AssertionError(f"unknown call {kind!r} in case {case['id']}")


def run_in_time(case: dict[str, Any]) -> tuple[Any, BaseException | None, float]:
    """Run the case in a daemon thread; fail if it does not finish within TIME_LIMIT."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["result"] = run(case)
        except BaseException as err:  # noqa: BLE001 - every exception is inspected by the test
            box["error"] = err

    start = time.perf_counter()
    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(TIME_LIMIT)
    elapsed = time.perf_counter() - start
    assert not worker.is_alive(), f"{case['id']}: still running after {TIME_LIMIT:.0f} s (a hang)"
    return box.get("result"), box.get("error"), elapsed


def cell_text(result: Any) -> Any:
    """A worksheet function's answer as one cell: a scalar, or the first cell of a spilled column."""
    while isinstance(result, list) and result:
        result = result[0]
    return result


def test_the_corpus_is_big_enough_and_well_formed() -> None:
    ids = [c["id"] for c in CASES]
    assert len(ids) >= 70
    assert len(set(ids)) == len(ids), "duplicate case ids"
    for c in CASES:
        assert c["message"] and isinstance(c["message"], str), c["id"]
        assert issubclass(getattr(tiebreak, c["error"]), tiebreak.TiebreakError), c["id"]


def test_the_base_tables_are_correct() -> None:
    """Every case breaks one thing in a table that is itself correct."""
    assert tiebreak.read_table(corpus.SWISS).points == [1.5, 1.0, 0.5, 1.0]
    assert tiebreak.read_table(corpus.RR).points == [1.5, 1.0, 0.5]
    # DRR: Ann 1½ + =0 = 1.5 + 0.5 = 2; Bob 0½ + 11 = 0.5 + 2 = 2.5; Cid =1 + 00 = 1.5 + 0 = 1.5
    assert tiebreak.read_table(corpus.DRR).points == [2.0, 2.5, 1.5]
    # 4 players, 3 rounds: Ann and Cid win every round with white
    assert tiebreak.read_table(corpus.swiss_rounds(3)).points == [3.0, 0.0, 3.0, 0.0]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_bad_input_is_refused_with_its_message(case: dict[str, Any]) -> None:
    result, error, elapsed = run_in_time(case)
    assert elapsed < TIME_LIMIT
    if case.get("call") == "function":
        assert error is None, f"the worksheet function raised {type(error).__name__}: {error}"
        assert cell_text(result) == "#TIEBREAK! " + case["message"]
        return
    if error is None:
        shown = getattr(result, "points", result)
        pytest.fail(f"no error: the library returned {shown!r}; expected {case['error']}: {case['message']}")
    assert isinstance(error, tiebreak.TiebreakError), f"{type(error).__name__} is not a TiebreakError: {error}"
    assert str(error) == case["message"]
    assert isinstance(error, getattr(tiebreak, case["error"])), f"{type(error).__name__}, expected {case['error']}"


@pytest.mark.parametrize("case", ACCEPTED, ids=[c["id"] for c in ACCEPTED])
def test_odd_but_valid_input_is_read(case: dict[str, Any]) -> None:
    if "rules" in case:
        assert tiebreak.get_rules(case["rules"]).name == case["rule_set"]
        return
    t = tiebreak.read_table(case["grid"])
    assert t.points == case["points"]
    if "labels" in case:
        assert [p.label() for p in t.players] == case["labels"]
