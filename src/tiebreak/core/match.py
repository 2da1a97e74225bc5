"""Match events: team competitions and draughts micro-matches, one model for both.

A :class:`MatchEvent` is an event of *sides* (teams, or players in a draughts
micro-match) whose rounds are *matches*: two sides meet and play a number of
games (the boards of a team match, the two games of a micro-match).  Each
match gives every side its game points (the sum over its games) and its match
points (a won, drawn or lost match, 2/1/0 by default).  The regulations name
the primary score (match points for teams, game points for micro-matches by
default); the other one is the secondary score.

An unplayed match is a :class:`~tiebreak.core.model.Kind` as for one game: a
match won or lost by forfeit (``+F``, ``-F``), a pairing-allocated bye
(``PAB``), a half- or zero-point bye (``HPB``, ``ZPB``), a full-point bye, an
absence.  Its match and game points are set by :class:`MatchScoring`
(C.07 Art. 16 and its 2026 revision then say how such a round enters the
tie-breaks: :mod:`tiebreak.core.rules` does that, on the side's score).

The tie-breaks read an event on one score as a
:class:`~tiebreak.core.model.Tournament` (:meth:`MatchEvent.on`): one entry per side
and round whose points are the match's match points or game points, its
scoring the win/draw/loss of a match on that score.  So every individual
tie-break applies to either score (FIDE's checker writes ``BH:MP``,
``SB:GP``); the team tie-breaks (:mod:`tiebreak.core.match_codes`) read the
games too, through :attr:`MatchTournament.event`.

>>> e = MatchEvent.build(["Ajax", "Bols", "Cito"], boards=2, matches=[
...     (1, "Ajax", "Bols", (1.0, 0.5), (0.0, 0.5)),
...     (2, "Bols", "Cito", (1.0, 1.0), (0.0, 0.0)),
...     (3, "Cito", "Ajax", (0.5, 0.5), (0.5, 0.5)),
... ], byes=[(1, "Cito", Kind.PAIRING_BYE), (2, "Ajax", Kind.PAIRING_BYE), (3, "Bols", Kind.PAIRING_BYE)])
>>> e.match_points, e.game_points
([5.0, 4.0, 3.0], [4.5, 4.5, 3.0])
>>> e.on("GP").points
[4.5, 4.5, 3.0]
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Sequence

from tiebreak.core.errors import SettingsError
from tiebreak.core.i18n import _
from tiebreak.core.model import CHESS, Kind, Player, Scoring, Tournament
from tiebreak.core.record import FrozenRecord, Record

__all__ = ["EVENTS", "MATCH", "TEAM_DEFAULT", "MatchEntry", "MatchEvent", "MatchScoring", "MatchSettings", "MatchTournament", "Side", "default_codes", "event_name", "match_json", "score_name", "scoring_argument"]

MATCH = Scoring(2.0, 1.0, 0.0)
"""Match points by default: 2 for a won match, 1 for a drawn one, 0 for a lost one."""

SCORES = ("MP", "GP")


def score_name(text: str) -> str:
    """``"MP"`` or ``"GP"`` for the ways people write them (mp, match, match points, мо, очки матчей; gp, game, ...)."""
    key = " ".join(str(text).strip().casefold().replace("ё", "е").split())
    if key in ("mp", "match", "matches", "match points", "мо", "ко", "командные очки", "очки матчей", "матчевые очки"):
        return "MP"
    if key in ("gp", "game", "games", "game points", "board points", "ио", "очки", "очки партий", "личные очки", "игровые очки"):
        return "GP"
    raise SettingsError(_("score '{text}': write MP (match points) or GP (game points)").format(text=text))


EVENTS = ("individual", "team", "micro")
_EVENT_WORDS = {
    "individual": ("individual", "games", "single games", "личный", "индивидуальный", "партии"),
    "team": ("team", "teams", "командный", "команды", "командный турнир"),
    "micro": ("micro", "micro-match", "micro-matches", "micromatch", "микроматч", "микроматчи", "микро-матчи"),
}


def event_name(text: str) -> str:
    """``"individual"``, ``"team"`` or ``"micro"`` for the ways people write the kind of event (Команды, микроматчи ...)."""
    key = " ".join(str(text).strip().casefold().replace("ё", "е").split())
    for name, words in _EVENT_WORDS.items():
        if key in words:
            return name
    raise SettingsError(_("event '{text}': write individual, team or micro").format(text=text))


class MatchSettings(FrozenRecord):
    """What the user says of a match event (the settings sheet, the command line); None: read from the table, or the default.

    ``event``: individual (a table of single games even with MP and GP
    columns), team or micro (a match table even without them); ``match``: the
    match points of a won, drawn, lost match (2/1/0 by default); ``primary``:
    the score that ranks (match points for teams, game points for
    micro-matches by default).

    >>> MatchSettings.parse("Команды", "3/1/0", "gp")
    MatchSettings(event='team', match=Scoring(win=3.0, draw=1.0, loss=0.0), primary='GP')
    """

    event: str | None = None
    match: Scoring | None = None
    primary: str | None = None

    _fields = ("event", "match", "primary")

    def __init__(self, event: str | None = None, match: Scoring | None = None, primary: str | None = None) -> None:
        object.__setattr__(self, "event", event)
        object.__setattr__(self, "match", match)
        object.__setattr__(self, "primary", primary)

    @classmethod
    def parse(cls, event: str | None = None, match: str | None = None, primary: str | None = None) -> MatchSettings:
        """From the texts (empty or ``auto``: not said)."""

        def said(text: str | None) -> str | None:
            t = (text or "").strip()
            return None if t.casefold() in ("", "auto", "авто") else t

        e, m, p = said(event), said(match), said(primary)
        try:
            scoring = Scoring.parse(m) if m is not None else None
        except SettingsError as err:
            raise SettingsError(_("match scoring: {error}").format(error=err)) from None
        return cls(event_name(e) if e is not None else None, scoring, score_name(p) if p is not None else None)

    @property
    def matches(self) -> bool:
        """Whether the table is to be read as a match event whatever its header (team or micro)."""
        return self.event in ("team", "micro")


_PRIMARY_TOKENS = {"mp": "MP", "gp": "GP", "мо": "MP", "ко": "MP", "ио": "GP", "оп": "GP"}


def scoring_argument(text: str) -> tuple[Scoring | None, MatchSettings | None]:
    """A worksheet function's scoring argument: a game's win/draw/loss, or the kind of a match event.

    The functions have no settings sheet, so their scoring argument also says
    what the settings rows ``Event``, ``Match scoring`` and ``Primary score``
    say: the kind of event first (``team``, ``micro``, ``individual``, or in
    Russian), then, in any order, the match points of a won, drawn, lost match
    and the primary score (``MP`` or ``GP``).  Anything else is the scoring of
    a game, as before.

    >>> scoring_argument("3/1/0")
    (Scoring(win=3.0, draw=1.0, loss=0.0), None)
    >>> scoring_argument("Команды 3/1/0 ИО")
    (None, MatchSettings(event='team', match=Scoring(win=3.0, draw=1.0, loss=0.0), primary='GP'))
    >>> scoring_argument("micro")
    (None, MatchSettings(event='micro', match=None, primary=None))
    """
    words = " ".join(str(text).strip().casefold().replace("ё", "е").split()).split(" ")
    event = next((n for n in (3, 2, 1) if n <= len(words) and _is_event_word(" ".join(words[:n]))), 0)
    if not event:
        try:
            return Scoring.parse(text), None
        except SettingsError:
            raise SettingsError(
                _("'{text}' is neither a scoring of a game (win/draw/loss, e.g. 2/1/0) nor a match event (team or micro, e.g. \"team 3/1/0\")").format(text=text)
            ) from None
    rest = words[event:]
    primary = [_PRIMARY_TOKENS[w] for w in rest if w in _PRIMARY_TOKENS]
    match = " ".join(w for w in rest if w not in _PRIMARY_TOKENS)
    if len(primary) > 1:
        raise SettingsError(_("'{text}': give one primary score, MP or GP").format(text=text))
    return None, MatchSettings.parse(" ".join(words[:event]), match or None, primary[0] if primary else None)


def _is_event_word(key: str) -> bool:
    return any(key in words for words in _EVENT_WORDS.values())


class MatchScoring(FrozenRecord):
    """Points of a match and of its games, and what the unplayed matches give.

    ``pab`` and ``hpb`` / ``fpb`` are (match points, game points); None means
    the default: a pairing-allocated bye and a full-point bye as a won match with
    every game won, a half-point bye as a drawn match with every game drawn.
    """

    match: Scoring = MATCH
    game: Scoring = CHESS
    pab: tuple[float, float] | None = None
    hpb: tuple[float, float] | None = None
    fpb: tuple[float, float] | None = None

    _fields = ("match", "game", "pab", "hpb", "fpb")

    def __init__(
        self,
        match: Scoring = MATCH,
        game: Scoring = CHESS,
        pab: tuple[float, float] | None = None,
        hpb: tuple[float, float] | None = None,
        fpb: tuple[float, float] | None = None,
    ) -> None:
        object.__setattr__(self, "match", match)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "pab", pab)
        object.__setattr__(self, "hpb", hpb)
        object.__setattr__(self, "fpb", fpb)

    def unplayed(self, kind: Kind, boards: int) -> tuple[float, float]:
        """(match points, game points) of an unplayed match of ``kind``."""
        won = (self.match.win, boards * self.game.win)
        if kind is Kind.PAIRING_BYE:
            return self.pab or won
        if kind is Kind.FULL_BYE:
            return self.fpb or won
        if kind is Kind.HALF_BYE:
            return self.hpb or (self.match.draw, boards * self.game.draw)
        if kind is Kind.FORFEIT_WIN:
            return won
        return (self.match.loss, boards * self.game.loss)

    def result(self, own: float, other: float) -> float:
        """Match points of a match played with these game points."""
        return self.match.win if own > other else self.match.draw if own == other else self.match.loss


class Side(Record):
    """A team (its players in board order) or a micro-match player."""

    number: int
    name: str
    members: list[str]
    rating: float | None = None
    row: int | None = None
    stated_match_points: float | None = None
    stated_game_points: float | None = None

    _fields = ("number", "name", "members", "rating", "row", "stated_match_points", "stated_game_points")

    def __init__(
        self,
        number: int,
        name: str,
        members: list[str] | None = None,
        rating: float | None = None,
        row: int | None = None,
        stated_match_points: float | None = None,
        stated_game_points: float | None = None,
    ) -> None:
        self.number = number
        self.name = name
        self.members = [] if members is None else members
        self.rating = rating
        self.row = row
        self.stated_match_points = stated_match_points
        self.stated_game_points = stated_game_points


class MatchEntry(FrozenRecord):
    """One side's round: opponent index (or None), colour on the first board, kind, game points per board.

    ``boards`` holds the side's points on each board (game) in board order;
    for an unplayed match it is empty and ``game_points`` / ``match_points``
    come from the scoring.
    """

    round: int
    opponent: int | None
    colour: str | None
    kind: Kind
    match_points: float
    game_points: float
    boards: tuple[float | None, ...] = ()
    """Points per board; None for a board without a game in a played match (nobody there)."""
    forfeited: tuple[int, ...] = ()
    """Boards (0-based) of a played match whose game was won or lost by forfeit, not over the board (TRF's ``+``, ``-``)."""

    _fields = ("round", "opponent", "colour", "kind", "match_points", "game_points", "boards", "forfeited")

    def __init__(
        self,
        round: int,
        opponent: int | None,
        colour: str | None,
        kind: Kind,
        match_points: float,
        game_points: float,
        boards: tuple[float | None, ...] = (),
        forfeited: tuple[int, ...] = (),
    ) -> None:
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "opponent", opponent)
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "match_points", match_points)
        object.__setattr__(self, "game_points", game_points)
        object.__setattr__(self, "boards", boards)
        object.__setattr__(self, "forfeited", forfeited)


class MatchEvent(Record):
    """A whole match event (see the module text)."""

    sides: list[Side]
    rounds: int
    boards: int
    entries: list[list[MatchEntry | None]]
    """Per side, per round (None: absent)."""
    scoring: MatchScoring
    event: str = "team"
    """``"team"`` or ``"micro"`` (a draughts micro-match)."""
    primary: str = "MP"
    system: str = "swiss"
    start_date: _dt.date | None = None
    rules: str | None = None
    title: str = ""
    tiebreak_codes: list[str]
    has_rounds: bool = True
    """False for a round-robin matrix: its columns are the opponents, not rounds."""
    unentered: list[tuple[int, int]]
    """``(round, side)`` of empty cells in a round still being entered: no evidence of anything (as for single games)."""
    layout: object | None = None
    """Where the reader found the parts of the table (``reading.TableLayout``), for Rank's columns and the notes."""
    _views: dict[str, MatchTournament]
    scheduled: int | None = None
    """Rounds scheduled when the source says more than it holds (round columns headed but still empty, TRF XXR), else None."""

    _fields = (
        "sides", "rounds", "boards", "entries", "scoring", "event", "primary", "system", "start_date", "rules", "title",
        "tiebreak_codes", "has_rounds", "unentered", "layout", "_views", "scheduled",
    )
    _shown = (
        "sides", "rounds", "boards", "entries", "scoring", "event", "primary", "system", "start_date", "rules", "title",
        "tiebreak_codes", "has_rounds", "unentered", "scheduled",
    )
    _compared = _shown

    def __init__(
        self,
        sides: list[Side],
        rounds: int,
        boards: int,
        entries: list[list[MatchEntry | None]],
        scoring: MatchScoring | None = None,
        event: str = "team",
        primary: str = "MP",
        system: str = "swiss",
        start_date: _dt.date | None = None,
        rules: str | None = None,
        title: str = "",
        tiebreak_codes: list[str] | None = None,
        has_rounds: bool = True,
        unentered: list[tuple[int, int]] | None = None,
        layout: object | None = None,
        _views: dict[str, MatchTournament] | None = None,
        scheduled: int | None = None,
    ) -> None:
        self.sides = sides
        self.rounds = rounds
        self.boards = boards
        self.entries = entries
        self.scoring = MatchScoring() if scoring is None else scoring
        self.event = event
        self.primary = primary
        self.system = system
        self.start_date = start_date
        self.rules = rules
        self.title = title
        self.tiebreak_codes = [] if tiebreak_codes is None else tiebreak_codes
        self.has_rounds = has_rounds
        self.unentered = [] if unentered is None else unentered
        self.layout = layout
        self._views = {} if _views is None else _views
        self.scheduled = scheduled
        self.__post_init__()

    def __post_init__(self) -> None:
        self.primary = score_name(self.primary)

    @property
    def secondary(self) -> str:
        return "GP" if self.primary == "MP" else "MP"

    @property
    def match_points(self) -> list[float]:
        return [sum(e.match_points for e in row if e is not None) for row in self.entries]

    @property
    def game_points(self) -> list[float]:
        return [sum(e.game_points for e in row if e is not None) for row in self.entries]

    def score(self, name: str) -> list[float]:
        return self.match_points if score_name(name) == "MP" else self.game_points

    def board_points(self, side: int) -> list[float]:
        """The side's points on each board, board 1 first, over the whole event (FIDE's board points).

        A match not played over the board counts on every board as its game
        points say per board: a won match by forfeit a win on each, a half-point
        bye a draw on each, a pairing-allocated bye a win on each (as FIDE's checker
        counts it).
        """
        out = [0.0] * self.boards
        g = self.scoring.game
        for e in self.entries[side]:
            if e is None:
                continue
            if e.kind is Kind.PLAYED:
                for b, v in enumerate(e.boards[: self.boards]):
                    out[b] += v or 0.0
                continue
            each = g.win if e.kind in (Kind.PAIRING_BYE, Kind.FORFEIT_WIN, Kind.FULL_BYE) else g.draw if e.kind is Kind.HALF_BYE else g.loss
            for b in range(self.boards):
                out[b] += each
        return out

    # ------------------------------------------------------------ views
    def on(self, name: str) -> MatchTournament:
        """The event on one score (``"MP"`` or ``"GP"``) as a tournament of sides (see the module text)."""
        key = score_name(name)
        if key not in self._views:
            self._views[key] = self._view(key)
        return self._views[key]

    def tournament(self) -> MatchTournament:
        """What the ranking ranks: the event on its primary score; a micro-match event game by game (:meth:`games`)."""
        return self.games() if self.event == "micro" and self.primary == "GP" else self.on(self.primary)

    def games(self, pab_won: bool = False) -> MatchTournament:
        """The event game by game: each match's games as rounds of their own (round r's games are rounds 2r-1, 2r of two).

        The coefficients of the Russian rules count a micro-match game by game
        this way: an opponent's score is his game points, each game won, drawn or
        lost on its own.  An unplayed match is that many unplayed games; a board
        forfeited inside a played match a game won or lost by forfeit.
        ``pab_won``: a pairing-allocated bye's games each won, whatever game
        points it gives (as FIDE's checker counts wins and standard points).
        """
        key = "games, PAB won" if pab_won else "games"
        if key in self._views:
            return self._views[key]
        b, g = self.boards, self.scoring.game
        players = [Player(s.number, s.name, s.rating, s.row, s.stated_game_points) for s in self.sides]
        t = _new(players, self.rounds * b, g, self.system)
        t.event, t.score_name = self, "games"
        t.layout = self.layout
        t.cycles = b  # two players meet in as many games as a match has
        t.has_rounds = self.has_rounds
        t.start_date, t.rules, t.title, t.tiebreak_codes = self.start_date, self.rules, self.title, list(self.tiebreak_codes)
        t.unentered = [(b * (r - 1) + k + 1, p) for r, p in self.unentered if r <= self.rounds for k in range(b)]
        t.scheduled = None if self.scheduled is None else self.scheduled * b
        for p, row in enumerate(self.entries):
            for r, e in enumerate(row):
                if e is None:
                    continue
                for k in range(b):
                    colour = None if e.colour is None else e.colour if k % 2 == 0 else ("b" if e.colour == "w" else "w")
                    kind = e.kind
                    if e.kind is Kind.PLAYED:
                        pts = e.boards[k] if k < len(e.boards) and e.boards[k] is not None else e.game_points / b
                        if k in e.forfeited:
                            kind = Kind.FORFEIT_WIN if pts == g.win else Kind.FORFEIT_LOSS
                    else:
                        pts = g.win if pab_won and e.kind is Kind.PAIRING_BYE else e.game_points / b
                    t.set_entry(p, b * r + k + 1, e.opponent, colour, pts or 0.0, kind)
        self._views[key] = t
        return t

    def _view(self, key: str) -> MatchTournament:
        g = self.scoring.game
        scoring = self.scoring.match if key == "MP" else Scoring(self.boards * g.win, self.boards * g.draw, self.boards * g.loss)
        players = [Player(s.number, s.name, s.rating, s.row, s.stated_match_points if key == "MP" else s.stated_game_points) for s in self.sides]
        t = _new(players, self.rounds, scoring, self.system)
        t.event = self
        t.score_name = key
        t.start_date, t.rules, t.title, t.tiebreak_codes = self.start_date, self.rules, self.title, list(self.tiebreak_codes)
        t.has_rounds = self.has_rounds
        t.unentered = [u for u in self.unentered if u[0] <= self.rounds]
        t.scheduled = self.scheduled
        t.layout = self.layout
        for p, row in enumerate(self.entries):
            for r, e in enumerate(row):
                if e is not None:
                    t.set_entry(p, r + 1, e.opponent, e.colour, e.match_points if key == "MP" else e.game_points, e.kind)
        return t

    # ------------------------------------------------------------ construction
    @classmethod
    def build(
        cls,
        names: Sequence[str],
        *,
        boards: int,
        matches: Iterable[tuple[int, str, str, Sequence[float | None], Sequence[float | None]]],
        byes: Iterable[tuple[int, str, Kind]] = (),
        forfeits: Iterable[tuple[int, str, str]] = (),
        scoring: MatchScoring | None = None,
        rounds: int | None = None,
        **kw: object,
    ) -> MatchEvent:
        """An event from ``(round, first side, second side, first's board points, second's board points)``.

        ``byes`` are ``(round, side, kind)``; ``forfeits`` ``(round, winner, loser)``
        (a match won by forfeit).  The first side has white on board 1.
        """
        sc = scoring or MatchScoring()
        index = {n: i for i, n in enumerate(names)}
        matches, byes, forfeits = list(matches), list(byes), list(forfeits)
        n_rounds = rounds or max([m[0] for m in matches] + [b[0] for b in byes] + [f[0] for f in forfeits] + [0])
        entries: list[list[MatchEntry | None]] = [[None] * n_rounds for _ in names]
        for rnd, a, b, pa, pb in matches:
            i, j = index[a], index[b]
            ga, gb = sum(v or 0.0 for v in pa), sum(v or 0.0 for v in pb)
            entries[i][rnd - 1] = MatchEntry(rnd, j, "w", Kind.PLAYED, sc.result(ga, gb), ga, tuple(pa))
            entries[j][rnd - 1] = MatchEntry(rnd, i, "b", Kind.PLAYED, sc.result(gb, ga), gb, tuple(pb))
        for rnd, w, lo in forfeits:
            i, j = index[w], index[lo]
            entries[i][rnd - 1] = MatchEntry(rnd, j, None, Kind.FORFEIT_WIN, *sc.unplayed(Kind.FORFEIT_WIN, boards))
            entries[j][rnd - 1] = MatchEntry(rnd, i, None, Kind.FORFEIT_LOSS, *sc.unplayed(Kind.FORFEIT_LOSS, boards))
        for rnd, name, kind in byes:
            entries[index[name]][rnd - 1] = MatchEntry(rnd, None, None, kind, *sc.unplayed(kind, boards))
        sides = [Side(i + 1, n) for i, n in enumerate(names)]
        return cls(sides, n_rounds, boards, entries, sc, **kw)  # type: ignore[arg-type]


def _new(players: list[Player], rounds: int, scoring: Scoring, system: str) -> MatchTournament:
    t = MatchTournament.empty(players, rounds, scoring=scoring, system=system)
    assert isinstance(t, MatchTournament)
    return t


class MatchTournament(Tournament):
    """A match event on one score (:meth:`MatchEvent.on`): a tournament of sides that knows its event."""

    event: MatchEvent
    score_name: str = "MP"

    @property
    def games_a_round(self) -> int:
        """A match's games when the event is read game by game (a round of the event is a match); else 1."""
        return self.event.boards if self.score_name == "games" else 1

    def cut(self, k: int) -> Tournament:
        """As :meth:`Tournament.cut`, the event cut after round ``k`` too."""
        e = self.event
        k = max(0, min(k, self.rounds))
        if self.score_name == "games":  # game by game: whole matches only
            k //= e.boards
        cut = MatchEvent(
            e.sides, k, e.boards, [list(row[:k]) for row in e.entries], e.scoring, e.event, e.primary, e.system,
            e.start_date, e.rules, e.title, list(e.tiebreak_codes), e.has_rounds, [u for u in e.unentered if u[0] <= k], e.layout,
            scheduled=e.scheduled or e.rounds,
        )
        t = cut.games() if self.score_name == "games" else cut.on(self.score_name)
        t.scheduled = self.rounds_scheduled
        t.whole = self.whole or self
        return t


TEAM_DEFAULT = ("MPvGP", "h2h", "WIN", "TBR")
"""The club criteria for teams when none are given: total game points, the match between the tied teams, matches won, the higher boards."""


def default_codes(t: Tournament) -> list[str] | None:
    """The criteria a match event is ranked by when none are given; None for anything else (and micro-matches: the Russian default).

    TBR needs each board's result; a table that gives only the match's game points goes without it.
    """
    if not isinstance(t, MatchTournament) or t.event.event != "team":
        return None
    e = t.event
    boards_known = all(
        m.kind is not Kind.PLAYED or (len(m.boards) >= e.boards and None not in m.boards[: e.boards]) for row in e.entries for m in row if m is not None
    )
    return [c for c in TEAM_DEFAULT if c != "TBR" or boards_known]


def match_json(t: Tournament) -> dict[str, object]:
    """What JSON says of a match event beside the standings: the kind of event, the scores, the boards (empty for anything else)."""
    if not isinstance(t, MatchTournament):
        return {}
    e = t.event
    return {"event": e.event, "primary": e.primary, "secondary": e.secondary, "boards": e.boards, "match_scoring": e.scoring.match.label, "game_scoring": e.scoring.game.label}
