"""What the worksheet functions compute, without xlwings: grids in, values out.

>>> grid = [["No", "Name", 1, 2, 3],
...         [1, "Ann", "X", 1, "½"],
...         [2, "Bob", 0, "X", 1],
...         [3, "Cid", "½", 0, "X"]]
>>> column(grid, "buchholz")
['', 1.5, 2.0, 2.5]
>>> column(grid, "buchholz", player="Bob")
2.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tiebreak.calc.cache import TableCache, shared
from tiebreak.core.coefficients import opponents_rating_sum, truncated_solkoff
from tiebreak.core.counting import Evaluation
from tiebreak.core.criteria import get_criterion, parse_criteria
from tiebreak.core.errors import Location, NotationError, SettingsError
from tiebreak.core.i18n import _
from tiebreak.core.match import MatchSettings, scoring_argument
from tiebreak.core.model import Scoring, Tournament
from tiebreak.core.notation import CellProblem, normalize, parse_number
from tiebreak.core.numbers import cell, cells
from tiebreak.core.ranking import rank
from tiebreak.reading.columns import rating_number

__all__ = ["answer", "answer_rows", "as_grid", "clean", "column", "criterion_values", "find_player", "place_labels", "rating_sum_values", "sb_code", "spill", "truncated_values"]


def as_grid(table: Any) -> list[list[Any]]:
    """A range argument as a list of rows (a single cell or a 1-D list too)."""
    if isinstance(table, list) and (not table or isinstance(table[0], list)):
        return table
    if table is None:
        return [[None]]
    if isinstance(table, (list, tuple)):
        if table and isinstance(table[0], (list, tuple)):
            return [list(r) for r in table]
        return [[v] for v in table]
    return [[table]]


def find_player(t: Tournament, player: Any) -> int:
    """The player index for a start number (number or text) or a name."""
    key: Any = player
    if isinstance(player, list):  # a one-cell range handed over as [[x]]
        while isinstance(key, list) and len(key) == 1:
            key = key[0]
    if isinstance(key, (bool, list)):
        raise SettingsError(_("player: {value} is not a start number or a name").format(value=repr(key)))
    try:
        return t.index_of(key)
    except KeyError:
        shown = f"{key:g}" if isinstance(key, float) else str(key)
        if isinstance(key, str) and _name_key(key):
            found = _loose_match(t, _name_key(key))
            if len(found) == 1:
                return found[0]
            if found:
                names = ", ".join(t.players[i].name for i in found)
                raise SettingsError(
                    _("player '{player}' is ambiguous: it fits {names}; give the start number or the full name").format(player=shown, names=names)
                ) from None
        raise SettingsError(_("no player '{player}' in the table (give a start number or a name)").format(player=shown)) from None


def _loose_match(t: Tournament, wanted: str) -> list[int]:
    """The players whose name fits ``wanted`` loosely: the whole name, else (one word) the surname."""
    keys = [_name_key(p.name) for p in t.players]
    found = [i for i, k in enumerate(keys) if k == wanted]
    if not found and " " not in wanted:
        found = [i for i, k in enumerate(keys) if k.split(" ", 1)[0] == wanted]
    return found


def _name_key(name: str) -> str:
    """A name as looked up: case, Ё/Е, spacing and the points and commas of initials ignored.

    >>> _name_key("Иванов И. И.") == _name_key("иванов и.и.") == "иванов и и"
    True
    >>> _name_key("nash,grace") == _name_key("Nash, Grace")
    True
    """
    folded = name.casefold().replace("ё", "е").replace("\u00a0", " ").replace("\u202f", " ")
    return " ".join(folded.replace(".", " ").replace(",", " ").split())


def spill(t: Tournament, grid: Sequence[Sequence[Any]], values: Sequence[Any]) -> list[list[Any]]:
    """One value per row of the range: player rows get theirs, other rows stay empty."""
    rows = [p.row for p in t.players]
    first = rows[0] if rows else None
    if first is not None and 0 < first and first + len(rows) - 1 <= len(grid) and len(values) == len(rows) and rows == list(range(first, first + len(rows))):
        # the players in consecutive rows (the usual table): their values in a run, empty rows around it
        return [[""] for _ in range(first - 1)] + [[v] for v in values] + [[""] for _ in range(len(grid) - first - len(rows) + 1)]
    out: list[list[Any]] = [[""] for _ in range(len(grid))]
    for i, p in enumerate(t.players):
        if p.row is not None and 0 < p.row <= len(out):
            out[p.row - 1][0] = values[i]
    return out


def sb_code(convention: Any) -> str:
    c = "" if convention is None else str(convention).strip().casefold()
    if c in ("", "draughts", "ru", "шашки", "checkers", "code"):
        return "sonneborn_berger"
    if c in ("fide", "chess", "шахматы"):
        return "SB"
    raise SettingsError(_("unknown convention '{convention}': use \"draughts\" (default) or \"fide\"").format(convention=convention))


def criterion_values(cache: TableCache, grid: Sequence[Sequence[Any]], code: str, rules: Any = None, scoring: Any = None) -> tuple[Evaluation, list[Any]]:
    crit = get_criterion(code)
    ev = cache.evaluation(grid, _rules(rules), *_scoring(scoring))
    return ev, crit.values(ev)


def truncated_values(cache: TableCache, grid: Sequence[Sequence[Any]], k: Any, rules: Any = None, scoring: Any = None) -> tuple[Evaluation, list[float]]:
    ev = cache.evaluation(grid, _rules(rules), *_scoring(scoring))
    most = max((len(v) for v in ev.val), default=0)
    if k is None or (isinstance(k, str) and not k.strip()):
        raise SettingsError(_("give k, the number of worst opponent scores to drop (0 to {top})").format(top=max(most - 1, 0)))
    kk = k
    if isinstance(kk, str):
        kk = parse_number(kk)
    if isinstance(kk, bool) or not isinstance(kk, (int, float)) or not float(kk).is_integer():
        raise SettingsError(_("k = {k} must be a whole number of opponent scores to drop (0 to {top})").format(k=repr(k), top=max(most - 1, 0)))
    n = int(kk)
    if n < 0 or n >= max(most, 1):
        raise SettingsError(
            _("k = {k} is out of range: the players have at most {most} opponent scores, so k must be 0 to {top}").format(
                k=n, most=most, top=max(most - 1, 0)
            )
        )
    return ev, ev.memo(("value", "solkoff_trunc", n), lambda: truncated_solkoff(ev, n))


def rating_sum_values(cache: TableCache, grid: Sequence[Sequence[Any]], ratings: Any, rules: Any = None, scoring: Any = None) -> tuple[Evaluation, list[Any]]:
    ev = cache.evaluation(grid, _rules(rules), *_scoring(scoring))
    t = ev.tournament
    column = _ratings_column(t, grid, ratings)
    return ev, opponents_rating_sum(ev, column)


def _ratings_column(t: Tournament, grid: Sequence[Sequence[Any]], ratings: Any) -> list[float | None]:
    if ratings is None:
        return [p.rating for p in t.players]
    values = ratings if isinstance(ratings, list) else [ratings]
    values = [v[0] if isinstance(v, list) and len(v) == 1 else v for v in values]
    n = len(t.players)
    if len(values) == len(grid):
        picked = [(p.row or 0, values[(p.row or 1) - 1]) for p in t.players]
    elif len(values) == n:
        picked = [(i + 1, v) for i, v in enumerate(values)]
    else:
        raise SettingsError(
            _("the ratings range has {count} rows; it must have one per table row ({rows}) or per player ({players})").format(
                count=len(values), rows=len(grid), players=n
            )
        )
    out: list[float | None] = []
    for row, v in picked:
        try:
            x = normalize(v)
        except CellProblem as problem:
            raise NotationError(_("ratings: {problem}").format(problem=problem), Location(row=row)) from None
        if isinstance(x, str):
            f = rating_number(x)
            if f is None:
                raise NotationError(_("ratings: '{text}' is not a rating").format(text=x), Location(row=row))
            x = f
        if x is not None and not (0 <= x <= 4000):
            raise NotationError(_("ratings: {value} is not a rating").format(value=f"{x:g}"), Location(row=row))
        out.append(x if x else None)
    return out


def place_labels(cache: TableCache, grid: Sequence[Sequence[Any]], criteria: Any = None, rules: Any = None, scoring: Any = None) -> tuple[Evaluation, list[str]]:
    ev = cache.evaluation(grid, _rules(rules), *_scoring(scoring))
    crits = None if criteria is None or str(criteria).strip() == "" else parse_criteria(str(criteria))
    key = ("places", None if crits is None else tuple(c.code for c in crits))
    labels = ev.memo(key, lambda: rank(ev.tournament, crits, evaluation=ev).places())
    return ev, labels


def column(grid: Sequence[Sequence[Any]], code: str, player: Any = None, rules: Any = None, cache: TableCache = shared) -> Any:
    """A criterion's values for a grid: one value per grid row, or one player's value."""
    ev, values = criterion_values(cache, grid, code, rules)
    return answer(ev.tournament, grid, values, player)


def answer(t: Tournament, grid: Sequence[Sequence[Any]], values: Sequence[Any], player: Any) -> Any:
    """One player's value, or (player left out) one value per grid row ('' off the player rows)."""
    if player is not None and player != "":
        return clean(values[find_player(t, player)])
    return [row[0] for row in spill(t, grid, cells(values))]


def answer_rows(t: Tournament, grid: Sequence[Sequence[Any]], values: Sequence[Any], player: Any) -> Any:
    """:func:`answer` as a worksheet function returns it: a spilled column is a list of one-cell rows."""
    if player is not None and player != "":
        return clean(values[find_player(t, player)])
    return spill(t, grid, cells(values))


def clean(v: Any) -> Any:
    """A value as a worksheet function returns it (:func:`tiebreak.core.numbers.cell`)."""
    return cell(v)


def _scoring(scoring: Any) -> tuple[Scoring | None, MatchSettings | None]:
    """A scoring argument: a game's ("3/1/0", "2/1/0", "chess", "draughts") or a match event's ("team 3/1/0", "micro").

    None or empty: read from the table (:func:`tiebreak.core.match.scoring_argument`).
    """
    if scoring is None or (isinstance(scoring, str) and not scoring.strip()):
        return None, None
    if isinstance(scoring, (int, float)) and not isinstance(scoring, bool):
        raise SettingsError(_("scoring: {value} is not a scoring; write it as win/draw/loss in quotes, e.g. \"3/1/0\"").format(value=f"{scoring:g}"))
    try:
        return scoring_argument(str(scoring))
    except SettingsError as err:
        raise SettingsError(_("scoring: {problem}").format(problem=err)) from None


def _rules(rules: Any) -> Any:
    if rules is None or (isinstance(rules, str) and not rules.strip()):
        return None
    if not isinstance(rules, str):
        raise SettingsError(_("rules: {value} is not a rule-set name").format(value=repr(rules)))
    return rules
