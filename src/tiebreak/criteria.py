"""Tie-break criteria by code: what the ranking, the worksheet functions and the CLI accept.

A criterion is one of three kinds:

* ``value``: one number per player (a coefficient, wins, a FIDE tie-break);
* ``progressive``: a truncated Solkoff that drops 1, then 2, ... worst values,
  only for the players still tied;
* ``group``: computed inside the group still tied (head-to-head, results in
  order of places, FIDE's direct encounter), re-applied inside each part it
  leaves tied.

Codes are case-insensitive; Russian names and FIDE acronyms with modifiers
(``BH/C1``, ``BH/M2``, ``SB/C1`` ...) are accepted.

>>> [c.code for c in parse_criteria("бухгольц, wins; h2h, BH/C2, sb")]
['buchholz', 'wins', 'h2h', 'BH/C2', 'SB']
>>> get_criterion("Solkoff").name
'Median Solkoff'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from . import coefficients as co
from .errors import UnknownCriterionError
from .rules import Evaluation

__all__ = ["Criterion", "get_criterion", "parse_criteria", "CRITERIA", "COEFFICIENT_SYSTEMS", "default_criteria", "register"]


@dataclass(frozen=True)
class Criterion:
    code: str
    name: str
    name_ru: str
    description: str
    kind: str = "value"
    compute: Callable[..., Any] | None = field(default=None, compare=False, repr=False)
    """value: ``(ev, ratings) -> list``; progressive: ``(ev, k, players=None) -> list`` (all players, or those given);
    group: ``(ev, group, ctx) -> list``."""
    needs: str | None = None
    """``"ratings"`` or ``"rounds"``: data the sheet may lack (the criterion is then skipped with a note)."""
    decimals: int = 2
    aliases: tuple[str, ...] = ()
    lower_is_better: bool = False
    fide: bool = False
    display: Callable[..., Any] | None = field(default=None, compare=False, repr=False)
    """Optional: the one-value-per-player form of :meth:`values` (e.g. DE as a place)."""
    group_display: Callable[..., Any] | None = field(default=None, compare=False, repr=False)
    """Optional, group criteria: ``(ev, group) -> values`` shown where the criterion was applied."""

    def values(self, ev: Evaluation, ratings: Sequence[float | None] | None = None) -> list[Any]:
        """One display value per player (progressive: k = 1; group: among those tied on points)."""
        if self.display is not None:
            return ev.memo(("display", self.code, None if ratings is None else tuple(ratings)), lambda: self.display(ev, ratings))  # type: ignore[misc, return-value]
        if self.kind == "value":
            assert self.compute is not None
            return ev.memo(("value", self.code, None if ratings is None else tuple(ratings)), lambda: self.compute(ev, ratings))  # type: ignore[return-value]
        if self.kind == "progressive":
            assert self.compute is not None
            return ev.memo(("value", self.code, 1), lambda: self.compute(ev, 1))  # type: ignore[return-value]
        return ev.memo(("value", self.code), lambda: _by_points_groups(self, ev, ratings))  # type: ignore[return-value]


def _by_points_groups(crit: Criterion, ev: Evaluation, ratings: Sequence[float | None] | None) -> list[Any]:
    groups: dict[float, list[int]] = {}
    for p, pts in enumerate(ev.points):
        groups.setdefault(round(pts, 9), []).append(p)
    out: list[Any] = [None] * ev.n
    for members in groups.values():
        if len(members) == 1:
            continue  # nobody to compare with: left empty
        vals = crit.compute(ev, members, {"ratings": ratings, "display": True})  # type: ignore[misc]
        for p, v in zip(members, vals):
            out[p] = v
    return out


CRITERIA: dict[str, Criterion] = {}
_LOOKUP: dict[str, str] = {}


def _key(text: str) -> str:
    t = text.strip().casefold().replace("ё", "е")
    t = re.sub(r"[\s_\-–—.]+", "_", t)
    return t.strip("_")


def register(c: Criterion) -> Criterion:
    CRITERIA[c.code] = c
    for name in (c.code, c.name, c.name_ru, *c.aliases):
        _LOOKUP[_key(name)] = c.code
    return c


register(Criterion("points", "Points", "Очки", "Points scored.", compute=lambda ev, r: co.points(ev), decimals=1, aliases=("pts", "PTS", "очки")))
register(
    Criterion(
        "buchholz", "Buchholz", "Коэффициент Бухгольца", "Σ of all opponents' scores (1.13.6).",
        compute=lambda ev, r: co.buchholz(ev), aliases=("бухгольц", "коэф бухгольца", "buchholz_sum", "коэффициент бухгольца"),
    )
)
register(
    Criterion(
        "solkoff", "Median Solkoff", "Медианный коэффициент Солкоффа", "Buchholz minus the best and the worst opponent score (1.13.7).",
        compute=lambda ev, r: co.median_solkoff(ev, 1),
        aliases=("median_solkoff", "m_solk", "msolk", "солкофф", "солкоф", "солков", "коэффициент солкоффа", "медианный солкофф", "медианный коэффициент солкова", "median_buchholz"),
    )
)
register(
    Criterion(
        "solkoff_trunc", "Truncated Solkoff", "Усечённый коэффициент Солкоффа",
        "Buchholz minus the worst opponent score; while still tied, minus the 2, 3 ... worst (1.13.8).",
        kind="progressive", compute=lambda ev, k, players=None: co.truncated_solkoff(ev, k, players),
        aliases=("truncated_solkoff", "r_solk", "rsolk", "усеченный солкофф", "усеченный солкоф", "усеченный коэффициент солкова", "усеченный коэффициент солкоффа", "усеченный бухгольц", "progressive_buchholz", "solkoff_progressive"),
    )
)
register(
    Criterion(
        "shmulyan", "Shmulyan", "Коэффициент Шмульяна", "Σ scores of beaten opponents − Σ scores of opponents lost to (1.13.4); signed.",
        compute=lambda ev, r: co.shmulyan(ev), aliases=("шмульян", "шмульяна", "smulyan", "schmulyan"),
    )
)
register(
    Criterion(
        "sonneborn_berger", "Sonneborn–Berger", "Коэффициент Зонненборна–Бергера",
        "2 × Σ scores of beaten opponents + Σ scores of drawn opponents (1.13.5, draughts code). FIDE's SB is half of it on 1/½/0 scoring.",
        compute=lambda ev, r: co.sonneborn_berger(ev),
        aliases=("berger", "бергер", "зонненборн", "зонненборн бергер", "зонненборна бергера", "коэффициент бергера", "коэффициент зонненборна бергера", "sb_draughts"),
    )
)
register(
    Criterion(
        "riga", "Riga", "Рижская система", "2 × Σ beaten + 1.5 × Σ drawn + Σ lost-to opponents' scores (1.13.9).",
        compute=lambda ev, r: co.riga(ev), aliases=("рижская", "рижский", "рижская система коэффициентов", "рига"),
    )
)
register(
    Criterion(
        "wins", "Most wins", "Количество побед", "Number of wins (the rule set says whether forfeits and byes count).",
        compute=lambda ev, r: co.wins(ev), decimals=0, aliases=("победы", "побед", "наибольшее количество побед", "number_of_wins"),
    )
)
register(
    Criterion(
        "beaten", "Beaten opponents' scores", "Сумма очков побеждённых",
        "Σ scores of the opponents beaten over the board.",
        compute=lambda ev, r: co.beaten_sum(ev),
        aliases=("beaten_sum", "сумма очков побежденных", "сумма побежденных", "побежденные"),
    )
)
register(
    Criterion(
        "ratings", "Opponents' ratings", "Сумма рейтингов соперников", "Σ of the opponents' ratings (unrated: 0).",
        compute=lambda ev, r: co.opponents_rating_sum(ev, r), needs="ratings", decimals=0,
        aliases=("opp_rating_sum", "rating_sum", "рейтинг", "рейтинги", "сумма рейтинга", "эло", "elo"),
    )
)


def _h2h(ev: Evaluation, group: Sequence[int], ctx: dict[str, Any]) -> list[float]:
    return co.head_to_head(ev, group)


register(
    Criterion(
        "h2h", "Head-to-head", "Личные встречи", "Points scored in the games among the tied players (re-applied inside each part still tied).",
        kind="group", compute=_h2h, decimals=1,
        aliases=("head_to_head", "личная встреча", "личные встречи", "результат встреч", "результат встреч между участниками", "direct", "встречи"),
    )
)


def _order(ev: Evaluation, group: Sequence[int], ctx: dict[str, Any]) -> list[Any]:
    """Results against the others in order of places; see ranking for the order used."""
    place_of = ctx.get("place_of")
    if place_of is None:  # display: the others ordered by points alone
        pts = ev.points
        ranks = sorted(set(round(x, 9) for x in pts), reverse=True)
        index = {x: i for i, x in enumerate(ranks)}
        place_of = [index[round(x, 9)] for x in pts]
    return order_of_places_keys(ev, group, place_of)


def order_of_places_keys(ev: Evaluation, group: Sequence[int], place_of: Sequence[int]) -> list[tuple[float, ...]]:
    """Each member's results against the others, place by place from the top, over opponents all members met.

    ``place_of[p]`` is the place (0 = first) of every participant; players
    sharing a place count as one: their results are added up.
    """
    t = ev.tournament
    members = set(group)
    met: list[dict[int, float]] = []
    for p in group:
        d: dict[int, float] = {}
        for q, k, x in zip(t.opp[p], t.kind[p], t.pts[p]):
            if q >= 0 and k <= 2 and q not in members:
                d[q] = d.get(q, 0.0) + x
        met.append(d)
    common = set(met[0]) if met else set()
    for d in met[1:]:
        common &= set(d)
    places = sorted({place_of[q] for q in common})
    keys = []
    for d in met:
        by_place: dict[int, float] = {}
        for q in common:
            by_place[place_of[q]] = by_place.get(place_of[q], 0.0) + d[q]
        keys.append(tuple(by_place[pl] for pl in places))
    return keys


register(
    Criterion(
        "order", "Results in order of places", "Результаты встреч в порядке мест",
        "Better result against the other participants in order of final places, the winner first; the first difference decides.",
        kind="group", compute=_order, decimals=1,
        aliases=("order_of_places", "results_in_order", "в порядке мест", "лучший результат во встречах в порядке занятых мест", "порядок мест"),
    )
)

COEFFICIENT_SYSTEMS = ("shmulyan", "sonneborn_berger", "buchholz", "solkoff", "solkoff_trunc", "riga")
DEFAULT_TAIL = ("wins", "h2h", "beaten", "order", "ratings")


def default_criteria(system: str | None = None, round_robin: bool = False) -> list[Criterion]:
    """Rule 1.13.3: the coefficient system, wins, head-to-head, beaten-sum, order of places, ratings.

    Without a system: Sonneborn–Berger for a round robin, truncated Solkoff for a Swiss.
    """
    first = get_criterion(system) if system else get_criterion("sonneborn_berger" if round_robin else "solkoff_trunc")
    return [first, *(get_criterion(c) for c in DEFAULT_TAIL)]


_MODIFIER = re.compile(r"(?P<base>[a-z]+)\s*/\s*(?P<mods>(?:[cm]\d+|[pvk]\w*)(?:\s*/\s*(?:[cm]\d+|[pvk]\w*))*)\Z")
_FACTORIES: dict[str, Callable[[str, str], Criterion]] = {}


def register_factory(base: str, make: Callable[[str, str], Criterion]) -> None:
    """``make(code, modifier)`` builds a criterion for codes such as ``BH/C3``."""
    _FACTORIES[base.casefold()] = make


def get_criterion(code: str | Criterion) -> Criterion:
    """The criterion for a code, a name (English or Russian) or a FIDE acronym."""
    if isinstance(code, Criterion):
        return code
    text = str(code).strip()
    key = _key(text)
    if key in _LOOKUP:
        return CRITERIA[_LOOKUP[key]]
    compact = text.replace(" ", "").upper().replace("-", "/")
    if compact in CRITERIA:
        return CRITERIA[compact]
    m = _MODIFIER.match(compact.casefold())
    if m and m.group("base") in _FACTORIES:
        made = _FACTORIES[m.group("base")](compact, m.group("mods"))
        CRITERIA.setdefault(made.code, made)
        return CRITERIA[made.code]
    from .notation import show

    raise UnknownCriterionError(f"unknown criterion {show(text)}: see the list of codes (e.g. {', '.join(list(CRITERIA)[:8])} ...)")


def parse_criteria(text: str | Sequence[str]) -> list[Criterion]:
    """A criteria list written with commas, semicolons or new lines."""
    items = [s for s in re.split(r"[,;\n]+", text)] if isinstance(text, str) else list(text)
    out = [get_criterion(s) for s in (i.strip() for i in items) if s]
    if not out:
        raise UnknownCriterionError("the criteria list is empty")
    return out


from . import fide as _fide  # noqa: E402,F401  (registers the FIDE codes)
