"""Build the example workbooks in this folder (rerunnable, byte for byte).

    python workbooks/make_workbooks.py [--out-dir DIR]

writes

* ``draughts_round_robin.xlsx``: a Russian draughts round robin (10 players,
  2/1/0 scoring, Russian notation, one forfeit pair) on the sheet
  ``Crosstable`` (table ``A3:N13``: header row 3, players in rows 4-13),
  worksheet-function formulas beside it (``O3:Q13``) and the settings sheet
  ``tiebreak`` (rules ``ru``, criteria ``sonneborn_berger, wins, h2h, beaten,
  order``);
* ``chess_swiss.xlsx``: a chess Swiss (16 players, 9 rounds, chess-results
  notation with a forfeit pair, a pairing bye, a half-point bye and a player
  who withdrew) on the sheet ``Swiss`` (table ``A1:M17``, also the defined
  name ``crosstable``), formulas beside it (``N1:Q17``) and the settings sheet
  ``tiebreak`` (rules ``fide-2024``, criteria ``BH/C1, BH, SB, DE, WIN``).

The crosstables are generated from the lists of games below, so both sides of
every game agree.  Document properties and the zip entries' timestamps are
fixed, so a rerun writes the same bytes.  At the end each workbook is read
back with :func:`tiebreak.read_table`; the script fails if the library
rejects a table or counts different points.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import os
import re
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Sequence

HERE = Path(__file__).resolve().parent
FIXED_TIME = dt.datetime(2026, 1, 1, 0, 0, 0)
ZIP_TIME = (2026, 1, 1, 0, 0, 0)
CREATOR = "tiebreak"

RR_FILE = "draughts_round_robin.xlsx"
SWISS_FILE = "chess_swiss.xlsx"
MINUS = "\u2212"  # the minus sign of a forfeit loss in Russian tables

# --------------------------------------------------------------- round robin
RR_TITLE = "Первенство клуба по русским шашкам 2026"
RR_SHEET = "Crosstable"
RR_RULES = "ru"
RR_CRITERIA = "sonneborn_berger, wins, h2h, beaten, order"
# (No., name, sports rank)
RR_PLAYERS = [
    (1, "Иванов Пётр", "КМС"),
    (2, "Смирнов Алексей", "I"),
    (3, "Кузнецова Анна", "КМС"),
    (4, "Попов Дмитрий", "МС"),
    (5, "Васильев Игорь", "I"),
    (6, "Петрова Мария", "II"),
    (7, "Соколов Андрей", "II"),
    (8, "Михайлов Сергей", "III"),
    (9, "Новикова Елена", "II"),
    (10, "Фёдоров Николай", "I"),
]
# (a, b, a's result): 2 win, 1 draw, 0 loss; "+" a won by forfeit (b did not come)
RR_GAMES: list[tuple[int, int, Any]] = [
    (1, 2, 2), (1, 3, 0), (1, 4, 1), (1, 5, 0), (1, 6, 1), (1, 7, 1), (1, 8, 2), (1, 9, 2), (1, 10, 1),
    (2, 3, 0), (2, 4, 2), (2, 5, 2), (2, 6, 1), (2, 7, 1), (2, 8, 2), (2, 9, 2), (2, 10, 1),
    (3, 4, 0), (3, 5, 0), (3, 6, 1), (3, 7, 1), (3, 8, 1), (3, 9, 2), (3, 10, 2),
    (4, 5, 2), (4, 6, 1), (4, 7, 1), (4, 8, 2), (4, 9, 2), (4, 10, "+"),
    (5, 6, 1), (5, 7, 1), (5, 8, 2), (5, 9, 2), (5, 10, 0),
    (6, 7, 1), (6, 8, 0), (6, 9, 0), (6, 10, 2),
    (7, 8, 0), (7, 9, 0), (7, 10, 2),
    (8, 9, 0), (8, 10, 1),
    (9, 10, 0),
]
RR_HEADER_ROW = 3  # sheet row of the header; players follow

# --------------------------------------------------------------------- Swiss
SWISS_SHEET = "Swiss"
SWISS_RULES = "fide-2024"
SWISS_CRITERIA = "BH/C1, BH, SB, DE, WIN"
SWISS_PLAYERS = [
    (1, "Andersen, Mia", 2310),
    (2, "Berg, Tomas", 2255),
    (3, "Novak, Petra", 2190),
    (4, "Lindqvist, Erik", 2150),
    (5, "Moreau, Claire", 2105),
    (6, "Schulz, Jonas", 2060),
    (7, "Kowalski, Marek", 2015),
    (8, "Rossi, Giulia", 1980),
    (9, "Horvat, Luka", 1940),
    (10, "Jensen, Ida", 1895),
    (11, "Duarte, Rui", 1850),
    (12, "Ivanova, Sofia", 1810),
    (13, "O'Brien, Sean", 1765),
    (14, "Keller, Nina", 1720),
    (15, "Varga, Bence", 1680),
    (16, "Sato, Ken", 1630),
]
# per round: (white, black, white's result): 1, 0.5, 0, or "+" (white won by forfeit)
SWISS_ROUNDS: list[list[tuple[int, int, Any]]] = [
    [(1, 2, 0.5), (3, 4, 1), (5, 6, 0.5), (7, 8, 0.5), (9, 10, 1), (11, 12, 1), (13, 14, 0), (15, 16, 0)],
    [(9, 3, 1), (14, 11, 0.5), (16, 1, 0.5), (2, 5, 0.5), (6, 7, 0.5), (8, 4, 0.5), (10, 12, 0.5), (15, 13, 0.5)],
    [(11, 9, 0.5), (16, 14, 1), (1, 3, 1), (6, 2, 0.5), (5, 7, 1), (10, 8, 0), (4, 13, 1), (12, 15, 0.5)],
    [(9, 16, 1), (5, 1, 0.5), (8, 11, 1), (2, 4, 1), (14, 6, 0.5), (3, 7, "+"), (13, 12, 0), (15, 10, 0)],
    [(8, 9, 0.5), (1, 6, 0.5), (16, 2, 0), (11, 5, 1), (12, 14, 0), (10, 3, 0), (4, 15, 1), (7, 13, 0.5)],
    [(2, 9, 0.5), (1, 8, 1), (3, 11, 1), (14, 4, 0.5), (12, 5, 0), (6, 13, 1), (7, 10, 0.5)],
    [(9, 1, 0.5), (3, 2, 1), (5, 8, 0), (4, 6, 1), (7, 14, 1), (11, 15, 1), (13, 10, 0.5)],
    [(4, 9, 1), (1, 11, 1), (8, 3, 1), (2, 7, 0), (10, 5, 0.5), (6, 12, 1), (14, 15, 1)],
    [(4, 1, 1), (6, 8, 1), (9, 7, 0.5), (3, 14, 0.5), (10, 2, 0.5), (15, 5, 0), (13, 11, 0.5)],
]
# rounds without a game: "-1" pairing bye (odd number of players), "-½" requested half-point bye
SWISS_BYES: dict[tuple[int, int], str] = {(15, 6): "-1", (12, 7): "-½", (13, 8): "-1", (12, 9): "-1"}
# No. 16 withdrew after round 5: his cells for rounds 6-9 stay empty
SWISS_WITHDRAWN = {16: 6}


# ------------------------------------------------------------------ the data
def rr_points() -> dict[int, float]:
    pts = {no: 0.0 for no, _, _ in RR_PLAYERS}
    for a, b, res in RR_GAMES:
        if res == "+":
            pts[a] += 2
        else:
            pts[a] += res
            pts[b] += 2 - res
    return pts


def rr_matrix() -> dict[tuple[int, int], Any]:
    """Cell (row player, column player) -> cell value, both sides of every game."""
    cells: dict[tuple[int, int], Any] = {}
    for a, b, res in RR_GAMES:
        if res == "+":
            cells[a, b], cells[b, a] = "+", MINUS
        else:
            cells[a, b], cells[b, a] = res, 2 - res
    return cells


def swiss_points() -> dict[int, float]:
    pts = {no: 0.0 for no, _, _ in SWISS_PLAYERS}
    for games in SWISS_ROUNDS:
        for w, b, res in games:
            if res == "+":
                pts[w] += 1
            else:
                pts[w] += res
                pts[b] += 1 - res
    for (no, _r), text in SWISS_BYES.items():
        pts[no] += {"-1": 1.0, "-½": 0.5, "-0": 0.0}[text]
    return pts


def _half(v: Any) -> str:
    return {1: "1", 0: "0", 0.5: "½"}[v]


def swiss_cells() -> dict[int, list[str]]:
    n_rounds = len(SWISS_ROUNDS)
    cells = {no: [""] * n_rounds for no, _, _ in SWISS_PLAYERS}
    for r, games in enumerate(SWISS_ROUNDS):
        for w, b, res in games:
            if res == "+":
                cells[w][r], cells[b][r] = f"{b}w+", f"{w}b-"
            else:
                cells[w][r], cells[b][r] = f"{b}w{_half(res)}", f"{w}b{_half(1 - res)}"
    for (no, r), text in SWISS_BYES.items():
        assert cells[no][r - 1] == "", (no, r)
        cells[no][r - 1] = text
    for no, first_absent in SWISS_WITHDRAWN.items():
        assert all(c == "" for c in cells[no][first_absent - 1 :]), no
    # every active player has a cell in every round
    for no, row in cells.items():
        last = SWISS_WITHDRAWN.get(no, n_rounds + 1) - 1
        assert all(row[:last]), (no, row)
    return cells


# ---------------------------------------------------------------- workbooks
def _settings_sheet(wb: Any, rules: str, criteria: str) -> None:
    from tiebreak.plan.settings import Settings, settings_grid

    ws = wb.create_sheet("tiebreak")
    for row in settings_grid(Settings(rules=rules, criteria=criteria), criteria):
        ws.append([None if v == "" else v for v in row])
    ws.column_dimensions["A"].width = 26
    ws.column_dimensions["B"].width = 44
    ws.column_dimensions["C"].width = 60


def _properties(wb: Any, title: str) -> None:
    p = wb.properties
    p.creator = CREATOR
    p.lastModifiedBy = CREATOR
    p.title = title
    p.created = FIXED_TIME
    p.modified = FIXED_TIME


def build_round_robin() -> Any:
    import openpyxl
    from openpyxl.styles import Alignment, Font

    wb = openpyxl.Workbook()
    _properties(wb, RR_TITLE)
    ws = wb.active
    ws.title = RR_SHEET
    n = len(RR_PLAYERS)
    ws.cell(1, 1, RR_TITLE).font = Font(bold=True, size=14)
    head = RR_HEADER_ROW
    first, last = head + 1, head + n
    # columns: A №, B name, C rank, D.. results, then points, then the formulas
    res_col = 4
    pts_col = res_col + n
    bh_col, sb_col, place_col = pts_col + 1, pts_col + 2, pts_col + 3
    header = ["№", "Фамилия, имя", "Разряд", *range(1, n + 1), "Очки", "Бухгольц (формула)", "Бергер (формула)", "Место (формула)"]
    for c, v in enumerate(header, start=1):
        cell = ws.cell(head, c, v)
        cell.font = Font(bold=True)
        cell.alignment = Alignment(horizontal="center", wrap_text=c > pts_col)
    from openpyxl.utils import get_column_letter as L

    table = f"${L(1)}${head}:${L(pts_col)}${last}"
    players_only = f"${L(1)}${first}:${L(pts_col)}${last}"
    cells = rr_matrix()
    pts = rr_points()
    for i, (no, name, rank) in enumerate(RR_PLAYERS):
        r = first + i
        ws.cell(r, 1, no)
        ws.cell(r, 2, name)
        ws.cell(r, 3, rank)
        for j, (other, _, _) in enumerate(RR_PLAYERS):
            cell = ws.cell(r, res_col + j, "Х" if other == no else cells[no, other])  # Cyrillic Х on the diagonal
            cell.alignment = Alignment(horizontal="center")
        p = ws.cell(r, pts_col, int(pts[no]))
        p.number_format = "0"
        ws.cell(r, bh_col, f"=BUCHHOLZ({table},A{r})").number_format = "0"
        ws.cell(r, sb_col, f"=SONNEBORN_BERGER({table},A{r})").number_format = "0"
    # one spilled formula: one place per player row
    ws.cell(first, place_col, f'=PLACES({players_only},"{RR_CRITERIA}","{RR_RULES}")')
    ws.column_dimensions["A"].width = 5
    ws.column_dimensions["B"].width = 22
    ws.column_dimensions["C"].width = 8
    for j in range(n):
        ws.column_dimensions[L(res_col + j)].width = 4.5
    ws.column_dimensions[L(pts_col)].width = 7
    for c in (bh_col, sb_col, place_col):
        ws.column_dimensions[L(c)].width = 12
    ws.row_dimensions[head].height = 30
    _settings_sheet(wb, RR_RULES, RR_CRITERIA)
    wb.active = 0
    return wb


def build_swiss() -> Any:
    import openpyxl
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter as L
    from openpyxl.workbook.defined_name import DefinedName

    wb = openpyxl.Workbook()
    _properties(wb, "Club Swiss 2026")
    ws = wb.active
    ws.title = SWISS_SHEET
    n_rounds = len(SWISS_ROUNDS)
    n = len(SWISS_PLAYERS)
    rnd_col = 4
    pts_col = rnd_col + n_rounds
    formula_cols = [("BH/C1 (formula)", "BH/C1"), ("BH (formula)", "BH"), ("SB (formula)", "SB")]
    place_col = pts_col + len(formula_cols) + 1
    header = ["No.", "Name", "Rtg", *[f"R{k}" for k in range(1, n_rounds + 1)], "Pts", *[h for h, _ in formula_cols], "Place (formula)"]
    for c, v in enumerate(header, start=1):
        cell = ws.cell(1, c, v)
        cell.font = Font(bold=True)
        cell.alignment = Alignment(horizontal="center", wrap_text=c > pts_col)
    last = 1 + n
    table = f"$A$1:${L(pts_col)}${last}"
    players_only = f"$A$2:${L(pts_col)}${last}"
    cells = swiss_cells()
    pts = swiss_points()
    for i, (no, name, rating) in enumerate(SWISS_PLAYERS):
        r = 2 + i
        ws.cell(r, 1, no)
        ws.cell(r, 2, name)
        ws.cell(r, 3, rating).number_format = "0"
        for k, text in enumerate(cells[no]):
            if text:
                ws.cell(r, rnd_col + k, text).alignment = Alignment(horizontal="center")
        ws.cell(r, pts_col, pts[no]).number_format = "0.0"
        for f, (_, code) in enumerate(formula_cols):
            ws.cell(r, pts_col + 1 + f, f'=TIEBREAK({table},"{code}",A{r},"{SWISS_RULES}")').number_format = "0.00"
    ws.cell(2, place_col, f'=PLACES({players_only},"{SWISS_CRITERIA}","{SWISS_RULES}")')
    wb.defined_names["crosstable"] = DefinedName("crosstable", attr_text=f"{SWISS_SHEET}!{table}")
    ws.column_dimensions["A"].width = 5
    ws.column_dimensions["B"].width = 20
    ws.column_dimensions["C"].width = 6
    for k in range(n_rounds):
        ws.column_dimensions[L(rnd_col + k)].width = 6.5
    ws.column_dimensions[L(pts_col)].width = 6
    for c in range(pts_col + 1, place_col + 1):
        ws.column_dimensions[L(c)].width = 11
    ws.freeze_panes = "D2"
    _settings_sheet(wb, SWISS_RULES, SWISS_CRITERIA)
    wb.active = 0
    return wb


# ------------------------------------------------------------ reproducible
_MODIFIED = re.compile(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)")


def save_reproducible(wb: Any, target: Path) -> None:
    """Save, then rewrite the zip with fixed timestamps (openpyxl stamps the save time)."""
    fd, tmp = tempfile.mkstemp(suffix=".xlsx", dir=target.parent)
    os.close(fd)
    try:
        wb.save(tmp)
        with zipfile.ZipFile(tmp) as z:
            parts = [(info.filename, z.read(info)) for info in z.infolist()]
        buf = io.BytesIO()
        stamp = FIXED_TIME.strftime("%Y-%m-%dT%H:%M:%SZ").encode()
        with zipfile.ZipFile(buf, "w") as out:
            for name, data in parts:
                if name == "docProps/core.xml":
                    data = _MODIFIED.sub(rb"\g<1>" + stamp + rb"\g<2>", data)
                info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.create_system = 3
                info.external_attr = 0o600 << 16
                out.writestr(info, data)
        Path(tmp).write_bytes(buf.getvalue())
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a workbook is an ordinary file
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


# ------------------------------------------------------------------- checks
def _grid(path: Path, sheet: str, top: int, left: int, bottom: int, right: int) -> list[list[Any]]:
    import openpyxl

    wb = openpyxl.load_workbook(path)
    ws = wb[sheet]
    return [[ws.cell(r, c).value for c in range(left, right + 1)] for r in range(top, bottom + 1)]


def check(out_dir: Path) -> list[str]:
    """Read both tables back with the library; a list of problems (empty when all is well)."""
    from tiebreak import read_table

    problems: list[str] = []
    n = len(RR_PLAYERS)
    jobs: list[tuple[str, str, tuple[int, int, int, int], dict[int, float], str]] = [
        (RR_FILE, RR_SHEET, (RR_HEADER_ROW, 1, RR_HEADER_ROW + n, 3 + n + 1), rr_points(), "round robin"),
        (SWISS_FILE, SWISS_SHEET, (1, 1, 1 + len(SWISS_PLAYERS), 3 + len(SWISS_ROUNDS) + 1), swiss_points(), "swiss"),
    ]
    for file, sheet, (top, left, bottom, right), expected, system in jobs:
        try:
            t = read_table(_grid(out_dir / file, sheet, top, left, bottom, right), origin=(top, left), sheet=sheet)
        except Exception as err:  # a rejection is a library bug: report it loudly
            problems.append(f"{file}: tiebreak.read_table rejected the table: {type(err).__name__}: {err}")
            continue
        got = {p.number: t.points[i] for i, p in enumerate(t.players)}
        if got != expected:
            problems.append(f"{file}: points read {got}, expected {expected}")
        if t.system != system:
            problems.append(f"{file}: read as {t.system!r}, expected {system!r}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out-dir", default=str(HERE), help="folder to write the workbooks to (default: this script's folder)")
    parser.add_argument("--no-check", action="store_true", help="skip reading the tables back with tiebreak")
    args = parser.parse_args(argv)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    save_reproducible(build_round_robin(), out / RR_FILE)
    save_reproducible(build_swiss(), out / SWISS_FILE)
    if not args.no_check:
        problems = check(out)
        if problems:
            for p in problems:
                print(f"make_workbooks: {p}", file=sys.stderr)
            return 1
    print(f"make_workbooks: wrote {out / RR_FILE} and {out / SWISS_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
