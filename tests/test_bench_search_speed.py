"""bench/search_speed.py: the search's speed under lists of settings, phase by phase, as
ratios of the first list's."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "search_speed.py"


def speed_run(*arguments: str) -> subprocess.CompletedProcess:
    command = [sys.executable, str(SCRIPT), "--games", "1", "--every", "15", "--iterations", "300", *arguments]
    # cwd="/": not the checkout, whose pyai folder has no built core.
    return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd="/")


def rows(output: str) -> list[tuple[str, str, float, float]]:
    """(phase, settings, it/s, ratio) of each table row."""
    found = re.findall(r"^(.+?)\s+\d+  (\S+)\s+([\d,]+) +([\d.]+)x +[\d.]+$", output, re.MULTILINE)
    return [(phase, label, float(speed.replace(",", "")), float(ratio)) for phase, label, speed, ratio in found]


def test_each_list_of_settings_in_each_phase_against_the_first():
    done = speed_run("--game", "automania(players=3)", "--settings", "", "--settings", "rollout=random")
    assert done.returncode == 0, done.stderr
    table = rows(done.stdout)
    phases = {phase for phase, _, _, _ in table}
    assert phases and all(phase.startswith("round ") for phase in phases)  # Automania names no phase: its rounds
    assert [label for _, label, _, _ in table] == ["default", "rollout=random"] * len(phases)
    assert all(speed > 0 for _, _, speed, _ in table)
    assert all(ratio == 1.0 for _, label, _, ratio in table if label == "default")


def test_the_leaf_evaluations_by_default():
    done = speed_run("--game", "forsale(players=4)")
    assert done.returncode == 0, done.stderr
    assert {label for _, label, _, _ in rows(done.stdout)} == {"evaluation=rollout", "evaluation=model"}


def test_bad_arguments_are_refused_before_any_game():
    for arguments, message in (
        (["--game", "nosuch()"], "--game: unknown game"),
        (["--every", "0"], "must each be at least 1"),
        (["--settings", "bogus=1"], "--settings: bot spec 'ismcts:bogus=1': unknown search setting 'bogus'"),
        (["--game", "leduc()", "--settings", "max_raise=2"], "--settings: bot spec 'ismcts:max_raise=2'"),
    ):
        done = subprocess.run(
            [sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True, timeout=60, cwd="/"
        )
        assert done.returncode == 2 and message in done.stderr, (arguments, done.stderr)
