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

from ..errors import ArgumentError, IllegalMoveError, InconsistentPositionError
from ..game_objects import BaseGame, BaseState, BaseView

MOST_MONEY = 999  # the bound of an unknown amount (View.forget_money's default)


class MoneySetup:
    """What the pov seat does not know of the others' money. Immutable; the
    money of each named seat is anchored where the position was given."""

    def __init__(
        self,
        game: BaseGame,
        pov: int,
        words: Sequence[str],
        ranges: dict[int, tuple[int, int]],
        anchor: dict[int, int] | None = None,
    ):
        self.game = game
        self.pov = pov
        self.words = tuple(words)
        self.ranges = ranges  # seat -> (low, high) believed at the anchor
        self.anchor = anchor  # seat -> its money in the record at the anchor (None until the first replay)

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
        if self.anchor is None:  # the position is given now: its money anchors the ranges
            money = _money(state)
            setup = MoneySetup(self.game, self.pov, self.words, self.ranges, {s: money[s] for s in self.ranges})
        return setup, state, state.history()[len(moves) :]

    def view(self, state: BaseState) -> BaseView:
        view = state.view(self.pov)
        for seat, (low, high) in self._ranges_now(state).items():
            view.forget_money(seat, low, high)
        return view

    def check_known_mover(self, state: BaseState, mover: int) -> None:
        """Refuses `legal` for a seat whose money the pov seat does not know
        exactly as the record has it: what it can afford is not known."""
        ranges = self._ranges_now(state)
        if mover in ranges and ranges[mover] != (_money(state)[mover],) * 2:
            raise InconsistentPositionError(
                f"seat {mover}'s legal moves depend on its money, which the setup leaves unknown"
            )

    def _ranges_now(self, state: BaseState) -> dict[int, tuple[int, int]]:
        """Each named seat's range, shifted by what it paid or earned since the anchor."""
        money = _money(state)
        anchor = self.anchor or {}
        ranges = {}
        for seat, (low, high) in self.ranges.items():
            shift = money[seat] - anchor.get(seat, money[seat])
            low, high = max(0, low + shift), min(MOST_MONEY, high + shift)
            if high < low:
                raise InconsistentPositionError(
                    f"setup: seat {seat} has paid more than the most money it was said to have"
                )
            ranges[seat] = (low, high)
        return ranges

    def check_known_scores(self, state: BaseState) -> None:
        for seat, (low, high) in self.ranges.items():
            if low != high:
                raise InconsistentPositionError(f"seat {seat}'s money is unknown in this setup, so its score is too")


def _money(state: BaseState) -> list[int]:
    return [seat["money"] for seat in state.to_dict()["seats"]]


def _whole(text: str, what: str, most: int) -> int:
    if not text.isdigit() or (len(text) > 1 and text[0] == "0") or int(text) > most:
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
