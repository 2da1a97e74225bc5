"""Reading crosstables: cell values as Excel hands them over, or TRF lines, into a Tournament.

* :mod:`.labels`: the header vocabulary (what a column label says the column holds);
* :mod:`.layout`: where the parts of a grid are (titles, header rows, player rows,
  rows under the table that are not players, the results block, side columns);
* :mod:`.table`: the reading itself, round robin or Swiss chosen from the layout;
* :mod:`.round_robin`, :mod:`.swiss`: decoding the results of each kind of table;
* :mod:`.columns`: start numbers, names, ratings and points beside the results;
* :mod:`.base`: what they share (cell access, messages, scoring);
* :mod:`.which`: which sheet and which table of a workbook.

The cell notation itself (``½``, ``12w1``, ``+``/``-`` ...) is read by :mod:`tiebreak.core.notation`,
with the one vocabulary of a cell, :mod:`tiebreak.core.grammar`.
"""

from tiebreak.reading.table import (
    MAX_CELLS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    TableLayout,
    grid_texts,
    read_table,
)

__all__ = ["MAX_CELLS", "MAX_PLAYERS", "MAX_ROUNDS", "TableLayout", "grid_texts", "read_table"]
