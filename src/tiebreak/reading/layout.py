"""Where the parts of a crosstable grid are: titles, header rows, player rows, rows under the table.

This module finds the frame of the table; decoding the results is
:mod:`.table`'s job.

* **Titles**: rows above the header holding one text cell.
* **Header**: one to three rows of column labels.  A group label row
  ("Результаты встреч", "Rounds", often a merged cell) over a row of round or
  opponent numbers ("1 2 3", "R1", "1 тур") is one header; the No./Name labels
  may sit on either row.  Each column's label is the lowest one written in it,
  its role the lowest that says what the column holds.
* **Rounds in two or three columns**: a Swiss round label over an opponent and a
  result column (``соп.``/``рез.``, ``Opp``/``Res``), with a colour column
  between them or not (``Соп. | Цв. | Рез.``): :func:`round_pairs` finds them.
* **Cycles in sub-columns**: a double round robin's opponent number over two
  sub-columns headed by a cycle row (``1 кр. | 2 кр.``, ``I | II``); the cycle
  row is a header row, never a player (:func:`is_cycle_row`).
* **Two rows per player**: a Swiss table whose player row holds the opponents
  and the row under it, blank beside the rounds, the results:
  :func:`player_row_pairs` finds them.
* **Player rows**: the rows below the header.  Rows under the last player that
  are not players are left out: a totals row ("Итого", "Всего", "Total") and
  footnotes or signatures ("Главный судья ...", "Chief arbiter ...").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tiebreak.core import grammar as g
from tiebreak.core.notation import CellProblem, is_diagonal, plus_legend, result_marks
from tiebreak.core.record import Record
from tiebreak.core.text import compiled_later
from tiebreak.reading.labels import (
    cycle_label,
    is_footer_text,
    is_group_label,
    is_other_label,
    is_totals_label,
    label_role,
    sub_label,
)

MAX_HEADER_ROWS = 3


class Frame(Record):
    """The header rows, player rows and column labels of a grid (0-based indices)."""

    header_rows: list[int]
    player_rows: list[int]
    labels: dict[int, str]
    roles: dict[int, str]
    footer_rows: list[int]

    _fields = ("header_rows", "player_rows", "labels", "roles", "footer_rows")

    def __init__(
        self,
        header_rows: list[int],
        player_rows: list[int],
        labels: dict[int, str] | None = None,
        roles: dict[int, str] | None = None,
        footer_rows: list[int] | None = None,
    ) -> None:
        self.header_rows = header_rows
        self.player_rows = player_rows
        self.labels = {} if labels is None else labels
        self.roles = {} if roles is None else roles
        self.footer_rows = [] if footer_rows is None else footer_rows

    @property
    def header(self) -> int | None:
        """The lowest header row (the one right above the players), or None."""
        return self.header_rows[-1] if self.header_rows else None


def find_frame(cells: Sequence[Sequence[Any]], rows: list[int], looks_like_data: Callable[[int], bool]) -> Frame:
    """The frame of the table made of the non-empty ``rows`` of ``cells``."""
    header_rows = _header_rows(cells, rows, looks_like_data)
    if header_rows:
        data = [r for r in rows if r > header_rows[-1]]
    else:
        data = _skip_titles(cells, rows, looks_like_data)
    data, footer = _drop_footer(cells, data, looks_like_data)
    labels, roles = _labels(cells, header_rows)
    return Frame(header_rows, data, labels, roles, footer)


def _is_label_row(row: Sequence[Any]) -> bool:
    texts = [v for v in row if isinstance(v, str)]
    return any(label_role(t) for t in texts) or sum(1 for t in texts if is_other_label(t)) >= 2


def _is_group_row(row: Sequence[Any]) -> bool:
    """A row holding a group label over the results (and possibly other labels), nothing else."""
    texts = [v for v in row if isinstance(v, str)]
    return any(is_group_label(t) for t in texts) and all(isinstance(v, str) or v is None for v in row)


def _is_numbers_row(row: Sequence[Any]) -> bool:
    """A row of column numbers (1 2 3 ..., or R1 R2 ..., 1 тур ...) and labels, nothing else."""
    numbers: list[int] = []
    for v in row:
        if v is None:
            continue
        if isinstance(v, float):
            if not v.is_integer():
                return False
            numbers.append(int(v))
        elif isinstance(v, str):
            role = label_role(v)
            if v.strip().isdigit():
                numbers.append(int(v))
            elif role is None and not is_other_label(v) and not is_group_label(v):
                return False
        else:
            return False
    return len(numbers) >= 2 and numbers == list(range(numbers[0], numbers[0] + len(numbers))) and numbers[0] in (0, 1)


def _header_rows(cells: Sequence[Sequence[Any]], rows: list[int], looks_like_data: Callable[[int], bool]) -> list[int]:
    """The header band: the first label row (of the first five rows) and the label or number rows under it."""
    found: list[int] = []
    for k, r in enumerate(rows[:5]):
        if looks_like_data(r):
            return []
        row = cells[r]
        if _is_label_row(row):
            found = [r]
            break
        if _is_group_row(row) and k + 1 < len(rows) and (_is_label_row(cells[rows[k + 1]]) or _is_numbers_row(cells[rows[k + 1]])):
            found = [r]
            break
    if not found:
        return []
    k = rows.index(found[0])
    # a group label row right above the first label row belongs to the header too
    if k > 0 and _is_group_row(cells[rows[k - 1]]):
        found.insert(0, rows[k - 1])
    for r in rows[k + 1 : k + MAX_HEADER_ROWS]:
        if len(found) >= MAX_HEADER_ROWS or looks_like_data(r):
            break
        row = cells[r]
        if (
            _is_numbers_row(row)
            or (_is_label_row(row) and not _has_person(row))
            or _is_group_row(row)
            or _is_sub_label_row(row)
            or is_cycle_row(row)
        ):
            found.append(r)
            continue
        break
    return found


def _is_sub_label_row(row: Sequence[Any]) -> bool:
    """A row of 'opponent' / 'result' labels under the rounds (two columns per round)."""
    values = [v for v in row if v is not None]
    return len(values) >= 2 and all(isinstance(v, str) and sub_label(v) for v in values)


def is_cycle_row(row: Sequence[Any]) -> bool:
    """A row of cycle labels under a double round robin's opponents: '1 кр.', '2 кр.' repeated (or 'I', 'II')."""
    values = [v for v in row if v is not None]
    if len(values) < 4 or not all(isinstance(v, str) for v in values):
        return False
    cycles = [cycle_label(v) for v in values]
    k = max((x or 0) for x in cycles)
    return k >= 2 and len(values) % k == 0 and cycles == list(range(1, k + 1)) * (len(values) // k)


def round_pairs(cells: Sequence[Sequence[Any]], header_rows: list[int]) -> list[tuple[int, ...]]:
    """The (opponent, result) or (opponent, colour, result) columns of each round of a Swiss table, or []."""
    if len(header_rows) < 2 or not _is_sub_label_row(cells[header_rows[-1]]):
        return []
    row = cells[header_rows[-1]]
    kinds = [(c, sub_label(v)) for c, v in enumerate(row) if isinstance(v, str)]
    groups: list[tuple[int, ...]] = []
    k = 0
    while k + 1 < len(kinds):
        (c1, k1), (c2, k2) = kinds[k], kinds[k + 1]
        if k1 == "opponent" and k2 == "result" and c2 == c1 + 1:
            groups.append((c1, c2))
            k += 2
        elif k1 == "opponent" and k2 == "colour" and c2 == c1 + 1 and k + 2 < len(kinds) and kinds[k + 2] == (c1 + 2, "result"):
            groups.append((c1, c2, c1 + 2))
            k += 3
        else:
            return []
    return groups if k == len(kinds) else []


def _has_person(row: Sequence[Any]) -> bool:
    """Whether a label-looking row also holds a number (a player row naming e.g. 'Fide Master')."""
    return any(isinstance(v, float) for v in row)


def _labels(cells: Sequence[Sequence[Any]], header_rows: list[int]) -> tuple[dict[int, str], dict[int, str]]:
    labels: dict[int, str] = {}
    roles: dict[int, str] = {}
    for r in header_rows:  # top to bottom: the lower label wins
        if is_cycle_row(cells[r]):  # the cycles under each opponent: the opponent's number stays the column's label
            continue
        for c, v in enumerate(cells[r]):
            if isinstance(v, str):
                if is_group_label(v) and len(header_rows) > 1 and r != header_rows[-1]:
                    continue
                labels[c] = v
                role = label_role(v)
                if role:
                    roles[c] = role
                elif c in roles and r == header_rows[-1] and not v.strip().isdigit():
                    del roles[c]
            elif isinstance(v, float):
                labels[c] = str(int(v)) if v.is_integer() else str(v)
                roles.pop(c, None)
    return labels, roles


def _skip_titles(cells: Sequence[Sequence[Any]], rows: list[int], looks_like_data: Callable[[int], bool]) -> list[int]:
    """Drop leading rows that hold one text cell and nothing else (titles)."""
    out = list(rows)
    while len(out) > 1:
        vals = [v for v in cells[out[0]] if v is not None]
        if len(vals) == 1 and isinstance(vals[0], str) and not looks_like_data(out[0]):
            nxt = [v for v in cells[out[1]] if v is not None]
            if len(nxt) > 1:
                out.pop(0)
                continue
        break
    return out


def _drop_footer(cells: Sequence[Sequence[Any]], rows: list[int], looks_like_data: Callable[[int], bool]) -> tuple[list[int], list[int]]:
    """Split off the rows under the last player: totals, footnotes, signatures."""
    data = list(rows)
    footer: list[int] = []
    while len(data) > 2:
        r = data[-1]
        row = cells[r]
        texts = [v for v in row if isinstance(v, str)]
        if not texts:
            break
        totals = any(is_totals_label(t) for t in texts[:2]) and not any(is_diagonal(t) for t in texts)
        only_text = all(isinstance(v, str) or v is None for v in row)
        # a lone long text is a footnote, a legend ('+ победа, = ничья') too; a lone short one may be a player who has not played yet
        note = only_text and not looks_like_data(r) and (is_footer_text(texts[0]) or (len(texts) == 1 and len(texts[0]) > 30) or plus_legend(texts[0]) is not None)
        if not (totals or note):
            break
        footer.insert(0, data.pop())
    return data, footer


_OPPONENT_CELL = compiled_later(rf"^\s*\d{{1,6}}\s*(?:{g.COLOUR})?\s*$")


def _is_opponent_cell(v: Any) -> bool:
    """An opponent's number, with a colour letter or not ('5', '5w', '12б')."""
    if isinstance(v, float):
        return v.is_integer() and v >= 1
    return isinstance(v, str) and bool(_OPPONENT_CELL.match(v))


def _is_result_cell(v: Any) -> bool:
    """One game's result alone ('1', '½', '0', '=', '+', '-')."""
    if isinstance(v, float):
        return v in (0.0, 0.5, 1.0, 2.0, 3.0)
    if not isinstance(v, str):
        return False
    try:
        return len(result_marks(v)) == 1
    except CellProblem:
        return False


def player_row_pairs(cells: Sequence[Sequence[Any]], frame: Frame) -> list[tuple[int, int]]:
    """The (opponents row, results row) of each player of a Swiss table kept in two rows per player, or [].

    The round columns are those headed as rounds; each player's first row holds
    opponent numbers there, the row under it results only, and nothing else.
    """
    rounds = [c for c, role in frame.roles.items() if role == "round"] or [c for c, text in frame.labels.items() if text.isdigit()]
    rows = frame.player_rows
    if frame.header is None or len(rounds) < 2 or len(rows) < 4 or len(rows) % 2:
        return []
    in_rounds = set(rounds)
    opponents = results = 0
    for top, under in zip(rows[::2], rows[1::2]):  # the pairs made only when they are the players (most tables fail at once)
        if any(v is not None for c, v in enumerate(cells[under]) if c not in in_rounds):
            return []
        for c in rounds:
            o, x = cells[top][c], cells[under][c]
            if x is not None and not _is_result_cell(x):
                return []
            if o is not None and _is_opponent_cell(o):
                opponents += 1
            elif o is not None and x is not None:
                return []
            results += x is not None
    return list(zip(rows[::2], rows[1::2])) if opponents and results else []
