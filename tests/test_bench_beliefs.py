"""bench/opponent_beliefs.py at tiny budgets: its table by phase, what the settings do to it, bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "opponent_beliefs.py"


def beliefs_run(*arguments: str) -> subprocess.CompletedProcess:
    command = [sys.executable, str(SCRIPT), "--games", "1", "--budget", "100", *arguments]
    # cwd="/": not the checkout, whose pyai folder has no built core.
    return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd="/")


def table(done: subprocess.CompletedProcess) -> dict[str, tuple[int, float, float, float]]:
    """phase -> (decisions, mean highest belief, share above 0.1, share above 0.5)."""
    assert done.returncode == 0, done.stderr
    rows = {}
    for line in done.stdout.splitlines()[2:]:
        if not line.startswith("| "):
            continue
        phase, decisions, mean, above_tenth, above_half = (cell.strip() for cell in line.strip("|").split("|"))
        rows[phase] = (int(decisions), float(mean), float(above_tenth), float(above_half))
    return rows


def test_the_table_counts_every_decision_by_phase_and_the_beliefs_follow_the_settings():
    plain = table(beliefs_run())
    assert set(plain) == {"auction", "buying", "selling", "all"}
    assert plain["all"][0] == sum(plain[phase][0] for phase in ("auction", "buying", "selling"))
    for decisions, mean, above_tenth, above_half in plain.values():
        assert decisions > 0 and 0 <= mean <= 1 and 0 <= above_half <= above_tenth <= 1
    # Every seat taken as the heuristic player from the start, whatever it plays; or no model at all.
    certain = table(beliefs_run("--setting", "opponent_prior=1"))
    assert all(row[1:] == (1.0, 1.0, 1.0) for row in certain.values())
    assert all(row[1:] == (0.0, 0.0, 0.0) for row in table(beliefs_run("--setting", "opponent_model=none")).values())


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["--setting", "opponent_prior=3"],
            "--setting: bot spec 'ismcts:opponent_prior=3': opponent_prior must be a number 0 to 1, not 3",
        ),
        (
            ["--setting", "opponent_prior"],
            "--setting: bot spec 'ismcts:opponent_prior': 'opponent_prior' is not key=value",
        ),
        (["--game", "chess"], "--game: unknown game 'chess'"),
    ],
)
def test_bad_input_is_named_before_any_game(arguments, message):
    done = beliefs_run(*arguments)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
