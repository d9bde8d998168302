"""The linter runs with the tests (ruff, configured in pyproject.toml), so CI runs it:
a finding fails here with ruff's own report."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    run = subprocess.run([sys.executable, "-m", "ruff", "check", str(ROOT)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr


def test_ruff_reports_a_finding(tmp_path):
    # The check above can fail: a file with an unused import is reported.
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n")
    command = [sys.executable, "-m", "ruff", "check", "--isolated", str(bad)]
    run = subprocess.run(command, capture_output=True, text=True)
    assert run.returncode == 1 and "F401" in run.stdout
