"""The registry of tie-break criteria: every code the ranking, the worksheet functions and the CLI accept.

This module names every criterion and says what it computes, by importing the
definitions: the Russian coefficients (:mod:`tiebreak.core.coefficients`) and the
FIDE tie-breaks (:mod:`tiebreak.core.fide`).  The types of criterion (value,
progressive, group) are in :mod:`tiebreak.core.criterion`.  Nothing registers
itself by being imported.

Codes are case-insensitive; Russian names and FIDE acronyms with modifiers
(``BH/C1``, ``BH/M2``, ``SB/C1`` ...) are accepted.

>>> [c.code for c in parse_criteria("бухгольц, wins; h2h, BH/C2, sb")]
['buchholz', 'wins', 'h2h', 'BH/C2', 'SB']
>>> get_criterion("Solkoff").name
'Median Solkoff'
>>> [type(get_criterion(c)).__name__ for c in ("solkoff_trunc", "order", "SB")]
['ProgressiveCriterion', 'GroupCriterion', 'ValueCriterion']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tiebreak.core import coefficients as co
from tiebreak.core import explain_rows as ex
from tiebreak.core import fide
from tiebreak.core import match_codes as mc
from tiebreak.core.counting import Evaluation
from tiebreak.core.criterion import (
    Criterion,
    GroupContext,
    GroupCriterion,
    ProgressiveCriterion,
    ValueCriterion,
)
from tiebreak.core.errors import UnknownCriterionError
from tiebreak.core.i18n import _
from tiebreak.core.text import compiled_later

__all__ = [
    "COEFFICIENT_SYSTEMS",
    "CRITERIA",
    "Criterion",
    "GroupCriterion",
    "ProgressiveCriterion",
    "ValueCriterion",
    "default_criteria",
    "get_criterion",
    "modified",
    "parse_criteria",
    "register",
]


# ------------------------------------------------------------- group criteria
def _h2h(ev: Evaluation, group: Sequence[int], ctx: GroupContext) -> list[float]:
    return co.head_to_head(ev, group)


def _order(ev: Evaluation, group: Sequence[int], ctx: GroupContext) -> list[tuple[float, ...]]:
    """Results against the others in the order of their places after the criteria listed before (1.13.3)."""
    assert ctx.places is not None
    return co.order_of_places(ev, group, ctx.places())


def _de(ev: Evaluation, group: Sequence[int], ctx: GroupContext) -> list[tuple[float, ...]]:
    return fide.direct_encounter(ev, group)


def _de_shown(ev: Evaluation, group: Sequence[int], ctx: GroupContext) -> list[float]:
    return fide.de_points(ev, group)


def _value(compute: Any) -> Any:
    """A per-event function of the evaluation alone as a value criterion's ``(ev, ratings)``."""
    return lambda ev, r: compute(ev)


# ------------------------------------------------------------- the registry
_RUSSIAN: tuple[Criterion, ...] = (
    ValueCriterion("points", "Points", "Очки", "Points scored.", compute=_value(co.points), decimals=1, explainer=ex.per_round(lambda ev, p: lambda r: ev.pts[p][r]), aliases=("pts", "PTS", "очки")),
    ValueCriterion(
        "buchholz", "Buchholz", "Коэффициент Бухгольца", "Σ of all opponents' scores (1.13.6).",
        compute=_value(co.buchholz), explainer=ex.counted(), aliases=("бухгольц", "коэф бухгольца", "buchholz_sum", "коэффициент бухгольца"),
    ),
    ValueCriterion(
        "solkoff", "Median Solkoff", "Медианный коэффициент Солкоффа", "Buchholz minus the best and the worst opponent score (1.13.7).",
        compute=_value(co.median_solkoff), explainer=ex.counted(1, 1),
        aliases=("median_solkoff", "m_solk", "msolk", "солкофф", "солкоф", "солков", "коэффициент солкоффа", "медианный солкофф", "медианный коэффициент солкова", "median_buchholz"),
    ),
    ProgressiveCriterion(
        "solkoff_trunc", "Truncated Solkoff", "Усечённый коэффициент Солкоффа",
        "Buchholz minus the worst opponent score; while still tied, minus the 2, 3 ... worst (1.13.8).",
        compute=co.truncated_solkoff, explainer=ex.truncated_solkoff,
        aliases=("truncated_solkoff", "r_solk", "rsolk", "усеченный солкофф", "усеченный солкоф", "усеченный коэффициент солкова", "усеченный коэффициент солкоффа", "усеченный бухгольц", "progressive_buchholz", "solkoff_progressive"),
    ),
    ValueCriterion(
        "shmulyan", "Shmulyan", "Коэффициент Шмульяна", "Σ scores of beaten opponents − Σ scores of opponents lost to (1.13.4); signed.",
        compute=_value(co.shmulyan), explainer=ex.weighted({1: 1.0, 0: 0.0, -1: -1.0}), aliases=("шмульян", "шмульяна", "smulyan", "schmulyan"),
    ),
    ValueCriterion(
        "sonneborn_berger", "Sonneborn–Berger", "Коэффициент Зонненборна–Бергера",
        "2 × Σ scores of beaten opponents + Σ scores of drawn opponents (1.13.5, draughts code). FIDE's SB is half of it on 1/½/0 scoring.",
        compute=_value(co.sonneborn_berger), explainer=ex.weighted({1: 2.0, 0: 1.0, -1: 0.0}),
        aliases=("berger", "бергер", "зонненборн", "зонненборн бергер", "зонненборна бергера", "коэффициент бергера", "коэффициент зонненборна бергера", "sb_draughts"),
    ),
    ValueCriterion(
        "riga", "Riga", "Рижская система", "2 × Σ beaten + 1.5 × Σ drawn + Σ lost-to opponents' scores (1.13.9).",
        compute=_value(co.riga), explainer=ex.weighted({1: 2.0, 0: 1.5, -1: 1.0}), aliases=("рижская", "рижский", "рижская система коэффициентов", "рига"),
    ),
    ValueCriterion(
        "wins", "Most wins", "Количество побед", "Number of wins (the rule set says whether forfeits and byes count).",
        compute=_value(co.wins), explainer=ex.per_round(ex.wins), decimals=0, aliases=("победы", "побед", "наибольшее количество побед", "number_of_wins"),
    ),
    ValueCriterion(
        "beaten", "Beaten opponents' scores", "Сумма очков побеждённых",
        "Σ scores of the opponents beaten over the board.",
        compute=_value(co.beaten_sum), explainer=ex.beaten,
        aliases=("beaten_sum", "сумма очков побежденных", "сумма побежденных", "побежденные"),
    ),
    ValueCriterion(
        "ratings", "Opponents' ratings", "Сумма рейтингов соперников", "Σ of the opponents' ratings (unrated: 0).",
        compute=co.opponents_rating_sum, explainer=ex.rating_sum, needs="ratings", decimals=0,
        aliases=("opp_rating_sum", "rating_sum", "рейтинг", "рейтинги", "сумма рейтинга", "эло", "elo"),
    ),
    GroupCriterion(
        "h2h", "Head-to-head", "Личные встречи", "Points scored in the games among the tied players (re-applied inside each part still tied).",
        compute=_h2h, explainer=ex.head_to_head, decimals=1,
        aliases=("head_to_head", "личная встреча", "личные встречи", "результат встреч", "результат встреч между участниками", "direct", "встречи"),
    ),
    GroupCriterion(
        "order", "Results in order of places", "Результаты встреч в порядке мест",
        "Better result against the other participants in order of their places after the criteria listed before, the winner first; the first difference decides.",
        compute=_order, explainer=ex.order_of_places, decimals=1,
        aliases=("order_of_places", "results_in_order", "в порядке мест", "лучший результат во встречах в порядке занятых мест", "порядок мест"),
    ),
)


def _fide(code: str, name: str, name_ru: str, description: str, compute: Any, **kw: Any) -> ValueCriterion:
    return ValueCriterion(code, name, name_ru, description, compute=compute, fide=True, **kw)


_FIDE: tuple[Criterion, ...] = (
    _fide("BH", "Buchholz (FIDE BH)", "Бухгольц (BH)", "Σ of the opponents' scores (C.07 8.1).", fide.bh(), explainer=ex.counted()),
    _fide("FB", "Fore Buchholz", "Предварительный Бухгольц (FB)", "Buchholz as if every last-round game had been drawn (C.07 8.3).", fide.fore_buchholz, needs="rounds", explainer=ex.fore_buchholz),
    _fide("AOB", "Average of opponents' Buchholz", "Средний Бухгольц соперников (AOB)", "Mean Buchholz of the opponents played (C.07 8.2); compared exactly, shown with 2 decimals.", fide.aob, explainer=ex.aob),
    _fide("SB", "Sonneborn–Berger (FIDE SB)", "Зонненборн–Бергер (SB, ФИДЕ)", "Σ opponent's score × points scored against him (C.07 9.1).", fide.sb(), explainer=ex.sonneborn_berger_credit()),
    _fide("KS", "Koya", "Коя (KS)", "Points scored against the opponents with at least half the maximum score (C.07 9.2).", fide.koya, explainer=ex.koya),
    _fide("WIN", "Wins (FIDE WIN)", "Победы (WIN)", "Rounds with a win's points, played or not (C.07 7.1).", mc.per_game(fide.win), decimals=0, explainer=mc.per_game(ex.per_round(ex.win))),
    _fide("WON", "Games won", "Выигранные партии (WON)", "Games won over the board (C.07 7.2).", mc.per_game(fide.won), decimals=0, explainer=mc.per_game(ex.per_round(ex.won))),
    _fide("BPG", "Games with Black", "Партии чёрными (BPG)", "Games played with Black (C.07 7.3).", fide.bpg, decimals=0, explainer=ex.per_round(ex.black)),
    _fide("BWG", "Wins with Black", "Победы чёрными (BWG)", "Games won with Black (C.07 7.4).", fide.bwg, decimals=0, explainer=ex.per_round(ex.black_win)),
    _fide("GE", "Games elected", "Сыгранные туры (GE)", "Rounds played or won without playing (C.07 7.5).", fide.ge, decimals=0, aliases=("REP",), explainer=ex.per_round(ex.elected)),
    _fide("PS", "Progressive score", "Прогрессивный счёт (PS)", "Σ of the running scores after each round (C.07 7.6).", fide.progressive_score(0), needs="rounds", decimals=1, explainer=ex.progressive_score()),
    _fide("STD", "Standard points", "Стандартные очки (STD)", "1 per round scored above a draw, ½ per draw (C.07 7.7, 2026).", mc.per_game(fide.standard_points), decimals=1, explainer=mc.per_game(ex.per_round(ex.standard))),
    _fide("ARO", "Average rating of opponents", "Средний рейтинг соперников (ARO)", "Mean rating of the opponents played (C.07 10.1).", fide.aro(0), needs="ratings", decimals=0, explainer=ex.rating_mean()),
    _fide("TPR", "Tournament performance rating", "Турнирный перфоманс (TPR)", "ARO + dp of the score (C.07 10.2).", fide.tpr(0), needs="ratings", decimals=0, explainer=ex.performance()),
    _fide("PTP", "Perfect tournament performance", "Идеальный перфоманс (PTP)", "Lowest rating that expects the score (C.07 10.3).", fide.ptp, needs="ratings", decimals=0, explainer=ex.perfect_performance),
    _fide("APRO", "Average performance of opponents", "Средний перфоманс соперников (APRO)", "Mean TPR of the opponents (C.07 10.4).", fide.average_of("TPR", fide.tpr(0)), needs="ratings", decimals=0, explainer=ex.opponents_mean("TPR", fide.tpr(0))),
    _fide("APPO", "Average perfect performance of opponents", "Средний идеальный перфоманс соперников (APPO)", "Mean PTP of the opponents (C.07 10.5).", fide.average_of("PTP", fide.ptp), needs="ratings", decimals=0, explainer=ex.opponents_mean("PTP", fide.ptp)),
    GroupCriterion(
        "DE", "Direct encounter (points among the tied)", "Личная встреча (очки между равными, DE)",
        "Points among the tied players; where not all met, only a lead the others cannot reach (C.07 6). "
        "The column shows each player's points in the games among the players still tied where DE was applied.",
        compute=_de, explainer=ex.direct_encounter, shown=_de_shown, fide=True, decimals=1,
    ),
)


def modified(code: str, mods: str) -> Criterion:
    """BH/C2, BH/M1, SB/C1, ARO/C1, TPR/C1, PS/C1 ...: a FIDE tie-break with modifiers (C.07 14)."""
    base = code.partition("/")[0]
    parts = [m for m in mods.upper().split("/") if m]
    low = high = 0
    for m in parts:
        if m.startswith("C") and m[1:].isdigit():
            low += int(m[1:])
        elif m.startswith("M") and m[1:].isdigit():
            low += int(m[1:])
            high += int(m[1:])
        else:
            raise UnknownCriterionError(
                _("unknown modifier '/{modifier}' in '{code}': use /C1, /C2 ... or /M1, /M2 ...").format(modifier=m, code=code)
            )
    canon = f"{base}/" + "/".join(parts)
    cut_text = f"minus the {low} least significant" + (f" and {high} most significant" if high else "") + " values"
    if base == "BH":
        return _fide(canon, f"Buchholz {canon[3:]}", f"Бухгольц {canon[3:]}", f"Buchholz {cut_text} (C.07 14, 16.5).", fide.bh(low, high), explainer=ex.counted(low, high))
    if base == "SB":
        return _fide(canon, f"Sonneborn–Berger {canon[3:]}", f"Зонненборн–Бергер {canon[3:]}", f"SB {cut_text} (C.07 14, 16.5).", fide.sb(low, high), explainer=ex.sonneborn_berger_credit(low, high))
    if base in ("ARO", "TPR") and not high:
        f = fide.aro(low) if base == "ARO" else fide.tpr(low)
        label = f"{base} {canon[len(base) + 1:]}"
        return _fide(canon, label, label, f"{base} without the {low} lowest-rated opponent(s).", f, needs="ratings", decimals=0, explainer=ex.rating_mean(low) if base == "ARO" else ex.performance(low))
    if base == "PS" and not high:
        return _fide(
            canon, f"Progressive score {canon[3:]}", f"Прогрессивный счёт {canon[3:]}", f"PS without the first {low} running score(s).",
            fide.progressive_score(low), needs="rounds", decimals=1, explainer=ex.progressive_score(low),
        )
    raise UnknownCriterionError(_("'{code}': modifiers are not available for {base}").format(code=code, base=base))


_MODIFIABLE = frozenset({"bh", "sb", "aro", "tpr", "ps"})
_MODIFIER = compiled_later(r"(?P<base>[a-z]+)\s*/\s*(?P<mods>(?:[cm]\d+|[pvk]\w*)(?:\s*/\s*(?:[cm]\d+|[pvk]\w*))*)\Z")

CRITERIA: dict[str, Criterion] = {}
"""Every criterion by its code (modified FIDE codes are added when first asked for)."""
_LOOKUP: dict[str, str] = {}


def _key(text: str) -> str:
    t = text.strip().casefold().replace("ё", "е")
    t = re.sub(r"[\s_\-–—.]+", "_", t)
    return t.strip("_")


def register(c: Criterion) -> None:
    """Add a criterion to the registry under its code, names and aliases (what each definition above gets)."""
    CRITERIA[c.code] = c
    for name in (c.code, c.name, c.name_ru, *c.aliases):
        _LOOKUP[_key(name)] = c.code
    _FOUND.clear()


_FOUND: dict[str, Criterion] = {}
"""What each text asked for was found to be (a worksheet function asks for its code on every call)."""

for _c in (*_RUSSIAN, *_FIDE, *mc.MATCH_CRITERIA):
    register(_c)
for _code in ("BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB/C1", "ARO/C1", "PS/C1"):
    register(modified(_code, _code.split("/", 1)[1]))

COEFFICIENT_SYSTEMS = ("shmulyan", "sonneborn_berger", "buchholz", "solkoff", "solkoff_trunc", "riga")
DEFAULT_TAIL = ("wins", "h2h", "beaten", "order", "ratings")


def default_criteria(system: str | None = None, round_robin: bool = False) -> list[Criterion]:
    """Rule 1.13.3: the coefficient system, wins, head-to-head, beaten-sum, order of places, ratings.

    Without a system: Sonneborn–Berger for a round robin, truncated Solkoff for a Swiss.
    """
    first = get_criterion(system) if system else get_criterion("sonneborn_berger" if round_robin else "solkoff_trunc")
    return [first, *(get_criterion(c) for c in DEFAULT_TAIL)]


def get_criterion(code: str | Criterion) -> Criterion:
    """The criterion for a code, a name (English or Russian) or a FIDE acronym."""
    if isinstance(code, Criterion):
        return code
    if code.__class__ is str:
        found = _FOUND.get(code)
        if found is not None:
            return found
        if len(_FOUND) > 1024:
            _FOUND.clear()
        found = _FOUND[code] = _find(code)
        return found
    return _find(code)


def _find(code: str) -> Criterion:
    text = str(code).strip()
    key = _key(text)
    if key in _LOOKUP:
        return CRITERIA[_LOOKUP[key]]
    compact = text.replace(" ", "").upper().replace("-", "/")
    if compact in CRITERIA:
        return CRITERIA[compact]
    if ":" in compact:  # a tie-break on one score of a match event: BH:MP, SB:GP/C1 (as FIDE's checker writes them)
        return _on_score(compact)
    team = mc.team_code(compact)
    if team is not None:
        return _MATCH_MADE.setdefault(team.code, team)
    m = _MODIFIER.match(compact.casefold())
    if m and m.group("base") in _MODIFIABLE:
        made = modified(compact, m.group("mods"))
        CRITERIA.setdefault(made.code, made)
        return CRITERIA[made.code]
    from tiebreak.core.notation import show

    raise UnknownCriterionError(
        _("unknown criterion {text}: see the list of codes (e.g. {codes} ...)").format(text=show(text), codes=", ".join(list(CRITERIA)[:8]))
    )


def _on_score(compact: str) -> Criterion:
    """``BH:MP``, ``BH:MP/C1`` (or ``BH/C1:MP``): the base tie-break on that score, registered under the code as written."""
    name, _sep, rest = compact.partition(":")
    score, _sep, mods = rest.partition("/")
    base_code = name + ("/" + mods if mods else "")
    code = f"{name.partition('/')[0]}:{score}" + ("/" + "/".join(p for p in (name.partition("/")[2], mods) if p) if "/" in name or mods else "")
    if code not in _MATCH_MADE:
        _MATCH_MADE[code] = mc.on_score(_find(base_code), score, code)
    return _MATCH_MADE[code]


_MATCH_MADE: dict[str, Criterion] = {}
"""The codes made for match events when first asked for (BH:MP, EMGSB/C1): kept apart, so the registry lists what it always lists."""


def parse_criteria(text: str | Sequence[str]) -> list[Criterion]:
    """A criteria list written with commas, semicolons or new lines."""
    items = [s for s in re.split(r"[,;\n]+", text)] if isinstance(text, str) else list(text)
    out = [get_criterion(s) for s in (i.strip() for i in items) if s]
    if not out:
        raise UnknownCriterionError(_("the criteria list is empty"))
    return out
