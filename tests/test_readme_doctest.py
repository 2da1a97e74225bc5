"""The README's "From Python" example (and its Russian twin) runs as written, on the shipped example workbook."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = {"README.md": "## From Python", "README.ru.md": "## Из Python"}


def _section(text: str, heading: str) -> str:
    """The text from ``heading`` to the next heading of its level, code fences blanked (so they end an example's output)."""
    start = text.index(heading + "\n")
    following = re.search(r"^## ", text[start + len(heading) :], re.MULTILINE)
    body = text[start : start + len(heading) + following.start()] if following else text[start:]
    return re.sub(r"^```.*$", "", body, flags=re.MULTILINE)


@pytest.mark.parametrize("readme", sorted(SECTIONS))
def test_the_python_example_runs(readme: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the example names workbooks/draughts_round_robin.xlsx from the repository's root
    body = _section((ROOT / readme).read_text(encoding="utf-8"), SECTIONS[readme])
    test = doctest.DocTestParser().get_doctest(body, {}, f"{readme} {SECTIONS[readme]}", readme, 0)
    assert len(test.examples) >= 3, "the section's example is missing"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert (result.failed, result.attempted) == (0, len(test.examples))
