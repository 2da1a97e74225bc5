"""Entry point of the ribbon add-in ``tiebreak_rank.xlam``.

Its **Rank** button runs ``RunPython "import tiebreak_rank; tiebreak_rank.main()"``
(the add-in derives the module name from its own file name).
"""

from tiebreak.excel.rank import main

__all__ = ["main"]
