"""Maintain the message catalogues (needs Babel: ``pip install -e ".[test]"``).

    python tools/i18n.py extract   # sources -> src/tiebreak/locale/tiebreak.pot
    python tools/i18n.py update    # .pot -> every language's .po (new messages empty, changed ones fuzzy)
    python tools/i18n.py compile   # .po -> .mo (the compiled catalogues the package ships)
    python tools/i18n.py all       # the three in order

After ``update``, translate the new and fuzzy entries in
``src/tiebreak/locale/<lang>/LC_MESSAGES/tiebreak.po`` (remove the ``#, fuzzy``
flag once a translation is checked), run ``compile``, and commit the .pot,
.po and .mo files together.  tests/test_i18n_catalog.py fails while any of
them is out of step.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "tiebreak" / "locale"
POT = LOCALE / "tiebreak.pot"
DOMAIN = "tiebreak"
LANGUAGES = ("ru",)

# Message functions besides Babel's defaults (_, gettext, ngettext, pgettext, npgettext, N_ ...).
KEYWORDS = ("lazy_gettext", "lazy_pgettext:1c,2")


def extract_args(output: Path) -> list[str]:
    """The ``pybabel extract`` command line, to run in the repository's root (file names stay relative)."""
    args = ["pybabel", "-q", "extract", "-F", "babel.cfg", "-o", str(output)]
    for k in KEYWORDS:
        args += ["-k", k]
    args += [
        "--add-location=file",
        "--sort-output",
        "--no-wrap",
        "--add-comments=TRANSLATORS:",
        "--project=tiebreak",
        "--copyright-holder=the tiebreak authors",
        "src/tiebreak",
    ]
    return args


def run(args: list[str]) -> None:
    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(args)  # type: ignore[no-untyped-call]
    finally:
        os.chdir(cwd)


def extract() -> None:
    run(extract_args(POT))


def update() -> None:
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        command = "update" if po.exists() else "init"
        args = ["pybabel", "-q", command, "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang, "--no-wrap"]
        if command == "update":
            args.append("--ignore-obsolete")
        run(args)


def compile_catalogs() -> None:
    for lang in LANGUAGES:
        run(["pybabel", "-q", "compile", "-d", str(LOCALE), "-D", DOMAIN, "-l", lang, "--statistics"])


COMMANDS = {"extract": [extract], "update": [update], "compile": [compile_catalogs], "all": [extract, update, compile_catalogs]}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        print(f"usage: python tools/i18n.py {'|'.join(COMMANDS)}", file=sys.stderr)
        return 2
    for step in COMMANDS[argv[0]]:
        step()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
