"""The Excel packaging in addin/: the Rank ribbon add-in, the VBA wrappers, the configs and xlwings Lite's main.py.

The build scripts are rerun into temporary folders and must give the
committed files again, byte for byte.  Run them after changing the worksheet
functions:  python addin/build_addin.py && python addin/build_vba.py
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import re
import sys
import zipfile
import zlib
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import pytest
import xlwings
import xlwings.server
import xlwings.utils
from xlwings.server import custom_functions_meta, custom_scripts_meta

import tiebreak.excel.functions as functions
import tiebreak.excel.rank as rank

ROOT = Path(__file__).resolve().parents[1]
ADDIN = ROOT / "addin"
XLAM = ADDIN / "tiebreak_rank.xlam"
BAS = ADDIN / "tiebreak_udfs.bas"
LITE_MAIN = ADDIN / "lite" / "main.py"
LITE_REQUIREMENTS = ADDIN / "lite" / "requirements.txt"
CONF_EXAMPLE = ADDIN / "xlwings.conf.example"
GUIDE = ADDIN / "USE_IN_EXCEL.md"

UI_NS = "{http://schemas.microsoft.com/office/2006/01/customui}"
MAIN_NS = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
SHEET_BUTTON = "[RankButton]Crosstable!L1"
UDF_MODULE = "tiebreak.excel.functions"


def load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def build_addin() -> ModuleType:
    return load(ADDIN / "build_addin.py", "tiebreak_build_addin")


@pytest.fixture(scope="module")
def build_vba() -> ModuleType:
    return load(ADDIN / "build_vba.py", "tiebreak_build_vba")


@pytest.fixture(scope="module")
def lite_main() -> ModuleType:
    return load(LITE_MAIN, "tiebreak_lite_main")


def read_part(path: Path, part: str) -> bytes:
    with zipfile.ZipFile(path) as z:
        return z.read(part)


def entries(path: Path) -> list[tuple[str, tuple[int, ...], int, bytes]]:
    with zipfile.ZipFile(path) as z:
        return [(i.filename, i.date_time, i.compress_type, z.read(i)) for i in z.infolist()]


def shared_string_cells(path: Path) -> dict[str, str]:
    """Column A -> column B of the add-in's settings sheet, strings resolved."""
    strings = [
        "".join(t.text or "" for t in si.iter(f"{MAIN_NS}t"))
        for si in ElementTree.fromstring(read_part(path, "xl/sharedStrings.xml")).findall(f"{MAIN_NS}si")
    ]
    rows: dict[str, str] = {}
    for row in ElementTree.fromstring(read_part(path, "xl/worksheets/sheet1.xml")).iter(f"{MAIN_NS}row"):
        cells = {c.get("r", "")[0]: c for c in row.findall(f"{MAIN_NS}c")}
        key = cells.get("A")
        if key is None or key.get("t") != "s":
            continue
        value = cells.get("B")
        text = ""
        if value is not None and value.get("t") == "s":
            text = strings[int(value.findtext(f"{MAIN_NS}v") or "")]
        rows[strings[int(key.findtext(f"{MAIN_NS}v") or "")]] = text
    return rows


# --- (a) the ribbon add-in --------------------------------------------------


def test_xlam_is_a_valid_zip_with_the_parts_excel_needs() -> None:
    assert zipfile.is_zipfile(XLAM)
    with zipfile.ZipFile(XLAM) as z:
        assert z.testzip() is None
        names = z.namelist()
        rels = z.read("_rels/.rels").decode()
    for part in ("[Content_Types].xml", "xl/workbook.xml", "xl/vbaProject.bin", "customUI/customUI.xml"):
        assert part in names
    assert 'ui/extensibility" Target="customUI/customUI.xml"' in rels


def test_ribbon_has_a_rank_button_calling_runmain() -> None:
    root = ElementTree.fromstring(read_part(XLAM, "customUI/customUI.xml"))
    tabs = root.findall(f".//{UI_NS}tab")
    assert [t.get("label") for t in tabs] == ["Tiebreak"]
    buttons = [b for b in root.iter(f"{UI_NS}button") if b.get("label") == "Rank"]
    assert len(buttons) == 1
    button = buttons[0]
    assert button.get("onAction") == "RibbonMyAddin.RunMain"
    assert button.get("size") == "large"
    assert button.get("imageMso")
    tips = (button.get("screentip") or "") + (button.get("supertip") or "")
    assert "Rank" in tips and "Ранжировать" in tips


def test_vba_project_is_the_templates(build_addin: Any) -> None:
    assert read_part(XLAM, "xl/vbaProject.bin") == read_part(build_addin.template_path(), "xl/vbaProject.bin")


def test_settings_sheet_names_the_udf_module_and_stays_disabled() -> None:
    workbook = read_part(XLAM, "xl/workbook.xml").decode()
    assert re.findall(r'<sheet name="([^"]+)"', workbook) == ["_myaddin.conf"]
    settings = shared_string_cells(XLAM)
    assert settings["UDF Modules"] == UDF_MODULE
    assert settings["Interpreter_Win"] == ""


def test_file_name_makes_runmain_call_tiebreak_rank_main() -> None:
    # RibbonMyAddin.RunMain: mymodule = Left(Name, InStrRev(Name, ".") - 1)
    #                        RunPython "import " & mymodule & ";" & mymodule & ".main()"
    name = XLAM.name
    module_name = name[: name.rfind(".")]
    command = f"import {module_name};{module_name}.main()"
    assert command == "import tiebreak_rank;tiebreak_rank.main()"
    entry = importlib.import_module(module_name)
    assert callable(entry.main)
    assert entry.main is rank.main


# --- (b) the add-in build is reproducible -----------------------------------


def test_rebuilding_the_addin_gives_the_same_bytes(build_addin: Any, tmp_path: Path) -> None:
    first = build_addin.build(tmp_path / "a" / "tiebreak_rank.xlam")
    second = build_addin.build(tmp_path / "b" / "tiebreak_rank.xlam")
    assert first.read_bytes() == second.read_bytes()
    assert entries(first) == entries(XLAM)
    # zlib-ng (Fedora, newer Windows builds) compresses differently: there the
    # entries above are the check; with classic zlib the whole file must match.
    if "ng" not in zlib.ZLIB_RUNTIME_VERSION.lower():
        assert first.read_bytes() == XLAM.read_bytes()


def test_addin_build_refuses_another_xlwings(build_addin: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(xlwings, "__version__", "0.99.0")
    with pytest.raises(build_addin.BuildError, match=r"0\.99\.0.*0\.37\.8"):
        build_addin.build(tmp_path / "tiebreak_rank.xlam")
    assert not list(tmp_path.iterdir())


# --- (c) the VBA wrappers match the functions -------------------------------

SIGNATURE = re.compile(r"^(Function|Sub) (\w+)\((.*)\)$", re.M)
CALL = re.compile(r'^\s*(\w+) = XLPy\.CallUDF\("([\w.]+)", "(\w+)", Array\((.*)\), (\w+), Application\.Caller\)$', re.M)


def bas_signatures(text: str) -> dict[str, list[tuple[str, bool]]]:
    out: dict[str, list[tuple[str, bool]]] = {}
    for kind, name, params in SIGNATURE.findall(text):
        assert kind == "Function", name
        args = []
        for param in filter(None, (p.strip() for p in params.split(","))):
            words = param.split()
            assert words[0] != "ParamArray", name
            args.append((words[-1], words[0] == "Optional"))
        out[name.upper()] = args
    return out


def test_bas_declares_exactly_the_worksheet_functions() -> None:
    text = BAS.read_bytes().decode("ascii").replace("\r\n", "\n")
    declared = bas_signatures(text)
    meta = {
        f["name"]: [(p["name"], bool(p.get("optional"))) for p in f["parameters"]]
        for f in custom_functions_meta(functions)["functions"]
    }
    assert declared == meta
    assert set(declared) == {name.upper() for name in functions.__all__}


def test_bas_is_an_importable_xlwings_udfs_module() -> None:
    raw = BAS.read_bytes()
    assert b"\n" not in raw.replace(b"\r\n", b"")  # CRLF only, as the VBA editor wants
    lines = raw.decode("ascii").split("\r\n")
    assert lines[0] == 'Attribute VB_Name = "xlwings_udfs"'
    assert lines[2].startswith('#Const App = "Microsoft Excel"')
    text = "\n".join(lines)
    calls = CALL.findall(text)
    assert len(calls) == len(functions.__all__)
    signatures = bas_signatures(text)
    for target, module, fname, args, workbook in calls:
        assert target == fname and module == UDF_MODULE and workbook == "ActiveWorkbook"
        # the formula's arguments, then "Nothing" where xlwings puts the calling cell (``caller``, which
        # lets a function read the workbook's settings sheet in classic xlwings)
        assert [a.strip() for a in args.split(",")] == [name for name, _ in signatures[fname.upper()]] + ["Nothing"]
    assert "ThisWorkbook" not in text


# --- (d) the .bas build is reproducible -------------------------------------


def test_rebuilding_the_bas_gives_the_same_text(build_vba: Any, tmp_path: Path) -> None:
    out = build_vba.build(tmp_path / "tiebreak_udfs.bas")
    assert out.read_bytes() == BAS.read_bytes()
    # the generator ran in its own process: nothing of the classic set-up leaked into this one
    assert xlwings.func is xlwings.server.func
    if sys.platform != "win32":
        assert "pythoncom" not in sys.modules


def test_bas_build_reports_a_failing_generator(build_vba: Any, tmp_path: Path) -> None:
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("")
    with pytest.raises(build_vba.BuildError, match="generator failed"):
        build_vba.build(blocker / "tiebreak_udfs.bas")


# --- (e) xlwings Lite's main.py ---------------------------------------------


def test_lite_main_registers_every_worksheet_function(lite_main: ModuleType) -> None:
    lite = custom_functions_meta(lite_main)["functions"]
    product = custom_functions_meta(functions)["functions"]
    assert {f["name"] for f in lite} == {name.upper() for name in functions.__all__}
    assert sorted(lite, key=lambda f: f["name"]) == sorted(product, key=lambda f: f["name"])


def test_lite_main_registers_the_rank_scripts(lite_main: ModuleType) -> None:
    scripts = {s["function_name"]: s for s in custom_scripts_meta(lite_main)}
    assert set(scripts) == {"rank_sheet", "rank_button"}
    assert scripts["rank_sheet"]["button"] is None
    assert scripts["rank_button"]["button"] == SHEET_BUTTON
    assert scripts["rank_button"]["show_taskpane"] is False
    assert lite_main.rank_sheet.__doc__ == rank.rank_sheet.__doc__


def test_lite_task_pane_script_runs_rank_book(lite_main: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []

    async def rank_book_async(book: object) -> None:
        seen.append(book)

    monkeypatch.setattr(lite_main, "rank_book_async", rank_book_async)
    book = object()
    assert asyncio.run(lite_main.rank_sheet(None, book)) is book
    assert seen == [book]


def test_lite_sheet_button_runs_rank_book(lite_main: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []

    async def rank_book_async(book: object) -> None:
        seen.append(book)

    monkeypatch.setattr(lite_main, "rank_book_async", rank_book_async)
    book = object()
    assert asyncio.run(lite_main.rank_button(None, book)) is book
    assert seen == [book]


# --- (f) requirements.txt, the config example, the guide --------------------


def test_lite_requirements_name_tiebreak_and_the_pinned_xlwings() -> None:
    lines = [
        line.split("#")[0].strip() for line in LITE_REQUIREMENTS.read_text(encoding="utf-8").splitlines()
    ]
    requirements = [line for line in lines if line]
    assert any(re.match(r"tiebreak([<>=!~\s\[;]|$)", r) or re.search(r"/tiebreak-[^/]*\.whl$", r) for r in requirements)
    # the xlwings tiebreak pins (the Rank script needs more than Lite's default xlwings 0.33.20:
    # tests/test_pyodide.py runs both)
    pin = re.search(r"xlwings==([0-9.]+);", (ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pin is not None
    assert [r for r in requirements if r.lower().startswith("xlwings")] == [f"xlwings=={pin.group(1)}"]


def test_conf_example_reads_as_xlwings_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = CONF_EXAMPLE.read_bytes()
    assert b"\n" not in raw.replace(b"\r\n", b"")
    for line in raw.decode("ascii").split("\r\n")[:-1]:
        # VBA's Input # reads two fields per line: exactly two quoted fields, no blank lines
        assert re.fullmatch(r'"[^"]*","[^"]*"', line), line
    monkeypatch.setattr(xlwings, "USER_CONFIG_FILE", str(CONF_EXAMPLE))
    config = xlwings.utils.read_user_config()
    assert config["udf modules"] == UDF_MODULE
    assert "interpreter_win" not in config  # only an example, commented out
    assert "#interpreter_win" in config


def test_guide_links_point_to_existing_files() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    targets = re.findall(r"\]\((addin/[^)#]+)\)", text)
    assert {"addin/tiebreak_rank.xlam", "addin/tiebreak_udfs.bas", "addin/lite/main.py"} <= set(targets)
    for target in targets:
        assert (ROOT / target).is_file(), target
    assert "0.37.8" in text and UDF_MODULE in text

