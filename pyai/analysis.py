"""Analysis: "what should this seat do here, and how good is each move?"

`analyse()` runs the C++ information-set MCTS from what one seat knows and
returns, for every legal move of that seat, how often the search chose it
(or, at a simultaneous secret choice, the mixed policy it found), the
estimated probability that the seat wins after it, and its expected final
score. It works for every registered game.
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import ArgumentError, PhaseError
from .game_api import Game, State, View


@dataclass(frozen=True)
class MoveAnalysis:
    token: str
    visits: int
    share: float  # visit share, or the probability of a mixed policy (a sealed sell, algorithm=cfr)
    win: float | None  # estimated probability that the seat wins after this move
    score_mean: float | None  # expected final score, in the game's units
    score_sd: float | None
    win_se: float | None = None  # the win estimate's standard error (binomial: an approximation, see docs/search.md)
    # The likely continuation after this move (the most visited moves below it, every seat's,
    # up to the next chance step or hidden choice): tokens.
    continuation: list[str] = field(default_factory=list)


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
    past_turn: float = 0.0  # share of iterations whose tree walk reached a decision of another seat
    mean_rollout_length: float = 0.0  # steps (moves, chance steps) each rollout played below the tree
    rollout_share: float = 0.0  # share of the search's time spent in rollouts (the rest: sampling, tree, updates)
    # The opponent model's belief, per seat, that the seat plays as the game's
    # heuristic player (None for the searching seat; empty with opponent_model none).
    opponent_beliefs: list[float | None] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    interrupted: bool = False  # stopped by Ctrl-C before its budget was spent (the command line sets it)
    # The shares are a mixed policy to sample from (a sealed choice's, or algorithm=cfr's average
    # strategy), not visit counts.
    mixed: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-safe data."""
        return asdict(self)

    @property
    def principal_variation(self) -> list[str]:
        """The best move and its likely continuation (the protocol's `pv`)."""
        best = next(m for m in self.moves if m.token == self.best_move)
        return [best.token, *best.continuation]

    def table(self, show_all: bool = False) -> str:
        """The moves as a readable table: those the search tried (every legal move
        with `show_all`), then one line naming the ones it did not."""
        header = f"{'move':<14} {'visits':>9} {'share':>7} {'win':>7} {'± se':>6} {'score':>7} {'sd':>6}"
        lines = [header]
        tried = [m for m in self.moves if show_all or m.visits > 0 or m.share > 0]
        for m in tried:
            win = "-" if m.win is None else f"{m.win:.3f}"
            se = "-" if m.win_se is None else f"{m.win_se:.3f}"
            score = "-" if m.score_mean is None else f"{m.score_mean:.1f}"
            sd = "-" if m.score_sd is None else f"{m.score_sd:.1f}"
            lines.append(f"{m.token:<14} {m.visits:>9} {m.share:>7.3f} {win:>7} {se:>6} {score:>7} {sd:>6}")
        untried = [m.token for m in self.moves if m not in tried]
        if untried:
            shown = " ".join(untried) if len(untried) <= 6 else f"{' '.join(untried[:3])} ... {untried[-1]}"
            lines.append(f"not searched ({len(untried)}): {shown}")
        if len(self.principal_variation) > 1:
            lines.append("likely continuation: " + " ".join(self.principal_variation))
        if self.simultaneous:
            kind = "mixed policy (secret choice)"
        else:
            kind = "mixed policy (cfr's average strategy)" if self.mixed else "visit shares"
        full = " (tree full)" if self.tree_full else ""
        cut = " (interrupted: what was found so far)" if self.interrupted else ""
        lines.append(
            f"seat {self.seat}: best {self.best_move}; {self.iterations} iterations in "
            f"{self.elapsed_ms:.0f} ms{cut}, {self.nodes} nodes{full}; shares are {kind}"
        )
        lines.append("win probabilities: " + " ".join(f"seat{s}={p:.3f}" for s, p in enumerate(self.win_probabilities)))
        if self.opponent_beliefs:
            lines.append(
                "plays as the heuristic player (opponent model): "
                + " ".join(f"seat{s}={p:.2f}" for s, p in enumerate(self.opponent_beliefs) if p is not None)
            )
        return "\n".join(lines)


class Search:
    """A search that can run in a background thread and be stopped.

    `run()` blocks (the GIL is released while it searches; Ctrl-C stops it
    when called from the main thread); `start()` runs it in a daemon thread;
    `stop()` may be called from any other thread; `progress()` counts
    iterations so far.

    Settings are keyword arguments, one per row of `search_settings(game)`
    (the shared ones, such as iterations, time_ms, threads, seed, objective,
    and the game's own tree options); each is checked against its range and
    a SettingError names a bad one. `searchmoves=[token, ...]` limits the
    seat's moves at the root to those (each must be legal now; a move the
    game's tree options leave out, such as a bid above the cap, is searched
    when named); the others are reported with no visits.

    Pondering (thinking on another seat's time about a position one expects):
    `run(ponder=True)` or `start(ponder=True)` holds the time budget until
    `ponderhit()`, called from another thread; until then only the iteration
    budget (if any) or `stop()` ends the run. The iterations count the same
    either way, so a pondered run with an iteration budget returns what an
    ordinary run would.
    """

    def __init__(self, position: State | View, seat: int | None = None, **settings: Any):
        view = _searching_view(position, seat)
        self.seat = view.seat
        self.view = view
        self.game = view.game
        self._search = view.game.core_search(view.core, settings, view.game.new_core_state())
        # Every setting the run used, defaults included (they were checked above).
        self.settings = view.game.search_defaults() | settings

    def run(self, ponder: bool = False) -> AnalysisResult:
        """Searches and returns the result (for a run begun by start(), its flag wins)."""
        raw = self._search.run(ponder)
        moves = [MoveAnalysis(**m) for m in raw.pop("moves")]
        return AnalysisResult(best_move=moves[0].token, moves=moves, settings=self.settings, **raw)

    def stop(self) -> None:
        """Stops the running (or started) search soon; its run() then returns what it found.
        Does nothing when no run is under way, so it never cuts a later run short."""
        self._search.stop()

    def ponderhit(self) -> None:
        """Starts a pondering run's time budget now (the expected position came up);
        safe from any thread. Does nothing to a run that is not pondering."""
        self._search.ponderhit()

    @property
    def pondering(self) -> bool:
        """Whether a started or running search is pondering (its time budget not yet started)."""
        return self._search.pondering

    def progress(self) -> int:
        """Iterations so far in the current (or last) run."""
        return self._search.progress()

    @property
    def running(self) -> bool:
        return self._search.running

    def start(self, ponder: bool = False) -> threading.Thread:
        """Runs the search in a daemon thread; `wait()` for it (or join the thread), then read `.result`.

        PhaseError if this search is already running. A stop() (or, with
        `ponder`, a ponderhit()) from now on applies to this run, even one sent
        before the thread has begun searching.
        """
        self._search.arm(ponder)
        self._result: AnalysisResult | None = None
        self._failure: BaseException | None = None
        self._done = threading.Event()

        def target() -> None:
            try:
                self._result = self.run()
            except BaseException as error:  # read back through .result
                self._failure = error
            finally:
                self._done.set()

        self._thread = threading.Thread(target=target, daemon=True)
        self._thread.start()
        return self._thread

    def wait(self, timeout: float | None = None) -> bool:
        """Waits up to `timeout` seconds (None: for good) for the run begun by start(); True once it has ended.

        Safe to interrupt with Ctrl-C and call again (unlike Thread.join, which an
        interrupt can leave reporting a running thread as ended).
        """
        done = getattr(self, "_done", None)
        if done is None:
            raise PhaseError("no run to wait for: this search was not started (call start())")
        return done.wait(timeout)

    @property
    def result(self) -> AnalysisResult:
        """The result of the run begun by start(); PhaseError while it runs or
        before start(), and the run's own error if it failed."""
        done = getattr(self, "_done", None)
        if done is None:
            raise PhaseError("no result: this search was not started (call start(), or run() for a blocking search)")
        if not done.is_set():
            raise PhaseError("no result yet: the search is still running (wait() for it)")
        if self._failure is not None:
            raise self._failure
        assert self._result is not None
        return self._result


def analyse(position: State | View, seat: int | None = None, **settings: Any) -> AnalysisResult:
    """Searches `seat`'s decision (default: the seat to move) from what that seat knows.

    `position` is a State (the search uses only `seat`'s view of it) or a
    View, possibly partial. Settings as for `Search` (budget: `iterations`
    and/or `time_ms`, the first reached ends it; `search_settings(game)`
    lists them all with their defaults and ranges).
    """
    return Search(position, seat, **settings).run()


# When every move of a seat wins about as rarely as this, the win share alone
# gives a search nothing to choose by (every move 0.000 win): the seat then
# plays for its finishing margin instead (the bots and `pyai advise` do).
NO_WIN = 0.02
MARGIN_WEIGHT = 1.0


def cannot_win(result: AnalysisResult, game: Game, settings: dict[str, Any]) -> bool:
    """Whether `result`, a search for the win share with no margin counted (and
    `settings`, the search's, leave the margin to the game), found that its
    best move (the most chosen) wins less than NO_WIN of the time."""
    if not _plays_for_win_alone(game, settings):
        return False
    best = max(result.moves, key=lambda m: (m.share, m.visits), default=None)
    return best is not None and best.win is not None and best.win < NO_WIN


def sure_win(result: AnalysisResult, game: Game, settings: dict[str, Any]) -> bool:
    """Whether `result`, a search for the win share with no margin counted, found
    every move it tried winning at least 1 - NO_WIN of the time: the win share
    then gives nothing to choose by, as in a lost position, and the margin does."""
    if not _plays_for_win_alone(game, settings):
        return False
    tried = [m for m in result.moves if m.visits > 0]
    return bool(tried) and all(m.win is not None and m.win > 1 - NO_WIN for m in tried)


def played_for_score(game: Game) -> bool:
    """Whether `game`'s search plays for the expected score by default (Leduc's chips, a net gain
    or loss), not the win share: its advice is led by and told in that score."""
    return bool(game.search_defaults()["objective"] == "score")


def _plays_for_win_alone(game: Game, settings: dict[str, Any]) -> bool:
    """Whether a search with `settings` plays for the win share with no margin
    counted: neither told what to play for nor a game whose default counts it."""
    defaults = game.search_defaults()
    if settings.get("objective", defaults["objective"]) != "win" or "margin_weight" in settings:
        return False
    return not defaults["margin_weight"]


def search_settings(game: Game) -> list[dict[str, Any]]:
    """Every search setting for `game`: name, kind, scope ("search" or "game"), default, range, help."""
    return game.search_settings()


def _searching_view(position: State | View, seat: int | None) -> View:
    """The view the search starts from: a View as given, or `seat`'s view of a
    State (default: the seat to move). The search never sees more."""
    if isinstance(position, View):
        if seat is not None and seat != position.seat:
            raise ArgumentError(f"this view is seat {position.seat}'s; it cannot be searched for seat {seat}")
        return position
    if not isinstance(position, State):
        raise ArgumentError(f"analyse needs a pyai State or View, not {type(position).__name__}")
    if seat is None:
        mover = position.to_move()
        if not isinstance(mover, int):
            raise PhaseError(
                "the game is over: there is no decision"
                if mover == "over"
                else "chance acts next: there is no decision"
            )
        seat = mover
    return position.view(seat)
