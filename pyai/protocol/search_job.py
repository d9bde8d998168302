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
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..analysis import AnalysisResult, MoveAnalysis, Search
from ..game_objects import BaseView as View

log = logging.getLogger("pyai.protocol")

PROGRESS_INTERVAL_S = 0.5
POLL_INTERVAL_S = 0.02
INFINITE_MS = 1e12  # "until stop": about 30 years


@dataclass(frozen=True)
class Budget:
    iterations: int | None  # None: no iteration limit
    time_ms: float | None  # None: no time limit
    infinite: bool = False


@dataclass(frozen=True)
class Report:
    multipv: int
    show_all: bool
    seed: int
    record: str  # names the position (seeds the mixed-policy draw)


class SearchJob:
    """Runs one search; `emit` prints a line, `finish(lines)` prints the last
    lines (the summary, the actions and the bestmove) and is called exactly once."""

    def __init__(
        self,
        view: View,
        budget: Budget,
        search_options: dict,
        report: Report,
        emit: Callable[[str], None],
        finish: Callable[[list[str]], None],
    ):
        self.view = view
        self.budget = budget
        self.report = report
        self._emit = emit
        self._finish = finish
        self._stop_requested = threading.Event()
        iterations = budget.iterations
        time_ms = budget.time_ms
        if budget.infinite:
            iterations, time_ms = None, INFINITE_MS
        self.search = Search(view, iterations=iterations, time_ms=time_ms, **search_options)
        self._thread = threading.Thread(target=self._run, name="pyai-search", daemon=True)
        self._result: AnalysisResult | None = None
        self._failure: BaseException | None = None

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Asks the search to stop; its bestmove follows (see join)."""
        self._stop_requested.set()
        self.search.stop()

    def cut_short(self, reason: str) -> None:
        """Stops the search with an `info string` saying why (it precedes the bestmove)."""
        self._emit(f"info string {reason}")
        self.stop()

    def join(self) -> None:
        """Waits until the job has printed its bestmove."""
        while self._thread.is_alive():
            if self._stop_requested.is_set():
                # A stop that arrived before the search thread entered run() is
                # cleared by run(); asking again until it ends covers that.
                self.search.stop()
            self._thread.join(POLL_INTERVAL_S)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # --- the background thread
    def _run(self) -> None:
        worker = threading.Thread(target=self._search, name="pyai-search-core", daemon=True)
        started = time.monotonic()
        worker.start()
        next_report = started + PROGRESS_INTERVAL_S
        while worker.is_alive():
            worker.join(POLL_INTERVAL_S)
            if self._stop_requested.is_set():
                self.search.stop()
            now = time.monotonic()
            if worker.is_alive() and now >= next_report:
                next_report = now + PROGRESS_INTERVAL_S
                elapsed_ms = (now - started) * 1000
                done = self.search.progress()
                self._emit(f"info iterations {done} time {elapsed_ms:.0f} ips {_per_second(done, elapsed_ms)}")
        try:
            lines = self._final_lines()
        except Exception as error:  # never leave a go without its bestmove
            log.exception("search report failed")
            lines = [f"info string search failed: {error}", f"bestmove {self._fallback_move()}"]
        self._finish(lines)

    def _search(self) -> None:
        try:
            self._result = self.search.run()
        except BaseException as error:  # reported in the final lines
            log.exception("search failed")
            self._failure = error

    def _final_lines(self) -> list[str]:
        result = self._result
        if result is None:
            reason = f"{type(self._failure).__name__}: {self._failure}" if self._failure else "no result"
            return [f"info string search failed: {reason}", f"bestmove {self._fallback_move()}"]
        lines = [
            f"info iterations {result.iterations} time {result.elapsed_ms:.0f} "
            f"ips {_per_second(result.iterations, result.elapsed_ms)} nodes {result.nodes} "
            f"seat {result.seat} policy {'mixed' if result.simultaneous else 'visits'}"
            + (" treefull 1" if result.tree_full else "")
        ]
        moves = result.moves if self.report.show_all else [m for m in result.moves if m.visits > 0 or m.share > 0]
        if not self.report.show_all:
            moves = moves[: self.report.multipv]
        lines.extend(_action_line(m) for m in moves)
        lines.append(f"bestmove {self._best_move(result)}")
        return lines

    def _best_move(self, result: AnalysisResult) -> str:
        if not result.simultaneous:
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


def _per_second(count: int, elapsed_ms: float) -> int:
    return int(count * 1000 / elapsed_ms) if elapsed_ms > 0 else 0
