"""User text made safe to show: no control characters, no bidi overrides, one line where one line is meant.

Names, sheet names and cell texts come from the user's file and end up in
messages, on a terminal, in CSV, JSON, HTML, TRF and Excel's dialogs.  A C0 or
C1 control character there can drive a terminal (``ESC [``, the one-byte CSI
U+009B, OSC sequences that set titles or hyperlinks), and a bidi override
(U+202A–U+202E, U+2066–U+2069) can make a message read other than it is.
:func:`shown` removes them (keeping line breaks and tabs, which the outputs
themselves write); :func:`one_line` also turns every kind of line break into a
space, for a field that must stay on its line (a TRF record, a CSV cell).

>>> shown("Ann\\x1b[31m Red\\x9b0m\\u202eevil")
'Ann[31m Red0mevil'
>>> shown("two\\nlines\\tand a tab")
'two\\nlines\\tand a tab'
>>> one_line("Иванов\\r\\nИван\\u2028II\\x85III\\x1c")
'Иванов Иван II III'
"""

from __future__ import annotations

import re
from typing import Any, AnyStr, Generic, cast

__all__ = ["compiled_later", "one_line", "shown"]


class _Later(Generic[AnyStr]):
    """A regular expression compiled when first used: most of a module's patterns serve inputs one run never meets.

    The first attribute asked for compiles the pattern and keeps its methods and attributes
    on the instance, so later uses find them as quickly as on the pattern itself.
    """

    def __init__(self, pattern: AnyStr, flags: int) -> None:
        self._pattern: AnyStr = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        compiled = re.compile(self._pattern, self._flags)
        self.__dict__.update((n, getattr(compiled, n)) for n in dir(compiled) if not n.startswith("_"))
        return getattr(compiled, name)


def compiled_later(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(pattern, flags)``, compiled on first use (start-up: docs/speed.md).

    It offers a pattern's methods and attributes (``match``, ``sub``, ``pattern``, ...), not
    its type: give ``re`` functions and ``isinstance`` a pattern from ``re.compile``.
    """
    return cast("re.Pattern[AnyStr]", _Later(pattern, flags))


# C0 but tab and line feed, DEL, C1, and the bidi embeddings, overrides and isolates
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# everything that ends a line somewhere (str.splitlines' list), and tabs
_BREAKS = re.compile("[\t\n\v\f\r\x1c-\x1e\x85\u2028\u2029]+")
# what is unsafe once line breaks are gone
_UNSAFE_IN_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def shown(text: str) -> str:
    """``text`` without control characters (but line feeds and tabs) and bidi overrides."""
    return _UNSAFE.sub("", text) if _UNSAFE.search(text) else text


def one_line(text: str) -> str:
    """``text`` on one line: every line break and tab a single space, every other control character removed."""
    return _UNSAFE_IN_LINE.sub("", _BREAKS.sub(" ", text)).strip()
