"""bench/leduc/leduc_vs_openspiel.py at its smallest: the exploitability of pyai's policy with
a setting given, and hands against OpenSpiel's ISMCTS with the seats swapped."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "leduc" / "leduc_vs_openspiel.py"


def test_exploitability_with_a_setting_and_a_head_to_head():
    command = [sys.executable, str(SCRIPT), "--no-speed", "--pyai-only", "--iterations", "50", "--head-to-head", "4"]
    # cwd="/": not the checkout, whose pyai folder has no built core.
    settings = ["--setting", "algorithm=ismcts", "--setting", "exploration=1.0"]
    run = subprocess.run([*command, *settings], capture_output=True, text=True, timeout=300, cwd="/")
    assert run.returncode == 0, run.stderr
    assert "pyai's settings added: algorithm=ismcts, exploration=1.0" in run.stdout
    shares = re.search(r"pyai +shares ([0-9.]+) +largest share ([0-9.]+)", run.stdout)
    assert shares and 0 < float(shares.group(1)) < 2.4  # better than uniformly random (2.37), worse than nothing
    assert "openspiel" not in run.stdout  # --pyai-only
    assert "head to head at 50 iterations, 8 hands (4 deals, seats swapped)" in run.stdout
    result = re.search(r"both sampling: ([+-][0-9.]+) chips a hand \[([+-][0-9.]+), ([+-][0-9.]+)\]", run.stdout)
    assert result and float(result.group(2)) <= float(result.group(1)) <= float(result.group(3))
    assert -13 <= float(result.group(1)) <= 13  # Leduc's most a hand
