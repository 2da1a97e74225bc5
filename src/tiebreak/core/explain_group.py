"""A group criterion (DE, EDE and its chains) explained application by application.

A group criterion ranks within the players tied with him on points and on every criterion
listed before it, and the ranking re-applies it inside each part it leaves tied.  So its
explanation says who is tied with him when it is applied (from the ranking's criteria; without
them, the players tied on points alone, and it says so), what the criterion read among them at
each application (the criterion's :class:`~tiebreak.core.explain_rows.GroupExplainer` says it:
the points among them, whether they all met ...), and what it decided: his place among the
tied, or who it leaves level with him and what follows.  The rows are his games among the group
of the first application, whose value the ranking's column shows.

:func:`tiebreak.core.explain.explain` calls :func:`explain_group` for such a criterion.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tiebreak.core.counting import Evaluation, Ratings, places_by_points
from tiebreak.core.criterion import Criterion, GroupContext, GroupCriterion
from tiebreak.core.explain_rows import GroupExplainer, Row, Step
from tiebreak.core.i18n import _, ngettext, pgettext
from tiebreak.core.places import listing, ordinal, show_value, value_of
from tiebreak.core.ranking import Ranking, place_label, sort_key

__all__ = ["explain_group"]


@dataclass
class _Tied:
    """The players a group criterion is applied to for one player, and what the explanation says of them."""

    group: list[int]
    """Him and the players tied with him when the criterion is applied (player indices, by start number)."""
    first: int
    """The group's first place (1-based): the places it shares before the criterion."""
    equal: list[str]
    """What they are equal on: ``points 5.5``, then each earlier criterion with its value."""
    basis: str
    """Why the group is the players tied on points alone ("" when it comes from the event's criteria)."""
    places: list[int]
    """Every player's place (0 = first) before the criterion, for :class:`GroupContext`."""
    later: Criterion | None = None
    """The criterion after it in the event's list (None: none, or the list is not known)."""
    known: bool = False
    """Whether the group comes from the event's criteria list."""


def _by_number(ev: Evaluation, players: list[int]) -> list[int]:
    return sorted(players, key=lambda q: (ev.tournament.players[q].number, q))


def _tied(ev: Evaluation, p: int, crit: Criterion, ranking: Ranking | None) -> _Tied:
    """Who is tied with ``p`` when ``crit`` is applied: after points and the criteria before it in ``ranking``'s list."""
    ci = None if ranking is None else next((i for i, c in enumerate(ranking.criteria) if c.code == crit.code), None)
    # TRANSLATORS: one of the values tied players are equal on, e.g. "points 3.5" (as in the place texts).
    equal = [_("points {value}").format(value=show_value(ev.points[p], None))]
    if ranking is None or ci is None:
        key = round(ev.points[p], 9)
        group = _by_number(ev, [q for q in range(ev.n) if round(ev.points[q], 9) == key])
        first = 1 + sum(1 for x in ev.points if round(x, 9) > key)
        if ranking is None:
            basis = _("the criteria list is not given: tied on points alone")
        else:
            basis = _("{code} is not in the event's criteria list: tied on points alone").format(code=crit.code)
        return _Tied(group, first, equal, basis, places_by_points(ev.points))
    at = ranking.places_at(ci)
    group = _by_number(ev, [q for q in range(ev.n) if at[q] == at[p]])
    index = {f: i for i, f in enumerate(sorted({f for f, _last in at}))}
    for c in ranking.criteria[:ci]:
        v = value_of(ranking, c, p)
        if v is not None and v != "" and v != ():
            equal.append(f"{c.title} {show_value(v, c)}")
    later = ranking.criteria[ci + 1] if ci + 1 < len(ranking.criteria) else None
    return _Tied(group, at[p][0], equal, "", [index[f] for f, _last in at], later, True)


def _parts(group: list[int], keys: list[Any], lower_is_better: bool) -> list[list[int]]:
    """The group in parts of equal key, the best first (as the ranking splits it)."""
    buckets: dict[Any, list[int]] = {}
    for q, k in zip(group, keys):
        buckets.setdefault(sort_key(k, lower_is_better), []).append(q)
    return [buckets[k] for k in sorted(buckets, reverse=True)]


def _applications(ev: Evaluation, p: int, crit: GroupCriterion, group: list[int], ctx: GroupContext) -> list[tuple[list[int], list[Any], list[list[int]]]]:
    """Each application of ``crit`` to a group holding ``p``: the group, its keys, its parts (the ranking re-applies a
    group criterion inside a part it leaves tied, until a part is one player or it no longer splits)."""
    out = []
    while True:
        keys = list(crit.keys(ev, group, ctx))
        parts = _parts(group, keys, crit.lower_is_better)
        out.append((group, keys, parts))
        mine = next(part for part in parts if p in part)
        if len(parts) == 1 or len(mine) == 1:
            return out
        group = mine


def _names(ev: Evaluation, players: list[int], sep: str = "; ") -> str:
    return sep.join(ev.tournament.players[q].label() for q in players)


def _order(ev: Evaluation, parts: list[list[int]]) -> str:
    """``A > B = C``: the parts best first, the players of a part equal."""
    if len(parts) == 1:
        # TRANSLATORS: a group criterion applied to tied players left them all equal.
        return _("not separated")
    return " > ".join(_names(ev, part, " = ") for part in parts)


def _decided(ev: Evaluation, p: int, crit: Criterion, tied: _Tied, steps: list[tuple[list[int], list[Any], list[list[int]]]]) -> str:
    """What the criterion decided for ``p``: his place among the tied, or the players it leaves level with him and what follows."""
    above = 0
    for _group, _keys, parts in steps:
        for part in parts:
            if p in part:
                break
            above += len(part)
    mine = next(part for part in steps[-1][2] if p in part)
    n = len(tied.group)
    name = ev.tournament.players[p].label()
    if len(mine) == 1:
        if tied.known:
            # TRANSLATORS: what DE decided: "Rossi 1st of the 2 tied, 3rd place in the standings".
            text = ngettext("{name}: {place} of the {n} tied, {overall} place in the standings", "{name}: {place} of the {n} tied, {overall} place in the standings", n)
            return text.format(name=name, place=ordinal(above + 1), n=n, overall=ordinal(tied.first + above))
        # TRANSLATORS: what DE decided when the criteria before it are not known: "Rossi 1st of the 3 tied on points".
        return ngettext("{name}: {place} of the {n} tied on points", "{name}: {place} of the {n} tied on points", n).format(name=name, place=ordinal(above + 1), n=n)
    if len(steps) == 1 and len(steps[0][2]) == 1:
        # TRANSLATORS: a group criterion (DE, EDE) left every tied player level.
        text = _("{code} does not separate them").format(code=crit.code)
    else:
        # TRANSLATORS: DE separated some of the tied but not these: "A; B share 2–3 of the 4 tied: DE does not separate them".
        text = ngettext(
            "{names} share {places} of the {n} tied: {code} does not separate them", "{names} share {places} of the {n} tied: {code} does not separate them", n
        ).format(names=_names(ev, mine), places=place_label(above + 1, above + len(mine)), n=n, code=crit.code)
    if not tied.known:
        return text
    if tied.later is not None:
        # TRANSLATORS: after "DE does not separate them": the criterion listed after it.
        return _("{decided}; the next criterion, {name}, decides between them").format(decided=text, name=tied.later.title)
    return _("{decided}; no criterion follows: they share the place").format(decided=text)


def explain_group(
    ev: Evaluation, p: int, crit: GroupCriterion, gx: GroupExplainer, ratings: Ratings, ranking: Ranking | None
) -> tuple[list[Row], Any, str, list[tuple[str, str]]]:
    """A group criterion explained (see :func:`explain`): who is tied, each application, what it decided; the rows of
    the first application (the value the ranking shows), the notes of every one."""
    tied = _tied(ev, p, crit, ranking)
    tied_label = pgettext("explain note", "Tied")
    if len(tied.group) == 1:
        # TRANSLATORS: a group criterion (DE) for a player alone: {equal} lists what nobody else shares with him.
        alone = _("nobody else is equal on {equal}: {code} is not applied").format(equal=listing(tied.equal), code=crit.code)
        return [], None, gx.how(), [(tied_label, alone)]
    if tied.known:
        who = _("{names}: equal on {equal}").format(names=_names(ev, tied.group), equal=listing(tied.equal))
    else:
        who = _("{names}: equal on {equal}; {basis}").format(names=_names(ev, tied.group), equal=listing(tied.equal), basis=tied.basis)
    ctx = GroupContext(ratings, lambda: tied.places)
    steps = _applications(ev, p, crit, tied.group, ctx)
    notes = [(tied_label, who)]
    first: Step | None = None
    for i, (group, keys, parts) in enumerate(steps):
        step = gx.step(ev, p, group, keys)
        first = first or step
        label = pgettext("explain note", "Among them") if i == 0 else pgettext("explain note", "Re-applied")
        notes.append((label, f"{step.text} → {_order(ev, parts)}"))
    notes.append((pgettext("explain note", "Decided"), _decided(ev, p, crit, tied, steps)))
    group, keys, _parts_of = steps[0]
    total = crit.display(ev, group, ctx, keys)[group.index(p)]
    assert first is not None
    return first.rows, total, gx.how(), notes
