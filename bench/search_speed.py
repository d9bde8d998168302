"""Iterations per second of the search under each list of settings, phase by phase.

    python bench/search_speed.py                     # pyai's default game: evaluation=rollout against evaluation=model
    python bench/search_speed.py --game "forsale(players=6)" --iterations 20000
    python bench/search_speed.py --game "automania(players=3)" --settings "" --settings "rollout=random"

Positions: every decision of a few heuristic self-play games (fixed seeds),
grouped by phase (or round); each is searched once under each list of settings (the
ismcts bot's, as in `ismcts:<settings>`; "" is the game's default) with the
same seed and budget (1 thread), in alternation, so the machine's load falls
on all alike. Prints iterations per second and the mean rollout length under
each, and each one's speed as a ratio of the first's (the mean of the
positions' ratios).
"""

from __future__ import annotations

import argparse
import random
import statistics

from strength import checked_game

import pyai
from pyai.games import DEFAULT_GAME
from pyai.tournament.specs import SpecError, check_spec, parse_spec

DEFAULT_SETTINGS = ("evaluation=rollout", "evaluation=model")


def phase_of(state) -> str:
    """The game's phase if it names one, else its round (the state's dict, as the game writes it)."""
    facts = state.to_dict()
    if "phase" in facts:
        return str(facts["phase"])
    return f"round {facts['round']}" if "round" in facts else "all"


def positions(game, games: int, every: int):
    """(phase, state) at every `every`-th decision of heuristic self-play."""
    found = []
    for g in range(games):
        rng = random.Random(g)
        bots = [pyai.make_bot("heuristic", seed=100 * g + seat) for seat in range(game.players)]
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            mover = state.to_move()
            if mover == "chance":
                state.apply(state.sample_chance(rng.getrandbits(32)))
                continue
            if decisions % every == 0:
                found.append((phase_of(state), state.clone()))
            decisions += 1
            state.apply(bots[mover].choose(state))
    return found


def search_settings(text: str, game) -> dict:
    """The settings of `ismcts:<text>`, checked for `game`."""
    spec = parse_spec(f"ismcts:{text}" if text.strip() else "ismcts")
    check_spec(spec, game)
    return dict(spec.settings)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"any registered game (default {DEFAULT_GAME})")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=5, help="search every n-th decision")
    parser.add_argument("--iterations", type=int, default=10_000)
    parser.add_argument(
        "--settings",
        action="append",
        metavar="KEY=VALUE,...",
        help="a list of search settings to time (repeatable; the first is the base of the ratios; "
        f"default: {' and '.join(DEFAULT_SETTINGS)})",
    )
    args = parser.parse_args(argv)
    if min(args.games, args.every, args.iterations) < 1:
        parser.error("--games, --every and --iterations must each be at least 1")
    game = checked_game(parser, args.game)
    labels = args.settings if args.settings else list(DEFAULT_SETTINGS)
    try:
        searches = {label or "default": search_settings(label, game) for label in labels}
    except SpecError as error:
        parser.error(f"--settings: {error}")
    by_phase: dict[str, dict[str, tuple[list[float], list[float]]]] = {}
    for phase, state in positions(game, args.games, args.every):
        rows = by_phase.setdefault(phase, {label: ([], []) for label in searches})
        for label, settings in searches.items():
            result = pyai.analyse(state, seed=1, **{**settings, "iterations": args.iterations, "threads": 1})
            rows[label][0].append(result.iterations / result.elapsed_ms * 1000)
            rows[label][1].append(result.mean_rollout_length)
    print(f"{args.game}, {args.iterations} iterations a search, 1 thread")
    base = next(iter(searches))
    width = max(len("settings"), *(len(label) for label in searches))
    print(f"{'phase':<9} {'positions':>9}  {'settings':<{width}} {'it/s':>10} {'ratio':>6} {'length':>7}")
    for phase, rows in by_phase.items():
        for label, (speeds, lengths) in rows.items():
            ratio = statistics.mean(s / b for s, b in zip(speeds, rows[base][0]))
            print(
                f"{phase:<9} {len(speeds):>9}  {label:<{width}} {statistics.mean(speeds):>10,.0f} {ratio:>5.2f}x "
                f"{statistics.mean(lengths):>7.1f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
