"""``import tiebreak.cli`` loads what ``tiebreak rank`` needs and nothing of the other commands.

The start-up is most of a small workbook's ``tiebreak rank --out`` (docs/speed.md):
``doctor`` (and importlib.metadata), ``explain``, ``outlook`` (and the outlook
engine) and importlib.resources (the catalogues, for a language other than English)
are imported when used, not at start.  The other commands still work and are listed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import save_xlsx, swiss_grid
from test_worked_example import NAMES, ROUNDS

NOT_AT_START = ["tiebreak.cli.doctor", "tiebreak.cli.explain", "tiebreak.cli.outlook", "tiebreak.core.outlook", "tiebreak.calc.outlook",
                "importlib.metadata", "importlib.resources", "tiebreak.excel", "xlwings", "openpyxl",
                "shutil", "bz2", "lzma"]  # argparse sizes its formatters through shutil; tiebreak's own formatter does not
# what the ranked copy (tiebreak rank --out) loads: escaping its XML by hand spares xml.sax.saxutils,
# which imports urllib.request and with it http, email and ssl; the Russian catalogue (Rank knows its
# Russian headers) is read beside the code, without importlib.resources
NOT_FOR_OUT = ["xml.sax", "urllib.request", "http.client", "ssl", "email", "importlib.resources"]


def _loaded(code: str) -> list[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return list(json.loads(done.stdout.splitlines()[-1]))


def test_import_cli_loads_only_what_rank_needs() -> None:
    loaded = _loaded("import tiebreak.cli")
    assert "tiebreak.cli.commands" in loaded and "tiebreak.core.ranking" in loaded
    assert [m for m in NOT_AT_START if m in loaded] == []


def test_rank_parses_without_the_other_commands_and_they_still_run(tmp_path: object) -> None:
    loaded = _loaded("from tiebreak.cli.commands import _parser, _command_word\n_parser(_command_word(['--lang', 'en', 'rank', 'x.xlsx']))")
    assert [m for m in NOT_AT_START if m in loaded] == []
    listed = subprocess.run([sys.executable, "-m", "tiebreak.cli", "--help"], capture_output=True, text=True, check=True).stdout
    assert all(command in listed for command in ("rank", "export", "compare", "doctor", "explain", "outlook"))
    doctor = subprocess.run([sys.executable, "-m", "tiebreak.cli", "--version"], capture_output=True, text=True, check=True).stdout
    assert doctor.startswith("tiebreak ")
    wrong = subprocess.run([sys.executable, "-m", "tiebreak.cli", "rank", "f.xlsx", "--no-such-option"], capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "--no-such-option" in wrong.stderr


def test_writing_the_ranked_copy_loads_no_network_modules(tmp_path: Path) -> None:
    book = save_xlsx(swiss_grid(NAMES, ROUNDS), tmp_path / "club.xlsx")
    loaded = _loaded(f"from tiebreak.cli.commands import main\nmain(['--lang', 'en', 'rank', {str(book)!r}, '--out', {str(tmp_path / 'ranked.xlsx')!r}])")
    assert (tmp_path / "ranked.xlsx").stat().st_size > 0
    assert "tiebreak.io.workbook" in loaded and "tiebreak.io.sheetxml" in loaded and "gettext" in loaded
    assert [m for m in NOT_FOR_OUT if m in loaded] == []


def test_command_word_skips_options_and_the_language() -> None:
    from tiebreak.cli.commands import _command_word

    assert _command_word(["--lang", "ru", "rank", "f.xlsx"]) == "rank"
    assert _command_word(["--lang=ru", "doctor"]) == "doctor"
    assert _command_word(["--version"]) is None
    assert _command_word([]) is None
    assert json.dumps(_command_word(["explain", "rank"])) == '"explain"'


def test_help_is_laid_out_as_argparse_lays_it_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The formatter that spares shutil gives argparse's own help, at every width."""
    import argparse

    from tiebreak.cli import commands

    for columns in ("", "40", "100", "not a number", "-3"):
        if columns:
            monkeypatch.setenv("COLUMNS", columns)
        else:
            monkeypatch.delenv("COLUMNS", raising=False)
        ours = [commands._parser(None).format_help()] + [p.format_help() for p in _subparsers(commands._parser(None))]
        with monkeypatch.context() as m:
            m.setattr(commands, "_Formatter", argparse.HelpFormatter)
            plain = [commands._parser(None).format_help()] + [p.format_help() for p in _subparsers(commands._parser(None))]
        assert ours == plain and len(ours) == 7, columns
        if columns == "40":
            assert max(len(line) for line in ours[0].splitlines()) <= 40


def _subparsers(parser: object) -> list[object]:
    import argparse

    assert isinstance(parser, argparse.ArgumentParser)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices.values())
