"""Test set-up: xlwings runs as xlwings Server/Lite would run it (Office.js conversion).

The two variables must be set before xlwings is first imported.  The licence
key is for the tests only: the product never imports xlwings.server/pro.
"""

from __future__ import annotations

import os

os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
os.environ["XLWINGS_ON_SERVER"] = "true"
