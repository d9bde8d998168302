"""An external engine as a tournament player: a child process spoken to over
stdio in the protocol of docs/protocol.md (`uci`, `isready`, `newgame`, `position`,
`go`, `bestmove`; for an engine that ponders, `go ponder`, `ponderhit`, `stop`).

Nothing here may hang: every read waits, with a deadline, on the engine's
output as a reader thread buffers it; every write goes to a non-blocking pipe,
also with a deadline. An engine that exits, overruns its time, or writes what
the protocol does not allow raises EngineFailure naming what happened; the
caller then closes it (the whole process group is killed) and starts a fresh
one for the next game. Whatever the engine's children do, the deadlines and
the close hold: a child that left the process group (setsid) survives the
kill and may hold the engine's pipes open as long as it lives, so no end of
file comes; nothing here waits for one. The referee holds the pipes' read
ends only through the reader threads (engine_output), which close() wakes and
which close them as they end.

However much an engine prints, the referee's deadlines hold and its memory
stays bounded. Every line is checked against the deadline by the time it
arrived: output that goes on past the deadline (an endless `info` flood, a
banner in a loop, a move behind a flood) loses on time, and does not put off
the verdict. What is buffered from an engine is bounded (engine_output): one
that prints faster than the referee reads is made to wait in its own writes,
so it spends its own time, not the referee's memory. `info` lines are read and
ignored, never a fault in themselves: a chatty engine that answers in time
plays on.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from typing import IO

from .engine_output import EOF, MAX_LINE, TOO_LONG, EngineOutput, StderrTail
from .parent_death import preexec_dying_with

STARTUP_SECONDS = 10.0  # for `uci` ... `uciok` and each `isready` ... `readyok`


class EngineFailure(Exception):
    """The engine lost the game: `kind` is "crash", "timeout" or "garbage", `reason` says what happened."""

    def __init__(self, kind: str, reason: str):
        super().__init__(f"{kind}: {reason}")
        self.kind = kind
        self.reason = reason


def _position_line(game: str, seat: int, tokens: list[str]) -> str:
    moves = (" moves " + " ".join(tokens)) if tokens else ""
    return f"position {game} pov {seat}{moves}"


def _describe_exit(returncode: int | None) -> str:
    if returncode is None:
        return "closed its output"
    if returncode < 0:
        try:
            return f"was killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"was killed by signal {-returncode}"
    return f"exited with status {returncode}"


def _stdin(process: subprocess.Popen) -> IO[bytes]:
    assert process.stdin is not None  # every engine starts with stdin=PIPE
    return process.stdin


class ExternalEngine:
    """One engine process. `start()` runs the handshake; `bestmove()` asks for one decision.

    On Linux the process is killed when the thread that started it ends (so that a referee killed
    with SIGKILL leaves no engine behind): start it in the thread that plays its games."""

    def __init__(self, argv: list[str] | tuple[str, ...], label: str | None = None):
        self.argv = list(argv)
        self.label = label or " ".join(self.argv)
        self.name: str | None = None  # from `id name`
        self.options: set[str] = set()  # option names from the handshake, lower case
        self._process: subprocess.Popen | None = None
        self._output: EngineOutput | None = None
        self._stderr: StderrTail | None = None
        self.expected: list[str] = []  # the ponder tokens of its last bestmove
        self.pondering_on: list[str] | None = None  # the record it is pondering on
        self.ponders = self.ponderhits = 0  # ponder searches started, and those whose position came up

    # --- life cycle
    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start(self, timeout: float = STARTUP_SECONDS) -> None:
        """Starts the process and runs `uci` ... `uciok`, `isready` ... `readyok`."""
        # Its output pipes are made here, not by Popen: their read ends belong to the reader threads alone.
        stdout_read, stdout_write = os.pipe()
        stderr_read, stderr_write = os.pipe()
        try:
            self._process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=stdout_write,
                stderr=stderr_write,
                start_new_session=True,  # Ctrl-C at the terminal goes to us, not to it; a kill takes its children
                preexec_fn=preexec_dying_with(os.getpid()),  # in its own session, nothing else ends it if we are killed
            )
        except BaseException as error:
            os.close(stdout_read)
            os.close(stderr_read)
            if isinstance(error, OSError):
                raise EngineFailure("crash", f"could not start {self.argv[0]!r}: {error}") from None
            raise
        finally:
            os.close(stdout_write)  # the engine has its own copies; with ours open, its exit would bring no EOF
            os.close(stderr_write)
        os.set_blocking(_stdin(self._process).fileno(), False)
        self._output = EngineOutput(stdout_read)
        self._stderr = StderrTail(stderr_read)
        deadline = time.monotonic() + timeout
        self._send("uci", deadline)
        while True:
            line = self._read(deadline, "uciok", timeout)
            if line == "uciok":
                break
            words = line.split()
            if words[:2] == ["id", "name"]:
                self.name = " ".join(words[2:])
            elif words[:2] == ["option", "name"] and len(words) > 2:
                end = words.index("type") if "type" in words else len(words)
                self.options.add(" ".join(words[2:end]).lower())
            elif words[0] == "error":
                raise EngineFailure("garbage", f"answered {line[:200]!r} to uci")
            # anything else before uciok (a banner, id author, info) is tolerated, as UCI GUIs do
        self._ready(deadline, "uci")

    def new_game(self, game: str, seed: int | None = None, timeout: float = STARTUP_SECONDS) -> None:
        """`newgame <game>` (and the Seed option when the engine has one), then `isready`."""
        deadline = time.monotonic() + timeout
        self._drain("newgame")
        self._send(f"newgame {game}", deadline)
        if seed is not None and "seed" in self.options:
            self._send(f"setoption name Seed value {seed}", deadline)
        self._ready(deadline, "newgame")

    def bestmove(self, game: str, seat: int, tokens: list[str], go: str, limit_seconds: float) -> str:
        """The engine's move for `seat` after `tokens` (what that seat may see), within `limit_seconds`.
        The other seats' moves it expects next (`bestmove ... ponder ...`) are kept in `expected`."""
        self._drain("position")
        deadline = time.monotonic() + limit_seconds
        self._send(_position_line(game, seat, tokens), deadline)
        self._send(f"go {go}", deadline)
        return self._bestmove(deadline, limit_seconds)

    # --- pondering (thinking on the other seats' time, as a UCI GUI lets an engine do)
    def ponder(self, game: str, seat: int, tokens: list[str], go: str, timeout: float = STARTUP_SECONDS) -> bool:
        """Starts `go ponder <go>` on the position after `tokens` (the seat's record
        and the moves it expects); False, with nothing started, if the engine refuses that position."""
        self._drain("position")
        deadline = time.monotonic() + timeout
        self._send(_position_line(game, seat, tokens), deadline)
        # An error here is its own expectation being no legal position: no ponder this time.
        if not self._ready(deadline, "the ponder position", refusal_allowed=True):
            return False
        self._send(f"go ponder {go}", deadline)
        self.pondering_on = list(tokens)
        self.ponders += 1
        return True

    def ponderhit(self, limit_seconds: float) -> str:
        """The pondered position came up: its bestmove within `limit_seconds`, counted from now."""
        deadline = time.monotonic() + limit_seconds
        self.pondering_on = None
        self.ponderhits += 1
        self._send("ponderhit", deadline)
        return self._bestmove(deadline, limit_seconds)

    def stop_pondering(self, limit_seconds: float) -> None:
        """The pondered position did not come up (or the game ended): `stop`, and its bestmove dropped."""
        deadline = time.monotonic() + limit_seconds
        self.pondering_on = None
        self._send("stop", deadline)
        self._bestmove(deadline, limit_seconds)

    def _bestmove(self, deadline: float, limit_seconds: float) -> str:
        while True:
            line = self._read(deadline, "bestmove", limit_seconds)
            words = line.split()
            if words[0] == "info":
                continue
            if words[0] == "bestmove":
                if len(words) < 2:
                    raise EngineFailure("garbage", f"{line[:200]!r} names no move")
                self.expected = words[3:] if words[2:3] == ["ponder"] else []
                return words[1]
            if words[0] == "error":
                raise EngineFailure("garbage", f"answered {line[:200]!r} instead of bestmove")
            raise EngineFailure("garbage", f"unexpected output {line[:200]!r} while waiting for bestmove")

    def close(self, polite: bool = True) -> None:
        """Asks the engine to quit (unless not `polite`), then kills its process group. Safe to call twice."""
        process, self._process = self._process, None
        if process is None:
            return
        if polite and process.poll() is None:
            try:
                os.write(_stdin(process).fileno(), b"quit\n")
            except OSError:
                pass
            try:
                process.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(process.pid, signal.SIGKILL)  # also any child the engine left behind
        except (ProcessLookupError, PermissionError):
            pass
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL does not fail
            pass
        # Not waiting for end of file on the pipes: a child that left the process group may hold them open.
        if self._output is not None:
            self._output.close()
        if self._stderr is not None:
            self._stderr.close()
        try:
            _stdin(process).close()
        except OSError:
            pass

    # --- plumbing
    def _crash(self, doing: str) -> EngineFailure:
        process = self._process
        returncode = None
        if process is not None:
            try:
                returncode = process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                returncode = None
        time.sleep(0.05)  # let the stderr thread catch the last words
        tail = self._stderr.lines if self._stderr is not None else ()
        last = f"; last stderr: {tail[-1][:200]!r}" if tail else ""
        return EngineFailure("crash", f"engine {_describe_exit(returncode)} while {doing}{last}")

    def _send(self, line: str, deadline: float) -> None:
        if self._process is None:
            raise EngineFailure("crash", "engine is not running")
        data = (line + "\n").encode("utf-8")
        fd = _stdin(self._process).fileno()
        while data:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise EngineFailure("timeout", f"engine stopped reading its input ({line.split()[0]})")
            try:
                _, writable, _ = select.select([], [fd], [], remaining)
                if writable:
                    data = data[os.write(fd, data) :]
            except BlockingIOError:
                continue
            except OSError:  # a broken pipe: it has gone
                raise self._crash(f"reading {line.split()[0]!r}") from None

    def _read(self, deadline: float, waiting_for: str, limit_seconds: float | None = None) -> str:
        """The next non-blank output line, decoded and stripped; raises on EOF, timeout, bad bytes."""
        if self._output is None:
            raise EngineFailure("crash", "engine is not running")
        while True:
            arrived_item = self._output.next(deadline)
            if arrived_item is None or arrived_item[0] > deadline:  # only what arrived in time counts
                budget = f" within {limit_seconds * 1000:.0f} ms" if limit_seconds is not None else ""
                raise EngineFailure("timeout", f"no {waiting_for}{budget}")
            item = arrived_item[1]
            if item is EOF:
                raise self._crash(f"waiting for {waiting_for}")
            if item is TOO_LONG:
                raise EngineFailure("garbage", f"an output line longer than {MAX_LINE} bytes")
            assert isinstance(item, bytes)
            try:
                line = item.decode("utf-8").strip()
            except UnicodeDecodeError:
                raise EngineFailure("garbage", f"output that is not UTF-8: {item[:60]!r}") from None
            if line:
                return line

    def _ready(self, deadline: float, after: str, refusal_allowed: bool = False) -> bool:
        """`isready` ... `readyok`; False if an `error` answer came first (garbage unless `refusal_allowed`)."""
        self._send("isready", deadline)
        refused = False
        while True:
            line = self._read(deadline, f"readyok after {after}")
            if line == "readyok":
                return not refused
            if line.startswith("error"):
                if not refusal_allowed:
                    raise EngineFailure("garbage", f"answered {line[:200]!r} to {after}")
                refused = True
            elif not line.startswith("info"):
                raise EngineFailure("garbage", f"unexpected output {line[:200]!r} while waiting for readyok")

    def _drain(self, before: str) -> None:
        """Output left over since the last answer: info is fine, anything else is a protocol error.

        Only what is buffered now: an engine still printing is read on under the next deadline."""
        if self._output is None:
            return
        for item in self._output.take_buffered():
            if item is EOF:
                raise self._crash(f"idle before {before}")
            if item is TOO_LONG:
                raise EngineFailure("garbage", f"an output line longer than {MAX_LINE} bytes")
            assert isinstance(item, bytes)
            line = item.decode("utf-8", "replace").strip()
            if line and not line.startswith("info"):
                raise EngineFailure("garbage", f"unexpected output {line[:200]!r} after its answer")
