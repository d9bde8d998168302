"""Automania positions as text: `state.position()`, `game.from_position(text)`,
`view.position()` and `game.view_from_position(text, seat)`.

The C++ test program reads back every state of random games, and each as a
random seat's view with money forgotten, and reads positions with one thing
changed (tests/cpp/automania/positions_tests.cpp); these tests
cover the Python API, that a game goes on from a position as from its
history, and that every impossible fact is refused with a message naming it.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import pyai

from .scenarios import new_game, play

THREE = "automania(players=3)"
GAME = pyai.load_game(THREE)


def random_states(game_string: str, seed: int):
    """Every state of one random game, from the start to the end."""
    rng = random.Random(seed)
    state = pyai.load_game(game_string).new_initial_state()
    yield state.clone()
    while not state.is_terminal():
        state.apply(
            state.sample_chance(rng.getrandbits(64)) if state.to_move() == "chance" else rng.choice(state.legal_moves())
        )
        yield state.clone()


def first_state(game_string: str, seed: int, predicate) -> pyai.State:
    return next(state for state in random_states(game_string, seed) if predicate(state))


def step_of(state: pyai.State) -> str:
    return dict(word.split(":", 1) for word in state.position().split())["step"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_state_of_a_game_reads_back_as_the_same_position(players):
    game = pyai.load_game(f"automania(players={players})")
    rng = random.Random(players)
    steps = set()
    for state in random_states(str(game), seed=players):
        text = state.position()
        read = game.from_position(text)
        assert read == state and read.position() == text
        assert read.history() == [] and read.view(0).history() == []  # a position has no history
        assert read.to_move() == state.to_move() and read.legal_moves() == state.legal_moves()
        seat = rng.randrange(players)
        view = state.view(seat)
        assert game.view_from_position(view.position(), seat) == view
        steps.add(step_of(state))
    assert len(steps) >= 16  # every step but, perhaps, one a random game rarely reaches


def test_a_view_with_forgotten_money_reads_back():
    state = first_state(THREE, 3, lambda s: s.to_dict()["round"] == 2 and s.to_move() == 1)
    view = state.view(0).forget_money(1, 3, 20).forget_money(2)
    text = view.position()
    money = dict(word.split(":", 1) for word in text.split())["money"]
    assert money == f"{state.to_dict()['seats'][0]['money']}/3..20/?"
    read = GAME.view_from_position(text, 0)
    assert read == view and read.position() == text and read.partial and read.history() == []
    assert read.to_dict()["seats"][1]["money_range"] == [3, 20]


def test_a_game_goes_on_from_a_position_as_from_its_history():
    rng = random.Random(7)
    state = first_state(THREE, 7, lambda s: s.to_dict()["round"] == 2 and s.to_move() != "chance")
    read = GAME.from_position(state.position())
    while not state.is_terminal():  # the same tokens are legal and lead to the same positions and views
        assert read.legal_moves() == state.legal_moves()
        token = (
            state.sample_chance(rng.getrandbits(64)) if state.to_move() == "chance" else rng.choice(state.legal_moves())
        )
        assert read.apply(token) == state.apply(token)
        assert read == state and read.position() == state.position()
        for seat in range(3):
            assert read.view(seat).to_dict() == state.view(seat).to_dict()
    assert read.scores() == state.scores() and read.winners() == state.winners()
    assert read.score_breakdown() == state.score_breakdown()


def test_the_search_sees_the_same_thing_from_a_position_and_from_its_history():
    state = first_state(THREE, 11, lambda s: s.to_move() == 2 and len(s.legal_moves()) > 4 and len(s.history()) > 30)
    read = GAME.from_position(state.position())
    from_history = pyai.analyse(state, iterations=2000, seed=5)
    from_text = pyai.analyse(read, iterations=2000, seed=5)
    assert [(m.token, m.visits) for m in from_text.moves] == [(m.token, m.visits) for m in from_history.moves]
    view = state.view(2).forget_money(0, 0, 30)
    seen = GAME.view_from_position(view.position(), 2)
    assert [(m.token, m.visits) for m in pyai.analyse(seen, iterations=2000, seed=5).moves] == [
        (m.token, m.visits) for m in pyai.analyse(view, iterations=2000, seed=5).moves
    ]


DOCUMENTED_EXAMPLE = (
    "round:1 step:ship turn:0 sponsored:yes space:R1 market:NA marketing:2 order:0,1,2 "
    "demands:speed,speed,power,green,suitcase/suitcase,safety,green,power,safety "
    "grid:-,A3,A21,A27;A9,A5,A28,A23;A24,A25,A29,A33;A35,A13,A17,A31 office_tiles:A2,A22 display:1,2,3 "
    "money:6/7/8 vp:1/2/3 hidden:S1/S2/S3 placed:R1,sponsor,marketing=2/-/- stations:A1/-/-"
)


def test_the_documented_examples_read():
    state = GAME.from_position(DOCUMENTED_EXAMPLE)
    history = play(new_game(), "sponsor:1", "place:R1", "tile:1", "put:station,1", "market:NA", "marketing:2")
    assert state == history and state.position() == DOCUMENTED_EXAMPLE
    assert state.to_move() == 0 and state.to_dict()["action"]["stars"] == 6  # 4 stars of demands met, 2 marketing
    assert "ship:6" in state.legal_moves()
    docs = (Path(__file__).parents[2] / "docs" / "automania.md").read_text()
    whole, seen = [" ".join(block.split()) for block in re.findall(r"```\n(round:.*?)```", docs, re.S)]
    assert whole == DOCUMENTED_EXAMPLE
    view = GAME.view_from_position(seen, 0)  # seat 0's view in a sales phase: seat 1's money a range
    assert view.position() == seen and view.to_dict()["seats"][1]["money_range"] == [5, 12]
    assert [seat["hidden_contracts"] for seat in view.to_dict()["seats"]] == [0, 1, 1]


def test_a_state_rebuilt_from_a_seats_record_is_written_as_that_seats_view():
    state = first_state(THREE, 2, lambda s: s.to_dict()["round"] == 2 and s.to_move() == 0)
    rebuilt = GAME.replay_as_seen(1, state.view(1).history())
    with pytest.raises(pyai.InconsistentPositionError, match="write that seat's view instead"):
        rebuilt.position()
    assert rebuilt.view(1).position() == state.view(1).position()


def test_games_without_a_position_and_non_text_say_so():
    with pytest.raises(pyai.ArgumentError, match="a position is text"):
        GAME.from_position(42)
    with pytest.raises(pyai.ArgumentError, match="seat must be a whole number 0..2"):
        GAME.view_from_position(DOCUMENTED_EXAMPLE, 3)


def without(text: str, field: str) -> str:
    return " ".join(word for word in text.split() if not word.startswith(field + ":"))


def replaced(text: str, field: str, value: str) -> str:
    return " ".join(f"{field}:{value}" if word.startswith(field + ":") else word for word in text.split())


START = new_game().position()  # 3 players, round 1, seat 0 to begin its turn
SHIP = DOCUMENTED_EXAMPLE


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        # malformed words
        ("round:1", pyai.TokenSyntaxError, "a position needs its step"),
        (replaced(START, "step", "lunch"), pyai.TokenSyntaxError, "step:lunch is not a step"),
        (START + " colour:red", pyai.TokenSyntaxError, "'colour' is not a position field"),
        (START + " money:1/2/3", pyai.TokenSyntaxError, "the position gives money twice"),
        (replaced(START, "money", "6/7"), pyai.TokenSyntaxError, "money lists 2 seats (split by '/'); the game has 3"),
        (replaced(START, "grid", "A1,A3;A9"), pyai.TokenSyntaxError, "grid lists 2 rows (split by ';')"),
        (START.replace("A27", "A99"), pyai.TokenSyntaxError, "grid: 'a99' is not a tile"),
        (replaced(START, "vp", "1/x/3"), pyai.TokenSyntaxError, "vp: 'x' is not a plain number"),
        (without(START, "money"), pyai.TokenSyntaxError, "money is needed"),
        (without(SHIP, "space"), pyai.TokenSyntaxError, "space is needed"),
        (replaced(SHIP, "placed", "R1,lunch/-/-"), pyai.TokenSyntaxError, "'lunch' is no place for workers"),
        # facts that cannot be: places
        (
            START + " stations:-/A1/-",
            pyai.InconsistentPositionError,
            "tile A1 is both in the grid and in seat 1's stations",
        ),
        (
            START + " hand:-/1/-",
            pyai.InconsistentPositionError,
            "contract 1 is both in the display and in seat 1's hand",
        ),
        (
            START + " stations:B1/-/-",
            pyai.InconsistentPositionError,
            "tile B1 is in seat 0's stations, but B tiles are dealt from round 3 on",
        ),
        (START + " managers:A4/-/-", pyai.InconsistentPositionError, "A4 in seat 0's managers is no manager tile"),
        (
            START + " removed:A4",
            pyai.InconsistentPositionError,
            "the A tiles do not add up: 18 have been dealt, but the position writes 19",
        ),
        (START + " removed:B4", pyai.InconsistentPositionError, "B tiles are dealt from round 3 on"),
        # components' counts
        (
            START + " placed:R1=7/-/-",
            pyai.InconsistentPositionError,
            "seat 0 has 7 workers placed, but 6 in all (6 and 0 neutral)",
        ),
        (
            START + " ships:city@NA1,city@NA2,city@NA3,city@NA4/-/-",
            pyai.InconsistentPositionError,
            "seat 0 has 4 city cars on ships and sales spaces, but it has 3",
        ),
        (
            START + " ships:city@NA1/family@NA1/-",
            pyai.InconsistentPositionError,
            "NA1 holds both seat 0's city car and seat 1's family car",
        ),
        (START + " ships:city@NA20/-/-", pyai.InconsistentPositionError, "NA has no ship space of level 20"),
        (START + " placed:R1/R1/-", pyai.InconsistentPositionError, "R1 holds workers of both seat 0 and seat 1"),
        # contracts
        (
            replaced(START, "hidden", "-/S2/S3"),
            pyai.InconsistentPositionError,
            "seat 0 holds no starting contract (hidden or played), but every seat is dealt one",
        ),
        (replaced(START, "hidden", "S1,S4/S2/S3"), pyai.InconsistentPositionError, "seat 0 has two starting contracts"),
        (START + " hand:S4/-/-", pyai.InconsistentPositionError, "seat 0's hand holds a starting contract"),
        (
            replaced(START, "display", "1,2"),
            pyai.InconsistentPositionError,
            "display: it shows 2 contracts, but the deck still has 24 to refill it",
        ),
        (
            replaced(START, "hidden", "S1/S2/?"),
            pyai.InconsistentPositionError,
            "a position with unknowns is read as one seat sees it (give the seat: pov)",
        ),
        # the turn in progress
        (
            START + " tile:A1",
            pyai.InconsistentPositionError,
            "tile is not part of this position: the tile taken is written at step:put",
        ),
        (replaced(START, "turn", "3"), pyai.InconsistentPositionError, "turn: a seat must be 0 to 2, not 3"),
        (
            START + " office:1/-/-",
            pyai.InconsistentPositionError,
            "turn: seat 0 has withdrawn (it is on sales office 1), so it has no more turns this round",
        ),
        (replaced(SHIP, "space", "R4"), pyai.InconsistentPositionError, "space: seat 0 used R4 this turn"),
        (
            replaced(SHIP, "placed", "R4,sponsor,marketing=2/-/-").replace("space:R1", "space:R4"),
            pyai.InconsistentPositionError,
            "space: R4 draws a contract; it produces no car",
        ),
        (
            replaced(SHIP, "marketing", "3"),
            pyai.InconsistentPositionError,
            "seat 0 put 3 marketing workers on this car, but has 2 on the marketing space",
        ),
        (
            replaced(replaced(SHIP, "step", "tile"), "money", "0/7/8").replace(" market:NA marketing:2", ""),
            pyai.InconsistentPositionError,
            "seat 0 chose R1, which makes a city car for $1 once the tile is placed",
        ),
        (
            SHIP.replace("space:R1", "space:R1,city"),
            pyai.InconsistentPositionError,
            "R1 makes no choice of car: only the corner's car is written",
        ),
        (
            replaced(START, "step", "sell"),
            pyai.InconsistentPositionError,
            "turn is not part of this position: it describes the turn in progress",
        ),
        (
            without(replaced(START, "step", "sell"), "turn"),
            pyai.InconsistentPositionError,
            "step:sell comes after every seat has withdrawn, but seat 0 has no sales office",
        ),
        # money, VP, round and step
        (replaced(START, "money", "6/1000/8"), pyai.TokenSyntaxError, "money: '1000' is not a plain number"),
        (
            replaced(START, "vp", "1/2/5"),
            pyai.InconsistentPositionError,
            "seat 2's start VP are its player number in round 1, 1 to 3, not 5",
        ),
        (
            replaced(START, "vp", "2/1/3"),
            pyai.InconsistentPositionError,
            "seat 0 is number 1 in round 1's order, so it started with 1 VP, not 2",
        ),
        (
            replaced(START, "vp", "5=1+2/2/3"),
            pyai.InconsistentPositionError,
            "seat 0's sources add up to 3, not its total of 5",
        ),
        (
            replaced(START, "vp", "3=1+0+0+0+0+0+2/2/3"),
            pyai.InconsistentPositionError,
            "seat 0 has cars-left VP, which are scored at the end of the game only",
        ),
        (replaced(START, "round", "5"), pyai.InconsistentPositionError, "round: the round must be 1 to 4, not 5"),
        (replaced(START, "step", "over"), pyai.InconsistentPositionError, "step:over comes after round 4"),
        ("round:1 step:order money:1/2/3", pyai.InconsistentPositionError, "so it takes no other field"),
        ("round:1 step:start order:0,1,2", pyai.TokenSyntaxError, "demands is needed"),
        (
            without(replaced(START, "step", "start"), "turn").split(" grid:")[0],
            pyai.InconsistentPositionError,
            "display: it shows 0 contracts, but the deck still has 26 to refill it",
        ),
        (replaced(START, "order", "0,1"), pyai.InconsistentPositionError, "order lists 2 seats; the game has 3"),
        (replaced(START, "order", "0,1,1"), pyai.InconsistentPositionError, "order lists seat 1 twice"),
        (
            replaced(START, "demands", "speed,speed,power,green,suitcase/suitcase,speed,speed,power,green"),
            pyai.InconsistentPositionError,
            "there are not that many speed demand tiles",
        ),
        (
            replaced(START, "demands", "speed,power,green,suitcase,safety/speed,power,green,suitcase,safety"),
            pyai.InconsistentPositionError,
            "in round 1 the two markets cannot be identical",
        ),
        (
            replaced(START, "money", "?/7/8"),
            pyai.InconsistentPositionError,
            "a position with unknowns is read as one seat sees it",
        ),
    ],
)
def test_impossible_or_malformed_positions_are_refused_by_name(text, error, message):
    with pytest.raises(error, match=re.escape(message)):
        GAME.from_position(text)


SELL_STATE = first_state(THREE, 4, lambda s: step_of(s) == "sell")


def test_refusals_in_the_sales_phase():
    text = SELL_STATE.position()
    fields = dict(word.split(":", 1) for word in text.split())
    offices = fields["office"].split("/")
    with pytest.raises(pyai.InconsistentPositionError, match="step:sell comes after every seat has withdrawn"):
        GAME.from_position(replaced(text, "office", "/".join(["-", *offices[1:]])))
    with pytest.raises(pyai.InconsistentPositionError, match="sales office 1 holds both"):
        GAME.from_position(replaced(text, "office", "1/1/" + offices[2]))
    with pytest.raises(pyai.InconsistentPositionError, match="offer: no car is on EU17"):
        GAME.from_position(replaced(text, "offer", "EU17"))
    with pytest.raises(pyai.InconsistentPositionError, match="cars are sold in the sales phase"):
        GAME.from_position(
            without(without(replaced(text, "step", "turn"), "offer"), "sold") + " turn:0 sold:-/city@NA1/-"
        )
    # The car offered belongs to a seat whose sales limit is reached, or passed.
    owner = SELL_STATE.to_move()
    seat = SELL_STATE.to_dict()["seats"][owner]
    in_factory = [car for car, count in seat["cars"].items() for _ in range(count)]
    limit = seat["sales_limit"]
    assert seat["sold_count"] == 0 and len(in_factory) > limit  # the first car offered
    for count, message in [
        (limit, "its sales limit is reached"),
        (limit + 1, f"but its sales office {seat['sales_office']}"),
    ]:
        sold = ["-"] * 3
        sold[owner] = ",".join(f"{car}@EU1" for car in in_factory[:count])
        with pytest.raises(pyai.InconsistentPositionError, match=re.escape(message)):
            GAME.from_position(without(text, "sold") + " sold:" + "/".join(sold))


def test_the_2_player_row_rule_and_the_sales_limit():
    two = pyai.load_game("automania(players=2)")
    state = first_state("automania(players=2)", 1, lambda s: step_of(s) == "sell")
    text = without(state.position(), "sold")
    with pytest.raises(pyai.InconsistentPositionError, match="with 2 players each row takes one car a round"):
        two.from_position(text + " sold:city@NA2/city@NA3")
    with pytest.raises(pyai.InconsistentPositionError, match="sales space NA2 holds both seat 0's car and seat 1's"):
        two.from_position(text + " sold:city@NA2/city@NA2")


def test_unknowns_in_a_view():
    view_text = replaced(replaced(START, "hidden", "S1/?/?"), "money", "6/?/3..9")
    view = GAME.view_from_position(view_text, 0)
    seats = view.to_dict()["seats"]
    assert [seat["hidden_contracts"] for seat in seats] == [0, 1, 1]  # the observer's own are named
    assert [seat["money_range"] for seat in seats] == [[6, 6], [0, 999], [3, 9]]
    assert view.position() == view_text
    with pytest.raises(pyai.InconsistentPositionError, match="seat 0 is the point of view, so its own money is known"):
        GAME.view_from_position(replaced(START, "money", "?/7/8"), 0)
    with pytest.raises(pyai.InconsistentPositionError, match="its own contracts is known"):
        GAME.view_from_position(replaced(START, "hidden", "?/S2/S3"), 0)
    with pytest.raises(pyai.InconsistentPositionError, match="seat 1's range 9..3 is empty"):
        GAME.view_from_position(replaced(START, "money", "6/9..3/8"), 0)
    # A whole position read as a view: the other seats' hidden cards are hidden.
    assert GAME.view_from_position(START, 1) == new_game().view(1)
