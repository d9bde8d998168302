"""A Ctrl-C while the `pyai` command is still starting ends it quietly.

Loading the package (the C++ core, every game) takes a noticeable fraction of
a second, and the command catches Ctrl-C only once its main() runs: an
interrupt before that would print a KeyboardInterrupt traceback through the
import machinery. When the package is loaded as the command (`pyai ...` or
`python -m pyai ...`), SIGINT ends the process with the shell's status for
it (130) until main() takes over; a program that imports pyai as a library
keeps Python's own handling throughout.
"""

from __future__ import annotations

import os
import signal
import sys

INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a process Ctrl-C ended


def started_as_command() -> bool:
    """Whether this process is the `pyai` command: its console script, or `python -m pyai`
    (while runpy imports the package to run, sys.argv[0] is "-m")."""
    launcher = sys.argv[0] if sys.argv else ""
    return launcher == "-m" or os.path.basename(launcher) == "pyai"


def _quit_quietly(signum: int, frame: object) -> None:
    raise SystemExit(INTERRUPTED)


def quiet_interrupts_while_starting() -> None:
    """Until main_has_started(): Ctrl-C exits with status 130 and no traceback (the command only)."""
    if started_as_command() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _quit_quietly)


def main_has_started() -> None:
    """From here on Ctrl-C is a KeyboardInterrupt again, which the command handles."""
    if signal.getsignal(signal.SIGINT) is _quit_quietly:
        signal.signal(signal.SIGINT, signal.default_int_handler)
