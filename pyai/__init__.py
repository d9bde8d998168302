"""pyai: game-tree search for hidden-information board games.

import pyai
game = pyai.load_game("forsale(players=4)")
state = game.new_initial_state()
"""

try:
    from . import _core  # noqa: F401  (the C++ core, built by `pip install .`)
except ImportError as error:  # pragma: no cover - only without a build
    raise ImportError(
        "pyai's C++ core (pyai._core) is not built here: install the package with `pip install .` "
        "and run from outside the source folder, or use an editable install"
    ) from error

from .analysis import AnalysisResult, MoveAnalysis, Search, analyse
from .bots import Bot, HeuristicBot, RandomBot, SearchBot, make_bot
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
    "AnalysisResult",
    "Bot",
    "HeuristicBot",
    "MoveAnalysis",
    "Search",
    "SearchBot",
    "analyse",
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
