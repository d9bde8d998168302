"""Tournament statistics from stored games.

Per bot (a bot is a distinct spec; its copies in one game all count):
- games: the seats it played (a bot in two seats of a game plays two games);
- wins: the sum of its win shares (a win shared by k seats counts 1/k each);
- win rate = wins / games, with a 95% interval from a bootstrap over deals
  (whole deals are resampled, so the seatings of a deal stay together);
- mean score (the game's final score, games that ended normally only) and mean rank
  (1 = first; tied seats share the mean of their places; a failed game ranks
  its culprit last and the others at the mean of the other places), each
  with a bootstrap interval;
- failures: games it lost by crash, timeout, illegal move or garbage;
- ms/move: its mean thinking time a decision;
- win share in each deal: its wins over its seats in that deal's games (keyed by
  the deal's number), so that two runs of the same deals can be paired deal by
  deal and the luck of the cards cancels;
- rating: openskill's Plackett-Luce model over every game in deal and
  seating order (mu and sigma; sigma is the rating's uncertainty). Copies of
  a bot in one game are rated as separate teams and their updates added.
Head-to-head: for each pair of distinct bots, over every pair of seats they
held in the same game, how often A finished ahead of B, behind, or level.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import numpy as np

from .play import OUTCOMES

BOOTSTRAP_RESAMPLES = 2000


def win_shares(game: dict[str, Any], players: int) -> list[float]:
    winners = game["winners"]
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]


def deal_win_shares(games: list[dict[str, Any]], players: int, bot: int) -> dict[int, float]:
    """Each deal's mean win share of `bot` over the seats it held in that deal's games, by deal."""
    wins: dict[int, float] = {}
    seats: dict[int, int] = {}
    for game in games:
        shares = win_shares(game, players)
        for seat, held_by in enumerate(game["seating"]):
            if held_by == bot:
                wins[game["deal"]] = wins.get(game["deal"], 0.0) + shares[seat]
                seats[game["deal"]] = seats.get(game["deal"], 0) + 1
    return {deal: wins[deal] / seats[deal] for deal in sorted(seats)}


def bootstrap_ratio(
    numerator: np.ndarray, denominator: np.ndarray, resamples: int = BOOTSTRAP_RESAMPLES, seed: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """95% percentile intervals of sum(numerator) / sum(denominator) per column, resampling rows (deals)."""
    deals, columns = numerator.shape
    low = np.full(columns, np.nan)
    high = np.full(columns, np.nan)
    if deals == 0:
        return low, high
    rng = np.random.default_rng(seed)
    chunk = max(1, min(resamples, 4_000_000 // deals))
    estimates = []
    done = 0
    while done < resamples:
        size = min(chunk, resamples - done)
        weights = rng.multinomial(deals, np.full(deals, 1 / deals), size=size).astype(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            estimates.append((weights @ numerator) / (weights @ denominator))
        done += size
    stacked = np.concatenate(estimates)
    for column in range(columns):
        values = stacked[:, column]
        values = values[np.isfinite(values)]
        if values.size:
            low[column], high[column] = np.percentile(values, [2.5, 97.5])
    return low, high


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    total = denominator.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, numerator.sum(axis=0) / np.where(total > 0, total, 1), np.nan)


def ratings(games: list[dict[str, Any]], bot_count: int) -> tuple[list[tuple[float, float]], list[list[float]]]:
    """openskill Plackett-Luce ratings: the final (mu, sigma) per bot and the history of mu and sigma
    after every game (rows: games; columns: mu0, sigma0, mu1, sigma1, ...)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(tau=0)  # bots do not change strength during a tournament: no drift
    current = [(model.mu, model.sigma) for _ in range(bot_count)]
    history: list[list[float]] = []
    for game in games:
        seating = game["seating"]
        teams = [[model.rating(mu=current[bot][0], sigma=current[bot][1])] for bot in seating]
        rated = model.rate(teams, ranks=[float(rank) for rank in game["ranks"]])
        updates: dict[int, tuple[float, float]] = {}
        for seat, bot in enumerate(seating):
            mu, sigma = current[bot]
            new = rated[seat][0]
            delta, factor = updates.get(bot, (0.0, 1.0))
            updates[bot] = (delta + new.mu - mu, factor * (new.sigma / sigma) ** 2)
        for bot, (delta, factor) in updates.items():
            mu, sigma = current[bot]
            current[bot] = (mu + delta, sigma * math.sqrt(factor))
        history.append([value for pair in current for value in pair])
    return current, history


def compute(games: list[dict[str, Any]], bots: list[str], players: int) -> dict[str, Any]:
    """The report's numbers as plain data (see the module's docstring)."""
    count = len(bots)
    deals = sorted({game["deal"] for game in games})
    deal_index = {deal: index for index, deal in enumerate(deals)}
    shape = (len(deals), count)
    seats = np.zeros(shape)
    wins = np.zeros(shape)
    ranks = np.zeros(shape)
    score_sum = np.zeros(shape)
    score_n = np.zeros(shape)
    time_sum = np.zeros(count)
    decision_sum = np.zeros(count)
    failures: list[Counter[str]] = [Counter() for _ in range(count)]
    ahead = np.zeros((count, count), dtype=int)
    level = np.zeros((count, count), dtype=int)
    outcomes: Counter = Counter()
    failure_list = []
    for game in games:
        row = deal_index[game["deal"]]
        seating = game["seating"]
        shares = win_shares(game, players)
        outcomes[game["outcome"]] += 1
        if game["outcome"] != "normal":
            culprit = seating[game["culprit"]]
            failures[culprit][game["outcome"]] += 1
            failure_list.append(
                {
                    "deal": game["deal"],
                    "seating": seating,
                    "seat": game["culprit"],
                    "bot": culprit,
                    "outcome": game["outcome"],
                    "reason": game["reason"],
                }
            )
        for seat, bot in enumerate(seating):
            seats[row, bot] += 1
            wins[row, bot] += shares[seat]
            ranks[row, bot] += game["ranks"][seat]
            if game["scores"] is not None:
                score_sum[row, bot] += game["scores"][seat]
                score_n[row, bot] += 1
            time_sum[bot] += game["times"][seat]
            decision_sum[bot] += game["decisions"][seat]
        for i, a in enumerate(seating):
            for j, b in enumerate(seating):
                if a == b:
                    continue
                if game["ranks"][i] < game["ranks"][j]:
                    ahead[a, b] += 1
                elif game["ranks"][i] == game["ranks"][j]:
                    level[a, b] += 1
    win_rate = _ratio(wins, seats)
    win_low, win_high = bootstrap_ratio(wins, seats, seed=1)
    score = _ratio(score_sum, score_n)
    score_low, score_high = bootstrap_ratio(score_sum, score_n, seed=2)
    rank = _ratio(ranks, seats)
    rank_low, rank_high = bootstrap_ratio(ranks, seats, seed=3)
    final, history = ratings(games, count)

    def number(value: float, digits: int) -> float | None:
        return None if not np.isfinite(value) else round(float(value), digits)

    rows = []
    for bot in range(count):
        rows.append(
            {
                "bot": bots[bot],
                "games": int(seats[:, bot].sum()),
                "wins": round(float(wins[:, bot].sum()), 4),
                "win_rate": number(win_rate[bot], 4),
                "win_rate_low": number(win_low[bot], 4),
                "win_rate_high": number(win_high[bot], 4),
                "score": number(score[bot], 2),
                "score_low": number(score_low[bot], 2),
                "score_high": number(score_high[bot], 2),
                "rank": number(rank[bot], 3),
                "rank_low": number(rank_low[bot], 3),
                "rank_high": number(rank_high[bot], 3),
                "rating_mu": round(final[bot][0], 3),
                "rating_sigma": round(final[bot][1], 3),
                "failures": int(sum(failures[bot].values())),
                "failures_by_kind": {kind: failures[bot][kind] for kind in OUTCOMES[1:] if failures[bot][kind]},
                "ms_per_move": number(1000 * time_sum[bot] / decision_sum[bot], 2) if decision_sum[bot] else None,
                # from the per-deal sums above; JSON keys are text: the deal's number as a string
                "deal_win_shares": {
                    str(deal): float(wins[row, bot] / seats[row, bot])
                    for deal, row in deal_index.items()
                    if seats[row, bot]
                },
            }
        )
    head_to_head = [
        {
            "bot": bots[a],
            "opponent": bots[b],
            "ahead": int(ahead[a, b]),
            "behind": int(ahead[b, a]),
            "level": int(level[a, b]),
            "meetings": int(ahead[a, b] + ahead[b, a] + level[a, b]),
        }
        for a in range(count)
        for b in range(count)
        if a != b
    ]
    return {
        "games": len(games),
        "deals": len(deals),
        "fair_share": 1 / players,
        "outcomes": {kind: outcomes[kind] for kind in OUTCOMES if outcomes[kind]},
        "bots": rows,
        "head_to_head": head_to_head,
        "failures": failure_list,
        "rating_history": history,
    }
