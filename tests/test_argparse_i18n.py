"""argparse speaks Russian inside translated_argparse(), and every text it can show a user is in the catalogue."""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

import pytest

from tiebreak.cli.argparse_i18n import MESSAGES, PROGRAMMING_ERRORS, translated_argparse
from tiebreak.core.i18n import translations, use_language


class _Refused(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Refused(message)


def _parsers() -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    p = _Parser(prog="tiebreak")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    r = sub.add_parser("rank", help="rank a crosstable")
    r.add_argument("file", help="workbook")
    r.add_argument("--format", choices=("text", "csv", "json"), default="text")
    r.add_argument("--rounds", type=int)
    return p, r


def _parser() -> argparse.ArgumentParser:
    return _parsers()[0]


def test_help_and_usage_in_russian() -> None:
    with use_language("ru"), translated_argparse():
        parser, rank = _parsers()
        text = parser.format_help()
        rank_help = rank.format_help()
    assert text.startswith("использование: tiebreak [-h] COMMAND ...")
    assert "позиционные аргументы:" in text
    assert "параметры:" in text
    assert "-h, --help  показать эту справку и выйти" in text
    assert "usage" not in text and "options" not in text
    assert rank_help.startswith("использование: tiebreak rank [-h]")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rank"], "не указаны обязательные аргументы: file"),
        (["rank", "t.xlsx", "--format", "xml"], "аргумент --format: недопустимое значение: 'xml' (выберите из 'text', 'csv', 'json')"),
        (["rank", "t.xlsx", "--rounds", "x"], "аргумент --rounds: неверное значение (int): 'x'"),
        (["rank", "t.xlsx", "--rounds"], "аргумент --rounds: нужно одно значение"),
        (["rank", "t.xlsx", "--colour", "w"], "непонятные аргументы: --colour w"),
    ],
)
def test_usage_errors_in_russian(argv: list[str], message: str) -> None:
    with use_language("ru"), translated_argparse():
        parser = _parser()
        with pytest.raises(_Refused) as err:
            parser.parse_args(argv)
    assert str(err.value) == message


def test_english_is_unchanged_and_argparse_is_restored() -> None:
    with translated_argparse():
        inside = _parser().format_help()
    outside = _parser().format_help()
    assert inside == outside
    assert inside.startswith("usage: tiebreak [-h] COMMAND ...")
    with use_language("ru"):
        assert _parser().format_help().startswith("usage: ")  # outside the block argparse is argparse
    assert vars(argparse)["_"].__module__ == "gettext"


def _argparse_texts() -> set[str]:
    """Every text the running Python's argparse passes through gettext."""
    tree = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext"):
            found.update(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return found


def test_every_argparse_text_a_user_can_see_is_translated() -> None:
    texts = _argparse_texts()
    assert "usage: " in texts and "show this help message and exit" in texts  # the scan works
    shown = texts - PROGRAMMING_ERRORS - {"expected %s argument", "expected %s arguments"}
    missing = sorted(shown - set(MESSAGES))
    assert not missing, f"argparse of this Python has new texts; add them to tiebreak.cli.argparse_i18n.MESSAGES: {missing}"
    ru = translations("ru")
    untranslated = [m for m in shown if ru.gettext(m) == m and m != "%(heading)s:"]
    assert not untranslated
    assert ru.ngettext("expected %s argument", "expected %s arguments", 3) == "нужно %s значения"
