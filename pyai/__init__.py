"""pyai: game-tree search for hidden-information board games.

    import pyai
    game = pyai.load_game("forsale(players=4)")
    state = game.new_initial_state()
"""

from .bots import RandomBot, make_bot
from .errors import (
    GameStringError,
    IllegalMoveError,
    InconsistentPositionError,
    PhaseError,
    PyaiError,
    TokenSyntaxError,
)
from .forsale import ForSaleGame, State, View
from .games import load_game

__version__ = "0.1.0"

__all__ = [
    "load_game",
    "ForSaleGame",
    "State",
    "View",
    "make_bot",
    "RandomBot",
    "PyaiError",
    "GameStringError",
    "IllegalMoveError",
    "TokenSyntaxError",
    "PhaseError",
    "InconsistentPositionError",
]
