"""CSV for English and Russian Excel: separators, decimal separators, quoting, the byte order mark."""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest

from tiebreak import SettingsError
from tiebreak.core.i18n import use_language
from tiebreak.core.localformat import format_number
from tiebreak.io.csvout import (
    DIALECT_CHOICES,
    DIALECT_HELP,
    STANDINGS_COLUMNS,
    csv_format,
    csv_text,
    format_cell,
    is_regular_file,
    write_csv,
)

# The worked example of code 3.16 (RULES.md): Shmulyan 5, Sonneborn–Berger 19.5, Buchholz 14.5,
# median Solkoff 9, truncated Solkoff 13, Riga 24.25; a player on 2.5 points sharing places 2–3.
HEADER: list[object] = ["Place", "No", "Name", "Points", "Shmulyan", "SB", "Buchholz", "Solkoff", "Riga"]
ROWS: list[list[object]] = [
    HEADER,
    ["1", 4, "Иванов", 4.0, 5.0, 19.5, 14.5, 9.0, 24.25],
    ["2–3", 7, "Smith; John", 2.5, -1.5, 7.25, 12.0, 8.0, 11.5],
]


def test_english_excel_gets_commas_and_decimal_points() -> None:
    text = csv_text(ROWS, csv_format("excel"))
    assert text.splitlines() == [
        "Place,No,Name,Points,Shmulyan,SB,Buchholz,Solkoff,Riga",
        "1,4,Иванов,4,5,19.5,14.5,9,24.25",
        "2–3,7,Smith; John,2.5,-1.5,7.25,12,8,11.5",
    ]


def test_russian_excel_gets_semicolons_and_decimal_commas() -> None:
    text = csv_text(ROWS, csv_format("excel-ru"))
    assert text.splitlines() == [
        "Place;No;Name;Points;Shmulyan;SB;Buchholz;Solkoff;Riga",
        "1;4;Иванов;4;5;19,5;14,5;9;24,25",
        '2–3;7;"Smith; John";2,5;-1,5;7,25;12;8;11,5',  # a field holding the separator is quoted
    ]


@pytest.mark.parametrize("name", ["excel", "excel-ru", "semicolon"])
def test_every_dialect_reads_back_to_the_same_fields(name: str) -> None:
    fmt = csv_format(name)
    rows = list(csv.reader(io.StringIO(csv_text(ROWS, fmt)), delimiter=fmt.delimiter))
    assert rows[2][2] == "Smith; John"
    numbers = [[float(cell.replace(fmt.decimal, ".")) for cell in row[3:]] for row in rows[1:]]
    assert numbers == [[4, 5, 19.5, 14.5, 9, 24.25], [2.5, -1.5, 7.25, 12, 8, 11.5]]


def test_auto_follows_the_language() -> None:
    assert csv_format("auto", lang="ru").name == "excel-ru"
    assert csv_format("auto", lang="en").name == "excel"
    assert csv_format(None).name == "excel"
    with use_language("ru"):
        assert csv_format(None).name == "excel-ru"
        assert csv_format("auto").delimiter == ";"
        assert csv_format("excel").delimiter == ","  # an explicit dialect wins over the language
    assert csv_format(" Semicolon ").name == "excel-ru"
    assert csv_format("EXCEL").name == "excel"


def test_an_unknown_dialect_is_a_settings_error_in_the_users_language() -> None:
    with pytest.raises(SettingsError) as err:
        csv_format("tab")
    assert str(err.value) == "unknown CSV dialect 'tab': use auto, excel, excel-ru or semicolon"
    with use_language("ru"), pytest.raises(SettingsError) as err:
        csv_format("tab")
    assert str(err.value) == "неизвестный формат CSV 'tab': используйте auto, excel, excel-ru или semicolon"


def test_text_is_never_changed_only_numbers_are() -> None:
    ru = csv_format("excel-ru")
    assert [format_cell(v, ru) for v in ("0.5", "Ivanov 2.0", "3–4", 0.5, 2, None, (1, 0.5), True)] == [
        "0.5", "Ivanov 2.0", "3–4", "0,5", "2", "", "1 · 0,5", "True",
    ]


@pytest.mark.parametrize("name", ["=HYPERLINK(\"http://example.com\",\"Ann\")", "+79001234567", "-Ann", "@SUM(A1:A9)", "\tAnn"])
def test_text_a_spreadsheet_would_run_as_a_formula_is_written_as_text(name: str) -> None:
    # OWASP "CSV injection": a name typed as a formula must not run when the CSV is opened in Excel
    for fmt in (csv_format("excel"), csv_format("excel-ru")):
        text = csv_text([["1", name, 2.5]], fmt)
        fields = next(csv.reader(io.StringIO(text, newline=""), delimiter=fmt.delimiter))
        assert fields[1] == "'" + name
        assert fields[2] in ("2.5", "2,5")  # numbers, even negative ones, are numbers, not text


def test_numbers_are_rounded_to_four_decimals_without_exponents() -> None:
    assert [format_number(v, ".") for v in (1 / 3, 2 / 3, 36400.0, 1234567.0, 1e-7, -0.0, 0.1 + 0.2)] == [
        "0.3333", "0.6667", "36400", "1234567", "0", "0", "0.3",
    ]


def test_byte_order_mark_for_excel_files() -> None:
    fmt = csv_format("excel-ru")
    assert csv_text([["Иванов", 1.5]], fmt, bom=True) == "\ufeffИванов;1,5\n"
    assert csv_text([["Иванов", 1.5]], fmt) == "Иванов;1,5\n"
    buf = io.BytesIO()
    stream = io.TextIOWrapper(buf, encoding="utf-8", newline="")
    write_csv([["Иванов", 1.5]], stream, fmt, bom=True)
    stream.flush()
    assert buf.getvalue() == b"\xef\xbb\xbf" + "Иванов;1,5\n".encode()


def test_labels_and_help_are_translated() -> None:
    assert [str(c) for c in STANDINGS_COLUMNS] == ["Place", "No.", "Name", "Points"]
    assert set(DIALECT_CHOICES) == {"auto", "excel", "excel-ru", "semicolon"}
    with use_language("ru"):
        assert [str(c) for c in STANDINGS_COLUMNS] == ["Место", "№", "Участник", "Очки"]
        assert str(DIALECT_HELP).startswith("как --format csv размечает файл")


def test_a_byte_order_mark_only_for_a_regular_file(tmp_path: Path) -> None:
    with open(tmp_path / "standings.csv", "w", encoding="utf-8", newline="") as f:
        assert is_regular_file(f)
    read_end, write_end = os.pipe()
    with os.fdopen(write_end, "w") as pipe:
        assert not is_regular_file(pipe)
    os.close(read_end)
    assert not is_regular_file(io.StringIO())


def test_standings_of_the_russian_example_workbook_as_russian_csv() -> None:
    """The rows the command line would print, from the shipped draughts round robin (see README)."""
    import openpyxl  # type: ignore[import-untyped]

    import tiebreak

    root = Path(__file__).resolve().parent.parent
    ws = openpyxl.load_workbook(root / "workbooks" / "draughts_round_robin.xlsx", read_only=True)["Crosstable"]
    grid = [list(r) for r in ws.iter_rows(min_row=3, max_row=13, max_col=14, values_only=True)]
    t = tiebreak.read_table(grid)
    ranking = tiebreak.rank(t, "sonneborn_berger, wins, h2h, beaten", "ru")
    with use_language("ru"):
        header: list[object] = [*STANDINGS_COLUMNS, *(c.name_ru for c in ranking.criteria)]
        rows: list[list[object]] = [[str(h) for h in header]]
        for s in ranking.standings:
            p = t.players[s.player]
            rows.append([s.label, p.number, p.name, t.points[s.player], *(s.values.get(c.code) for c in ranking.criteria)])
        text = csv_text(rows, csv_format())
    lines = text.splitlines()
    assert lines[0] == "Место;№;Участник;Очки;Коэффициент Зонненборна–Бергера;Количество побед;Личные встречи;Сумма очков побеждённых"
    # Values as `tiebreak rank workbooks/draughts_round_robin.xlsx` prints them (2/1/0 scoring, whole numbers).
    assert lines[1] == "1;4;Попов Дмитрий;13;100;4;;33"
    assert lines[2] == "2;3;Кузнецова Анна;11;92;4;2;35"
    assert lines[6:8] == ["6–7;6;Петрова Мария;8;78;1;1;8", "6–7;7;Соколов Андрей;8;78;1;1;8"]


@pytest.mark.parametrize("name", ["excel", "excel-ru"])
def test_numbers_written_once_then_looked_up_equal_each_cell_formatted(name: str) -> None:
    """The writer formats each number once per table: the same text as every cell formatted on its own (3 and 3.0 alike, -0.0, nan, logical values)."""
    import random

    fmt = csv_format(name)
    pool: list[object] = [3, 3.0, -0.0, 0, 0.5, 1.25, 1 / 3, 2.00005, float("nan"), float("inf"), True, False, 1, None, "6–7", "=1", (1.0, 0.5), "Иванов"]
    rng = random.Random(3)
    rows = [[rng.choice(pool) for _ in range(6)] for _ in range(300)]
    want = io.StringIO()
    writer = csv.writer(want, delimiter=fmt.delimiter, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
    for row in rows:
        writer.writerow([format_cell(v, fmt) for v in row])
    assert csv_text(rows, fmt) == want.getvalue()
    assert format_cell(3, fmt) == format_cell(3.0, fmt) == "3" and format_cell(True, fmt) == "True"
