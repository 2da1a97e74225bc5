"""Explain a place: which criterion separated players equal on points, and with what values.

For each group of players equal on points, every two neighbours in the
standings (the upper placed above the lower, or level with him) get a
:class:`Separation`: the criteria on which they were equal, and the criterion
that separated them with both values, or that they share a place.  The
criterion is the one of :mod:`tiebreak.compare`: the first step (points and
the first k criteria) whose ranking gives them different places.  For a
truncated Solkoff the step says how many worst values were cut; for a group
criterion (head-to-head, results in order of places, DE) which players it
was applied among (it is re-applied inside a part still tied, so two players
of a three-player group may be separated by their own game).

>>> from tiebreak.reader import read_table
>>> from tiebreak.ranking import rank
>>> t = read_table([["No", "Name", 1, 2, 3, 4], [1, "Ann", "X", 1, 0, 1], [2, "Bob", 0, "X", 1, 1],
...                 [3, "Cid", 1, 0, "X", "="], [4, "Dan", 0, 0, "=", "X"]])
>>> [s.text() for s in separations(rank(t, "sonneborn_berger, wins"))]
['Ann 1st, Bob 2nd: equal on points 2; separated by Sonneborn–Berger, 5 to 4']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from .compare import _separated_at, _steps
from .counting import Evaluation
from .criterion import Criterion, GroupContext, GroupCriterion, ProgressiveCriterion
from .localformat import decimal_separator
from .numbers import text as num_text
from .ranking import Ranking, _k

__all__ = ["Separation", "decided_texts", "separations"]

_WORDS = {
    "en": {
        "points": "points",
        "equal": "equal on {what}",
        "and": " and ",
        "by": "separated by {crit}, {a} to {b}",
        "share": "{a} and {b} share place {place}",
        "alone": "Points",
        "without": "{crit} without the {k} worst",
        "among": "{crit} among {names}",
    },
    "ru": {
        "points": "очки",
        "equal": "равны: {what}",
        "and": " и ",
        "by": "разделены по критерию «{crit}»: {a} против {b}",
        "share": "{a} и {b} делят {place} место",
        "alone": "Очки",
        "without": "{crit} без {k} худших",
        "among": "{crit} между {names}",
    },
}


def _ordinal(n: int, lang: str) -> str:
    if lang == "ru":
        return f"{n}-е"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass
class Separation:
    """Two neighbours equal on points: what they are equal on and what separated them (or that they share a place)."""

    upper: int
    lower: int
    upper_place: str
    lower_place: str
    names: tuple[str, str]
    numbers: tuple[int, int]
    points: float
    equal_on: list[tuple[Criterion, Any]]
    """The criteria before the separating one, each with the (equal) value of the upper player."""
    by: Criterion | None
    """The criterion that separated them (None: they share a place)."""
    values: tuple[Any, Any] = (None, None)
    step: int = 0
    """For a truncated Solkoff, how many worst values were cut when they differed."""
    among: list[str] = field(default_factory=list)
    """For a group criterion, the names of the players it was applied among."""

    def _crit_name(self, c: Criterion, lang: str) -> str:
        return c.name_ru if lang == "ru" else c.name

    def text(self, lang: str = "en") -> str:
        w = _WORDS.get(lang, _WORDS["en"])
        what = [f"{w['points']} {_show(self.points, None, lang)}"]
        for c, v in self.equal_on:
            if v is not None and v != "" and v != ():
                what.append(f"{self._crit_name(c, lang)} {_show(v, c, lang)}")
        equal = w["equal"].format(what=", ".join(what[:-1]) + w["and"] + what[-1] if len(what) > 1 else what[0])
        a, b = self.names
        if self.by is None:
            return f"{w['share'].format(a=a, b=b, place=self.upper_place)}: {equal}"
        crit = self._crit_name(self.by, lang)
        if self.step > 1:
            crit = w["without"].format(crit=crit, k=self.step)
        if len(self.among) > 2:
            crit = w["among"].format(crit=crit, names=", ".join(self.among))
        head = f"{a} {_ordinal_label(self.upper_place, lang)}, {b} {_ordinal_label(self.lower_place, lang)}"
        return f"{head}: {equal}; " + w["by"].format(crit=crit, a=_show(self.values[0], self.by, lang), b=_show(self.values[1], self.by, lang))

    def as_json(self) -> dict[str, Any]:
        return {
            "upper": self.names[0],
            "lower": self.names[1],
            "numbers": list(self.numbers),
            "places": [self.upper_place, self.lower_place],
            "points": self.points,
            "equal_on": [{"criterion": c.code, "value": _json(v)} for c, v in self.equal_on],
            "separated_by": None if self.by is None else self.by.code,
            "values": [_json(v) for v in self.values],
            "cut": self.step or None,
            "among": self.among or None,
            "text": self.text(),
        }


def _ordinal_label(label: str, lang: str) -> str:
    if label.isdigit():
        return _ordinal(int(label), lang)
    return label


def _show(v: Any, c: Criterion | None, lang: str = "en") -> str:
    """A value in a text: Russian writes a decimal comma (and separates a tuple's numbers by semicolons)."""
    decimals = 1 if c is None else c.decimals
    comma = decimal_separator(lang) == ","

    def one(x: Any) -> str:
        t = num_text(x, decimals)
        return t.replace(".", ",") if comma else t

    if isinstance(v, tuple):
        return "(" + ("; " if comma else ", ").join(one(x) for x in v) + ")"
    return one(v) if v is not None else "—"


def _json(v: Any) -> Any:
    if isinstance(v, tuple):
        return list(v)
    if isinstance(v, float):
        return round(v, 10)
    return v


def _same(x: Any, y: Any) -> bool:
    return bool(_k(x) == _k(y))


def _progressive_step(ev: Evaluation, crit: ProgressiveCriterion, a: int, b: int) -> tuple[int, tuple[Any, Any]]:
    games = max(len(ev.val[a]), len(ev.val[b]))
    for k in range(1, max(games - 1, 1) + 1):
        va, vb = crit.step(ev, k, [a, b])
        if not _same(va, vb):
            return k, (va, vb)
    return 0, (None, None)


def _group_split(ranking: Ranking, crit: GroupCriterion, a: int, b: int, places: list[int]) -> tuple[list[int], tuple[Any, Any]]:
    """The players the group criterion was applied among when it separated a and b, and their shown values."""
    ev = ranking.evaluation
    group = [q for q in range(ev.n) if places[q] == places[a]]
    ctx = GroupContext(None, lambda: places)
    while len(group) > 1:
        keys = dict(zip(group, crit.keys(ev, group, ctx)))
        if not _same(keys[a], keys[b]):
            shown = dict(zip(group, crit.display(ev, group, ctx, [keys[q] for q in group])))
            return group, (shown[a], shown[b])
        part = [q for q in group if _same(keys[q], keys[a])]
        if len(part) == len(group):
            break
        group = part
    return group, (None, None)


def _value_of(ranking: Ranking, c: Criterion, p: int) -> Any:
    return ranking.by_player()[p].values.get(c.code) if ranking.standings and ranking.standings[0].values else c.values(ranking.evaluation)[p]


def separations(ranking: Ranking) -> list[Separation]:
    """Every two neighbours equal on points, top down (see the module text)."""
    t = ranking.tournament
    ev = ranking.evaluation
    crits = ranking.criteria
    steps = _steps(ranking)
    standings = ranking.standings
    out: list[Separation] = []
    for s, nxt in pairwise(standings):
        a, b = s.player, nxt.player
        if round(ev.points[a] - ev.points[b], 9) != 0:
            continue
        k = _separated_at(steps, a, b)
        names = (t.players[a].label(), t.players[b].label())
        numbers = (t.players[a].number, t.players[b].number)
        upto = len(crits) if k is None else k - 1
        equal_on = [(c, _value_of(ranking, c, a)) for c in crits[:upto]]
        if k is None:
            out.append(Separation(a, b, s.label, nxt.label, names, numbers, ev.points[a], equal_on, None))
            continue
        crit = crits[k - 1]
        sep = Separation(a, b, s.label, nxt.label, names, numbers, ev.points[a], equal_on, crit)
        if isinstance(crit, ProgressiveCriterion):
            sep.step, sep.values = _progressive_step(ev, crit, a, b)
            if sep.step > 1:  # equal on the steps before (the column shows the first)
                sep.equal_on.append((crit, crit.step(ev, 1, [a])[0]))
        elif isinstance(crit, GroupCriterion):
            places = [pl for pl, _ in steps[k - 1]]
            group, sep.values = _group_split(ranking, crit, a, b, places)
            sep.among = [t.players[q].label() for q in sorted(group, key=lambda q: t.players[q].number)]
        else:
            vals = crit.values(ev, None)
            sep.values = (vals[a], vals[b])
        out.append(sep)
    return out


def decided_texts(ranking: Ranking, lang: str = "en", seps: Sequence[Separation] | None = None) -> list[str]:
    """Per player (table order): the separation from his neighbour above on equal points, else from the one below;
    "Points" for a player nobody shares his points with."""
    found = list(seps) if seps is not None else separations(ranking)
    below = {s.upper: s for s in found}
    above = {s.lower: s for s in found}
    ev = ranking.evaluation
    out = []
    for p in range(ev.n):
        sep = above.get(p) or below.get(p)
        out.append(sep.text(lang) if sep else _WORDS.get(lang, _WORDS["en"])["alone"])
    return out
