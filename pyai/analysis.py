"""Analysis: "what should this seat do here, and how good is each move?"

`analyse()` runs the C++ information-set MCTS from what one seat knows and
returns, for every legal move of that seat, how often the search chose it
(or, at a sealed phase-3 sell, the mixed policy it found), the estimated
probability that the seat wins after it, and the expected final money.
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass, field
from typing import Any

from . import _core
from .errors import PhaseError
from .forsale import State, View

OBJECTIVES = ("win", "score")


@dataclass(frozen=True)
class MoveAnalysis:
    token: str
    visits: int
    share: float  # visit share, or the probability of the mixed policy at a sealed sell
    win: float | None  # estimated probability that the seat wins after this move
    score_mean: float | None  # expected final money (thousands)
    score_sd: float | None


@dataclass(frozen=True)
class AnalysisResult:
    seat: int
    best_move: str
    moves: list[MoveAnalysis]
    simultaneous: bool  # the moves form a mixed policy for a sealed choice
    win_probabilities: list[float]  # per seat, over all iterations
    expected_scores: list[float]
    iterations: int
    elapsed_ms: float
    nodes: int
    tree_full: bool
    mean_depth: float = 0.0  # tree steps (moves, chance steps) walked per iteration before the rollout
    max_depth: int = 0
    past_chance: float = 0.0  # share of iterations that went on below a chance step into an existing node
    settings: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-safe data."""
        return asdict(self)

    def table(self) -> str:
        """The moves as a readable table."""
        header = f"{'move':<14} {'visits':>9} {'share':>7} {'win':>7} {'score':>7} {'sd':>6}"
        lines = [header]
        for m in self.moves:
            win = "-" if m.win is None else f"{m.win:.3f}"
            score = "-" if m.score_mean is None else f"{m.score_mean:.1f}"
            sd = "-" if m.score_sd is None else f"{m.score_sd:.1f}"
            lines.append(f"{m.token:<14} {m.visits:>9} {m.share:>7.3f} {win:>7} {score:>7} {sd:>6}")
        kind = "mixed policy (sealed sell)" if self.simultaneous else "visit shares"
        full = " (tree full)" if self.tree_full else ""
        lines.append(
            f"seat {self.seat}: best {self.best_move}; {self.iterations} iterations in "
            f"{self.elapsed_ms:.0f} ms, {self.nodes} nodes{full}; shares are {kind}"
        )
        lines.append("win probabilities: " + " ".join(f"seat{s}={p:.3f}" for s, p in enumerate(self.win_probabilities)))
        return "\n".join(lines)


class Search:
    """A search that can run in a background thread and be stopped.

    `run()` blocks (the GIL is released while it searches); `stop()` may be
    called from any other thread; `progress()` counts iterations so far.
    """

    def __init__(
        self,
        position: State | View,
        seat: int | None = None,
        *,
        iterations: int | None = 100_000,
        time_ms: float | None = None,
        threads: int = 1,
        seed: int = 0,
        objective: str = "win",
        max_nodes: int = 0,
        max_memory_mb: int = 1024,
        exploration: float = 0.7,
        simultaneous_exploration: float = 0.1,
        rollout: str = "heuristic",
        rollout_noise: int = 0,
        pimc: bool = False,
        determinizations: int = 16,
        max_raise: int = 1,
        margin_weight: float = 0.0,
        prior_weight: float = 0.0,
        chance_buckets: int = 0,
        opponent_max_raise: int | None = None,
    ):
        view = _searching_view(position, seat)
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
        for name, value in (
            ("iterations", iterations or 0),
            ("max_nodes", max_nodes),
            ("max_memory_mb", max_memory_mb),
            ("threads", threads),
            ("seed", seed % (1 << 64) if _is_int(seed) else seed),
            ("rollout_noise", rollout_noise),
            ("determinizations", determinizations),
            ("max_raise", max_raise),
            ("chance_buckets", chance_buckets),
            ("opponent_max_raise", max_raise if opponent_max_raise is None else opponent_max_raise),
        ):
            if not _is_int(value) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
        for name, value in (
            ("time_ms", time_ms or 0),
            ("exploration", exploration),
            ("simultaneous_exploration", simultaneous_exploration),
            ("margin_weight", margin_weight),
            ("prior_weight", prior_weight),
        ):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
                raise ValueError(f"{name} must be a number >= 0, not {value!r}")
        self.seat = view.seat
        self.settings = {
            "iterations": iterations or 0,
            "time_ms": float(time_ms or 0),
            "threads": threads,
            "seed": seed % (1 << 64),
            "objective": objective,
            "pimc": pimc,
        }
        self._search = _core.Search(
            view._core,
            iterations=iterations or 0,
            time_ms=float(time_ms or 0),
            threads=threads,
            seed=seed % (1 << 64),
            objective=objective,
            max_nodes=max_nodes,
            max_memory_mb=max_memory_mb,
            exploration=exploration,
            simultaneous_exploration=simultaneous_exploration,
            rollout=rollout,
            rollout_noise=rollout_noise,
            perfect_information=pimc,
            determinizations=determinizations,
            max_raise=max_raise,
            margin_weight=margin_weight,
            prior_weight=prior_weight,
            chance_buckets=chance_buckets,
            opponent_max_raise=-1 if opponent_max_raise is None else opponent_max_raise,
        )

    def run(self) -> AnalysisResult:
        raw = self._search.run()
        moves = [MoveAnalysis(**m) for m in raw.pop("moves")]
        return AnalysisResult(best_move=moves[0].token, moves=moves, settings=self.settings, **raw)

    def stop(self) -> None:
        """Stops the running (or started) search soon; its run() then returns what it found.
        Does nothing when no run is under way, so it never cuts a later run short."""
        self._search.stop()

    def progress(self) -> int:
        """Iterations so far in the current (or last) run."""
        return self._search.progress()

    @property
    def running(self) -> bool:
        return self._search.running

    def start(self) -> threading.Thread:
        """Runs the search in a daemon thread; `join()` it, then read `.result`.

        PhaseError if this search is already running. A stop() from now on ends
        this run, even one sent before the thread has begun searching.
        """
        self._search.arm()
        self._result: AnalysisResult | None = None
        self._failure: BaseException | None = None

        def target() -> None:
            try:
                self._result = self.run()
            except BaseException as error:  # read back through .result
                self._failure = error

        self._thread = threading.Thread(target=target, daemon=True)
        self._thread.start()
        return self._thread

    @property
    def result(self) -> AnalysisResult:
        """The result of the run begun by start(); PhaseError while it runs or
        before start(), and the run's own error if it failed."""
        thread = getattr(self, "_thread", None)
        if thread is None:
            raise PhaseError("no result: this search was not started (call start(), or run() for a blocking search)")
        if thread.is_alive():
            raise PhaseError("no result yet: the search is still running (join the thread returned by start())")
        if self._failure is not None:
            raise self._failure
        assert self._result is not None
        return self._result


def analyse(
    position: State | View,
    seat: int | None = None,
    iterations: int | None = 100_000,
    time_ms: float | None = None,
    threads: int = 1,
    seed: int = 0,
    objective: str = "win",
    **options: Any,
) -> AnalysisResult:
    """Searches `seat`'s decision (default: the seat to move) from what that seat knows.

    `position` is a State (the search uses only `seat`'s view of it) or a
    View, possibly partial (see View.forget_cash and friends).

    Budget: `iterations` and/or `time_ms` (the first reached ends it).
    Options: max_nodes, max_memory_mb, exploration, simultaneous_exploration,
    rollout ("heuristic" or "random"), rollout_noise (percent), pimc, determinizations.
    """
    search = Search(
        position,
        seat,
        iterations=iterations,
        time_ms=time_ms,
        threads=threads,
        seed=seed,
        objective=objective,
        **options,
    )
    return search.run()


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _searching_view(position: State | View, seat: int | None) -> View:
    """The view the search starts from: a View as given, or `seat`'s view of a
    State (default: the seat to move). The search never sees more."""
    if isinstance(position, View):
        if seat is not None and seat != position.seat:
            raise ValueError(f"this view is seat {position.seat}'s; it cannot be searched for seat {seat}")
        return position
    if not isinstance(position, State):
        raise TypeError(f"analyse needs a pyai State or View, not {type(position).__name__}")
    if seat is None:
        mover = position.to_move()
        if not isinstance(mover, int):
            raise PhaseError(
                "the game is over: there is no decision"
                if mover == "over"
                else "cards must be turned up first: there is no decision"
            )
        seat = mover
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ValueError(f"seat must be an int, not {type(seat).__name__}")
    return position.view(seat)
