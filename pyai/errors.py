"""Exceptions raised by pyai. Every one names what was wrong."""

from __future__ import annotations

from typing import Any


class PyaiError(Exception):
    """Base class of every error pyai raises on purpose."""


class GameStringError(PyaiError, ValueError):
    """A game string or game parameter that names no valid game (``players=7``, ``theme=x``)."""


class ArgumentError(PyaiError, ValueError):
    """An argument out of its range (a seat, a seed, a count); the message names it and its range."""


class SettingError(ArgumentError):
    """A search, bot or command-line setting that is unknown or out of range; the message names it and its range."""


class IllegalMoveError(PyaiError, ValueError):
    """A move token that is malformed or not legal now. The state is unchanged.

    ``token`` is the offending token (when known), ``reason`` what was wrong with
    it, and ``index`` its place in the list being replayed (Game.replay).
    """

    def __init__(self, message: str, token: str | None = None, reason: str | None = None, index: int | None = None):
        super().__init__(message)
        self.token = token
        self.reason = reason if reason is not None else message
        self.index = index  # the token's place in a replayed list, when there was one


class TokenSyntaxError(IllegalMoveError):
    """A move token that is not well formed (``bid:x``, ``sell:1,2,3``)."""


class PhaseError(PyaiError, RuntimeError):
    """A call that makes no sense now (``scores()`` before the end, ``sample_chance()`` on a turn)."""


class InconsistentPositionError(PyaiError, ValueError):
    """A position that cannot arise in the game."""


def shown_value(value: Any, limit: int = 60) -> str:
    """A value from the person or a file inside a message: its repr (a name as typed, accents
    and all), cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 4] + "...'"
