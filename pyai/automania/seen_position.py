"""An Automania position as one seat sees it: `position <game> pov <seat> at <text> [moves ...]`.

A person at a real table writes what they see in the position notation
(docs/automania.md, "Positions as text"), with `?` for other seats' hidden
contracts (one each: their number is known) and `?` or a range for money
they did not track: `money:8/?/12..20 hidden:S3,7/?,?/?`. The core reads it
as that seat's view, and the game goes on from a state whose view is that
one: other seats' hidden contracts are stand-ins, and money known only as a
range stands at its top, so that every move it allows is legal. Later tokens
are that seat's record from there (`drawn:?` for another seat's deck draw,
its own draws by card: State.apply_as_seen), and each range shifts with what
its seat pays or earns (money_ranges.py). The search only ever sees the view.

This is Automania's hook for the engine's `position ... pov <seat> at ...`
(AutomaniaGame.position_as_seen); its errors are the library's, which the
protocol turns into its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalMoveError
from ..game_objects import BaseGame, BaseState, BaseView
from .money_ranges import MoneyRanges


class SeenPosition:
    """A position seen by `pov`. Immutable: replay returns the state it reaches."""

    keyword = "at"  # how the engine's `position` command introduces it

    def __init__(self, game: BaseGame, pov: int, start: BaseView):
        self.game = game
        self.pov = pov
        self.start = start
        data = start.to_dict()["seats"]
        ranges = {
            seat: tuple(data[seat]["money_range"])
            for seat in range(game.players)
            if data[seat]["money_range"][0] != data[seat]["money_range"][1]
        }
        self.money = MoneyRanges.anchored(ranges, self.base_state())

    @property
    def words(self) -> tuple[str, ...]:
        """The starting position's text, as the engine's `position ... at` gives it back."""
        return tuple(self.start.position().split())

    def base_state(self) -> BaseState:
        return self.game.state_class(self.game, self.start._core.stand_in_state())

    def replay(self, moves: Sequence[str], tokens: Sequence[str]) -> tuple[SeenPosition, BaseState, list[str]]:
        """The moves already accepted, then `tokens`, each as the pov seat sees it;
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

    def view(self, state: BaseState) -> BaseView:
        return self.money.forget(state.view(self.pov), state)

    def check_known_mover(self, state: BaseState, mover: int) -> None:
        """Refuses `legal` for a seat whose money the pov seat does not know."""
        self.money.check_known_mover(state, mover)

    def check_known_scores(self, state: BaseState) -> None:
        self.money.check_known_scores()
