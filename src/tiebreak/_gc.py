"""Pausing Python's cyclic garbage collector while a big table is built.

Reading a 2,000-player table creates hundreds of thousands of small lists
and tuples, none of them in reference cycles; the cyclic collector would
otherwise run again and again over all of them (a third to a half of the
reading time, more for bigger events).  Reference counting still frees
everything as usual; the collector's previous state is restored afterwards.
"""

from __future__ import annotations

import functools
import gc
from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["paused_gc"]


def paused_gc(f: F) -> F:
    """Run ``f`` with the cyclic garbage collector paused (restored afterwards, also on errors)."""

    @functools.wraps(f)
    def run(*args: Any, **kwargs: Any) -> Any:
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return f(*args, **kwargs)
        finally:
            if was_enabled:
                gc.enable()

    return run  # type: ignore[return-value]
