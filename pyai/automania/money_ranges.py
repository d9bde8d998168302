"""Other seats' money as the pov seat believes it, as later moves change it.

Automania's money is hidden at the table (the rulebook lets players hide
it), and a person rarely counts it. Both ways of telling the engine what the
pov seat believes keep it here: the `setup money` description (setup.py)
and a position written as text with `?` or ranges (seen_position.py). Each
range is anchored where it was given; a later move changes every amount in
it alike (Automania's costs, fees and rewards never depend on how much a
seat has), so the range shifts by what the seat pays or earns, and never
goes below 0 (a seat that paid had at least that much).
"""

from __future__ import annotations

from ..errors import InconsistentPositionError
from ..game_api import State, View

MOST_MONEY = 999  # the bound of an unknown amount (View.forget_money's default)


def money_of(state: State) -> list[int]:
    return [seat["money"] for seat in state.to_dict()["seats"]]


class MoneyRanges:
    """Immutable: seat -> (low, high) believed when each seat's money in the
    followed state was `anchor[seat]`."""

    def __init__(self, ranges: dict[int, tuple[int, int]], anchor: dict[int, int]):
        self.ranges = ranges
        self.anchor = anchor

    @classmethod
    def anchored(cls, ranges: dict[int, tuple[int, int]], state: State) -> MoneyRanges:
        """The ranges as believed in `state` (its money is the anchor)."""
        money = money_of(state)
        return cls(ranges, {seat: money[seat] for seat in ranges})

    def now(self, state: State) -> dict[int, tuple[int, int]]:
        """Each seat's range in `state`, shifted by what it paid or earned since the anchor."""
        money = money_of(state)
        ranges = {}
        for seat, (low, high) in self.ranges.items():
            shift = money[seat] - self.anchor[seat]
            low, high = max(0, low + shift), min(MOST_MONEY, high + shift)
            if high < low:
                raise InconsistentPositionError(f"seat {seat} has paid more than the most money it was said to have")
            ranges[seat] = (low, high)
        return ranges

    def forget(self, view: View, state: State) -> View:
        """`view` (of `state`) with the believed ranges in place of the state's money."""
        for seat, (low, high) in self.now(state).items():
            view.forget_money(seat, low, high)
        return view

    def check_known_mover(self, state: State, mover: int) -> None:
        """Refuses `legal` for a seat whose money is not known exactly as the
        followed state has it: what it can afford is not known."""
        ranges = self.now(state)
        if mover in ranges and ranges[mover] != (money_of(state)[mover],) * 2:
            raise InconsistentPositionError(f"seat {mover}'s legal moves depend on its money, which is not known")

    def check_known_scores(self) -> None:
        for seat, (low, high) in self.ranges.items():
            if low != high:
                raise InconsistentPositionError(f"seat {seat}'s money is not known, so its score is not either")
