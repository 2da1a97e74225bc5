"""argparse's own texts ("usage:", "options", its error messages) in the current language.

argparse passes its texts through :func:`gettext.gettext`, looked up in the
module's globals each time.  Inside :func:`translated_argparse` it uses
tiebreak's catalogue instead, so ``tiebreak --help`` and ``tiebreak rank``'s
usage errors speak the current language.  Build the parser *inside* the
block: argparse translates the section titles and the ``-h`` help when the
parser is created, the rest when it prints or fails.

>>> import argparse
>>> from tiebreak.core.i18n import use_language
>>> with use_language("ru"), translated_argparse():
...     parser = argparse.ArgumentParser(prog="tiebreak", add_help=True)
...     print(parser.format_usage().strip())
...     print(parser.format_help().splitlines()[2:4])
использование: tiebreak [-h]
['параметры:', '  -h, --help  показать эту справку и выйти']

It is meant for the command line (one thread): the patch is process-wide
while the block runs, although the texts still follow each thread's language.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from tiebreak.core.i18n import N_, gettext, ngettext

__all__ = ["MESSAGES", "PROGRAMMING_ERRORS", "expected_arguments", "translated_argparse"]

MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("subcommands"),
    N_("%(heading)s:"),
    N_(" (default: %(default)s)"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("%(prog)s: warning: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ignored explicit argument %r"),
    N_("not allowed with argument %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("option '%(option)s' is deprecated"),
    N_("argument '%(argument_name)s' is deprecated"),
    N_("command '%(parser_name)s' is deprecated"),
)
"""argparse's texts a user can see (Python 3.10 to 3.13), marked for the catalogue."""

PROGRAMMING_ERRORS = frozenset(
    {
        "%r is not callable",
        "'required' is an invalid argument for positionals",
        ".__call__() not defined",
        'argument "-" with mode %r',
        "cannot have multiple subparser arguments",
        "cannot merge actions - two groups are named %r",
        "conflicting option string: %s",
        "conflicting option strings: %s",
        "conflicting subparser alias: %s",
        "conflicting subparser: %s",
        "dest= is required for options like %r",
        "invalid conflict_resolution value: %r",
        "invalid option string %(option)r: must start with a character %(prefix_chars)r",
        "mutually exclusive arguments must be optional",
    }
)
"""argparse's texts about a parser built wrongly (or a FileType tiebreak does not use): never shown to a user."""


def expected_arguments(n: int) -> str:
    """argparse's counted message, e.g. for ``nargs=2``.

    >>> from tiebreak.core.i18n import use_language
    >>> with use_language("ru"):
    ...     expected_arguments(1), expected_arguments(2), expected_arguments(5)
    ('нужно 1 значение', 'нужно 2 значения', 'нужно 5 значений')
    """
    return ngettext("expected %s argument", "expected %s arguments", n) % n


@contextmanager
def translated_argparse() -> Iterator[None]:
    """Let argparse translate its texts with tiebreak's catalogue inside the block."""
    module = vars(argparse)
    saved = module.get("_"), module.get("ngettext")
    module["_"], module["ngettext"] = gettext, ngettext
    try:
        yield
    finally:
        module["_"], module["ngettext"] = saved
