"""The tournament model: players, rounds, and one entry per player and round.

A :class:`Tournament` is what every reader produces and every tie-break
consumes.  It keeps its entries in flat per-player lists (opponent, points,
kind, colour), which keeps a 2,000-player event cheap; :meth:`Tournament.entry`
gives the same data as :class:`Entry` objects.

>>> t = Tournament.from_games(["Ann", "Bob", "Cid"], [
...     (1, "Ann", "Bob", 1.0, 0.0),
...     (2, "Bob", "Cid", 0.5, 0.5),
...     (3, "Cid", "Ann", 0.0, 1.0),
... ])
>>> t.points  # each player also had a bye (a win) in the round he sat out
[3.0, 1.5, 1.5]
>>> t.entry(1, 1)
Entry(round=1, opponent=0, colour='b', points=0.0, kind=<Kind.PLAYED: 0>)
>>> t.entry(1, 3).kind
<Kind.PAIRING_BYE: 3>
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Callable, Iterable, Sequence

from .errors import ConsistencyError, Location, SettingsError

__all__ = ["Kind", "Scoring", "Player", "Entry", "Tournament", "CHESS", "DRAUGHTS", "WIN", "DRAW", "LOSS"]

WIN, DRAW, LOSS = 1, 0, -1


class Kind(IntEnum):
    """What happened to a player in a round."""

    PLAYED = 0
    """A game over the board (its result may be any of win, draw, loss)."""
    FORFEIT_WIN = 1
    """The scheduled opponent did not play: won by forfeit (``+``)."""
    FORFEIT_LOSS = 2
    """Did not play against the scheduled opponent: lost by forfeit (``-``)."""
    PAIRING_BYE = 3
    """No opponent because of an odd number of players (pairing-allocated bye)."""
    HALF_BYE = 4
    """A requested half-point bye."""
    FULL_BYE = 5
    """A requested full-point bye."""
    ZERO_BYE = 6
    """A requested zero-point bye."""
    ABSENT = 7
    """Not paired: absent, withdrawn, or not yet joined."""

    @property
    def has_opponent(self) -> bool:
        return self <= Kind.FORFEIT_LOSS

    @property
    def is_played(self) -> bool:
        return self is Kind.PLAYED

    @property
    def is_forfeit(self) -> bool:
        return self is Kind.FORFEIT_WIN or self is Kind.FORFEIT_LOSS


@dataclass(frozen=True)
class Scoring:
    """Points for a win, a draw and a loss.

    >>> Scoring.parse("2/1/0")
    Scoring(win=2.0, draw=1.0, loss=0.0)
    >>> Scoring.parse("1-0,5-0").label
    '1/0.5/0'
    """

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0

    def __post_init__(self) -> None:
        if not (self.win > self.draw >= self.loss):
            raise SettingsError(f"scoring {self.label}: a win must be worth more than a draw, a draw at least a loss")

    @property
    def label(self) -> str:
        return "/".join(_num(v) for v in (self.win, self.draw, self.loss))

    @classmethod
    def parse(cls, text: str) -> Scoring:
        """Read ``"1/0.5/0"``, ``"2/1/0"``, ``"3-1-0"``, ``"chess"`` or ``"draughts"``."""
        key = str(text).strip().lower()
        if key in ("", "chess", "1/½/0", "шахматы"):
            return CHESS
        if key in ("draughts", "checkers", "шашки"):
            return DRAUGHTS
        import re

        parts = re.split(r"\s*[/;:]\s*|\s+-\s+|(?<=\d)-(?=\d)", key.replace("½", "0.5"))
        try:
            values = [float(p.replace(",", ".")) for p in parts]
        except ValueError:
            raise SettingsError(f"scoring '{text}': write it as win/draw/loss, e.g. 1/0.5/0 or 2/1/0") from None
        if len(values) != 3:
            raise SettingsError(f"scoring '{text}': write it as win/draw/loss, e.g. 1/0.5/0 or 2/1/0")
        return cls(*values)

    def outcome(self, points: float) -> int | None:
        """WIN, DRAW or LOSS for the points of one game, None if they are none of these."""
        if points == self.win:
            return WIN
        if points == self.draw:
            return DRAW
        if points == self.loss:
            return LOSS
        return None

    def value(self, outcome: int) -> float:
        return self.win if outcome == WIN else self.draw if outcome == DRAW else self.loss


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


CHESS = Scoring(1.0, 0.5, 0.0)
DRAUGHTS = Scoring(2.0, 1.0, 0.0)


@dataclass
class Player:
    """A participant. ``number`` is the start number used in pairings."""

    number: int
    name: str
    rating: float | None = None
    row: int | None = None
    """1-based row of the player in the source table (for messages)."""
    stated_points: float | None = None
    """The points the source states (a points column), if any."""

    def label(self) -> str:
        return self.name or f"No. {self.number}"


@dataclass(frozen=True)
class Entry:
    """One player's round: opponent index (or None), colour, points, kind."""

    round: int
    opponent: int | None
    colour: str | None
    points: float
    kind: Kind


@dataclass
class Tournament:
    """A whole event.

    Entries are per player, per round (``rounds`` of them), in round order.
    A round robin read from a matrix has no round order: its entries follow
    the columns and ``has_rounds`` is False.
    """

    players: list[Player]
    rounds: int
    opp: list[list[int]]
    """Opponent's player index per entry, -1 for none."""
    pts: list[list[float]]
    kind: list[list[int]]
    colour: list[list[str | None]]
    scoring: Scoring = CHESS
    system: str = "swiss"
    """``"swiss"`` or ``"round robin"``."""
    has_rounds: bool = True
    cycles: int = 1
    start_date: _dt.date | None = None
    rules: str | None = None
    """The rule set the source says it was computed with, if it says."""
    title: str = ""
    tiebreak_codes: list[str] = field(default_factory=list)
    """Tie-break list stated by the source (TRF 202/212), if any."""
    layout: object | None = field(default=None, repr=False, compare=False)
    """Where the reader found the parts of the source table (``reader.TableLayout``)."""
    _points: list[float] | None = field(default=None, repr=False, compare=False)
    _numbers: dict[int, int] | None = field(default=None, repr=False, compare=False)
    _names: dict[str, list[int]] | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------------ access
    def __len__(self) -> int:
        return len(self.players)

    @property
    def points(self) -> list[float]:
        """Actual points per player (what ranking uses)."""
        if self._points is None:
            self._points = [float(sum(p)) for p in self.pts]
        return self._points

    def entry(self, player: int, round: int) -> Entry:
        """The entry of player index ``player`` in 1-based ``round``."""
        i = round - 1
        o = self.opp[player][i]
        return Entry(round, None if o < 0 else o, self.colour[player][i], self.pts[player][i], Kind(self.kind[player][i]))

    def entries(self, player: int) -> list[Entry]:
        return [self.entry(player, r + 1) for r in range(len(self.opp[player]))]

    def outcome(self, player: int, i: int) -> int | None:
        """WIN/DRAW/LOSS of entry ``i`` (0-based) by its points."""
        return self.scoring.outcome(self.pts[player][i])

    def index_of(self, key: int | float | str) -> int:
        """Player index for a start number or a name (case-insensitive).

        Raises KeyError when there is no such player (or the name is not unique).
        """
        if self._numbers is None or self._names is None:
            self._numbers = {p.number: i for i, p in enumerate(self.players)}
            names: dict[str, list[int]] = {}
            for i, p in enumerate(self.players):
                names.setdefault(" ".join(p.name.casefold().split()), []).append(i)
            self._names = names
        if isinstance(key, bool):
            raise KeyError(key)
        if isinstance(key, (int, float)):
            if float(key).is_integer() and int(key) in self._numbers:
                return self._numbers[int(key)]
            raise KeyError(key)
        text = " ".join(str(key).casefold().split())
        found = self._names.get(text, [])
        if len(found) == 1:
            return found[0]
        if not found:
            number = text.replace(",", ".")
            try:
                return self.index_of(float(number))
            except (KeyError, ValueError):
                pass
        raise KeyError(key)

    @property
    def is_round_robin(self) -> bool:
        return self.system == "round robin"

    # ------------------------------------------------------------ construction
    @classmethod
    def from_games(
        cls,
        names: Sequence[str],
        games: Iterable[tuple[int, str, str, float, float]],
        *,
        rounds: int | None = None,
        scoring: Scoring = CHESS,
        byes: Iterable[tuple[int, str, Kind, float]] = (),
        system: str = "swiss",
        ratings: Sequence[float | None] | None = None,
    ) -> Tournament:
        """Build an event from ``(round, white, black, white_points, black_points)``.

        Any round without an entry for a player becomes a pairing bye worth a
        win when the player is the odd one out that round and no other entry
        is given by ``byes`` (``(round, name, kind, points)``); otherwise absent.
        Forfeits are games with points and kind given as ``byes`` entries are
        not; use :meth:`set_entry` for anything unusual.
        """
        index = {n: i for i, n in enumerate(names)}
        games = list(games)
        byes = list(byes)
        n_rounds = rounds or max([g[0] for g in games] + [b[0] for b in byes] + [0])
        t = cls.empty([Player(i + 1, n, None if ratings is None else ratings[i]) for i, n in enumerate(names)], n_rounds, scoring=scoring, system=system)
        for rnd, white, black, wp, bp in games:
            w, b = index[white], index[black]
            t.set_entry(w, rnd, b, "w", wp, Kind.PLAYED)
            t.set_entry(b, rnd, w, "b", bp, Kind.PLAYED)
        for rnd, name, kind, pts in byes:
            t.set_entry(index[name], rnd, None, None, pts, kind)
        for r in range(n_rounds):
            free = [p for p in range(len(names)) if t.kind[p][r] == Kind.ABSENT and t.opp[p][r] < 0 and t.pts[p][r] == 0.0]
            explicit = {index[b[1]] for b in byes if b[0] == r + 1}
            free = [p for p in free if p not in explicit]
            if len(free) == 1:
                t.set_entry(free[0], r + 1, None, None, scoring.win, Kind.PAIRING_BYE)
        return t

    @classmethod
    def empty(cls, players: list[Player], rounds: int, **kwargs: object) -> Tournament:
        n = len(players)
        return cls(
            players=players,
            rounds=rounds,
            opp=[[-1] * rounds for _ in range(n)],
            pts=[[0.0] * rounds for _ in range(n)],
            kind=[[int(Kind.ABSENT)] * rounds for _ in range(n)],
            colour=[[None] * rounds for _ in range(n)],
            **kwargs,  # type: ignore[arg-type]
        )

    def set_entry(self, player: int, round: int, opponent: int | None, colour: str | None, points: float, kind: Kind) -> None:
        i = round - 1
        self.opp[player][i] = -1 if opponent is None else opponent
        self.colour[player][i] = colour
        self.pts[player][i] = float(points)
        self.kind[player][i] = int(kind)
        self._points = None

    # -------------------------------------------------------------- validation
    def check_pairings(self, locate: Callable[[int, int], Location] | None = None, *, allow_double_loss: bool = False) -> None:
        """Check that every game is seen the same way from both sides.

        ``locate(player, i)`` gives the place of entry ``i`` of a player for
        the message.  ``allow_double_loss`` accepts a game both players lost
        (0-0, as a TRF may record).  Raises :class:`ConsistencyError` on the
        first problem.
        """
        where = locate or (lambda p, i: Location(round=i + 1, player=self.players[p].label()))
        sc = self.scoring
        n = len(self.players)
        for p in range(n):
            opp_p, kind_p, pts_p, col_p = self.opp[p], self.kind[p], self.pts[p], self.colour[p]
            for i, q in enumerate(opp_p):
                k = kind_p[i]
                if q < 0:
                    continue
                if q == p:
                    raise ConsistencyError("a player cannot meet himself", where(p, i))
                if q >= n:
                    raise ConsistencyError(f"opponent number out of range (1–{n})", where(p, i))
                if i >= len(self.opp[q]) or self.opp[q][i] != p:
                    back = self.opp[q][i] if i < len(self.opp[q]) else -1
                    them = self.players[q].label()
                    if back < 0:
                        msg = f"{them}'s row shows no game against {self.players[p].label()} in that round"
                    else:
                        msg = f"{them}'s row shows {self.players[back].label()} as the opponent in that round, not {self.players[p].label()}"
                    raise ConsistencyError(msg, where(p, i))
                kq = self.kind[q][i]
                if k == Kind.PLAYED:
                    if kq != Kind.PLAYED:
                        raise ConsistencyError(f"the result does not mirror {self.players[q].label()}'s (a game on one side, a forfeit on the other)", where(p, i))
                    total = pts_p[i] + self.pts[q][i]
                    op, oq = sc.outcome(pts_p[i]), sc.outcome(self.pts[q][i])
                    ok = op is not None and oq is not None and (op == -oq and abs(total - (sc.win + sc.loss)) < 1e-9 or allow_double_loss and op == oq == LOSS)
                    if not ok:
                        raise ConsistencyError(
                            f"the result does not mirror {self.players[q].label()}'s ({_num(pts_p[i])} here, {_num(self.pts[q][i])} there)", where(p, i)
                        )
                elif k == Kind.FORFEIT_WIN and kq != Kind.FORFEIT_LOSS:
                    raise ConsistencyError(f"a forfeit win here, but {self.players[q].label()}'s row does not show a forfeit loss", where(p, i))
                elif k == Kind.FORFEIT_LOSS and kq not in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
                    raise ConsistencyError(f"a forfeit loss here, but {self.players[q].label()}'s row does not show a forfeit", where(p, i))
                cq = self.colour[q][i]
                if col_p[i] is not None and cq is not None and col_p[i] == cq:
                    colour = "white" if cq == "w" else "black"
                    raise ConsistencyError(f"both players have {colour} against each other", where(p, i))
