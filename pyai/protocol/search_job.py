"""One `go`: pyai.analysis.Search in a background thread, its info lines and
its bestmove.

The job prints ``info iterations <n> time <ms> ips <n>`` about twice a second
while it runs, then a summary with the node count, one ``info action`` line
per reported move and exactly one ``bestmove`` — also after `stop`, and also
if the search itself failed (then the first legal move, with an
``info string`` saying why).

At a simultaneous secret choice (For Sale's sealed sells) the search returns
a mixed policy (the moves' shares); the bestmove is then drawn from those shares with a random
generator seeded by the Seed option and the position's record, so the same
position and Seed always give the same draw.

A pondering job (`go ponder`) searches with its time budget held until
`ponderhit`; whatever ends its search, its last lines wait for `ponderhit` or
`stop`, as a UCI engine's do, so a client never gets a bestmove it did not
ask for yet.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..analysis import AnalysisResult, MoveAnalysis, Search, cannot_win
from ..game_api import View
from .time_manager import Clock

log = logging.getLogger("pyai.protocol")

PROGRESS_INTERVAL_S = 0.5
POLL_INTERVAL_S = 0.02
INFINITE_MS = 1e12  # "until stop": about 30 years


@dataclass(frozen=True)
class Budget:
    iterations: int | None  # None: no iteration limit
    time_ms: float | None  # None: no time limit
    infinite: bool = False
    ponder: bool = False  # the time budget starts at ponderhit
    clock: Clock | None = None  # the clock the time budget came from, if it did

    def describe(self) -> str:
        """The budget in words (`debug on` prints it)."""
        if self.infinite:
            text = "budget infinite"
        else:
            iterations = self.iterations if self.iterations is not None else "-"
            time_ms = f"{self.time_ms:.0f} ms" if self.time_ms is not None else "-"
            text = f"budget iterations {iterations} time {time_ms}"
        if self.clock is not None:
            text += f" (time manager: {self.clock.describe()})"
        return text + (" from ponderhit" if self.ponder else "")


# The moves expected after a bestmove (its `ponder` tokens), from the move and its continuation.
ExpectedReplies = Callable[[str, Sequence[str]], Sequence[str]]


@dataclass(frozen=True)
class Report:
    multipv: int
    show_all: bool
    seed: int
    record: str  # names the position (seeds the mixed-policy draw)


class SearchJob:
    """Runs one search; `emit` prints a line, `finish(lines)` prints the last
    lines (the summary, the actions and the bestmove) and is called exactly once.
    `expected_replies` gives the bestmove's `ponder` tokens (none without it)."""

    def __init__(
        self,
        view: View,
        budget: Budget,
        search_options: dict,
        report: Report,
        emit: Callable[[str], None],
        finish: Callable[[list[str]], None],
        expected_replies: ExpectedReplies | None = None,
    ):
        self.view = view
        self.budget = budget
        self._search_options = search_options
        self.report = report
        self._emit = emit
        self._finish = finish
        self._expected_replies = expected_replies
        self._may_answer = threading.Event()  # set by ponderhit or stop; at once unless pondering
        if not budget.ponder:
            self._may_answer.set()
        iterations = budget.iterations
        time_ms = budget.time_ms
        if budget.infinite:
            iterations, time_ms = None, INFINITE_MS
        self.search = Search(view, iterations=iterations, time_ms=time_ms, **search_options)
        self._thread = threading.Thread(target=self._run, name="pyai-search", daemon=True)

    def start(self) -> None:
        # Started (armed) here, so that a stop or ponderhit from now on reaches this search.
        self.search.start(ponder=self.budget.ponder)
        self._thread.start()

    def stop(self) -> None:
        """Asks the search to stop; its bestmove follows (see join)."""
        self._may_answer.set()
        self.search.stop()

    @property
    def pondering(self) -> bool:
        """A `go ponder` job that has had neither its ponderhit nor a stop."""
        return self.budget.ponder and not self._may_answer.is_set()

    def ponderhit(self) -> None:
        """The expected position came up: the time budget starts now, and the
        answer follows when the search ends."""
        self._may_answer.set()
        self.search.ponderhit()

    def cut_short(self, reason: str) -> None:
        """Stops the search with an `info string` saying why (it precedes the bestmove)."""
        self._emit(f"info string {reason}")
        self.stop()

    def join(self) -> None:
        """Waits until the job has printed its bestmove (in slices, so that Ctrl-C gets through)."""
        while self._thread.is_alive():
            self._thread.join(POLL_INTERVAL_S)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # --- the background thread
    def _run(self) -> None:
        started = time.monotonic()
        next_report = started + PROGRESS_INTERVAL_S
        while not self.search.wait(POLL_INTERVAL_S):
            now = time.monotonic()
            if now >= next_report:
                next_report = now + PROGRESS_INTERVAL_S
                elapsed_ms = (now - started) * 1000
                done = self.search.progress()
                self._emit(f"info iterations {done} time {elapsed_ms:.0f} ips {_per_second(done, elapsed_ms)}")
        self._may_answer.wait()  # a ponder search that ran out of iterations waits for ponderhit or stop
        try:
            lines = self._final_lines()
        except Exception as error:  # never leave a go without its bestmove
            log.exception("search report failed")
            lines = [f"info string search failed: {error}", f"bestmove {self._fallback_move()}"]
        self._finish(lines)

    def _final_lines(self) -> list[str]:
        try:
            result = self.search.result
        except BaseException as error:  # reported in the final lines
            log.exception("search failed")
            return [f"info string search failed: {type(error).__name__}: {error}", f"bestmove {self._fallback_move()}"]
        lines = [
            f"info iterations {result.iterations} time {result.elapsed_ms:.0f} "
            f"ips {_per_second(result.iterations, result.elapsed_ms)} nodes {result.nodes} "
            f"seat {result.seat} policy {'mixed' if result.mixed else 'visits'}"
            + (" treefull 1" if result.tree_full else "")
            + _beliefs_field(result)
        ]
        moves = result.moves if self.report.show_all else [m for m in result.moves if m.visits > 0 or m.share > 0]
        if not self.report.show_all:
            moves = moves[: self.report.multipv]
        lines.extend(_action_line(m) for m in moves)
        best = self._best_move(result)
        if cannot_win(result, self.view.game, self._search_options):
            by_score = _best_expected_score(result)
            if by_score is not None:
                chance = max(m.win for m in result.moves if m.win is not None)
                lines.append(f"info string cannot win (best win {chance:.3f}): bestmove by the expected score")
                best = by_score.token
        replies = self._replies(result, best)
        lines.append(f"bestmove {best}" + (f" ponder {' '.join(replies)}" if replies else ""))
        return lines

    def _replies(self, result: AnalysisResult, best: str) -> Sequence[str]:
        """The other seats' moves the search expects after `best`, up to this seat's next decision."""
        if self._expected_replies is None:
            return ()
        continuation = next((m.continuation for m in result.moves if m.token == best), [])
        try:
            return self._expected_replies(best, continuation)
        except Exception:  # an expectation is a courtesy: never at the cost of the bestmove
            log.exception("expected replies failed")
            return ()

    def _best_move(self, result: AnalysisResult) -> str:
        if not result.mixed:
            return result.best_move
        tokens = [m.token for m in result.moves if m.share > 0]
        weights = [m.share for m in result.moves if m.share > 0]
        if not tokens:
            return result.best_move
        rng = random.Random(f"pyai bestmove {self.report.seed} {self.report.record}")
        return rng.choices(tokens, weights)[0]

    def _fallback_move(self) -> str:
        try:
            return self.view.legal_moves()[0]
        except Exception:  # pragma: no cover - the view was checked before the search
            return "none"


# A move this rarely tried, next to the most tried, has a mean too noisy to choose by.
SCORE_CHOICE_MIN_VISIT_SHARE = 0.1


def _best_expected_score(result: AnalysisResult) -> MoveAnalysis | None:
    """The move with the best expected final score among those tried often
    enough. A seat that cannot win gets no choice from the win share (every
    move about 0.000), and a second search for the margin, as the bots and
    `pyai advise` run, would overrun a time budget the client counts on; the
    one search's score means still tell the moves apart, and with every win
    near 0 its visits are spread about evenly, so each mean rests on many
    iterations."""
    tried = [m for m in result.moves if m.score_mean is not None and m.visits > 0]
    if not tried:
        return None
    most = max(m.visits for m in tried)
    enough = [m for m in tried if m.visits >= SCORE_CHOICE_MIN_VISIT_SHARE * most]
    return max(enough, key=lambda m: (m.score_mean, m.visits))


def _action_line(m: MoveAnalysis) -> str:
    line = f"info action {m.token} visits {m.visits} share {m.share:.4f}"
    if m.win is not None and m.score_mean is not None:
        line += f" win {m.win:.4f}"
        if m.win_se is not None:
            line += f" se {m.win_se:.4f}"
        line += f" score {m.score_mean:.2f}"
        if m.score_sd is not None:
            line += f" sd {m.score_sd:.2f}"
    if m.visits > 0:  # the move and its likely continuation, last as in UCI (variable length)
        line += " pv " + " ".join([m.token, *m.continuation])
    return line


def _beliefs_field(result: AnalysisResult) -> str:
    """The opponent model's beliefs, one per seat as position fields write seats
    (`-` for the pov seat): ` heuristic 0.98/-/0.01/1.00`; nothing without the model."""
    if not result.opponent_beliefs:
        return ""
    return " heuristic " + "/".join("-" if b is None else f"{b:.2f}" for b in result.opponent_beliefs)


def _per_second(count: int, elapsed_ms: float) -> int:
    return int(count * 1000 / elapsed_ms) if elapsed_ms > 0 else 0
