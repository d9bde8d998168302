"""Files the commands write (a report, a plot): checked before the work that fills
them starts, so an hour's tournament or review does not end in a traceback for a
mistyped folder, and written with an error that names the option and the path."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from .errors import PyaiError


class OutputFileError(PyaiError, OSError):
    pass


def check_writable(option: str, path: str) -> None:
    """Raises OutputFileError unless `path` can be written: its folder exists and takes
    new files, and it is no folder itself. The file is opened to see (a file system such
    as /proc refuses what permissions allow), never emptied, and removed again if the
    check made it: nothing is left behind."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise OutputFileError(f"{option}: {path} is a folder, not a file to write")
    if not os.path.isdir(folder):
        raise OutputFileError(f"{option}: cannot write {path}: there is no folder {folder}")
    existed = os.path.lexists(path)
    with writing(option, path):
        os.close(os.open(path, os.O_WRONLY | os.O_APPEND | (0 if existed else os.O_CREAT | os.O_EXCL), 0o644))
        if not existed:
            os.remove(path)


@contextmanager
def writing(option: str, path: str) -> Iterator[None]:
    """Turns an OSError while writing `path` into an OutputFileError naming `option` and `path`."""
    try:
        yield
    except OSError as error:
        raise OutputFileError(f"{option}: cannot write {path}: {error.strerror or error}") from None


def write_text(option: str, path: str, text: str) -> None:
    write_bytes(option, path, text.encode("utf-8"))


def write_bytes(option: str, path: str, data: bytes) -> None:
    """Writes `data` to `path`; a failure, on the last flush too (a full disk, /dev/full),
    is an OutputFileError naming `option` and `path`."""
    with writing(option, path), open(path, "wb") as out:
        out.write(data)
