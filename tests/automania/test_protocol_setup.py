"""The engine's `setup` for Automania: money the pov seat did not track."""

import random

import pytest

import pyai
from pyai.protocol import Engine

GAME = "automania(players=3)"


def play_until(predicate, seed=5):
    """A random game's state at the first decision where `predicate` holds, after move 100."""
    state = pyai.load_game(GAME).new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while state.to_move() == "chance" or steps < 100 or not predicate(state):
        assert not state.is_terminal()
        if state.to_move() == "chance":
            state.apply(state.sample_chance(rng.getrandbits(64)))
        else:
            state.apply(rng.choice(state.legal_moves()))
        steps += 1
    return state


def money_range(engine, seat):
    line = next(line for line in engine.handle("show") if line.startswith(f"info string   seat {seat}: $"))
    return line.split("$", 1)[1].split(",", 1)[0]


def record(state, seat=0):
    return " ".join(state.view(seat).history())


def test_unknown_money_is_a_range_on_the_view_and_moves_with_what_the_seat_pays():
    # Seat 1 about to produce: the next moves pay for the car.
    state = play_until(lambda s: s.to_move() == 1 and any(m.startswith("place:") for m in s.legal_moves()))
    engine = Engine()
    assert engine.handle(f"position {GAME} pov 0 setup money 1 10..20 money 2 ? moves {record(state)}") == []
    assert money_range(engine, 1) == "? (10..20)" and money_range(engine, 2) == "? (0..999)"
    before = state.to_dict()["seats"][1]["money"]
    played = 0
    while state.to_dict()["seats"][1]["money"] == before:
        token = state.legal_moves()[0] if state.to_move() != "chance" else state.sample_chance(1)
        state.apply(token)
        assert engine.handle(f"play {state.view(0).history()[-1]}") == []
        played += 1
    shift = state.to_dict()["seats"][1]["money"] - before
    assert money_range(engine, 1) == f"? ({max(0, 10 + shift)}..{20 + shift})"
    assert engine.handle(f"undo {played}") == []  # back where the range was given
    assert money_range(engine, 1) == "? (10..20)"


def test_a_seat_whose_money_is_unknown_has_no_listed_moves_and_no_score():
    state = play_until(lambda s: s.to_move() == 1)
    engine = Engine()
    assert engine.handle(f"position {GAME} pov 0 setup money 1 ? moves {record(state)}") == []
    answer = engine.handle("legal")
    assert answer[0].startswith("error inconsistent seat 1's legal moves depend on its money"), answer
    exact = state.to_dict()["seats"][1]["money"]
    assert engine.handle(f"position {GAME} pov 0 setup money 1 {exact} moves {record(state)}") == []
    assert engine.handle("legal") == ["legal " + " ".join(state.legal_moves())]


@pytest.mark.parametrize(
    "setup, message",
    [
        ("money 0 ?", "seat 0 is the pov seat"),
        ("money 1 x", "money must be a whole number 0..999, not 'x'"),
        ("money 1 5..3", "the money range '5..3' is empty"),
        ("cash 1 5", "unknown fact 'cash'"),
        ("money 1 5 money 1 6", "seat 1's money is given twice"),
        ("money 7 5", "a seat must be a whole number 0..2, not '7'"),
        ("money 1", "expected `money <seat> <amount>` triples"),
    ],
)
def test_a_bad_setup_is_refused_naming_the_fact(setup, message):
    state = play_until(lambda s: s.to_move() == 0)
    engine = Engine()
    answer = engine.handle(f"position {GAME} pov 0 setup {setup} moves {record(state)}")
    assert answer[0].startswith("error bad-value setup: ") and message in answer[0], answer
    assert engine.handle("query turn")[0].startswith("error no-position")  # nothing was half-applied


def test_the_search_reads_the_range_not_the_record():
    # Same record, different beliefs about seat 2's money: the search differs;
    # the same belief: the same search.
    state = play_until(lambda s: s.to_move() == 0 and len(s.legal_moves()) > 3)
    view = state.view(0)
    rich = view.clone().forget_money(2, 60, 80)
    poor = view.clone().forget_money(2, 0, 1)
    settings = {"iterations": 3000, "seed": 1}
    assert pyai.analyse(rich, **settings).moves == pyai.analyse(view.clone().forget_money(2, 60, 80), **settings).moves
    assert pyai.analyse(rich, **settings).moves != pyai.analyse(poor, **settings).moves


def test_another_seats_contract_choices_are_not_told_from_a_hand_the_pov_seat_has_not_seen():
    # Seat 1 at its contract step, holding contracts seat 0 never saw (its starting one at least).
    state = play_until(
        lambda s: (
            s.to_move() == 1
            and s.to_dict()["step"] == "contract"
            and s.view(0).to_dict()["seats"][1]["hidden_contracts"] > 0
        )
    )
    engine = Engine()
    assert engine.handle(f"position {GAME} pov 0 moves {record(state)}") == []
    line = engine.handle("legal")[0]
    assert line.startswith("error inconsistent seat 1's legal moves depend on the contracts in its hand")
    # The same seat's own engine knows its hand, and so does a position without a pov seat.
    assert engine.handle(f"position {GAME} pov 1 moves {record(state, 1)}") == []
    assert engine.handle("legal") == ["legal " + " ".join(state.legal_moves())]
    assert engine.handle(f"position {GAME} moves {' '.join(state.history())}") == []
    assert engine.handle("legal") == ["legal " + " ".join(state.legal_moves())]
