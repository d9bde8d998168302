"""Every bot, behind one interface, returns a legal move in any position."""

import random

import pytest

import pyai
from pyai.analysis import MARGIN_WEIGHT

from scripting import play_randomly_to_the_end
from test_search import late_selling_position

FAST = {
    "ismcts": {"iterations": 60},
    "pimc": {"iterations": 60, "dets": 4},
    "heuristic": {},
    "random": {},
}


def random_game(players: int, seed: int) -> pyai.State:
    state = pyai.load_game(f"forsale(players={players})").new_initial_state()
    play_randomly_to_the_end(state, random.Random(seed))
    return state


def random_positions(players: int, count: int, seed: int):
    """States where somebody has a decision, from random games cut at random points."""
    rng = random.Random(seed)
    found = 0
    game_seed = seed * 1000
    while found < count:
        game_seed += 1
        full = random_game(players, game_seed)
        history = full.history()
        for cut in sorted(rng.sample(range(len(history)), 12)):
            state = full.game.replay(history[:cut])
            if isinstance(state.to_move(), int):
                found += 1
                yield state


@pytest.mark.parametrize("name", sorted(FAST))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bots_choose_legal_moves(name, players):
    bot = pyai.make_bot(name, seed=players, **FAST[name])
    count = 250 if name in ("ismcts", "pimc") else 1000
    for state in random_positions(players, count, seed=players * 10 + len(name)):
        mover = state.to_move()
        assert bot.choose(state) in state.legal_moves()
        d = state.to_dict()
        if d["phase"] == "selling" and d["sell_step"] == "choose":
            # any seat still to sell can be asked for its sealed sell
            for seat in range(players):
                if seat != mover and d["seats"][seat]["sell"] is None:
                    assert bot.choose(state, seat) in state.legal_moves_for(seat)


def test_search_bots_sample_a_mixed_policy_at_sealed_sells():
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    rng = random.Random(4)
    while state.to_dict()["phase"] != "selling" or state.to_move() == "chance":
        state.apply(
            state.sample_chance(rng.getrandbits(64)) if state.to_move() == "chance" else rng.choice(state.legal_moves())
        )
    bot = pyai.make_bot("ismcts", seed=1, iterations=300)
    bot.choose(state)
    assert bot.last_result.simultaneous
    assert sum(m.share for m in bot.last_result.moves) == pytest.approx(1.0)


def test_make_bot_rejects_unknown_bots_and_settings():
    with pytest.raises(ValueError, match="unknown bot 'alphazero'"):
        pyai.make_bot("alphazero")
    with pytest.raises(ValueError, match="bot 'random' has no setting 'iterations'"):
        pyai.make_bot("random", iterations=5)
    with pytest.raises(pyai.SettingError, match="bot 'ismcts' has no setting 'pimc' or 'determinizations'"):
        pyai.make_bot("ismcts", dets=4)
    with pytest.raises(pyai.SettingError, match="unknown search setting 'colour'"):
        pyai.make_bot("ismcts", colour="red").choose(pyai.load_game("forsale(players=4)").replay(["deal:3,6,23,24"]))
    state = pyai.load_game("forsale(players=4)").new_initial_state()
    with pytest.raises(pyai.PhaseError):
        pyai.make_bot("random").choose(state)


def test_bots_are_reproducible_from_their_seed():
    state = pyai.load_game("forsale(players=4)").replay(["deal:3,6,23,24", "bid:2"])
    for name, settings in FAST.items():
        first = [pyai.make_bot(name, seed=5, **settings).choose(state) for _ in range(3)]
        assert len(set(first)) == 1, name


def test_the_pimc_baseline_keeps_its_bid_cap_of_three():
    state = pyai.load_game("forsale(players=4)").replay(["deal:3,6,23,24"])
    assert pyai.make_bot("pimc").settings_for(state)["max_raise"] == 3  # For Sale's default for this bot
    assert "max_raise" not in pyai.make_bot("ismcts").settings_for(state)  # the search's own default (+1)
    assert pyai.make_bot("pimc", max_raise=1).settings_for(state)["max_raise"] == 1
    bot = pyai.make_bot("pimc", iterations=200)
    bot.choose(state)
    assert bot.last_result.settings["max_raise"] == 3


@pytest.mark.parametrize("name", ["ismcts", "pimc"])
def test_a_search_bot_plays_a_forced_move_without_searching(name):
    state = pyai.load_game("automania(players=3)").new_initial_state()
    rng = random.Random(3)
    while state.to_move() == "chance" or len(state.legal_moves()) != 1:
        if state.to_move() == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
        else:
            state.apply(rng.choice(state.legal_moves()))
    bot = pyai.make_bot(name, iterations=10**9)  # a search would take minutes
    assert bot.choose(state) == state.legal_moves()[0]
    assert bot.last_result is None


def test_a_search_bot_that_cannot_win_plays_for_its_margin():
    # Seat 1 cannot win whatever it sells (every sell 0.000 win, a uniform
    # policy): the bot searches again with the margin counted.
    state = late_selling_position()
    plain = pyai.analyse(state, 1, iterations=4000, seed=1)
    assert all(m.win == 0 for m in plain.moves)
    bot = pyai.make_bot("ismcts", iterations=4000, seed=3)
    bot.choose(state, seat=1)
    seeds = random.Random(3)  # the bot's seeds: one for each search
    seeds.getrandbits(64)
    again = pyai.analyse(state, 1, iterations=4000, seed=seeds.getrandbits(64), margin_weight=MARGIN_WEIGHT)
    assert bot.last_result.moves == again.moves
    assert max(m.share for m in again.moves) > 0.45  # the margin tells the sells apart
    # A seat told what to play for keeps it: the plain win share, or its own margin.
    told = pyai.make_bot("ismcts", iterations=4000, seed=3, margin_weight=0.0, objective="win")
    told.choose(state, seat=1)
    assert all(m.share == pytest.approx(1 / 3, abs=0.02) for m in told.last_result.moves)
