"""bench/web_responsiveness.py at its smallest: a real server, two advices of 3-player For Sale,
the other requests timed meanwhile, every figure printed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"


def test_web_responsiveness_times_the_advice_and_the_requests_meanwhile():
    command = [sys.executable, str(BENCH / "web_responsiveness.py"), "--game", "forsale(players=3)", "--rounds", "2"]
    # cwd="/": not the checkout, whose pyai folder has no built core.
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd="/")
    assert run.returncode == 0, run.stderr
    assert "default budget (20000 iterations), 2 advices" in run.stdout
    times = re.search(r"^time to the advice, s: ([0-9.]+), ([0-9.]+)$", run.stdout, re.M)
    assert times and all(float(t) > 0 for t in times.groups())
    other = re.search(
        r"during the search \((\d+)\): median ([0-9.]+) ms, 95th percentile ([0-9.]+) ms, worst ([0-9.]+)", run.stdout
    )
    assert other and int(other.group(1)) >= 2
    median, high, worst = map(float, other.groups()[1:])
    assert 0 < median <= high <= worst
