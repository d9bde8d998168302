"""The `pyai advise` session: what its file holds (the game, the advised seat, the seats'
names, the lines told and the advice given), each field checked, and the file written whole
or not at all, so that a session resumes where it stopped."""

from __future__ import annotations

import errno
import json
import os
import secrets
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..analysis import search_settings
from ..budgets import MOVE_ITERATIONS
from ..errors import PyaiError, shown_value
from ..game_api import OWN_SEAT_WORDS, Game
from ..game_files import ANY_FILE, FileAccess
from ..games import load_game
from ..regular_file import FileReadError, read_regular_file

# The words the companion reads itself at the start of a line: no seat may be called so.
COMMAND_WORDS = ("advice", "advise", "hint", "show", "undo", "lost", "save", "help", "quit", "exit")
# Far longer than any step said at a table (six seats' sells revealed at once fit in 200):
# a longer line is a paste gone wrong, and would be kept in the session file as it is.
MAX_LINE = 1000
# A session file holds at most a game's lines of MAX_LINE characters: a few hundred KiB.
MAX_SESSION_BYTES = 16 << 20
SESSION_FIELDS = ("game", "seat", "names", "at", "iterations", "lines", "advised", "tokens")
# Fields a session file written before they existed may lack: each takes its default.
OPTIONAL_FIELDS = ("advised", "tokens")


class CompanionError(PyaiError, ValueError):
    """A session file or setting that cannot be used."""


def default_names(players: int, seat: int) -> list[str]:
    """`seat0`, `seat1`, ... with `me` for the advised seat (when it is a seat of the game)."""
    names = [f"seat{s}" for s in range(players)]
    if 0 <= seat < players:
        names[seat] = "me"
    return names


def iterations_range(game: Game) -> tuple[int, int]:
    """The iterations an advice may take: 1 up to the search's own limit (0 would mean no limit)."""
    row = next(row for row in search_settings(game) if row["name"] == "iterations")
    return 1, int(row["high"])


def check_iterations(value: Any, game: Game, spelled: str) -> None:
    """CompanionError naming `spelled` unless `value` is iterations an advice may take."""
    low, high = iterations_range(game)
    if not _whole(value) or not low <= value <= high:
        raise CompanionError(f"{spelled} must be a whole number {low} to {high}, not {shown_value(value)}")


@dataclass
class Session:
    """What a session file holds: enough to replay it."""

    game: str
    seat: int
    names: list[str]
    at: str | None = None  # a starting position as text, or None: the game's start
    iterations: int = MOVE_ITERATIONS
    lines: list[str] = field(default_factory=list)  # every line that changed the position
    # Each line's move tokens, as the rules took them (None: a line that played none, such as
    # `lost`, or a secret choice kept for the reveal): a resume plays them, so a line the words
    # read otherwise since (a newer pyai) replays as it was taken. Empty in older files: the lines are read.
    tokens: list[list[str] | None] = field(default_factory=list)
    # Each advice given, as [steps told before it, the best move's win chance]: the win chance over the game.
    advised: list[list[float]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in SESSION_FIELDS}

    def save(self, path: str) -> None:
        """Writes the session to `path` whole or not at all: a new file beside it, synced,
        then renamed over it, so a failed write (a full disk, a file-size limit) leaves
        the file as it was. Raises OSError."""
        text = json.dumps(self.to_dict(), indent=1)
        target = os.path.realpath(path)  # a link to the file stays a link
        folder = os.path.dirname(target)
        if os.path.exists(target):  # the rename would replace what open() refuses to write or cannot hold
            if os.path.isdir(target):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
            if not os.path.isfile(target):
                raise OSError(errno.EINVAL, "not a regular file", path)
            if not os.access(target, os.W_OK):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        temporary = os.path.join(folder, f".{os.path.basename(target)}.{secrets.token_hex(4)}.tmp")
        # O_EXCL: never write through a name someone else has; 0o666 and the umask, as open() would.
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            if os.path.isfile(target):
                shutil.copymode(target, temporary)  # the file keeps the permissions it had
            os.replace(temporary, target)
        except BaseException:
            try:
                os.unlink(temporary)
            except OSError:
                pass
            raise
        try:  # the rename itself survives a crash once the folder is synced too
            folder_handle = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(folder_handle)
            finally:
                os.close(folder_handle)
        except OSError:
            pass

    @classmethod
    def load(cls, path: str, files: FileAccess = ANY_FILE) -> Session:
        """The session in `path`, every field checked (Session.check), its game string naming
        only the files `files` allows; CompanionError names the file and the first bad field."""
        try:
            text = read_regular_file(path, MAX_SESSION_BYTES, "a session file")
        except FileReadError as error:
            raise CompanionError(f"cannot resume from {path!r}: {error}") from None
        try:
            data = json.loads(text.decode("utf-8"))
        except (ValueError, RecursionError) as error:  # not JSON, not UTF-8, or nested beyond reading
            raise CompanionError(f"cannot resume from {path!r}: it is no session file (JSON): {error}") from None
        try:
            if not isinstance(data, dict):
                raise CompanionError(f"it holds {type(data).__name__}, not a session (a JSON object)")
            missing = [name for name in SESSION_FIELDS if name not in data and name not in OPTIONAL_FIELDS]
            unknown = [name for name in data if name not in SESSION_FIELDS]
            if missing or unknown:
                what = f'missing field "{missing[0]}"' if missing else f"unknown field {shown_value(unknown[0])}"
                raise CompanionError(f"{what} (a session holds {', '.join(SESSION_FIELDS)})")
            session = cls(**data)
            session.check(spelled=lambda name: f'"{name}"', files=files)
        except CompanionError as error:
            raise CompanionError(f"cannot resume from {path!r}: {error}") from None
        return session

    def check(self, spelled: Callable[[str], str] = str, files: FileAccess = ANY_FILE) -> Game:
        """The session's game (its game string naming only the files `files` allows), once
        every field is of its type and in its range; else CompanionError naming the field as
        `spelled` writes it (`--seat`, `"seat"`)."""
        if not isinstance(self.game, str):
            raise CompanionError(f"{spelled('game')} must be a game string, not {shown_value(self.game)}")
        try:
            game = load_game(self.game, files)
        except (PyaiError, ValueError, OSError) as error:
            raise CompanionError(f"{spelled('game')}: {error}") from None
        players = game.players
        if not _whole(self.seat) or not 0 <= self.seat < players:
            raise CompanionError(
                f"{spelled('seat')} must be a seat 0 to {players - 1} of {game}, not {shown_value(self.seat)}"
            )
        check_names(self.names, self.seat, game, spelled("names"))
        if self.at is not None and not isinstance(self.at, str):
            raise CompanionError(f"{spelled('at')} must be a position written as text, not {shown_value(self.at)}")
        check_iterations(self.iterations, game, spelled("iterations"))
        if not isinstance(self.lines, list):
            raise CompanionError(f"{spelled('lines')} must be a list of lines (text), not {shown_value(self.lines)}")
        for number, line in enumerate(self.lines, 1):
            if not isinstance(line, str):
                raise CompanionError(f"{spelled('lines')}: line {number} must be text, not {shown_value(line)}")
        if not isinstance(self.tokens, list) or len(self.tokens) not in (0, len(self.lines)):
            raise CompanionError(
                f"{spelled('tokens')} must be a list of each line's tokens ({len(self.lines)} entries), "
                f"not {shown_value(self.tokens)}"
            )
        for number, tokens in enumerate(self.tokens, 1):
            if tokens is not None and not (
                isinstance(tokens, list) and tokens and all(isinstance(token, str) for token in tokens)
            ):
                raise CompanionError(
                    f"{spelled('tokens')}: line {number}'s must be a list of move tokens or null, "
                    f"not {shown_value(tokens)}"
                )
        if not isinstance(self.advised, list):
            raise CompanionError(
                f"{spelled('advised')} must be a list of [step, win chance], not {shown_value(self.advised)}"
            )
        for entry in self.advised:
            if not (
                isinstance(entry, list)
                and len(entry) == 2
                and _whole(entry[0])
                and 0 <= entry[0] <= len(self.lines)
                and isinstance(entry[1], (int, float))
                and not isinstance(entry[1], bool)
                and 0 <= entry[1] <= 1
            ):
                raise CompanionError(
                    f"{spelled('advised')}: each entry is [step 0 to {len(self.lines)}, win chance 0 to 1], "
                    f"not {shown_value(entry)}"
                )
        return game


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_names(names: Any, seat: int, game: Game, spelled: str = "names") -> None:
    """Every seat's name, in seat order: one word each, starting with a letter or a digit and
    holding a letter, told apart from the others (case aside), from the companion's commands,
    from the words that open the table's lines (the game's TABLE_WORDS), and, but for the
    advised seat's, from `I`, `I'm`, `me`, `my` and `you`; else CompanionError naming the name."""
    players = game.players
    if not isinstance(names, list) or len(names) != players:
        count = f"{len(names)} name{'s' * (len(names) != 1)}" if isinstance(names, list) else shown_value(names)
        raise CompanionError(f"{spelled} must name each of the {players} seats of {game} in seat order, not {count}")
    seen: dict[str, int] = {}
    for number, name in enumerate(names):
        where = f"{spelled}: seat {number}'s name"
        if not isinstance(name, str):
            raise CompanionError(f"{where} must be text, not {shown_value(name)}")
        if not name or any(c.isspace() or c in ",:" or not c.isprintable() for c in name):
            raise CompanionError(f"{where} must be one word without ',' or ':', not {shown_value(name)}")
        lowered = name.lower()
        reserved = (*COMMAND_WORDS, game.SECRET_CHOICE.plural)
        if lowered in reserved:
            raise CompanionError(
                f"{where} {shown_value(name)} is a word the companion reads itself ({', '.join(reserved)})"
            )
        if lowered in game.TABLE_WORDS:
            raise CompanionError(
                f"{where} {shown_value(name)} opens a line of the table's in {game.name} "
                f"({', '.join(game.TABLE_WORDS)})"
            )
        if not name[0].isalnum():
            raise CompanionError(f"{where} {shown_value(name)} must start with a letter or a digit")
        if not any(c.isalpha() for c in name):
            raise CompanionError(
                f"{where} {shown_value(name)} holds no letter: a name of digits or signs alone would read as a number "
                "(a seat's, a card's) or not at all"
            )
        if lowered.replace("\u2019", "'") in (*OWN_SEAT_WORDS, "i'm") and number != seat:
            raise CompanionError(
                f"{where} {shown_value(name)} is what you call your own seat, seat {seat} (seats count from 0 in "
                f"the order of the names: --seat {number} makes {shown_value(name)} yours)"
            )
        if lowered in seen:
            raise CompanionError(f"{where} {shown_value(name)} is seat {seen[lowered]}'s too")
        seen[lowered] = number
