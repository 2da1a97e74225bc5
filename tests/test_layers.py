"""The package's layers, enforced from its import graph (imports inside functions counted too).

``docs/layout.md`` draws the map.  From the bottom up:

* ``tiebreak.core``: the engine, pure (no file, zip, XML or xlwings);
* ``tiebreak.reading``: grids (cell values) into a tournament, pure;
* ``tiebreak.calc``: what a worksheet function returns for a grid (the table cache);
* ``tiebreak.plan``: what Rank writes, decided on an abstract workbook;
* ``tiebreak.io``: files (the zip package, sheet XML, .xls/.ods, TRF, CSV, HTML);
* ``tiebreak.excel`` and ``tiebreak.cli``: the two skins, neither importing the other;
* ``tiebreak`` itself (the Python API) and the add-in's ``tiebreak_rank`` on top.

A module imports only from its own layer or the layers below; there is no
import cycle anywhere, between modules or between layers; and nothing below
the top imports the package's root.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "tiebreak"
LAYER = {"core": 0, "reading": 1, "calc": 2, "plan": 3, "io": 4, "excel": 5, "cli": 5}
TOP = 9  # tiebreak/__init__.py and tiebreak_rank.py
PURE_FORBIDDEN = ("zipfile", "zlib", "xml", "defusedxml", "xlwings", "openpyxl", "python_calamine", "xlrd", "tempfile", "shutil", "csv", "html")


def _modules() -> dict[str, Path]:
    found = {"tiebreak_rank": SRC / "tiebreak_rank.py"}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imported(name: str, path: Path) -> Iterator[tuple[int, str]]:
    """Every module of the package (or outside it) that ``name`` imports, anywhere in its body."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            submodules = [f"{module}.{a.name}" for a in node.names if f"{module}.{a.name}" in MODULES]
            if len(submodules) == len(node.names):
                yield from ((node.lineno, s) for s in submodules)
            else:
                yield node.lineno, module


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        deps = {m for _, m in _imported(name, path)}
        graph[name] = {_owner(m) for m in deps if _owner(m)} - {name}
    return graph


def _owner(module: str) -> str:
    """The module of the package that an import names (``tiebreak.core.model.Kind`` -> its module)."""
    while module and module not in MODULES:
        module = module.rpartition(".")[0]
    return module


def _layer(module: str) -> int:
    parts = module.split(".")
    if module == "tiebreak" or module == "tiebreak_rank":
        return TOP
    return LAYER[parts[1]]


def test_every_module_has_a_layer() -> None:
    for name in MODULES:
        if name not in ("tiebreak", "tiebreak_rank"):
            assert name.split(".")[1] in LAYER, f"{name} is in no layer: put it in one of {sorted(LAYER)}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_go_down_only(name: str) -> None:
    for line, module in _imported(name, MODULES[name]):
        owner = _owner(module)
        if not owner or owner == name:
            continue
        assert owner != "tiebreak" or name in ("tiebreak_rank",), f"{name}:{line} imports the package's root; import the module it comes from"
        if name.startswith("tiebreak.excel") or name.startswith("tiebreak.cli"):
            assert not owner.startswith("tiebreak.excel" if name.startswith("tiebreak.cli") else "tiebreak.cli"), f"{name}:{line} imports {owner}: the skins stay apart"
        assert _layer(owner) <= _layer(name), f"{name}:{line} imports {owner}, a layer above it"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith(("tiebreak.core", "tiebreak.reading"))))
def test_pure_layers_touch_no_files(name: str) -> None:
    for line, module in _imported(name, MODULES[name]):
        top = module.split(".")[0]
        assert top not in PURE_FORBIDDEN, f"{name}:{line} imports {module}: the pure layers read no file, zip or XML and know no xlwings"


def test_only_the_excel_layer_imports_xlwings() -> None:
    for name, path in MODULES.items():
        if not name.startswith("tiebreak.excel"):
            assert all(m.split(".")[0] != "xlwings" for _, m in _imported(name, path)), name


def test_no_import_cycle() -> None:
    graph = _graph()
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, "import cycle: " + " -> ".join((*path[path.index(module):], module))
        if module in done:
            return
        for dep in sorted(graph[module]):
            visit(dep, (*path, module))
        done.add(module)

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for module in sorted(graph):
        visit(module, ())


def test_the_scan_sees_imports_inside_functions(tmp_path: Path) -> None:
    """The graph counts an import written inside a function, where run-time cycles hide."""
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from tiebreak.core import model\n    from ..plan.sheet import plan_rank\n", encoding="utf-8")
    assert {m for _, m in _imported("tiebreak.io.probe", probe)} == {"tiebreak.core.model", "tiebreak.plan.sheet"}
