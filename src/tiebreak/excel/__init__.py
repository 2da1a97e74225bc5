"""The Excel layer: worksheet functions (:mod:`tiebreak.excel.functions`) and the Rank script (:mod:`tiebreak.excel.rank`)."""
