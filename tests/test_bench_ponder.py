"""bench/ponder_hits.py at a tiny budget: self-play gives bestmoves with ponder
tokens, some of which the other seats then play, and the counts add up."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"


def test_ponder_hits_counts_decisions_ponder_tokens_and_hits():
    command = [sys.executable, str(BENCH / "ponder_hits.py"), "--game", "forsale(players=3)", "--games", "1"]
    # cwd="/": not the checkout, whose pyai folder has no built core.
    run = subprocess.run([*command, "--iterations", "300"], capture_output=True, text=True, timeout=300, cwd="/")
    assert run.returncode == 0, run.stderr
    decisions = int(re.search(r"^decisions: (\d+)$", run.stdout, re.M).group(1))
    with_ponder = int(re.search(r"^with ponder tokens: (\d+) ", run.stdout, re.M).group(1))
    hits = int(re.search(r"^ponder tokens that came true: (\d+) ", run.stdout, re.M).group(1))
    assert decisions >= 3 * 8  # every seat decides at least once a round
    assert 0 < hits <= with_ponder < decisions  # raises in auctions are answered as expected, some of the time
