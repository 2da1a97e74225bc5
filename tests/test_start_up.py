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

NOT_AT_START = ["tiebreak.cli.doctor", "tiebreak.cli.explain", "tiebreak.cli.outlook", "tiebreak.core.outlook", "tiebreak.calc.outlook",
                "importlib.metadata", "importlib.resources", "tiebreak.excel", "xlwings", "openpyxl"]


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


def test_command_word_skips_options_and_the_language() -> None:
    from tiebreak.cli.commands import _command_word

    assert _command_word(["--lang", "ru", "rank", "f.xlsx"]) == "rank"
    assert _command_word(["--lang=ru", "doctor"]) == "doctor"
    assert _command_word(["--version"]) is None
    assert _command_word([]) is None
    assert json.dumps(_command_word(["explain", "rank"])) == '"explain"'
