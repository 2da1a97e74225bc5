"""``=OUTLOOK(table, [field], [player], [scoring])``: who can still win, for a crosstable range with games left.

One value per player row (a spilled column) or one player's: ``places``
(``"1–2"``, his best to worst place on points; one number when they are the
same), ``max_points``, ``best_place``, ``worst_place``, ``can_win`` or
``clinched`` (TRUE/FALSE), as ``tiebreak outlook`` prints them
(:mod:`tiebreak.core.outlook` defines each).

>>> grid = [["No", "Name", 1, 2, 3, 4], [1, "Ann", "X", 1, 1, None], [2, "Bob", 0, "X", None, 1],
...         [3, "Cid", 0, None, "X", "½"], [4, "Dan", None, 0, "½", "X"]]
>>> outlook_column(grid)
['', '1–2', '1–4', '2–4', '2–4']
>>> outlook_column(grid, "can_win"), outlook_column(grid, "max_points", player="Cid")
(['', True, True, False, False], 1.5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tiebreak.calc.answers import _scoring, answer
from tiebreak.calc.cache import TableCache, shared
from tiebreak.core.errors import SettingsError
from tiebreak.core.i18n import _, current_language, pgettext
from tiebreak.core.labels import standings_head
from tiebreak.core.localformat import format_number
from tiebreak.core.match import MatchTournament
from tiebreak.core.model import Tournament
from tiebreak.core.outlook import Outlook
from tiebreak.core.progress import Progress, event_outlook

__all__ = ["FIELDS", "outlook_column", "outlook_table"]

FIELDS = ("places", "max_points", "best_place", "worst_place", "can_win", "clinched")
"""What OUTLOOK's ``field`` argument may name."""


def outlook_column(grid: Sequence[Sequence[Any]], field: Any = None, player: Any = None, scoring: Any = None, cache: TableCache = shared) -> Any:
    """One outlook value per grid row, or one player's (see the module text)."""
    name = "places" if field is None or (isinstance(field, str) and not field.strip()) else str(field).strip().casefold()
    if name not in FIELDS:
        raise SettingsError(_("field: {value} is not one of {fields}").format(value=repr(field), fields=", ".join(FIELDS)))
    t = cache.evaluation(grid, None, *_scoring(scoring)).tournament
    _where, found = event_outlook(t)
    values: list[Any] = []
    for o in found.players:
        if name == "places":
            values.append(o.best_place if o.best_place == o.worst_place else f"{o.best_place}–{o.worst_place}")
        else:
            values.append(getattr(o, name))
    return answer(t, grid, values, player)


def outlook_table(t: Tournament, where: Progress, found: Outlook) -> tuple[list[str], list[str], list[list[str]]]:
    """The outlook as ``tiebreak outlook`` prints it and Rank's Outlook sheet holds it, in the current language.

    The lines above the table (where the event stands; whether places are
    bounds), its header, and one row per player, best chances first.
    """
    if isinstance(t, MatchTournament) and t.games_a_round == 1:  # a round of a match event is a match, not a game
        left = _("After round {after} of {rounds}: {matches} matches left.").format(after=where.after_round, rounds=where.rounds, matches=found.games_left)
    else:
        left = _("After round {after} of {rounds}: {games} games left.").format(after=where.after_round, rounds=where.rounds, games=found.games_left)
    lines = [left]
    if not found.exact:
        lines.append(_("Some places are bounds (too many games left to try every result): the final place lies between them."))
    yes, no = pgettext("outlook", "yes"), pgettext("outlook", "no")
    head = [
        *standings_head(current_language())[1:],
        # TRANSLATORS: the outlook's columns: the most points a player can still reach, his best–worst places
        pgettext("outlook", "at most"),
        pgettext("outlook", "places"),
        _("can win"),
        _("first whatever happens"),
    ]
    order = sorted(range(len(t.players)), key=lambda i: (found.players[i].best_place, -found.players[i].max_points, t.players[i].number))
    rows = []
    for i in order:
        o = found.players[i]
        places = str(o.best_place) if o.best_place == o.worst_place else f"{o.best_place}–{o.worst_place}"
        rows.append([str(t.players[i].number), t.players[i].name, format_number(o.points), format_number(o.max_points), places, yes if o.can_win else no, yes if o.clinched else no])
    return lines, head, rows
