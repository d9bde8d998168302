"""`pyai bench --against PYTHON`: this build against another, as ratios measured
in one run.

A machine's speed drifts by tens of percent from one minute to the next (other
work, CPU clocks), so two builds are compared side by side: the bench runs in
rounds, each round one fresh process of each build (`python -m pyai bench
--json`), the order swapped every round, and each figure is reported as the
median of its per-round ratios (this build / the other) with their spread. The
other build is any Python with pyai installed, e.g. a virtual environment that
holds the previous commit (`python -m venv old && old/bin/pip install
<checkout>`). `--compare FILE` compares against figures saved with `--json >
FILE` instead: not interleaved, so only for large differences.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

from ..errors import PyaiError
from ..regular_file import FileReadError, read_regular_file

MAX_SAVED_BYTES = 16 << 20  # a saved run (`pyai bench --json`) is a few KiB


class CompareError(PyaiError, ValueError):
    """The other build could not be benched, or a saved file read."""


@dataclass(frozen=True)
class Ratio:
    name: str
    unit: str
    this: float  # median over rounds
    other: float
    ratios: list[float]  # this / other, per round

    @property
    def median(self) -> float:
        return statistics.median(self.ratios)


def bench_json(python: str, game: str, quick: bool) -> dict[str, Any]:
    """One run of `python -m pyai bench --json` in a fresh process: its figures and signature."""
    command = [python, "-m", "pyai", "bench", "--json", "--game", game, *(["--quick"] if quick else [])]
    try:
        run = subprocess.run(command, capture_output=True, text=True, cwd="/", timeout=3600)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise CompareError(f"cannot run {python!r}: {error}") from None
    if run.returncode != 0:
        raise CompareError(f"{python} -m pyai bench failed: {run.stderr.strip()[-500:]}")
    try:
        return json.loads(run.stdout)
    except ValueError:
        raise CompareError(f"{python} -m pyai bench --json printed no JSON (an older pyai?)") from None


def interleaved(other: str, game: str, quick: bool, rounds: int) -> tuple[list[Ratio], list[dict[str, Any]]]:
    """`rounds` rounds of both builds, alternating which goes first; the ratios and every run (this build's first)."""
    runs: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for round_ in range(rounds):
        if round_ % 2 == 0:
            mine = bench_json(sys.executable, game, quick)
            theirs = bench_json(other, game, quick)
        else:
            theirs = bench_json(other, game, quick)
            mine = bench_json(sys.executable, game, quick)
        runs.append((mine, theirs))
    return ratios([m for m, _ in runs], [t for _, t in runs]), [runs[0][0], runs[0][1]]


def ratios(mine: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> list[Ratio]:
    """Per figure both builds report: medians and the ratio of each pair of runs."""
    result = []
    for figure in mine[0]["figures"]:
        name = figure["name"]
        ours = [value for run in mine if (value := _value(run, name)) is not None]
        others = [value for run in theirs if (value := _value(run, name)) is not None]
        if len(ours) < len(mine) or len(others) < len(theirs):
            continue  # a figure the other build does not measure
        pairs = list(zip(ours, others))
        result.append(
            Ratio(
                name,
                figure["unit"],
                statistics.median(ours),
                statistics.median(others),
                [a / b if b else float("inf") for a, b in pairs],
            )
        )
    return result


def _value(run: dict[str, Any], name: str) -> float | None:
    return next((figure["value"] for figure in run["figures"] if figure["name"] == name), None)


def report(found: list[Ratio], mine: dict[str, Any], theirs: dict[str, Any], what: str) -> str:
    lines = [f"this build / {what}; the median of the per-round ratios, and their range", ""]
    lines.append(f"{'figure':<42} {'this':>12} {'other':>12} {'ratio':>7}  range")
    for r in found:
        spread = f"{min(r.ratios):.2f}-{max(r.ratios):.2f}"
        lines.append(f"{r.name:<42} {_shown(r.this):>12} {_shown(r.other):>12} {r.median:>7.2f}  {spread} {r.unit}")
    same = mine["signature"] == theirs["signature"]
    lines += ["", f"signature: this {_signature(mine)}, other {_signature(theirs)}"]
    lines.append("the same search" if same else "the searches differ: a change altered what the search computes")
    return "\n".join(lines)


def _shown(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.2f}"


def _signature(run: dict[str, Any]) -> str:
    s = run["signature"]
    return f"{s['nodes']} nodes over {s['iterations']} iterations, root digest {s['digest']}"


def load_saved(path: str) -> dict[str, Any]:
    try:
        data = json.loads(read_regular_file(path, MAX_SAVED_BYTES, "a bench run's figures").decode("utf-8"))
    except (FileReadError, ValueError, RecursionError) as error:
        raise CompareError(f"cannot read saved figures {path!r}: {error}") from None
    if not isinstance(data, dict) or "figures" not in data or "signature" not in data:
        raise CompareError(f"{path!r} holds no bench figures (save them with `pyai bench --json > FILE`)")
    return data
