"""The time manager: how much of a seat's clock one `go` spends.

A client gives the searching seat's clock as `go time <ms> [inc <ms>]
[movestogo <n>]`, or in UCI's words for two seats, `wtime`/`winc` for seat 0
and `btime`/`binc` for seat 1 (the other seat's clock is accepted and not
needed). Every form ends in the one rule of `move_budget_ms`
(docs/protocol.md, "Time management").
"""

from __future__ import annotations

from dataclasses import dataclass

from . import commands as c
from .errors import BAD_VALUE, ProtocolError

# Without movestogo: plan as if this many of the seat's own decisions were left.
MOVES_LEFT_GUESS = 20
# Kept back on every move for what the budget does not count: starting the
# search, printing its report, the pipes to the client and the client's own
# reading of the clock.
SAFETY_MARGIN_MS = 50
SAFETY_SHARE = 1 / 20  # ... or this share of the remaining time, whichever is more


def move_budget_ms(remaining_ms: int, increment_ms: int = 0, moves_to_go: int | None = None) -> int:
    """The time budget of one move: an even share of the remaining time over
    the moves left (`moves_to_go`, else MOVES_LEFT_GUESS) plus the increment,
    but never more than the remaining time less a safety margin (the larger
    of SAFETY_MARGIN_MS and SAFETY_SHARE of it), and at least 1 ms."""
    moves = moves_to_go if moves_to_go else MOVES_LEFT_GUESS
    share = remaining_ms // moves + increment_ms
    margin = max(SAFETY_MARGIN_MS, int(remaining_ms * SAFETY_SHARE))
    return max(1, min(share, remaining_ms - margin))


@dataclass(frozen=True)
class Clock:
    """The searching seat's clock, as a `go` gave it."""

    seat: int
    remaining_ms: int
    increment_ms: int = 0
    moves_to_go: int | None = None

    def budget_ms(self) -> int:
        return move_budget_ms(self.remaining_ms, self.increment_ms, self.moves_to_go)

    def describe(self) -> str:
        return (
            f"seat {self.seat} clock {self.remaining_ms} ms inc {self.increment_ms} ms "
            f"movestogo {self.moves_to_go if self.moves_to_go else '-'}: {self.budget_ms()} ms"
        )


# UCI's per-seat clock words: (remaining, increment) by seat.
UCI_CLOCKS = {0: ("wtime", "winc"), 1: ("btime", "binc")}
CLOCK_WORDS = ("time", "inc", "wtime", "btime", "winc", "binc", "movestogo")


def seat_clock(go: c.Go, seat: int) -> Clock | None:
    """The clock of `seat` (the seat searching) that `go` gives; None when
    `go` names no clock. A clock word that leaves the seat without a remaining
    time, or two words for the same clock, raise bad-value."""
    given = {word: getattr(go, word) for word in CLOCK_WORDS if getattr(go, word) is not None}
    if not given:
        return None
    for word in ("time", "wtime", "btime", "movestogo"):
        if word in given and given[word] < 1:
            raise ProtocolError(BAD_VALUE, f"go {word} must be at least 1, not {given[word]}")
    remaining_word, increment_word = UCI_CLOCKS.get(seat, (None, None))
    for general, uci in (("time", remaining_word), ("inc", increment_word)):
        if general in given and uci in given:
            raise ProtocolError(BAD_VALUE, f"go {general} and go {uci} both give seat {seat}'s clock: give one")
    remaining = given.get("time", given.get(remaining_word) if remaining_word else None)
    if remaining is None:
        raise ProtocolError(
            BAD_VALUE,
            f"go gives no remaining time for seat {seat}, the seat searching "
            "(time ms is its clock; wtime is seat 0's, btime seat 1's)",
        )
    increment = given.get("inc", given.get(increment_word, 0) if increment_word else 0)
    return Clock(seat, remaining, increment, given.get("movestogo"))
