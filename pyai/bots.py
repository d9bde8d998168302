"""Bots: anything that picks a legal move for a seat, behind one interface.

    bot = pyai.make_bot("ismcts", iterations=20_000, threads=1, seed=0)
    token = bot.choose(state)          # for the seat to move
    token = bot.choose(state, seat=2)  # e.g. seat 2's sealed sell in phase 3

Every bot decides from what its seat could know: the search bots search the
seat's view, the heuristic reads only public facts and its own hand.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from .analysis import analyse
from .errors import PhaseError
from .forsale import State


class Bot(Protocol):
    name: str

    def choose(self, state: State, seat: int | None = None) -> str:
        """A legal token for `seat` (default: the seat to move)."""
        ...


def _acting_seat(state: State, seat: int | None) -> int:
    mover = state.to_move()
    if not isinstance(mover, int):
        raise PhaseError(f"no move to choose: the state is at {mover!r}")
    return mover if seat is None else seat


class RandomBot:
    """Uniformly random among the legal moves."""

    name = "random"

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    def choose(self, state: State, seat: int | None = None) -> str:
        seat = _acting_seat(state, seat)
        return self._rng.choice(state.legal_moves_for(seat))


class HeuristicBot:
    """The hand-written player of csrc/forsale/heuristic.h (its rules are documented there)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, noise: int = 0):
        if not 0 <= noise <= 100:
            raise ValueError(f"noise must be 0 to 100 (percent), not {noise}")
        self._rng = random.Random(seed)
        self.noise = noise

    def choose(self, state: State, seat: int | None = None) -> str:
        seat = _acting_seat(state, seat)
        return state._core.heuristic_move(seat, self._rng.getrandbits(64), self.noise)


class SearchBot:
    """ISMCTS (or, with pimc=True, determinised perfect-information UCT) behind the bot interface.

    At a sealed phase-3 sell the search returns a mixed policy; the bot
    samples its move from it, as a good sealed-bid player must.
    """

    def __init__(self, name: str, seed: int = 0, **settings: Any):
        self.name = name
        self._rng = random.Random(seed)
        self.settings = settings
        self.last_result = None

    def choose(self, state: State, seat: int | None = None) -> str:
        seat = _acting_seat(state, seat)
        result = analyse(state, seat, seed=self._rng.getrandbits(64), **self.settings)
        self.last_result = result
        if result.simultaneous:
            weights = [m.share for m in result.moves]
            if sum(weights) > 0:
                return self._rng.choices([m.token for m in result.moves], weights=weights)[0]
        return result.best_move


_SEARCH_DEFAULTS = {
    "ismcts": {"iterations": 20_000},
    # The baseline keeps the bid cap of +3 it was measured with (ismcts' default is now +1).
    "pimc": {"iterations": 20_000, "pimc": True, "determinizations": 16, "max_raise": 3},
}
_SEARCH_SETTINGS = {
    "iterations",
    "time_ms",
    "threads",
    "objective",
    "max_nodes",
    "max_memory_mb",
    "exploration",
    "simultaneous_exploration",
    "rollout",
    "rollout_noise",
    "determinizations",
    "max_raise",
    "margin_weight",
    "prior_weight",
    "chance_buckets",
    "opponent_max_raise",
}
BOTS = ("ismcts", "pimc", "heuristic", "random")


def make_bot(name: str, seed: int = 0, **settings: Any) -> Bot:
    """A bot by name: "ismcts", "pimc" (dets= for determinizations), "heuristic" (noise=), "random"."""
    if name == "random":
        _reject_settings(name, settings, set())
        return RandomBot(seed=seed)
    if name == "heuristic":
        _reject_settings(name, settings, {"noise"})
        return HeuristicBot(seed=seed, **settings)
    if name in _SEARCH_DEFAULTS:
        if "dets" in settings:
            settings["determinizations"] = settings.pop("dets")
        _reject_settings(name, settings, _SEARCH_SETTINGS - ({"determinizations"} if name == "ismcts" else set()))
        return SearchBot(name, seed=seed, **{**_SEARCH_DEFAULTS[name], **settings})
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")


def _reject_settings(name: str, settings: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(settings) - allowed)
    if unknown:
        known = ", ".join(sorted(allowed)) or "none"
        raise ValueError(f"bot {name!r} has no setting {unknown[0]!r} (settings: {known})")
