"""pytest-benchmark suites (not part of the default test run):

    pytest bench --benchmark-only

Random and heuristic playouts, determinisation and ISMCTS iterations for every
registered game: each of its example games (Game.EXAMPLE_GAMES) from its bench
position (Game.bench_state), and ISMCTS also from the positions its search
signature hashes (Game.SIGNATURE_POSITIONS); then the Python -> core call at
the default game's bench position (the protocol round trip is in
test_bench_protocol.py). Figures are per round of the benchmarked call;
`pyai bench --game G` prints the headline rates.
"""

import pytest

import pyai
from pyai.games import DEFAULT_GAME

EXAMPLE_GAMES = [game_string for game in pyai.GAMES.values() for game_string in game.EXAMPLE_GAMES]


def key(game_string, tokens):
    return str(pyai.load_game(game_string)), tuple(tokens)


def search_positions():
    """By name, (game string, tokens): each example game's bench position, named by its game string,
    then each signature position that is not one of those, named by its game string and index."""
    positions = {name: key(name, pyai.load_game(name).bench_state().history()) for name in EXAMPLE_GAMES}
    seen = set(positions.values())
    for game in pyai.GAMES.values():
        for index, (game_string, tokens) in enumerate(game.SIGNATURE_POSITIONS):
            if key(game_string, tokens) not in seen:
                positions[f"{game_string} signature {index}"] = key(game_string, tokens)
    return positions


POSITIONS = search_positions()


def position(name):
    game_string, tokens = POSITIONS[name]
    return pyai.load_game(game_string).replay(tokens)


def default_position():
    return pyai.load_game(DEFAULT_GAME).bench_state()


@pytest.mark.parametrize("game_string", EXAMPLE_GAMES)
def test_random_playouts(benchmark, game_string):
    result = benchmark(pyai.load_game(game_string).random_playouts, 2000, 1)
    assert result["games"] == 2000


@pytest.mark.parametrize("game_string", [g for g in EXAMPLE_GAMES if pyai.load_game(g).has_heuristic])
def test_heuristic_playouts(benchmark, game_string):
    game = pyai.load_game(game_string)
    if not hasattr(game, "heuristic_playouts"):
        pytest.skip(f"{game} times no heuristic playouts")
    result = benchmark(game.heuristic_playouts, 1000, 1)
    assert result["games"] == 1000


@pytest.mark.parametrize("name", EXAMPLE_GAMES)
def test_determinisations(benchmark, name):
    state = position(name)
    view = state.view(state.to_move())._core
    result = benchmark(view.time_determinizations, 20_000, 1)
    assert result["count"] == 20_000


@pytest.mark.parametrize("name", list(POSITIONS))
def test_ismcts_iterations(benchmark, name):
    state = position(name)
    result = benchmark(pyai.analyse, state, iterations=5000, seed=1)
    assert result.iterations == 5000


def test_ismcts_two_threads(benchmark):
    state = default_position()
    result = benchmark(pyai.analyse, state, iterations=10_000, threads=2, seed=1)
    assert result.iterations == 10_000


def test_python_to_core_call(benchmark):
    core = default_position()._core
    benchmark(core.to_move)


def test_legal_moves_from_python(benchmark):
    state = default_position()
    assert benchmark(state.legal_moves)


def test_apply_from_python(benchmark):
    state = default_position()
    move = state.legal_moves()[-1]

    def apply_one():
        copy = state.clone()
        copy.apply(move)
        return copy

    benchmark(apply_one)
