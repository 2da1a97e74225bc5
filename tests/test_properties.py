"""Property-based tests: random events, rendered in every notation the reader accepts.

An *event* is an abstract list of games (who played whom, in which round, with
what result), generated at random:

* round robin, single or double, 3–10 players;
* Swiss, 4–16 players, 3–7 rounds, with pairing byes, requested half-point
  byes, forfeit pairs (``+``/``-``, also both ``-``) and withdrawals;

on 1/½/0 and 2/1/0 scoring.  Each event is rendered into several grids as a
club's sheet would hold it, every choice drawn at random: numbers as floats,
ints or text, ``½``/``=``/``0.5``/``0,5``/``.5``, diagonal ``X``/``x``/``Х``/
``х``/``*``/``—``/blank, forfeits ``+``/``-``/``−``/``–``, double round robins
with two results in one cell (``1½``, ``=0``, ``10`` as a number, ``1,5:0,5``)
or in two sub-columns; Swiss cells ``12w1``, ``12 w 1``, ``5б½``/``5ч0``,
``12/1``, ``12½``, chess-results ``6w1``/``5w+``/``-1``/``-½``, byes ``+``/
``bye``/``U``, absences empty/``-``/``—``/``-0``; with and without a header
row, No./Name/Rating/Pts columns, blank rows and columns around the table, a
title row; one notation for the whole grid or a mix per cell.

Properties checked for every rendering:

(a) the reader recovers the event: points, and per player the multiset of
    (opponent number, points, kind); for a Swiss per round;
(b) the sum of all points equals the points the games and byes distribute;
(c) under ``plain``: Σ Buchholz = Σ over players of score × games with an
    opponent (played or forfeit);
(d) under ``ru``: median Solkoff ≤ truncated Solkoff(1) ≤ Buchholz;
(e) places from ``tiebreak.rank`` form a consistent list (no gaps, a shared
    place "a–b" held by exactly b−a+1 players who are equal on points and on
    every criterion value shown), for the default criteria and a random list
    under a random rule set;
(f) shuffling the rows (round robin: rows and columns together; Swiss: rows,
    when a No. column keeps the opponent numbers valid) changes no player's
    place.

Size (hypothesis, ``derandomize=True``, so every run draws the same events):
250 round robins and 250 Swiss events, 8 renderings each, plus one shuffled
rendering per event.  A passing run checks 500 events (250 round robin, 250
Swiss), 4,000 renderings, 500 shuffled renderings, 1,000 rankings, and 1,000
rankings compared before and after shuffling; the module prints these counts
at the end (``pytest -s``).
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tiebreak
from tiebreak import CHESS, DRAUGHTS, Kind, Scoring

ROUND_ROBIN_EXAMPLES = 250
SWISS_EXAMPLES = 250
RENDERINGS_PER_EVENT = 8

STATS: Counter[str] = Counter()

SETTINGS = settings(
    max_examples=ROUND_ROBIN_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

PLAYED, FW, FL = Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS
PAB, HALF, ABSENT = Kind.PAIRING_BYE, Kind.HALF_BYE, Kind.ABSENT

SURNAMES = [
    "Ivanov", "Petrov", "Sidorova", "Smirnov", "Kuznetsova", "Popov", "Vasiliev", "Sokolov", "Mikhailova",
    "Novikov", "Fedorov", "Morozova", "Volkov", "Alekseev", "Lebedev", "Semenova", "Egorov", "Pavlov",
    "Иванов", "Петрова", "Сидоров", "Кузнецов", "Попова", "Васильев", "Соколова", "Михайлов", "Новиков",
    "Фёдоров", "Морозов", "Волкова", "Алексеев", "Лебедев", "Семёнов", "Егорова", "Павлов", "Козлов",
    "Anderson", "Müller", "García", "O'Brien", "de Vries", "Nakamura", "Dubois", "Rossi",
]


# ---------------------------------------------------------------- the events
@dataclass
class Event:
    """An abstract event.

    Round robin: ``games[(i, j)]`` (i < j) lists one (points of i, kind of i,
    points of j, kind of j) per cycle.  Swiss: ``entries[p][r]`` is
    (opponent index or None, colour 'w'/'b'/None, points, kind).
    """

    system: str
    names: list[str]
    scoring: Scoring
    cycles: int = 1
    rounds: int = 0
    games: dict[tuple[int, int], list[tuple[float, Kind, float, Kind]]] = field(default_factory=dict)
    entries: list[list[tuple[int | None, str | None, float, Kind]]] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.names)

    def points(self) -> list[float]:
        pts = [0.0] * self.n
        if self.system == "rr":
            for (i, j), gs in self.games.items():
                for pi, _ki, pj, _kj in gs:
                    pts[i] += pi
                    pts[j] += pj
        else:
            for p, row in enumerate(self.entries):
                pts[p] = sum(e[2] for e in row)
        return pts

    def distributed(self) -> float:
        """Points handed out, counted game by game and bye by bye (not player by player)."""
        sc = self.scoring
        total = 0.0
        if self.system == "rr":
            for gs in self.games.values():
                for _pi, ki, _pj, kj in gs:
                    if ki == PLAYED:
                        total += sc.win + sc.loss  # a decisive game or two draws: win + loss either way
                    elif FW in (ki, kj):
                        total += sc.win + sc.loss
                    else:  # both lost by forfeit
                        total += 2 * sc.loss
            return total
        for r in range(self.rounds):
            seen: set[int] = set()
            for p in range(self.n):
                q, _c, _pts, kind = self.entries[p][r]
                if q is not None:
                    if q in seen:
                        continue
                    seen.add(p)
                    kq = self.entries[q][r][3]
                    if kind == PLAYED or FW in (kind, kq):
                        total += sc.win + sc.loss
                    else:
                        total += 2 * sc.loss
                elif kind == PAB:
                    total += sc.win
                elif kind == HALF:
                    total += sc.draw
        return total

    def games_with_opponent(self) -> list[int]:
        """Per player, the games against a present opponent (played or forfeit)."""
        if self.system == "rr":
            return [self.cycles * (self.n - 1)] * self.n
        return [sum(1 for e in row if e[0] is not None) for row in self.entries]

    def expected_rr(self, numbers: list[int]) -> list[Counter[tuple[int, float, int]]]:
        out: list[Counter[tuple[int, float, int]]] = [Counter() for _ in range(self.n)]
        for (i, j), gs in self.games.items():
            for pi, ki, pj, kj in gs:
                out[i][(numbers[j], pi, int(ki))] += 1
                out[j][(numbers[i], pj, int(kj))] += 1
        return out

    def expected_swiss(self, numbers: list[int]) -> list[list[tuple[int | None, float, int]]]:
        return [[(None if q is None else numbers[q], pts, int(kind)) for q, _c, pts, kind in row] for row in self.entries]


def make_names(rng: random.Random, n: int) -> list[str]:
    picked = rng.sample(SURNAMES, n)
    out = []
    for name in picked:
        style = rng.random()
        if style < 0.3:
            name = f"{name} {rng.choice('ABCDEFGHIKLMNOPRSTVАБВГДЕИКЛМНОПРСТ')}."
        elif style < 0.4:
            name = name.upper()
        out.append(name)
    return out


def outcome(rng: random.Random, sc: Scoring) -> tuple[float, float]:
    r = rng.random()
    if r < 0.4:
        return sc.win, sc.loss
    if r < 0.7:
        return sc.loss, sc.win
    return sc.draw, sc.draw


def gen_round_robin(rng: random.Random, n: int, cycles: int, sc: Scoring) -> Event:
    ev = Event("rr", make_names(rng, n), sc, cycles=cycles)
    forfeit_rate = rng.choice([0.0, 0.05, 0.15])
    for i in range(n):
        for j in range(i + 1, n):
            gs = []
            for _ in range(cycles):
                r = rng.random()
                if r < forfeit_rate:
                    if rng.random() < 0.15:
                        gs.append((sc.loss, FL, sc.loss, FL))  # neither came
                    elif rng.random() < 0.5:
                        gs.append((sc.win, FW, sc.loss, FL))
                    else:
                        gs.append((sc.loss, FL, sc.win, FW))
                else:
                    a, b = outcome(rng, sc)
                    gs.append((a, PLAYED, b, PLAYED))
            ev.games[(i, j)] = gs
    return ev


def gen_swiss(rng: random.Random, n: int, rounds: int, sc: Scoring) -> Event:
    ev = Event("swiss", make_names(rng, n), sc, rounds=rounds)
    ev.entries = [[(None, None, 0.0, ABSENT)] * rounds for _ in range(n)]
    gone: dict[int, int] = {}  # player -> first round he is absent for good
    if rng.random() < 0.4:
        for p in rng.sample(range(n), rng.choice([1, 1, 2])):
            gone[p] = rng.randint(2, rounds)  # plays at least round 1
    half_rate = rng.choice([0.0, 0.0, 0.05])
    forfeit_rate = rng.choice([0.0, 0.04, 0.1])
    had_bye: set[int] = set()
    met: set[tuple[int, int]] = set()
    for r in range(rounds):
        present = [p for p in range(n) if gone.get(p, rounds + 1) > r + 1]
        halves = [p for p in present if rng.random() < half_rate]
        if len(present) - len(halves) < 2:
            halves = []
        for p in halves:
            ev.entries[p][r] = (None, None, sc.draw, HALF)
        pool = [p for p in present if p not in halves]
        rng.shuffle(pool)
        if len(pool) % 2:
            candidates = [p for p in pool if p not in had_bye] or pool
            bye = rng.choice(candidates)
            had_bye.add(bye)
            pool.remove(bye)
            ev.entries[bye][r] = (None, None, sc.win, PAB)
        # pair greedily, avoiding rematches where possible
        while pool:
            a = pool.pop(0)
            k = next((k for k, b in enumerate(pool) if (min(a, b), max(a, b)) not in met), 0)
            b = pool.pop(k)
            met.add((min(a, b), max(a, b)))
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            x = rng.random()
            if x < forfeit_rate * 0.2:
                w = (sc.loss, FL)
                bl = (sc.loss, FL)
            elif x < forfeit_rate:
                w, bl = ((sc.win, FW), (sc.loss, FL)) if rng.random() < 0.5 else ((sc.loss, FL), (sc.win, FW))
            else:
                pw, pb = outcome(rng, sc)
                w, bl = (pw, PLAYED), (pb, PLAYED)
            ev.entries[white][r] = (black, "w", w[0], w[1])
            ev.entries[black][r] = (white, "b", bl[0], bl[1])
    return ev


# ------------------------------------------------------------- rendering
def num_text(x: float, rng: random.Random, comma: bool) -> str:
    """A number as text: '1', '0,5' or '0.5', '1½' style when it has a half."""
    if float(x).is_integer():
        return str(int(x))
    if rng.random() < 0.3:
        whole = int(x)
        return f"{whole if whole else ''}½"
    s = f"{x:g}"
    return s.replace(".", ",") if comma else s


def as_number(x: float, rng: random.Random, comma: bool, allow_text: bool = True) -> Any:
    kind = rng.random()
    if kind < 0.35:
        return float(x)
    if kind < 0.6 and float(x).is_integer():
        return int(x)
    return num_text(x, rng, comma) if allow_text else float(x)


@dataclass
class Style:
    """The choices one rendering makes (some are re-drawn per cell when ``mixed``)."""

    header: bool
    no_col: bool
    name_col: bool
    pts_col: bool
    rating_col: bool
    mixed: bool
    comma: bool
    gap_col: bool
    pad_top: int
    pad_left: int
    pad_right: int
    pad_bottom: int
    title: bool
    numbers: list[int]
    number_form: str
    blank: Any


def draw_style(rng: random.Random, ev: Event, force_no_col: bool = False) -> Style:
    header = rng.random() < 0.65
    n = ev.n
    numbering = rng.random()
    if numbering < 0.75:
        numbers = list(range(1, n + 1))
    elif numbering < 0.9:
        numbers = sorted(rng.sample(range(1, 1000), n))
    else:
        numbers = rng.sample(range(1, 1000), n)
    no_col = rng.random() < 0.6 or force_no_col
    if not no_col:
        numbers = list(range(1, n + 1))  # without a No. column the numbers are the row positions
    name_col = rng.random() < 0.75
    return Style(
        header=header,
        no_col=no_col,
        name_col=name_col,
        pts_col=rng.random() < 0.45,
        rating_col=header and rng.random() < 0.2,
        mixed=rng.random() < 0.5,
        comma=rng.random() < 0.4,
        gap_col=rng.random() < 0.15,
        pad_top=rng.choice([0, 0, 1, 2]),
        pad_left=rng.choice([0, 0, 1, 2]),
        pad_right=rng.choice([0, 0, 1]),
        pad_bottom=rng.choice([0, 0, 1]),
        title=(not header) and rng.random() < 0.15,
        numbers=numbers,
        number_form=rng.choice(["int", "float", "text"]),
        blank=rng.choice([None, None, "", " "]),
    )


def number_cell(x: int, form: str) -> Any:
    return {"int": x, "float": float(x), "text": str(x)}[form]


# Tokens for one result, by scoring and outcome.  WIN/DRAW/LOSS of the player whose cell it is.
def result_tokens(sc: Scoring, pts: float, kind: Kind) -> list[Any]:
    if kind == FW:
        return ["+"]
    if kind == FL:
        return ["-", "−", "–"]
    if sc == CHESS:
        if pts == 1.0:
            return [1, 1.0, "1"]
        if pts == 0.5:
            return [0.5, "½", "=", "0.5", "0,5", ".5", ",5"]
        return [0, 0.0, "0"]
    if pts == 2.0:
        return [2, 2.0, "2"]
    if pts == 1.0:
        return [1, 1.0, "1", "="]
    return [0, 0.0, "0"]


def rr_single_cell(rng: random.Random, sc: Scoring, pts: float, kind: Kind, style: Style, pref: dict[str, Any]) -> Any:
    options = result_tokens(sc, pts, kind)
    key = f"{sc.label}:{pts}:{int(kind)}"
    if not style.mixed:
        if key not in pref:
            pref[key] = rng.choice(options)
        tok = pref[key]
    else:
        tok = rng.choice(options)
    if isinstance(tok, str) and tok in ("0,5", ",5") and not style.comma and not style.mixed:
        tok = "0.5"
    if isinstance(tok, str) and rng.random() < 0.05:
        tok = f" {tok} "
    return tok


def _text_token(sc: Scoring, pts: float, kind: Kind, rng: random.Random, joined: bool) -> str:
    """A one-game token for a two-results cell; ``joined`` (no separator) allows only one-character tokens."""
    opts = [t for t in result_tokens(sc, pts, kind) if isinstance(t, str)]
    if joined:
        opts = [t for t in opts if len(t) == 1 and t != "."]
    else:
        opts = [t for t in opts if t not in (".5", ",5")]
    return rng.choice(opts)


def rr_double_cell(rng: random.Random, sc: Scoring, games: list[tuple[float, Kind]]) -> Any:
    """Two games of one player against one opponent in one cell."""
    (p1, k1), (p2, k2) = games
    if rng.random() < 0.5:
        (p1, k1), (p2, k2) = (p2, k2), (p1, k1)
    choice = rng.random()
    both_played = k1 == PLAYED and k2 == PLAYED
    total = p1 + p2
    if both_played and choice < 0.15:
        one = sc.win + sc.loss
        other = 2 * one - total
        ambiguous = abs(total - one) < 1e-9  # 1:1 (chess) / 2:2 (draughts) could be == or 10
        if not ambiguous:
            sep = rng.choice([":", " : "])
            comma = rng.random() < 0.5

            def fmt(x: float) -> str:
                s = f"{x:g}"
                return s.replace(".", ",") if comma else s

            return f"{fmt(total)}{sep}{fmt(other)}"
    if both_played and choice < 0.35 and p1 >= 1 and float(p1).is_integer() and float(p2).is_integer():
        value = int(p1) * 10 + int(p2)  # 10, 11, 21 ... as Excel stores them typed as numbers
        return rng.choice([value, float(value)])
    if choice < 0.7:
        return _text_token(sc, p1, k1, rng, True) + _text_token(sc, p2, k2, rng, True)
    sep = rng.choice([" ", "  ", "; ", " | ", ";"])
    return _text_token(sc, p1, k1, rng, False) + sep + _text_token(sc, p2, k2, rng, False)


DIAGONALS = ["X", "x", "Х", "х", "*", "—", None]


@dataclass
class Rendering:
    grid: list[list[Any]]
    scoring: Scoring | None
    numbers: list[int]
    """Player numbers the reader should report, in event index order."""
    order: list[int]
    """Event player index of each player row, top to bottom."""
    description: str
    shuffle: Callable[[list[int]], Rendering] | None = None


def assemble(style: Style, header: list[Any] | None, rows: list[list[Any]]) -> list[list[Any]]:
    width = max(len(r) for r in rows + ([header] if header else []))
    body = ([header] if header else []) + rows
    if style.title:
        body = [["Open 2024"] + [style.blank] * (width - 1)] + body
    out = []
    for r in body:
        r = list(r) + [style.blank] * (width - len(r))
        out.append([style.blank] * style.pad_left + r + [style.blank] * style.pad_right)
    full = len(out[0])
    return [[style.blank] * full for _ in range(style.pad_top)] + out + [[style.blank] * full for _ in range(style.pad_bottom)]


def render_round_robin(ev: Event, rng: random.Random) -> Rendering:
    sc = ev.scoring
    n = ev.n
    style = draw_style(rng, ev)
    sub = ev.cycles == 2 and rng.random() < 0.35
    diag_mode = rng.random()
    if sub:
        diag_choices = [d for d in DIAGONALS if d is not None]
    elif diag_mode < 0.2:
        diag_choices = [None]
    else:
        diag_choices = DIAGONALS
    fixed_diag = rng.choice(diag_choices)
    col_labels = rng.choice(["numbers", "numbers", "names", "none"])
    pref: dict[str, Any] = {}
    # cells in event index order: cell[i][j] (list of 1 or 2 grid values)
    cell: list[list[list[Any]]] = [[[] for _ in range(n)] for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i == j:
                d = rng.choice(diag_choices) if style.mixed else fixed_diag
                if sub:
                    second = rng.choice([d, None]) if style.mixed else d
                    cell[i][j] = [d, second]
                else:
                    cell[i][j] = [d if d is not None else style.blank]
                continue
            a, b = (i, j) if i < j else (j, i)
            gs = [(g[0], g[1]) if i == a else (g[2], g[3]) for g in ev.games[(a, b)]]
            if ev.cycles == 1:
                cell[i][j] = [rr_single_cell(rng, sc, gs[0][0], gs[0][1], style, pref)]
            elif sub:
                order = gs if rng.random() < 0.7 else gs[::-1]
                cell[i][j] = [rr_single_cell(rng, sc, p, k, style, pref) for p, k in order]
            else:
                cell[i][j] = [rr_double_cell(rng, sc, gs)]
    pts = ev.points()
    pts_values = [as_number(p, rng, style.comma, allow_text=style.header) for p in pts]
    ratings = [rng.choice([None, rng.randint(1000, 2700)]) for _ in range(n)]
    width = 2 if sub else 1
    scoring = choose_scoring(rng, ev, any(shows_two(v) for row in cell for c in row for v in c))

    def build(order: list[int]) -> Rendering:
        pos = {p: k for k, p in enumerate(order)}
        numbers = style.numbers if style.no_col else [pos[p] + 1 for p in range(n)]
        rows = []
        for p in order:
            row: list[Any] = []
            if style.no_col:
                row.append(number_cell(style.numbers[p], style.number_form))
            if style.name_col:
                row.append(ev.names[p])
            if style.rating_col:
                row.append(ratings[p])
            if style.gap_col:
                row.append(style.blank)
            for q in order:
                row.extend(cell[p][q])
            if style.pts_col:
                row.append(pts_values[p])
            rows.append(row)
        header = None
        if style.header:
            header = []
            if style.no_col:
                header.append(rng_label(rng, ["No", "№", "#", "No.", "Nr"]))
            if style.name_col:
                header.append(rng_label(rng, ["Name", "Участник", "Фамилия, имя", "Player"]))
            if style.rating_col:
                header.append(rng_label(rng, ["Rtg", "Рейтинг", "Elo"]))
            if style.gap_col:
                header.append(None)
            for k, q in enumerate(order):
                if col_labels == "numbers":
                    label: Any = numbers[q] if style.no_col else k + 1
                elif col_labels == "names":
                    label = ev.names[q][:3] + "."
                else:
                    label = None
                header.extend([label] + [None] * (width - 1))
            if style.pts_col:
                header.append(rng_label(rng, ["Pts", "Очки", "Points", "Сумма"]))
            if not (style.no_col or style.name_col or style.rating_col or style.pts_col):
                header = None  # a header of numbers alone is not recognised as one: leave it out
        grid = assemble(style, header, rows)
        return Rendering(grid, scoring, numbers, order, f"rr cycles={ev.cycles} sub={sub} {style}")

    base = build(list(range(n)))
    base.shuffle = build
    return base


def rng_label(rng: random.Random, options: list[str]) -> str:
    return rng.choice(options)


def choose_scoring(rng: random.Random, ev: Event, two_shown: bool) -> Scoring | None:
    """None (let the reader infer it) when the grid shows the scoring, else the event's scoring.

    1/½/0 is the default; 2/1/0 can be inferred only when a single result of 2 appears.
    """
    if rng.random() < 0.2:
        return ev.scoring
    if ev.scoring == CHESS:
        return None
    return None if two_shown else ev.scoring


def shows_two(v: Any) -> bool:
    """Whether a round robin cell holds a single result of 2 (what lets the reader infer 2/1/0)."""
    if isinstance(v, bool) or v is None:
        return False
    if isinstance(v, (int, float)):
        return float(v) == 2.0
    from tiebreak.core.notation import CellProblem, normalize, result_marks

    try:
        text = normalize(v)
        return text is not None and not isinstance(text, float) and any(m == 2.0 for m in result_marks(text))
    except CellProblem:
        return False


SWISS_STYLES = ["{o}{c}{r}", "{o}{c}{r}", "{o} {c} {r}", "{o}{c} {r}", "{o} {r}", "{o}/{r}", "{o}:{r}", "{o}{r}"]
COLOURS = {"w": ["w", "W", "б", "Б"], "b": ["b", "B", "ч", "Ч"]}


def swiss_result_token(rng: random.Random, sc: Scoring, pts: float, kind: Kind, comma: bool) -> str:
    opts = [t for t in result_tokens(sc, pts, kind) if isinstance(t, str) and t not in (".5", ",5")]
    tok = rng.choice(opts)
    if tok in ("0,5", "0.5"):
        tok = "0,5" if comma else "0.5"
    return tok


def swiss_bye_token(rng: random.Random, sc: Scoring, kind: Kind) -> Any:
    if kind == PAB:
        return rng.choice(["+", "bye", "BYE", "Bye", "U", f"-{sc.win:g}"])
    if kind == HALF:
        return rng.choice(["H", "h", "-=", f"-{sc.draw:g}"] + (["-½", "-0,5"] if sc == CHESS else []))
    return rng.choice([None, None, "", "-", "−", "--", "—", "-0"])  # absent


def render_swiss(ev: Event, rng: random.Random, force_no_col: bool = False) -> Rendering:
    sc = ev.scoring
    n = ev.n
    style = draw_style(rng, ev, force_no_col)
    fixed_style = rng.choice(SWISS_STYLES)
    fixed_colour = {c: rng.choice(v) for c, v in COLOURS.items()}
    no_colour = rng.random() < 0.15
    round_label = rng.choice(["R{}", "Round {}", "{}", "Тур {}", "{} тур", "Rd {}", "int"])
    # per cell: a function of the opponent reference (pairings) or a fixed value
    spec: list[list[Any]] = []
    values: list[Any] = []
    for p in range(n):
        line: list[Any] = []
        for r in range(ev.rounds):
            q, colour, pts, kind = ev.entries[p][r]
            if q is None:
                tok = swiss_bye_token(rng, sc, kind)
                if tok is None:
                    tok = style.blank
                line.append(("text", tok))
                values.append(tok)
                continue
            fmt = rng.choice(SWISS_STYLES) if style.mixed else fixed_style
            res = swiss_result_token(rng, sc, pts, kind, style.comma)
            if fmt == "{o}{r}" and res not in ("½", "=", "+", "-", "−", "–"):
                fmt = "{o}{c}{r}"  # '121' would be ambiguous
            col = ""
            if "{c}" in fmt:
                if no_colour:
                    fmt = rng.choice(["{o} {r}", "{o}/{r}"])
                else:
                    col = rng.choice(COLOURS[colour]) if style.mixed else fixed_colour[colour]  # type: ignore[index]
            line.append(("pair", q, fmt, col, res))
            values.append(res)
        spec.append(line)
    pts = ev.points()
    pts_values = [as_number(x, rng, style.comma, allow_text=style.header) for x in pts]
    ratings = [rng.choice([None, rng.randint(1000, 2700)]) for _ in range(n)]
    scoring = choose_scoring(rng, ev, any(v in ("2", "-2") for v in values))

    def build(order: list[int]) -> Rendering:
        pos = {p: k for k, p in enumerate(order)}
        numbers = style.numbers if style.no_col else [pos[p] + 1 for p in range(n)]
        rows = []
        for p in order:
            row: list[Any] = []
            if style.no_col:
                row.append(number_cell(style.numbers[p], style.number_form))
            if style.name_col:
                row.append(ev.names[p])
            if style.rating_col:
                row.append(ratings[p])
            if style.gap_col:
                row.append(style.blank)
            for r in range(ev.rounds):
                s = spec[p][r]
                if s[0] == "text":
                    row.append(s[1])
                else:
                    _t, q, fmt, col, res = s
                    row.append(fmt.format(o=numbers[q], c=col, r=res))
            if style.pts_col:
                row.append(pts_values[p])
            rows.append(row)
        header = None
        if style.header:
            header = []
            if style.no_col:
                header.append(rng_label(rng, ["No", "№", "#", "No.", "Nr", "Ст. №"]))
            if style.name_col:
                header.append(rng_label(rng, ["Name", "Участник", "Фамилия, имя", "Player"]))
            if style.rating_col:
                header.append(rng_label(rng, ["Rtg", "Рейтинг", "Elo"]))
            if style.gap_col:
                header.append(None)
            for r in range(ev.rounds):
                header.append(r + 1 if round_label == "int" else round_label.format(r + 1))
            if style.pts_col:
                header.append(rng_label(rng, ["Pts", "Очки", "Points", "Сумма"]))
            if not (style.no_col or style.name_col or style.rating_col or style.pts_col or round_label not in ("int", "{}")):
                header = None  # a row of bare round numbers is not recognised as a header: leave it out
        grid = assemble(style, header, rows)
        return Rendering(grid, scoring, numbers, order, f"swiss style={fixed_style} {style}")

    base = build(list(range(n)))
    base.shuffle = build if style.no_col else None
    return base


# -------------------------------------------------------------- the checks
def read(rendering: Rendering) -> tiebreak.Tournament:
    try:
        return tiebreak.read_table(rendering.grid, scoring=rendering.scoring)
    except tiebreak.TiebreakError as err:
        raise AssertionError(f"the reader refused a correct table: {err}\n{rendering.description}\n{show_grid(rendering.grid)}") from None


def show_grid(grid: list[list[Any]]) -> str:
    return "\n".join(" | ".join(repr(v) for v in row) for row in grid)


def check_recovers(ev: Event, rendering: Rendering, t: tiebreak.Tournament) -> None:
    """(a): the same event, player by player."""
    where = f"\n{rendering.description}\n{show_grid(rendering.grid)}"
    assert len(t.players) == ev.n, where
    assert t.scoring == ev.scoring, where
    expected_pts = ev.points()
    if ev.system == "rr":
        assert t.system == "round robin" and t.cycles == ev.cycles, where
        expected = ev.expected_rr(rendering.numbers)
    else:
        assert t.system == "swiss" and t.rounds == ev.rounds, where
        expected = ev.expected_swiss(rendering.numbers)
    for row, p in enumerate(rendering.order):
        player = t.players[row]
        assert player.number == rendering.numbers[p], where
        assert math.isclose(t.points[row], expected_pts[p]), (row, t.points[row], expected_pts[p], where)
        got_entries = []
        for e in t.entries(row):
            opp = None if e.opponent is None else t.players[e.opponent].number
            got_entries.append((opp, e.points, int(e.kind)))
        if ev.system == "rr":
            got = Counter(g for g in got_entries if g[0] is not None)
            assert got == expected[p], (ev.names[p], got, expected[p], where)
        else:
            assert got_entries == expected[p], (ev.names[p], got_entries, expected[p], where)


def check_sums(ev: Event, t: tiebreak.Tournament) -> None:
    """(b), (c), (d)."""
    # (b) every point comes from a game or a bye
    assert math.isclose(sum(t.points), ev.distributed(), abs_tol=1e-9)
    # (c) plain: Σ_p BH(p) = Σ_p Σ_{games g of p} S(opp(g)).  Every game with an opponent present
    # appears once on each side, so regrouping by the opponent q gives Σ_q S(q) × games(q).
    bh = tiebreak.values(t, "buchholz", "plain")
    games = ev.games_with_opponent()
    pts = ev.points()
    assert math.isclose(sum(bh), sum(s * g for s, g in zip(pts, games, strict=True)), abs_tol=1e-6)
    # (d) ru: median = BH − worst − best, truncated(1) = BH − worst; every value is ≥ 0
    b = tiebreak.values(t, "buchholz", "ru")
    m = tiebreak.values(t, "solkoff", "ru")
    c1 = tiebreak.values(t, "solkoff_trunc", "ru")
    for p in range(ev.n):
        assert m[p] <= c1[p] + 1e-9 and c1[p] <= b[p] + 1e-9, (p, m[p], c1[p], b[p])


CRITERIA_LISTS = [
    None,
    "buchholz, solkoff, wins",
    "shmulyan, h2h, order",
    "sonneborn_berger, riga, beaten",
    "solkoff_trunc, wins, h2h, beaten, order",
    "BH/C1, BH, SB, DE, WIN",
    "BH/M1, AOB, WON, BPG, PS",
]


def equal_values(a: Any, b: Any) -> bool:
    if a is None or b is None:
        return a is b
    if isinstance(a, tuple):
        return len(a) == len(b) and all(math.isclose(x, y, abs_tol=1e-9) for x, y in zip(a, b, strict=True))
    if isinstance(a, (int, float)):
        return math.isclose(a, b, abs_tol=1e-9)
    return a == b


def check_places(t: tiebreak.Tournament, ranking: tiebreak.Ranking, order: list[int]) -> dict[int, str]:
    """(e): the places are consistent; returns the place label per event player (``order``: row → player)."""
    n = len(t.players)
    standings = ranking.standings
    assert sorted(s.player for s in standings) == list(range(n))
    groups: dict[tuple[int, int], list[tiebreak.Standing]] = {}
    for s in standings:
        expected_label = str(s.place) if s.place == s.place_to else f"{s.place}–{s.place_to}"
        assert s.label == expected_label
        groups.setdefault((s.place, s.place_to), []).append(s)
    nxt = 1
    for (a, b), members in sorted(groups.items()):
        assert a == nxt, f"gap or overlap in places at {a} (expected {nxt})"
        assert len(members) == b - a + 1, f"place {a}–{b} held by {len(members)} players"
        nxt = b + 1
        first = members[0]
        for other in members[1:]:
            assert math.isclose(t.points[first.player], t.points[other.player]), "a shared place with different points"
            for code, v in first.values.items():
                assert equal_values(v, other.values.get(code)), f"shared place {a}–{b} but {code} differs: {v} vs {other.values.get(code)}"
    assert nxt == n + 1
    # more points, better place
    for s in standings:
        for o in standings:
            if t.points[s.player] > t.points[o.player] + 1e-9:
                assert s.place_to < o.place
    return {order[s.player]: s.label for s in standings}


def rankings(t: tiebreak.Tournament, rng: random.Random) -> list[tuple[str | None, str, tiebreak.Ranking]]:
    crit = rng.choice(CRITERIA_LISTS[1:])
    rules = rng.choice(tiebreak.rule_set_names())
    out = [(None, "ru", tiebreak.rank(t)), (crit, rules, tiebreak.rank(t, crit, rules))]
    STATS["rankings"] += 2
    return out


def check_prefix_places(t: Any, ranking: Any) -> None:
    """The places after points and the first k criteria, read off the ranking (``places_at``), are the
    places of ranking again with only those k criteria: what the Decided-by texts and compare rely on."""
    for k in range(len(ranking.criteria) + 1):
        again = tiebreak.rank(t, ranking.criteria[:k], ranking.evaluation.rules, evaluation=ranking.evaluation, columns=False)
        assert ranking.places_at(k) == [(s.place, s.place_to) for s in again.by_player()], (k, [c.code for c in ranking.criteria])
        STATS["prefix rankings"] += 1


def check_event(ev: Event, rng: random.Random) -> None:
    STATS["events"] += 1
    STATS[f"events:{ev.system}"] += 1
    first: Rendering | None = None
    settings_used: list[tuple[str | None, str]] = []
    for k in range(RENDERINGS_PER_EVENT):
        rendering = render_round_robin(ev, rng) if ev.system == "rr" else render_swiss(ev, rng)
        t = read(rendering)
        STATS["renderings"] += 1
        check_recovers(ev, rendering, t)
        if k == 0:
            check_sums(ev, t)
            first = rendering
            for crit, rules, ranking in rankings(t, rng):
                check_places(t, ranking, rendering.order)
                check_prefix_places(t, ranking)
                settings_used.append((crit, rules))
    # (f) shuffle the rows (and the columns of a round robin) of a rendering that allows it
    assert first is not None
    shuffled = first if first.shuffle is not None else render_swiss(ev, rng, force_no_col=True)
    assert shuffled.shuffle is not None
    base_t = read(shuffled)
    order = list(range(ev.n))
    rng.shuffle(order)
    moved = shuffled.shuffle(order)
    t2 = read(moved)
    STATS["shuffled renderings"] += 1
    check_recovers(ev, moved, t2)
    for crit, rules in settings_used:
        before = {shuffled.order[s.player]: s.label for s in tiebreak.rank(base_t, crit, rules).standings}
        after = check_places(t2, tiebreak.rank(t2, crit, rules), moved.order)
        names = {ev.names[p]: (before[p], after[p]) for p in range(ev.n) if before[p] != after[p]}
        assert after == before, f"shuffling the rows changed the places ({crit!r}, {rules}): {names}\n{show_grid(shuffled.grid)}\n--- shuffled:\n{show_grid(moved.grid)}"
        STATS["shuffle comparisons"] += 1


# ------------------------------------------------------------------ tests
SCORINGS = st.sampled_from([CHESS, DRAUGHTS])


@SETTINGS
@given(n=st.integers(3, 10), cycles=st.sampled_from([1, 1, 2]), scoring=SCORINGS, seed=st.integers(0, 2**32 - 1))
def test_round_robin_events_survive_every_notation(n: int, cycles: int, scoring: Scoring, seed: int) -> None:
    rng = random.Random(seed)
    check_event(gen_round_robin(rng, n, cycles, scoring), rng)


@settings(SETTINGS, max_examples=SWISS_EXAMPLES)
@given(n=st.integers(4, 16), rounds=st.integers(3, 7), scoring=SCORINGS, seed=st.integers(0, 2**32 - 1))
def test_swiss_events_survive_every_notation(n: int, rounds: int, scoring: Scoring, seed: int) -> None:
    rng = random.Random(seed)
    check_event(gen_swiss(rng, n, rounds, scoring), rng)


def test_generators_cover_every_kind_and_notation() -> None:
    """The generators do produce the special cases, so the properties above are not vacuous."""
    rng = random.Random(7)
    kinds: Counter[int] = Counter()
    cells: set[Any] = set()
    types: set[type] = set()
    layouts: Counter[str] = Counter()
    for _ in range(80):
        ev = gen_swiss(rng, rng.randint(4, 16), rng.randint(3, 7), rng.choice([CHESS, DRAUGHTS]))
        for row in ev.entries:
            kinds.update(int(e[3]) for e in row)
        r = render_swiss(ev, rng)
        cells.update(v for row in r.grid for v in row if isinstance(v, str))
        ev = gen_round_robin(rng, rng.randint(3, 10), rng.choice([1, 2]), rng.choice([CHESS, DRAUGHTS]))
        for gs in ev.games.values():
            kinds.update(int(g[1]) for g in gs)
        r = render_round_robin(ev, rng)
        cells.update(v for row in r.grid for v in row if isinstance(v, str))
        types.update(type(v) for row in r.grid for v in row)
        layouts["sub-columns" if "sub=True" in r.description else f"cycles={ev.cycles}"] += 1
        layouts["scoring inferred" if r.scoring is None else "scoring given"] += 1
    for kind in (PLAYED, FW, FL, PAB, HALF, ABSENT):
        assert kinds[int(kind)] > 0, kind
    for token in ["½", "=", "0,5", "0.5", "X", "x", "Х", "х", "*", "—", "+", "-", "−", "–", "bye", "-1", "-½", "U", "H", "-0", "--"]:
        assert token in cells, token
    for pattern in [r"\d+w1", r"\d+ w 1", r"\d+б½", r"\d+ч0", r"\d+/1", r"\d+½", r"\d+\D*\+", r"\d+\D*[-−–]", r"1½", r"\d,5:\d,5", r"\d; \d", "No", "Name", "R1", "Тур 1"]:
        assert any(re.fullmatch(pattern, c) for c in cells), pattern
    assert {int, float, str, type(None)} <= types
    assert min(layouts.values()) > 0 and len(layouts) == 5, layouts


@pytest.fixture(scope="module", autouse=True)
def _summary() -> Iterator[None]:
    yield
    if STATS["events"]:
        print(
            f"\n[test_properties] {STATS['events']} events ({STATS['events:rr']} round robin, {STATS['events:swiss']} Swiss), "
            f"{STATS['renderings']} renderings read and checked, {STATS['shuffled renderings']} shuffled renderings, "
            f"{STATS['rankings']} rankings checked, {STATS['shuffle comparisons']} rankings compared after shuffling"
        )
