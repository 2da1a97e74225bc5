"""The command line (``tiebreak rank|export|explain|compare|doctor``): the top layer.

May import every other layer except ``tiebreak.excel``; nothing imports it.
"""

from tiebreak.cli.commands import main

__all__ = ["main"]
