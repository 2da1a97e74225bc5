"""Speed and memory of ``tiebreak rank FILE --out COPY``, measured in one run.

    python benchmarks/bench_writing.py

1. the 2,000 × 13 Swiss of ``bench.py`` as an .xlsx: ``tiebreak rank --out``
   against openpyxl loading and saving the same file (target: ratio ≤ 0.5);
2. a 4-player table next to an unrelated archive sheet of 200,000 rows
   (target: under 3 s and 300 MB, measured in a child process: wall time and
   peak resident memory);
3. hostile shapes, each in a child process: a merge over ``H1:XFD1048576``
   beside the table, and a crosstable sheet of a million empty rows
   (refused or ranked, in bounded time and memory).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import io
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import make_event

M = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SMALL = [["No", "Name", "1", "2", "3", "4"], [1, "Anna", "X", 1, 0.5, 1], [2, "Boris", 0, "X", 1, 1], [3, "Clara", 0.5, 0, "X", 0.5], [4, "Denis", 0, 0, 0.5, "X"]]


def _col(c: int) -> str:
    s = ""
    while c:
        c, r = divmod(c - 1, 26)
        s = chr(65 + r) + s
    return s


def _cell(r: int, c: int, v: Any) -> str:
    ref = f"{_col(c)}{r}"
    if isinstance(v, (int, float)):
        return f'<c r="{ref}"><v>{v}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(v))}</t></is></c>'


def sheet_xml(rows: Any, extra: str = "", empty_rows: int = 0) -> bytes:
    body = "".join(f'<row r="{r}">' + "".join(_cell(r, c, v) for c, v in enumerate(row, start=1) if v is not None) + "</row>" for r, row in enumerate(rows, start=1))
    body += "".join(f'<row r="{r}" ht="15" customHeight="1"/>' for r in range(len(rows) + 1, len(rows) + 1 + empty_rows))
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="{M}"><sheetData>{body}</sheetData>{extra}</worksheet>'.encode()


def _dated(z: zipfile.ZipFile, name: str, data: str | bytes) -> None:
    z.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), data, compress_type=zipfile.ZIP_DEFLATED)


def package(path: Path, sheets: list[tuple[str, bytes]]) -> Path:
    """A minimal workbook of the given sheet parts (inline strings), first sheet active."""
    ct = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    ct += '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
    ct += '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    wb = f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{M}" xmlns:r="{R}"><sheets>'
    rels = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        put = functools.partial(_dated, z)  # every member dated alike: a workbook (and its ranked copy) is the same bytes every time
        for i, (name, data) in enumerate(sheets, start=1):
            ct += f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            wb += f'<sheet name="{name}" sheetId="{i}" r:id="rId{i}"/>'
            rels += f'<Relationship Id="rId{i}" Type="{R}/worksheet" Target="worksheets/sheet{i}.xml"/>'
            put(f"xl/worksheets/sheet{i}.xml", data)
        put("[Content_Types].xml", ct + "</Types>")
        put("_rels/.rels", '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                   f'<Relationship Id="rId1" Type="{R}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        put("xl/workbook.xml", wb + "</sheets></workbook>")
        put("xl/_rels/workbook.xml.rels", rels + "</Relationships>")
    return path


CHILD = (
    "import sys\n"
    "from tiebreak.cli import main\n"
    "rc = main(sys.argv[1:])\n"
    "peak = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')]\n"
    "sys.stderr.write('\\nPEAK_KB %s\\n' % (peak[0] if peak else '0'))\n"
    "sys.exit(rc)\n"
)
# the high-water mark of this process's own memory (VmHWM starts afresh at exec, unlike ru_maxrss)


def child(src: Path, out: Path) -> tuple[float, float, int, str]:
    """``tiebreak rank SRC --out OUT`` in a fresh process: (seconds, its peak resident MB, exit status, its message)."""
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, "rank", str(src), "--out", str(out), "--format", "csv"], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    lines = [line for line in done.stderr.strip().splitlines() if line]
    rss = next(int(line.split()[1]) for line in lines if line.startswith("PEAK_KB "))
    message = next((line for line in lines if line.startswith("tiebreak:")), "")
    return wall, rss / 1024, done.returncode, message[:110]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20261129)
    args = ap.parse_args(argv)
    import openpyxl

    from tiebreak.cli import main as cli

    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        # 1. the 2,000 x 13 Swiss, saved by openpyxl as a user's workbook would be
        grid = make_event(2000, 13, args.seed)
        src = folder / "swiss2000.xlsx"
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "Crosstable"
        for row in grid:
            ws.append(row)
        wb.save(src)
        loads, runs = [], []
        for _ in range(args.repeat):
            # each timing starts without the other's garbage: openpyxl leaves its workbook as cyclic
            # garbage, which the next full collection (inside the next timing) would have to traverse
            gc.collect()
            t0 = time.perf_counter()
            openpyxl.load_workbook(src).save(folder / "openpyxl_copy.xlsx")
            loads.append(time.perf_counter() - t0)
            gc.collect()
            t0 = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                rc = cli(["rank", str(src), "--out", str(folder / "ranked.xlsx"), "--format", "csv"])
            runs.append(time.perf_counter() - t0)
            assert rc == 0
        # the sheet reader alone on the crosstable's part, in processor time (best of 5 a repeat)
        from tiebreak.io.sheetxml import read_sheet

        with zipfile.ZipFile(src) as z:
            part = z.read("xl/worksheets/sheet1.xml")
        reads = []
        for _ in range(args.repeat * 5):
            t0 = time.process_time()
            read_sheet(part, [], "Crosstable")
            reads.append(time.process_time() - t0)
        ratio = min(runs) / min(loads)
        ok &= ratio <= 0.5
        print(f"2,000 x 13 Swiss ({src.stat().st_size / 1e6:.1f} MB .xlsx), best of {args.repeat}:")
        print(f"  openpyxl load + save                         {min(loads):8.3f} s")
        print(f"  tiebreak rank --out (in-process)             {min(runs):8.3f} s")
        print(f"  ratio tiebreak / openpyxl                    {ratio:8.2f}   target <= 0.5  {'ok' if ratio <= 0.5 else 'MISSED'}")
        print(f"  the sheet reader on its {len(part) / 1e6:.1f} MB part (processor)  {min(reads) * 1000:6.1f} ms")

        # 2. a small table next to a 200,000-row archive
        archive = [[2000 + r % 25, f"Game {r}", f"Player {r % 977}", f"Player {(r * 7) % 977}", ["1-0", "0-1", "½-½"][r % 3], r * 0.5] for r in range(200_000)]
        big = package(folder / "archive.xlsx", [("Crosstable", sheet_xml(SMALL)), ("Archive", sheet_xml(archive))])
        wall, mb, rc, last = child(big, folder / "archive_ranked.xlsx")
        good = rc == 0 and wall < 3 and mb < 300
        ok &= good
        print(f"\n4-player table + 200,000-row archive sheet ({big.stat().st_size / 1e6:.1f} MB .xlsx), one run in a child process:")
        print(f"  tiebreak rank --out                          {wall:8.3f} s  {mb:6.0f} MB peak   target < 3 s, < 300 MB  {'ok' if good else 'MISSED'}")

        # 3. hostile shapes
        merged = package(folder / "merge.xlsx", [("Crosstable", sheet_xml(SMALL, '<mergeCells count="1"><mergeCell ref="H1:XFD1048576"/></mergeCells>'))])
        empty = package(folder / "million.xlsx", [("Crosstable", sheet_xml(SMALL, empty_rows=1_000_000))])
        print("\nhostile shapes, one run each in a child process:")
        for label, path in [("merge over H1:XFD1048576 beside the table", merged), ("a million empty rows on the crosstable sheet", empty)]:
            wall, mb, rc, last = child(path, folder / f"{path.stem}_ranked.xlsx")
            bounded = wall < 10 and mb < 500
            ok &= bounded
            print(f"  {label:45s}{wall:8.3f} s  {mb:6.0f} MB peak  exit {rc}: {last}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
