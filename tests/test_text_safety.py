"""User text that cannot drive a terminal or garble a file: control characters, bidi overrides, TRF encodings and lines.

* A name holding ESC [ (CSI), the one-byte CSI U+009B, an OSC 8 hyperlink or a
  right-to-left override reaches no output raw: the text table, CSV, JSON,
  HTML, messages on stderr, the worksheet functions' messages and the Rank
  dialog.
* A TRF file written by Russian software (Windows-1251) reads its names right
  and says how it was read; a Windows-1252 one too; only CR, LF and CRLF end a
  TRF line; an exported TRF keeps every free-text field on its line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from helpers import save_xlsx
from tiebreak.cli import commands as cli
from tiebreak.core.text import one_line, shown
from tiebreak.io.trf import decode_trf, read_trf, read_trf_file, write_trf
from tiebreak.core.model import Tournament

CSI, C1_CSI, RLO = "\x1b[31m", "\x9b31m", "\u202e"
OSC8 = "\x1b]8;;http://example.com\x1b\\link\x1b]8;;\x1b\\"
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
EVIL = f"Ann{CSI}Red{C1_CSI}{RLO}x{OSC8}"
# a workbook cannot hold C0 characters (XML 1.0 forbids them; openpyxl refuses them): C1 and bidi it can
EVIL_CELL = f"Ann{C1_CSI}Red\x9d0;title\x9c{RLO}x\u2066y"


def _evil_book(tmp_path: Path) -> Path:
    grid = [["No", "Name", 1, 2, 3], [1, EVIL_CELL, "X", 1, "½"], [2, "Bob", 0, "X", 1], [3, "Cid", "½", 0, "X"]]
    return save_xlsx(grid, tmp_path / "evil.xlsx")


def test_the_filter_removes_controls_and_overrides_and_keeps_text() -> None:
    assert shown(EVIL) == "Ann[31mRed31mx]8;;http://example.com\\link]8;;\\"
    assert one_line("a\r\nb\u2028c\x85d\x1ce\tf") == "a b c d e f"
    assert shown("Иванов\nПётр\t1") == "Иванов\nПётр\t1"  # line breaks and tabs of the outputs stay


def test_a_workbook_name_with_control_characters_is_refused_and_quoted_safely(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rank", str(_evil_book(tmp_path)), "--lang", "en"]) == 1
    _out, err = capsys.readouterr()
    assert "cell B2" in err and "control characters" in err and "Ann" in err
    assert not UNSAFE.search(err)


@pytest.mark.parametrize("fmt", ["text", "csv", "json", "html"])
def test_no_output_carries_a_names_bidi_override(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    grid = [["No", "Name", 1, 2, 3], [1, f"Ann{RLO}xoB\u2066y", "X", 1, "½"], [2, "Bob", 0, "X", 1], [3, "Cid", "½", 0, "X"]]
    book = save_xlsx(grid, tmp_path / "bidi.xlsx")
    assert cli.main(["rank", str(book), "--format", fmt, "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert "AnnxoBy" in out  # the name is there, without the overrides that would make it read otherwise
    assert not UNSAFE.search(out) and not UNSAFE.search(err)


def test_a_message_quoting_a_cell_carries_no_control_characters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    grid = [["No", "Name", 1, 2, 3], [1, "Ann", "X", f"1{C1_CSI}{RLO}", "½"], [2, "Bob", 0, "X", 1], [3, "Cid", "½", 0, "X"]]
    book = save_xlsx(grid, tmp_path / "bad.xlsx")
    assert cli.main(["rank", str(book), "--lang", "en"]) == 1
    out, err = capsys.readouterr()
    assert "error" in err and "D2" in err  # the cell is named ...
    assert not UNSAFE.search(err)  # ... and the text it quotes is shown safely


def test_a_trf_name_with_escape_sequences_reaches_no_output_raw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "evil.trf"
    name = f"I{CSI}{C1_CSI}{RLO}"  # as long as the name it replaces, so the columns stay aligned
    assert len(name) == len("Иванов Пётр")
    path.write_text(RU_TRF.replace("Иванов Пётр", name), encoding="utf-8")
    for fmt in ("text", "csv", "json", "html"):
        assert cli.main(["rank", str(path), "--format", fmt]) == 0
        out, err = capsys.readouterr()
        assert "Смирнова" in out and not UNSAFE.search(out) and not UNSAFE.search(err), fmt


def test_the_worksheet_functions_message_carries_no_control_characters() -> None:
    from tiebreak.excel.functions import _fail

    message = _fail(ValueError(f"bad cell {CSI}{RLO}\nsecond line"))
    assert not UNSAFE.search(message) and "\n" not in message


def test_the_rank_dialog_carries_no_control_characters() -> None:
    from tiebreak.excel.rank import _tell

    said: list[str] = []

    class App:
        def alert(self, message: str, title: str) -> None:
            said.append(message)

    class Book:
        app = App()

    _tell(Book(), f"Ranked {EVIL}")
    assert said and not UNSAFE.search(said[0]) and "Red" in said[0]


# ------------------------------------------------------------------ TRF encodings and lines
RU_TRF = (
    "012 Первенство клуба\n"
    "062 3\n"
    "092 Round Robin\n"
    "XXR 3\n"
    "001    1      Иванов Пётр                       1500                             1.5    1     2 w 1     3 b =  0000 - -\n"
    "001    2      Смирнова Анна                     1400                             1.0    2     1 b 0  0000 - -     3 w 1\n"
    "001    3      Кузнецов Олег                     1300                             0.5    3  0000 - -     1 w =     2 b 0\n"
)


def test_a_windows_1251_trf_reads_its_russian_names_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.trf"
    path.write_bytes(RU_TRF.encode("cp1251"))
    t = read_trf_file(path)
    assert [p.name for p in t.players] == ["Иванов Пётр", "Смирнова Анна", "Кузнецов Олег"]
    assert t.title == "Первенство клуба"
    assert cli.main(["rank", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "Иванов Пётр" in out
    assert "club.trf" in err and "Windows-1251" in err and "UTF-8" in err  # the note says how it was read ...
    assert "не в UTF-8" in err  # ... in the file's language (its names are Russian)


def test_utf8_and_windows_1252_trf_files_read_as_written(tmp_path: Path) -> None:
    text = RU_TRF.replace("Иванов Пётр  ", "Müller Jörg  ").replace("Смирнова Анна", "Dupont Hélène").replace("Кузнецов Олег", "Smith John   ")
    text = text.replace("Первенство клуба", "Club")
    path = tmp_path / "club.trf"
    path.write_bytes(text.encode("cp1252"))
    assert [p.name for p in read_trf_file(path).players] == ["Müller Jörg", "Dupont Hélène", "Smith John"]
    assert decode_trf(text.encode("cp1252"))[1] == "cp1252"
    path.write_bytes(b"\xef\xbb\xbf" + RU_TRF.encode("utf-8"))
    assert read_trf_file(path).players[1].name == "Смирнова Анна"
    assert decode_trf(RU_TRF.encode("utf-8"))[1] == "utf-8"


@pytest.mark.parametrize("separator", ["\x85", "\u2028", "\u2029", "\x1c", "\x1d", "\x1e", "\x0b", "\x0c"])
def test_only_cr_lf_and_crlf_end_a_trf_line(separator: str) -> None:
    text = RU_TRF.replace("Иванов Пётр", f"Иванов{separator}Пётр")
    t = read_trf(text)
    assert len(t.players) == 3  # the name was not split into a line of its own
    assert not UNSAFE.search(t.players[0].name) and "\u2028" not in t.players[0].name
    assert len(read_trf(RU_TRF.replace("\n", "\r\n")).players) == 3 and len(read_trf(RU_TRF.replace("\n", "\r")).players) == 3


def test_an_exported_trf_keeps_every_free_text_field_on_its_line() -> None:
    t = Tournament.from_games(["Ann\n001    9      Evil", f"Bob{CSI}\u2028x"], [(1, "Ann\n001    9      Evil", f"Bob{CSI}\u2028x", 1.0, 0.0)])
    text = write_trf(t, title="Club\n001    7      Injected\r\n", rules="ru\nXXR 99")
    lines = text.splitlines()
    assert sum(1 for line in lines if line.startswith("001")) == 2
    assert not any("XXR 99" == line for line in lines) and lines[0].startswith("012 Club")
    assert all(not UNSAFE.search(line) for line in lines)
    assert len(lines[0]) <= 80
    assert read_trf(text).players[0].name.startswith("Ann 001")  # the name is kept, on its line
