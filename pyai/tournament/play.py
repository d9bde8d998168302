"""Plays one tournament game (the referee), in whatever process or thread runs it.

A game ends normally, or when a player fails: an engine that crashes, hangs
past its move time plus the margin, writes what the protocol does not allow
("garbage", including an `error` answer), or names an illegal move loses the
game at once, as in cutechess-cli and fastchess. The game is not played on:
the culprit ranks last, the other seats share first place (a shared win of
n-1), and the game has no scores. A built-in bot that raises counts as a crash.

External engines are kept running between games, one process per seat a spec
fills (per worker process or thread); a failed engine is killed and a fresh
one started for the next game.

An engine named `cmd+ponder:` thinks on the other seats' time: after its move
the referee sends it the position its bestmove expects (`ponder` tokens) and
`go ponder`; at its next turn it gets `ponderhit` if the other seats played
so (its move time counts from then), else `stop` and an ordinary `go`.
"""

from __future__ import annotations

import atexit
import functools
import os
import socket
import threading
import time
from typing import Any

from ..bots import make_bot
from ..errors import IllegalMoveError
from ..games import load_game
from .engine import EngineFailure, ExternalEngine
from .schedule import Job, bot_seed, chance_seed
from .specs import BotSpec, parse_spec

OUTCOMES = ("normal", "crash", "timeout", "illegal", "garbage")


@functools.lru_cache(maxsize=64)
def _spec(text: str) -> BotSpec:
    return parse_spec(text)


# --- external engines kept alive between games, per thread (Dask runs games in threads)
_local = threading.local()
_all_engines: list[ExternalEngine] = []
_all_lock = threading.Lock()


def _engines() -> dict[tuple[str, int], ExternalEngine]:
    if not hasattr(_local, "engines"):
        _local.engines = {}
    return _local.engines


def close_engines() -> None:
    """Closes every engine this process started (worker exit, end of an in-process run)."""
    with _all_lock:
        engines = list(_all_engines)
        _all_engines.clear()
    for engine in engines:
        engine.close()


atexit.register(close_engines)
try:  # pool workers leave through os._exit: multiprocessing's finalizers still run
    from multiprocessing import util as _mp_util

    _mp_util.Finalize(None, close_engines, exitpriority=10)
except Exception:  # pragma: no cover
    pass


def _engine_for(spec: BotSpec, copy: int) -> ExternalEngine:
    engines = _engines()
    key = (spec.text, copy)
    engine = engines.get(key)
    if engine is not None and engine.alive:
        return engine
    if engine is not None:
        engine.close(polite=False)
    engine = ExternalEngine(spec.argv, label=spec.label)
    engines[key] = engine
    with _all_lock:
        _all_engines.append(engine)
    engine.start()
    return engine


def _discard_engine(spec: BotSpec, copy: int) -> None:
    engine = _engines().pop((spec.text, copy), None)
    if engine is not None:
        engine.close(polite=False)  # it just failed: no point asking it to quit
        with _all_lock:
            if engine in _all_engines:
                _all_engines.remove(engine)


def _engine_move(engine: ExternalEngine, game: str, seat: int, tokens: list[str], go: str, limit: float) -> str:
    """The engine's move: its ponder search's, when the position it pondered on came up, else a fresh go's."""
    if engine.pondering_on is not None:
        if engine.pondering_on == tokens:
            return engine.ponderhit(limit)
        engine.stop_pondering(limit)
    return engine.bestmove(game, seat, tokens, go, limit)


def _end_pondering(seated: list[Any], limit: float) -> None:
    """The game is over: engines still pondering are stopped (one that fails then is
    replaced for the next game; the game's result stands)."""
    for player in seated:
        if not isinstance(player, tuple):
            continue
        engine = _engines().get((player[0].text, player[1]))
        if engine is None or engine.pondering_on is None:
            continue
        try:
            engine.stop_pondering(limit)
        except EngineFailure:
            _discard_engine(*player)


def forfeit_ranks(players: int, culprit: int) -> list[float]:
    """The culprit last, the others sharing places 1..n-1."""
    return [float(players) if seat == culprit else players / 2 for seat in range(players)]


def play_game(job: Job) -> dict[str, Any]:
    """Plays the job's game to its end (or to a failure) and returns its record as plain data."""
    game = load_game(job.game)
    game_string = str(game)
    players = game.players
    specs = [_spec(job.specs[bot]) for bot in job.seating]
    go = f"movetime {job.move_time_ms}"
    if job.engine_iterations:
        go = f"iterations {job.engine_iterations} {go}"
    limit = (job.move_time_ms + job.margin_ms) / 1000
    times = [0.0] * players
    decisions = [0] * players
    state = game.new_initial_state()
    failure: tuple[str, str, int] | None = None  # kind, reason, seat

    seated: list[Any] = []  # per seat: a built-in bot, or (spec, copy) naming an engine
    copies: dict[str, int] = {}
    for seat, spec in enumerate(specs):
        copy = copies.get(spec.text, 0)
        copies[spec.text] = copy + 1
        if spec.kind == "cmd":
            seated.append((spec, copy))
            started = time.perf_counter()
            try:
                _engine_for(spec, copy).new_game(game_string, seed=bot_seed(job.deal_seed, seat))
            except EngineFailure as error:
                failure = (error.kind, error.reason, seat)
                _discard_engine(spec, copy)
                break
            finally:
                times[seat] += time.perf_counter() - started
        else:
            seated.append(make_bot(spec.name, seed=bot_seed(job.deal_seed, seat), **spec.settings_dict()))

    chance_step = 0
    while failure is None and not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            chance_step += 1
            state.apply(state.sample_chance(chance_seed(job.deal_seed, chance_step)))
            continue
        assert isinstance(mover, int)  # neither chance (above) nor over (the loop's test)
        player = seated[mover]
        started = time.perf_counter()
        try:
            if isinstance(player, tuple):
                tokens = state.view(mover).history()  # no removal, no sealed sell it has not seen
                token = _engine_move(_engines()[(player[0].text, player[1])], game_string, mover, tokens, go, limit)
            else:
                token = player.choose(state)
        except EngineFailure as error:
            failure = (error.kind, error.reason, mover)
            _discard_engine(*player)
        except Exception as error:  # a built-in bot's bug loses its game; the tournament goes on
            failure = ("crash", f"bot raised {type(error).__name__}: {error}", mover)
        finally:
            times[mover] += time.perf_counter() - started
            decisions[mover] += 1
        if failure:
            break
        try:
            state.apply(token)
        except IllegalMoveError as error:  # its reason lists what was legal
            failure = ("illegal", f"{str(token)[:80]!r}: {error.reason[:300]}", mover)
            if isinstance(player, tuple):
                _discard_engine(*player)
            break
        if isinstance(player, tuple) and player[0].ponder and not state.is_terminal():
            engine = _engines()[(player[0].text, player[1])]
            try:
                if engine.expected:
                    engine.ponder(game_string, mover, [*state.view(mover).history(), *engine.expected], go)
            except EngineFailure as error:
                failure = (error.kind, error.reason, mover)
                _discard_engine(*player)
    _end_pondering(seated, limit)

    record: dict[str, Any] = {
        "deal": job.deal,
        "deal_seed": job.deal_seed,
        "rotation": job.rotation,
        "seating": list(job.seating),
        "tokens": state.history(),
        "times": [round(t, 6) for t in times],
        "decisions": decisions,
        "worker": f"{socket.gethostname()}:{os.getpid()}",
    }
    if failure is None:
        record.update(
            outcome="normal",
            reason=None,
            culprit=None,
            scores=state.scores(),
            winners=sorted(state.winners()),
            ranks=state.ranks(),  # the game's order: score, then its tie-breaks
        )
    else:
        kind, reason, culprit = failure
        record.update(
            outcome=kind,
            reason=reason,
            culprit=culprit,
            scores=None,
            winners=[seat for seat in range(players) if seat != culprit],
            ranks=forfeit_ranks(players, culprit),
        )
    return record
