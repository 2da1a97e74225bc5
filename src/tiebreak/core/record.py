"""Record classes made without :mod:`dataclasses`, for the classes ``tiebreak rank`` loads.

A dataclass costs its module about half a millisecond when the class is made: Python
compiles its ``__init__``, ``__eq__`` and ``__repr__`` (and for a frozen one ``__setattr__``,
``__delattr__`` and ``__hash__``) from generated source, and :mod:`dataclasses` itself
imports :mod:`inspect` (with :mod:`ast`, :mod:`dis`, :mod:`tokenize`).  On a club workbook
that was a sixth of a whole ``tiebreak rank --out`` (docs/speed.md, "Start-up").

A record writes its ``__init__`` out (compiled once into the bytecode cache, like any
method) and names its fields in ``_fields``; :class:`Record` gives it a dataclass's
equality and repr, :class:`FrozenRecord` also a frozen dataclass's hash and its refusal
to assign, with the same exception (:class:`dataclasses.FrozenInstanceError`).
``_shown`` (the repr's fields) and ``_compared`` (equality's and the hash's) default to
``_fields``.  :func:`replace` is :func:`dataclasses.replace`.

>>> class Pair(FrozenRecord):
...     _fields = ("a", "b")
...     _compared = ("a",)
...     def __init__(self, a: int, b: int = 0) -> None:
...         object.__setattr__(self, "a", a)
...         object.__setattr__(self, "b", b)
>>> p = Pair(1, 2)
>>> p, p == Pair(1, 3), hash(p) == hash((1,)), replace(p, b=5)
(Pair(a=1, b=2), True, True, Pair(a=1, b=5))
>>> p.a = 2
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'a'
"""

from __future__ import annotations

from reprlib import recursive_repr
from typing import Any, ClassVar, TypeVar

from tiebreak.core.translation import _

__all__ = ["FrozenRecord", "Record", "replace"]

_R = TypeVar("_R", bound="Record")


class Record:
    """A dataclass's ``__eq__`` (same class, then the ``_compared`` fields as a tuple) and ``__repr__``.

    Defining ``__eq__`` leaves it unhashable, as a dataclass that is not frozen.
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    """The fields, in the order of ``__init__``'s parameters."""
    _shown: ClassVar[tuple[str, ...]] = ()
    _compared: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = vars(cls)
        if "_shown" not in own:
            cls._shown = cls._fields
        if "_compared" not in own:
            cls._compared = cls._fields

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return tuple(getattr(self, n) for n in self._compared) == tuple(getattr(other, n) for n in self._compared)
        return NotImplemented

    @recursive_repr()
    def __repr__(self) -> str:
        return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self._shown)})"


class FrozenRecord(Record):
    """A frozen dataclass's behaviour besides: hashed on the ``_compared`` fields; no field assigned or deleted."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, n) for n in self._compared))

    def __setattr__(self, name: str, value: object) -> None:
        # only when refusing: the module is not loaded otherwise
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(_("cannot assign to field {name}").format(name=repr(name)))

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(_("cannot delete field {name}").format(name=repr(name)))


def replace(obj: _R, /, **changes: Any) -> _R:
    """A copy of ``obj`` with ``changes``, made through its ``__init__`` (as :func:`dataclasses.replace`).

    A name that is not a field is refused by ``__init__`` (a :class:`TypeError`, as
    :func:`dataclasses.replace` raises).
    """
    return obj.__class__(**{n: getattr(obj, n) for n in obj._fields if n not in changes}, **changes)
