"""The one way tiebreak writes a file: the ranked copy, the TRF, the HTML page.

* :func:`check_output` refuses a target that cannot be written safely before
  any work is done: a missing or read-only folder, a folder, a FIFO, a device
  or a socket, a read-only file;
* :func:`same_file` and :func:`refuse_inputs` compare a target with the
  inputs by device and inode (``os.stat``, following symbolic links), so a
  symbolic or a hard link to an input is the input;
* :func:`write_atomic` writes to a private temporary file in the target's
  folder (``tempfile.mkstemp``: a fresh name, created exclusively, never a
  fixed one a planted symbolic link could redirect), flushes it to disk
  (``fsync``), gives it the target's permissions and renames it over the
  target (``os.replace``).  The target is either unchanged or complete (a
  ``kill -9`` leaves at most a ``.tiebreak-*`` file, never a half-written
  target); on any failure the temporary file is removed.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO

from tiebreak.core.errors import FileFormatError
from tiebreak.core.i18n import _

__all__ = ["check_output", "refuse_inputs", "same_file", "write_atomic", "write_text"]

Writer = Callable[[IO[bytes]], None]


def _folder(p: Path) -> Path:
    return p.parent if str(p.parent) else Path(".")


def _cannot(cannot: str | None, path: Path, reason: str) -> FileFormatError:
    return FileFormatError((cannot or _("{path}: cannot write the file ({reason})")).format(path=path, reason=reason))


def check_output(path: str | os.PathLike[str], cannot: str | None = None) -> Path:
    """A path a file can be written to: its folder exists and is writable, and it is not a folder, a special or read-only file.

    ``cannot`` is the message of a failure, with ``{path}`` and ``{reason}``
    (default: "cannot write the file").
    """
    p = Path(path)
    if not str(path).strip():
        raise FileFormatError(_("the output file's name is empty"))
    folder = _folder(p)
    if not folder.is_dir():
        raise _cannot(cannot, p, _("the folder {folder} does not exist").format(folder=folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise _cannot(cannot, p, _("the folder {folder} is read-only").format(folder=folder))
    try:
        mode = os.stat(p).st_mode
    except FileNotFoundError:
        return p
    except OSError as err:
        raise _cannot(cannot, p, err.strerror or str(err)) from None
    if stat.S_ISDIR(mode):
        raise FileFormatError(_("{path}: is a folder; give a file name for the copy").format(path=p))
    if not stat.S_ISREG(mode):
        raise FileFormatError(_("{path}: not a regular file (a pipe, a device or a socket); give a file name for the copy").format(path=p))
    if not mode & 0o222 or not os.access(p, os.W_OK):
        raise FileFormatError(_("{path}: the file is read-only; choose another name or make it writable").format(path=p))
    return p


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name the same file (the same device and inode, through symbolic and hard links)."""
    try:
        sa, sb = os.stat(a), os.stat(b)
    except OSError:
        return False
    return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


def refuse_inputs(target: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]], option: str) -> None:
    """:class:`FileFormatError` when ``target`` is one of the inputs (``option`` names the option that gave it)."""
    for source in inputs:
        if same_file(source, target):
            raise FileFormatError(
                _("{option} {path} is the input file {source}; refusing to overwrite it (give the output another name)").format(option=option, path=target, source=source)
            )


def _mode_for(target: Path) -> int:
    """The permissions a written file should have: the target's own, or the usual ones for a new file."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(
    target: str | os.PathLike[str], write: Writer, inputs: Iterable[str | os.PathLike[str]] = (), option: str = "--out", cannot: str | None = None
) -> None:
    """Write ``target`` through ``write`` (given the open temporary file) safely and atomically.

    The target is checked (:func:`check_output`) and compared with ``inputs``
    (:func:`refuse_inputs`) first; the file is written beside it, synced to
    disk, given the target's permissions and renamed over it.  Errors are
    :class:`FileFormatError` naming the target (``cannot``: as for
    :func:`check_output`); nothing is left behind.
    """
    p = check_output(target, cannot)
    refuse_inputs(p, inputs, option)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".tiebreak-", suffix=p.suffix or ".tmp", dir=_folder(p))
    except OSError as err:
        raise _cannot(cannot, p, err.strerror or str(err)) from None
    done = False
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(p))
        os.replace(tmp, p)
        done = True
        _sync_folder(_folder(p))
    except OSError as err:
        raise _cannot(cannot, p, err.strerror or str(err)) from None
    finally:
        if not done:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def write_text(
    target: str | os.PathLike[str], text: str, inputs: Iterable[str | os.PathLike[str]] = (), option: str = "--out", cannot: str | None = None
) -> None:
    """:func:`write_atomic` for a text file, encoded as UTF-8."""
    data = text.encode("utf-8")

    def put(f: IO[bytes]) -> None:
        f.write(data)

    write_atomic(target, put, inputs, option, cannot)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry of the renamed file to disk where the system allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
