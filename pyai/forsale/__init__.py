"""For Sale: Autorama (and its Advisors theme) and the classic base game."""

from ..games import register
from .game import ForSaleGame, State, View
from .themes import ADVISORS, AUTORAMA, CLASSIC, THEMES, Theme

register(ForSaleGame)

__all__ = ["ADVISORS", "AUTORAMA", "CLASSIC", "THEMES", "ForSaleGame", "State", "Theme", "View"]
