"""The classic For Sale as an edition of the same engine."""

import random

import pytest

import pyai

from scripting import cash, play, seat

# A whole 6-player game written out by hand (no removal with 6 players).
AUCTION = [
    # round 1, seat 0 leads: bids 1 and 2, four passes take 1..4, seat 0 passes
    # (pays 1 of its 1: half of 1 rounded down comes back), seat 1 pays 2 for the 6
    "deal:1,2,3,4,5,6",
    "bid:1",
    "bid:2",
    "pass",
    "pass",
    "pass",
    "pass",
    "pass",
    # round 2, seat 1 leads, everyone passes: seat 0 (last) takes the 12 for nothing
    "deal:7,8,9,10,11,12",
    "pass",
    "pass",
    "pass",
    "pass",
    "pass",
    # round 3, seat 0 leads, everyone passes: seat 5 takes the 18
    "deal:13,14,15,16,17,18",
    "pass",
    "pass",
    "pass",
    "pass",
    "pass",
    # round 4, seat 5 leads and bids 5; all others pass: seat 5 pays 5 for the 24
    "deal:19,20,21,22,23,24",
    "bid:5",
    "pass",
    "pass",
    "pass",
    "pass",
    "pass",
    # round 5, seat 5 leads and passes (25); seat 0 bids 3, seat 1 4; seat 0
    # passes with 3 standing (pays 2, takes 29); seat 1 pays 4 for the 30
    "deal:25,26,27,28,29,30",
    "pass",
    "bid:3",
    "bid:4",
    "pass",
    "pass",
    "pass",
    "pass",
]
SELLING = [
    "deal:0,0,2,2,3,3", "sell:5", "sell:6", "sell:1", "sell:2", "sell:3", "sell:4",
    "deal:4,4,5,5,6,6", "sell:12", "sell:7", "sell:8", "sell:9", "sell:10", "sell:11",
    "deal:7,7,8,8,9,9", "sell:13", "sell:14", "sell:15", "sell:16", "sell:17", "sell:18",
    "deal:10,10,11,11,12,12", "sell:19", "sell:20", "sell:21", "sell:22", "sell:23", "sell:24",
    "deal:13,13,14,14,15,15", "sell:29", "sell:30", "sell:26", "sell:27", "sell:28", "sell:25",
]  # fmt: skip


def classic(players=4, first=0):
    return pyai.load_game(f"forsale(players={players},edition=classic,first={first})").new_initial_state()


def test_hand_made_whole_game():
    game = pyai.load_game("forsale(players=6,edition=classic)")
    state = game.replay(AUCTION)
    assert state.to_dict()["phase"] == "selling"
    hands = [seat(state, s)["vehicles"] for s in range(6)]
    assert hands == [
        [5, 12, 13, 19, 29], [6, 7, 14, 20, 30], [1, 8, 15, 21, 26],
        [2, 9, 16, 22, 27], [3, 10, 17, 23, 28], [4, 11, 18, 24, 25],
    ]  # fmt: skip
    assert cash(state) == [11, 8, 14, 14, 14, 9]
    for token in SELLING:
        state.apply(token)
    assert state.is_terminal()
    # checks 41/39/36/38/42/42 plus coins
    assert state.scores() == [52, 47, 50, 52, 56, 51]
    assert state.winners() == [4]
    assert game.replay(state.history()) == state
    assert state.history() == AUCTION + SELLING


def test_game_string_starting_coins_and_names():
    game = pyai.load_game("forsale(players=3,edition=classic)")
    assert str(game) == "forsale(players=3,edition=classic)" and game.classic
    assert pyai.load_game(str(game)) == game
    assert cash(classic(3)) == [18] * 3 and cash(classic(4)) == [18] * 4
    assert cash(classic(5)) == [14] * 5 and cash(classic(6)) == [14] * 6
    with pytest.raises(pyai.GameStringError, match="theme applies to the autorama edition only"):
        pyai.load_game("forsale(edition=classic,theme=advisors)")
    with pytest.raises(pyai.GameStringError, match="edition must be one of autorama, classic"):
        pyai.load_game("forsale(edition=deluxe)")
    state = classic(4)
    play(state, "removed:/1,2/0,15", "deal:3,12,19,27")
    picture = str(state)
    assert picture.startswith("For Sale, 4 players: phase 1, buying properties, round 1 of 7")
    assert "table: properties 3 12 19 27" in picture and "coins 18" in picture
    assert "advisor" not in picture.lower()


def test_removal_has_no_advisors():
    state = classic(3)
    token = state.sample_chance(5)
    assert token.startswith("removed:/") and len(token.split("/")[1].split(",")) == 6
    with pytest.raises(pyai.IllegalMoveError, match="classic edition has no advisors"):
        state.apply("removed:1,2,3,4,5,6/1,2,3,4,5,6/0,0,2,2,3,3")
    with pytest.raises(pyai.IllegalMoveError, match="6 properties are removed with 3 players, not 2"):
        state.apply("removed:/1,2/0,0,2,2,3,3")
    state.apply(token)
    d = state.to_dict()
    assert d["unseen"][0] == [] and len(d["unseen"][1]) == 24 and len(d["unseen"][2]) == 24


def test_auction_refunds_half_and_has_no_abilities():
    state = classic(4)
    # seat 0 bids 3 then passes and takes the lowest (1: no Sales Associate refund);
    # a 4 taken (no Consultant fee); the last pays in full for the highest.
    play(state, "deal:1,4,20,30", "bid:3", "pass", "bid:4", "bid:5", "pass")
    assert seat(state, 1)["vehicles"] == [1] and seat(state, 0)["vehicles"] == [4]
    assert cash(state) == [18 - 2, 18, 18, 18]
    play(state, "pass")  # seat 2 passes with 4 standing: pays 2, takes 20; seat 3 pays 5 for 30
    assert seat(state, 2)["vehicles"] == [20] and seat(state, 3)["vehicles"] == [30]
    assert cash(state) == [16, 18, 16, 13]
    assert state.to_dict()["leader"] == 3
    state.apply("deal:2,3,5,6")
    with pytest.raises(pyai.IllegalMoveError, match="wrong move now: the auction takes bid:N or pass"):
        state.apply("play:5")


def test_selling_has_no_lawyers_or_mechanics():
    rng = random.Random(2)
    state = classic(4)
    while not state.is_terminal():
        if state.to_move() == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
            continue
        moves = state.legal_moves()
        if state.to_dict()["phase"] == "selling":
            assert all(m.startswith("sell:") and "," not in m for m in moves)
            assert len(moves) == len(seat(state, state.to_move())["vehicles"])
        else:
            assert all(m == "pass" or m.startswith("bid:") for m in moves)
        state.apply(rng.choice(moves))
    breakdown = state.score_breakdown()
    assert all(b["modifiers"] == 0 and b["financial"] == 0 for b in breakdown)
    assert state.scores() == [sum(seat(state, s)["checks"]) + cash(state)[s] for s in range(4)]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_classic_games_keep_their_books(players):
    rounds = {3: 8, 4: 7, 5: 6, 6: 5}[players]
    removed = {3: 6, 4: 2, 5: 0, 6: 0}[players]
    for game_seed in range(300):
        rng = random.Random(game_seed)
        state = classic(players, first=game_seed % players)
        while not state.is_terminal():
            if state.to_move() == "chance":
                state.apply(state.sample_chance(rng.getrandbits(64)))
            else:
                state.apply(rng.choice(state.legal_moves()))
        d = state.to_dict()
        assert sum(t.startswith("deal:") for t in state.history()) == 2 * rounds
        assert all(len(s["checks"]) == rounds and not s["vehicles"] for s in d["seats"])
        assert len(d["removed"][1]) == removed and len(d["removed"][2]) == removed
        assert all(s["cash"] >= 0 for s in d["seats"])
        if game_seed % 10 == 0:
            assert state.game.replay(state.history()) == state


def test_determinisation_search_and_bots_play_classic():
    state = classic(4)
    play(state, "removed:/1,2/0,15", "deal:3,12,19,27", "bid:2")
    for seed in range(20):
        sample = state.determinize(1, seed)
        assert sample.view(1) == state.view(1)
        assert sample.game.replay(sample.history()) == sample
        assert sample.history()[0].startswith("removed:/")
    for name, settings in (
        ("ismcts", {"iterations": 300}),
        ("pimc", {"iterations": 300, "dets": 4}),
        ("heuristic", {}),
        ("random", {}),
    ):
        assert pyai.make_bot(name, seed=1, **settings).choose(state) in state.legal_moves()
    result = pyai.analyse(state, iterations=2000, seed=3)
    assert result.seat == 1 and result.best_move in state.legal_moves()


def test_heuristic_playouts_play_the_classic_game():
    """`pyai bench` times the edition it is given: the C++ heuristic playouts of
    classic score as classic games played by the heuristic bot do."""
    game = pyai.load_game("forsale(players=4,edition=classic)")
    run = game.heuristic_playouts(2000, seed=1)
    core_mean = run["score_sum"] / (2000 * game.players)
    bot = pyai.make_bot("heuristic")
    rng = random.Random(7)
    scores = []
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply(state.sample_chance(rng.getrandbits(32)) if state.to_move() == "chance" else bot.choose(state))
        scores += state.scores()
    python_mean = sum(scores) / len(scores)
    autorama = pyai.load_game("forsale(players=4)").heuristic_playouts(2000, seed=1)
    assert abs(core_mean - python_mean) < 3  # about 57 either way; Autorama's games score about 77
    assert abs(autorama["score_sum"] / 8000 - python_mean) > 10
