"""pyai against OpenSpiel on Leduc poker: speed, exploitability and head to head.

    python bench/leduc/leduc_vs_openspiel.py                  # about two minutes on 2 cores
    python bench/leduc/leduc_vs_openspiel.py --quick          # smaller budgets, same figures' shape
    python bench/leduc/leduc_vs_openspiel.py --no-speed --pyai-only --iterations 1000 10000 --setting NAME=VALUE
                                                              # the game's default search with a setting changed
    python bench/leduc/leduc_vs_openspiel.py --no-speed --pyai-only --iterations 1000 --head-to-head 2500
                                                              # and 5,000 hands against OpenSpiel's ISMCTS

Speed: iterations per second of pyai's ISMCTS (algorithm="ismcts",
rollout="random", one thread) and of OpenSpiel's C++ ISMCTSBot
(pyspiel.ISMCTSBot with a RandomRolloutEvaluator of 1 rollout, unlimited
world samples) from the same information states, each search run three
times (the best run counts), and their ratio.

Exploitability: each search is run at a fixed budget from every one of
Leduc's 936 information states (one representative state each, as
OpenSpiel's TabularPolicy lists them; every search sees only the acting
seat's information), and the results are made into two tabular policies: the
reported shares (a mixed policy) and the move with the largest share (a pure
policy). OpenSpiel's exploitability() scores each (the mean over the two
seats of a best response's gain; 0 is a Nash equilibrium). The uniformly
random policy is given as a reference.

The rows: "pyai" is the game's default search (whole-hand CFR) with any
--setting added; "pyai ismcts" is its ISMCTS, which keeps the other seat's
move statistics per its own card (private_opponents); "pyai fused" is the
single-observer ISMCTS without it, whose opponent bets alike with every card.

pyai's ISMCTS and OpenSpiel's use the same UCT constant: pyai's exploration
0.7 on chips divided by 13 (Leduc's kScoreScale) is OpenSpiel's uct_c
0.7 x 13 = 9.1 on raw chips. Needs open_spiel (in the test extra).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import exploitability

import pyai

CARDS = ["js", "jh", "qs", "qh", "ks", "kh"]
MOVES = ["fold", "call", "raise"]
EXPLORATION = 0.7
UCT_C = EXPLORATION * 13  # the same constant on OpenSpiel's raw chips

# Information states for the speed figures, as OpenSpiel action sequences.
SPEED_POSITIONS = {
    "seat 0 opens holding a queen": [2, 5],
    "seat 1 with a king faces a raise": [2, 5, 2],
    "seat 0, jack on a king board, after raise-call": [0, 3, 2, 1, 4],
    "seat 1 pairs the board and faces a raise": [1, 4, 1, 1, 5, 2],
}


def pyai_tokens(spiel_state) -> list[str]:
    """The pyai tokens of an OpenSpiel Leduc state's history."""
    tokens = []
    for step in spiel_state.full_history():
        tokens.append(f"deal:{CARDS[step.action]}" if step.player == pyspiel.PlayerId.CHANCE else MOVES[step.action])
    return tokens


def spiel_state_after(game, actions: list[int]):
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


# Search settings the "pyai" row adds (`--setting name=value`): an option measured against the default.
EXTRA_SETTINGS: dict[str, object] = {}
# pyai's ISMCTS as OpenSpiel's is set up: random rollouts, the same UCT constant.
ISMCTS = {"algorithm": "ismcts", "rollout": "random", "exploration": EXPLORATION}
ROW_SETTINGS: dict[str, dict[str, object]] = {
    "pyai": EXTRA_SETTINGS,
    "pyai ismcts": ISMCTS | {"private_opponents": True},
    "pyai fused": ISMCTS | {"private_opponents": False},
}


def pyai_search(leduc, spiel_state, iterations: int, seed: int, settings: dict[str, object]) -> pyai.AnalysisResult:
    state = leduc.replay(pyai_tokens(spiel_state))
    return pyai.analyse(state, spiel_state.current_player(), iterations=iterations, seed=seed, threads=1, **settings)


def openspiel_bot(game, iterations: int, seed: int):
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(
        seed, evaluator, UCT_C, iterations, -1, pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False
    )


def measure_speed(game, leduc, iterations: int, repeats: int) -> list[tuple[str, float, float]]:
    rows = []
    for name, actions in SPEED_POSITIONS.items():
        spiel_state = spiel_state_after(game, actions)
        ours, theirs = [], []
        for repeat in range(repeats):
            result = pyai_search(leduc, spiel_state, iterations, seed=repeat, settings=ROW_SETTINGS["pyai ismcts"])
            ours.append(result.iterations / (result.elapsed_ms / 1000))
            bot = openspiel_bot(game, iterations, seed=repeat)
            start = time.perf_counter()
            bot.step_with_policy(spiel_state)
            theirs.append(iterations / (time.perf_counter() - start))
        rows.append((name, max(ours), max(theirs)))
    return rows


def tabular_policies(game, search) -> tuple[policy_lib.TabularPolicy, policy_lib.TabularPolicy, float]:
    """The visit-share and most-visited policies of `search(state, index) -> {action: share}`
    over every information state, and the seconds spent searching."""
    shares = policy_lib.TabularPolicy(game)
    best = policy_lib.TabularPolicy(game)
    seconds = 0.0
    for index, state in enumerate(shares.states):
        start = time.perf_counter()
        policy = search(state, index)
        seconds += time.perf_counter() - start
        row = np.zeros(game.num_distinct_actions())
        for action, probability in policy.items():
            row[action] = probability
        shares.action_probability_array[index] = row / row.sum()
        best.action_probability_array[index] = np.eye(game.num_distinct_actions())[int(np.argmax(row))]
    return shares, best, seconds


def measure_exploitability(game, leduc, iterations: int, rows: tuple[str, ...]) -> dict[str, float]:
    def ours(settings: dict[str, object]):
        def search(state, index: int) -> dict[int, float]:
            result = pyai_search(leduc, state, iterations, seed=index, settings=settings)
            return {MOVES.index(m.token): m.share for m in result.moves}

        return search

    def theirs(state, index: int) -> dict[int, float]:
        policy, _ = openspiel_bot(game, iterations, seed=index).step_with_policy(state)
        return dict(policy)

    figures = {}
    for name in rows:
        search = theirs if name == "openspiel" else ours(ROW_SETTINGS[name])
        shares, best, seconds = tabular_policies(game, search)
        figures[f"{name} shares"] = exploitability.exploitability(game, shares)
        figures[f"{name} largest share"] = exploitability.exploitability(game, best)
        figures[f"{name} seconds"] = seconds
    figures["uniform random"] = exploitability.exploitability(game, policy_lib.UniformRandomPolicy(game))
    figures["information states"] = len(policy_lib.TabularPolicy(game).states)
    return figures


def sampled(policy: dict[int, float], rng: np.random.Generator) -> int:
    actions = sorted(policy)
    weights = np.array([policy[a] for a in actions], dtype=float)
    return int(rng.choice(actions, p=weights / weights.sum()))


def play_hand(game, leduc, deal: list[int], pyai_seat: int, iterations: int, seed: int) -> float:
    """One hand dealt `deal` (seat 0's card, seat 1's, the public card): pyai's search at
    `pyai_seat` (the "pyai" row's), OpenSpiel's at the other, each sampling its move from
    its reported policy (its shares); pyai's chips won."""
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    cards = iter(deal)
    decision = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(next(cards))
            continue
        decision += 1
        if state.current_player() == pyai_seat:
            result = pyai_search(leduc, state, iterations, seed=seed * 64 + decision, settings=ROW_SETTINGS["pyai"])
            policy = {MOVES.index(m.token): m.share for m in result.moves}
        else:
            policy, _ = openspiel_bot(game, iterations, seed=seed * 64 + decision).step_with_policy(state)
            policy = dict(policy)
        state.apply_action(sampled(policy, rng))
    return state.returns()[pyai_seat]


def head_to_head(game, leduc, deals: int, iterations: int) -> tuple[float, float, float]:
    """pyai against OpenSpiel over `deals` deals, each played twice with the seats swapped:
    pyai's mean chips a hand and its 95% interval (over deals)."""
    rng = np.random.default_rng(2026)
    per_deal = []
    for number in range(deals):
        deal = [int(card) for card in rng.permutation(len(CARDS))[:3]]
        per_deal.append(
            statistics.fmean(play_hand(game, leduc, deal, seat, iterations, number * 2 + seat) for seat in (0, 1))
        )
    mean = statistics.fmean(per_deal)
    spread = 1.96 * statistics.stdev(per_deal) / len(per_deal) ** 0.5
    return mean, mean - spread, mean + spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="speed budget 20000, exploitability budget 1000")
    parser.add_argument("--speed-iterations", type=int, default=None, help="iterations per speed search (100000)")
    parser.add_argument("--iterations", type=int, nargs="+", default=None, help="exploitability budgets (1000 10000)")
    parser.add_argument(
        "--setting", action="append", default=[], metavar="NAME=VALUE", help="a search setting for pyai's rows"
    )
    parser.add_argument("--no-speed", action="store_true", help="the exploitability figures only")
    parser.add_argument(
        "--head-to-head",
        type=int,
        default=0,
        metavar="DEALS",
        help="also play DEALS deals against OpenSpiel's ISMCTS, seats swapped, both sampling (at the first budget)",
    )
    parser.add_argument("--pyai-only", action="store_true", help='the "pyai" row only (the game\'s default search)')
    args = parser.parse_args()
    for setting in args.setting:
        name, _, value = setting.partition("=")
        EXTRA_SETTINGS[name] = float(value) if value.replace(".", "", 1).isdigit() else value
    speed_iterations = args.speed_iterations or (20_000 if args.quick else 100_000)
    budgets = args.iterations or ([1_000] if args.quick else [1_000, 10_000])
    game = pyspiel.load_game("leduc_poker")
    leduc = pyai.load_game("leduc()")

    if EXTRA_SETTINGS:
        print("pyai's settings added: " + ", ".join(f"{k}={v}" for k, v in EXTRA_SETTINGS.items()))
    if not args.no_speed:
        print(f"ISMCTS iterations per second, random rollouts, one thread ({speed_iterations} iterations, best of 3)")
        print(f"{'information state':<48} {'pyai it/s':>12} {'OpenSpiel it/s':>15} {'ratio':>7}")
        ratios = []
        for name, ours, theirs in measure_speed(game, leduc, speed_iterations, repeats=3):
            ratios.append(ours / theirs)
            print(f"{name:<48} {ours:>12,.0f} {theirs:>15,.0f} {ours / theirs:>6.1f}x")
        print(f"{'geometric mean of the ratios':<48} {'':>12} {'':>15} {statistics.geometric_mean(ratios):>6.1f}x")
        print()
    rows = ("pyai",) if args.pyai_only else ("pyai", "pyai ismcts", "pyai fused", "openspiel")
    for budget in budgets:
        figures = measure_exploitability(game, leduc, budget, rows)
        print(f"exploitability at {budget} iterations per information state ({figures['information states']} states)")
        for name in rows:
            print(
                f"  {name:<11} shares {figures[f'{name} shares']:.4f}   "
                f"largest share {figures[f'{name} largest share']:.4f}   "
                f"({figures[f'{name} seconds']:.1f} s of search)"
            )
        print(f"  uniform random policy: {figures['uniform random']:.4f}")
    if args.head_to_head:
        mean, low, high = head_to_head(game, leduc, args.head_to_head, budgets[0])
        hands = 2 * args.head_to_head
        print(f"head to head at {budgets[0]} iterations, {hands} hands ({args.head_to_head} deals, seats swapped)")
        print(f"  pyai against OpenSpiel ISMCTS, both sampling: {mean:+.3f} chips a hand [{low:+.3f}, {high:+.3f}]")


if __name__ == "__main__":
    main()
