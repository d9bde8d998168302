"""Iterations per second of the search with each leaf evaluation, phase by phase.

    python bench/evaluation_speed.py                     # pyai's default game (pyai.games.DEFAULT_GAME)
    python bench/evaluation_speed.py --game "forsale(players=6)" --iterations 20000

Positions: every decision of a few heuristic self-play games (fixed seeds),
grouped by phase; each is searched once per evaluation with the same seed and
budget (1 thread), in alternation, so the machine's load falls on both alike.
Prints iterations per second and the mean rollout length for each.
"""

from __future__ import annotations

import argparse
import random
import statistics

import pyai
from pyai.games import DEFAULT_GAME

EVALUATIONS = ("rollout", "model")


def positions(game, games: int, every: int):
    """(phase, state) at every `every`-th decision of heuristic self-play."""
    found = []
    for g in range(games):
        rng = random.Random(g)
        bots = [pyai.make_bot("heuristic", seed=100 * g + seat) for seat in range(game.players)]
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            mover = state.to_move()
            if mover == "chance":
                state.apply(state.sample_chance(rng.getrandbits(32)))
                continue
            if decisions % every == 0:
                found.append((state.to_dict()["phase"], state.clone()))
            decisions += 1
            state.apply(bots[mover].choose(state))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=5, help="search every n-th decision")
    parser.add_argument("--iterations", type=int, default=10_000)
    args = parser.parse_args(argv)

    game = pyai.load_game(args.game)
    by_phase: dict[str, dict[str, list[float]]] = {}
    for phase, state in positions(game, args.games, args.every):
        rows = by_phase.setdefault(phase, {f"{e} {m}": [] for e in EVALUATIONS for m in ("it/s", "length")})
        for evaluation in EVALUATIONS:
            result = pyai.analyse(state, iterations=args.iterations, seed=1, evaluation=evaluation)
            rows[f"{evaluation} it/s"].append(result.iterations / result.elapsed_ms * 1000)
            rows[f"{evaluation} length"].append(result.mean_rollout_length)
    print(f"{args.game}, {args.iterations} iterations a search, 1 thread")
    print(f"{'phase':<9} {'positions':>9} {'rollout it/s':>13} {'model it/s':>11} {'ratio':>6} {'lengths':>12}")
    for phase, rows in by_phase.items():
        rollout = statistics.mean(rows["rollout it/s"])
        model = statistics.mean(rows["model it/s"])
        ratios = [m / r for m, r in zip(rows["model it/s"], rows["rollout it/s"])]
        lengths = f"{statistics.mean(rows['rollout length']):.1f} / {statistics.mean(rows['model length']):.1f}"
        ratio = statistics.mean(ratios)
        print(f"{phase:<9} {len(ratios):>9} {rollout:>13,.0f} {model:>11,.0f} {ratio:>5.2f}x {lengths:>12}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
