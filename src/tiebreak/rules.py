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
>>> ev.val[0], ev.out[0]
([1.0, 0.5], [1, 1])
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

    Lists are per player; the inner lists are per counted game.
    """

    tournament: Tournament
    rules: RuleSet
    points: list[float]
    """Actual points (ranking)."""
    score: list[float]
    """Each player's score as it enters his opponents' sums (adjusted by the rules)."""
    val: list[list[float]]
    out: list[list[int]]
    credit: list[list[float]]
    real: list[list[int]]
    cut_first: list[list[bool]]
    notes: list[str] = field(default_factory=list)
    cache: dict[object, object] = field(default_factory=dict, repr=False)

    @property
    def n(self) -> int:
        return len(self.points)

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
    Only tables with round columns have withdrawals.
    """
    if not t.has_rounds:
        return None
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
        adjusted = _ru_adjusted(t)
        score = list(adjusted)
        notes: list[str] = []
        if t.has_rounds:
            self._credit_withdrawals(t, score, notes)
        lowest = min(t.points) if n else 0.0
        val: list[list[float]] = []
        out: list[list[int]] = []
        credit: list[list[float]] = []
        real: list[list[int]] = []
        for p in range(n):
            v: list[float] = []
            o: list[int] = []
            c: list[float] = []
            r: list[int] = []
            opp_p, kind_p, pts_p = t.opp[p], t.kind[p], t.pts[p]
            for i, k in enumerate(kind_p):
                if k == Kind.PLAYED:
                    q = opp_p[i]
                    v.append(score[q])
                    x = pts_p[i]
                    o.append(WIN if x == sc.win else DRAW if x == sc.draw else LOSS)
                    c.append(x)
                    r.append(q)
                elif k == Kind.FORFEIT_WIN or k == Kind.FORFEIT_LOSS:
                    q = opp_p[i]
                    v.append(score[q])
                    o.append(DRAW)
                    c.append(sc.draw)
                    r.append(q)
                elif k == Kind.PAIRING_BYE:
                    v.append(lowest)
                    o.append(WIN)
                    c.append(sc.win)
                    r.append(-1)
            val.append(v)
            out.append(o)
            credit.append(c)
            real.append(r)
        return Evaluation(t, self, list(t.points), score, val, out, credit, real, [[False] * len(v) for v in val], notes)

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
        sc = t.scoring
        score = list(t.points)
        val, out, credit, real = [], [], [], []
        for p in range(n):
            v, o, c, r = [], [], [], []
            for i, k in enumerate(t.kind[p]):
                if k <= Kind.FORFEIT_LOSS:
                    q = t.opp[p][i]
                    x = t.pts[p][i]
                    v.append(score[q])
                    o.append(WIN if x == sc.win else DRAW if x == sc.draw else LOSS)
                    c.append(x)
                    r.append(q)
            val.append(v)
            out.append(o)
            credit.append(c)
            real.append(r)
        return Evaluation(t, self, list(t.points), score, val, out, credit, real, [[False] * len(v) for v in val])

    def wins(self, t: Tournament) -> list[int]:
        sc = t.scoring
        return [
            sum(1 for i, k in enumerate(t.kind[p]) if k <= Kind.FORFEIT_LOSS and t.pts[p][i] == sc.win) for p in range(len(t.players))
        ]


RULE_SETS: dict[str, RuleSet] = {}


def register(rules: RuleSet) -> RuleSet:
    RULE_SETS[rules.name] = rules
    return rules


register(RuRules())
register(PlainRules())

_ALIASES = {"": DEFAULT_RULES, "default": DEFAULT_RULES, "russian": "ru", "рф": "ru", "россия": "ru", "фшр": "ru", "ршр": "ru"}


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
        raise UnknownRuleSetError(f"unknown rule set '{name}': use one of {', '.join(RULE_SETS)}")
    return rules
