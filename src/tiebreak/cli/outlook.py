"""``tiebreak outlook FILE [--format text|json]``: who can still win, from a crosstable with games still to play.

For a round robin with games left, or a Swiss whose current round is paired
but not fully entered: each player's points now, the most he can still reach,
his best and worst place on points over every way the remaining games can
end, whether he can still finish first and whether he is first whatever
happens (:mod:`tiebreak.core.outlook` defines each).
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from pathlib import Path
from typing import Any

from tiebreak.calc.outlook import outlook_table
from tiebreak.cli.options import add_table_options, refuse_for_trf, table_args
from tiebreak.core.errors import SettingsError
from tiebreak.core.i18n import _, cli_language, set_language
from tiebreak.core.model import Tournament
from tiebreak.core.numbers import json_value
from tiebreak.core.outlook import Outlook
from tiebreak.core.progress import Progress, at_round, event_outlook

__all__ = ["add_parser", "report", "run"]


def add_parser(sub: Any) -> None:
    """The ``outlook`` command's options."""
    o = sub.add_parser("outlook", help=_("who can still win: each player's best and worst place on points over the games still to play"))
    o.add_argument("file", help=_(".xlsx workbook (.xls, .ods read too) or FIDE TRF file"))
    o.add_argument("--sheet", help=_("the sheet with the crosstable (default: as for rank)"))
    o.add_argument("--format", choices=("text", "json"), default="text", help=_("how to print the outlook (default: text)"))
    add_table_options(o)


def run(args: argparse.Namespace) -> int:
    """Read the file, print the outlook; a finished event says so, a Swiss without the next round's pairings is refused."""
    from tiebreak.io.book import is_trf, read_file

    if is_trf(Path(args.file)) and Path(args.file).is_file():
        refuse_for_trf(args)  # the options named as the command line spells them

    with warnings.catch_warnings(record=True) as caught:  # a workbook's warnings said as rank says them
        warnings.simplefilter("always")
        read = table_args(args)
        t = read_file(Path(args.file), sheet=args.sheet, cell_range=read["cell_range"], scoring=read["scoring"], plus=read["plus"], **read["match"])
    if args.after_round is not None:  # as tiebreak rank --after-round counts it (a settings row After round is overridden)
        t = at_round(t, args.after_round)
    for w in caught:
        print(_("tiebreak: warning: {message}").format(message=w.message), file=sys.stderr)
    set_language(cli_language(getattr(args, "lang", None), None, [t.title, *(p.name for p in t.players)]))
    where, found = event_outlook(t)
    if not where.remaining:
        if where.finished or t.is_round_robin:
            print(_("The event is finished: no games are left to play."))
            return 0
        raise SettingsError(
            _("no games are paired yet for round {round}: the outlook of a Swiss needs the next round's pairings (enter them without results)").format(round=where.after_round + 1)
        )
    sys.stdout.write(json.dumps(as_json(t, where, found), ensure_ascii=False, indent=2) + "\n" if args.format == "json" else report(t, where, found))
    return 0


def as_json(t: Tournament, where: Progress, found: Outlook) -> dict[str, Any]:
    """The outlook as ``tiebreak outlook --format json`` prints it."""
    return {
        "after_round": where.after_round,
        "rounds": where.rounds,
        "games_left": found.games_left,
        "exact": found.exact,
        "players": [
            {
                "number": p.number,
                "name": p.name,
                "points": json_value(o.points, 2),
                "max_points": json_value(o.max_points, 2),
                "best_place": o.best_place,
                "worst_place": o.worst_place,
                "can_win": o.can_win,
                "clinched": o.clinched,
            }
            for p, o in zip(t.players, found.players, strict=True)
        ],
    }


def report(t: Tournament, where: Progress, found: Outlook) -> str:
    """The outlook as a small table in the current language, best chances first."""
    lines, head, rows = outlook_table(t, where, found)
    widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(head)]
    lines.append("  ".join(h.ljust(widths[k]) for k, h in enumerate(head)).rstrip())
    lines.extend("  ".join(c.ljust(widths[k]) for k, c in enumerate(r)).rstrip() for r in rows)
    return "\n".join(lines) + "\n"
