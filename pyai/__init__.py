"""pyai: game-tree search for hidden-information board games.

import pyai
game = pyai.load_game("forsale(players=4)")
state = game.new_initial_state()
"""

from ._startup import quiet_interrupts_while_starting

quiet_interrupts_while_starting()  # before the slow part: loading the core and the games

from ._cpu import check_cpu

check_cpu()  # a clear ImportError, not SIGILL, on a CPU older than the build assumed

try:
    from . import _core  # noqa: F401  (the C++ core, built by `pip install .`)
except ImportError as error:  # pragma: no cover - only without a build
    raise ImportError(
        "pyai's C++ core (pyai._core) is not built here: install the package with `pip install .` "
        "and run from outside the source folder, or use an editable install"
    ) from error

from .analysis import AnalysisResult, MoveAnalysis, Search, analyse, search_settings
from .bots import Bot, HeuristicBot, RandomBot, SearchBot, make_bot
from .errors import (
    ArgumentError,
    GameStringError,
    IllegalMoveError,
    InconsistentPositionError,
    PhaseError,
    PyaiError,
    SettingError,
    TokenSyntaxError,
)
from .game_api import Game, State, View
from .games import GAMES, load_game

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
    "search_settings",
    "GAMES",
    "Game",
    "State",
    "View",
    "make_bot",
    "RandomBot",
    "PyaiError",
    "ArgumentError",
    "SettingError",
    "GameStringError",
    "IllegalMoveError",
    "TokenSyntaxError",
    "PhaseError",
    "InconsistentPositionError",
]
