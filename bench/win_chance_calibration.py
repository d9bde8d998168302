"""Whether the advice's win chance can be taken at its word: reported against won.

    python bench/win_chance_calibration.py --game "automania(players=3)" --iterations 2000 --games 60

Plays --games self-play games in which every seat, at each decision, searches
its own view at --iterations (the default search, a fresh seed a decision) and
plays the move the search reports best, as `pyai advise` and the engine's
`go` suggest it. Each decision with more than one legal move keeps the win
chance the search reported for that move (the `win chance` of the advice);
at the game's end each is held against whether that seat won (a shared win
counts 1/k). Prints, by the reported chance in tenths, how many decisions
reported it, their mean, and how often those seats won, with a 95% interval
over games (a game's decisions are not independent: the games are
resampled); then the Brier score of the reports against the fair share's
(1/players), over all decisions and by the game's phase (the state's
`phase`, or the field --phase names: Automania's `round`).

A search that values positions by its own picture of the game reports that
picture's chances: where they run above what the seats win, the advice is
sure of more than the table bears out.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
from collections import defaultdict

import numpy as np
from strength import checked_game, checked_settings

import pyai
from pyai.commands.advice_text import by_share
from pyai.games import DEFAULT_GAME

BINS = 10
RESAMPLES = 2000


def one_game(args: tuple[str, int, int, dict, str]) -> list[dict]:
    """Every real decision of one self-play game: the seat, the reported win chance of the move
    played, the phase, and (filled in at the end) the seat's win share."""
    game_string, number, iterations, settings, phase_field = args
    game = pyai.load_game(game_string)
    state, rng = game.new_initial_state(), random.Random(number)
    reports, decision = [], 0
    while not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
            continue
        decision += 1
        legal = state.legal_moves_for(mover)
        if len(legal) == 1:  # a forced move: nothing to advise, nothing to search
            state.apply(legal[0])
            continue
        seed = number * 1_000_003 + decision
        result = pyai.analyse(state, mover, iterations=iterations, seed=seed, **settings)
        best = by_share(result)[0]  # the move the advice suggests
        if best.win is not None:
            phase = str(state.to_dict().get(phase_field, "all"))
            reports.append({"game": number, "seat": mover, "reported": best.win, "phase": phase})
        state.apply(best.token)
    winners = state.winners()
    for report in reports:
        report["won"] = 1.0 / len(winners) if report["seat"] in winners else 0.0
    return reports


def game_interval(games: np.ndarray, won: np.ndarray, seed: int = 0) -> tuple[float, float]:
    """95% interval of the mean of `won`, resampling whole games (`games`: each row's game)."""
    rng = np.random.default_rng(seed)
    names = np.unique(games)
    sums = np.array([won[games == g].sum() for g in names])
    counts = np.array([(games == g).sum() for g in names])
    picks = rng.integers(0, len(names), (RESAMPLES, len(names)))
    means = sums[picks].sum(axis=1) / np.maximum(counts[picks].sum(axis=1), 1)
    return float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))


def calibration_lines(reports: list[dict], players: int) -> list[str]:
    games = np.array([r["game"] for r in reports])
    reported = np.array([r["reported"] for r in reports])
    won = np.array([r["won"] for r in reports])
    lines = [f"{'reported':<10} {'decisions':>9} {'mean reported':>13} {'won':>6} {'95% interval':>15}"]
    tenth = np.minimum((reported * BINS).astype(int), BINS - 1)
    for b in range(BINS):
        rows = tenth == b
        if not rows.any():
            continue
        low, high = game_interval(games[rows], won[rows])
        lines.append(
            f"{b / BINS:.1f}-{(b + 1) / BINS:.1f}   {int(rows.sum()):>9,} {reported[rows].mean():13.3f}"
            f" {won[rows].mean():6.3f}   [{low:.3f}, {high:.3f}]"
        )
    lines.append("")
    lines.append(f"{'phase':<10} {'decisions':>9} {'mean reported':>13} {'won':>6} {'Brier':>6} {'fair share':>10}")
    phases = defaultdict(list)
    for i, r in enumerate(reports):
        phases[r["phase"]].append(i)
    grouped = sorted(phases.items()) if len(phases) > 1 else []
    for phase, rows in [*grouped, ("all", list(range(len(reports))))]:
        rows = np.array(rows)
        brier = float(((reported[rows] - won[rows]) ** 2).mean())
        fair = float(((1.0 / players - won[rows]) ** 2).mean())
        lines.append(
            f"{phase:<10} {len(rows):>9,} {reported[rows].mean():13.3f} {won[rows].mean():6.3f}"
            f" {brier:6.3f} {fair:10.3f}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument("--iterations", type=int, default=2000, help="each search's iterations (2000)")
    parser.add_argument("--games", type=int, default=60, help="self-play games (60)")
    parser.add_argument("--phase", default="phase", help="the state's field to group decisions by (phase)")
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--json", help="also write every decision's report here")
    parser.add_argument(
        "--setting", action="append", default=[], metavar="KEY=VALUE", help="for every search (repeatable)"
    )
    args = parser.parse_args(argv)
    for option, value in (("--iterations", args.iterations), ("--games", args.games), ("--workers", args.workers)):
        if value < 1:
            parser.error(f"{option}: {value} is below 1")
    game = checked_game(parser, args.game)
    settings = checked_settings(parser, "--setting", args.setting, game)
    jobs = [(args.game, number, args.iterations, settings, args.phase) for number in range(args.games)]
    with multiprocessing.Pool(min(args.workers, args.games)) as pool:
        reports = [report for game_reports in pool.map(one_game, jobs) for report in game_reports]
    print(f"{args.game}: {args.games} self-play games at {args.iterations:,} iterations, {len(reports):,} decisions")
    if reports:
        print("\n".join(calibration_lines(reports, game.players)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"game": args.game, "iterations": args.iterations, "settings": settings, "reports": reports}, f)
            f.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
