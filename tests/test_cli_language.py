"""The command line speaks the user's language: ``--lang``, else the workbook, else the system locale.

``--help`` of ``tiebreak`` and ``tiebreak rank`` in Russian under ``LANG=ru_RU.UTF-8`` and with
``--lang ru``; messages, the text output and the CSV layout (``;`` and a decimal comma for a
Russian Excel, ``--csv-dialect`` to choose) follow the chosen language.
"""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tiebreak.cli import commands as cli

FOLDER = Path(__file__).resolve().parent.parent / "workbooks"
RR = FOLDER / "draughts_round_robin.xlsx"  # Russian labels (Фамилия, Имя ...)
SWISS = FOLDER / "chess_swiss.xlsx"  # English labels


def _env(**values: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(values)
    return env


def _tiebreak(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tiebreak.cli", *argv], check=False, capture_output=True, text=True, timeout=120, encoding="utf-8", env=_env(**env)
    )


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        cli.main(list(argv))
    assert stop.value.code == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return _flat(out)


def _flat(text: str) -> str:
    """The text with argparse's line wrapping undone."""
    return " ".join(text.split())


# ------------------------------------------------------------------------ --help
def test_help_in_russian_under_a_russian_locale() -> None:
    proc = _tiebreak("--help", LANG="ru_RU.UTF-8")
    assert proc.returncode == 0, proc.stderr
    out = _flat(proc.stdout)
    assert out.startswith("использование: tiebreak ")
    assert "позиционные аргументы:" in out and "параметры:" in out
    assert "показать эту справку и выйти" in out and "показать версию и выйти" in out
    assert "распределить места по турнирной таблице книги" in out
    assert "usage:" not in out and "show this help message" not in out


def test_rank_help_in_russian_under_a_russian_locale() -> None:
    proc = _tiebreak("rank", "--help", LANG="ru_RU.UTF-8")
    assert proc.returncode == 0, proc.stderr
    out = _flat(proc.stdout)
    assert out.startswith("использование: tiebreak rank ")
    assert "лист с турнирной таблицей" in out
    assert "очки за победу/ничью/поражение" in out
    assert "[--csv-dialect {auto,excel,excel-ru,semicolon}]" in out
    assert "the sheet with the crosstable" not in out


def test_help_language_from_lc_all_over_lang() -> None:
    # LC_ALL comes before LANG, as for any program
    assert _tiebreak("--help", LC_ALL="en_US.UTF-8", LANG="ru_RU.UTF-8").stdout.startswith("usage: tiebreak ")
    assert _tiebreak("--help", LC_ALL="ru_RU.UTF-8", LANG="en_US.UTF-8").stdout.startswith("использование: tiebreak ")


def test_help_in_english_by_default() -> None:
    out = _flat(_tiebreak("rank", "--help", LANG="C.UTF-8").stdout)
    assert out.startswith("usage: tiebreak rank ")
    assert "the sheet with the crosstable (default: the active sheet, or the range named 'crosstable')" in out


@pytest.mark.parametrize("argv", [["--lang", "ru", "--help"], ["--lang=ru", "--help"], ["--help", "--lang", "ru"]])
def test_help_in_russian_with_lang_option(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    out = _help(capsys, *argv)
    assert out.startswith("использование: tiebreak ")
    assert "показать версию и выйти" in out
    assert "записать турнирную таблицу листа в файл FIDE TRF-16" in out  # export's help
    assert "язык сообщений, справки и вывода: en или ru" in out


@pytest.mark.parametrize("argv", [["rank", "--lang", "ru", "--help"], ["--lang", "ru", "rank", "--help"]])
def test_rank_help_in_russian_with_lang_option(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    out = _help(capsys, *argv)
    assert out.startswith("использование: tiebreak rank ")
    assert "книга .xlsx (читаются и .xls, .ods) или файл FIDE TRF" in out
    assert "как вывести итоговую таблицу (по умолчанию: text; html — самостоятельная веб-страница)" in out


def test_lang_option_beats_the_locale() -> None:
    assert _tiebreak("--lang", "en", "--help", LANG="ru_RU.UTF-8").stdout.startswith("usage: tiebreak ")
    assert _tiebreak("rank", "--lang", "ru", "--help", LANG="en_US.UTF-8").stdout.startswith("использование: tiebreak rank ")


def test_unknown_language_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "de", "rank", str(SWISS)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert "unknown language 'de': use en or ru" in err


# ------------------------------------------------------------------- messages
def test_usage_error_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "ru", "rank", str(SWISS), "--format", "xml"]) == 2
    err = capsys.readouterr().err
    assert "tiebreak: ошибка: аргумент --format: недопустимое значение: 'xml'" in err
    assert "\nиспользование: tiebreak [-h] " in err and "(см. tiebreak КОМАНДА --help)" in err


def test_cli_error_in_russian(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    trf = tmp_path / "t.trf"
    trf.write_text("012 Club\n", encoding="utf-8")
    assert cli.main(["rank", str(trf), "--sheet", "Tabelle", "--lang", "ru"]) == 1
    assert capsys.readouterr().err == "tiebreak: ошибка: --sheet — для книг; в файле TRF нет листов\n"
    assert cli.main(["rank", str(trf), "--sheet", "Tabelle"]) == 1
    assert capsys.readouterr().err == "tiebreak: error: --sheet is for workbooks; a TRF file has no sheets\n"


def test_the_russian_workbook_speaks_russian_without_options(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    # the table's Cyrillic labels choose Russian over the English system locale
    assert cli.main(["rank", str(RR)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Правила: ru   Критерии: sonneborn_berger, wins, h2h, beaten, order"
    assert lines[1].split()[:4] == ["Место", "№", "Участник", "Очки"]
    # the English workbook under the same system speaks English
    assert cli.main(["rank", str(SWISS)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Rules: fide-2024   Criteria: BH/C1, BH, SB, DE, WIN"
    assert lines[1].split()[:4] == ["Place", "No.", "Name", "Points"]


def test_system_locale_decides_for_an_english_table(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert cli.main(["rank", str(SWISS)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Правила: fide-2024   Критерии: BH/C1, BH, SB, DE, WIN"


# ------------------------------------------------------------------------ CSV
def _swiss_csv(capsys: pytest.CaptureFixture[str], *options: str) -> str:
    assert cli.main(["rank", str(SWISS), "--format", "csv", *options]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return out


def test_csv_in_russian_uses_semicolons_and_decimal_commas(capsys: pytest.CaptureFixture[str]) -> None:
    out = _swiss_csv(capsys, "--lang", "ru")
    rows = list(csv.reader(io.StringIO(out), delimiter=";"))
    assert rows[0] == [
        "Место", "№", "Участник", "Очки", "Бухгольц C1", "Бухгольц (BH)", "Зонненборн–Бергер (SB, ФИДЕ)",
        "Личная встреча (очки между равными, DE)", "Победы (WIN)",
    ]
    by_no = {int(r[1]): r for r in rows[1:]}
    # No.1 Andersen: 5.5 points, BH/C1 42, BH 46.5, SB 28 (the values of tests/test_cli.py's SWISS_VALUES)
    assert by_no[1][2:7] == ["Andersen, Mia", "5,5", "42", "46,5", "28"]
    # a name with a comma needs no quotes under ';'
    assert by_no[13][2] == "O'Brien, Sean"


def test_csv_dialect_chooses_explicitly(capsys: pytest.CaptureFixture[str]) -> None:
    english_excel = _swiss_csv(capsys, "--lang", "ru", "--csv-dialect", "excel")
    rows = list(csv.reader(io.StringIO(english_excel)))
    assert rows[0][:4] == ["Место", "№", "Участник", "Очки"]  # Russian words, English Excel's layout
    assert {int(r[1]): r[3:6] for r in rows[1:]}[1] == ["5.5", "42", "46.5"]
    russian_excel = _swiss_csv(capsys, "--csv-dialect", "semicolon", "--lang", "en")
    rows = list(csv.reader(io.StringIO(russian_excel), delimiter=";"))
    assert rows[0][:4] == ["Place", "No.", "Name", "Points"]
    assert {int(r[1]): r[3:6] for r in rows[1:]}[1] == ["5,5", "42", "46,5"]


def test_csv_to_a_file_gets_the_byte_order_mark(tmp_path: Path) -> None:
    target = tmp_path / "standings.csv"
    with open(target, "w", encoding="utf-8", newline="") as f:
        proc = subprocess.run(
            [sys.executable, "-m", "tiebreak.cli", "rank", str(RR), "--format", "csv"], check=False, stdout=f, stderr=subprocess.PIPE, text=True, timeout=120, env=_env(LANG="C.UTF-8")
        )
    assert proc.returncode == 0, proc.stderr
    text = target.read_text(encoding="utf-8")
    assert text.startswith("\ufeffМесто;№;Участник;Очки;")
    assert "Попов Дмитрий" in text


# ------------------------------------------------------------- file problems
def test_file_problems_in_russian(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fake = tmp_path / "scores.xlsx"
    fake.write_text("No,Name\n1,Ann\n", encoding="utf-8")
    assert cli.main(["--lang", "ru", "rank", str(fake)]) == 1
    assert capsys.readouterr().err == f"tiebreak: ошибка: {fake}: не книга .xlsx (не zip-файл); сохраните её из Excel как .xlsx\n"
    assert cli.main(["--lang", "ru", "rank", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"tiebreak: ошибка: {tmp_path}: это папка, а не файл\n"
    assert cli.main(["--lang", "ru", "rank", str(SWISS), "--out", str(tmp_path / "copy.xlsm")]) == 1
    err = capsys.readouterr().err
    assert "--out " in err and "входной файл — книга, поэтому имя копии должно оканчиваться на .xlsx" in err
    # the same in English
    assert cli.main(["rank", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"tiebreak: error: {tmp_path}: is a folder, not a file\n"


def test_html_page_follows_the_lang_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "standings.html"
    assert cli.main(["rank", str(SWISS), "--format", "html", "--out", str(page), "--lang", "ru"]) == 0
    assert capsys.readouterr().err == f"tiebreak: записан файл {page}\n"
    html = page.read_text(encoding="utf-8")
    assert '<html lang="ru">' in html and "<h2>Итоговая таблица</h2>" in html and "<h2>Турнирная таблица</h2>" in html
    assert cli.main(["rank", str(SWISS), "--format", "html", "--out", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert '<html lang="en">' in html and "<h2>Standings</h2>" in html


def test_export_speaks_the_workbook_language(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    trf = tmp_path / "event.trf"
    # the Russian example: 10 players, a round robin of 9 rounds
    assert cli.main(["export", str(RR), "--trf", str(trf)]) == 0
    assert capsys.readouterr().err == f"tiebreak: записан файл {trf} (10 участников, 9 туров)\n"
    assert cli.main(["export", str(RR), "--trf", str(trf), "--lang", "en"]) == 0
    assert capsys.readouterr().err == f"tiebreak: wrote {trf} (10 players, 9 rounds)\n"
