"""`pyai bench`: the engine's speed figures and a deterministic signature.

Like Stockfish's `bench`, the signature is a number that depends only on the
engine's behaviour (fixed seeds, iteration budgets, one thread), not on the
machine: a change that alters what the search does changes it at once.
"""

from __future__ import annotations

import hashlib
import statistics
import time
from dataclasses import dataclass

from . import _core
from .analysis import analyse
from .bench_protocol import round_trip_ms
from .games import load_game

# Positions of the signature: game string and tokens.
SIGNATURE_POSITIONS = [
    ("forsale(players=4)", ["removed:8,21/5,17/0,9", "deal:3,6,23,24"]),
    ("forsale(players=3)", ["deal:2,11,14"]),
    ("forsale(players=5,edition=classic)", ["deal:4,9,17,22,30", "bid:2"]),
    ("forsale(players=6)", ["deal:1,5,9,13,17,21", "pass", "bid:1"]),
]
SIGNATURE_ITERATIONS = 5_000


@dataclass
class Figure:
    name: str
    value: float
    unit: str


def start_position(players: int = 4):
    return load_game(f"forsale(players={players})").replay(["removed:8,21/5,17/0,9", "deal:3,6,23,24"])


def signature() -> tuple[int, int, str]:
    """(total iterations, total nodes, digest of the root statistics) of fixed searches."""
    iterations = nodes = 0
    digest = hashlib.sha256()
    for game_string, tokens in SIGNATURE_POSITIONS:
        state = load_game(game_string).replay(tokens)
        result = analyse(state, iterations=SIGNATURE_ITERATIONS, seed=1, threads=1)
        iterations += result.iterations
        nodes += result.nodes
        for move in result.moves:
            digest.update(f"{move.token}:{move.visits};".encode())
    return iterations, nodes, digest.hexdigest()[:12]


def measure(quick: bool = False) -> list[Figure]:
    scale = 0.2 if quick else 1.0
    figures: list[Figure] = []
    games = int(200_000 * scale)
    run = _core.random_playouts(4, games, 1)
    figures.append(Figure("random playouts, 4 players", run["games"] / run["seconds"], "games/s"))
    run = _core.heuristic_playouts(4, games // 2, 1)
    figures.append(Figure("heuristic playouts, 4 players", run["games"] / run["seconds"], "games/s"))
    state = start_position()
    run = _core.time_determinizations(state.view(0)._core, int(1_000_000 * scale), 1)
    figures.append(Figure("determinisations of a view", run["count"] / run["seconds"], "/s"))
    budget = int(200_000 * scale)
    for threads in (1, 2):
        result = analyse(state, iterations=budget, threads=threads, seed=1)
        figures.append(
            Figure(f"ISMCTS from the start, {threads} thread(s)", result.iterations / result.elapsed_ms * 1000, "it/s")
        )
    result = analyse(state, iterations=budget, seed=1)
    figures.append(Figure("tree nodes per iteration", result.nodes / result.iterations, "nodes"))
    figures.append(Figure("bytes per node (node + table share)", _core.NODE_BYTES, "B"))
    core = state._core
    figures.append(Figure("Python -> core call (to_move)", _median_call_us(core.to_move, 2000), "us"))
    figures.append(Figure("legal_moves() from Python", _median_call_us(state.legal_moves, 500), "us"))
    repeats = 20 if quick else 50
    figures.append(Figure("protocol round trip, in-process", round_trip_ms(True, repeats), "ms"))
    figures.append(Figure("protocol round trip, over pipes", round_trip_ms(False, repeats), "ms"))
    return figures


def _median_call_us(call, repeats: int) -> float:
    """Median over 5 runs of the mean time of one call, in microseconds."""
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeats):
            call()
        samples.append((time.perf_counter() - start) / repeats * 1e6)
    return statistics.median(samples)


def run_bench(quick: bool = False) -> int:
    print(f"{'figure':<42} {'value':>14} unit")
    for figure in measure(quick):
        value = f"{figure.value:,.0f}" if figure.value >= 100 else f"{figure.value:.2f}"
        print(f"{figure.name:<42} {value:>14} {figure.unit}")
    iterations, nodes, digest = signature()
    print(f"signature: {nodes} nodes over {iterations} iterations, root digest {digest}")
    return 0
