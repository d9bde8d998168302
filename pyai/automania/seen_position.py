"""An Automania position as one seat sees it: `position <game> pov <seat> at <text> [moves ...]`.

A person at a real table writes what they see in the position notation
(docs/automania.md, "Positions as text"), with `?` for other seats' hidden
contracts (one each: their number is known) and `?` or a range for money
they did not track: `money:8/?/12..20 hidden:S3,7/?,?/?`. The core reads it
as that seat's view, and the game goes on as for any game whose secrets are
private cards (pyai/stand_in_position.py): from a state whose view is that
one, other seats' hidden contracts stand-ins, with the later tokens that
seat's record (`drawn:?` for another seat's deck draw, its own draws by
card). What Automania adds is money: a seat's money known only as a range
stands at the top of its range in that state, so that every move the range
allows is legal, and the range shifts with what the seat pays or earns
(money_ranges.py, as for `setup money`). The search only ever sees the view.
"""

from __future__ import annotations

from typing import Protocol

from ..game_api import State, View
from ..game_objects import BaseGame
from ..stand_in_position import StandInPosition
from .money_ranges import MoneyRanges


class ViewWithMoney(View, Protocol):
    """Automania's view as a seen position reads it: the contract's, and whose money it knows."""

    def knows_money(self, seat: int) -> bool: ...


class SeenPosition(StandInPosition):
    """A position seen by `pov`, with the money ranges it believes. Immutable."""

    def __init__(self, game: BaseGame, pov: int, start: ViewWithMoney):
        super().__init__(game, pov, start)
        seats = start.to_dict()["seats"]
        ranges = {seat: tuple(data["money_range"]) for seat, data in enumerate(seats) if not start.knows_money(seat)}
        self.money = MoneyRanges.anchored(ranges, self.base_state())

    def view(self, state: State) -> View:
        return self.money.forget(state.view(self.pov), state)

    def check_known_mover(self, state: State, mover: int) -> None:
        """Refuses `legal` for a seat whose money the pov seat does not know."""
        self.money.check_known_mover(state, mover)

    def check_known_scores(self, state: State) -> None:
        """Refuses a result while a seat's money is unknown (the money rank, and its score)."""
        self.money.check_known_scores()
