"""Reading a file named by someone at a keyboard or over a pipe, safely: a
regular file of bounded size, or a clear refusal before a byte is read. A
device that never ends (/dev/zero), a pipe that never answers or a file too
large to be what was asked for would otherwise hang or exhaust memory."""

from __future__ import annotations

import os
import stat

from .errors import PyaiError


class FileReadError(PyaiError, ValueError):
    """A file that cannot be read as asked: missing, not a regular file, too large, or unreadable."""


def read_regular_file(path: str | os.PathLike[str], limit: int, kind: str) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; FileReadError otherwise,
    naming the file and calling it `kind` ("a game file") when it is too large.

    The file is opened once and checked on what was opened (no check-then-open
    race), without blocking on a pipe's writer."""
    name = os.fspath(path)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise FileReadError(f"{name}: no such file") from None
    except OSError as error:
        raise FileReadError(f"{name}: cannot be read ({error.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise FileReadError(f"{name}: is {what}")
        if info.st_size > limit:
            raise FileReadError(f"{name}: is {info.st_size} bytes, more than {kind}'s {limit}")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the file may grow while it is read: stop one byte past the limit
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileReadError(f"{name}: is more than {kind}'s {limit} bytes")
        return b"".join(chunks)
    except OSError as error:
        raise FileReadError(f"{name}: cannot be read ({error.strerror})") from None
    finally:
        os.close(fd)
