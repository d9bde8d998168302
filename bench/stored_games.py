"""Finished games as `pyai tournament --db` stores them, and the learned
evaluation's positions in them.

A game's evaluation can be fitted to games the search played rather than to
heuristic self-play (bench/fit_value_model.py, a GameFit's `stored_games`):
the positions are those where the game's model values a state, each with the
game's real outcome. Records come from a tournament database (.sqlite: its
normal games) or from a file of them written here (.jsonl.gz: one game a
line, {"game", "tokens", "winners", "scores"}), which is what a repository
keeps of them:

    python bench/stored_games.py OUT.jsonl.gz RUN.sqlite [RUN.sqlite ...]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import pyai
from pyai.game_api import Game
from pyai.tournament.schedule import seating_text
from pyai.tournament.stats import win_shares
from pyai.tournament.store import Store


@dataclass(frozen=True)
class StoredGame:
    game: str  # the game string it was played under
    tokens: list[str]  # the whole record, chance included
    winners: list[int]
    scores: list[float]


def read_games(path: Path) -> list[StoredGame]:
    """The finished games in a tournament database (.sqlite) or a file of records (.jsonl.gz)."""
    if path.suffix == ".sqlite":
        with Store(str(path), create=False) as store:
            game = store.settings()["game"]
            finished = [g for g in store.games() if g["outcome"] == "normal"]
        # by deal and seating, the order the shipped records were written in (their held-out tenth is by index)
        finished.sort(key=lambda g: (g["deal"], seating_text(g["seating"])))
        return [StoredGame(game, g["tokens"], g["winners"], g["scores"]) for g in finished]
    if path.name.endswith(".jsonl.gz"):
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            return [
                StoredGame(row["game"], row["tokens"].split(), row["winners"], row["scores"])
                for row in map(json.loads, lines)
            ]
    raise ValueError(f"{path}: stored games are a tournament database (.sqlite) or records (.jsonl.gz)")


def write_games(path: Path, games: Sequence[StoredGame]) -> None:
    # mtime 0: the same games make the same bytes, so a rewrite changes nothing in git
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as packed:
        for g in games:
            row = {"game": g.game, "tokens": " ".join(g.tokens), "winners": g.winners, "scores": g.scores}
            packed.write((json.dumps(row) + "\n").encode("utf-8"))


def value_positions(games: Sequence[StoredGame]) -> dict:
    """Every point where a game's learned evaluation values the state, in the form of the
    self-play samples (bucket and game (n,), features (n, seats, k), win and score
    (n, seats)): each with its game's final win shares (a shared win counts 1/k) and scores."""
    bucket: list[int] = []
    game_index: list[int] = []
    features: list[list[list[float]]] = []
    win: list[list[float]] = []
    score: list[list[float]] = []
    loaded: dict[str, Game] = {}
    for index, stored in enumerate(games):
        game = loaded.setdefault(stored.game, pyai.load_game(stored.game))
        state = game.new_initial_state()
        shares = win_shares({"winners": stored.winners}, len(stored.scores))
        for token in [*stored.tokens, None]:
            at = state.core.value_bucket()
            if at is not None:
                bucket.append(at)
                game_index.append(index)
                features.append(state.core.value_features())
                win.append(shares)
                score.append(stored.scores)
            if token is not None:
                state.apply(token)
        if state.scores() != [round(s) for s in stored.scores]:
            raise ValueError(
                f"stored game {index} ({stored.game}) replays to scores {state.scores()}, not {stored.scores}"
            )
    return {
        "bucket": np.array(bucket, np.int32),
        "game": np.array(game_index, np.int32),
        "features": np.array(features, np.float32),
        "win": np.array(win, np.float32),
        "score": np.array(score, np.float32),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path, help="the records to write (.jsonl.gz)")
    parser.add_argument("runs", type=Path, nargs="+", help="tournament databases or records to read")
    args = parser.parse_args(argv)
    if not args.out.name.endswith(".jsonl.gz"):
        parser.error(f"{args.out}: the records are written as .jsonl.gz")
    games = [g for run in args.runs for g in read_games(run)]
    write_games(args.out, games)
    print(f"wrote {len(games)} games to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
