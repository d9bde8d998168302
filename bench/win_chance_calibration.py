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

    python bench/win_chance_calibration.py --game "automania(players=3)" --iterations 20000 --phase round \
        --reports a.json --reports b.json --fit-into pyai/automania/win_chance_map.json

--reports reads the decisions of earlier runs (their --json) instead of
playing; the runs must share the game, the budget and the settings.
--fit-into fits, by phase, the slope that draws the reports toward the fair
share on the log-odds (pyai/win_chance_map.py: what the advice then tells),
prints the tenths again with each report mapped by a fit that left its own
game out, and the Brier scores, and writes the slopes into the file (the
entry for this game string and budget replaced, the others kept).
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
from pyai.win_chance_map import FORMAT, MAP_FILE, logit, mapped, parse

NEWTON_STEPS = 50

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


def fitted_slope(reported: np.ndarray, won: np.ndarray, fair: float) -> float:
    """The slope s in [0, 1] of sigmoid(c + s (logit(reported) - c)), c = logit(fair), that best
    predicts `won` (the log loss, by Newton's method; a win shared by k counts 1/k)."""
    centre = logit(fair)
    x = np.array([logit(p) for p in reported]) - centre
    slope = 1.0
    for _ in range(NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(-(centre + slope * x)))
        gradient, curvature = float(((p - won) * x).sum()), float((p * (1 - p) * x * x).sum())
        if curvature <= 0:
            break
        slope -= gradient / curvature
    return float(min(max(slope, 0.0), 1.0))


def told(reported: np.ndarray, fair: float, slope: float) -> np.ndarray:
    """Each report as the advice tells it through a map of `slope` (the map's own formula)."""
    return np.array([mapped(p, fair, slope) for p in reported])


def fit_lines(reports: list[dict], players: int) -> tuple[dict[str, float], list[str], list[dict]]:
    """The slope per phase, the lines that show it (Brier of the reports, of the reports mapped by a fit
    that left their own game out, of the fair share), and the reports so mapped."""
    fair = 1.0 / players
    slopes, lines, held_out = {}, [], []
    lines.append(f"{'phase':<10} {'decisions':>9} {'slope':>6} {'Brier':>6} {'mapped':>7} {'left out':>8} {'fair':>6}")
    phases = defaultdict(list)
    for r in reports:
        phases[r["phase"]].append(r)
    for phase, rows in sorted(phases.items()):
        games = np.array([r["game"] for r in rows])
        reported = np.array([r["reported"] for r in rows])
        won = np.array([r["won"] for r in rows])
        slopes[phase] = fitted_slope(reported, won, fair)
        left_out = np.empty(len(rows))
        for game in np.unique(games):
            out = games == game
            left_out[out] = told(reported[out], fair, fitted_slope(reported[~out], won[~out], fair))
        held_out += [dict(r, reported=float(p)) for r, p in zip(rows, left_out)]

        def brier(p: np.ndarray | float) -> float:
            return float(((p - won) ** 2).mean())  # noqa: B023 (used within this pass)

        lines.append(
            f"{phase:<10} {len(rows):>9,} {slopes[phase]:6.2f} {brier(reported):6.3f}"
            f" {brier(told(reported, fair, slopes[phase])):7.3f} {brier(left_out):8.3f} {brier(fair):6.3f}"
        )
    return slopes, lines, held_out


def write_fit(path: str, phase_field: str, game: str, iterations: int, games: int, slopes: dict[str, float]) -> None:
    """The slopes into the map file at `path` (made if missing) for this game string and budget."""
    rounded = {phase: round(slope, 3) for phase, slope in slopes.items()}
    update_fit(path, phase_field, game, iterations, games=games, slopes=rounded)


def update_fit(path: str, phase_field: str, game: str, iterations: int, **fields: object) -> None:
    """`fields` into the map file's entry for this game string and budget (made if missing, with
    no slopes; what else the entry holds is kept, as are the other entries); the file is checked
    as the advice will read it before it is written."""
    try:
        with open(path) as f:
            data = json.load(f)
    except FileNotFoundError:
        data = {
            "about": "the advice's win chance as self-play bore it out: pyai/win_chance_map.py reads it, "
            "bench/win_chance_calibration.py and bench/move_cost_calibration.py --fit-into write it",
            "format": FORMAT,
            "stage_field": phase_field,
            "fitted": [],
        }
    if data.get("stage_field") != phase_field:
        raise SystemExit(f"{path}: its stages are by {data.get('stage_field')!r}, this fit's by {phase_field!r}")
    same = [e for e in data["fitted"] if (e["game"], e["iterations"]) == (game, iterations)]
    entry = same[0] if same else {"game": game, "iterations": iterations, "slopes": {}}
    entry.update(fields)
    kept = [e for e in data["fitted"] if (e["game"], e["iterations"]) != (game, iterations)]
    data["fitted"] = sorted([*kept, entry], key=lambda e: (e["game"], e["iterations"]))
    parse(data, path)
    with open(path, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument("--iterations", type=int, default=2000, help="each search's iterations (2000)")
    parser.add_argument("--games", type=int, default=60, help="self-play games (60)")
    parser.add_argument(
        "--first", type=int, default=0, help="the first game's number (0): a later run adds games, not repeats"
    )
    parser.add_argument("--phase", default="phase", help="the state's field to group decisions by (phase)")
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--json", help="also write every decision's report here")
    parser.add_argument(
        "--reports", action="append", default=[], metavar="JSON", help="an earlier run's --json (repeatable)"
    )
    parser.add_argument("--fit-into", metavar=MAP_FILE, help="fit the map by phase and write it here")
    parser.add_argument(
        "--setting", action="append", default=[], metavar="KEY=VALUE", help="for every search (repeatable)"
    )
    args = parser.parse_args(argv)
    for option, value in (("--iterations", args.iterations), ("--games", args.games), ("--workers", args.workers)):
        if value < 1:
            parser.error(f"{option}: {value} is below 1")
    if args.first < 0:
        parser.error(f"--first: {args.first} is below 0")
    game = checked_game(parser, args.game)
    settings = checked_settings(parser, "--setting", args.setting, game)
    if args.reports:
        reports, games = saved_reports(parser, args, settings)
    else:
        jobs = [
            (args.game, number, args.iterations, settings, args.phase)
            for number in range(args.first, args.first + args.games)
        ]
        with multiprocessing.Pool(min(args.workers, args.games)) as pool:
            reports = [report for game_reports in pool.map(one_game, jobs) for report in game_reports]
        games = args.games
    print(f"{args.game}: {games} self-play games at {args.iterations:,} iterations, {len(reports):,} decisions")
    if reports:
        print("\n".join(calibration_lines(reports, game.players)))
    if args.fit_into and reports:
        slopes, lines, held_out = fit_lines(reports, game.players)
        print("\nthe map, by phase (Brier: as reported, mapped, mapped by a fit that left the game out, fair share):")
        print("\n".join(lines))
        print("\nmapped by a fit that left the game out:")
        print("\n".join(calibration_lines(held_out, game.players)))
        write_fit(args.fit_into, args.phase, str(game), args.iterations, games, slopes)
        print(f"\nwritten: {args.fit_into}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"game": args.game, "iterations": args.iterations, "settings": settings, "reports": reports}, f)
            f.write("\n")
    return 0


def saved_reports(parser: argparse.ArgumentParser, args: argparse.Namespace, settings: dict) -> tuple[list[dict], int]:
    """The decisions of the runs in --reports, which must be of --game, --iterations and --setting's
    search (each game numbered once: runs that repeat a game would count it twice)."""
    reports, numbers = [], set()
    for path in args.reports:
        try:
            with open(path) as f:
                run = json.load(f)
        except (OSError, ValueError) as error:
            parser.error(f"--reports {path}: {error}")
        if (run.get("game"), run.get("iterations")) != (args.game, args.iterations):
            parser.error(
                f"--reports {path}: a run of {run.get('game')!r} at {run.get('iterations')} iterations, "
                f"not of --game {args.game!r} at --iterations {args.iterations}"
            )
        searched = run.get("settings", {})  # a file that names none: the default search
        if searched != settings:
            parser.error(f"--reports {path}: searched with {searched}, not --setting's {settings}")
        run_numbers = {r["game"] for r in run["reports"]}
        if run_numbers & numbers:
            parser.error(f"--reports {path}: repeats games {sorted(run_numbers & numbers)[:5]} of an earlier file")
        numbers |= run_numbers
        reports += run["reports"]
    return reports, len(numbers)


if __name__ == "__main__":
    raise SystemExit(main())
