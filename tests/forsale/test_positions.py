"""For Sale positions as text: `state.position()` and `game.from_position(text)`.

The C++ core's test program reads back every state of random games (core
tests, "positions as text, round trip"); these tests cover the Python API,
that a state read from text behaves like the one it came from, and that every
impossible fact is refused with a message naming it.
"""

import random

import pytest

import pyai
from pyai.analysis import analyse

from self_play import random_positions

START_OF_ROUND_3 = "phase:auction round:3 leader:2 table:- cash:21/26/15/26 advisors:3,17/4,9/8,30/2,11"  # 4 players


def random_states(game_string: str, seed: int):
    """Every state of one random game, from the start to the end."""
    return (state.clone() for state in random_positions(pyai.load_game(game_string), seed))


@pytest.mark.parametrize(
    "game_string",
    ["forsale(players=3)", "forsale(players=4,first=2)", "forsale(players=6)", "forsale(players=5,edition=classic)"],
)
def test_every_state_of_a_game_reads_back_as_the_same_position(game_string):
    game = pyai.load_game(game_string)
    for state in random_states(game_string, seed=len(game_string)):
        text = state.position()
        read = game.from_position(text)
        assert read.position() == text
        assert read.history() == []  # a position has no history
        assert read.to_move() == state.to_move()
        if isinstance(state.to_move(), int):
            assert read.legal_moves() == state.legal_moves()
        if state.is_terminal():
            assert read.scores() == state.scores()


def test_a_game_goes_on_from_a_position_as_from_its_history():
    game = pyai.load_game("forsale(players=4)")
    rng = random.Random(7)
    state = game.new_initial_state()
    while not (state.to_dict()["phase"] == "buying" and state.to_move() != "chance"):
        state.apply(
            state.sample_chance(rng.getrandbits(64)) if state.to_move() == "chance" else rng.choice(state.legal_moves())
        )
    read = game.from_position(state.position())
    while not state.is_terminal():  # the same tokens are legal and lead to the same positions
        token = (
            state.sample_chance(rng.getrandbits(64)) if state.to_move() == "chance" else rng.choice(state.legal_moves())
        )
        assert state.apply(token) == read.apply(token)
        assert read.position() == state.position()
    assert read.scores() == state.scores() and read.winners() == state.winners()


def test_the_search_sees_the_same_thing_from_a_position_and_from_its_history():
    game = pyai.load_game("forsale(players=4)")
    state = game.replay(["removed:8,21/5,17/0,9", "deal:3,6,23,24", "bid:1", "pass"])
    read = game.from_position(state.position())
    assert read.view(2).to_dict() == state.view(2).to_dict()
    # The record also shows how seats 0 and 1 played (the opponent model weighs
    # it); the position alone must search the same.
    from_history = analyse(state, iterations=3000, seed=11, opponent_model="none")
    from_text = analyse(read, iterations=3000, seed=11, opponent_model="none")
    assert [(m.token, m.visits) for m in from_text.moves] == [(m.token, m.visits) for m in from_history.moves]
    prior = pytest.approx(0.02)
    assert analyse(read, iterations=10).opponent_beliefs == [prior, prior, None, prior]
    assert analyse(state, iterations=10).opponent_beliefs != [prior, prior, None, prior]


DOCUMENTED_EXAMPLE = (
    "phase:auction round:3 leader:2 turn:1 table:5,12,22 cash:21/26/15/26 advisors:1,3,17/4,9/8,30/2,11 bids:pass/0/4/6"
)


def test_the_documented_examples_read():
    mid_round = pyai.load_game("forsale(players=4)").from_position(DOCUMENTED_EXAMPLE)
    assert mid_round.to_move() == 1 and mid_round.legal_moves()[:2] == ["pass", "bid:7"]
    assert mid_round.position() == DOCUMENTED_EXAMPLE
    state = pyai.load_game("forsale(players=4)").from_position(START_OF_ROUND_3)
    data = state.to_dict()
    assert (data["phase"], data["round"], data["leader"], state.to_move()) == ("auction", 2, 2, "chance")
    assert [seat["cash"] for seat in data["seats"]] == [21, 26, 15, 26]
    assert data["seats"][3]["advisors_in_hand"] == [2, 11]
    assert len(data["unseen"][0]) == 30 - 8  # the removal is among the unseen cards


def position_after(game_string: str, tokens: list[str]) -> str:
    return pyai.load_game(game_string).replay(tokens).position()


FOUR = "forsale(players=4)"
AUCTION = "phase:auction round:1 leader:0 turn:2 table:6,23,24 cash:28/28/28/28 advisors:-/3/-/- bids:1/pass/0/0"


@pytest.mark.parametrize(
    ("game_string", "text", "error", "message"),
    [
        # malformed words
        (FOUR, "round:1", pyai.TokenSyntaxError, "needs its phase"),
        (FOUR, "phase:lunch", pyai.TokenSyntaxError, "phase:lunch is not a phase"),
        (FOUR, AUCTION + " colour:red", pyai.TokenSyntaxError, "'colour' is not a position field"),
        (FOUR, AUCTION + " sold:é", pyai.TokenSyntaxError, "the position holds a character outside ASCII"),
        (FOUR, AUCTION.replace("round:1", "round:\x071"), pyai.TokenSyntaxError, "holds a control character"),
        (FOUR, AUCTION + " cash:1/2/3/4", pyai.TokenSyntaxError, "gives cash twice"),
        (FOUR, AUCTION.replace("cash:28/28/28/28", "cash:28/28/28"), pyai.TokenSyntaxError, "cash lists 3 seats"),
        (FOUR, AUCTION.replace("table:6,23,24", "table:6;23"), pyai.TokenSyntaxError, "is not a card list"),
        (FOUR, "phase:auction round:1 leader:0 cash:28/28/28/28", pyai.TokenSyntaxError, "table is needed"),
        (FOUR, "phase:auction round:1 leader:0 table:- advisors:-/-/-/-", pyai.TokenSyntaxError, "cash is needed"),
        # facts that cannot be
        (
            FOUR,
            AUCTION.replace("table:6,23,24", "table:3,23,24"),
            pyai.InconsistentPositionError,
            "advisor 3 is both in seat 1's advisors and in the table",
        ),
        (
            FOUR,
            AUCTION.replace("table:6,23,24", "table:6,23,31"),
            pyai.InconsistentPositionError,
            "there is no advisor 31",
        ),
        (FOUR, AUCTION.replace("round:1", "round:8"), pyai.InconsistentPositionError, "the round must be 1 to 7"),
        (
            FOUR,
            AUCTION.replace("bids:1/pass/0/0", "bids:29/pass/0/0"),
            pyai.InconsistentPositionError,
            "seat 0's bid of 29 is more than its cash of 28",
        ),
        (
            FOUR,
            AUCTION.replace("bids:1/pass/0/0", "bids:1/pass/1/0"),
            pyai.InconsistentPositionError,
            "seat 0 and seat 2 both bid 1",
        ),
        (FOUR, AUCTION.replace("turn:2", "turn:1"), pyai.InconsistentPositionError, "seat 1 has passed"),
        (FOUR, AUCTION.replace("turn:2", "turn:0"), pyai.InconsistentPositionError, "holds the highest bid"),
        (
            FOUR,
            AUCTION.replace("bids:1/pass/0/0", "bids:1/0/0/0"),
            pyai.InconsistentPositionError,
            "seat 1 has 1 advisor in hand, but in auction round 1 every seat has 0 advisors in hand",
        ),
        (
            FOUR,
            AUCTION.replace("bids:1/pass/0/0", "bids:pass/pass/pass/0")
            .replace("advisors:-/3/-/-", "advisors:4/3/5/-")
            .replace("table:6,23,24", "table:24"),
            pyai.InconsistentPositionError,
            "only one seat is still bidding",
        ),
        (
            FOUR,
            AUCTION.replace("leader:0", "leader:1"),
            pyai.InconsistentPositionError,
            "the first auction round is led by the game's first player, seat 0",
        ),
        (
            FOUR,
            AUCTION.replace("cash:28/28/28/28", "cash:28/28/28/30"),
            pyai.InconsistentPositionError,
            "seat 3 has 30, more than it can have here",
        ),
        (
            FOUR,
            AUCTION + " sells:5/-/-/-",
            pyai.InconsistentPositionError,
            "sells are written in a running selling round",
        ),
        (
            FOUR,
            AUCTION + " removed:1,2/3,4/0",
            pyai.InconsistentPositionError,
            "removed: 1 checks, but a 4-player game removes 2",
        ),
        ("forsale(players=5)", "phase:setup", pyai.InconsistentPositionError, "exists only with 3 or 4 players"),
        (
            "forsale(players=4,edition=classic)",
            "phase:buying round:1 leader:0 table:- cash:18/18/18/18",
            pyai.InconsistentPositionError,
            "the classic edition has no buying phase",
        ),
        (FOUR, "phase:setup cash:28/28/28/28", pyai.InconsistentPositionError, "it takes no other field"),
    ],
)
def test_impossible_or_malformed_positions_are_refused_by_name(game_string, text, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        pyai.load_game(game_string).from_position(text)


def selling_position(players_tokens: list[str]) -> str:
    return position_after(FOUR, players_tokens)


def test_refusals_in_the_buying_and_selling_phases():
    game = pyai.load_game(FOUR)
    rng = random.Random(5)
    state = game.new_initial_state()
    buying = selling = None
    while not state.is_terminal() and (buying is None or selling is None):
        if state.to_move() == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
            continue
        data = state.to_dict()
        if data["phase"] == "buying" and data["round"] == 1 and buying is None and state.to_move() != data["leader"]:
            buying = state.position()
        if data["phase"] == "selling" and data["round"] == 2 and selling is None:
            selling = state.position()
        state.apply(rng.choice(state.legal_moves()))
    assert buying and selling
    offered = dict(word.split(":", 1) for word in buying.split())["offered"].split("/")
    played_seat = next(seat for seat, offer in enumerate(offered) if offer != "-")
    # Offers made by seats whose turn has not come: the turn put back to the leader.
    fields = dict(word.split(":", 1) for word in buying.split())
    with pytest.raises(pyai.InconsistentPositionError, match=f"so seat {played_seat} cannot have offered yet"):
        game.from_position(buying.replace(f"turn:{fields['turn']}", f"turn:{fields['leader']}"))
    if not 13 <= int(offered[played_seat].rstrip("+")) <= 15:
        boosted = list(offered)
        boosted[played_seat] = offered[played_seat].rstrip("+") + "+"
        with pytest.raises(pyai.InconsistentPositionError, match="only a Fleet Manager"):
            game.from_position(buying.replace("offered:" + "/".join(offered), "offered:" + "/".join(boosted)))
    # Selling: a sell of a vehicle the seat does not hold, and a wrong count of sold vehicles.
    fields = dict(word.split(":", 1) for word in selling.split())
    seat1_vehicles = fields["vehicles"].split("/")[1].split(",")
    seat0_vehicle = fields["vehicles"].split("/")[0].split(",")[0]
    with pytest.raises(
        pyai.InconsistentPositionError, match=f"seat 1 sells vehicle {seat0_vehicle}, which it does not hold"
    ):
        game.from_position(selling + f" sells:-/{seat0_vehicle}/-/-")
    sold = fields["sold"].split(",")
    with pytest.raises(
        pyai.InconsistentPositionError, match="sold lists 3 vehicles, but 2 finished selling rounds sold 8"
    ):
        game.from_position(selling.replace("sold:" + fields["sold"], "sold:" + ",".join(sold[:3])))
    assert game.from_position(selling + f" sells:-/{seat1_vehicles[0]}/-/-").to_move() == 0


def test_a_position_must_be_text():
    with pytest.raises(pyai.ArgumentError, match="a position is text"):
        pyai.load_game(FOUR).from_position(42)
