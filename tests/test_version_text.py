"""``tiebreak --version``: the version the package was installed as, read without importing the package's root."""

from __future__ import annotations

from importlib import metadata

import pytest

import tiebreak
from tiebreak.cli import doctor


def test_the_version_is_the_installed_one() -> None:
    assert doctor.version_text() == f"tiebreak {tiebreak.__version__}"


def test_a_source_tree_never_installed_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert doctor.version_text() == "tiebreak (version unknown)"
