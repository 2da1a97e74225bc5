"""Explain a value: the rows that make one player's tie-break, read off the evaluation.

:func:`explain` gives, for one player and one criterion, a row per counted
game (per round, or per opponent in a round robin): the round, the opponent,
the result, what was counted for the opponent (his value as counted, and why
when it differs from his actual score), whether a cut removed it, and its
contribution; and the total, which is the criterion's own value.  Sums
(Buchholz and its cuts, Sonneborn–Berger, Shmulyan, Riga, Koya, wins, PS ...)
add up to the total; averages (AOB, ARO, APRO, APPO) and performances (TPR,
PTP) list the values they are made of and say how the total follows.  Group
criteria (head-to-head, results in order of places, DE) list the games among
the players tied on points with him.

Like the coefficients, everything here reads only the evaluation (and the
event's names and numbers).  Why a player is placed above another is
:mod:`tiebreak.core.places`.

>>> from tiebreak.read import read_table
>>> t = read_table([["X", 1, 0, 1], [0, "X", 1, 1], [1, 0, "X", "="], [0, 0, "=", "X"]])
>>> from tiebreak.core.rules import get_rules
>>> e = explain(get_rules("ru").evaluate(t), 0, "sonneborn_berger")
>>> [(r.opponent, r.result, r.counted, r.contribution) for r in e.rows], e.total
([('No. 2', '1', 2.0, 4.0), ('No. 3', '0', 1.5, 0.0), ('No. 4', '1', 0.5, 1.0)], 5.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import mul
from typing import Any

from tiebreak.core import coefficients as co
from tiebreak.core import fide
from tiebreak.core.counting import Adjusted, Evaluation, Ratings, Why
from tiebreak.core.criteria import get_criterion
from tiebreak.core.criterion import (
    Criterion,
    GroupContext,
    GroupCriterion,
    ProgressiveCriterion,
)
from tiebreak.core.errors import SettingsError
from tiebreak.core.i18n import (
    _,
    current_language,
    lazy_gettext,
    lazy_pgettext,
    ngettext,
    pgettext,
    use_language,
)
from tiebreak.core.localformat import decimal_separator
from tiebreak.core.numbers import half_up

__all__ = ["HEADER", "HEADER_RU", "Explanation", "Row", "explain", "explain_grid", "explain_table", "header"]


@dataclass
class Row:
    """One counted game (or round) of an explanation."""

    round: int | None
    """1-based round (None in a round robin matrix or for a virtual opponent with no round)."""
    opponent: str
    result: str
    """``1``, ``½``, ``0``, ``+``, ``−``, ``bye`` ... (the table's scoring)."""
    counted: float | None
    """What was counted for the opponent (his score, rating, Buchholz ... as the criterion reads it)."""
    reason: str = ""
    """Why ``counted`` is not the opponent's actual score (empty when it is)."""
    cut: str = ""
    """``cut (lowest)``, ``cut (highest)``, ``cut (unplayed round first)`` or empty."""
    contribution: float | None = None


@dataclass
class Explanation:
    player: int
    code: str
    name: str
    rows: list[Row]
    total: Any
    how: str = ""
    """How the total follows from the rows when it is not their sum (a mean, a performance ...)."""
    notes: list[str] = field(default_factory=list)


_WHY_TEXT = {
    Why.FORFEIT_AS_DRAW: lazy_gettext("forfeit counted as a draw"),
    Why.FORFEIT_AS_GAME: lazy_gettext("forfeit counted as a game"),
    Why.VIRTUAL_BYE: lazy_gettext("virtual opponent of a bye (lowest score)"),
    Why.DUMMY: lazy_gettext("dummy opponent (own score)"),
    Why.VIRTUAL_OPPONENT: lazy_gettext("virtual opponent"),
}


def _label(ev: Evaluation, q: int) -> str:
    return ev.tournament.players[q].label()


def _fmt(x: float) -> str:
    """A score in a text: ``½``, else as ``:g`` writes it with the current language's decimal separator."""
    return "½" if x == 0.5 else f"{x:g}".replace(".", decimal_separator())


def _result(ev: Evaluation, p: int, r: int) -> str:
    """The result of round ``r`` as the table shows it."""
    if r < 0 or r >= len(ev.pts[p]):
        return ""
    x = ev.pts[p][r]
    q = ev.opp[p][r]
    sc = ev.scoring
    if q >= 0 and ev.played[p][r]:
        return {sc.win: "1", sc.draw: "½", sc.loss: "0"}.get(x, _fmt(x)) if sc.win == 1 else _fmt(x)
    if q >= 0:
        return "+" if x > sc.draw else "−" if x < sc.draw else "="
    # TRANSLATORS: the result of a round without an opponent: a bye and its points (bye 1, bye ½).
    return _("bye {points}").format(points=_fmt(x)) if x else pgettext("result", "absent")


def _round(ev: Evaluation, r: int) -> int | None:
    return r + 1 if ev.has_rounds and r >= 0 else None


def _adjusted_reason(ev: Evaluation, q: int) -> str:
    a = ev.adjusted[q] if q < len(ev.adjusted) else Adjusted.NONE
    parts = []
    if a & Adjusted.FORFEITS_AS_DRAWS:
        parts.append(_("his forfeits as draws"))
    if a & Adjusted.WITHDRAWAL_CREDIT:
        # TRANSLATORS: the points credited to a player who withdrew, for the rounds he missed.
        parts.append(_("withdrawal credit {points}").format(points=_fmt(ev.credited[q])))
    if a & Adjusted.UNPLAYED_AS_DRAWS:
        parts.append(_("his unplayed rounds as draws"))
    return ", ".join(parts) or _("adjusted score")


def _reason(ev: Evaluation, p: int, i: int) -> str:
    """Why the i-th counted value of p is not his opponent's actual score."""
    why = ev.why[p][i]
    q = ev.whom[p][i]
    parts = [str(_WHY_TEXT[why])] if why in _WHY_TEXT else []
    if q >= 0 and round(ev.val[p][i] - ev.points[q], 9) != 0 and why not in (Why.DUMMY, Why.VIRTUAL_OPPONENT, Why.VIRTUAL_BYE):
        # TRANSLATORS: the opponent's actual score, then how it was adjusted ("his forfeits as draws" ...).
        parts.append(_("actual {score}; {adjustments}").format(score=_fmt(ev.points[q]), adjustments=_adjusted_reason(ev, q)))
    return "; ".join(parts)


def _counted_rows(
    ev: Evaluation, p: int, contribution: Sequence[float], low: int = 0, high: int = 0, cut_by_contrib: bool = False
) -> list[Row]:
    """One row per counted game of p, with the cuts :func:`coefficients.cut_positions` makes."""
    vals = ev.val[p]
    cuts: dict[int, str] = {}
    if low or high:
        first = ev.cut_first[p]
        order = co.cut_positions(vals, low, high, first, list(contribution) if cut_by_contrib else None, rounds=ev.rounds)
        for n, i in enumerate(order):
            if n < min(low, len(order)):
                cuts[i] = _("cut (unplayed round first)") if first is not None and first[i] else _("cut (lowest)")
            else:
                cuts[i] = _("cut (highest)")
    rows = []
    for i, v in enumerate(vals):
        q = ev.whom[p][i]
        r = ev.at[p][i]
        who = _label(ev, q) if q >= 0 else (_("virtual opponent") if ev.why[p][i] != Why.DUMMY else _("dummy opponent"))
        rows.append(Row(_round(ev, r), who, _result(ev, p, r), v, _reason(ev, p, i), cuts.get(i, ""), 0.0 if i in cuts else contribution[i]))
    return rows


def _per_round(ev: Evaluation, p: int, value: Callable[[int], tuple[float | None, float]], counted_reason: str = "") -> list[Row]:
    """One row per round (or scheduled game): ``value(r)`` gives (counted, contribution)."""
    rows = []
    for r, q in enumerate(ev.opp[p]):
        counted, contrib = value(r)
        rows.append(Row(_round(ev, r), _label(ev, q) if q >= 0 else "—", _result(ev, p, r), counted, counted_reason, "", contrib))
    return rows


def _cuts(code: str) -> tuple[int, int]:
    """(low, high) of a modified FIDE code (BH/C1, BH/M2, SB/C1 ...)."""
    low = high = 0
    for m in code.split("/")[1:]:
        k = int(m[1:])
        low += k
        if m.startswith("M"):
            high += k
    return low, high


def _tied_group(ev: Evaluation, p: int) -> list[int]:
    key = round(ev.points[p], 9)
    return [q for q in range(ev.n) if round(ev.points[q], 9) == key]


def _places_by_points(ev: Evaluation) -> list[int]:
    ranks = sorted({round(x, 9) for x in ev.points}, reverse=True)
    index = {x: i for i, x in enumerate(ranks)}
    return [index[round(x, 9)] for x in ev.points]


def _group_rows(ev: Evaluation, p: int, group: Sequence[int], de: bool) -> list[Row]:
    """The games of p against the others of ``group`` (DE: only those that count as games, averaged per opponent)."""
    members = set(group) - {p}
    rows = []
    meetings: dict[int, int] = {}
    for q, g in zip(ev.opp[p], ev.as_game[p] if de else [True] * len(ev.opp[p])):
        if q in members and g:
            meetings[q] = meetings.get(q, 0) + 1
    for r, q in enumerate(ev.opp[p]):
        if q not in members:
            continue
        x = ev.pts[p][r]
        counts = not de or ev.as_game[p][r]
        share = x / meetings[q] if counts and meetings.get(q) else x
        rows.append(Row(_round(ev, r), _label(ev, q), _result(ev, p, r), None, "" if counts else _("not a game between them"), "", share if counts else 0.0))
    return rows


def explain(ev: Evaluation, player: int, code: str | Criterion, ratings: Ratings = None) -> Explanation:
    """The rows that make ``player``'s value of ``code`` (see the module text)."""
    crit = get_criterion(code)
    c = crit.code
    p = player
    base = c.split("/")[0]
    value: Any
    how = ""
    rows: list[Row]
    if isinstance(crit, GroupCriterion):
        return _explain_group(ev, p, crit, ratings)
    if isinstance(crit, ProgressiveCriterion) or c in ("buchholz", "solkoff", "BH") or base == "BH":
        low, high = (1, 0) if c == "solkoff_trunc" else (1, 1) if c == "solkoff" else _cuts(c) if base == "BH" else (0, 0)
        rows = _counted_rows(ev, p, ev.val[p], low, high)
        if c == "solkoff_trunc":
            how = _("the first step (the worst value cut); while still tied the ranking cuts 2, 3 ...")
    elif c in ("shmulyan", "sonneborn_berger", "riga"):
        factor = {
            "shmulyan": {1: 1.0, 0: 0.0, -1: -1.0},
            "sonneborn_berger": {1: 2.0, 0: 1.0, -1: 0.0},
            "riga": {1: 2.0, 0: 1.5, -1: 1.0},
        }[c]
        outs = ev.out[p]
        rows = _counted_rows(ev, p, [factor[o] * v for v, o in zip(ev.val[p], outs)])
    elif base == "SB":
        low, high = _cuts(c)
        contrib = list(map(mul, ev.val[p], ev.credit[p]))
        rows = _counted_rows(ev, p, contrib, low, high, cut_by_contrib=True)
    elif c == "FB":
        fore = ev.fore()
        rows = _counted_rows(fore, p, fore.val[p])
        how = _("as if every game of the last round had been drawn")
    elif c == "points":
        rows = _per_round(ev, p, lambda r: (None, ev.pts[p][r]))
    elif c in ("wins", "WIN", "WON", "BPG", "BWG", "GE", "STD"):
        w, d = ev.scoring.win, ev.scoring.draw
        test: Callable[[int], float] = {
            "wins": _wins_test(ev, p),
            "WIN": lambda r: float(ev.pts[p][r] == w),
            "WON": lambda r: float(ev.played[p][r] and ev.pts[p][r] == w),
            "BPG": lambda r: float(ev.played[p][r] and ev.colour[p][r] == "b"),
            "BWG": lambda r: float(ev.played[p][r] and ev.colour[p][r] == "b" and ev.pts[p][r] == w),
            "GE": lambda r: float(ev.played[p][r] or ev.pts[p][r] == w),
            "STD": lambda r: 1.0 if ev.pts[p][r] > d else 0.5 if ev.pts[p][r] == d else 0.0,
        }[c]
        rows = _per_round(ev, p, lambda r: (None, test(r)))
    elif base == "PS":
        low = _cuts(c)[0]
        running = [0.0]
        for x in ev.pts[p]:
            running.append(running[-1] + x)
        rows = _per_round(ev, p, lambda r: (running[r + 1], running[r + 1] if r >= low else 0.0), _("running score"))
        for r in range(min(low, len(rows))):
            rows[r].cut = _("cut (first rounds)")
    elif c == "beaten":
        w = ev.scoring.win
        rows = _per_round(ev, p, lambda r: (ev.score[ev.opp[p][r]], ev.score[ev.opp[p][r]]) if ev.opp[p][r] >= 0 and ev.played[p][r] and ev.pts[p][r] == w else (None, 0.0))
    elif c == "KS":
        n = ev.n
        maxgames = ev.rounds
        if ev.round_robin and ev.has_rounds and n and ev.rounds % n == 0:
            maxgames -= ev.rounds // n
        lim = 0.5 * ev.scoring.win * maxgames
        rows = _per_round(
            ev, p, lambda r: (ev.points[ev.opp[p][r]], ev.pts[p][r]) if ev.opp[p][r] >= 0 and ev.points[ev.opp[p][r]] + 1e-9 >= lim else (ev.points[ev.opp[p][r]] if ev.opp[p][r] >= 0 else None, 0.0)
        )
        # TRANSLATORS: Koya: {points} is half the maximum score.
        how = _("points against the opponents with at least {points}").format(points=_fmt(lim))
    elif c == "ratings":
        rt = list(ratings) if ratings is not None else ev.ratings
        rows = [Row(None, _label(ev, q), "", rt[q] or 0.0, "" if rt[q] else _("unrated"), "", float(rt[q] or 0.0)) for q in ev.rated_opponents[p] if q >= 0]
        _number_rounds(ev, p, rows, [q for q in ev.rated_opponents[p] if q >= 0])
    elif c == "AOB":
        bhs = co.buchholz(ev)
        games = [(r, q) for r, (q, g) in enumerate(zip(ev.opp[p], ev.played[p])) if g and q >= 0]
        rows = [Row(_round(ev, r), _label(ev, q), _result(ev, p, r), bhs[q], _("his Buchholz"), "", bhs[q]) for r, q in games]
        how = ngettext("mean of {n} opponent's Buchholz", "mean of {n} opponents' Buchholz", len(rows)).format(n=len(rows))
    elif base in ("ARO", "TPR", "PTP", "APRO", "APPO"):
        rows, how = _rating_rows(ev, p, crit, ratings)
    else:  # pragma: no cover - every registered code is handled above
        raise SettingsError(_("'{code}' cannot be explained").format(code=c))
    value = crit.values(ev, ratings)[p]
    return Explanation(p, c, crit.name, rows, value, how)


def _wins_test(ev: Evaluation, p: int) -> Callable[[int], float]:
    """Which won rounds the rule set counts for "most wins": over the board; forfeits too; or every round with a
    win's points (the narrowest that gives every player his count)."""
    w = ev.scoring.win
    tests: list[Callable[[int, int], bool]] = [
        lambda q, r: ev.played[q][r] and ev.pts[q][r] == w,
        lambda q, r: ev.opp[q][r] >= 0 and ev.pts[q][r] == w,
        lambda q, r: ev.pts[q][r] == w,
    ]
    for test in tests:
        if all(sum(test(q, r) for r in range(len(ev.pts[q]))) == ev.wins[q] for q in range(ev.n)):
            return lambda r: float(test(p, r))
    return lambda r: float(tests[0](p, r))


def _number_rounds(ev: Evaluation, p: int, rows: list[Row], opponents: list[int]) -> None:
    """Give rows listing opponents the round and result of the game against each."""
    used: set[int] = set()
    for row, q in zip(rows, opponents):
        for r, (o, g) in enumerate(zip(ev.opp[p], ev.played[p])):
            if o == q and g and r not in used:
                used.add(r)
                row.round, row.result = _round(ev, r), _result(ev, p, r)
                break


def _rating_rows(ev: Evaluation, p: int, crit: Criterion, ratings: Ratings) -> tuple[list[Row], str]:
    c = crit.code
    base = c.split("/")[0]
    low = _cuts(c)[0]
    rt = list(ratings) if ratings is not None else ev.ratings
    if not rt or any(not r for r in rt):
        return [], _("undefined: a player of the event has no rating")
    games = [(r, q) for r, (q, g) in enumerate(zip(ev.opp[p], ev.played[p])) if g and q >= 0]
    if base in ("APRO", "APPO"):
        of = get_criterion("TPR" if base == "APRO" else "PTP").values(ev, ratings)
        his = _("his TPR") if base == "APRO" else _("his PTP")
        rows = [Row(_round(ev, r), _label(ev, q), _result(ev, p, r), of[q], his, "", of[q]) for r, q in games]
        # TRANSLATORS: {code} is TPR or PTP.
        how = ngettext("mean of {n} opponent's {code}, rounded", "mean of {n} opponents' {code}, rounded", len(rows))
        return rows, how.format(n=len(rows), code="TPR" if base == "APRO" else "PTP")
    rating = pgettext("counted", "rating")
    rows = [Row(_round(ev, r), _label(ev, q), _result(ev, p, r), float(rt[q] or 0), rating, "", float(rt[q] or 0)) for r, q in games]
    kept = list(range(len(rows)))
    for _step in range(low):
        if len(kept) <= 1:  # nothing would be left: undefined (as fide._cut_opponents)
            kept = []
            break
        i = min(kept, key=lambda k: rows[k].counted or 0.0)
        kept.remove(i)
        rows[i].cut = _("cut (lowest rating)")
        rows[i].contribution = 0.0
    if not kept:
        return rows, _("undefined: no rated opponent")
    mean = sum(rows[k].counted or 0.0 for k in kept) / len(kept)
    sc = ev.scoring
    score = sum(1.0 if ev.pts[p][games[k][0]] == sc.win else 0.5 if ev.pts[p][games[k][0]] == sc.draw else 0.0 for k in kept)
    n = len(kept)
    if base == "ARO":
        mean_text = f"{mean:g}".replace(".", decimal_separator())
        return rows, ngettext("mean of {n} rating, {mean}, rounded", "mean of {n} ratings, {mean}, rounded", n).format(n=n, mean=mean_text)
    if base == "TPR":
        aro = int(half_up(mean))
        pct = int(half_up(round(100 * score, 9) / n))
        # TRANSLATORS: FIDE's formula TPR = ARO + dp(percentage score); ARO and dp are FIDE's abbreviations.
        return rows, _("ARO {aro} + dp({percent}%) {dp}").format(aro=aro, percent=pct, dp=fide.dp(pct / 100))
    return rows, ngettext(
        "the lowest rating expected to score {score} against these {n} rating", "the lowest rating expected to score {score} against these {n} ratings", n
    ).format(score=_fmt(score), n=n)


def _explain_group(ev: Evaluation, p: int, crit: GroupCriterion, ratings: Ratings) -> Explanation:
    group = _tied_group(ev, p)
    if len(group) == 1:
        return Explanation(p, crit.code, crit.name, [], None, _("nobody else has his points"))
    ctx = GroupContext(ratings, lambda: _places_by_points(ev))
    keys = crit.keys(ev, group, ctx)
    shown = crit.display(ev, group, ctx, keys)
    value = shown[group.index(p)]
    others = ", ".join(_label(ev, q) for q in group if q != p)
    if crit.code == "order":
        places = _places_by_points(ev)
        members = set(group)
        common = None
        for m in group:
            met = {q for q in ev.opp[m] if q >= 0 and q not in members}
            common = met if common is None else common & met
        rows = []
        for r, q in sorted(((r, q) for r, q in enumerate(ev.opp[p]) if q in (common or set())), key=lambda rq: (places[rq[1]], rq[0])):
            # TRANSLATORS: the opponent's group of players equal on points, counted from the top (Russian "{n}-я группа по очкам").
            rows.append(Row(_round(ev, r), _label(ev, q), _result(ev, p, r), None, _("place group {n} by points").format(n=places[q] + 1), "", ev.pts[p][r]))
        how = _(
            "results against the opponents all of the tied players met ({others} tied with him), best place first; the first difference decides"
        ).format(others=others)
        return Explanation(p, crit.code, crit.name, rows, value, how)
    rows = _group_rows(ev, p, group, de=crit.code == "DE")
    if crit.code == "DE":
        how = _("games against the players tied with him on points: {others}; the ranking re-applies DE inside each part still tied").format(others=others)
    else:
        how = _("games against the players tied with him on points: {others}").format(others=others)
    return Explanation(p, crit.code, crit.name, rows, value, how)


# ------------------------------------------------------------------ a table of it
_HEADER = [
    lazy_pgettext("explain column", "Round"),
    lazy_pgettext("explain column", "Opponent"),
    lazy_pgettext("explain column", "Result"),
    # TRANSLATORS: what was counted for the opponent (his score, rating, Buchholz ...).
    lazy_pgettext("explain column", "Counted"),
    lazy_pgettext("explain column", "Reason"),
    # TRANSLATORS: whether a cut removed the value (Russian "Отброшено").
    lazy_pgettext("explain column", "Cut"),
    lazy_pgettext("explain column", "Contribution"),
]
HEADER = [h.message for h in _HEADER]
"""The table's header in English (the JSON output's keys, lower-cased)."""


def header(lang: str | None = None) -> list[str]:
    """The table's header in ``lang`` (default: the current language)."""
    with use_language(lang or current_language()):
        return [str(h) for h in _HEADER]


HEADER_RU = header("ru")


def explain_table(e: Explanation, lang: str | None = None) -> list[list[Any]]:
    """The spilled table: a header row, one row per counted game, the total last (its value in the last column).

    The header, the total's label and the criterion's name are in ``lang`` (default: the current
    language); the rows' words are in the language that was current when :func:`explain` made them.
    """
    with use_language(lang or current_language()):
        out: list[list[Any]] = [header()]
        for r in e.rows:
            out.append([
                r.round if r.round is not None else "", r.opponent, r.result, "" if r.counted is None else r.counted,
                r.reason, r.cut, "" if r.contribution is None else r.contribution,
            ])
        total = e.total
        if isinstance(total, tuple):
            total = " ".join(_fmt(x) for x in total)
        out.append([pgettext("explain", "Total"), get_criterion(e.code).title, "", "", e.how, "", "" if total is None else total])
    return out


def explain_grid(grid: Sequence[Sequence[Any]], player: Any, code: Any, rules: Any = None, scoring: Any = None) -> list[list[Any]]:
    """What ``=TB_EXPLAIN(table, player, code, [rules], [scoring])`` spills: :func:`explain_table` for a crosstable range,
    in the current language (the worksheet function chooses Russian for a table written in Cyrillic)."""
    from tiebreak.calc.answers import _scoring, find_player
    from tiebreak.calc.cache import shared
    from tiebreak.core.numbers import cell

    if code is None or str(code).strip() == "":
        raise SettingsError(_('give a tie-break code, e.g. "BH/C1" or "buchholz"'))
    if player is None or (isinstance(player, str) and not player.strip()):
        raise SettingsError(_("give a player: a start number or a name"))
    crit = get_criterion(str(code))
    rule_name = None if rules is None or (isinstance(rules, str) and not rules.strip()) else rules
    if rule_name is not None and not isinstance(rule_name, str):
        raise SettingsError(_("rules: {value} is not a rule-set name").format(value=repr(rules)))
    ev = shared.evaluation(grid, rule_name, scoring=_scoring(scoring))
    p = find_player(ev.tournament, player)
    table = explain_table(explain(ev, p, crit))
    return [[cell(v) for v in row] for row in table]
