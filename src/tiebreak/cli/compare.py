"""``tiebreak compare FILE``: the players placed differently under two rule sets or criteria lists, and why.

The comparison itself is :mod:`tiebreak.core.compare`; this module reads the file,
ranks it under each variant and prints the text or JSON report.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from tiebreak.core.compare import (
    Comparison,
    compare_rankings,
    made_by_text,
    value_text,
    variants,
)
from tiebreak.core.criteria import get_criterion
from tiebreak.core.errors import FileFormatError
from tiebreak.core.i18n import _, current_language, pgettext, set_language, use_language
from tiebreak.core.labels import standings_head, text
from tiebreak.core.numbers import POINTS_DECIMALS, json_value
from tiebreak.core.progress import after_round_text, at_round, progress
from tiebreak.core.ranking import Ranking, rank

__all__ = ["json_report", "run_compare", "text_report"]


def text_report(c: Comparison, lang: str | None = None) -> str:
    """The comparison as the command line prints it, in ``lang`` (default: the current language)."""
    lang = lang or current_language()
    with use_language(lang):
        points = pgettext("criteria", "points")
        compared = "; ".join(f"{chr(65 + i)} = {v.rules} ({', '.join(v.criteria) or points})" for i, v in enumerate(c.variants))
        lines = [_("Compared: {variants}").format(variants=compared)]
        head = standings_head(lang)[1:]
    if not c.differences:
        lines.append(text("same", lang))
        return "\n".join(lines) + "\n"
    head += [*[f"{chr(65 + i)}: {v.label}" for i, v in enumerate(c.variants)], text("differs", lang)]
    rows = [[str(d.number), d.name, value_text("points", d.points), *d.places, made_by_text(d, lang)] for d in c.differences]
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    lines.append("  ".join(h.ljust(widths[i]) for i, h in enumerate(head)).rstrip())
    for r in rows:
        lines.append("  ".join(x.ljust(widths[i]) if i in (1, len(r) - 1) else x.rjust(widths[i]) for i, x in enumerate(r)).rstrip())
    return "\n".join(lines) + "\n"


def _json(code: str | None, v: Any) -> Any:
    """A value in the JSON report: rounded half up at its criterion's decimals (:func:`tiebreak.core.numbers.json_value`)."""
    return json_value(v, POINTS_DECIMALS if code in (None, "points") else get_criterion(code).decimals)


def json_report(c: Comparison) -> str:
    """The comparison as ``--format json`` prints it: the variants, then one object per player placed differently."""
    data = {
        "variants": [{"label": v.label, "rules": v.rules, "criteria": v.criteria} for v in c.variants],
        "differences": [
            {
                "number": d.number,
                "name": d.name,
                "points": d.points,
                "places": d.places,
                "made_by": d.criteria,
                "values": [_json(code, v) for code, v in zip(d.criteria, d.values)],
                "rivals": d.rivals,
            }
            for d in c.differences
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


# ------------------------------------------------------------------ command line
def run_compare(
    path: Path,
    trf: bool,
    sheet: str | None,
    rules: str | None,
    criteria: Sequence[str] | None,
    fmt: str,
    language: Callable[[object, Iterable[object]], str] | None = None,
    after_round: int | None = None,
    read: dict[str, Any] | None = None,
) -> int:
    """``tiebreak compare FILE --rules A,B [--criteria LIST --criteria LIST] [--format text|json]``.

    A single rule set (with at most one criteria list, used for both) or a single criteria list is compared
    with the file's own (its settings sheet, or for a TRF its rule set and tie-break list, else the defaults).

    ``language(setting, labels)`` chooses the output's language once the file is read (as for
    :func:`tiebreak.plan.sheet.plan_rank`); it becomes the current language: a command line runs this
    inside ``use_language``.  ``after_round`` compares the event as it stood after that round, as
    ``tiebreak rank --after-round`` ranks it.  ``read``: how to read a workbook's table
    (:func:`tiebreak.cli.options.table_args`).
    """
    if not path.exists():
        raise FileFormatError(_("{path}: no such file").format(path=path))
    rule_list: list[str | None] = [r.strip() for r in rules.split(",") if r.strip()] if rules else []
    crit_list: list[str | None] = list(criteria or [])
    if len(rule_list) == 1 and len(crit_list) <= 1:  # one rule set: the file's own against it (same criteria)
        rule_list = [None, rule_list[0]]
    elif not rule_list and len(crit_list) == 1:  # one criteria list: the file's own against it
        crit_list = [None, crit_list[0]]
    pairs = variants(rule_list, crit_list)
    if trf:
        rankings = _trf_rankings(path, pairs, language, after_round)
    else:
        rankings = _book_rankings(path, sheet, pairs, language, after_round, read or {})
    result = compare_rankings(rankings)
    stands = progress(rankings[0].tournament)
    if fmt == "json":
        data = json.loads(json_report(result))
        sys.stdout.write(json.dumps({"after_round": stands.after_round, "rounds": stands.rounds, **data}, ensure_ascii=False, indent=2) + "\n")
    else:
        report = text_report(result)
        if not stands.finished:  # where the event stands, as rank says it: after the first line
            first, rest = report.split("\n", 1)
            report = f"{first}\n{after_round_text(stands)}\n{rest}"
        sys.stdout.write(report)
    return 0


def _trf_rankings(
    path: Path, pairs: Sequence[tuple[str | None, str | None]], language: Callable[[object, Iterable[object]], str] | None, after_round: int | None
) -> list[Ranking]:
    """A TRF file ranked under each (rules, criteria) pair; None: the file's own (else the defaults).

    The options a TRF file decides itself (``--sheet``, ``--scoring`` ...) were refused before
    (:func:`tiebreak.cli.options.refuse_for_trf`).
    """
    from tiebreak.io.trf_team import read_any_trf_file as read_trf_file

    t = read_trf_file(path)
    if after_round is not None:
        t = at_round(t, after_round)
    if language is not None:
        set_language(language(None, [t.title, *(p.name for p in t.players)]))
    default_rules = t.rules or "ru"
    default_criteria = ", ".join(t.tiebreak_codes) if t.tiebreak_codes else None
    return [rank(t, c if c is not None else default_criteria, r if r is not None else default_rules) for r, c in pairs]


def _book_rankings(
    path: Path,
    sheet: str | None,
    pairs: Sequence[tuple[str | None, str | None]],
    language: Callable[[object, Iterable[object]], str] | None,
    after_round: int | None,
    read: dict[str, Any],
) -> list[Ranking]:
    """A workbook's table ranked under each (rules, criteria) pair as Rank ranks it; None: the workbook's settings."""
    from tiebreak.io.workbook import open_book
    from tiebreak.plan.sheet import plan_rank

    book = open_book(path)
    for w in book.warnings:
        print(_("tiebreak: warning: {message}").format(message=w), file=sys.stderr)
    rankings = []
    for r, c in pairs:
        plan = plan_rank(book, sheet=sheet, rules=r, criteria=c, check=False, language=language, after_round=after_round, **read)
        set_language(plan.language)
        assert plan.ranking is not None
        rankings.append(plan.ranking)
    return rankings
