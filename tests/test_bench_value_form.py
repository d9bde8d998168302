"""bench/value_model_form.py: the richer forms of the learned evaluation it compares with the shipped logit."""

import dataclasses
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import fit_value_model  # noqa: E402
import value_model_form  # noqa: E402
from stored_games import read_games, write_games  # noqa: E402


def outcomes(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One winner per row, drawn with the row's chances, as one-hot win shares."""
    y = np.zeros_like(p)
    y[np.arange(len(p)), [rng.choice(p.shape[1], p=row) for row in p]] = 1
    return y


def printed_rows(out: str, players: int) -> list[list[str]]:
    """The round and position count of each row the script printed, having checked its losses:
    the uniform guess's is log(players), each form's a plausible log loss."""
    rows = [line.split() for line in out.splitlines() if line.strip().startswith("round")]
    for row in rows:
        uniform, *losses = map(float, row[3:])
        assert uniform == pytest.approx(np.log(players), abs=1e-3)
        assert all(0 < loss < 3 for loss in losses)
    return [row[1:3] for row in rows]


def test_the_relative_inputs_are_each_seats_lead_over_the_best_other_seat():
    x = np.array([[[10.0, 1.0], [7.0, 5.0], [12.0, 2.0]]])  # one position, 3 seats, 2 features
    inputs = value_model_form.relative_inputs(x, leading=[0])
    # the features, then the lead on feature 0, the VP lead (never below 0), then feature 0 squared
    assert inputs[0, :, 2].tolist() == [10 - 12, 7 - 12, 12 - 10]
    assert inputs[0, :, 3].tolist() == [0, 0, 2]
    assert inputs[0, :, 4].tolist() == [100, 49, 144]
    assert np.array_equal(inputs[..., :2], x)


def test_the_network_learns_what_the_logit_cannot():
    # The winner is the seat nearest the others' mean on the one feature: no
    # linear score can say it, a network over the seat's difference from the others can.
    rng = np.random.default_rng(5)
    x = rng.normal(size=(12000, 3, 1))
    closeness = -np.abs(x[..., 0] - (x.sum(axis=1) - x[..., 0]) / 2) * 4
    y = outcomes(fit_value_model.softmax(closeness), rng)
    train, test = slice(0, 10000), slice(10000, None)
    linear = value_model_form.logit_loss(x[train], y[train], x[test], y[test])
    network = value_model_form.network_loss(x[train], y[train], x[test], y[test], epochs=20)
    assert linear == pytest.approx(np.log(3), abs=0.02)  # no better than the uniform guess
    assert network < linear - 0.1


def test_the_script_prints_each_boundarys_held_out_losses(capsys):
    assert value_model_form.main(["--game", "automania", "--setting", "2p", "--games", "400"]) == 0
    out = capsys.readouterr().out
    assert "automania 2p, 400 games: held-out log loss" in out
    rows = printed_rows(out, players=2)
    assert [row[0] for row in rows] == ["2", "3", "4"]


def test_an_unknown_setting_is_named(capsys):
    with pytest.raises(SystemExit):
        value_model_form.main(["--game", "automania", "--setting", "9p", "--games", "10"])
    assert "--setting takes one of 2p, 3p, 4p, not 9p" in capsys.readouterr().err


def test_stored_games_are_compared_with_every_game_held_out_once(tmp_path, monkeypatch, capsys):
    shipped = fit_value_model.load_fit("automania")
    records = tmp_path / "played.jsonl.gz"
    write_games(records, read_games(shipped.stored_games["3p"])[:60])
    monkeypatch.setattr(
        value_model_form, "load_fit", lambda name: dataclasses.replace(shipped, stored_games={"3p": records})
    )
    assert value_model_form.main(["--game", "automania", "--setting", "3p", "--stored"]) == 0
    out = capsys.readouterr().out
    assert "automania 3p, 60 stored games: cross-validated log loss (each tenth held out)" in out
    rows = printed_rows(out, players=3)
    assert [tuple(row) for row in rows] == [("2", "60"), ("3", "60"), ("4", "60")]  # one position a game


def test_stored_asks_for_a_setting_that_has_stored_games(capsys):
    with pytest.raises(SystemExit):
        value_model_form.main(["--game", "automania", "--setting", "2p", "--stored"])
    assert "--stored: automania 2p has no stored games (settings with them: 3p)" in capsys.readouterr().err
