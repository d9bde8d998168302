"""An engine's standard output and standard error, each read line by line by a background thread.

The standard output goes into a bounded buffer (EngineOutput). It holds at
most MAX_BUFFERED_LINES lines and MAX_BUFFERED_BYTES bytes (plus what the
thread has read but not yet handed over: a CHUNK and a line at most). When it
is full, the thread stops reading: the pipe fills and the engine blocks in its
next write until the referee has taken lines out. So an engine that prints
without end (a banner in a loop, an `info` flood, chatter while the referee
plays the other seats) is held to the pace at which the referee reads, and
costs it a few MiB at most. Nothing is dropped: whether the engine answered in time is
for the referee's deadlines, judged by the time each line arrived. Of the
standard error only the last few lines are kept (StderrTail), for the reason
of a crash.

Closing never waits for the engine, nor for anything it started. A pipe's end
of file comes only once every process holding its write end has closed it,
and a child the engine forked into a session of its own (setsid) outlives the
kill of the engine's process group, holding the pipes open as long as it
likes. So a reader thread never blocks where close() cannot reach it: it waits
in poll() on its pipe and on a wake-up pipe of its own, reads only what is
there (the pipe is non-blocking), and waits for room in the buffer on a
condition close() notifies. close() closes the wake-up pipe's write end, which
wakes the thread at once; the thread closes the pipe's read end as it ends,
and close() returns once it has.
"""

from __future__ import annotations

import collections
import os
import select
import threading
import time
from collections.abc import Iterator

MAX_LINE = 1 << 20  # the protocol lets an engine refuse longer lines; we refuse longer answers
MAX_BUFFERED_LINES = 4096  # far more than an engine prints in answer to one command
MAX_BUFFERED_BYTES = 1 << 20
CHUNK = 1 << 16  # bytes taken from the pipe in one read
STDERR_LINE = 4096  # a longer stderr line is kept in pieces of this size
STDERR_LINES_KEPT = 5
STOP_SECONDS = 5.0  # close() waits this long at most for a woken thread (which ends at once)

# What ends the output; it stays at the end of the buffer, and every later read returns it again.
EOF = object()  # the engine closed its output (it has exited, or is about to)
TOO_LONG = object()  # a line longer than MAX_LINE: nothing after it is read


class PipeReader:
    """A pipe's read end, read by a daemon thread that owns it: `_consume` gets its lines.

    The thread ends at end of file, when `_consume` returns, or when `stop()` wakes it, and closes
    the pipe as it ends."""

    def __init__(self, fd: int, limit: int, name: str):
        """Takes `fd` over (it is closed when the thread ends); lines are split as readline(`limit`) splits them."""
        self._fd = fd
        self._limit = limit
        os.set_blocking(fd, False)  # poll() may say readable when a read would block: such a read must not
        self._wake_read, wake_write = os.pipe()
        self._wake_write: int | None = wake_write
        self._wake_lock = threading.Lock()  # the write end is closed once, by stop() or by the ending thread
        self._thread = threading.Thread(target=self._run, daemon=True, name=name)
        self._thread.start()

    def stop(self) -> None:
        """Wakes the thread wherever it waits on the pipe, and returns once it has ended and closed the pipe."""
        self._close_wake_write()  # the wake-up pipe's end of file: its read end polls readable
        self._thread.join(STOP_SECONDS)

    def _consume(self, lines: Iterator[tuple[float, bytes]]) -> None:
        """Takes the lines, each with the time.monotonic() at which it was read; the lines end at end of
        file (or when stopped, or the pipe fails)."""
        raise NotImplementedError

    def _run(self) -> None:
        try:
            self._consume(self._pipe_lines())
        finally:
            os.close(self._fd)
            os.close(self._wake_read)
            self._close_wake_write()

    def _close_wake_write(self) -> None:
        with self._wake_lock:
            if self._wake_write is not None:
                os.close(self._wake_write)
                self._wake_write = None

    def _pipe_lines(self) -> Iterator[tuple[float, bytes]]:
        """The pipe's lines, newline included, as readline(limit) returns them: at most `limit` bytes
        each, and at the end what is left without a newline. Stops when woken or when a read fails."""
        pending = bytearray()
        start = 0  # pending[:start] is handed over already (dropped in one go when a chunk comes)
        scanned = 0  # pending[start:scanned] has no newline
        arrived = 0.0  # when the last chunk was read: each whole line in pending was completed by it
        at_end = False
        poller = select.poll()
        poller.register(self._fd, select.POLLIN)
        poller.register(self._wake_read, select.POLLIN)
        while True:
            newline = pending.find(b"\n", max(scanned, start), start + self._limit)
            if newline >= 0:
                cut = newline + 1
            elif len(pending) - start >= self._limit or (at_end and len(pending) > start):
                cut = min(len(pending), start + self._limit)
            elif at_end:
                return
            else:
                del pending[:start]
                scanned, start = len(pending), 0
                chunk = self._next_chunk(poller)
                if chunk is None:
                    return
                if not chunk:
                    at_end = True
                else:
                    arrived = time.monotonic()
                    pending += chunk
                continue
            line = bytes(pending[start:cut])
            start = scanned = cut
            yield arrived, line

    def _next_chunk(self, poller: select.poll) -> bytes | None:
        """The next bytes on the pipe, b"" at end of file, None when woken or when the read fails."""
        while True:
            events = poller.poll()
            if any(fd == self._wake_read for fd, _ in events):
                return None
            try:
                return os.read(self._fd, CHUNK)
            except BlockingIOError:
                continue
            except OSError:
                return None


class EngineOutput(PipeReader):
    """The lines an engine prints, each with the time.monotonic() at which it was read from the pipe."""

    def __init__(self, fd: int):
        """Reads the pipe's read end `fd`, and closes it when done."""
        self._lines: collections.deque[tuple[float, object]] = collections.deque()
        self._bytes = 0
        self._closed = False
        self._changed = threading.Condition()  # a line came in, a line was taken out, or the end
        super().__init__(fd, MAX_LINE + 1, name="engine output")

    def next(self, deadline: float) -> tuple[float, object] | None:
        """The oldest line not yet taken (bytes, EOF or TOO_LONG) and when it arrived, waiting until
        `deadline` (a time.monotonic()) for one to come; None if none did."""
        with self._changed:
            while not self._lines:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self._changed.wait(remaining)
            return self._take_first()

    def take_buffered(self) -> list[object]:
        """The lines buffered now (at most the buffer's limits), without waiting."""
        with self._changed:
            taken = []
            while self._lines:
                _, item = self._take_first()
                taken.append(item)
                if not isinstance(item, bytes):
                    break
            return taken

    def close(self) -> None:
        """Drops what is buffered and ends the thread (the engine is being killed: no one reads on),
        returning once the pipe is closed, whoever still holds its write end."""
        with self._changed:
            self._closed = True
            self._lines.clear()
            self._bytes = 0
            self._changed.notify_all()  # a thread waiting for room goes
        self.stop()

    def _take_first(self) -> tuple[float, object]:
        arrived, item = self._lines[0]
        if isinstance(item, bytes):  # the end stays
            self._lines.popleft()
            self._bytes -= len(item)
            self._changed.notify_all()
        return arrived, item

    def _consume(self, lines: Iterator[tuple[float, bytes]]) -> None:
        end = EOF
        for arrived, line in lines:
            if len(line) > MAX_LINE:
                end = TOO_LONG
                break
            if not self._put(arrived, line):
                return
        with self._changed:
            if not self._closed:
                self._lines.append((time.monotonic(), end))
                self._changed.notify_all()

    def _put(self, arrived: float, line: bytes) -> bool:
        """Appends `line` once there is room; False if the output was closed meanwhile."""
        with self._changed:
            while not self._closed and (len(self._lines) >= MAX_BUFFERED_LINES or self._bytes >= MAX_BUFFERED_BYTES):
                self._changed.wait()
            if self._closed:
                return False
            self._lines.append((arrived, line))
            self._bytes += len(line)
            self._changed.notify_all()
            return True


class StderrTail(PipeReader):
    """The last few non-blank lines an engine writes to its standard error, decoded and stripped."""

    def __init__(self, fd: int):
        """Reads the pipe's read end `fd` to its end, and closes it when done."""
        self.lines: collections.deque[str] = collections.deque(maxlen=STDERR_LINES_KEPT)
        super().__init__(fd, STDERR_LINE, name="engine stderr")

    def close(self) -> None:
        """Ends the thread, returning once the pipe is closed, whoever still holds its write end."""
        self.stop()

    def _consume(self, lines: Iterator[tuple[float, bytes]]) -> None:
        for _, line in lines:
            text = line.decode("utf-8", "replace").strip()
            if text:
                self.lines.append(text)
