"""Automania: the 2-4 player car-factory game."""

from ..games import register
from .game import AutomaniaGame, State, View

register(AutomaniaGame)

__all__ = ["AutomaniaGame", "State", "View"]
