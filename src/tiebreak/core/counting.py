"""The evaluation: an event as one rule set counts it, and all that the tie-breaks read.

A rule set (:mod:`tiebreak.core.rules`) turns a :class:`~tiebreak.core.model.Tournament`
into an :class:`Evaluation`.  Every decision about unplayed games is taken
there; the coefficients (:mod:`tiebreak.core.coefficients`), the FIDE tie-breaks
(:mod:`tiebreak.core.fide`) and the criteria read only the evaluation: none of them
looks at the kinds of the entries or calls back into the rule set.

Per player, an evaluation holds

* per round (lists aligned with the rounds of the table): the scheduled
  opponent (``opp``, -1 for none), the points scored (``pts``), the colour,
  whether the game was played over the board (``played``) and whether it
  counts as a game against the scheduled opponent among tied players
  (``as_game``: direct encounter);
* per *counted game* (the opponents the coefficients sum over): the
  opponent's counted value (``val``), the points credited (``credit``), the
  round it comes from (``at``), the real opponent or -1 for a virtual or
  dummy opponent (``whom``), why it is counted so (``why``, a :class:`Why`)
  and whether FIDE's Art. 16.5 cuts it first (``cut_first``);
* the player's score as his opponents count it (``score``), with what made it
  differ from his points (``adjusted``, a :class:`Adjusted`; ``credited`` the
  withdrawal credit added), his number of wins for "most wins" (``wins``) and
  the opponents whose ratings count (``rated_opponents``).

So an explanation of any tie-break (which opponent, what was counted for him
and why, whether it was cut) can be read off the evaluation round by round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum, IntFlag
from functools import partial
from itertools import repeat
from typing import Protocol, TypeVar, cast

from tiebreak.core.i18n import _
from tiebreak.core.model import DRAW, LOSS, WIN, Scoring, Tournament
from tiebreak.core.record import Record

__all__ = ["Adjusted", "Evaluation", "Maker", "Ratings", "Why", "places_by_points"]

T = TypeVar("T")


class Maker(Protocol):
    """What an evaluation knows of the rule set that made it (a :class:`tiebreak.core.rules.RuleSet`): its name."""

    @property
    def name(self) -> str: ...

Ratings = Sequence[float | None] | None
"""A ratings column given instead of the table's (None: the table's)."""


class Why(Enum):
    """Why a counted game is counted the way it is."""

    GAME = "game over the board"
    FORFEIT_AS_DRAW = "forfeit counted as a draw against the scheduled opponent"
    FORFEIT_AS_GAME = "forfeit counted as a game against the scheduled opponent"
    VIRTUAL_BYE = "bye counted as a win over a virtual opponent with the lowest score"
    DUMMY = "unplayed round against a dummy opponent"
    VIRTUAL_OPPONENT = "unplayed round against a virtual opponent"


class Adjusted(IntFlag):
    """What made a player's counted score differ from his points."""

    NONE = 0
    FORFEITS_AS_DRAWS = 1
    """His forfeits count as draws (ru)."""
    WITHDRAWAL_CREDIT = 2
    """He withdrew and is credited for his remaining rounds (ru)."""
    UNPLAYED_AS_DRAWS = 4
    """Some unplayed rounds count as draws (FIDE 16.2.5, 16.3; FIDE 2009)."""


class Evaluation(Record):
    """A tournament as one rule set counts it, for the tie-breaks (see the module text)."""

    tournament: Tournament
    """The event (for players' names and numbers); tie-breaks read the fields below."""
    rules: Maker
    """The rule set that made this evaluation (its name and title, for messages)."""
    points: list[float]
    """Actual points (ranking)."""
    score: list[float]
    """Each player's score as it enters his opponents' sums."""
    val: list[Sequence[float]]
    credit: list[Sequence[float]]
    cut_first: list[Sequence[bool] | None]
    at: list[Sequence[int]]
    _whom: list[Sequence[int]]
    _why: list[Sequence[Why]]
    adjusted: list[Adjusted]
    credited: list[float]
    notes: list[str]
    fore_maker: Callable[[], Evaluation] | None = None
    cache: dict[object, object]
    derived: Mapping[str, Callable[[Evaluation], object]]
    """How the fields few tie-breaks read are computed, on first use (:attr:`played`, :attr:`as_game`, :attr:`wins`, :attr:`rated_opponents`;
    ``reasons``: :attr:`whom` and :attr:`why` completed)."""

    _fields = (
        "tournament", "rules", "points", "score", "val", "credit", "cut_first", "at", "whom", "why", "adjusted", "credited",
        "notes", "fore_maker", "cache", "derived",
    )
    _shown = (
        "tournament", "rules", "points", "score", "val", "credit", "cut_first", "at", "whom", "why", "adjusted", "credited",
        "notes",
    )

    def __init__(
        self,
        tournament: Tournament,
        rules: Maker,
        points: list[float],
        score: list[float],
        val: list[Sequence[float]],
        credit: list[Sequence[float]],
        cut_first: list[Sequence[bool] | None],
        at: list[Sequence[int]],
        whom: list[Sequence[int]],
        why: list[Sequence[Why]],
        adjusted: list[Adjusted] | None = None,
        credited: list[float] | None = None,
        notes: list[str] | None = None,
        fore_maker: Callable[[], Evaluation] | None = None,
        cache: dict[object, object] | None = None,
        derived: Mapping[str, Callable[[Evaluation], object]] | None = None,
    ) -> None:
        self.tournament = tournament
        self.rules = rules
        self.points = points
        self.score = score
        self.val = val
        self.credit = credit
        self.cut_first = cut_first
        self.at = at
        self._whom = whom
        self._why = why
        self.adjusted = [] if adjusted is None else adjusted
        self.credited = [] if credited is None else credited
        self.notes = [] if notes is None else notes
        self.fore_maker = fore_maker
        self.cache = {} if cache is None else cache
        self.derived = {} if derived is None else derived

    # ------------------------------------------------------------ computed on first use
    # Most worksheet calls (BH, SB, Solkoff) never read these; computing them with the
    # evaluation was a seventh of a cold call on a big Swiss event.
    @property
    def played(self) -> list[Sequence[bool]]:
        """Per round: whether the game was played over the board."""
        return cast("list[Sequence[bool]]", self._derived("played"))

    @property
    def as_game(self) -> list[Sequence[bool]]:
        """Per round: whether the entry counts as a game against the scheduled opponent among tied players (direct encounter)."""
        return cast("list[Sequence[bool]]", self._derived("as_game"))

    @property
    def wins(self) -> list[int]:
        """Each player's number of wins for "most wins", as the rule set counts them."""
        return cast("list[int]", self._derived("wins"))

    @property
    def rated_opponents(self) -> list[Sequence[int]]:
        """Each player's opponents whose ratings count."""
        return cast("list[Sequence[int]]", self._derived("rated_opponents"))

    @property
    def whom(self) -> list[Sequence[int]]:
        """Per round: the opponent counted (a player index), -1 for a dummy or virtual one."""
        return self._reasons()[0]

    @property
    def why(self) -> list[Sequence[Why]]:
        """Per round: why the value counts (a game, a forfeit counted as one, a dummy or virtual opponent)."""
        return self._reasons()[1]

    def _reasons(self) -> tuple[list[Sequence[int]], list[Sequence[Why]]]:
        # only explanations read them: a rule set may leave some players' rows to be written on first use ("reasons")
        if "reasons" not in self.derived:
            return self._whom, self._why
        return cast("tuple[list[Sequence[int]], list[Sequence[Why]]]", self._derived("reasons"))

    def _derived(self, name: str) -> object:
        # handed the evaluation, not closing over it: no reference cycle, so an evaluation is freed as
        # soon as it is dropped instead of waiting, with its tournament, for a full collection
        return self.memo(("field", name), partial(self.derived[name], self))

    # ------------------------------------------------------------ the event
    @property
    def n(self) -> int:
        return len(self.points)

    @property
    def opp(self) -> list[list[int]]:
        return self.tournament.opp

    @property
    def pts(self) -> list[list[float]]:
        return self.tournament.pts

    @property
    def colour(self) -> list[list[str | None]]:
        return self.tournament.colour

    @property
    def scoring(self) -> Scoring:
        return self.tournament.scoring

    @property
    def rounds(self) -> int:
        return self.tournament.rounds

    @property
    def round_robin(self) -> bool:
        return self.tournament.is_round_robin

    @property
    def has_rounds(self) -> bool:
        return self.tournament.has_rounds

    @property
    def ratings(self) -> list[float | None]:
        return [p.rating for p in self.tournament.players]

    # ------------------------------------------------------------ derived
    @property
    def out(self) -> list[Sequence[int]]:
        """Win/draw/loss of each counted game, by the points credited."""

        def compute() -> list[Sequence[int]]:
            sc = self.scoring
            table = {sc.loss: LOSS, sc.draw: DRAW, sc.win: WIN}
            get = table.get
            # tuples: the collector stops tracking a tuple of numbers (a list per player would count towards a full collection)
            return [tuple(map(get, row, repeat(LOSS))) for row in self.credit]

        return self.memo("out", compute)

    def fore(self) -> Evaluation:
        """The same event with every game paired in the last round drawn, counted by the same rules (FIDE FB, 8.3)."""
        if self.fore_maker is None:
            raise ValueError(_("this evaluation cannot make a fore evaluation"))
        return self.memo("fore", self.fore_maker)

    def memo(self, key: object, compute: Callable[[], T]) -> T:
        """Compute a value once per evaluation (a coefficient column, say)."""
        try:
            return self.cache[key]  # type: ignore[return-value]
        except KeyError:
            value = compute()
            self.cache[key] = value
            return value


def places_by_points(points: Sequence[float]) -> list[int]:
    """Every player's place (0 = first) by points alone, players level on points sharing one.

    >>> places_by_points([2.0, 3.5, 2.0, 1.0])
    [1, 0, 1, 2]
    """
    ranks = sorted({round(x, 9) for x in points}, reverse=True)
    index = {x: i for i, x in enumerate(ranks)}
    return [index[round(x, 9)] for x in points]
