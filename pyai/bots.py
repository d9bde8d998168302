"""Bots: anything that picks a legal move for the seat to act.

Issue 2 ships the random bot; the search bots come with the search.
"""

from __future__ import annotations

import random
from typing import Protocol

from .forsale import State


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int | None = None) -> str:
        """A legal token for the seat to act."""
        ...


class RandomBot:
    """Uniformly random among the legal moves."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    def choose(self, state: State, seat: int | None = None) -> str:
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no move to choose: the state is at {state.to_move()!r}")
        return self._rng.choice(moves)


BOTS = {"random": RandomBot}


def make_bot(name: str, seed: int = 0, **settings: object) -> Bot:
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name](seed=seed, **settings)
