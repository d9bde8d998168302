"""SIGTERM ends a tournament the way Ctrl-C does.

Tournaments run for hours under `nohup`, `timeout`, job schedulers and service
managers, which stop a job with SIGTERM. Python's default for it is to die on
the spot: the stored games are safe (each is committed when it ends), but the
worker processes are left to notice for themselves and nothing says how to go
on. Raised as an interruption instead, it takes the Ctrl-C path: the workers
are stopped, the store is closed, and the run says where its games are.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Terminated(KeyboardInterrupt):
    """The run was sent SIGTERM (a KeyboardInterrupt, so every Ctrl-C clean-up runs for it too)."""


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated


@contextmanager
def sigterm_interrupts() -> Iterator[None]:
    """Within the block, SIGTERM raises Terminated in the main thread; Python's own handling comes back after."""
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
