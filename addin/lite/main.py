"""tiebreak in xlwings Lite: the worksheet functions and the Rank script.

Paste this file into the main.py tab of the xlwings Lite task pane and
requirements.txt (next to this file) into its requirements.txt tab.

* Worksheet functions: =POINTS, =BUCHHOLZ, =SOLKOFF, =SOLKOFF_TRUNC,
  =SHMULYAN, =SONNEBORN_BERGER, =RIGA, =WINS, =BEATEN_SUM, =OPP_RATING_SUM,
  =HEAD_TO_HEAD, =PLACES, =TIEBREAK, =TB_EXPLAIN.  xlwings Lite registers every decorated
  function it finds in main.py, imported ones included; the star import
  brings in exactly the names listed in ``tiebreak.excel.functions.__all__``.
* Scripts: ``rank_sheet`` (pick it in the task pane, then Run or F5) and
  ``rank_button``, the same ranking started by a button on the sheet.

Both scripts are defined here, in a file without ``from __future__ import
annotations``: older xlwings releases, such as 0.33.20 (what new xlwings Lite
workbooks get), hand a script its Book by the parameter's type hint and do
not resolve a type hint written as text.
"""

import glob
import sys

# Installed without a web server: the tiebreak wheel file imported through the task pane's Files
# (Import), which puts it under /data; Python imports a pure-Python wheel straight from the file.
# Installed through requirements.txt instead, there is no such file and this line does nothing.
sys.path[:0] = sorted(glob.glob("/data/tiebreak-*-py3-none-any.whl"))[-1:]

import xlwings as xw

from tiebreak.excel.functions import *  # noqa: F401,F403
from tiebreak.excel.rank import rank_book_async


@xw.script
async def rank_sheet(book: xw.Book) -> None:
    """Rank the active sheet by points and the event's criteria (tiebreak)."""
    await rank_book_async(book)


# The sheet button.  "[RankButton]Crosstable!L1" means: the shape named
# RankButton, whose hyperlink points to cell L1 of the sheet "Crosstable".
# To set it up: insert a shape on the sheet, type RankButton into the Name Box
# while the shape is selected, and give it a link to a place in this document:
# Crosstable!L1, a cell hidden under the shape.  Clicking the shape selects
# L1, and xlwings Lite runs the script.
# Your crosstable sheet has another name, or L1 is taken?  Change the sheet
# and the cell here and in the shape's link; they must match (write the sheet
# name as on its tab).  A new shape name must match the part in brackets.
# show_taskpane=False: the button works without the task pane opening.


@xw.script(button="[RankButton]Crosstable!L1", show_taskpane=False)
async def rank_button(book: xw.Book) -> None:
    """Rank the active sheet (started by the RankButton shape on the Crosstable sheet)."""
    await rank_book_async(book)
