"""`pyai bench`: the engine's speed figures and a deterministic signature.

Like Stockfish's `bench`, the signature is a number that depends only on the
engine's behaviour (fixed seeds, iteration budgets, one thread), not on the
machine: a change that alters what the search does changes it at once.
"""

from __future__ import annotations

import hashlib
import json
import statistics
import time
from dataclasses import dataclass

from .. import _core
from ..analysis import analyse
from ..games import DEFAULT_GAME, load_game
from .bench_protocol import round_trip_ms

SIGNATURE_ITERATIONS = 5_000
# Rounds of both builds in a comparison: the median of 3 ratios rides out one noisy run.
COMPARISON_ROUNDS = 3


@dataclass
class Figure:
    name: str
    value: float
    unit: str


def start_position(game_string: str = DEFAULT_GAME):
    """The game's bench position (Game.bench_state: the first decision of a fixed deal)."""
    return load_game(game_string).bench_state()


def signature(game_string: str = DEFAULT_GAME) -> tuple[int, int, str]:
    """(total iterations, total nodes, digest of the root statistics) of fixed
    searches from the game's signature positions (Game.SIGNATURE_POSITIONS)."""
    iterations = nodes = 0
    digest = hashlib.sha256()
    for position_string, tokens in load_game(game_string).SIGNATURE_POSITIONS:
        state = load_game(position_string).replay(tokens)
        result = analyse(state, iterations=SIGNATURE_ITERATIONS, seed=1, threads=1)
        iterations += result.iterations
        nodes += result.nodes
        for move in result.moves:
            # A mixed policy is its shares (CFR walks every move as often); visits say the rest.
            shown = f"{move.share:.6f}" if result.mixed else str(move.visits)
            digest.update(f"{move.token}:{shown};".encode())
    return iterations, nodes, digest.hexdigest()[:12]


def measure(game_string: str = DEFAULT_GAME, quick: bool = False) -> list[Figure]:
    game = load_game(game_string)
    scale = 0.2 if quick else 1.0
    figures: list[Figure] = []
    games = int(200_000 * scale)
    run = game.random_playouts(games, 1)
    figures.append(Figure(f"random playouts, {game}", run["games"] / run["seconds"], "games/s"))
    heuristic = game.heuristic_playouts(games // 2, 1)
    if heuristic is not None:
        run = heuristic
        figures.append(Figure(f"heuristic playouts, {game}", run["games"] / run["seconds"], "games/s"))
    state = start_position(game_string)
    seat = state.to_move()
    run = state.view(seat).core.time_determinizations(int(1_000_000 * scale), 1)
    figures.append(Figure("determinisations of a view", run["count"] / run["seconds"], "/s"))
    budget = int(200_000 * scale)
    for threads in (1, 2):
        result = analyse(state, iterations=budget, threads=threads, seed=1)
        searched = str(result.settings.get("algorithm", "search")).upper()  # the game's default: ISMCTS or CFR
        speed = result.iterations / result.elapsed_ms * 1000
        figures.append(Figure(f"{searched} from the start, {threads} thread(s)", speed, "it/s"))
    result = analyse(state, iterations=budget, seed=1)
    figures.append(Figure("tree nodes per iteration", result.nodes / result.iterations, "nodes"))
    figures.append(Figure("tree depth per iteration (mean)", result.mean_depth, "steps"))
    figures.append(Figure("tree walks that reach another seat's decision", 100 * result.past_turn, "%"))
    figures.append(Figure("rollout length per iteration (mean)", result.mean_rollout_length, "steps"))
    figures.append(Figure("share of the search in rollouts", 100 * result.rollout_share, "%"))
    figures.append(Figure("bytes per node (node + table share)", _core.NODE_BYTES, "B"))
    figures.append(Figure("state size", state.core.state_bytes, "B"))
    figures.append(Figure("Python -> core call (to_move)", _median_call_us(state.core.to_move, 2000), "us"))
    figures.append(Figure("legal_moves() from Python", _median_call_us(state.legal_moves, 500), "us"))
    repeats = 20 if quick else 50
    position = protocol_position(game_string)
    figures.append(Figure("protocol round trip, in-process", round_trip_ms(True, repeats, position), "ms"))
    figures.append(Figure("protocol round trip, over pipes", round_trip_ms(False, repeats, position), "ms"))
    return figures


def protocol_position(game_string: str = DEFAULT_GAME) -> str:
    """The bench position as its seat to move sees it, as a `position` command."""
    state = start_position(game_string)
    seat = state.to_move()
    return f"position {state.game} pov {seat} moves {' '.join(state.view(seat).history())}"


def _median_call_us(call, repeats: int) -> float:
    """Median over 5 runs of the mean time of one call, in microseconds."""
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeats):
            call()
        samples.append((time.perf_counter() - start) / repeats * 1e6)
    return statistics.median(samples)


def bench_data(game_string: str = DEFAULT_GAME, quick: bool = False) -> dict:
    """Every figure and the signature, as plain data (`pyai bench --json`)."""
    iterations, nodes, digest = signature(game_string)
    return {
        "game": str(load_game(game_string)),
        "quick": quick,
        "figures": [{"name": f.name, "value": f.value, "unit": f.unit} for f in measure(game_string, quick)],
        "signature": {"iterations": iterations, "nodes": nodes, "digest": digest},
    }


def run_bench(game_string: str = DEFAULT_GAME, quick: bool = False, as_json: bool = False) -> int:
    load_game(game_string)  # a bad game string is refused before the table's heading
    if as_json:
        print(json.dumps(bench_data(game_string, quick), indent=1))
        return 0
    print(f"{'figure':<42} {'value':>14} unit")
    for figure in measure(game_string, quick):
        value = f"{figure.value:,.0f}" if figure.value >= 100 else f"{figure.value:.2f}"
        print(f"{figure.name:<42} {value:>14} {figure.unit}")
    iterations, nodes, digest = signature(game_string)
    print(f"signature: {nodes} nodes over {iterations} iterations, root digest {digest}")
    return 0


def run_comparison(
    game_string: str, quick: bool, against: str | None = None, saved: str | None = None, rounds: int = COMPARISON_ROUNDS
) -> int:
    """This build against another Python's pyai, interleaved (`against`), or against saved figures."""
    from .bench_compare import interleaved, load_saved, ratios, report

    game = str(load_game(game_string))
    if against is not None:
        found, (mine, theirs) = interleaved(against, game, quick, rounds)
        print(report(found, mine, theirs, f"{against}, {rounds} rounds interleaved"))
        return 0
    assert saved is not None
    theirs = load_saved(saved)
    mine = bench_data(game, quick)
    print(report(ratios([mine], [theirs]), mine, theirs, f"the figures saved in {saved} (not interleaved)"))
    return 0
