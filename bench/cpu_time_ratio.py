r"""Two commands' CPU time as a ratio, timed in interleaved pairs.

    python bench/cpu_time_ratio.py --pairs 7 \
        "build/bench/pyai_bench_core GAME search 20000" "before/pyai_bench_core GAME search 20000"

Runs each command as a whole process (split as a shell splits words, run
without a shell), first one warm-up of each, then NEW, OLD, NEW, OLD, ... and
reads each finished process's user + system CPU time from the operating
system. Prints each command's median CPU seconds and the median of the pairs'
ratios NEW/OLD with their range: a ratio below 1 is the new command taking
less. CPU time, and pairs taken one right after the other, keep the figure
honest on a shared, busy machine, where wall-clock times drift with the load.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable


class CommandFailed(Exception):
    """A timed command could not start or did not exit with status 0."""


def cpu_seconds(argv: list[str]) -> float:
    """Runs argv to the end (its output thrown away) and returns the user + system CPU seconds it used."""
    with tempfile.TemporaryFile() as stderr:  # a file, not a pipe: a pipe left unread would stall the child
        try:
            process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=stderr)
        except OSError as error:
            raise CommandFailed(f"cannot start {shlex.join(argv)}: {error.strerror or error}") from None
        _, status, usage = os.wait4(process.pid, 0)  # the finished process's own accounting
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            stderr.seek(0)
            last = stderr.read().decode(errors="replace").strip().splitlines()[-1:] or ["(nothing on stderr)"]
            raise CommandFailed(f"{shlex.join(argv)} exited with status {process.returncode}: {last[0]}")
    return usage.ru_utime + usage.ru_stime


def paired_ratios(time_new: Callable[[], float], time_old: Callable[[], float], pairs: int, warmup: int = 1):
    """The CPU seconds of each timed run (new, old) and the ratio of each pair, new first in each pair."""
    for _ in range(warmup):
        time_new()
        time_old()
    new, old = [], []
    for _ in range(pairs):
        new.append(time_new())
        old.append(time_old())
    return new, old, [n / o if o > 0 else float("inf") for n, o in zip(new, old)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("new", help="the command whose time is the numerator, as one string")
    parser.add_argument("old", help="the command it is compared with, as one string")
    parser.add_argument("--pairs", type=int, default=7, help="timed pairs after the warm-up (default 7)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed pairs first (default 1)")
    args = parser.parse_args(argv)
    if args.pairs < 1 or args.warmup < 0:
        parser.error(f"--pairs must be at least 1 and --warmup at least 0, not {args.pairs} and {args.warmup}")
    commands = []
    for name in ("new", "old"):
        words = shlex.split(getattr(args, name))
        if not words:
            parser.error(f"the {name} command is empty")
        commands.append(words)
    try:
        new, old, ratios = paired_ratios(
            lambda: cpu_seconds(commands[0]), lambda: cpu_seconds(commands[1]), args.pairs, args.warmup
        )
    except CommandFailed as error:
        print(f"cpu_time_ratio: {error}", file=sys.stderr)
        return 1
    print(f"new: {shlex.join(commands[0])}: median {statistics.median(new):.3f} CPU s")
    print(f"old: {shlex.join(commands[1])}: median {statistics.median(old):.3f} CPU s")
    print(
        f"new/old: {statistics.median(ratios):.3f} (median of {len(ratios)} pairs; {min(ratios):.3f}-{max(ratios):.3f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
