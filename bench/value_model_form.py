"""Would a richer form of the learned evaluation predict the winner better?

The shipped model (bench/fit_value_model.py) is a conditional logit, linear in
each seat's features. This script fits, on the same heuristic self-play and the
same held-out games (one in ten), two richer forms beside it and prints their
held-out log loss per bucket. With --stored it fits them to the setting's
stored games instead (those the search played, as fit_value_model.py does for
such a setting), cross-validated: each tenth of the games held out in turn.

  * linear: the shipped form;
  * relative: the same logit with more inputs: each seat's VP, money and
    leading features less the best other seat's, how far it leads on VP (0
    when behind), and the squares of those features;
  * network: a small neural network (one hidden layer of ReLUs) scoring each
    seat from its features, their difference from the other seats' mean and
    the other seats' best, the seats' scores softmaxed as in the logit, fitted
    by Adam.

If neither beats the linear form, what the model lacks is information its
features do not carry, not a shape the logit cannot take.

    python bench/value_model_form.py --game automania --setting 3p --games 60000
    python bench/value_model_form.py --game automania --setting 3p --stored
"""

from __future__ import annotations

import argparse

import numpy as np
from fit_value_model import (
    DEFAULT_NOISE,
    DEFAULT_SEED,
    default_game,
    fit_files,
    fit_logit,
    folds,
    load_fit,
    log_loss,
    softmax,
    standardise,
)
from stored_games import read_games, value_positions

# The relative form's leading features, by name where a game has them: the
# seat's score and money, and what the game's model weighs most besides.
RELATIVE = ("vp", "money", "hand_worth", "line_stars", "score_now", "cash", "vehicle_sum")


def best_of_others(x: np.ndarray) -> np.ndarray:
    """For each seat, the largest value among the other seats, per feature: x is (n, seats, k)."""
    return np.stack([np.delete(x, seat, axis=1).max(axis=1) for seat in range(x.shape[1])], axis=1)


def relative_inputs(x: np.ndarray, leading: list[int]) -> np.ndarray:
    gap = x[..., leading] - best_of_others(x[..., leading])
    return np.concatenate([x, gap, np.maximum(gap[..., :1], 0), x[..., leading] ** 2], axis=-1)


def network_inputs(x: np.ndarray) -> np.ndarray:
    seats = x.shape[1]
    others_mean = (x.sum(axis=1, keepdims=True) - x) / (seats - 1)
    return np.concatenate([x, x - others_mean, best_of_others(x)], axis=-1)


def logit_loss(train_x, train_y, test_x, test_y) -> float:
    scaled, spread = standardise(train_x)
    weights = fit_logit(scaled, train_y)
    return log_loss(softmax((test_x / spread) @ weights), test_y)


def network_loss(train_x, train_y, test_x, test_y, hidden=32, epochs=60, rate=0.01, seed=0) -> float:
    rng = np.random.default_rng(seed)
    a, b = network_inputs(train_x), network_inputs(test_x)
    flat = a.reshape(-1, a.shape[-1])
    mean, spread = flat.mean(axis=0), flat.std(axis=0) + 1e-6
    a, b = (a - mean) / spread, (b - mean) / spread
    k = a.shape[-1]
    params = [rng.normal(0, k**-0.5, (k, hidden)), np.zeros(hidden), rng.normal(0, hidden**-0.5, hidden)]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(a))
        for start in range(0, len(a), 2048):
            rows = order[start : start + 2048]
            inputs, y = a[rows], train_y[rows]
            w1, b1, w2 = params
            hidden_out = np.maximum(inputs @ w1 + b1, 0)
            gradient_scores = (softmax(hidden_out @ w2) - y) / len(rows)
            gradient_hidden = gradient_scores[..., None] * w2 * (hidden_out > 0)
            gradients = [
                np.einsum("nsk,nsh->kh", inputs, gradient_hidden) + 1e-4 * w1,
                gradient_hidden.sum(axis=(0, 1)),
                np.einsum("ns,nsh->h", gradient_scores, hidden_out) + 1e-4 * w2,
            ]
            step += 1
            for i, g in enumerate(gradients):
                first[i] = 0.9 * first[i] + 0.1 * g
                second[i] = 0.999 * second[i] + 0.001 * g * g
                params[i] -= rate * (first[i] / (1 - 0.9**step)) / (np.sqrt(second[i] / (1 - 0.999**step)) + 1e-8)
        rate *= 0.99
    w1, b1, w2 = params
    return log_loss(softmax(np.maximum(b @ w1 + b1, 0) @ w2), test_y)


def held_out_losses(x: np.ndarray, y: np.ndarray, fold: np.ndarray, leading: list[int], tenths) -> list[float]:
    """Each form's log loss on the positions of the held-out `tenths` (each held out in turn,
    fitted on the rest): uniform, linear, relative, network."""
    sums = np.zeros(4)
    for tenth in tenths:
        test = fold == tenth
        train_x, train_y, test_x, test_y = x[~test], y[~test], x[test], y[test]
        losses = [
            log_loss(np.full_like(test_y, 1.0 / y.shape[1]), test_y),
            logit_loss(train_x, train_y, test_x, test_y),
            logit_loss(relative_inputs(train_x, leading), train_y, relative_inputs(test_x, leading), test_y),
            network_loss(train_x, train_y, test_x, test_y),
        ]
        sums += np.array(losses) * test.sum()
    return list(sums / np.isin(fold, tenths).sum())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    offered = list(fit_files())
    parser.add_argument("--game", choices=sorted(offered), default=default_game(offered), help="whose model")
    parser.add_argument("--setting", help="which of the game's fits, by its report's name (default: its first)")
    parser.add_argument("--games", type=int, default=60_000, help="heuristic self-play games")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument(
        "--stored", action="store_true", help="the setting's stored games (the search's own), cross-validated"
    )
    args = parser.parse_args(argv)
    fit = load_fit(args.game)
    settings = {setting.name: setting for setting in fit.settings()}
    name = args.setting if args.setting is not None else next(iter(settings))
    if name not in settings:
        parser.error(f"--setting takes one of {', '.join(settings)}, not {name}")
    if args.stored:
        if name not in fit.stored_games:
            stored = ", ".join(fit.stored_games) or "none"
            parser.error(f"--stored: {args.game} {name} has no stored games (settings with them: {stored})")
        played = read_games(fit.stored_games[name])
        data = value_positions(played)
        print(f"{args.game} {name}, {len(played):,} stored games: cross-validated log loss (each tenth held out)")
    else:
        setting = settings[name]
        data = setting.samples(args.games, fit.max_cut, DEFAULT_NOISE, args.seed + setting.seed_offset)
        print(f"{args.game} {name}, {args.games:,} games: held-out log loss")
    leading = [fit.features.index(name) for name in RELATIVE if name in fit.features]
    fold = folds(data)
    print(f"  {'boundary':<11} {'positions':>9} {'uniform':>8} {'linear':>8} {'relative':>9} {'network':>8}")
    for bucket in np.unique(data["bucket"]):
        rows = data["bucket"] == bucket
        tenths = np.unique(fold[rows]) if args.stored else [0]
        positions = int(np.isin(fold[rows], tenths).sum())
        if not positions:
            continue
        x = data["features"][rows].astype(np.float64)
        y = data["win"][rows].astype(np.float64)
        uniform, linear, relative, network = held_out_losses(x, y, fold[rows], leading, tenths)
        label = fit.label(int(bucket))
        print(f"  {label:<11} {positions:>9,} {uniform:8.3f} {linear:8.3f} {relative:9.3f} {network:8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
