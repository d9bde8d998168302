"""What the games' told-back tests share: a step taken, then its told line typed back where it
was taken, which must be that same step, told back in the same words."""

from __future__ import annotations

from pyai.commands.advise import Companion


def typed_back_as_told(c: Companion, line: str) -> str:
    """Takes `line`, takes it back, and types what the companion told of it instead: the same
    record and the same told line, or an AssertionError. The told line."""
    told = c.handle(line)[0]
    taken = c.position.moves
    assert c.handle("undo")[0].startswith("undone")
    assert c.handle(told)[0] == told and c.position.moves == taken, told
    return told
