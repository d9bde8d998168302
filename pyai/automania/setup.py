"""The protocol's `setup` for Automania: money the pov seat did not track.

Everything at an Automania table is seen by all but the contracts a seat
drew alone (written `start:?` / `drawn:?` in the pov seat's record) and the
money each seat keeps hidden (the rulebook lets players hide it). A record
of the moves fixes every seat's money exactly, but a person at a real table
rarely counts it, so the setup says what the pov seat believes instead:

    position automania(players=3) pov 0 setup money 1 ? money 2 10..20 moves <record>

`money S LO..HI` (or `money S N`): seat S's money lies in LO..HI *at the end
of the moves given in that command*; later moves shift the range by what
they pay or earn. `money S ?`: any amount up to 999 (the search then
imagines far too much money: give a range when you can). The search samples
each such seat's money uniformly in its range (View.forget_money).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..digits import is_whole_number
from ..errors import ArgumentError, IllegalMoveError
from ..game_api import State, View
from ..game_objects import BaseGame, BaseState
from .money_ranges import MOST_MONEY, MoneyRanges


class MoneySetup:
    """What the pov seat does not know of the others' money. Immutable; the
    money of each named seat is anchored where the position was given."""

    def __init__(
        self,
        game: BaseGame,
        pov: int,
        words: Sequence[str],
        ranges: dict[int, tuple[int, int]],
        money: MoneyRanges | None = None,
    ):
        self.game = game
        self.pov = pov
        self.words = tuple(words)
        self.ranges = ranges  # seat -> (low, high) believed at the end of the first moves given
        self.money = money  # the ranges anchored there (None until the first replay)

    @classmethod
    def parse(cls, game: BaseGame, pov: int, words: Sequence[str]) -> MoneySetup:
        if len(words) % 3:
            raise ArgumentError(f"setup: expected `money <seat> <amount>` triples, got {' '.join(words)!r}")
        ranges: dict[int, tuple[int, int]] = {}
        for i in range(0, len(words), 3):
            keyword, seat_text, amount = words[i : i + 3]
            if keyword.lower() != "money":
                raise ArgumentError(f"setup: unknown fact {keyword!r} (Automania's setup knows only `money`)")
            seat = _whole(seat_text, "a seat", game.players - 1)
            if seat == pov:
                raise ArgumentError(f"setup: seat {seat} is the pov seat, which knows its own money")
            if seat in ranges:
                raise ArgumentError(f"setup: seat {seat}'s money is given twice")
            ranges[seat] = _amount(amount)
        return cls(game, pov, words, ranges)

    def base_state(self) -> BaseState:
        return self.game.new_initial_state()

    def replay(self, moves: Sequence[str], tokens: Sequence[str]) -> tuple[MoneySetup, BaseState, list[str]]:
        """The pov seat's record `moves` (already accepted) plus `tokens`; the
        error names the first bad token and its index in `tokens`."""
        try:
            state = self.game.replay_as_seen(self.pov, [*moves, *tokens])
        except IllegalMoveError as error:
            index = (error.index or 0) - len(moves)
            message = f"{error.token} at token {index}: {error.reason}"
            raise IllegalMoveError(message, error.token, error.reason) from None
        setup = self
        if self.money is None:  # the position is given now: its money anchors the ranges
            setup = MoneySetup(self.game, self.pov, self.words, self.ranges, MoneyRanges.anchored(self.ranges, state))
        return setup, state, state.history()[len(moves) :]

    def _money(self, state: State) -> MoneyRanges:
        return self.money or MoneyRanges.anchored(self.ranges, state)

    def view(self, state: State) -> View:
        return self._money(state).forget(state.view(self.pov), state)

    def check_known_mover(self, state: State, mover: int) -> None:
        """Refuses `legal` for a seat whose money the pov seat does not know
        exactly as the record has it: what it can afford is not known."""
        self._money(state).check_known_mover(state, mover)

    def check_known_scores(self, state: State) -> None:
        self._money(state).check_known_scores()


def _whole(text: str, what: str, most: int) -> int:
    if not is_whole_number(text) or (len(text) > 1 and text[0] == "0") or int(text) > most:
        raise ArgumentError(f"setup: {what} must be a whole number 0..{most}, not {text!r}")
    return int(text)


def _amount(text: str) -> tuple[int, int]:
    """`?`, `N` or `LO..HI` as a range of money."""
    if text == "?":
        return 0, MOST_MONEY
    low_text, dots, high_text = text.partition("..")
    low = _whole(low_text, "money", MOST_MONEY)
    high = _whole(high_text, "money", MOST_MONEY) if dots else low
    if high < low:
        raise ArgumentError(f"setup: the money range {text!r} is empty")
    return low, high
