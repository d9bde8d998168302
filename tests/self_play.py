"""Games played out for the games' tests: the heuristic bot against itself, for the
value-model tests of every game that has one, and uniformly random games, for the
tests that look at many positions (the drawings)."""

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


def random_positions(game: pyai.Game, seed: int, every: int = 1) -> Iterator[pyai.State]:
    """The states of one uniformly random game (every `every`-th, and the last), one object played on."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield state
        if state.to_move() == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
        else:
            state.apply(rng.choice(state.legal_moves()))
        step += 1
    yield state
