"""Automania's hand-written player (csrc/automania/heuristic.h): wired in, legal, stronger than random.

Its honesty (the same move on the true state, the seat's view and
determinisations of it) and its legality over thousands of games are checked
in C++ (tests/cpp/automania/heuristic_tests.cpp, run by test_cpp_core.py); here: the
Python bot, the strength against random seats and the playout benchmark.
"""

import math
import random

import pytest

import pyai


def game(players: int) -> pyai.Game:
    return pyai.load_game(f"automania(players={players})")


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def test_automania_has_a_heuristic_player():
    assert game(3).has_heuristic
    assert hasattr(game(3), "heuristic_playouts")  # what `pyai bench` looks for


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_heuristic_bot_plays_whole_games_with_legal_moves(players):
    bot = pyai.make_bot("heuristic")
    rng = random.Random(players)
    for _ in range(3):
        state = game(players).new_initial_state()
        while not state.is_terminal():
            if state.to_move() == "chance":
                state.apply(state.sample_chance(rng.getrandbits(32)))
                continue
            move = bot.choose(state)
            assert move in state.legal_moves()
            # half the moves at random, so the bot meets positions it would not make
            state.apply(move if rng.random() < 0.5 else rng.choice(state.legal_moves()))


def test_at_three_players_it_wins_at_least_90_percent_against_two_random_seats():
    # 600 games, the bot in each seat position 200 times (game g: seat g % 3).
    result = game(3).heuristic_against_random(600, seed=2024)
    won = result["won"]
    assert len(won) == 600
    share = sum(won) / len(won)
    low, _ = wilson(sum(won), len(won))
    # Measured 1.000 (95% interval 0.994-1.000); a fair share is 1/3.
    assert share >= 0.9 and low >= 0.85
    for seat in range(3):
        assert sum(won[seat::3]) / len(won[seat::3]) >= 0.85
    assert result["heuristic_vp"] / 600 > 2 * result["random_vp"] / 1200


@pytest.mark.parametrize("players", [2, 4])
def test_it_beats_random_seats_at_two_and_four_players(players):
    result = game(players).heuristic_against_random(200 * players, seed=7)
    assert sum(result["won"]) / len(result["won"]) >= 0.85  # measured 1.000 at both


def test_the_loop_is_seeded():
    g = game(3)
    assert g.heuristic_against_random(30, seed=5) == g.heuristic_against_random(30, seed=5)


def test_heuristic_playouts_report_like_random_playouts():
    g = game(3)
    result = g.heuristic_playouts(20, 1)
    assert set(result) == set(g.random_playouts(1, 1))
    assert result["games"] == 20 and result["steps"] > 20 * 100
    assert result == {**g.heuristic_playouts(20, 1), "seconds": result["seconds"]}


def test_the_search_rolls_out_with_the_heuristic_to_the_rounds_end_by_default():
    # Measured (docs/automania.md, "The search"): heuristic rollouts valued by the
    # learned evaluation where the next round is dealt beat random rollouts at equal time.
    g = game(3)
    defaults = g.search_defaults()
    assert defaults["rollout"] == "heuristic" and defaults["evaluation"] == "model"
    assert pyai.load_game("forsale(players=4)").search_defaults()["evaluation"] == "rollout"  # unchanged
    # ... and the heuristic steers the tree too (measured: docs/automania.md, "The search")
    assert defaults["prior_weight"] == 20
    assert pyai.load_game("forsale(players=4)").search_defaults()["prior_weight"] == 0
    state = g.new_initial_state()
    rng = random.Random(1)
    while state.to_move() == "chance":
        state.apply(state.sample_chance(rng.getrandbits(32)))
    for rollout in ("random", "heuristic"):
        result = pyai.analyse(state, iterations=64, seed=1, rollout=rollout)
        assert result.iterations == 64 and result.best_move in state.legal_moves()
    default = pyai.analyse(state, iterations=64, seed=1)
    explicit = pyai.analyse(state, iterations=64, seed=1, rollout="heuristic", evaluation="model")
    assert [m.visits for m in default.moves] == [m.visits for m in explicit.moves]
    # A rollout from round 1 stops where round 2 is dealt: far short of a whole game.
    whole = pyai.analyse(state, iterations=64, seed=1, evaluation="rollout")
    assert default.mean_rollout_length < 0.5 * whole.mean_rollout_length
