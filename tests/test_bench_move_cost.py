"""bench/move_cost_calibration.py: the advice's reported costs held against both moves played on."""

import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import move_cost_calibration as costs  # noqa: E402
import win_chance_calibration  # noqa: E402

from pyai.win_chance_map import parse  # noqa: E402

RUN = {"game": "leduc", "iterations": 200, "play_iterations": 50, "continuations": 2, "settings": {}}


def job(number: int, out: str | None = None) -> dict:
    return dict(RUN, number=number, every=1, phase="round", out=out, run=RUN)


def test_each_kept_position_plays_the_best_and_the_next_best_on_from_the_same_state(tmp_path):
    out = tmp_path / "records.jsonl"
    records = costs.one_game(job(5, str(out)))
    assert records, "a Leduc hand has decisions with a choice"
    for r in records:
        assert r["best"] != r["next"]
        assert r["reported_best"] is not None and r["reported_next"] is not None
        assert 0 <= r["realized_best"] <= 1 and 0 <= r["realized_next"] <= 1
        assert r["reported_score_best"] is not None and r["reported_score_next"] is not None
        assert -13 <= r["realized_score_best"] <= 13 and -13 <= r["realized_score_next"] <= 13  # Leduc's chips
        assert r["game"] == 5
    saved = [json.loads(line) for line in out.read_text().splitlines()]
    assert [dict(s) for s in saved] == [dict(r, run=RUN) for r in records]  # written as each is done
    assert records == costs.one_game(job(5))  # seeded: the same positions, moves and outcomes again


def test_a_continuation_is_played_to_the_end_by_the_search():
    import pyai

    state = pyai.load_game("leduc").new_initial_state()
    end = costs.played_out(state.clone(), 3, 50, {})
    assert end.is_terminal()
    assert costs.mover_share(end, 0) + costs.mover_share(end, 1) == pytest.approx(1.0)


def synthetic(realized_per_reported: float, noise: float, positions: int = 4000) -> list[dict]:
    rng = np.random.default_rng(4)
    rows = []
    for i in range(positions):
        cost = rng.uniform(0, 0.3)
        realized = realized_per_reported * cost + rng.normal(0, noise)
        rows.append(
            {
                "game": i // 10,
                "phase": str(1 + i % 2),
                "reported_best": 0.5,
                "reported_next": 0.5 - cost,
                "realized_best": 0.5,
                "realized_next": 0.5 - realized,
                "reported_score_best": 60.0,
                "reported_score_next": 60.0 - 10 * cost,
                "realized_score_best": 60.0,
                "realized_score_next": 60.0 - 10 * cost,
            }
        )
    return rows


def ratio_and_interval(line: str) -> tuple[float, float, float]:
    fields = line.split()
    return float(fields[-3]), float(fields[-2].strip("[,")), float(fields[-1].strip("]"))


def test_costs_borne_out_read_near_one_and_costs_that_are_not_near_zero():
    held = costs.cost_lines(synthetic(1.0, 0.05))
    assert [line.split()[0] for line in held[1:]] == ["1", "2", "all"]
    ratio, low, high = ratio_and_interval(held[-1])
    assert abs(ratio - 1) < 0.05 and low <= 1 <= high
    overstated = costs.cost_lines(synthetic(0.1, 0.05))
    ratio, low, high = ratio_and_interval(overstated[-1])
    assert abs(ratio - 0.1) < 0.05 and high < 0.5
    scores = costs.cost_lines(synthetic(0.1, 0.05), "score_")  # the scores' costs were held exactly
    assert ratio_and_interval(scores[-1]) == (1.0, 1.0, 1.0)


def test_records_of_another_run_or_a_game_twice_are_refused(tmp_path, capsys):
    rows = [dict(r, run=RUN) for r in synthetic(1.0, 0.0, positions=20)]
    first, again, other = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    first.write_text("".join(json.dumps(r) + "\n" for r in rows))
    again.write_text("".join(json.dumps(r) + "\n" for r in rows[:3]))
    other.write_text(json.dumps(dict(rows[0], run=dict(RUN, iterations=300))) + "\n")
    base = ["--game", "leduc", "--iterations", "200", "--play-iterations", "50", "--records", str(first)]
    assert costs.main(base) == 0
    assert "20 positions of 2 self-play games" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        costs.main([*base, "--records", str(again)])
    assert "repeats games [0]" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        costs.main([*base[:-2], "--records", str(other)])
    assert "a run of" in capsys.readouterr().err


def test_bad_options_are_named(capsys):
    with pytest.raises(SystemExit):
        costs.main(["--game", "leduc", "--continuations", "0"])
    assert "--continuations: 0 is below 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        costs.main(["--game", "nosuchgame"])
    assert "--game:" in capsys.readouterr().err


def test_costs_grouped_by_the_size_reported_come_in_the_bands_order():
    rows = synthetic(1.0, 0.0, positions=400)
    lines = costs.cost_lines(rows, group=costs.cost_band, title="reported")
    assert [line.split()[0] for line in lines[1:]] == ["0-0.05", "0.05-0.15", "0.15", "all"]
    assert costs.cost_band({"reported_best": 0.3, "reported_next": 0.31}) == "below 0"


def test_the_costs_fit_is_written_into_the_map_beside_its_slopes(tmp_path, capsys):
    path = tmp_path / "win_chance_map.json"
    win_chance_calibration.write_fit(str(path), "phase", "leduc()", 200, 40, {"1": 0.5, "2": 0.8})
    rows = synthetic(0.1, 0.05)  # costs that came to a tenth in play
    records = tmp_path / "a.jsonl"
    records.write_text("".join(json.dumps(dict(r, run=RUN)) + "\n" for r in rows))
    base = ["--game", "leduc", "--iterations", "200", "--play-iterations", "50", "--records", str(records)]
    assert costs.main([*base, "--fit-into", str(path)]) == 0
    (fit,) = parse(json.loads(path.read_text()), str(path)).fitted
    assert fit.slopes == {"1": 0.5, "2": 0.8}  # kept
    for phase in ("1", "2"):
        assert abs(fit.costs[phase].ratio - 0.1) < 0.05 and fit.costs[phase].at_most < 0.5
    win_chance_calibration.write_fit(str(path), "phase", "leduc()", 200, 50, {"1": 0.4})  # slopes fitted again
    (fit,) = parse(json.loads(path.read_text()), str(path)).fitted
    assert fit.slopes == {"1": 0.4} and set(fit.costs) == {"1", "2"}  # the costs kept
    held = [dict(r, run=RUN) for r in synthetic(1.0, 0.05)]
    records.write_text("".join(json.dumps(r) + "\n" for r in held))
    assert costs.main([*base, "--fit-into", str(path)]) == 0
    (fit,) = parse(json.loads(path.read_text()), str(path)).fitted
    assert fit.costs["1"].ratio > 0.95 and fit.costs["1"].at_most == 1.0  # costs borne out: nothing is told
