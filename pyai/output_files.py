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
    new files, and it is no folder itself. Nothing is created."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise OutputFileError(f"{option}: {path} is a folder, not a file to write")
    if not os.path.isdir(folder):
        raise OutputFileError(f"{option}: cannot write {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise OutputFileError(f"{option}: cannot write {path}: permission denied")


@contextmanager
def writing(option: str, path: str) -> Iterator[None]:
    """Turns an OSError while writing `path` into an OutputFileError naming `option` and `path`."""
    try:
        yield
    except OSError as error:
        raise OutputFileError(f"{option}: cannot write {path}: {error.strerror or error}") from None


def write_text(option: str, path: str, text: str) -> None:
    with writing(option, path), open(path, "w", encoding="utf-8") as out:
        out.write(text)
