"""A position written as text as one seat sees it, carried as a state whose
hidden cards are stand-ins: `position <game> pov <seat> at <text> [moves ...]`
for a game whose only secrets are other seats' private cards (Leduc).

The game reads the text as the pov seat's view (`?` for a card it never saw)
and gives a state whose view for that seat is exactly that view, each hidden
card a stand-in (the core's stand_in_state). Later moves are then the pov
seat's record, applied with the game's `apply_as_seen` (`deal:?` for another
seat's card), as Game.replay_as_seen does from the start: a card the record
later names that was standing in moves aside. The search only ever sees the
pov seat's view; a result that a stand-in would decide is refused by the core.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import game_api
from .errors import IllegalMoveError
from .game_objects import BaseGame, BaseState


class StandInPosition:
    """A position seen by `pov`. Immutable: replay returns the state after the moves."""

    keyword = "at"  # how the engine's `position` command introduces it

    def __init__(self, game: BaseGame, pov: int, start: game_api.View):
        self.game = game
        self.pov = pov
        self.start = start

    @property
    def words(self) -> tuple[str, ...]:
        """The starting position's text, as the engine's `position ... at` gives it back."""
        return tuple(self.start.position().split())

    def base_state(self) -> BaseState:
        return self.game.state_class(self.game, self.start.core.stand_in_state())

    def replay(self, moves: Sequence[str], tokens: Sequence[str]) -> tuple[StandInPosition, BaseState, list[str]]:
        """The moves already accepted, then `tokens`, each as the pov seat saw it;
        the error names the first bad token and its index in `tokens`."""
        state = self.base_state()
        for token in moves:
            state.apply_as_seen(self.pov, token)
        canonical = []
        for index, token in enumerate(tokens):
            try:
                canonical.append(state.apply_as_seen(self.pov, token))
            except IllegalMoveError as error:
                message = f"{token} at token {index}: {error.reason}"
                raise IllegalMoveError(message, token=token, reason=error.reason, index=index) from None
        return self, state, canonical

    def view(self, state: game_api.State) -> game_api.View:
        return state.view(self.pov)

    def check_known_mover(self, state: game_api.State, mover: int) -> None:
        """Nothing hidden decides a seat's legal moves in such a game (betting is public)."""

    def check_known_scores(self, state: game_api.State) -> None:
        """The core refuses a result that a stand-in decides (State.scores)."""
