"""Every file tiebreak writes goes through tiebreak.io.output: the ranked copy, the TRF, the HTML page.

Hostile and careless targets are made on the fly in tmp_path: the input itself
(by name, through a symbolic link, through a hard link), a FIFO, a device, a
folder, a read-only file, a symbolic link planted where an old version put its
fixed temporary file.  Each is refused with its message, or written safely.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from tiebreak.cli import commands as cli
from tiebreak.core.errors import FileFormatError
from tiebreak.io.output import refuse_inputs, same_file, write_atomic, write_text

ROOT = Path(__file__).resolve().parents[1]
RR = ROOT / "workbooks" / "draughts_round_robin.xlsx"
HELD5 = ROOT / "tests" / "reference" / "fide_held_exercises" / "held_swiss_5.trf"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "book.xlsx"
    shutil.copyfile(RR, path)
    return path


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".tiebreak-") or p.name.endswith(".tmp"))


# ------------------------------------------------------------------ the input is the target
@pytest.mark.parametrize("how", ["same", "symlink", "hardlink"])
def test_export_never_overwrites_its_workbook(capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path, how: str) -> None:
    before = book.read_bytes()
    target = book
    if how == "symlink":
        target = tmp_path / "link.trf"
        target.symlink_to(book)
    elif how == "hardlink":
        target = tmp_path / "hard.trf"
        os.link(book, target)
    code, out, err = run(capsys, "export", str(book), "--trf", str(target))
    assert code == 1 and out == ""
    assert err == f"tiebreak: error: --trf {target} is the input file {book}; refusing to overwrite it (give the output another name)\n"
    assert book.read_bytes() == before
    assert leftovers(tmp_path) == []


def test_html_page_never_overwrites_its_trf_through_a_hard_link(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "event.trf"
    shutil.copyfile(HELD5, source)
    target = tmp_path / "page.html"
    os.link(source, target)
    code, _, err = run(capsys, "rank", str(source), "--format", "html", "--out", str(target))
    assert code == 1 and "is the input file" in err
    assert source.read_bytes() == HELD5.read_bytes()


def test_same_file_compares_device_and_inode(tmp_path: Path) -> None:
    a = tmp_path / "a"
    a.write_text("x")
    (tmp_path / "sub").mkdir()
    other = tmp_path / "sub" / ".." / "a"  # another spelling of the same path
    os.link(a, tmp_path / "b")
    (tmp_path / "c").symlink_to(a)
    (tmp_path / "d").write_text("x")  # equal bytes, another file
    assert same_file(a, other) and same_file(a, tmp_path / "b") and same_file(tmp_path / "c", a)
    assert not same_file(a, tmp_path / "d") and not same_file(a, tmp_path / "missing")
    with pytest.raises(FileFormatError, match="is the input file"):
        refuse_inputs(tmp_path / "c", [tmp_path / "d", a], "--out")


# ------------------------------------------------------------------ targets that are not files to replace
def test_trf_to_a_read_only_file_is_refused(capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path) -> None:
    target = tmp_path / "old.trf"
    target.write_text("keep me")
    target.chmod(0o444)
    try:
        code, _, err = run(capsys, "export", str(book), "--trf", str(target))
        if os.geteuid() != 0 or code == 1:  # root may write a read-only file; the mode bits still refuse it
            assert code == 1
            assert err == f"tiebreak: error: {target}: the file is read-only; choose another name or make it writable\n"
            assert target.read_text() == "keep me"
    finally:
        target.chmod(0o644)


def test_trf_to_a_fifo_is_refused_at_once(capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.trf"
    os.mkfifo(fifo)
    code, _, err = run(capsys, "export", str(book), "--trf", str(fifo))
    assert code == 1
    assert err == f"tiebreak: error: {fifo}: not a regular file (a pipe, a device or a socket); give a file name for the copy\n"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_trf_to_a_device_is_refused(capsys: pytest.CaptureFixture[str], book: Path) -> None:
    code, _, err = run(capsys, "export", str(book), "--trf", os.devnull)
    assert code == 1 and "not a regular file" in err
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_html_page_to_a_folder_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "rank", str(HELD5), "--format", "html", "--out", str(tmp_path))
    assert code == 1 and err == f"tiebreak: error: {tmp_path}: is a folder; give a file name for the copy\n"


def test_empty_trf_name_is_a_usage_error(capsys: pytest.CaptureFixture[str], book: Path) -> None:
    code, out, err = run(capsys, "export", str(book), "--trf", "")
    assert code == 2 and out == ""
    assert err.startswith("tiebreak: error: --trf needs a file name (it was empty)\n") and "Traceback" not in err


# ------------------------------------------------------------------ the temporary file
def test_a_planted_symlink_at_the_old_temporary_name_is_not_followed(capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (tmp_path / ".event.trf.tmp").symlink_to(victim)
    target = tmp_path / "event.trf"
    code, _, err = run(capsys, "export", str(book), "--trf", str(target))
    assert code == 0, err
    assert victim.read_text() == "precious"
    assert target.read_text(encoding="utf-8").startswith("012 ")
    assert leftovers(tmp_path) == [".event.trf.tmp"]  # the planted link, untouched; nothing of tiebreak's


def test_the_target_keeps_its_mode(book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "event.trf"
    target.write_text("old")
    target.chmod(0o640)
    code, _, err = run(capsys, "export", str(book), "--trf", str(target))
    assert code == 0, err
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert target.read_text(encoding="utf-8") != "old"


def test_a_failing_write_leaves_the_target_and_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "page.html"
    target.write_text("old page")

    def half(f: IO[bytes]) -> None:
        f.write(b"half a page")
        raise OSError(28, "No space left on device")

    with pytest.raises(FileFormatError, match=r"page\.html: cannot write the file \(No space left on device\)"):
        write_atomic(target, half)
    assert target.read_text() == "old page"
    assert leftovers(tmp_path) == []


def test_write_text_replaces_in_one_step(tmp_path: Path) -> None:
    target = tmp_path / "x.trf"
    write_text(target, "Łódź — Москва\n")
    assert target.read_bytes() == "Łódź — Москва\n".encode()
    assert leftovers(tmp_path) == []


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "x.trf"
    with pytest.raises(FileFormatError) as err:
        write_text(target, "x")
    assert str(err.value) == f"{target}: cannot write the file (the folder {target.parent} does not exist)"


# ------------------------------------------------------------------ inputs that are not regular files
@pytest.mark.parametrize("command", [["rank"], ["explain", "--place"], ["compare", "--rules", "ru,fide-2024"], ["export", "--trf", "OUT"]])
@pytest.mark.parametrize("special", ["fifo", "device"])
def test_every_command_refuses_a_fifo_or_a_device_at_once(tmp_path: Path, command: list[str], special: str) -> None:
    if special == "fifo":
        path = tmp_path / "book.xlsx"
        os.mkfifo(path)
    else:
        path = Path("/dev/zero")
    argv = [command[0], str(path), *(str(tmp_path / "out.trf") if a == "OUT" else a for a in command[1:])]
    done = subprocess.run([sys.executable, "-m", "tiebreak.cli", "--lang", "en", *argv], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert done.stderr == f"tiebreak: error: {path}: not a regular file (a pipe, a device or a socket); save the workbook as a file and give its name\n"
    assert done.stdout == ""


# ------------------------------------------------------------------ stdout
def cli_run(*argv: str, stdout: IO[bytes] | int = subprocess.PIPE, encoding: str | None = None) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    if encoding:
        env["PYTHONIOENCODING"] = encoding
    return subprocess.run([sys.executable, "-m", "tiebreak.cli", "--lang", "en", *argv], stdout=stdout, stderr=subprocess.PIPE, env=env, timeout=120)


def test_cp1251_stdout_holds_cyrillic_names() -> None:
    done = cli_run("rank", str(RR), encoding="cp1251")
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    utf8 = cli_run("rank", str(RR))
    assert done.stdout.decode("cp1251") == utf8.stdout.decode("utf-8")  # every character held, none replaced
    assert b"warning" not in done.stderr


def test_cp1252_stdout_writes_question_marks_and_warns_once() -> None:
    done = cli_run("rank", str(RR), encoding="cp1252")
    assert done.returncode == 0
    utf8 = cli_run("rank", str(RR)).stdout.decode("utf-8")
    expected = "".join(ch if ch.encode("cp1252", "ignore") else "?" for ch in utf8)
    assert done.stdout.decode("cp1252") == expected
    warning = "tiebreak: warning: the output's encoding (cp1252) cannot hold some characters; they were written as '?' (set PYTHONIOENCODING=utf-8 to keep them)\n"
    assert done.stderr.decode().endswith(warning) and done.stderr.decode().count("warning") == 1


@pytest.mark.parametrize("fmt", ["text", "csv", "json", "html"])
def test_a_full_disk_as_stdout_is_one_line_and_exit_1(fmt: str) -> None:
    with open("/dev/full", "wb") as full:
        done = cli_run("rank", str(RR), "--format", fmt, stdout=full)
    assert done.returncode == 1
    assert done.stderr.decode().splitlines()[-1] == "tiebreak: error: cannot write the output (No space left on device)"
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr


# ------------------------------------------------------------------ budgets, checked before the memory is spent
def limited(*argv: str, memory_mb: int = 700) -> subprocess.CompletedProcess[str]:
    """The command line in a subprocess that may not use more than ``memory_mb`` of address space."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 1024 * 1024, memory_mb * 1024 * 1024))

    return subprocess.run([sys.executable, "-m", "tiebreak.cli", "--lang", "en", *argv], capture_output=True, text=True, timeout=120, preexec_fn=cap)


def test_range_of_the_whole_sheet_is_refused_before_it_is_built() -> None:
    done = limited("rank", str(RR), "--range", "A1:XFD1048576")
    assert done.returncode == 1, done.stderr
    assert done.stderr == "tiebreak: error: --range A1:XFD1048576: 1048576 rows and 16384 columns; more than 2,000,000 cells is beyond what tiebreak reads\n"


def test_a_diagonal_chain_of_cells_is_refused_by_its_rectangle(tmp_path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    for i in range(1, 3001):  # corner to corner: one block of 3000 × 3000 cells holding 3000 values
        ws.cell(i, i, i)
    path = tmp_path / "diagonal.xlsx"
    wb.save(path)
    done = limited("rank", str(path))
    assert done.returncode == 1, done.stderr
    corner = openpyxl.utils.get_column_letter(3000) + "3000"
    assert done.stderr.startswith(
        f"tiebreak: error: the table A1:{corner} has 3000 rows and 3000 columns; more than 2,000,000 cells is beyond what tiebreak reads"
    )


def _bomb_zip(path: Path, parts: dict[str, bytes]) -> Path:
    import zipfile

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return path


def test_shared_strings_that_unpack_too_large_are_refused_before_they_are_read(tmp_path: Path) -> None:
    # 70 MB of shared strings, a few MB packed: under the ratio check, over the part budget
    import random

    rng = random.Random(7)
    words = [bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(8)) for _ in range(4096)]
    body = b"".join(b"<si><t>" + words[i % 4096] + b"</t></si>" for i in range(70 * 1024 * 1024 // 20))
    strings = b'<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' + body + b"</sst>"
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws["A1"] = "name"
    base = tmp_path / "base.xlsx"
    wb.save(base)
    import zipfile

    with zipfile.ZipFile(base) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts["xl/sharedStrings.xml"] = strings
    rel = b'<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(b"</Relationships>", rel + b"</Relationships>")
    path = _bomb_zip(tmp_path / "strings.xlsx", parts)
    assert path.stat().st_size < 30 * 1024 * 1024
    done = limited("rank", str(path))
    assert done.returncode == 1, done.stderr
    size = len(strings) // (1024 * 1024)
    assert f"part xl/sharedStrings.xml unpacks to {size} MB; more than the 64 MB tiebreak reads in a part" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_ods_bomb_is_refused_before_calamine_reads_it(tmp_path: Path) -> None:
    content = b'<?xml version="1.0"?><office:document-content>' + b" " * (300 * 1024 * 1024) + b"</office:document-content>"
    path = _bomb_zip(tmp_path / "bomb.ods", {"mimetype": b"application/vnd.oasis.opendocument.spreadsheet", "content.xml": content})
    assert path.stat().st_size < 2 * 1024 * 1024
    done = limited("rank", str(path))
    assert done.returncode == 1, done.stderr
    assert done.stderr == f"tiebreak: error: {path}: part content.xml unpacks to 300 MB; more than the 64 MB tiebreak reads in a part\n"


def test_rank_out_through_a_hard_link_to_the_input_is_refused(capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path) -> None:
    before = book.read_bytes()
    target = tmp_path / "copy.xlsx"
    os.link(book, target)
    code, _, err = run(capsys, "rank", str(book), "--out", str(target))
    assert code == 1
    assert err == f"tiebreak: error: --out {target} is the input file; refusing to overwrite it (add --overwrite-input if you mean it)\n"
    assert book.read_bytes() == before and leftovers(tmp_path) == []


def test_rank_out_onto_a_symlink_replaces_the_link_not_the_file_it_names(capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.xlsx"
    elsewhere.write_bytes(b"not tiebreak's")
    link = tmp_path / "ranked.xlsx"
    link.symlink_to(elsewhere)
    code, _, err = run(capsys, "rank", str(book), "--out", str(link))
    assert code == 0, err
    assert elsewhere.read_bytes() == b"not tiebreak's"
    assert not link.is_symlink() and link.read_bytes()[:2] == b"PK"
