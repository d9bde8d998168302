"""Bots: anything that picks a legal move for a seat, behind one interface.

    bot = pyai.make_bot("ismcts", iterations=20_000, threads=1, seed=0)
    token = bot.choose(state)          # for the seat to move
    token = bot.choose(state, seat=2)  # e.g. seat 2's sealed sell in For Sale's phase 3

Every bot decides from what its seat could know: the search bots search the
seat's view, the heuristic reads only the seat's view. They work for every
registered game (the heuristic bot for games that have a hand-written player).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from .analysis import MARGIN_WEIGHT, AnalysisResult, analyse, cannot_win
from .budgets import MOVE_ITERATIONS
from .errors import PhaseError, SettingError
from .game_api import State


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
    """The game's hand-written player (its rules are documented at the top of
    csrc/<game>/heuristic.h), reading only the seat's view."""

    name = "heuristic"

    def __init__(self, seed: int = 0, noise: int = 0):
        if isinstance(noise, bool) or not isinstance(noise, int) or not 0 <= noise <= 100:
            raise SettingError(f"noise must be a whole number 0 to 100 (percent), not {noise!r}")
        self._rng = random.Random(seed)
        self.noise = noise

    def choose(self, state: State, seat: int | None = None) -> str:
        seat = _acting_seat(state, seat)
        if not state.game.has_heuristic:
            raise SettingError(f"{state.game.name} has no heuristic player (bots: ismcts, pimc, random)")
        return state.core.heuristic_move(seat, self._rng.getrandbits(64), self.noise)


class SearchBot:
    """ISMCTS (or, with pimc=True, determinised perfect-information UCT) behind the bot interface.

    At a simultaneous secret choice, and with algorithm=cfr, the search returns a
    mixed policy; the bot samples its move from it, as a good sealed-bid or
    poker player must. A seat that
    can no longer win (no move wins 2% of the time) plays for its finishing
    margin: the search is run again with the margin counted. Settings are
    the search's (see pyai.search_settings); the game's own defaults for this
    bot (Game.bot_defaults) apply unless given.
    """

    def __init__(self, name: str, seed: int = 0, **settings: Any):
        self.name = name
        self._rng = random.Random(seed)
        self.settings = settings
        self.last_result: AnalysisResult | None = None

    def settings_for(self, state: State) -> dict[str, Any]:
        """The settings this bot searches `state`'s game with."""
        return {**state.game.bot_defaults(self.name), **self.settings}

    def choose(self, state: State, seat: int | None = None) -> str:
        seat = _acting_seat(state, seat)
        legal = state.legal_moves_for(seat)
        if len(legal) == 1:  # a forced move: nothing to search (and no result to show)
            self.last_result = None
            return legal[0]
        settings = self.settings_for(state)
        result = analyse(state, seat, seed=self._rng.getrandbits(64), **settings)
        if cannot_win(result, state.game, settings):  # every move 0.000 win: play for the margin instead
            margin = {**settings, "margin_weight": MARGIN_WEIGHT}
            result = analyse(state, seat, seed=self._rng.getrandbits(64), **margin)
        self.last_result = result
        if result.mixed:
            weights = [m.share for m in result.moves]
            if sum(weights) > 0:
                return self._rng.choices([m.token for m in result.moves], weights=weights)[0]
        return result.best_move


_SEARCH_DEFAULTS = {
    "ismcts": {"iterations": MOVE_ITERATIONS},
    "pimc": {"iterations": MOVE_ITERATIONS, "pimc": True, "determinizations": 16},
}
BOTS = ("ismcts", "pimc", "heuristic", "random")


def make_bot(name: str, seed: int = 0, **settings: Any) -> Bot:
    """A bot by name: "ismcts", "pimc" (dets= for determinizations), "heuristic" (noise=), "random".

    A search bot's settings are checked when it first searches (against the
    game's settings table); `check_bot` checks them against a game at once.
    """
    if name == "random":
        _reject_settings(name, settings, set())
        return RandomBot(seed=seed)
    if name == "heuristic":
        _reject_settings(name, settings, {"noise"})
        return HeuristicBot(seed=seed, **settings)
    if name in _SEARCH_DEFAULTS:
        if "dets" in settings:
            settings["determinizations"] = settings.pop("dets")
        if "pimc" in settings or (name == "ismcts" and "determinizations" in settings):
            raise SettingError(
                f"bot {name!r} has no setting 'pimc' or 'determinizations' (the bot's name says which search)"
            )
        if "seed" in settings:
            raise SettingError(f"bot {name!r}: give the seed as make_bot(..., seed=N), not as a search setting")
        return SearchBot(name, seed=seed, **{**_SEARCH_DEFAULTS[name], **settings})
    raise SettingError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")


def check_bot(bot: Bot, game) -> None:
    """Raises SettingError now if `bot` cannot play `game` (unknown settings, values out of range)."""
    if isinstance(bot, HeuristicBot) and not game.has_heuristic:
        raise SettingError(f"{game.name} has no heuristic player (bots: ismcts, pimc, random)")
    if isinstance(bot, SearchBot):
        state = game.new_initial_state()
        while state.to_move() == "chance":
            state.apply(state.sample_chance(1))
        from .analysis import Search

        Search(state, **bot.settings_for(state))


def _reject_settings(name: str, settings: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(settings) - allowed)
    if unknown:
        known = ", ".join(sorted(allowed)) or "none"
        raise SettingError(f"bot {name!r} has no setting {unknown[0]!r} (settings: {known})")
