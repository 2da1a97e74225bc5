"""The hostile and odd input corpus: every category of input that once lost data, misread, hung, crashed or injected, generated.

    python tests/hostile_corpus.py FOLDER

writes the corpus into FOLDER (nothing large is committed: a bomb is a few
hundred kilobytes that claim far more) and prints one line a case: its
category, its name, the command and what it must give.  Each case is a
command line of ``tiebreak`` with what it must give: the exit status, words
the output must hold (or must not), files that must stay byte for byte as
they were, and for a legal XML form the standings of the plain form.
``tests/test_hostile_corpus.py`` runs every case in a fresh process (a time
limit guards against a hang; it is not a speed target).

The builders are the test modules' own (the workbook parts, the bombs, the
odd XML forms, the TRF lines); this module only puts them together.
"""

from __future__ import annotations

import os
import re
import sys
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_hostile_files import (
    SWISS_ROWS,
    billion_laughs,
    deflate,
    deflated_zeros,
    raw_zip,
    workbook_parts,
)
from test_sheet_xml_forms import FORMS, commented, sheet, write_book
from test_text_safety import RU_TRF


@dataclass
class Case:
    category: str
    argv: list[str]  # after "tiebreak --lang en"
    code: int  # the exit status
    words: list[str] = field(default_factory=list)  # in stdout + stderr
    absent: list[str] = field(default_factory=list)  # nowhere in stdout + stderr
    unchanged: list[Path] = field(default_factory=list)  # the same bytes afterwards
    same_as: list[str] | None = None  # a command whose stdout this one's must equal (the plain form of a legal odd form)
    check: Callable[[], str | None] | None = None  # a further check of what was written: a problem, or None


_SHEET_NAME = re.compile(r'<sheet [^>]*?name="([^"]*)"')
CATEGORIES = ["data loss", "legal XML forms", "hangs and memory", "tracebacks", "injection and encodings", "malformed copies"]
NOT_REGULAR = "not a regular file (a pipe, a device or a socket)"


def _plain(folder: Path) -> Path:
    return write_book(folder / "plain.xlsx", sheet().encode())


def _data_loss(folder: Path, cases: dict[str, Case]) -> None:
    book = _plain(folder)
    linked = folder / "linked.xlsx"
    os.link(book, linked)
    read_only = folder / "read-only.trf"
    read_only.write_text("kept\n")
    read_only.chmod(0o444)
    fifo = folder / "pipe.trf"
    os.mkfifo(fifo)
    (folder / "a-folder.trf").mkdir()
    same = ["is the input file", "refusing to overwrite it"]
    cases["export onto its own workbook"] = Case("data loss", ["export", str(book), "--trf", str(book)], 1, same, unchanged=[book])
    cases["export through a hard link to its workbook"] = Case("data loss", ["export", str(book), "--trf", str(linked)], 1, same, unchanged=[book])
    cases["export onto a read-only file"] = Case("data loss", ["export", str(book), "--trf", str(read_only)], 1, ["read-only"], unchanged=[read_only])
    cases["export into a FIFO"] = Case("data loss", ["export", str(book), "--trf", str(fifo)], 1, [NOT_REGULAR])
    cases["export onto a folder"] = Case("data loss", ["export", str(book), "--trf", str(folder / "a-folder.trf")], 1, ["folder"])
    cases["ranked copy onto its input"] = Case("data loss", ["rank", str(book), "--out", str(book)], 1, same, unchanged=[book])


def _legal_forms(folder: Path, cases: dict[str, Case]) -> None:
    plain = ["rank", str(_plain(folder)), "--format", "csv"]
    for name, make in FORMS.items():
        xml, strings = make()
        path = write_book(folder / f"form-{name}.xlsx", xml, strings)
        cases[f"legal form: {name.replace('_', ' ')}"] = Case("legal XML forms", ["rank", str(path), "--format", "csv"], 0, ["Anna"], same_as=plain)


def _hangs(folder: Path, cases: dict[str, Case]) -> None:
    bomb = write_book(folder / "xml-bomb.xlsx", billion_laughs())
    cases["billion laughs in a sheet"] = Case("hangs and memory", ["rank", str(bomb)], 1, ["DTD", "refused"])
    size = 600 * 1024 * 1024
    data, crc = deflated_zeros(size)
    members = [(name, deflate(body), zlib.crc32(body), len(body), 8) for name, body in workbook_parts().items() if name != "xl/worksheets/sheet1.xml"]
    members.append(("xl/worksheets/sheet1.xml", data, crc, size, 8))
    zip_bomb = raw_zip(folder / "zip-bomb.xlsx", members)
    cases["a 600 MB part of zeros"] = Case("hangs and memory", ["rank", str(zip_bomb)], 1, ["zip bomb"])
    fifo = folder / "pipe.xlsx"
    os.mkfifo(fifo)
    for command in (["rank"], ["explain", "--place"], ["compare", "--rules", "ru,fide-2024"]):
        cases[f"{command[0]} reading a FIFO"] = Case("hangs and memory", [command[0], str(fifo), *command[1:]], 1, [NOT_REGULAR])
    cases["explain reading /dev/zero"] = Case("hangs and memory", ["explain", "/dev/zero", "--place"], 1, [NOT_REGULAR])
    cases["a range of the whole sheet"] = Case("hangs and memory", ["rank", str(_plain(folder)), "--range", "A1:XFD1048576"], 1, ["cells"])
    cases["a megabyte of comments holding cells"] = Case("hangs and memory", ["rank", str(write_book(folder / "comments.xlsx", commented(1_000_000)))], 1, ["Crosstable"])


def _tracebacks(folder: Path, cases: dict[str, Case]) -> None:
    xml = sheet()
    for name, value in (("a surrogate", "&#xD800;"), ("a reference beyond Unicode", "&#x110000;")):
        path = write_book(folder / f"reference-{name.split()[-1]}.xlsx", xml.replace("<v>0.5</v>", f"<v>{value}</v>", 1).encode())
        cases[f"a character reference to {name}"] = Case("tracebacks", ["rank", str(path)], 1, ["Crosstable", "reference to invalid character number"])
    bad_utf8 = write_book(folder / "bad-utf8.xlsx", xml.encode().replace(b"<t>Anna</t>", b"<t>An\xffna</t>"))
    cases["invalid UTF-8 in a cell"] = Case("tracebacks", ["rank", str(bad_utf8)], 1, ["not well-formed XML"])
    unknown = write_book(folder / "unknown-encoding.xlsx", xml.replace('encoding="UTF-8"', 'encoding="F-8"').encode())
    cases["an encoding no one knows"] = Case("tracebacks", ["rank", str(unknown)], 1, ["Crosstable", "F-8"])
    nested = write_book(folder / "cell-in-a-cell.xlsx", xml.replace('<c r="A2"><v>1</v></c>', '<c r="A2"><c r="A2"><v>1</v></c></c>', 1).encode())
    cases["a cell inside a cell"] = Case("tracebacks", ["rank", str(nested), "--format", "csv"], 0, ["Anna"])
    cases["an empty TRF name"] = Case("tracebacks", ["export", str(_plain(folder)), "--trf", ""], 2, ["--trf"])


def _trf_players(path: Path) -> int:
    return sum(1 for line in path.read_bytes().splitlines() if line.startswith(b"001"))


def _renamed(name: str, new: str) -> str:
    """The Russian TRF with one player's name field (33 columns) holding ``new`` instead."""
    return RU_TRF.replace(name.ljust(33), new.ljust(33))


def _injection(folder: Path, cases: dict[str, Case]) -> None:
    evil = folder / "escapes.trf"
    evil.write_text(_renamed("Иванов Пётр", "Ivanov\x1b]0;owned\x07\x9b31m\u202eX").replace("Первенство клуба", "Open\x1b[2J"), encoding="utf-8")
    cases["terminal escapes in TRF names and title"] = Case("injection and encodings", ["rank", str(evil)], 0, ["Ivanov"], absent=["\x1b", "\x9b", "\u202e", "\x07"])
    ru = folder / "club-cp1251.trf"
    ru.write_bytes(RU_TRF.encode("cp1251"))
    cases["a Windows-1251 TRF"] = Case("injection and encodings", ["rank", str(ru)], 0, ["Иванов Пётр", "Windows-1251"])
    split = folder / "line-separators.trf"
    split.write_text(_renamed("Смирнова Анна", "Smirnova\u2028001\x85Anna").replace("\n", "\r\n"), encoding="utf-8")
    cases["line separators inside a TRF name"] = Case("injection and encodings", ["rank", str(split)], 0, ["Smirnova 001 Anna"])
    named = write_book(folder / "evil\n001 name.xlsx", sheet().encode())
    out = folder / "from-evil-name.trf"
    cases["a newline in the workbook's file name"] = Case(
        "injection and encodings", ["export", str(named), "--trf", str(out)], 0,
        check=lambda: None if _trf_players(out) == 4 else f"{_trf_players(out)} player lines in the exported TRF, 4 expected",
    )


def _copy_sheets(path: Path, written: bool) -> str | None:
    """A problem of the ranked copy: written when it should not be, or not; sheets whose names differ only in case."""
    if not path.exists():
        return "no ranked copy" if written else None
    if not written:
        return "a ranked copy was written"
    with zipfile.ZipFile(path) as z:
        workbook = z.read("xl/workbook.xml").decode()
    names = [n.casefold() for n in _SHEET_NAME.findall(workbook)]
    return None if len(names) == len(set(names)) else f"sheets whose names differ only in case: {names}"


def _malformed_copies(folder: Path, cases: dict[str, Case]) -> None:
    # a user's own sheet under the name of one of Rank's (in another case) is kept; where Rank would need it, it says so
    for name, code, words in (("standings", 1, ["not written by tiebreak", "nothing was changed"]), ("TIEBREAK", 0, []), ("compare", 0, [])):
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "Table"
        for row in SWISS_ROWS:
            ws.append(row)
        wb.create_sheet(name)["A1"] = "my notes"
        src = folder / f"own-{name}.xlsx"
        wb.save(src)
        copy = folder / f"own-{name}-ranked.xlsx"
        cases[f"a user's sheet named {name}"] = Case(
            "malformed copies", ["rank", str(src), "--out", str(copy)], code, words, unchanged=[src],
            check=lambda copy=copy, code=code: _copy_sheets(copy, written=code == 0),  # type: ignore[misc]
        )


def build(folder: Path) -> dict[str, Case]:
    """Write the corpus into ``folder`` (which must be empty); each case by its name."""
    cases: dict[str, Case] = {}
    for part, make in (("data-loss", _data_loss), ("forms", _legal_forms), ("hangs", _hangs), ("tracebacks", _tracebacks), ("injection", _injection), ("copies", _malformed_copies)):
        sub = folder / part
        sub.mkdir()
        make(sub, cases)
    return cases


if __name__ == "__main__":
    target = Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    for name, case in build(target).items():
        print(f"{case.category} | {name} | tiebreak {' '.join(case.argv)!r} | exit {case.code} | {', '.join(case.words)}")
