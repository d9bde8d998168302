"""A saved session of the server reviewed as `pyai review` reviews a session file
(pyai/commands/review.py): each of the player's decisions searched again, the
move played against the search's best, the win chance it lost, the mistakes.
The record is read from the session's own file in the server's folder: a
client names the session by its id, never a file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..budgets import REVIEW_ITERATIONS
from ..commands.advise import CompanionError
from ..commands.review import MISTAKE, Decision, ReviewError, read_record, review

# The most iterations a review may take a decision here: it searches every decision of the session.
MAX_REVIEW_ITERATIONS = 100_000
MIN_REVIEW_ITERATIONS = 1


def check_review_iterations(value: Any) -> int:
    """The iterations a review takes a decision (REVIEW_ITERATIONS when None); CompanionError
    unless a whole number MIN_REVIEW_ITERATIONS to MAX_REVIEW_ITERATIONS."""
    if value is None:
        return REVIEW_ITERATIONS
    if isinstance(value, bool) or not isinstance(value, int):
        raise CompanionError(f'"iterations" must be a whole number, not {value!r:.40}')
    if not MIN_REVIEW_ITERATIONS <= value <= MAX_REVIEW_ITERATIONS:
        raise CompanionError(
            f'"iterations" of a review is {MIN_REVIEW_ITERATIONS} to {MAX_REVIEW_ITERATIONS} on this server, '
            f"not {value}"
        )
    return value


def decision_row(decision: Decision) -> dict[str, Any]:
    """A decision as the page shows it."""
    return {
        "line": decision.index,  # the number of the session's line that told the move
        "stage": decision.stage,
        "played": decision.played,
        "best": decision.best,
        "win_played": decision.win_played,
        "win_best": decision.win_best,
        "win_lost": decision.win_lost,
        "win_se": decision.win_se,
        "mistake": decision.win_lost >= MISTAKE,
    }


def review_session(session_id: str, path: Path, iterations: int, seed: int = 0) -> dict[str, Any]:
    """The review of the session saved at `path` (JSON-safe): its decisions in the order
    played and its mistakes, the biggest first. CompanionError when the file cannot be reviewed
    (its message names the session, not the file)."""
    try:
        result = review(read_record(str(path)), iterations=iterations, seed=seed)
    except ReviewError as error:
        raise CompanionError(str(error).replace(repr(str(path)), f"session {session_id}")) from None
    decisions = [decision_row(d) for d in result.decisions]
    mistakes = [decision_row(d) for d in result.mistakes() if d.win_lost >= MISTAKE]
    record = result.record
    return {
        "id": session_id,
        "game": str(record.game),
        "names": list(record.names),
        "lines": len(record.tokens),
        "iterations": iterations,
        "mistake": MISTAKE,
        "decisions": decisions,
        "mistakes": mistakes,
        "lost": sum(d.win_lost for d in result.decisions),
    }
