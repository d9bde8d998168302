"""Automania's learned evaluation, for bench/fit_value_model.py: a bucket per
player count and later round about to be dealt (value_bucket() of
csrc/automania/value_features.h), for the shipped component set only."""

from __future__ import annotations

from pathlib import Path

from game_fit import GameFit, Setting

from pyai import _core
from pyai.automania import component_file
from pyai.automania.game import load_components

ROOT = Path(__file__).resolve().parents[2]

PLAYERS = (2, 3, 4)
ROUNDS = 3  # kValueRounds: rounds 2-4 about to be dealt


def value_fit() -> GameFit:
    # The weights belong to the shipped component set: the include carries its
    # wire form, and a game with other components is not valued.
    components, index = load_components(None)
    features = list(_core.automania_value_feature_names)
    wire = component_file.wire(components)
    return GameFit(
        name="automania",
        features=features,
        score_now=features.index("vp"),
        buckets=len(PLAYERS) * ROUNDS,
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
            for players in PLAYERS
        ],
        label=lambda bucket: f"round {bucket % ROUNDS + 2}",
        max_cut=3,
        games=100_000,
        per="per player count",
        # At 3 players the search's own games, which its leaves meet, not the heuristic's:
        # docs/results.md (Automania's learned evaluation) has what each fit predicts of them.
        stored_games={"3p": ROOT / "bench" / "automania" / "search_games_3p.jsonl.gz"},
        header=lambda: [
            "// The component set the weights were fitted to, in its wire form (component_file.py).",
            "inline constexpr int32_t kValueModelComponentsWire[] = {" + ", ".join(map(str, wire)) + "};",
        ],
    )
