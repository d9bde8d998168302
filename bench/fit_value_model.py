"""Fits a game's learned evaluation and writes its weights into the build.

The search's `evaluation="model"` stops each rollout at the next evaluation
point and values it there with these weights (csrc/search/linear_value_model.h);
where a game's evaluation points are is its own (csrc/<game>/value_model.h).
The data is heuristic self-play (csrc/search/value_samples.h): a random share
of moves up to a cut drawn per game, then straight heuristic play, so every
recorded outcome is what a heuristic rollout from that position would return.
A game may instead fit some settings to games the search played (its
GameFit's `stored_games`, read by bench/stored_games.py): the positions where
the model values a state, each with that game's real outcome, so that the
leaves are valued as the search's own play goes on from them. Those are few
games, so their report is cross-validated (each tenth of the games held out in
turn, its positions predicted by weights fitted on the other nine) and their
weights are fitted on all of them; --self-play-only fits every setting to
self-play.

A game offers a fit with bench/<game>/value_fit.py, whose value_fit() returns
its GameFit (bench/game_fit.py): its features, its buckets (its evaluation
points grouped, by player count and round, say), the settings whose self-play
it fits, where its include and report go, and the defaults its shipped weights
were fitted with. --game takes each registered game that has one.

Per bucket, two models over each seat's features (the game's
value_features.h), the same weights for every seat:
  * win: a conditional logit, P(seat wins) = softmax over seats of w . f,
    fitted by Newton's method to the win shares (a shared win counts 1/k),
    with a small ridge penalty on standardised features;
  * score: least squares, final score = m . f + b.
One game in ten is held out (a stored setting's: each tenth in turn); the
report compares the model's log loss and Brier score on it with the no-skill
guess (1/players) and with the seat's current score alone (one weight, fitted
the same way).

    python bench/fit_value_model.py --game GAME   # fit, report, write csrc/GAME/value_weights.inc
    python bench/fit_value_model.py --games 20000  # a quick look (the shipped weights used the defaults)

Without --game it fits the game pyai plays when not told one (pyai.games.DEFAULT_GAME).
Each game's defaults are the settings its shipped weights were fitted with, so
`--game GAME` alone rebuilds its shipped include; each include names, in its
header, the command that wrote it. The held-out report goes beside the game's
other results (bench/GAME/value_model.json).
Rebuild (pip install .) for the search to use the new weights.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import numpy as np
from game_fit import GameFit
from stored_games import read_games, value_positions

import pyai
from pyai.game_string import parse_game_string
from pyai.games import DEFAULT_GAME

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
RIDGE = 1e-3  # per sample, on standardised features


def fit_files() -> dict[str, Path]:
    """Each registered game that offers a fit, in the registry's order, and its bench/<game>/value_fit.py."""
    files = {name: BENCH / name / "value_fit.py" for name in pyai.GAMES}
    return {name: path for name, path in files.items() if path.is_file()}


@functools.cache
def fit_module(name: str) -> ModuleType:
    """A game's bench/<game>/value_fit.py, loaded from its path (a game's folder is no package)."""
    spec = importlib.util.spec_from_file_location(f"{name}_value_fit", fit_files()[name])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_fit(name: str) -> GameFit:
    return fit_module(name).value_fit()


def default_game(names: Sequence[str]) -> str:
    """The game pyai plays when not told one (DEFAULT_GAME), if it offers a fit; else the first that does."""
    name, _ = parse_game_string(DEFAULT_GAME)
    return name if name in names else names[0]


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


FOLDS = 10  # the report holds one game in ten out (a stored setting: each tenth in turn)


@dataclass(frozen=True)
class Models:
    """Both models of one bucket: the win logit, the current score's one-weight logit
    (the report's baseline), and the final score's linear estimate."""

    win_weights: np.ndarray
    score_only: float
    score_weights: np.ndarray
    score_bias: float


def fit_models(x: np.ndarray, win: np.ndarray, score: np.ndarray, score_now: int) -> Models:
    scaled, spread = standardise(x)
    flat = x.reshape(-1, x.shape[-1])
    design = np.hstack([flat / spread, np.ones((len(flat), 1))])
    gram = design.T @ design + RIDGE * len(flat) * np.diag([1.0] * x.shape[-1] + [0.0])
    fitted = np.linalg.solve(gram, design.T @ score.reshape(-1))
    return Models(
        win_weights=fit_logit(scaled, win) / spread,
        score_only=float(fit_logit(scaled[:, :, [score_now]], win)[0] / spread[score_now]),
        score_weights=fitted[:-1] / spread,
        score_bias=float(fitted[-1]),
    )


def predictions(models: Models, x: np.ndarray, score_now: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The win chances by the model and by the current score alone, and the final-score estimates."""
    return (
        softmax(x @ models.win_weights),
        softmax(x[:, :, score_now] * models.score_only),
        x @ models.score_weights + models.score_bias,
    )


def figures(win: np.ndarray, score: np.ndarray, model: np.ndarray, baseline: np.ndarray, estimate: np.ndarray) -> dict:
    """The report's figures, from predictions of positions the predicting fit had not seen."""
    uniform = np.full_like(win, 1.0 / win.shape[1])
    return dict(
        log_loss=log_loss(model, win),
        log_loss_score_now=log_loss(baseline, win),
        log_loss_uniform=log_loss(uniform, win),
        brier=brier(model, win),
        brier_score_now=brier(baseline, win),
        brier_uniform=brier(uniform, win),
        score_rmse=float(np.sqrt(((estimate - score) ** 2).mean())),
        score_sd=float(score.std()),
    )


def fit_bucket(x, win, score, fold, score_now, cross_validated):
    """Both models for one bucket, and the report's figures: on the tenth of the games held
    out (fold 0) with the weights fitted on the rest; or, cross-validated, on every position,
    each predicted by weights fitted without its tenth, the weights then fitted on all."""
    if not cross_validated:
        test = fold == 0
        models = fit_models(x[~test], win[~test], score[~test], score_now)
        report = {"train": int((~test).sum()), "test": int(test.sum())}
        if test.any():
            report.update(figures(win[test], score[test], *predictions(models, x[test], score_now)))
        return models, report
    model, baseline, estimate = np.empty_like(win), np.empty_like(win), np.empty_like(score)
    tenths = np.unique(fold)
    for k in tenths:
        out = fold == k
        fold_models = fit_models(x[~out], win[~out], score[~out], score_now)
        model[out], baseline[out], estimate[out] = predictions(fold_models, x[out], score_now)
    report = {"train": len(x), "test": len(x), "folds": len(tenths)}
    report.update(figures(win, score, model, baseline, estimate))
    return fit_models(x, win, score, score_now), report


def fit_samples(data: dict, wanted: Callable[[int], bool], score_now: int, cross_validated: bool = False) -> dict:
    """Both models ({bucket: (Models, report)}) for every bucket of the samples that `wanted`
    takes. The report holds one game in ten out; `cross_validated` (few games, as a stored
    setting's) holds each tenth out in turn and fits the weights on every game."""
    fold = folds(data)
    fitted = {}
    for bucket in np.unique(data["bucket"]):
        if not wanted(int(bucket)):
            continue
        rows = data["bucket"] == bucket
        x = data["features"][rows].astype(np.float64)
        win = data["win"][rows].astype(np.float64)
        score = data["score"][rows].astype(np.float64)
        fitted[int(bucket)] = fit_bucket(x, win, score, fold[rows], score_now, cross_validated)
    return fitted


def folds(data: dict) -> np.ndarray:
    """Each sample's tenth, by its game: the report holds out tenth 0, or each in turn."""
    return data["game"] % FOLDS


def log_loss_on(data: dict, bucket: int, win_weights: np.ndarray) -> float:
    """The log loss of win weights on every position of one bucket."""
    rows = data["bucket"] == bucket
    x = data["features"][rows].astype(np.float64)
    return log_loss(softmax(x @ win_weights), data["win"][rows].astype(np.float64))


def c_float(value: float) -> str:
    """A C++ float literal (always with a point or an exponent: '0f' is not one)."""
    return f"{float(value):.8e}f"


def c_floats(values) -> str:
    return "{" + ", ".join(c_float(v) for v in values) + "}"


def shown(path: Path) -> str:
    """A path as the include's header gives it: from the repository's root when it is inside."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def rebuild_command(game: str, options: Sequence[str] = ()) -> str:
    """The command that writes a game's include: the game, then whatever settings differ from its defaults."""
    return " ".join(["python bench/fit_value_model.py --game", game, *options])


def write_weights(path: Path, fitted: dict, source: str, game: GameFit, command: str | None = None) -> None:
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
        m = fitted[bucket][0]
        lines.append(f"    {{true, {c_floats(m.win_weights)}, {c_floats(m.score_weights)}, {c_float(m.score_bias)}}},")
    lines.append("};")
    lines += game.header()
    path.write_text("\n".join(lines) + "\n")


DEFAULT_SEED = 1
DEFAULT_NOISE = 20


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
        options += [f"--phases {','.join(sorted(phases))}"] if phases != set(game.default_phases) else []
    source = (
        f"{games} heuristic self-play games {game.per}, seed {seed}, noise {noise}%"
        f" before a cut of 0-{max_cut} boundaries"
    )
    return source + scope, rebuild_command(game.name, options)


def stored_games_description(setting: str, path: Path, games: int) -> str:
    """What the source line adds for a setting fitted to stored games."""
    return f"; {setting} instead from {games} games the search played ({shown(path)})"


def main(argv: list[str] | None = None) -> int:
    offered = {name: load_fit(name) for name in fit_files()}

    def each(value: Callable[[GameFit], str]) -> str:
        return ", ".join(f"{name} {value(fit)}" for name, fit in offered.items())

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--game", choices=sorted(offered), default=default_game(list(offered)), help="the game whose weights to fit"
    )
    parser.add_argument(
        "--games", type=int, default=None, help=f"self-play games per setting ({each(lambda fit: f'{fit.games:,}')})"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--noise", type=int, default=DEFAULT_NOISE, help="percent of random moves before the cut")
    parser.add_argument(
        "--max-cut",
        type=int,
        default=None,
        help=f"the cut is drawn from 0 to this many points ({each(lambda fit: str(fit.max_cut))})",
    )
    phased = "; ".join(
        f"{name} {', '.join(fit.phases)} (default {','.join(fit.default_phases)})"
        for name, fit in offered.items()
        if fit.phases
    )
    parser.add_argument(
        "--phases",
        default=None,
        help="the phases whose round boundaries get weights (comma-separated; a rollout goes on through the others), "
        f"for a game whose buckets have phases: {phased}",
    )
    parser.add_argument(
        "--self-play-only",
        action="store_true",
        help="fit every setting to heuristic self-play, also those the game fits to games the search played "
        f"({each(lambda fit: ', '.join(fit.stored_games) or 'none')})",
    )
    parser.add_argument("--weights", type=Path, default=None, help="the C++ include to write (default: the game's)")
    parser.add_argument("--report", type=Path, default=None, help="held-out figures per bucket (JSON)")
    args = parser.parse_args(argv)
    game = offered[args.game]
    max_cut = args.max_cut if args.max_cut is not None else game.max_cut
    games = args.games if args.games is not None else game.games
    phases: set[str] | None = None
    if game.phases:  # a game without them fits every bucket, whatever --phases says
        phases = set(args.phases.split(",")) if args.phases is not None else set(game.default_phases)
        if not phases <= set(game.phases):
            parser.error(f"--phases takes {', '.join(game.phases)}, not {args.phases}")
    source, command = fit_description(game, games, args.seed, args.noise, max_cut, phases)
    stored = {} if args.self_play_only else game.stored_games
    if args.self_play_only and game.stored_games:  # it changes nothing for a game that stores none
        command += " --self-play-only"

    def wanted(bucket: int) -> bool:
        return phases is None or game.phase(bucket) in phases

    fitted: dict[int, tuple] = {}
    report = {}
    for setting in game.settings():
        self_play = setting.samples(games, max_cut, args.noise, args.seed + setting.seed_offset)
        if setting.name in stored:
            played = read_games(stored[setting.name])
            data = value_positions(played)
            source += stored_games_description(setting.name, stored[setting.name], len(played))
            fits = fit_samples(data, wanted, game.score_now, cross_validated=True)
            # what the stored games gain: the self-play fit, which saw none of them, on all of them
            for bucket, (self_fit, _) in fit_samples(self_play, wanted, game.score_now).items():
                if bucket in fits:
                    fits[bucket][1]["log_loss_self_play"] = log_loss_on(data, bucket, self_fit.win_weights)
        else:
            fits = fit_samples(self_play, wanted, game.score_now)
        fitted.update(fits)
        rows = {game.label(bucket): row for bucket, (_, row) in sorted(fits.items())}
        report[setting.name] = rows
        print(f"{setting.name}: {len(fits)} boundaries")
        print(f"  {'boundary':<11} {'log loss':>9} {'score only':>10} {'uniform':>8} {'brier':>6} {'score rmse':>10}")
        for label, row in rows.items():
            if "log_loss" not in row:  # too few games for one to be held out here
                print(f"  {label:<11} no held-out positions ({row['train']} fitted)")
                continue
            against = row.get("log_loss_self_play")
            print(
                f"  {label:<11} {row['log_loss']:9.3f} {row['log_loss_score_now']:10.3f}"
                f" {row['log_loss_uniform']:8.3f} {row['brier']:6.3f}"
                f" {row['score_rmse']:5.1f}/{row['score_sd']:4.1f}"
                + (f"  (self-play's fit: {against:.3f})" if against is not None else "")
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
