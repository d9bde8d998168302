"""Strength of one bot against copies of another, over duplicate deals, played by `pyai tournament`'s runner.

    python bench/strength.py --bot ismcts:iterations=2000 --opponent heuristic --deals 50
    python bench/strength.py --bot "ismcts:iterations=20000,opponent_model=none" --opponent ismcts:iterations=2000
    python bench/strength.py --game "forsale(players=3,edition=classic)" --bot ismcts:iterations=10000 --per-deal a.json
    python bench/strength.py --game "automania(players=3)" --bot ismcts:iterations=1000 --db runs/a.sqlite

The line-up is the tested bot (--bot) then copies of the opponent (--opponent),
both tournament bot specs (`name:key=value,...`, pyai/tournament/specs.py). Every
deal is played in each seating with the same cards (the tournament's duplicate
deals): "rotations" puts the tested bot in every seat of every deal, `--seatings
all` plays every distinct order. Reports the tested bot's mean win share over
deals (a shared win of k counts 1/k; a deal's share is the mean over its
seatings) with a 95% interval over deals, against the fair share 1/players. A
bot against copies of itself is one bot in every seat: each deal is then played
once and its share is the fair share.

The games go to a temporary SQLite file, or to `--db FILE`, which keeps them:
the same command again resumes an interrupted run, and a larger --deals plays
only the deals the file lacks (`pyai tournament --report FILE` reads it too).
`--per-deal FILE` writes each deal's share of the tested bot as JSON, for
bench/paired.py. A malformed spec, or a setting the game refuses, is named
before any game is played. A report, not a test: it takes minutes.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import tempfile
from typing import Any

from pyai.errors import PyaiError
from pyai.games import DEFAULT_GAME, load_game
from pyai.tournament.runner import TournamentConfig, plan, run_tournament
from pyai.tournament.schedule import SEATINGS
from pyai.tournament.specs import check_spec, parse_spec
from pyai.tournament.stats import deal_win_shares
from pyai.tournament.store import Store

TESTED = 0  # the tested bot's id in the store: bots are numbered in order of first appearance in the line-up


def config_for(
    game: str, bot: str, opponent: str, deals: int, *, seed: int = 0, seatings: str = "rotations"
) -> TournamentConfig:
    """The tournament: the tested bot in the first seat, copies of the opponent in the others."""
    players = load_game(game).players
    return TournamentConfig(
        game=game, bots=[bot] + [opponent] * (players - 1), deals=deals, seed=seed, seatings=seatings
    )


def stored_shares(path: str, bot: int = TESTED) -> dict[int, float]:
    """Each deal's win share of `bot` in a tournament results file (strength.py's tested bot: the first)."""
    with Store(path, create=False) as store:
        players = len(store.settings()["lineup"])
        return deal_win_shares(store.games(), players, bot)


def measure(config: TournamentConfig, *, db: str | None = None, workers: int | None = None) -> dict[str, Any]:
    """Plays the games of `config` that `db` (default: a temporary file) lacks. Returns each deal's
    win share of the tested bot ("per_deal"), the games stored and played, the tested bot's mean score
    over its games that ended normally, and this run's seconds. Raises PyaiError on a bad config
    before any game."""
    with tempfile.TemporaryDirectory() as folder:
        path = db or os.path.join(folder, "strength.sqlite")
        report = run_tournament(config, path, concurrency=workers, log=lambda message: print(message, file=sys.stderr))
        with Store(path, create=False) as store:
            games = store.games()
    players = len(report["settings"]["lineup"])
    scores = [
        game["scores"][seat]
        for game in games
        if game["scores"] is not None
        for seat, held_by in enumerate(game["seating"])
        if held_by == TESTED
    ]
    return {
        "per_deal": deal_win_shares(games, players, TESTED),
        "players": players,
        "games": len(games),
        "played": report["run"]["played"],
        "failed": sum(game["outcome"] != "normal" for game in games),
        "mean_score": statistics.fmean(scores) if scores else math.nan,
        "seconds": report["run"]["seconds"],
    }


def interval(deal_shares: list[float]) -> tuple[float, float]:
    """The mean over deals and the half width of its 95% normal interval (nan for one deal)."""
    mean = statistics.fmean(deal_shares)
    half = 1.96 * statistics.stdev(deal_shares) / math.sqrt(len(deal_shares)) if len(deal_shares) > 1 else math.nan
    return mean, half


def checked_game(parser: argparse.ArgumentParser, game_string: str) -> Any:
    """The game `game_string` names; one that cannot be loaded ends the run (the parser's error, naming --game)."""
    try:
        return load_game(game_string)
    except PyaiError as error:
        parser.error(f"--game: {error}")


def checked_settings(parser: argparse.ArgumentParser, option: str, pairs: list[str], game: Any) -> dict:
    """The search settings that `pairs` (key=value each) give, read by the tournament's spec parser
    and checked against the game, so that a malformed pair or a setting the search refuses ends the
    run (the parser's error, naming `option`) before any game is played."""
    try:
        spec = parse_spec("ismcts:" + ",".join(pairs) if pairs else "ismcts")
        check_spec(spec, game)
    except PyaiError as error:
        parser.error(f"{option}: {error}")
    return spec.settings_dict()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument(
        "--bot", default="ismcts:iterations=2000", help="the tested bot's spec (ismcts:iterations=2000)"
    )
    parser.add_argument("--opponent", default="heuristic", help="the spec of the bot in every other seat (heuristic)")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0, help="the tournament's seed: which deals are played (0)")
    parser.add_argument("--seatings", choices=SEATINGS, default="rotations")
    parser.add_argument("--workers", "--concurrency", type=int, default=os.cpu_count() or 1, dest="workers")
    parser.add_argument("--db", metavar="FILE", help="keep the games here (the same command resumes or extends)")
    parser.add_argument(
        "--per-deal", metavar="FILE", help="also write each deal's win share to this JSON file (bench/paired.py)"
    )
    args = parser.parse_args()

    try:
        config = config_for(args.game, args.bot, args.opponent, args.deals, seed=args.seed, seatings=args.seatings)
        checked = plan(config)  # every spec against the game, before a results file or a game
    except PyaiError as error:
        parser.error(str(error))
    try:
        run = measure(config, db=args.db, workers=args.workers)
    except PyaiError as error:
        raise SystemExit(f"strength.py: {error}") from None
    if args.per_deal:
        with open(args.per_deal, "w") as out:
            json.dump({str(deal): share for deal, share in run["per_deal"].items()}, out)
    players = checked.players
    mean, half = interval(list(run["per_deal"].values()))
    bot, opponent = (parse_spec(text).text for text in (args.bot, args.opponent))
    played = f" ({run['played']} played now)" if args.db else ""
    failed = f"; {run['failed']} lost by a failure" if run["failed"] else ""
    print(
        f"{bot} vs {players - 1} x {opponent}, {checked.game}, {len(run['per_deal'])} deals x "
        f"{checked.seatings_per_deal} seatings = {run['games']} games{played} in {run['seconds']:.0f} s{failed}"
    )
    print(
        f"win share {mean:.3f} +- {half:.3f} (95% CI {mean - half:.3f}..{mean + half:.3f}; fair share "
        f"{1 / players:.3f}); mean score {run['mean_score']:.1f}"
    )


if __name__ == "__main__":
    main()
