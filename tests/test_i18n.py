"""The translation machinery: catalogues from package data, the current language, choosing a language."""

from __future__ import annotations

import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest

from tiebreak import SettingsError
from tiebreak.core import i18n, localformat
from tiebreak.core.i18n import (
    _,
    choose_language,
    cli_language,
    current_language,
    language_of_langid,
    language_option,
    lazy_gettext,
    ngettext,
    parse_language,
    system_language,
    use_language,
)

SRC = Path(__file__).resolve().parent.parent / "src"
UNKNOWN = "unknown language '{value}': use en or ru"


def test_english_is_the_default_and_needs_no_catalogue() -> None:
    assert current_language() == "en"
    assert _(UNKNOWN) == UNKNOWN
    assert ngettext("{n} round", "{n} rounds", 1) == "{n} round"
    assert ngettext("{n} round", "{n} rounds", 2) == "{n} rounds"


def test_russian_comes_from_the_catalogue() -> None:
    with use_language("ru"):
        assert _(UNKNOWN).format(value="fr") == "неизвестный язык 'fr': используйте en или ru"
        assert i18n.pgettext("page", "Place") == "Место"
        assert i18n.npgettext("score", "{n} point", "{n} points", 5).format(n=5) == "5 очков"
    assert current_language() == "en"


def test_a_message_missing_from_the_catalogue_stays_english() -> None:
    with use_language("ru"):
        assert _("a message nobody translated") == "a message nobody translated"
        assert ngettext("{n} apple", "{n} apples", 5) == "{n} apples"


def test_use_language_nests_and_restores_after_an_error() -> None:
    with use_language("ru"):
        with use_language("en"):
            assert current_language() == "en"
        assert current_language() == "ru"
        with pytest.raises(ZeroDivisionError), use_language("en"):
            1 / 0  # noqa: B018
        assert current_language() == "ru"
    assert current_language() == "en"


def test_use_language_refuses_an_unknown_language() -> None:
    with pytest.raises(SettingsError, match="unknown language 'de': use en or ru"), use_language("de"):
        pass
    assert current_language() == "en"


def test_each_thread_has_its_own_language() -> None:
    """xlwings Server runs functions in threads: one call's language must not leak into another's."""
    barrier = threading.Barrier(2)
    seen: dict[str, list[str]] = {}

    def call(lang: str) -> None:
        with use_language(lang):
            barrier.wait()  # both threads are now inside their use_language block
            seen[lang] = [current_language(), localformat.rounds(5), localformat.format_number(1.5)]
            barrier.wait()

    threads = [threading.Thread(target=call, args=(lang,)) for lang in ("ru", "en")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"ru": ["ru", "5 туров", "1,5"], "en": ["en", "5 rounds", "1.5"]}
    assert current_language() == "en"


def test_a_new_thread_starts_in_english() -> None:
    result: list[str] = []
    with use_language("ru"):
        t = threading.Thread(target=lambda: result.append(current_language()))
        t.start()
        t.join()
    assert result == ["en"]


def test_lazy_strings_translate_when_used() -> None:
    label = lazy_gettext(UNKNOWN)
    assert label.message == UNKNOWN
    assert f"{label}" == UNKNOWN
    with use_language("ru"):
        assert f"{label}".startswith("неизвестный язык")
        assert label.format(value="x") == "неизвестный язык 'x': используйте en или ru"
        assert "> " + label == "> " + "неизвестный язык '{value}': используйте en или ru"
    assert label == lazy_gettext(UNKNOWN)
    assert len({label, lazy_gettext(UNKNOWN)}) == 1


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("ru", "ru"), ("RU", "ru"), (" ru ", "ru"), ("ru_RU.UTF-8", "ru"), ("ru-RU", "ru"), ("ru_UA@euro", "ru"),
        ("Русский", "ru"), ("russian", "ru"), ("en", "en"), ("en_GB.UTF-8", "en"), ("English", "en"),
        ("английский", "en"), ("auto", None), ("Авто", None), ("", None), (None, None), ("de_DE", None), ("uk", None),
        (1, None),
    ],
)
def test_normalize_language(value: object, expected: str | None) -> None:
    assert i18n.normalize_language(value) == expected


def test_parse_language_names_the_bad_value_in_the_current_language() -> None:
    with pytest.raises(SettingsError) as err:
        parse_language("klingon")
    assert str(err.value) == "unknown language 'klingon': use en or ru"
    with use_language("ru"), pytest.raises(SettingsError) as err:
        parse_language("klingon")
    assert str(err.value) == "неизвестный язык 'klingon': используйте en или ru"


def test_worksheet_functions_and_rank_choose_setting_then_table_then_english() -> None:
    russian_table = ["№", "Фамилия", "Очки", 1, 2]
    english_table = ["No", "Name", "Pts", 1, 2]
    assert choose_language("ru", english_table) == "ru"  # the setting wins
    assert choose_language("en", russian_table) == "en"
    assert choose_language("auto", russian_table) == "ru"  # then the table's labels
    assert choose_language("", ["No", "Иванов"]) == "ru"  # a Cyrillic name is enough
    assert choose_language(None, english_table) == "en"  # then English
    assert choose_language(None, [1, 2.5, None]) == "en"


def test_cli_chooses_option_then_workbook_then_table_then_system_then_english() -> None:
    ru_env = {"LANG": "ru_RU.UTF-8"}
    assert cli_language("en", "ru", ["Фамилия"], environ=ru_env) == "en"
    assert cli_language(None, "en", ["Фамилия"], environ=ru_env) == "en"
    assert cli_language(None, "auto", ["Фамилия"], environ={"LANG": "en_US.UTF-8"}) == "ru"
    assert cli_language(None, "auto", ["Name"], environ=ru_env) == "ru"
    assert cli_language(None, None, (), environ={"LANG": "en_US.UTF-8"}) == "en"
    assert cli_language(None, None, (), environ={}) == "en"
    with pytest.raises(SettingsError, match="unknown language 'xx'"):
        cli_language("xx", environ=ru_env)


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8"}, "en"),  # LC_ALL overrides
        ({"LC_ALL": "", "LANG": "ru_RU.UTF-8"}, "ru"),  # an empty variable is unset
        ({"LANGUAGE": "ru:en", "LANG": "en_US.UTF-8"}, "ru"),  # LANGUAGE is a priority list
        ({"LANGUAGE": "de:fr:en", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LANGUAGE": "ru", "LANG": "C.UTF-8"}, "en"),  # as gettext: LANGUAGE is ignored in the C locale
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, None),
        ({}, None),
    ],
)
def test_system_language_reads_the_locale_variables_as_gettext_does(environ: dict[str, str], expected: str | None) -> None:
    assert system_language(environ, windows=False) == expected


def test_windows_language_ids() -> None:
    # LANGIDs from Microsoft's table: ru-RU 0x0419, ru-MD 0x0819, en-US 0x0409, en-GB 0x0809, de-DE 0x0407, uk-UA 0x0422.
    assert [language_of_langid(x) for x in (0x0419, 0x0819, 0x0409, 0x0809, 0x0407, 0x0422)] == ["ru", "ru", "en", "en", None, None]
    if sys.platform != "win32":
        assert i18n._windows_ui_language() is None


def test_language_option_is_found_before_argparse_runs() -> None:
    assert language_option(["--lang", "ru", "--help"]) == "ru"
    assert language_option(["rank", "--help", "--lang=ru"]) == "ru"
    assert language_option(["rank", "f.xlsx", "--lang"]) is None  # no value: argparse will say so
    assert language_option(["rank", "--", "--lang", "ru"]) is None


def test_catalogues_load_from_a_zipped_package(tmp_path: Path) -> None:
    """A package in a zip finds its catalogue through importlib.resources (a folder reads it beside the code)."""
    archive = tmp_path / "tiebreak.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in (SRC / "tiebreak").rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".mo"):
                z.write(path, path.relative_to(SRC).as_posix())
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from tiebreak.core import i18n, localformat;"
        "assert i18n.__file__.startswith(sys.argv[1]), i18n.__file__;"
        "t = i18n.translations('ru');"
        "print(t.gettext(\"unknown language '{value}': use en or ru\"));"
        "i18n.set_language('ru'); print(localformat.rounds(3))"
    )
    out = subprocess.run([sys.executable, "-I", "-c", code, str(archive)], capture_output=True, text=True, encoding="utf-8", check=True)
    assert out.stdout.splitlines() == ["неизвестный язык '{value}': используйте en или ru", "3 тура"]
