"""``tiebreak --version`` and ``tiebreak doctor``: what a Windows user needs to set up classic xlwings.

The doctor runs here against settings files in a temporary home folder (HOME
and USERPROFILE point there), so what it reports is known: no files, good
files, broken files, a workbook with a settings sheet, a wrong xlwings, and a
Python in which tiebreak does not import.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from importlib import metadata
from pathlib import Path

import openpyxl  # type: ignore[import-untyped]
import pytest

import tiebreak
from tiebreak.cli import commands as cli
from tiebreak.cli import doctor


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("USERPROFILE", str(folder))
    return folder


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "--version")
    assert (code, out, err) == (0, f"tiebreak {tiebreak.__version__}\n", "")
    # the version in the code is the one the package was installed as
    assert tiebreak.__version__ == metadata.version("tiebreak")


def test_pinned_xlwings_is_read_from_the_package_metadata() -> None:
    requires = metadata.requires("tiebreak") or []
    assert any(r.replace(" ", "").startswith(f"xlwings=={doctor.pinned_xlwings()};") for r in requires), requires


def test_doctor_without_settings_files(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "doctor")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == f"tiebreak {tiebreak.__version__}"
    assert f"Python: {sys.executable}" in lines
    pin = doctor.pinned_xlwings()
    assert pin == "0.37.8"
    assert f"xlwings: {pin} (tiebreak needs {pin}: OK)" in lines
    assert any(line.startswith("tiebreak.excel.functions: imports") for line in lines)
    assert f"  {home / '.xlwings' / 'xlwings.conf'}: not there (xlwings config create writes it; the xlwings tab's settings are saved there)" in lines
    assert f"  {home / '.myaddin' / 'myaddin.conf'}: not there (without it, the Rank button runs python from PATH)" in lines
    assert lines[-1] == "No problems found."


def test_doctor_shows_what_the_settings_files_say(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (home / ".xlwings").mkdir()
    (home / ".xlwings" / "xlwings.conf").write_text(
        f'"INTERPRETER_WIN","{sys.executable}"\n"UDF MODULES","tiebreak.excel.functions"\n"#NOTE","not a setting"\n', encoding="utf-8"
    )
    (home / ".myaddin").mkdir()
    (home / ".myaddin" / "myaddin.conf").write_text('"CONDA PATH","C:\\miniconda3"\n"CONDA ENV","tiebreak"\n', encoding="utf-8")
    code, out, _ = run_cli(capsys, "doctor")
    assert code == 0, out
    assert f'  {home / ".xlwings" / "xlwings.conf"}: found\n    "INTERPRETER_WIN","{sys.executable}"\n    "UDF MODULES","tiebreak.excel.functions"\n' in out
    assert f'  {home / ".myaddin" / "myaddin.conf"}: found\n    "CONDA PATH","C:\\miniconda3"\n    "CONDA ENV","tiebreak"\n' in out
    assert "#NOTE" not in out and "note:" not in out


def test_doctor_reports_broken_settings(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (home / ".xlwings").mkdir()
    (home / ".xlwings" / "xlwings.conf").write_text(
        '"INTERPRETER_WIN","C:\\nowhere\\python.exe"\n"UDF MODULES"\n"DEBUG UDFS","False"\n\n"PYTHONPATH","C:\\x"\n', encoding="utf-8"
    )
    code, out, _ = run_cli(capsys, "doctor")
    assert code == 1
    assert "    problem: line 2 is not \"KEY\",\"VALUE\": 'UDF MODULES'" in out
    assert "    problem: line 4 is blank: xlwings stops reading the file there" in out
    # what comes after the blank line is not read, as in xlwings
    assert "PYTHONPATH" not in out
    assert "    note: UDF MODULES does not name tiebreak.excel.functions" in out
    assert "    problem: INTERPRETER_WIN names a file that does not exist here: C:\\nowhere\\python.exe" in out
    assert out.splitlines()[-1] == "3 problem(s) found."


def test_doctor_checks_the_rank_addins_interpreter_too(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (home / ".myaddin").mkdir()
    (home / ".myaddin" / "myaddin.conf").write_text('"INTERPRETER_WIN","%HOME%/nowhere/python.exe"\n', encoding="utf-8")
    code, out, _ = run_cli(capsys, "doctor")
    assert code == 1
    assert '    "INTERPRETER_WIN","%HOME%/nowhere/python.exe"\n    problem: INTERPRETER_WIN names a file that does not exist here: %HOME%/nowhere/python.exe\n' in out
    (home / ".myaddin" / "myaddin.conf").write_text(f'"INTERPRETER_WIN","{sys.executable}"\n', encoding="utf-8")
    code, out, _ = run_cli(capsys, "doctor")
    assert code == 0, out


def test_doctor_looks_next_to_and_inside_a_workbook(home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    wb = openpyxl.Workbook()
    wb.active.title = "Crosstable"
    conf = wb.create_sheet("xlwings.conf")
    conf["A1"], conf["B1"] = "Interpreter_Win", "C:\\py\\python.exe"
    conf["A2"], conf["B2"] = "UDF Modules", "tiebreak.excel.functions"
    wb.save(folder / "event.xlsm")
    (folder / "myaddin.conf").write_text('"INTERPRETER_WIN","C:\\venv\\Scripts\\python.exe"\n', encoding="utf-8")
    code, out, _ = run_cli(capsys, "doctor", str(folder / "event.xlsm"))
    assert code == 1, out  # the interpreter named next to the workbook is not on this machine
    assert f"  {folder / 'xlwings.conf'}: not there (optional)" in out
    assert f'  {folder / "myaddin.conf"}: found\n    "INTERPRETER_WIN","C:\\venv\\Scripts\\python.exe"\n' in out
    assert "    problem: INTERPRETER_WIN names a file that does not exist here: C:\\venv\\Scripts\\python.exe\n" in out
    assert out.splitlines()[-1] == "1 problem(s) found."
    assert "  sheet 'xlwings.conf' in the workbook:\n    \"INTERPRETER_WIN\",\"C:\\py\\python.exe\"\n    \"UDF MODULES\",\"tiebreak.excel.functions\"\n" in out


def test_doctor_on_a_missing_workbook(home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "doctor", str(tmp_path / "nope.xlsm"))
    assert (code, out) == (1, "")
    assert err == f"tiebreak: error: {tmp_path / 'nope.xlsm'}: no such file\n"


def test_doctor_reports_another_xlwings(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(doctor, "installed_xlwings", lambda: "0.33.15")
    report = doctor.diagnose()
    assert "xlwings: 0.33.15 is installed, but tiebreak needs 0.37.8. Fix: python -m pip install xlwings==0.37.8" in report.lines
    assert report.problems == 1


def test_doctor_reports_missing_xlwings(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(doctor, "installed_xlwings", lambda: None)
    report = doctor.diagnose()
    assert "xlwings: not installed. Install it with: python -m pip install xlwings==0.37.8" in report.lines
    assert "tiebreak.excel.functions: does not import: xlwings is not installed" in report.lines
    assert report.problems == 2


def test_doctor_reports_a_python_without_tiebreak(home: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "bare"
    venv.create(env_dir, with_pip=False)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    report = doctor.diagnose(python=str(python))
    assert f"Python: {python}" in report.lines
    assert "tiebreak.excel.functions: does not import: ModuleNotFoundError: No module named 'tiebreak'" in report.lines
    assert report.problems == 1


def test_doctor_does_not_import_xlwings() -> None:
    code = "import json, sys; from tiebreak import cli; rc = cli.main(['doctor']); print(json.dumps([rc, sorted(m for m in sys.modules if m.startswith('xlwings'))]))"
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    rc, modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert rc in (0, 1)  # depends on this machine's settings files; the point is the imports
    assert modules == []


def test_doctor_in_russian(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    conf = home / ".xlwings" / "xlwings.conf"
    conf.parent.mkdir(parents=True, exist_ok=True)
    conf.write_text('"INTERPRETER_WIN","C:\\nowhere\\python.exe"\n', encoding="utf-8")
    code, out, _ = run_cli(capsys, "--lang", "ru", "doctor")
    assert "    проблема: INTERPRETER_WIN указывает на файл, которого здесь нет: C:\\nowhere\\python.exe" in out
    assert "Этот путь указывают в поле Interpreter на вкладке xlwings (настройка INTERPRETER_WIN)." in out
    assert out.splitlines()[-1] == "Найдено проблем: 1."


def test_doctor_reads_the_settings_file_as_the_add_in_does(home: Path, tmp_path: Path) -> None:
    # A Cyrillic profile folder saved as UTF-8: VBA's Open ... For Input reads the ANSI code page (cp1251 on a
    # Russian Windows), where the bytes of "Иван" are other letters, so the path the button runs does not exist.
    python = tmp_path / "Иван" / "python.exe"
    python.parent.mkdir()
    python.write_text("")
    (home / ".xlwings").mkdir()
    conf = home / ".xlwings" / "xlwings.conf"
    conf.write_bytes(f'"INTERPRETER_WIN","{python}"\n'.encode())
    found = doctor.read_conf(conf, "cp1251")
    seen = str(python).encode().decode("cp1251", errors="replace")  # "Иван" as cp1251 reads its UTF-8 bytes: "Р?РІР°РЅ" (0x98 is no letter there)
    assert "Иван" not in seen and found.settings["INTERPRETER_WIN"] == seen
    assert found.problems[0] == (
        f"line 1 has letters outside ASCII, which the add-in reads in the code page cp1251: \"INTERPRETER_WIN\",\"{python}\" becomes "
        f"\"INTERPRETER_WIN\",\"{seen}\". Write the profile folder as %USERPROFILE% "
        "(e.g. %USERPROFILE%\\AppData\\Local\\Programs\\Python\\Python312\\python.exe), "
        "or install Python in a folder whose path has only Latin letters (e.g. C:\\Python312)"
    )
    assert found.problems[1] == f"INTERPRETER_WIN names a file that does not exist here: {seen}"
    # the line written with %USERPROFILE% (xlwings expands it) is plain ASCII: nothing about letters
    conf.write_bytes(b'"INTERPRETER_WIN","%USERPROFILE%\\python.exe"\n')
    assert not any("ASCII" in p for p in doctor.read_conf(conf, "cp1251").problems)


def test_doctor_warns_about_a_byte_order_mark(home: Path) -> None:
    (home / ".xlwings").mkdir()
    conf = home / ".xlwings" / "xlwings.conf"
    conf.write_bytes(b'\xef\xbb\xbf"UDF MODULES","tiebreak.excel.functions"\n"DEBUG UDFS","False"\n')
    found = doctor.read_conf(conf, "cp1252")
    assert found.problems == [
        'the file starts with a byte-order mark (saved as "UTF-8 with BOM"): the add-in reads it as part of the first '
        "setting's name, so that setting is lost. Save the file as ANSI (Notepad: Save as, Encoding: ANSI)"
    ]
    # as in the add-in, the first setting is not found under its name; the next one is
    assert "UDF MODULES" not in found.settings and found.settings["DEBUG UDFS"] == "False"


def test_doctor_encoding_problems_in_russian(home: Path) -> None:
    from tiebreak.core.i18n import use_language

    (home / ".xlwings").mkdir()
    conf = home / ".xlwings" / "xlwings.conf"
    conf.write_bytes('\ufeff"INTERPRETER_WIN","C:\\Users\\Иван\\python.exe"\n'.encode())
    with use_language("ru"):
        problems = doctor.read_conf(conf, "cp1251").problems
    assert problems[0].startswith("файл начинается с метки порядка байтов")
    assert problems[1].startswith("в строке 1 есть буквы не из ASCII") and "%USERPROFILE%" in problems[1]
