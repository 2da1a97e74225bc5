"""The message catalogues are complete, in step with the code, and compiled.

* the template (``tiebreak.pot``) holds exactly the messages marked in the
  sources (extracted again here with the same command as ``tools/i18n.py``);
* every language's ``.po`` holds exactly those messages, each translated,
  none fuzzy, with the same ``{placeholders}`` as the English;
* Russian plural forms follow the Russian rule (1 тур, 3 тура, 5 туров, 21 тур);
* the committed ``.mo`` is the compiled ``.po``, and the package loads it.
"""

from __future__ import annotations

import importlib.util
import io
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from tiebreak.core import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "tiebreak" / "locale"
POT = LOCALE / "tiebreak.pot"
LANGUAGES = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT_LANGUAGE]


def _tools() -> Any:
    spec = importlib.util.spec_from_file_location("i18n_tools", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _po(lang: str) -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / "tiebreak.po").open("rb") as f:
        return read_po(f, locale=lang)


def _keys(catalog: Catalog) -> set[tuple[str | None, Any]]:
    return {(m.context, m.id) for m in catalog if m.id}


def _placeholders(text: str) -> list[str]:
    """``{name}`` fields and ``%(name)s``/``%s`` conversions: a translation must keep them all."""
    return sorted(set(re.findall(r"\{\w*[^{}]*\}", text))) + sorted(re.findall(r"%(?:\(\w+\))?[srd]", text))


def _texts(value: Any) -> list[str]:
    return list(value) if isinstance(value, (tuple, list)) else [value]


def russian_plural(n: int) -> int:
    """The Russian rule, by hand: 1, 21, 31 ... one; 2–4, 22–24 ... few; the rest (and 11–14) many."""
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return 1
    return 2


def test_template_holds_the_messages_marked_in_the_sources(tmp_path: Path) -> None:
    tools = _tools()
    fresh = tmp_path / "fresh.pot"
    tools.run(tools.extract_args(fresh))
    with fresh.open("rb") as f:
        extracted = read_po(f)
    with POT.open("rb") as f:
        committed = read_po(f)
    assert _keys(extracted), "nothing extracted: the scan found no marked messages"
    missing = _keys(extracted) - _keys(committed)
    stale = _keys(committed) - _keys(extracted)
    assert not missing and not stale, f"run python tools/i18n.py all; new: {sorted(missing, key=str)}; gone: {sorted(stale, key=str)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_and_not_fuzzy(lang: str) -> None:
    with POT.open("rb") as f:
        template = read_po(f)
    catalog = _po(lang)
    assert _keys(catalog) == _keys(template)
    problems = []
    for m in catalog:
        if not m.id:
            continue
        strings = _texts(m.string)
        if m.fuzzy:
            problems.append(f"fuzzy: {m.id!r}")
        if not all(strings):
            problems.append(f"untranslated: {m.id!r}")
        english = _placeholders(_texts(m.id)[-1])
        for s in strings:
            if s and _placeholders(s) != english:
                problems.append(f"placeholders differ: {m.id!r} -> {s!r}")
        if m.pluralizable:
            assert len(strings) == catalog.num_plurals
    assert not problems, "\n".join(problems)
    assert not catalog.fuzzy, "the catalogue's header is marked fuzzy"


def test_russian_plural_forms_follow_the_russian_rule() -> None:
    catalog = _po("ru")
    assert catalog.num_plurals == 3
    plural = i18n.translations("ru").plural  # type: ignore[attr-defined]
    assert [plural(n) for n in range(250)] == [russian_plural(n) for n in range(250)]
    with i18n.use_language("ru"):
        words = [i18n.ngettext("{n} round", "{n} rounds", n).format(n=n) for n in (0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112)]
    assert words == [
        "0 туров", "1 тур", "2 тура", "3 тура", "4 тура", "5 туров", "11 туров", "12 туров", "14 туров",
        "21 тур", "22 тура", "25 туров", "101 тур", "111 туров", "112 туров",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_committed_mo_is_the_compiled_po(lang: str) -> None:
    catalog = _po(lang)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    recompiled = read_mo(buf)
    with (LOCALE / lang / "LC_MESSAGES" / "tiebreak.mo").open("rb") as f:
        committed = read_mo(f)

    def contents(c: Catalog) -> dict[tuple[str | None, Any], Any]:
        return {(m.context, tuple(_texts(m.id))): tuple(_texts(m.string)) for m in c if m.id}

    assert contents(committed) == contents(recompiled)
    assert committed.plural_forms == recompiled.plural_forms


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_package_loads_the_catalogue(lang: str) -> None:
    catalog = _po(lang)
    loaded = i18n.translations(lang)
    for m in catalog:
        if m.id and isinstance(m.id, str):
            expected = m.string
            got = loaded.pgettext(m.context, m.id) if m.context else loaded.gettext(m.id)
            assert got == expected
