"""For Sale's learned evaluation, for bench/fit_value_model.py: a bucket per
edition, player count, phase and round boundary (value_bucket() of
csrc/forsale/value_features.h); the shipped weights value the selling phase's."""

from __future__ import annotations

from pathlib import Path

from game_fit import GameFit, Setting

from pyai import _core

ROOT = Path(__file__).resolve().parents[2]

PHASES = ("auction", "buying", "selling")
ROUNDS = 10  # kValueRounds
SETTINGS = [(classic, players) for classic in (False, True) for players in range(3, 7)]
FEATURES = list(_core.forsale_value_feature_names)


def bucket_of(classic: bool, players: int, phase: int, round_: int) -> int:
    """value_bucket() of value_features.h; phase 0..2 = auction, buying, selling."""
    config = (4 if classic else 0) + players - 3
    return (config * len(PHASES) + phase) * ROUNDS + round_


def phase_and_round(bucket: int) -> tuple[str, int]:
    """The phase name and 0-based round a bucket's weights are for."""
    phase, round_ = divmod(bucket % (len(PHASES) * ROUNDS), ROUNDS)
    return PHASES[phase], round_


def value_fit() -> GameFit:
    return GameFit(
        name="forsale",
        features=FEATURES,
        score_now=FEATURES.index("score_now"),
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
        per="per edition and player count",
        phases=PHASES,
        # An auction or buying model measured weaker than rollouts there (docs/search.md).
        default_phases=("selling",),
        phase=lambda bucket: phase_and_round(bucket)[0],
    )
