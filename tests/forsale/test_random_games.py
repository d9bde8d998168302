"""Thousands of random games per player count: bookkeeping, money, rounds, replay."""

import random

import pytest

import pyai

from .ledger import final_cash

GAMES_PER_COUNT = 1000
ROUNDS = {3: 8, 4: 7, 5: 6, 6: 5}


def random_game(players: int, seed: int, first: int = 0, check_each_step: bool = False) -> pyai.State:
    rng = random.Random(seed)
    state = pyai.load_game(f"forsale(players={players},first={first})").new_initial_state()
    while not state.is_terminal():
        if state.to_move() == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
        else:
            state.apply(rng.choice(state.legal_moves()))
        if check_each_step:
            check_step_invariants(state)
    return state


def check_step_invariants(state: pyai.State) -> None:
    d = state.to_dict()
    for s in d["seats"]:
        assert s["cash"] >= 0
        if s["in_auction"]:
            assert s["cash"] >= s["bid"]
    hands = [len(s["vehicles"]) for s in d["seats"]]
    if d["phase"] == "selling":
        assert len(set(hands)) == 1  # everyone sells exactly one vehicle a round
    if d["to_move"] not in ("chance", "over"):
        assert state.legal_moves(), "a seat to move always has a legal move"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_keep_their_books(players):
    removed = {3: 6, 4: 2, 5: 0, 6: 0}[players]
    for seed in range(GAMES_PER_COUNT):
        first = seed % players
        state = random_game(players, seed, first=first)
        d = state.to_dict()
        history = state.history()
        # right number of rounds: one deal per round and phase
        assert sum(t.startswith("deal:") for t in history) == 3 * ROUNDS[players]
        assert d["phase"] == "over" and state.to_move() == "over"
        # cards: every advisor is played or was never dealt; every check is won or never dealt
        seats = d["seats"]
        played = sorted(a for s in seats for a in s["advisors_played"])
        assert len(played) == len(set(played)) == players * ROUNDS[players]
        assert sorted(played + d["removed"][0]) == sorted(set(range(1, 31)) - set(d["unseen"][0]))
        assert len(d["unseen"][0]) == 0 and len(d["removed"][0]) == removed
        assert all(not s["advisors_in_hand"] and not s["vehicles"] for s in seats)
        checks = sorted(c for s in seats for c in s["checks"]) + d["removed"][2]
        assert sorted(checks) == sorted([0, 0] + [v for v in range(2, 16) for _ in (0, 1)])
        assert all(len(s["checks"]) == ROUNDS[players] for s in seats)
        # money: cash never negative, and equal to an independent ledger
        assert all(s["cash"] >= 0 for s in seats)
        assert [s["cash"] for s in seats] == final_cash(players, first, history)
        # replaying the history rebuilds an identical state
        if seed % 10 == 0:
            replayed = state.game.replay(history)
            assert replayed == state and replayed.history() == history


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_step_invariants_in_random_games(players):
    for seed in range(100):
        random_game(players, 10_000 + seed, check_each_step=True)


def test_core_random_playouts_play_whole_games():
    # The C++ random-playout benchmark: each game has at least one move per
    # seat per round of each phase, and a seed reproduces it.
    game = pyai.load_game("forsale(players=4)")
    result = game.random_playouts(200, 3)
    assert result["games"] == 200 and result["steps"] > 200 * 3 * 7 * 4
    assert game.random_playouts(200, 3)["score_sum"] == result["score_sum"]
