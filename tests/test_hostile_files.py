"""Hostile files: the command line refuses them with exit 1 and a one-line message.

``tiebreak.cli.main([...])`` must return 1 (never raise, never print a
traceback, never hang) for: an XML bomb (billion laughs) inside an .xlsx, the
same bomb hidden behind 6 KB of comment, a zip bomb (a 600 MB part of zeros,
≈ 600 KB on disk), a zip whose directory lies about a part's size, a zip of
10,001 parts, a file that is not a zip but is named .xlsx, an empty file, a
zip without ``xl/workbook.xml``, a TRF with a 1,000,000-character line, TRFs
with 150 and 200 rounds, a TRF with 25,000 player lines, binary garbage named
.trf, and 300 fuzzed TRF files.  A workbook whose one stray cell is
XFD1048576 must not hang the command (it runs in a subprocess with a time
limit and a memory cap).

Nothing in a file is evaluated or executed: settings whose values are Python
or Excel code (``__import__('os').system('touch PWNED')``, ``=cmd|' /C
calc'!A0``) give an "unknown rule set"/"unknown criterion" error and create no
file; a name cell holding ``=HYPERLINK(...)`` is refused with a message; and
control characters from a file (a terminal escape sequence in a TRF player
name or rule-set line) never reach the terminal.
"""

from __future__ import annotations

import io
import os
import random
import struct
import subprocess
import sys
import time
import zipfile
import zlib
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tiebreak.cli import main

TIME_LIMIT = 10.0
SWISS_ROWS = [
    ["No", "Name", "R1", "R2"],
    [1, "Ann", "2w1", "3b½"],
    [2, "Bob", "1b0", "4w1"],
    [3, "Cid", "4w0", "1w½"],
    [4, "Dan", "3b1", "2b0"],
]
RULE_SETS = "use one of ru, fide-2024, fide-2026, fide-2009, plain"
UNKNOWN_CRITERION = "see the list of codes (e.g. points, buchholz, solkoff, solkoff_trunc, shmulyan, sonneborn_berger, riga, wins ...)"


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line; it must return (not raise) within TIME_LIMIT and print no traceback."""
    start = time.perf_counter()
    try:
        rc = main(list(argv))
    except BaseException as err:  # noqa: BLE001
        pytest.fail(f"main() raised {type(err).__name__}: {err}")
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    assert elapsed < TIME_LIMIT, f"took {elapsed:.1f} s"
    assert "Traceback" not in out + err
    return rc, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Exit 1, nothing on stdout, exactly one line on stderr: 'tiebreak: error: ...'; returns the message."""
    rc, out, err = cli(capsys, *argv)
    assert rc == 1, (rc, out, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, f"expected one line, got: {err!r}"
    assert lines[0].startswith("tiebreak: error: ")
    return lines[0][len("tiebreak: error: ") :]


def workbook_parts() -> dict[str, bytes]:
    """The parts of a small valid workbook (the Swiss table above), as written by openpyxl."""
    wb = openpyxl.Workbook()
    ws = wb.active
    for row in SWISS_ROWS:
        ws.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as z:
        return {name: z.read(name) for name in z.namelist()}


def write_zip(path: Path, parts: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return path


def billion_laughs(root: str = "worksheet", padding: int = 0) -> bytes:
    """An XML document whose entity &lol9; expands to 10^9 'lol's."""
    entities = '<!ENTITY lol "lol">' + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10))
    comment = f"<!--{' ' * padding}-->\n" if padding else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n{comment}<!DOCTYPE {root} [{entities}]>\n'
        f'<{root} xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">'
        f'<c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></{root}>'
    ).encode()


# ------------------------------------------------------------------ xlsx bombs
def test_xml_bomb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = workbook_parts()
    parts["xl/worksheets/sheet1.xml"] = billion_laughs()
    path = write_zip(tmp_path / "bomb.xlsx", parts)
    assert refused(capsys, "rank", str(path)) == (
        f"{path}: part xl/worksheets/sheet1.xml declares a DTD or entities; refused (XML bomb protection)"
    )


def test_xml_bomb_behind_a_long_comment(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The DOCTYPE after 6 KB of comment (beyond the first 4 KB the check reads) is still an XML bomb."""
    parts = workbook_parts()
    parts["xl/worksheets/sheet1.xml"] = billion_laughs(padding=6000)
    path = write_zip(tmp_path / "bomb.xlsx", parts)
    message = refused(capsys, "rank", str(path))
    # defusedxml stops it, but the user must be told why, in the same words as above
    # (not "Unable to read workbook ... Please see the exception for more details.")
    assert message == f"{path}: part xl/worksheets/sheet1.xml declares a DTD or entities; refused (XML bomb protection)"


def deflated_zeros(size: int) -> tuple[bytes, int]:
    """A raw deflate stream of ``size`` zero bytes (size a multiple of 8 MiB) and its CRC-32, built fast.

    One 8 MiB block of zeros is compressed once, ending on a full flush (byte-aligned, no back
    references across it), and repeated; an empty final block ends the stream.
    """
    chunk = 8 * 1024 * 1024
    assert size % chunk == 0
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = comp.compress(bytes(chunk)) + comp.flush(zlib.Z_FULL_FLUSH)
    final = zlib.compressobj(9, zlib.DEFLATED, -15).flush()
    zeros = bytes(chunk)
    crc = 0
    for _ in range(size // chunk):
        crc = zlib.crc32(zeros, crc)
    return block * (size // chunk) + final, crc


def raw_zip(path: Path, members: list[tuple[str, bytes, int, int, int]]) -> Path:
    """Write a zip by hand: members are (name, deflated data, CRC-32, declared size, method)."""
    out = bytearray()
    central = bytearray()
    for name, data, crc, size, method in members:
        offset = len(out)
        fname = name.encode()
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0x21, crc, len(data), size, len(fname), 0) + fname + data
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, method, 0, 0x21, crc, len(data), size, len(fname), 0, 0, 0, 0, 0, offset) + fname
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(central), len(out), 0)
    path.write_bytes(bytes(out + central + end))
    return path


def deflate(data: bytes) -> bytes:
    comp = zlib.compressobj(6, zlib.DEFLATED, -15)
    return comp.compress(data) + comp.flush()


def test_zip_bomb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 600 MiB part of zeros (≈ 600 KB on disk): refused before anything is unpacked."""
    size = 600 * 1024 * 1024
    data, crc = deflated_zeros(size)
    members = [(name, deflate(body), zlib.crc32(body), len(body), 8) for name, body in workbook_parts().items() if name != "xl/worksheets/sheet1.xml"]
    members.append(("xl/worksheets/sheet1.xml", data, crc, size, 8))
    path = raw_zip(tmp_path / "zipbomb.xlsx", members)
    assert path.stat().st_size < 2 * 1024 * 1024
    with zipfile.ZipFile(path) as z:  # a well-formed zip: the bomb is real
        assert z.getinfo("xl/worksheets/sheet1.xml").file_size == size
        with z.open("xl/worksheets/sheet1.xml") as f:
            assert f.read(1024) == bytes(1024)
    assert refused(capsys, "rank", str(path)) == f"{path}: unpacks to more than 500 MB; refused as a possible zip bomb"


def test_zip_whose_directory_lies_about_the_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The directory says 1,000 bytes; the data inflates to 96 MiB. Refused with a message, quickly."""
    data, crc = deflated_zeros(96 * 1024 * 1024)
    members = [(name, deflate(body), zlib.crc32(body), len(body), 8) for name, body in workbook_parts().items() if name != "xl/worksheets/sheet1.xml"]
    members.append(("xl/worksheets/sheet1.xml", data, crc, 1000, 8))
    path = raw_zip(tmp_path / "liar.xlsx", members)
    assert refused(capsys, "rank", str(path)) == f"{path}: damaged zip file (Bad CRC-32 for file 'xl/worksheets/sheet1.xml')"


def test_zip_of_too_many_parts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "parts.xlsx"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("xl/workbook.xml", "<workbook/>")
        for i in range(10_000):
            z.writestr(f"p/{i}", b"")
    assert refused(capsys, "rank", str(path)) == f"{path}: 10001 parts in the file; more than 10000 is refused"


# ------------------------------------------------------------ not a workbook
def test_not_a_zip_named_xlsx(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fake.xlsx"
    path.write_text("No,Name,R1\n1,Ann,2w1\n2,Bob,1b0\n")
    assert refused(capsys, "rank", str(path)) == f"{path}: not an .xlsx workbook (not a zip file); save it from Excel as .xlsx"


def test_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.xlsx"
    path.write_bytes(b"")
    assert refused(capsys, "rank", str(path)) == f"{path}: not an .xlsx workbook (not a zip file); save it from Excel as .xlsx"


def test_zip_without_workbook(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowb.xlsx"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("word/document.xml", "<document/>")
    assert refused(capsys, "rank", str(path)) == f"{path}: not an Excel workbook (no xl/workbook.xml)"


def test_export_refuses_the_same_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = workbook_parts()
    parts["xl/worksheets/sheet1.xml"] = billion_laughs()
    path = write_zip(tmp_path / "bomb.xlsx", parts)
    out = tmp_path / "out.trf"
    assert refused(capsys, "export", str(path), "--trf", str(out)).endswith("declares a DTD or entities; refused (XML bomb protection)")
    assert not out.exists()


# -------------------------------------------------------------------- TRF
def trf_line(number: int, name: str, cells: list[str]) -> str:
    return f"001 {number:4d}      {name}".ljust(91) + "  ".join(cells)


def test_trf_with_a_million_character_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.trf"
    path.write_text("012 Test\n" + "001    1      Ann" + "x" * 1_000_000 + "\n")
    assert refused(capsys, "rank", str(path)) == f"{path}: line 2: a line of 1000017 characters; TRF lines are at most 2000"


def test_trf_with_150_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r150.trf"
    path.write_text("012 Test\n" + trf_line(1, "Ann", ["   2 w 1"] * 150) + "\n" + trf_line(2, "Bob", ["   1 b 0"] * 150) + "\n")
    assert refused(capsys, "rank", str(path)) == f"{path}: line 2 (Ann): more than 100 rounds; refused"


def test_trf_with_200_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 91 + 200 × 10 − 2 = 2089 characters: the line-length limit refuses it first
    path = tmp_path / "r200.trf"
    path.write_text("012 Test\n" + trf_line(1, "Ann", ["   2 w 1"] * 200) + "\n" + trf_line(2, "Bob", ["   1 b 0"] * 200) + "\n")
    assert refused(capsys, "rank", str(path)) == f"{path}: line 2: a line of 2089 characters; TRF lines are at most 2000"


def test_trf_declaring_200_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "xxr.trf"
    path.write_text("012 Test\nXXR 200\n" + trf_line(1, "Ann", ["   2 w 1"]) + "\n" + trf_line(2, "Bob", ["   1 b 0"]) + "\n")
    assert refused(capsys, "rank", str(path)) == f"{path}: line 2: XXR: 200 rounds; at most 100 are read"


def test_trf_with_25000_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "many.trf"
    path.write_text("012 Big\n" + "\n".join(f"001 {i:4d}      P{i}" for i in range(1, 25_001)) + "\n")
    # line 1 is the title, players start on line 2: the 20,001st player is on line 20,002
    assert refused(capsys, "rank", str(path)) == f"{path}: line 20002: more than 20000 players; refused"


def test_binary_garbage_named_trf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "garbage.trf"
    path.write_bytes(random.Random(1).randbytes(5000))
    assert refused(capsys, "rank", str(path)) == f"{path}: no player lines (001) in the file: not a TRF file?"


def test_fuzzed_trf_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """300 random TRF-like files: each is ranked (exit 0) or refused (exit 1, one line); none crashes."""
    rng = random.Random(2024)
    path = tmp_path / "fuzz.trf"
    outcomes = {0: 0, 1: 0}
    for _ in range(300):
        lines: list[bytes] = []
        for _ in range(rng.randint(1, 6)):
            kind = rng.random()
            if kind < 0.4:
                lines.append(b"001 " + rng.randbytes(rng.randint(0, 150)))
            elif kind < 0.6:
                code = rng.choice([b"XXR ", b"XXS ", b"042 ", b"092 ", b"162 ", b"202 ", b"XXT "])
                lines.append(code + bytes(rng.randrange(32, 127) for _ in range(rng.randint(0, 40))))
            else:
                line = f"001 {rng.randint(-5, 12):4d}      P{rng.randint(0, 9)}".ljust(91)
                for _ in range(rng.randint(0, 5)):
                    line += f" {rng.randint(0, 12):4d} {rng.choice('wb- x')} {rng.choice('10=+-WDLHFUZX?A ')}  "
                lines.append(line.encode())
        path.write_bytes(b"\n".join(lines))
        rc, out, err = cli(capsys, "rank", str(path))
        assert rc in (0, 1), (rc, err)
        if rc == 1:
            assert out == "" and len(err.splitlines()) == 1 and err.startswith("tiebreak: error: "), err
        outcomes[rc] += 1
    assert outcomes[1] > 0


# --------------------------------------------------- nothing is evaluated as code
def make_book(path: Path, settings: list[list[Any]] | None = None, name: Any = None, name_as_text: bool = False) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Table"
    for row in SWISS_ROWS:
        ws.append(row)
    if name is not None:
        ws["B2"] = name
        if name_as_text:
            ws["B2"].data_type = "s"  # text that starts with '=' (typed as '=...)
    if settings:
        s = wb.create_sheet("tiebreak")
        for row in settings:
            s.append(row)
        for row in s.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    cell.data_type = "s"
    wb.save(path)
    return path


PYTHON_CODE = "__import__('os').system('touch PWNED')"
EXCEL_DDE = "=cmd|' /C calc'!A0"


@pytest.mark.parametrize(
    "settings, message",
    [
        ([["Rule set / Правила", PYTHON_CODE]], f"sheet 'tiebreak': unknown rule set '{PYTHON_CODE}': {RULE_SETS}"),
        ([["Criteria / Критерии", PYTHON_CODE]], f"sheet 'tiebreak': unknown criterion '{PYTHON_CODE}': {UNKNOWN_CRITERION}"),
        ([["Criteria / Критерии", EXCEL_DDE]], f"sheet 'tiebreak': unknown criterion '{EXCEL_DDE}': {UNKNOWN_CRITERION}"),
        ([["Rule set / Правила", EXCEL_DDE]], f"sheet 'tiebreak': unknown rule set '{EXCEL_DDE}': {RULE_SETS}"),
    ],
    ids=["rules-python", "criteria-python", "criteria-dde", "rules-dde"],
)
def test_settings_holding_code_are_not_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], settings: list[list[Any]], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    path = make_book(tmp_path / "book.xlsx", settings=settings)
    assert refused(capsys, "rank", str(path)) == message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.xlsx"]  # no PWNED, no copy written


def test_hyperlink_formula_in_a_name_cell_is_not_evaluated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    formula = '=HYPERLINK("http://evil.example/","Ann")'
    path = make_book(tmp_path / "formula.xlsx", name=formula)
    assert refused(capsys, "rank", str(path)) == (
        f"sheet 'Table', cell B2: the formula '{formula}' has no stored value: open the file in Excel and save it, then try again"
    )


def test_hyperlink_text_in_a_name_cell_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    formula = '=HYPERLINK("http://evil.example/","Ann")'
    path = make_book(tmp_path / "text.xlsx", name=formula, name_as_text=True)
    assert refused(capsys, "rank", str(path)) == f"sheet 'Table', cell B2: '{formula}' is a formula stored as text, not its value"


def test_dde_formula_in_a_name_cell_is_not_evaluated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    path = make_book(tmp_path / "dde.xlsx", name=EXCEL_DDE)
    assert refused(capsys, "rank", str(path)) == (
        f"sheet 'Table', cell B2: the formula '{EXCEL_DDE}' has no stored value: open the file in Excel and save it, then try again"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dde.xlsx"]


def test_criteria_option_is_not_blamed_on_the_settings_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--criteria from the command line: the workbook has no 'tiebreak' sheet, the message must not name one."""
    path = make_book(tmp_path / "book.xlsx")
    assert refused(capsys, "rank", str(path), "--criteria", "foo, bar") == f"unknown criterion 'foo': {UNKNOWN_CRITERION}"
    assert refused(capsys, "rank", str(path), "--rules", "fide-2030") == f"unknown rule set 'fide-2030': {RULE_SETS}"


# ------------------------------------------------- control characters from a file
def test_escape_sequences_in_a_trf_never_reach_the_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A TRF can carry any byte: a player name or a rule-set line with ESC/BEL must not be printed raw."""
    osc = "\x1b]0;pwned\x07"  # sets the terminal's title; other sequences can do worse
    name_file = tmp_path / "name.trf"
    name_file.write_text("012 Test\n" + trf_line(1, "Ann", ["   2 w 1"]) + "\n" + trf_line(2, f"{osc}Bob", ["   1 b 0"]) + "\n")
    rules_file = tmp_path / "rules.trf"
    rules_file.write_text("012 Test\nXXT \x1b[2Jru\n" + trf_line(1, "Ann", ["   2 w 1"]) + "\n" + trf_line(2, "Bob", ["   1 b 0"]) + "\n")
    for argv in (["rank", str(name_file)], ["rank", str(name_file), "--format", "csv"], ["rank", str(rules_file)]):
        rc, out, err = cli(capsys, *argv)
        assert rc in (0, 1)
        shown = out + err
        assert not any(ord(ch) < 32 and ch not in "\n" for ch in shown), f"control characters printed: {shown!r}"


# ------------------------------------------------------- a far-away stray cell
def test_stray_cell_at_the_end_of_the_sheet_does_not_hang(tmp_path: Path) -> None:
    """One stray cell at XFD1048576 makes the used range 17 billion cells; the file is 6 KB.

    The command must finish (ranking the table, or refusing with a message) within
    8 s (a 5-row table takes well under one); it runs in a subprocess capped at 2 GB so that a hang cannot take the
    test run down with it.
    """
    wb = openpyxl.Workbook()
    ws = wb.active
    for row in SWISS_ROWS:
        ws.append(row)
    ws["XFD1048576"] = "stray"
    path = tmp_path / "stray.xlsx"
    wb.save(path)

    def cap() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    code = "import sys; from tiebreak.cli import main; sys.exit(main(sys.argv[1:]))"
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, "rank", str(path)], capture_output=True, text=True, timeout=8, preexec_fn=cap if os.name == "posix" else None, env=dict(os.environ)
        )
    except subprocess.TimeoutExpired:
        pytest.fail("tiebreak rank did not finish within 8 s on a workbook with one cell at XFD1048576")
    assert "Traceback" not in done.stderr
    if done.returncode == 0:
        assert "Ann" in done.stdout.splitlines()[2]  # the table ranked: Ann first (1½ points)
    else:
        assert done.returncode == 1 and done.stderr.startswith("tiebreak: error: ") and len(done.stderr.splitlines()) == 1, done.stderr
