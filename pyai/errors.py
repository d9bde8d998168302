"""Exceptions raised by pyai. Every one names what was wrong."""

from __future__ import annotations


class PyaiError(Exception):
    """Base class of every error pyai raises on purpose."""


class GameStringError(PyaiError, ValueError):
    """A game string or game parameter that names no valid game (``players=7``, ``theme=x``)."""


class IllegalMoveError(PyaiError, ValueError):
    """A move token that is malformed or not legal now. The state is unchanged.

    ``token`` is the offending token (when known) and ``reason`` what was wrong with it.
    """

    def __init__(self, message: str, token: str | None = None, reason: str | None = None):
        super().__init__(message)
        self.token = token
        self.reason = reason if reason is not None else message


class TokenSyntaxError(IllegalMoveError):
    """A move token that is not well formed (``bid:x``, ``sell:1,2,3``)."""


class PhaseError(PyaiError, RuntimeError):
    """A call that makes no sense now (``scores()`` before the end, ``sample_chance()`` on a turn)."""


class InconsistentPositionError(PyaiError, ValueError):
    """A position that cannot arise in the game."""
