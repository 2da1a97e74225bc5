"""The rows that explain one player's value of a tie-break, one explainer per kind of tie-break.

An *explainer* is a function ``(ev, player, ratings) -> (rows, how)``: a :class:`Row`
per counted game (or round, or opponent) and, when the total is not the sum of the
contributions, how it follows from them.  Each criterion of the registry
(:mod:`tiebreak.core.criteria`) names its explainer beside its definition, so
:func:`tiebreak.core.explain.explain` needs no case per tie-break.  The factories
here (:func:`counted`, :func:`weighted`, :func:`per_round` ...) make the explainers
of the registered tie-breaks; a new tie-break may use one of them or bring its own.

Like the coefficients, everything here reads only the evaluation (and the
event's names and numbers).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import mul
from typing import Any

from tiebreak.core import coefficients as co
from tiebreak.core import fide
from tiebreak.core.counting import Adjusted, Evaluation, Ratings, Why, places_by_points
from tiebreak.core.i18n import _, lazy_gettext, ngettext, pgettext
from tiebreak.core.localformat import decimal_separator
from tiebreak.core.numbers import TEXT_DECIMALS, half_up, text
from tiebreak.core.record import FrozenRecord, Record

__all__ = [
    "Explainer",
    "GroupExplainer",
    "Row",
    "Step",
    "aob",
    "beaten",
    "black",
    "black_win",
    "counted",
    "counted_rows",
    "de_condition",
    "direct_encounter",
    "elected",
    "encounter_rows",
    "fore_buchholz",
    "head_to_head",
    "koya",
    "member_values",
    "opponents_mean",
    "order_of_places",
    "per_round",
    "perfect_performance",
    "performance",
    "progressive_score",
    "rating_mean",
    "rating_sum",
    "score_text",
    "sonneborn_berger_credit",
    "standard",
    "truncated_solkoff",
    "weighted",
    "win",
    "wins",
    "won",
]


class Row(Record):
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

    _fields = ("round", "opponent", "result", "counted", "reason", "cut", "contribution")

    def __init__(
        self,
        round: int | None,
        opponent: str,
        result: str,
        counted: float | None,
        reason: str = "",
        cut: str = "",
        contribution: float | None = None,
    ) -> None:
        self.round = round
        self.opponent = opponent
        self.result = result
        self.counted = counted
        self.reason = reason
        self.cut = cut
        self.contribution = contribution


Explainer = Callable[[Evaluation, int, Ratings], tuple[list[Row], str]]
"""``(ev, player, ratings) -> (rows, how)``: the rows of one player's value, and how the total follows ("" for a sum)."""

_WHY_TEXT = {
    Why.FORFEIT_AS_DRAW: lazy_gettext("forfeit counted as a draw"),
    Why.FORFEIT_AS_GAME: lazy_gettext("forfeit counted as a game"),
    Why.VIRTUAL_BYE: lazy_gettext("virtual opponent of a bye (lowest score)"),
    Why.DUMMY: lazy_gettext("dummy opponent (own score)"),
    Why.VIRTUAL_OPPONENT: lazy_gettext("virtual opponent"),
}


def _label(ev: Evaluation, q: int) -> str:
    return ev.tournament.players[q].label()


def score_text(x: float) -> str:
    """A score in a text: ``½``, else as :func:`tiebreak.core.numbers.text` writes it (4 decimals) with the current language's separator."""
    return "½" if x == 0.5 else text(x, TEXT_DECIMALS, decimal_separator())


_fmt = score_text


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


def _cut_marks(ev: Evaluation, p: int, contribution: Sequence[float], low: int, high: int, cut_by_contrib: bool) -> dict[int, str]:
    """Which counted values of p a cut of ``low`` lowest and ``high`` highest removes, and the word for each."""
    cuts: dict[int, str] = {}
    if low or high:
        first = ev.cut_first[p]
        order = co.cut_positions(ev.val[p], low, high, first, list(contribution) if cut_by_contrib else None, rounds=ev.rounds)
        for n, i in enumerate(order):
            if n < min(low, len(order)):
                cuts[i] = _("cut (unplayed round first)") if first is not None and first[i] else _("cut (lowest)")
            else:
                cuts[i] = _("cut (highest)")
    return cuts


def _counted_rows(
    ev: Evaluation, p: int, contribution: Sequence[float], low: int = 0, high: int = 0, cut_by_contrib: bool = False
) -> list[Row]:
    """One row per counted game of p, with the cuts :func:`coefficients.cut_positions` makes."""
    cuts = _cut_marks(ev, p, contribution, low, high, cut_by_contrib)
    rows = []
    for i, v in enumerate(ev.val[p]):
        q = ev.whom[p][i]
        r = ev.at[p][i]
        who = _label(ev, q) if q >= 0 else (_("virtual opponent") if ev.why[p][i] != Why.DUMMY else _("dummy opponent"))
        rows.append(Row(_round(ev, r), who, _result(ev, p, r), v, _reason(ev, p, i), cuts.get(i, ""), 0.0 if i in cuts else contribution[i]))
    return rows


def counted_rows(ev: Evaluation, p: int, contribution: Sequence[float], low: int = 0, high: int = 0, cut_by_contrib: bool = False) -> list[Row]:
    """One row per counted opponent value of p with its ``contribution``, the ``low`` lowest and ``high`` highest cut (for explainers elsewhere: the team codes)."""
    return _counted_rows(ev, p, contribution, low, high, cut_by_contrib)


def _per_round(ev: Evaluation, p: int, value: Callable[[int], tuple[float | None, float]], counted_reason: str = "") -> list[Row]:
    """One row per round (or scheduled game): ``value(r)`` gives (counted, contribution)."""
    rows = []
    for r, q in enumerate(ev.opp[p]):
        counted, contrib = value(r)
        rows.append(Row(_round(ev, r), _label(ev, q) if q >= 0 else "—", _result(ev, p, r), counted, counted_reason, "", contrib))
    return rows


# ------------------------------------------------------------------ sums of the opponents' counted values
def counted(low: int = 0, high: int = 0, how: Callable[[], str] | None = None) -> Explainer:
    """Buchholz and its cuts: a row per counted opponent value, the ``low`` lowest and ``high`` highest cut.

    ``how`` gives the text for the total (called when explaining, in the current language).
    """

    def rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
        return _counted_rows(ev, p, ev.val[p], low, high), how() if how is not None else ""

    return rows


def truncated_solkoff(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
    """The truncated Solkoff's first step: Buchholz's rows with the worst value cut."""
    return _counted_rows(ev, p, ev.val[p], 1, 0), _("the first step (the worst value cut); while still tied the ranking cuts 2, 3 ...")


def weighted(factor: dict[int, float]) -> Explainer:
    """Shmulyan, Sonneborn–Berger, Riga: each opponent value times ``factor`` of the outcome (1 won, 0 drawn, -1 lost)."""

    def rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
        return _counted_rows(ev, p, [factor[o] * v for v, o in zip(ev.val[p], ev.out[p])]), ""

    return rows


def sonneborn_berger_credit(low: int = 0, high: int = 0) -> Explainer:
    """FIDE SB and its cuts: each opponent value times the points scored against him, the cut by contribution."""

    def rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
        contrib = list(map(mul, ev.val[p], ev.credit[p]))
        return _counted_rows(ev, p, contrib, low, high, cut_by_contrib=True), ""

    return rows


def fore_buchholz(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
    """Fore Buchholz: Buchholz's rows as if every game of the last round had been drawn."""
    fore = ev.fore()
    return _counted_rows(fore, p, fore.val[p]), _("as if every game of the last round had been drawn")


def beaten(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
    """The beaten opponents' scores: a row per round, the opponent's score where p won over the board."""
    w = ev.scoring.win

    def value(r: int) -> tuple[float | None, float]:
        q = ev.opp[p][r]
        if q >= 0 and ev.played[p][r] and ev.pts[p][r] == w:
            return ev.score[q], ev.score[q]
        return None, 0.0

    return _per_round(ev, p, value), ""


def koya(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
    """Koya: a row per round, the points scored against the opponents with at least half the maximum score."""
    n = ev.n
    maxgames = ev.rounds
    if ev.round_robin and ev.has_rounds and n and ev.rounds % n == 0:
        maxgames -= ev.rounds // n
    lim = 0.5 * ev.scoring.win * maxgames

    def value(r: int) -> tuple[float | None, float]:
        q = ev.opp[p][r]
        if q >= 0 and ev.points[q] + 1e-9 >= lim:
            return ev.points[q], ev.pts[p][r]
        return (ev.points[q] if q >= 0 else None), 0.0

    # TRANSLATORS: Koya: {points} is half the maximum score.
    return _per_round(ev, p, value), _("points against the opponents with at least {points}").format(points=_fmt(lim))


def aob(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
    """The average of the opponents' Buchholz: a row per opponent played, his Buchholz."""
    bhs = co.buchholz(ev)
    games = [(r, q) for r, (q, g) in enumerate(zip(ev.opp[p], ev.played[p])) if g and q >= 0]
    rows = [Row(_round(ev, r), _label(ev, q), _result(ev, p, r), bhs[q], _("his Buchholz"), "", bhs[q]) for r, q in games]
    return rows, ngettext("mean of {n} opponent's Buchholz", "mean of {n} opponents' Buchholz", len(rows)).format(n=len(rows))


# ------------------------------------------------------------------ per round
def per_round(test: Callable[[Evaluation, int], Callable[[int], float]]) -> Explainer:
    """A row per round, contributing ``test(ev, p)(r)`` (points, wins, games with Black ...)."""

    def rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
        counts = test(ev, p)
        return _per_round(ev, p, lambda r: (None, counts(r))), ""

    return rows


def wins(ev: Evaluation, p: int) -> Callable[[int], float]:
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


def win(ev: Evaluation, p: int) -> Callable[[int], float]:
    """FIDE WIN: every round with a win's points, played or not."""
    return lambda r: float(ev.pts[p][r] == ev.scoring.win)


def won(ev: Evaluation, p: int) -> Callable[[int], float]:
    """FIDE WON: the games won over the board."""
    return lambda r: float(ev.played[p][r] and ev.pts[p][r] == ev.scoring.win)


def black(ev: Evaluation, p: int) -> Callable[[int], float]:
    """FIDE BPG: the games played with Black."""
    return lambda r: float(ev.played[p][r] and ev.colour[p][r] == "b")


def black_win(ev: Evaluation, p: int) -> Callable[[int], float]:
    """FIDE BWG: the games won with Black."""
    return lambda r: float(ev.played[p][r] and ev.colour[p][r] == "b" and ev.pts[p][r] == ev.scoring.win)


def elected(ev: Evaluation, p: int) -> Callable[[int], float]:
    """FIDE GE: the rounds played or won without playing."""
    return lambda r: float(ev.played[p][r] or ev.pts[p][r] == ev.scoring.win)


def standard(ev: Evaluation, p: int) -> Callable[[int], float]:
    """FIDE STD: 1 per round scored above a draw, ½ per draw."""
    d = ev.scoring.draw
    return lambda r: 1.0 if ev.pts[p][r] > d else 0.5 if ev.pts[p][r] == d else 0.0


def progressive_score(low: int = 0) -> Explainer:
    """The progressive score: a row per round with the running score, the first ``low`` rounds cut."""

    def rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
        running = [0.0]
        for x in ev.pts[p]:
            running.append(running[-1] + x)
        out = _per_round(ev, p, lambda r: (running[r + 1], running[r + 1] if r >= low else 0.0), _("running score"))
        for r in range(min(low, len(out))):
            out[r].cut = _("cut (first rounds)")
        return out, ""

    return rows


# ------------------------------------------------------------------ ratings
def _number_rounds(ev: Evaluation, p: int, rows: list[Row], opponents: list[int]) -> None:
    """Give rows listing opponents the round and result of the game against each."""
    used: set[int] = set()
    for row, q in zip(rows, opponents):
        for r, (o, g) in enumerate(zip(ev.opp[p], ev.played[p])):
            if o == q and g and r not in used:
                used.add(r)
                row.round, row.result = _round(ev, r), _result(ev, p, r)
                break


def rating_sum(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
    """The sum of the opponents' ratings: a row per rated opponent (unrated: 0)."""
    rt = list(ratings) if ratings is not None else ev.ratings
    opponents = [q for q in ev.rated_opponents[p] if q >= 0]
    rows = [Row(None, _label(ev, q), "", rt[q] or 0.0, "" if rt[q] else _("unrated"), "", float(rt[q] or 0.0)) for q in opponents]
    _number_rounds(ev, p, rows, opponents)
    return rows, ""


def _games(ev: Evaluation, p: int) -> list[tuple[int, int]]:
    """(round, opponent) of every game p played over the board."""
    return [(r, q) for r, (q, g) in enumerate(zip(ev.opp[p], ev.played[p])) if g and q >= 0]


def _unrated(ev: Evaluation, ratings: Ratings) -> bool:
    rt = list(ratings) if ratings is not None else ev.ratings
    return not rt or any(not r for r in rt)


def opponents_mean(code: str, compute: Callable[[Evaluation, Ratings], list[float | None]]) -> Explainer:
    """APRO, APPO: a row per opponent played with his ``code`` (TPR or PTP, computed by ``compute``), their rounded mean."""

    def rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
        if _unrated(ev, ratings):
            return [], _("undefined: a player of the event has no rating")
        of = ev.memo(("value", code, None if ratings is None else tuple(ratings)), lambda: compute(ev, ratings))
        his = _("his TPR") if code == "TPR" else _("his PTP")
        out = [Row(_round(ev, r), _label(ev, q), _result(ev, p, r), of[q], his, "", of[q]) for r, q in _games(ev, p)]
        # TRANSLATORS: {code} is TPR or PTP.
        how = ngettext("mean of {n} opponent's {code}, rounded", "mean of {n} opponents' {code}, rounded", len(out))
        return out, how.format(n=len(out), code=code)

    return rows


def _rated_rows(ev: Evaluation, p: int, ratings: Ratings, low: int) -> tuple[list[Row], list[int], list[tuple[int, int]]]:
    """A row per opponent played with his rating, the ``low`` lowest cut; the rows kept (none: undefined) and the games."""
    rt = list(ratings) if ratings is not None else ev.ratings
    games = _games(ev, p)
    rating = pgettext("counted", "rating")
    rows = [Row(_round(ev, r), _label(ev, q), _result(ev, p, r), float(rt[q] or 0), rating, "", float(rt[q] or 0)) for r, q in games]
    kept = list(range(len(rows)))
    for _step in range(low):
        if len(kept) <= 1:  # nothing would be left: undefined (as fide._cut_opponents)
            return rows, [], games
        i = min(kept, key=lambda k: rows[k].counted or 0.0)
        kept.remove(i)
        rows[i].cut = _("cut (lowest rating)")
        rows[i].contribution = 0.0
    return rows, kept, games


def _rated(how: Callable[[Evaluation, int, list[Row], list[int], list[tuple[int, int]]], str], low: int) -> Explainer:
    """ARO, TPR, PTP: the rated rows (see :func:`_rated_rows`) and ``how(ev, p, rows, kept, games)``."""

    def rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
        if _unrated(ev, ratings):
            return [], _("undefined: a player of the event has no rating")
        out, kept, games = _rated_rows(ev, p, ratings, low)
        if not kept:
            return out, _("undefined: no rated opponent")
        return out, how(ev, p, out, kept, games)

    return rows


def _mean(rows: list[Row], kept: list[int]) -> float:
    return sum(rows[k].counted or 0.0 for k in kept) / len(kept)


def _score(ev: Evaluation, p: int, kept: list[int], games: list[tuple[int, int]]) -> float:
    """The score of the kept games, on 1/½/0."""
    sc = ev.scoring
    return sum(1.0 if ev.pts[p][games[k][0]] == sc.win else 0.5 if ev.pts[p][games[k][0]] == sc.draw else 0.0 for k in kept)


def _aro_how(ev: Evaluation, p: int, rows: list[Row], kept: list[int], games: list[tuple[int, int]]) -> str:
    mean_text = text(_mean(rows, kept), 2, decimal_separator())
    n = len(kept)
    return ngettext("mean of {n} rating, {mean}, rounded", "mean of {n} ratings, {mean}, rounded", n).format(n=n, mean=mean_text)


def _tpr_how(ev: Evaluation, p: int, rows: list[Row], kept: list[int], games: list[tuple[int, int]]) -> str:
    aro = int(half_up(_mean(rows, kept)))
    pct = int(half_up(round(100 * _score(ev, p, kept, games), 9) / len(kept)))
    # TRANSLATORS: FIDE's formula TPR = ARO + dp(percentage score); ARO and dp are FIDE's abbreviations.
    return _("ARO {aro} + dp({percent}%) {dp}").format(aro=aro, percent=pct, dp=fide.dp(pct / 100))


def _ptp_how(ev: Evaluation, p: int, rows: list[Row], kept: list[int], games: list[tuple[int, int]]) -> str:
    n = len(kept)
    return ngettext(
        "the lowest rating expected to score {score} against these {n} rating", "the lowest rating expected to score {score} against these {n} ratings", n
    ).format(score=_fmt(_score(ev, p, kept, games)), n=n)


def rating_mean(low: int = 0) -> Explainer:
    """ARO and its cut: a row per opponent played with his rating, the ``low`` lowest cut, their rounded mean."""
    return _rated(_aro_how, low)


def performance(low: int = 0) -> Explainer:
    """TPR and its cut: the rated rows, and the total as ARO + dp of the percentage score."""
    return _rated(_tpr_how, low)


def perfect_performance(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
    """PTP: the rated rows, and the score the lowest such rating is expected to make."""
    return _rated(_ptp_how, 0)(ev, p, ratings)


# ------------------------------------------------------------------ group criteria
def _tied_group(ev: Evaluation, p: int) -> list[int]:
    key = round(ev.points[p], 9)
    return [q for q in range(ev.n) if round(ev.points[q], 9) == key]


def _group_rows(ev: Evaluation, p: int, group: Sequence[int], de: bool, result: Callable[[int], str] | None = None) -> list[Row]:
    """The games of p against the others of ``group`` (DE: only those that count as games, averaged per opponent);
    ``result(r)`` writes the result of entry ``r`` (default: as the table shows a game)."""
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
        reason = "" if counts else _("not a game between them")
        if de and counts and meetings[q] > 1:
            # TRANSLATORS: DE: two tied players met more than once (a double round robin); each game counts its share.
            reason = ngettext("{n} game between them, averaged", "{n} games between them, averaged", meetings[q]).format(n=meetings[q])
        shown = result(r) if result is not None else _result(ev, p, r)
        rows.append(Row(_round(ev, r), _label(ev, q), shown, None, reason, "", share if counts else 0.0))
    return rows


def _in_group(explain: Callable[[Evaluation, int, list[int], str], tuple[list[Row], str]]) -> Explainer:
    """A group criterion's explainer: ``explain(ev, p, group, others)`` for the players tied with p on points."""

    def rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[Row], str]:
        group = _tied_group(ev, p)
        if len(group) == 1:
            return [], _("nobody else has his points")
        return explain(ev, p, group, ", ".join(_label(ev, q) for q in group if q != p))

    return rows


def _h2h(ev: Evaluation, p: int, group: list[int], others: str) -> tuple[list[Row], str]:
    return _group_rows(ev, p, group, de=False), _("games against the players tied on points with this one: {others}").format(others=others)


def _order(ev: Evaluation, p: int, group: list[int], others: str) -> tuple[list[Row], str]:
    places = places_by_points(ev.points)
    members = set(group)
    common: set[int] | None = None
    for m in group:
        met = {q for q in ev.opp[m] if q >= 0 and q not in members}
        common = met if common is None else common & met
    rows = []
    for r, q in sorted(((r, q) for r, q in enumerate(ev.opp[p]) if q in (common or set())), key=lambda rq: (places[rq[1]], rq[0])):
        # TRANSLATORS: the opponent's group of players equal on points, counted from the top (Russian "{n}-я группа по очкам").
        rows.append(Row(_round(ev, r), _label(ev, q), _result(ev, p, r), None, _("place group {n} by points").format(n=places[q] + 1), "", ev.pts[p][r]))
    how = _(
        "results against the opponents all of the tied players met ({others} tied with this one), best place first; the first difference decides"
    ).format(others=others)
    return rows, how


head_to_head: Explainer = _in_group(_h2h)
"""Head-to-head: the games against the players tied with him on points."""
order_of_places: Explainer = _in_group(_order)
"""Results in order of places: the results against the opponents all the tied players met, best place first."""


# ------------------------------------------------------------------ direct encounter, step by step
class Step(Record):
    """One application of a group criterion to a group holding the player: his rows and what it read."""

    rows: list[Row]
    """The player's games (matches) against the others of the group."""
    text: str
    """What the criterion read among them and why it splits them as it does (or does not)."""

    _fields = ("rows", "text")

    def __init__(self, rows: list[Row], text: str) -> None:
        self.rows = rows
        self.text = text


GroupStep = Callable[[Evaluation, int, Sequence[int], Sequence[Any]], Step]
"""``(ev, player, group, keys) -> Step``: one application to ``group`` (player indices), ``keys`` its sort keys in that order."""


class GroupExplainer(FrozenRecord):
    """A group criterion's explainer, for :func:`tiebreak.core.explain.explain` to call once per application.

    The group a criterion ranks within depends on the criteria before it, and it is re-applied inside
    each part it leaves tied: ``explain`` finds the group and the parts (from the ranking, or the players
    tied on points alone), and ``step`` says, for each application, what the criterion read among them.
    """

    step: GroupStep
    how: Callable[[], str]
    """The total's text (called when explaining, in the current language)."""

    _fields = ("step", "how")

    def __init__(self, step: GroupStep, how: Callable[[], str]) -> None:
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "how", how)

    def on(self, convert: Callable[[Evaluation], Evaluation]) -> GroupExplainer:
        """The same explainer reading ``convert(ev)`` (a match event's other score: ``DE:GP``)."""
        inner = self.step
        return GroupExplainer(lambda ev, p, group, keys: inner(convert(ev), p, group, keys), self.how)


def encounter_rows(ev: Evaluation, p: int, group: Sequence[int], result: Callable[[int], str] | None = None) -> list[Row]:
    """The games of p against the others of ``group`` as DE counts them (averaged per opponent met more than once),
    with the games among them still to be played; ``result(r)`` writes entry ``r``'s result (a match's score)."""
    rows = _group_rows(ev, p, group, de=True, result=result)
    members = set(group) - {p}
    for r, w, b in ev.tournament.pending:
        other = b if w == p else w if b == p else -1
        if other in members:
            rows.append(Row(r if ev.has_rounds else None, _label(ev, other), "", None, _("to be played"), "", 0.0))
    rows.sort(key=lambda row: (row.round is None, row.round or 0))
    return rows


def member_values(ev: Evaluation, group: Sequence[int], values: Sequence[float]) -> str:
    """``A 1; B 0.5``: each member of the group with his value (names may hold commas: members are separated by semicolons)."""
    return "; ".join(f"{_label(ev, q)} {_fmt(v)}" for q, v in zip(group, values))


def _pair_text(ev: Evaluation, a: int, b: int) -> str:
    """Two tied players who did not meet, and why when the table says: a forfeit, a game still to be played."""
    pair = f"{_label(ev, a)} – {_label(ev, b)}"
    for r, (q, g) in enumerate(zip(ev.opp[a], ev.as_game[a])):
        if q == b and not g:
            # TRANSLATORS: two tied players whose game was not played: "A – B: forfeit, round 3".
            return _("{pair}: forfeit, round {round}").format(pair=pair, round=r + 1)
    for r, w, bl in ev.tournament.pending:
        if {w, bl} == {a, b}:
            # TRANSLATORS: two tied players whose game has no result yet: "A – B: round 5 to be played".
            return _("{pair}: round {round} to be played").format(pair=pair, round=r)
    whole = ev.tournament.whole
    if whole is not None and a < len(whole.opp) and b in whole.opp[a][ev.rounds :]:
        r = whole.opp[a].index(b, ev.rounds) + 1
        # TRANSLATORS: the tied players' game is in the round being entered, which counts once it is complete.
        return _("{pair}: round {round}, counted once that round is complete").format(pair=pair, round=r)
    return pair


_PAIRS_SHOWN = 4


def _not_met(ev: Evaluation, group: Sequence[int], met: Sequence[int]) -> str:
    """The pairs of the group that did not meet (the first few, then how many more), or "" when they all met."""
    k = len(group)
    if all(m == k - 1 for m in met):
        return ""
    members = set(group)
    games = {i: {q for q, g in zip(ev.opp[a], ev.as_game[a]) if g and q in members} for i, a in enumerate(group)}
    pairs = [(a, b) for i, a in enumerate(group) for b in group[i + 1 :] if b not in games[i]]
    shown = [_pair_text(ev, a, b) for a, b in pairs[:_PAIRS_SHOWN]]
    if len(pairs) > _PAIRS_SHOWN:
        shown.append(ngettext("{n} more pair", "{n} more pairs", len(pairs) - _PAIRS_SHOWN).format(n=len(pairs) - _PAIRS_SHOWN))
    return "; ".join(shown)


def _reach(ev: Evaluation, group: Sequence[int], score: Sequence[float], met: Sequence[int]) -> str:
    """Where not all met (a Swiss): who is placed by a lead the others cannot reach, and who could reach the next best."""
    k = len(group)
    best = [score[m] + ev.scoring.win * (k - 1 - met[m]) for m in range(k)]
    order = sorted(range(k), key=lambda m: (-score[m], -best[m]))
    said = []
    for pos, m in enumerate(order[:-1]):
        below = max(order[pos + 1 :], key=lambda o: best[o])
        if score[m] <= best[below] + 1e-9:
            if pos:
                # TRANSLATORS: DE where not all tied players met: the leaders nobody could catch ("A with 2").
                said.append(_("out of the others' reach: {players}").format(players=member_values(ev, [group[o] for o in order[:pos]], [score[o] for o in order[:pos]])))
            # TRANSLATORS: DE where not all tied players met: "A with 1.5 can be reached: B could have 2.5".
            said.append(_("{name} with {score} can be reached: {other} could have {best}").format(
                name=_label(ev, group[m]), score=_fmt(score[m]), other=_label(ev, group[below]), best=_fmt(best[below])
            ))
            return "; ".join(said)
    return _("each lead is out of the others' reach")


def de_condition(ev: Evaluation, group: Sequence[int], met: Sequence[int], score: Sequence[float], swiss: bool = False) -> str:
    """Whether the tied met each other, and what DE (C.07 6) then compares: their points, or only a lead the others cannot reach."""
    missing = _not_met(ev, group, met)
    if not missing:
        return _("they all met each other")
    if ev.round_robin and not swiss:
        # TRANSLATORS: DE in a round robin (or one still being played) where some tied players have not met: {pairs} lists them.
        return _("a round robin: their points count as they stand, though not all of them have met ({pairs})").format(pairs=missing)
    # TRANSLATORS: DE (C.07 6) where not all tied players met: {pairs} lists who did not meet, {reach} who can be caught.
    return _("not all of them met ({pairs}), so only a lead the others could not reach by winning their unplayed games among them places a player; {reach}").format(
        pairs=missing, reach=_reach(ev, group, score, met)
    )


def _de_step(ev: Evaluation, p: int, group: Sequence[int], keys: Sequence[Any]) -> Step:
    score, met = fide.encounters(ev, group)
    # TRANSLATORS: DE applied to a group: each member's points against the others, then whether they all met.
    text = _("points: {values}; {condition}").format(values=member_values(ev, group, score), condition=de_condition(ev, group, met, score))
    return Step(encounter_rows(ev, p, group), text)


direct_encounter = GroupExplainer(_de_step, lambda: _("points in the games among the tied players"))
"""FIDE's DE: the games among the tied that count as games, averaged per opponent; which of them met, and what that decides."""
