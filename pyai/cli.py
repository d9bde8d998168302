"""The ``pyai`` command: play, analyse, advise, review, bench, engine, serve, tournament."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys

from . import __version__
from ._startup import main_has_started
from .analysis import Search, cannot_win
from .bots import BOTS, check_bot, make_bot
from .budgets import MOVE_ITERATIONS, REVIEW_ITERATIONS
from .commands.bench import COMPARISON_ROUNDS
from .errors import PyaiError
from .game_string import format_game_string, parse_game_string
from .games import DEFAULT_GAME, load_game
from .output_files import check_plot, write_plot


def _search_settings(args: argparse.Namespace) -> dict:
    settings: dict = {}
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    if getattr(args, "time", None) is not None:
        settings["time_ms"] = args.time
        settings.setdefault("iterations", 0)
    if args.threads is not None:
        settings["threads"] = args.threads
    return settings


def _game(args: argparse.Namespace):
    """The game of --game, with --players (when given) replacing its players parameter."""
    if args.players is None:
        return load_game(args.game)
    name, params = parse_game_string(args.game)
    params["players"] = str(args.players)
    return load_game(format_game_string(name, params))


def _play(args: argparse.Namespace) -> int:
    from .commands.play import play_with_human, watch

    game = _game(args)
    if args.human is not None and not 0 <= args.human < game.players:
        raise PyaiError(f"--human must be a seat 0 to {game.players - 1}, not {args.human}")
    names = [name.strip() for name in args.bots.split(",")] if args.bots else ["ismcts"]
    others = game.players - (args.human is not None)
    if len(names) == 1:
        names = names * others
    if len(names) != others:
        raise PyaiError(f"--bots names {len(names)} bots for {others} seats")
    if args.human is not None:
        names.insert(args.human, "you")
    settings = _search_settings(args)
    bots = [
        None
        if seat == args.human
        else make_bot(name, seed=args.seed * 1000 + seat, **(settings if name in ("ismcts", "pimc") else {}))
        for seat, name in enumerate(names)
    ]
    for bot in {name: bot for name, bot in zip(names, bots) if bot is not None}.values():
        check_bot(bot, game)  # every setting checked before the first move is printed
    if args.human is None:
        watch(game, bots, names, args.seed)  # type: ignore[arg-type]
        return 0
    return 0 if play_with_human(game, args.human, bots, names, args.seed) else 1


def _analyse(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    tokens = args.moves.split() if args.moves else []
    state = game.replay(tokens)
    settings = _search_settings(args)  # without a budget, the search's own default
    if args.objective is not None:
        settings["objective"] = args.objective
    if args.opponent_model is not None:
        settings["opponent_model"] = args.opponent_model
    search = Search(state, args.seat, seed=args.seed, pimc=args.pimc, **settings)
    search.start()
    interrupted = False
    try:
        search.wait()
    except KeyboardInterrupt:  # Ctrl-C: stop, and show what was found so far
        interrupted = True
        search.stop()
        search.wait()
    result = dataclasses.replace(search.result, interrupted=interrupted)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(search.view)
        print()
        print(result.table(show_all=args.all))
        if cannot_win(result, game, settings):
            best = max(m.win for m in result.moves if m.win is not None)
            print(
                f"seat {result.seat} cannot win (best win {best:.3f}): the win share tells the moves apart no "
                "more; --objective score ranks them by expected score"
            )
    return 130 if interrupted else 0


def _review(args: argparse.Namespace) -> int:
    from .commands.review import plot_review, read_record, review

    if args.plot is not None:
        check_plot("--plot", args.plot)
    record = read_record(args.record, args.game, args.deal, args.rotation)
    try:
        seats = [int(seat) for seat in args.seats.split(",")] if args.seats else None
    except ValueError:
        raise PyaiError(f"--seats must be a comma list of seat numbers, not {args.seats!r}") from None
    if args.iterations < 1:
        raise PyaiError(f"--iterations must be 1 or more, not {args.iterations}")
    if args.top < 1:
        raise PyaiError(f"--top must be 1 or more, not {args.top}")

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\rreviewing: token {done} of {total}", end="", file=sys.stderr, flush=True)

    result = review(record, iterations=args.iterations, seed=args.seed, seats=seats, progress=progress)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(result.report(top=args.top))
    if args.plot is not None:
        write_plot("--plot", args.plot, lambda image_format: plot_review(result, seats, image_format))
        print(f"plot: {args.plot}", file=sys.stderr)
    return 0


def _advise(args: argparse.Namespace) -> int:
    from .commands.advise import Companion, resume, run, thinking_ticker
    from .commands.advise_session import CompanionError, Session, default_names

    progress = thinking_ticker(sys.stderr) if sys.stderr.isatty() else None
    if args.resume:
        # A session already played keeps its game, seats and start; only the search per advice may change.
        fixed = [f"--{name}" for name in ("game", "players", "seat", "names", "at") if getattr(args, name) is not None]
        if fixed:
            raise CompanionError(
                f"{', '.join(fixed)} cannot change a session already played (--resume {args.resume!r} "
                "goes on with the file's own); leave them out (--iterations and --session may be given)"
            )
        return run(resume(args.resume, args.session, progress, args.iterations))
    if args.game is None:
        args.game = DEFAULT_GAME
    seat = 0 if args.seat is None else args.seat
    game = _game(args)
    names = [n.strip() for n in args.names.split(",")] if args.names is not None else None
    iterations = MOVE_ITERATIONS if args.iterations is None else args.iterations
    session = Session(str(game), seat, names or default_names(game.players, seat), args.at, iterations)
    # Checked as a whole before the first line, each bad value named by its option.
    return run(Companion(session, args.session, progress, spelled=lambda name: f"--{name}"))


def _setting(name: str) -> dict:
    """The search setting `name`'s row of the settings table (a shared setting: every game's alike)."""
    from .analysis import search_settings

    return next(row for row in search_settings(load_game(DEFAULT_GAME)) if row["name"] == name)


def _bench(args: argparse.Namespace) -> int:
    from .commands.bench import run_bench, run_comparison

    if args.rounds is not None and not args.against:
        raise PyaiError("--rounds counts the rounds of both builds under --against; give it with --against only")
    if args.against or args.compare:
        if args.json:
            raise PyaiError("--json saves this build's own figures: give it without --against or --compare")
        rounds = COMPARISON_ROUNDS if args.rounds is None else args.rounds
        if rounds < 1:
            raise PyaiError(f"--rounds must be 1 or more, not {rounds}")
        return run_comparison(args.game, args.quick, args.against, args.compare, rounds)
    return run_bench(args.game, quick=args.quick, as_json=args.json)


def _engine(args: argparse.Namespace) -> int:
    from .game_files import NO_FILES, FileAccess
    from .protocol import main as serve_protocol

    files = FileAccess.inside(args.game_files) if args.game_files else NO_FILES
    return serve_protocol(files)


def _serve(args: argparse.Namespace) -> int:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise PyaiError("pyai serve needs the web extra (Starlette and uvicorn): pip install 'pyai[web]'") from None
    from .web.server import serve

    return serve(args.host, args.port, args.sessions, args.tournament)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pyai", description="Game-tree search for hidden-information games")
    parser.add_argument("--version", action="version", version=f"pyai {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    play = commands.add_parser(
        "play", help="a whole game between bots printed move by move, or against them (--human SEAT)"
    )
    play.add_argument("--game", default=DEFAULT_GAME, help=f"a game string (default {DEFAULT_GAME})")
    play.add_argument("--players", type=int, default=None, help="replaces the game string's players")
    play.add_argument("--seed", type=int, default=1, help="seed for the deal and the bots (default 1)")
    play.add_argument(
        "--bots",
        default="",
        help=f"comma list, one per bot seat or one for all ({', '.join(BOTS)}; default ismcts)",
    )
    play.add_argument("--human", type=int, default=None, metavar="SEAT", help="you play this seat, in the terminal")
    play.add_argument(
        "--iterations", type=int, default=None, help=f"search bots: iterations per move (default {MOVE_ITERATIONS})"
    )
    play.add_argument("--threads", type=int, default=None, help="search bots: threads")
    play.set_defaults(run=_play)

    an = commands.add_parser("analyse", help="search a position and print each move's statistics")
    an.add_argument("game", help=f'a game string, e.g. "{DEFAULT_GAME}"')
    an.add_argument("--moves", default="", help="the tokens played so far, space separated")
    an.add_argument("--seat", type=int, default=None, help="the seat to analyse (default: the seat to move)")
    budget = an.add_mutually_exclusive_group()
    budget.add_argument(
        "--iterations", type=int, default=None, help=f"iterations (default {_setting('iterations')['default']})"
    )
    budget.add_argument("--time", type=float, default=None, help="milliseconds")
    an.add_argument("--threads", type=int, default=None, help="threads (default 1)")
    an.add_argument("--seed", type=int, default=0)
    an.add_argument("--objective", choices=_setting("objective")["choices"], default=None, help="default: the game's")
    an.add_argument(
        "--opponent-model",
        choices=_setting("opponent_model")["choices"],
        default=None,
        help="weigh each other seat as the heuristic player from its moves (default: the game's)",
    )
    an.add_argument("--pimc", action="store_true", help="determinised perfect-information UCT instead of ISMCTS")
    an.add_argument("--json", action="store_true", help="print the result as JSON")
    an.add_argument("--all", action="store_true", help="a row for every legal move, also those not searched")
    an.set_defaults(run=_analyse)

    ad = commands.add_parser(
        "advise",
        help="a companion at a real table: say what happens, get advice on your turns",
        description=(
            "Follow a game you play at a real table: type what happens, one step a line, in the game's plain "
            "words (For Sale: 'Anna bids 4', 'deal 3 12 19 27'; Automania: 'Ann row 1', 'I take the speed "
            "machine'; Leduc: 'Bob raises') or by move tokens, and get the suggested move with its win chance, "
            "the alternatives and the likely continuation on your turns ('advice' asks at any time). 'help' "
            "lists the commands and the game's words."
        ),
    )
    ad.add_argument("--game", default=None, help=f"a game string (default {DEFAULT_GAME})")
    ad.add_argument("--players", type=int, default=None, help="replaces the game string's players")
    ad.add_argument(
        "--seat", type=int, default=None, help="your seat, counted from 0 in the order of --names (default 0)"
    )
    ad.add_argument("--names", default=None, help="comma list: every seat's name, in seat order")
    ad.add_argument("--at", default=None, metavar="POSITION", help="start from a position written as text")
    ad.add_argument(
        "--iterations",
        type=int,
        default=None,
        help=f"search per advice (default {MOVE_ITERATIONS}; with --resume: from now on)",
    )
    ad.add_argument("--session", default=None, metavar="FILE", help="keep the session in FILE after every line")
    ad.add_argument(
        "--resume", default=None, metavar="FILE", help="go on with a saved session (its game, seats and start)"
    )
    ad.set_defaults(run=_advise)

    rv = commands.add_parser(
        "review",
        help="search each decision of a finished game again: the move played against the best, biggest mistakes first",
        description=(
            "RECORD is a token file (tokens separated by spaces or lines, '#' comments, an optional first line "
            "'game: <game string>'), the log `pyai play` prints, a tournament results file (choose the game "
            "with --deal and --rotation) or a `pyai advise` session file (its seat's decisions). Each decision "
            "is searched from what its seat knew then."
        ),
    )
    rv.add_argument("record", help="a token file, a `pyai play` log, a tournament results file or an advise session")
    rv.add_argument("--game", default=None, help="the game string, when the record does not name it")
    rv.add_argument("--deal", type=int, default=None, help="results file: the deal (default: the first stored)")
    rv.add_argument(
        "--rotation", type=int, default=None, help="results file: the seating rotation, from 1 as deals are (default 1)"
    )
    rv.add_argument(
        "--iterations",
        type=int,
        default=REVIEW_ITERATIONS,
        help=f"iterations per decision (default {REVIEW_ITERATIONS})",
    )
    rv.add_argument("--seats", default="", help="comma list: review only these seats' decisions")
    rv.add_argument("--seed", type=int, default=0)
    rv.add_argument("--top", type=int, default=10, help="how many mistakes to list (default 10)")
    rv.add_argument("--json", action="store_true", help="every decision as JSON instead of the report")
    rv.add_argument("--plot", default=None, metavar="PNG", help="each seat's win chance over the game (plot extra)")
    rv.set_defaults(run=_review)

    bench = commands.add_parser("bench", help="speed figures and a deterministic search signature")
    bench.add_argument("--quick", action="store_true", help="smaller runs (noisier figures, same signature)")
    bench.add_argument("--game", default=DEFAULT_GAME, help=f"the game to measure (default {DEFAULT_GAME})")
    bench.add_argument("--json", action="store_true", help="the figures and signature as JSON (to save and compare)")
    against = bench.add_mutually_exclusive_group()
    against.add_argument(
        "--against",
        metavar="PYTHON",
        default=None,
        help="compare with the pyai of another Python (another build), interleaved, as ratios",
    )
    against.add_argument("--compare", metavar="FILE", default=None, help="compare with figures saved by --json")
    bench.add_argument(
        "--rounds", type=int, default=None, help=f"--against: rounds of both builds (default {COMPARISON_ROUNDS})"
    )
    bench.set_defaults(run=_bench)

    engine = commands.add_parser(
        "engine",
        help="answer the engine protocol on stdin/stdout (for GUIs, scripts and referees)",
        description=(
            "Reads protocol commands from standard input, one a line, and answers on standard output "
            "(a UCI-style protocol: uci, position <game> [pov S] [moves ...], legal, go, stop, quit; "
            "docs/protocol.md describes it all). Start it and type 'help' for the commands, options, "
            "games and their move tokens. End of input: a search with a finite budget runs to its end "
            "and answers; an infinite one is stopped."
        ),
    )
    engine.add_argument(
        "--game-files",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder whose files a client's game string may name (a game's data file); repeatable. "
        "Without it the engine reads no file a client names",
    )
    engine.set_defaults(run=_engine)

    web = commands.add_parser(
        "serve",
        help="the table companion (advise) as a web page, on this machine (the web extra)",
        description=(
            "Serves the table companion as a web page and a JSON API (docs/web.md) and prints its address. "
            "It answers on 127.0.0.1 unless told another --host; then every API call needs the token the "
            "printed address carries."
        ),
    )
    web.add_argument("--host", default="127.0.0.1", help="the address to listen at (default 127.0.0.1: this machine)")
    web.add_argument("--port", type=int, default=8765, help="the port (default 8765; 0: any free one)")
    web.add_argument(
        "--sessions",
        default=None,
        metavar="DIR",
        help="the folder the sessions are saved in (default: pyai/sessions in the user's data folder)",
    )
    web.add_argument(
        "--tournament",
        action="append",
        default=[],
        metavar="FILE",
        help="a tournament results file (pyai tournament --db) whose standings the page shows; repeatable",
    )
    web.set_defaults(run=_serve)

    from .tournament.cli import add_tournament_parser  # the `tournament` command and its `report` form

    add_tournament_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except KeyboardInterrupt:
        return 130
    finally:
        main_has_started()  # Ctrl-C is ours to handle from here (before: a quiet exit, see _startup.py)
    try:
        return args.run(args)
    except (PyaiError, ValueError) as error:
        print(f"pyai: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pyai: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`pyai play | head`): stop quietly
        _silence_stdout()
        return 141  # as a process killed by SIGPIPE
    except OSError as error:  # most often the output that cannot be written (a full disk, /dev/full)
        print(f"pyai: error: {error}", file=sys.stderr)
        _silence_stdout()
        return 1


def _silence_stdout() -> None:
    """Points stdout at /dev/null so that Python's final flush does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
