"""What the shared game suite needs: every registered game's example games,
and random play that walks any of them with checks along the way."""

from __future__ import annotations

import random
from collections.abc import Callable

import pyai

EXAMPLE_GAMES = [game for cls in pyai.GAMES.values() for game in cls.EXAMPLE_GAMES]


def advance(state: pyai.State, rng: random.Random) -> str:
    """Applies one random legal step (chance or move) and returns its token."""
    if state.to_move() == "chance":
        return state.apply(state.sample_chance(rng.getrandbits(64)))
    return state.apply(rng.choice(state.legal_moves()))


def random_walk(game_string: str, seed: int, visit: Callable[[pyai.State], None] | None = None) -> pyai.State:
    """A whole random game; `visit` sees every state on the way, the last one included."""
    rng = random.Random(seed)
    state = pyai.load_game(game_string).new_initial_state()
    while True:
        if visit is not None:
            visit(state)
        if state.is_terminal():
            return state
        advance(state, rng)


def decision_states(game_string: str, seed: int, every: int = 1) -> list[pyai.State]:
    """Copies of the states of one random game where a seat has a decision (every `every`-th)."""
    states: list[pyai.State] = []

    def keep(state: pyai.State) -> None:
        if isinstance(state.to_move(), int):
            states.append(state.clone())

    random_walk(game_string, seed, keep)
    return states[::every]


def deciding_seats(state: pyai.State) -> list[int]:
    """Every seat with a decision now (more than one in a simultaneous step)."""
    return [seat for seat in range(state.game.players) if state.may_act(seat)]


def help_examples(text: str) -> list[str]:
    """The engine commands a help text gives as examples: each indented line
    that starts `position `, with the lines indented deeper after it (its
    continuation), joined into one line."""
    examples: list[list[str]] = []
    current: list[str] | None = None
    indent = 0
    for line in text.splitlines():
        stripped = line.lstrip()
        depth = len(line) - len(stripped)
        if depth > 0 and stripped.startswith("position "):
            current, indent = [stripped], depth
            examples.append(current)
        elif current is not None and stripped and depth > indent:
            current.append(stripped)
        else:
            current = None
    return [" ".join(example) for example in examples]
