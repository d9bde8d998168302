"""Whether the advice's costs can be taken at their word: what the move it advises against lost in play.

    python bench/move_cost_calibration.py --game "automania(players=3)" --games 24 --phase round --json a.json

The advice says what its next best move costs (`instead: ... costs 0.20 win
chance`): the search's estimate of the best move's win chance less the next
best's. This plays both, over and over, and sees what the difference comes to.

Plays --games self-play games in which every seat plays the default search's
best move at --play-iterations. Every --every-th decision with more than one
legal move is kept: the seat to move searches its own view at --iterations
(the advice's budget) and the search's best move and its next best (by
share, as the advice ranks them) are each played, and the game played on to
its end --continuations times from each (every seat at --play-iterations; the
same seeds after either move, so the two differ by the move and what follows
from it). A move's realized chance is the mover's mean win share over its
continuations (a win shared by k counts 1/k). Positions decided either way
(every move the search tried below 0.02, or every one above 0.98: the advice
searches those again for the margin) are skipped.

Prints, by the game's phase (the state's `phase`, or the field --phase names:
Automania's `round`), how many positions, the mean cost the search reported,
the mean cost the continuations realized with a 95% interval (games
resampled whole: a game's positions are not independent), and their ratio
(the realized cost per reported one, with its interval). A ratio near 1 is a
cost that holds in play; near 0, the search ranks moves whose difference the
table does not bear out. Then the same for the final score (the advice's
`ends +1.8 VP on average`): the search's expected score after each move
against the mover's mean final score over the continuations; and the win
chance again by the size of the cost reported (an alternative whose estimate
was higher than the best's, searched less, is "below 0").

The continuations stand for the rest of a game as the default search at
--play-iterations plays it. Where a larger budget plays no better in games
than that (Automania: results.md's budget table), they say what the move is
worth at the table as well as a larger budget's would.

--json writes each position's record as it is finished (a line each:
JSON Lines), --first numbers a later run's games after an earlier run's, and
--records reads earlier runs' lines instead of playing (of the same game,
budgets and settings). --fit-into writes, by phase, the win chance costs'
ratio and the top of its 95% interval (each kept in [0, 1]) into a win chance
map (pyai/win_chance_map.py) as the fit for this game string and
--iterations, beside its slopes: where the top is below 1, the advice says
what its costs came to in play.

    python bench/move_cost_calibration.py --game "automania(players=3)" --phase round \
        --records a.jsonl --fit-into pyai/automania/win_chance_map.json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
from collections import defaultdict
from dataclasses import dataclass

import numpy as np
from strength import checked_game, checked_settings
from win_chance_calibration import update_fit

import pyai
from pyai.commands.advice_text import by_share
from pyai.games import DEFAULT_GAME

DECIDED = 0.02  # pyai advise searches again for the margin below it (and above 1 - it): no cost in win chance
RESAMPLES = 2000
COST_BANDS = (("below 0", 0.0), ("0-0.05", 0.05), ("0.05-0.15", 0.15), ("0.15 up", float("inf")))


def mover_share(state, seat: int) -> float:
    winners = state.winners()
    return 1.0 / len(winners) if seat in winners else 0.0


def self_play(state, chance_seed: int, search_seed: int, iterations: int, settings: dict, at_decision=None):
    """`state` played to its end, chance at random from `chance_seed`, every seat the default search's
    best at `iterations` (seeded `search_seed` plus the decision's number); `at_decision(state, mover,
    number)` is called first at each decision with a choice."""
    rng = random.Random(chance_seed)
    decision = 0
    while not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
            continue
        legal = state.legal_moves_for(mover)
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        decision += 1
        if at_decision is not None:
            at_decision(state, mover, decision)
        result = pyai.analyse(state, mover, iterations=iterations, seed=search_seed + decision, **settings)
        state.apply(by_share(result)[0].token)
    return state


def played_out(state, seed: int, iterations: int, settings: dict):
    """`state` played to its end: chance at random from `seed`, every seat the default search's best."""
    return self_play(state, seed, seed * 7919, iterations, settings)


def position_record(state, mover: int, job: dict, number: int, decision: int) -> dict | None:
    """One kept position: the search's best and next best with their reported chances, and each
    played out --continuations times. None where the advice would tell no cost in win chance."""
    seed = number * 1_000_003 + decision
    result = pyai.analyse(state, mover, iterations=job["iterations"], seed=seed, **job["settings"])
    ranked = [m for m in by_share(result) if m.visits > 0 and m.win is not None]
    if len(ranked) < 2:
        return None
    best, runner = ranked[0], ranked[1]
    if all(m.win < DECIDED for m in ranked) or all(m.win > 1 - DECIDED for m in ranked):
        return None
    realized, scores = {}, {}
    for name, move in (("best", best), ("next", runner)):
        shares, finals = [], []
        for k in range(job["continuations"]):
            branch = state.clone()
            branch.apply(move.token)
            end = played_out(branch, seed * 31 + k, job["play_iterations"], job["settings"])
            shares.append(mover_share(end, mover))
            finals.append(end.scores()[mover])
        realized[name], scores[name] = float(np.mean(shares)), float(np.mean(finals))
    return {
        "game": number,
        "decision": decision,
        "phase": str(state.to_dict().get(job["phase"], "all")),
        "seat": mover,
        "best": best.token,
        "next": runner.token,
        "reported_best": best.win,
        "reported_next": runner.win,
        "realized_best": realized["best"],
        "realized_next": realized["next"],
        "reported_score_best": best.score_mean,
        "reported_score_next": runner.score_mean,
        "realized_score_best": scores["best"],
        "realized_score_next": scores["next"],
    }


def one_game(job: dict) -> list[dict]:
    """The kept positions of one self-play game (written to job's out file as each is done)."""
    number = job["number"]
    records = []

    def keep(state, mover: int, decision: int) -> None:
        if decision % job["every"]:
            return
        record = position_record(state, mover, job, number, decision)
        if record is not None:
            records.append(record)
            if job["out"]:
                with open(job["out"], "a") as f:
                    f.write(json.dumps(dict(record, run=job["run"])) + "\n")

    start = pyai.load_game(job["game"]).new_initial_state()
    self_play(start, number, number * 1_000_003, job["play_iterations"], job["settings"], keep)
    return records


def game_resampled(games: np.ndarray, values: list[np.ndarray], seed: int = 0) -> np.ndarray:
    """Per resample of whole games, each of `values` summed: shape (RESAMPLES, len(values))."""
    rng = np.random.default_rng(seed)
    names = np.unique(games)
    sums = np.array([[v[games == g].sum() for v in values] for g in names])
    picks = rng.integers(0, len(names), (RESAMPLES, len(names)))
    return sums[picks].sum(axis=1)


def cost_band(record: dict) -> str:
    """The reported win chance cost's band: whether large costs hold better than small ones."""
    cost = record["reported_best"] - record["reported_next"]
    return next(name for name, top in COST_BANDS if cost < top)


def cost_lines(records: list[dict], measure: str = "", group=lambda r: r["phase"], title: str = "phase") -> list[str]:
    """By group (the phase unless said) and over all: positions, the mean reported cost, the mean
    realized cost [95%], and the realized cost per reported one [95%]. `measure` "" is the win
    chance, "score_" the final score."""
    records = [r for r in records if None not in (r.get(f"reported_{measure}best"), r.get(f"reported_{measure}next"))]
    lines = [
        f"{title:<10} {'positions':>9} {'reported cost':>13} {'realized cost':>13} {'95% interval':>17}"
        f" {'realized per reported':>21} {'95% interval':>17}"
    ]
    if not records:
        return lines
    groups = defaultdict(list)
    for r in records:
        groups[group(r)].append(r)
    bands = [name for name, _ in COST_BANDS]  # cost bands in their order, phases by name

    def order(name: str) -> tuple[int, str]:
        return (bands.index(name) if name in bands else len(bands), name)

    rows_by_group = [(name, groups[name]) for name in sorted(groups, key=order)] if len(groups) > 1 else []
    for phase, rows in [*rows_by_group, ("all", records)]:
        c = cost_summary(rows, measure)
        lines.append(
            f"{phase:<10} {len(rows):>9,} {c.reported:13.3f} {c.realized:13.3f}"
            f"   [{c.realized_low:+.3f}, {c.realized_high:+.3f}] {c.ratio:21.2f}"
            f"   [{c.ratio_low:+.2f}, {c.ratio_high:+.2f}]"
        )
    return lines


@dataclass(frozen=True)
class CostSummary:
    reported: float  # the mean cost reported
    realized: float  # the mean cost the continuations realized, with its 95% interval
    realized_low: float
    realized_high: float
    ratio: float  # the realized costs' sum per the reported costs' sum, with its 95% interval
    ratio_low: float
    ratio_high: float


def cost_summary(rows: list[dict], measure: str = "") -> CostSummary:
    """The reported and realized costs of `rows` (intervals over whole games resampled)."""
    games = np.array([r["game"] for r in rows])
    reported = np.array([r[f"reported_{measure}best"] - r[f"reported_{measure}next"] for r in rows])
    realized = np.array([r[f"realized_{measure}best"] - r[f"realized_{measure}next"] for r in rows])
    sums = game_resampled(games, [reported, realized, np.ones(len(rows))])
    realized_low, realized_high = np.percentile(sums[:, 1] / sums[:, 2], [2.5, 97.5])
    ratios = sums[:, 1] / np.where(sums[:, 0] == 0, np.nan, sums[:, 0])
    ratio_low, ratio_high = np.nanpercentile(ratios, [2.5, 97.5])
    ratio = realized.sum() / reported.sum() if reported.sum() else float("nan")
    return CostSummary(
        float(reported.mean()),
        float(realized.mean()),
        float(realized_low),
        float(realized_high),
        float(ratio),
        float(ratio_low),
        float(ratio_high),
    )


def cost_fit(records: list[dict]) -> dict[str, dict[str, float]]:
    """Per phase, the win chance costs' ratio and the top of its interval, each kept in [0, 1]
    (what the map tells: pyai/win_chance_map.py); a phase whose costs reported sum to 0 or less
    has no ratio and is left out."""
    phases = defaultdict(list)
    for r in records:
        phases[r["phase"]].append(r)
    fit = {}
    for phase, rows in sorted(phases.items()):
        if sum(r["reported_best"] - r["reported_next"] for r in rows) <= 0:
            continue
        c = cost_summary(rows)
        at_most = round(min(max(c.ratio_high, 0.0), 1.0), 3)
        fit[phase] = {"ratio": min(round(min(max(c.ratio, 0.0), 1.0), 3), at_most), "at_most": at_most}
    return fit


def read_records(parser: argparse.ArgumentParser, paths: list[str], run: dict) -> list[dict]:
    """The positions of earlier runs' --json files, which must be runs of `run` (game, budgets, settings),
    each game in one file only."""
    records, numbers = [], set()
    for path in paths:
        try:
            with open(path) as f:
                rows = [json.loads(line) for line in f if line.strip()]
        except (OSError, ValueError) as error:
            parser.error(f"--records {path}: {error}")
        for row in rows:
            if row.get("run") != run:
                parser.error(f"--records {path}: a run of {row.get('run')}, not of {run}")
        file_numbers = {r["game"] for r in rows}
        if file_numbers & numbers:
            parser.error(f"--records {path}: repeats games {sorted(file_numbers & numbers)[:5]} of an earlier file")
        numbers |= file_numbers
        records += rows
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument("--iterations", type=int, default=20000, help="the advice's search (20000)")
    parser.add_argument("--play-iterations", type=int, default=2000, help="every other search's (2000)")
    parser.add_argument("--games", type=int, default=24, help="self-play games (24)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (0)")
    parser.add_argument("--every", type=int, default=20, help="keep every N-th decision with a choice (20)")
    parser.add_argument("--continuations", type=int, default=2, help="games played on after each move (2)")
    parser.add_argument("--phase", default="phase", help="the state's field to group positions by (phase)")
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--json", help="append each position's record here as it is done (JSON Lines)")
    parser.add_argument("--records", action="append", default=[], metavar="JSON", help="an earlier run's --json")
    parser.add_argument("--fit-into", metavar="MAP", help="write the costs' ratio by phase into this win chance map")
    parser.add_argument(
        "--setting", action="append", default=[], metavar="KEY=VALUE", help="for every search (repeatable)"
    )
    args = parser.parse_args(argv)
    for option in ("iterations", "play_iterations", "games", "every", "continuations", "workers"):
        if getattr(args, option) < 1:
            parser.error(f"--{option.replace('_', '-')}: {getattr(args, option)} is below 1")
    if args.first < 0:
        parser.error(f"--first: {args.first} is below 0")
    game = checked_game(parser, args.game)
    settings = checked_settings(parser, "--setting", args.setting, game)
    run = {
        "game": args.game,
        "iterations": args.iterations,
        "play_iterations": args.play_iterations,
        "continuations": args.continuations,
        "settings": settings,
    }
    if args.records:
        records = read_records(parser, args.records, run)
    else:
        jobs = [
            dict(run, number=n, every=args.every, phase=args.phase, out=args.json, run=run)
            for n in range(args.first, args.first + args.games)
        ]
        with multiprocessing.Pool(min(args.workers, args.games)) as pool:
            records = [r for game_records in pool.imap_unordered(one_game, jobs) for r in game_records]
    games = len({r["game"] for r in records})
    print(
        f"{args.game}: {len(records):,} positions of {games} self-play games, the advice at {args.iterations:,}"
        f" iterations, each move played on {args.continuations} times at {args.play_iterations:,}"
    )
    if records:
        print("the win chance:")
        print("\n".join(cost_lines(records)))
        print("\nthe final score:")
        print("\n".join(cost_lines(records, "score_")))
        print("\nthe win chance, by the cost reported:")
        print("\n".join(cost_lines(records, group=cost_band, title="reported")))
    if args.fit_into and records:
        fit = cost_fit(records)
        update_fit(args.fit_into, args.phase, str(game), args.iterations, costs=fit, cost_games=games)
        print(f"\nthe costs' ratio by phase, kept in [0, 1], with the top of its interval: {fit}")
        print(f"written: {args.fit_into}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
