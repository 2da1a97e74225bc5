"""What a worksheet function returns for a grid, without xlwings: the table cache and the answers.

Imports ``tiebreak.core`` and ``tiebreak.reading`` only; ``tiebreak.excel``
wraps it for Excel.

* :mod:`.cache`: read tables kept by their content, so a column of formulas reads the table once;
* :mod:`.answers`: a criterion's column or one player's value, places, sums of ratings;
* :mod:`.explain`: the ``TB_EXPLAIN`` table.
"""
