"""The registry of games: ``load_game("forsale(players=4)")``."""

from __future__ import annotations

from .errors import GameStringError
from .forsale import ForSaleGame
from .game_string import parse_game_string

GAMES = {"forsale": ForSaleGame}


def load_game(game_string: str) -> ForSaleGame:
    """The game named by a game string, e.g. ``forsale(players=5,theme=advisors,first=2)``.

    Raises GameStringError naming the bad part.
    """
    name, params = parse_game_string(game_string)
    if name not in GAMES:
        raise GameStringError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    return GAMES[name].from_params(params)
