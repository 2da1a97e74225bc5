"""addin/USE_IN_EXCEL.md is the README's "Use it in Excel" section, word for word."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTE = "<!-- README section; links are relative to the repository root. -->\n\n"


def test_guide_is_the_readme_section() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Use it in Excel\n") : readme.index("## Worksheet functions\n")]
    guide = (ROOT / "addin" / "USE_IN_EXCEL.md").read_text(encoding="utf-8")
    assert NOTE in guide
    assert guide.replace(NOTE, "").rstrip("\n") == section.rstrip("\n")
