"""Parsing one protocol line into a command object (docs/protocol.md).

Only syntax lives here: whether a game string names a game, a token is legal
or a value is allowed is for the engine to decide. A line that cannot be
parsed raises ProtocolError with the code `unknown-command` or `syntax`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..digits import is_whole_number
from ..games import DEFAULT_GAME
from .errors import SYNTAX, UNKNOWN_COMMAND, ProtocolError, quoted

MAX_LINE_BYTES = 1 << 20  # longer lines are refused with `syntax`
MAX_NUMBER_DIGITS = 18

_TAG = re.compile(r"@[\x21-\x7e]{1,64}")
_GAME_CALL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\s*\([^()]*\)")


@dataclass(frozen=True)
class Uci:
    pass


@dataclass(frozen=True)
class IsReady:
    pass


@dataclass(frozen=True)
class UciNewGame:
    pass


@dataclass(frozen=True)
class Debug:
    on: bool


@dataclass(frozen=True)
class SetOption:
    name: str
    value: str | None


@dataclass(frozen=True)
class NewGame:
    game: str


@dataclass(frozen=True)
class Position:
    game: str
    pov: int | None = None
    setup: tuple[str, ...] | None = None  # the words after `setup` (a partial-knowledge description)
    moves: tuple[str, ...] = ()
    at: tuple[str, ...] | None = None  # the words after `at` (a position as text)


@dataclass(frozen=True)
class Play:
    tokens: tuple[str, ...]


@dataclass(frozen=True)
class Undo:
    count: int = 1


@dataclass(frozen=True)
class Legal:
    pass


@dataclass(frozen=True)
class Query:
    what: str  # "turn" or "result"


@dataclass(frozen=True)
class Show:
    pass


@dataclass(frozen=True)
class Go:
    iterations: int | None = None
    nodes: int | None = None  # UCI's name for the iteration limit: one or the other
    depth: int | None = None  # parsed so that the engine can say why it has no depth limit
    movetime: int | None = None
    time: int | None = None  # the searching seat's clock: its remaining time
    inc: int | None = None  # ... and its increment per move
    wtime: int | None = None  # UCI's clocks: seat 0's (white's) ...
    btime: int | None = None  # ... and seat 1's (black's)
    winc: int | None = None
    binc: int | None = None
    movestogo: int | None = None  # moves until the clock's next time control
    threads: int | None = None
    infinite: bool = False
    searchmoves: tuple[str, ...] = ()
    ponder: bool = False  # think on another seat's time: the budget waits for ponderhit


@dataclass(frozen=True)
class Stop:
    pass


@dataclass(frozen=True)
class PonderHit:
    pass


@dataclass(frozen=True)
class Quit:
    pass


@dataclass(frozen=True)
class Help:
    topic: str | None = None


Command = (
    Uci
    | UciNewGame
    | Debug
    | IsReady
    | SetOption
    | NewGame
    | Position
    | Play
    | Undo
    | Legal
    | Query
    | Show
    | Go
    | Stop
    | PonderHit
    | Quit
    | Help
)

QUERIES = ("turn", "result")
HELP_TOPICS = ("commands", "options", "games", "position", "setup", "tokens")


@dataclass
class Line:
    """A parsed line: its tag (echoed on every answer) and its command, or the
    error that parsing it raised. `command` and `error` are both None for a
    blank or comment-only line, which needs no answer."""

    tag: str | None = None
    command: Command | None = None
    error: ProtocolError | None = field(default=None)


def parse_line(text: str) -> Line:
    """Splits off a `@tag ` prefix and parses the rest; never raises."""
    text = text.split("#", 1)[0].strip()
    if not text:
        return Line()
    tag = None
    if text.startswith("@"):
        parts = text.split(None, 1)
        head, rest = parts[0], parts[1] if len(parts) > 1 else ""
        if not _TAG.fullmatch(head):
            return Line(
                error=ProtocolError(SYNTAX, f"bad tag {quoted(head)}: '@' and 1 to 64 printable ASCII characters")
            )
        tag = head
        text = rest.strip()
        if not text:
            return Line(tag=tag, error=ProtocolError(SYNTAX, "a tag needs a command after it"))
    try:
        return Line(tag=tag, command=parse_command(text))
    except ProtocolError as error:
        return Line(tag=tag, error=error)


def parse_command(text: str) -> Command:
    words = text.split()
    name = words[0].lower()
    args = words[1:]
    rest = text[len(words[0]) :].strip()
    if name in _NO_ARGUMENTS:
        if args:
            raise ProtocolError(SYNTAX, f"{name} takes no arguments (got {quoted(rest)})")
        return _NO_ARGUMENTS[name]()
    if name == "setoption":
        return _setoption(args)
    if name == "debug":
        if len(args) != 1 or args[0].lower() not in ("on", "off"):
            raise ProtocolError(SYNTAX, "debug takes on or off")
        return Debug(args[0].lower() == "on")
    if name == "newgame":
        if not rest:
            raise ProtocolError(SYNTAX, f"newgame needs a game, e.g. newgame {DEFAULT_GAME}")
        game, remainder = _game_string(rest)
        if remainder:
            raise ProtocolError(SYNTAX, f"unexpected {quoted(remainder)} after the game string")
        return NewGame(game)
    if name == "position":
        return _position(rest)
    if name == "play":
        if not args:
            raise ProtocolError(SYNTAX, "play needs at least one move token")
        return Play(tuple(args))
    if name == "undo":
        if len(args) > 1:
            raise ProtocolError(SYNTAX, "undo takes at most one number")
        return Undo(_number(args[0], "undo's count") if args else 1)
    if name == "query":
        if len(args) != 1 or args[0].lower() not in QUERIES:
            raise ProtocolError(SYNTAX, f"query needs one of: {', '.join(QUERIES)}")
        return Query(args[0].lower())
    if name == "go":
        return _go(args)
    if name == "help":
        if len(args) > 1 or (args and args[0].lower() not in HELP_TOPICS):
            raise ProtocolError(SYNTAX, f"help takes no topic or one of: {', '.join(HELP_TOPICS)}")
        return Help(args[0].lower() if args else None)
    raise ProtocolError(UNKNOWN_COMMAND, f"unknown command {quoted(words[0])} (try help)")


_NO_ARGUMENTS: dict[str, Callable[[], Command]] = {
    "uci": Uci,
    "ucinewgame": UciNewGame,
    "isready": IsReady,
    "legal": Legal,
    "show": Show,
    "stop": Stop,
    "ponderhit": PonderHit,
    "quit": Quit,
}

COMMAND_NAMES = (
    "uci",
    "ucinewgame",
    "debug",
    "isready",
    "setoption",
    "newgame",
    "position",
    "play",
    "undo",
    "legal",
    "query",
    "show",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "help",
)


def _number(word: str, what: str) -> int:
    if not is_whole_number(word):
        raise ProtocolError(SYNTAX, f"{what} must be a whole number, not {quoted(word)}")
    if len(word) > MAX_NUMBER_DIGITS:
        raise ProtocolError(SYNTAX, f"{what} has too many digits")
    return int(word)


def _setoption(args: list[str]) -> SetOption:
    if not args or args[0].lower() != "name" or len(args) < 2:
        raise ProtocolError(SYNTAX, "setoption name <name> value <value>")
    lowered = [a.lower() for a in args]
    if "value" in lowered[1:]:
        at = lowered.index("value", 1)
        name_words, value_words = args[1:at], args[at + 1 :]
        if not value_words:
            raise ProtocolError(SYNTAX, "setoption ... value needs a value after it")
        value: str | None = " ".join(value_words)
    else:
        name_words, value = args[1:], None
    if not name_words:
        raise ProtocolError(SYNTAX, "setoption name needs an option name")
    return SetOption(" ".join(name_words), value)


def _game_string(text: str) -> tuple[str, str]:
    """The game string at the start of `text` (``forsale(players=4, theme=advisors)``
    may hold spaces inside its parentheses) and what follows it."""
    match = _GAME_CALL.match(text)
    if match:
        return match.group(0), text[match.end() :].strip()
    if "(" in text.split()[0] or ")" in text.split()[0]:
        raise ProtocolError(SYNTAX, f"the game string {quoted(text.split()[0])} has unbalanced parentheses")
    first, _, remainder = text.partition(" ")
    return first, remainder.strip()


POSITION_USAGE = "position <game> [pov <seat>] [at <position> | setup <facts>] [moves <token>...]"


def _position(rest: str) -> Position:
    if not rest:
        raise ProtocolError(SYNTAX, POSITION_USAGE)
    game, remainder = _game_string(rest)
    words = remainder.split()
    pov = None
    described: dict[str, tuple[str, ...]] = {}
    moves: tuple[str, ...] = ()
    i = 0
    if i < len(words) and words[i].lower() == "pov":
        if i + 1 >= len(words):
            raise ProtocolError(SYNTAX, "pov needs a seat number")
        pov = _number(words[i + 1], "pov")
        i += 2
    if i < len(words) and words[i].lower() in ("at", "setup"):
        keyword = words[i].lower()
        end = next((j for j in range(i + 1, len(words)) if words[j].lower() == "moves"), len(words))
        described[keyword] = tuple(words[i + 1 : end])
        if not described[keyword]:
            what = "a position as text (see help position)" if keyword == "at" else "a description (see help setup)"
            raise ProtocolError(SYNTAX, f"{keyword} needs {what}")
        i = end
    if i < len(words) and words[i].lower() == "moves":
        moves = tuple(words[i + 1 :])
        i = len(words)
    if i < len(words):
        raise ProtocolError(SYNTAX, f"unexpected {quoted(words[i])} in position ({POSITION_USAGE})")
    return Position(game, pov, described.get("setup"), moves, described.get("at"))


# The go words that take a number; `nodes` is UCI's name for `iterations`.
GO_NUMBERS = (
    "iterations",
    "nodes",
    "depth",
    "movetime",
    "time",
    "inc",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "threads",
)
GO_WORDS = (*GO_NUMBERS, "infinite", "ponder", "searchmoves")
GO_USAGE = (
    "iterations N (or nodes N), movetime ms, time ms, inc ms, wtime ms, btime ms, winc ms, binc ms, "
    "movestogo N, threads N, infinite, ponder, searchmoves <token>..."
)


def _go(args: list[str]) -> Go:
    values: dict[str, int | bool | tuple[str, ...]] = {}
    i = 0
    while i < len(args):
        word = args[i].lower()
        if word == "searchmoves":  # the moves up to the next go word, as UCI has it
            if word in values:
                raise ProtocolError(SYNTAX, "go searchmoves given twice")
            end = next((j for j in range(i + 1, len(args)) if args[j].lower() in GO_WORDS), len(args))
            if end == i + 1:
                raise ProtocolError(SYNTAX, "go searchmoves needs one or more move tokens")
            values["searchmoves"] = tuple(args[i + 1 : end])
            i = end
            continue
        if word in GO_NUMBERS:
            if i + 1 >= len(args):
                raise ProtocolError(SYNTAX, f"go {word} needs a number")
            if word in values:
                raise ProtocolError(SYNTAX, f"go {word} given twice")
            if word in ("iterations", "nodes") and values.keys() & {"iterations", "nodes"}:
                raise ProtocolError(SYNTAX, "go nodes and go iterations are the same limit: give one")
            values[word] = _number(args[i + 1], f"go {word}")
            i += 2
        elif word in ("infinite", "ponder"):
            if word in values:
                raise ProtocolError(SYNTAX, f"go {word} given twice")
            values[word] = True
            i += 1
        else:
            raise ProtocolError(SYNTAX, f"unknown go argument {quoted(args[i])} ({GO_USAGE})")
    return Go(**values)  # type: ignore[arg-type]
