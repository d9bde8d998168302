"""Automania: ISMCTS with heuristic rollouts against ISMCTS with random rollouts.

    python bench/automania/automania_rollouts.py --budget iterations=1000 --deals 12 --out its.jsonl
    python bench/automania/automania_rollouts.py --budget iterations=100 --random-budget iterations=6300 \\
        --out time.jsonl
    python bench/automania/automania_rollouts.py --report its.jsonl time.jsonl

Head to head at 3 players: in every game one seat searches with heuristic
rollouts (rollout=heuristic) and two with random rollouts (rollout=random),
all of them played to the end of the game (evaluation=rollout; Automania's
default now stops them where the next round is dealt, docs/automania.md),
the heuristic seat rotating over the three seats of each deal; the chance
tokens are drawn from the deal's seed and the step number, so every rotation
of a deal turns up the same tiles, demands and contracts. Both sides get the
same budget (--budget), or each its own (--random-budget for the random side).
Equal time is best given as iterations in the ratio of the two sides' speeds
(random rollouts run ~60 times as many iterations a second): a time_ms budget
is checked only every 64 iterations, and 64 heuristic rollouts from early in
the game take far more than a short time budget. The report shows each side's
seconds, to check the time was equal. A decision with one legal move is played without a search (it cannot
change the game). Each game is appended to the --out file (JSON lines) as it
ends, so a long run can be stopped and reported on; --report prints the
heuristic seat's win share (fair share 1/3) with a 95% interval over deals,
and each side's mean iterations per second. A report, not a test: it takes
long (heuristic rollouts cost ~60 times random ones).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import time

import pyai

PLAYERS = 3


def play_game(args: tuple[int, int, dict, dict]) -> dict:
    deal, rotation, budget, random_budget = args
    game = pyai.load_game(f"automania(players={PLAYERS})")
    rollout = ["heuristic" if seat == rotation else "random" for seat in range(PLAYERS)]
    bots = [
        pyai.make_bot(
            "ismcts",
            seed=deal * 1000 + rotation * 10 + seat,
            rollout=rollout[seat],
            evaluation="rollout",  # whole-game rollouts, as this comparison measured them
            **(budget if seat == rotation else random_budget),
        )
        for seat in range(PLAYERS)
    ]
    iterations = {"heuristic": 0, "random": 0}
    seconds = {"heuristic": 0.0, "random": 0.0}
    state = game.new_initial_state()
    chance_step = 0
    while not state.is_terminal():
        mover = state.to_move()
        if mover == "chance":
            chance_step += 1
            state.apply(state.sample_chance(deal * 7_919 + chance_step))
            continue
        legal = state.legal_moves()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        bot = bots[mover]
        state.apply(bot.choose(state))
        iterations[rollout[mover]] += bot.last_result.iterations
        seconds[rollout[mover]] += bot.last_result.elapsed_ms / 1000
    winners = state.winners()
    return {
        "deal": deal,
        "rotation": rotation,
        "budget": budget,
        "random_budget": random_budget,
        "share": 1 / len(winners) if rotation in winners else 0.0,
        "scores": state.scores(),
        "iterations": iterations,
        "seconds": seconds,
    }


def parse_budget(text: str) -> dict:
    key, value = text.split("=", 1)
    if key not in ("iterations", "time_ms"):
        raise SystemExit("--budget is iterations=N or time_ms=N")
    return {"iterations": int(value)} if key == "iterations" else {"time_ms": float(value), "iterations": 0}


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share over games."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def report(path: str) -> None:
    games = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    if not games:
        print(f"{path}: no games")
        return
    by_deal: dict[int, list[float]] = {}
    for g in games:
        by_deal.setdefault(g["deal"], []).append(g["share"])
    deal_means = [statistics.fmean(v) for v in by_deal.values()]
    mean = statistics.fmean(deal_means)
    half = 1.96 * statistics.stdev(deal_means) / math.sqrt(len(deal_means)) if len(deal_means) > 1 else float("nan")
    heuristic_scores = [g["scores"][g["rotation"]] for g in games]
    random_scores = [s for g in games for seat, s in enumerate(g["scores"]) if seat != g["rotation"]]
    speed = {
        side: sum(g["iterations"][side] for g in games) / max(1e-9, sum(g["seconds"][side] for g in games))
        for side in ("heuristic", "random")
    }
    budgets = f"budget {games[0]['budget']}, random side {games[0].get('random_budget', games[0]['budget'])}"
    print(f"{path}: {budgets}, {len(games)} games over {len(by_deal)} deals, 3 players")
    wins = sum(g["share"] for g in games)
    low, high = wilson(wins, len(games))
    print(
        f"  heuristic-rollout seat win share {mean:.3f} +- {half:.3f} over deals "
        f"(95% CI {mean - half:.3f}..{mean + half:.3f}); {wins:g}/{len(games)} games, "
        f"Wilson 95% {low:.3f}..{high:.3f}; fair share {1 / PLAYERS:.3f}"
    )
    print(
        f"  mean VP: heuristic rollouts {statistics.fmean(heuristic_scores):.1f}, "
        f"random rollouts {statistics.fmean(random_scores):.1f}"
    )
    print(f"  iterations/s: heuristic rollouts {speed['heuristic']:.0f}, random rollouts {speed['random']:.0f}")
    per_seat = {
        "heuristic": statistics.fmean(g["seconds"]["heuristic"] for g in games),
        "random": statistics.fmean(g["seconds"]["random"] for g in games) / (PLAYERS - 1),
    }
    print(
        f"  search seconds a game per seat: heuristic rollouts {per_seat['heuristic']:.1f}, "
        f"random rollouts {per_seat['random']:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", default="iterations=1000", help="iterations=N or time_ms=N, for both sides")
    parser.add_argument("--random-budget", default=None, help="the random-rollout side's own budget")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first-deal", type=int, default=1)
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--out", default="automania_rollouts.jsonl")
    parser.add_argument("--report", nargs="*", metavar="FILE", help="report on result files and exit")
    args = parser.parse_args()
    if args.report is not None:
        for path in args.report:
            report(path)
        return
    budget = parse_budget(args.budget)
    random_budget = parse_budget(args.random_budget) if args.random_budget else budget
    jobs = [
        (deal, rotation, budget, random_budget)
        for deal in range(args.first_deal, args.first_deal + args.deals)
        for rotation in range(PLAYERS)
    ]
    start = time.time()
    with multiprocessing.Pool(args.workers) as pool, open(args.out, "a", encoding="utf-8") as out:
        for done, result in enumerate(pool.imap_unordered(play_game, jobs), 1):
            out.write(json.dumps(result) + "\n")
            out.flush()
            print(f"{done}/{len(jobs)} games, {time.time() - start:.0f} s", flush=True)
    report(args.out)


if __name__ == "__main__":
    main()
