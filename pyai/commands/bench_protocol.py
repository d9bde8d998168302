"""Round-trip time of the engine protocol: `go iterations 1` sent, `bestmove` back.

Two ways, for `pyai bench` and the pytest-benchmark suite:
- in-process: pyai.protocol.Engine.handle() with an emit callback, which is
  the cost of the protocol layer itself (parsing, the search job's threads,
  the report lines) without pipes;
- a real `pyai engine` child over pipes, what a GUI or referee sees.

The position is set once before timing (a `position` per move is a client's
choice, not part of the round trip); each `go` searches it again from scratch.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import threading
import time

from ..protocol import Engine

GO = "go iterations 1"
STARTUP_SECONDS = 30.0


class InProcessEngine:
    """An Engine whose emitted lines wake the caller as soon as `bestmove` is out."""

    def __init__(self, position: str):
        self._done = threading.Event()
        self.engine = Engine(emit=self._emit)
        answers = self.engine.handle(position)
        if answers:
            raise RuntimeError(f"the engine refused {position!r}: {answers}")

    def _emit(self, line: str) -> None:
        if line.startswith("bestmove "):
            self._done.set()

    def go(self, line: str = GO) -> None:
        """Sends one `go` and returns once its bestmove is emitted."""
        self._done.clear()
        answers = self.engine.handle(line)
        if answers:
            raise RuntimeError(f"the engine answered {answers} to {line!r}")
        if not self._done.wait(STARTUP_SECONDS):
            raise TimeoutError(f"no bestmove {STARTUP_SECONDS} s after {line!r}")
        # No wait for the job's thread to end: the engine emits bestmove and
        # forgets the job under one lock, so the next command already sees it gone.

    def close(self) -> None:
        self.engine.shutdown()


class EngineChild:
    """A `pyai engine` child process, read with plain blocking reads.

    No reader thread on purpose: a thread hand-off per line would add its own
    latency to the figure. The engine is ours and always answers a `go`, so a
    blocking read cannot hang unless the engine is broken (then it exits and
    the read sees end of file). A refused `go` answers `error` instead of
    `bestmove`, which ends the wait too.
    """

    def __init__(self, position: str):
        # -P: do not put the working directory on sys.path, so that running
        # from a checkout still imports the installed pyai (the checkout's
        # pyai folder has no built core).
        self.process = subprocess.Popen(
            [sys.executable, "-P", "-m", "pyai", "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.send("uci")
        self._until("uciok")
        self.send(position)
        self.send("isready")
        lines = self._until("readyok")
        if any(line.startswith("error ") for line in lines):
            raise RuntimeError(f"the engine refused {position!r}: {lines}")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        os.write(self.process.stdin.fileno(), (line + "\n").encode())

    def _until(self, prefix: str) -> list[str]:
        assert self.process.stdout is not None
        lines = []
        while True:
            raw = self.process.stdout.readline()
            if not raw:
                raise EOFError(f"pyai engine exited (status {self.process.poll()}) before {prefix!r}")
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines
            if line.startswith("error ") and prefix == "bestmove ":  # a refused go has no bestmove to wait for
                raise RuntimeError(f"pyai engine refused the search: {line}")

    def go(self, line: str = GO) -> None:
        """Sends one `go` and reads up to its bestmove."""
        self.send(line)
        self._until("bestmove ")

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.send("quit")
                self.process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


def median_round_trip_ms(client: InProcessEngine | EngineChild, repeats: int = 50, warmup: int = 5) -> float:
    """Median time of one `go iterations 1` -> `bestmove`, in milliseconds."""
    for _ in range(warmup):
        client.go()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        client.go()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def round_trip_ms(in_process: bool, repeats: int, position: str) -> float:
    """Median round trip through a fresh in-process engine or `pyai engine` child set to `position`."""
    client = InProcessEngine(position) if in_process else EngineChild(position)
    try:
        return median_round_trip_ms(client, repeats)
    finally:
        client.close()
