"""Files: workbooks read safely and copied exactly, TRF, CSV and the HTML page.

Imports ``tiebreak.core``, ``tiebreak.reading`` and ``tiebreak.plan``; the
command line and the Python API (``tiebreak.read``) use it, the Excel layer
does not (xlwings hands it the cells).

* :mod:`.package`: the zip of an .xlsx/.xlsm, read within limits and copied part by part;
* :mod:`.sheetxml`: a sheet part read with an XML parser and patched cell by cell;
* :mod:`.workbook`: an .xlsx/.xlsm as Rank's :class:`~tiebreak.plan.model.BookSource`, and the ranked copy written atomically;
* :mod:`.calamine_book`, :mod:`.book_names`: .xls and .ods cells and defined names;
* :mod:`.book`: a file (workbook or TRF) opened as a tournament, for ``tiebreak.read``;
* :mod:`.trf`: FIDE TRF read and written;
* :mod:`.csvout`, :mod:`.publish`: CSV and the self-contained web page.
"""
