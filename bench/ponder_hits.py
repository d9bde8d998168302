"""How often a bestmove's `ponder` tokens come true, in self-play of the engine.

Every seat is the protocol engine (in process) at the same budget, asked as a
tournament referee asks: `position <game> pov <seat> moves <its record>`, then
`go`. Each `bestmove <move> ponder <tokens>` is checked at the seat's next
decision: did the other seats play exactly those moves? That is the share of
ponder searches a client would see hit (`ponderhit`), so it bounds what
pondering can add.

    python bench/ponder_hits.py --game "forsale(players=4)" --games 20 --iterations 5000
"""

from __future__ import annotations

import argparse
import math
import random

import pyai
from pyai.games import DEFAULT_GAME
from pyai.protocol import Engine


def bestmove_and_replies(engine: Engine, printed: list[str], game: str, seat: int, record: list[str], go: str):
    printed.clear()
    moves = f" moves {' '.join(record)}" if record else ""
    for line in (f"position {game} pov {seat}{moves}", f"go {go}"):
        answer = engine.handle(line)
        if answer:
            raise RuntimeError(f"{line!r} answered {answer}")
    engine.wait()
    words = printed[-1].split()
    assert words[0] == "bestmove", printed[-1]
    return words[1], words[3:] if len(words) > 2 else []


def share_interval(hits: int, count: int) -> str:
    if count == 0:
        return "-"
    p = hits / count
    half = 1.96 * math.sqrt(p * (1 - p) / count)
    return f"{p:.3f} ± {half:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = pyai.load_game(args.game)
    game_string = str(game)
    printed: list[str] = []
    engine = Engine(printed.append)
    go = f"iterations {args.iterations}"
    decisions = with_ponder = hits = 0
    for index in range(args.games):
        rng = random.Random(args.seed * 1_000_003 + index)
        engine.handle(f"setoption name Seed value {args.seed + index}")
        state = game.new_initial_state()
        # Per seat: the ponder tokens of its last bestmove, and where in its record they start.
        expected: dict[int, tuple[list[str], int]] = {}
        while not state.is_terminal():
            mover = state.to_move()
            if mover == "chance":
                state.apply(state.sample_chance(rng.getrandbits(64)))
                continue
            record = state.view(mover).history()
            if mover in expected:
                replies, start = expected.pop(mover)
                hits += record[start:] == replies
            move, replies = bestmove_and_replies(engine, printed, game_string, mover, record, go)
            state.apply(move)
            decisions += 1
            if replies:
                with_ponder += 1
                expected[mover] = (replies, len(state.view(mover).history()))
    print(f"{game_string}, {args.games} games of self-play at {args.iterations} iterations a move")
    print(f"decisions: {decisions}")
    print(f"with ponder tokens: {with_ponder} ({share_interval(with_ponder, decisions)} of decisions)")
    print(f"ponder tokens that came true: {hits} ({share_interval(hits, with_ponder)} of those with ponder tokens)")


if __name__ == "__main__":
    main()
