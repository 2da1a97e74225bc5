"""The sheet reader's quick path is exact: a part it takes reads as the parser's events read it, and each form it cannot vouch for goes to the parser.

The quick path (``sheetxml._read_usual``) reads the rows of a part with one
regular expression and leaves the parser only the part without its
sheetData.  It may take a part only when it can show, without parsing the
stretch, that the parser would read the stretch the same: every byte a usual
token, the rows nested, no attribute twice, every prefix bound, no byte the
parser would refuse or replace.  Each odd form below is forced through the
parser; a fuzz over random mutations of a usual part then compares the
reader against the parser's events alone, so that a form the quick check
missed would show as a difference.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tiebreak.core.errors import FileFormatError
from tiebreak.io import sheetxml as sx
from tiebreak.io.sheetxml import read_sheet

M = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
ROWS = (
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c><c r="B1"><v>1</v></c></row>'
    '<row r="2"><c r="A2" t="inlineStr"><is><t>Anna &amp; Co</t></is></c><c r="B2" s="3"><v>0.5</v></c><c r="C2" s="1"/></row>'
    '<row r="3" spans="1:3"><c r="A3" t="inlineStr"><is><t>Boris</t></is></c><c r="B3"><v>0</v></c></row>'
)
AFTER = '<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>'


def part(rows: str = ROWS, root: str = "", before: str = "") -> bytes:
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="{M}"{root}><dimension ref="A1:C3"/>{before}<sheetData>{rows}</sheetData>{AFTER}</worksheet>'.encode()


def by_events(xml: bytes) -> sx.SheetData:
    """The part read by the parser's events alone: the reference the quick path must equal."""
    p = sx._parser()
    reader = sx._Reader(p, [], "x", None)
    sx._feed(p, [(xml, True)], "x")
    return reader.data


def outcome(read: Any, xml: bytes) -> Any:
    try:
        data = read(xml)
    except FileFormatError:
        return "refused"
    return (data.cells, data.merges, data.protected)


PLAIN = {(0, 0): "Name", (0, 1): 1, (1, 0): "Anna & Co", (1, 1): 0.5, (2, 0): "Boris", (2, 1): 0}


def test_the_usual_part_is_taken_by_the_quick_path_and_reads_as_the_events_do() -> None:
    xml = part()
    data = sx._read_usual(xml, [], "x")
    assert data is not None and data.cells == PLAIN and data.merges == [(1, 1, 1, 2)]
    assert outcome(lambda x: read_sheet(x, [], "x"), xml) == outcome(by_events, xml)
    # a prefixed row attribute (Excel's x14ac:dyDescent) whose prefix the root binds is still usual
    excel = part(ROWS.replace('<row r="2">', '<row r="2" x14ac:dyDescent="0.25">'), root=' xmlns:x14ac="urn:x14ac"')
    assert sx._read_usual(excel, [], "x") is not None
    assert read_sheet(excel, [], "x").cells == PLAIN


# each: the part, and what the parser makes of it (a dict of cells, or "refused": not well-formed)
ODD_FORMS = {
    "a control character XML forbids": (part(ROWS.replace("Boris", "Bo\x01ris")), "refused"),
    "the end of a CDATA section in text": (part(ROWS.replace("Boris", "Bo]]>ris")), "refused"),
    "a character reference": (part(ROWS.replace("Boris", "&#66;oris")), PLAIN),
    "a reference XML does not define": (part(ROWS.replace("Boris", "&bogus;")), "refused"),
    "U+FFFF, not a character in XML": (part(ROWS.replace("Boris", "Bo\uffffris")), "refused"),
    "invalid UTF-8 in a row attribute": (part(ROWS).replace(b'spans="1:3"', b'spans="\xff"'), "refused"),
    "a surrogate encoded in UTF-8": (part(ROWS).replace(b"Boris", b"Bo\xed\xa0\x80ris"), "refused"),
    "an attribute twice on a row": (part(ROWS.replace('<row r="2">', '<row r="2" r="2">')), "refused"),
    "a style twice on a cell": (part(ROWS.replace('<c r="B2" s="3">', '<c r="B2" s="3" t="n" s="4">')), "refused"),
    "an unbound prefix on a row": (part(ROWS.replace('<row r="2">', '<row r="2" q:x="1">')), "refused"),
    "a prefix bound only on an earlier sibling": (part(ROWS.replace('<row r="2">', '<row r="2" q:x="1">'), before='<sheetPr xmlns:q="urn:q"/>'), "refused"),
    "two prefixes of one namespace, one local name": (
        part(ROWS.replace('<row r="2">', '<row r="2" p:x="1" q:x="2">'), root=' xmlns:p="urn:same" xmlns:q="urn:same"'),
        "refused",
    ),
    "a prefixed name that is no qualified name": (part(ROWS.replace('<row r="2">', '<row r="2" p:x:y="1">'), root=' xmlns:p="urn:p"'), "refused"),
    "a row inside a row": (part(ROWS.replace('</row><row r="2">', '<row r="2">').replace('</row><row r="3"', '</row></row><row r="3"')), PLAIN),
    "a row left open": (part(ROWS[: -len("</row>")]), "refused"),
    "a row closed twice": (part(ROWS + "</row>"), "refused"),
    "a row closed before any opens": (part("</row>" + ROWS), "refused"),
    "a decoy sheetData in a comment before the real one": (part(ROWS, before="<!-- <sheetData></sheetData> -->"), PLAIN),
    "a DTD": (part(ROWS).replace(b"<worksheet", b'<!DOCTYPE worksheet [<!ATTLIST c t CDATA "s">]><worksheet'), "refused"),
}


@pytest.mark.parametrize("name", list(ODD_FORMS))
def test_each_odd_form_goes_to_the_parser_and_reads_as_the_parser_reads_it(name: str) -> None:
    xml, expected = ODD_FORMS[name]
    assert sx._read_usual(xml, [], "x") is None  # the quick path does not vouch for it
    got = outcome(lambda x: read_sheet(x, [], "x"), xml)
    assert got == outcome(by_events, xml)
    assert got == "refused" if expected == "refused" else got[0] == expected


# fragments a careless program or an attacker might leave anywhere in a part
FRAGMENTS = [
    "<!-- c -->", "<![CDATA[9]]>", "&#49;", "&#x0;", "&amp;", "&lt;", "&bogus;", "]]>", "'", '"', " ", "\t", "\r", "\n", "\x01", "\x7f",
    "\u0085", "\uffff", "é", "<", ">", "/", "=", "</row>", '<row r="2">', '<row r="9"/>', "<row>", '<c r="D2"><v>7</v></c>', '<c r="A2"/>',
    ' s="1"', ' t="s"', ' t="str"', ' r="1"', ' r="2"', ' x:y="1"', ' x14ac:dyDescent="1"', ' xmlns:x="urn:x"', ' xmlns="urn:other"',
    "<v>5</v>", "<is><t>z</t></is>", "<f>1+1</f>", "x:", "<x:c r=\"A1\"/>", "<sheetData>", "</sheetData>", "<?pi x?>",
]


def mutate(rnd: random.Random, xml: str) -> str:
    for _ in range(rnd.choice((1, 1, 1, 2, 3))):
        tags = [i for i, ch in enumerate(xml) if ch in "<>\""]
        at = rnd.randrange(len(xml) + 1) if rnd.random() < 0.5 else rnd.choice(tags) + rnd.randint(0, 1)  # anywhere, or at a tag's edge
        kind = rnd.random()
        if kind < 0.6:
            xml = xml[:at] + rnd.choice(FRAGMENTS) + xml[at:]
        elif kind < 0.8:
            xml = xml[:at] + xml[at + rnd.randint(1, 4) :]
        else:
            xml = xml[:at] + rnd.choice(FRAGMENTS) + xml[at + rnd.randint(1, 4) :]
    return xml


def test_fuzz_random_mutations_read_as_the_parser_events_read_them() -> None:
    rnd = random.Random(20)
    base = part(ROWS.replace('<row r="2">', '<row r="2" x14ac:dyDescent="0.25">'), root=' xmlns:x14ac="urn:x14ac"').decode()
    quick = refused = 0
    for _ in range(6000):
        text = mutate(rnd, base)
        xml = text.encode("utf-8", "surrogatepass")
        taken = sx._read_usual(xml, [], "x") is not None if _usual_candidate(xml) else False
        expected = outcome(by_events, xml)
        assert outcome(lambda x: read_sheet(x, [], "x"), xml) == expected, text
        quick += taken
        refused += expected == "refused"
    # the fuzz reaches both sides: parts the quick path takes, parts the parser refuses, parts read slowly
    assert quick > 200 and refused > 300 and 6000 - quick - refused > 300, (quick, refused)


def _usual_candidate(xml: bytes) -> bool:
    try:
        return sx._read_usual(xml, [], "x") is not None
    except FileFormatError:
        return False


@pytest.mark.parametrize("bad", [None, ' ht="1" ht="2"', ' q:x="1"'])
def test_a_long_run_of_empty_rows_is_checked_a_piece_at_a_time(bad: str | None) -> None:
    # 20,000 empty rows after the table are one run of row tags of about 800 KB, checked in pieces of 64 KB;
    # a tag deep inside it that the parser refuses (an attribute twice, an unbound prefix) is still found
    empty = [f'<row r="{r}" ht="15" customHeight="1"/>' for r in range(4, 20_004)]
    if bad is not None:
        empty[15_000] = empty[15_000].replace("/>", bad + "/>")
    xml = part(ROWS + "".join(empty))
    assert (sx._read_usual(xml, [], "x") is not None) == (bad is None)
    assert outcome(lambda x: read_sheet(x, [], "x"), xml) == outcome(by_events, xml) == ("refused" if bad else (PLAIN, [(1, 1, 1, 2)], False))
