"""tiebreak: tournament tie-breaks for chess and draughts, from the crosstable you keep in Excel.

:func:`read` opens a workbook (.xlsx, .xlsm, .xls, .ods) or a FIDE TRF file and
reads its crosstable as ``tiebreak rank`` does, or reads a grid (a list of
rows, as a worksheet function receives it); :func:`rank` ranks the tournament
under a rule set and a list of criteria; :func:`values` gives one criterion's
values.  :func:`read_table` reads a grid that is the table itself.

>>> import tiebreak
>>> t = tiebreak.read_table([["X", 1, "½"], [0, "X", 1], ["½", 0, "X"]])
>>> tiebreak.values(t, "buchholz")
[1.5, 2.0, 2.5]
>>> tiebreak.rank(t).places()
['1', '2', '3']
"""

from __future__ import annotations

from tiebreak.core.loading import modules_loading

# the engine's modules, loaded without the collector's passes over them (core/loading)
with modules_loading():
    import os
    from collections.abc import Sequence
    from typing import TYPE_CHECKING, Any

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
    from tiebreak.core.i18n import _
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
    from tiebreak.reading import read_table

if TYPE_CHECKING:  # only named in annotations: the match model is not loaded by import tiebreak
    from tiebreak.core.match import MatchSettings

__all__ = [
    "CHESS", "DRAUGHTS", "ConsistencyError", "Criterion", "Entry", "Evaluation", "FileFormatError", "InputError",
    "Kind", "LayoutError", "Location", "NotationError", "Player", "Ranking", "RuleSet", "Scoring", "SettingsError",
    "Standing", "TiebreakError", "Tournament", "UnknownCriterionError", "UnknownRuleSetError", "WriteBlockedError",
    "evaluation", "get_criterion", "get_rules", "parse_criteria", "rank", "read", "read_table", "rule_set_names", "values",
]

_Grid = Sequence[Sequence[Any]]  # rows of cell values


def read(
    source: str | os.PathLike[str] | _Grid,
    *,
    sheet: str | None = None,
    range: str | None = None,
    scoring: str | None = None,
    plus: str | None = None,
    event: str | None = None,
    match_scoring: str | None = None,
    primary: str | None = None,
) -> Tournament:
    """The tournament of a workbook's crosstable, a FIDE TRF file, or a grid (a list of rows).

    A file is named by a ``str`` or a :class:`pathlib.Path`: .xlsx, .xlsm, .xls,
    .ods (read as ``tiebreak rank`` reads it: the range named ``crosstable``,
    else the largest block of the active sheet) or a TRF file (by its suffix
    .trf, .txt, .trfx, or any file that is not a workbook).  ``sheet`` names the
    sheet (ignoring case, as Excel does), ``range`` the table's cells
    (``"B2:N20"``).  In a grid the largest block is the table, unless ``range``
    says where it is.  ``scoring`` (``"3/1/0"``), ``plus`` (``"win"``,
    ``"forfeit"``), ``event`` (``"individual"``, ``"team"``, ``"micro"``),
    ``match_scoring`` (``"3/1/0"``) and ``primary`` (``"MP"``, ``"GP"``) say how
    the table is read, as ``tiebreak rank``'s options do; left out, as the
    settings sheet says, else read from the table.  A TRF file says them itself.

    Bad input raises a :class:`TiebreakError`: :class:`FileFormatError` (no such
    file, a folder, not a workbook), :class:`SettingsError` (an unknown sheet, a
    bad range, neither a file name nor a grid), :class:`InputError` and its
    kinds for the table itself.

    >>> t = read([["", "", ""], ["", "X", 1, 0], ["", 0, "X", 1], ["", 1, 0, "X"]], range="B2:D4")
    >>> t.system, t.points
    ('round robin', [1.0, 1.0, 1.0])
    """
    if isinstance(source, (str, os.PathLike)):
        # imported here, not at the top: xlwings Lite imports this package and has no workbook readers
        from tiebreak.io.book import read_file

        return read_file(source, sheet=sheet, cell_range=range, scoring=scoring, plus=plus, event=event, match_scoring=match_scoring, primary=primary)
    if not _is_grid(source):
        raise SettingsError(
            _("tiebreak.read takes a file name (str or pathlib.Path) or a grid (a list of rows), not {type}").format(type=type(source).__name__)
        )
    if sheet is not None:
        raise SettingsError(_("sheet {sheet}: a grid has no sheets; give the grid of that sheet").format(sheet=sheet))
    # the settings rows' own reading of these words, as for a file
    from tiebreak.plan.settings import Settings

    said = Settings(scoring=scoring or "", plus=plus or "", event=event or "", match_scoring=match_scoring or "", primary=primary or "")
    return _read_grid(source, range, said.scoring_value(), said.plus_value(), said.match_value())


def _is_grid(source: object) -> bool:
    """A list or tuple of rows, each a list or tuple."""
    return isinstance(source, (list, tuple)) and all(isinstance(row, (list, tuple)) for row in source)


def _read_grid(grid: _Grid, cell_range: str | None, scoring: Scoring | None = None, plus: str | None = None, match: MatchSettings | None = None) -> Tournament:
    """A grid's table: the cells of ``cell_range``, else its largest block (with the note naming the others)."""
    from tiebreak.plan.cells import cells_of, rows_of
    from tiebreak.plan.region import find_region
    from tiebreak.reading import which

    values = cells_of(grid)
    blocks: list[list[int]] = []
    if cell_range is not None:
        box = which.parse_range(cell_range)[1]
    else:
        found = find_region(values, blocks=blocks)
        if found is None:
            raise InputError(_("the grid is empty: it holds no crosstable"))
        box = found
    top, left, bottom, right = box
    t = read_table(rows_of(values, top, left, bottom, right), origin=(top + 1, left + 1), scoring=scoring, plus=plus, match=match)
    note = which.other_tables_note(box, [(b[0], b[1], b[2], b[3]) for b in blocks]) if blocks else None
    if note:
        t.layout.notes.append(note)  # type: ignore[attr-defined]
    return t


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
