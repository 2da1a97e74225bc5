"""Explain a place: which criterion separated players equal on points, and with what values.

For each group of players equal on points, every two neighbours in the
standings (the upper placed above the lower, or level with him) get a
:class:`Separation`: the criteria on which they were equal, and the criterion
that separated them with both values, or that they share a place.  The
criterion is the one of :mod:`tiebreak.core.compare`: the first step (points and
the first k criteria) whose ranking gives them different places.  For a
truncated Solkoff the step says how many worst values were cut; for a group
criterion (head-to-head, results in order of places, DE) which players it
was applied among (it is re-applied inside a part still tied, so two players
of a three-player group may be separated by their own game).

>>> from tiebreak.reading import read_table
>>> from tiebreak.core.ranking import rank
>>> t = read_table([["No", "Name", 1, 2, 3, 4], [1, "Ann", "X", 1, 0, 1], [2, "Bob", 0, "X", 1, 1],
...                 [3, "Cid", 1, 0, "X", "="], [4, "Dan", 0, 0, "=", "X"]])
>>> [s.text() for s in separations(rank(t, "sonneborn_berger, wins"))]
['Ann 1st, Bob 2nd: equal on points 2; separated by Sonneborn–Berger, 5 to 4']
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from tiebreak.core.counting import Evaluation
from tiebreak.core.criterion import (
    Criterion,
    GroupContext,
    GroupCriterion,
    ProgressiveCriterion,
)
from tiebreak.core.i18n import _, current_language, ngettext, pgettext, use_language
from tiebreak.core.localformat import decimal_separator
from tiebreak.core.numbers import json_value
from tiebreak.core.numbers import text as num_text
from tiebreak.core.ranking import Ranking, separated_at, sort_key
from tiebreak.core.record import Record

__all__ = ["Separation", "decided_texts", "listing", "ordinal", "separations", "show_value", "value_of"]

def ordinal(n: int) -> str:
    """A place as an ordinal in the current language: ``1st``, ``2nd``, ``11th`` / ``1-е``, ``2-е``."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        # TRANSLATORS: a place in the standings (4th, 11th); Russian "{n}-е" (место).
        return pgettext("place", "{n}th").format(n=n)
    if n % 10 == 1:
        # TRANSLATORS: a place in the standings (1st, 21st).
        return pgettext("place", "{n}st").format(n=n)
    if n % 10 == 2:
        # TRANSLATORS: a place in the standings (2nd, 22nd).
        return pgettext("place", "{n}nd").format(n=n)
    # TRANSLATORS: a place in the standings (3rd, 23rd).
    return pgettext("place", "{n}rd").format(n=n)


def listing(items: Sequence[str]) -> str:
    """``a, b and c`` in the current language."""
    if len(items) < 2:
        return "".join(items)
    # TRANSLATORS: the end of a list: "points 2, Buchholz 7 and Most wins 1".
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


class Separation(Record):
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
    among: list[str]
    """For a group criterion, the names of the players it was applied among."""

    _fields = (
        "upper", "lower", "upper_place", "lower_place", "names", "numbers", "points", "equal_on", "by", "values", "step",
        "among",
    )

    def __init__(
        self,
        upper: int,
        lower: int,
        upper_place: str,
        lower_place: str,
        names: tuple[str, str],
        numbers: tuple[int, int],
        points: float,
        equal_on: list[tuple[Criterion, Any]],
        by: Criterion | None,
        values: tuple[Any, Any] = (None, None),
        step: int = 0,
        among: list[str] | None = None,
    ) -> None:
        self.upper = upper
        self.lower = lower
        self.upper_place = upper_place
        self.lower_place = lower_place
        self.names = names
        self.numbers = numbers
        self.points = points
        self.equal_on = equal_on
        self.by = by
        self.values = values
        self.step = step
        self.among = [] if among is None else among

    def text(self, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: the current language)."""
        with use_language(lang or current_language()):
            return self._text()

    def _text(self) -> str:
        # TRANSLATORS: one of the values two players are equal on, e.g. "points 3.5".
        what = [_("points {value}").format(value=show_value(self.points, None))]
        for c, v in self.equal_on:
            if v is not None and v != "" and v != ():
                what.append(f"{c.title} {show_value(v, c)}")
        a, b = self.names
        if self.by is None:
            # TRANSLATORS: {equal} lists the values they are equal on ("points 1 and Head-to-head 0"); {place} is "4–5".
            return _("{upper} and {lower} share place {place}: equal on {equal}").format(upper=a, lower=b, place=self.upper_place, equal=listing(what))
        crit = self.by.title
        if self.step > 1:
            crit = ngettext("{criterion} without the {k} worst", "{criterion} without the {k} worst", self.step).format(criterion=crit, k=self.step)
        if len(self.among) > 2:
            # TRANSLATORS: a group criterion (head-to-head ...) applied among these players.
            crit = _("{criterion} among {names}").format(criterion=crit, names=", ".join(self.among))
        # TRANSLATORS: "P 2nd, D 3rd: equal on points 3.5; separated by Truncated Solkoff, 13 to 9.5".
        return _("{upper} {upper_place}, {lower} {lower_place}: equal on {equal}; separated by {criterion}, {upper_value} to {lower_value}").format(
            upper=a,
            upper_place=_ordinal_label(self.upper_place),
            lower=b,
            lower_place=_ordinal_label(self.lower_place),
            equal=listing(what),
            criterion=crit,
            upper_value=show_value(self.values[0], self.by),
            lower_value=show_value(self.values[1], self.by),
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "upper": self.names[0],
            "lower": self.names[1],
            "numbers": list(self.numbers),
            "places": [self.upper_place, self.lower_place],
            "points": self.points,
            "equal_on": [{"criterion": c.code, "value": _json(v, c)} for c, v in self.equal_on],
            "separated_by": None if self.by is None else self.by.code,
            "values": [_json(v, self.by) for v in self.values],
            "cut": self.step or None,
            "among": self.among or None,
            "text": self.text(),
        }


def _ordinal_label(label: str) -> str:
    if label.isdigit():
        return ordinal(int(label))
    return label


def show_value(v: Any, c: Criterion | None) -> str:
    """A value in a text: Russian writes a decimal comma (and separates a tuple's numbers by semicolons)."""
    decimals = 1 if c is None else c.decimals
    comma = decimal_separator() == ","

    def one(x: Any) -> str:  # a float (the usual value) from the table's few distinct numbers, each written once
        return _float_text(x, decimals, comma) if x.__class__ is float else _number_text(x, decimals, comma)

    if isinstance(v, tuple):
        return "(" + ("; " if comma else ", ").join(one(x) for x in v) + ")"
    return one(v) if v is not None else "—"


def _number_text(x: Any, decimals: int, comma: bool) -> str:
    """A number as :func:`show_value` writes it."""
    t = num_text(x, decimals)
    return t.replace(".", ",") if comma else t


_float_text = functools.lru_cache(maxsize=4096)(_number_text)
""":func:`_number_text` of a float, remembered: the Decided-by texts of a big event repeat a few hundred numbers."""


def _json(v: Any, c: Criterion | None) -> Any:
    """A value in the JSON output: rounded half up at the criterion's decimals, as every output shows it."""
    if v is None or v == "":
        return v
    return json_value(v, 1 if c is None else c.decimals)


def _same(x: Any, y: Any) -> bool:
    return bool(sort_key(x) == sort_key(y))


def _progressive_step(ev: Evaluation, crit: ProgressiveCriterion, a: int, b: int) -> tuple[int, tuple[Any, Any]]:
    games = max(len(ev.val[a]), len(ev.val[b]))
    first = crit.values(ev)  # step 1 is the column, computed once per evaluation
    for k in range(1, max(games - 1, 1) + 1):
        va, vb = (first[a], first[b]) if k == 1 else crit.step(ev, k, [a, b])
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


def value_of(ranking: Ranking, c: Criterion, p: int) -> Any:
    return ranking.by_player()[p].values.get(c.code) if ranking.standings and ranking.standings[0].values else c.values(ranking.evaluation)[p]


def separations(ranking: Ranking) -> list[Separation]:
    """Every two neighbours equal on points, top down (see the module text)."""
    t = ranking.tournament
    ev = ranking.evaluation
    crits = ranking.criteria
    steps = ranking.steps()
    standings = ranking.standings
    out: list[Separation] = []
    for s, nxt in pairwise(standings):
        a, b = s.player, nxt.player
        if round(ev.points[a] - ev.points[b], 9) != 0:
            continue
        k = separated_at(steps, a, b)
        names = (t.players[a].label(), t.players[b].label())
        numbers = (t.players[a].number, t.players[b].number)
        upto = len(crits) if k is None else k - 1
        equal_on = [(c, value_of(ranking, c, a)) for c in crits[:upto]]
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


def decided_texts(ranking: Ranking, lang: str | None = None, seps: Sequence[Separation] | None = None) -> list[str]:
    """Per player (table order): the separation from his neighbour above on equal points, else from the one below;
    "Points" for a player nobody shares his points with.  In ``lang`` (default: the current language)."""
    found = list(seps) if seps is not None else separations(ranking)
    below = {s.upper: s for s in found}
    above = {s.lower: s for s in found}
    ev = ranking.evaluation
    out = []
    with use_language(lang or current_language()):
        for p in range(ev.n):
            sep = above.get(p) or below.get(p)
            # TRANSLATORS: the "Decided by" column of a player nobody shares his points with.
            out.append(sep._text() if sep else pgettext("decided by", "Points"))  # already in the language
    return out
