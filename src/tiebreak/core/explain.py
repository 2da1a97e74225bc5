"""Explain a value: the rows that make one player's tie-break, read off the evaluation.

:func:`explain` gives, for one player and one criterion, a row per counted
game (per round, or per opponent in a round robin): the round, the opponent,
the result, what was counted for the opponent (his value as counted, and why
when it differs from his actual score), whether a cut removed it, and its
contribution; and the total, which is the criterion's own value.  Sums
(Buchholz and its cuts, Sonneborn–Berger, Shmulyan, Riga, Koya, wins, PS ...)
add up to the total; averages (AOB, ARO, APRO, APPO) and performances (TPR,
PTP) list the values they are made of and say how the total follows.  Group
criteria list the games among the players tied with him: head-to-head and
results in order of places among those tied on points; DE and EDE among those
tied when the ranking applies them (given the ranking), with notes on each
application and what it decided (:mod:`tiebreak.core.explain_group`).

Each criterion brings its own explainer (:mod:`tiebreak.core.explain_rows`, named
beside its definition in :mod:`tiebreak.core.criteria`): this module knows no
tie-break by name.  Like the coefficients, everything here reads only the
evaluation (and the event's names and numbers).  ``=TB_EXPLAIN``'s table for a
worksheet range is :func:`tiebreak.calc.explain.explain_grid`.  Why a player is placed above another is
:mod:`tiebreak.core.places`.

>>> from tiebreak.reading import read_table
>>> t = read_table([["X", 1, 0, 1], [0, "X", 1, 1], [1, 0, "X", "="], [0, 0, "=", "X"]])
>>> from tiebreak.core.rules import get_rules
>>> e = explain(get_rules("ru").evaluate(t), 0, "sonneborn_berger")
>>> [(r.opponent, r.result, r.counted, r.contribution) for r in e.rows], e.total
([('No. 2', '1', 2.0, 4.0), ('No. 3', '0', 1.5, 0.0), ('No. 4', '1', 0.5, 1.0)], 5.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tiebreak.core.counting import Evaluation, Ratings
from tiebreak.core.criteria import get_criterion
from tiebreak.core.criterion import Criterion, GroupCriterion
from tiebreak.core.errors import SettingsError
from tiebreak.core.explain_group import explain_group
from tiebreak.core.explain_rows import GroupExplainer, Row, score_text
from tiebreak.core.i18n import (
    _,
    current_language,
    lazy_pgettext,
    pgettext,
    use_language,
)
from tiebreak.core.ranking import Ranking

__all__ = ["HEADER", "HEADER_RU", "Explanation", "Row", "explain", "explain_table", "header"]


@dataclass
class Explanation:
    """One player's value of one criterion, with the rows it is made of."""

    player: int
    code: str
    name: str
    rows: list[Row]
    total: Any
    how: str = ""
    """How the total follows from the rows when it is not their sum (a mean, a performance ...)."""
    notes: list[tuple[str, str]] = field(default_factory=list)
    """A group criterion's labelled lines: who is tied with him when it is applied, what it read among
    them at each application, and what it decided."""


def explain(ev: Evaluation, player: int, code: str | Criterion, ratings: Ratings = None, ranking: Ranking | None = None) -> Explanation:
    """The rows that make ``player``'s value of ``code`` (see the module text), from the criterion's own explainer.

    ``ranking`` (of this evaluation) gives the event's criteria: a group criterion is explained among the
    players tied with him on points and every criterion before it there; without it (or when the code is
    not in its list), among the players tied on points alone, and the explanation says so.
    """
    crit = get_criterion(code)
    explainer = crit.explainer
    if isinstance(explainer, GroupExplainer) and isinstance(crit, GroupCriterion):
        rows, total, how, notes = explain_group(ev, player, crit, explainer, ratings, ranking)
        return Explanation(player, crit.code, crit.name, rows, total, how, notes)
    if explainer is None or isinstance(explainer, GroupExplainer):
        raise SettingsError(_("'{code}' cannot be explained").format(code=crit.code))
    rows, how = explainer(ev, player, ratings)
    return Explanation(player, crit.code, crit.name, rows, crit.values(ev, ratings)[player], how)


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


def _pieces(text: str, width: int | None) -> list[str]:
    """``text`` in pieces of at most ``width`` characters, cut after a semicolon (else a space) where it can be."""
    if width is None or len(text) <= width:
        return [text]
    out = []
    while len(text) > width:
        cut = text.rfind("; ", 0, width)
        cut = cut + 1 if cut > 0 else text.rfind(" ", 0, width)
        if cut <= 0:
            cut = width
        out.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    return [*out, text] if text else out


def explain_table(e: Explanation, lang: str | None = None, width: int | None = None) -> list[list[Any]]:
    """The spilled table: a header row, one row per counted game, a group criterion's notes (the label first, the
    text beside it), the total last (its value in the last column).

    The header, the total's label and the criterion's name are in ``lang`` (default: the current
    language); the rows' words are in the language that was current when :func:`explain` made them.
    A note longer than ``width`` characters goes on as many rows as it needs (a worksheet cell holds 255).
    """
    with use_language(lang or current_language()):
        out: list[list[Any]] = [header()]
        for r in e.rows:
            out.append([
                r.round if r.round is not None else "", r.opponent, r.result, "" if r.counted is None else r.counted,
                r.reason, r.cut, "" if r.contribution is None else r.contribution,
            ])
        for label, text in e.notes:
            for i, piece in enumerate(_pieces(text, width)):
                out.append([label if i == 0 else "", piece, "", "", "", "", ""])
        total = e.total
        if isinstance(total, tuple):
            total = " ".join(score_text(x) for x in total)
        out.append([pgettext("explain", "Total"), get_criterion(e.code).title, "", "", e.how, "", "" if total is None else total])
    return out
