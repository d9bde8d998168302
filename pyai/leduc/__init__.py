"""Leduc poker: two players, six cards, two betting rounds (OpenSpiel's leduc_poker)."""

from ..games import register
from .game import LeducGame, State, View

register(LeducGame)

__all__ = ["LeducGame", "State", "View"]
