"""Translations: gettext catalogues shipped inside the package, and which language to speak.

tiebreak is written in English and translated with gettext.  The compiled
catalogues are package data (``tiebreak/locale/<lang>/LC_MESSAGES/tiebreak.mo``)
read beside the code (or through :mod:`importlib.resources` from a zip), so they
work from a wheel, an editable install and in xlwings Lite (Pyodide) alike; no
system locale files are needed.

Mark a message with :func:`_` (or :func:`ngettext` for counts, :func:`pgettext`
when the same English word needs different Russian words) and fill in its
values *after* translating, so the catalogue holds one message per sentence:

>>> with use_language("ru"):
...     _("unknown language '{value}': use en or ru").format(value="de")
"неизвестный язык 'de': используйте en или ru"
>>> _("unknown language '{value}': use en or ru").format(value="de")
"unknown language 'de': use en or ru"

Russian has three plural forms; gettext picks the right one from the number:

>>> with use_language("ru"):
...     [ngettext("{n} round", "{n} rounds", n).format(n=n) for n in (1, 3, 5, 21)]
['1 тур', '3 тура', '5 туров', '21 тур']

The current language lives in a :class:`contextvars.ContextVar`: each thread
(xlwings Server runs functions in threads) and each asyncio task has its own,
and :func:`use_language` restores the previous one on leaving.  It is English
until someone chooses.

The catalogues and the current language themselves are
:mod:`tiebreak.core.translation` (re-exported here), which imports nothing of
tiebreak, so that :mod:`tiebreak.core.errors` can translate with it.  Which language to choose is the job of :func:`choose_language` (worksheet
functions and the Rank button) and :func:`cli_language` (the command line).
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import Token
from typing import ParamSpec, TypeVar

from tiebreak.core.errors import SettingsError
from tiebreak.core.text import compiled_later
from tiebreak.core.translation import (
    DEFAULT_LANGUAGE,
    DOMAIN,
    LANGUAGES,
    N_,
    LazyString,
    _,
    current_language,
    gettext,
    lazy_gettext,
    lazy_pgettext,
    ngettext,
    npgettext,
    pgettext,
    translations,
)
from tiebreak.core.translation import current as _current

_P = ParamSpec("_P")
_R = TypeVar("_R")

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "LazyString",
    "_",
    "choose_language",
    "cli_language",
    "current_language",
    "gettext",
    "has_cyrillic",
    "is_auto",
    "keeps_language",
    "language_of_langid",
    "language_option",
    "lazy_gettext",
    "lazy_pgettext",
    "ngettext",
    "normalize_language",
    "npgettext",
    "parse_language",
    "pgettext",
    "set_language",
    "system_language",
    "table_language",
    "translations",
    "use_language",
]

# Names a person may write in a settings cell or an option, besides the codes.
_NAMES = {
    "en": "en",
    "eng": "en",
    "english": "en",
    "англ": "en",
    "английский": "en",
    "ru": "ru",
    "rus": "ru",
    "russian": "ru",
    "рус": "ru",
    "русский": "ru",
}
_AUTO = ("", "auto", "авто", "автоматически")
_CYRILLIC = compiled_later("[\u0400-\u04ff]")


# --- the current language --------------------------------------------------


def set_language(lang: str) -> Token[str]:
    """Make ``lang`` current (in this context); keep the token to :meth:`ContextVar.reset` it.

    Prefer :func:`use_language`, which restores the previous language itself.
    """
    return _current.set(parse_language(lang))


@contextmanager
def use_language(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block, then the previous language again.

    >>> with use_language("ru"):
    ...     current_language()
    'ru'
    >>> current_language()
    'en'
    """
    token = set_language(lang)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def keeps_language(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """Decorate a function that may :func:`set_language`: its caller's language is back when it returns.

    >>> @keeps_language
    ... def speak_russian() -> str:
    ...     set_language("ru")
    ...     return current_language()
    >>> speak_russian(), current_language()
    ('ru', 'en')
    """

    @functools.wraps(fn)
    def kept(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with use_language(current_language()):
            return fn(*args, **kwargs)

    return kept


# --- which language ---------------------------------------------------------


def normalize_language(value: object) -> str | None:
    """``"en"`` or ``"ru"`` for a language code, locale name or a language's name; else None.

    ``auto`` and empty values are None too: they leave the choice to the rules below.

    >>> [normalize_language(v) for v in ("ru", "RU", "ru_RU.UTF-8", "ru-RU", "Русский", "en_GB", "English")]
    ['ru', 'ru', 'ru', 'ru', 'ru', 'en', 'en']
    >>> [normalize_language(v) for v in ("auto", "", None, "de_DE", 7)]
    [None, None, None, None, None]
    """
    if not isinstance(value, str):
        return None
    text = " ".join(value.split()).casefold()
    if text in _AUTO:
        return None
    if text in _NAMES:
        return _NAMES[text]
    code = re.split(r"[_.@\-]", text, maxsplit=1)[0]
    return code if code in LANGUAGES else None


def is_auto(value: object) -> bool:
    """Whether a language setting leaves the choice to the rules (``auto``, ``авто`` or empty).

    >>> [is_auto(v) for v in ("auto", " АВТО ", "", "ru", None)]
    [True, True, True, False, False]
    """
    return isinstance(value, str) and " ".join(value.split()).casefold() in _AUTO


def parse_language(value: object) -> str:
    """The language a user asked for (``--lang``, a settings cell); anything else is a :class:`SettingsError`.

    >>> parse_language("ru_RU.UTF-8")
    'ru'
    >>> parse_language("de")
    Traceback (most recent call last):
    ...
    tiebreak.core.errors.SettingsError: unknown language 'de': use en or ru
    """
    lang = normalize_language(value)
    if lang is None:
        raise SettingsError(_("unknown language '{value}': use en or ru").format(value=value))
    return lang


def has_cyrillic(text: object) -> bool:
    """Whether a cell's text has a Cyrillic letter.

    >>> has_cyrillic("Иванов"), has_cyrillic("Ivanov"), has_cyrillic(3)
    (True, False, False)
    """
    return isinstance(text, str) and not _latin1(text) and _CYRILLIC.search(text) is not None


def _latin1(text: str) -> bool:
    """Whether every character of a long text is Latin-1 (below U+0100, so no Cyrillic): a copy in C, not a search.

    A whole table's texts joined (the worksheet functions' language) are most often
    Latin-1 only, even with a ½; short texts are searched at once.
    """
    if len(text) < 256:
        return False
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def table_language(labels: Iterable[object]) -> str | None:
    """``"ru"`` when the table's own labels (headers, names) are written in Cyrillic, else None.

    >>> table_language(["№", "Фамилия", "Тур 1"]), table_language(["No", "Name", 1])
    ('ru', None)
    """
    texts = [label for label in labels if isinstance(label, str)]
    joined = "\n".join(texts)
    return "ru" if not _latin1(joined) and _CYRILLIC.search(joined) is not None else None  # one search over all of them


def choose_language(setting: object = None, labels: Iterable[object] = ()) -> str:
    """The language of a worksheet function or the Rank button.

    The settings sheet's Language row when it names a language; otherwise
    Russian when the table's labels are Cyrillic; otherwise English.

    >>> choose_language("en", ["Фамилия"]), choose_language("auto", ["Фамилия"]), choose_language(None, ["Name"])
    ('en', 'ru', 'en')
    """
    return normalize_language(setting) or table_language(labels) or DEFAULT_LANGUAGE


def cli_language(
    option: str | None = None,
    setting: object = None,
    labels: Iterable[object] = (),
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language of the command line.

    ``--lang`` (checked: an unknown value is an error); otherwise the
    workbook's Language setting; otherwise the table's labels; otherwise the
    system locale (:func:`system_language`); otherwise English.

    >>> cli_language("ru", "en")
    'ru'
    >>> cli_language(None, "auto", ["Name"], environ={"LANG": "ru_RU.UTF-8"})
    'ru'
    >>> cli_language(None, None, ["Фамилия"], environ={"LANG": "en_US.UTF-8"})
    'ru'
    >>> cli_language(environ={"LANG": "de_DE.UTF-8"})
    'en'
    """
    if option is not None:
        return parse_language(option)
    return (
        normalize_language(setting)
        or table_language(labels)
        or system_language(os.environ if environ is None else environ, windows=environ is None)
        or DEFAULT_LANGUAGE
    )


def language_option(argv: Sequence[str]) -> str | None:
    """The value of ``--lang`` in a command line, before argparse runs.

    ``--help`` is printed while the arguments are parsed, so its language must
    be known before: the CLI looks here first.

    >>> language_option(["rank", "--lang", "ru", "--help"]), language_option(["--lang=en", "rank"])
    ('ru', 'en')
    >>> language_option(["rank", "x.xlsx"]), language_option(["rank", "--", "--lang"])
    (None, None)
    """
    for i, arg in enumerate(argv):
        if arg == "--":
            return None
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
    return None


def system_language(environ: Mapping[str, str], windows: bool = True) -> str | None:
    """The language of the user's system, if tiebreak speaks it.

    As gettext reads it: ``LANGUAGE`` (a priority list such as ``de:ru``)
    unless the locale is plain ``C``/``POSIX``, then the first set of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; when none is set, on Windows, the
    user's display language.

    >>> system_language({"LANG": "ru_RU.UTF-8"}), system_language({"LANG": "C.UTF-8"})
    ('ru', 'en')
    >>> system_language({"LANGUAGE": "de:ru", "LANG": "de_DE.UTF-8"})
    'ru'
    >>> system_language({"LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}), system_language({"LANG": "fr_FR"})
    ('en', None)
    """
    locale_name = next((environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(v)), "")
    if locale_name.split(".")[0] in ("C", "POSIX"):
        return DEFAULT_LANGUAGE
    for part in environ.get("LANGUAGE", "").split(":"):
        lang = normalize_language(part)
        if lang is not None:
            return lang
    if locale_name:
        return normalize_language(locale_name)
    return _windows_ui_language() if windows else None


_LANGID_PRIMARY = {0x09: "en", 0x19: "ru"}


def language_of_langid(langid: int) -> str | None:
    """The language of a Windows LANGID (its low 10 bits are the primary language).

    >>> language_of_langid(0x0419), language_of_langid(0x0409), language_of_langid(0x0809), language_of_langid(0x0407)
    ('ru', 'en', 'en', None)
    """
    return _LANGID_PRIMARY.get(langid & 0x3FF)


def _windows_ui_language() -> str | None:
    """The Windows user's display language, or None elsewhere or when it cannot be read."""
    if sys.platform != "win32":
        return None
    try:
        import ctypes

        langid = int(ctypes.windll.kernel32.GetUserDefaultUILanguage())
    except (AttributeError, OSError, ValueError):
        return None
    return language_of_langid(langid)
