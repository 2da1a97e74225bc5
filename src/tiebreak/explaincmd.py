"""``tiebreak explain FILE --player N|NAME [--criteria CODE,...] | --place [--rules ...] [--format text|json]``.

With ``--player``: for each criterion (default: the file's own list, after
points) the rows that make the player's value (:mod:`tiebreak.explain`).
With ``--place``: for each two neighbours equal on points, what separated them
(:mod:`tiebreak.places`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .criteria import parse_criteria
from .errors import FileFormatError, SettingsError
from .explain import HEADER, Explanation, explain, explain_table
from .places import separations
from .ranking import Ranking, rank

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    e = sub.add_parser("explain", help="explain a player's tie-breaks round by round (--player), or why players equal on points are placed as they are (--place)")
    e.add_argument("file", help=".xlsx workbook or FIDE TRF file")
    e.add_argument("--player", help="a start number or a name")
    e.add_argument("--place", action="store_true", help="for each two neighbours equal on points: the criterion that separated them, with the values")
    e.add_argument("--criteria", help="criteria to explain (with --player) or to rank by, comma-separated (default: the file's own)")
    e.add_argument("--rules", help="rule set (default: the file's own, else ru)")
    e.add_argument("--sheet", help="the sheet with the crosstable (default: as for rank)")
    e.add_argument("--format", choices=("text", "json"), default="text", help="how to print (default: text)")


def _ranking(path: Path, is_trf: bool, sheet: str | None, rules: str | None, criteria: str | None) -> Ranking:
    if not path.exists():
        raise FileFormatError(f"{path}: no such file")
    if is_trf:
        from .trf import read_trf_file

        if sheet:
            raise SettingsError("--sheet is for workbooks; a TRF file has no sheets")
        t = read_trf_file(path)
        crits = criteria or (", ".join(t.tiebreak_codes) if t.tiebreak_codes else None)
        return rank(t, crits, rules or t.rules or "ru")
    from .sheet import plan_rank
    from .workbook import SafeWorkbook

    book = SafeWorkbook(path)
    for w in book.warnings:
        print(f"tiebreak: warning: {w}", file=sys.stderr)
    ranking = plan_rank(book, sheet=sheet, rules=rules, criteria=criteria, check=False).ranking
    assert ranking is not None
    return ranking


def run(args: argparse.Namespace, is_trf: bool) -> int:
    if not args.place and not args.player:
        raise SettingsError("give --player N|NAME (a player's tie-breaks) or --place (what separated players equal on points)")
    if args.place and args.player:
        raise SettingsError("give either --player or --place, not both")
    path = Path(args.file)
    if args.place:
        ranking = _ranking(path, is_trf, args.sheet, args.rules, args.criteria)
        seps = separations(ranking)
        if args.format == "json":
            data: dict[str, Any] = {"rules": ranking.evaluation.rules.name, "criteria": [c.code for c in ranking.criteria], "separations": [s.as_json() for s in seps]}
            sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        else:
            print(f"Rules: {ranking.evaluation.rules.name}   Criteria: {', '.join(c.code for c in ranking.criteria) or '-'}")
            from .labels import table_language

            lang = table_language(p.name for p in ranking.tournament.players)
            for s in seps:
                print(s.text(lang))
            if not seps:
                print("Nobody is equal on points with another player.")
        return 0
    ranking = _ranking(path, is_trf, args.sheet, args.rules, None)
    crits = parse_criteria(args.criteria) if args.criteria else ranking.criteria
    if not crits:
        crits = parse_criteria("points")
    from .api import find_player

    ev = ranking.evaluation
    p = find_player(ev.tournament, _player_key(args.player))
    found = [explain(ev, p, c) for c in crits]
    player = ev.tournament.players[p]
    if args.format == "json":
        found_json: dict[str, Any] = {"rules": ev.rules.name, "number": player.number, "name": player.name, "points": ev.points[p], "explanations": [_json(e) for e in found]}
        sys.stdout.write(json.dumps(found_json, ensure_ascii=False, indent=2) + "\n")
        return 0
    from .labels import table_language

    lang = table_language(pl.name or "" for pl in ev.tournament.players)
    if lang == "ru":
        print(f"№ {player.number} {player.name}: очки {_num(ev.points[p])}   Правила: {ev.rules.name}")
    else:
        print(f"No. {player.number} {player.name}: {_num(ev.points[p])} points   Rules: {ev.rules.name}")
    for e in found:
        print()
        print(_text(e, lang))
    return 0


def _player_key(text: str) -> Any:
    s = text.strip()
    return int(s) if s.isdigit() else s


def _num(v: Any) -> str:
    if v is None or v == "":
        return ""
    if isinstance(v, tuple):
        return "(" + ", ".join(_num(x) for x in v) + ")"
    if isinstance(v, float):
        return f"{round(v, 4):g}"
    return str(v)


def _text(e: Explanation, lang: str = "en") -> str:
    grid = explain_table(e, lang)
    head = grid[0]
    body = [[_num(v) for v in row] for row in grid[1:-1]]
    how = grid[-1][4]
    lines = [f"{grid[-1][1]} ({e.code}): {_num(e.total)}" + (f"   [{how}]" if how else "")]
    if body:
        widths = [max(len(h), *(len(r[i]) for r in body)) for i, h in enumerate(head)]
        lines.append("  ".join(h.ljust(widths[i]) for i, h in enumerate(head)).rstrip())
        for r in body:
            lines.append("  ".join(x.ljust(widths[i]) for i, x in enumerate(r)).rstrip())
    lines.append(f"{grid[-1][0]}: {_num(e.total)}")
    return "\n".join(lines)


def _json(e: Explanation) -> dict[str, Any]:
    keys = [h.lower() for h in HEADER]
    rows = []
    for r in e.rows:
        rows.append(dict(zip(keys, [r.round, r.opponent, r.result, _value(r.counted), r.reason, r.cut, _value(r.contribution)])))
    return {"code": e.code, "name": e.name, "total": _value(e.total), "how": e.how, "rows": rows}


def _value(v: Any) -> Any:
    if isinstance(v, tuple):
        return list(v)
    if isinstance(v, float):
        return round(v, 10)
    return v
