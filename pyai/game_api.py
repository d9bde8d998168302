"""The surface every game offers, as typing Protocols: what analysis, bots,
tournaments, the protocol, the CLI and the bench may use of a game, and all
they use.

A game lives in ``pyai/<name>/``; its classes derive from the shared
implementations in ``pyai/game_objects.py`` (which give most of this surface
once for every game) and register with ``pyai.games.register``. The shared
test suite (``tests/games/``) checks every registered game against it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class View(Protocol):
    """What one seat knows of a state (possibly less, at a real table)."""

    game: Game

    @property
    def seat(self) -> int: ...

    @property
    def partial(self) -> bool:
        """Whether anything was forgotten (see the game's ``forget_*`` methods)."""

    def history(self) -> list[str]:
        """The record as this seat saw it: what to send an engine playing this seat."""

    def determinize(self, seed: int) -> State:
        """A full state consistent with this view, every hidden part sampled."""

    def legal_moves(self) -> list[str]:
        """This seat's legal moves (PhaseError if it has no decision now)."""

    def clone(self) -> View: ...

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe plain data."""


class State(Protocol):
    """A game state with the tokens that led to it."""

    game: Game

    def to_move(self) -> int | str:
        """The seat to act, ``"chance"`` or ``"over"``."""

    def legal_moves(self) -> list[str]: ...

    def legal_moves_for(self, seat: int) -> list[str]:
        """The moves of `seat` now (also in a simultaneous step); PhaseError if it has none."""

    def may_act(self, seat: int) -> bool: ...

    def legal_summary(self) -> str:
        """What may be played now, in words (at a chance step: the form of its token; "" at the end)."""

    def apply(self, token: str) -> str:
        """Applies a move or chance token, returns its canonical form; IllegalMoveError leaves the state unchanged."""

    def sample_chance(self, seed: int) -> str:
        """A random legal token for this chance step (not applied)."""

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]:
        """Each seat's final score in the game's own units (PhaseError before the end)."""

    def winners(self) -> list[int]: ...

    def ranks(self) -> list[float]:
        """Per seat, 1 = best, by the game's scoring and tie-breaks; tied seats share the mean place."""

    def history(self) -> list[str]: ...

    def clone(self) -> State: ...

    def view(self, seat: int) -> View: ...

    def determinize(self, seat: int, seed: int) -> State: ...

    def same_view(self, other: State, seat: int) -> bool: ...

    def to_dict(self) -> dict[str, Any]: ...

    def position(self) -> str:
        """This position as text, read back by Game.from_position (games with a notation)."""


class Game(Protocol):
    """The setup of one game: its name, parameters and seats."""

    name: str
    players: int

    def new_initial_state(self) -> State: ...

    def replay(self, tokens: Iterable[str]) -> State:
        """A state after `tokens` from the start; the error names the first bad token and its index."""

    def replay_as_seen(self, seat: int, tokens: Iterable[str]) -> State:
        """A state consistent with `tokens` as `seat` saw them (its view's history):
        the state's view for `seat` is exactly that seat's knowledge; facts the seat
        did not see are stand-ins."""

    def search_defaults(self) -> dict[str, Any]:
        """Each search setting's default for this game (the game may set its own, e.g. the objective)."""

    def search_settings(self) -> list[dict[str, Any]]:
        """Every search setting for this game (shared ones and the game's own tree options)."""

    def bot_defaults(self, bot: str) -> dict[str, Any]:
        """Settings a built-in bot uses on this game unless told otherwise."""

    def render(self, data: dict[str, Any]) -> str:
        """A readable picture of a state's or view's to_dict()."""

    PROTOCOL_HELP: dict[str, str]  # the engine's `help` topics this game adds ("games", "tokens", ...)

    def from_position(self, text: str) -> State:
        """A position written as text, as a state with no history (games with a notation)."""

    def view_from_position(self, text: str, seat: int) -> View:
        """Seat `seat`'s view of a position written as text, unknowns and all (games with a notation)."""

    def position_as_seen(self, pov: int, text: str) -> Any:
        """The protocol's `position ... pov <seat> at <text>` for games with a notation."""

    def parse_setup(self, pov: int, words: list[str]) -> Any:
        """The protocol's `position ... setup <words>` for games that offer it (ArgumentError otherwise)."""
