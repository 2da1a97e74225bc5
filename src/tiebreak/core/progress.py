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
from dataclasses import dataclass, field

from tiebreak.core.model import Tournament

__all__ = ["Progress", "progress"]


@dataclass(frozen=True)
class Progress:
    """Where an event stands."""

    after_round: int
    """Rounds complete: played, with every result in."""
    rounds: int
    """Rounds scheduled (XXR, a round robin's n−1 or n per cycle, or the round columns)."""
    played: int
    """Rounds played: through the last round with a game in it (a round being entered included)."""
    remaining: list[tuple[int, int]] = field(default_factory=list)
    """Games still to come as pairs of player indices (lower index first).

    A round robin: every pair that has not yet met as many times as scheduled
    (a pair may repeat in a double round robin).  A Swiss: the pending
    pairings of the round being entered (later rounds are not paired yet).
    """
    pending: list[tuple[int, int, int]] = field(default_factory=list)
    """The pending games of the event: ``(round, white, black)``."""

    @property
    def finished(self) -> bool:
        """Every scheduled round complete."""
        return self.after_round >= self.rounds and not self.remaining


def progress(t: Tournament) -> Progress:
    """Rounds complete, rounds scheduled and the games still to be played in ``t``."""
    played = t.rounds_played
    pending_rounds = {r for r, _w, _b in t.pending}
    if t.has_rounds:
        played = max([played, *pending_rounds])
    after = played
    while after > 0 and after in pending_rounds:
        after -= 1
    if not t.has_rounds and t.pending:
        after = min(after, played - 1) if played else 0
    remaining: list[tuple[int, int]]
    if t.is_round_robin:
        met: Counter[tuple[int, int]] = Counter()
        for p, row in enumerate(t.opp):
            for q in row:
                if q > p:
                    met[p, q] += 1
        n = len(t.players)
        remaining = [(p, q) for p in range(n) for q in range(p + 1, n) for _ in range(max(0, t.cycles - met[p, q]))]
    else:
        remaining = sorted((min(w, b), max(w, b)) for _r, w, b in t.pending)
    return Progress(after_round=after, rounds=t.rounds_scheduled, played=played, remaining=remaining, pending=list(t.pending))
