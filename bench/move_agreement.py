"""Whether more iterations still change the search's choices: move agreement by budget.

    python bench/move_agreement.py --game "forsale(players=4)" --games 12 --budgets 2000,20000,200000

Plays --games self-play games of ismcts at the smallest budget, keeps every
--every-th decision that has more than one legal move, and searches each kept
position for the seat to move at every budget, twice (seeds 1 and 2). A search
chooses its most visited move, or at a simultaneous secret choice the most
probable move of its mixed policy. Prints, by the game's phase (the state's
`phase` field, if it has one, or the field --phase names: Automania's `step`):

- how often the two seeds choose the same move at each budget: the search's
  own noise at that budget;
- how often each smaller budget chooses the move of the largest (over the
  four pairs of seeds).

With --heuristic the table also says how often the game's heuristic bot
plays the largest budget's move (how far the rollout policy is from what the
search settles on); --setting key=value (repeatable) gives every search,
self-play and analysis alike, a setting of its own (read as a tournament bot
spec's settings are, pyai/tournament/specs.py).

With --value-alone N, where the smallest and the largest budget (seed 1 each)
choose different moves, each of the two moves is searched alone (UCI's
`searchmoves`) at N iterations with two fresh seeds (3 and 4), with the
settings of --setting and --alone-setting (say `max_nodes=2`: a tree one move
deep, the move's value by rollouts alone), and the printout says how much more
the search itself expects the largest budget's move to win, and that gain
summed over the changes a seat makes in a game: what the larger search's
changes are worth by the search's own estimate, to hold against what they win
in games. --positions FILE takes an earlier run's --json (its positions and
choices, game, budgets and settings) and values them again, with other
--alone-setting, without searching them again.

When a budget agrees with the largest about as often as the largest agrees
with itself, the extra iterations no longer change what the search plays:
its choices have settled on what its rollouts, chance grouping and opponent
model make of the position, and a stronger search needs better ones, not more
iterations. The seeds and iteration budgets make a run reproducible.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import multiprocessing.pool
import random
import statistics
from collections import defaultdict

from strength import checked_game, checked_settings

import pyai
from pyai.games import DEFAULT_GAME

SEEDS = (1, 2)
ALONE_SEEDS = (3, 4)  # fresh seeds: a move's value is not read from the search that chose it


def chosen(result: pyai.AnalysisResult) -> str:
    """The move a search plays: its most visited, or its mixed policy's most probable."""
    return max(result.moves, key=lambda m: (m.share, m.visits)).token


def kept_positions(
    game_string: str, games: int, every: int, budget: int, settings: dict, phase_field: str = "phase"
) -> list[tuple[str, int, str]]:
    """(the position's record, the seat to move, its state's `phase_field`) of every `every`-th real
    decision of `games` self-play games of ismcts at `budget` iterations."""
    game = pyai.load_game(game_string)
    kept = []
    for number in range(games):
        bots = [
            pyai.make_bot("ismcts", iterations=budget, seed=number * 100 + seat, **settings)
            for seat in range(game.players)
        ]
        state, rng = game.new_initial_state(), random.Random(number)
        decisions = 0
        while not state.is_terminal():
            mover = state.to_move()
            if mover == "chance":
                state.apply(state.sample_chance(rng.getrandbits(64)))
                continue
            if len(state.legal_moves_for(mover)) > 1:
                decisions += 1
                if decisions % every == 0:
                    kept.append((state.history(), mover, str(state.to_dict().get(phase_field, "all"))))
            state.apply(bots[mover].choose(state, mover))
    return kept


def choices_at(args: tuple[str, list[str], int, list[int], dict, bool]) -> dict:
    """The moves the searches at each budget choose in one position, one per seed; with
    `heuristic`, also the heuristic bot's move (key "heuristic")."""
    game_string, history, seat, budgets, settings, heuristic = args
    state = pyai.load_game(game_string).replay(history)
    found: dict = {
        budget: [chosen(pyai.analyse(state, seat, iterations=budget, seed=seed, **settings)) for seed in SEEDS]
        for budget in budgets
    }
    if heuristic:
        found["heuristic"] = pyai.make_bot("heuristic").choose(state, seat)
    return found


def alone_values_at(args: tuple[str, list[str], int, tuple[str, str], int, dict]) -> dict:
    """Each of `moves`' win estimates when searched alone at `iterations`, one per fresh seed."""
    game_string, history, seat, moves, iterations, settings = args
    state = pyai.load_game(game_string).replay(history)
    return {
        move: [alone_value(state, seat, move, iterations, seed, settings) for seed in ALONE_SEEDS] for move in moves
    }


def alone_value(state: pyai.State, seat: int, move: str, iterations: int, seed: int, settings: dict) -> float:
    """The seat's win estimate for `move` from a search that may play it alone."""
    result = pyai.analyse(state, seat, iterations=iterations, seed=seed, searchmoves=[move], **settings)
    return next(m.win for m in result.moves if m.token == move)


def first_seed_moves(choices: dict, budgets: list[int]) -> tuple[str, str]:
    """The moves the smallest and the largest budget chose with the first seed."""
    return choices[budgets[0]][0], choices[budgets[-1]][0]


def change_values(
    positions: list[dict], budgets: list[int], alone: int, decisions_per_seat_game: float, alone_settings: dict
) -> list[str]:
    """What the largest budget's changes of the smallest's moves are worth by the search's own
    estimate: the mean gain in win estimate where the two differ, and that summed over a game."""
    smallest, largest = budgets[0], budgets[-1]
    gains = []
    for position in positions:
        values = position["choices"].get("alone")
        if values:
            smaller_move, larger_move = first_seed_moves(position["choices"], budgets)
            gains.append(statistics.mean(values[larger_move]) - statistics.mean(values[smaller_move]))
    changed = len(gains) / len(positions)
    lines = [
        f"{largest:,} chose another move than {smallest:,} (seed {SEEDS[0]} each) at {len(gains)} of "
        f"{len(positions)} positions ({changed:.1%})."
    ]
    if len(gains) < 2:
        return lines
    mean = statistics.mean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    changes = changed * decisions_per_seat_game
    lines += [
        f"Each move searched alone at {alone:,} iterations (seeds {ALONE_SEEDS}"
        + "".join(f", {key}={value}" for key, value in sorted(alone_settings.items()))
        + "): the search expects "
        f"{largest:,}'s move to win {mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}] more, a change.",
        f"About {changes:.1f} changes a seat a game ({decisions_per_seat_game:.1f} decisions with a choice): "
        f"summed, {changes * mean:+.3f} [{changes * (mean - half):+.3f}, {changes * (mean + half):+.3f}] "
        "win share a game by the search's own estimate.",
    ]
    return lines


def agreement(positions: list[dict], budgets: list[int], heuristic: bool = False) -> list[str]:
    """The markdown table: by phase, each budget's agreement with itself and with the largest
    (and the heuristic's with the largest)."""
    largest = budgets[-1]
    by_phase = defaultdict(list)
    for position in positions:
        for phase in (position["phase"], "all"):
            by_phase[phase].append(position["choices"])
    smaller = budgets[:-1]
    lines = [
        "| phase | positions | the same move at two seeds: "
        + " / ".join(f"{b:,}" for b in budgets)
        + " | "
        + " | ".join(f"{b:,} vs {largest:,}" for b in smaller)
        + (f" | the heuristic vs {largest:,}" if heuristic else "")
        + " |",
        "| --- |" + " --- |" * (2 + len(smaller) + heuristic),
    ]
    for phase, choices in sorted(by_phase.items(), key=lambda item: (item[0] == "all", item[0])):
        count = len(choices)
        itself = [sum(c[b][0] == c[b][1] for c in choices) / count for b in budgets]
        with_largest = [
            sum(sum(x == y for x in c[b] for y in c[largest]) / len(SEEDS) ** 2 for c in choices) / count
            for b in smaller
        ]
        if heuristic:
            with_largest.append(sum(sum(c["heuristic"] == y for y in c[largest]) / len(SEEDS) for c in choices) / count)
        lines.append(
            f"| {phase} | {count} | "
            + " / ".join(f"{share:.2f}" for share in itself)
            + " | "
            + " | ".join(f"{share:.2f}" for share in with_largest)
            + " |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # Defaults of None, filled in below, tell what was given: --positions takes these from its file.
    parser.add_argument("--game", help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument("--games", type=int, help="self-play games to take positions from (12)")
    parser.add_argument("--every", type=int, help="keep every N-th real decision (4)")
    parser.add_argument("--budgets", help="comma-separated iterations, smallest first (2000,20000,200000)")
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--json", help="also write every position's choices here")
    parser.add_argument("--heuristic", action="store_true", help="also the heuristic bot's agreement with the largest")
    parser.add_argument("--phase", help="the state's field to group positions by (phase)")
    parser.add_argument(
        "--setting", action="append", default=[], metavar="KEY=VALUE", help="for every search (repeatable)"
    )
    parser.add_argument(
        "--value-alone",
        type=int,
        default=0,
        metavar="N",
        help="where the smallest and largest budgets choose apart, value each move searched alone at N iterations",
    )
    parser.add_argument(
        "--alone-setting",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="with --value-alone: for the searches of a move alone only, over --setting's (repeatable)",
    )
    parser.add_argument(
        "--positions",
        metavar="FILE",
        help="the positions and choices of an earlier run's --json (its game, games, budgets and settings): "
        "no game or choice is searched again, only --value-alone's values",
    )
    args = parser.parse_args()
    if args.workers < 1:
        parser.error(f"--workers: {args.workers} is below 1")
    if args.value_alone < 0:
        parser.error(f"--value-alone: {args.value_alone} is below 0 (0: no values)")
    run = earlier_run(parser, args) if args.positions else fresh_run(parser, args)
    game = pyai.load_game(run.game)
    alone_settings = checked_settings(parser, "--alone-setting", args.alone_setting, game)

    with multiprocessing.Pool(args.workers) as pool:
        if run.positions is None:
            kept = kept_positions(run.game, run.games, run.every, run.budgets[0], run.settings, args.phase or "phase")
            jobs = [(run.game, history, seat, run.budgets, run.settings, args.heuristic) for history, seat, _ in kept]
            run.positions = [
                {"history": history, "seat": seat, "phase": phase, "choices": found}
                for (history, seat, phase), found in zip(kept, pool.map(choices_at, jobs))
            ]
        if args.value_alone:
            value_changes(pool, run, args.value_alone, {**run.settings, **alone_settings})
    positions, budgets = run.positions, run.budgets
    print("\n".join(agreement(positions, budgets, args.heuristic)))
    print(f"\n({len(positions)} positions from {run.games} games of ismcts at {budgets[0]:,}; seeds {SEEDS})")
    if args.value_alone and positions:
        decisions_per_seat_game = len(positions) * run.every / run.games / game.players
        values = change_values(positions, budgets, args.value_alone, decisions_per_seat_game, alone_settings)
        print("\n" + "\n".join(values))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dataclasses.asdict(run), f, indent=1)
            f.write("\n")


@dataclasses.dataclass
class Run:
    """What a run searched: the game, its self-play games and every how many decisions a
    position was kept, the budgets and the searches' settings, and the positions with their
    choices (None until searched)."""

    game: str
    games: int
    every: int
    budgets: list[int]
    settings: dict
    positions: list[dict] | None = None


def value_changes(pool: multiprocessing.pool.Pool, run: Run, iterations: int, settings: dict) -> None:
    """Where the smallest and largest budgets (first seed) choose apart, both moves' values
    searched alone (choices key "alone")."""
    assert run.positions is not None
    moves = [(p, first_seed_moves(p["choices"], run.budgets)) for p in run.positions]
    apart = [(p, pair) for p, pair in moves if pair[0] != pair[1]]
    jobs = [(run.game, p["history"], p["seat"], pair, iterations, settings) for p, pair in apart]
    for (position, _), values in zip(apart, pool.map(alone_values_at, jobs)):
        position["choices"]["alone"] = values


def fresh_run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Run:
    """The run the options ask for, checked (the parser's error otherwise)."""
    games = 12 if args.games is None else args.games
    every = 4 if args.every is None else args.every
    if games < 1 or every < 1:
        parser.error("--games and --every must each be at least 1")
    text = args.budgets or "2000,20000,200000"
    try:
        budgets = sorted(int(budget) for budget in text.split(","))
    except ValueError:
        parser.error(f"--budgets: {text!r} is not a comma-separated list of whole numbers")
    if len(budgets) < 2 or budgets[0] < 1:
        parser.error(f"--budgets: give at least two budgets of 1 iteration or more ({text!r})")
    game_string = DEFAULT_GAME if args.game is None else args.game
    game = checked_game(parser, game_string)
    return Run(game_string, games, every, budgets, checked_settings(parser, "--setting", args.setting, game))


def earlier_run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Run:
    """An earlier --json's run: its positions with their budgets' choices (keyed by budget
    again; its values left out, to be made afresh). The options it settles are refused."""
    own = {"--game": args.game, "--games": args.games, "--every": args.every, "--budgets": args.budgets}
    own |= {"--phase": args.phase, "--setting": args.setting or None, "--heuristic": args.heuristic or None}
    given = ", ".join(option for option, value in own.items() if value is not None)
    if given:
        parser.error(f"--positions: the run's game, positions, budgets and settings are the file's; leave out {given}")
    try:
        with open(args.positions) as f:
            run = Run(**json.load(f))
        for position in run.positions or []:
            choices = position["choices"]
            choices.pop("alone", None)
            position["choices"] = {int(k) if k.isdigit() else k: v for k, v in choices.items()}
        pyai.load_game(run.game)
        return run
    except OSError as error:
        parser.error(f"--positions: {error.strerror}: {args.positions}")
    except (ValueError, KeyError, TypeError, AttributeError, pyai.PyaiError) as error:
        parser.error(f"--positions: {args.positions} is not a --json of this script ({error!r})")


if __name__ == "__main__":
    main()
