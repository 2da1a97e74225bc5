"""The command line (``tiebreak rank|export|explain|compare|doctor``): the top layer.

May import every other layer except ``tiebreak.excel``; nothing imports it.
"""

from tiebreak.core.loading import modules_loading

# the reader, planner and writer, loaded as the engine is (tiebreak/__init__.py, core/loading)
with modules_loading():
    from tiebreak.cli.commands import main

__all__ = ["main"]
