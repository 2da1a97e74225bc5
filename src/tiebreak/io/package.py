"""An Office package (the zip of an .xlsx/.xlsm) read safely and copied with a few parts replaced.

* :func:`read_limited` reads a file through one open descriptor, refusing
  anything that is not a regular file (a FIFO, a device) and anything longer
  than the limit, counting the bytes actually read (``stat`` is not trusted);
* :class:`Package` checks the zip (number of parts, unpacked size,
  compression ratio, no DTD or entity declaration in any XML part) and gives
  the parts' bytes;
* :meth:`Package.write` writes a new zip in which every part not replaced is
  copied as its stored (compressed) bytes, so it is byte-identical to the
  input's part, its CRC unchanged; only replaced and added parts are
  compressed anew.
"""

from __future__ import annotations

import io
import os
import stat
import struct
import zipfile
import zlib
from pathlib import Path
from typing import IO, Any

from tiebreak.core.errors import FileFormatError
from tiebreak.core.i18n import _, ngettext
from tiebreak.io.output import check_output

__all__ = [
    "MAX_FILE",
    "MAX_PART",
    "MAX_PARTS",
    "MAX_RATIO",
    "MAX_UNPACKED",
    "Package",
    "check_input",
    "check_output",
    "read_limited",
]

MAX_FILE = 100 * 1024 * 1024
MAX_UNPACKED = 500 * 1024 * 1024
MAX_RATIO = 200
MAX_PARTS = 10000
MAX_PART = 64 * 1024 * 1024  # one sheet or shared-strings part, unpacked, checked before it is read


def read_limited(path: str | os.PathLike[str], limit: int | None = None, what: str = "") -> bytes:
    """The bytes of a regular file no longer than ``limit`` (default :data:`MAX_FILE`); :class:`FileFormatError` otherwise."""
    p = Path(path)
    if limit is None:
        limit = MAX_FILE
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as err:
        raise FileFormatError(_("{path}: cannot read the file ({reason})").format(path=p, reason=err.strerror)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileFormatError(_("{path}: is a folder, not a file").format(path=p))
        if not stat.S_ISREG(mode):
            raise FileFormatError(_("{path}: not a regular file (a pipe, a device or a socket); save the workbook as a file and give its name").format(path=p))
        chunks: list[bytes] = []
        total = 0
        while True:
            try:
                chunk = os.read(fd, 1 << 20)
            except OSError as err:
                raise FileFormatError(_("{path}: cannot read the file ({reason})").format(path=p, reason=err.strerror)) from None
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                if limit >= 1024 * 1024:
                    size = _("{megabytes} MB").format(megabytes=limit // (1024 * 1024))
                else:
                    size = ngettext("{count} byte", "{count} bytes", limit).format(count=f"{limit:,}")
                raise FileFormatError(_("{path}: larger than the {size} {what}").format(path=p, size=size, what=what or _("tiebreak reads")))
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def check_input(path: str | os.PathLike[str]) -> Path:
    """A path naming a regular file (not a folder, a FIFO or a device); :class:`FileFormatError` otherwise."""
    p = Path(path)
    try:
        mode = os.stat(p).st_mode
    except FileNotFoundError:
        raise FileFormatError(_("{path}: no such file").format(path=p)) from None
    except OSError as err:
        raise FileFormatError(_("{path}: cannot read the file ({reason})").format(path=p, reason=err.strerror)) from None
    if stat.S_ISDIR(mode):
        raise FileFormatError(_("{path}: is a folder, not a file").format(path=p))
    if not stat.S_ISREG(mode):
        raise FileFormatError(_("{path}: not a regular file (a pipe, a device or a socket); save the workbook as a file and give its name").format(path=p))
    return p


class Package:
    """A checked zip package held in memory."""

    def __init__(self, path: str | os.PathLike[str], data: bytes | None = None) -> None:
        self.path = Path(path)
        self.data = read_limited(self.path) if data is None else data
        if not self.data:
            raise FileFormatError(_("{path}: not an .xlsx workbook (not a zip file); save it from Excel as .xlsx").format(path=self.path))
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(self.data))
        except (zipfile.BadZipFile, ValueError, OSError):
            raise FileFormatError(_("{path}: not an .xlsx workbook (not a zip file); save it from Excel as .xlsx").format(path=self.path)) from None
        except (NotImplementedError, RuntimeError) as err:
            raise FileFormatError(_("{path}: damaged zip file ({error})").format(path=self.path, error=err)) from None
        self.infos = {info.filename: info for info in self.zip.infolist()}
        self._check()

    def _check(self) -> None:
        p = self.path
        infos = self.zip.infolist()
        if len(infos) > MAX_PARTS:
            raise FileFormatError(_("{path}: {count} parts in the file; more than {max_parts} is refused").format(path=p, count=len(infos), max_parts=MAX_PARTS))
        if len(self.infos) != len(infos):
            dup = next(n for n in self.infos if sum(1 for i in infos if i.filename == n) > 1)
            raise FileFormatError(_("{path}: the part {dup} is in the file twice; a damaged or tampered workbook is refused").format(path=p, dup=dup))
        total = 0
        for info in infos:
            total += info.file_size
            if total > MAX_UNPACKED:
                raise FileFormatError(_("{path}: unpacks to more than {number} MB; refused as a possible zip bomb").format(path=p, number=MAX_UNPACKED // (1024 * 1024)))
            if info.compress_size and info.file_size / info.compress_size > MAX_RATIO and info.file_size > 1024 * 1024:
                raise FileFormatError(_("{path}: part {part} expands {number} times; refused as a possible zip bomb").format(path=p, part=info.filename, number=info.file_size // max(info.compress_size, 1)))
            if info.flag_bits & 0x1:
                raise FileFormatError(_("{path}: part {part} is encrypted; save the workbook without a password").format(path=p, part=info.filename))
            if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
                raise FileFormatError(_("{path}: part {part} uses a compression Office does not write").format(path=p, part=info.filename))
        if "xl/workbook.xml" not in self.infos:
            raise FileFormatError(_("{path}: not an Excel workbook (no xl/workbook.xml)").format(path=p))
        for info in infos:
            if info.filename.endswith((".xml", ".rels", ".vml")):
                try:
                    with self.zip.open(info) as f:
                        if _declares_dtd(f):
                            raise FileFormatError(_("{path}: part {part} declares a DTD or entities; refused (XML bomb protection)").format(path=p, part=info.filename))
                except (zipfile.BadZipFile, zlib.error, EOFError) as err:
                    raise FileFormatError(_("{path}: damaged zip file ({error})").format(path=p, error=err)) from None

    def names(self) -> list[str]:
        return list(self.infos)

    def has(self, name: str) -> bool:
        return name in self.infos

    def read(self, name: str, limit: int | None = None) -> bytes:
        """A part's bytes; with ``limit``, a part that unpacks to more is refused before it is unpacked."""
        info = self.infos.get(name)
        if limit is not None and info is not None and info.file_size > limit:
            raise FileFormatError(
                _("{path}: part {part} unpacks to {size} MB; more than the {limit} MB tiebreak reads in a part").format(
                    path=self.path, part=name, size=info.file_size // (1024 * 1024), limit=limit // (1024 * 1024)
                )
            )
        try:
            data = self.zip.read(name)
        except (zipfile.BadZipFile, zlib.error, EOFError, KeyError) as err:
            raise FileFormatError(_("{path}: part {name} cannot be read ({error})").format(path=self.path, name=name, error=err)) from None
        if len(data) != self.infos[name].file_size:
            raise FileFormatError(_("{path}: part {name} is damaged (its size does not match the directory)").format(path=self.path, name=name))
        return data

    def open(self, name: str) -> IO[bytes]:
        return self.zip.open(name)

    def write(self, out: IO[bytes], replaced: dict[str, bytes], added: list[tuple[str, bytes]]) -> None:
        """Write the package to ``out``: the parts in their order, ``replaced`` ones with new bytes, ``added`` ones at the end."""
        writer = _ZipWriter(out)
        for name, info in self.infos.items():
            if name in replaced:
                writer.add(name, replaced[name], info)
            else:
                writer.copy(info, self._raw(info))
        for name, data in added:
            writer.add(name, data, None)
        writer.finish()

    def _raw(self, info: zipfile.ZipInfo) -> bytes:
        """The stored (compressed) bytes of a part, from its local header."""
        at = info.header_offset
        head = self.data[at : at + 30]
        if len(head) < 30 or head[:4] != b"PK\x03\x04":
            raise FileFormatError(_("{path}: part {part} is damaged (bad local header)").format(path=self.path, part=info.filename))
        name_len, extra_len = struct.unpack("<HH", head[26:30])
        start = at + 30 + name_len + extra_len
        raw = self.data[start : start + info.compress_size]
        if len(raw) != info.compress_size:
            raise FileFormatError(_("{path}: part {part} is truncated").format(path=self.path, part=info.filename))
        return raw


class _ZipWriter:
    """A minimal zip writer: raw copies and deflated new parts, no zip64 (parts are below the size limits)."""

    def __init__(self, out: IO[bytes]) -> None:
        self.out = out
        self.offset = 0
        self.central: list[bytes] = []

    def _emit(self, data: bytes) -> None:
        self.out.write(data)
        self.offset += len(data)

    def _entry(self, name: bytes, flags: int, method: int, time: int, date: int, crc: int, csize: int, usize: int, raw: bytes, external: int, create: int) -> None:
        if self.offset > 0xFFFFFFFF or csize > 0xFFFFFFFF or usize > 0xFFFFFFFF:
            raise FileFormatError(_("the copy would be larger than 4 GB; refused"))
        version = 20
        local = struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", version, flags, method, time, date, crc, csize, usize, len(name), 0)
        header_offset = self.offset
        self._emit(local + name)
        self._emit(raw)
        self.central.append(
            struct.pack("<4sBBHHHHHIIIHHHHHII", b"PK\x01\x02", version, create, version, flags, method, time, date, crc, csize, usize, len(name), 0, 0, 0, 0, external, header_offset)
            + name
        )

    def copy(self, info: zipfile.ZipInfo, raw: bytes) -> None:
        name, flags = _name_bytes(info.filename)
        time, date = _dos_time(info.date_time)
        self._entry(name, flags | (info.flag_bits & 0x6), info.compress_type, time, date, info.CRC, info.compress_size, info.file_size, raw, info.external_attr, info.create_system)

    def add(self, filename: str, data: bytes, like: zipfile.ZipInfo | None) -> None:
        name, flags = _name_bytes(filename)
        comp = zlib.compressobj(1, zlib.DEFLATED, -15)  # fast: only Rank's parts are compressed anew
        raw = comp.compress(data) + comp.flush()
        time, date = _dos_time(like.date_time if like is not None else (1980, 1, 1, 0, 0, 0))
        self._entry(name, flags, zipfile.ZIP_DEFLATED, time, date, zlib.crc32(data) & 0xFFFFFFFF, len(raw), len(data), raw, like.external_attr if like else 0, like.create_system if like else 0)

    def finish(self) -> None:
        start = self.offset
        for entry in self.central:
            self._emit(entry)
        size = self.offset - start
        count = len(self.central)
        self._emit(struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, count, count, size, start, 0))


def _name_bytes(name: str) -> tuple[bytes, int]:
    try:
        return name.encode("ascii"), 0
    except UnicodeEncodeError:
        return name.encode("utf-8"), 0x800


def _dos_time(dt: tuple[int, int, int, int, int, int]) -> tuple[int, int]:
    y, mo, d, h, mi, s = dt
    y = min(max(y, 1980), 2107)
    return (h << 11) | (mi << 5) | (s // 2), ((y - 1980) << 9) | (mo << 5) | d


def _declares_dtd(stream: Any, limit: int = 16 * 1024 * 1024) -> bool:
    """Whether an XML part declares a DTD or entities before its root element.

    The prologue (declaration, processing instructions, comments) is skipped
    however long it is, up to ``limit`` bytes; a longer prologue counts as a
    declaration (nothing legitimate needs one).
    """
    buf = b""
    read = 0
    while True:
        chunk = stream.read(65536)
        read += len(chunk)
        buf += chunk
        while True:
            buf = buf.lstrip()
            if buf.startswith(b"\xef\xbb\xbf"):
                buf = buf[3:]
                continue
            if buf.startswith(b"<?"):
                end = buf.find(b"?>")
                if end < 0:
                    break
                buf = buf[end + 2 :]
                continue
            if buf.startswith(b"<!--"):
                end = buf.find(b"-->", 4)
                if end < 0:
                    break
                buf = buf[end + 3 :]
                continue
            if buf.startswith((b"<!DOCTYPE", b"<!ENTITY", b"<!doctype")):
                return True
            if len(buf) >= 2 or (buf and not chunk):
                return False  # the root element (or not XML at all: the parser will say so)
            break
        if not chunk:
            return False
        if read > limit:
            return True
        if len(buf) > 8 and buf.startswith(b"<!--"):
            buf = b"<!--" + buf[-8:]  # keep only the tail of a long comment
