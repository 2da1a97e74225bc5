"""No function in ``src`` is too long or too branchy to read: complexity at most 25, at most 80 lines.

Complexity is counted as radon's cyclomatic complexity counts it: 1, plus one
for each ``if``/``elif``, loop (and a loop's ``else``), ``except``, ``with``,
``assert``, conditional expression, comprehension (each ``for`` and ``if``
in it), ``match`` case, and each extra operand of ``and``/``or``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
MAX_COMPLEXITY = 25
MAX_LINES = 80
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def complexity(func: ast.AST) -> int:
    """The cyclomatic complexity of one function, nested functions and classes left out."""
    total = 1
    todo = list(ast.iter_child_nodes(func))
    while todo:
        node = todo.pop()
        if isinstance(node, (*FUNCTIONS, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, (ast.If, ast.IfExp, ast.Assert, ast.With, ast.AsyncWith, ast.ExceptHandler, ast.match_case)):
            total += 1
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            total += 1 + bool(node.orelse)
        elif isinstance(node, ast.comprehension):
            total += 1 + len(node.ifs)
        elif isinstance(node, ast.BoolOp):
            total += len(node.values) - 1
        todo.extend(ast.iter_child_nodes(node))
    return total


def _functions() -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, FUNCTIONS):
                found.append((f"{path.relative_to(SRC)}:{node.lineno} {node.name}", node))
    return found


FOUND = _functions()


def test_the_count_is_radons() -> None:
    """A function with every counted construct once scores what radon gives it by hand: 1 + 11."""
    source = (
        "def f(a, b):\n"
        "    if a and b:\n"            # if +1, and +1
        "        pass\n"
        "    elif a:\n"                # elif +1
        "        pass\n"
        "    for x in a:\n"            # for +1, else +1
        "        pass\n"
        "    else:\n"
        "        pass\n"
        "    try:\n"
        "        pass\n"
        "    except ValueError:\n"     # +1
        "        pass\n"
        "    y = [x for x in a if x]\n"  # comprehension +1, its if +1
        "    return 1 if y else 2\n"   # +1
        "    assert a\n"                # +1
    )
    assert complexity(ast.parse(source).body[0]) == 11


def test_functions_are_short() -> None:
    long = [f"{name}: {node.end_lineno - node.lineno + 1} lines" for name, node in FOUND if (node.end_lineno or 0) - node.lineno + 1 > MAX_LINES]
    assert not long, "split these into named steps:\n" + "\n".join(long)


@pytest.mark.parametrize("limit", [MAX_COMPLEXITY])
def test_functions_are_simple(limit: int) -> None:
    branchy = [f"{name}: complexity {c}" for name, node in FOUND if (c := complexity(node)) > limit]
    assert not branchy, "split these into named steps:\n" + "\n".join(branchy)
