"""bench/win_chance_calibration.py: the advice's reported win chance held against the games' outcomes."""

import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import win_chance_calibration as calibration  # noqa: E402


def test_a_games_reports_are_its_real_decisions_each_with_the_seats_win_share():
    reports = calibration.one_game(("leduc", 3, 100, {}, "round"))
    assert reports and {r["game"] for r in reports} == {3}
    assert all(0 <= r["reported"] <= 1 for r in reports)
    by_seat = {r["seat"]: r["won"] for r in reports}
    assert sum(by_seat.values()) <= 1 + 1e-9  # one winner, or a split pot shared
    assert all(r["won"] == by_seat[r["seat"]] for r in reports)  # the same outcome for every decision of a seat
    assert reports == calibration.one_game(("leduc", 3, 100, {}, "round"))  # seeded: the same game again


def test_the_interval_resamples_whole_games():
    games = np.array([0] * 9 + [1])  # game 0 won all 9 of its decisions, game 1 lost its one
    won = np.array([1.0] * 9 + [0.0])
    low, high = calibration.game_interval(games, won)
    # resampled by game, a quarter of the resamples hold game 1 twice (none won), a quarter game 0 twice (all won);
    # resampled by decision, game 1's one loss would hardly ever come up twice as often as game 0's nine wins
    assert low == 0.0 and high == 1.0


def test_reports_that_match_the_outcomes_read_as_calibrated():
    rng = np.random.default_rng(2)
    reported = rng.uniform(0, 1, 20000)
    won = (rng.uniform(0, 1, 20000) < reported).astype(float)
    reports = [
        {"game": i // 20, "seat": 0, "reported": p, "won": w, "phase": "all"}
        for i, (p, w) in enumerate(zip(reported, won))
    ]
    lines = calibration.calibration_lines(reports, players=2)
    tenths = [line.split() for line in lines[1:11]]
    assert len(tenths) == 10
    for row in tenths:
        mean_reported, won_share, low, high = float(row[2]), float(row[3]), float(row[4][1:-1]), float(row[5][:-1])
        assert abs(mean_reported - won_share) < 0.05 and low <= won_share <= high
    overall = lines[-1].split()
    assert overall[0] == "all" and float(overall[4]) < float(overall[5])  # better than the fair share's Brier


def test_the_script_prints_and_saves_the_reports(tmp_path, capsys):
    out = tmp_path / "reports.json"
    assert (
        calibration.main(
            ["--game", "leduc", "--iterations", "50", "--games", "4", "--workers", "1", "--json", str(out)]
        )
        == 0
    )
    printed = capsys.readouterr().out
    saved = json.loads(out.read_text())
    assert printed.startswith(f"leduc: 4 self-play games at 50 iterations, {len(saved['reports'])} decisions")
    assert saved["game"] == "leduc" and {r["game"] for r in saved["reports"]} <= {0, 1, 2, 3}


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["--games", "0"], "--games: 0 is below 1"),
        (["--setting", "exploration=-1"], "--setting:"),
        (["--game", "chess"], "--game:"),
    ],
)
def test_bad_options_are_named(arguments, message, capsys):
    with pytest.raises(SystemExit):
        calibration.main(["--game", "leduc", *arguments])
    assert message in capsys.readouterr().err
