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
from collections.abc import Callable, Iterable, Sequence
from enum import IntEnum
from itertools import compress, repeat
from operator import add, eq, ge, not_
from typing import Any, cast

from tiebreak.core.errors import ConsistencyError, Location, SettingsError
from tiebreak.core.i18n import _
from tiebreak.core.record import FrozenRecord, Record

__all__ = ["CHESS", "DRAUGHTS", "DRAW", "LOSS", "WIN", "Entry", "Kind", "Player", "Scoring", "Tournament", "positions", "round_consistent"]

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

    # The rule sets classify entries by these, never by the numbers.
    @property
    def has_opponent(self) -> bool:
        """A game was scheduled against an opponent (played or forfeited)."""
        return self in (Kind.PLAYED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)

    @property
    def is_forfeit(self) -> bool:
        """A scheduled game not played: won or lost by forfeit."""
        return self is Kind.FORFEIT_WIN or self is Kind.FORFEIT_LOSS

    @property
    def takes_no_part(self) -> bool:
        """Absent or a zero-point bye: what a withdrawn player's remaining rounds are."""
        return self is Kind.ABSENT or self is Kind.ZERO_BYE

    @property
    def is_voluntarily_unplayed(self) -> bool:
        """A round the player chose not to play (FIDE C.07 16.1.2): a requested ½ or 0 bye, an absence, a forfeit loss."""
        return self in (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT, Kind.FORFEIT_LOSS)


class Scoring(FrozenRecord):
    """Points for a win, a draw and a loss.

    >>> Scoring.parse("2/1/0")
    Scoring(win=2.0, draw=1.0, loss=0.0)
    >>> Scoring.parse("1-0,5-0").label
    '1/0.5/0'
    """

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0

    _fields = ("win", "draw", "loss")

    def __init__(self, win: float = 1.0, draw: float = 0.5, loss: float = 0.0) -> None:
        object.__setattr__(self, "win", win)
        object.__setattr__(self, "draw", draw)
        object.__setattr__(self, "loss", loss)
        self.__post_init__()

    def __post_init__(self) -> None:
        if not (self.win > self.draw >= self.loss):
            raise SettingsError(_("scoring {scoring}: a win must be worth more than a draw, a draw at least a loss").format(scoring=self.label))

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
            raise SettingsError(_("scoring '{text}': write it as win/draw/loss, e.g. 1/0.5/0 or 2/1/0").format(text=text)) from None
        if len(values) != 3:
            raise SettingsError(_("scoring '{text}': write it as win/draw/loss, e.g. 1/0.5/0 or 2/1/0").format(text=text))
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


class Player(Record):
    """A participant. ``number`` is the start number used in pairings."""

    number: int
    name: str
    rating: float | None = None
    row: int | None = None
    """1-based row of the player in the source table (for messages)."""
    stated_points: float | None = None
    """The points the source states (a points column), if any."""

    _fields = ("number", "name", "rating", "row", "stated_points")

    def __init__(
        self,
        number: int,
        name: str,
        rating: float | None = None,
        row: int | None = None,
        stated_points: float | None = None,
    ) -> None:
        self.number = number
        self.name = name
        self.rating = rating
        self.row = row
        self.stated_points = stated_points

    def label(self) -> str:
        return self.name or _("No. {number}").format(number=self.number)


class Entry(FrozenRecord):
    """One player's round: opponent index (or None), colour, points, kind."""

    round: int
    opponent: int | None
    colour: str | None
    points: float
    kind: Kind

    _fields = ("round", "opponent", "colour", "points", "kind")

    def __init__(self, round: int, opponent: int | None, colour: str | None, points: float, kind: Kind) -> None:
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "opponent", opponent)
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "kind", kind)


class Tournament(Record):
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
    _colour: list[list[str | None]]
    _colour_later: Callable[[], list[list[str | None]]] | None = None
    scoring: Scoring = CHESS
    system: str = "swiss"
    """``"swiss"`` or ``"round robin"``."""
    has_rounds: bool = True
    cycles: int = 1
    start_date: _dt.date | None = None
    rules: str | None = None
    """The rule set the source says it was computed with, if it says."""
    title: str = ""
    tiebreak_codes: list[str]
    """Tie-break list stated by the source (TRF 202/212), if any."""
    pending: list[tuple[int, int, int]]
    """Games paired but without a result yet: ``(round, white, black)``, 1-based round, player indices.

    A pending game counts for nothing: both players' entries of that round
    stay empty (absent, no points) and are no evidence of a withdrawal.
    """
    unentered: list[tuple[int, int]]
    """``(round, player)`` of empty cells in a round still being entered (no pairing written): like a pending game, no evidence of anything."""
    scheduled: int | None = None
    """Rounds scheduled when the source says more than it holds (TRF XXR), else None."""
    after: int | None = None
    """The round the event is counted after when the user chose it (a round being entered counted as it is), else None."""
    layout: object | None = None
    """Where the reader found the parts of the source table (``reader.TableLayout``)."""
    whole: Tournament | None = None
    """The event as read, when this one is it as it stands (cut after the last complete round); else None."""
    _points: list[float] | None = None
    _numbers: dict[int, int] | None = None
    _evaluations: dict[str, object]
    """Rule-set evaluations of this event (``tiebreak.values`` keeps them; changing an entry drops them)."""
    _names: dict[str, list[int]] | None = None

    _fields = (
        "players", "rounds", "opp", "pts", "kind", "colour", "scoring", "system", "has_rounds", "cycles", "start_date",
        "rules", "title", "tiebreak_codes", "pending", "unentered", "scheduled", "after", "layout", "whole", "_points",
        "_numbers", "_evaluations", "_names",
    )
    _shown = (
        "players", "rounds", "opp", "pts", "kind", "colour", "scoring", "system", "has_rounds", "cycles", "start_date",
        "rules", "title", "tiebreak_codes", "pending", "unentered", "scheduled", "after",
    )
    _compared = _shown

    def __init__(
        self,
        players: list[Player],
        rounds: int,
        opp: list[list[int]],
        pts: list[list[float]],
        kind: list[list[int]],
        colour: list[list[str | None]],
        scoring: Scoring = CHESS,
        system: str = "swiss",
        has_rounds: bool = True,
        cycles: int = 1,
        start_date: _dt.date | None = None,
        rules: str | None = None,
        title: str = "",
        tiebreak_codes: list[str] | None = None,
        pending: list[tuple[int, int, int]] | None = None,
        unentered: list[tuple[int, int]] | None = None,
        scheduled: int | None = None,
        after: int | None = None,
        layout: object | None = None,
        whole: Tournament | None = None,
        _points: list[float] | None = None,
        _numbers: dict[int, int] | None = None,
        _evaluations: dict[str, object] | None = None,
        _names: dict[str, list[int]] | None = None,
    ) -> None:
        self.players = players
        self.rounds = rounds
        self.opp = opp
        self.pts = pts
        self.kind = kind
        self.colour = colour
        self.scoring = scoring
        self.system = system
        self.has_rounds = has_rounds
        self.cycles = cycles
        self.start_date = start_date
        self.rules = rules
        self.title = title
        self.tiebreak_codes = [] if tiebreak_codes is None else tiebreak_codes
        self.pending = [] if pending is None else pending
        self.unentered = [] if unentered is None else unentered
        self.scheduled = scheduled
        self.after = after
        self.layout = layout
        self.whole = whole
        self._points = _points
        self._numbers = _numbers
        self._evaluations = {} if _evaluations is None else _evaluations
        self._names = _names

    # ------------------------------------------------------------------ access
    @property
    def colour(self) -> list[list[str | None]]:
        """Each entry's colour: ``"w"``, ``"b"``, or None where none is known.

        A reader may leave the colours to be made on first use (:meth:`colours_on_first_use`):
        few tie-breaks read them, and a big Swiss read for a worksheet function never does.
        """
        later = self._colour_later
        if later is not None:
            self._colour, self._colour_later = later(), None
        return self._colour

    @colour.setter
    def colour(self, colour: list[list[str | None]]) -> None:
        self._colour, self._colour_later = colour, None

    def colours_on_first_use(self, make: Callable[[], list[list[str | None]]]) -> None:
        """Have :attr:`colour` made by ``make`` when it is first read (``make`` holds no reference to a reader)."""
        self._colour_later = make

    def __len__(self) -> int:
        return len(self.players)

    @property
    def points(self) -> list[float]:
        """Actual points per player (what ranking uses)."""
        if self._points is None:
            self._points = list(map(float, map(sum, self.pts)))
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

    def index_of(self, key: float | str) -> int:
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
    def waiting(self) -> frozenset[tuple[int, int]]:
        """``(player, entry index)`` of the entries that wait for a result: a pending game's two players, a cell not yet entered.

        Such an entry is simply not there yet: every rule set leaves it out
        (no dummy or virtual opponent, no unplayed round, no withdrawal).
        """
        if not self.pending and not self.unentered:
            return frozenset()
        cells = {(p, r - 1) for r, w, b in self.pending if r <= self.rounds for p in (w, b)}
        cells.update((p, r - 1) for r, p in self.unentered if r <= self.rounds)
        return frozenset(cells)

    @property
    def is_round_robin(self) -> bool:
        return self.system == "round robin"

    @property
    def games_a_round(self) -> int:
        """Rounds of this tournament that make one round of the event: 1; a micro-match event read game by game has a match's games."""
        return 1

    @property
    def rounds_played(self) -> int:
        """Rounds through the last one in which at least one game was played over the board.

        Marks in later rounds (byes, absences, forfeits written ahead) are
        kept for later and change nothing now, unless such a round has an
        entry for every player (none absent): then it is a round of byes,
        complete.  A matrix without round order counts the most games any
        player has had.
        """
        if not self.has_rounds:
            return max((sum(1 for q in row if q >= 0) for row in self.opp), default=0)
        played, absent = int(Kind.PLAYED), int(Kind.ABSENT)
        last = 0
        for row in self.kind:
            for i in range(len(row) - 1, last - 1, -1):
                if row[i] == played:
                    last = i + 1
                    break
        while last < self.rounds and all(len(row) > last and row[last] != absent for row in self.kind):
            last += 1
        return last

    @property
    def rounds_scheduled(self) -> int:
        """Rounds the event is to have: XXR when stated, a round robin's n−1 (n for odd n) per cycle, else the round columns."""
        if self.scheduled is not None:
            return max(self.scheduled, self.rounds)
        if self.is_round_robin:
            n = len(self.players)
            return max(self.rounds, (n - 1 if n % 2 == 0 else n) * self.cycles)
        return self.rounds

    def cut(self, k: int) -> Tournament:
        """The event as it stood after round ``k``: rounds 1..k only (the rounds scheduled are kept)."""
        k = max(0, min(k, self.rounds))
        return Tournament(
            players=self.players,
            rounds=k,
            opp=[list(row[:k]) for row in self.opp],
            pts=[list(row[:k]) for row in self.pts],
            kind=[list(row[:k]) for row in self.kind],
            colour=[list(row[:k]) for row in self.colour],
            scoring=self.scoring,
            system=self.system,
            has_rounds=self.has_rounds,
            cycles=self.cycles,
            start_date=self.start_date,
            rules=self.rules,
            title=self.title,
            tiebreak_codes=list(self.tiebreak_codes),
            pending=[g for g in self.pending if g[0] <= k],
            unentered=[e for e in self.unentered if e[0] <= k],
            scheduled=self.rounds_scheduled,
            layout=self.layout,
            whole=self.whole or self,
        )

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
        every: tuple[list[Any], ...] = (self.opp, self.colour, self.pts, self.kind)
        for rows in every:
            if rows[player].__class__ is not list:  # a reader's row is a tuple (see read.swiss): make it a list to change it
                rows[player] = list(rows[player])
        self.opp[player][i] = -1 if opponent is None else opponent
        self.colour[player][i] = colour
        self.pts[player][i] = float(points)
        self.kind[player][i] = int(kind)
        self._points = None
        self._evaluations.clear()

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
        if self.has_rounds and all(len(row) == self.rounds for row in self.opp):
            columns = zip(zip(*self.opp), zip(*self.kind), zip(*self.pts), zip(*self.colour))
            if all(round_consistent(o, k, p, c, sc, allow_double_loss) for o, k, p, c in columns):  # type: ignore[arg-type]
                return
        outcome = {sc.loss: LOSS, sc.draw: DRAW, sc.win: WIN}
        bad = self._first_unmirrored(outcome, allow_double_loss)
        if bad is not None:
            self._pairing_error(*bad, where, outcome, allow_double_loss)

    def _first_unmirrored(self, outcome: dict[float, int], allow_double_loss: bool) -> tuple[int, int] | None:
        """(player, entry) of the first game not seen the same way from both sides, or None."""
        n = len(self.players)
        opp_all = self.opp
        for p in range(n):
            for i, q in enumerate(opp_all[p]):
                if q < 0:
                    continue
                if q == p or q >= n or i >= len(opp_all[q]) or opp_all[q][i] != p:
                    return p, i
                if q > p and not self._mirrored(p, i, q, outcome, allow_double_loss):  # q < p: checked from q's side
                    return p, i
        return None

    def _mirrored(self, p: int, i: int, q: int, outcome: dict[float, int], allow_double_loss: bool) -> bool:
        """Whether entry ``i`` of ``p`` and of his opponent ``q`` agree on the kind of game, the result and the colours."""
        k, kq = self.kind[p][i], self.kind[q][i]
        if k == Kind.PLAYED:
            if kq != Kind.PLAYED:
                return False
            op, oq = outcome.get(self.pts[p][i]), outcome.get(self.pts[q][i])
            if op is None or oq is None or not (op == -oq or allow_double_loss and op == oq == LOSS):
                return False
        elif (k == Kind.FORFEIT_WIN and kq != Kind.FORFEIT_LOSS) or (k == Kind.FORFEIT_LOSS and kq not in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)):
            return False
        c = self.colour[p][i]
        return c is None or c != self.colour[q][i]

    def _pairing_error(self, p: int, i: int, where: Callable[[int, int], Location], outcome: dict[float, int], allow_double_loss: bool) -> None:
        """Raise the precise message for the inconsistent entry ``i`` of player ``p``."""
        n = len(self.players)
        q = self.opp[p][i]
        me = self.players[p].label()
        if q == p:
            raise ConsistencyError(_("a player cannot meet himself"), where(p, i))
        if q >= n:
            raise ConsistencyError(_("opponent number out of range (1–{n})").format(n=n), where(p, i))
        them = self.players[q].label()
        back = self.opp[q][i] if i < len(self.opp[q]) else -1
        if back != p:
            if back < 0:
                raise ConsistencyError(_("{them}'s row shows no game against {me} in that round").format(them=them, me=me), where(p, i))
            raise ConsistencyError(
                _("{them}'s row shows {other} as the opponent in that round, not {me}").format(them=them, other=self.players[back].label(), me=me), where(p, i)
            )
        k, kq = self.kind[p][i], self.kind[q][i]
        if k == Kind.PLAYED and kq != Kind.PLAYED:
            raise ConsistencyError(_("the result does not mirror {them}'s (a game on one side, a forfeit on the other)").format(them=them), where(p, i))
        op, oq = outcome.get(self.pts[p][i]), outcome.get(self.pts[q][i])
        if k == Kind.PLAYED and (op is None or oq is None or not (op == -oq or allow_double_loss and op == oq == LOSS)):
            raise ConsistencyError(
                _("the result does not mirror {them}'s ({here} here, {there} there)").format(them=them, here=_num(self.pts[p][i]), there=_num(self.pts[q][i])),
                where(p, i),
            )
        if k == Kind.FORFEIT_WIN and kq != Kind.FORFEIT_LOSS:
            raise ConsistencyError(_("a forfeit win here, but {them}'s row does not show a forfeit loss").format(them=them), where(p, i))
        if k == Kind.FORFEIT_LOSS and kq not in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
            raise ConsistencyError(_("a forfeit loss here, but {them}'s row does not show a forfeit").format(them=them), where(p, i))
        message = _("both players have white against each other") if self.colour[p][i] == "w" else _("both players have black against each other")
        raise ConsistencyError(message, where(p, i))


_NOBODY = object()
"""The colour of nobody: what an unpaired entry's opponent "has" in the whole-column colour check."""
_UNPAIRED_KIND = 1000
"""Added to an unpaired entry's kind in the whole-column kind check: no pair of kinds sums to it."""


def round_consistent(
    opp: list[int], kind: list[int], pts: list[float], colour: list[str | None], sc: Scoring, allow_double_loss: bool = False, *, no_self: bool = False
) -> bool:
    """Whether every game of one round is seen the same way from both sides (fast check, no message).

    Works a column at a time with C-level maps; the slow, message-giving check
    is :meth:`Tournament.check_pairings`.  :func:`_whole_column_consistent`
    proves the common round consistent in fewer passes; what it cannot prove
    is decided by :func:`_paired_consistent`, the check over the paired entries.
    ``no_self``: the caller has made sure no entry names its own player (the reader has).
    """
    return _whole_column_consistent(opp, kind, pts, colour, sc, no_self) or _paired_consistent(opp, kind, pts, colour, sc, allow_double_loss)


def _whole_column_consistent(opp: list[int], kind: list[int], pts: list[float], colour: list[str | None], sc: Scoring, no_self: bool = False) -> bool:
    """True only when the round is consistent (False: not proven; :func:`_paired_consistent` decides).

    Every test runs over the whole column, the unpaired entries (-1) included
    through a sentinel appended to each column (``column[-1]``): the mirror is
    one list comparison, the kinds one sum per entry, the results one sum of
    the two sides' points (a symmetric scoring: a loss and a win, or two draws,
    add up to win + loss and nothing else does).
    """
    n = len(opp)
    unpaired = opp.count(-1)
    if unpaired == n:
        return True
    loss, draw, win = sc.loss, sc.draw, sc.win
    if not (loss < draw < win and draw + draw == loss + win):
        return False
    expected = list(range(n))
    for at in positions(opp, -1):
        expected[at] = -1
    try:
        back = list(map([*opp, -1].__getitem__, opp))
    except (IndexError, TypeError):  # an opponent beyond the table
        return False
    if back != expected or not no_self and any(map(eq, opp, range(n))):
        return False
    # kinds: played with played (0 + 0), forfeit win with forfeit loss (1 + 2), double forfeit (2 + 2)
    ksum = list(map(add, kind, map([*kind, _UNPAIRED_KIND].__getitem__, opp)))
    sums = {s for s in set(ksum) if s < _UNPAIRED_KIND}
    if not sums <= {0, 3, 4}:
        return False
    if 3 in sums and not all(kind[i] in (1, 2) for i in positions(ksum, 3)):
        return False
    if 4 in sums and not all(kind[i] == 2 for i in positions(ksum, 4)):
        return False
    played = list(map(not_, ksum))  # the paired entries with a game on both sides
    mine = list(compress(pts, played))
    if not set(mine) <= {loss, draw, win}:
        return False
    if mine and set(map(add, mine, map(pts.__getitem__, compress(opp, played)))) != {loss + win}:
        return False
    # both white or both black is wrong (two unknown colours are fine)
    other = list(map([*colour, _NOBODY].__getitem__, opp))
    return not (any(map(eq, colour, other)) and any(x is not None and x == y for x, y in zip(colour, other)))


def positions(values: list[Any], x: Any) -> list[int]:
    """Where ``x`` is in ``values`` (few places: found by ``list.index``, in C)."""
    out: list[int] = []
    at = -1
    for _k in range(values.count(x)):
        at = values.index(x, at + 1)
        out.append(at)
    return out


def _paired_consistent(
    opp: list[int], kind: list[int], pts: list[float], colour: list[str | None], sc: Scoring, allow_double_loss: bool = False
) -> bool:
    """:func:`round_consistent` over the paired entries (any scoring, double losses allowed or not)."""
    n = len(opp)
    idx = list(compress(range(n), map(ge, opp, repeat(0))))
    if not idx:
        return True
    js = list(map(opp.__getitem__, idx))
    if max(js) >= n or any(map(eq, js, idx)) or list(map(opp.__getitem__, js)) != idx:
        return False  # someone named an opponent who does not name him back, or himself
    # kinds: played with played (0 + 0), forfeit win with forfeit loss (1 + 2), double forfeit (2 + 2)
    sums = set(map(add, map(kind.__getitem__, idx), map(kind.__getitem__, js)))
    if not sums <= {0, 3, 4}:
        return False
    if 4 in sums and not all(kind[i] == kind[j] == 2 for i, j in zip(idx, js) if kind[i] + kind[j] == 4):
        return False  # pragma: no cover - 4 only comes from two forfeit losses
    played = list(compress(idx, map(not_, map(kind.__getitem__, idx))))
    if played:
        outcome = {sc.loss: LOSS, sc.draw: DRAW, sc.win: WIN}
        got = list(map(outcome.get, map(pts.__getitem__, played)))
        back = list(map(outcome.get, map(pts.__getitem__, map(opp.__getitem__, played))))
        if None in got or None in back:
            return False
        a = cast("list[int]", got)
        b = cast("list[int]", back)
        if any(map(add, a, b)) and (not allow_double_loss or any(x + y and not (x == y == LOSS) for x, y in zip(a, b))):
            return False
    cs = list(map(colour.__getitem__, idx))
    other = list(map(colour.__getitem__, js))
    # both white or both black is wrong (two unknown colours are fine)
    return not (any(map(eq, cs, other)) and any(x is not None and x == y for x, y in zip(cs, other)))
