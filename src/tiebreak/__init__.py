"""tiebreak: tournament tie-breaks for chess and draughts, from the crosstable you keep in Excel.

>>> import tiebreak
>>> t = tiebreak.read_table([["X", 1, "½"], [0, "X", 1], ["½", 0, "X"]])
>>> tiebreak.values(t, "buchholz")
[1.5, 2.0, 2.5]
>>> tiebreak.rank(t).places()
['1', '2', '3']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tiebreak.core.criteria import Criterion, get_criterion, parse_criteria
from tiebreak.core.errors import (
    ConsistencyError,
    FileFormatError,
    InputError,
    LayoutError,
    Location,
    NotationError,
    SettingsError,
    TiebreakError,
    UnknownCriterionError,
    UnknownRuleSetError,
    WriteBlockedError,
)
from tiebreak.core.model import (
    CHESS,
    DRAUGHTS,
    Entry,
    Kind,
    Player,
    Scoring,
    Tournament,
)
from tiebreak.core.ranking import Ranking, Standing, rank
from tiebreak.core.rules import Evaluation, RuleSet, get_rules, rule_set_names
from tiebreak.core.version import __version__ as __version__
from tiebreak.read import read_table

__all__ = [
    "CHESS", "DRAUGHTS", "ConsistencyError", "Criterion", "Entry", "Evaluation", "FileFormatError", "InputError",
    "Kind", "LayoutError", "Location", "NotationError", "Player", "Ranking", "RuleSet", "Scoring", "SettingsError",
    "Standing", "TiebreakError", "Tournament", "UnknownCriterionError", "UnknownRuleSetError", "WriteBlockedError",
    "evaluation", "get_criterion", "get_rules", "parse_criteria", "rank", "read_table", "rule_set_names", "values",
]


def values(t: Tournament, code: str | Criterion, rules: str | RuleSet | None = None, ratings: Sequence[float | None] | None = None) -> list[Any]:
    """One value per player of a criterion (``"buchholz"``, ``"BH/C1"`` ...) under a rule set."""
    return get_criterion(code).values(evaluation(t, rules), ratings)


def evaluation(t: Tournament, rules: str | RuleSet | None = None) -> Evaluation:
    """The event as a rule set counts it (kept on the tournament, so several tie-breaks share it)."""
    rs = get_rules(rules)
    ev = t._evaluations.get(rs.name)
    if ev is None:
        ev = t._evaluations[rs.name] = rs.evaluate(t)
    return ev  # type: ignore[return-value]
