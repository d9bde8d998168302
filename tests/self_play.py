"""Games the heuristic bot plays against itself, for the value-model tests of
every game that has one (tests/forsale/, tests/automania/)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pyai


def heuristic_game(game: pyai.Game, rng: random.Random, bot_seed: int = 0) -> Iterator[pyai.State]:
    """Plays a game with the heuristic bot in every seat and random deals, yielding
    the state (one object, played on) at each chance step before it is dealt."""
    bots = [pyai.make_bot("heuristic", seed=bot_seed + seat) for seat in range(game.players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            yield state
            state.apply(state.sample_chance(rng.getrandbits(32)))
        else:
            state.apply(bots[mover].choose(state))
