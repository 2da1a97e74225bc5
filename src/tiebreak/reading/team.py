"""Match tables as clubs type them: a team Swiss table, a team round-robin matrix, draughts micro-matches.

A grid is read as a match event only when it clearly is one: its header has a
match-points column *and* a game-points column (``MP`` / ``GP``, ``МО`` / ``ИО``,
``КО`` / ``ОП``, ``Match points`` / ``Game points`` ...), or the settings say so
(:class:`~tiebreak.core.match.MatchSettings`: then the totals columns may be
missing).  Every other table is read as a table of single games, as before.

* **Swiss**: ``No | Team | R1 … Rn | MP | GP``; a round cell is the opponent's
  number, the colour on board 1 (``w`` / ``b``, ``б`` / ``ч``, optional) and the
  game points: ``8w2,5``, ``8 2.5``, ``8б 3:1`` (own : opponent's);
  ``+F`` / ``-F`` a match won / lost by forfeit (``8+F``: against team 8),
  ``PAB`` a pairing-allocated bye, ``HPB`` / ``FPB`` / ``ZPB`` requested byes,
  an empty cell: not played (yet).
* **Round robin**: ``No | Team | 1 … n | MP | GP``, the cell of row A and
  column B A's game points against B: ``2,5`` or ``3:1``; the diagonal ``X``.
* **Micro-matches** (draughts): the same tables with the two games' results
  in a cell: ``1 ½``, ``2 0`` (each game on the scoring), or the match score
  ``12б 3:1``; a score that two different pairs of games give (``1:1`` on
  1/½/0: two draws or a win and a loss) is refused with both named.  A table
  is of micro-matches when a cell holds two results, or the header says so
  (``micro``, ``микроматч``).

The number of boards is what the played matches add up to (``3:1`` is four
boards of chess); the stated MP and GP columns are checked against the cells.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tiebreak.core import grammar as g
from tiebreak.core.errors import ConsistencyError, Location, NotationError
from tiebreak.core.i18n import _
from tiebreak.core.match import (
    MATCH,
    MatchEntry,
    MatchEvent,
    MatchScoring,
    MatchSettings,
    Side,
)
from tiebreak.core.model import CHESS, DRAUGHTS, Kind, Scoring
from tiebreak.core.text import compiled_later, one_line
from tiebreak.reading.base import TableLayout

__all__ = ["is_match_table", "read_match_table"]

Grid = Sequence[Sequence[Any]]

_MP = {"mp", "мо", "ко", "match points", "очки матчей", "командные очки", "матчевые очки", "m.p.", "мп"}
_GP = {"gp", "ио", "оп", "game points", "board points", "bp", "очки партий", "игровые очки", "личные очки", "g.p.", "гп"}
_NUMBER = {"no", "no.", "nr", "#", "№", "n", "№ п/п", "ст. №", "snr"}
_TEAM = {"team", "команда", "club", "клуб", "teams", "команды"}
_NAME = {"team", "команда", "name", "имя", "участник", "player", "игрок", "фамилия", "фамилия, имя", "club", "клуб"}
_MICRO = ("micro", "микроматч", "микро-матч", "микро")
_ROUND = compiled_later(r"(?:r|rd|round|тур|т)?\s*\.?\s*(\d{1,3})\s*(?:\.|тур)?\Z")
# the notation of a match cell, from the one vocabulary of a cell (tiebreak.core.grammar)
_HALF = g.one_of(g.HALF)
_NUM = rf"(?:\d+{_HALF}|\d+(?:{g.DECIMAL}\d+)?|{_HALF})"
_SCORE = rf"{_NUM}\s*{re.escape(g.SCORE_SEPARATOR)}\s*{_NUM}"
_RESULT = rf"(?P<res>{_SCORE}|{_NUM}(?:\s+{_NUM})+|{_NUM})"
_CELL = compiled_later(rf"(?:(?P<opp>\d{{1,4}})\s*(?P<col>{g.COLOUR})?\s+|(?P<opp2>\d{{1,4}})(?P<col2>{g.COLOUR})\s*)?{_RESULT}\Z")
_MATRIX_CELL = compiled_later(rf"{_RESULT}\Z")
_FORFEIT = compiled_later(rf"(?P<opp>\d{{1,4}})?\s*(?P<sign>{g.one_of(g.FORFEIT_WIN + g.MINUS)})\s*{g.one_of(g.MATCH_FORFEIT_LETTERS)}\Z")
_DIAGONAL = {m.casefold() for m in g.DIAGONAL_MARKS}
_PAIRED = compiled_later(rf"\d{{1,4}}\s*{g.COLOUR}\Z")  # a pairing written before its result: 4b, 12 ч


def _label(v: Any) -> str:
    return " ".join(str(v).strip().casefold().replace("ё", "е").split()) if v is not None else ""


def _header(grid: Grid, totals: bool = True) -> tuple[int, dict[str, int], list[tuple[int, int]]] | None:
    """(header row, column of each part, [(round or opponent number, column)]) when the grid has MP and GP columns.

    ``totals=False`` (the settings say it is a match event): the MP and GP
    columns may be missing; the header is then the first row with round
    columns and a number or name column.
    """
    if not isinstance(grid, (list, tuple)):
        return None  # not a grid: the table reader says what is wrong with it
    for r, row in enumerate(grid[:6]):
        if not isinstance(row, (list, tuple)):
            return None
        labels = [_label(v) for v in row]
        mp = [c for c, t in enumerate(labels) if t in _MP]
        gp = [c for c, t in enumerate(labels) if t in _GP]
        if totals and (not mp or not gp):
            continue
        parts = _parts(labels, {k: v[0] for k, v in (("mp", mp), ("gp", gp)) if v})
        rounds = []
        for c, t in enumerate(labels):
            m = _ROUND.match(t) if c not in parts.values() else None
            if m and int(m.group(1)) > 0:
                rounds.append((int(m.group(1)), c))
        if rounds and (totals or "number" in parts or "name" in parts):
            return r, parts, rounds
    return None


def _parts(labels: list[str], parts: dict[str, int]) -> dict[str, int]:
    """``parts`` (the MP and GP columns found) with the number and name columns of the header's labels."""
    for c, t in enumerate(labels):
        if t in _NUMBER and "number" not in parts:
            parts["number"] = c
        elif t in _NAME and "name" not in parts:
            parts["name"] = c
    return parts


def is_match_table(grid: Grid) -> bool:
    """Whether the grid is a match table (see the module text)."""
    return _header(grid) is not None


def _number(text: str) -> float:
    value = g.parse_number(text.replace(" ", ""))
    if value is None:
        raise ValueError(text)
    return value


class _Cell:
    """One round cell read: opponent (number or None), colour, kind, own and opponent's game points, per-game results."""

    def __init__(self, opp: int | None, colour: str | None, kind: Kind, own: float | None = None, their: float | None = None, games: tuple[float, ...] = ()) -> None:
        self.opp, self.colour, self.kind, self.own, self.their, self.games = opp, colour, kind, own, their, games


def _cell(value: Any, where: Location, with_opponent: bool) -> _Cell | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise NotationError(_("'{text}' is not a match result").format(text=value), where)
    if isinstance(value, (int, float)):
        if with_opponent:
            raise NotationError(_("'{text}': write the opponent, the colour and the game points, e.g. 8w2,5").format(text=value), where)
        return _Cell(None, None, Kind.PLAYED, float(value))
    text = one_line(str(value)).strip()
    key = text.casefold()
    if key in _DIAGONAL and not with_opponent:
        return None  # a matrix's own cell
    if key in g.MATCH_WORDS:
        return _Cell(None, None, g.MATCH_WORDS[key])
    if with_opponent and _PAIRED.match(text):
        return None  # paired, result not in yet: the round is being entered, the cell says nothing yet
    m = _FORFEIT.match(key)
    if m:
        return _Cell(int(m.group("opp")) if m.group("opp") else None, None, Kind.FORFEIT_WIN if m.group("sign") == g.FORFEIT_WIN else Kind.FORFEIT_LOSS)
    return _played(text, where, with_opponent)


def _played(text: str, where: Location, with_opponent: bool) -> _Cell:
    """A played match's cell: [opponent [colour]] game points, own:opponent's, or the two games' results."""
    m = (_CELL if with_opponent else _MATRIX_CELL).match(text)
    if m is None:
        raise NotationError(
            _("'{text}' is not a match result: write e.g. 8w2,5 (opponent, colour, game points), 3:1, 1 ½ (two games), +F, -F, PAB, HPB, ZPB").format(text=text), where
        )
    opp_text = (m.group("opp") or m.group("opp2")) if with_opponent else None
    if with_opponent and opp_text is None:
        raise NotationError(_("'{text}': the opponent's number is missing (e.g. 8w2,5)").format(text=text), where)
    colour_text = (m.group("col") or m.group("col2") or "") if with_opponent else ""
    colour = g.COLOURS.get(colour_text)
    res = m.group("res")
    parts = [p.strip() for p in res.split(g.SCORE_SEPARATOR)]
    if len(parts) == 2:
        return _Cell(int(opp_text) if opp_text else None, colour, Kind.PLAYED, _number(parts[0]), _number(parts[1]))
    games = res.split()
    if len(games) >= 2:  # each game's (each board's) result
        values = tuple(_number(x) for x in games)
        return _Cell(int(opp_text) if opp_text else None, colour, Kind.PLAYED, sum(values), None, values)
    return _Cell(int(opp_text) if opp_text else None, colour, Kind.PLAYED, _number(res))


def read_match_table(grid: Grid, *, scoring: Scoring | None = None, event: str | None = None, settings: MatchSettings | None = None) -> MatchEvent:
    """Read a match table (see the module text); ``scoring`` is the game's (default: chess for teams, draughts for micro-matches).

    ``settings`` (the settings sheet's or the command line's) say the kind of
    event, the match points and the primary score; with the kind said, the MP
    and GP columns may be missing.
    """
    settings = settings or MatchSettings()
    event = event or (settings.event if settings.matches else None)
    head, parts, rounds = _found_header(grid, event)
    rows = [r for r in range(head + 1, len(grid)) if _row_number(grid[r], parts) is not None]
    numbers = [_row_number(grid[r], parts) for r in rows]
    index = {n: i for i, n in enumerate(numbers)}
    round_robin = _is_matrix(grid, rows, numbers, rounds)
    second = _sub_columns(grid[head], rounds, parts)
    cells = [[_cell(_joined(grid, r, c, second.get(c)), Location(row=r + 1, column=c + 1, round=k + 1), not round_robin) for k, (_n, c) in enumerate(rounds)] for r in rows]
    micro = _is_micro(grid[: head + 1], cells, event, parts)
    game = scoring or (DRAUGHTS if micro else CHESS)
    sc = MatchScoring(match=settings.match or MATCH, game=game)
    if round_robin:
        _mirror_matrix(cells, numbers, rounds)
    else:
        _mirror_swiss(cells, index, numbers, rows, rounds)
    boards = _boards(cells, game, micro)
    entries = _entries(cells, index, rounds, boards, sc, micro, rows)
    if round_robin:  # a matrix has no rounds: each team's matches in column order, its own cell left out
        own = [[n for n, _c in rounds].index(x or 0) for x in numbers]
        entries = [row[:k] + row[k + 1 :] for row, k in zip(entries, own)]
    sides = [
        Side(int(n or 0), _name(grid[r], parts, n), row=r + 1, stated_match_points=_stated(grid, r, parts, "mp"), stated_game_points=_stated(grid, r, parts, "gp"))
        for r, n in zip(rows, numbers)
    ]
    e = _event(sides, entries, boards, sc, micro, round_robin)
    if settings.primary is not None:
        e.primary = settings.primary
    _check_totals(e, rows, parts)
    e.layout = TableLayout(
        height=len(grid), width=max((len(r) for r in grid), default=0), header_row=head, player_rows=rows, result_cols=[c for _n, c in rounds],
        number_col=parts.get("number"), name_col=parts.get("name"), points_col=parts.get("gp" if e.primary == "GP" else "mp"), header_rows=list(range(head + 1)),
    )
    return e


def _found_header(grid: Grid, event: str | None) -> tuple[int, dict[str, int], list[tuple[int, int]]]:
    """The header (:func:`_header`), the MP and GP columns optional when the settings say the kind of ``event``; refused naming why."""
    found = _header(grid, totals=event is None)
    if found is not None:
        return found
    if event == "micro":
        raise NotationError(_("the settings say a micro-match event, but no row of the table heads its rounds (R1, R2 … or 1, 2 …) beside a number or name column"))
    if event is not None:
        raise NotationError(_("the settings say a team event, but no row of the table heads its rounds (R1, R2 … or 1, 2 …) beside a number or name column"))
    raise NotationError(_("no match-points and game-points columns (MP, GP) in the header: not a match table"))


def _stated(grid: Grid, r: int, parts: dict[str, int], key: str) -> float | None:
    """The total the row states in its MP or GP column (None without the column)."""
    return _float(_at(grid, r, parts[key])) if key in parts else None


def _sub_columns(header: Sequence[Any], rounds: list[tuple[int, int]], parts: dict[str, int]) -> dict[int, int]:
    """Rounds (or opponents) written in two sub-columns, a game each: a round's label over two columns, the second left empty."""
    taken = {c for _n, c in rounds} | set(parts.values())
    out = {}
    for _n, c in rounds:
        if c + 1 < len(header) and c + 1 not in taken and _label(header[c + 1]) == "":
            out[c] = c + 1
    # every round has its second column, or none has: a single empty column is a gap, not a game
    return out if len(out) == len(rounds) else {}


def _joined(grid: Grid, r: int, c: int, c2: int | None) -> Any:
    """A round's cell; with two sub-columns, the two games' results as one cell ('12б 2' and '1': '12б 2 1')."""
    first = _at(grid, r, c)
    if c2 is None:
        return first
    other = _at(grid, r, c2)
    texts = [_plain(v) for v in (first, other)]
    if not texts[1] or texts[1].casefold() in _DIAGONAL:
        return first  # the second sub-cell empty, or the diagonal across both
    if not texts[0]:
        return other
    return f"{texts[0]} {texts[1]}"


def _plain(v: Any) -> str:
    if v is None or isinstance(v, bool):
        return "" if v is None else str(v)
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return one_line(str(v)).strip()


def _is_matrix(grid: Grid, rows: list[int], numbers: list[int | None], rounds: list[tuple[int, int]]) -> bool:
    """A round-robin matrix: a column for each team's number, and each team's own cell on the diagonal crossed out (or empty)."""
    if sorted(n for n, _c in rounds) != sorted(x for x in numbers if x is not None) or len(rounds) != len(rows):
        return False
    column = dict(rounds)
    return all(_label(_at(grid, r, column[n])) in _DIAGONAL | {""} for r, n in zip(rows, numbers) if n is not None)


def _is_micro(head: Grid, cells: list[list[_Cell | None]], event: str | None, parts: dict[str, int]) -> bool:
    """Micro-matches: the title says so, or cells hold two games' results and the names are not headed as teams."""
    if event is not None:
        return event == "micro"
    title = " ".join(_label(v) for row in head for v in row)
    if any(w in title for w in _MICRO):
        return True
    if "name" in parts and _label(head[-1][parts["name"]] if parts["name"] < len(head[-1]) else "") in _TEAM:
        return False  # a team table, its cells board by board
    counts = {len(c.games) for row in cells for c in row if c is not None and c.games}
    return counts == {2}


def _event(sides: list[Side], entries: list[list[MatchEntry | None]], boards: int, sc: MatchScoring, micro: bool, round_robin: bool) -> MatchEvent:
    """The event of the rounds read: a Swiss up to its last round with an entry, whose empty cells say nothing yet when it is being entered."""
    kind, primary = ("micro", "GP") if micro else ("team", "MP")
    if round_robin:
        return MatchEvent(sides, len(entries[0]) if entries else 0, boards, entries, sc, kind, primary, "round robin", has_rounds=False)
    last = max((k + 1 for row in entries for k, e in enumerate(row) if e is not None), default=0)
    # round columns headed beyond the last with an entry: rounds scheduled, not yet played
    e = MatchEvent(sides, last, boards, [row[:last] for row in entries], sc, kind, primary, "swiss", scheduled=len(entries[0]) if entries and len(entries[0]) > last else None)
    if last:
        blanks = [i for i, row in enumerate(e.entries) if row[last - 1] is None]
        if len(blanks) > 1:  # the last round is being entered: its empty cells say nothing yet
            e.unentered = [(last, i) for i in blanks]
    return e


def _at(grid: Grid, r: int, c: int) -> Any:
    row = grid[r]
    return row[c] if c < len(row) else None


def _float(v: Any) -> float | None:
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    try:
        return _number(str(v).strip()) if v is not None and str(v).strip() else None
    except ValueError:
        return None


def _row_number(row: Sequence[Any], parts: dict[str, int]) -> int | None:
    c = parts.get("number", 0)
    v = row[c] if c < len(row) else None
    if isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer() and v > 0:
        return int(v)
    if isinstance(v, str) and v.strip().rstrip(".").isdigit():
        return int(v.strip().rstrip("."))
    return None


def _name(row: Sequence[Any], parts: dict[str, int], number: int | None) -> str:
    c = parts.get("name", parts.get("number", 0) + 1)
    v = row[c] if c < len(row) else None
    return one_line(str(v)).strip() if v is not None and str(v).strip() else _("No. {number}").format(number=number)


def _mirror_matrix(cells: list[list[_Cell | None]], numbers: list[int | None], rounds: list[tuple[int, int]]) -> None:
    """A matrix cell's opponent is its column's team; the opponent's points come from the mirrored cell."""
    col_of = {n: k for k, (n, _c) in enumerate(rounds)}
    for i, row in enumerate(cells):
        for k, c in enumerate(row):
            if c is None:
                continue
            j = numbers.index(rounds[k][0]) if rounds[k][0] in numbers else None
            c.opp = rounds[k][0]
            if j == i:
                row[k] = None  # the diagonal
                continue
            back = cells[j][col_of[numbers[i]]] if j is not None and numbers[i] in col_of else None  # type: ignore[index]
            if c.their is None and back is not None and back.own is not None:
                c.their = back.own


def _pair_forfeits(cells: list[list[_Cell | None]], numbers: list[int | None], rows: list[int], rounds: list[tuple[int, int]]) -> None:
    """A ``+F`` written without the opponent meets the one ``-F`` of the round written so (and the other way round)."""
    for k in range(len(rounds)):
        loose = [i for i, row in enumerate(cells) if (c := row[k]) is not None and c.opp is None and c.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)]
        wins = [i for i in loose if cells[i][k].kind is Kind.FORFEIT_WIN]  # type: ignore[union-attr]
        losses = [i for i in loose if cells[i][k].kind is Kind.FORFEIT_LOSS]  # type: ignore[union-attr]
        if not loose:
            continue
        if len(wins) != 1 or len(losses) != 1:
            i = loose[0]
            raise ConsistencyError(
                _("a forfeit without the opponent, and the round has no one forfeit to match it: write the opponent's number, e.g. 8+F or 8-F"),
                Location(row=rows[i] + 1, column=rounds[k][1] + 1, round=k + 1),
            )
        cells[wins[0]][k].opp, cells[losses[0]][k].opp = numbers[losses[0]], numbers[wins[0]]  # type: ignore[union-attr]


def _mirror_swiss(cells: list[list[_Cell | None]], index: dict[int | None, int], numbers: list[int | None], rows: list[int], rounds: list[tuple[int, int]]) -> None:
    _pair_forfeits(cells, numbers, rows, rounds)
    for i, row in enumerate(cells):
        for k, c in enumerate(row):
            if c is None or c.opp is None:
                continue
            j = index.get(c.opp)
            where = Location(row=rows[i] + 1, column=rounds[k][1] + 1, round=k + 1)
            if j is None:
                raise ConsistencyError(_("team {number} is not in the table").format(number=c.opp), where)
            back = cells[j][k]
            if back is None or back.opp != numbers[i]:
                raise ConsistencyError(_("the row of {number} shows no match against this one in that round").format(number=c.opp), where)
            if c.their is None and back.own is not None:
                c.their = back.own


def _boards(cells: list[list[_Cell | None]], game: Scoring, micro: bool) -> int:
    if micro:  # two games a micro-match, or as many as a cell writes
        return max([2, *(len(c.games) for row in cells for c in row if c is not None)])
    written = {len(c.games) for row in cells for c in row if c is not None and c.games}
    if written:  # board by board: as many boards as the cells write
        return max(written)
    per = game.win + game.loss
    totals = {round((c.own + c.their) / per, 6) for row in cells for c in row if c is not None and c.kind is Kind.PLAYED and c.own is not None and c.their is not None}
    whole = [t for t in totals if float(t).is_integer() and t > 0]
    return int(max(whole)) if whole else 1


def _entries(
    cells: list[list[_Cell | None]], index: dict[int | None, int], rounds: list[tuple[int, int]], boards: int, sc: MatchScoring, micro: bool, rows: list[int]
) -> list[list[MatchEntry | None]]:
    out: list[list[MatchEntry | None]] = [[None] * len(rounds) for _ in cells]
    for i, row in enumerate(cells):
        for k, c in enumerate(row):
            if c is None:
                continue
            where = Location(row=rows[i] + 1, column=rounds[k][1] + 1, round=k + 1)
            opp = index.get(c.opp) if c.opp is not None else None
            if c.kind is not Kind.PLAYED:
                mp, gp = sc.unplayed(c.kind, boards)
                out[i][k] = MatchEntry(k + 1, opp if c.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS) else None, None, c.kind, mp, gp)
                continue
            own = c.own or 0.0
            their = c.their if c.their is not None else boards * (sc.game.win + sc.game.loss) - own
            if micro and not c.games:
                c.games = _only_games(own, their, sc.game, where)
            if c.games and len(c.games) != boards:
                raise NotationError(_("{count} results for a match of {boards} boards: write one a board").format(count=len(c.games), boards=boards), where)
            if own + their != boards * (sc.game.win + sc.game.loss) and not micro:
                raise ConsistencyError(_("{own}:{their} does not add up to the {boards} boards of a match").format(own=f"{own:g}", their=f"{their:g}", boards=boards), where)
            games: tuple[float | None, ...] = c.games or _split(own, boards, sc.game)
            out[i][k] = MatchEntry(k + 1, opp, c.colour, Kind.PLAYED, sc.result(own, their), own, games)
    return out


def _split(own: float, boards: int, game: Scoring) -> tuple[float | None, ...]:
    """Board points when only the match's game points are known: not known per board (None each; BC, TBR, BBE refuse them)."""
    return (None,) * boards


def _only_games(own: float, their: float, game: Scoring, where: Location) -> tuple[float, ...]:
    """The two games a micro-match score stands for; a score two different pairs give (1:1 on 1/½/0) is refused, both named."""
    pairs = sorted({tuple(sorted((a, b), reverse=True)) for a in (game.win, game.draw, game.loss) for b in (game.win, game.draw, game.loss) if a + b == own})
    if not pairs:
        raise NotationError(_("{own}:{their} is no score of two games on {scoring} scoring").format(own=f"{own:g}", their=f"{their:g}", scoring=game.label), where)
    if len(pairs) > 1:
        shown = " " + _("or") + " "
        raise NotationError(
            _("{own}:{their} could be {choices}: write the two games' results, e.g. '{example}'").format(
                own=f"{own:g}", their=f"{their:g}", choices=shown.join(" ".join(f"{x:g}" for x in p) for p in pairs), example=" ".join(f"{x:g}" for x in pairs[0])
            ),
            where,
        )
    return pairs[0]


def _check_totals(e: MatchEvent, rows: list[int], parts: dict[str, int]) -> None:
    for i, s in enumerate(e.sides):
        for stated, got, col in ((s.stated_match_points, e.match_points[i], parts.get("mp", 0)), (s.stated_game_points, e.game_points[i], parts.get("gp", 0))):
            if stated is not None and abs(stated - got) > 1e-9:
                raise ConsistencyError(
                    _("the table says {stated} but the matches add up to {got}").format(stated=f"{stated:g}", got=f"{got:g}"),
                    Location(row=rows[i] + 1, column=col + 1, player=s.name),
                )
