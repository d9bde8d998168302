"""`pyai tournament ...` and `pyai tournament report DB`: arguments and output.

Kept free of heavy imports: pyai/cli.py builds this parser for every command.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from typing import Any

from ..games import DEFAULT_GAME
from ..output_files import check_plot, check_writable, write_plot, write_text
from .sigterm import Terminated, sigterm_interrupts

DEFAULT_DB = "tournament.sqlite"
DEFAULT_DEALS = 100

# `--quick`: a short tournament of the search bots against the baselines (about a minute on 2 cores).
# Every seating, not the rotations: who sits just before a bot is worth more than the difference
# between the search bots (measured, all seatings: ismcts won 0.61 of its games seated after the
# heuristic bot, 0.48 after random, 0.24 after pimc), and rotations keep the neighbours fixed: those
# of this line-up always seated pimc after the heuristic bot and ismcts after random.
QUICK: dict[str, Any] = {
    "game": DEFAULT_GAME,
    "bots": ["ismcts:iterations=2000", "heuristic", "pimc:iterations=2000", "random"],
    "deals": 10,
    "seatings": "all",
}


def add_tournament_parser(commands: argparse._SubParsersAction) -> None:
    tournament = commands.add_parser(
        "tournament",
        help="play bots against each other over duplicate deals and report their strength",
        description=(
            "Plays every deal once in each seating of the line-up (the same cards in every seating), "
            "stores each game in SQLite as it ends (run the same command again to resume), and prints "
            "win rates, scores and ranks with bootstrap intervals, head-to-head counts and openskill "
            "ratings. `pyai tournament report DB` prints the report of a results file."
        ),
    )
    tournament.add_argument("--game", default=None, help=f'game string (default "{DEFAULT_GAME}")')
    tournament.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SPEC",
        help="name[:key=value,...] (ismcts, pimc, heuristic, random), 'cmd:<engine command line>' or "
        "'cmd+ponder:<engine command line>' (it thinks on the other seats' time); "
        "one per seat, or fewer, repeated in order to fill the seats",
    )
    tournament.add_argument("--deals", type=int, default=None, help=f"deals to play (default {DEFAULT_DEALS})")
    tournament.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    tournament.add_argument(
        "--seatings",
        choices=("rotations", "all"),
        default=None,
        help="each deal's seatings: the line-up's cyclic rotations (default; --quick: all) or all its permutations",
    )
    tournament.add_argument("--db", default=None, help=f"SQLite results file (default {DEFAULT_DB})")
    tournament.add_argument("--concurrency", type=int, default=None, help="games at once (default: one per core)")
    tournament.add_argument("--backend", choices=("local", "dask"), default="local", help="local processes or Dask")
    tournament.add_argument("--scheduler", default=None, help="the Dask scheduler, e.g. tcp://HOST:8786")
    tournament.add_argument("--move-time", type=int, default=1000, metavar="MS", help="engines: go movetime (1000)")
    tournament.add_argument(
        "--margin", type=int, default=500, metavar="MS", help="engines: grace past the move time before a loss (500)"
    )
    tournament.add_argument(
        "--engine-iterations", type=int, default=None, metavar="N", help="engines: go iterations N movetime MS"
    )
    tournament.add_argument(
        "--sprt",
        nargs="?",
        const="",
        default=None,
        metavar="elo0=0,elo1=30,alpha=0.05,beta=0.05",
        help="two distinct bots: stop as soon as a sequential probability ratio test decides",
    )
    tournament.add_argument("--max-games", type=int, default=None, help="play at most this many games in this run")
    tournament.add_argument(
        "--quick",
        action="store_true",
        help=f"a short demo: {', '.join(QUICK['bots'])} over {QUICK['deals']} deals in every seating "
        "(stored only with --db)",
    )
    tournament.add_argument("--quiet", action="store_true", help="no progress bar or messages")
    _add_output_arguments(tournament)
    tournament.set_defaults(run=run_tournament_command)

    forms = tournament.add_subparsers(dest="tournament_form", metavar="{report}")
    report = forms.add_parser("report", help="print the report of a results file")
    report.add_argument("db", help="the SQLite results file")
    _add_output_arguments(report)
    report.set_defaults(run=run_report_command)


def _add_output_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json", nargs="?", const="-", default=None, metavar="PATH", help="the report as JSON (- or none: stdout)"
    )
    parser.add_argument(
        "--csv", nargs="?", const="-", default=None, metavar="PATH", help="a row per bot as CSV (- or none: stdout)"
    )
    parser.add_argument(
        "--plot", default=None, metavar="PNG", help="draw win rates and ratings over games (matplotlib)"
    )


def _check_outputs(args: argparse.Namespace) -> None:
    """The files asked for can be written (and --plot can draw): checked before any work."""
    for option in ("json", "csv"):
        path = getattr(args, option, None)
        if path not in (None, "-"):  # "-": standard output
            check_writable(f"--{option}", path)
    if getattr(args, "plot", None) is not None:
        check_plot("--plot", args.plot)


def _emit(report: dict, args: argparse.Namespace) -> None:
    from .report import plot, table, to_csv, to_json

    to_stdout = False
    for option, render in (("json", to_json), ("csv", to_csv)):
        path = getattr(args, option)
        if path is None:
            continue
        text = render(report)
        text = text if text.endswith("\n") else text + "\n"
        if path == "-":
            sys.stdout.write(text)
            to_stdout = True
        else:
            write_text(f"--{option}", path, text)
    if not to_stdout:
        print(table(report))
    if args.plot is not None:
        write_plot("--plot", args.plot, lambda image_format: plot(report, image_format))


def run_tournament_command(args: argparse.Namespace) -> int:
    from .runner import TournamentConfig, run_tournament
    from .sprt import parse_sprt

    game, bots, deals, seating = args.game, args.bot, args.deals, args.seatings
    if args.quick:  # fills in what was not given
        game = game or QUICK["game"]
        bots = bots or list(QUICK["bots"])
        deals = deals or QUICK["deals"]
        seating = seating or QUICK["seatings"]
    if not bots:
        raise ValueError("give the line-up with --bot SPEC (one per seat, or fewer to repeat), or use --quick")
    _check_outputs(args)  # before any game is played
    config = TournamentConfig(
        game=game or DEFAULT_GAME,
        bots=bots,
        deals=DEFAULT_DEALS if deals is None else deals,
        seed=args.seed,
        seatings=seating or "rotations",
        move_time_ms=args.move_time,
        margin_ms=args.margin,
        engine_iterations=args.engine_iterations,
        sprt=None if args.sprt is None else parse_sprt(args.sprt),
    )
    temporary = None
    db = args.db
    if db is None:
        if args.quick:
            temporary = tempfile.mkdtemp(prefix="pyai-quick-")
            db = os.path.join(temporary, "quick.sqlite")
        else:
            db = DEFAULT_DB

    def log(message: str) -> None:
        if not args.quiet:
            print(message, file=sys.stderr, flush=True)

    try:
        with sigterm_interrupts():
            report = run_tournament(
                config,
                db,
                concurrency=args.concurrency,
                backend=args.backend,
                scheduler=args.scheduler,
                progress=not args.quiet,
                max_games=args.max_games,
                log=log,
            )
    except KeyboardInterrupt as stop:
        terminated = isinstance(stop, Terminated)
        how = "terminated (SIGTERM)" if terminated else "interrupted"
        if temporary is None:
            print(f"\n{how}: the finished games are in {db}; run the same command to resume", file=sys.stderr)
        return 143 if terminated else 130
    finally:
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)
    run = report["run"]
    rate = f" ({run['played'] / run['seconds']:.1f} games/s)" if run["seconds"] > 0 and run["played"] else ""
    where = "" if temporary else f"; results in {db}"
    note = "; the SPRT stopped the match" if run["stopped_by_sprt"] else ""
    log(f"played {run['played']} games in {run['seconds']:.1f} s{rate}{where}{note}")
    _emit(report, args)
    return 0


def run_report_command(args: argparse.Namespace) -> int:
    from .report import build_report
    from .store import Store

    _check_outputs(args)
    with Store(args.db, create=False) as store:
        report = build_report(store)
    _emit(report, args)
    return 0
