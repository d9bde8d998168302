"""Ctrl-C: a search in progress stops within a fraction of a second.

The search runs in C++ with the GIL released; Python runs signal handlers only
on the main thread while it holds the GIL. These tests send SIGINT to a real
process, as a terminal would.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import pytest

INTERRUPTIBLE_ANALYSIS = textwrap.dedent(
    """
    import time
    import pyai
    state = pyai.load_game("forsale(players=4)").replay(["deal:3,12,19,27"])
    print("searching", flush=True)
    started = time.monotonic()
    try:
        pyai.analyse(state, **SETTINGS)
    except KeyboardInterrupt:
        print(f"interrupted {time.monotonic() - started:.2f}", flush=True)
    """
)


@pytest.mark.parametrize(
    "settings",
    [{"iterations": 10**9}, {"iterations": 0, "time_ms": 60_000}, {"iterations": 10**9, "threads": 2}],
)
def test_ctrl_c_stops_an_analysis_on_the_main_thread(settings):
    script = f"SETTINGS = {settings!r}\n" + INTERRUPTIBLE_ANALYSIS
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd="/")
    assert process.stdout.readline().strip() == "searching"
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=30)  # before the fix: minutes (or the whole budget)
    assert output.startswith("interrupted"), output
    assert process.returncode == 0
