"""``=TB_EXPLAIN(table, player, code, [rules], [scoring])``: the explanation table for a crosstable range.

The rows themselves are :func:`tiebreak.core.explain.explain`'s; this module finds
the event in the table cache and the player in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tiebreak.calc.answers import _scoring, find_player
from tiebreak.calc.cache import shared
from tiebreak.core.criteria import get_criterion
from tiebreak.core.errors import SettingsError
from tiebreak.core.explain import explain, explain_table
from tiebreak.core.i18n import _
from tiebreak.core.numbers import cell

__all__ = ["CELL_TEXT", "explain_grid"]

CELL_TEXT = 255
"""The longest text a worksheet cell of the spilled table holds (classic Excel refuses a longer one in an array):
a longer note goes on over several rows rather than being cut."""


def explain_grid(grid: Sequence[Sequence[Any]], player: Any, code: Any, rules: Any = None, scoring: Any = None) -> list[list[Any]]:
    """What ``=TB_EXPLAIN(table, player, code, [rules], [scoring])`` spills: :func:`explain_table` for a crosstable range,
    in the current language (the worksheet function chooses Russian for a table written in Cyrillic)."""
    if code is None or str(code).strip() == "":
        raise SettingsError(_('give a tie-break code, e.g. "BH/C1" or "buchholz"'))
    if player is None or (isinstance(player, str) and not player.strip()):
        raise SettingsError(_("give a player: a start number or a name"))
    crit = get_criterion(str(code))
    rule_name = None if rules is None or (isinstance(rules, str) and not rules.strip()) else rules
    if rule_name is not None and not isinstance(rule_name, str):
        raise SettingsError(_("rules: {value} is not a rule-set name").format(value=repr(rules)))
    ev = shared.evaluation(grid, rule_name, *_scoring(scoring))
    p = find_player(ev.tournament, player)
    table = explain_table(explain(ev, p, crit), width=CELL_TEXT)
    return [[cell(v) for v in row] for row in table]
