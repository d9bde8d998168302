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
from dataclasses import dataclass
from pathlib import Path

from .errors import GameStringError, PyaiError
from .regular_file import FileReadError, read_regular_file

MAX_GAME_FILE_BYTES = 1 << 20  # a game's data file is a few KiB; a MiB leaves room for comments


class GameFileError(PyaiError, ValueError):
    """A game's data file that cannot be read: not a regular file, too large, or unreadable."""


def read_game_file(path: str | os.PathLike[str], limit: int = MAX_GAME_FILE_BYTES) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; GameFileError otherwise."""
    try:
        return read_regular_file(path, limit, "a game file")
    except FileReadError as error:
        raise GameFileError(str(error)) from None


@dataclass(frozen=True)
class FileAccess:
    """Which files a game string may name: any (`folders` None) or those inside `folders`."""

    folders: tuple[str, ...] | None

    @classmethod
    def inside(cls, folders: list[str] | tuple[str, ...]) -> FileAccess:
        """Files inside these folders only; GameStringError names one that is not a folder."""
        resolved = []
        for folder in folders:
            if not folder.strip():  # realpath would make it the current folder, which no one named
                raise GameStringError("a game files folder is empty: name a folder")
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
