"""Fits For Sale's learned evaluation and writes its weights into the build.

The search's `evaluation="model"` stops each rollout at the next round
boundary and values it there with these weights (csrc/forsale/value_model.h).
The data is heuristic self-play (csrc/search/value_samples.h): a random share
of moves up to a cut drawn per game, then straight heuristic play, so every
recorded outcome is what a rollout from that position would return.

Per edition, player count, phase and round, two models over each seat's
features (csrc/forsale/value_features.h), the same weights for every seat:
  * win: a conditional logit, P(seat wins) = softmax over seats of w . f,
    fitted by Newton's method to the win shares (a shared win counts 1/k),
    with a small ridge penalty on standardised features;
  * money: least squares, final money = m . f + b.
One game in ten is held out; the report compares the model's log loss and
Brier score on it with the no-skill guess (1/players) and with the seat's
current final score alone (one weight, fitted the same way).

    python bench/fit_value_model.py                # fit, report, write csrc/forsale/value_weights.inc
    python bench/fit_value_model.py --games 20000  # a quick look (the shipped weights used the defaults)

Rebuild (pip install .) for the search to use the new weights.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from pyai import _core

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = ROOT / "csrc" / "forsale" / "value_weights.inc"
REPORT = ROOT / "bench" / "value_model.json"

PHASES = ("auction", "buying", "selling")
ROUNDS = 10  # kValueRounds
SETTINGS = [(classic, players) for classic in (False, True) for players in range(3, 7)]
RIDGE = 1e-3  # per sample, on standardised features
FEATURES = list(_core.forsale_value_feature_names)
SCORE_NOW = FEATURES.index("score_now")


def bucket_of(classic: bool, players: int, phase: int, round_: int) -> int:
    """value_bucket() of value_features.h; phase 0..2 = auction, buying, selling."""
    config = (4 if classic else 0) + players - 3
    return (config * len(PHASES) + phase) * ROUNDS + round_


def phase_and_round(bucket: int) -> tuple[str, int]:
    """The phase name and 0-based round a bucket's weights are for."""
    phase, round_ = divmod(bucket % (len(PHASES) * ROUNDS), ROUNDS)
    return PHASES[phase], round_


def softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


def fit_logit(x: np.ndarray, y: np.ndarray, iterations: int = 30) -> np.ndarray:
    """Weights w maximising sum y . log softmax(x w) - ridge: x is (n, seats, k), y (n, seats)."""
    n, _, k = x.shape
    w = np.zeros(k)
    penalty = RIDGE * n
    for _ in range(iterations):
        p = softmax(x @ w)
        mean = np.einsum("ns,nsk->nk", p, x)
        gradient = np.einsum("ns,nsk->k", y - p, x) - penalty * w
        hessian = np.einsum("ns,nsk,nsj->kj", p, x, x) - mean.T @ mean + penalty * np.eye(k)
        step = np.linalg.solve(hessian, gradient)
        w += step
        if np.abs(step).max() < 1e-9:
            break
    return w


def standardise(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per feature, a scale that makes it about unit size (1 for a constant feature)."""
    spread = x.reshape(-1, x.shape[-1]).std(axis=0)
    spread[spread < 1e-6] = 1.0
    return x / spread, spread


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    return float(-(y * np.log(np.clip(p, 1e-9, 1))).sum(axis=1).mean())


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(((p - y) ** 2).sum(axis=1).mean())


def fit_bucket(x, win, score, test):
    """Both models for one bucket; held-out figures for the report."""
    train = ~test
    scaled, spread = standardise(x[train])
    win_weights = fit_logit(scaled, win[train]) / spread
    score_only = fit_logit(scaled[:, :, [SCORE_NOW]], win[train])[0] / spread[SCORE_NOW]
    flat = x[train].reshape(-1, x.shape[-1])
    design = np.hstack([flat / spread, np.ones((len(flat), 1))])
    gram = design.T @ design + RIDGE * len(flat) * np.diag([1.0] * x.shape[-1] + [0.0])
    money = np.linalg.solve(gram, design.T @ score[train].reshape(-1))
    money_weights, money_bias = money[:-1] / spread, float(money[-1])
    report = {"train": int(train.sum()), "test": int(test.sum())}
    if test.any():
        y = win[test]
        model = softmax(x[test] @ win_weights)
        baseline = softmax(x[test][:, :, SCORE_NOW] * score_only)
        uniform = np.full_like(y, 1.0 / y.shape[1])
        estimate = x[test] @ money_weights + money_bias
        report.update(
            log_loss=log_loss(model, y),
            log_loss_score_now=log_loss(baseline, y),
            log_loss_uniform=log_loss(uniform, y),
            brier=brier(model, y),
            brier_score_now=brier(baseline, y),
            brier_uniform=brier(uniform, y),
            money_rmse=float(np.sqrt(((estimate - score[test]) ** 2).mean())),
            money_sd=float(score[test].std()),
        )
    return win_weights, money_weights, money_bias, report


def fit_setting(classic: bool, players: int, games: int, seed: int, noise: int, max_cut: int, phases: set[str]):
    """Both models for every boundary of the given phases of one edition and player count."""
    data = _core.forsale_value_samples(players, classic, games, max_cut, noise, seed)
    test_games = data["game"] % 10 == 0
    fitted = {}
    for bucket in np.unique(data["bucket"]):
        if phase_and_round(int(bucket))[0] not in phases:
            continue
        rows = data["bucket"] == bucket
        fitted[int(bucket)] = fit_bucket(
            data["features"][rows].astype(np.float64),
            data["win"][rows].astype(np.float64),
            data["score"][rows].astype(np.float64),
            test_games[rows],
        )
    return fitted


def c_float(value: float) -> str:
    """A C++ float literal (always with a point or an exponent: '0f' is not one)."""
    return f"{float(value):.8e}f"


def c_floats(values) -> str:
    return "{" + ", ".join(c_float(v) for v in values) + "}"


def write_weights(path: Path, fitted: dict, source: str) -> None:
    buckets = len(SETTINGS) * len(PHASES) * ROUNDS
    lines = [
        "// Generated by bench/fit_value_model.py: do not edit by hand. The learned",
        "// evaluation's weights per bucket (value_bucket() in value_features.h):",
        "// {fitted, win weights, money weights, money bias}, in feature order.",
        f"// {source}",
        f'inline constexpr const char* kValueModelSource = "{source}";',
        "inline constexpr ValueWeights kValueWeights[] = {",
    ]
    for bucket in range(buckets):
        if bucket not in fitted:
            lines.append("    {},")
            continue
        win, money, bias, _ = fitted[bucket]
        lines.append(f"    {{true, {c_floats(win)}, {c_floats(money)}, {c_float(bias)}}},")
    lines.append("};")
    path.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200_000, help="self-play games per edition and player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noise", type=int, default=20, help="percent of random moves before the cut")
    parser.add_argument("--max-cut", type=int, default=24, help="the cut is drawn from 0 to this many boundaries")
    parser.add_argument(
        "--phases",
        default="selling",
        help="the phases whose round boundaries get weights (comma-separated; a rollout goes on through the others)",
    )
    parser.add_argument("--weights", type=Path, default=WEIGHTS, help="the C++ include to write")
    parser.add_argument("--report", type=Path, default=REPORT, help="held-out figures per bucket (JSON)")
    args = parser.parse_args(argv)
    phases = set(args.phases.split(","))
    if not phases <= set(PHASES):
        parser.error(f"--phases takes {', '.join(PHASES)}, not {args.phases}")

    fitted: dict[int, tuple] = {}
    report = {}
    for classic, players in SETTINGS:
        name = f"{'classic' if classic else 'autorama'} {players}p"
        seed = args.seed + players + 10 * classic
        setting = fit_setting(classic, players, args.games, seed, args.noise, args.max_cut, phases)
        fitted.update(setting)
        rows = {}
        for bucket, (_, _, _, figures) in sorted(setting.items()):
            phase, round_ = phase_and_round(bucket)
            rows[f"{phase} {round_ + 1}"] = figures
        report[name] = rows
        print(f"{name}: {len(setting)} boundaries")
        print(f"  {'boundary':<11} {'log loss':>9} {'score only':>10} {'uniform':>8} {'brier':>6} {'money rmse':>10}")
        for label, figures in rows.items():
            print(
                f"  {label:<11} {figures['log_loss']:9.3f} {figures['log_loss_score_now']:10.3f}"
                f" {figures['log_loss_uniform']:8.3f} {figures['brier']:6.3f}"
                f" {figures['money_rmse']:5.1f}/{figures['money_sd']:4.1f}"
            )
    source = (
        f"{args.games} heuristic self-play games per edition and player count, seed {args.seed},"
        f" noise {args.noise}% before a cut of 0-{args.max_cut} boundaries; phases {','.join(sorted(phases))}"
    )
    write_weights(args.weights, fitted, source)
    args.report.write_text(json.dumps({"source": source, "features": FEATURES, "settings": report}, indent=1) + "\n")
    print(f"wrote {args.weights} and {args.report}; rebuild (pip install .) to use them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
