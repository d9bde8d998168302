"""The registry of games: ``load_game("forsale(players=4)")``.

A game registers its Game class under its name; everything else in pyai
reaches games only through here and the surface of ``pyai.game_api``.
"""

from __future__ import annotations

import importlib

from . import _core
from .errors import GameStringError
from .game_api import Game
from .game_files import ANY_FILE, FileAccess
from .game_string import parse_game_string

GAMES: dict[str, type[Game]] = {}
DEFAULT_GAME = "forsale(players=4)"  # what commands play when not told a game


def register(game_class: type[Game]) -> type[Game]:
    """Makes a game loadable by its name (usable as a class decorator)."""
    GAMES[game_class.name] = game_class
    return game_class


def load_game(game_string: str, files: FileAccess = ANY_FILE) -> Game:
    """The game named by a game string, e.g. ``forsale(players=5,theme=advisors,first=2)``.

    `files` says which files its parameters may name (pyai/game_files.py): any,
    for the one who runs pyai; an engine passes what its operator allowed.
    Raises GameStringError naming the bad part.
    """
    name, params = parse_game_string(game_string)
    if name not in GAMES:
        raise GameStringError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    game_class = GAMES[name]
    for parameter in game_class.FILE_PARAMETERS:
        if parameter in params:
            params[parameter] = files.checked(parameter, params[parameter])
    return game_class.from_params(params)


# The packages under pyai/ that hold a game, as the build registered them (CMakeLists.txt's
# PYAI_GAMES); each registers its Game class when imported.
GAME_PACKAGES: tuple[str, ...] = _core.GAMES


def _import_games() -> None:
    for package in GAME_PACKAGES:
        importlib.import_module(f"{__package__}.{package}")


_import_games()
