"""The Outlook sheet Rank writes when the settings' ``Outlook / Прогноз`` option is yes: who can still win.

The table is :func:`tiebreak.calc.outlook.outlook_table`'s (the same as
``tiebreak outlook`` prints) under a marked title.  The sheet is one of Rank's
own blocks, as Standings and Compare are: a new Rank rewrites its block and
keeps what the user typed beside it, and a sheet named ``Outlook`` (any case)
that tiebreak did not write is never replaced (imports tiebreak.core, tiebreak.calc
and the plan modules).
"""

from __future__ import annotations

from typing import Any

from tiebreak.calc.outlook import outlook_table
from tiebreak.core.a1 import find_sheet
from tiebreak.core.i18n import _, use_language
from tiebreak.core.model import Tournament
from tiebreak.core.progress import event_outlook
from tiebreak.plan.model import BookSource, OwnBlock, Plan
from tiebreak.plan.standings import plan_standings

__all__ = ["OUTLOOK", "OUTLOOK_MARK", "OUTLOOK_SHEET", "outlook_grid", "plan_outlook_sheet"]

OUTLOOK_SHEET = "Outlook"
OUTLOOK_MARK = "Outlook (tiebreak)"
OUTLOOK = OwnBlock(OUTLOOK_SHEET, OUTLOOK_MARK, "tiebreak_outlook")


def outlook_grid(t: Tournament, lang: str) -> list[list[Any]]:
    """The Outlook sheet: a marked title saying where the event stands, a blank row, the header and a row per player."""
    where, found = event_outlook(t)
    with use_language(lang):
        if where.remaining:
            lines, head, rows = outlook_table(t, where, found)
        else:
            lines, head, rows = [_("The event is finished: no games are left to play.")], [], []
    width = max(len(head), 1)
    title = [f"{OUTLOOK_MARK}: " + " ".join(lines)] + [""] * (width - 1)
    return [title, [""] * width, *([head] if head else []), *rows]


def plan_outlook_sheet(plan: Plan, book: BookSource, t: Tournament, lang: str) -> None:
    """Add the Outlook sheet to ``plan`` (created, or tiebreak's earlier block rewritten) and say so in the message."""
    found = find_sheet(OUTLOOK_SHEET, book.sheet_names())
    plan_standings(plan, book, found, outlook_grid(t, lang), check=True, kind=OUTLOOK)
    with use_language(lang):
        plan.message += " " + _("Wrote the '{sheet}' sheet (who can still win).").format(sheet=found or OUTLOOK_SHEET)
