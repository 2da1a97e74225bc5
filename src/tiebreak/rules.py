"""Rule sets: how unplayed games enter the tie-breaks.

Every tie-break of tiebreak is computed from an :class:`Evaluation`, which a
rule set builds from a :class:`~tiebreak.model.Tournament`.  The treatment of
forfeits, byes, requested byes and withdrawals lives here and nowhere else.

An evaluation lists, per player, the *counted games*: for each, the value of
the opponent (a real opponent's score as the rule set counts it, or a virtual
opponent's), the outcome the coefficients see (win, draw, loss), the points
credited (FIDE's Sonneborn–Berger multiplies by them), the real opponent if
any, and whether the value is one the Cut-1 rule of FIDE Art. 16.5 drops first.

Rule sets: ``ru`` (default), ``fide-2024``, ``fide-2026``, ``fide-2009``,
``plain``; see :data:`RULE_SETS` and the README.

>>> from tiebreak.model import Tournament
>>> t = Tournament.from_games(["A", "B", "C", "D"], [
...     (1, "A", "B", 1, 0), (1, "C", "D", 0.5, 0.5),
...     (2, "A", "C", 1, 0), (2, "B", "D", 1, 0),
... ])
>>> ev = get_rules("ru").evaluate(t)
>>> ev.val[0], ev.credit[0], ev.out[0]
([1.0, 0.5], [1.0, 1.0], [1, 1])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .errors import UnknownRuleSetError
from .model import DRAW, LOSS, WIN, Kind, Tournament

__all__ = ["Evaluation", "RuleSet", "RULE_SETS", "get_rules", "rule_set_names", "DEFAULT_RULES"]

DEFAULT_RULES = "ru"


@dataclass
class Evaluation:
    """A tournament as one rule set counts it, for the tie-breaks.

    Lists are per player; the inner lists are per counted game: ``val`` the
    opponent's value (a real opponent's score as the rules count it, or a
    virtual/dummy opponent's), ``credit`` the points credited in that game.
    ``cut_first`` marks, per game, the values FIDE's Art. 16.5 cuts first
    (None for a player without any).  ``out`` (win/draw/loss) follows from
    ``credit``; ``real`` (the real opponents whose ratings count) from the
    rule set.
    """

    tournament: Tournament
    rules: RuleSet
    points: list[float]
    """Actual points (ranking)."""
    score: list[float]
    """Each player's score as it enters his opponents' sums (adjusted by the rules)."""
    val: list[list[float]]
    credit: list[list[float]]
    cut_first: list[list[bool] | None]
    notes: list[str] = field(default_factory=list)
    cache: dict[object, object] = field(default_factory=dict, repr=False)

    @property
    def n(self) -> int:
        return len(self.points)

    @property
    def out(self) -> list[list[int]]:
        """Win/draw/loss of each counted game, by the points credited."""

        def compute() -> list[list[int]]:
            sc = self.tournament.scoring
            table = {sc.loss: LOSS, sc.draw: DRAW, sc.win: WIN}
            return [[table.get(c, LOSS) for c in row] for row in self.credit]

        return self.memo("out", compute)  # type: ignore[return-value]

    @property
    def real(self) -> list[list[int]]:
        """Per player, the real opponents whose ratings count (the rule set decides)."""
        return self.memo("real", lambda: self.rules.rating_opponents(self.tournament))  # type: ignore[return-value]

    def memo(self, key: object, compute: Callable[[], object]) -> object:
        """Compute a value once per evaluation (a coefficient column, say)."""
        try:
            return self.cache[key]
        except KeyError:
            value = self.cache[key] = compute()
            return value


class RuleSet:
    """Base class; a rule set fills an :class:`Evaluation`."""

    name: str = ""
    title: str = ""
    summary: str = ""
    forfeits: str = ""
    byes: str = ""
    requested_byes: str = ""
    withdrawals: str = ""

    def evaluate(self, t: Tournament) -> Evaluation:
        raise NotImplementedError

    # --- criteria whose definition differs between rule sets --------------
    def rating_opponents(self, t: Tournament) -> list[list[int]]:
        """Opponents whose ratings count in "sum of opponents' ratings": games played over the board."""
        played = int(Kind.PLAYED)
        return [[q for q, k in zip(t.opp[p], t.kind[p]) if q >= 0 and k == played] for p in range(len(t.players))]

    def wins(self, t: Tournament) -> list[int]:
        """Number of wins counted by the "most wins" criterion."""
        sc = t.scoring
        out = []
        for p in range(len(t.players)):
            kinds, pts = t.kind[p], t.pts[p]
            out.append(sum(1 for i, k in enumerate(kinds) if k == Kind.PLAYED and pts[i] == sc.win))
        return out

    def __repr__(self) -> str:
        return f"<RuleSet {self.name}>"


def _ru_adjusted(t: Tournament) -> list[float]:
    """Final scores with every forfeit (won or lost) counted as a draw."""
    draw = t.scoring.draw
    res = []
    for p in range(len(t.players)):
        total = 0.0
        for k, v in zip(t.kind[p], t.pts[p]):
            total += draw if (k == Kind.FORFEIT_WIN or k == Kind.FORFEIT_LOSS) else v
        res.append(total)
    return res


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
    k = last
    while k > 0 and kinds[k - 1] in (Kind.ABSENT, Kind.ZERO_BYE):
        k -= 1
    if k == last or k == 0:
        return None
    return k


class RuRules(RuleSet):
    name = "ru"
    title = "Russian draughts rules (1.13, code 3.16)"
    summary = "Forfeits count as draws; an odd-number bye is a win over the event's lowest score; a withdrawn opponent is credited with his score group's average."
    forfeits = "A forfeit (+/−) counts as a draw between the two players in every coefficient; the opponent still counts. It is neither a win nor a loss for Shmulyan, wins or beaten-sum. Opponents' scores count their own forfeits as draws."
    byes = "A bye for an odd number of players counts as a game won against a virtual opponent whose score is the lowest final score of the event (coefficients only; not a win for 'most wins', not in beaten-sum)."
    requested_byes = "A requested bye (½ or 0) and an absence add nothing to the coefficients; the points count for ranking."
    withdrawals = "An opponent who withdrew (absent from some round to the end) is credited, for his remaining rounds, with the average result over those rounds of the players who had his score when he stopped (tables with round columns only; nothing when nobody else had that score)."

    def evaluate(self, t: Tournament) -> Evaluation:
        n = len(t.players)
        sc = t.scoring
        score = _ru_adjusted(t)
        notes: list[str] = []
        if t.has_rounds:
            self._credit_withdrawals(t, score, notes)
        lowest = min(t.points) if n else 0.0
        played, fwin, floss, pab = int(Kind.PLAYED), int(Kind.FORFEIT_WIN), int(Kind.FORFEIT_LOSS), int(Kind.PAIRING_BYE)
        val: list[list[float]] = []
        credit: list[list[float]] = []
        for p in range(n):
            v: list[float] = []
            c: list[float] = []
            for q, k, x in zip(t.opp[p], t.kind[p], t.pts[p]):
                if k == played:
                    v.append(score[q])
                    c.append(x)
                elif k == fwin or k == floss:
                    v.append(score[q])
                    c.append(sc.draw)
                elif k == pab:
                    v.append(lowest)
                    c.append(sc.win)
            val.append(v)
            credit.append(c)
        return Evaluation(t, self, list(t.points), score, val, credit, [None] * n, notes)

    def rating_opponents(self, t: Tournament) -> list[list[int]]:
        """The opponents of games and forfeits (a forfeit's opponent still counts as an opponent)."""
        return [[q for q, k in zip(t.opp[p], t.kind[p]) if q >= 0 and k <= Kind.FORFEIT_LOSS] for p in range(len(t.players))]

    @staticmethod
    def _credit_withdrawals(t: Tournament, score: list[float], notes: list[str]) -> None:
        n = len(t.players)
        draw = t.scoring.draw
        rounds = t.rounds
        # per-round adjusted points and cumulative actual scores
        adj_round = [
            [draw if (k == Kind.FORFEIT_WIN or k == Kind.FORFEIT_LOSS) else v for k, v in zip(t.kind[p], t.pts[p])]
            for p in range(n)
        ]
        for w in range(n):
            k = withdrawal_round(t, w)
            if k is None:
                continue
            after = sum(t.pts[w][:k])
            group = [p for p in range(n) if p != w and abs(sum(t.pts[p][:k]) - after) < 1e-9]
            name = t.players[w].label()
            if not group:
                notes.append(f"{name} withdrew after round {k}; nobody else had his score then, so nothing is credited for rounds {k + 1}–{rounds}")
                continue
            extra = sum(sum(adj_round[p][k:]) for p in group) / len(group)
            score[w] += extra
            notes.append(
                f"{name} withdrew after round {k}: credited {extra:g} for rounds {k + 1}–{rounds} "
                f"(average of {len(group)} player(s) with {after:g} points after round {k})"
            )


class PlainRules(RuleSet):
    name = "plain"
    title = "Results as scored"
    summary = "Forfeits count as the win or loss they were scored as; byes and absences add nothing."
    forfeits = "A forfeit counts as the win or loss it was scored as, against the scheduled opponent."
    byes = "A bye adds nothing to the coefficients (no opponent); its points count for ranking."
    requested_byes = "Add nothing to the coefficients."
    withdrawals = "Nothing is credited; an absent round adds nothing."

    def evaluate(self, t: Tournament) -> Evaluation:
        n = len(t.players)
        score = list(t.points)
        val: list[list[float]] = []
        credit: list[list[float]] = []
        for p in range(n):
            games = [(q, x) for q, k, x in zip(t.opp[p], t.kind[p], t.pts[p]) if k <= Kind.FORFEIT_LOSS and q >= 0]
            val.append([score[q] for q, _ in games])
            credit.append([x for _, x in games])
        return Evaluation(t, self, list(t.points), score, val, credit, [None] * n)

    def rating_opponents(self, t: Tournament) -> list[list[int]]:
        return [[q for q, k in zip(t.opp[p], t.kind[p]) if q >= 0 and k <= Kind.FORFEIT_LOSS] for p in range(len(t.players))]

    def wins(self, t: Tournament) -> list[int]:
        sc = t.scoring
        return [
            sum(1 for i, k in enumerate(t.kind[p]) if k <= Kind.FORFEIT_LOSS and t.pts[p][i] == sc.win) for p in range(len(t.players))
        ]


VUR_KINDS = frozenset({int(Kind.HALF_BYE), int(Kind.ZERO_BYE), int(Kind.ABSENT), int(Kind.FORFEIT_LOSS)})
"""Voluntarily unplayed rounds (FIDE C.07 16.1.2): requested byes, absences, forfeit losses."""


def fide_adjusted(t: Tournament) -> list[float]:
    """Each player's score as his opponents count it (C.07 16.3).

    In a Swiss, a requested bye or absence not followed by any round the
    player took part in (16.2.5) counts as a draw; everything else counts as
    scored.  In a round robin nothing is converted (Art. 15.2).
    """
    rr = t.is_round_robin
    draw = t.scoring.draw
    points = t.points
    res = []
    for p in range(len(t.players)):
        kinds = t.kind[p]
        if VUR_KINDS.isdisjoint(kinds):  # nothing voluntarily unplayed: the score as it stands
            res.append(points[p])
            continue
        pts, opp = t.pts[p], t.opp[p]
        lna = 0
        for i, k in enumerate(kinds):
            if k not in VUR_KINDS:
                lna = i + 1
        total = 0.0
        for i, k in enumerate(kinds):
            if i + 1 <= lna or opp[i] >= 0:
                total += pts[i]
            elif not rr:
                total += draw
        res.append(total)
    return res


class FideRules(RuleSet):
    """FIDE C.07 (2023 text, in force 2024-04-01) and its 2026 revision (caps, Art. 16.4)."""

    def __init__(self, year: int) -> None:
        self.year = year
        self.caps = year >= 2026
        self.name = f"fide-{year}"
        self.title = f"FIDE C.07 ({'in force 2024-04-01' if year == 2024 else 'revision applied from 2026-03-01'})"
        self.summary = (
            "Own unplayed rounds count as games against a dummy opponent with the player's own score"
            + (" (capped: a forfeit at the scheduled opponent's adjusted score, other rounds at draw points × rounds)" if self.caps else "")
            + "; opponents' requested byes and absences followed only by unplayed rounds count as draws; "
            "Cut-1 drops a voluntarily unplayed round first (16.5); round robin forfeits are games against the scheduled opponent (15.2)."
        )
        self.forfeits = (
            "Swiss: the player's forfeit (won or lost) is a round against a dummy opponent with his own final score"
            + (", at most the scheduled opponent's adjusted score" if self.caps else "")
            + "; for his opponents he keeps the points scored. Round robin: a game against the scheduled opponent. "
            "A forfeit win counts for WIN, not WON; a forfeit loss is a voluntarily unplayed round."
        )
        self.byes = (
            "A pairing-allocated or full-point bye is a round against the dummy opponent"
            + (" (at most draw points × rounds)" if self.caps else "")
            + " and counts its points; it is not voluntary."
        )
        self.requested_byes = (
            "A half- or zero-point bye is a voluntarily unplayed round against the dummy opponent (SB: dummy × points); "
            "Cut-1 removes it first. For the opponents it counts as a draw when no played round follows (16.2.5), else as scored."
        )
        self.withdrawals = "Absent rounds after a withdrawal are zero-point byes: for the opponents they count as draws (16.2.5)."

    def evaluate(self, t: Tournament) -> Evaluation:
        n = len(t.players)
        sc = t.scoring
        rr = t.is_round_robin
        adj = fide_adjusted(t)
        own = t.points
        cap_other = sc.draw * t.rounds
        played = int(Kind.PLAYED)
        val: list[list[float]] = []
        credit: list[list[float]] = []
        first: list[list[bool] | None] = []
        for p in range(n):
            opp_p, kind_p, pts_p = t.opp[p], t.kind[p], t.pts[p]
            if rr:  # Art. 15.2: every scheduled game counts against its opponent; rounds without one are left out
                if min(opp_p, default=0) >= 0:
                    val.append([adj[q] for q in opp_p])
                    credit.append(pts_p)
                else:
                    val.append([adj[q] for q in opp_p if q >= 0])
                    credit.append([x for q, x in zip(opp_p, pts_p) if q >= 0])
                first.append(None)
                continue
            own_p = own[p]
            if self.caps:
                v = [
                    adj[q] if k == played and q >= 0 else (min(own_p, adj[q]) if q >= 0 else min(own_p, cap_other))
                    for q, k in zip(opp_p, kind_p)
                ]
            else:
                v = [adj[q] if k == played and q >= 0 else own_p for q, k in zip(opp_p, kind_p)]
            val.append(v)
            credit.append(pts_p)
            first.append(None if VUR_KINDS.isdisjoint(kind_p) else [k in VUR_KINDS for k in kind_p])
        return Evaluation(t, self, list(own), adj, val, credit, first)

    def wins(self, t: Tournament) -> list[int]:
        """WIN (C.07 7.1): rounds with a win's points, played or not."""
        w = t.scoring.win
        return [sum(1 for x in t.pts[p] if x == w) for p in range(len(t.players))]


class Fide2009Rules(RuleSet):
    name = "fide-2009"
    title = "FIDE virtual-opponent rule (2009, in the Handbook until 2023)"
    summary = "Opponents' unplayed games count as draws; a player's own unplayed round is a game against a virtual opponent."
    forfeits = (
        "For the opponents, every unplayed game counts as a draw. The player's own forfeit round is a game against a virtual "
        "opponent with the player's score before the round, the opposite result in it, and draws afterwards."
    )
    byes = "As a forfeit: a game against the virtual opponent; its points count (SB: virtual score × points)."
    requested_byes = "As a forfeit: a game against the virtual opponent."
    withdrawals = "Absent rounds are unplayed games: draws for the opponents, virtual opponents for the player."

    def evaluate(self, t: Tournament) -> Evaluation:
        n = len(t.players)
        sc = t.scoring
        played = int(Kind.PLAYED)
        rr = t.is_round_robin
        # unplayed games count as draws for the opponents; a round robin's rest rounds count nothing
        adj = [
            sum(x if k == played else (sc.draw if q >= 0 or not rr else 0.0) for q, k, x in zip(t.opp[p], t.kind[p], t.pts[p]))
            for p in range(n)
        ]
        rounds = t.rounds
        val: list[list[float]] = []
        credit: list[list[float]] = []
        for p in range(n):
            v: list[float] = []
            c: list[float] = []
            before = 0.0
            for i, (q, k, x) in enumerate(zip(t.opp[p], t.kind[p], t.pts[p])):
                if k == played and q >= 0:
                    v.append(adj[q])
                    c.append(x)
                elif not t.has_rounds or t.is_round_robin:  # round robin: forfeits against the scheduled opponent, rest rounds left out
                    if q >= 0:
                        v.append(adj[q])
                        c.append(x)
                else:
                    v.append(before + (sc.win - x) + sc.draw * (rounds - (i + 1)))
                    c.append(x)
                before += x
            val.append(v)
            credit.append(c)
        return Evaluation(t, self, list(t.points), adj, val, credit, [None] * n)

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
    import datetime as _dt

    if isinstance(start, _dt.date) and start < _dt.date(2026, 3, 1):
        return "fide-2024"
    return "fide-2026"


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
        from .notation import show

        raise UnknownRuleSetError(f"unknown rule set {show(str(name))}: use one of {', '.join(RULE_SETS)}")
    return rules
