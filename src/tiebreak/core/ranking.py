"""Places: points first, then the event's criteria in order (rules 1.13.1–1.13.10).

* A ``value`` criterion splits a tied group by its values (larger is better).
* A ``progressive`` criterion (truncated Solkoff) drops 1 worst value, and for
  the players still tied 2, 3 ... until they differ or nothing is left to drop.
* A ``group`` criterion (head-to-head, order of places, FIDE DE) is computed
  inside the group still tied; when it splits the group it is applied again
  inside each part still tied.
* A group criterion may ask for every participant's place after points and
  the criteria listed before it: "results in order of places" (1.13.3) orders
  the other participants so, by every earlier criterion (progressive and group
  ones too); players sharing a place there form one place, their results added
  up; only the participants every tied player met count.
* A criterion that needs data the table lacks (ratings) is skipped with a note.

Players equal after every criterion share the place (``"3–4"``).

>>> from tiebreak.reading import read_table
>>> t = read_table([["X", 1, 0, 1], [0, "X", 1, 1], [1, 0, "X", "="], [0, 0, "=", "X"]])
>>> r = rank(t, "sonneborn_berger, wins, h2h")
>>> [(s.label, t.players[s.player].label(), s.values["sonneborn_berger"]) for s in r.standings]
[('1', 'No. 1', 5.0), ('2', 'No. 2', 4.0), ('3', 'No. 3', 4.5), ('4', 'No. 4', 1.5)]
>>> rank(read_table([["X", "½"], ["½", "X"]])).places()
['1–2', '1–2']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tiebreak.core.collector import while_paused
from tiebreak.core.counting import Evaluation
from tiebreak.core.criteria import (
    Criterion,
    GroupCriterion,
    ProgressiveCriterion,
    default_criteria,
    get_criterion,
    parse_criteria,
)
from tiebreak.core.criterion import GroupContext, Ratings
from tiebreak.core.i18n import _
from tiebreak.core.match import default_codes
from tiebreak.core.model import Tournament
from tiebreak.core.progress import pending_note
from tiebreak.core.record import Record
from tiebreak.core.rules import RuleSet, get_rules

__all__ = ["Ranking", "Standing", "place_label", "rank", "separated_at", "sort_key"]

_EPS = 9


def place_label(first: int, last: int) -> str:
    """``"3"`` or ``"3–4"`` (with an en dash)."""
    return str(first) if first == last else f"{first}–{last}"


class Standing(Record):
    """One player's line of a ranking: his place (or shared places), the criteria's values, what set him apart."""

    player: int
    place: int
    place_to: int
    values: dict[str, Any]
    decided_by: str | None = None

    _fields = ("player", "place", "place_to", "values", "decided_by")

    def __init__(self, player: int, place: int, place_to: int, values: dict[str, Any], decided_by: str | None = None) -> None:
        self.player = player
        self.place = place
        self.place_to = place_to
        self.values = values
        self.decided_by = decided_by

    @property
    def label(self) -> str:
        return place_label(self.place, self.place_to)


class Ranking(Record):
    """A ranked tournament: the standings top down, the criteria used, and the notes of what was skipped."""

    tournament: Tournament
    evaluation: Evaluation
    criteria: list[Criterion]
    standings: list[Standing]
    notes: list[str]
    skipped: list[str]
    split_steps: list[int]
    """Per group of shared place, top down: the step that set it apart from the group above
    (0: points, k: the k-th criterion); see :meth:`places_at`."""

    @property
    def order(self) -> list[int]:
        return [s.player for s in self.standings]

    _by_player: tuple[list[Standing], list[Standing]] | None = None

    _fields = ("tournament", "evaluation", "criteria", "standings", "notes", "skipped", "split_steps")

    def __init__(
        self,
        tournament: Tournament,
        evaluation: Evaluation,
        criteria: list[Criterion],
        standings: list[Standing],
        notes: list[str] | None = None,
        skipped: list[str] | None = None,
        split_steps: list[int] | None = None,
    ) -> None:
        self.tournament = tournament
        self.evaluation = evaluation
        self.criteria = criteria
        self.standings = standings
        self.notes = [] if notes is None else notes
        self.skipped = [] if skipped is None else skipped
        self.split_steps = [] if split_steps is None else split_steps

    def by_player(self) -> list[Standing]:
        """Standings indexed by player (table row order); built once for a given list of standings."""
        known = self._by_player
        if known is not None and known[0] is self.standings and len(known[1]) == len(self.standings):
            return known[1]
        out: list[Standing | None] = [None] * len(self.standings)
        for s in self.standings:
            out[s.player] = s
        self._by_player = (self.standings, out)  # type: ignore[assignment]
        return out  # type: ignore[return-value]

    def places(self) -> list[str]:
        return [s.label for s in self.by_player()]

    def places_at(self, step: int) -> list[tuple[int, int]]:
        """Per player (table order): his (place, last place shared) after points and the first ``step`` criteria.

        Criteria only split tied groups further, so the ranking by a prefix of the criteria is
        this ranking with the splits of later steps undone (the same as ranking again with
        ``criteria[:step]``, without the work).
        """
        sizes: list[int] = []
        for i, s in enumerate(self.standings):
            if i == 0 or s.place != self.standings[i - 1].place:
                sizes.append(0)
            sizes[-1] += 1
        out: list[tuple[int, int]] = [(0, 0)] * len(self.standings)
        i = 0
        start = 1
        blocks: list[tuple[int, int]] = []  # (first standing, count) of each place at this step
        for g, size in enumerate(sizes):
            if g == 0 or self.split_steps[g] <= step:
                blocks.append((i, size))
            else:
                first, count = blocks[-1]
                blocks[-1] = (first, count + size)
            i += size
        for first, count in blocks:
            for s in self.standings[first : first + count]:
                out[s.player] = (start, start + count - 1)
            start += count
        return out


    def steps(self) -> list[list[tuple[int, int]]]:
        """:meth:`places_at` for every step, points (0) to the last criterion."""
        return [self.places_at(k) for k in range(len(self.criteria) + 1)]


def separated_at(steps: list[list[tuple[int, int]]], p: int, q: int) -> int | None:
    """The first step (of :meth:`Ranking.steps`) at which ``p`` and ``q`` no longer share a place; None if they never part."""
    for k, places in enumerate(steps):
        if places[p] != places[q]:
            return k
    return None


def sort_key(v: Any, lower_is_better: bool = False) -> Any:
    """Sort key of a value, larger = better; None (undefined) below everything."""
    if v is None:
        return (0,)
    if isinstance(v, tuple):
        return (1, tuple(round(x, _EPS) for x in v))
    x = round(float(v), _EPS)
    return (1, -x if lower_is_better else x)


def _keys(values: Sequence[Any], lower_better: bool = False) -> list[Any]:
    """Each value's :func:`sort_key`, or (every value a float) the rounded number itself: the same order and ties."""
    if all(v.__class__ is float for v in values):
        keys = [round(v, _EPS) for v in values]
        return [-x for x in keys] if lower_better else keys
    return [sort_key(v, lower_better) for v in values]


def _parts(group: Sequence[int], keys: Sequence[Any]) -> list[list[int]]:
    """The group in parts of equal key (``keys`` in the group's order), the largest key first."""
    if len(group) == 2:  # the commonest tie
        a, b = keys
        if a == b:
            return [list(group)]
        return [[group[0]], [group[1]]] if a > b else [[group[1]], [group[0]]]
    buckets: dict[Any, list[int]] = {}
    for p, key in zip(group, keys):
        bucket = buckets.get(key)
        if bucket is None:
            buckets[key] = [p]
        else:
            bucket.append(p)
    return [buckets[k] for k in sorted(buckets, reverse=True)]


class _Ranker:
    """Splits tied groups by the criteria in order (each criterion by its type)."""

    def __init__(self, ev: Evaluation, criteria: list[Criterion], ratings: Ratings) -> None:
        self.ev = ev
        self.criteria = criteria
        self.ratings = ratings
        self.decided: dict[int, str] = {}
        self.split_at: dict[int, int] = {}
        """Group index (in output order) -> the step that set it apart from the group before it."""
        self.applied: dict[str, dict[int, Any]] = {}
        """Values of group criteria as shown where they were applied (first application)."""

    def groups(self) -> list[Sequence[int]]:
        """The players in groups of equal standing, best first."""
        pts = self.ev.points
        by_points: dict[float, list[int]] = {}
        for p in range(self.ev.n):
            by_points.setdefault(round(pts[p], _EPS), []).append(p)
        out: list[Sequence[int]] = []
        for key in sorted(by_points, reverse=True):
            self.split_at[len(out)] = 0
            self.resolve(by_points[key], 0, out, "points")
        return out

    def split(self, group: list[int], values: Sequence[Any], lower_better: bool = False) -> list[list[int]]:
        """The group in parts of equal value (``values`` in the group's order), best first."""
        return _parts(group, _keys(values, lower_better))

    def resolve(self, group: list[int], ci: int, out: list[Sequence[int]], via: str) -> None:
        if len(group) == 1:
            self.decided.setdefault(group[0], via)
            out.append((group[0],))  # a tuple: the collector stops tracking it (a list per player would count towards a full collection)
            return
        if ci >= len(self.criteria):
            for p in group:
                self.decided.setdefault(p, "")
            out.append(group)
            return
        crit = self.criteria[ci]
        if isinstance(crit, ProgressiveCriterion):
            self.progressive(crit, group, ci, out, via)
        elif isinstance(crit, GroupCriterion):
            self.by_group(crit, group, ci, out, via)
        else:
            vals = crit.values(self.ev, self.ratings)
            parts = self.split(group, [vals[p] for p in group], crit.lower_is_better)
            for i, part in enumerate(parts):
                if i:
                    self.split_at[len(out)] = ci + 1
                self.resolve(part, ci + 1, out, crit.code if len(parts) > 1 else via)

    def by_group(self, crit: GroupCriterion, group: list[int], ci: int, out: list[Sequence[int]], via: str) -> None:
        ctx = GroupContext(self.ratings, lambda: self.places_before(ci))
        keys = crit.keys(self.ev, group, ctx)
        record = self.applied.setdefault(crit.code, {})
        for p, v in zip(group, crit.display(self.ev, group, ctx, keys)):
            record.setdefault(p, v)
        parts = self.split(group, keys, crit.lower_is_better)
        if len(parts) == 1:
            self.resolve(group, ci + 1, out, via)
            return
        for i, part in enumerate(parts):
            if i:
                self.split_at[len(out)] = ci + 1
            if len(part) > 1:
                self.resolve(part, ci, out, crit.code)  # re-applied inside the part
            else:
                self.resolve(part, ci + 1, out, crit.code)

    def progressive(self, crit: ProgressiveCriterion, group: list[int], ci: int, out: list[Sequence[int]], via: str) -> None:
        """Step k = 1, 2 ... for the players still tied, until they differ or a part has nothing left to drop.

        The tied parts are split in place, one step at a time for all of them
        (one computation of the step's values per step, not per part); the
        parts keep the order a part-by-part descent would give them.  A part
        stops at step max(games − 1, 1), its own players' most games.
        """
        games = self.ev.memo("games per player", lambda: list(map(len, self.ev.val)))
        same = min(games, default=0) == max(games, default=0)  # every player has as many games (the usual case)

        def last_step(part: list[int]) -> int:
            return max((games[part[0]] if same else max(map(games.__getitem__, part))) - 1, 1)

        parts = [group]
        limits = [last_step(group)]
        k = 1
        while True:
            open_parts = [len(part) > 1 and k <= limit for part, limit in zip(parts, limits)]
            if not any(open_parts):
                break
            members = [p for part, opened in zip(parts, open_parts) if opened for p in part]
            keys = _keys(crit.step(self.ev, k, members))  # only for the players still tied
            new_parts: list[list[int]] = []
            new_limits: list[int] = []
            at = 0
            for part, limit, opened in zip(parts, limits, open_parts):
                if not opened:
                    new_parts.append(part)
                    new_limits.append(limit)
                    continue
                split = _parts(part, keys[at : at + len(part)])
                at += len(part)
                new_parts.extend(split)
                new_limits.extend([limit] if len(split) == 1 else map(last_step, split))
            parts, limits = new_parts, new_limits
            k += 1
        label = crit.code if len(parts) > 1 else via
        for i, part in enumerate(parts):
            if i:
                self.split_at[len(out)] = ci + 1
            self.resolve(part, ci + 1, out, label)

    def places_before(self, ci: int) -> list[int]:
        """Every player's place (0 = first) after points and the criteria before ``ci``; players still equal share it."""

        def compute() -> list[int]:
            sub = _Ranker(self.ev, self.criteria[:ci], self.ratings)
            place = [0] * self.ev.n
            for i, g in enumerate(sub.groups()):
                for p in g:
                    place[p] = i
            return place

        key = ("places", tuple(c.code for c in self.criteria[:ci]), None if self.ratings is None else tuple(self.ratings))
        return self.ev.memo(key, compute)


def _criteria(t: Tournament, criteria: str | Sequence[str | Criterion] | None) -> list[Criterion]:
    """The criteria asked for; none: rule 1.13.3's list (a team event: the club criteria for teams)."""
    if criteria is None:
        team = default_codes(t)
        return [get_criterion(c) for c in team] if team is not None else default_criteria(round_robin=t.is_round_robin)
    if isinstance(criteria, str):
        return parse_criteria(criteria)
    return [get_criterion(c) for c in criteria]


@while_paused  # one computation: the collector paused while it ranks (tiebreak.core.collector)
def rank(
    t: Tournament,
    criteria: str | Sequence[str | Criterion] | None = None,
    rules: str | RuleSet | None = None,
    *,
    ratings: Ratings = None,
    evaluation: Evaluation | None = None,
    columns: bool = True,
) -> Ranking:
    """Rank an event: points, then ``criteria`` (default: rule 1.13.3's list).

    ``columns=False`` leaves out each criterion's displayed values (``Standing.values``).
    """
    ev = evaluation if evaluation is not None else get_rules(rules).evaluate(t)
    crits = _criteria(t, criteria)
    notes = list(ev.notes)
    waiting = pending_note(t)
    if waiting:
        notes.append(waiting)
    skipped: list[str] = []
    active: list[Criterion] = []
    for c in crits:
        if c.needs == "ratings":
            have = ratings if ratings is not None else [p.rating for p in t.players]
            if not any(have):
                skipped.append(c.code)
                notes.append(_("'{name}' skipped: the table has no ratings").format(name=c.title))
                continue
        if c.needs == "rounds" and not t.has_rounds:
            skipped.append(c.code)
            notes.append(_("'{name}' skipped: it needs round order, which a round robin matrix does not have").format(name=c.title))
            continue
        active.append(c)
    ranker = _Ranker(ev, active, ratings)
    groups = ranker.groups()
    shown: dict[str, Any] = {}
    if columns:
        for c in active:
            if isinstance(c, GroupCriterion):
                applied = ranker.applied.get(c.code, {})
                shown[c.code] = [applied.get(p) for p in range(ev.n)]
            else:
                shown[c.code] = c.values(ev, ratings)
    standings: list[Standing] = []
    place = 1
    for g in groups:
        last = place + len(g) - 1
        for p in sorted(g, key=lambda q: (t.players[q].number, q)):
            standings.append(Standing(p, place, last, {code: col[p] for code, col in shown.items()}, ranker.decided.get(p) or None))
        place = last + 1
    return Ranking(t, ev, active, standings, notes, skipped, [ranker.split_at[g] for g in range(len(groups))])
