"""pytest-benchmark suites (not part of the default test run):

    pytest bench --benchmark-only

Random and heuristic playouts, determinisation and ISMCTS iterations for
every game (For Sale, Leduc, Automania), and the Python -> core call (the
protocol round trip is in test_bench_protocol.py). Figures are per round of
the benchmarked call; `pyai bench --game G` prints the headline rates.
"""

import pytest

import pyai

POSITIONS = {
    "start-4p": ("forsale(players=4)", ["removed:8,21/5,17/0,9", "deal:3,6,23,24"]),
    "auction-6p": ("forsale(players=6)", ["deal:1,5,9,13,17,21", "pass", "bid:1"]),
    "classic-5p": ("forsale(players=5,edition=classic)", ["deal:4,9,17,22,30", "bid:2"]),
}
# Games whose bench position (Game.bench_state) the suites below also time.
BENCH_GAMES = ["leduc()", "automania(players=2)", "automania(players=3)", "automania(players=4)"]
PLAYOUT_GAMES = [f"forsale(players={players})" for players in (3, 4, 5, 6)] + BENCH_GAMES


def position(name):
    if name in POSITIONS:
        game_string, tokens = POSITIONS[name]
        return pyai.load_game(game_string).replay(tokens)
    return pyai.load_game(name).bench_state()


@pytest.mark.parametrize("game_string", PLAYOUT_GAMES)
def test_random_playouts(benchmark, game_string):
    result = benchmark(pyai.load_game(game_string).random_playouts, 2000, 1)
    assert result["games"] == 2000


@pytest.mark.parametrize("game_string", [g for g in PLAYOUT_GAMES if pyai.load_game(g).has_heuristic])
def test_heuristic_playouts(benchmark, game_string):
    game = pyai.load_game(game_string)
    if not hasattr(game, "heuristic_playouts"):
        pytest.skip(f"{game} times no heuristic playouts")
    result = benchmark(game.heuristic_playouts, 1000, 1)
    assert result["games"] == 1000


@pytest.mark.parametrize("name", ["start-4p", *BENCH_GAMES])
def test_determinisations(benchmark, name):
    state = position(name)
    view = state.view(state.to_move())._core
    result = benchmark(view.time_determinizations, 20_000, 1)
    assert result["count"] == 20_000


@pytest.mark.parametrize("name", [*sorted(POSITIONS), *BENCH_GAMES])
def test_ismcts_iterations(benchmark, name):
    state = position(name)
    result = benchmark(pyai.analyse, state, iterations=5000, seed=1)
    assert result.iterations == 5000


def test_ismcts_two_threads(benchmark):
    state = position("start-4p")
    result = benchmark(pyai.analyse, state, iterations=10_000, threads=2, seed=1)
    assert result.iterations == 10_000


def test_python_to_core_call(benchmark):
    core = position("start-4p")._core
    benchmark(core.to_move)


def test_legal_moves_from_python(benchmark):
    state = position("start-4p")
    assert benchmark(state.legal_moves)[0] == "pass"


def test_apply_from_python(benchmark):
    state = position("start-4p")

    def apply_one():
        copy = state.clone()
        copy.apply("bid:3")
        return copy

    benchmark(apply_one)
