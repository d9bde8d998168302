"""bench/win_chance_calibration.py: the advice's reported win chance held against the games' outcomes."""

import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import win_chance_calibration as calibration  # noqa: E402

from pyai.win_chance_map import parse  # noqa: E402


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


def synthetic_reports(calibrated: bool, seed: int = 3) -> list[dict]:
    """Decisions of 200 made-up 3-seat games, two phases: in phase 1 the reports say nothing of who
    wins (or, `calibrated`, exactly how often), in phase 2 exactly how often."""
    rng = np.random.default_rng(seed)
    reports = []
    for game in range(200):
        for phase in ("1", "2"):
            for _ in range(20):
                reported = float(rng.uniform(0.02, 0.98))
                chance = reported if calibrated or phase == "2" else 1 / 3
                won = float(rng.uniform() < chance)
                reports.append({"game": game, "seat": 0, "reported": reported, "won": won, "phase": phase})
    return reports


def test_the_fitted_slope_is_near_zero_for_reports_that_say_nothing_and_near_one_for_true_ones():
    slopes, lines, held_out = calibration.fit_lines(synthetic_reports(calibrated=False), players=3)
    assert slopes["1"] < 0.1 and 0.9 < slopes["2"] <= 1.0
    assert len(held_out) == 8000 and lines[0].split()[:3] == ["phase", "decisions", "slope"]
    one = lines[1].split()  # phase 1: the reports' Brier above the fair share's, the map's (left out) at it
    brier, left_out, fair = float(one[3]), float(one[5]), float(one[6])
    assert brier > fair + 0.02 and abs(left_out - fair) < 0.005
    slopes, _, _ = calibration.fit_lines(synthetic_reports(calibrated=True), players=3)
    assert all(slope > 0.9 for slope in slopes.values())


def test_a_fit_is_written_into_the_map_beside_the_others_and_reads_back(tmp_path):
    path = tmp_path / "win_chance_map.json"
    g = "automania(players=3)"
    calibration.write_fit(str(path), "round", g, 2000, 40, {"1": 0.44444, "2": 0.7})
    calibration.write_fit(str(path), "round", g, 20000, 16, {"1": 0.1})
    calibration.write_fit(str(path), "round", g, 2000, 50, {"1": 0.5})  # the same budget again: replaced
    chances = parse(json.loads(path.read_text()), str(path))
    fits = [(f.game, f.iterations, f.slopes) for f in chances.fitted]
    assert fits == [(g, 2000, {"1": 0.5}), (g, 20000, {"1": 0.1})]
    with pytest.raises(SystemExit, match="its stages are by 'round', this fit's by 'phase'"):
        calibration.write_fit(str(path), "phase", "forsale(players=4)", 2000, 10, {"1": 0.5})


def test_the_map_is_fitted_from_saved_runs_that_must_agree(tmp_path, capsys):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    reports = synthetic_reports(calibrated=False)
    for path, games in ((first, range(0, 100)), (second, range(100, 200))):
        kept = [r for r in reports if r["game"] in games]
        path.write_text(json.dumps({"game": "automania(players=3)", "iterations": 500, "reports": kept}))
    out = tmp_path / "map.json"
    base = ["--game", "automania(players=3)", "--iterations", "500", "--phase", "round"]
    assert calibration.main([*base, "--reports", str(first), "--reports", str(second), "--fit-into", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("automania(players=3): 200 self-play games at 500 iterations, 8,000 decisions")
    assert "mapped by a fit that left the game out:" in printed
    [fitted] = parse(json.loads(out.read_text()), str(out)).fitted
    assert (fitted.game, fitted.iterations) == ("automania(players=3)", 500) and fitted.slopes["1"] < 0.1
    for arguments, message in (
        (["--reports", str(first), "--reports", str(first)], "repeats games [0, 1, 2, 3, 4] of an earlier file"),
        (["--iterations", "2000", "--reports", str(first)], "at 500 iterations, not of --game"),
        (["--reports", str(tmp_path / "none.json")], "none.json: [Errno 2]"),
        (["--setting", "exploration=1", "--reports", str(first)], "searched with {}, not --setting's"),
    ):
        with pytest.raises(SystemExit):
            calibration.main([*base, *arguments])
        assert message in capsys.readouterr().err
