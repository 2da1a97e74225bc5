"""The engine, pure: the tournament model, the cell grammar, rule sets and their evaluation, every tie-break, ranking, places, explanations, comparison, display rounding, translation and errors.

Imports nothing of tiebreak outside ``tiebreak.core``, and no file, zip, XML or
xlwings module: everything above is built on it.  Its modules in order of
dependency: ``translation`` and ``errors``, ``i18n``, ``a1``, ``numbers`` and
``localformat``, ``model``, ``grammar``, ``notation``, ``counting``, ``rules``,
``coefficients`` and ``fide``, ``criterion``, ``explain_rows``, ``criteria``,
``ranking``, ``places``, ``explain``, ``compare``, ``outlook``, ``labels``.
"""
