"""The ``pyai`` command."""

from __future__ import annotations

import argparse
import sys

from .bots import BOTS, make_bot
from .errors import PyaiError
from .games import load_game


def _play(args: argparse.Namespace) -> int:
    game = load_game(f"forsale(players={args.players},theme={args.theme},first={args.first})")
    names = args.bots.split(",") if args.bots else ["random"]
    if len(names) == 1:
        names = names * game.players
    if len(names) != game.players:
        raise PyaiError(f"--bots names {len(names)} bots for {game.players} players")
    bots = [make_bot(name, seed=args.seed * 1000 + seat) for seat, name in enumerate(names)]
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
            token = bots[mover].choose(state)
            print(f"  seat {mover}  {token}")
        state.apply(token)
    print()
    print(state)
    print()
    for seat, (score, parts) in enumerate(zip(state.scores(), state.score_breakdown())):
        print(
            f"seat {seat} ({names[seat]}): {score}  "
            f"(checks {parts['checks']}, cash {parts['cash']}, modifiers {parts['modifiers']}, "
            f"financial {parts['financial']})"
        )
    print(
        "winner"
        + ("s" if len(state.winners()) > 1 else "")
        + ": "
        + ", ".join(f"seat {s}" for s in state.winners())
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pyai", description="Game-tree search for hidden-information games")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a whole game between bots and print it move by move")
    play.add_argument("--players", type=int, default=4, help="3 to 6 (default 4)")
    play.add_argument("--seed", type=int, default=1, help="seed for the deal and the bots (default 1)")
    play.add_argument("--theme", default="autorama", help="autorama or advisors")
    play.add_argument("--first", type=int, default=0, help="seat that starts (default 0)")
    play.add_argument(
        "--bots", default="", help=f"comma list, one per seat or one for all ({', '.join(BOTS)})"
    )
    play.set_defaults(run=_play)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except PyaiError as error:
        print(f"pyai: error: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"pyai: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
