"""Random-playout speed of the C++ rules core: whole games per second.

    python bench/random_playouts.py [--game forsale] [--players 4] [--games 200000] [--seed 1]

Plays uniformly random games (every move and chance step at random) inside
the core with the GIL released, and prints games/s and moves/s for each
player count of the game (`--game` names any registered game with a players
parameter: forsale, automania; by default the game pyai plays when not told
one, or the first registered game with one if that game has none). It measures
the installed pyai (`pip install .` first).
"""

from __future__ import annotations

import argparse

import pyai
from pyai.errors import GameStringError
from pyai.game_string import parse_game_string
from pyai.games import DEFAULT_GAME


def takes_players(name: str) -> bool:
    """Whether a registered game's string takes a players parameter."""
    try:
        pyai.load_game(f"{name}(players={pyai.load_game(name).players})")
    except GameStringError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    offered = [name for name in pyai.GAMES if takes_players(name)]
    default, _ = parse_game_string(DEFAULT_GAME)
    default = default if default in offered else offered[0]
    parser.add_argument("--game", default=default, help=f"the game's name (default {default})")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = {players: pyai.load_game(f"{args.game}(players={players})") for players in args.players}
    next(iter(games.values())).random_playouts(1000, args.seed)  # warm up caches and clocks
    print(f"{'game':>22} {'games':>9} {'seconds':>8} {'games/s':>10} {'moves/game':>10} {'moves/s':>12}")
    for game in games.values():
        result = game.random_playouts(args.games, args.seed)
        games_per_s = result["games"] / result["seconds"]
        moves_per_game = result["steps"] / result["games"]
        print(
            f"{str(game):>22} {result['games']:>9} {result['seconds']:>8.3f} {games_per_s:>10.0f} "
            f"{moves_per_game:>10.1f} {result['steps'] / result['seconds']:>12.0f}"
        )


if __name__ == "__main__":
    main()
