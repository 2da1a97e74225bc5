"""Python's cyclic garbage collector paused for one computation, never longer.

Reading and evaluating a big table, or ranking it, allocates tens of thousands
of objects that live for the whole computation (the table's players, the
cache's copy of the grid, the reader's cleaned rows).  The collector counts
them as they survive its young collections, and past a quarter of the objects
already in its old generation it starts a full collection, which visits every
object of the process and, here, frees nothing: a 10,000-player event's read
set off one or two of them, a sixth of its time.  The objects of the
computation that are dropped when it ends are freed by their reference counts
(the read, the evaluation and the ranking leave no reference cycle), so a
collection during it finds nothing to free.

A process-wide ``gc.disable()`` around the work would be unsafe: the worksheet
functions run in threads under xlwings Server, and callers overlapping one
another could keep the collector off indefinitely.  :func:`paused` is scoped
to one computation instead:

* only the thread that finds no pause in force takes it (the others run as
  they are: the collector stays as the pause left it, and is running again as
  soon as that pause ends);
* the pause ends when the computation that took it ends, returns or raises,
  whatever the other threads do, and it is never taken by a computation
  nested in another;
* the collector's state on entry is restored: a collector the caller had
  disabled is left disabled and never enabled, one that was running runs
  again.

When the pause ends, what the computation left alive (the table read, its
evaluation, the cache's copy: they live as long as the cache holds them) is
moved into the collector's oldest generation without a pass over it
(:func:`tiebreak.core.loading.promote`), as the modules are when they load.
Otherwise the first young collection after the pause would go over all of it,
freeing nothing: a sixth of a cold worksheet function on a 2,000-player Swiss.
The objects the caller made just before are moved with it; they are still
collected, by the next full collection.  A caller that froze objects of its
own keeps them frozen, and then nothing is moved: the next collection comes at
the first allocation after the pause, as it would have come during it.

>>> import gc
>>> with paused() as mine:
...     mine, gc.isenabled()
(True, False)
>>> gc.isenabled()
True
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import ParamSpec, TypeVar

from tiebreak.core.loading import promote

__all__ = ["paused", "while_paused"]

_P = ParamSpec("_P")
_T = TypeVar("_T")

_held = threading.Lock()
"""Held by the one computation whose pause is in force."""


@contextmanager
def paused() -> Iterator[bool]:
    """Pause the cyclic garbage collector for the computation inside, if no pause is in force; yields whether this one took it.

    Not taken when another computation's pause is in force (a nested one or
    another thread's) or when the collector is off already (the caller's
    choice, left as it is).
    """
    if not _held.acquire(blocking=False):
        yield False
        return
    try:
        if not gc.isenabled():  # off already: the caller's choice, never to be undone here
            yield False
            return
        gc.disable()
        try:
            yield True
        finally:
            promote()
            gc.enable()
    finally:
        _held.release()


def while_paused(fn: Callable[_P, _T]) -> Callable[_P, _T]:
    """``fn`` run inside :func:`paused` (one computation: the pause ends when ``fn`` returns or raises)."""

    @wraps(fn)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        with paused():
            return fn(*args, **kwargs)

    return run
