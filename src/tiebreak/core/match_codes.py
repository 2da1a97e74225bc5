"""The tie-breaks of match events (FIDE C.07 Art. 12-13 for teams), and the individual ones on either score.

* ``MPvGP``: the secondary score (game points when match points are primary);
* ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB`` (and ``/C1`` ...): the extended
  Sonneborn-Berger, Σ opponent's X score × own Y points in the match, X and
  Y the two letters (M match points, G game points), C.07 13.1;
* ``BC`` board count (Σ board number × game points on that board, the lower
  the better), ``TBR`` top-board result (board 1's points, then board 2's ...),
  ``BBE`` bottom-board elimination (the game points without the last board,
  then without the last two ...), C.07 13.3;
* ``EDE``, ``EDEC``, ``EDET``, ``EDEB``, ``EDEBT``, ``EDEBB``: extended direct encounter,
  primary then secondary score among the tied teams (each re-applied while it
  separates), then for two teams still tied their match board by board (C
  board count, T top boards, B bottom boards);
* ``SSSC``: score-strength combination, the secondary score + the primary BH
  divided by the normalising factor, to two decimals;
* ``X:MP`` / ``X:GP`` (``BH:MP``, ``SB:GP/C1``, ``DE:GP`` ...): any
  individual tie-break on that score, as FIDE's checker writes it.

Each reads the event through the tournament the ranking ranks
(:class:`~tiebreak.core.match.MatchTournament`); on a table of single games they are
refused with a message saying so.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from tiebreak.core import coefficients as co
from tiebreak.core import explain_rows as ex
from tiebreak.core import fide
from tiebreak.core.counting import Evaluation, Ratings
from tiebreak.core.criterion import (
    Criterion,
    GroupContext,
    GroupCriterion,
    ValueCriterion,
)
from tiebreak.core.errors import SettingsError, UnknownCriterionError
from tiebreak.core.i18n import _, ngettext, pgettext
from tiebreak.core.match import MatchEntry, MatchEvent, MatchTournament, score_name
from tiebreak.core.model import Kind
from tiebreak.core.numbers import half_up
from tiebreak.core.record import replace

__all__ = ["MATCH_CRITERIA", "on_score", "team_code"]


def with_boards(ev: Evaluation, code: str) -> MatchEvent:
    """The event, when its played matches say the result on each board (BC, TBR, BBE and EDE's board steps need them)."""
    e = event_of(ev, code)
    for row in e.entries:
        for entry in row:
            if entry is not None and entry.kind is Kind.PLAYED and (len(entry.boards) < e.boards or None in entry.boards[: e.boards]):
                raise SettingsError(
                    _("{code} needs each board's result, and the table gives only the match's game points (round {round}): give the board-by-board results (a TRF file)").format(
                        code=code, round=entry.round
                    )
                )
    return e


def event_of(ev: Evaluation, code: str) -> MatchEvent:
    t = ev.tournament
    if not isinstance(t, MatchTournament):
        raise SettingsError(_("{code} is a tie-break of match events (team matches, micro-matches); this table is of single games").format(code=code))
    return t.event


def view(ev: Evaluation, score: str) -> Evaluation:
    """The evaluation of the same event on ``score`` ("MP" or "GP"), by the same rule set."""
    t = ev.tournament
    assert isinstance(t, MatchTournament)
    if t.score_name == score:
        return ev
    from tiebreak.core.rules import get_rules

    return ev.memo(("match view", score), lambda: get_rules(ev.rules.name).evaluate(t.event.on(score)))


def per_game(compute: Any) -> Any:
    """``compute`` (WIN, WON, STD, or its explainer) game by game on a team event ranked on game points, as FIDE's checker counts them.

    With game points primary the checker counts WIN, WON and STD on the games
    (each board a game; an unplayed match that many unplayed games, a
    pairing-allocated bye that many games won); per match they are ``WIN:MP``
    ... .  On anything else ``compute`` is unchanged.
    """

    def on_games(ev: Evaluation, *args: Any) -> Any:
        t = ev.tournament
        if isinstance(t, MatchTournament) and t.score_name == "GP" and t.event.event == "team":
            from tiebreak.core.rules import get_rules

            ev = ev.memo(("match view", "games, PAB won"), lambda: get_rules(ev.rules.name).evaluate(t.event.games(pab_won=True)))
        return compute(ev, *args)

    return on_games


# ------------------------------------------------------------------ values
def secondary(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """MPvGP: the secondary score."""
    e = event_of(ev, "MPvGP")
    return e.score(e.secondary)


def extended_sb(first: str, second: str, low: int = 0) -> Callable[[Evaluation, Ratings], list[float]]:
    """E<X><Y>SB: Σ opponent's ``first`` score (as the rule set counts it) × own ``second`` points of the match."""
    code = f"E{first[0]}{second[0]}SB"

    def compute(ev: Evaluation, ratings: Ratings = None) -> list[float]:
        event_of(ev, code)
        ex, ey = view(ev, first), view(ev, second)
        out = []
        for p in range(ex.n):
            own = dict(zip(ey.at[p], ey.credit[p]))
            contrib = [v * own.get(r, 0.0) for v, r in zip(ex.val[p], ex.at[p])]
            out.append(co.cut_sum(ex.val[p], low, 0, ex.cut_first[p], contrib=contrib, rounds=ex.rounds))
        return out

    return compute


def board_count(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """BC: Σ board number × the side's game points on that board (lower is better)."""
    e = with_boards(ev, "BC")
    return [float(sum((b + 1) * v for b, v in enumerate(e.board_points(s)))) for s in range(len(e.sides))]


def top_board(ev: Evaluation, ratings: Ratings = None) -> list[tuple[float, ...]]:
    """TBR: the game points on board 1, then on board 2, ... (compared in that order)."""
    e = with_boards(ev, "TBR")
    return [tuple(e.board_points(s)) for s in range(len(e.sides))]


def bottom_board(ev: Evaluation, ratings: Ratings = None) -> list[tuple[float, ...]]:
    """BBE: the game points without the last board, then without the last two, ... (compared in that order)."""
    e = with_boards(ev, "BBE")
    out = []
    for s in range(len(e.sides)):
        bp = e.board_points(s)
        left, keys = sum(bp), []
        for v in reversed(bp):
            left -= v
            keys.append(left)
        out.append(tuple(keys))
    return out


def sssc(ev: Evaluation, ratings: Ratings = None) -> list[float]:
    """SSSC: secondary score + primary BH / the normalising factor, rounded half up to 0.01."""
    e = event_of(ev, "SSSC")
    bh = co.buchholz(view(ev, e.primary))
    factor = _sssc_factor(e)
    return [half_up(s + b / factor, 2) for s, b in zip(e.score(e.secondary), bh)]


def _sssc_factor(e: MatchEvent) -> int:
    """SSSC's normalising factor (C.07 13.2), at least 1."""
    m, g, rounds = e.scoring.match, e.scoring.game, e.rounds
    if e.primary == "MP":
        factor = math.floor(m.win * rounds / g.win / e.boards)
    else:
        factor = math.floor(g.win * rounds * e.boards / m.win)
    return max(factor, 1)


# ------------------------------------------------------------------ extended direct encounter
def _mutual_boards(e: MatchEvent, p: int, q: int) -> list[float]:
    """p's points on each board in the matches p and q played against each other."""
    out = [0.0] * e.boards
    for entry in e.entries[p]:
        if entry is not None and entry.opponent == q and entry.kind is Kind.PLAYED:
            for b, v in enumerate(entry.boards[: e.boards]):
                out[b] += v or 0.0
    return out


def _board_keys(e: MatchEvent, chain: str, p: int, q: int) -> list[tuple[float, ...]]:
    """The two-team steps (C, T, B) of an EDE chain, for p and for q, in order."""
    keys: list[list[float]] = [[], []]
    for k, side in enumerate((p, q)):
        bp = _mutual_boards(e, side, q if k == 0 else p)
        for step in chain:
            if step == "C":
                keys[k].append(-sum((b + 1) * v for b, v in enumerate(bp)))
            elif step == "T":
                keys[k].extend(bp)
            else:
                left = sum(bp)
                for v in reversed(bp[1:]):
                    left -= v
                    keys[k].append(left)
    return [tuple(keys[0]), tuple(keys[1])]


def ede(chain: str) -> Callable[[Evaluation, Sequence[int], GroupContext], list[Any]]:
    """EDE and its chains: primary DE among the group, else secondary DE, else (two teams) the ``chain`` of board steps."""
    code = "EDE" + {"": "", "C": "C", "T": "T", "B": "B", "CT": "BT", "CB": "BB"}[chain]

    def compute(ev: Evaluation, group: Sequence[int], ctx: GroupContext) -> list[Any]:
        e = event_of(ev, code)
        for score in (e.primary, e.secondary):
            keys = fide.direct_encounter(view(ev, score), group)
            if len(set(keys)) > 1:
                return [(1.0, *k) for k in keys]
        if len(group) == 2 and chain:
            with_boards(ev, code)
            a, b = _board_keys(e, chain, group[0], group[1])
            return [(0.0, *a), (0.0, *b)]
        return [(0.0,)] * len(group)

    return compute


# ------------------------------------------------------------------ explanations
_UNPLAYED_WORDS = {Kind.FORFEIT_WIN: "+F", Kind.FORFEIT_LOSS: "-F", Kind.PAIRING_BYE: "PAB", Kind.HALF_BYE: "HPB", Kind.FULL_BYE: "FPB", Kind.ZERO_BYE: "ZPB"}


def _match_result(e: MatchEvent, p: int, r: int) -> str:
    """A match as a table writes it: own : opponent's game points (``3:1``), or the unplayed match's word (``+F``, ``PAB`` ...)."""
    m = e.entries[p][r] if r < len(e.entries[p]) else None
    if m is None:
        return pgettext("result", "absent")
    if m.kind is Kind.PLAYED and m.opponent is not None:
        back = _back(e, p, r, m.opponent)
        their = back.game_points if back is not None else 0.0
        return f"{ex.score_text(m.game_points)}:{ex.score_text(their)}"
    return _UNPLAYED_WORDS.get(m.kind, pgettext("result", "absent"))


def _back(e: MatchEvent, p: int, r: int, q: int) -> MatchEntry | None:
    """The opponent ``q``'s entry of side ``p``'s match ``r``: the same round; in a matrix (columns, not rounds) the same meeting of the two."""
    if e.has_rounds:
        return e.entries[q][r] if r < len(e.entries[q]) else None
    nth = sum(1 for m in e.entries[p][:r] if m is not None and m.opponent == q)
    meetings = [m for m in e.entries[q] if m is not None and m.opponent == p]
    return meetings[nth] if nth < len(meetings) else None


def _per_match(e: MatchEvent, p: int, score: str) -> list[ex.Row]:
    """A row per round of side p: the match, and its points on ``score`` (a matrix: a row per match played, none for those to come)."""
    rows = []
    for r, m in enumerate(e.entries[p]):
        if m is None and not e.has_rounds:
            continue  # a match of the round robin still to be played
        q = m.opponent if m is not None else None
        value = 0.0 if m is None else m.match_points if score == "MP" else m.game_points
        rows.append(ex.Row(r + 1 if e.has_rounds else None, e.sides[q].name if q is not None else "—", _match_result(e, p, r), None, "", "", value))
    return rows


def _secondary_rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[ex.Row], str]:
    """MPvGP: a row per match, its secondary score."""
    e = event_of(ev, "MPvGP")
    return _per_match(e, p, e.secondary), ""


def _esb_rows(first: str, second: str, low: int = 0) -> ex.Explainer:
    """E<X><Y>SB: a row per counted opponent, his ``first`` score × own ``second`` points of the match, the ``low`` least significant cut."""

    def rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[ex.Row], str]:
        e = event_of(ev, f"E{first[0]}{second[0]}SB")
        vx, vy = view(ev, first), view(ev, second)
        own = dict(zip(vy.at[p], vy.credit[p]))
        contrib = [v * own.get(r, 0.0) for v, r in zip(vx.val[p], vx.at[p])]
        out = ex.counted_rows(vx, p, contrib, low, 0, cut_by_contrib=True)
        for row, r in zip(out, vx.at[p]):
            if 0 <= r < e.rounds:
                row.result = _match_result(e, p, r)  # the match's score, as the table writes it
        # TRANSLATORS: an extended Sonneborn-Berger's total: each {first} and {second} is "match points" or "game points"
        how = _("the opponent's {first} × own {second} in the match").format(first=_score_words(first), second=_score_words(second))
        return out, how

    return rows


def _score_words(score: str) -> str:
    return _("match points") if score == "MP" else _("game points")


def _board_rows(code: str, weight: Callable[[int], float] | None = None) -> ex.Explainer:
    """BC, TBR, BBE: a row per board, the side's game points on it over the event (times the board number for BC)."""

    def rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[ex.Row], str]:
        e = with_boards(ev, code)
        out = []
        for b, v in enumerate(e.board_points(p)):
            counted = weight(b) if weight is not None else None
            out.append(ex.Row(None, _("board {number}").format(number=b + 1), ex.score_text(v), counted, "", "", v * counted if counted is not None else v))
        if code == "BC":
            return out, _("Σ board number × game points on that board; the lower the better")
        if code == "TBR":
            return out, _("compared board by board: board 1 first, then board 2 ...")
        return out, _("compared on the game points without the last board, then without the last two ...")

    return rows


def _board_step(e: MatchEvent, chain: str, a: int, b: int) -> str:
    """Which board step of an EDE chain separates two teams still tied on both scores, with the two values."""
    ka, kb = _board_keys(e, chain, a, b)
    names = {"a": e.sides[a].name, "b": e.sides[b].name}
    at = 0
    for step in chain:
        size = 1 if step == "C" else e.boards if step == "T" else e.boards - 1
        for j in range(size):
            x, y = ka[at + j], kb[at + j]
            if round(x - y, 9) == 0:
                continue
            if step == "C":
                # TRANSLATORS: EDEC ...: the board count (Σ board number × points) of the tied teams' own match.
                return _("board count of their match: {a} {x}, {b} {y}, the lower the better: this separates them").format(
                    x=ex.score_text(-x), y=ex.score_text(-y), **names
                )
            if step == "T":
                # TRANSLATORS: EDET ...: the first board of the tied teams' own match on which they differ.
                return _("board {board} of their match: {a} {x}, {b} {y}: this separates them").format(board=j + 1, x=ex.score_text(x), y=ex.score_text(y), **names)
            # TRANSLATORS: EDEB ...: the tied teams' own match without its last boards.
            text = ngettext("their match without the last board: {a} {x}, {b} {y}: this separates them", "their match without the last {n} boards: {a} {x}, {b} {y}: this separates them", j + 1)
            return text.format(n=j + 1, x=ex.score_text(x), y=ex.score_text(y), **names)
        at += size
    return _("their match is equal board by board too")


def _ede_step(code: str, chain: str) -> ex.GroupStep:
    """EDE and its chains, one application: the primary score among the group, then the secondary, then (two teams) the board steps."""

    def step(ev: Evaluation, p: int, group: Sequence[int], keys: Sequence[Any]) -> ex.Step:
        e = event_of(ev, code)
        primary = view(ev, e.primary)
        rows = ex.encounter_rows(primary, p, group, lambda r: _match_result(e, p, r))
        said = []
        for score in (e.primary, e.secondary):
            v = view(ev, score)
            points, met = fide.encounters(v, group)
            values = ex.member_values(v, group, points)
            if len(set(fide.direct_encounter(v, group))) > 1:
                # TRANSLATORS: EDE: one score among the tied teams ("match points: A 3; B 1"), which separates them.
                said.append(_("{score}: {values}: these separate them").format(score=_score_words(score), values=values))
                break
            # TRANSLATORS: EDE: one score among the tied teams, which leaves them level.
            said.append(_("{score}: {values}: these do not separate them").format(score=_score_words(score), values=values))
        else:
            if len(group) == 2 and chain:
                with_boards(ev, code)
                said.append(_board_step(e, chain, group[0], group[1]))
        points, met = fide.encounters(primary, group)
        said.append(ex.de_condition(primary, group, met, points))
        return ex.Step(rows, "; ".join(said))

    return step


def _ede_how() -> str:
    # TRANSLATORS: EDE's total: the rows are the matches among the tied teams, with the primary score's points.
    return _("primary score in the matches among the tied, then the secondary score")


def _sssc_rows(ev: Evaluation, p: int, ratings: Ratings) -> tuple[list[ex.Row], str]:
    """SSSC: the primary Buchholz's rows, and how the secondary score and the factor make the total."""
    e = event_of(ev, "SSSC")
    primary = view(ev, e.primary)
    bh = co.buchholz(primary)[p]
    factor = _sssc_factor(e)
    how = _("secondary score {score} + Buchholz {bh} / {factor} (the normalising factor)").format(
        score=ex.score_text(e.score(e.secondary)[p]), bh=ex.score_text(bh), factor=factor
    )
    return ex.counted_rows(primary, p, primary.val[p]), how


# ------------------------------------------------------------------ the codes
def _m(code: str, name: str, name_ru: str, description: str, compute: Any, **kw: Any) -> ValueCriterion:
    return ValueCriterion(code, name, name_ru, description, compute=compute, fide=True, **kw)


def _esb(first: str, second: str, low: int = 0) -> ValueCriterion:
    code = f"E{first[0]}{second[0]}SB" + (f"/C{low}" if low else "")
    words = {"MP": ("match points", "командных очков"), "GP": ("game points", "очков партий")}
    return _m(
        code, f"Extended Sonneborn-Berger {code}", f"Расширенный Зонненборн-Бергер {code}",
        f"Σ opponent's {words[first][0]} × own {words[second][0]} in the match (C.07 13.1)" + (f", without the {low} least significant" if low else "") + ".",
        extended_sb(first, second, low), explainer=_esb_rows(first, second, low),
    )


_EDE_CHAINS = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}

MATCH_CRITERIA: tuple[Criterion, ...] = (
    _m("MPvGP", "Secondary score (MPvGP)", "Вторичный счёт (MPvGP)", "Game points when match points are primary, match points when game points are (C.07 12).", secondary, decimals=1, aliases=("MPVGP",), explainer=_secondary_rows),
    *(_esb(x, y) for x in ("MP", "GP") for y in ("MP", "GP")),
    _m("BC", "Board count", "Подсчёт по доскам (BC)", "Σ board number × game points on that board; the lower the better (C.07 13.3).", board_count, decimals=1, lower_is_better=True, explainer=_board_rows("BC", lambda b: b + 1.0)),
    _m("TBR", "Top-board result", "Результат на высших досках (TBR)", "Game points on board 1, then board 2, ... (C.07 13.3).", top_board, decimals=1, explainer=_board_rows("TBR")),
    _m("BBE", "Bottom-board elimination", "Исключение низших досок (BBE)", "Game points without the last board, then without the last two, ... (C.07 13.3).", bottom_board, decimals=1, explainer=_board_rows("BBE")),
    _m("SSSC", "Score-strength combination", "Комбинация счёта и силы (SSSC)", "Secondary score + primary BH / the normalising factor (C.07 13.2).", sssc, decimals=2, explainer=_sssc_rows),
    *(
        GroupCriterion(
            code, f"Extended direct encounter {code}", f"Расширенная личная встреча {code}",
            "Primary, then secondary score among the tied teams" + (", then their match board by board" if chain else "") + " (C.07 13.3).",
            compute=ede(chain), fide=True, decimals=1, explainer=ex.GroupExplainer(_ede_step(code, chain), _ede_how),
        )
        for code, chain in _EDE_CHAINS.items()
    ),
)


def team_code(code: str) -> Criterion | None:
    """E<X><Y>SB/C<k> (a cut extended SB) for a code of that form, else None."""
    base, _sep, mods = code.upper().partition("/")
    if len(base) == 5 and base[0] == "E" and base[3:] == "SB" and base[1] in "MG" and base[2] in "MG" and mods:
        if mods.startswith("C") and mods[1:].isdigit():
            return _esb(base[1] + "P", base[2] + "P", int(mods[1:]))
        raise UnknownCriterionError(_("unknown modifier '/{modifier}' in '{code}': use /C1, /C2 ...").format(modifier=mods, code=code))
    return None


def on_score(base: Criterion, score: str, code: str) -> Criterion:
    """``base`` computed on ``score`` of a match event (``BH:MP``, ``SB:GP/C1``): its code and names say the score."""
    key = score_name(score)
    if base.code in {c.code for c in MATCH_CRITERIA}:
        raise UnknownCriterionError(_("'{code}': {base} has its scores in its name; write it without ':{score}'").format(code=code, base=base.code, score=key))
    shown = code.upper()
    explainer: Any = None
    if isinstance(base.explainer, ex.GroupExplainer):
        explainer = base.explainer.on(lambda ev: view(ev, key))
    elif base.explainer is not None:
        inner_x = base.explainer

        def explainer(ev: Evaluation, p: int, ratings: Ratings) -> Any:
            return inner_x(view(ev, key), p, ratings)
    if isinstance(base, ValueCriterion):
        inner_v = base

        def value(ev: Evaluation, ratings: Ratings = None) -> list[Any]:
            event_of(ev, shown)
            return inner_v.compute(view(ev, key), ratings)

        return replace(base, code=shown, name=f"{base.name} ({key})", name_ru=f"{base.name_ru} ({key})", compute=value, explainer=explainer, aliases=())
    if isinstance(base, GroupCriterion):
        inner_g = base

        def keys(ev: Evaluation, group: Sequence[int], ctx: GroupContext) -> list[Any]:
            event_of(ev, shown)
            return inner_g.compute(view(ev, key), group, ctx)

        return replace(base, code=shown, name=f"{base.name} ({key})", name_ru=f"{base.name_ru} ({key})", compute=keys, shown=None, explainer=explainer, aliases=())
    raise UnknownCriterionError(_("'{code}': {base} cannot be computed on one score of a match").format(code=code, base=base.code))
