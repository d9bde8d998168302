"""What bench/fit_value_model.py needs to know of one game's learned evaluation.

A game offers a fit with bench/<game>/value_fit.py, whose value_fit() returns
its GameFit. These types live apart from the script so that a game's file can
import them while the script loads that file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


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
    per: str  # what a setting is, in the source line: "per player count", say
    header: Callable[[], list[str]] = lambda: []  # more of the include (declarations after the weights)
    # A game whose buckets belong to phases fits only those --phases picks; the others get
    # no weights, and a rollout goes on through them. No phases: every bucket is fitted.
    phases: tuple[str, ...] = ()  # what --phases may pick
    default_phases: tuple[str, ...] = ()  # the default --phases: those its shipped weights value
    phase: Callable[[int], str] = lambda bucket: ""  # a bucket's phase, one of `phases`
    # Settings fitted to games the search played (a setting's name: its records, as
    # bench/stored_games.py reads them) instead of to heuristic self-play.
    stored_games: dict[str, Path] = field(default_factory=dict)
