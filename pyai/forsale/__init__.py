"""For Sale: Autorama rules."""

from .game import ForSaleGame, State, View
from .themes import ADVISORS, AUTORAMA, THEMES, Theme

__all__ = ["ForSaleGame", "State", "View", "Theme", "THEMES", "AUTORAMA", "ADVISORS"]
