"""Where an unfinished event stands: rounds complete, rounds scheduled, and the games still to be played.

A round counts as played when at least one game in it was played (or
forfeited); a game paired but without its result (``Tournament.pending``)
counts for nothing yet.  A round is *complete* when it is played and holds
no pending game.

>>> from tiebreak.core.model import Tournament
>>> t = Tournament.from_games(["Ann", "Bob", "Cid", "Dan"], [(1, "Ann", "Bob", 1, 0), (1, "Cid", "Dan", 0.5, 0.5)], system="round robin")
>>> p = progress(t)
>>> p.after_round, p.rounds, p.remaining
(1, 3, [(0, 2), (0, 3), (1, 2), (1, 3)])
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tiebreak.core.errors import SettingsError
from tiebreak.core.i18n import _
from tiebreak.core.model import Kind, Tournament
from tiebreak.core.record import FrozenRecord

if TYPE_CHECKING:
    from tiebreak.core.outlook import Outlook

_DECIDED = (int(Kind.FORFEIT_WIN), int(Kind.FORFEIT_LOSS))
"""A pairing whose result is known without a game: a forfeit written ahead is a result to come, never a game left."""

__all__ = ["Progress", "after_round_text", "at_round", "event_outlook", "pending_note", "progress", "settle"]


class Progress(FrozenRecord):
    """Where an event stands."""

    after_round: int
    """Rounds complete: played, with every result in."""
    rounds: int
    """Rounds scheduled (XXR, a round robin's n−1 or n per cycle, or the round columns)."""
    played: int
    """Rounds played: through the last round with a game in it (a round being entered included)."""
    remaining: list[tuple[int, int]]
    """Games still to come as pairs of player indices (lower index first).

    A round robin: every pair that has not yet met as many times as scheduled
    (a pair may repeat in a double round robin).  A Swiss: the pending
    pairings of the round being entered (later rounds are not paired yet);
    counted after an earlier round (``--after-round K``) with none pending,
    the games of round K+1 as they were paired.
    """
    pending: list[tuple[int, int, int]]
    """The pending games of the event: ``(round, white, black)``."""

    _fields = ("after_round", "rounds", "played", "remaining", "pending")

    def __init__(
        self,
        after_round: int,
        rounds: int,
        played: int,
        remaining: list[tuple[int, int]] | None = None,
        pending: list[tuple[int, int, int]] | None = None,
    ) -> None:
        object.__setattr__(self, "after_round", after_round)
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "played", played)
        object.__setattr__(self, "remaining", [] if remaining is None else remaining)
        object.__setattr__(self, "pending", [] if pending is None else pending)

    @property
    def finished(self) -> bool:
        """Every scheduled round complete."""
        return self.after_round >= self.rounds and not self.remaining


def progress(t: Tournament) -> Progress:
    """Rounds complete, rounds scheduled and the games still to be played in ``t``.

    The rounds are the event's: a micro-match event read game by game
    (``t.games_a_round`` games a match) counts its matches, a match complete
    when all its games are in.
    """
    p = _progress(t)
    n = t.games_a_round
    if n == 1:
        return p
    return Progress(after_round=p.after_round // n, rounds=p.rounds // n, played=-(-p.played // n), remaining=p.remaining, pending=p.pending)


def _progress(t: Tournament) -> Progress:
    """:func:`progress` in the rounds of ``t`` (a micro-match event's games, when read game by game)."""
    played = t.rounds_played
    pending_rounds = {r for r, _w, _b in t.pending} | {r for r, _p in t.unentered}
    if t.has_rounds:
        played = max([played, *pending_rounds])
    after = played
    while after > 0 and after in pending_rounds:
        after -= 1
    if not t.has_rounds and t.pending:
        after = min(after, played - 1) if played else 0
    if t.after is not None:
        after = played = t.after
    remaining: list[tuple[int, int]]
    if t.is_round_robin:
        n, cycles = len(t.players), t.cycles
        remaining = []
        for p, row in enumerate(t.opp):  # each pair from its lower index's row: the games it has had against each opponent
            met = Counter(row)
            remaining += [(p, q) for q in range(p + 1, n) if met.get(q, 0) < cycles for _ in range(cycles - met.get(q, 0))]
        if not remaining and t.after is None:  # every game played: all rounds are (an odd matrix holds n−1 games a player for n rounds)
            after = played = max(after, t.rounds_scheduled)
        elif remaining and not t.has_rounds and t.after is None:
            after = min(after, _matrix_rounds_complete(t))
    else:
        remaining = sorted((min(w, b), max(w, b)) for _r, w, b in t.pending) or _paired_next(t)
    return Progress(after_round=after, rounds=t.rounds_scheduled, played=played, remaining=remaining, pending=list(t.pending))


def _matrix_rounds_complete(t: Tournament) -> int:
    """The rounds a round-robin matrix with games left has surely completed, which it does not record.

    After K complete rounds every player has had K games, or K−1 when the
    number of players is odd (one rests each round); so K is the fewest games
    any player has had (one more for an odd number, never more than the most),
    and less than the rounds scheduled while games are left.
    """
    games = [sum(1 for q in row if q >= 0) for row in t.opp]
    fewest = min(games, default=0) + len(games) % 2
    return max(0, min(fewest, max(games, default=0), t.rounds_scheduled - 1))


def _paired_next(t: Tournament) -> list[tuple[int, int]]:
    """The games of round ``t.after + 1`` of the event as read, when ``t`` is it counted after an earlier round: as they were paired then."""
    whole = t.whole
    if t.after is None or whole is None or t.after >= whole.rounds:
        return []
    i = t.after
    games = {(p, q) for p, row in enumerate(whole.opp) if i < len(row) and (q := row[i]) > p and whole.kind[p][i] not in _DECIDED}
    games.update((min(w, b), max(w, b)) for r, w, b in whole.pending if r == i + 1)
    return sorted(games)


def settle(t: Tournament) -> Tournament:
    """The event as it stands: cut after its last complete round when later rounds hold only marks written ahead or a round being entered.

    ``t`` itself when nothing is to be cut (a matrix, a finished event); the
    cut event keeps ``t`` as ``whole`` and its pending games for the note.
    """
    if not t.has_rounds:
        return t
    p = _progress(t)
    after = p.after_round - p.after_round % t.games_a_round  # whole matches only
    if after >= t.rounds or after < 1:
        return t
    cut = t.cut(after)
    cut.pending = list(t.pending)
    cut.unentered = list(t.unentered)
    return cut


def at_round(t: Tournament, k: int) -> Tournament:
    """The event after round ``k``: rounds 1..k of the event as read, as if the later columns were empty.

    The entered games of a round being entered count; its pending games are
    simply not there yet.  A round-robin matrix, which does not say when a
    game was played, is refused.
    """
    if not t.has_rounds:
        raise SettingsError(_("after round {k}: a round-robin matrix does not say in which round a game was played; give the event with round numbers or as TRF").format(k=k))
    whole = t.whole or t
    n = whole.games_a_round  # a micro-match event read game by game: round k is its k-th match
    if not 1 <= k <= whole.rounds // n:
        raise SettingsError(_("after round {k}: the table has rounds 1–{rounds}").format(k=k, rounds=whole.rounds // n))
    cut = whole.cut(k * n)
    cut.after = k * n
    return cut


def pending_note(t: Tournament) -> str | None:
    """The note listing the results still missing in the round being entered, or None."""
    p = _progress(t)
    n = t.games_a_round  # a micro-match event read game by game: the first game of the match being entered
    rnd = p.after_round - p.after_round % n + 1
    games = [(w, b) for r, w, b in t.pending if r == rnd]
    empty = [q for r, q in t.unentered if r == rnd]
    if not games and not empty:
        return None
    names = [f"{t.players[w].label()} – {t.players[b].label()}" for w, b in games]
    names += [t.players[q].label() for q in empty]
    played = sum(1 for row in (t.whole or t).opp if rnd - 1 < len(row) and row[rnd - 1] >= 0) // 2
    missing = len(games) + (len(empty) + 1) // 2
    return _("round {round}: {missing} of {boards} results missing: {games}").format(
        round=(rnd - 1) // n + 1, missing=missing, boards=missing + played, games=", ".join(names)
    )


def after_round_text(p: Progress) -> str:
    """Where the event stands, for a line of output: "after round 5 of 9"."""
    return _("after round {k} of {n}").format(k=p.after_round, n=p.rounds)


def event_outlook(t: Tournament) -> tuple[Progress, Outlook]:
    """Where ``t`` stands and who can still win it: the outlook over the games still to be played (:mod:`tiebreak.core.outlook`).

    Points now are the points on the board (each game and bye as entered),
    the games already entered in the round being entered included: the
    remaining games are that round's pending ones, so its entered results are
    points a player already has.  A pending game counts for nothing until its
    result is in.  Counted after an earlier round (``--after-round K``), the
    points are those after round K with round K+1's byes and forfeits written
    ahead (points to come, as :func:`tiebreak.core.outlook.outlook` takes
    them), and round K+1's games are the ones left.
    """
    # who can still win: not needed to rank, so not loaded with this module
    from dataclasses import replace

    from tiebreak.core.outlook import outlook

    where = progress(t)
    now = t
    if t.after is None and t.whole is not None and where.played > where.after_round:
        now = t.whole.cut(where.played)
    points = list(now.points)
    whole = t.whole
    if t.after is not None and whole is not None and t.after < whole.rounds:  # round K+1's byes and forfeits are points to come (a game is one left)
        i = t.after
        for p, row in enumerate(whole.opp):
            if i < len(row) and (row[i] < 0 or whole.kind[p][i] in _DECIDED):
                points[p] += whole.pts[p][i]
    found = outlook(points, where.remaining, t.scoring)
    if points != now.points:  # the points shown are the points now; the byes to come count in the least and the most
        found = replace(found, players=tuple(replace(o, points=p) for o, p in zip(found.players, now.points)))
    return where, found
