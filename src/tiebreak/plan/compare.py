"""The Compare sheet that Rank writes when the settings' ``Compare`` option names rule sets.

The settings' ``Compare`` value names rule sets: one (``fide-2024``) compares the
workbook's own rule set with it, several (``ru, fide-2024``) compare those; the
criteria are the workbook's.  :func:`compare_sheet` decides the sheet (its cells,
whether it replaces tiebreak's earlier one, the sentence for Rank's message);
:func:`tiebreak.plan.sheet.plan_rank` adds it to its plan.  A sheet named
``Compare`` that tiebreak did not write is never replaced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tiebreak.core.a1 import find_sheet
from tiebreak.core.compare import Comparison, compare_rankings, made_by_text, variants
from tiebreak.core.errors import SettingsError, WriteBlockedError
from tiebreak.core.i18n import _, ngettext
from tiebreak.core.labels import text
from tiebreak.core.ranking import Ranking, rank
from tiebreak.core.rules import get_rules
from tiebreak.plan.model import OwnBlock
from tiebreak.plan.settings import SETTINGS_SHEET, Settings

__all__ = ["COMPARE", "COMPARE_MARK", "COMPARE_SHEET", "CompareSheet", "SheetSource", "compare_grid", "compare_sheet"]

COMPARE_SHEET = "Compare"
COMPARE_MARK = "Compare (tiebreak)"
COMPARE = OwnBlock(COMPARE_SHEET, COMPARE_MARK, "tiebreak_compare")
"""The Compare sheet as one of Rank's own: its block replaced, the rest kept (:func:`tiebreak.plan.standings.plan_standings`)."""


class SheetSource(Protocol):
    """What the Compare sheet needs to know of a workbook (a part of :class:`tiebreak.plan.sheet.BookSource`)."""

    def sheet_names(self) -> list[str]: ...

    def values(self, sheet: str) -> list[list[Any]] | dict[tuple[int, int], Any]: ...


@dataclass
class CompareSheet:
    """The Compare sheet to write from A1: its cells, and whether it replaces tiebreak's earlier one."""

    sheet: str
    grid: list[list[Any]]
    replace: bool
    """True: the sheet exists (tiebreak wrote it) and is cleared first; False: it is created."""
    message: str
    """The sentence Rank's message gains (with a leading space)."""


def compare_grid(c: Comparison, lang: str = "en") -> list[list[Any]]:
    """The Compare sheet: a marked title row, a blank row, a header, one row per player whose place differs."""
    head = [text("number", lang), text("name", lang), text("points", lang), *[v.label for v in c.variants], text("differs", lang)]
    width = len(head)
    title = f"{COMPARE_MARK}: " + "; ".join(f"{v.rules} ({', '.join(v.criteria) or 'points'})" for v in c.variants)
    rows: list[list[Any]] = [[title] + [""] * (width - 1), [""] * width, head]
    for d in c.differences:
        rows.append([d.number, d.name, _cell(d.points), *[_cell_place(x) for x in d.places], made_by_text(d, lang)])
    if not c.differences:
        rows.append([text("same", lang)] + [""] * (width - 1))
    return rows


def _cell(v: float) -> Any:
    return int(v) if float(v).is_integer() else v


def _cell_place(label: str) -> Any:
    return int(label) if label.isdigit() else label


def _filled(values: Sequence[Sequence[Any]] | dict[tuple[int, int], Any]) -> dict[tuple[int, int], Any]:
    """The non-empty cells of a sheet (0-based (row, column)); blank text counts as empty."""
    cells = values.items() if isinstance(values, dict) else (((r, c), v) for r, row in enumerate(values) for c, v in enumerate(row))
    return {k: v for k, v in cells if v is not None and not (isinstance(v, str) and not v.strip())}


def compare_sheet(ranking: Ranking, book: SheetSource, settings: Settings, lang: str) -> CompareSheet:
    """The Compare sheet for a Rank of ``ranking`` under ``settings`` (whose ``Compare`` value is set).

    Raises :class:`SettingsError` for a bad ``Compare`` value and :class:`WriteBlockedError` when a
    sheet named ``Compare`` exists that tiebreak did not write.
    """
    names = [n.strip() for n in settings.compare.split(",") if n.strip()]
    rules = names if len(names) > 1 else [settings.rules, *names]
    try:
        pairs = variants(rules, [])
    except SettingsError as err:
        raise SettingsError(_("sheet '{sheet}', Compare: {error}").format(sheet=SETTINGS_SHEET, error=err)) from None
    t = ranking.tournament
    criteria = settings.criteria_list(round_robin=t.is_round_robin, t=t)
    rankings = [ranking if get_rules(r).name == ranking.evaluation.rules.name else rank(t, criteria, r) for r, _c in pairs]
    result = compare_rankings(rankings)
    found = find_sheet(COMPARE_SHEET, book.sheet_names())  # as Excel: the user's 'compare' is the Compare sheet
    replace = found is not None
    sheet = found or COMPARE_SHEET
    if replace:
        existing = _filled(book.values(sheet))
        mark = existing.get((0, 0))
        if existing and not (isinstance(mark, str) and mark.startswith(COMPARE_MARK)):
            first_cell = f"{sheet}!A1"
            raise WriteBlockedError(
                _("a sheet named '{sheet}' exists and was not written by tiebreak; rename it and run Rank again (nothing was changed)").format(
                    sheet=sheet
                ),
                cell=first_cell,
            )
    n = len(result.differences)
    message = " " + ngettext(
        "Wrote the '{sheet}' sheet ({count} player placed differently).", "Wrote the '{sheet}' sheet ({count} players placed differently).", n
    ).format(sheet=sheet, count=n)
    return CompareSheet(sheet, compare_grid(result, lang), replace, message)
