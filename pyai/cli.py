"""The ``pyai`` command: play, analyse."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys

from . import __version__
from .analysis import Search
from .bots import BOTS, check_bot, make_bot
from .errors import PyaiError
from .game_string import format_game_string, parse_game_string
from .games import DEFAULT_GAME, load_game


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
    game = _game(args)
    names = [name.strip() for name in args.bots.split(",")] if args.bots else ["random"]
    if len(names) == 1:
        names = names * game.players
    if len(names) != game.players:
        raise PyaiError(f"--bots names {len(names)} bots for {game.players} players")
    settings = _search_settings(args)
    bots = [
        make_bot(name, seed=args.seed * 1000 + seat, **(settings if name in ("ismcts", "pimc") else {}))
        for seat, name in enumerate(names)
    ]
    for bot in {name: bot for name, bot in zip(names, bots)}.values():
        check_bot(bot, game)  # every setting checked before the first move is printed
    state = game.new_initial_state()
    chance_seed = args.seed
    print(f"game: {game}   seed: {args.seed}   bots: {', '.join(names)}")
    while not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            chance_seed += 1
            token = state.sample_chance(chance_seed * 7919 + args.seed)
            print(f"  chance  {token}")
        else:
            bot = bots[mover]
            token = bot.choose(state)
            result = getattr(bot, "last_result", None)
            note = ""
            if result is not None:
                chosen = next(m for m in result.moves if m.token == token)
                if chosen.win is not None:
                    note = f"   (win {chosen.win:.2f}, share {chosen.share:.2f})"
            print(f"  seat {mover}  {token}{note}")
        state.apply(token)
    print()
    print(state)
    print()
    for line in game.final_summary(state, names):
        print(line)
    return 0


def _analyse(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    tokens = args.moves.split() if args.moves else []
    state = game.replay(tokens)
    settings = _search_settings(args)
    settings.setdefault("iterations", 100_000)
    if args.objective is not None:
        settings["objective"] = args.objective
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
    return 130 if interrupted else 0


def _bench(args: argparse.Namespace) -> int:
    from .bench import run_bench

    return run_bench(args.game, quick=args.quick)


def _engine(args: argparse.Namespace) -> int:
    from .protocol import main as serve_protocol

    return serve_protocol()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pyai", description="Game-tree search for hidden-information games")
    parser.add_argument("--version", action="version", version=f"pyai {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    play = commands.add_parser("play", help="play a whole game between bots and print it move by move")
    play.add_argument("--game", default=DEFAULT_GAME, help=f"a game string (default {DEFAULT_GAME})")
    play.add_argument("--players", type=int, default=None, help="replaces the game string's players")
    play.add_argument("--seed", type=int, default=1, help="seed for the deal and the bots (default 1)")
    play.add_argument("--bots", default="", help=f"comma list, one per seat or one for all ({', '.join(BOTS)})")
    play.add_argument("--iterations", type=int, default=None, help="search bots: iterations per move")
    play.add_argument("--threads", type=int, default=None, help="search bots: threads")
    play.set_defaults(run=_play)

    an = commands.add_parser("analyse", help="search a position and print each move's statistics")
    an.add_argument("game", help=f'a game string, e.g. "{DEFAULT_GAME}"')
    an.add_argument("--moves", default="", help="the tokens played so far, space separated")
    an.add_argument("--seat", type=int, default=None, help="the seat to analyse (default: the seat to move)")
    budget = an.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=int, default=None, help="iterations (default 100000)")
    budget.add_argument("--time", type=float, default=None, help="milliseconds")
    an.add_argument("--threads", type=int, default=None, help="threads (default 1)")
    an.add_argument("--seed", type=int, default=0)
    an.add_argument("--objective", choices=("win", "score"), default=None, help="default: the game's")
    an.add_argument("--pimc", action="store_true", help="determinised perfect-information UCT instead of ISMCTS")
    an.add_argument("--json", action="store_true", help="print the result as JSON")
    an.add_argument("--all", action="store_true", help="a row for every legal move, also those not searched")
    an.set_defaults(run=_analyse)

    bench = commands.add_parser("bench", help="speed figures and a deterministic search signature")
    bench.add_argument("--quick", action="store_true", help="smaller runs (noisier figures, same signature)")
    bench.add_argument("--game", default=DEFAULT_GAME, help=f"the game to measure (default {DEFAULT_GAME})")
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
    engine.set_defaults(run=_engine)

    from .tournament.cli import add_tournament_parser  # the `tournament` command and its `report` form

    add_tournament_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
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


def _silence_stdout() -> None:
    """Points stdout at /dev/null so that Python's final flush does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
