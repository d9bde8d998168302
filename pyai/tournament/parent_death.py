"""Children of a tournament that must not outlive their parent: pool workers and external engines.

A `pyai tournament` killed with SIGKILL runs none of its clean-up, and its
children would run on: a pool worker waits for its next game for ever (it
holds the write end of its job queue's pipe too, so no end of file comes), an
engine in its own session waits for its next command or sleeps out its hang,
and the multiprocessing resource tracker waits until no process holds its
pipe, the workers included. So each child is told to die with its parent:

- On Linux, prctl(PR_SET_PDEATHSIG, SIGKILL) makes the kernel kill the child
  when the thread that started it ends. For a worker that is the thread that
  submits the games (workers start on demand); for an engine, the thread that
  plays its games (engines are kept per thread), which ends with its worker.
  Each child checks, once armed, that its parent has not already gone.
- Elsewhere, a worker watches os.getppid() from a thread, and on a change runs
  its clean-up (closing its engines) and exits; engines there have no guard
  of their own, so one outlives a worker that is itself killed with SIGKILL.

The resource tracker needs nothing of its own: it exits once its last user has.
"""

from __future__ import annotations

import ctypes
import functools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable

WATCH_SECONDS = 0.5  # how often a watchdog looks at its parent, where the kernel cannot tell it
_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _find_prctl():
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl  # the C library this interpreter runs on
    except (OSError, AttributeError):
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    return prctl


# Looked up once, here: a forked child about to exec must only call it, not load anything.
_prctl = _find_prctl()
_SIGKILL = int(signal.SIGKILL)


def _die_with_parent(parent_pid: int) -> bool:
    """Asks the kernel to SIGKILL this process when its parent's thread ends; False where it cannot."""
    if _prctl is None or _prctl(_PR_SET_PDEATHSIG, _SIGKILL, 0, 0, 0) != 0:
        return False
    if os.getppid() != parent_pid:  # the parent died before we asked: nobody will signal us
        os._exit(1)
    return True


def exit_with_parent(parent_pid: int, clean_up: Callable[[], None] | None = None) -> None:
    """Called in a worker as it starts: ends it when `parent_pid` dies (on Linux at once, by the
    kernel; elsewhere within WATCH_SECONDS, after `clean_up`)."""
    if not _die_with_parent(parent_pid):
        threading.Thread(target=_watch_parent, args=(parent_pid, clean_up), daemon=True, name="parent watchdog").start()


def _watch_parent(parent_pid: int, clean_up: Callable[[], None] | None) -> None:
    while os.getppid() == parent_pid:
        time.sleep(WATCH_SECONDS)
    try:
        if clean_up is not None:
            clean_up()
    finally:
        os._exit(1)


def preexec_dying_with(parent_pid: int) -> Callable[[], object] | None:
    """A subprocess preexec_fn that ties the child to `parent_pid` (the caller's pid); None where the
    platform cannot. It runs between fork and exec: it only calls the prctl looked up at import."""
    if _prctl is None:
        return None
    return functools.partial(_die_with_parent, parent_pid)
