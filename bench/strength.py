"""Strength of one bot against a field, over duplicate deals.

    python bench/strength.py --bot ismcts --opponent heuristic --players 4 --deals 50 --iterations 2000

Every deal (seed) is played once per seat rotation: the tested bot sits in
each seat in turn against copies of the opponent, and the cards turned up
are the same in every rotation (chance tokens are drawn from the deal's seed
and the step number; the unseen cards do not depend on the moves), so luck
of the deal cancels. Reports the tested bot's mean win share (a shared win
of k counts 1/k) with a 95% confidence interval over deals, against the
fair share 1/players. A report, not a test: it takes minutes.

`--bot-heuristic-at sell,keep,mech` has the tested bot play the heuristic's
move in the selling phase (wherever its first legal move starts with one of
those), so a search can be measured in some phases only.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import time

import pyai


class HeuristicAt:
    """A bot that plays the game's heuristic move where the seat's first legal
    move starts with one of `prefixes` (e.g. "sell": For Sale's selling phase),
    and the wrapped bot's elsewhere: it measures a search in some phases only."""

    def __init__(self, bot: pyai.Bot, prefixes: tuple[str, ...]):
        self.name = bot.name
        self._bot = bot
        self._heuristic = pyai.make_bot("heuristic")
        self._prefixes = prefixes

    def choose(self, state, seat=None) -> str:
        mover = state.to_move() if seat is None else seat
        first = state.legal_moves_for(mover)[0]
        wrapped = self._heuristic if first.startswith(self._prefixes) else self._bot
        return wrapped.choose(state, seat)


def play_game(args: tuple[int, str, int, int, str, str, dict, dict, tuple]) -> tuple[int, int, float, float]:
    players, edition, deal, rotation, bot_name, opponent_name, bot_settings, opponent_settings, heuristic_at = args
    game = pyai.load_game(f"forsale(players={players},edition={edition})")
    bots = [
        pyai.make_bot(
            bot_name if seat == rotation else opponent_name,
            seed=deal * 1000 + rotation * 10 + seat,
            **(bot_settings if seat == rotation else opponent_settings),
        )
        for seat in range(players)
    ]
    if heuristic_at:
        bots[rotation] = HeuristicAt(bots[rotation], heuristic_at)
    state = game.new_initial_state()
    chance_step = 0
    while not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            chance_step += 1
            state.apply(state.sample_chance(deal * 7_919 + chance_step))
        else:
            state.apply(bots[mover].choose(state))
    winners = state.winners()
    share = 1 / len(winners) if rotation in winners else 0.0
    return deal, rotation, share, state.scores()[rotation]


def parse_settings(pairs: list[str]) -> dict:
    """key=value pairs as settings, each value a whole number, a number, None or text; a pair
    without a key and an "=" raises ValueError naming it."""
    settings: dict = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not key or not equals:
            raise ValueError(f"give KEY=VALUE, not {pair!r}")
        if value == "None":  # a setting's own "off" (rollout_sell_later_weight=None, say)
            settings[key] = None
            continue
        for convert in (int, float):
            try:
                settings[key] = convert(value)
                break
            except ValueError:
                settings[key] = value
    return settings


def measure(
    *,
    bot: str,
    opponent: str,
    bot_settings: dict,
    opponent_settings: dict,
    players: int = 4,
    edition: str = "autorama",
    deals: int = 50,
    first_deal: int = 1,
    workers: int | None = None,
    bot_heuristic_at: tuple[str, ...] = (),
) -> dict:
    """Plays deals first_deal.. in every rotation: each deal's mean win share of the tested bot, and more.
    Where its first legal move starts with one of `bot_heuristic_at`, the tested bot plays the heuristic's move."""
    jobs = [
        (players, edition, deal, rotation, bot, opponent, bot_settings, opponent_settings, bot_heuristic_at)
        for deal in range(first_deal, first_deal + deals)
        for rotation in range(players)
    ]
    random.Random(0).shuffle(jobs)  # mix slow and fast games across workers
    start = time.time()
    with multiprocessing.Pool(workers or multiprocessing.cpu_count()) as pool:
        results = pool.map(play_game, jobs, chunksize=1)
    by_deal: dict[int, list[float]] = {}
    for deal, _, share, _ in results:
        by_deal.setdefault(deal, []).append(share)
    return {
        "per_deal": {deal: sum(v) / len(v) for deal, v in sorted(by_deal.items())},
        "games": len(results),
        "mean_score": statistics.fmean(score for *_, score in results),
        "seconds": time.time() - start,
    }


def interval(deal_shares: list[float]) -> tuple[float, float]:
    """The mean over deals and the half width of its 95% normal interval (nan for one deal)."""
    mean = statistics.fmean(deal_shares)
    half = 1.96 * statistics.stdev(deal_shares) / math.sqrt(len(deal_shares)) if len(deal_shares) > 1 else math.nan
    return mean, half


def checked_settings(parser: argparse.ArgumentParser, option: str, pairs: list[str], game: pyai.Game) -> dict:
    """The settings `pairs` give every search, checked by one iteration from the game's bench
    position, so that a malformed pair or a setting the search refuses ends the run (the
    parser's error, naming `option` and what was wrong) before any game is played."""
    try:
        settings = parse_settings(pairs)
        pyai.analyse(game.bench_state(), **(settings | {"iterations": 1}))
    except (ValueError, pyai.PyaiError) as error:
        parser.error(f"{option}: {error}")
    return settings


def search_settings(bot: str, iterations: int, pairs: list[str]) -> dict:
    """A bot's settings: the shared iteration budget for a search bot, then its own key=value pairs."""
    return ({"iterations": iterations} if bot in {"ismcts", "pimc"} else {}) | parse_settings(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="ismcts")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--edition", default="autorama", choices=("autorama", "classic"))
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--first-deal", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=2000, help="for search bots on both sides")
    parser.add_argument("--bot-setting", action="append", default=[], help="key=value for the tested bot")
    parser.add_argument("--opponent-setting", action="append", default=[], help="key=value for the opponents")
    parser.add_argument(
        "--bot-heuristic-at",
        default="",
        metavar="PREFIXES",
        help="comma-separated move prefixes (e.g. sell,keep,mech: the selling phase) where the tested bot "
        "plays the heuristic's move instead",
    )
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument(
        "--per-deal", default=None, help="also write each deal's win share to this JSON file (for paired comparisons)"
    )
    args = parser.parse_args()

    try:
        bot_settings = search_settings(args.bot, args.iterations, args.bot_setting)
        opponent_settings = search_settings(args.opponent, args.iterations, args.opponent_setting)
    except ValueError as error:
        parser.error(f"--bot-setting / --opponent-setting: {error}")
    run = measure(
        bot=args.bot,
        opponent=args.opponent,
        bot_settings=bot_settings,
        opponent_settings=opponent_settings,
        players=args.players,
        edition=args.edition,
        deals=args.deals,
        first_deal=args.first_deal,
        workers=args.workers,
        bot_heuristic_at=tuple(prefix for prefix in args.bot_heuristic_at.split(",") if prefix),
    )
    if args.per_deal:
        with open(args.per_deal, "w") as out:
            json.dump({str(deal): share for deal, share in run["per_deal"].items()}, out)
    mean, half = interval(list(run["per_deal"].values()))
    playing = f" (the heuristic's moves at {args.bot_heuristic_at})" if args.bot_heuristic_at else ""
    print(
        f"{args.bot} {bot_settings}{playing} vs {args.players - 1} x {args.opponent} {opponent_settings}, "
        f"{args.players} players ({args.edition}), {len(run['per_deal'])} deals x {args.players} seatings "
        f"= {run['games']} games in {run['seconds']:.0f} s"
    )
    print(
        f"win share {mean:.3f} +- {half:.3f} (95% CI {mean - half:.3f}..{mean + half:.3f}; fair share "
        f"{1 / args.players:.3f}); mean score {run['mean_score']:.1f}"
    )


if __name__ == "__main__":
    main()
