"""Problems with the files themselves: a one-line message and exit status 1 or 2, never a traceback, nothing written."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import rich_package as rp

import tiebreak.io.package
from tiebreak.cli import commands as cli

ROOT = Path(__file__).resolve().parents[1]
RR = ROOT / "workbooks" / "draughts_round_robin.xlsx"


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    _, err = capsys.readouterr()
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tiebreak: error: "), err
    assert code in (1, 2)
    return code, lines[0]


def test_out_in_a_missing_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, err = refused(capsys, "rank", str(RR), "--out", str(tmp_path / "no such folder" / "out.xlsx"))
    assert "does not exist" in err and "no such folder" in err


def test_out_in_a_read_only_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # chmod does not stop the superuser the tests may run as, so the permission check itself is denied here
    folder = tmp_path / "locked"
    folder.mkdir()
    real_access = os.access
    monkeypatch.setattr(tiebreak.io.package.os, "access", lambda path, mode: False if Path(path) == folder else real_access(path, mode))
    _, err = refused(capsys, "rank", str(RR), "--out", str(folder / "out.xlsx"))
    assert "is read-only" in err and "locked" in err
    assert list(folder.iterdir()) == []


def test_out_is_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "out.xlsx").mkdir()
    _, err = refused(capsys, "rank", str(RR), "--out", str(tmp_path / "out.xlsx"))
    assert "is a folder" in err


def test_a_read_only_out_file_is_left_alone(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "out.xlsx"
    out.write_bytes(b"the arbiter's locked copy")
    os.chmod(out, 0o444)
    _, err = refused(capsys, "rank", str(RR), "--out", str(out))
    assert "read-only" in err
    assert out.read_bytes() == b"the arbiter's locked copy"


def test_an_empty_out(capsys: pytest.CaptureFixture[str]) -> None:
    _, err = refused(capsys, "rank", str(RR), "--out", "")
    assert "--out needs a file name" in err


def test_a_fifo_as_input_is_refused_without_blocking(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Opening a FIFO for reading blocks until a writer comes; tiebreak must not even open it.
    fifo = tmp_path / "event.xlsx"
    os.mkfifo(fifo)
    _, err = refused(capsys, "rank", str(fifo))
    assert "not a regular file" in err
    fifo2 = tmp_path / "event"  # no extension: the TRF/xlsx sniffing must not open it either
    os.mkfifo(fifo2)
    _, err = refused(capsys, "rank", str(fifo2))
    assert "not a regular file" in err


def test_a_device_as_input_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    _, err = refused(capsys, "rank", os.devnull)
    assert "not a regular file" in err


def test_a_folder_as_input_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, err = refused(capsys, "rank", str(tmp_path))
    assert "is a folder" in err


def test_an_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "event.xlsx"
    shutil.copyfile(RR, src)
    real_open = os.open

    def deny(path: object, flags: int, *args: object) -> int:
        if Path(str(path)) == src:
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(tiebreak.io.package.os, "open", deny)
    _, err = refused(capsys, "rank", str(src))
    assert "cannot read the file (Permission denied)" in err


def test_the_size_limit_counts_the_bytes_read_not_stat(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a file that grows after stat, or whose size stat misreports (a FUSE or proc-like file), is still cut off
    src = tmp_path / "event.xlsx"
    shutil.copyfile(RR, src)
    monkeypatch.setattr(tiebreak.io.package, "MAX_FILE", 4096)
    real_fstat = os.fstat

    class Lying:
        def __init__(self, st: os.stat_result) -> None:
            self.st_mode = st.st_mode
            self.st_size = 10

    monkeypatch.setattr(tiebreak.io.package.os, "fstat", lambda fd: Lying(real_fstat(fd)))
    _, err = refused(capsys, "rank", str(src))
    assert "larger than the 4,096 bytes tiebreak reads" in err


def test_a_chart_sheet_as_the_active_tab(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    src = rp.write(tmp_path / "club.xlsx", chart_sheet_active=True)
    _, err = refused(capsys, "rank", str(src), "--out", str(tmp_path / "out.xlsx"))
    assert "sheet 'Chart1' is a chart sheet" in err
    assert not (tmp_path / "out.xlsx").exists()
    # naming the crosstable's sheet works
    assert cli.main(["rank", str(src), "--sheet", "Crosstable", "--out", str(tmp_path / "out.xlsx")]) == 0


def test_a_real_process_exits_with_a_message(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tiebreak.cli", "rank", str(RR), "--out", str(tmp_path / "missing" / "x.xlsx")],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr and done.stderr.startswith("tiebreak: error: ")


def test_a_part_stored_twice_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # zip readers disagree on which copy counts; a copy must not silently drop one
    import warnings
    import zipfile

    src = tmp_path / "twice.xlsx"
    shutil.copyfile(RR, src)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about the duplicate name it is asked to write
        with zipfile.ZipFile(src, "a") as z:
            z.writestr("xl/styles.xml", b"<styleSheet/>")
    _, err = refused(capsys, "rank", str(src), "--out", str(tmp_path / "out.xlsx"))
    assert "the part xl/styles.xml is in the file twice" in err
