"""Compare places under two (or more) rule sets or criteria lists: the engine of ``tiebreak compare``.

Each *variant* is a rule set with a criteria list; the first variant is the
reference.  A player is listed when his place differs between the reference
and any other variant, with **the criterion that made the difference**,
defined as follows.

For two players p and q, a ranking *separates* them at step k when ranking
by points and the first k of its criteria (k = 0: points alone) gives them
different places; steps only ever split ties further, so there is a first
such step, or none when they share their final place.  The *relation* of p
to q in a ranking is "above", "level" (a shared place) or "below".  For a
player whose place differs between rankings A and B, his *rivals* are the
players whose relation to him differs between A and B (there is at least
one, since his place counts the players above and level with him).  The
difference was made at the smallest step, over his rivals, at which A or B
separates him from a rival; the criterion is the one at that step in each
ranking (``points`` at step 0).  When A and B use the same criteria list,
this is the first criterion whose values put him on a different side of a
rival, under one rule set or the other.

A Swiss with a bye each round and B's forfeit win over E in round 2: on
Buchholz, ``ru`` counts B's forfeit as a draw against E and his bye as a win
over the event's lowest score, FIDE 2024 counts both rounds as a dummy with
B's own 2 points (the test of the command works the numbers out):

>>> from tiebreak.reading import read_table
>>> t = read_table([["No", "Name", "R1", "R2", "R3"], [1, "A", "2w1", "3w1", "4w½"], [2, "B", "1b0", "5w+", "+"],
...                 [3, "C", "4w1", "1b0", "5w1"], [4, "D", "3b0", "+", "1b½"], [5, "E", "+", "2b-", "3b0"]])
>>> c = compare(t, ["ru", "fide-2024"], ["buchholz"])
>>> [(d.name, d.places, d.criteria, d.values) for d in c.differences]
[('C', ['2', '3'], ['buchholz', 'buchholz'], [5.5, 5.0]), ('B', ['3', '2'], ['buchholz', 'buchholz'], [5.0, 6.5])]

The command's text and JSON reports are :mod:`tiebreak.cli.compare`; the Compare
sheet that Rank writes is :mod:`tiebreak.plan.compare`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tiebreak.core.criteria import get_criterion, parse_criteria
from tiebreak.core.errors import SettingsError
from tiebreak.core.i18n import _
from tiebreak.core.labels import text
from tiebreak.core.localformat import decimal_separator
from tiebreak.core.model import Tournament
from tiebreak.core.numbers import POINTS_DECIMALS
from tiebreak.core.numbers import text as number_text
from tiebreak.core.ranking import Ranking, rank, separated_at
from tiebreak.core.rules import get_rules

__all__ = ["Comparison", "Difference", "Variant", "compare", "compare_rankings", "made_by_text", "value_text", "variants"]


@dataclass
class Variant:
    label: str
    ranking: Ranking

    @property
    def rules(self) -> str:
        return self.ranking.evaluation.rules.name

    @property
    def criteria(self) -> list[str]:
        return [c.code for c in self.ranking.criteria]


@dataclass
class Difference:
    player: int
    number: int
    name: str
    points: float
    places: list[str]
    """The player's place in each variant."""
    criteria: list[str | None]
    """Per variant, the criterion that made the difference against the reference; the first entry is the reference's
    criterion at that step (against the first variant that places him differently); None where the variant places him
    as the reference does, or its list has no criterion at that step."""
    values: list[Any]
    """The player's value of that criterion in each variant (None when not computed for him)."""
    rivals: list[int] = field(default_factory=list)
    """Start numbers of the players whose standing relative to him changed (against the first variant that places him differently)."""


@dataclass
class Comparison:
    tournament: Tournament
    variants: list[Variant]
    differences: list[Difference]


def variants(rules: Sequence[str | None], criteria: Sequence[str | None]) -> list[tuple[str | None, str | None]]:
    """The (rules, criteria) of each variant: the longer list sets the count, a single entry is shared.

    >>> variants(["ru", "fide-2024"], [])
    [('ru', None), ('fide-2024', None)]
    >>> variants(["ru"], ["buchholz", "solkoff"])
    [('ru', 'buchholz'), ('ru', 'solkoff')]
    """
    rs = list(rules) or [None]
    cs = list(criteria) or [None]
    n = max(len(rs), len(cs))
    if n < 2:
        raise SettingsError(_("give two rule sets (--rules ru,fide-2024) or two criteria lists (--criteria ... --criteria ...) to compare"))
    if len(rs) not in (1, n) or len(cs) not in (1, n):
        raise SettingsError(
            _("{rule_sets} rule sets and {lists} criteria lists: give one of either, or as many of each").format(rule_sets=len(rs), lists=len(cs))
        )
    for r in rs:
        if r is not None:
            get_rules(r)
    for c in cs:
        if c is not None:
            parse_criteria(c)
    return [(rs[0] if len(rs) == 1 else rs[i], cs[0] if len(cs) == 1 else cs[i]) for i in range(n)]


def _labels(rankings: Sequence[Ranking]) -> list[str]:
    rules = [r.evaluation.rules.name for r in rankings]
    crits = [", ".join(c.code for c in r.criteria) or "points" for r in rankings]
    same_rules, same_crits = len(set(rules)) == 1, len(set(crits)) == 1
    if same_crits and not same_rules:
        return rules
    if same_rules and not same_crits:
        return crits
    return [f"{r}: {c}" for r, c in zip(rules, crits)]


def _relation(places: list[tuple[int, int]], p: int, q: int) -> int:
    """1: p above q, 0: they share a place, -1: p below q."""
    a, b = places[p][0], places[q][0]
    return (a < b) - (a > b)


def _criterion_at(ranking: Ranking, step: int) -> str | None:
    if step == 0:
        return "points"
    return ranking.criteria[step - 1].code if step <= len(ranking.criteria) else None


def _value(ranking: Ranking, player: int, code: str | None) -> Any:
    if code is None:
        return None
    if code == "points":
        return ranking.tournament.points[player]
    return ranking.by_player()[player].values.get(code)


def _made_by(a: Ranking, b: Ranking, sa: list[list[tuple[int, int]]], sb: list[list[tuple[int, int]]], p: int) -> tuple[int, list[int]]:
    """The step at which the difference for p was made between a and b, and his rivals (indices)."""
    fa, fb = sa[-1], sb[-1]
    n = len(fa)
    rivals = [q for q in range(n) if q != p and _relation(fa, p, q) != _relation(fb, p, q)]
    best: int | None = None
    for q in rivals:
        for k in (separated_at(sa, p, q), separated_at(sb, p, q)):
            if k is not None and (best is None or k < best):
                best = k
    return (0 if best is None else best), rivals


def compare_rankings(rankings: Sequence[Ranking], labels: Sequence[str] | None = None) -> Comparison:
    """Compare rankings of one event (the first is the reference)."""
    if len(rankings) < 2:
        raise SettingsError(_("two rankings are needed to compare"))
    t = rankings[0].tournament
    names = list(labels) if labels is not None else _labels(rankings)
    steps = [r.steps() for r in rankings]
    places = [r.places() for r in rankings]
    diffs: list[Difference] = []
    ref = rankings[0]
    order = {s.player: i for i, s in enumerate(ref.standings)}
    for p in sorted(range(len(t.players)), key=lambda q: order[q]):
        if all(pl[p] == places[0][p] for pl in places[1:]):
            continue
        crits: list[str | None] = [None] * len(rankings)
        values: list[Any] = [None] * len(rankings)
        rivals: list[int] = []
        for i in range(1, len(rankings)):
            if places[i][p] == places[0][p]:
                continue
            step, riv = _made_by(ref, rankings[i], steps[0], steps[i], p)
            crits[i] = _criterion_at(rankings[i], step)
            values[i] = _value(rankings[i], p, crits[i])
            if not rivals:  # the first variant that places him differently: the reference's side of it
                crits[0] = _criterion_at(ref, step)
                values[0] = _value(ref, p, crits[0])
                rivals = riv
        player = t.players[p]
        diffs.append(Difference(p, player.number, player.label(), t.points[p], [pl[p] for pl in places], crits, values, [t.players[q].number for q in rivals]))
    return Comparison(t, [Variant(n, r) for n, r in zip(names, rankings)], diffs)


def compare(
    t: Tournament,
    rules: Sequence[str | None] = (),
    criteria: Sequence[str | None] = (),
    *,
    default_rules: str | None = None,
    default_criteria: str | None = None,
) -> Comparison:
    """Rank ``t`` under each variant (see :func:`variants`) and compare; unset rules or criteria take the defaults."""
    rankings = [rank(t, c if c is not None else default_criteria, r if r is not None else default_rules) for r, c in variants(rules, criteria)]
    return compare_rankings(rankings)


# ------------------------------------------------------------------ output
def _criterion_name(code: str | None, lang: str = "en") -> str:
    if code is None:
        return "-"
    if code == "points":
        return text("points", lang)
    c = get_criterion(code)
    return c.name_ru if lang == "ru" else c.name


def value_text(code: str | None, v: Any) -> str:
    """A criterion's value as the comparison writes it: half up at the criterion's decimals (points: 2), nothing as ``""``."""
    if v is None or v == "":
        return ""
    decimals = POINTS_DECIMALS if code in (None, "points") else get_criterion(code).decimals
    return number_text(v, decimals, decimal_separator())


def made_by_text(d: Difference, lang: str = "en") -> str:
    """``Buchholz: 5 / 6.5`` (the same criterion) or ``Truncated Solkoff 4 / Buchholz 6.5`` (different ones)."""
    named = [c for c in d.criteria if c is not None]
    if named and all(c == named[0] for c in named):
        return f"{_criterion_name(named[0], lang)}: " + " / ".join(value_text(c, v) if c is not None else "-" for c, v in zip(d.criteria, d.values))
    return " / ".join(f"{_criterion_name(c, lang)} {value_text(c, v)}".strip() for c, v in zip(d.criteria, d.values))
