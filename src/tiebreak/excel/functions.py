"""Excel worksheet functions (xlwings): the module users put in "UDF Modules".

One module serves classic xlwings on Windows, xlwings Lite and xlwings
Server.  Every function takes the crosstable range first; with ``player``
left out it returns one value per row of the range (a spilled column, empty
for the header and blank rows), with ``player`` (a start number or a name)
that player's value.  Bad input returns a readable ``#TIEBREAK! ...`` text in
the cell, never a traceback.

The functions never import ``xlwings.server`` or ``xlwings.pro``: classic
xlwings and xlwings Lite run them without a licence.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import xlwings as xw

from .. import api
from ..cache import shared
from ..errors import SettingsError, TiebreakError
from ..i18n import _, choose_language, has_cyrillic, use_language
from ..notation import excel_error

__all__ = [
    "points",
    "buchholz",
    "solkoff",
    "solkoff_trunc",
    "shmulyan",
    "sonneborn_berger",
    "riga",
    "wins",
    "beaten_sum",
    "opp_rating_sum",
    "head_to_head",
    "places",
    "tiebreak",
    "tb_explain",
]

ERROR_PREFIX = "#TIEBREAK! "
# The default of ``player``: an argument left out arrives as its default, a reference to an empty
# cell as None (classic xlwings and Office.js alike); the latter answers with an empty cell.
OMITTED = ""

TABLE_DOC = "The crosstable: a round robin matrix or Swiss round columns, with or without its header row and the No./name/points columns."
PLAYER_DOC = "Optional: a start number or name; left out, one value per row of the table (a spilled column)."
SCORING_DOC = "Optional: points for a win/draw/loss, e.g. \"3/1/0\" or \"2/1/0\"; default: read from the table (1/0.5/0 unless it shows 2 or 3 for a win)."
RULES_DOC = "Optional: rule set for unplayed games: ru (default), fide-2024, fide-2026, fide-2009, plain."


def _fail(err: Exception) -> str:
    text = str(err).replace("\n", " ")
    if len(text) > 250:
        text = text[:247] + "..."
    return ERROR_PREFIX + text


def _cyrillic_text(values: Sequence[Any]) -> str | None:
    """The first text written in Cyrillic among arguments, ranges (nested lists) and cells, if any.

    Iterative, so a deeply nested range (refused later with its own message) cannot overflow the stack here.
    """
    flat: list[Any] = []
    for grid in values:  # a range (rows of cells): its texts searched at once
        if isinstance(grid, list) and all(isinstance(row, list) for row in grid):
            texts = [v for row in grid for v in row if v.__class__ is str]
            if has_cyrillic("\x00".join(texts)):
                return next(v for v in texts if has_cyrillic(v))
        else:
            flat.append(grid)
    stack = [iter(flat)]
    while stack:
        for value in stack[-1]:
            if isinstance(value, str):
                if has_cyrillic(value):
                    return value
            elif isinstance(value, (list, tuple)):
                stack.append(iter(value))
                break
        else:
            stack.pop()
    return None


def language(args: Sequence[Any]) -> str:
    """The language of a worksheet function's answer.

    A function sees no settings sheet, only its arguments: Russian when the
    table's own labels (headers, names) or a text argument (criteria such as
    "усечённый Солкофф", scoring "шашки") are written in Cyrillic; otherwise
    English.

    >>> language([[["№", "Фамилия", 1], [1, "Иванов", "X"]]]), language([[["No", "Name"]], "BH/C1"])
    ('ru', 'en')
    >>> language([[["No", "Name"]], "бухгольц"])
    'ru'
    """
    found = _cyrillic_text(args[1:]) or _table_cyrillic(args[0] if args else None)[1]
    return choose_language(None, () if found is None else (found,))


def _table_cyrillic(table: Any) -> tuple[Any, str | None]:
    """The table as the shared cache keeps it (compared once, then found by identity) and its first Cyrillic text."""
    if not (isinstance(table, list) and table):
        return table, _cyrillic_text([table])
    return shared.own_copy(table, lambda grid: _cyrillic_text([grid]))


def _guard(f: Callable[..., Any]) -> Callable[..., Any]:
    """Turn any error into a readable cell text (never a traceback), in the table's language."""

    names = f.__code__.co_varnames[: f.__code__.co_argcount]

    player_at = names.index("player") if "player" in names else None

    def run(*args: Any) -> Any:
        if player_at is not None and len(args) > player_at and args[player_at] is None:
            return ""  # a row formula filled past the last player: an empty cell, not a spilled column
        if not args:
            return checked()
        table = trimmed(args[0])
        try:
            table, found = _table_cyrillic(table)
        except RecursionError:  # a range nested too deeply to compare: refused with its message below
            found = None
        args = (table, *args[1:])
        found = _cyrillic_text(args[1:]) or found
        with use_language(choose_language(None, () if found is None else (found,))):
            return checked(*args)

    def checked(*args: Any) -> Any:
        for name, value in zip(names[1:], args[1:]):  # an Excel error in a setting is not "left out"
            err = excel_error(value) if not isinstance(value, (list, int, float)) else None
            if err:
                return _fail(SettingsError(_("{argument}: the cell holds the Excel error {error}").format(argument=name, error=err)))
        try:
            return f(*args)
        except TiebreakError as err:
            return _fail(err)
        except RecursionError:
            return _fail(Exception(_("the table is too deeply nested to read")))
        except MemoryError:
            return _fail(Exception(_("the table is too large to read")))
        except Exception as err:  # a defect of ours: still no traceback in the cell
            return _fail(
                Exception(_("internal error ({error}); please report it with the table").format(error=f"{type(err).__name__}: {err}"))
            )

    return run


def _blank_row(row: Any) -> bool:
    return all(v is None or v == "" for v in row)


def trimmed(table: Any, scoring: Any = None) -> Any:
    """A range without its trailing empty rows and columns (``A:K``, ``$A$1:$N$500``).

    The empty tail is skipped in blocks compared at C speed, so a whole
    column costs little more than its used part.
    """
    if not isinstance(table, list) or not table or not isinstance(table[0], list):
        return table
    end = len(table)
    width = len(table[0])
    if not _blank_row(table[-1]) and any(len(row) == width and row[-1] is not None and row[-1] != "" for row in table):
        return table  # the common case: the range is the table
    for blank in ([None] * width, [""] * width):
        block = 4096
        blanks = [blank] * block
        while end >= block and table[end - block : end] == blanks:
            end -= block
    while end and _blank_row(table[end - 1]):
        end -= 1
    if end == 0:
        return table[:1]
    used = 0
    for row in table[:end]:
        for c in range(len(row) - 1, used - 1, -1):
            v = row[c]
            if v is not None and v != "":
                used = c + 1
                break
    if end == len(table) and used == width:
        return table
    return [row[:used] for row in table[:end]]


def _respond(result: tuple[Any, Sequence[Any]], grid: list[list[Any]], player: Any) -> Any:
    """A scalar for one player, else a spilled column lined up with the range's rows."""
    ev, values = result
    out = api.answer(ev.tournament, grid, values, player)
    if isinstance(out, list):
        return [[v] for v in out]
    return out


def _value_function(code: str) -> Callable[[Any, Any, Any, Any], Any]:
    def compute(table: Any, player: Any, rules: Any, scoring: Any) -> Any:
        grid = api.as_grid(table)
        return _respond(api.criterion_values(shared, grid, code, rules, scoring), grid, player)

    return compute


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def points(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Points scored (очки), from the crosstable."""
    return _guard(_value_function("points"))(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def buchholz(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Buchholz (коэффициент Бухгольца): the sum of all opponents' scores."""
    return _guard(_value_function("buchholz"))(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def solkoff(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Median Solkoff (медианный коэффициент Солкоффа): Buchholz minus the best and the worst opponent score."""
    return _guard(_value_function("solkoff"))(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("k", err_to_str=True, doc="How many of the worst opponent scores to drop (1, 2, 3 ...; 0 gives Buchholz).")
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def solkoff_trunc(table: Any, k: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Truncated Solkoff (усечённый коэффициент Солкоффа): Buchholz minus the k worst opponent scores."""

    def compute(table: Any, k: Any, player: Any, rules: Any, scoring: Any) -> Any:
        grid = api.as_grid(table)
        return _respond(api.truncated_values(shared, grid, k, rules, scoring), grid, player)

    return _guard(compute)(table, k, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def shmulyan(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Shmulyan (коэффициент Шмульяна): scores of beaten opponents minus scores of opponents lost to; can be negative."""
    return _guard(_value_function("shmulyan"))(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("convention", err_to_str=True, doc='Optional: "draughts" (default: 2 x beaten + drawn opponents\' scores) or "fide" (opponent score x points scored).')
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def sonneborn_berger(table: Any, player: Any = OMITTED, rules: Any = None, convention: Any = None, scoring: Any = None) -> Any:
    """Sonneborn-Berger (коэффициент Зонненборна-Бергера), draughts-code convention by default, FIDE's with "fide"."""

    def compute(table: Any, player: Any, rules: Any, convention: Any, scoring: Any) -> Any:
        grid = api.as_grid(table)
        return _respond(api.criterion_values(shared, grid, api.sb_code(convention), rules, scoring), grid, player)

    return _guard(compute)(table, player, rules, convention, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def riga(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Riga system (Рижская система коэффициентов): 2 x beaten + 1.5 x drawn + lost-to opponents' scores."""
    return _guard(_value_function("riga"))(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def wins(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Number of wins (количество побед); the rule set says whether forfeits and byes count."""
    return _guard(_value_function("wins"))(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def beaten_sum(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Sum of the scores of the opponents beaten (сумма очков побеждённых соперников)."""
    return _guard(_value_function("beaten"))(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("ratings", ndim=1, err_to_str=True, doc="A column of ratings aligned with the table's rows (or with its players); empty = unrated.")
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def opp_rating_sum(table: Any, ratings: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Sum of the opponents' ratings (сумма рейтингов соперников); unrated opponents count 0."""

    def compute(table: Any, ratings: Any, player: Any, rules: Any, scoring: Any) -> Any:
        grid = api.as_grid(table)
        return _respond(api.rating_sum_values(shared, grid, ratings, rules, scoring), grid, player)

    return _guard(compute)(table, ratings, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def head_to_head(table: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Head-to-head (личные встречи): points scored in the games among the players tied on points with this one."""
    return _guard(_value_function("h2h"))(table, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("criteria", err_to_str=True, doc="Optional: the tie-break list after points, e.g. \"solkoff_trunc, wins, h2h\" or \"BH/C1, BH, SB, DE, WIN\"; default: rule 1.13.3.")
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def places(table: Any, criteria: Any = None, rules: Any = None, scoring: Any = None) -> Any:
    """Places (места) by points and the criteria list; shared places as 3–4 (a spilled column)."""

    def compute(table: Any, criteria: Any, rules: Any, scoring: Any) -> Any:
        grid = api.as_grid(table)
        ev, labels = api.place_labels(shared, grid, criteria, rules, scoring)
        # a place of its own as a number (for SORT, MATCH, conditional formatting); shared ones as "3–4"
        return api.spill(ev.tournament, grid, [int(x) if x.isdigit() else x for x in labels])

    return _guard(compute)(table, criteria, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("code", err_to_str=True, doc="A tie-break code: FIDE's (BH, BH/C1, BH/M1, SB, DE, WIN, ARO, TPR ...) or tiebreak's own (solkoff, shmulyan, riga ...).")
@xw.arg("player", err_to_str=True, doc=PLAYER_DOC)
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def tiebreak(table: Any, code: Any, player: Any = OMITTED, rules: Any = None, scoring: Any = None) -> Any:
    """Any tie-break by its code (FIDE acronym such as BH/C1, or tiebreak's own name)."""

    def compute(table: Any, code: Any, player: Any, rules: Any, scoring: Any) -> Any:
        if code is None or str(code).strip() == "":
            raise SettingsError(_("give a tie-break code, e.g. \"BH/C1\""))
        grid = api.as_grid(table)
        return _respond(api.criterion_values(shared, grid, str(code), rules, scoring), grid, player)

    return _guard(compute)(table, code, player, rules, scoring)


@xw.func
@xw.arg("table", ndim=2, err_to_str=True, doc=TABLE_DOC)
@xw.arg("player", err_to_str=True, doc="A start number or name.")
@xw.arg("code", err_to_str=True, doc="A tie-break code: buchholz, solkoff, sonneborn_berger, wins, h2h ... or FIDE's BH, BH/C1, SB, DE, WIN, TPR ...")
@xw.arg("rules", err_to_str=True, doc=RULES_DOC)
@xw.arg("scoring", err_to_str=True, doc=SCORING_DOC)
def tb_explain(table: Any, player: Any, code: Any, rules: Any = None, scoring: Any = None) -> Any:
    """Explain one player's tie-break (a spilled table): per round the opponent, result, what was counted, cuts, contribution; the total last."""

    def compute(table: Any, player: Any, code: Any, rules: Any, scoring: Any) -> Any:
        from ..explain import explain_grid

        return explain_grid(api.as_grid(table), player, code, rules, scoring)

    return _guard(compute)(table, player, code, rules, scoring)
