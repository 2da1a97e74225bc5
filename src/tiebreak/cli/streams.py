"""The command line's standard output and error, through which no control character of user text reaches the terminal.

Every line the command line prints passes one filter (:func:`tiebreak.core.text.shown`):
C0 and C1 control characters (but line feeds and tabs) and bidi overrides are
removed, wherever in the text they came from (a player's name, a sheet name,
a cell quoted in a message).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from tiebreak.core.text import shown

__all__ = ["SafeStream", "safe_streams"]


class SafeStream:
    """A text stream that writes through :func:`shown`; everything else is the wrapped stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(shown(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def safe_streams() -> Iterator[None]:
    """``sys.stdout`` and ``sys.stderr`` filtered while the block runs (the streams in place then are kept)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(out), SafeStream(err)
    try:
        yield
    finally:
        if isinstance(sys.stdout, SafeStream):
            sys.stdout = out
        if isinstance(sys.stderr, SafeStream):
            sys.stderr = err
