"""What Rank writes, decided on an abstract workbook without writing (imports tiebreak.core and tiebreak.reading only).

* :mod:`.sheet`: :func:`~tiebreak.plan.sheet.plan_rank`, the steps in order;
* :mod:`.region`: where the table is (Excel's "current region");
* :mod:`.ownership`: Rank's cells from last time (the defined name, the settings' record);
* :mod:`.previous`: what Rank wrote there last time, from the Standings sheet;
* :mod:`.columns`: the Place and criteria columns beside the table, and whether their cells are free;
* :mod:`.blocked`: protection, merged cells, formulas, Excel tables' headers;
* :mod:`.standings`: the Standings sheet;
* :mod:`.settings`: the settings sheet (``tiebreak``);
* :mod:`.model`, :mod:`.cells`, :mod:`.values`: the plan and the book it is for, cells, what a cell holds.
"""
