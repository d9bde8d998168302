"""What a `bestmove <token> ponder <token>...` line expects to happen next.

After its move the searching seat waits for the other seats. The search's
likely continuation of that move (its `pv`) says what they will probably
play; the moves up to the seat's own next decision are the ones a client can
append to the position to `go ponder` on the position they lead to, while
the other seats think. Nothing is expected when the continuation stops
before that decision (a chance step such as a deal, a choice the seat cannot
see) or when the seat moves again at once: there is nothing to ponder on.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import ProtocolError
from .position import Position


def expected_replies(position: Position, seat: int, move: str, continuation: Sequence[str]) -> tuple[str, ...]:
    """The other seats' moves in `continuation` (what follows `move`) up to
    `seat`'s next decision; () when the continuation does not reach it."""
    try:
        after = position.play([move])
        replies: list[str] = []
        for token in continuation:
            if _seat_decides(after, seat) or after.state.to_move() in ("chance", "over"):
                break
            after = after.play([token])
            replies.append(token)
    except ProtocolError:  # a continuation the position does not take: expect nothing
        return ()
    return tuple(replies) if replies and _seat_decides(after, seat) else ()


def _seat_decides(position: Position, seat: int) -> bool:
    state = position.state
    return state.to_move() not in ("chance", "over") and state.may_act(seat)
