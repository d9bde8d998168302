"""The protocol's error codes (docs/protocol.md, "Principles").

Every command that fails answers exactly one line ``error <code> <message>``
and changes nothing. Code that parses or runs a command raises ProtocolError;
the engine turns it into that line.
"""

from __future__ import annotations

UNKNOWN_COMMAND = "unknown-command"
SYNTAX = "syntax"
ILLEGAL_MOVE = "illegal-move"
INCONSISTENT = "inconsistent"
UNKNOWN_OPTION = "unknown-option"  # options.find_option; `setoption` ignores an unknown name instead
BAD_VALUE = "bad-value"
NO_POSITION = "no-position"

CODES = (UNKNOWN_COMMAND, SYNTAX, ILLEGAL_MOVE, INCONSISTENT, UNKNOWN_OPTION, BAD_VALUE, NO_POSITION)


class ProtocolError(Exception):
    """A command that cannot be carried out: `code` is one of CODES."""

    def __init__(self, code: str, message: str):
        if code not in CODES:
            raise ValueError(f"unknown protocol error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message

    def line(self) -> str:
        """The answer line, on one line whatever the message holds."""
        return f"error {self.code} {one_line(self.message)}"


def one_line(text: str) -> str:
    """`text` with line breaks and other control characters turned into spaces."""
    return "".join(c if c.isprintable() else " " for c in text).strip()


def quoted(text: str, limit: int = 60) -> str:
    """User input shown inside a message: printable, short, quoted."""
    shown = ascii(text)
    if len(shown) > limit:
        shown = shown[: limit - 4] + "...'"
    return shown
