"""How a tournament shows its progress on stderr.

On a terminal, a tqdm bar. Anywhere else (a log file, `nohup`, a batch job's
output) a bar's carriage returns would be noise, yet a run of hours still
needs to say how far it is: a plain line at most once a minute, with the
games stored, this run's rate and the time left at that rate.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

LINE_EVERY_SECONDS = 60.0


def progress_display(total: int, initial: int, enabled: bool, stream: TextIO | None = None):
    """What shows the run's progress: a bar on a terminal, lines elsewhere, nothing when not enabled.

    Each has update(n), set_postfix(failures=...) and close(), as a tqdm bar does."""
    stream = sys.stderr if stream is None else stream
    if enabled and not stream.isatty():
        return ProgressLines(total, initial, stream, LINE_EVERY_SECONDS)
    from tqdm import tqdm

    return tqdm(
        total=total,
        initial=initial,
        unit="game",
        file=stream,
        disable=not enabled,
        dynamic_ncols=True,
        smoothing=0.05,
    )


def duration_text(seconds: float) -> str:
    """A duration as people say it: "45 s", "12 min", "3 h 05 min"."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60:02d} min"


class ProgressLines:
    """Progress as a line now and then: "stored 42 of 300 games (14%); this run 6 in 5 min,
    1.2 a minute; about 3 h 35 min left"."""

    def __init__(
        self,
        total: int,
        initial: int,
        stream: TextIO,
        every_seconds: float = LINE_EVERY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.total = total
        self.stored = initial
        self.played = 0
        self.failures = 0
        self.stream = stream
        self.every_seconds = every_seconds
        self.clock = clock
        self.started = clock()
        self.last_line = self.started

    def update(self, n: int = 1) -> None:
        self.stored += n
        self.played += n
        now = self.clock()
        if now - self.last_line >= self.every_seconds:
            self.last_line = now
            print(self.line(now - self.started), file=self.stream, flush=True)

    def set_postfix(self, failures: int = 0, refresh: bool = False) -> None:
        self.failures = failures

    def close(self) -> None:
        pass  # the caller reports the run when it ends

    def line(self, elapsed: float) -> str:
        share = f" ({100 * self.stored / self.total:.0f}%)" if self.total else ""
        text = f"stored {self.stored} of {self.total} games{share}; this run {self.played} in {duration_text(elapsed)}"
        if self.played and elapsed > 0:
            per_minute = 60 * self.played / elapsed
            text += f", {per_minute:.1f} a minute"
            left = self.total - self.stored
            if left > 0:
                text += f"; about {duration_text(left * elapsed / self.played)} left"
        if self.failures:
            text += f"; {self.failures} failed"
        return text
