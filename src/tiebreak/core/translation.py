"""The message catalogues and the current language, below everything that translates.

:mod:`tiebreak.core.i18n` is the module to use: it re-exports all of this and adds
the choice of a language (:func:`~tiebreak.core.i18n.set_language`,
:func:`~tiebreak.core.i18n.use_language` ...), whose errors are
:class:`~tiebreak.core.errors.SettingsError`.  This module imports nothing of
tiebreak, so :mod:`tiebreak.core.errors` translates its own texts with it and
:mod:`tiebreak.core.i18n` raises those errors without an import cycle.
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
from contextvars import ContextVar
from functools import cache

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "LazyString",
    "_",
    "current",
    "current_language",
    "gettext",
    "lazy_gettext",
    "lazy_pgettext",
    "ngettext",
    "npgettext",
    "pgettext",
    "translations",
]

DOMAIN = "tiebreak"
"""The gettext domain: the catalogue files are named ``tiebreak.mo``."""

LANGUAGES = ("en", "ru")
"""The languages tiebreak speaks; English is the language of the source code."""

DEFAULT_LANGUAGE = "en"

current: ContextVar[str] = ContextVar("tiebreak_language", default=DEFAULT_LANGUAGE)
"""The language of this thread or task (:func:`tiebreak.core.i18n.set_language` sets it)."""


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalogue of a language (English and unknown languages: the messages as written).

    >>> translations("ru").gettext("unknown language '{value}': use en or ru")
    "неизвестный язык '{value}': используйте en или ru"
    >>> translations("en").gettext("anything")
    'anything'
    """
    if lang == DEFAULT_LANGUAGE or lang not in LANGUAGES:
        return _gettext.NullTranslations()
    data = _catalogue(lang)
    if data is None:  # a build without catalogues: speak English rather than fail
        return _gettext.NullTranslations()
    return _gettext.GNUTranslations(io.BytesIO(data))


def _catalogue(lang: str) -> bytes | None:
    """The compiled catalogue's bytes, None when the build has none.

    Read beside this module when the package is a folder (a wheel installed, an editable
    install, Pyodide's site-packages), else through :mod:`importlib.resources` (a zip):
    importing that costs about 6 ms, more than half of loading the catalogue, and even an
    English ``tiebreak rank --out`` loads the Russian one (it knows Rank's Russian headers).
    """
    here = os.path.dirname(os.path.abspath(__file__)) if isinstance(globals().get("__file__"), str) else ""
    path = os.path.join(os.path.dirname(here), "locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        pass
    from importlib import resources  # a package in a zip

    try:
        return (resources.files("tiebreak") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").read_bytes()
    except OSError:
        return None


def current_language() -> str:
    """The language of this thread or task: ``"en"`` unless chosen."""
    return current.get()


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return translations(current.get()).gettext(message)


_ = gettext


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (someone else translates it later)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that suits ``n`` in the current language.

    >>> ngettext("{n} player", "{n} players", 1).format(n=1)
    '1 player'
    >>> from tiebreak.core.i18n import use_language
    >>> with use_language("ru"):
    ...     [ngettext("{n} player", "{n} players", n).format(n=n) for n in (1, 2, 5, 11, 22)]
    ['1 участник', '2 участника', '5 участников', '11 участников', '22 участника']
    """
    return translations(current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells apart equal English words."""
    return translations(current.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return translations(current.get()).npgettext(context, singular, plural, n)


class LazyString:
    """A message marked when a module is imported and translated each time it is used.

    Use it for texts defined at module level (help texts, labels), which are
    created before anyone has chosen a language:

    >>> from tiebreak.core.i18n import use_language
    >>> LABEL = lazy_gettext("unknown language '{value}': use en or ru")
    >>> with use_language("ru"):
    ...     LABEL.format(value="fr")
    "неизвестный язык 'fr': используйте en или ru"
    >>> str(LABEL).startswith("unknown language")
    True
    """

    __slots__ = ("_context", "_message")

    def __init__(self, message: str, context: str | None = None) -> None:
        self._message = message
        self._context = context

    @property
    def message(self) -> str:
        """The English text as written in the code (the catalogue's msgid)."""
        return self._message

    def __str__(self) -> str:
        if self._context is None:
            return gettext(self._message)
        return pgettext(self._context, self._message)

    def __repr__(self) -> str:
        return f"LazyString({self._message!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyString):
            return (self._context, self._message) == (other._context, other._message)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._context, self._message))

    def format(self, *args: object, **kwargs: object) -> str:
        """The translated text with its ``{placeholders}`` filled in."""
        return str(self).format(*args, **kwargs)


def lazy_gettext(message: str) -> LazyString:
    """A :class:`LazyString` for ``message``."""
    return LazyString(message)


def lazy_pgettext(context: str, message: str) -> LazyString:
    """A :class:`LazyString` for ``message`` in ``context``."""
    return LazyString(message, context)
