"""A saved session of the server, or a record a client uploads, reviewed as `pyai
review` reviews a file (pyai/commands/review.py): each decision searched again,
the move played against the search's best, the win chance it lost, the
mistakes. A session's record is its own file in the server's folder (a client
names the session by its id, never a file); an upload is its text, kept in a
private temporary file only while it is read."""

from __future__ import annotations

import json
import os
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..budgets import REVIEW_ITERATIONS
from ..commands.advice_text import one_line
from ..commands.advise import Companion
from ..commands.advise_session import CompanionError, Session
from ..commands.review import (
    MISTAKE,
    SQLITE_HEADER,
    Decision,
    DecisionPoint,
    ReviewError,
    game_named_by,
    read_record,
    review,
)
from ..errors import PyaiError
from ..game_api import Game, State
from ..game_files import NO_FILES
from ..game_string import parse_game_string
from .sessions import check_no_files

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


# A move in words at the position before the session's line `line` (1-based): line, token -> words.
Words = Callable[[int, str], str]


def decision_row(decision: Decision, words: Words | None = None) -> dict[str, Any]:
    """A decision as the page shows it; its moves in words too when `words` says them."""
    said = words or (lambda line, token: token)
    return {
        "line": decision.index,  # the number of the session's line that told the move (a token file's: its index)
        "seat": decision.seat,
        "stage": decision.stage,
        "played": decision.played,
        "best": decision.best,
        "played_words": said(decision.index, decision.played),
        "best_words": said(decision.index, decision.best),
        "win_played": decision.win_played,
        "win_best": decision.win_best,
        "win_lost": decision.win_lost,
        "win_se": decision.win_se,
        "mistake": decision.win_lost >= MISTAKE,
    }


class ReviewStopped(Exception):
    """A review given up between two decisions (its client hung up)."""


def stopped_by(stop: threading.Event | None) -> Callable[[int, int], None] | None:
    """A review's progress callback that gives the review up once `stop` is set: a review
    nobody waits for would hold one of the server's few search slots for minutes."""
    if stop is None:
        return None

    def check(done: int, total: int) -> None:
        if stop.is_set():
            raise ReviewStopped

    return check


def review_session(
    session_id: str,
    path: Path,
    iterations: int,
    seed: int = 0,
    words: Words | None = None,
    stop: threading.Event | None = None,
) -> dict[str, Any]:
    """The review of the session saved at `path` (JSON-safe): its decisions in the order
    played and its mistakes, the biggest first, moves in `words` too (default: their tokens).
    CompanionError when the file cannot be reviewed (its message names the session, not the file);
    ReviewStopped once `stop` is set."""
    try:
        result = review(read_record(str(path)), iterations=iterations, seed=seed, progress=stopped_by(stop))
    except ReviewError as error:
        raise CompanionError(str(error).replace(repr(str(path)), f"session {session_id}")) from None
    decisions = [decision_row(d, words) for d in result.decisions]
    mistakes = [decision_row(d, words) for d in result.mistakes() if d.win_lost >= MISTAKE]
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


# The most text an uploaded record may hold: a whole game's `pyai play` log is a few KiB.
MAX_UPLOAD = 256 * 1024
UPLOADED = "the uploaded record"


def uploaded_game(text: str, game: str | None) -> str | None:
    """The game string an uploaded record plays (given, its first line `game: ...`, or its
    session's "game"), checked to name no file; None when it names none (read_record says so)."""
    named = game
    if named is None:
        first = text.lstrip().split("\n", 1)[0].strip()
        if text.lstrip().startswith("{"):
            try:
                data = json.loads(text)
            except (ValueError, RecursionError):
                data = None  # read_record says what is wrong with it
            named = data.get("game") if isinstance(data, dict) and isinstance(data.get("game"), str) else None
        else:
            named = game_named_by(first)
    if named is not None:
        try:
            parse_game_string(named)
        except (PyaiError, ValueError) as error:
            raise CompanionError(f"{UPLOADED}: {error}") from None
        check_no_files(named)
    return named


def said_by_the_mover(game: Game, point: DecisionPoint, token: str, names: list[str]) -> str:
    """A move of a whole game's record in the game's words, as its seat saw it made; the
    token itself when the rules refuse it there or the game has no words for it."""
    state = point.position
    if not isinstance(state, State):
        return token  # a seat's view: a session's, said by its companion instead
    try:
        after = state.clone()
        after.apply(token)
        told = game.narrate(state.view(point.seat).to_dict(), token, after.view(point.seat).to_dict(), names)
    except (PyaiError, ValueError):
        return token
    return one_line(told) or token


def review_upload(
    text: Any, iterations: int, game: Any = None, seed: int = 0, stop: threading.Event | None = None
) -> dict[str, Any]:
    """The review of an uploaded record's text (a `pyai play` log, a token file with its
    game line or `game`, a `pyai advise` session), every seat's decisions (a session's: its
    seat's). CompanionError names what is wrong with it, never a server path; ReviewStopped
    once `stop` is set."""
    # A tournament results file is read by `pyai review` from the disk, never uploaded.
    if not isinstance(text, str) or not text.strip() or text.startswith(SQLITE_HEADER.decode("ascii")):
        raise CompanionError('"record" must be the text of a record: a `pyai play` log, a token file or a session')
    if game is not None and not isinstance(game, str):
        raise CompanionError(f'"game" must be a game string, not {game!r:.40}')
    game_string = uploaded_game(text, game)
    handle, path = tempfile.mkstemp(prefix="pyai-upload-", suffix=".txt")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        result = review(read_record(path, game_string), iterations=iterations, seed=seed, progress=stopped_by(stop))
        record = result.record
        points = {point.index: point for point in record.decision_points()}
        companion = Companion(Session.load(path, NO_FILES)) if record.unit == "line" else None

        def words(index: int, token: str) -> str:
            if companion is not None:  # a session: its moves as its seat saw them, as the companion says them
                return companion.said_in_words([token], companion.positions[index - 1])[0]
            return said_by_the_mover(record.game, points[index], token, record.names)

        decisions = [
            decision_row(d, words) | {"render": record.game.render(points[d.index].position.to_dict())}
            for d in result.decisions
        ]
    except (ReviewError, PyaiError, ValueError) as error:
        said = str(error).replace(repr(path), UPLOADED).replace(path, UPLOADED)
        raise CompanionError(said if UPLOADED in said else f"{UPLOADED}: {said}") from None
    finally:
        os.unlink(path)
    return {
        "game": str(record.game),
        "names": list(record.names),
        "lines": len(record.tokens),
        "unit": record.unit,
        "iterations": iterations,
        "mistake": MISTAKE,
        "decisions": decisions,
        "mistakes": [row for row in sorted(decisions, key=lambda r: (-r["win_lost"], r["line"])) if row["mistake"]],
        "lost": sum(d.win_lost for d in result.decisions),
    }
