"""The linter, the formatter's check and the type checker run with the tests (ruff and
mypy, configured in pyproject.toml), so CI runs them: a finding fails here with the
tool's own report."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    run = subprocess.run([sys.executable, "-m", "ruff", "check", str(ROOT)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr


def test_ruff_format_would_change_nothing():
    # One layout for all the Python, so a diff shows only what changed.
    command = [sys.executable, "-m", "ruff", "format", "--check", "--diff", "pyai", "tests", "bench"]
    run = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr


def test_ruff_format_reports_a_file_it_would_change(tmp_path):
    # The check above can fail: a file laid out otherwise is reported.
    bad = tmp_path / "bad.py"
    bad.write_text("x = {'a':1}\n")
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "--isolated", str(bad)], capture_output=True
    )
    assert run.returncode == 1


def test_ruff_reports_a_finding(tmp_path):
    # The check above can fail: a file with an unused import is reported.
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n")
    command = [sys.executable, "-m", "ruff", "check", "--isolated", str(bad)]
    run = subprocess.run(command, capture_output=True, text=True)
    assert run.returncode == 1 and "F401" in run.stdout


def test_mypy_finds_nothing():
    # The package against the game contract (pyai/game_api.py): every shared layer's use
    # of a game, and each registered game's classes (pyai.games.register takes type[Game]).
    run = subprocess.run([sys.executable, "-m", "mypy"], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_refuses_a_game_that_breaks_the_contract(tmp_path):
    # A game whose render takes the wrong argument cannot register: the check above can fail.
    broken = tmp_path / "broken_game.py"
    broken.write_text(
        "from pyai.game_objects import BaseGame\n"
        "from pyai.games import register\n\n\n"
        "class BrokenGame(BaseGame):\n"
        "    def render(self, data: int) -> str:\n"
        "        return str(data)\n\n\n"
        "register(BrokenGame)\n"
    )
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), str(broken)]
    run = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 1 and 'incompatible type "type[BrokenGame]"' in run.stdout, run.stdout
