"""How well a game's leaf estimates predict held-out games: the learned
evaluation against what the search's rollouts alone would estimate.

Plays games with the heuristic bot in every seat (seeds the fit did not use)
and, at every point the learned evaluation values, compares three estimates
of each seat's win chance with the game's real outcome:
  * the model (`evaluation=model`);
  * the mean of N uniformly random rollouts from the true state;
  * the mean of N heuristic rollouts from the true state.
Prints log loss and Brier score per evaluation point's round, with the
no-skill guess (1/players). A rollout mean can be exactly 0 for the winner:
log loss clips estimates to [0.01, 1] (Brier needs no clip).

    python bench/value_calibration.py --game "automania(players=3)" --games 300 --rollouts 16

Without --game it checks the game pyai plays when not told one (DEFAULT_GAME)
if that game has a learned evaluation (a fit: bench/<game>/value_fit.py), else
the first registered game that has one, as bench/fit_value_model.py fits.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict

import numpy as np
from fit_value_model import fit_files

import pyai
from pyai.game_string import parse_game_string
from pyai.games import DEFAULT_GAME

CLIP = 0.01


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, CLIP, 1)
    p = p / p.sum(axis=1, keepdims=True)
    return float(-(y * np.log(p)).sum(axis=1).mean())


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(((p - y) ** 2).sum(axis=1).mean())


def estimates(game: pyai.Game, games: int, rollouts: int, seed: int):
    """Per evaluation point: (round, model, random rollouts, heuristic rollouts, outcome)."""
    rng = random.Random(seed)
    rows = []
    for g in range(games):
        bots = [pyai.make_bot("heuristic", seed=seed + 1000 * g + s) for s in range(game.players)]
        state = game.new_initial_state()
        points = []
        while not state.is_terminal():
            mover = state.to_move()
            if mover == "chance":
                estimate = state._core.value_estimate()
                if estimate is not None:
                    core = state._core
                    points.append(
                        (
                            state.to_dict()["round"],
                            estimate["win"],
                            core.rollout_wins(rollouts, False, rng.getrandbits(32)),
                            core.rollout_wins(rollouts, True, rng.getrandbits(32)),
                        )
                    )
                state.apply(state.sample_chance(rng.getrandbits(32)))
            else:
                state.apply(bots[mover].choose(state))
        winners = state.winners()
        outcome = [1 / len(winners) if seat in winners else 0.0 for seat in range(game.players)]
        rows += [(*point, outcome) for point in points]
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    offered = list(fit_files())
    default = DEFAULT_GAME if parse_game_string(DEFAULT_GAME)[0] in offered else offered[0]
    parser.add_argument("--game", default=default, help=f"a game with a learned evaluation (default {default})")
    parser.add_argument("--games", type=int, default=300, help="held-out self-play games")
    parser.add_argument("--rollouts", type=int, default=16, help="rollouts per position and policy")
    parser.add_argument("--seed", type=int, default=777)
    args = parser.parse_args(argv)
    game = pyai.load_game(args.game)
    rows = estimates(game, args.games, args.rollouts, args.seed)
    if not rows:
        print(f"{game}: the learned evaluation valued no position (no model, or other components)")
        return 1
    by_round = defaultdict(list)
    for row in rows:
        by_round[row[0]].append(row[1:])
    uniform = 1 / game.players
    print(f"{game}: {args.games} heuristic games, {args.rollouts} rollouts per position and policy, "
          f"seed {args.seed}")  # fmt: skip
    print(f"{'round':<6} {'positions':>9}   log loss: model random heuristic uniform   "
          "Brier: model random heuristic uniform")  # fmt: skip
    for round_, points in sorted(by_round.items()):
        model, rand, heur, outcome = (np.array([p[k] for p in points]) for k in range(4))
        flat = np.full_like(outcome, uniform)
        print(
            f"{round_:<6} {len(points):>9}   "
            f"{log_loss(model, outcome):14.3f} {log_loss(rand, outcome):6.3f} {log_loss(heur, outcome):9.3f}"
            f" {log_loss(flat, outcome):7.3f}   "
            f"{brier(model, outcome):11.3f} {brier(rand, outcome):6.3f} {brier(heur, outcome):9.3f}"
            f" {brier(flat, outcome):7.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
