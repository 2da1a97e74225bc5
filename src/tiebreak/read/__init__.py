"""Reading crosstables: cell values as Excel hands them over, or TRF lines, into a Tournament.

* :mod:`.labels`: the header vocabulary (what a column label says the column holds);
* :mod:`.layout`: where the parts of a grid are (titles, header rows, player rows,
  rows under the table that are not players, the results block, side columns);
* :mod:`.table`: decoding the results of a round robin or Swiss grid.

The cell notation itself (``½``, ``12w1``, ``+``/``-`` ...) is :mod:`tiebreak.notation`.
"""

from .table import MAX_CELLS, MAX_PLAYERS, MAX_ROUNDS, TableLayout, read_table

__all__ = ["MAX_CELLS", "MAX_PLAYERS", "MAX_ROUNDS", "TableLayout", "read_table"]
