"""Which games a tournament plays: deals, seatings and the seeds behind them.

Duplicate deals: every deal is played once in each seating, and every chance
step of a deal draws its cards with the same seed (derived from the deal and
the step's number), so every seating sees the same cards turned up in the same
order: the cards still unseen never depend on the moves. Luck of the deal then
cancels between the bots.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass

SEATINGS = ("rotations", "all")


def derive_seed(*parts: object) -> int:
    """A 63-bit seed (it fits SQLite's INTEGER) from any parts, the same in every process and on every machine."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def deal_seed(tournament_seed: int, deal: int) -> int:
    return derive_seed("deal", tournament_seed, deal)


def chance_seed(deal_seed_: int, step: int) -> int:
    """The seed of a deal's `step`-th chance event (1-based), the same in every seating."""
    return derive_seed("chance", deal_seed_, step)


def bot_seed(deal_seed_: int, seat: int) -> int:
    return derive_seed("bot", deal_seed_, seat)


def seatings(lineup: list[int], mode: str = "rotations") -> list[tuple[int, ...]]:
    """The seatings of a line-up (bot ids, one per seat) that each deal is played in.

    "rotations": the cyclic rotations (each bot sits in each seat equally often,
    neighbours kept); "all": every distinct permutation (also balances who sits
    next to whom, at n!/(copies) games a deal). Repeated seatings (A,B,A,B
    rotated by two) are played once.
    """
    size = len(lineup)
    if mode == "rotations":
        found = [tuple(lineup[(seat + shift) % size] for seat in range(size)) for shift in range(size)]
    elif mode == "all":
        found = sorted(set(itertools.permutations(lineup)))
    else:
        raise ValueError(f"seatings must be one of {', '.join(SEATINGS)}, not {mode!r}")
    return list(dict.fromkeys(found))


@dataclass(frozen=True)
class Job:
    """One game to play: everything a worker needs, as plain data (nothing native is pickled)."""

    game: str
    deal: int
    deal_seed: int
    rotation: int  # index of the seating in the deal's list
    seating: tuple[int, ...]  # bot id per seat
    specs: tuple[str, ...]  # spec text per bot id
    move_time_ms: int
    margin_ms: int
    engine_iterations: int | None

    @property
    def key(self) -> tuple[int, str]:
        return self.deal, seating_text(self.seating)


def seating_text(seating: tuple[int, ...] | list[int]) -> str:
    return ",".join(str(bot) for bot in seating)
