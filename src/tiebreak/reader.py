"""The crosstable reader's former home: :mod:`tiebreak.read` holds it now."""

from .read import MAX_CELLS, MAX_PLAYERS, MAX_ROUNDS, TableLayout, read_table

__all__ = ["MAX_CELLS", "MAX_PLAYERS", "MAX_ROUNDS", "TableLayout", "read_table"]
