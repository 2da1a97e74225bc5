"""A corpus of crosstables laid out the way clubs lay them out, each with its expected standings.

Five events are each rendered in many layouts (two-row headers, rows sorted by
place, totals and signature rows, row-number and place columns, earlier
tie-break columns, club columns, Russian and English labels ...).  The places
of an event do not depend on its layout, so every rendering of an event is
expected to give the event's standings, written out below and worked by hand
for each event.

Run ``python tests/club_tables.py FOLDER`` to write every table as a workbook
(one ``.xlsx`` per case) for a look in Excel.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

Grid = list[list[Any]]


@dataclass
class Event:
    """One tournament: names, start numbers, results, and its standings (name -> place)."""

    key: str
    system: str  # "rr" or "swiss"
    names: list[str]
    scoring: tuple[float, float, float]  # win, draw, loss
    # rr: score[i][j] of player i against j; swiss: rounds of (white, black, white's score), numbers 1-based
    score: list[list[float | None]] = field(default_factory=list)
    rounds: list[list[tuple[int, int, float]]] = field(default_factory=list)
    places: dict[str, str] = field(default_factory=dict)
    clubs: list[str] = field(default_factory=list)
    ratings: list[int] = field(default_factory=list)
    games: list[dict[tuple[int, int], float]] = field(default_factory=list)  # a double round robin: each cycle's games

    def points(self) -> list[float]:
        n = len(self.names)
        if self.system == "rr":
            return [sum(v for v in self.score[i] if v is not None) for i in range(n)]
        pts = [0.0] * n
        for rnd in self.rounds:
            for a, b, s in rnd:
                pts[a - 1] += s
                pts[b - 1] += _other(s, self.scoring)
        return pts


def _other(s: float, scoring: tuple[float, float, float]) -> float:
    """The opponent's result: a draw for a draw, the loss for a win and the win for a loss."""
    win, draw, loss = scoring
    return draw if s == draw else win if s == loss else loss


def _rr(results: dict[tuple[int, int], float], n: int, scoring: tuple[float, float, float]) -> list[list[float | None]]:
    m: list[list[float | None]] = [[None] * n for _ in range(n)]
    for (i, j), s in results.items():
        m[i - 1][j - 1] = s
        m[j - 1][i - 1] = _other(s, scoring)
    return m


# E1: round robin of six, chess 1/½/0, Russian names.
# Points: Иванов 4½, Петров 3½, Сидоров 2½, Козлов 2½, Смирнов 1½, Волков ½.
# Сидоров and Козлов tie on 2½; Sonneborn–Berger (beaten opponents' points + half the drawn ones'):
#   Сидоров: ½·4½ (Иванов) + 1½ (Смирнов) + ½ (Волков) = 4.25
#   Козлов:  ½·3½ (Петров) + 2½ (Сидоров) + ½·1½ (Смирнов) + ½·½ (Волков) = 5.25  -> Козлов 3rd, Сидоров 4th.
E1 = Event(
    "rr6_chess_ru",
    "rr",
    ["Иванов Иван", "Петров Пётр", "Сидоров Сергей", "Козлов Константин", "Смирнов Семён", "Волков Виктор"],
    (1.0, 0.5, 0.0),
    score=_rr(
        {(1, 2): 1, (1, 3): 0.5, (1, 4): 1, (1, 5): 1, (1, 6): 1, (2, 3): 1, (2, 4): 0.5, (2, 5): 1, (2, 6): 1,
         (3, 4): 0, (3, 5): 1, (3, 6): 1, (4, 5): 0.5, (4, 6): 0.5, (5, 6): 1},
        6, (1.0, 0.5, 0.0),
    ),
    places={"Иванов Иван": "1", "Петров Пётр": "2", "Козлов Константин": "3", "Сидоров Сергей": "4", "Смирнов Семён": "5", "Волков Виктор": "6"},
    clubs=["Ладья", "Ладья", "Ферзь", "Ферзь", "Ладья", "Ферзь"],
    ratings=[1850, 1720, 1600, 1655, 1500, 1410],
)

# E2: round robin of five, draughts 2/1/0.
# Points: Орлов 6, Лебедев 6, Соколов 2, Морозов 2, Новиков 4.
# Орлов and Лебедев tie on 6: Орлов beat Соколов (2) and Морозов (2), drew Лебедев (6) and Новиков (4): 4 + 5 = 9;
#   Лебедев beat Соколов (2) and Новиков (4), drew Орлов (6) and Морозов (2): 6 + 4 = 10 -> Лебедев 1st.
# Соколов and Морозов tie on 2: Соколов beat Морозов (2) = 2; Морозов drew Лебедев (6) and Новиков (4) = 5 -> Морозов 4th.
E2 = Event(
    "rr5_draughts_ru",
    "rr",
    ["Орлов А.", "Лебедев Б.", "Соколов В.", "Морозов Г.", "Новиков Д."],
    (2.0, 1.0, 0.0),
    score=_rr({(1, 2): 1, (1, 3): 2, (1, 4): 2, (1, 5): 1, (2, 3): 2, (2, 4): 1, (2, 5): 2, (3, 4): 2, (3, 5): 0, (4, 5): 1}, 5, (2.0, 1.0, 0.0)),
    places={"Лебедев Б.": "1", "Орлов А.": "2", "Новиков Д.": "3", "Морозов Г.": "4", "Соколов В.": "5"},
    clubs=["Шашки-1", "Шашки-2", "Шашки-1", "Шашки-2", "Шашки-1"],
    ratings=[1420, 1380, 1210, 1190, 1300],
)

# E3: the same results as E1 with English names (a chess club's internal round robin).
E3 = Event(
    "rr6_chess_en",
    "rr",
    ["Adams, John", "Brown, Peter", "Clark, Simon", "Davis, Ken", "Evans, Sam", "Foster, Vic"],
    (1.0, 0.5, 0.0),
    score=E1.score,
    places={"Adams, John": "1", "Brown, Peter": "2", "Davis, Ken": "3", "Clark, Simon": "4", "Evans, Sam": "5", "Foster, Vic": "6"},
    clubs=["Hobsons Bay", "Hobsons Bay", "Box Hill", "Box Hill", "Hobsons Bay", "Box Hill"],
    ratings=[1850, 1720, 1600, 1655, 1500, 1410],
)

# S1: Swiss of eight, four rounds, chess 1/½/0, English names.
# Points: Adams 3½, Brown 2, Clark 2½, Davis 1½, Evans ½, Foster 2½, Green 1, Hill 2½.
# Clark, Foster, Hill tie on 2½; truncated Solkoff (Buchholz without the lowest opponent):
#   Clark:  Green 1 + Brown 2 + Adams 3½ + Hill 2½ = 9, minus 1 = 8
#   Foster: Brown 2 + Davis 1½ + Hill 2½ + Evans ½ = 6½, minus ½ = 6
#   Hill:   Davis 1½ + Adams 3½ + Foster 2½ + Clark 2½ = 10, minus 1½ = 8½  -> Hill 2nd, Clark 3rd, Foster 4th.
S1 = Event(
    "swiss8_chess_en",
    "swiss",
    ["Adams", "Brown", "Clark", "Davis", "Evans", "Foster", "Green", "Hill"],
    (1.0, 0.5, 0.0),
    rounds=[
        [(1, 5, 1), (2, 6, 0.5), (3, 7, 1), (4, 8, 0)],
        [(8, 1, 0), (3, 2, 0.5), (6, 4, 1), (5, 7, 0)],
        [(1, 3, 0.5), (6, 8, 0), (2, 7, 1), (4, 5, 0.5)],
        [(2, 1, 0), (8, 3, 0.5), (4, 7, 1), (5, 6, 0)],
    ],
    places={"Adams": "1", "Hill": "2", "Clark": "3", "Foster": "4", "Brown": "5", "Davis": "6", "Green": "7", "Evans": "8"},
    clubs=["ENG", "SCO", "ENG", "WLS", "IRL", "ENG", "SCO", "WLS"],
    ratings=[2105, 1980, 1875, 1760, 1500, 1830, 1645, 1910],
)

# S2: Swiss of six, three rounds, chess 1/½/0, Russian names and colours (б/ч).
# Points: Агеев 1½, Белов 2½, Волков 1½, Гусев ½, Демин 1, Егоров 2.
# Агеев and Волков tie on 1½: Агеев's opponents Гусев ½, Егоров 2, Белов 2½ = 5, minus ½ = 4½;
#   Волков's Егоров 2, Демин 1, Гусев ½ = 3½, minus ½ = 3  -> Агеев 3rd, Волков 4th.
S2 = Event(
    "swiss6_chess_ru",
    "swiss",
    ["Агеев", "Белов", "Волков", "Гусев", "Демин", "Егоров"],
    (1.0, 0.5, 0.0),
    rounds=[
        [(1, 4, 1), (2, 5, 0.5), (3, 6, 0)],
        [(6, 1, 0.5), (5, 3, 0), (4, 2, 0)],
        [(1, 2, 0), (5, 6, 0.5), (3, 4, 0.5)],
    ],
    places={"Белов": "1", "Егоров": "2", "Агеев": "3", "Волков": "4", "Демин": "5", "Гусев": "6"},
    clubs=["Москва", "Тула", "Москва", "Тверь", "Тула", "Москва"],
    ratings=[1550, 1720, 1490, 1300, 1400, 1610],
)

# S3: S1's games on draughts scoring 2/1/0 (a win 2, a draw 1): the same order.
S3 = Event(
    "swiss8_draughts_ru",
    "swiss",
    ["Агапов", "Борисов", "Васильев", "Григорьев", "Дмитриев", "Ершов", "Жуков", "Зайцев"],
    (2.0, 1.0, 0.0),
    rounds=[[(a, b, s * 2) for a, b, s in rnd] for rnd in S1.rounds],
    places={"Агапов": "1", "Зайцев": "2", "Васильев": "3", "Ершов": "4", "Борисов": "5", "Григорьев": "6", "Жуков": "7", "Дмитриев": "8"},
    clubs=S1.clubs,
    ratings=S1.ratings,
)

# E4: round robin of five on 3/1/0 (three points for a win), Russian.
# Points: Андреев 3+1+3+3 = 10, Богданов 0+3+1+3 = 7, Васильев 1+0+0+3 = 4, Горбунов 0+1+3+1 = 5, Денисов 0+0+0+1 = 1:
# all different, so the places follow the points.
E4 = Event(
    "rr5_three_points_ru",
    "rr",
    ["Андреев", "Богданов", "Васильев", "Горбунов", "Денисов"],
    (3.0, 1.0, 0.0),
    score=_rr({(1, 2): 3, (1, 3): 1, (1, 4): 3, (1, 5): 3, (2, 3): 3, (2, 4): 1, (2, 5): 3, (3, 4): 0, (3, 5): 3, (4, 5): 1}, 5, (3.0, 1.0, 0.0)),
    places={"Андреев": "1", "Богданов": "2", "Горбунов": "3", "Васильев": "4", "Денисов": "5"},
    clubs=["Ладья", "Ферзь", "Ладья", "Ферзь", "Ладья"],
    ratings=[1600, 1550, 1500, 1450, 1400],
)

# S4: S2's games on 3/1/0 (English names).  Points: Ames 3+1+0 = 4, Bell 1+3+3 = 7, Cole 0+3+1 = 4, Dyer 0+0+1 = 1,
# Eddy 1+0+1 = 2, Ford 3+1+1 = 5.  Ames and Cole tie on 4; truncated Solkoff: Ames's opponents Dyer 1, Ford 5, Bell 7
# = 13 - 1 = 12, Cole's Ford 5, Eddy 2, Dyer 1 = 8 - 1 = 7 -> Ames 3rd, Cole 4th.
S4 = Event(
    "swiss6_three_points_en",
    "swiss",
    ["Ames", "Bell", "Cole", "Dyer", "Eddy", "Ford"],
    (3.0, 1.0, 0.0),
    rounds=[[(a, b, {1.0: 3.0, 0.5: 1.0, 0.0: 0.0}[s]) for a, b, s in rnd] for rnd in S2.rounds],
    places={"Bell": "1", "Ford": "2", "Ames": "3", "Cole": "4", "Eddy": "5", "Dyer": "6"},
    clubs=S2.clubs,
    ratings=S2.ratings,
)

EVENTS = [E1, E2, E3, E4, S1, S2, S3, S4]


# ------------------------------------------------------------------ rendering
@dataclass
class Style:
    """How a club lays the table out."""

    ru: bool = True
    two_row: str = ""  # "": one header row; "lower": No./Name on the numbers row; "upper": on the group label row
    title: bool = False
    totals: bool = False
    signature: bool = False
    row_numbers: bool = False  # a "№ п/п" column before the start numbers (which then start at 11)
    place: str = ""  # "", "empty", "filled" or "reversed" (the club's own places typed the wrong way round)
    old_tiebreaks: bool = False
    club: str = ""  # "", "before" (a club column before the names) or "after"
    name_label: str | None = None  # None: the language's usual label
    sorted_rows: bool = False  # rows sorted by place, result columns in start-number order
    sorted_cols: bool = False  # result columns sorted too (headed by start numbers)
    ratings: str = ""  # "", "plain" or "separators"
    diagonal: str = "X"
    round_label: str = "number"  # swiss: "number" (1 2 3), "R" (R1), "tour" (1 тур)
    pairs: bool = False  # swiss: two columns per round, the opponent's number and the result


def _club_place(ev: Event, i: int, how: str) -> str:
    """The place the club typed for player i: the event's, or (``reversed``) the last place for the first."""
    place = ev.places[ev.names[i]]
    return str(len(ev.names) + 1 - int(place)) if how == "reversed" else place


def _fmt_score(v: float | None, ev: Event) -> Any:
    if v is None:  # a game still to play
        return None
    if ev.scoring == (1.0, 0.5, 0.0):
        return {1.0: 1, 0.5: "½", 0.0: 0}[v]
    return int(v)


def _half(v: float) -> Any:
    return int(v) if float(v).is_integer() else str(v).replace(".", ",") if v % 1 else v


def render(ev: Event, st: Style) -> tuple[Grid, list[str], int]:
    """The grid, merged ranges (A1 style) and the grid column of the names."""
    n = len(ev.names)
    pts = ev.points()
    order = list(range(n))
    if st.sorted_rows:
        order.sort(key=lambda i: int(ev.places[ev.names[i]]))
    numbers = [i + 1 for i in range(n)]
    ru = st.ru
    lead: list[tuple[str, Callable[[int, int], Any]]] = []  # (label, value(row position, player))
    if st.row_numbers:
        lead.append(("№ п/п" if ru else "#", lambda pos, i: pos + 1))
    lead.append(("№" if ru else "No.", lambda pos, i: numbers[i]))
    name_label = st.name_label or ("Фамилия, имя" if ru else "Name")
    club_label = "Клуб" if ru else "Club"
    if st.club == "before":
        lead.append((club_label, lambda pos, i: ev.clubs[i]))
    lead.append((name_label, lambda pos, i: ev.names[i]))
    if st.club == "after":
        lead.append((club_label, lambda pos, i: ev.clubs[i]))
    if st.ratings:
        lead.append(("Рейтинг" if ru else "Rating", lambda pos, i: _rating(ev.ratings[i], st.ratings, pos)))

    if ev.system == "rr":
        cols = list(range(n))
        if st.sorted_cols:
            cols = list(order)
        heads: list[Any] = [numbers[j] for j in cols]

        def result(i: int, k: int) -> Any:
            j = cols[k]
            if i == j:
                return st.diagonal
            return _fmt_score(ev.score[i][j], ev)  # type: ignore[arg-type]

        width = n
    else:
        width = len(ev.rounds)
        if st.round_label == "R":
            heads = [f"R{k + 1}" for k in range(width)]
        elif st.round_label == "tour":
            heads = [f"{k + 1} тур" for k in range(width)]
        else:
            heads = [k + 1 for k in range(width)]
        cells = _swiss_cells(ev, ru)

        def result(i: int, k: int) -> Any:
            return cells[i][k]

    trail: list[tuple[str, Callable[[int, int], Any]]] = [("Очки" if ru else "Pts", lambda pos, i: _half(pts[i]))]
    if st.old_tiebreaks:
        trail.append(("Коэф." if ru else "TB1", lambda pos, i: round(pts[i] * 1.5 + i * 0.25, 2)))
        trail.append(("Бухг." if ru else "TB2", lambda pos, i: round(pts[i] * 3 + 1.5, 2)))
    if st.place:
        trail.append(("Место" if ru else "Place", lambda pos, i: None if st.place == "empty" else _club_place(ev, i, st.place)))

    if ev.system == "swiss" and st.pairs:
        return _render_pairs(ev, st, lead, trail, order)
    group = ("Результаты встреч" if ev.system == "rr" else "Туры") if ru else ("Results" if ev.system == "rr" else "Rounds")
    grid: Grid = []
    merges: list[str] = []
    if st.title:
        grid.append(["Первенство клуба 2025" if ru else "Club championship 2025"] + [None] * (len(lead) + width + len(trail) - 1))
        grid.append([None] * (len(lead) + width + len(trail)))
    top = len(grid)
    first_res = len(lead)
    if st.two_row:
        upper: list[Any] = []
        lower: list[Any] = []
        for label, _ in lead:
            upper.append(label if st.two_row == "upper" else None)
            lower.append(None if st.two_row == "upper" else label)
        upper += [group] + [None] * (width - 1)
        lower += heads
        for label, _ in trail:
            upper.append(label if st.two_row == "upper" else None)
            lower.append(None if st.two_row == "upper" else label)
        grid += [upper, lower]
        merges.append(f"{_col(first_res)}{top + 1}:{_col(first_res + width - 1)}{top + 1}")
        if st.two_row == "upper":
            for c in list(range(first_res)) + list(range(first_res + width, len(upper))):
                merges.append(f"{_col(c)}{top + 1}:{_col(c)}{top + 2}")
    else:
        grid.append([label for label, _ in lead] + heads + [label for label, _ in trail])
    for pos, i in enumerate(order):
        grid.append([f(pos, i) for _, f in lead] + [result(i, k) for k in range(width)] + [f(pos, i) for _, f in trail])
    if st.totals:
        grid.append([None] * (len(lead) - 1) + ["Итого" if ru else "Total"] + [None] * width + [_half(sum(pts))] + [None] * (len(trail) - 1))
    if st.signature:
        grid.append(["Главный судья ____________ Смирнов А. А." if ru else "Chief arbiter: ____________ A. Smith"] + [None] * (len(grid[-1]) - 1))
    name_col = [label for label, _ in lead].index(name_label)
    return grid, merges, name_col


def _render_pairs(
    ev: Event, st: Style, lead: list[tuple[str, Callable[[int, int], Any]]], trail: list[tuple[str, Callable[[int, int], Any]]], order: list[int]
) -> tuple[Grid, list[str], int]:
    """A Swiss table with two columns per round (opponent, result) under a merged round label."""
    ru = st.ru
    rounds = len(ev.rounds)
    opp: list[list[Any]] = [[None] * rounds for _ in ev.names]
    res: list[list[Any]] = [[None] * rounds for _ in ev.names]
    for k, rnd in enumerate(ev.rounds):
        for a, b, s in rnd:
            opp[a - 1][k], res[a - 1][k] = b, _fmt_score(s, ev)
            opp[b - 1][k], res[b - 1][k] = a, _fmt_score(_other(s, ev.scoring), ev)
    upper: list[Any] = [label for label, _ in lead]
    lower: list[Any] = [None] * len(lead)
    merges = []
    for k in range(rounds):
        c = len(upper)
        upper += [f"{k + 1} тур" if ru else f"Round {k + 1}", None]
        lower += ["соп." if ru else "Opp", "рез." if ru else "Res"]
        merges.append(f"{_col(c)}1:{_col(c + 1)}1")
    upper += [label for label, _ in trail]
    lower += [None] * len(trail)
    grid: Grid = [upper, lower]
    for pos, i in enumerate(order):
        cells: list[Any] = []
        for k in range(rounds):
            cells += [opp[i][k], res[i][k]]
        grid.append([f(pos, i) for _, f in lead] + cells + [f(pos, i) for _, f in trail])
    name_col = [label for label, _ in lead].index(st.name_label or ("Фамилия, имя" if ru else "Name"))
    return grid, merges, name_col


def _rating(r: int, how: str, pos: int) -> Any:
    if how == "plain":
        return r
    seps = [",", " ", "\u00a0", "."]
    s = str(r)
    return s[:-3] + seps[pos % len(seps)] + s[-3:]


def _swiss_cells(ev: Event, ru: bool) -> list[list[Any]]:
    n = len(ev.names)
    cells: list[list[Any]] = [[None] * len(ev.rounds) for _ in range(n)]
    white, black = ("б", "ч") if ru else ("w", "b")
    for k, rnd in enumerate(ev.rounds):
        for a, b, s in rnd:
            cells[a - 1][k] = f"{b}{white}{_mark(s, ev)}"
            cells[b - 1][k] = f"{a}{black}{_mark(_other(s, ev.scoring), ev)}"
    return cells


def _mark(s: float, ev: Event) -> str:
    if ev.scoring == (1.0, 0.5, 0.0):
        return {1.0: "1", 0.5: "½", 0.0: "0"}[s]
    return str(int(s))


def _col(c: int) -> str:
    out = ""
    n = c + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(65 + rem) + out
    return out


# ------------------------------------------------------------------ the cases
@dataclass
class Case:
    id: str
    event: Event
    grid: Grid
    merges: list[str]
    name_col: int
    name_span: int = 1  # the name kept in this many columns from name_col ("Фамилия | Имя": 2), joined with a space

    @property
    def expected(self) -> dict[str, str]:
        return self.event.places

    def name_of(self, row: list[Any]) -> str:
        """The player's name in a row of the grid, as tiebreak reads it."""
        return " ".join(str(v) for v in row[self.name_col : self.name_col + self.name_span] if v not in (None, ""))


def _cases() -> list[Case]:
    out: list[Case] = []

    def add(ev: Event, label: str, **kw: Any) -> None:
        kw.setdefault("ru", "ru" in ev.key)
        grid, merges, name_col = render(ev, Style(**kw))
        out.append(Case(f"{ev.key}-{label}", ev, grid, merges, name_col))

    for ev in (E1, E2, E3):
        add(ev, "plain")
        add(ev, "two-row-lower", two_row="lower")
        add(ev, "two-row-upper-merged", two_row="upper")
        add(ev, "title-two-row-totals", title=True, two_row="lower", totals=True)
        add(ev, "signature", signature=True, place="empty")
        add(ev, "row-numbers-place-filled", row_numbers=True, place="filled")
        add(ev, "old-tiebreaks", old_tiebreaks=True, place="filled")
        add(ev, "club-before-name", club="before")
        add(ev, "sorted-rows", sorted_rows=True, place="filled")
        add(ev, "sorted-rows-and-cols", sorted_rows=True, sorted_cols=True, place="filled")
        add(ev, "sorted-two-row-totals", sorted_rows=True, two_row="lower", totals=True, signature=True)
    add(E1, "label-fio", name_label="ФИО")
    add(E1, "label-fi", name_label="ФИ", diagonal="Х")
    add(E1, "label-fio-dots", name_label="Ф.И.О.", club="after")
    add(E1, "label-uchastnik", name_label="Участник", club="before")
    add(E1, "label-sportsmen", name_label="Спортсмен", row_numbers=True)
    add(E2, "label-igrok", name_label="Игрок", club="before", ratings="plain")
    add(E2, "label-familiya-imya", name_label="Фамилия Имя", diagonal="")
    add(E2, "label-imya", name_label="Имя", two_row="upper", club="after")
    add(E2, "unknown-label-club-before", name_label="Кто играл", club="before")
    add(E3, "label-player", name_label="Player", club="after")
    add(E3, "unknown-label-club-before", name_label="Competitor", club="before")
    for ev in (S1, S2, S3):
        add(ev, "plain")
        add(ev, "two-row-lower", two_row="lower")
        add(ev, "two-row-upper-merged", two_row="upper", round_label="R" if ev is S1 else "tour")
        add(ev, "title-totals-signature", title=True, totals=True, signature=True)
        add(ev, "row-numbers-place", row_numbers=True, place="filled")
        add(ev, "old-tiebreaks-club", old_tiebreaks=True, club="before")
        add(ev, "ratings-separators", ratings="separators", two_row="lower")
        add(ev, "sorted-rows", sorted_rows=True, place="filled")
    add(S2, "label-fio-club-after", name_label="ФИО", club="after", round_label="tour")
    add(E4, "plain")
    add(E4, "two-row-sorted-totals", two_row="lower", sorted_rows=True, totals=True)
    add(E4, "club-before-signature", club="before", signature=True, place="filled")
    add(S4, "plain")
    add(S4, "two-row-upper-R", two_row="upper", round_label="R")
    add(S4, "sorted-ratings", sorted_rows=True, ratings="separators", place="filled")
    add(S1, "round-in-two-columns", pairs=True)
    add(S2, "round-in-two-columns-club", pairs=True, club="before", place="filled")
    add(S3, "round-in-two-columns-sorted", pairs=True, sorted_rows=True)
    add(S4, "round-in-two-columns", pairs=True, ratings="plain")
    add(S1, "label-player-fed", name_label="Player", club="before", round_label="R")
    # ---- issue #22, messages: the club's own place column typed wrong (tiebreak ranks the same and notes it)
    add(E1, "own-places-reversed", place="reversed", old_tiebreaks=True)
    add(E3, "own-places-reversed", place="reversed", row_numbers=True)
    out.extend(notation_cases())
    return out


# ------------------------------------------------------------------ notations: signs as results, US cells, diagonal marks, своб.
# The events above written in other notations (the places do not depend on the notation), and two new events.

# E5: a double round robin of four, chess 1/½/0, each cell holding the two games ('1½', '01').
# Games: Антонов–Борисов 1, ½; Антонов–Волков 0, 1; Антонов–Громов 1, 1; Борисов–Волков 1, 1;
# Борисов–Громов ½, ½; Волков–Громов 1, 0.  Points: Антонов 1½+1+2 = 4½, Борисов ½+2+1 = 3½,
# Волков 1+0+1 = 2, Громов 0+1+1 = 2.  Волков and Громов tie on 2; Sonneborn–Berger of the draughts code, game by
# game (2 × the score of each opponent beaten + the score of each one drawn): Волков 2·4½ (Антонов) + 2·2 (Громов)
# = 13, Громов 3½ + 3½ (two draws with Борисов) + 2·2 (Волков) = 11  -> Волков 3rd, Громов 4th.
E5 = Event(
    "rr4_double_chess_ru",
    "rr",
    ["Антонов", "Борисов", "Волков", "Громов"],
    (1.0, 0.5, 0.0),
    places={"Антонов": "1", "Борисов": "2", "Волков": "3", "Громов": "4"},
)
E5_CELLS = [["1½", "01", "11"], ["0½", "11", "½½"], ["10", "00", "10"], ["00", "½½", "01"]]

# S5: a Swiss of seven, three rounds, in US notation (US Chess / SwissSys): a letter and the opponent's number,
# a letter and dashes for a round without an opponent.
#   R1: Allen W4, Baker W5, Carter X6 (Flynn F3: a forfeit), Grant B--- (a full-point bye)
#   R2: Allen D2, Carter W5, Dixon H--- (a half-point bye), Flynn U--- (unpaired, zero), Grant X--- (a point not played for)
#   R3: Carter W1, Baker W6, Dixon D5, Grant F--- (a forfeit loss, zero)
# Points: Allen 1+½+0 = 1½, Baker 1+½+1 = 2½, Carter 1+1+1 = 3, Dixon 0+½+½ = 1, Ellis 0+0+½ = ½, Flynn 0+0+0 = 0,
# Grant 1+1+0 = 2: all different, so the places follow the points.
S5 = Event(
    "swiss7_us_en",
    "swiss",
    ["Allen", "Baker", "Carter", "Dixon", "Ellis", "Flynn", "Grant"],
    (1.0, 0.5, 0.0),
    places={"Carter": "1", "Baker": "2", "Grant": "3", "Allen": "4", "Dixon": "5", "Ellis": "6", "Flynn": "7"},
    ratings=[1720, 1650, 1810, 1500, 1430, 1390, 1600],
)
S5_POINTS = {"Allen": 1.5, "Baker": 2.5, "Carter": 3.0, "Dixon": 1.0, "Ellis": 0.5, "Flynn": 0.0, "Grant": 2.0}
S5_US = [
    ["W4", "D2", "L3"],
    ["W5", "D1", "W6"],
    ["X6", "W5", "W1"],
    ["L1", "H---", "D5"],
    ["L2", "L3", "D4"],
    ["F3", "U---", "L2"],
    ["B---", "X---", "F---"],
]
# S5 as a Russian club writes it: своб. for the bye, H for the half-point bye, + and − without an opponent for
# the point not played for and the rounds not played (the points are the same, so the places too)
S5_RU_NAMES = ["Алексеев", "Бакланов", "Карпов", "Дьяков", "Ельцов", "Фомин", "Гришин"]
S5_RU = [
    ["4б1", "2б½", "3ч0"],
    ["5б1", "1ч½", "6б1"],
    ["6б+", "5б1", "1б1"],
    ["1ч0", "H", "5б½"],
    ["2ч0", "3ч0", "4ч½"],
    ["3ч−", "−", "2ч0"],
    ["своб.", "+", "−"],
]


def _sign(v: float, ev: Event, minus: str) -> str:
    """A game's result as a sign: + won, = drawn, minus lost."""
    win, draw, _loss = ev.scoring
    return "+" if v == win else "=" if v == draw else minus


def sign_grid(ev: Event, *, first: bool, minus: str = "−", legend: str | None = None, gap: bool = False, points: bool = True) -> Grid:
    """A Swiss table whose games are the opponent's number and a sign (12+, 5=, 3−; or +12, =5, −3 with ``first``).

    A legend row under the table (after a blank row with ``gap``), and a points column.
    """
    ru = "ru" in ev.key
    n = len(ev.names)
    cells: list[list[Any]] = [[None] * len(ev.rounds) for _ in range(n)]
    for k, rnd in enumerate(ev.rounds):
        for a, b, s in rnd:
            for me, other, v in ((a, b, s), (b, a, _other(s, ev.scoring))):
                sign = _sign(v, ev, minus)
                cells[me - 1][k] = f"{sign}{other}" if first else f"{other}{sign}"
    pts = ev.points()
    head: list[Any] = ["№" if ru else "No.", "Фамилия, имя" if ru else "Name", *[f"{k + 1} тур" if ru else f"R{k + 1}" for k in range(len(ev.rounds))]]
    if points:
        head.append("Очки" if ru else "Pts")
    grid: Grid = [head]
    for i in range(n):
        grid.append([i + 1, ev.names[i], *cells[i], *([_half(pts[i])] if points else [])])
    if legend is not None:
        if gap:
            grid.append([None] * len(head))
        grid.append([legend] + [None] * (len(head) - 1))
    return grid


def us_grid(ev: Event, cells: list[list[str]], names: list[str] | None = None, ru: bool = False, upto: int | None = None) -> Grid:
    """A Swiss table of S5 as written (US letters or the Russian cells): No., name, rating, rounds, total.

    ``upto`` keeps the first ``upto`` players' cells of the last round and empties the others (a round being entered).
    """
    names = names or ev.names
    rounds = len(cells[0])
    head: list[Any] = ["№", "Участник", "Рейтинг", *[f"Тур {k + 1}" for k in range(rounds)]] if ru else ["#", "Name", "Rating", *[f"Rd {k + 1}" for k in range(rounds)]]
    grid: Grid = [head]
    for i, name in enumerate(names):
        row = list(cells[i])
        if upto is not None and i >= upto:
            row[-1] = None
        grid.append([i + 1, name, ev.ratings[i], *row])
    return grid


def double_rr_grid(diagonal: str) -> Grid:
    """E5's double round robin: one cell per opponent holding both games, the diagonal marked ``diagonal``."""
    grid: Grid = [["№", "Участник", 1, 2, 3, 4, "Очки"]]
    pts = ["4,5", 3.5, 2, 2]
    for i, name in enumerate(E5.names):
        row: list[Any] = list(E5_CELLS[i])
        row.insert(i, diagonal)
        grid.append([i + 1, name, *row, pts[i]])
    return grid


def rr_sign_grid(ev: Event, legend: str | None) -> Grid:
    """A round robin whose cells are signs (+ won, = drawn, − lost), a legend row under it."""
    grid, _merges, _name_col = render(ev, Style(ru="ru" in ev.key))
    signs = {1: "+", "½": "=", 0: "−"}
    n = len(ev.names)
    out: Grid = [grid[0]]
    for row in grid[1:]:
        out.append([*row[:2], *(signs.get(v, v) for v in row[2 : 2 + n]), *row[2 + n :]])
    if legend is not None:
        out.append([legend] + [None] * (len(grid[0]) - 1))
    return out


def notation_cases() -> list[Case]:
    """The notation cases: each a new way of writing a cell, on an event whose places are worked out above."""
    out: list[Case] = []

    def add(ev: Event, label: str, grid: Grid, name_col: int = 1) -> None:
        out.append(Case(f"{ev.key}-{label}", ev, grid, [], name_col))

    def rr(ev: Event, label: str, **kw: Any) -> None:
        kw.setdefault("ru", "ru" in ev.key)
        grid, merges, name_col = render(ev, Style(**kw))
        out.append(Case(f"{ev.key}-{label}", ev, grid, merges, name_col))

    # signs as results: the legend says what + means, or no game is written any other way
    add(S1, "signs-after-legend-under", sign_grid(S1, first=False, minus="−", legend="+ win, = draw, − loss"))
    add(S2, "signs-first-legend-apart", sign_grid(S2, first=True, minus="−", legend="+ победа, = ничья, − поражение", gap=True))
    add(S1, "signs-first-hyphen-no-legend", sign_grid(S1, first=True, minus="-"))
    add(S3, "signs-after-en-dash-draughts", sign_grid(S3, first=False, minus="–"))
    add(E1, "rr-signs-legend", rr_sign_grid(E1, "Обозначения: + победа, = ничья, − поражение"))
    # US notation, and the same event as a Russian club writes its byes (своб.)
    add(S5, "us-letters", us_grid(S5, S5_US))
    out.append(Case("swiss7_us_ru-svob", Event(**{**S5.__dict__, "key": "swiss7_ru", "names": S5_RU_NAMES,
                    "places": {S5_RU_NAMES[S5.names.index(n)]: p for n, p in S5.places.items()}}), us_grid(S5, S5_RU, S5_RU_NAMES, ru=True), [], 1))
    # diagonal marks
    rr(E1, "diagonal-black-square", diagonal="■")
    rr(E3, "diagonal-en-dash", diagonal="–")
    rr(E2, "diagonal-hyphen", diagonal="-", two_row="lower")
    rr(E4, "diagonal-zero", diagonal=0)  # type: ignore[arg-type]
    rr(E1, "diagonal-slash-sorted", diagonal="/", sorted_rows=True, place="filled")
    rr(E3, "diagonal-dot", diagonal=".", totals=True)
    rr(E1, "diagonal-bullet", diagonal="∙", club="after")
    add(E5, "double-diagonal-x-x", double_rr_grid("Х Х"))
    return out


CASES = _cases()


def write_workbook(case: Case, path: Path) -> None:
    """The case as a one-sheet workbook (merged header cells as a club would merge them)."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Таблица" if "ru" in case.event.key else "Crosstable"
    for row in case.grid:
        ws.append(row)
    for line in ws.iter_rows():
        for cell in line:
            if isinstance(cell.value, str) and cell.value.startswith("="):  # '=5 typed with an apostrophe: text, not a formula
                cell.data_type = "s"
                cell.quotePrefix = True
    for rng in case.merges:
        ws.merge_cells(rng)
    wb.save(path)


if __name__ == "__main__":  # pragma: no cover
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "club_tables")
    folder.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        write_workbook(case, folder / f"{case.id}.xlsx")
    print(f"{len(CASES)} workbooks in {folder}")


# ================================================================== layouts (issue #22, item 1)
# Table shapes clubs keep beyond the styles above, each drawn from an event whose standings are worked by hand:
# a blank spacer column, blank rows between players, a double round robin in sub-columns under a cycle row,
# Swiss rounds in three sub-columns, Swiss players in two rows, chess-results' ranking crosstable (opponents
# by rank), "Фамилия | Имя" in two columns, and a round robin sorted by place with neither a No. column nor
# a marked diagonal.

# D1: double round robin of four, chess 1/½/0, two games a pair (cycle 1, cycle 2), score of the row's player:
#   cycle 1: Орлов-Лебедев 1, Орлов-Соколов ½, Орлов-Морозов 1, Лебедев-Соколов 1, Лебедев-Морозов 0, Соколов-Морозов ½
#   cycle 2: Орлов-Лебедев 0, Орлов-Соколов 1, Орлов-Морозов ½, Лебедев-Соколов ½, Лебедев-Морозов ½, Соколов-Морозов 1
# Points: Орлов 1+½+1+0+1+½ = 4, Лебедев 0+1+0+1+½+½ = 3, Соколов ½+0+½+0+½+1 = 2½, Морозов 0+1+½+½+½+0 = 2½ (12 in all).
# Соколов and Морозов tie on 2½; Sonneborn–Berger game by game (opponent's points for a win, half for a draw):
#   Соколов: draws Орлов ½·4 = 2, Морозов ½·2½ = 1.25, Лебедев ½·3 = 1.5, win Морозов 2½ -> 7.25
#   Морозов: win Лебедев 3, draws Соколов ½·2½ = 1.25, Орлов ½·4 = 2, Лебедев ½·3 = 1.5 -> 7.75  -> Морозов 3rd, Соколов 4th.
D1_GAMES = [
    {(1, 2): 1.0, (1, 3): 0.5, (1, 4): 1.0, (2, 3): 1.0, (2, 4): 0.0, (3, 4): 0.5},
    {(1, 2): 0.0, (1, 3): 1.0, (1, 4): 0.5, (2, 3): 0.5, (2, 4): 0.5, (3, 4): 1.0},
]


def _double(games: list[dict[tuple[int, int], float]], n: int) -> list[list[list[float]]]:
    """games[k][(i, j)] of the row's player i against j in cycle k -> cell[i][j] = [cycle 1, cycle 2] (0-based)."""
    cells: list[list[list[float]]] = [[[] for _ in range(n)] for _ in range(n)]
    for cycle in games:
        for (i, j), s in cycle.items():
            cells[i - 1][j - 1].append(s)
            cells[j - 1][i - 1].append(1.0 - s)
    return cells


D1_CELLS = _double(D1_GAMES, 4)
D1 = Event(
    "drr4_chess_ru",
    "rr",
    ["Орлов Антон", "Лебедев Борис", "Соколов Вадим", "Морозов Глеб"],
    (1.0, 0.5, 0.0),
    score=[[sum(D1_CELLS[i][j]) if i != j else None for j in range(4)] for i in range(4)],
    places={"Орлов Антон": "1", "Лебедев Борис": "2", "Морозов Глеб": "3", "Соколов Вадим": "4"},
    games=D1_GAMES,
)
D2 = Event(
    "drr4_chess_en",
    "rr",
    ["Owen", "Lamb", "Shaw", "Moss"],
    (1.0, 0.5, 0.0),
    score=D1.score,
    places={"Owen": "1", "Lamb": "2", "Moss": "3", "Shaw": "4"},
    games=D1_GAMES,
)

# E_IVANOVS: E1's games between two Ивановs and four others, kept as "Фамилия | Имя": the names are joined ("Иванов Иван",
# "Иванов Пётр"), so E1's standings hold name for name.
E_IVANOVS = Event(
    "rr6_two_ivanovs_ru",
    "rr",
    ["Иванов Иван", "Иванов Пётр", "Сидоров Сергей", "Козлов Константин", "Смирнов Семён", "Волков Виктор"],
    (1.0, 0.5, 0.0),
    score=E1.score,
    places={"Иванов Иван": "1", "Иванов Пётр": "2", "Козлов Константин": "3", "Сидоров Сергей": "4", "Смирнов Семён": "5", "Волков Виктор": "6"},
    clubs=E1.clubs,
)
E_FIRST_NAMES = Event(
    "rr6_first_names_en",
    "rr",
    ["Adams John", "Adams Peter", "Clark Simon", "Davis Ken", "Evans Sam", "Foster Vic"],
    (1.0, 0.5, 0.0),
    score=E1.score,
    places={"Adams John": "1", "Adams Peter": "2", "Davis Ken": "3", "Clark Simon": "4", "Evans Sam": "5", "Foster Vic": "6"},
    clubs=E3.clubs,
)


def _spacer(grid: Grid, name_col: int) -> Grid:
    """A blank column right after the names."""
    return [row[: name_col + 1] + [None] + row[name_col + 1 :] for row in grid]


def _blank_rows(grid: Grid, header_rows: int, players: int, count: int) -> Grid:
    """``count`` blank rows between every two player rows."""
    width = len(grid[0])
    out = grid[:header_rows]
    for k, row in enumerate(grid[header_rows : header_rows + players]):
        if k:
            out += [[None] * width for _ in range(count)]
        out.append(row)
    return out + grid[header_rows + players :]


def _double_rr(ev: Event, cycle_labels: tuple[str, str] | None, ru: bool, diagonal: str | None = "X") -> tuple[Grid, list[str], int]:
    """A double round robin: each opponent's number over two sub-columns headed by the cycle row (a game not played yet left blank).

    ``cycle_labels`` None: no cycle row, each opponent's number over his two sub-columns alone; ``diagonal`` None: each
    player's own pair of sub-columns left blank.
    """
    cells = _double(ev.games, len(ev.names))
    n = len(ev.names)
    pts = [sum(sum(cells[i][j]) for j in range(n)) for i in range(n)]
    mark = {1.0: 1, 0.5: "½", 0.0: 0}
    top: list[Any] = ["№" if ru else "No.", "Фамилия, имя" if ru else "Name"]
    sub: list[Any] = [None, None]
    merges = []
    for j in range(n):
        merges.append(f"{_col(len(top))}1:{_col(len(top) + 1)}1")
        top += [j + 1, None]
        sub += list(cycle_labels or (None, None))
    top.append("Очки" if ru else "Pts")
    sub.append(None)
    grid: Grid = [top, sub]
    for i in range(n):
        row: list[Any] = [i + 1, ev.names[i]]
        for j in range(n):
            row += [diagonal, diagonal] if i == j else ([mark[s] for s in cells[i][j]] + [None, None])[:2]
        grid.append(row + [_half(pts[i])])
    if cycle_labels is None:
        del grid[1]
    return grid, merges, 1


def _swiss_triples(ev: Event, ru: bool) -> tuple[Grid, list[str], int]:
    """A Swiss table with three sub-columns per round: the opponent, the colour and the result."""
    white, black = ("б", "ч") if ru else ("w", "b")
    rounds = len(ev.rounds)
    cells: list[list[list[Any]]] = [[[None, None, None] for _ in range(rounds)] for _ in ev.names]
    for k, rnd in enumerate(ev.rounds):
        for a, b, s in rnd:
            cells[a - 1][k] = [b, white, _fmt_score(s, ev)]
            cells[b - 1][k] = [a, black, _fmt_score(_other(s, ev.scoring), ev)]
    upper: list[Any] = ["№" if ru else "No.", "Фамилия, имя" if ru else "Name"]
    lower: list[Any] = [None, None]
    merges = []
    for k in range(rounds):
        merges.append(f"{_col(len(upper))}1:{_col(len(upper) + 2)}1")
        upper += [f"{k + 1} тур" if ru else f"Round {k + 1}", None, None]
        lower += ["Соп." if ru else "Opp", "Цв." if ru else "Col", "Рез." if ru else "Res"]
    upper.append("Очки" if ru else "Pts")
    lower.append(None)
    pts = ev.points()
    grid: Grid = [upper, lower]
    for i, name in enumerate(ev.names):
        grid.append([i + 1, name] + [v for k in range(rounds) for v in cells[i][k]] + [_half(pts[i])])
    return grid, merges, 1


def _swiss_two_rows(ev: Event, ru: bool, colours: bool) -> tuple[Grid, list[str], int]:
    """A Swiss table in two rows per player: the opponents (with the colour or not) over the results."""
    white, black = ("б", "ч") if ru else ("w", "b")
    rounds = len(ev.rounds)
    opp: list[list[Any]] = [[None] * rounds for _ in ev.names]
    res: list[list[Any]] = [[None] * rounds for _ in ev.names]
    for k, rnd in enumerate(ev.rounds):
        for a, b, s in rnd:
            opp[a - 1][k], res[a - 1][k] = (f"{b}{white}" if colours else b), _fmt_score(s, ev)
            opp[b - 1][k], res[b - 1][k] = (f"{a}{black}" if colours else a), _fmt_score(_other(s, ev.scoring), ev)
    pts = ev.points()
    grid: Grid = [["№" if ru else "No.", "Фамилия, имя" if ru else "Name", *range(1, rounds + 1), "Очки" if ru else "Pts"]]
    for i, name in enumerate(ev.names):
        grid.append([i + 1, name, *opp[i], _half(pts[i])])
        grid.append([None, None, *res[i], None])
    return grid, [], 1


def _tied_ranks(points: list[float], ties: str) -> list[Any]:
    """The ranks column of rows sorted by rank: 1, 2 ... or, with ``ties``, equal points on rows one after another as a shared place: "2-4" ("range"),
    "2–4" ("dash"), or "2." on each row ("dot", the others "1.", "5." ...)."""
    out: list[Any] = []
    for p, x in enumerate(points, start=1):
        first = last = p  # the run of equal points around row p
        while first > 1 and points[first - 2] == x:
            first -= 1
        while last < len(points) and points[last] == x:
            last += 1
        if not ties or first == last:
            out.append(f"{p}." if ties == "dot" else p)
        else:
            out.append(f"{first}." if ties == "dot" else f"{first}{'-' if ties == 'range' else '–'}{last}")
    return out


def _ranking_crosstable(ev: Event, ties: str = "") -> tuple[Grid, list[str], int]:
    """chess-results' "Final Ranking crosstable": rows by rank, the opponents written as their ranks (the rows' positions), the
    start number beside; with ``ties`` the ranks column shows equal points as shared places (see _tied_ranks)."""
    rank = {i + 1: int(ev.places[name]) for i, name in enumerate(ev.names)}
    rounds = len(ev.rounds)
    cells: list[list[str | None]] = [[None] * rounds for _ in ev.names]
    for k, rnd in enumerate(ev.rounds):
        for a, b, s in rnd:
            cells[a - 1][k] = f"{rank[b]}w{_mark(s, ev)}"
            cells[b - 1][k] = f"{rank[a]}b{_mark(_other(s, ev.scoring), ev)}"
    pts = ev.points()
    grid: Grid = [["Rk.", "SNo", "Name", "Rtg", *[f"{k + 1}.Rd" for k in range(rounds)], "Pts."]]
    by_rank = sorted(range(len(ev.names)), key=lambda i: rank[i + 1])
    shown = _tied_ranks([pts[i] for i in by_rank], ties)
    for i, k in zip(by_rank, shown):
        grid.append([k if ties else rank[i + 1], i + 1, ev.names[i], ev.ratings[i], *cells[i], _half(pts[i])])
    return grid, [], 2


def _rating_change(ev: Event, label: str) -> tuple[Grid, list[str], int]:
    """The table with, last, a column of rating changes headed ``label`` ("+12", "−8", "0" ...) and no rating column: the
    changes are neither ratings nor games."""
    grid, merges, name_col = render(ev, Style(ru="ru" in ev.key))
    changes = ["+12", "−8", "0", "+3", "-15", "+7", "−1", "+20"]
    k = 0
    for row in grid:
        if row[name_col] in ev.names:
            row.append(changes[k % len(changes)])
            k += 1
        else:
            row.append(label if row is grid[0] else None)
    return grid, merges, name_col


def _name_parts(ev: Event, ru: bool) -> tuple[Grid, list[str], int]:
    """A round robin with the surname and the first name in two columns."""
    grid, merges, name_col = render(ev, Style(ru=ru, club="after"))
    out: Grid = []
    for k, row in enumerate(grid):
        if k == 0:
            parts = ["Фамилия", "Имя"] if ru else ["Surname", "First name"]
        else:
            surname, given = row[name_col].split(" ", 1)
            parts = [surname, given]
        out.append(row[:name_col] + parts + row[name_col + 1 :])
    return out, merges, name_col


def _sorted_without_numbers(ev: Event) -> tuple[Grid, list[str], int]:
    """A round robin sorted by place, the diagonal left blank, no No. column: each row's blank cell is its own column."""
    grid, merges, name_col = render(ev, Style(ru="ru" in ev.key, sorted_rows=True, diagonal="", place="filled"))
    return [row[1:] for row in grid], merges, name_col - 1


def _spaced(ev: Event, **kw: Any) -> tuple[Grid, list[str], int]:
    grid, _merges, name_col = render(ev, Style(**kw))
    return _spacer(grid, name_col), [], name_col


def _with_blank_rows(ev: Event, count: int, spacer: bool = False, **kw: Any) -> tuple[Grid, list[str], int]:
    grid, _merges, name_col = render(ev, Style(**kw))
    if spacer:
        grid = _spacer(grid, name_col)
    return _blank_rows(grid, 1, len(ev.names), count), [], name_col


Builder = Callable[[Event], tuple[Grid, list[str], int]]

# (label, event, how its table is drawn, columns holding the name)
LAYOUTS: list[tuple[str, Event, Builder, int]] = [
    ("spacer-column", E1, lambda ev: _spaced(ev, ru=True), 1),
    ("spacer-column-totals", E3, lambda ev: _spaced(ev, ru=False, totals=True, place="empty"), 1),
    ("spacer-column-club", S2, lambda ev: _spaced(ev, ru=True, club="after"), 1),
    ("spacer-column-two-row-header", E2, lambda ev: _spaced(ev, ru=True, two_row="lower", title=True), 1),
    ("spacer-column-group-label-over-names", S1, lambda ev: _spaced(ev, ru=False, two_row="upper"), 1),
    ("blank-row-between-players", E2, lambda ev: _with_blank_rows(ev, 1, ru=True), 1),
    ("blank-rows-between-players", S1, lambda ev: _with_blank_rows(ev, 2, ru=False, totals=True), 1),
    ("spacer-column-and-blank-rows", E4, lambda ev: _with_blank_rows(ev, 1, spacer=True, ru=True), 1),
    ("cycle-sub-columns", D1, lambda ev: _double_rr(ev, ("1 кр.", "2 кр."), ru=True), 1),
    ("cycle-sub-columns-roman", D2, lambda ev: _double_rr(ev, ("I", "II"), ru=False), 1),
    ("cycle-sub-columns-blank-diagonal", D1, lambda ev: _double_rr(ev, ("1 кр.", "2 кр."), ru=True, diagonal=None), 1),
    ("sub-columns-blank-diagonal-no-cycle-row", D2, lambda ev: _double_rr(ev, None, ru=False, diagonal=None), 1),
    ("round-in-three-columns", S2, lambda ev: _swiss_triples(ev, ru=True), 1),
    ("round-in-three-columns", S1, lambda ev: _swiss_triples(ev, ru=False), 1),
    ("two-rows-per-player", S4, lambda ev: _swiss_two_rows(ev, ru=False, colours=False), 1),
    ("two-rows-per-player-colours", S3, lambda ev: _swiss_two_rows(ev, ru=True, colours=True), 1),
    ("ranking-crosstable", S1, _ranking_crosstable, 1),
    ("ranking-crosstable", S2, _ranking_crosstable, 1),
    ("ranking-crosstable-tied-ranks", S1, lambda ev: _ranking_crosstable(ev, ties="range"), 1),
    ("ranking-crosstable-tied-ranks-dash", S2, lambda ev: _ranking_crosstable(ev, ties="dash"), 1),
    ("ranking-crosstable-tied-ranks-dot", S1, lambda ev: _ranking_crosstable(ev, ties="dot"), 1),
    ("rating-change-column", E3, lambda ev: _rating_change(ev, "Rtg+/-"), 1),
    ("rating-change-column", S2, lambda ev: _rating_change(ev, "Рейт. +/-"), 1),
    ("rating-change-column-words", S1, lambda ev: _rating_change(ev, "Rating change"), 1),
    ("surname-first-name", E_IVANOVS, lambda ev: _name_parts(ev, ru=True), 2),
    ("surname-first-name", E_FIRST_NAMES, lambda ev: _name_parts(ev, ru=False), 2),
    ("sorted-no-numbers-blank-diagonal", E1, _sorted_without_numbers, 1),
    ("sorted-no-numbers-blank-diagonal", E4, _sorted_without_numbers, 1),
]


def layout_case(label: str, ev: Event, build: Builder, name_span: int) -> Case:
    grid, merges, name_col = build(ev)
    return Case(f"{ev.key}-{label}", ev, grid, merges, name_col, name_span)


LAYOUT_CASES = [layout_case(*layout) for layout in LAYOUTS]


def in_progress(ev: Event) -> Event:
    """The event while it is played: a Swiss with the round before the last half entered and the last still empty;
    a round robin with two games still to play (the first two players' and the last two's); a double round robin with most of its second cycle to play.
    Its points are the games entered (Event.points), its places left as the finished event's (the ranks a ranking crosstable shows).
    """
    if ev.system == "swiss":
        rounds = [list(r) for r in ev.rounds[:-2]] + [ev.rounds[-2][: len(ev.rounds[-2]) // 2], []]
        return replace(ev, key=ev.key + "-in-progress", rounds=rounds)
    if ev.games:
        games = [dict(ev.games[0]), dict(list(ev.games[1].items())[:2])]
        cells = _double(games, len(ev.names))
        n = len(ev.names)
        score: list[list[float | None]] = [[sum(cells[i][j]) if i != j else None for j in range(n)] for i in range(n)]
        return replace(ev, key=ev.key + "-in-progress", games=games, score=score)
    score = [list(row) for row in ev.score]
    n = len(ev.names)
    for i, j in ((0, 1), (n - 2, n - 1)):
        score[i][j] = score[j][i] = None
    return replace(ev, key=ev.key + "-in-progress", score=score)
CASES += LAYOUT_CASES
