"""What the opponent model believes of searching players: beliefs in self-play, by phase.

    python bench/opponent_beliefs.py --game "forsale(players=4)" --games 6 --budget 2000

Plays --games self-play games of ismcts at --budget iterations (the positions
of bench/move_agreement.py, every real decision kept) and, at each, asks the
seat to move's opponent model (`opponent_beliefs` of its analysis) how likely
each other seat is to play as the game's heuristic player. Prints, by the
game's phase, the mean of the highest such belief and how often it is above
0.1 and 0.5.

Every seat here is a searching player, so a belief that stays up means the
search spends iterations modelling searching seats as the heuristic player;
a belief that falls to 0 means the search is then exactly the search without
the model. --setting key=value (repeatable) gives every search a setting of
its own (e.g. opponent_prior=0.1; read as a tournament bot spec's settings
are). Seeds and iteration budgets make a run reproducible.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from move_agreement import kept_positions
from strength import checked_game, checked_settings

import pyai
from pyai.games import DEFAULT_GAME


def highest_belief(game_string: str, history: list[str], seat: int, settings: dict) -> float:
    """The highest belief `seat` holds that another seat plays as the heuristic player (0: none modelled)."""
    state = pyai.load_game(game_string).replay(history)
    # The beliefs are weighed from the record before the search starts: one iteration is enough.
    beliefs = pyai.analyse(state, seat, **(settings | {"iterations": 1})).opponent_beliefs
    return max((belief for belief in beliefs if belief is not None), default=0.0)


def belief_table(beliefs_by_phase: dict[str, list[float]]) -> list[str]:
    """The markdown table: by phase (and all), decisions, the mean highest belief, and its shares above 0.1 and 0.5."""
    everything = [belief for beliefs in beliefs_by_phase.values() for belief in beliefs]
    lines = [
        "| phase | decisions | mean highest belief | above 0.1 | above 0.5 |",
        "| --- | --- | --- | --- | --- |",
    ]
    rows = sorted(beliefs_by_phase.items())
    if len(rows) > 1:
        rows.append(("all", everything))
    for phase, beliefs in rows:
        count = len(beliefs)
        lines.append(
            f"| {phase} | {count} | {statistics.mean(beliefs):.3f} | "
            f"{sum(b > 0.1 for b in beliefs) / count:.2f} | {sum(b > 0.5 for b in beliefs) / count:.2f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument("--games", type=int, default=6, help="self-play games (6)")
    parser.add_argument("--budget", type=int, default=2000, help="iterations a move of the self-play (2000)")
    parser.add_argument(
        "--setting", action="append", default=[], metavar="KEY=VALUE", help="for every search (repeatable)"
    )
    args = parser.parse_args()
    if args.games < 1 or args.budget < 1:
        parser.error(f"--games and --budget must be at least 1 (got {args.games} and {args.budget})")
    game = checked_game(parser, args.game)
    settings = checked_settings(parser, "--setting", args.setting, game)
    by_phase: dict[str, list[float]] = defaultdict(list)
    for history, seat, phase in kept_positions(args.game, args.games, 1, args.budget, settings):
        by_phase[phase].append(highest_belief(args.game, history, seat, settings))
    if not by_phase:
        parser.error(f"{args.game}: the self-play games had no decision with a choice")
    print("\n".join(belief_table(by_phase)))
    print(f"\n({args.games} self-play games of ismcts at {args.budget:,} iterations, {args.game})")


if __name__ == "__main__":
    main()
