"""`pyai bench --json`, `--against PYTHON` and `--compare FILE`: two builds compared as
ratios, interleaved in one run, with their signatures."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from pyai.commands.bench_compare import CompareError, Ratio, load_saved, ratios

BENCH = [sys.executable, "-m", "pyai", "bench", "--game", "leduc()", "--quick"]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*BENCH, *args], capture_output=True, text=True, cwd="/", timeout=600)


def test_the_figures_and_signature_as_json_then_compared_with_a_saved_run(tmp_path):
    saved = run("--json")
    assert saved.returncode == 0, saved.stderr
    data = json.loads(saved.stdout)
    assert data["game"] == "leduc()" and data["signature"]["digest"] and len(data["figures"]) > 10
    assert all(figure["value"] > 0 for figure in data["figures"] if "playouts" in figure["name"])
    path = tmp_path / "before.json"
    path.write_text(saved.stdout)
    same = run("--compare", str(path))
    assert same.returncode == 0 and "the same search" in same.stdout and "(not interleaved)" in same.stdout
    data["signature"]["digest"] = "000000000000"  # as if a change altered the search
    path.write_text(json.dumps(data))
    assert "the searches differ" in run("--compare", str(path)).stdout


def test_another_build_is_benched_in_interleaved_rounds():
    # This build against itself: every figure each build reports, a ratio and its range.
    compared = run("--against", sys.executable, "--rounds", "2")
    assert compared.returncode == 0, compared.stderr
    assert "2 rounds interleaved" in compared.stdout and "the same search" in compared.stdout
    row = re.search(
        r"random playouts, leduc\(\)\s+[\d,]+\s+[\d,]+\s+(\d+\.\d\d)\s+(\d+\.\d\d)-(\d+\.\d\d)", compared.stdout
    )
    assert row and float(row.group(2)) <= float(row.group(1)) <= float(row.group(3))
    assert re.search(r"bytes per node .* 1\.00  1\.00-1\.00", compared.stdout)  # a count, not a speed: equal


def test_ratios_pair_each_run_and_skip_what_the_other_build_lacks():
    mine = [{"figures": [{"name": "a", "value": 4.0, "unit": "/s"}, {"name": "new", "value": 1.0, "unit": "/s"}]}] * 2
    theirs = [
        {"figures": [{"name": "a", "value": 2.0, "unit": "/s"}]},
        {"figures": [{"name": "a", "value": 4.0, "unit": "/s"}]},
    ]
    found = ratios(mine, theirs)
    assert found == [Ratio("a", "/s", 4.0, 3.0, [2.0, 1.0])] and found[0].median == 1.5


def test_bad_inputs_are_named(tmp_path):
    missing = run("--against", str(tmp_path / "no-python"))
    assert missing.returncode == 2 and "cannot run" in missing.stderr and "no-python" in missing.stderr
    other = tmp_path / "other.json"
    other.write_text('{"games": 3}')
    with pytest.raises(CompareError, match="holds no bench figures"):
        load_saved(str(other))
    with pytest.raises(CompareError, match="cannot read saved figures '/dev/zero': /dev/zero: is not a regular file"):
        load_saved("/dev/zero")  # refused at once, not read without end
    assert run("--against", sys.executable, "--rounds", "0").returncode == 2
    # Options that would be dropped unheard are refused, each by name.
    alone = run("--rounds", "2")
    assert alone.returncode == 2 and "--rounds counts the rounds of both builds under --against" in alone.stderr
    saved = run("--compare", str(other), "--json")
    assert saved.returncode == 2 and "--json saves this build's own figures" in saved.stderr
