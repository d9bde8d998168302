"""Fixed Automania positions for the rule tests: a setup whose every reveal is
chosen, and small helpers to play and read it.

The shipped tiles used (pyai/automania/components.toml): A1, A2 speed; A3
speed 1 star; A4 speed silver; A5 suitcase; A9 power; A13 green; A17 safety;
A21, A22 research managers (1 star); A23 marketing manager; A24 general
manager; A25, A26 staff managers (1 worker); A27 spoiler 1 star; A28 rims 1
star; A29 stripes 1 star; A30 chrome 1 star; A31 spoiler 2 stars; A33 $2;
A34 $3; A35 1 VP; A36 2 VP. Action spaces: R1 city $1, R2 family $2, R3 super
$3, R4 contract; C1 contract, C2 city $1, C3 family $2, C4 super $3; the
corner any car. Sales offices: 1 (sells 1, a tile), 2 (sells 2, a tile), 3
(sells 2, $2), 4 (sells 3, 1 VP), 5 (sells 3). Ship spaces 1-17 in each
market, gold medals 1 VP on 7-12, 2 on 13-15, 3 on 16-17. Sales spaces from
the topmost (1): NA $2 | $3 $4 | $5 $6 | $7 $8, EU 1 | 2 2+$1 | 3 3+$1 | 4 5 VP.
"""

from __future__ import annotations

from typing import Any

import pyai

# North America shows speed twice (4 and 3 stars) and power (2); Europe
# suitcase, safety, green. Pending: NA green (left), suitcase (right); EU
# power (left), safety (right).
DEMANDS = "demands:speed,speed,power,green,suitcase/suitcase,safety,green,power,safety"

# The grid, row by row, then the tiles below sales offices 1 and 2.
GRID = (
    "A1,A3,A21,A27,"  # R1 (city $1): speed, speed*1, research, spoiler*1
    "A9,A5,A28,A23,"  # R2 (family $2): power, suitcase, rims*1, marketing
    "A24,A25,A29,A33,"  # R3 (super $3): general, staff, stripes*1, $2
    "A35,A13,A17,A31,"  # R4 (contract): 1 VP, green, safety, spoiler*2
    "A2,A22"  # below offices 1 and 2: speed, research
)


def setup(players: int = 3, grid: str = GRID, display: str = "1,2,3") -> list[str]:
    """The reveals of a game whose player order is the seats' order."""
    starts = [f"start:S{seat + 1}" for seat in range(players)]
    order = ",".join(str(seat) for seat in range(players))
    return [f"order:{order}", DEMANDS, f"display:{display}", *starts, f"tiles:{grid}"]


def new_game(players: int = 3, grid: str = GRID, display: str = "1,2,3", game: str | None = None) -> pyai.State:
    state = pyai.load_game(game or f"automania(players={players})").new_initial_state()
    play(state, *setup(players, grid, display))
    return state


def play(state: pyai.State, *tokens: str) -> pyai.State:
    for token in tokens:
        state.apply(token)
    return state


def seat(state: pyai.State, number: int) -> dict[str, Any]:
    return state.to_dict()["seats"][number]


def withdraw_all(state: pyai.State, offices: dict[int, int]) -> pyai.State:
    """Every seat still in the action phase withdraws, in turn, to the office
    given for it (a tile bonus is discarded), until the sales phase."""
    while state.to_dict()["step"] in ("turn", "sales office", "place tile"):
        step = state.to_dict()["step"]
        if step == "turn":
            state.apply("withdraw")
        elif step == "sales office":
            state.apply(f"office:{offices[state.to_move()]}")
        else:
            state.apply("discard")
    return state


def others_withdraw(state: pyai.State, protagonist: int = 0) -> pyai.State:
    """The seats to move before `protagonist`'s next turn withdraw, each to
    the highest-numbered free sales office, so that it plays on alone."""
    while state.to_dict()["step"] == "turn" and state.to_move() != protagonist:
        state.apply("withdraw")
        state.apply(state.legal_moves()[-1])
    return state


def next_round(state: pyai.State, side: str = "left", seed: int = 0) -> pyai.State:
    """From the demand choice between rounds: moves the demand tiles and deals
    the next round's tiles (at random, by `seed`)."""
    state.apply(f"demand:{side}")
    state.apply(state.sample_chance(seed))
    return state


def finish_round(state: pyai.State, offices: dict[int, int], side: str = "left", seed: int = 0) -> pyai.State:
    """Every seat still in the round withdraws to its office; every car offered
    in the sales phase stays on its ship; then the next round starts (the
    demand chooser takes `side`), unless the game is over."""
    withdraw_all(state, offices)
    while state.to_dict()["step"] == "sell":
        state.apply("keep")
    if not state.is_terminal():
        next_round(state, side, seed)
    return state
