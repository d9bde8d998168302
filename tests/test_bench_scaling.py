"""bench/forsale/scaling.py at tiny sizes: the JSON it writes, its tables and its plot.

Checks shapes and sane values only; the rates themselves depend on the
machine and its load, so nothing here looks at the clock.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "forsale" / "scaling.py"
HAS_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """One tiny run (plotted when matplotlib is there): its stdout, JSON and plot path."""
    folder = tmp_path_factory.mktemp("scaling")
    out, png = folder / "scaling.json", folder / "scaling.png"
    command = [sys.executable, str(SCRIPT), "--max-iterations", "10000", "--quick", "--json", str(out)]
    if HAS_MATPLOTLIB:
        command += ["--plot", str(png)]
    # cwd="/": not the checkout, whose pyai folder has no built core.
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd="/")
    assert done.returncode == 0, done.stderr
    return done.stdout, json.loads(out.read_text()), png


def test_by_iterations_grows_a_tree_per_size(run):
    _, report, _ = run
    rows = report["by_iterations"]
    assert [row["iterations"] for row in rows] == [1_000, 10_000]  # sizes up to --max-iterations, increasing
    for row in rows:
        assert row["iterations"] <= row["nodes"] <= 4 * row["iterations"]  # about one node per iteration
        assert not row["tree_full"]
        assert row["it_per_s"] > 0 and row["elapsed_ms"] > 0
        assert 0 < row["rss_before_mib"] <= row["peak_rss_mib"] < 1024
        assert row["bytes_per_node"] >= 0 and row["within_1gib"]
    assert rows[0]["nodes"] < rows[1]["nodes"]


def test_players_and_threads(run):
    _, report, _ = run
    assert [row["players"] for row in report["by_players"]] == [3, 4, 5, 6]
    for row in report["by_players"]:
        assert row["games"] == 2_000 and row["games_per_s"] > 0
        assert row["iterations"] == 2_000 and row["it_per_s"] > 0 and row["nodes"] > 0
    assert [row["threads"] for row in report["threads"]] == [1, 2]
    assert report["threads"][0]["speedup"] == 1.0 and report["threads"][1]["speedup"] > 0
    assert report["settings"] == {"max_iterations": 10_000, "quick": True, "seed": 1}
    assert report["machine"]["cpus"] >= 1 and report["seconds"] > 0


def test_prints_markdown_tables(run):
    stdout, _, _ = run
    assert "| iterations | it/s | nodes | peak RSS | bytes per node | within 1 GiB |" in stdout
    assert "| 10,000 |" in stdout
    assert "| players | games/s | ISMCTS it/s |" in stdout and "| threads | it/s | speedup |" in stdout


@pytest.mark.skipif(not HAS_MATPLOTLIB, reason="matplotlib (the plot extra) is not installed")
def test_plot_writes_a_png(run):
    _, _, png = run
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
