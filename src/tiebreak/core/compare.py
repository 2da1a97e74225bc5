"""Compare places under two (or more) rule sets or criteria lists (``tiebreak compare``).

Each *variant* is a rule set with a criteria list; the first variant is the
reference.  A player is listed when his place differs between the reference
and any other variant, with **the criterion that made the difference**,
defined as follows.

For two players p and q, a ranking *separates* them at step k when ranking
by points and the first k of its criteria (k = 0: points alone) gives them
different places; steps only ever split ties further, so there is a first
such step, or none when they share their final place.  The *relation* of p
to q in a ranking is "above", "level" (a shared place) or "below".  For a
player whose place differs between rankings A and B, his *rivals* are the
players whose relation to him differs between A and B (there is at least
one, since his place counts the players above and level with him).  The
difference was made at the smallest step, over his rivals, at which A or B
separates him from a rival; the criterion is the one at that step in each
ranking (``points`` at step 0).  When A and B use the same criteria list,
this is the first criterion whose values put him on a different side of a
rival, under one rule set or the other.

A Swiss with a bye each round and B's forfeit win over E in round 2: on
Buchholz, ``ru`` counts B's forfeit as a draw against E and his bye as a win
over the event's lowest score, FIDE 2024 counts both rounds as a dummy with
B's own 2 points (the test of the command works the numbers out):

>>> from tiebreak.read import read_table
>>> t = read_table([["No", "Name", "R1", "R2", "R3"], [1, "A", "2w1", "3w1", "4w½"], [2, "B", "1b0", "5w+", "+"],
...                 [3, "C", "4w1", "1b0", "5w1"], [4, "D", "3b0", "+", "1b½"], [5, "E", "+", "2b-", "3b0"]])
>>> c = compare(t, ["ru", "fide-2024"], ["buchholz"])
>>> [(d.name, d.places, d.criteria, d.values) for d in c.differences]
[('C', ['2', '3'], ['buchholz', 'buchholz'], [5.5, 5.0]), ('B', ['3', '2'], ['buchholz', 'buchholz'], [5.0, 6.5])]
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tiebreak.core.criteria import parse_criteria
from tiebreak.core.errors import FileFormatError, SettingsError
from tiebreak.core.i18n import (
    _,
    current_language,
    ngettext,
    pgettext,
    set_language,
    use_language,
)
from tiebreak.core.labels import text
from tiebreak.core.localformat import format_value
from tiebreak.core.model import Tournament
from tiebreak.core.ranking import Ranking, rank, separated_at
from tiebreak.core.rules import get_rules

__all__ = ["COMPARE_MARK", "COMPARE_SHEET", "Comparison", "Difference", "Variant", "compare", "compare_grid", "compare_rankings", "json_report", "text_report", "variants"]

COMPARE_SHEET = "Compare"
COMPARE_MARK = "Compare (tiebreak)"


@dataclass
class Variant:
    label: str
    ranking: Ranking

    @property
    def rules(self) -> str:
        return self.ranking.evaluation.rules.name

    @property
    def criteria(self) -> list[str]:
        return [c.code for c in self.ranking.criteria]


@dataclass
class Difference:
    player: int
    number: int
    name: str
    points: float
    places: list[str]
    """The player's place in each variant."""
    criteria: list[str | None]
    """Per variant, the criterion that made the difference against the reference; the first entry is the reference's
    criterion at that step (against the first variant that places him differently); None where the variant places him
    as the reference does, or its list has no criterion at that step."""
    values: list[Any]
    """The player's value of that criterion in each variant (None when not computed for him)."""
    rivals: list[int] = field(default_factory=list)
    """Start numbers of the players whose standing relative to him changed (against the first variant that places him differently)."""


@dataclass
class Comparison:
    tournament: Tournament
    variants: list[Variant]
    differences: list[Difference]


def variants(rules: Sequence[str | None], criteria: Sequence[str | None]) -> list[tuple[str | None, str | None]]:
    """The (rules, criteria) of each variant: the longer list sets the count, a single entry is shared.

    >>> variants(["ru", "fide-2024"], [])
    [('ru', None), ('fide-2024', None)]
    >>> variants(["ru"], ["buchholz", "solkoff"])
    [('ru', 'buchholz'), ('ru', 'solkoff')]
    """
    rs = list(rules) or [None]
    cs = list(criteria) or [None]
    n = max(len(rs), len(cs))
    if n < 2:
        raise SettingsError(_("give two rule sets (--rules ru,fide-2024) or two criteria lists (--criteria ... --criteria ...) to compare"))
    if len(rs) not in (1, n) or len(cs) not in (1, n):
        raise SettingsError(
            _("{rule_sets} rule sets and {lists} criteria lists: give one of either, or as many of each").format(rule_sets=len(rs), lists=len(cs))
        )
    for r in rs:
        if r is not None:
            get_rules(r)
    for c in cs:
        if c is not None:
            parse_criteria(c)
    return [(rs[0] if len(rs) == 1 else rs[i], cs[0] if len(cs) == 1 else cs[i]) for i in range(n)]


def _labels(rankings: Sequence[Ranking]) -> list[str]:
    rules = [r.evaluation.rules.name for r in rankings]
    crits = [", ".join(c.code for c in r.criteria) or "points" for r in rankings]
    same_rules, same_crits = len(set(rules)) == 1, len(set(crits)) == 1
    if same_crits and not same_rules:
        return rules
    if same_rules and not same_crits:
        return crits
    return [f"{r}: {c}" for r, c in zip(rules, crits)]


def _relation(places: list[tuple[int, int]], p: int, q: int) -> int:
    """1: p above q, 0: they share a place, -1: p below q."""
    a, b = places[p][0], places[q][0]
    return (a < b) - (a > b)


def _criterion_at(ranking: Ranking, step: int) -> str | None:
    if step == 0:
        return "points"
    return ranking.criteria[step - 1].code if step <= len(ranking.criteria) else None


def _value(ranking: Ranking, player: int, code: str | None) -> Any:
    if code is None:
        return None
    if code == "points":
        return ranking.tournament.points[player]
    return ranking.by_player()[player].values.get(code)


def _made_by(a: Ranking, b: Ranking, sa: list[list[tuple[int, int]]], sb: list[list[tuple[int, int]]], p: int) -> tuple[int, list[int]]:
    """The step at which the difference for p was made between a and b, and his rivals (indices)."""
    fa, fb = sa[-1], sb[-1]
    n = len(fa)
    rivals = [q for q in range(n) if q != p and _relation(fa, p, q) != _relation(fb, p, q)]
    best: int | None = None
    for q in rivals:
        for k in (separated_at(sa, p, q), separated_at(sb, p, q)):
            if k is not None and (best is None or k < best):
                best = k
    return (0 if best is None else best), rivals


def compare_rankings(rankings: Sequence[Ranking], labels: Sequence[str] | None = None) -> Comparison:
    """Compare rankings of one event (the first is the reference)."""
    if len(rankings) < 2:
        raise SettingsError(_("two rankings are needed to compare"))
    t = rankings[0].tournament
    names = list(labels) if labels is not None else _labels(rankings)
    steps = [r.steps() for r in rankings]
    places = [r.places() for r in rankings]
    diffs: list[Difference] = []
    ref = rankings[0]
    order = {s.player: i for i, s in enumerate(ref.standings)}
    for p in sorted(range(len(t.players)), key=lambda q: order[q]):
        if all(pl[p] == places[0][p] for pl in places[1:]):
            continue
        crits: list[str | None] = [None] * len(rankings)
        values: list[Any] = [None] * len(rankings)
        rivals: list[int] = []
        for i in range(1, len(rankings)):
            if places[i][p] == places[0][p]:
                continue
            step, riv = _made_by(ref, rankings[i], steps[0], steps[i], p)
            crits[i] = _criterion_at(rankings[i], step)
            values[i] = _value(rankings[i], p, crits[i])
            if not rivals:  # the first variant that places him differently: the reference's side of it
                crits[0] = _criterion_at(ref, step)
                values[0] = _value(ref, p, crits[0])
                rivals = riv
        player = t.players[p]
        diffs.append(Difference(p, player.number, player.label(), t.points[p], [pl[p] for pl in places], crits, values, [t.players[q].number for q in rivals]))
    return Comparison(t, [Variant(n, r) for n, r in zip(names, rankings)], diffs)


def compare(
    t: Tournament,
    rules: Sequence[str | None] = (),
    criteria: Sequence[str | None] = (),
    *,
    default_rules: str | None = None,
    default_criteria: str | None = None,
) -> Comparison:
    """Rank ``t`` under each variant (see :func:`variants`) and compare; unset rules or criteria take the defaults."""
    rankings = [rank(t, c if c is not None else default_criteria, r if r is not None else default_rules) for r, c in variants(rules, criteria)]
    return compare_rankings(rankings)


# ------------------------------------------------------------------ output
def _criterion_name(code: str | None, lang: str = "en") -> str:
    if code is None:
        return "-"
    if code == "points":
        return text("points", lang)
    from tiebreak.core.criteria import get_criterion

    c = get_criterion(code)
    return c.name_ru if lang == "ru" else c.name


def made_by_text(d: Difference, lang: str = "en") -> str:
    """``Buchholz: 5 / 6.5`` (the same criterion) or ``Truncated Solkoff 4 / Buchholz 6.5`` (different ones)."""
    named = [c for c in d.criteria if c is not None]
    if named and all(c == named[0] for c in named):
        return f"{_criterion_name(named[0], lang)}: " + " / ".join(format_value(v) if c is not None else "-" for c, v in zip(d.criteria, d.values))
    return " / ".join(f"{_criterion_name(c, lang)} {format_value(v)}".strip() for c, v in zip(d.criteria, d.values))


def text_report(c: Comparison, lang: str | None = None) -> str:
    """The comparison as the command line prints it, in ``lang`` (default: the current language)."""
    lang = lang or current_language()
    with use_language(lang):
        points = pgettext("criteria", "points")
        compared = "; ".join(f"{chr(65 + i)} = {v.rules} ({', '.join(v.criteria) or points})" for i, v in enumerate(c.variants))
        lines = [_("Compared: {variants}").format(variants=compared)]
        head = [pgettext("column", "No"), pgettext("column", "Name"), pgettext("column", "Points")]
    if not c.differences:
        lines.append(text("same", lang))
        return "\n".join(lines) + "\n"
    head += [*[f"{chr(65 + i)}: {v.label}" for i, v in enumerate(c.variants)], text("differs", lang)]
    rows = [[str(d.number), d.name, format_value(d.points), *d.places, made_by_text(d, lang)] for d in c.differences]
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    lines.append("  ".join(h.ljust(widths[i]) for i, h in enumerate(head)).rstrip())
    for r in rows:
        lines.append("  ".join(x.ljust(widths[i]) if i in (1, len(r) - 1) else x.rjust(widths[i]) for i, x in enumerate(r)).rstrip())
    return "\n".join(lines) + "\n"


def _json(v: Any) -> Any:
    if isinstance(v, tuple):
        return list(v)
    if isinstance(v, float):
        return round(v, 10)
    return v


def json_report(c: Comparison) -> str:
    data = {
        "variants": [{"label": v.label, "rules": v.rules, "criteria": v.criteria} for v in c.variants],
        "differences": [
            {
                "number": d.number,
                "name": d.name,
                "points": d.points,
                "places": d.places,
                "made_by": d.criteria,
                "values": [_json(v) for v in d.values],
                "rivals": d.rivals,
            }
            for d in c.differences
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


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


# ------------------------------------------------------------------ command line
def run_compare(
    path: Path,
    trf: bool,
    sheet: str | None,
    rules: str | None,
    criteria: Sequence[str] | None,
    fmt: str,
    language: Callable[[object, Iterable[object]], str] | None = None,
) -> int:
    """``tiebreak compare FILE --rules A,B [--criteria LIST --criteria LIST] [--format text|json]``.

    A single rule set (with at most one criteria list, used for both) or a single criteria list is compared
    with the file's own (its settings sheet, or for a TRF its rule set and tie-break list, else the defaults).

    ``language(setting, labels)`` chooses the output's language once the file is read (as for
    :func:`tiebreak.plan.sheet.plan_rank`); it becomes the current language: a command line runs this
    inside ``use_language``.
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
        from tiebreak.io.trf import read_trf_file

        if sheet:
            raise SettingsError(_("--sheet is for workbooks; a TRF file has no sheets"))
        t = read_trf_file(path)
        if language is not None:
            set_language(language(None, [t.title, *(p.name for p in t.players)]))
        default_rules = t.rules or "ru"
        default_criteria = ", ".join(t.tiebreak_codes) if t.tiebreak_codes else None
        rankings = [rank(t, c if c is not None else default_criteria, r if r is not None else default_rules) for r, c in pairs]
    else:
        from tiebreak.io.workbook import open_book
        from tiebreak.plan.sheet import plan_rank

        book = open_book(path)
        for w in book.warnings:
            print(_("tiebreak: warning: {message}").format(message=w), file=sys.stderr)
        rankings = []
        for r, c in pairs:
            plan = plan_rank(book, sheet=sheet, rules=r, criteria=c, check=False, language=language)
            set_language(plan.language)
            assert plan.ranking is not None
            rankings.append(plan.ranking)
    result = compare_rankings(rankings)
    sys.stdout.write(json_report(result) if fmt == "json" else text_report(result))
    return 0


# ------------------------------------------------------------------ the Compare sheet
def plan_compare_sheet(plan: Any, book: Any, settings: Any, lang: str) -> None:
    """Add the Compare sheet to a Rank plan (``tiebreak.plan.sheet.Plan``) when the settings ask for it.

    The settings' ``Compare`` value names rule sets: one (``fide-2024``) compares the
    workbook's own rule set with it, several (``ru, fide-2024``) compare those; the
    criteria are the workbook's.  A sheet named ``Compare`` that tiebreak did not
    write is never replaced.
    """
    from tiebreak.core.a1 import find_sheet
    from tiebreak.core.errors import WriteBlockedError
    from tiebreak.plan.cells import cells_of
    from tiebreak.plan.model import Write
    from tiebreak.plan.settings import SETTINGS_SHEET

    ranking: Ranking = plan.ranking
    names = [n.strip() for n in settings.compare.split(",") if n.strip()]
    rules = names if len(names) > 1 else [settings.rules, *names]
    try:
        pairs = variants(rules, [])
    except SettingsError as err:
        raise SettingsError(_("sheet '{sheet}', Compare: {error}").format(sheet=SETTINGS_SHEET, error=err)) from None
    t = ranking.tournament
    criteria = settings.criteria_list(round_robin=t.is_round_robin)
    rankings = [ranking if get_rules(r).name == ranking.evaluation.rules.name else rank(t, criteria, r) for r, _ in pairs]
    result = compare_rankings(rankings)
    grid = compare_grid(result, lang)
    sheet = find_sheet(COMPARE_SHEET, book.sheet_names())  # the user's spelling, as Excel ignores case
    if sheet is not None:
        existing = cells_of(book.values(sheet))
        mark = existing.get((0, 0))
        if existing and not (isinstance(mark, str) and mark.startswith(COMPARE_MARK)):
            first_cell = f"{sheet}!A1"
            raise WriteBlockedError(
                _("a sheet named '{sheet}' exists and was not written by tiebreak; rename it and run Rank again (nothing was changed)").format(
                    sheet=sheet
                ),
                cell=first_cell,
            )
        plan.clear_sheets.append(sheet)
    else:
        sheet = COMPARE_SHEET
        plan.create_sheets.append(sheet)
    plan.writes.append(Write(sheet, 1, 1, grid))
    n = len(result.differences)
    plan.message += " " + ngettext(
        "Wrote the '{sheet}' sheet ({count} player placed differently).", "Wrote the '{sheet}' sheet ({count} players placed differently).", n
    ).format(sheet=sheet, count=n)
