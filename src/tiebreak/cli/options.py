"""How to read a workbook's table: the options of every command that reads one (rank, export, explain, compare, outlook).

Defined once, so each command takes the same ``--scoring``, ``--range``,
``--plus``, ``--event``, ``--match-scoring`` and ``--primary``, with the same
words, and hands them on the same way (:func:`table_args`).
"""

from __future__ import annotations

import argparse
from typing import Any

from tiebreak.core.errors import SettingsError
from tiebreak.core.i18n import _

__all__ = ["add_table_options", "refuse_for_trf", "table_args"]


def add_table_options(command: argparse.ArgumentParser) -> None:
    """The options that say how to read a workbook's table."""
    command.add_argument("--scoring", help=_("points for a win/draw/loss, e.g. 3/1/0 (default: the workbook's settings, else read from the table)"))
    command.add_argument("--range", dest="cell_range", metavar="RANGE", help=_("the crosstable's cells, e.g. A3:N13 (default: the largest table on the sheet)"))
    command.add_argument(
        "--plus",
        choices=("win", "forfeit", "auto"),
        help=_("what + and − beside an opponent mean: won and lost games (win) or forfeits (default: the workbook's settings, else read from the table)"),
    )
    command.add_argument(
        "--event",
        choices=("individual", "team", "micro"),
        help=_("the kind of event: single games, team matches or draughts micro-matches (default: the workbook's settings, else read from the table)"),
    )
    command.add_argument("--match-scoring", metavar="W/D/L", help=_("match points of a won/drawn/lost match, e.g. 3/1/0 (default: the workbook's settings, else 2/1/0)"))
    command.add_argument(
        "--primary",
        type=str.upper,
        choices=("MP", "GP"),
        help=_("the score that ranks a match event: match points (MP) or game points (GP) (default: the workbook's settings, else MP for teams, GP for micro-matches)"),
    )


def table_args(args: argparse.Namespace) -> dict[str, Any]:
    """The options of :func:`add_table_options` as :func:`tiebreak.plan.sheet.plan_rank` takes them."""
    return {
        "scoring": args.scoring,
        "cell_range": args.cell_range,
        "plus": args.plus,
        "match": {"event": args.event, "match_scoring": args.match_scoring, "primary": args.primary},
    }


def refuse_for_trf(args: argparse.Namespace) -> None:
    """A TRF file says its own scoring and kind of event and has no sheets or cells: these options are refused for it, not ignored."""
    if getattr(args, "sheet", None):
        raise SettingsError(_("--sheet is for workbooks; a TRF file has no sheets"))
    if args.cell_range:
        raise SettingsError(_("--range is for workbooks; a TRF file has no cells"))
    given = [f"--{name.replace('_', '-')}" for name in ("scoring", "plus", "event", "match_scoring", "primary") if getattr(args, name) is not None]
    if given:
        raise SettingsError(_("{options}: for workbooks; a TRF file says its scoring and kind of event itself (its XXS, 162, 192 and 362 records)").format(options=", ".join(given)))
