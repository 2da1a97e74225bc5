"""Helpers shared by the tests: building crosstables from a list of games, calling functions through xlwings."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Iterable, Sequence

WHITE, BLACK = "w", "b"


def swiss_grid(
    names: Sequence[str],
    rounds: Sequence[Sequence[tuple[str, str, Any]]],
    *,
    colours: tuple[str, str] = ("w", "b"),
    header: bool = True,
    fmt: Any = None,
    extra: dict[tuple[str, int], str] | None = None,
) -> list[list[Any]]:
    """A Swiss crosstable: pairings per round as (white, black, white's result).

    The white player's cell is '<opp><w><res>', the black player's the mirror.
    ``res`` is 1, 0.5, 0, '+', '-' (white's side); ``extra[(name, round)]``
    gives cells for byes and absences.
    """
    number = {n: i + 1 for i, n in enumerate(names)}
    cells = {n: [""] * len(rounds) for n in names}
    mirror = {1: 0, 0: 1, 0.5: 0.5, "+": "-", "-": "+", 2: 0}
    show = fmt or (lambda v: {1: "1", 0: "0", 0.5: "½", "+": "+", "-": "-", 2: "2"}.get(v, str(v)))
    for r, games in enumerate(rounds):
        for white, black, res in games:
            cells[white][r] = f"{number[black]}{colours[0]}{show(res)}"
            other = mirror[res] if not (isinstance(res, (int, float)) and res not in mirror) else res
            cells[black][r] = f"{number[white]}{colours[1]}{show(other)}"
    for (name, r), text in (extra or {}).items():
        cells[name][r - 1] = text
    rows: list[list[Any]] = []
    if header:
        rows.append(["No", "Name", *[f"R{r + 1}" for r in range(len(rounds))]])
    for n in names:
        rows.append([number[n], n, *cells[n]])
    return rows


def call(module: Any, func_name: str, *args: Any) -> Any:
    """Call a worksheet function the way Excel (Office.js / xlwings Lite) does, through xlwings' conversion."""
    import xlwings as xw
    from xlwings.server import custom_functions_call

    data = {
        "func_name": func_name,
        "args": [wrap(a) for a in args],
        "version": xw.__version__,
        "client": "Office.js",
        "runtime": "1.4",
        "culture_info_name": "en-US",
        "date_format": "M/d/yyyy",
    }
    return asyncio.run(custom_functions_call(data, module))


def wrap(a: Any) -> Any:
    """A Python argument as Office.js sends it: every argument is a matrix."""
    if a is None:
        return None
    if isinstance(a, list):
        if a and not isinstance(a[0], list):
            return [[v] for v in a]
        return a
    return [[a]]


def column(result: list[list[Any]]) -> list[Any]:
    assert all(len(r) == 1 for r in result), result
    return [r[0] for r in result]


def as_floats(grid: Iterable[Iterable[Any]]) -> list[list[Any]]:
    """Numbers as desktop Excel delivers them (floats)."""
    return [[float(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in row] for row in grid]


def save_xlsx(grid: list[list[Any]], path: Path) -> Path:
    """The rows as the first sheet of a new workbook saved at ``path``."""
    import openpyxl  # type: ignore[import-untyped]

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    for row in grid:
        ws.append(row)
    wb.save(path)
    return path


def text_table(lines: Sequence[str]) -> list[dict[str, str]]:
    """The standings the command line prints as text, one dict per row keyed by the column headers.

    ``lines`` are the header line and the rows under it (the notes after them left out).
    Each header starts its column and columns are two spaces or more apart, so a cell is the
    text from its header's start to the next header's: names and headers keep their spaces.
    """
    import re

    header = lines[0]
    starts = [m.start() for m in re.finditer(r"(?:^|(?<=  ))\S", header)]
    names = [header[a:b].strip() for a, b in zip(starts, [*starts[1:], None])]
    rows = []
    for line in lines[1:]:
        rows.append({n: line[a:b].strip() for n, a, b in zip(names, starts, [*starts[1:], None])})
    return rows


def pair_by_order(players: list[int], met: list[set[int]], budget: list[int]) -> list[tuple[int, int]] | None:
    """Pair the list in order (best first), each with the first player below not met yet; backtracks."""
    if not players:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    a, rest = players[0], players[1:]
    for k, b in enumerate(rest):
        if b in met[a]:
            continue
        tail = pair_by_order(rest[:k] + rest[k + 1 :], met, budget)
        if tail is not None:
            return [(a, b), *tail]
    return None
