"""Rule sets: how unplayed games enter the tie-breaks.

Every tie-break is computed from an :class:`~tiebreak.core.counting.Evaluation`,
which a rule set builds from a :class:`~tiebreak.core.model.Tournament`.  The
treatment of forfeits, byes, requested byes and withdrawals lives here and
nowhere else: the evaluation records, per player and round, what was counted
and why (see :mod:`tiebreak.core.counting`).

Rule sets: ``ru`` (default), ``fide-2024``, ``fide-2026``, ``fide-2009``,
``plain``; see :data:`RULE_SETS` and the README.

>>> from tiebreak.core.model import Tournament
>>> t = Tournament.from_games(["A", "B", "C", "D"], [
...     (1, "A", "B", 1, 0), (1, "C", "D", 0.5, 0.5),
...     (2, "A", "C", 1, 0), (2, "B", "D", 1, 0),
... ])
>>> ev = get_rules("ru").evaluate(t)
>>> ev.val[0], ev.credit[0], ev.out[0]
((1.0, 0.5), [1.0, 1.0], (1, 1))
"""

from __future__ import annotations

import datetime as _dt
import functools
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, compress, repeat
from operator import add, and_, eq, itemgetter, lt, ne, or_, sub

from tiebreak.core.counting import Adjusted, Evaluation, Why
from tiebreak.core.errors import UnknownRuleSetError
from tiebreak.core.i18n import LazyString, _, lazy_gettext, pgettext
from tiebreak.core.localformat import format_number, name_gender, points
from tiebreak.core.model import Kind, Tournament

__all__ = ["DEFAULT_RULES", "RULE_SETS", "Evaluation", "RuleSet", "fide_hint", "get_rules", "rule_set_names"]

DEFAULT_RULES = "ru"

# the kinds as the flat lists hold them, grouped by the model's named classifications
_PLAYED = Kind.PLAYED.value
_FORFEITS = frozenset(k.value for k in Kind if k.is_forfeit)
_WITH_OPPONENT = frozenset(k.value for k in Kind if k.has_opponent)
_WITHDRAWN = frozenset(k.value for k in Kind if k.takes_no_part)
VUR_KINDS = frozenset(k.value for k in Kind if k.is_voluntarily_unplayed)
"""Voluntarily unplayed rounds (FIDE C.07 16.1.2): requested half- and zero-point byes, absences, forfeit losses."""
_GAME, _DUMMY, _FORFEIT_AS_GAME = Why.GAME, Why.DUMMY, Why.FORFEIT_AS_GAME  # looked up once, not per round of a row
_ADJUSTED = (Adjusted.NONE, Adjusted.UNPLAYED_AS_DRAWS)  # by whether a player's adjusted score differs from his points


class RuleSet:
    """Base class; a rule set fills an :class:`Evaluation`."""

    name: str = ""
    title: str | LazyString = ""
    """The rule set's name for people, in the current language when shown.

    What each rule set does with forfeits, byes, requested byes and withdrawals is described
    for people in the README (English) and README.ru.md (Russian), not here.
    """

    def evaluate(self, t: Tournament) -> Evaluation:
        raise NotImplementedError

    # --- what the rule sets share -----------------------------------------
    def _evaluation(
        self,
        t: Tournament,
        score: list[float],
        val: list[Sequence[float]],
        credit: list[Sequence[float]],
        at: list[Sequence[int]],
        whom: list[Sequence[int]],
        why: list[Sequence[Why]],
        *,
        cut_first: list[Sequence[bool] | None] | None = None,
        adjusted: list[Adjusted] | None = None,
        credited: list[float] | None = None,
        notes: list[str] | None = None,
        reasons: Callable[[], tuple[list[Sequence[int]], list[Sequence[Why]]]] | None = None,
    ) -> Evaluation:
        """The evaluation of these rows; ``reasons``: ``whom`` and ``why`` completed, when some rows are left to first use."""
        n = len(t.players)

        def played(ev: Evaluation) -> list[Sequence[bool]]:
            return [tuple(map(_PLAYED.__eq__, row)) for row in t.kind]

        def as_game(ev: Evaluation) -> list[Sequence[bool]]:
            if t.is_round_robin:  # a round robin's forfeit is a meeting of the two (C.07 15.2)
                return [tuple([k in _WITH_OPPONENT and q >= 0 for q, k in zip(o, ks)]) for o, ks in zip(t.opp, t.kind)]
            return ev.played

        ev = Evaluation(
            tournament=t,
            rules=self,
            points=list(t.points),
            score=score,
            val=val,
            credit=credit,
            cut_first=cut_first if cut_first is not None else [None] * n,
            at=at,
            whom=whom,
            why=why,
            adjusted=adjusted if adjusted is not None else [Adjusted.NONE] * n,
            credited=credited if credited is not None else [0.0] * n,
            notes=notes if notes is not None else [],
            fore_maker=lambda: self.evaluate(_fore(t)),
            derived={
                "played": played,
                "as_game": as_game,
                "wins": lambda ev: self.wins(t),
                "rated_opponents": lambda ev: self.rating_opponents(t),
                **({} if reasons is None else {"reasons": lambda ev: reasons()}),
            },
        )
        return ev

    def rating_opponents(self, t: Tournament) -> list[Sequence[int]]:
        """Opponents whose ratings count in "sum of opponents' ratings": games played over the board."""
        return [tuple(compress(opp, map(_PLAYED.__eq__, kinds))) for opp, kinds in zip(t.opp, t.kind)]

    def wins(self, t: Tournament) -> list[int]:
        """Number of wins counted by the "most wins" criterion: games won over the board."""
        w = t.scoring.win
        return [sum(map(and_, map(_PLAYED.__eq__, kinds), map(w.__eq__, pts))) for kinds, pts in zip(t.kind, t.pts)]

    def __repr__(self) -> str:
        return f"<RuleSet {self.name}>"


def _fore(t: Tournament) -> Tournament:
    """The event with every game paired in the last round drawn (FIDE Fore Buchholz, C.07 8.3)."""
    last = t.rounds - 1
    kind = [list(k) for k in t.kind]
    pts = [list(x) for x in t.pts]
    opp = t.opp
    paired = [(w, b) for r, w, b in t.pending if r == t.rounds]  # a game of the last round waiting for its result is paired too
    if paired:
        opp = [list(o) for o in t.opp]
        for w, b in paired:
            opp[w][last], opp[b][last] = b, w
    for p in range(len(t.players)):
        if last >= 0 and opp[p][last] >= 0:
            pts[p][last] = t.scoring.draw
            kind[p][last] = _PLAYED
    return Tournament(
        players=t.players, rounds=t.rounds, opp=opp, pts=pts, kind=kind, colour=t.colour, scoring=t.scoring,
        system=t.system, has_rounds=t.has_rounds, cycles=t.cycles,
    )


def _forfeiters(t: Tournament) -> list[int]:
    """The players with a forfeit (won or lost) in some round."""
    fw, fl = Kind.FORFEIT_WIN.value, Kind.FORFEIT_LOSS.value
    return [p for p, kinds in enumerate(t.kind) if fw in kinds or fl in kinds]


def _ru_adjusted(t: Tournament, forfeiters: Sequence[int] | None = None) -> list[float]:
    """Final scores with every forfeit (won or lost) counted as a draw."""
    draw = t.scoring.draw
    score = [float(sum(pts)) for pts in t.pts]
    for p in _forfeiters(t) if forfeiters is None else forfeiters:
        score[p] = float(sum(draw if k in _FORFEITS else v for k, v in zip(t.kind[p], t.pts[p])))
    return score


def withdrawal_round(t: Tournament, p: int) -> int | None:
    """The number of rounds a player took part in before he withdrew, or None.

    A player withdrew when his entries from some round to the last are all
    absences (or zero-point byes) and he took part in an earlier round.
    Only Swiss tables with round columns have withdrawals.
    """
    if not t.has_rounds or t.is_round_robin:
        return None  # a round robin's rest rounds are not withdrawals
    kinds = t.kind[p]
    last = len(kinds)
    if last and _waiting(t, p, last):
        return None  # his cell in the round being entered is empty or paired without a result: no evidence
    k = last
    while k > 0 and kinds[k - 1] in _WITHDRAWN:
        k -= 1
    if k == last or k == 0:
        return None
    return k


def _waiting(t: Tournament, p: int, rnd: int) -> bool:
    """Whether player ``p`` waits for a result in round ``rnd`` (a pending game, or a cell not yet entered)."""
    return any(r == rnd and p in (w, b) for r, w, b in t.pending) or (rnd, p) in t.unentered


class RuRules(RuleSet):
    name = "ru"
    title = lazy_gettext("Russian draughts rules (1.13, code 3.16)")

    def evaluate(self, t: Tournament) -> Evaluation:
        n = len(t.players)
        sc = t.scoring
        forfeiters = _forfeiters(t)
        score = _ru_adjusted(t, forfeiters)
        adjusted = [Adjusted.NONE] * n
        for p in forfeiters:
            adjusted[p] = Adjusted.FORFEITS_AS_DRAWS
        credited = [0.0] * n
        notes: list[str] = []
        if t.has_rounds:
            self._credit_withdrawals(t, score, credited, adjusted, notes, forfeiters)
        lowest = min(t.points) if n else 0.0
        pab = Kind.PAIRING_BYE.value
        val: list[Sequence[float]] = []
        credit: list[Sequence[float]] = []
        at: list[Sequence[int]] = []
        whom: list[Sequence[int]] = []
        why: list[Sequence[Why]] = []
        games = [Why.GAME] * t.rounds  # shared by the players who played every round (read only)
        every = range(t.rounds)
        for p in range(n):
            kinds = t.kind[p]
            if len(kinds) == t.rounds and kinds.count(_PLAYED) == len(kinds):  # every round a game
                val.append(tuple(map(score.__getitem__, t.opp[p])))
                credit.append(t.pts[p])
                at.append(every)
                whom.append(t.opp[p])
                why.append(games)
                continue
            v: list[float] = []
            c: list[float] = []
            a: list[int] = []
            o: list[int] = []
            y: list[Why] = []
            for i, (q, k, x) in enumerate(zip(t.opp[p], t.kind[p], t.pts[p])):
                if k == _PLAYED:
                    v.append(score[q])
                    c.append(x)
                    o.append(q)
                    y.append(Why.GAME)
                elif k in _FORFEITS:
                    v.append(score[q])
                    c.append(sc.draw)
                    o.append(q)
                    y.append(Why.FORFEIT_AS_DRAW)
                elif k == pab:
                    v.append(lowest)
                    c.append(sc.win)
                    o.append(-1)
                    y.append(Why.VIRTUAL_BYE)
                else:
                    continue
                a.append(i)
            # as tuples: the collector stops tracking a tuple of numbers (see _swiss_row)
            val.append(tuple(v))
            credit.append(tuple(c))
            at.append(tuple(a))
            whom.append(tuple(o))
            why.append(tuple(y))
        return self._evaluation(t, score, val, credit, at, whom, why, adjusted=adjusted, credited=credited, notes=notes)

    def rating_opponents(self, t: Tournament) -> list[Sequence[int]]:
        """The opponents of games and forfeits (a forfeit's opponent still counts as an opponent)."""
        return [tuple([q for q, k in zip(t.opp[p], t.kind[p]) if q >= 0 and k in _WITH_OPPONENT]) for p in range(len(t.players))]

    @staticmethod
    def _credit_withdrawals(
        t: Tournament, score: list[float], credited: list[float], adjusted: list[Adjusted], notes: list[str], forfeiters: Sequence[int]
    ) -> None:
        """Credit every withdrawn player with his score group's average over his remaining rounds.

        The players are grouped by their score after a round once per round
        that someone withdrew after (not once per withdrawn player), so the
        work is linear in the size of the event.
        """
        n = len(t.players)
        rounds = t.rounds
        stopped: dict[int, list[int]] = {}
        gone = _WITHDRAWN
        for w, kinds in enumerate(t.kind):
            if kinds and kinds[-1] in gone:  # absent in the last round: maybe withdrawn
                k = withdrawal_round(t, w)
                if k is not None:
                    stopped.setdefault(k, []).append(w)
        if not stopped:
            return
        draw = t.scoring.draw
        total = list(score)  # the adjusted totals, before any credit
        # a forfeit's points differ from what it counts (a draw): (player, round, scored − draw)
        forfeits = [(p, i, x - draw) for p in forfeiters for i, (k, x) in enumerate(zip(t.kind[p], t.pts[p])) if k in _FORFEITS]
        # scores are compared to 1e-9; sums of halves, quarters ... are exact and need no rounding
        exact = all((4096 * v).is_integer() and abs(v) < 2**30 for v in set(chain.from_iterable(t.pts)))
        columns = _point_columns(t, max(stopped))
        cum = [0.0] * n  # actual score after each round so far
        for r in range(max(stopped)):
            if columns is not None:
                cum = list(map(add, cum, columns[r]))
            else:
                cum = [c + (row[r] if r < len(row) else 0.0) for c, row in zip(cum, t.pts)]
            k = r + 1
            if k not in stopped:
                continue
            # adjusted points still to come: total − (score so far with forfeits as draws)
            rest = list(map(sub, total, cum))
            for p, i, diff in forfeits:
                if i < k:
                    rest[p] += diff
            rounded = cum if exact else list(map(round, cum, repeat(9)))
            groups: dict[float, tuple[int, float]] = {}  # score after round k -> (players, their points still to come)
            for w in stopped[k]:
                after = cum[w]
                if rounded[w] not in groups:
                    same = list(map(eq, rounded, repeat(rounded[w])))
                    groups[rounded[w]] = (same.count(True), sum(compress(rest, same)))
                members, rest_sum = groups[rounded[w]]
                count = members - 1  # without w himself
                withdrew = _withdrew(t.players[w].label(), k)
                if not count:
                    notes.append(_nothing_credited(withdrew, k, rounds))
                    continue
                extra = (rest_sum - rest[w]) / count
                score[w] += extra
                credited[w] = extra
                adjusted[w] |= Adjusted.WITHDRAWAL_CREDIT
                values = {"withdrew": withdrew, "k": k, "extra": format_number(extra), "count": count, "after": points(after), "first": k + 1, "last": rounds}
                if k + 1 == rounds:
                    # TRANSLATORS: {withdrew} is "{name} withdrew after round {k}"; {after} a number of points with its noun, e.g. "2,5 очка"
                    note = _("{withdrew}: credited {extra} for round {first} (average of {count} player(s) with {after} after round {k})")
                else:
                    note = _("{withdrew}: credited {extra} for rounds {first}–{last} (average of {count} player(s) with {after} after round {k})")
                notes.append(note.format(**values))


def _point_columns(t: Tournament, rounds: int) -> list[list[float]] | None:
    """The points of the first ``rounds`` rounds a round at a time, when every row has all the rounds (else None).

    Taken a column at a time: ``zip(*t.pts)`` would make an iterator per player, enough of them
    at once to set off the collector's young collections and be counted towards a full one.
    """
    if not all(len(row) == t.rounds for row in t.pts):
        return None
    return [list(map(itemgetter(r), t.pts)) for r in range(rounds)]


def _nothing_credited(withdrew: str, k: int, rounds: int) -> str:
    """The note for a player who withdrew after round ``k`` with a score nobody else had then."""
    if k + 1 == rounds:
        note = _("{withdrew}; nobody else had that score then, so nothing is credited for round {first}")
    else:
        note = _("{withdrew}; nobody else had that score then, so nothing is credited for rounds {first}–{last}")
    return note.format(withdrew=withdrew, first=k + 1, last=rounds)


def _withdrew(name: str, k: int) -> str:
    """'{name} withdrew after round {k}', the verb agreeing with the player (Russian: выбыл, выбыла, or a neutral phrase).

    Whether a name is a woman's or a man's is read from its Russian endings
    (:func:`tiebreak.core.localformat.name_gender`); a name that does not tell takes the neutral phrase.
    """
    gender = name_gender(name)
    if gender == "f":
        # TRANSLATORS: a woman withdrew (Russian: выбыла)
        phrase = pgettext("woman", "{name} withdrew after round {k}")
    elif gender == "m":
        # TRANSLATORS: a man withdrew (Russian: выбыл)
        phrase = pgettext("man", "{name} withdrew after round {k}")
    else:
        # TRANSLATORS: the name does not tell a woman from a man: a phrase without a gendered verb (Russian: выбытие после тура)
        phrase = pgettext("anyone", "{name} withdrew after round {k}")
    return phrase.format(name=name, k=k)


class PlainRules(RuleSet):
    name = "plain"
    title = lazy_gettext("Results as scored")

    def evaluate(self, t: Tournament) -> Evaluation:
        n = len(t.players)
        score = list(t.points)
        val: list[Sequence[float]] = []
        credit: list[Sequence[float]] = []
        at: list[Sequence[int]] = []
        whom: list[Sequence[int]] = []
        why: list[Sequence[Why]] = []
        for p in range(n):
            games = [i for i, (q, k) in enumerate(zip(t.opp[p], t.kind[p])) if q >= 0 and k in _WITH_OPPONENT]
            opp, kind, pts = t.opp[p], t.kind[p], t.pts[p]
            val.append([score[opp[i]] for i in games])
            credit.append([pts[i] for i in games])
            at.append(games)
            whom.append([opp[i] for i in games])
            why.append([_GAME if kind[i] == _PLAYED else _FORFEIT_AS_GAME for i in games])
        return self._evaluation(t, score, val, credit, at, whom, why)

    def rating_opponents(self, t: Tournament) -> list[Sequence[int]]:
        return [tuple([q for q, k in zip(t.opp[p], t.kind[p]) if q >= 0 and k in _WITH_OPPONENT]) for p in range(len(t.players))]

    def wins(self, t: Tournament) -> list[int]:
        """Games and forfeits won (the forfeit's win as scored)."""
        w = t.scoring.win
        return [sum(1 for k, x in zip(t.kind[p], t.pts[p]) if k in _WITH_OPPONENT and x == w) for p in range(len(t.players))]


def fide_adjusted(t: Tournament) -> list[float]:
    """Each player's score as his opponents count it (C.07 16.3).

    In a Swiss, a requested bye or absence not followed by any round the
    player took part in (16.2.5) counts as a draw; everything else counts as
    scored.  In a round robin nothing is converted (Art. 15.2).
    """
    res = list(t.points)  # nothing voluntarily unplayed (most players): the score as it stands
    rr = t.is_round_robin
    draw = t.scoring.draw
    waiting = t.waiting  # a round waiting for its result is not there yet: neither played nor unplayed
    for p in compress(range(len(res)), map(any, t.kind)):  # a round other than a game (a game is 0): the few that may have one
        kinds = t.kind[p]
        if VUR_KINDS.isdisjoint(kinds) or not waiting and kinds[-1] not in VUR_KINDS:  # none, or played after it (16.2.5): as scored
            continue
        pts, opp = t.pts[p], t.opp[p]
        counted = [i for i in range(len(kinds)) if (p, i) not in waiting] if waiting else range(len(kinds))
        lna = 0
        for i in counted:
            if kinds[i] not in VUR_KINDS:
                lna = i + 1
        total = 0.0
        for i in counted:
            if i + 1 <= lna or opp[i] >= 0:
                total += pts[i]
            elif not rr:
                total += draw
        res[p] = total
    return res


_Row = tuple[Sequence[float], Sequence[float], Sequence[int], Sequence[int], Sequence[Why], Sequence[bool] | None]
"""One player's counted values, credits, rounds, opponents, reasons and cut-first marks (see :class:`Evaluation`)."""


def _without_waiting(p: int, row: _Row, waiting: frozenset[tuple[int, int]]) -> _Row:
    """Player ``p``'s row without the rounds that wait for a result (:attr:`Tournament.waiting`)."""
    v, c, at, whom, why, first = row
    keep = [j for j, i in enumerate(at) if (p, i) not in waiting]
    return (
        [v[j] for j in keep],
        [c[j] for j in keep],
        [at[j] for j in keep],
        [whom[j] for j in keep],
        [why[j] for j in keep],
        None if first is None else [first[j] for j in keep],
    )


def _swiss_reasons(opp_p: Sequence[int], kind_p: Sequence[int]) -> tuple[Sequence[int], Sequence[Why]]:
    """A Swiss row's opponents and reasons (FideRules._swiss_row): a game over the board its opponent, any other round a dummy."""
    return tuple([q if k == _PLAYED else -1 for q, k in zip(opp_p, kind_p)]), tuple([_GAME if k == _PLAYED and q >= 0 else _DUMMY for q, k in zip(opp_p, kind_p)])


@functools.cache
def _all_games(rounds: int) -> list[Why]:
    """The reasons of a player with a game over the board in every round (shared, read only)."""
    return [Why.GAME] * rounds


class FideRules(RuleSet):
    """FIDE C.07 (2023 text, in force 2024-04-01) and its 2026 revision (caps, Art. 16.4)."""

    def __init__(self, year: int) -> None:
        self.year = year
        self.caps = year >= 2026
        self.name = f"fide-{year}"
        self.title = (
            lazy_gettext("FIDE C.07 (in force 2024-04-01)") if year == 2024 else lazy_gettext("FIDE C.07 (revision applied from 2026-03-01)")
        )

    def evaluate(self, t: Tournament) -> Evaluation:
        n = len(t.players)
        adj = fide_adjusted(t)
        adjusted = list(map(_ADJUSTED.__getitem__, map(ne, adj, t.points)))
        rounds, opp, kind = t.rounds, t.opp, t.kind
        mins = list(map(min, opp)) if rounds and n and not t.is_round_robin and set(map(len, opp)) == {rounds} else None
        others: Iterable[int]
        if mins is not None and min(mins) >= -1:
            # every row as _swiss_row makes it for a player with a game every round, all at once in C (the
            # opponents' values, the table's own rows, one range and one list of reasons for all), then
            # the other players' rows written over theirs
            val: list[Sequence[float]] = list(map(tuple, map(map, repeat(adj.__getitem__), opp)))
            credit: list[Sequence[float]] = list(t.pts)
            at: list[Sequence[int]] = [range(rounds)] * n
            whom: list[Sequence[int]] = list(opp)
            why: list[Sequence[Why]] = [_all_games(rounds)] * n
            first: list[Sequence[bool] | None] = [None] * n
            others = compress(range(n), map(or_, map(any, kind), map(lt, mins, repeat(0))))
            if not t.waiting:
                # the other players' values now, their opponents and reasons (only explanations read them) on first use
                later = list(others)
                for p in later:
                    val[p], first[p] = self._swiss_values(t, p, adj)

                def reasons() -> tuple[list[Sequence[int]], list[Sequence[Why]]]:
                    for p in later:
                        whom[p], why[p] = _swiss_reasons(t.opp[p], t.kind[p])
                    return whom, why

                return self._evaluation(t, adj, val, credit, at, whom, why, cut_first=first, adjusted=adjusted, reasons=reasons)
        else:
            val, credit, at, whom, why, first = ([()] * n, [()] * n, [()] * n, [()] * n, [()] * n, [None] * n)
            others = range(n)
        row = self._round_robin_row if t.is_round_robin else self._swiss_row
        for p in others:
            val[p], credit[p], at[p], whom[p], why[p], first[p] = row(t, p, adj)
        return self._evaluation(t, adj, val, credit, at, whom, why, cut_first=first, adjusted=adjusted)

    @staticmethod
    def _round_robin_row(t: Tournament, p: int, adj: list[float]) -> _Row:
        """Art. 15.2: every scheduled game counts against its opponent; rounds without one are left out."""
        opp_p, kind_p, pts_p = t.opp[p], t.kind[p], t.pts[p]
        if min(opp_p, default=0) >= 0:
            at: Sequence[int] = range(len(opp_p))
            row = ([adj[q] for q in opp_p], pts_p, at, opp_p)
        else:
            games = [i for i, q in enumerate(opp_p) if q >= 0]
            row = ([adj[opp_p[i]] for i in games], [pts_p[i] for i in games], games, [opp_p[i] for i in games])
        why = [_GAME if kind_p[i] == _PLAYED else _FORFEIT_AS_GAME for i in row[2]]
        return (*row, why, None)

    def _swiss_row(self, t: Tournament, p: int, adj: list[float]) -> _Row:
        """A Swiss: unplayed rounds count a dummy opponent with the player's own score (2026: capped, Art. 16.4)."""
        opp_p, kind_p, pts_p = t.opp[p], t.kind[p], t.pts[p]
        at: Sequence[int] = range(t.rounds) if len(opp_p) == t.rounds else range(len(opp_p))
        if opp_p and not any(kind_p) and min(opp_p) >= 0:  # every round a game over the board (most players): C-level maps
            # the opponents are the table's row and the reasons one list for all such players (read only, as
            # in RuRules): fewer lists for the garbage collector to track in a big event
            return tuple(map(adj.__getitem__, opp_p)), pts_p, at, opp_p, _all_games(len(opp_p)), None
        v, first = self._swiss_values(t, p, adj)
        whom, why = _swiss_reasons(opp_p, kind_p)
        waiting = t.waiting
        if waiting and any((p, i) in waiting for i in at):  # a round waiting for its result: left out, no dummy opponent
            return _without_waiting(p, (v, pts_p, at, whom, why, first), waiting)
        return v, pts_p, at, whom, why, first

    def _swiss_values(self, t: Tournament, p: int, adj: list[float]) -> tuple[Sequence[float], Sequence[bool] | None]:
        """A Swiss row's values and cut-first marks (:meth:`_swiss_row`): a dummy opponent with the player's own score
        for an unplayed round (2026: capped, Art. 16.4), a voluntarily unplayed round cut first."""
        opp_p, kind_p = t.opp[p], t.kind[p]
        own_p = t.points[p]
        if self.caps:
            cap_other = t.scoring.draw * t.rounds
            v = [
                adj[q] if k == _PLAYED and q >= 0 else (min(own_p, adj[q]) if q >= 0 else min(own_p, cap_other))
                for q, k in zip(opp_p, kind_p)
            ]
        else:
            v = [adj[q] if k == _PLAYED and q >= 0 else own_p for q, k in zip(opp_p, kind_p)]
        # as tuples, as the fast path's: the collector stops tracking a tuple of numbers, so a big
        # event's rows are not traversed at every full collection nor counted towards starting one
        return tuple(v), None if VUR_KINDS.isdisjoint(kind_p) else tuple(map(VUR_KINDS.__contains__, kind_p))

    def wins(self, t: Tournament) -> list[int]:
        """WIN (C.07 7.1): rounds with a win's points, played or not."""
        w = t.scoring.win
        return [pts.count(w) for pts in t.pts]


class Fide2009Rules(RuleSet):
    name = "fide-2009"
    title = lazy_gettext("FIDE virtual-opponent rule (2009, in the Handbook until 2023)")

    def evaluate(self, t: Tournament) -> Evaluation:
        n = len(t.players)
        sc = t.scoring
        rr = t.is_round_robin
        # unplayed games count as draws for the opponents; a round robin's rest rounds count nothing
        waiting = t.waiting  # a round waiting for its result is not there yet: no draw, no virtual opponent
        adj = [
            sum(
                x if k == _PLAYED else (sc.draw if q >= 0 or not rr else 0.0)
                for i, (q, k, x) in enumerate(zip(t.opp[p], t.kind[p], t.pts[p]))
                if not waiting or (p, i) not in waiting
            )
            for p in range(n)
        ]
        adjusted = list(map(_ADJUSTED.__getitem__, map(ne, adj, t.points)))
        rounds = t.rounds
        val: list[Sequence[float]] = []
        credit: list[Sequence[float]] = []
        at: list[Sequence[int]] = []
        whom: list[Sequence[int]] = []
        why: list[Sequence[Why]] = []
        matrix = not t.has_rounds or rr
        for p in range(n):
            v: list[float] = []
            c: list[float] = []
            a: list[int] = []
            o: list[int] = []
            y: list[Why] = []
            before = 0.0
            for i, (q, k, x) in enumerate(zip(t.opp[p], t.kind[p], t.pts[p])):
                if waiting and (p, i) in waiting:
                    continue
                if k == _PLAYED and q >= 0:
                    v.append(adj[q])
                    o.append(q)
                    y.append(Why.GAME)
                elif matrix:  # round robin: forfeits against the scheduled opponent, rest rounds left out
                    if q < 0:
                        before += x
                        continue
                    v.append(adj[q])
                    o.append(q)
                    y.append(Why.FORFEIT_AS_GAME)
                else:
                    v.append(before + (sc.win - x) + sc.draw * (rounds - (i + 1)))
                    o.append(-1)
                    y.append(Why.VIRTUAL_OPPONENT)
                c.append(x)
                a.append(i)
                before += x
            val.append(v)
            credit.append(c)
            at.append(a)
            whom.append(o)
            why.append(y)
        return self._evaluation(t, adj, val, credit, at, whom, why, adjusted=adjusted)

    def wins(self, t: Tournament) -> list[int]:
        w = t.scoring.win
        return [sum(1 for x in t.pts[p] if x == w) for p in range(len(t.players))]


RULE_SETS: dict[str, RuleSet] = {}


def register(rules: RuleSet) -> RuleSet:
    RULE_SETS[rules.name] = rules
    return rules


register(RuRules())
register(FideRules(2024))
register(FideRules(2026))
register(Fide2009Rules())
register(PlainRules())

_ALIASES = {
    "": DEFAULT_RULES, "default": DEFAULT_RULES, "russian": "ru", "рф": "ru", "россия": "ru", "фшр": "ru", "ршр": "ru",
    "fide2024": "fide-2024", "fide-2023": "fide-2024", "fide2026": "fide-2026", "fide2009": "fide-2009", "fide-2022": "fide-2009",
    "none": "plain", "simple": "plain",
}


def fide_for_date(start: object) -> str:
    """fide-2024 for events starting before 2026-03-01, else fide-2026 (also when the date is unknown)."""
    if isinstance(start, _dt.date) and start < _dt.date(2026, 3, 1):
        return "fide-2024"
    return "fide-2026"


def fide_hint(t: Tournament, rules: str) -> str | None:
    """A one-line note for a chess-looking event ranked under the default rule set, naming FIDE's; None otherwise.

    Chess-looking: scored 1/½/0, with colours (a Swiss table's w/b) or ratings beside the names.

    >>> from tiebreak.core.model import Player
    >>> t = Tournament.from_games(["A", "B"], [(1, "A", "B", 1, 0)])
    >>> fide_hint(t, "ru") is None, fide_hint(t, "fide-2024")
    (False, None)
    """
    if get_rules(rules).name != DEFAULT_RULES or t.scoring.win != 1.0 or t.scoring.draw != 0.5:
        return None
    coloured = any(c is not None for row in t.colour for c in row)
    rated = any(p.rating is not None for p in t.players)
    if not (coloured or rated):
        return None
    fide = ", ".join(name for name in RULE_SETS if name.startswith("fide"))
    return _(
        "ranked under the {default} rule set (Russian draughts rules); for a chess event FIDE's are {names}: "
        "choose one in the Rule set / Правила row of the tiebreak sheet, or with --rules on the command line"
    ).format(default=DEFAULT_RULES, names=fide)


def rule_set_names() -> list[str]:
    return list(RULE_SETS)


def get_rules(name: str | RuleSet | None = None) -> RuleSet:
    """The rule set of that name (case-insensitive); None gives the default ``ru``."""
    if isinstance(name, RuleSet):
        return name
    key = "" if name is None else str(name).strip().lower().replace("_", "-").replace(" ", "-")
    key = _ALIASES.get(key, key)
    if key in ("fide", "fide-current"):
        key = "fide-2026"
    rules = RULE_SETS.get(key)
    if rules is None:
        from tiebreak.core.notation import show

        raise UnknownRuleSetError(
            _("unknown rule set {name}: use one of {names}").format(name=show(str(name)), names=", ".join(RULE_SETS))
        )
    return rules
