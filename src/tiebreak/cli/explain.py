"""``tiebreak explain FILE --player N|NAME [--criteria CODE,...] | --place [--rules ...] [--format text|json]``.

With ``--player``: for each criterion (default: the file's own list, after
points) the rows that make the player's value (:mod:`tiebreak.core.explain`).
With ``--place``: for each two neighbours equal on points, what separated them
(:mod:`tiebreak.core.places`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tiebreak.cli.options import add_table_options, refuse_for_trf, table_args
from tiebreak.core.criteria import get_criterion, parse_criteria
from tiebreak.core.errors import FileFormatError, SettingsError
from tiebreak.core.explain import HEADER, Explanation, explain, explain_table
from tiebreak.core.i18n import _, cli_language, set_language
from tiebreak.core.localformat import decimal_separator, points
from tiebreak.core.numbers import TEXT_DECIMALS, json_value
from tiebreak.core.numbers import text as number_text
from tiebreak.core.places import separations
from tiebreak.core.progress import after_round_text, at_round, progress
from tiebreak.core.ranking import Ranking, rank

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """The ``explain`` command's parser, in the current language (built inside ``use_language``)."""
    e = sub.add_parser(
        "explain", help=_("explain a player's tie-breaks round by round (--player), or why players equal on points are placed as they are (--place)")
    )
    e.add_argument("file", help=_(".xlsx workbook or FIDE TRF file"))
    e.add_argument("--player", help=_("a start number or a name"))
    e.add_argument("--place", action="store_true", help=_("for each two neighbours equal on points: the criterion that separated them, with the values"))
    e.add_argument("--criteria", help=_("criteria to explain (with --player) or to rank by, comma-separated (default: the file's own)"))
    e.add_argument("--rules", help=_("rule set (default: the file's own, else ru)"))
    e.add_argument("--sheet", help=_("the sheet with the crosstable (default: as for rank)"))
    e.add_argument("--format", choices=("text", "json"), default="text", help=_("how to print (default: text)"))
    add_table_options(e)


def _ranking(args: argparse.Namespace, is_trf: bool, criteria: str | None) -> Ranking:
    """The file ranked (after round ``--after-round`` when given, as ``tiebreak rank`` ranks it, its table read as the table
    options say); the file's language becomes the current one (``--lang`` first: as :func:`tiebreak.core.i18n.cli_language` chooses)."""
    path, rules, lang, after_round = Path(args.file), args.rules, getattr(args, "lang", None), args.after_round
    if not path.exists():
        raise FileFormatError(_("{path}: no such file").format(path=path))
    if is_trf:
        from tiebreak.io.trf_team import read_any_trf_file as read_trf_file

        refuse_for_trf(args)
        t = read_trf_file(path)
        if after_round is not None:
            t = at_round(t, after_round)
        set_language(cli_language(lang, None, [t.title, *(p.name for p in t.players)]))
        crits = criteria or (", ".join(t.tiebreak_codes) if t.tiebreak_codes else None)
        return rank(t, crits, rules or t.rules or "ru")
    from tiebreak.io.workbook import open_book
    from tiebreak.plan.sheet import plan_rank

    book = open_book(path)
    for w in book.warnings:
        print(_("tiebreak: warning: {message}").format(message=w), file=sys.stderr)
    chosen: list[str] = []

    def choose(setting: object, labels: Iterable[object]) -> str:
        chosen.append(cli_language(lang, setting, labels))
        return chosen[-1]

    try:
        ranking = plan_rank(book, sheet=args.sheet, rules=rules, criteria=criteria, check=False, language=choose, after_round=after_round, **table_args(args)).ranking
    finally:
        if chosen:  # the workbook's language from here on, for its errors too (the caller restores its own)
            set_language(chosen[-1])
    assert ranking is not None
    return ranking


def run(args: argparse.Namespace, is_trf: bool) -> int:
    """Run ``tiebreak explain`` (inside the command line's ``use_language``: the file's language becomes current)."""
    if not args.place and not args.player:
        raise SettingsError(_("give --player N|NAME (a player's tie-breaks) or --place (what separated players equal on points)"))
    if args.place and args.player:
        raise SettingsError(_("give either --player or --place, not both"))
    if args.place:
        ranking = _ranking(args, is_trf, args.criteria)
        seps = separations(ranking)
        stands = progress(ranking.tournament)
        if args.format == "json":
            data: dict[str, Any] = {
                "after_round": stands.after_round,
                "rounds": stands.rounds,
                "rules": ranking.evaluation.rules.name,
                "criteria": [c.code for c in ranking.criteria],
                "separations": [s.as_json() for s in seps],
            }
            sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        else:
            criteria = ", ".join(c.code for c in ranking.criteria) or "-"
            print(_("Rules: {rules}   Criteria: {criteria}").format(rules=ranking.evaluation.rules.name, criteria=criteria))
            if not stands.finished:
                print(after_round_text(stands))
            for s in seps:
                print(s.text())
            if not seps:
                print(_("Nobody is equal on points with another player."))
        return 0
    ranking = _ranking(args, is_trf, None)
    crits = parse_criteria(args.criteria) if args.criteria else ranking.criteria
    if not crits:
        crits = parse_criteria("points")
    from tiebreak.calc.answers import find_player

    ev = ranking.evaluation
    p = find_player(ev.tournament, _player_key(args.player))
    found = [explain(ev, p, c, ranking=ranking) for c in crits]
    player = ev.tournament.players[p]
    stands = progress(ev.tournament)
    if args.format == "json":
        found_json: dict[str, Any] = {
            "after_round": stands.after_round,
            "rounds": stands.rounds,
            "rules": ev.rules.name,
            "number": player.number,
            "name": player.name,
            "points": ev.points[p],
            "explanations": [_json(e) for e in found],
        }
        sys.stdout.write(json.dumps(found_json, ensure_ascii=False, indent=2) + "\n")
        return 0
    # TRANSLATORS: the heading of a player's explanations; {points} is "3.5 points" / "3,5 очка".
    print(_("No. {number} {name}: {points}   Rules: {rules}").format(number=player.number, name=player.name, points=points(ev.points[p]), rules=ev.rules.name))
    if not stands.finished:
        print(after_round_text(stands))
    for e in found:
        print()
        print(_text(e))
    return 0


def _player_key(text: str) -> Any:
    s = text.strip()
    return int(s) if s.isdigit() else s


def _num(v: Any, decimals: int = TEXT_DECIMALS) -> str:
    """A number of the table (the rows: 4 decimals; the total: its criterion's), half up (:mod:`tiebreak.core.numbers`)."""
    if v is None or v == "":
        return ""
    if isinstance(v, tuple):
        return "(" + ("; " if decimal_separator() == "," else ", ").join(_num(x, decimals) for x in v) + ")"
    if isinstance(v, float):
        return number_text(v, decimals, decimal_separator())
    return str(v)


def _text(e: Explanation, lang: str | None = None) -> str:
    """An explanation as text, in ``lang`` (default: the current language)."""
    grid = explain_table(e, lang)
    head = grid[0]
    body = [[_num(v) for v in row] for row in grid[1 : 1 + len(e.rows)]]
    notes = [f"{row[0]}: {row[1]}" for row in grid[1 + len(e.rows) : -1]]
    how = grid[-1][4]
    name = grid[-1][1]
    named = name if e.code in name else f"{name} ({e.code})"  # FIDE's names carry their code already
    lines = [f"{named}: {_num(e.total, get_criterion(e.code).decimals)}" + (f"   [{how}]" if how else "")]
    if body:
        widths = [max(len(h), *(len(r[i]) for r in body)) for i, h in enumerate(head)]
        lines.append("  ".join(h.ljust(widths[i]) for i, h in enumerate(head)).rstrip())
        for r in body:
            lines.append("  ".join(x.ljust(widths[i]) for i, x in enumerate(r)).rstrip())
    lines.extend(notes)
    lines.append(f"{grid[-1][0]}: {_num(e.total, get_criterion(e.code).decimals)}")
    return "\n".join(lines)


def _json(e: Explanation) -> dict[str, Any]:
    keys = [h.lower() for h in HEADER]
    rows = []
    for r in e.rows:
        rows.append(dict(zip(keys, [r.round, r.opponent, r.result, _value(r.counted), r.reason, r.cut, _value(r.contribution)])))
    out = {"code": e.code, "name": e.name, "total": json_value(e.total, get_criterion(e.code).decimals), "how": e.how, "rows": rows}
    if e.notes:  # a group criterion's: who is tied, what it read among them, what it decided
        out["notes"] = [{"label": label, "text": text} for label, text in e.notes]
    return out


def _value(v: Any) -> Any:
    if isinstance(v, tuple):
        return list(v)
    if isinstance(v, float):
        return round(v, 10)
    return v
