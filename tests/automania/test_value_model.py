"""Automania's learned evaluation: its features, where it values a position
(a later round about to be dealt, with the shipped components only), that its
shipped weights predict held-out games, and the search setting that uses it."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest

import pyai
from pyai import _core
from pyai.analysis import analyse

from .scenarios import new_game, play
from .test_information import hidden_draw_position
from .test_rules_production import top_car_components
from self_play import heuristic_game
from test_search import comparable

ROOT = Path(__file__).resolve().parents[2]
FEATURES = list(_core.automania_value_feature_names)


def test_features_at_the_start_are_each_seats_vp_money_and_place():
    state = new_game(players=3)
    features = [dict(zip(FEATURES, row)) for row in state._core.value_features()]
    seats = state.to_dict()["seats"]
    for number, f in enumerate(features):
        assert f["vp"] == seats[number]["vp"] and f["money"] == seats[number]["money"]
        assert f["order_place"] == number  # the scenarios' order is the seats' order
        assert f["hand_size"] == 1 and f["contract_vp"] == 0 and f["cars_on_ships"] == 0
    # Later seats start with more money ($6, $7, $8): the ranking's VP if the game ended now.
    assert [f["money_rank_vp"] for f in features] == [3, 6, 10]


def test_a_machine_on_a_line_raises_its_stars():
    state = new_game(players=3)
    before = dict(zip(FEATURES, state._core.value_features()[0]))
    play(state, "place:R1", "tile:1", "put:station,1")
    after = dict(zip(FEATURES, state._core.value_features()[0]))
    assert after["line_stars"] > before["line_stars"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_later_round_is_valued_once_and_nothing_else(players):
    game = pyai.load_game(f"automania(players={players})")
    valued = []
    for state in heuristic_game(game, random.Random(players)):
        estimate = state._core.value_estimate()
        if estimate is not None:
            valued.append(state.to_dict()["round"])
            assert len(estimate["win"]) == len(estimate["score"]) == players
            assert sum(estimate["win"]) == pytest.approx(1.0, abs=1e-5)
            assert all(0 <= w <= 1 for w in estimate["win"])
    assert valued == [2, 3, 4]


def test_a_game_with_its_own_components_is_not_valued(tmp_path):
    # The weights were fitted to the shipped set: another set's positions get
    # no estimate, and a search asked for the model plays its rollouts out.
    game = pyai.load_game(f"automania(players=3,components={top_car_components(tmp_path)})")
    assert all(state._core.value_estimate() is None for state in heuristic_game(game, random.Random(5)))


@pytest.mark.parametrize("players", [2, 4])
def test_the_shipped_weights_predict_held_out_self_play_better_than_no_skill(players):
    # Games the weights were not fitted on (the bots' own games, not the
    # fitting's noisy ones): at the round 3 and 4 boundaries the model's Brier
    # score must beat the no-skill 1/players clearly, and its favourite must
    # win clearly more often than one seat in `players`.
    game = pyai.load_game(f"automania(players={players})")
    rng = random.Random(991)
    model_error = uniform_error = 0.0
    favourite_won = positions = 0
    for _ in range(40):
        estimates = []
        for state in heuristic_game(game, rng):
            estimate = state._core.value_estimate()
            if estimate and state.to_dict()["round"] >= 3:
                estimates.append(estimate["win"])
        winners = state.winners()
        outcome = np.array([1.0 if seat in winners else 0.0 for seat in range(players)])
        for win in estimates:
            model_error += float(((np.array(win) - outcome) ** 2).sum())
            uniform_error += float(((1 / players - outcome) ** 2).sum())
            favourite_won += outcome[int(np.argmax(win))] > 0
            positions += 1
    assert positions == 80
    assert model_error < 0.8 * uniform_error
    assert favourite_won > 1.35 / players * positions


def test_the_three_player_weights_are_those_the_search_games_give():
    # At 3 players the weights are fitted to the search's own stored games
    # (bench/automania/search_games_3p.jsonl.gz): fitted again from them, they
    # value those games' boundaries as the build does, and the report's
    # cross-validated figures call them better than no skill, the VP alone or the
    # weights fitted to heuristic self-play.
    sys.path.insert(0, str(ROOT / "bench"))
    import fit_value_model
    from stored_games import read_games, value_positions

    stored = fit_value_model.load_fit("automania").stored_games["3p"]
    games = read_games(stored)
    data = value_positions(games)
    fits = fit_value_model.fit_samples(data, lambda bucket: True, FEATURES.index("vp"), cross_validated=True)
    assert sorted(fits) == [3, 4, 5]  # rounds 2, 3 and 4 at 3 players
    game = pyai.load_game("automania(players=3)")
    for index in (0, 700, len(games) - 1):
        state = game.new_initial_state()
        for token in games[index].tokens:
            bucket = state.core.value_bucket()
            if bucket is not None:
                x = np.array(state.core.value_features(), np.float64)
                win = fit_value_model.softmax((x @ fits[bucket][0].win_weights)[None, :])[0]
                assert state.core.value_estimate()["win"] == pytest.approx(win.tolist(), abs=1e-4)
            state.apply(token)
    report = json.loads((ROOT / "bench" / "automania" / "value_model.json").read_text())["settings"]["3p"]
    for figures in report.values():
        assert figures["test"] == len(games)  # each game held out once: one position a round
        # (the VP alone is no better than no skill in these games at round 3)
        assert figures["log_loss"] < min(figures["log_loss_score_now"], figures["log_loss_uniform"])
        assert figures["log_loss"] < figures["log_loss_self_play"]  # why 3 players fit the search's games


def test_the_report_names_the_weights_the_build_holds():
    report = json.loads((ROOT / "bench" / "automania" / "value_model.json").read_text())
    assert report["source"] == _core.automania_value_model_source
    assert report["features"] == FEATURES
    assert set(report["settings"]) == {"2p", "3p", "4p"}


def test_the_shipped_weights_name_the_command_that_writes_them_again():
    # The script's Automania defaults are the shipped fit's settings: its include says so in its header.
    sys.path.insert(0, str(ROOT / "bench"))
    import fit_value_model
    from stored_games import read_games

    game = fit_value_model.load_fit("automania")  # bench/automania/value_fit.py
    defaults = (game.games, fit_value_model.DEFAULT_SEED, fit_value_model.DEFAULT_NOISE, game.max_cut)
    source, command = fit_value_model.fit_description(game, *defaults)
    # 3 players are fitted to the search's own games, shipped beside the fit
    assert list(game.stored_games) == ["3p"]
    source += fit_value_model.stored_games_description(
        "3p", game.stored_games["3p"], len(read_games(game.stored_games["3p"]))
    )
    assert source == _core.automania_value_model_source
    assert command == "python bench/fit_value_model.py --game automania"
    assert f"//     {command}\n" in game.weights.read_text().split("inline constexpr")[0]


def test_the_model_ends_rollouts_where_the_next_round_is_dealt():
    state = hidden_draw_position()
    rollout = analyse(state, iterations=2000, seed=4, evaluation="rollout")
    model = analyse(state, iterations=2000, seed=4, evaluation="model")
    assert model.settings["evaluation"] == "model"
    # A whole game is some 200 steps of random play from here; the rest of round 1 a fraction of that.
    assert model.mean_rollout_length < 0.5 * rollout.mean_rollout_length
    assert model.best_move in state.legal_moves()


def test_with_the_model_the_search_still_ignores_hidden_contracts():
    truth = hidden_draw_position()
    other = new_game()
    play(other, "place:R4", "tile:1", "draw:2", "reveal:17")
    play(other, "place:C1", "tile:2", "discard", "draw:deck", "drawn:11")
    mover = truth.to_move()  # seat 2: seat 1's deck draw is hidden from it
    assert other.view(mover) == truth.view(mover) and other != truth
    first, second = (comparable(analyse(s, mover, iterations=2000, seed=7, evaluation="model")) for s in (truth, other))
    assert first == second


def test_rollout_wins_average_whole_games_from_the_position():
    state = hidden_draw_position()
    for heuristic in (False, True):
        wins = state._core.rollout_wins(40, heuristic, 3)
        assert len(wins) == 3 and sum(wins) == pytest.approx(1.0)
        assert all(w * 40 == pytest.approx(round(w * 40)) for w in wins)  # each game has one winner
        assert wins == state._core.rollout_wins(40, heuristic, 3)
    assert state.to_move() == 2  # the position itself is not played on
    finished = state.clone()
    while not finished.is_terminal():
        mover = finished.to_move()
        finished.apply(finished.sample_chance(1) if mover == "chance" else finished.legal_moves()[0])
    winner = finished.winners()[0]
    assert finished._core.rollout_wins(5, True, 0) == [1.0 if seat == winner else 0.0 for seat in range(3)]
    with pytest.raises(pyai.PyaiError, match="rollouts must be 1 or more"):
        state._core.rollout_wins(0, True, 0)
