"""The engine over standard input and output.

The main thread reads lines and answers them; a `go` runs in its own thread
(search_job.py) and prints through the same writer, one whole line at a
time, flushed. Input is read as bytes: any byte sequence is a line (decoded
as UTF-8 with replacement characters), a line longer than 1 MiB is skipped
to its end without being held in memory and refused with `syntax`, CRLF is
accepted. Lines that come while a search runs wait in the Engine's queue
(engine.py) and are answered after its bestmove; `stop`, `ponderhit`,
`isready` and `quit` act at once. At end of input a running search with a
finite budget runs to its end and answers; an infinite one is stopped, its
bestmove preceded by an `info string` saying so; the queued lines are then
carried out the same way, and the engine exits. Logs go to stderr only.
"""

from __future__ import annotations

import functools
import logging
import sys
import threading
from collections.abc import Iterator
from typing import BinaryIO

from ..game_files import NO_FILES, FileAccess
from .commands import MAX_LINE_BYTES, parse_line
from .engine import Engine
from .errors import SYNTAX, ProtocolError

log = logging.getLogger("pyai.protocol")


class TooLong:
    """Stands for a line over MAX_LINE_BYTES; keeps only its first bytes (for its tag)."""

    def __init__(self, head: bytes):
        self.head = head


def read_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes | TooLong]:
    """Lines without their line break; a line over `limit` bytes comes as TooLong."""
    while True:
        chunk = stream.readline(limit + 2)  # room for CR LF
        if not chunk:
            return
        if chunk.endswith(b"\n") or len(chunk) < limit + 2:
            line = chunk[:-1] if chunk.endswith(b"\n") else chunk
            if line.endswith(b"\r"):
                line = line[:-1]
            if len(line) > limit:
                yield TooLong(line[:200])
            else:
                yield line
            continue
        head = chunk[:200]
        while not chunk.endswith(b"\n"):  # skip the rest of the line, a piece at a time
            chunk = stream.readline(limit)
            if not chunk:
                break
        yield TooLong(head)


class Writer:
    """Writes whole lines, flushed, from any thread."""

    def __init__(self, stream: BinaryIO):
        self._stream = stream
        self._lock = threading.Lock()
        self.broken = False

    def write(self, line: str) -> None:
        data = (line + "\n").encode("utf-8", errors="replace")
        with self._lock:
            if self.broken:
                return
            try:
                self._stream.write(data)
                self._stream.flush()
            except (BrokenPipeError, OSError, ValueError):
                self.broken = True  # nobody reads us any more; quit at the next line


def _too_long_answers(head: bytes) -> list[str]:
    return [too_long_answer(head)]


def too_long_answer(head: bytes) -> str:
    tagged = parse_line(head.decode("utf-8", errors="replace").split(" ", 1)[0] + " x")
    prefix = f"{tagged.tag} " if tagged.tag else ""
    return prefix + ProtocolError(SYNTAX, f"line longer than {MAX_LINE_BYTES} bytes (1 MiB): refused").line()


def serve(stdin: BinaryIO, stdout: BinaryIO, files: FileAccess = NO_FILES) -> int:
    """Answers the protocol on these streams until `quit` or end of input; a
    client's game strings may name the files `files` allows (none by default)."""
    writer = Writer(stdout)
    engine = Engine(emit=writer.write, files=files)
    try:
        for raw in read_lines(stdin):
            if isinstance(raw, TooLong):  # answered in its turn, like any line
                answers = engine.in_turn(functools.partial(_too_long_answers, raw.head))
            else:
                answers = engine.handle(raw.decode("utf-8", errors="replace"))
            for answer in answers:
                writer.write(answer)
            if engine.quit_requested or writer.broken:
                break
        else:
            engine.end_of_input()
    except KeyboardInterrupt:
        pass
    finally:
        engine.shutdown()
    return 0


def main(files: FileAccess = NO_FILES) -> int:
    """`pyai engine`: the protocol on this process's stdin and stdout."""
    if not logging.getLogger().handlers:
        logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="pyai engine: %(levelname)s %(message)s")
    sys.stdout.flush()
    return serve(sys.stdin.buffer, sys.stdout.buffer, files)
