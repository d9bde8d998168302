"""Headless bot tournaments over duplicate deals, stored in SQLite, with a report.

    from pyai.tournament import TournamentConfig, run_tournament
    report = run_tournament(
        TournamentConfig(game="forsale(players=4)", bots=["ismcts:iterations=2000", "heuristic"], deals=50),
        "results.sqlite",
    )

Modules: specs (bot specs), schedule (deals, seatings, seeds), engine (an
external engine over stdio), engine_output (its output, read into a bounded
buffer, and the tail of its stderr, by threads that never wait for the pipes'
end of file), play (the referee of one game), store (SQLite), stats and report (the
numbers and how they are shown), sprt, runner, parent_death (workers and
engines that die with the run), cli.
"""

from .engine import EngineFailure, ExternalEngine
from .play import play_game
from .report import build_report
from .runner import TournamentConfig, TournamentError, plan, run_tournament
from .specs import BotSpec, SpecError, parse_spec
from .sprt import SprtParams, parse_sprt
from .store import Store, StoreError

__all__ = [
    "BotSpec",
    "EngineFailure",
    "ExternalEngine",
    "SpecError",
    "SprtParams",
    "Store",
    "StoreError",
    "TournamentConfig",
    "TournamentError",
    "build_report",
    "parse_spec",
    "parse_sprt",
    "plan",
    "play_game",
    "run_tournament",
]
