"""Runs a tournament: checks everything, then plays the games not yet stored.

Games run in local worker processes (one per core by default), in the calling
process (concurrency 1), or on an existing Dask cluster. Each worker builds its
own bots from the spec texts; only plain data crosses process boundaries.
Finished games are stored one by one by this process, the only writer. Local
workers and their engines die with this process, however it ends
(parent_death).
"""

from __future__ import annotations

import concurrent.futures as futures
import multiprocessing
import os
import time
from dataclasses import dataclass, field
from typing import Any

from ..errors import PyaiError
from ..games import load_game
from .engine import EngineFailure, ExternalEngine
from .parent_death import exit_with_parent
from .play import close_engines, play_game
from .progress import progress_display
from .report import build_report
from .schedule import SEATINGS, Job, deal_seed, seatings
from .specs import BotSpec, SpecError, build_lineup, check_spec, parse_spec
from .sprt import SprtParams, sprt_from_games
from .store import Store

BACKENDS = ("local", "dask")


class TournamentError(PyaiError, ValueError):
    pass


@dataclass
class TournamentConfig:
    """What defines a tournament's games (stored, and compared when a run resumes)."""

    game: str
    bots: list[str]  # bot specs, one per seat or fewer (repeated in order to fill the seats)
    deals: int = 100
    seed: int = 0
    seatings: str = "rotations"
    move_time_ms: int = 1000  # external engines: `go movetime`
    margin_ms: int = 500  # external engines: grace past the move time before a timeout
    engine_iterations: int | None = None  # external engines: `go iterations N movetime ...`
    sprt: SprtParams | None = None  # a stopping rule, not part of what defines the games


@dataclass
class Plan:
    """A checked config: the game, the bots and every game of the tournament."""

    config: TournamentConfig
    game: str
    players: int
    specs: list[BotSpec]  # distinct bots, in order of first appearance: their ids
    lineup_ids: list[int]
    jobs: list[Job] = field(default_factory=list)
    seatings_per_deal: int = 0

    @property
    def settings(self) -> dict[str, Any]:
        config = self.config
        return {
            "game": self.game,
            "bots": [spec.text for spec in self.specs],
            "lineup": [self.specs[bot].text for bot in self.lineup_ids],
            "lineup_ids": self.lineup_ids,
            "seatings": config.seatings,
            "seed": config.seed,
            "move_time_ms": config.move_time_ms,
            "margin_ms": config.margin_ms,
            "engine_iterations": config.engine_iterations,
        }


def _whole(name: str, value: Any, low: int, high: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f">= {low}" if high is None else f"{low} to {high}"
        raise TournamentError(f"{name} must be a whole number {span}, not {value!r}")


# Every game of a tournament is listed before the first is played: a million deals
# (several million games) is far past any run and still fits in memory.
MAX_DEALS = 1_000_000


def plan(config: TournamentConfig) -> Plan:
    """Checks the config (raising a clear error naming the bad input) and lists its games."""
    game = load_game(config.game)
    _whole("--deals", config.deals, 1, MAX_DEALS)
    _whole("--seed", config.seed, 0)
    _whole("--move-time", config.move_time_ms, 1)
    _whole("--margin", config.margin_ms, 0)
    if config.engine_iterations is not None:
        _whole("--engine-iterations", config.engine_iterations, 1)
    if config.seatings not in SEATINGS:
        raise TournamentError(f"--seatings must be one of {', '.join(SEATINGS)}, not {config.seatings!r}")
    lineup = build_lineup([parse_spec(text) for text in config.bots], game.players)
    for spec in {spec.text: spec for spec in lineup}.values():
        check_spec(spec, game)
    ids: dict[str, int] = {}
    specs: list[BotSpec] = []
    for spec in lineup:
        if spec.text not in ids:
            ids[spec.text] = len(specs)
            specs.append(spec)
    lineup_ids = [ids[spec.text] for spec in lineup]
    if config.sprt is not None and len(specs) != 2:
        raise TournamentError(
            "--sprt needs exactly two distinct bots (e.g. A vs copies of B, or A,B alternating); "
            f"this line-up has {len(specs)}"
        )
    result = Plan(config, str(game), game.players, specs, lineup_ids)
    seat_orders = seatings(lineup_ids, config.seatings)
    result.seatings_per_deal = len(seat_orders)
    spec_texts = tuple(spec.text for spec in specs)
    for deal in range(1, config.deals + 1):
        seed = deal_seed(config.seed, deal)
        for rotation, seating in enumerate(seat_orders):
            result.jobs.append(
                Job(
                    game=result.game,
                    deal=deal,
                    deal_seed=seed,
                    rotation=rotation,
                    seating=seating,
                    specs=spec_texts,
                    move_time_ms=config.move_time_ms,
                    margin_ms=config.margin_ms,
                    engine_iterations=config.engine_iterations,
                )
            )
    return result


def check_engines(specs: list[BotSpec]) -> None:
    """Starts each external engine once (uci, isready) so that a broken command fails before any game."""
    for spec in specs:
        if spec.kind != "cmd":
            continue
        engine = ExternalEngine(spec.argv, label=spec.label)
        try:
            engine.start()
        except EngineFailure as error:
            raise SpecError(f"bot spec {spec.text!r}: the engine failed its handshake: {error.reason}") from None
        finally:
            engine.close()


# --- executors: submit(job) -> a concurrent.futures.Future of the game's record
class _InlineExecutor:
    """Concurrency 1: games run in this process, one after another."""

    slots = 1

    def submit(self, job: Job) -> futures.Future:
        future: futures.Future = futures.Future()
        try:
            future.set_result(play_game(job))
        except Exception as error:  # handed to the caller as a pool would
            future.set_exception(error)
        return future

    def shutdown(self, interrupted: bool = False) -> None:
        close_engines()


def _start_worker(parent_pid: int) -> None:
    # a worker of a killed run would otherwise wait for its next game for ever
    exit_with_parent(parent_pid, clean_up=close_engines)


class _PoolExecutor:
    def __init__(self, workers: int):
        self.slots = workers
        # spawn: workers start clean (no forked threads or native state) and import pyai once each
        self._pool = futures.ProcessPoolExecutor(
            workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )

    def submit(self, job: Job) -> futures.Future:
        return self._pool.submit(play_game, job)

    def shutdown(self, interrupted: bool = False) -> None:
        if interrupted:  # do not wait for the games in flight: they are lost, as documented
            for process in list((getattr(self._pool, "_processes", None) or {}).values()):
                process.terminate()
        self._pool.shutdown(wait=not interrupted, cancel_futures=True)


class _DaskExecutor:
    def __init__(self, scheduler: str | None):
        try:
            from distributed import Client
        except ImportError:
            raise TournamentError(
                "--backend dask needs Dask's distributed scheduler: pip install 'pyai[dask]'"
            ) from None
        if not scheduler:
            raise TournamentError("--backend dask needs --scheduler tcp://HOST:8786 (a running Dask scheduler)")
        try:
            self._client = Client(scheduler, timeout="15s", set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise TournamentError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
        self.slots = max(1, sum(self._client.nthreads().values()))
        self._remote: list = []

    def submit(self, job: Job) -> futures.Future:
        future: futures.Future = futures.Future()
        remote = self._client.submit(play_game, job, pure=False)
        self._remote.append(remote)

        def done(remote_future) -> None:  # runs in a thread of Dask's client
            try:
                future.set_result(remote_future.result())
            except BaseException as error:  # noqa: BLE001 - cancelled or failed: the caller decides
                if not future.done():
                    future.set_exception(error)

        remote.add_done_callback(done)
        return future

    def shutdown(self, interrupted: bool = False) -> None:
        try:
            self._client.cancel([remote for remote in self._remote if not remote.done()])
        finally:
            self._client.close()
            close_engines()  # engines of workers that ran in this process (a LocalCluster without processes)


def _executor(backend: str, concurrency: int, scheduler: str | None):
    if backend == "dask":
        return _DaskExecutor(scheduler)
    if concurrency == 1:
        return _InlineExecutor()
    return _PoolExecutor(concurrency)


def run_tournament(
    config: TournamentConfig,
    db: str,
    *,
    concurrency: int | None = None,
    backend: str = "local",
    scheduler: str | None = None,
    progress: bool = True,
    max_games: int | None = None,
    log=None,
) -> dict[str, Any]:
    """Plays the games of `config` not yet in `db` and returns the report of everything stored.

    Raises a PyaiError naming the bad input before any game is played. `max_games`
    caps the games played by this run (the rest are left for the next run);
    `log` gets one-line messages (default: none). The report's "run" entry says
    what this run did.
    """
    say = log or (lambda message: None)
    if concurrency is None:
        concurrency = os.cpu_count() or 1
    _whole("--concurrency", concurrency, 1)
    if max_games is not None:
        _whole("--max-games", max_games, 0)
    if backend not in BACKENDS:
        raise TournamentError(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if backend == "dask" and not scheduler:
        raise TournamentError("--backend dask needs --scheduler tcp://HOST:8786 (a running Dask scheduler)")
    checked = plan(config)
    check_engines(checked.specs)
    executor = None
    with Store(db) as store:
        store.begin(checked.settings, [spec.text for spec in checked.specs])
        if config.sprt is not None:
            store.set_meta("sprt", config.sprt.to_dict())
        finished = store.finished()
        todo = [job for job in checked.jobs if job.key not in finished]
        if max_games is not None:
            todo = todo[:max_games]
        if finished:
            say(f"resuming {db}: {len(finished)} games stored, {len(todo)} to play")
        decided = None
        sprt_games: list[dict[str, Any]] = []  # what the test needs of each stored game
        if config.sprt is not None:
            sprt_games = [{key: g[key] for key in ("deal", "seating", "winners")} for g in store.games()]
            decided = sprt_from_games(sprt_games, config.sprt, checked.seatings_per_deal).decision
            if decided:
                say(f"the SPRT has already decided ({decided}): no game to play")
                todo = []
        started = time.monotonic()
        played = failed = 0
        interrupted = False
        bar = progress_display(len(checked.jobs), min(len(finished), len(checked.jobs)), progress)
        try:
            if todo:
                executor = _executor(backend, concurrency, scheduler)
            capacity = 2 * executor.slots if executor is not None else 0  # few in flight: a kill loses few
            remaining = iter(todo)
            in_flight: set[futures.Future] = set()
            stop = False
            while True:
                while executor is not None and not stop and len(in_flight) < capacity:
                    job = next(remaining, None)
                    if job is None:
                        break
                    in_flight.add(executor.submit(job))
                if not in_flight:
                    break
                done, in_flight = futures.wait(in_flight, return_when=futures.FIRST_COMPLETED)
                for future in done:
                    try:
                        record = future.result()
                    except Exception as error:
                        raise TournamentError(
                            f"a worker failed ({type(error).__name__}: {error}); the {played} games this run "
                            "finished are stored: run the same command again to resume"
                        ) from error
                    if store.add(record):
                        played += 1
                        failed += record["outcome"] != "normal"
                        sprt_games.append(record)
                        bar.update(1)
                        if failed:
                            bar.set_postfix(failures=failed, refresh=False)
                if config.sprt is not None and not stop:
                    decided = sprt_from_games(sprt_games, config.sprt, checked.seatings_per_deal).decision
                    stop = decided is not None  # the games in flight still finish and are stored
        except KeyboardInterrupt:
            interrupted = True
            raise
        finally:
            bar.close()
            if executor is not None:
                executor.shutdown(interrupted=interrupted)
        elapsed = time.monotonic() - started
        report = build_report(store)
        stored = store.finished()
        report["run"] = {
            "db": db,
            "played": played,
            "failed": failed,
            "seconds": round(elapsed, 3),
            "backend": backend,
            "slots": executor.slots if executor is not None else 0,
            "stopped_by_sprt": bool(decided) and len(stored) < len(checked.jobs),
            "complete": all(job.key in stored for job in checked.jobs),
        }
        return report
