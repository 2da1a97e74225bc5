"""The record classes (``core/record``) behave as the dataclasses they replaced.

Every record class on ``tiebreak rank``'s path is checked against a dataclass made
with the same fields (``dataclasses.make_dataclass``, ``repr=False`` and
``compare=False`` where the record leaves a field out of its repr or its
equality, ``frozen`` for a frozen record): the same repr, the same equality, the
same hash (or the same refusal to hash), the same refusal to assign; its
``__init__`` takes the fields in ``_fields``' order and sets every one of them.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from typing import Any

import pytest

from tiebreak.core.record import FrozenRecord, Record, replace

PATH_MODULES = ["tiebreak.cli.commands", "tiebreak.io.workbook", "tiebreak.io.csvout", "tiebreak.plan.sheet", "tiebreak.core.match"]


class _Token:
    """A distinct value with a short repr, hashable by identity."""

    def __init__(self, i: int) -> None:
        self.i = i

    def __repr__(self) -> str:
        return f"T{self.i}"


def _records() -> list[type[Record]]:
    for name in PATH_MODULES:
        importlib.import_module(name)
    found: list[type[Record]] = []
    todo = [Record]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("tiebreak.") and "_fields" in vars(sub):
                found.append(sub)
    return sorted(found, key=lambda c: f"{c.__module__}.{c.__qualname__}")


RECORDS = _records()


def _oracle(cls: type[Record]) -> type[Any]:
    fields = [(n, object, dataclasses.field(repr=n in cls._shown, compare=n in cls._compared)) for n in cls._fields]
    made = dataclasses.make_dataclass(cls.__name__, fields, frozen=issubclass(cls, FrozenRecord))
    made.__qualname__ = cls.__qualname__
    return made


def _made(cls: type[Record], shift: int = 0) -> Record:
    """An instance with a distinct token in every required parameter (the others at their defaults)."""
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    args = {p.name: _Token(i + shift) for i, p in enumerate(params) if p.default is inspect.Parameter.empty}
    return cls(**args)


def _outcome(f: Any) -> Any:
    try:
        return f()
    except Exception as e:  # the same exception type is the same behaviour
        return type(e)


def test_the_path_has_its_records() -> None:
    names = {c.__qualname__ for c in RECORDS}
    assert len(RECORDS) >= 32
    assert {"Tournament", "Entry", "Evaluation", "Criterion", "ValueCriterion", "Location", "Ranking", "Plan", "TableLayout"} <= names


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_a_record_is_its_dataclass(cls: type[Record]) -> None:
    params = list(inspect.signature(cls.__init__).parameters)[1:]
    assert tuple(params) == cls._fields
    assert set(cls._shown) <= set(cls._fields) and set(cls._compared) <= set(cls._fields)
    # every field the class body declares is one of _fields (a private one may be the class's own, set later); a field
    # completed on first use (Evaluation's whom and why) is a property over its private attribute, declared so
    completed = {n for n in cls._fields if isinstance(getattr(cls, n, None), property)}
    declared = {n for k in cls.__mro__ if issubclass(k, Record) for n, t in vars(k).get("__annotations__", {}).items() if "ClassVar" not in str(t)}
    declared |= {n for n in completed if f"_{n}" in declared}
    assert set(cls._fields) <= declared and all(n.startswith("_") for n in declared - set(cls._fields)), declared - set(cls._fields)
    oracle = _oracle(cls)
    a, b = _made(cls), _made(cls, shift=100)
    assert all(n in vars(a) or n in completed and f"_{n}" in vars(a) for n in cls._fields)  # __init__ sets every field
    oa = oracle(**{n: getattr(a, n) for n in cls._fields})
    ob = oracle(**{n: getattr(b, n) for n in cls._fields})
    assert repr(a) == repr(oa)
    same = replace(a)
    assert same is not a and same == a and (a == b) == (oa == ob)
    assert (a == 1) is False and a.__eq__(1) is NotImplemented
    assert _outcome(lambda: hash(a)) == _outcome(lambda: hash(oa))
    if cls._compared:
        n = next((n for n in cls._compared if isinstance(getattr(a, n), _Token)), cls._compared[0])
        value = getattr(a, n)
        other = value + 1 if isinstance(value, float) else _Token(-1)  # Scoring (checked): a win worth 2
        changed = replace(a, **{n: other})
        assert (changed == a) is False and (changed == a) == (oracle(**{n: getattr(changed, n) for n in cls._fields}) == oa)
    hidden = [n for n in cls._fields if n not in cls._compared]
    if hidden:
        assert replace(a, **{hidden[0]: _Token(-2)}) == a
    name = cls._fields[0]
    assert _outcome(lambda: setattr(a, name, 0)) == _outcome(lambda: setattr(oa, name, 0))
    assert _outcome(lambda: delattr(b, name)) == _outcome(lambda: delattr(ob, name))


def test_replace_refuses_an_unknown_field_as_dataclasses_does() -> None:
    from tiebreak.core.errors import Location

    with pytest.raises(TypeError, match="rows"):
        replace(Location(row=1), rows=2)
    assert replace(Location(row=1, column=2), column=3) == Location(row=1, column=3)


def test_frozen_records_refuse_as_dataclasses_do() -> None:
    from tiebreak.core.model import CHESS

    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'win'"):
        CHESS.win = 2.0
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'win'"):
        del CHESS.win


def test_a_recursive_repr_stops_as_a_dataclass_does() -> None:
    from tiebreak.core.model import Player

    p = Player(1, "A")
    p.name = p
    assert repr(p) == "Player(number=1, name=..., rating=None, row=None, stated_points=None)"


def test_fields_left_out_as_the_dataclasses_left_them_out() -> None:
    """``field(repr=False, compare=False)`` of the dataclasses, field by field."""
    from tiebreak.core.counting import Evaluation
    from tiebreak.core.criterion import GroupCriterion, ValueCriterion
    from tiebreak.core.model import Tournament
    from tiebreak.core.ranking import Ranking

    hidden = {"layout", "whole", "_points", "_numbers", "_evaluations", "_names"}
    assert set(Tournament._fields) - set(Tournament._shown) == hidden == set(Tournament._fields) - set(Tournament._compared)
    assert set(ValueCriterion._fields) - set(ValueCriterion._compared) == {"explainer", "compute"}
    assert set(GroupCriterion._fields) - set(GroupCriterion._shown) == {"explainer", "compute", "shown"}
    assert set(Evaluation._fields) - set(Evaluation._shown) == {"fore_maker", "cache", "derived"}
    assert Evaluation._compared == Evaluation._fields
    assert "_by_player" not in Ranking._fields and Ranking._by_player is None  # init=False: the class's default
