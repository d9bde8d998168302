"""For Sale's learned evaluation (Automania's: tests/automania/test_value_model.py): its features, its
shipped weights, the self-play samples it is fitted on, the fitting, and the search setting that uses it."""

import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest
from test_protocol import EngineProcess, assert_error

import pyai
from pyai import _core
from pyai.analysis import analyse

from scripting import play
from self_play import heuristic_game
from test_search import comparable, removal_twins

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import fit_value_model  # noqa: E402

value_fit = fit_value_model.fit_module("forsale")  # bench/forsale/value_fit.py
FEATURES = list(_core.forsale_value_feature_names)
GAMES = [f"forsale(players={p},edition={e})" for e in ("autorama", "classic") for p in (3, 4, 5, 6)]


def test_features_at_the_start_are_each_seats_cash_and_nothing_else():
    state = pyai.load_game("forsale(players=5)").new_initial_state()
    features = state._core.value_features()
    cash = _core.starting_cash(5)
    assert features == [[cash, cash] + [0.0] * (len(FEATURES) - 2)] * 5


def test_features_read_each_seats_own_cards():
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    play(state, "removed:1,2/3,4/0,5", "deal:10,13,22,28", "pass")
    features = dict(zip(FEATURES, state._core.value_features()[0]))
    # Seat 0 passed first: it takes the lowest advisor (10, a Controller) for nothing.
    assert features["advisor_sum"] == 10 and features["advisor_max"] == 10
    assert features["controllers"] == 1 and features["cash"] == _core.starting_cash(4)
    assert sum(features[name] for name in FEATURES[7:]) == 1  # one advisor owned, one ability


@pytest.mark.parametrize("spec", GAMES)
def test_every_edition_and_player_count_is_valued_at_each_selling_boundary(spec):
    # The shipped weights value phase 3 (the phase fitted: an auction or buying
    # model measured weaker than rollouts there, docs/search.md); elsewhere
    # there is no estimate and rollouts go on.
    game = pyai.load_game(spec)
    valued = []
    for state in heuristic_game(game, random.Random(spec)):
        estimate = state._core.value_estimate()
        if estimate is not None:
            valued.append(state.to_dict()["phase"])
            assert len(estimate["win"]) == len(estimate["score"]) == game.players
            assert sum(estimate["win"]) == pytest.approx(1.0, abs=1e-5)
            assert all(0 <= w <= 1 for w in estimate["win"])
    assert valued == ["selling"] * {3: 8, 4: 7, 5: 6, 6: 5}[game.players]


def test_mid_round_there_is_no_estimate():
    state = selling_position()
    assert state._core.value_estimate() is not None
    play(state, state.sample_chance(3))
    assert state._core.value_estimate() is None


def test_the_shipped_weights_predict_held_out_self_play_better_than_no_skill():
    # Games the weights were not fitted on (a seed the fit did not use): the
    # model's Brier score at the selling boundaries must beat the no-skill
    # 1/players clearly, and its favourite must win more often than not.
    game = pyai.load_game("forsale(players=4)")
    rng = random.Random(991)
    model_error = uniform_error = 0.0
    favourite_won = positions = 0
    for g in range(60):
        estimates = []
        for state in heuristic_game(game, rng, bot_seed=1000 * g):
            estimate = state._core.value_estimate()
            if estimate:
                estimates.append(estimate["win"])
        winners = state.winners()  # the game's state, played to its end
        outcome = np.array([1 / len(winners) if seat in winners else 0.0 for seat in range(4)])
        for win in estimates:
            model_error += float(((np.array(win) - outcome) ** 2).sum())
            uniform_error += float(((0.25 - outcome) ** 2).sum())
            favourite_won += outcome[int(np.argmax(win))] > 0
            positions += 1
    assert positions > 400
    assert model_error < 0.6 * uniform_error
    assert favourite_won > 0.6 * positions


def test_the_report_names_the_weights_the_build_holds():
    report = json.loads((ROOT / "bench" / "forsale" / "value_model.json").read_text())
    assert report["source"] == _core.forsale_value_model_source
    assert report["features"] == FEATURES


def test_the_shipped_weights_name_the_command_that_writes_them_again():
    # The script's For Sale defaults are the shipped fit's settings: its include says so in its header.
    game = value_fit.value_fit()
    defaults = (game.games, fit_value_model.DEFAULT_SEED, fit_value_model.DEFAULT_NOISE, game.max_cut)
    source, command = fit_value_model.fit_description(game, *defaults, set(game.default_phases))
    assert source == _core.forsale_value_model_source
    assert command == "python bench/fit_value_model.py --game forsale"
    assert f"//     {command}\n" in game.weights.read_text().split("inline constexpr")[0]


def test_samples_are_seeded_and_each_carries_its_games_outcome():
    first = _core.forsale_value_samples(4, False, 30, 10, 20, 5)
    again = _core.forsale_value_samples(4, False, 30, 10, 20, 5)
    other = _core.forsale_value_samples(4, False, 30, 10, 20, 6)
    assert all(np.array_equal(first[k], again[k]) for k in first)
    assert not np.array_equal(first["features"], other["features"])
    n = len(first["bucket"])
    assert first["features"].shape == (n, 4, len(FEATURES))
    assert first["win"].shape == first["score"].shape == (n, 4)
    assert np.allclose(first["win"].sum(axis=1), 1)
    for g in np.unique(first["game"]):
        rows = first["game"] == g
        assert (first["win"][rows] == first["win"][rows][0]).all()
        assert (first["score"][rows] == first["score"][rows][0]).all()
    # A cut of 0 records every boundary of every game: 21 at 4 players.
    every = _core.forsale_value_samples(4, False, 3, 0, 20, 5)
    assert len(every["bucket"]) == 3 * 21
    # A cut past the game's end records nothing (and the largest one is no overflow).
    none = _core.forsale_value_samples(4, False, 3, 2**31 - 1, 20, 5)
    assert none["features"].shape == (0, 4, len(FEATURES)) and none["win"].shape == (0, 4)


@pytest.mark.parametrize(
    "arguments, message",
    [
        ((4, False, -1, 10, 20), "games"),
        ((4, False, 10, -1, 20), "max_cut"),
        ((4, False, 10, 10, 101), "noise"),
        ((7, False, 10, 10, 20), "players"),
    ],
)
def test_bad_sample_requests_name_what_is_wrong(arguments, message):
    with pytest.raises(pyai.PyaiError, match=message):
        _core.forsale_value_samples(*arguments)


def test_the_fit_recovers_a_known_conditional_logit():
    rng = np.random.default_rng(3)
    truth = np.array([1.5, -0.7, 0.3])
    x = rng.normal(size=(20000, 4, 3))
    p = fit_value_model.softmax(x @ truth)
    y = np.zeros_like(p)
    y[np.arange(len(p)), [rng.choice(4, p=row) for row in p]] = 1
    assert fit_value_model.fit_logit(x, y) == pytest.approx(truth, abs=0.06)


def test_the_written_weights_are_cpp_float_literals(tmp_path):
    models = fit_value_model.Models(np.zeros(len(FEATURES)), 0.0, np.ones(len(FEATURES)), 0.0)
    fitted = {value_fit.bucket_of(False, 4, 2, 6): (models, {})}
    path = tmp_path / "w.inc"
    fit_value_model.write_weights(path, fitted, "test", value_fit.value_fit())
    text = path.read_text()
    assert text.count("{true,") == 1 and text.count("    {},") == 8 * 3 * 10 - 1
    assert " 0f" not in text and "0.00000000e+00f" in text


def selling_position(players=4, seed=2):
    """A heuristic self-play game at its second selling round, the checks not yet turned up."""
    for state in heuristic_game(pyai.load_game(f"forsale(players={players})"), random.Random(seed)):
        where = state.to_dict()
        if where["phase"] == "selling" and where["round"] == 1:
            return state
    raise AssertionError("the game ended before its second selling round")


def test_the_model_ends_rollouts_at_the_next_boundary():
    state = selling_position()
    state.apply(state.sample_chance(5))
    # One child per deal, so that the tree stops at the next deal and every
    # rollout starts in this round (grouped deals let the tree go on past it).
    rollout = analyse(state, iterations=3000, seed=4, chance_abstraction=0)
    model = analyse(state, iterations=3000, seed=4, evaluation="model", chance_abstraction=0)
    assert model.settings["evaluation"] == "model" and rollout.settings["evaluation"] == "rollout"
    # Six selling rounds are left: a rollout plays them all (five or more steps
    # a round at 4 players); stopped at the next deal, what is left of this one.
    assert rollout.mean_rollout_length > 20
    assert model.mean_rollout_length < 5
    assert model.best_move in state.legal_moves()


def test_with_the_model_the_search_still_ignores_the_hidden_removal():
    a, b = removal_twins()
    assert a.same_view(b, 3)
    first, second = (comparable(analyse(s, 3, iterations=3000, seed=7, evaluation="model")) for s in (a, b))
    assert first == second


def test_a_game_without_a_model_refuses_it_by_name():
    game = pyai.load_game("leduc")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.to_move() == "chance":
        state.apply(state.sample_chance(rng.getrandbits(32)))
    with pytest.raises(pyai.SettingError, match="evaluation 'model'.*rollout"):
        analyse(state, state.to_move(), iterations=100, evaluation="model")


def test_a_bad_evaluation_name_is_refused():
    with pytest.raises(pyai.SettingError, match="evaluation must be one of rollout, model"):
        analyse(removal_twins()[0], 3, iterations=100, evaluation="learned")


def test_the_engine_takes_the_model_as_an_option_and_refuses_it_by_name_for_leduc():
    engine = EngineProcess()
    try:
        assert engine.ask("setoption name evaluation value model") == []
        engine.ask("position forsale(players=4) moves removed:1,2/3,4/0,5 deal:10,11,12,13")
        assert engine.go("go iterations 300")[-1].startswith("bestmove ")
        engine.ask("position leduc() moves deal:js deal:qh")
        message = assert_error(engine.ask("go iterations 100"), "bad-value")
        assert "evaluation 'model'" in message and "use 'rollout'" in message
        assert engine.ask("setoption name evaluation value rollout") == []
        assert engine.go("go iterations 100")[-1].startswith("bestmove ")
    finally:
        engine.close()


def test_a_fit_too_small_to_hold_games_out_says_so(tmp_path, capsys):
    # Ten games per setting: game 0 is held out, so the later boundaries it never
    # reached have no held-out figures, and the report says that instead of failing.
    assert (
        fit_value_model.main(
            ["--games", "10", "--weights", str(tmp_path / "w.inc"), "--report", str(tmp_path / "r.json")]
        )
        == 0
    )
    assert "no held-out positions" in capsys.readouterr().out
    written = (tmp_path / "w.inc").read_text()
    assert written.count("{true,") > 0
    assert "//     python bench/fit_value_model.py --game forsale --games 10\n" in written  # what wrote it
