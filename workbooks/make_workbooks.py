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

* ``team_swiss.xlsx``: a chess team Swiss (7 teams, 4 boards, 5 rounds, a
  pairing-allocated bye each round, a match lost by forfeit, a half-point
  bye) on the sheet ``Teams`` (``No | Team | R1 … R5 | MP | GP``, cells such as
  ``5w2,5``), settings: rules ``fide-2024``, criteria ``MPvGP, EMGSB, BH:MP``;
* ``draughts_micro_matches.xlsx``: a Russian draughts micro-match round robin
  (6 players, two games a match on 2/1/0, both games in a cell: ``2 1``) on
  the sheet ``Микроматчи``, settings: rules ``ru``, criteria
  ``sonneborn_berger, wins, h2h`` (counted game by game).

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


# ------------------------------------------------------------ match events
TEAM_FILE = "team_swiss.xlsx"
TEAM_SHEET = "Teams"
TEAM_RULES = "fide-2024"
TEAM_CRITERIA = "MPvGP, EMGSB, BH:MP"
TEAM_BOARDS = 4
TEAM_NAMES = ["Rooks", "Knights", "Bishops", "Pawns", "Castles", "Gambits", "Zugzwang"]
# per round: (team with White on board 1, opponent, the first team's game points); "PAB"/"HPB" byes; ("F", winner, loser) a forfeit
TEAM_ROUNDS: list[list[Any]] = [
    [(1, 5, 2.5), (2, 6, 3.0), (3, 7, 2.0), ("PAB", 4)],
    [(2, 1, 2.0), (4, 3, 1.5), ("F", 6, 7), ("PAB", 5)],
    [(1, 3, 3.0), (7, 2, 1.0), (5, 4, 2.5), ("PAB", 6)],
    [(6, 1, 1.5), (3, 5, 2.0), (2, 4, 3.5), ("PAB", 7)],
    [(1, 4, 2.0), (5, 2, 1.5), (3, 6, 2.5), ("HPB", 7)],
]

MICRO_FILE = "draughts_micro_matches.xlsx"
MICRO_SHEET = "Микроматчи"
MICRO_TITLE = "Первенство клуба по русским шашкам 2026: микроматчи"
MICRO_RULES = "ru"
MICRO_CRITERIA = "sonneborn_berger, wins, h2h"
MICRO_NAMES = ["Орлов Павел", "Зайцева Ольга", "Морозов Илья", "Волкова Дарья", "Соколов Артём", "Лебедева Нина"]
# (row player, column player): the row player's two games on 2/1/0; the other side is the complement
MICRO_GAMES: dict[tuple[int, int], tuple[int, int]] = {
    (1, 2): (2, 1), (1, 3): (1, 1), (1, 4): (2, 2), (1, 5): (0, 2), (1, 6): (2, 1),
    (2, 3): (2, 0), (2, 4): (1, 2), (2, 5): (1, 1), (2, 6): (2, 2),
    (3, 4): (2, 1), (3, 5): (1, 2), (3, 6): (1, 1),
    (4, 5): (0, 1), (4, 6): (2, 0),
    (5, 6): (1, 1),
}


def team_cells() -> tuple[dict[int, list[str]], dict[int, float], dict[int, float]]:
    """Each team's round cells (8w2,5 ...), match points and game points."""
    n = len(TEAM_NAMES)
    cells: dict[int, list[str]] = {t: [] for t in range(1, n + 1)}
    mp = {t: 0.0 for t in cells}
    gp = {t: 0.0 for t in cells}
    for games in TEAM_ROUNDS:
        for g in games:
            if g[0] == "PAB":
                cells[g[1]].append("PAB")
                mp[g[1]] += 2
                gp[g[1]] += TEAM_BOARDS
            elif g[0] == "HPB":
                cells[g[1]].append("HPB")
                mp[g[1]] += 1
                gp[g[1]] += TEAM_BOARDS / 2
            elif g[0] == "F":
                cells[g[1]].append(f"{g[2]}+F")
                cells[g[2]].append(f"{g[1]}-F")
                mp[g[1]] += 2
                gp[g[1]] += TEAM_BOARDS
            else:
                a, b, pa = g
                pb = TEAM_BOARDS - pa
                cells[a].append(f"{b}w{_comma(pa)}")
                cells[b].append(f"{a}b{_comma(pb)}")
                gp[a] += pa
                gp[b] += pb
                mp[a] += 2 if pa > pb else 1 if pa == pb else 0
                mp[b] += 2 if pb > pa else 1 if pa == pb else 0
    return cells, mp, gp


def _comma(x: float) -> str:
    return f"{x:g}".replace(".", ",")


def micro_cells() -> tuple[dict[tuple[int, int], str], dict[int, float], dict[int, float]]:
    """Cell (row, column) '2 1' ..., and each player's match points and game points."""
    n = len(MICRO_NAMES)
    cells: dict[tuple[int, int], str] = {}
    mp = {i: 0.0 for i in range(1, n + 1)}
    gp = {i: 0.0 for i in range(1, n + 1)}
    for (a, b), (g1, g2) in MICRO_GAMES.items():
        cells[(a, b)] = f"{g1} {g2}"
        cells[(b, a)] = f"{2 - g1} {2 - g2}"
        own, their = g1 + g2, 4 - g1 - g2
        gp[a] += own
        gp[b] += their
        mp[a] += 2 if own > their else 1 if own == their else 0
        mp[b] += 2 if their > own else 1 if own == their else 0
    return cells, mp, gp


def build_team() -> Any:
    import openpyxl
    from openpyxl.styles import Alignment, Font

    wb = openpyxl.Workbook()
    _properties(wb, "Club team Swiss 2026")
    ws = wb.active
    ws.title = TEAM_SHEET
    rounds = len(TEAM_ROUNDS)
    header = ["No", "Team", *[f"R{k}" for k in range(1, rounds + 1)], "MP", "GP"]
    for c, v in enumerate(header, start=1):
        ws.cell(1, c, v).font = Font(bold=True)
    cells, mp, gp = team_cells()
    for i, name in enumerate(TEAM_NAMES, start=1):
        ws.cell(1 + i, 1, i)
        ws.cell(1 + i, 2, name)
        for k, text in enumerate(cells[i]):
            ws.cell(1 + i, 3 + k, text).alignment = Alignment(horizontal="center")
        ws.cell(1 + i, 3 + rounds, mp[i])
        ws.cell(1 + i, 4 + rounds, gp[i]).number_format = "0.0"
    ws.column_dimensions["B"].width = 14
    _settings_sheet(wb, TEAM_RULES, TEAM_CRITERIA)
    wb.active = 0
    return wb


def build_micro() -> Any:
    import openpyxl
    from openpyxl.styles import Alignment, Font

    wb = openpyxl.Workbook()
    _properties(wb, MICRO_TITLE)
    ws = wb.active
    ws.title = MICRO_SHEET
    ws.cell(1, 1, MICRO_TITLE).font = Font(bold=True)
    n = len(MICRO_NAMES)
    header = ["№", "Фамилия, имя", *range(1, n + 1), "МО", "ИО"]
    for c, v in enumerate(header, start=1):
        ws.cell(3, c, v).font = Font(bold=True)
    cells, mp, gp = micro_cells()
    for i, name in enumerate(MICRO_NAMES, start=1):
        r = 3 + i
        ws.cell(r, 1, i)
        ws.cell(r, 2, name)
        for j in range(1, n + 1):
            ws.cell(r, 2 + j, "\u0425" if i == j else cells[(i, j)]).alignment = Alignment(horizontal="center")
        ws.cell(r, 3 + n, mp[i])
        ws.cell(r, 4 + n, gp[i])
    ws.column_dimensions["B"].width = 20
    _settings_sheet(wb, MICRO_RULES, MICRO_CRITERIA)
    wb.active = 0
    return wb


def check_matches(out_dir: Path) -> list[str]:
    """Read the match tables back: match and game points as the script counted them."""
    from tiebreak import read_table

    problems: list[str] = []
    team_rounds, n_micro = len(TEAM_ROUNDS), len(MICRO_NAMES)
    jobs = [
        (TEAM_FILE, TEAM_SHEET, (1, 1, 1 + len(TEAM_NAMES), 4 + team_rounds), team_cells()[1:], "team"),
        (MICRO_FILE, MICRO_SHEET, (3, 1, 3 + n_micro, 4 + n_micro), micro_cells()[1:], "micro"),
    ]
    for file, sheet, (top, left, bottom, right), (mp, gp), kind in jobs:
        try:
            t = read_table(_grid(out_dir / file, sheet, top, left, bottom, right), origin=(top, left), sheet=sheet)
        except Exception as err:  # a rejection is a library bug: report it loudly
            problems.append(f"{file}: tiebreak.read_table rejected the table: {type(err).__name__}: {err}")
            continue
        event = getattr(t, "event", None)
        if event is None or event.event != kind:
            problems.append(f"{file}: not read as a {kind} event")
            continue
        if event.match_points != list(mp.values()) or event.game_points != list(gp.values()):
            problems.append(f"{file}: match and game points read {event.match_points}, {event.game_points}")
    return problems


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
    save_reproducible(build_team(), out / TEAM_FILE)
    save_reproducible(build_micro(), out / MICRO_FILE)
    if not args.no_check:
        problems = check(out) + check_matches(out)
        if problems:
            for p in problems:
                print(f"make_workbooks: {p}", file=sys.stderr)
            return 1
    print(f"make_workbooks: wrote {out / RR_FILE}, {out / SWISS_FILE}, {out / TEAM_FILE} and {out / MICRO_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
