"""``import tiebreak.cli`` loads what ``tiebreak rank`` needs and nothing of the other commands.

The start-up is most of a small workbook's ``tiebreak rank --out`` (docs/speed.md):
``doctor`` (and importlib.metadata), ``explain``, ``outlook`` (and the outlook
engine), importlib.resources (the catalogues, for a language other than English)
and json (``--format json``) are imported when used, not at start; the module-level
regular expressions of the reader, the notation, the sheet XML and the A1 references
are compiled on first use (``core/text.compiled_later``), and those a club workbook
never needs stay uncompiled.  The other commands still work and are listed.
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
                "shutil", "bz2", "lzma", "json"]  # argparse sizes its formatters through shutil; tiebreak's own formatter does not
# the classes on rank's path are records (core/record), not dataclasses: dataclasses compiled each one's
# methods when the class was made and imported inspect, with ast, dis and tokenize
NO_DATACLASSES = ["dataclasses", "inspect", "ast", "dis", "tokenize"]
NOT_AT_START += NO_DATACLASSES
# what the ranked copy (tiebreak rank --out) loads: escaping its XML by hand spares xml.sax.saxutils,
# which imports urllib.request and with it http, email and ssl; the Russian catalogue (Rank knows its
# Russian headers) is read beside the code, without importlib.resources
NOT_FOR_OUT = ["xml.sax", "urllib.request", "http.client", "ssl", "email", "importlib.resources", "json", *NO_DATACLASSES]
# patterns for what a Swiss club workbook of plain results does not hold: footers, team and
# match scores, signs before the opponent, namespaced XML, entities, criteria with modifiers,
# team tables (round headers beside MP and GP columns, match cells)
NEVER_COMPILED = {
    "tiebreak.reading.labels": ["_FOOTER_RE", "_OPPONENT_RE", "_RESULT_RE", "_COLOUR_RE"],
    "tiebreak.core.notation": ["_GAME_SCORE", "_MATCH", "_SIGN_FIRST", "_FRACTION"],
    "tiebreak.io.sheetxml": ["_QNAME", "_ENTITY"],
    "tiebreak.core.criteria": ["_MODIFIER"],
    "tiebreak.core.a1": ["_RANGE"],
    "tiebreak.reading.team": ["_ROUND", "_CELL", "_MATRIX_CELL", "_FORFEIT", "_PAIRED"],
}
LAZY_MODULES = [*NEVER_COMPILED, "tiebreak.reading.swiss", "tiebreak.reading.columns", "tiebreak.reading.layout",
                "tiebreak.io.book_names", "tiebreak.plan.values", "tiebreak.core.grammar", "tiebreak.core.i18n"]


def _loaded(code: str) -> list[str]:
    probe = f"{code}\nimport sys\nloaded = sorted(sys.modules)\nimport json\nprint(json.dumps(loaded))"
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


def _rank_out(book: Path, out: Path) -> str:
    return f"from tiebreak.cli.commands import main\nmain(['--lang', 'en', 'rank', {str(book)!r}, '--out', {str(out)!r}, '--format', 'csv'])"


def _in_progress() -> list[list[object]]:
    """The worked example (five rounds) with round 4 half entered (two games of five) and round 5 still empty."""
    return swiss_grid(NAMES, [*ROUNDS[:-2], ROUNDS[-2][:2], []])


@pytest.mark.parametrize("grid", [swiss_grid(NAMES, ROUNDS), _in_progress()], ids=["finished", "in-progress"])
def test_patterns_a_club_workbook_does_not_need_are_never_compiled(tmp_path: Path, grid: list[list[object]]) -> None:
    book = save_xlsx(grid, tmp_path / "club.xlsx")
    probe = _rank_out(book, tmp_path / "ranked.xlsx") + (
        "\nimport json, sys\nfrom tiebreak.core.text import _Later\n"
        f"names = {json.dumps(NEVER_COMPILED)}\n"
        "print(json.dumps({m: [n for n in ns if isinstance(vars(sys.modules[m])[n], _Later) and 'match' not in vars(vars(sys.modules[m])[n])] for m, ns in names.items()}))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert (tmp_path / "ranked.xlsx").stat().st_size > 0
    assert json.loads(done.stdout.splitlines()[-1]) == NEVER_COMPILED


def _ranked(book: Path, out: Path, eager: bool) -> tuple[str, dict[str, bytes]]:
    """The CSV and the parts of the ranked copy, with the patterns compiled later or, ``eager``, by ``re.compile`` at import."""
    import zipfile

    # core/text loaded first with compiled_later replaced by re.compile: every module then compiles at import
    prelude = (
        "import re\n" if not eager else
        "import importlib.util, re, sys\n"
        f"spec = importlib.util.spec_from_file_location('tiebreak.core.text', {str(_text_source())!r})\n"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); m.compiled_later = re.compile\n"
        "sys.modules['tiebreak.core.text'] = m\n"
    )
    check = "\nimport tiebreak.io.sheetxml as sx\nassert isinstance(sx._QNAME, re.Pattern) is " + str(eager)
    done = subprocess.run([sys.executable, "-c", prelude + _rank_out(book, out) + check], capture_output=True, text=True, check=True)
    with zipfile.ZipFile(out) as z:
        return done.stdout, {n: z.read(n) for n in z.namelist()}


def _text_source() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("tiebreak.core.text")
    assert spec is not None and spec.origin is not None
    return Path(spec.origin)


@pytest.mark.parametrize("grid", [swiss_grid(NAMES, ROUNDS), _in_progress()], ids=["finished", "in-progress"])
def test_patterns_compiled_later_give_the_same_ranked_copy(tmp_path: Path, grid: list[list[object]]) -> None:
    book = save_xlsx(grid, tmp_path / "club.xlsx")
    lazy_csv, lazy_parts = _ranked(book, tmp_path / "lazy.xlsx", eager=False)
    eager_csv, eager_parts = _ranked(book, tmp_path / "eager.xlsx", eager=True)
    lines = lazy_csv.splitlines()
    assert lazy_csv == eager_csv and len(lines) - next(i for i, x in enumerate(lines) if x.startswith("Place,")) == len(NAMES) + 1
    assert lazy_parts == eager_parts


def test_a_pattern_compiled_later_answers_as_re_compile() -> None:
    import importlib
    import random
    import re

    from tiebreak.core.text import _Later, compiled_later

    later = compiled_later(r"(\d+)([wb])?", re.IGNORECASE)
    assert isinstance(later, _Later) and "match" not in vars(later)
    now = re.compile(r"(\d+)([wb])?", re.IGNORECASE)
    assert later.sub("-", "12W 3b x") == now.sub("-", "12W 3b x") == "- - x" and "match" in vars(later)
    assert (later.pattern, later.flags, later.groups) == (now.pattern, now.flags, now.groups)
    rng = random.Random(24)
    texts = ["".join(rng.choice("12w b½=+-−<row r=\"3\">&amp;:Итого\n") for _ in range(rng.randrange(30))) for _ in range(300)]
    for name in LAZY_MODULES:
        module = importlib.import_module(name)
        for key, value in vars(module).items():
            if isinstance(value, _Later):
                plain = re.compile(value.pattern, value.flags)
                for t in texts:
                    text: str | bytes = t.encode() if isinstance(value.pattern, bytes) else t
                    assert value.findall(text) == plain.findall(text), (name, key, t)
                    assert bool(value.match(text)) == bool(plain.match(text)), (name, key, t)


def _gc_after(code: str) -> list[object]:
    probe = f"import gc\n{code}\nimport json\nprint(json.dumps([gc.isenabled(), gc.get_freeze_count() > 0, young]))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return list(json.loads(done.stdout.splitlines()[-1]))


def test_the_modules_load_without_the_collector_and_leave_it_as_it_was() -> None:
    """core/loading: no young collection while tiebreak's modules load (about twenty before), the collector's state kept."""
    counting = "young = 0\ndef seen(phase, info):\n    global young\n    young += phase == 'start'\ngc.callbacks.append(seen)\n"
    enabled, frozen, young = _gc_after(counting + "import tiebreak.cli\ngc.callbacks.clear()")
    assert enabled is True and frozen is False and isinstance(young, int) and young <= 5
    assert _gc_after("young = 0\ngc.disable()\nimport tiebreak.cli")[:2] == [False, False]
    assert _gc_after("young = 0\ngc.freeze()\nimport tiebreak.cli")[:2] == [True, True]  # the caller's frozen objects stay frozen


def test_what_loads_is_moved_to_the_oldest_generation_and_still_collected() -> None:
    import gc
    import weakref

    from tiebreak.core.loading import modules_loading

    class Node:
        pass

    was = gc.isenabled()
    gc.enable()
    try:
        with modules_loading():
            assert not gc.isenabled()
            kept = [[i] for i in range(2000)]
            cycle = Node()
            cycle.me = cycle
            gone = weakref.ref(cycle)
            del cycle
        assert gc.isenabled() and gc.get_freeze_count() == 0 and gc.get_count()[0] < 50
        oldest = {id(o) for o in gc.get_objects(generation=2)}
        assert id(kept) in oldest and id(kept[-1]) in oldest
        assert gone() is not None
        gc.collect()
        assert gone() is None  # a cycle made while loading is garbage as any other
    finally:
        if not was:
            gc.disable()
