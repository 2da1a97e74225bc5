"""The three types of criterion that rank players after points.

* :class:`ValueCriterion`: one number per player (a coefficient, wins, a FIDE
  tie-break); a tied group is split by it;
* :class:`ProgressiveCriterion`: a truncated Solkoff that drops 1, then 2, ...
  worst values, only for the players still tied;
* :class:`GroupCriterion`: computed inside the group still tied (head-to-head,
  results in order of places, FIDE's direct encounter) and re-applied inside
  each part it leaves tied.

The criteria themselves are defined and named in the registry,
:mod:`tiebreak.core.criteria`; the ranking (:mod:`tiebreak.core.ranking`) applies them
by their type.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from tiebreak.core.counting import Evaluation, Ratings, places_by_points
from tiebreak.core.explain_rows import Explainer, GroupExplainer
from tiebreak.core.i18n import current_language
from tiebreak.core.record import FrozenRecord, Record

__all__ = ["Criterion", "GroupContext", "GroupCriterion", "ProgressiveCriterion", "Ratings", "ValueCriterion"]


def _rkey(ratings: Ratings) -> tuple[float | None, ...] | None:
    return None if ratings is None else tuple(ratings)


class Criterion(FrozenRecord):
    """What every criterion has: a code, names, and how its values are shown."""

    code: str
    name: str
    name_ru: str
    description: str
    needs: str | None = None
    """``"ratings"`` or ``"rounds"``: data the sheet may lack (the criterion is then skipped with a note)."""
    decimals: int = 2
    """Decimals shown (values are compared exactly)."""
    aliases: tuple[str, ...] = ()
    fide: bool = False
    lower_is_better: bool = False
    explainer: Explainer | GroupExplainer | None = None
    """The rows that make one player's value (:mod:`tiebreak.core.explain_rows`); a group criterion's may say, application
    by application, what it read among the tied (:class:`~tiebreak.core.explain_rows.GroupExplainer`); None: it cannot be explained."""

    _fields: ClassVar[tuple[str, ...]] = (
        "code", "name", "name_ru", "description", "needs", "decimals", "aliases", "fide", "lower_is_better", "explainer",
    )
    _shown: ClassVar[tuple[str, ...]] = ("code", "name", "name_ru", "description", "needs", "decimals", "aliases", "fide", "lower_is_better")
    _compared = _shown

    def __init__(
        self,
        code: str,
        name: str,
        name_ru: str,
        description: str,
        needs: str | None = None,
        decimals: int = 2,
        aliases: tuple[str, ...] = (),
        fide: bool = False,
        lower_is_better: bool = False,
        explainer: Explainer | GroupExplainer | None = None,
    ) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "name_ru", name_ru)
        object.__setattr__(self, "description", description)
        object.__setattr__(self, "needs", needs)
        object.__setattr__(self, "decimals", decimals)
        object.__setattr__(self, "aliases", aliases)
        object.__setattr__(self, "fide", fide)
        object.__setattr__(self, "lower_is_better", lower_is_better)
        object.__setattr__(self, "explainer", explainer)

    @property
    def title(self) -> str:
        """The criterion's name in the current language (``name_ru`` in Russian, ``name`` otherwise).

        >>> from tiebreak.core.criteria import get_criterion
        >>> from tiebreak.core.i18n import use_language
        >>> c = get_criterion("buchholz")
        >>> with use_language("ru"):
        ...     c.title
        'Коэффициент Бухгольца'
        >>> c.title
        'Buchholz'
        """
        return self.name_ru if current_language() == "ru" else self.name

    @property
    def kind(self) -> str:
        """``"value"``, ``"progressive"`` or ``"group"``."""
        raise NotImplementedError

    def values(self, ev: Evaluation, ratings: Ratings = None) -> list[Any]:
        """One value per player, as a column shows it outside a ranking."""
        raise NotImplementedError


class ValueCriterion(Criterion):
    """A criterion with one value per player (Buchholz, Sonneborn-Berger, ...)."""

    compute: Callable[[Evaluation, Ratings], list[Any]] = lambda ev, r: []

    _fields = (
        "code", "name", "name_ru", "description", "needs", "decimals", "aliases", "fide", "lower_is_better", "explainer",
        "compute",
    )
    _shown = ("code", "name", "name_ru", "description", "needs", "decimals", "aliases", "fide", "lower_is_better")
    _compared = _shown

    def __init__(
        self,
        code: str,
        name: str,
        name_ru: str,
        description: str,
        needs: str | None = None,
        decimals: int = 2,
        aliases: tuple[str, ...] = (),
        fide: bool = False,
        lower_is_better: bool = False,
        explainer: Explainer | GroupExplainer | None = None,
        compute: Callable[[Evaluation, Ratings], list[Any]] = compute,
    ) -> None:
        Criterion.__init__(self, code, name, name_ru, description, needs, decimals, aliases, fide, lower_is_better, explainer)
        object.__setattr__(self, "compute", compute)

    @property
    def kind(self) -> str:
        return "value"

    def values(self, ev: Evaluation, ratings: Ratings = None) -> list[Any]:
        return ev.memo(("value", self.code, _rkey(ratings)), lambda: self.compute(ev, ratings))


class ProgressiveCriterion(Criterion):
    """A criterion with values at steps k = 1, 2, ...: each further step is asked only for the players still tied."""

    compute: Callable[[Evaluation, int, Sequence[int] | None], list[float]] = lambda ev, k, players: []
    """``(ev, k, players)``: the values at step ``k`` for ``players`` (None: everybody), in that order."""

    _fields = (
        "code", "name", "name_ru", "description", "needs", "decimals", "aliases", "fide", "lower_is_better", "explainer",
        "compute",
    )
    _shown = ("code", "name", "name_ru", "description", "needs", "decimals", "aliases", "fide", "lower_is_better")
    _compared = _shown

    def __init__(
        self,
        code: str,
        name: str,
        name_ru: str,
        description: str,
        needs: str | None = None,
        decimals: int = 2,
        aliases: tuple[str, ...] = (),
        fide: bool = False,
        lower_is_better: bool = False,
        explainer: Explainer | GroupExplainer | None = None,
        compute: Callable[[Evaluation, int, Sequence[int] | None], list[float]] = compute,
    ) -> None:
        Criterion.__init__(self, code, name, name_ru, description, needs, decimals, aliases, fide, lower_is_better, explainer)
        object.__setattr__(self, "compute", compute)

    @property
    def kind(self) -> str:
        return "progressive"

    def values(self, ev: Evaluation, ratings: Ratings = None) -> list[Any]:
        """The first step (k = 1) for everybody."""
        return ev.memo(("value", self.code, 1), lambda: self.compute(ev, 1, None))

    def step(self, ev: Evaluation, k: int, players: Sequence[int]) -> list[float]:
        return self.compute(ev, k, players)


class GroupContext(Record):
    """What a group criterion may ask about the event beyond the group."""

    ratings: Ratings = None
    places: Callable[[], list[int]] | None = None
    """Every participant's place (0 = first) after points and every criterion listed before this one."""

    _fields = ("ratings", "places")

    def __init__(self, ratings: Ratings = None, places: Callable[[], list[int]] | None = None) -> None:
        self.ratings = ratings
        self.places = places


class GroupCriterion(Criterion):
    """A criterion computed within a group of tied players (head-to-head, order of places, ...)."""

    compute: Callable[[Evaluation, Sequence[int], GroupContext], list[Any]] = lambda ev, g, ctx: []
    """``(ev, group, ctx)``: a sort key per member (larger is better)."""
    shown: Callable[[Evaluation, Sequence[int], GroupContext], list[Any]] | None = None
    """What the column shows for the members where the criterion was applied (default: the keys)."""

    _fields = (
        "code", "name", "name_ru", "description", "needs", "decimals", "aliases", "fide", "lower_is_better", "explainer",
        "compute", "shown",
    )
    _shown = ("code", "name", "name_ru", "description", "needs", "decimals", "aliases", "fide", "lower_is_better")
    _compared = _shown

    def __init__(
        self,
        code: str,
        name: str,
        name_ru: str,
        description: str,
        needs: str | None = None,
        decimals: int = 2,
        aliases: tuple[str, ...] = (),
        fide: bool = False,
        lower_is_better: bool = False,
        explainer: Explainer | GroupExplainer | None = None,
        compute: Callable[[Evaluation, Sequence[int], GroupContext], list[Any]] = compute,
        shown: Callable[[Evaluation, Sequence[int], GroupContext], list[Any]] | None = None,
    ) -> None:
        Criterion.__init__(self, code, name, name_ru, description, needs, decimals, aliases, fide, lower_is_better, explainer)
        object.__setattr__(self, "compute", compute)
        object.__setattr__(self, "shown", shown)

    @property
    def kind(self) -> str:
        return "group"

    def keys(self, ev: Evaluation, group: Sequence[int], ctx: GroupContext) -> list[Any]:
        return self.compute(ev, group, ctx)

    def display(self, ev: Evaluation, group: Sequence[int], ctx: GroupContext, keys: list[Any]) -> list[Any]:
        return keys if self.shown is None else self.shown(ev, group, ctx)

    def values(self, ev: Evaluation, ratings: Ratings = None) -> list[Any]:
        """Among the players tied on points (others empty); the others' places by points alone."""

        def compute() -> list[Any]:
            groups: dict[float, list[int]] = {}
            for p, pts in enumerate(ev.points):
                groups.setdefault(round(pts, 9), []).append(p)
            ctx = GroupContext(ratings, lambda: ev.memo("places_by_points", lambda: places_by_points(ev.points)))
            out: list[Any] = [None] * ev.n
            for members in groups.values():
                if len(members) == 1:
                    continue  # nobody to compare with: left empty
                for p, v in zip(members, self.display(ev, members, ctx, self.keys(ev, members, ctx))):
                    out[p] = v
            return out

        return ev.memo(("value", self.code, _rkey(ratings)), compute)
