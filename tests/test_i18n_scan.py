"""Every user-facing string in a translated module is marked for translation.

The scanner reads a module's syntax tree and reports the text a user would
read without it passing through gettext:

* the arguments of an exception constructor (a name ending in ``Error``,
  ``Exception`` or ``Warning``, or any class after ``raise``:
  ``raise SettingsError("...")``, ``raise CellProblem("...")``), and of a
  function of the module that builds one (``def _err(...) -> FileFormatError``),
  raised at once or kept to be raised later;
* notes and warnings collected for the user (``notes.append("...")``,
  ``warnings.append("...")``: a list whose name holds "note" or "warning");
* what is printed to stderr (``print(..., file=sys.stderr)``, ``sys.stderr.write(...)``);
* warnings (``warnings.warn(...)``);
* argparse's texts (``help=``, ``description=``, ``epilog=``, ``title=``, ``usage=``).

A text is marked when it is the literal argument of ``_``, ``gettext``,
``ngettext``, ``pgettext``, ``npgettext``, ``lazy_gettext`` or
``lazy_pgettext``; ``_("... {x}").format(x=...)`` is marked, ``f"..."``,
``"...".format()`` and ``"..." + x`` are not (a translator cannot see them),
and neither is ``_(f"...")`` (its message changes with its values).  A
literal without a letter (``": "``) is not a text.

``CONVERTED`` lists the modules whose messages are all marked; the test
applies the scanner to each.  When a module's messages are marked (and the
catalogue updated: ``python tools/i18n.py all``), add its path here; the list
only grows, until it is every module under ``src/tiebreak``.
"""

from __future__ import annotations

import ast
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "tiebreak"

CONVERTED = (
    "__init__.py",
    "excel/__init__.py",
    "core/__init__.py",
    "calc/__init__.py",
    "plan/__init__.py",
    "io/__init__.py",
    "cli/__init__.py",
    "cli/__main__.py",
    "core/i18n.py",
    "core/localformat.py",
    "io/csvout.py",
    "cli/argparse_i18n.py",
    "core/errors.py",
    "core/model.py",
    "core/notation.py",
    "reading/__init__.py",
    "reading/base.py",
    "reading/columns.py",
    "reading/labels.py",
    "reading/layout.py",
    "reading/round_robin.py",
    "reading/swiss.py",
    "reading/table.py",
    "reading/which.py",
    "calc/cache.py",
    "excel/functions.py",
    "calc/answers.py",
    "io/trf.py",
    "core/rules.py",
    "core/coefficients.py",
    "core/fide.py",
    "core/counting.py",
    "core/criteria.py",
    "core/criterion.py",
    "core/ranking.py",
    "core/numbers.py",
    "cli/commands.py",
    "plan/sheet.py",
    "core/a1.py",
    "plan/blocked.py",
    "plan/cells.py",
    "plan/columns.py",
    "plan/model.py",
    "plan/ownership.py",
    "plan/previous.py",
    "plan/region.py",
    "plan/standings.py",
    "plan/values.py",
    "plan/settings.py",
    "core/outlook.py",
    "core/progress.py",
    "core/collector.py",
    "core/match.py",
    "core/match_codes.py",
    "reading/team.py",
    "io/trf_team.py",
    "excel/rank.py",
    "excel/merges.py",
    "io/workbook.py",
    "io/package.py",
    "io/output.py",
    "io/sheetxml.py",
    "io/calamine_book.py",
    "io/publish.py",
    "core/labels.py",
    "core/compare.py",
    "cli/compare.py",
    "plan/compare.py",
    "cli/doctor.py",
    "cli/options.py",
    "core/explain.py",
    "core/explain_rows.py",
    "core/explain_group.py",
    "core/translation.py",
    "core/version.py",
    "calc/explain.py",
    "core/places.py",
    "cli/explain.py",
    "core/grammar.py",
    "io/book_names.py",
    "io/book.py",
    "core/text.py",
    "cli/outlook.py",
    "calc/outlook.py",
    "plan/outlook.py",
    "cli/streams.py",
    "core/record.py",
    "core/loading.py",
)

GETTEXT = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext", "lazy_gettext", "lazy_pgettext"})
TEXT_KEYWORDS = frozenset({"help", "description", "epilog", "title", "usage"})
EXCEPTION_SUFFIXES = ("Error", "Exception", "Warning")


@dataclass(frozen=True)
class Finding:
    line: int
    why: str
    text: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.why}: {self.text}"


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _is_stderr(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "stderr") or (isinstance(node, ast.Name) and node.id == "stderr")


def _has_letter(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


def _unmarked(node: ast.expr) -> list[ast.expr]:
    """The parts of a message expression a user reads untranslated."""
    if isinstance(node, ast.Constant):
        return [node] if isinstance(node.value, str) and _has_letter(node.value) else []
    if isinstance(node, ast.JoinedStr):
        literal = any(isinstance(v, ast.Constant) and isinstance(v.value, str) and _has_letter(v.value) for v in node.values)
        return [node] if literal else []
    if isinstance(node, ast.BinOp):
        return _unmarked(node.left) + _unmarked(node.right)
    if isinstance(node, ast.IfExp):
        return _unmarked(node.body) + _unmarked(node.orelse)
    if isinstance(node, ast.Call):
        name = _name(node.func)
        if name in GETTEXT:
            return [a for a in node.args if isinstance(a, ast.JoinedStr)]
        if name == "format" and isinstance(node.func, ast.Attribute):
            return _unmarked(node.func.value)
    return []


def _exception_builders(tree: ast.AST) -> frozenset[str]:
    """The functions of a module that return an exception (``def _err(...) -> FileFormatError``)."""
    found = set()
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.returns is not None:
            returns = fn.returns
            text = returns.value if isinstance(returns, ast.Constant) and isinstance(returns.value, str) else _name(returns)
            if text and text.endswith(EXCEPTION_SUFFIXES):
                found.add(fn.name)
    return frozenset(found)


def _messages(call: ast.Call, raised: bool, builders: frozenset[str] = frozenset()) -> tuple[str, list[ast.expr]] | None:
    """What kind of user-facing call this is, and its message arguments."""
    name = _name(call.func)
    texts = [k.value for k in call.keywords if k.arg in TEXT_KEYWORDS]
    if raised or (name is not None and (name.endswith(EXCEPTION_SUFFIXES) or name in builders)):
        return "exception message", [*call.args, *(k.value for k in call.keywords)]
    if name == "append" and isinstance(call.func, ast.Attribute):
        owner = (_name(call.func.value) or "").casefold()
        if "note" in owner or "warning" in owner:
            return "note for the user", list(call.args)
    if name == "print" and any(k.arg == "file" and _is_stderr(k.value) for k in call.keywords):
        return "printed to stderr", list(call.args)
    if name == "write" and isinstance(call.func, ast.Attribute) and _is_stderr(call.func.value):
        return "written to stderr", list(call.args)
    if name == "warn":
        return "warning", call.args[:1]
    if texts:
        return "argparse text", texts
    return None


def scan_source(source: str) -> list[Finding]:
    """The unmarked user-facing strings of a module's source."""
    found: list[Finding] = []
    tree = ast.parse(source)
    raised = {id(n.exc) for n in ast.walk(tree) if isinstance(n, ast.Raise) and n.exc is not None}
    builders = _exception_builders(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        kind = _messages(node, id(node) in raised, builders)
        if kind is None:
            continue
        why, args = kind
        for arg in args:
            for part in _unmarked(arg):
                found.append(Finding(part.lineno, why, ast.get_source_segment(source, part) or ""))
    return sorted(found, key=lambda f: (f.line, f.text))


def scan_file(path: Path) -> list[Finding]:
    return scan_source(path.read_text(encoding="utf-8"))


# --- the scanner finds what it must, and only that ---------------------------

UNMARKED = textwrap.dedent(
    '''
    import sys, warnings, argparse
    raise SettingsError("unknown rule set")
    raise NotationError(f"'{text}' is not a result", location)
    raise LayoutError("no results in " + where)
    raise ConsistencyError("{a} differs from {b}".format(a=1, b=2))
    raise ValueError("first" if x else "second")
    print(f"tiebreak: wrote {out}", file=sys.stderr)
    sys.stderr.write("interrupted\\n")
    warnings.warn("charts are lost")
    p = argparse.ArgumentParser(description="Tie-breaks and places")
    p.add_argument("--rules", help=f"rule set: {names}")
    raise SettingsError(_(f"unknown criterion {code}"))
    raise WriteBlockedError(message="cell holds data")
    raise CellProblem("is not a result")
    notes.append(f"'{name}' skipped: no ratings")
    self.warnings.append("charts are lost")
    def _err(line: int, message: str) -> FileFormatError:
        return FileFormatError(message, line)
    first = first or _err(3, f"the points field says {stated:g}")
    '''
)

MARKED = textwrap.dedent(
    '''
    import sys, warnings, argparse
    raise SettingsError(_("unknown rule set"))
    raise NotationError(_("'{text}' is not a result").format(text=text), location)
    raise LayoutError(ngettext("{n} round", "{n} rounds", n).format(n=n))
    raise ConsistencyError(pgettext("cell", "empty"))
    raise ValueError(_("first") if x else _("second"))
    raise UnknownCriterionError(message)
    raise LayoutError(str(err))
    print(_("tiebreak: wrote {out}").format(out=out), file=sys.stderr)
    print("plain output to stdout")
    sys.stderr.write(_("interrupted") + "\\n")
    warnings.warn(_("charts are lost"))
    HELP = lazy_gettext("rule set")
    p = argparse.ArgumentParser(description=_("Tie-breaks and places"))
    p.add_argument("--rules", help=HELP, metavar="NAME")
    raise SettingsError(f"{where}: {detail}")
    raise FileFormatError(": ".join(parts))
    raise CellProblem(_("is not a result"))
    notes.append(_("'{name}' skipped: no ratings").format(name=name))
    rows.append(["Place", "Name"])
    def _err(line: int, message: str) -> FileFormatError:
        return FileFormatError(message, line)
    first = first or _err(3, _("the points field says {stated}").format(stated=stated))
    '''
)


def test_scanner_reports_every_unmarked_kind() -> None:
    found = scan_source(UNMARKED)
    assert [(f.line, f.why) for f in found] == [
        (3, "exception message"),
        (4, "exception message"),
        (5, "exception message"),
        (6, "exception message"),
        (7, "exception message"),
        (7, "exception message"),
        (8, "printed to stderr"),
        (9, "written to stderr"),
        (10, "warning"),
        (11, "argparse text"),
        (12, "argparse text"),
        (13, "exception message"),
        (14, "exception message"),
        (15, "exception message"),
        (16, "note for the user"),
        (17, "note for the user"),
        (20, "exception message"),
    ]
    assert found[0].text == '"unknown rule set"'
    assert found[2].text == '"no results in "'


def test_scanner_accepts_marked_texts() -> None:
    assert scan_source(MARKED) == []


def test_scanner_flags_an_untranslated_module() -> None:
    """The scanner does find real messages in a module not (yet) converted: settings.py before its conversion."""
    before = textwrap.dedent(
        """
        def validate(self) -> None:
            if self.language.strip().casefold() not in ("auto", "en", "ru", ""):
                raise SettingsError(f"settings: language '{self.language}' must be auto, en or ru")
        """
    )
    found = scan_source(before)
    assert any("must be auto, en or ru" in f.text for f in found)
    assert not any("must be auto, en or ru" in f.text for f in scan_file(SRC / "plan/settings.py"))


# --- the converted modules ---------------------------------------------------


def test_converted_modules_exist() -> None:
    assert all((SRC / name).is_file() for name in CONVERTED)
    assert len(set(CONVERTED)) == len(CONVERTED)


@pytest.mark.parametrize("name", CONVERTED)
def test_every_user_facing_string_is_marked(name: str) -> None:
    findings = scan_file(SRC / name)
    assert not findings, f"{name}: strings not marked for translation:\n" + "\n".join(map(str, findings))


def _shadowed_translation(source: str) -> list[str]:
    """Functions that assign the name ``_`` and also use it: there ``_("...")`` is not the translation function."""
    found = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        stores: list[int] = []
        loads: list[int] = []

        def visit(node: ast.AST) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    continue  # a scope of its own, checked by itself
                if isinstance(child, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Lambda)):
                    loads.extend(n.lineno for n in ast.walk(child) if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Load))
                    continue  # its own loop variables do not leak into the function
                if isinstance(child, ast.Name) and child.id == "_":
                    (stores if isinstance(child.ctx, ast.Store) else loads).append(child.lineno)
                visit(child)

        visit(fn)
        if stores and loads:
            found.append(f"{fn.name}: '_' assigned on line {stores[0]}, used on line {loads[0]}")
    return found


def test_no_function_hides_the_translation_function() -> None:
    hidden = {str(p.relative_to(SRC)): _shadowed_translation(p.read_text(encoding="utf-8")) for p in sorted(SRC.rglob("*.py"))}
    assert {k: v for k, v in hidden.items() if v} == {}


def test_the_shadow_check_finds_a_hidden_translation_function() -> None:
    source = "def f(ref):\n    _, col = ref\n    raise ValueError(_('bad {c}').format(c=col))\n"
    assert _shadowed_translation(source) == ["f: '_' assigned on line 2, used on line 3"]
    assert _shadowed_translation("def g(xs):\n    return [a for a, _ in xs], _('ok')\n") == []


def test_every_module_is_scanned() -> None:
    # a new module joins the scan by being listed in CONVERTED; none is left out
    modules = {str(p.relative_to(SRC)) for p in SRC.rglob("*.py")}
    assert modules - set(CONVERTED) == set()

