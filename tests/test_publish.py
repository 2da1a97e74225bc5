"""The published page (``tiebreak rank FILE --format html``), checked as a browser renders it.

Expected places and values of the example workbooks are the hand-derived ones of
test_cli.py (the arithmetic is written there, next to the game list); this file
checks that the page shows them, in the table's language, escaped, self-contained,
and that headless Chromium renders it, screenshots it and prints 20 players on one
A4 page.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from helpers import save_xlsx, swiss_grid
from test_cli import (
    HELD5,
    RR,
    RR_PLACES,
    RR_POINTS,
    RR_SB,
    RR_WINS,
    SWISS,
    SWISS_PLACES,
    SWISS_VALUES,
)

from tiebreak.cli import commands as cli
from tiebreak.core.ranking import rank
from tiebreak.io.publish import html_page, number_text, result_text
from tiebreak.reading import read_table

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"


# ------------------------------------------------------------------ helpers
class _Tables(HTMLParser):
    """The text of every table cell, per table id: {id: [[cell, ...], ...]} (header row first)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self.current: str | None = None
        self.cell: list[str] | None = None
        self.headings: list[str] = []
        self.in_heading = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.current = dict(attrs).get("id") or f"table{len(self.tables)}"
            self.tables[self.current] = []
        elif tag == "tr" and self.current:
            self.tables[self.current].append([])
        elif tag in ("td", "th") and self.current:
            self.cell = []
        elif tag in ("h1", "h2"):
            self.in_heading = True
            self.headings.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.current and self.cell is not None:
            self.tables[self.current][-1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "table":
            self.current = None
        elif tag in ("h1", "h2"):
            self.in_heading = False

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        if self.in_heading:
            self.headings[-1] += data


def tables(page: str) -> _Tables:
    p = _Tables()
    p.feed(page)
    return p


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert Path(CHROMIUM).exists(), "headless Chromium is needed for these tests: apt-get install chromium chromium-driver (.ci/run does)"
    profile = tmp_path / "chromium-profile"
    cmd = [
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
        f"--user-data-dir={profile}", *args,
    ]  # fmt: skip
    done = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def page_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = cli.main(["rank", *argv, "--format", "html"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def pdf_pages(path: Path) -> int:
    data = path.read_bytes()
    assert data.startswith(b"%PDF"), f"{path} is not a PDF"
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", data))


def rr_grid(names: list[str], result: Any) -> list[list[Any]]:
    """A round robin matrix with ``result(i, j)`` for i < j (row i's result against j)."""
    mirror = {1: 0, 0: 1, 0.5: 0.5}
    n = len(names)
    rows: list[list[Any]] = [["№", "Участник", *range(1, n + 1)]]
    for i, name in enumerate(names):
        row: list[Any] = [i + 1, name]
        for j in range(n):
            row.append("X" if i == j else result(i, j) if i < j else mirror[result(j, i)])
        rows.append(row)
    return rows


def berger_rounds(n: int, rounds: int) -> list[list[tuple[int, int]]]:
    """The first ``rounds`` rounds of a Berger (circle) schedule: every player once a round, nobody met twice."""
    players = list(range(n))
    out = []
    for r in range(rounds):
        pairs = [(players[k], players[n - 1 - k]) for k in range(n // 2)]
        out.append([(a, b) if (r + k) % 2 == 0 else (b, a) for k, (a, b) in enumerate(pairs)])
        players = [players[0], players[-1], *players[1:-1]]
    return out


CYRILLIC_20 = [
    "Алексеев Антон", "Борисова Вера", "Васильев Глеб", "Григорьева Дарья", "Дмитриев Егор",
    "Ерёмина Жанна", "Жуков Захар", "Зайцева Инна", "Ильин Кирилл", "Кузнецова Лидия",
    "Лебедев Максим", "Морозова Нина", "Никитин Олег", "Орлова Полина", "Павлов Роман",
    "Романова Светлана", "Семёнов Тимофей", "Тихонова Ульяна", "Фёдоров Филипп", "Харитонова Юлия",
]  # fmt: skip
LATIN_20 = [
    "Abbott, Alan", "Baker, Beth", "Clarke, Colin", "Dawson, Diane", "Ellis, Edward", "Fischer, Fay",
    "Grant, Gordon", "Hughes, Helen", "Irving, Ian", "Jensen, Julia", "Kowalski, Karl", "Lund, Laura",
    "Meyer, Martin", "Nolan, Nora", "Olsen, Oscar", "Price, Paula", "Quinn, Quentin", "Reyes, Rosa",
    "Stone, Samuel", "Turner, Tina",
]  # fmt: skip


# ------------------------------------------------------------------ the page itself
def test_round_robin_page_shows_the_hand_derived_standings(capsys: pytest.CaptureFixture[str]) -> None:
    page = page_of(capsys, str(RR))
    parsed = tables(page)
    head, *rows = parsed.tables["standings"]
    # Russian table (Cyrillic names and labels): Russian labels, decimal comma
    assert head[:4] == ["Место", "№", "Участник", "Очки"]
    assert head[4:] == ["Коэффициент Зонненборна–Бергера", "Количество побед", "Личные встречи", "Сумма очков побеждённых", "Результаты встреч в порядке мест"]
    assert parsed.headings[1:] == ["Итоговая таблица", "Турнирная таблица"]
    assert {int(r[1]): r[0] for r in rows} == RR_PLACES
    assert {int(r[1]): int(r[3]) for r in rows} == RR_POINTS
    assert {int(r[1]): int(r[4]) for r in rows} == RR_SB
    assert {int(r[1]): int(r[5]) for r in rows} == RR_WINS
    assert rows[0][2] == "Попов Дмитрий"
    # the crosstable: the matrix in table order, × on the diagonal, No.4's forfeit win over No.10 as +/−
    head, *cross = parsed.tables["crosstable"]
    assert head[2:12] == [str(n) for n in range(1, 11)] and head[12:] == ["Очки", "Место"]
    assert [r[2 + i] for i, r in enumerate(cross)] == ["×"] * 10
    assert cross[3][2 + 9] == "+" and cross[9][2 + 3] == "\u2212"
    assert {int(r[0]): r[-1] for r in cross} == RR_PLACES


def test_swiss_page_in_english_with_round_columns(capsys: pytest.CaptureFixture[str]) -> None:
    page = page_of(capsys, str(SWISS))
    parsed = tables(page)
    head, *rows = parsed.tables["standings"]
    assert head[:5] == ["Place", "No.", "Name", "Rating", "Points"]
    # the workbook's settings: BH/C1, BH, SB, DE, WIN, named in English
    assert head[5:] == ["Buchholz C1", "Buchholz (FIDE BH)", "Sonneborn–Berger (FIDE SB)", "Direct encounter (points among the tied)", "Wins (FIDE WIN)"]
    by_no = {int(r[1]): r for r in rows}
    for no, place in SWISS_PLACES.items():
        assert by_no[no][0] == place
    for no, values in SWISS_VALUES.items():
        assert number_text(values["BH/C1"], "en") == by_no[no][5]
        assert number_text(values["BH"], "en") == by_no[no][6]
        if "SB" in values:
            assert number_text(values["SB"], "en") == by_no[no][7]
        if "WIN" in values:
            assert number_text(values["WIN"], "en") == by_no[no][9]
    head, *cross = parsed.tables["crosstable"]
    assert head[2:11] == [f"R{r}" for r in range(1, 10)]
    cells = {int(r[0]): r[2:11] for r in cross}
    # No.1 drew No.2 with white in round 1 (test_cli: "No.1 met 2 (½) ...")
    assert cells[1][0] == "2w½"
    # No.3's round-4 forfeit win over No.7 (test_cli), and No.16 absent after withdrawing in round 5
    assert cells[3][3] == "7+" and cells[7][3] == "3\u2212"
    assert cells[16][5:] == ["–"] * 4


def test_everything_is_escaped_and_nothing_is_external() -> None:
    names = ['<script>alert("x")</script>', "O'Brien & Sons", "Bob"]
    grid = [["Name", 1, 2, 3], [names[0], "X", 1, 0], [names[1], 0, "X", 1], [names[2], 1, 0, "X"]]
    page = html_page(rank(read_table(grid), "buchholz"))
    assert "<script" not in page.lower()
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in page
    assert "O&#x27;Brien &amp; Sons" in page
    # self-contained: no file, script, font, image or stylesheet is fetched
    assert not re.search(r"""\b(src|href)\s*=|<link|@import|url\(""", page, re.IGNORECASE)
    parsed = tables(page)
    assert [r[2] for r in parsed.tables["standings"][1:]] == [names[0], names[1], names[2]]
    assert [r[0] for r in parsed.tables["standings"][1:]] == ["1–3"] * 3  # a 3-cycle: all equal on Buchholz


def test_language_follows_the_table() -> None:
    en = html_page(rank(read_table([["Name", 1, 2], ["Ann", "X", 1], ["Bob", 0, "X"]])))
    ru = html_page(rank(read_table([["Name", 1, 2], ["Анна", "X", "½"], ["Bob", "½", "X"]])))
    assert '<html lang="en">' in en and ">Standings<" in en and ">Place<" in en
    assert '<html lang="ru">' in ru and ">Итоговая таблица<" in ru and ">Место<" in ru
    # Russian labels of the table alone (Latin names) also make it Russian
    ru2 = html_page(rank(read_table([["Участник", 1, 2], ["Ann", "X", "½"], ["Bob", "½", "X"]])))
    assert '<html lang="ru">' in ru2
    assert tables(ru).tables["standings"][1][3] == "0,5"


def test_swiss_cells() -> None:
    grid = swiss_grid(["A", "B", "C"], [[("A", "B", 1)], [("B", "C", "+")], [("C", "A", 0.5)]], extra={("C", 1): "+", ("A", 2): "+", ("B", 3): "-"})
    t = read_table(grid)
    assert [result_text(t, 0, i, "en") for i in range(3)] == ["2w1", "bye 1", "3b½"]
    assert [result_text(t, 1, i, "ru") for i in range(3)] == ["1ч0", "3+", "–"]
    assert [result_text(t, 2, i, "en") for i in range(3)] == ["bye 1", "2\u2212", "1w½"]


def test_out_writes_the_page_and_trf_works(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    assert cli.main(["rank", str(HELD5), "--format", "html", "--out", str(out)]) == 0
    _, err = capsys.readouterr()
    assert f"wrote {out}" in err
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert len(tables(page).tables["standings"]) > 2
    # the input itself is never the page
    code = cli.main(["rank", str(HELD5), "--format", "html", "--out", str(HELD5)])
    _, err = capsys.readouterr()
    assert code == 1 and "input file" in err


# ------------------------------------------------------------------ in a real browser
@pytest.mark.parametrize("width, height", [(1200, 1000), (390, 844)])
def test_chromium_renders_the_page(capsys: pytest.CaptureFixture[str], tmp_path: Path, width: int, height: int) -> None:
    target = tmp_path / "page.html"
    assert cli.main(["rank", str(RR), "--format", "html", "--out", str(target)]) == 0
    capsys.readouterr()
    dom = chromium(tmp_path, "--dump-dom", target.as_uri()).stdout
    parsed = tables(dom)
    rows = parsed.tables["standings"][1:]
    assert {int(r[1]): r[0] for r in rows} == RR_PLACES
    assert {int(r[1]): int(r[4]) for r in rows} == RR_SB
    assert [r[2] for r in rows][:3] == ["Попов Дмитрий", "Кузнецова Анна", "Смирнов Алексей"]
    assert len(parsed.tables["crosstable"]) == 11
    shot = tmp_path / "page.png"
    chromium(tmp_path, f"--screenshot={shot}", f"--window-size={width},{height}", "--hide-scrollbars", target.as_uri())
    assert shot.stat().st_size > 5000
    assert png_size(shot) == (width, height)


@pytest.mark.parametrize("kind", ["round robin", "swiss"])
def test_twenty_players_print_on_one_a4_page(capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str) -> None:
    if kind == "round robin":
        # row i against j > i: by (i + 2j) mod 5 a win (0, 1), a draw (2) or a loss (3, 4)
        grid = rr_grid(CYRILLIC_20, lambda i, j: (1, 1, 0.5, 0, 0)[(i + 2 * j) % 5])
    else:
        # 9 rounds of a Berger schedule, white wins when (round + board) is even, else a draw
        pairings = berger_rounds(20, 9)
        rounds = [[(LATIN_20[a], LATIN_20[b], 1 if (r + k) % 2 == 0 else 0.5) for k, (a, b) in enumerate(games)] for r, games in enumerate(pairings)]
        grid = swiss_grid(LATIN_20, rounds)
    src = save_xlsx(grid, tmp_path / "twenty.xlsx")
    target = tmp_path / "twenty.html"
    assert cli.main(["rank", str(src), "--format", "html", "--out", str(target)]) == 0
    capsys.readouterr()
    parsed = tables(target.read_text(encoding="utf-8"))
    assert len(parsed.tables["standings"]) == 21 and len(parsed.tables["crosstable"]) == 21
    pdf = tmp_path / "twenty.pdf"
    chromium(tmp_path, f"--print-to-pdf={pdf}", "--no-pdf-header-footer", "--print-to-pdf-no-header", target.as_uri())
    assert pdf_pages(pdf) == 1
    # A4 landscape: 842 x 595 points
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf.read_bytes())
    assert box is not None and (round(float(box[1])), round(float(box[2]))) == (842, 595)
    shot = tmp_path / "twenty.png"
    chromium(tmp_path, f"--screenshot={shot}", "--window-size=1280,1400", target.as_uri())
    assert png_size(shot) == (1280, 1400)


def test_settings_language_overrides_the_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    for row in [["№", "Участник", 1, 2], [1, "Анна", "X", 1], [2, "Борис", 0, "X"]]:
        ws.append(row)
    cfg = wb.create_sheet("tiebreak")
    cfg.append(["Language / Язык", "en"])
    wb.active = 0
    wb.save(tmp_path / "book.xlsx")
    page = page_of(capsys, str(tmp_path / "book.xlsx"))
    head = tables(page).tables["standings"][0]
    assert head[:4] == ["Place", "No.", "Name", "Points"] and '<html lang="en">' in page


def test_unwritable_out_is_a_message(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = cli.main(["rank", str(HELD5), "--format", "html", "--out", str(tmp_path / "no such folder" / "page.html")])
    out, err = capsys.readouterr()
    assert out == ""
    assert code == 1 and "cannot write the page" in err and "Traceback" not in err
    assert not list(tmp_path.glob("**/*.tmp"))


def test_stdout_is_utf8_whatever_the_locale() -> None:
    import os
    import sys

    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([sys.executable, "-m", "tiebreak.cli", "rank", str(RR), "--format", "html"], check=False, capture_output=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    page = done.stdout.decode("utf-8")
    assert "<meta charset=\"utf-8\">" in page and "Попов Дмитрий" in page and "6–7" in page
