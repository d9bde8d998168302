"""Fits a game's learned evaluation and writes its weights into the build.

The search's `evaluation="model"` stops each rollout at the next evaluation
point and values it there with these weights (csrc/search/linear_value_model.h):
For Sale at a round boundary (csrc/forsale/value_model.h), Automania where a
later round is about to be dealt (csrc/automania/value_model.h).
The data is heuristic self-play (csrc/search/value_samples.h): a random share
of moves up to a cut drawn per game, then straight heuristic play, so every
recorded outcome is what a heuristic rollout from that position would return.

Per bucket (For Sale: edition, player count, phase and round; Automania:
player count and round), two models over each seat's features (the game's
value_features.h), the same weights for every seat:
  * win: a conditional logit, P(seat wins) = softmax over seats of w . f,
    fitted by Newton's method to the win shares (a shared win counts 1/k),
    with a small ridge penalty on standardised features;
  * score: least squares, final score = m . f + b.
One game in ten is held out; the report compares the model's log loss and
Brier score on it with the no-skill guess (1/players) and with the seat's
current score alone (one weight, fitted the same way).

    python bench/fit_value_model.py --game forsale    # For Sale: fit, report, write csrc/forsale/value_weights.inc
    python bench/fit_value_model.py --game automania  # Automania's, into csrc/automania/value_weights.inc
    python bench/fit_value_model.py --games 20000     # a quick look (the shipped weights used the defaults)

Each game's defaults are the settings its shipped weights were fitted with, so
the first two commands rebuild the shipped includes; each include names, in its
header, the command that wrote it. The held-out report goes beside the game's
other results (bench/forsale/value_model.json, bench/automania/value_model.json).
Rebuild (pip install .) for the search to use the new weights.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from pyai import _core

ROOT = Path(__file__).resolve().parent.parent
RIDGE = 1e-3  # per sample, on standardised features

# For Sale's buckets: edition, player count, phase and round.
PHASES = ("auction", "buying", "selling")
ROUNDS = 10  # kValueRounds
SETTINGS = [(classic, players) for classic in (False, True) for players in range(3, 7)]
FEATURES = list(_core.forsale_value_feature_names)
SCORE_NOW = FEATURES.index("score_now")

# Automania's buckets: player count and round (rounds 2-4 about to be dealt).
AUTOMANIA_PLAYERS = (2, 3, 4)
AUTOMANIA_ROUNDS = 3  # kValueRounds


def bucket_of(classic: bool, players: int, phase: int, round_: int) -> int:
    """value_bucket() of value_features.h; phase 0..2 = auction, buying, selling."""
    config = (4 if classic else 0) + players - 3
    return (config * len(PHASES) + phase) * ROUNDS + round_


def phase_and_round(bucket: int) -> tuple[str, int]:
    """The phase name and 0-based round a bucket's weights are for."""
    phase, round_ = divmod(bucket % (len(PHASES) * ROUNDS), ROUNDS)
    return PHASES[phase], round_


@dataclass(frozen=True)
class Setting:
    """One edition and player count of a game: its samples and its report's name."""

    name: str
    samples: Callable[[int, int, int, int], dict]  # (games, max_cut, noise, seed) -> value samples
    seed_offset: int


@dataclass(frozen=True)
class GameFit:
    """What the fitting needs to know of one game's learned evaluation."""

    name: str  # its --game
    features: list[str]
    score_now: int  # the feature that is the seat's score so far (the report's one-weight baseline)
    buckets: int
    weights: Path
    report: Path
    settings: Callable[[], list[Setting]]
    label: Callable[[int], str]  # a bucket's name in the report
    max_cut: int  # the default --max-cut: evaluation points a game's noisy start may run
    games: int  # the default --games: self-play games per setting
    header: Callable[[], list[str]] = lambda: []  # more of the include (declarations after the weights)


def forsale_fit() -> GameFit:
    return GameFit(
        name="forsale",
        features=FEATURES,
        score_now=SCORE_NOW,
        buckets=len(SETTINGS) * len(PHASES) * ROUNDS,
        weights=ROOT / "csrc" / "forsale" / "value_weights.inc",
        report=ROOT / "bench" / "forsale" / "value_model.json",
        settings=lambda: [
            Setting(
                f"{'classic' if classic else 'autorama'} {players}p",
                lambda games, cut, noise, seed, c=classic, p=players: _core.forsale_value_samples(
                    p, c, games, cut, noise, seed
                ),
                players + 10 * classic,
            )
            for classic, players in SETTINGS
        ],
        label=lambda bucket: f"{phase_and_round(bucket)[0]} {phase_and_round(bucket)[1] + 1}",
        max_cut=24,
        games=200_000,
    )


def automania_fit() -> GameFit:
    # The weights belong to the shipped component set: the include carries its
    # wire form, and a game with other components is not valued.
    from pyai.automania import component_file
    from pyai.automania.game import load_components

    components, index = load_components(None)
    features = list(_core.automania_value_feature_names)
    wire = component_file.wire(components)
    return GameFit(
        name="automania",
        features=features,
        score_now=features.index("vp"),
        buckets=len(AUTOMANIA_PLAYERS) * AUTOMANIA_ROUNDS,
        weights=ROOT / "csrc" / "automania" / "value_weights.inc",
        report=ROOT / "bench" / "automania" / "value_model.json",
        settings=lambda: [
            Setting(
                f"{players}p",
                lambda games, cut, noise, seed, p=players: _core.automania_value_samples(
                    p, index, games, cut, noise, seed
                ),
                players,
            )
            for players in AUTOMANIA_PLAYERS
        ],
        label=lambda bucket: f"round {bucket % AUTOMANIA_ROUNDS + 2}",
        max_cut=3,
        games=100_000,
        header=lambda: [
            "// The component set the weights were fitted to, in its wire form (component_file.py).",
            "inline constexpr int32_t kValueModelComponentsWire[] = {" + ", ".join(map(str, wire)) + "};",
        ],
    )


GAMES = {"forsale": forsale_fit, "automania": automania_fit}


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


def fit_bucket(x, win, score, test, score_now=SCORE_NOW):
    """Both models for one bucket; held-out figures for the report."""
    train = ~test
    scaled, spread = standardise(x[train])
    win_weights = fit_logit(scaled, win[train]) / spread
    score_only = fit_logit(scaled[:, :, [score_now]], win[train])[0] / spread[score_now]
    flat = x[train].reshape(-1, x.shape[-1])
    design = np.hstack([flat / spread, np.ones((len(flat), 1))])
    gram = design.T @ design + RIDGE * len(flat) * np.diag([1.0] * x.shape[-1] + [0.0])
    fitted = np.linalg.solve(gram, design.T @ score[train].reshape(-1))
    score_weights, score_bias = fitted[:-1] / spread, float(fitted[-1])
    report = {"train": int(train.sum()), "test": int(test.sum())}
    if test.any():
        y = win[test]
        model = softmax(x[test] @ win_weights)
        baseline = softmax(x[test][:, :, score_now] * score_only)
        uniform = np.full_like(y, 1.0 / y.shape[1])
        estimate = x[test] @ score_weights + score_bias
        report.update(
            log_loss=log_loss(model, y),
            log_loss_score_now=log_loss(baseline, y),
            log_loss_uniform=log_loss(uniform, y),
            brier=brier(model, y),
            brier_score_now=brier(baseline, y),
            brier_uniform=brier(uniform, y),
            score_rmse=float(np.sqrt(((estimate - score[test]) ** 2).mean())),
            score_sd=float(score[test].std()),
        )
    return win_weights, score_weights, score_bias, report


def fit_samples(data: dict, wanted: Callable[[int], bool], score_now: int) -> dict:
    """Both models for every bucket of the samples that `wanted` takes."""
    test_games = data["game"] % 10 == 0
    fitted = {}
    for bucket in np.unique(data["bucket"]):
        if not wanted(int(bucket)):
            continue
        rows = data["bucket"] == bucket
        fitted[int(bucket)] = fit_bucket(
            data["features"][rows].astype(np.float64),
            data["win"][rows].astype(np.float64),
            data["score"][rows].astype(np.float64),
            test_games[rows],
            score_now,
        )
    return fitted


def c_float(value: float) -> str:
    """A C++ float literal (always with a point or an exponent: '0f' is not one)."""
    return f"{float(value):.8e}f"


def c_floats(values) -> str:
    return "{" + ", ".join(c_float(v) for v in values) + "}"


def rebuild_command(game: str, options: Sequence[str] = ()) -> str:
    """The command that writes a game's include: the game, then whatever settings differ from its defaults."""
    return " ".join(["python bench/fit_value_model.py --game", game, *options])


def write_weights(
    path: Path, fitted: dict, source: str, game: GameFit | None = None, command: str | None = None
) -> None:
    game = game or forsale_fit()
    lines = [
        "// Generated by bench/fit_value_model.py: do not edit by hand. Written by",
        f"//     {command or rebuild_command(game.name)}",
        "// from the repository's root (then `pip install .` builds it in). The learned",
        "// evaluation's weights per bucket (value_bucket() in value_features.h):",
        "// {fitted, win weights, score weights, score bias}, in feature order.",
        f"// {source}",
        f'inline constexpr const char* kValueModelSource = "{source}";',
        "inline constexpr ValueWeights kValueWeights[] = {",
    ]
    for bucket in range(game.buckets):
        if bucket not in fitted:
            lines.append("    {},")
            continue
        win, score, bias, _ = fitted[bucket]
        lines.append(f"    {{true, {c_floats(win)}, {c_floats(score)}, {c_float(bias)}}},")
    lines.append("};")
    lines += game.header()
    path.write_text("\n".join(lines) + "\n")


DEFAULT_SEED = 1
DEFAULT_NOISE = 20
DEFAULT_PHASES = "selling"


def fit_description(
    game: GameFit, games: int, seed: int, noise: int, max_cut: int, phases: set[str] | None = None
) -> tuple[str, str]:
    """The source line the include and the report carry, and the command that writes them again
    (the game, then whatever differs from its defaults)."""
    options = [] if games == game.games else [f"--games {games}"]
    options += [f"--seed {seed}"] if seed != DEFAULT_SEED else []
    options += [f"--noise {noise}"] if noise != DEFAULT_NOISE else []
    options += [f"--max-cut {max_cut}"] if max_cut != game.max_cut else []
    scope = ""
    if phases is not None:
        scope = f"; phases {','.join(sorted(phases))}"
        options += [f"--phases {','.join(sorted(phases))}"] if phases != set(DEFAULT_PHASES.split(",")) else []
    per = "per edition and player count" if game.name == "forsale" else "per player count"
    source = (
        f"{games} heuristic self-play games {per}, seed {seed}, noise {noise}% before a cut of 0-{max_cut} boundaries"
    )
    return source + scope, rebuild_command(game.name, options)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GAMES), default="forsale", help="the game whose weights to fit")
    parser.add_argument(
        "--games", type=int, default=None, help="self-play games per setting (For Sale 200,000, Automania 100,000)"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--noise", type=int, default=DEFAULT_NOISE, help="percent of random moves before the cut")
    parser.add_argument(
        "--max-cut",
        type=int,
        default=None,
        help="the cut is drawn from 0 to this many points (For Sale 24, Automania 3)",
    )
    parser.add_argument(
        "--phases",
        default=DEFAULT_PHASES,
        help="For Sale: the phases whose round boundaries get weights (comma-separated; a rollout goes on through "
        "the others)",
    )
    parser.add_argument("--weights", type=Path, default=None, help="the C++ include to write (default: the game's)")
    parser.add_argument("--report", type=Path, default=None, help="held-out figures per bucket (JSON)")
    args = parser.parse_args(argv)
    game = GAMES[args.game]()
    max_cut = args.max_cut if args.max_cut is not None else game.max_cut
    games = args.games if args.games is not None else game.games
    phases: set[str] | None = None
    if args.game == "forsale":
        phases = set(args.phases.split(","))
        if not phases <= set(PHASES):
            parser.error(f"--phases takes {', '.join(PHASES)}, not {args.phases}")
    source, command = fit_description(game, games, args.seed, args.noise, max_cut, phases)

    def wanted(bucket: int) -> bool:
        return phases is None or phase_and_round(bucket)[0] in phases

    fitted: dict[int, tuple] = {}
    report = {}
    for setting in game.settings():
        data = setting.samples(games, max_cut, args.noise, args.seed + setting.seed_offset)
        fits = fit_samples(data, wanted, game.score_now)
        fitted.update(fits)
        rows = {game.label(bucket): figures for bucket, (_, _, _, figures) in sorted(fits.items())}
        report[setting.name] = rows
        print(f"{setting.name}: {len(fits)} boundaries")
        print(f"  {'boundary':<11} {'log loss':>9} {'score only':>10} {'uniform':>8} {'brier':>6} {'score rmse':>10}")
        for label, figures in rows.items():
            if "log_loss" not in figures:  # too few games for one to be held out here
                print(f"  {label:<11} no held-out positions ({figures['train']} fitted)")
                continue
            print(
                f"  {label:<11} {figures['log_loss']:9.3f} {figures['log_loss_score_now']:10.3f}"
                f" {figures['log_loss_uniform']:8.3f} {figures['brier']:6.3f}"
                f" {figures['score_rmse']:5.1f}/{figures['score_sd']:4.1f}"
            )
    weights = args.weights or game.weights
    report_path = args.report or game.report
    write_weights(weights, fitted, source, game, command)
    summary = {"source": source, "features": game.features, "settings": report}
    report_path.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"wrote {weights} and {report_path}; rebuild (pip install .) to use them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
