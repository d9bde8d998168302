"""An engine's standard output, read line by line by a background thread into a bounded buffer.

The buffer holds at most MAX_BUFFERED_LINES lines and MAX_BUFFERED_BYTES bytes
(plus the line being handed over). When it is full, the thread stops reading:
the pipe fills and the engine blocks in its next write until the referee has
taken lines out. So an engine that prints without end (a banner in a loop, an
`info` flood, chatter while the referee plays the other seats) is held to the
pace at which the referee reads, and costs it a few MiB at most. Nothing is
dropped: whether the engine answered in time is for the referee's deadlines,
judged by the time each line arrived.
"""

from __future__ import annotations

import collections
import threading
import time

MAX_LINE = 1 << 20  # the protocol lets an engine refuse longer lines; we refuse longer answers
MAX_BUFFERED_LINES = 4096  # far more than an engine prints in answer to one command
MAX_BUFFERED_BYTES = 1 << 20

# What ends the output; it stays at the end of the buffer, and every later read returns it again.
EOF = object()  # the engine closed its output (it has exited, or is about to)
TOO_LONG = object()  # a line longer than MAX_LINE: nothing after it is read


class EngineOutput:
    """The lines an engine prints, each with the time.monotonic() at which it was read from the pipe."""

    def __init__(self, stream):
        self._lines: collections.deque[tuple[float, object]] = collections.deque()
        self._bytes = 0
        self._closed = False
        self._changed = threading.Condition()  # a line came in, a line was taken out, or the end
        threading.Thread(target=self._read, args=(stream,), daemon=True, name="engine output").start()

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
        """Lets the thread go if it is waiting for room (the engine is being killed: no one reads on)."""
        with self._changed:
            self._closed = True
            self._lines.clear()
            self._bytes = 0
            self._changed.notify_all()

    def _take_first(self) -> tuple[float, object]:
        arrived, item = self._lines[0]
        if isinstance(item, bytes):  # the end stays
            self._lines.popleft()
            self._bytes -= len(item)
            self._changed.notify_all()
        return arrived, item

    def _read(self, stream) -> None:
        end = EOF
        try:
            while True:
                line = stream.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE:
                    end = TOO_LONG
                    break
                if not self._put(time.monotonic(), line):
                    return
        except (OSError, ValueError):  # the stream was closed under us
            pass
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
