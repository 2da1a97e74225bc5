"""``python -m tiebreak.cli``: the same as the ``tiebreak`` command."""

import sys

from tiebreak.cli.commands import main

sys.exit(main())
