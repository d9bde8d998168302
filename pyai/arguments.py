"""Checks of the seat and seed arguments, shared by the game objects and the commands.

Both sides refuse a bad seat with the same words, so the check lives apart from
either: the commands reach games only through the contract (pyai/game_api.py).
"""

from __future__ import annotations

from .errors import ArgumentError


def check_seat(seat: int, players: int) -> int:
    """A seat argument: a whole number 0..players-1, else ArgumentError naming the range."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ArgumentError(f"seat must be a whole number 0..{players - 1}, not {seat!r}")
    return seat


def check_seed(seed: int) -> int:
    """A seed argument: any whole number, taken modulo 2^64."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError(f"seed must be a whole number, not {seed!r}")
    return seed % (1 << 64)
