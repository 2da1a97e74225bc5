"""Modules loaded without the garbage collector's passes over what they make.

Importing tiebreak makes tens of thousands of objects (functions, classes, tables) that live as
long as the process and next to no garbage, yet the collector went over them young: about twenty
passes during the imports of a club workbook's ``tiebreak rank``, some 5 ms of its 100
(docs/speed.md, "Start-up").  :func:`modules_loading` keeps the collector off while the modules
load, then moves what they made straight into its oldest generation (``gc.freeze`` then
``gc.unfreeze``: no pass over them), where it is still collected as everything else is, and turns
the collector back on.  The collector's state is the caller's again afterwards; if it was off, or
the caller froze objects of its own (``gc.freeze`` before forking), nothing is changed.
"""

from __future__ import annotations

import gc
import sys

__all__ = ["modules_loading", "promote"]


_SPLICES = sys.version_info < (3, 14) and getattr(sys, "_is_gil_enabled", lambda: True)()
"""Whether ``gc.freeze`` and ``gc.unfreeze`` are list splices: up to Python 3.13 with the GIL.  Python
3.14's incremental collector marks every old object when it freezes (a pass over the whole heap,
which made a cached worksheet call in Pyodide 314 twice as slow); the free-threaded build has no
generations to move objects between."""


def promote() -> bool:
    """Move every object the collector tracks into its oldest generation, with no pass over them; False if not done.

    ``gc.freeze`` then ``gc.unfreeze``: two list splices in C, and the young
    generations' counts start again from nought.  Not done when the caller froze
    objects of its own (``gc.freeze`` before forking): unfreezing would let them go;
    nor where freezing is no splice (:data:`_SPLICES`).
    """
    if not _SPLICES or gc.get_freeze_count():
        return False
    gc.freeze()
    gc.unfreeze()
    return True


class _Loading:
    """The context of :func:`modules_loading` (a class: ``contextlib`` is not loaded yet when the engine starts loading)."""

    __slots__ = ("ours",)

    def __init__(self) -> None:
        self.ours = False

    def __enter__(self) -> None:
        self.ours = gc.isenabled() and gc.get_freeze_count() == 0
        if self.ours:
            gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.ours:
            promote()
            gc.enable()


def modules_loading() -> _Loading:
    """The block's imports without the collector; what they made in its oldest generation afterwards."""
    return _Loading()
