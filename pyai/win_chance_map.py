"""The advice's win chance as games bore it out.

A search reports, for each move, the share of its iterations the seat won: its
own picture of the game, which can run high (it plays the other seats in its
tree weaker than they play at a table) or say little early on. Where a game
ships a map fitted on self-play games of the default search
(`win_chance_map.json` in the game's folder, written by
`bench/win_chance_calibration.py --fit-into`), the advice adds what seats
given the reported chance won in those games: per game string (its player
count and any other parameter: a game with other components is not the game
the map was fitted on), budget and stage of the game (the state field the
file names, e.g. a round), one slope s on the log-odds about the fair share
f = 1/players,

    told = sigmoid(logit(f) + s * (logit(reported) - logit(f)))

so s = 1 keeps the report, s < 1 draws it toward the fair share, s = 0 says
the report told nothing about who won. Between two fitted budgets the slope is
interpolated in log iterations; outside them the nearest is used. A game
string or stage the file does not cover is told as the search reported it.

The search, `pyai.analyse`, the protocol and the advice's own numbers stay the
search's estimates (a monotone map would keep the moves' order, but it says
what seats given a chance went on to win, not what one move costs against
another); the advice adds the mapped chance beside the best move's.

What a move costs against another is checked apart (`bench/move_cost_calibration.py
--fit-into`): the search's best and next best moves each played on to the end
in self-play, the costs they realized per cost reported, by stage. A fit may
carry that as `costs`: per stage, the ratio and the top of its 95% interval
(both kept in [0, 1]), told for budgets between the measured ones
(interpolated as the slopes are) and within a factor of COST_REACH outside
them: how a cost grows with the budget is not known past that.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .game_api import Game

MAP_FILE = "win_chance_map.json"
FORMAT = 1
# Reports are kept this far from 0 and 1 before their log-odds are taken.
EDGE = 1e-3
FITTED_KEYS = ("game", "iterations", "slopes")
# A cost fit is told for budgets within this factor of the nearest measured one.
COST_REACH = 2.0


@dataclass(frozen=True)
class CostsInPlay:
    """What the costs the search reported at a stage came to in self-play, per cost reported."""

    ratio: float  # the realized costs' sum per the reported costs' sum, kept in [0, 1]
    at_most: float  # the top of its 95% interval, kept in [0, 1]: 1 where play bore the costs out


@dataclass(frozen=True)
class Fitted:
    """The slopes fitted on one game's self-play games at one budget."""

    game: str  # the game string, as the game writes itself (str(game))
    iterations: int
    slopes: dict[str, float]  # stage (the state field's value, as text) -> slope
    costs: dict[str, CostsInPlay] = field(default_factory=dict)  # stage -> the costs' check, where measured


@dataclass(frozen=True)
class WinChanceMap:
    stage_field: str  # the state's field that names the stage of the game (`to_dict()`)
    fitted: tuple[Fitted, ...]

    def slope(self, game: str, stage: str, iterations: int) -> float | None:
        """The slope for a search of `iterations` at `stage` of `game` (its game string), or
        None if no fit covers them."""
        rows = [(f.iterations, (f.slopes[stage],)) for f in self.fitted if f.game == game and stage in f.slopes]
        across = across_budgets(rows, iterations, math.inf)
        return None if across is None else across[0]

    def costs_in_play(self, game: str, stage: str, iterations: int) -> CostsInPlay | None:
        """What the search's costs at `stage` came to in play, for a search of `iterations`; None
        where no cost fit is measured within COST_REACH of that budget."""
        rows = [
            (f.iterations, (f.costs[stage].ratio, f.costs[stage].at_most))
            for f in self.fitted
            if f.game == game and stage in f.costs
        ]
        across = across_budgets(rows, iterations, COST_REACH)
        return None if across is None else CostsInPlay(*across)


def across_budgets(
    rows: Sequence[tuple[int, tuple[float, ...]]], iterations: int, reach: float
) -> tuple[float, ...] | None:
    """The values fitted at budgets `rows` (budget, values) for a search of `iterations`:
    interpolated in log iterations between two budgets, the nearest's outside them if within
    a factor of `reach`, else None."""
    budgets = sorted(rows)
    if not budgets:
        return None
    low_budget, high_budget = budgets[0][0], budgets[-1][0]
    if iterations <= low_budget:
        return budgets[0][1] if iterations * reach >= low_budget else None
    if iterations >= high_budget:
        return budgets[-1][1] if iterations <= high_budget * reach else None
    for (low, low_values), (high, high_values) in zip(budgets, budgets[1:]):
        if iterations <= high:
            part = math.log(iterations / low) / math.log(high / low)
            return tuple(a + part * (b - a) for a, b in zip(low_values, high_values))
    return None  # not reached: iterations is below the highest budget


def logit(p: float) -> float:
    p = min(max(p, EDGE), 1 - EDGE)
    return math.log(p / (1 - p))


def mapped(reported: float, fair: float, slope: float) -> float:
    """`reported` drawn toward `fair` on the log-odds by `slope`."""
    centre = logit(fair)
    return 1.0 / (1.0 + math.exp(-(centre + slope * (logit(reported) - centre))))


def parse(data: Any, source: str) -> WinChanceMap:
    """A checked map from a file's JSON data; ValueError naming what is wrong."""

    def wrong(what: str) -> ValueError:
        return ValueError(f"{source}: {what}")

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise wrong(f"not a win chance map of format {FORMAT}")
    stage_field = data.get("stage_field")
    if not isinstance(stage_field, str) or not stage_field:
        raise wrong("stage_field must name a field of the state")
    entries = data.get("fitted")
    if not isinstance(entries, list):
        raise wrong("fitted must be a list of fits")
    fitted: list[Fitted] = []
    for i, entry in enumerate(entries):
        game, iterations, slopes = (entry.get(k) if isinstance(entry, dict) else None for k in FITTED_KEYS)
        if not isinstance(game, str) or not game:
            raise wrong(f"fitted[{i}].game must be a game string, not {game!r}")
        if type(iterations) is not int or iterations < 1:
            raise wrong(f"fitted[{i}].iterations must be a budget of 1 or more, not {iterations!r}")
        if any((f.game, f.iterations) == (game, iterations) for f in fitted):
            raise wrong(f"fitted[{i}]: {game} at {iterations} iterations is fitted twice")
        if not isinstance(slopes, dict) or not all(isinstance(v, int | float) and 0 <= v <= 1 for v in slopes.values()):
            raise wrong(f"fitted[{i}].slopes must map each stage to a slope from 0 to 1")
        costs = entry.get("costs", {})
        if not isinstance(costs, dict) or not all(_is_cost_fit(v) for v in costs.values()):
            raise wrong(f"fitted[{i}].costs must map each stage to a ratio and an at_most from 0 to 1, ratio first")
        fitted.append(
            Fitted(
                game,
                iterations,
                {str(k): float(v) for k, v in slopes.items()},
                {str(k): CostsInPlay(float(v["ratio"]), float(v["at_most"])) for k, v in costs.items()},
            )
        )
    return WinChanceMap(stage_field, tuple(fitted))


def _is_cost_fit(value: Any) -> bool:
    if not isinstance(value, dict) or set(value) != {"ratio", "at_most"}:
        return False
    ratio, at_most = value["ratio"], value["at_most"]
    numbers = all(isinstance(v, int | float) and not isinstance(v, bool) for v in (ratio, at_most))
    return numbers and 0 <= ratio <= at_most <= 1


def map_path(game: Game) -> Path:
    """Where `game`'s map would be: beside the module that defines the game."""
    return Path(str(sys.modules[type(game).__module__].__file__)).with_name(MAP_FILE)


@cache
def _load(path: Path) -> WinChanceMap | None:
    if not path.exists():
        return None
    return parse(json.loads(path.read_text()), str(path))


def game_map(game: Game) -> WinChanceMap | None:
    """The map `game` ships, or None."""
    return _load(map_path(game))


def told_chance(game: Game, state_data: dict[str, Any], iterations: int, reported: float) -> float | None:
    """What seats that a search of `iterations` gave `reported` at the stage of `state_data`
    (the searched state's `to_dict()`) won in the games the map was fitted on; None where
    the game's map does not cover the game string or the stage."""
    chances = game_map(game)
    if chances is None:
        return None
    slope = chances.slope(str(game), str(state_data.get(chances.stage_field)), iterations)
    return None if slope is None else mapped(reported, 1.0 / game.players, slope)


def told_costs(game: Game, state_data: dict[str, Any], iterations: int) -> CostsInPlay | None:
    """What the costs a search of `iterations` reports at the stage of `state_data` came to in
    self-play, per cost reported; None where the game's map has not measured them."""
    chances = game_map(game)
    if chances is None:
        return None
    return chances.costs_in_play(str(game), str(state_data.get(chances.stage_field)), iterations)
