"""The package's version (the root, ``tiebreak.__version__``, re-exports it; ``tiebreak --version`` prints it)."""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
