"""Files a game string may name, and who may name which.

Some games read a data file named in their game string (a game declares
those parameters in BaseGame.FILE_PARAMETERS). Two things can go wrong with
a path that arrives as text: the file may be no file at all (a device that
never ends, a pipe that never answers), and the one who sent the text may
not be the one who runs pyai (an engine's client, a GUI, a script over a
network), so it must not learn what lies where on the machine.

- `read_game_file` reads a regular file of at most MAX_GAME_FILE_BYTES, once,
  and refuses anything else before reading a byte of it.
- `FileAccess` says which files a game string may name. The person who runs a
  command names any file they can read (`ANY_FILE`: the library, `pyai
  analyse`, `play`, `advise`, `tournament`). A client of `pyai engine` names
  only files inside the folders its operator allowed (`pyai engine
  --game-files DIR`), and none by default: a path outside them is refused
  without being looked at, so the answer says nothing about that file.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from .errors import GameStringError, PyaiError

MAX_GAME_FILE_BYTES = 1 << 20  # a game's data file is a few KiB; a MiB leaves room for comments


class GameFileError(PyaiError, ValueError):
    """A game's data file that cannot be read: not a regular file, too large, or unreadable."""


def read_game_file(path: str | os.PathLike[str], limit: int = MAX_GAME_FILE_BYTES) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; GameFileError otherwise.

    The file is opened once and checked on what was opened (no check-then-open
    race), without blocking on a pipe's writer."""
    name = os.fspath(path)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise GameFileError(f"{name}: no such file") from None
    except OSError as error:
        raise GameFileError(f"{name}: cannot be read ({error.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise GameFileError(f"{name}: is {what}")
        if info.st_size > limit:
            raise GameFileError(f"{name}: is {info.st_size} bytes, more than a game file's {limit}")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the file may grow while it is read: stop one byte past the limit
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise GameFileError(f"{name}: is more than a game file's {limit} bytes")
        return b"".join(chunks)
    except OSError as error:
        raise GameFileError(f"{name}: cannot be read ({error.strerror})") from None
    finally:
        os.close(fd)


@dataclass(frozen=True)
class FileAccess:
    """Which files a game string may name: any (`folders` None) or those inside `folders`."""

    folders: tuple[str, ...] | None

    @classmethod
    def inside(cls, folders: list[str] | tuple[str, ...]) -> FileAccess:
        """Files inside these folders only; GameStringError names one that is not a folder."""
        resolved = []
        for folder in folders:
            path = os.path.realpath(os.path.expanduser(folder))
            if not os.path.isdir(path):
                raise GameStringError(f"game files folder {folder!r} is not a folder")
            resolved.append(path)
        return cls(tuple(resolved))

    def checked(self, parameter: str, value: str) -> str:
        """The path a game may read for `parameter=value`; GameStringError when it may not.

        Under folders, a relative path is taken from the current folder and
        symbolic links are followed before the check, so a link cannot lead out."""
        if self.folders is None:
            return value
        if not self.folders:
            raise GameStringError(
                f"{parameter}: this engine reads no files named by its clients (its operator allows folders "
                "with `pyai engine --game-files DIR`)"
            )
        path = os.path.realpath(value)
        if not any(Path(path).is_relative_to(folder) for folder in self.folders):
            raise GameStringError(
                f"{parameter}: {value!r} is outside the folders this engine may read ({', '.join(self.folders)})"
            )
        return path


ANY_FILE = FileAccess(None)
NO_FILES = FileAccess(())
