"""Random Automania games through the Python surface, every step checked:
workers, tiles, cars, contracts and money all accounted for, VP only from the
rules' sources (each source fed only by the move that may feed it), every
game replayed from its history and every seat's record from its view.

The C++ test program plays 10,000 games per player count with the same
checks on the core's own state (tests/test_cpp_core.py); this runs a few
through the boundary: PYAI_AUTOMANIA_PY_GAMES sets how many per player count.
"""

from __future__ import annotations

import os
import random

import pytest

import pyai

GAMES = int(os.environ.get("PYAI_AUTOMANIA_PY_GAMES", "25"))
CARS = {"city": 3, "family": 2, "super": 2}
END_SOURCES = {"cars left", "silver", "contracts", "money rank"}
# The move (token head) that may feed each VP source during the game.
FED_BY = {
    "start": {"order"},
    "medals": {"ship"},
    "tiles": {"tile", "office"},
    "sales": {"sell"},
    "office": {"office"},
    "no contract": {"tile", "put", "discard"},
}


def check_accounts(data: dict, players: int) -> None:
    seats = data["seats"]
    on_spaces = [0] * players
    for space in data["action_spaces"]:
        if space["seat"] is not None:
            on_spaces[space["seat"]] += space["workers"]
    factory_tiles = 0
    for number, s in enumerate(seats):
        assert s["workers_home"] + on_spaces[number] + s["on_sponsor"] + s["on_marketing"] == s["workers"]
        assert s["workers"] == 6 + s["neutral_workers"]
        assert s["money"] >= 0 and s["vp"] == sum(s["vp_from"].values())
        for car, count in CARS.items():
            shipped = sum(
                1
                for market in data["markets"].values()
                for space in market["ships"]
                if space["car"] == {"seat": number, "car": car}
            )
            assert s["cars"][car] + s["sold"][car] + shipped == count
        factory_tiles += sum(t is not None for t in s["stations"] + s["offices"])
        factory_tiles += sum(len(tiles) for tiles in s["styling"].values())
    assert sum(s["neutral_workers"] for s in seats) <= 10
    on_board = sum(t is not None for row in data["grid"] for t in row)
    on_board += sum(o["tile"] is not None for o in data["sales_offices"])
    in_hand = data["action"]["tile"] is not None
    assert (
        data["tiles_left"]["A"] + data["tiles_left"]["B"] + on_board + in_hand + factory_tiles + data["tiles_removed"]
        == 72
    )
    contracts = data["deck_count"] + len(data["display"])
    contracts += sum(len(s["hand"]) + len(s["played"]) for s in seats)
    if data["step"] not in ("deal order", "deal demands", "deal display", "deal starting contract"):
        assert contracts == 26 + players  # the unused starting contracts left the game
        assert len(data["display"]) == 3 or data["deck_count"] == 0 or data["step"] == "reveal contract"


def check_vp_sources(before: dict, after: dict, token: str, ended: bool) -> None:
    head = token.split(":")[0]
    for old, new in zip(before["seats"], after["seats"]):
        for source, value in new["vp_from"].items():
            gained = value - old["vp_from"][source]
            assert gained >= 0, source
            if gained:
                allowed = ended if source in END_SOURCES else head in FED_BY[source]
                assert allowed, f"VP from {source} after {token}"


def choose(legal: list[str], rng: random.Random, eager: bool) -> str:
    """A random move; an eager seat places workers whenever it can (uniform
    play withdraws early and rarely reaches a full factory or an empty deck)."""
    places = [token for token in legal if token.startswith(("place:", "corner:"))] if eager else []
    return rng.choice(places or legal)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_account_and_replay(players):
    rng = random.Random(players)
    game = pyai.load_game(f"automania(players={players})")
    for game_number in range(GAMES):
        state = game.new_initial_state()
        data = state.to_dict()
        while not state.is_terminal():
            check_accounts(data, players)
            if state.to_move() == "chance":
                token = state.apply(state.sample_chance(rng.getrandbits(64)))
            else:
                token = state.apply(choose(state.legal_moves(), rng, eager=game_number % 2 == 1))
            after = state.to_dict()
            check_vp_sources(data, after, token, state.is_terminal())
            data = after
        check_accounts(data, players)
        assert game.replay(state.history()) == state
        for seat in range(players):
            record = state.view(seat).history()
            assert game.replay_as_seen(seat, record).view(seat) == state.view(seat)
