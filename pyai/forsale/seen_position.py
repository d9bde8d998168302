"""A For Sale position as one seat sees it: `position <game> pov <seat> at <text> [moves ...]`.

A person at a real table writes what they see in the position notation
(docs/forsale.md, "Positions as text"), with `?` and ranges for what they lost
track of: `cash:21/?/15..22/26 advisors:3,17/?/8,30/2,11`. The core reads it
as that seat's view (no history is invented), and each later move is applied
to the view as the seat sees it happen (View.apply): a card an opponent plays
from an unknown hand becomes known, a bid narrows its cash. The search only
ever sees that view.

This is For Sale's hook for the engine's `position ... pov <seat> at ...`
(ForSaleGame.position_as_seen); its errors are the library's, which the
protocol turns into its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..errors import IllegalMoveError, PhaseError
from ..game_api import State, View
from ..game_objects import BaseGame, BaseState


class SeenView(View, Protocol):
    """For Sale's view as a seen position uses it: the contract's, moves applied as the
    seat sees them, and what it knows of each seat's cash and hands."""

    def clone(self) -> SeenView: ...

    def apply(self, token: str) -> str: ...

    def knows_cash(self, seat: int) -> bool: ...

    def knows_hand(self, seat: int, hand: str) -> bool: ...


class SeenPosition:
    """A position seen by `pov`, and the moves it has seen since. Immutable:
    replay returns a new one."""

    keyword = "at"  # how the engine's `position` command introduces it

    def __init__(self, game: BaseGame, pov: int, start: SeenView, now: SeenView | None = None):
        self.game = game
        self.pov = pov
        self.start = start
        self.now = now if now is not None else start

    @property
    def words(self) -> tuple[str, ...]:
        """The starting position's text, as the engine's `position ... at` gives it back."""
        return tuple(self.start.position().split())

    def base_state(self) -> BaseState:
        return self.game.state_class(self.game, self.start.core.state_record())

    def replay(self, moves: Sequence[str], tokens: Sequence[str]) -> tuple[SeenPosition, BaseState, list[str]]:
        """The moves already accepted, then `tokens`, each as the pov seat sees it;
        the error names the first bad token and its index in `tokens`."""
        view = self.start.clone()
        for token in moves:
            view.apply(token)
        canonical = []
        for index, token in enumerate(tokens):
            try:
                canonical.append(view.apply(token))
            except IllegalMoveError as error:
                message = f"{token} at token {index}: {error.reason}"
                raise IllegalMoveError(message, token=token, reason=error.reason, index=index) from None
        seen = SeenPosition(self.game, self.pov, self.start, view)
        return seen, self.game.state_class(self.game, view.core.state_record()), canonical

    def view(self, state: State) -> SeenView:
        return self.now.clone()

    def check_known_mover(self, state: State, mover: int) -> None:
        """Refuses `legal` for a seat whose moves depend on what the view does not know."""
        data = state.to_dict()
        step = "choose" if data["sell_step"] in (None, "choose") else data["sell_step"]
        unknown = {
            ("auction", "choose"): ("cash", not self.now.knows_cash(mover)),
            ("buying", "choose"): ("advisors", not self.now.knows_hand(mover, "advisors")),
            ("selling", "choose"): ("vehicles", not self.now.knows_hand(mover, "vehicles")),
        }.get((data["phase"], step))
        if unknown and unknown[1]:
            raise PhaseError(
                f"seat {mover}'s legal moves depend on its {unknown[0]}, which seat {self.pov} does not know"
            )

    def check_known_scores(self, state: State) -> None:
        for seat in range(self.game.players):
            if not self.now.knows_cash(seat):
                raise PhaseError(f"seat {seat}'s cash is not known to seat {self.pov}, so its score is not either")
